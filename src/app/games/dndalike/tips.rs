//! The tooltips of DnDalike's panels: for each action, each mark of a character's card (action
//! dice, armour class, fatigue, wounds, damage, spell stones) and each class power, the sentence
//! of the rule text (`dndalike.txt`) it stands for, quoted verbatim, and a short line of what
//! the program does with it. One table, keyed by [`Tip`]; the panels ask it through
//! [`Tip::text`].

use crate::rules::dndalike::{Ability, Command, DieKind, Power};

/// A part of DnDalike's panels that a tooltip explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tip {
    // The actions.
    Move,
    Dodge,
    Jab,
    Finish,
    Block,
    Trip,
    Riposte,
    Exert,
    Draw,
    Cast,
    Merge,
    DmChooses,
    Empowered,
    Pass,
    EndTurn,
    Rest,
    Backlash,
    // The card's marks.
    ArmourClass,
    RaisedAc,
    MovementDie,
    AttackDie,
    ShieldDie,
    SpentDie,
    Fatigue,
    Wounds,
    HiddenDamage,
    LesserWounds,
    Health,
    Dead,
    OnStack,
    SpellStones,
    ActiveParty,
    HitChance,
    // The class powers.
    PowerExert,
    PowerSpell,
    PowerPowerful,
    PowerTumble,
    PowerSkilled,
    PowerLucky,
    PowerTrip,
    PowerHeavyHitter,
    PowerRiposte,
}

impl Tip {
    pub const ALL: [Tip; 42] = [
        Tip::Move,
        Tip::Dodge,
        Tip::Jab,
        Tip::Finish,
        Tip::Block,
        Tip::Trip,
        Tip::Riposte,
        Tip::Exert,
        Tip::Draw,
        Tip::Cast,
        Tip::Merge,
        Tip::DmChooses,
        Tip::Empowered,
        Tip::Pass,
        Tip::EndTurn,
        Tip::Rest,
        Tip::Backlash,
        Tip::ArmourClass,
        Tip::RaisedAc,
        Tip::MovementDie,
        Tip::AttackDie,
        Tip::ShieldDie,
        Tip::SpentDie,
        Tip::Fatigue,
        Tip::Wounds,
        Tip::HiddenDamage,
        Tip::LesserWounds,
        Tip::Health,
        Tip::Dead,
        Tip::OnStack,
        Tip::SpellStones,
        Tip::ActiveParty,
        Tip::HitChance,
        Tip::PowerExert,
        Tip::PowerSpell,
        Tip::PowerPowerful,
        Tip::PowerTumble,
        Tip::PowerSkilled,
        Tip::PowerLucky,
        Tip::PowerTrip,
        Tip::PowerHeavyHitter,
        Tip::PowerRiposte,
    ];

    /// The sentence of `dndalike.txt`, verbatim, and what the program does with it ("" if the
    /// sentence says it all).
    pub fn rule(self) -> (&'static str, &'static str) {
        match self {
            Tip::Move => (
                "M: Raise your AC to M until the end of the turn then move your movement rate.",
                "Slow: on its own party's turn only. The ring on the table is the movement rate.",
            ),
            Tip::Dodge => (
                "F, M: Raise your AC to M until the end of the turn.",
                "Quick: also in answer to the stack.",
            ),
            Tip::Jab => ("A: On a hit the target takes a wound.", ""),
            Tip::Finish => (
                "A: On a hit the target suffers a finishing blow.",
                "The target's damage total is revealed: at least its health, it dies.",
            ),
            Tip::Block => (
                "Cancel a melee attack with a target within melee range and an A of S or less.",
                "Quick, with a shield's S die.",
            ),
            Tip::Trip => ("A: On a hit, cancel target movement ability.", "Quick."),
            Tip::Riposte => (
                "A: On a hit, cancel target melee attack that has an A equal to or less than your A.",
                "Quick.",
            ),
            Tip::Exert => ("F: Regain a lost action die.", "Quick."),
            Tip::Draw => (
                "M, M: Draw a spell stone at random from your bag and place it in your discard pile.",
                "",
            ),
            Tip::Cast => (
                "O, M: Cast a spell of level O or less.",
                "The casting save and its chance are beside each spell.",
            ),
            Tip::Merge => (
                "Instead of placing an attack action on the stack, you may instead choose to merge that attack with another character’s stacked movement action, stating at which point during the move you would like your attack to take over.",
                "The attack takes over where the mover comes within reach.",
            ),
            Tip::DmChooses => (
                "The character may forgo the fatigue and the saving throw to just let the DM choose.",
                "The program picks the target in the melee at random.",
            ),
            Tip::Empowered => (
                "you may spend spell stones as if they were action dice of any type.",
                "Powerful: the stone counts as a natural 6, with a casting save.",
            ),
            Tip::Pass => (
                "When all players decline to do anything, the top ability on the stack will resolve.",
                "",
            ),
            Tip::EndTurn => (
                "At the end of the turn first all end of turn effects are resolved, and then the active party’s action dice are replenished.",
                "",
            ),
            Tip::Rest => (
                "Resting characters remove all fatigue, regain all spell stones and removes one wound.",
                "",
            ),
            Tip::Backlash => (
                "If the saving throw fails they must either choose to gain a fatigue or lose all spell stones in their active pool and their discard pile.",
                "",
            ),
            Tip::ArmourClass => (
                "Unless another condition for success is stated, either kind of attack is successful if the attack’s attack die is equal to or greater than the target’s armour class at resolution.",
                "",
            ),
            Tip::RaisedAc => (
                "Raise your AC to M until the end of the turn.",
                "Raised by a Move or a Dodge: the M die rolled.",
            ),
            Tip::MovementDie => ("Movement Dice (M): Spent to move or to dodge.", ""),
            Tip::AttackDie => (
                "Attack Dice (A): Spent to attack or to trip another character",
                "",
            ),
            Tip::ShieldDie => (
                "Shield Dice (S): defending yourself or others from attacks.",
                "",
            ),
            Tip::SpentDie => (
                "A character’s pool of action dice is refreshed at the end of their party’s round.",
                "The number is the roll it was spent on.",
            ),
            Tip::Fatigue => (
                "You may only voluntarily gain fatigue up to your fatigue maximum, although external forces can force you to gain fatigue beyond this limit.",
                "The maximum is the Wisdom modifier + 6; a saving throw needs at least the fatigue.",
            ),
            Tip::Wounds => (
                "When a character receives one or more wounds, their controller adds d6 points of damage in secret to their total damage for each wound suffered.",
                "",
            ),
            Tip::HiddenDamage => (
                "This total is hidden and cannot be revealed.",
                "Only its own player sees it, until a finishing blow.",
            ),
            Tip::LesserWounds => (
                "Instead, openly keep track of how many wounds they have suffered.",
                "A minion: its wounds are rolled as damage at each finishing blow.",
            ),
            Tip::Health => (
                "When a character suffers a finishing blow they must reveal their damage total.",
                "At least its health, it dies; damage alone never kills.",
            ),
            Tip::Dead => (
                "If a character dies with abilities on the stack then all of their abilities are immediately canceled.",
                "",
            ),
            Tip::OnStack => (
                "The ability does not resolve immediately.",
                "Answers go on top; the top resolves first.",
            ),
            Tip::SpellStones => (
                "Sorcerers can spend these stones in order to use magic, and gain access to the Cast A Spell ability.",
                "The pool, the bag (drawn at random), the spent and the lost stones.",
            ),
            Tip::ActiveParty => (
                "In combat each party takes their turn separately.",
                "The party marked with the arrow is taking its turn.",
            ),
            Tip::HitChance => (
                "Any attack roll of a natural 6 is an automatic hit.",
                "The chance counts the STR bonus and the natural 1 and 6, before any Dodge.",
            ),
            Tip::PowerExert => ("Exert - gain the Exert ability.", ""),
            Tip::PowerSpell => (
                "Spell - gain access to a new spell each time you choose this ability.",
                "",
            ),
            Tip::PowerPowerful => (
                "you may spend spell stones as if they were action dice of any type.",
                "",
            ),
            Tip::PowerTumble => (
                "Tumble - you may gain fatigue to perform slow Movement Actions as if they were quick actions.",
                "",
            ),
            Tip::PowerSkilled => ("Skilled - gain a rank in any one Skill.", ""),
            Tip::PowerLucky => ("Lucky - You have advantage on all saving throws", ""),
            Tip::PowerTrip => ("Trip - gain the Trip ability.", ""),
            Tip::PowerHeavyHitter => (
                "Heavy Hitter - Each attack (successful or not) forces the target to gain a fatigue.",
                "",
            ),
            Tip::PowerRiposte => ("Riposte - Gain the Riposte ability", ""),
        }
    }

    /// The rule alone in quotation marks, one line (a tooltip that lists several rules).
    pub fn quoted(self) -> String {
        crate::app::ui_kit::rule_tip::quoted(self.rule().0)
    }

    /// The tooltip: the rule in quotation marks, then what the program does with it.
    pub fn text(self) -> String {
        crate::app::ui_kit::rule_tip::text(self.rule())
    }

    /// The tip of an ability.
    pub fn of_ability(a: &Ability) -> Tip {
        match a {
            Ability::Move { .. } => Tip::Move,
            Ability::Dodge => Tip::Dodge,
            Ability::Jab { .. } => Tip::Jab,
            Ability::Finish { .. } => Tip::Finish,
            Ability::Block { .. } | Ability::BlockMerged { .. } => Tip::Block,
            Ability::Trip { .. } => Tip::Trip,
            Ability::Riposte { .. } => Tip::Riposte,
            Ability::Exert { .. } => Tip::Exert,
            Ability::Draw => Tip::Draw,
            Ability::Cast { .. } => Tip::Cast,
        }
    }

    /// The tip of a command's button (going on without a rest has none).
    pub fn of_command(c: &Command) -> Option<Tip> {
        Some(match c {
            Command::Act { ability, .. } => Tip::of_ability(ability),
            Command::Empowered { .. } | Command::EmpoweredMerge { .. } => Tip::Empowered,
            Command::DmChooses { .. } => Tip::DmChooses,
            Command::Backlash { .. } => Tip::Backlash,
            Command::Merge { .. } => Tip::Merge,
            Command::Pass => Tip::Pass,
            Command::EndTurn => Tip::EndTurn,
            Command::Rest { .. } => Tip::Rest,
            Command::Onward => return None,
        })
    }

    /// The tip of an action die's kind.
    pub fn of_die(k: DieKind) -> Tip {
        match k {
            DieKind::Movement => Tip::MovementDie,
            DieKind::Attack => Tip::AttackDie,
            DieKind::Shield => Tip::ShieldDie,
        }
    }

    /// The tip of a class power.
    pub fn of_power(p: Power) -> Tip {
        match p {
            Power::Exert => Tip::PowerExert,
            Power::Spell => Tip::PowerSpell,
            Power::Powerful => Tip::PowerPowerful,
            Power::Tumble => Tip::PowerTumble,
            Power::Skilled => Tip::PowerSkilled,
            Power::Lucky => Tip::PowerLucky,
            Power::Trip => Tip::PowerTrip,
            Power::HeavyHitter => Tip::PowerHeavyHitter,
            Power::Riposte => Tip::PowerRiposte,
        }
    }
}
