//! The tooltips of Krig's actions: for each button of a turn and of the parry prompt, the
//! sentence of the rule text (`krig.txt`) it stands for, quoted verbatim, and a short line of
//! what the program does with it. One table, keyed by [`Tip`].

/// A part of Krig's panels that a tooltip explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tip {
    Initiative,
    Attack,
    ChargeAttack,
    Defend,
    Charge,
    MustAttack,
    Parry,
    TakeBlow,
}

impl Tip {
    pub const ALL: [Tip; 8] = [
        Tip::Initiative,
        Tip::Attack,
        Tip::ChargeAttack,
        Tip::Defend,
        Tip::Charge,
        Tip::MustAttack,
        Tip::Parry,
        Tip::TakeBlow,
    ];

    /// The sentence of `krig.txt`, verbatim, and what the program does with it ("" if the
    /// sentence says it all).
    pub fn rule(self) -> (&'static str, &'static str) {
        match self {
            Tip::Initiative => (
                "The player with the highest roll gets to go first.",
                "A tie rolls again.",
            ),
            Tip::Attack => (
                "To attack, the player rolls both their D6 and D10 together.",
                "D10: 1 misses, 10 is a critical hit that no defence or parry stops.",
            ),
            Tip::ChargeAttack => (
                "On their next turn, they will be able to attack with both their D6 Attack and D8 Defense.",
                "",
            ),
            Tip::Defend => (
                "To do so, the player rolls their D8 and places the die next to their D20 with the result showing face up.",
                "Damage comes off the d8 first, until it reaches zero.",
            ),
            Tip::Charge => (
                "When a player charges, they simply pick up the D10 Agility die and place it on the Charge location.",
                "Next turn: attack with d6 + d8; the defence is lost and no parry meanwhile.",
            ),
            Tip::MustAttack => (
                "If a player charges, they must attack on their next turn.",
                "",
            ),
            Tip::Parry => (
                "If their roll is equal to or more than the attacker’s D6 roll, the parry is successful.",
                "",
            ),
            Tip::TakeBlow => (
                "After being attacked but before the damage is taken, the player being attacked can choose to parry.",
                "Not parrying: the blow lands, then your turn as usual.",
            ),
        }
    }

    /// The tooltip: the rule in quotation marks, then what the program does with it.
    pub fn text(self) -> String {
        crate::app::ui_kit::rule_tip::text(self.rule())
    }
}
