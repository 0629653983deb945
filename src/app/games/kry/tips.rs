//! The tooltips of Kry-Gothic's panels: for each stat, move, order, fire mode, close-combat attack
//! and defence, status marker, AP bar and bar button, the sentence of the rule text
//! (`kry-gothic.txt`) it stands for, quoted verbatim, and a short line of what the program does
//! with it. One table, keyed by [`Tip`]; the panels ask it through [`Tip::text`].

use crate::rules::kry::close::{AttackType, Defence};
use crate::rules::kry::command::MoveKind;
use crate::rules::kry::ranged::FireMode;

/// A part of Kry-Gothic's panels that a tooltip explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tip {
    // The profile and wargear.
    Speed,
    Strength,
    Body,
    Mind,
    Willpower,
    Cc,
    Rc,
    Wounds,
    Armour,
    CcWeapon,
    RangedWeapon,
    // Moves.
    NormalMove,
    Run,
    SmallStep,
    ForcedMove,
    Turning,
    Terrain,
    // Orders.
    Wait,
    Unpin,
    StandUp,
    DigOut,
    Sabotage,
    Snap,
    SnapAtTwo,
    Standard,
    Aimed,
    Suppressive,
    Charge,
    // Close-combat attacks.
    Weapon,
    LegSweep,
    HeadButt,
    Tackle,
    Shove,
    Punch,
    Kick,
    Bunt,
    PointBlank,
    // Defences.
    Passive,
    Active,
    Parry,
    Deflect,
    Dodge,
    BreakOff,
    Block,
    CounterAttack,
    // Status markers.
    PinnedHit,
    PinnedMissed,
    Waiting,
    Down,
    Sprinting,
    Stuck,
    OutOfBreath,
    Afraid,
    HeldBack,
    Out,
    InCombo,
    // The AP bars and the bar's buttons.
    ApBar,
    ApRound,
    Done,
    Interrupt,
    Pass,
    FaceOff,
    BuildCombo,
    CancelCombo,
    CancelUnit,
}

impl Tip {
    pub const ALL: [Tip; 65] = [
        Tip::Speed,
        Tip::Strength,
        Tip::Body,
        Tip::Mind,
        Tip::Willpower,
        Tip::Cc,
        Tip::Rc,
        Tip::Wounds,
        Tip::Armour,
        Tip::CcWeapon,
        Tip::RangedWeapon,
        Tip::NormalMove,
        Tip::Run,
        Tip::SmallStep,
        Tip::ForcedMove,
        Tip::Turning,
        Tip::Terrain,
        Tip::Wait,
        Tip::Unpin,
        Tip::StandUp,
        Tip::DigOut,
        Tip::Sabotage,
        Tip::Snap,
        Tip::SnapAtTwo,
        Tip::Standard,
        Tip::Aimed,
        Tip::Suppressive,
        Tip::Charge,
        Tip::Weapon,
        Tip::LegSweep,
        Tip::HeadButt,
        Tip::Tackle,
        Tip::Shove,
        Tip::Punch,
        Tip::Kick,
        Tip::Bunt,
        Tip::PointBlank,
        Tip::Passive,
        Tip::Active,
        Tip::Parry,
        Tip::Deflect,
        Tip::Dodge,
        Tip::BreakOff,
        Tip::Block,
        Tip::CounterAttack,
        Tip::PinnedHit,
        Tip::PinnedMissed,
        Tip::Waiting,
        Tip::Down,
        Tip::Sprinting,
        Tip::Stuck,
        Tip::OutOfBreath,
        Tip::Afraid,
        Tip::HeldBack,
        Tip::Out,
        Tip::InCombo,
        Tip::ApBar,
        Tip::ApRound,
        Tip::Done,
        Tip::Interrupt,
        Tip::Pass,
        Tip::FaceOff,
        Tip::BuildCombo,
        Tip::CancelCombo,
        Tip::CancelUnit,
    ];

    /// The profile's columns as the card heads them, with their tips.
    pub const PROFILE: [(&'static str, Tip); 7] = [
        ("Sp", Tip::Speed),
        ("Str", Tip::Strength),
        ("Bod", Tip::Body),
        ("Mnd", Tip::Mind),
        ("Will", Tip::Willpower),
        ("CC", Tip::Cc),
        ("RC", Tip::Rc),
    ];

    /// The sentence of `kry-gothic.txt`, verbatim, and what the program does with it ("" if
    /// the sentence says it all).
    pub fn rule(self) -> (&'static str, &'static str) {
        match self {
            Tip::Speed => (
                "The speed stat shows how far, in inches, for the cost of that 2AP, the unit can move.",
                "In brackets: the profile's, when armour or running changed it.",
            ),
            Tip::Strength => (
                "This is a measure of the raw striking power a unit contains.",
                "",
            ),
            Tip::Body => (
                "Any hits that exceed this attribute are counted as a wound (although this is discussed later, most units can only take 2 wounds).",
                "In brackets: the profile's, before armour and running.",
            ),
            Tip::Mind => (
                "This is a general description of the intelligence of the unit.",
                "",
            ),
            Tip::Willpower => (
                "When units are called on to pass tests such as situation with fear or panic, this attribute will be used.",
                "Pinning and fear tests roll it.",
            ),
            Tip::Cc => (
                "A model’s CC indicates how proficient he/she/it is in the art of close combat and hand-to-hand fighting.",
                "X: no close combat.",
            ),
            Tip::Rc => (
                "RC is the ability of a model to use ranged weaponry effectively.",
                "X: no ranged combat.",
            ),
            Tip::Wounds => (
                "Any hits that exceed this attribute are counted as a wound (although this is discussed later, most units can only take 2 wounds).",
                "The model is out of the fight when none is left.",
            ),
            Tip::Armour => (
                "As models pile on pieces of armor, their armor score increases.",
                "Added to Body against wounds.",
            ),
            Tip::CcWeapon => (
                "The stats shown are added or subtracted from your character when a cc/str (explained later on) roll is made.",
                "",
            ),
            Tip::RangedWeapon => (
                "Roll the amount of dice as in your RC skill, keeping a maximum number of dice that pass the to-hit roll as per the number to the left of the K in your weapons stats.",
                "SR / LR: short and long range.",
            ),
            Tip::NormalMove => (
                "The model may move up to its Speed characteristic (Sp) in inches.",
                "2 AP, terrain extra.",
            ),
            Tip::Run => (
                "The unit is allowed to move double its Speed stat for 1 AP, but the units Body drops by 1 each time this is used.",
                "",
            ),
            Tip::SmallStep => (
                "If a unit moves less than 1 inch, there is no AP cost.",
                "Before the unit's other actions, and not followed by another move.",
            ),
            Tip::ForcedMove => ("Any forced movement incurs no cost.", ""),
            Tip::Turning => (
                "Turning is free of charge.",
                "Q / E turn the selected model.",
            ),
            Tip::Terrain => (
                "Additional 1 AP per movement.",
                "Difficult terrain +1 AP, very difficult +2 AP; the drag shows the cost.",
            ),
            Tip::Wait => (
                "It costs one AP for a unit to go into waiting, in which it is not allowed to perform ANY actions.",
                "It may then interrupt a combo between different actions.",
            ),
            Tip::Unpin => (
                "To get the unit unpinned, you can spend a single AP to re-roll the WILL roll in an attempt to get the unit on its feet.",
                "",
            ),
            Tip::StandUp => ("1AP must be spent to stand back up.", ""),
            Tip::DigOut => (
                "the unit becomes stuck until D6/2 rounded down (so a roll of 6 becomes 3, a roll of 5 becomes 2) AP’s are spent on that unit to remove him from the hole.",
                "One AP of those it takes.",
            ),
            Tip::Sabotage => (
                "in one scenario the attacking force must destroy 3 locations on the playing field",
                "Breach: an attacker within 1\" destroys the location (2 AP).",
            ),
            Tip::Snap => (
                "Snap Shot: -2 to RC Stat, but two attacks for base AP cost can be performed",
                "Then click the target: the distance is measured after the shot is called.",
            ),
            Tip::SnapAtTwo => (
                "Snap Shot: -2 to RC Stat, but two attacks for base AP cost can be performed",
                "The two attacks at two targets: click the first, then the second.",
            ),
            Tip::Standard => (
                "Standard Shot: No additional charge",
                "Then click the target: a shot out of range is lost.",
            ),
            Tip::Aimed => (
                "Aimed Shot: +2 to RC stat, but the player must spend 2 extra AP.",
                "Then click the target.",
            ),
            Tip::Suppressive => (
                "When using suppressive fire, the attacking unit can increase their RC attribute by 2 points.",
                "Then click the target: no wound roll but on a critical hit.",
            ),
            Tip::Charge => (
                "Models which are charging move at their normal movement distance PLUS their BOD stat.",
                "Then click the enemy: +2 CC in the first round.",
            ),
            Tip::Weapon => ("Use CC weapon: Use a weapon specifically taken for CC.", ""),
            Tip::LegSweep => (
                "Leg sweep: opponent cannot use break off maneuver, and must spend 1 AP getting up.",
                "",
            ),
            Tip::HeadButt => ("Head butt: Opponent –1 Body.", ""),
            Tip::Tackle => (
                "Tackle: both combatants move Strength + passed to hit dice.",
                "",
            ),
            Tip::Shove => ("Shove: +2 CC. Causes no wounds.", ""),
            Tip::Punch => ("Punch: +1 Strength", ""),
            Tip::Kick => ("Kick: +1 CC stat.", ""),
            Tip::Bunt => (
                "Bunt: Using a ranged weapon as a club, you smack it into the enemy.",
                "",
            ),
            Tip::PointBlank => (
                "Point blank shot: Using your ranged weapon (if available), you shoot the opponent at point blank range.",
                "",
            ),
            Tip::Passive => (
                "Passive defense: The defender rolls to reduce the power of the hit.",
                "Free.",
            ),
            Tip::Active => (
                "Active defense: The defender actively attempts to avoid the power of the hit, plus he gets extra bonuses depending on the type of active defense chosen.",
                "1 AP; the type is chosen after the attack rolls.",
            ),
            Tip::Parry => (
                "Parry: Add your close combat weapons stat before the K to your CC roll.",
                "",
            ),
            Tip::Deflect => (
                "Deflect: Using a ranged weapon to block, you get +2 to your CC.",
                "",
            ),
            Tip::Dodge => ("Dodge: Add +2 to your speed stat for avoiding the hit.", ""),
            Tip::BreakOff => (
                "Break off: If the attacker misses in their attempt to hit you, you can remove yourself from combat, moving your Sp stat away from them.",
                "",
            ),
            Tip::Block => (
                "Block: You can use your Str stat instead of Speed for blocking.",
                "",
            ),
            Tip::CounterAttack => (
                "Counter attack: Roll to dodge as normal, but do not take any of the attackers dice away.",
                "",
            ),
            Tip::PinnedHit => (
                "If the unit fails the roll, the unit is pinned and cannot move except for opposite direction they are being fired on.",
                "",
            ),
            Tip::PinnedMissed => (
                "If the unit fails the roll, it becomes pinned. The unit cannot move, but it can still fire as normal.",
                "",
            ),
            Tip::Waiting => (
                "This means that the unit can perform one action DURING the enemies order combo.",
                "",
            ),
            Tip::Down => (
                "1AP must be spent to stand back up.",
                "Knocked down (a lasso or a leg sweep).",
            ),
            Tip::Sprinting => (
                "The target is sprinting - +1 to-hit",
                "It ran this AP round.",
            ),
            Tip::Stuck => (
                "the unit becomes stuck until D6/2 rounded down (so a roll of 6 becomes 3, a roll of 5 becomes 2) AP’s are spent on that unit to remove him from the hole.",
                "",
            ),
            Tip::OutOfBreath => (
                "At the start of each AP round, the unit receives +1 BOD back",
                "",
            ),
            Tip::Afraid => (
                "If attacked in close combat by a fear causing model: Willpower roll against 6. If unit fails, halve his CC stat for first round.",
                "",
            ),
            Tip::HeldBack => (
                "End of AP round 3 - Squad leader arrives",
                "The scenario holds the model back until its round.",
            ),
            Tip::Out => (
                "Most human like models can only be shot once or twice before hitting the ground",
                "Out of the fight: no wounds left.",
            ),
            Tip::InCombo => (
                "An order combo can be loosely defined as anything that has to be said with the word “AND”.",
                "The model has steps in the combo under way.",
            ),
            Tip::ApBar => (
                "Take the highest roll and add it to your teams Tactics Rating. This is how many points AP you receive.",
                "The bar: AP left of the round's roll, and spent.",
            ),
            Tip::ApRound => (
                "After both players have spent all their AP’s, it is the end of the AP round.",
                "",
            ),
            Tip::Done => (
                "If one player wishes to make no more moves, but still has AP left over (tip: Use it to put units into waiting), they can declare they are done for the round.",
                "",
            ),
            Tip::Interrupt => (
                "If the current action is the SAME as the previous action, then the unit is treated as performing two separate sets of actions and can be interrupted by the opposing player",
                "Claims the next interrupt window for this side (or the open one).",
            ),
            Tip::Pass => (
                "Either player can pull out and let the other player perform their action, as long as it is BEFORE the players call their action.",
                "Lets the window go: the order goes on.",
            ),
            Tip::FaceOff => (
                "In the case that both players want to do something at the same time, or there is an argument about who said an order first, it is called a face-off.",
                "Each side names its action in secret.",
            ),
            Tip::BuildCombo => (
                "If the player wants to, they can link as many orders together as they want, instead of saying them one by one and hoping the other player doesn’t interrupt.",
                "Queued orders are paid in advance when given.",
            ),
            Tip::CancelCombo => (
                "To keep the other player on his toes, a player may cancel an order combo at any time.",
                "",
            ),
            Tip::CancelUnit => (
                "So if the squad leader tells one unit to cancel the order, it cost one AP.",
                "Its steps still to come are dropped; the others carry on.",
            ),
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

    pub fn of_move(k: MoveKind) -> Tip {
        match k {
            MoveKind::Normal => Tip::NormalMove,
            MoveKind::Run => Tip::Run,
            MoveKind::SmallStep => Tip::SmallStep,
            MoveKind::Forced => Tip::ForcedMove,
        }
    }

    pub fn of_fire_mode(m: FireMode) -> Tip {
        match m {
            FireMode::Snap => Tip::Snap,
            FireMode::Standard => Tip::Standard,
            FireMode::Aimed => Tip::Aimed,
            FireMode::Suppressive => Tip::Suppressive,
        }
    }

    pub fn of_attack(a: AttackType) -> Tip {
        match a {
            AttackType::Weapon => Tip::Weapon,
            AttackType::LegSweep => Tip::LegSweep,
            AttackType::HeadButt => Tip::HeadButt,
            AttackType::Tackle => Tip::Tackle,
            AttackType::Shove => Tip::Shove,
            AttackType::Punch => Tip::Punch,
            AttackType::Kick => Tip::Kick,
            AttackType::Bunt => Tip::Bunt,
            AttackType::PointBlank => Tip::PointBlank,
        }
    }

    pub fn of_defence(d: Defence) -> Tip {
        match d {
            Defence::Passive => Tip::Passive,
            Defence::Parry => Tip::Parry,
            Defence::Deflect => Tip::Deflect,
            Defence::Dodge => Tip::Dodge,
            Defence::BreakOff => Tip::BreakOff,
            Defence::Block => Tip::Block,
            Defence::CounterAttack => Tip::CounterAttack,
        }
    }

    /// The tip of a marker word the panels show (`rules::kry::state::conditions` and the
    /// side panel's own).
    pub fn of_marker(word: &str) -> Option<Tip> {
        Some(match word {
            "pinned" => Tip::PinnedHit,
            "down" => Tip::Down,
            "waiting" => Tip::Waiting,
            "sprinting" => Tip::Sprinting,
            "out" => Tip::Out,
            "afraid" => Tip::Afraid,
            "stuck" => Tip::Stuck,
            "combo" => Tip::InCombo,
            w if w.ends_with("wound(s)") => Tip::Wounds,
            _ => return None,
        })
    }
}
