//! The tooltips of KtOG's panels: for each spell, action, marker and the hit points on the game
//! sheet, the sentence of the rule text (`ktog.txt`) it stands for, quoted verbatim, and a short
//! line of what the program does with it. One table, keyed by [`Tip`].

/// A part of KtOG's panels that a tooltip explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tip {
    HitPoints,
    Spells,
    Haste,
    HasteForWeapon,
    Cure,
    Bless,
    MightyBlow,
    Dodge,
    Initiative,
    Attack,
    Disarm,
    Scramble,
    BareHanded,
    Unconscious,
    Disarmed,
    OneSpell,
    BlessInEffect,
    TakeIt,
    PlainDamage,
}

impl Tip {
    pub const ALL: [Tip; 19] = [
        Tip::HitPoints,
        Tip::Spells,
        Tip::Haste,
        Tip::HasteForWeapon,
        Tip::Cure,
        Tip::Bless,
        Tip::MightyBlow,
        Tip::Dodge,
        Tip::Initiative,
        Tip::Attack,
        Tip::Disarm,
        Tip::Scramble,
        Tip::BareHanded,
        Tip::Unconscious,
        Tip::Disarmed,
        Tip::OneSpell,
        Tip::BlessInEffect,
        Tip::TakeIt,
        Tip::PlainDamage,
    ];

    /// The sentence of `ktog.txt`, verbatim, and what the program does with it ("" if the
    /// sentence says it all).
    pub fn rule(self) -> (&'static str, &'static str) {
        match self {
            Tip::HitPoints => (
                "When a player is reduced to 0 ‘Hit Points’, the player is unconscious.",
                "",
            ),
            Tip::Spells => (
                "Once a spell is cast, it is lost or “spent”.",
                "Struck through: spent.",
            ),
            Tip::Haste => (
                "Haste allows a player to roll twice “to hit” that round (consecutively).",
                "",
            ),
            Tip::HasteForWeapon => (
                "A player may opt to use a ‘Haste’ spell (if available) in his turn to pick up his weapon.",
                "",
            ),
            Tip::Cure => (
                "Cure Spell (one) – heals 2-10 points of damage.",
                "In place of an attack; another player may be cured.",
            ),
            Tip::Bless => (
                "Bless Spell (one) – increases your chance to hit by reducing the number required to hit by 2.",
                "Also -1 to the number needed to disarm, this turn.",
            ),
            Tip::MightyBlow => (
                "you may opt to use a ‘mighty blow’ which then multiplies the damage rolled (on d6) by 2.",
                "",
            ),
            Tip::Dodge => (
                "Any damage that would have been incurred is nullified by the use of the ‘Dodge’.",
                "",
            ),
            Tip::Initiative => (
                "A 6 sided die (d6) is rolled to determine initiative, with highest number going first and then around to the left of the winner.",
                "The die is a game option (d6 or d10); ties roll again.",
            ),
            Tip::Attack => (
                "A 14 or higher is necessary to hit.",
                "Then d6 damage; a natural 20 is a critical hit (2d6).",
            ),
            Tip::Disarm => (
                "This is accomplished only when a player states the attempt and then rolls a 17 or higher (or a 16 when using a Bless).",
                "",
            ),
            Tip::Scramble => (
                "Players are always disarmed for at least two full rounds (everyone goes twice) before they can regain their weapon.",
                "A turn spent scrambling for the weapon.",
            ),
            Tip::BareHanded => (
                "A disarmed player may fight bare handed with a -1 penalty ‘to hit’ and -2 to damage scored.",
                "",
            ),
            Tip::Unconscious => (
                "When a player is reduced to 0 ‘Hit Points’, the player is unconscious.",
                "",
            ),
            Tip::Disarmed => (
                "During this time, all players who choose to attack the disarmed player do so at a +2.",
                "",
            ),
            Tip::OneSpell => (
                "Only one spell can be cast in a round (no spell can be cast in conjunction with another).",
                "",
            ),
            Tip::BlessInEffect => (
                "Bless Spell (one) – increases your chance to hit by reducing the number required to hit by 2.",
                "",
            ),
            Tip::TakeIt => (
                "When you have been successfully hit, you may opt to ‘Dodge’ in certain instances.",
                "Keeps the Dodge for later: the damage is rolled.",
            ),
            Tip::PlainDamage => (
                "If a hit is scored, roll d6 for damage.",
                "No Mighty Blow: the spell is kept.",
            ),
        }
    }

    /// The rule alone in quotation marks.
    pub fn quoted(self) -> String {
        crate::app::ui_kit::rule_tip::quoted(self.rule().0)
    }

    /// The tooltip: the rule in quotation marks, then what the program does with it.
    pub fn text(self) -> String {
        crate::app::ui_kit::rule_tip::text(self.rule())
    }
}
