//! The tooltips of KOG light's panels: for each move, action, stat and status marker the card,
//! the forces panel and the setup steps show, the sentence of the rule text (`kog-light.txt`) it
//! stands for, quoted verbatim, and a short line of what the program does with it. One table,
//! keyed by [`Tip`]; the panels ask it through [`Tip::text`].

use crate::rules::kog::attack::RerollChoice;
use crate::rules::kog::state::{Condition, MoveMode};

/// A part of KOG light's panels that a tooltip explains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tip {
    // The card's stats.
    MoveStat,
    DefenseStat,
    SensorsStat,
    Points,
    Shots,
    Attacks,
    DoubleUse,
    // The moves.
    CombatMove,
    SpeedMove,
    HoldPosition,
    Charge,
    SlowedMovement,
    LeaveByEdge,
    // The actions.
    CloseAssault,
    RangedShooting,
    Engaged,
    HoldObjective,
    ForwardObserver,
    FireSupport,
    PassObjective,
    PickUpObjective,
    KeepDice,
    RerollOnlyOnes,
    Cover,
    Defend,
    Counterattack,
    // The markers and conditions.
    Unharmed,
    Crippled,
    Destroyed,
    Eliminated,
    Commander,
    Moved,
    Acted,
    Targeted,
    FireSupported,
    HoldsObjective,
    CarriesObjective,
    ToDeploy,
    UnitDone,
    ObjectiveHeld,
    // The setup steps.
    RollOff,
    UnusedPoints,
    ChooseRole,
    ChooseTerritory,
    PlaceObjective,
    NameCommander,
    FirstTurn,
}

impl Tip {
    pub const ALL: [Tip; 47] = [
        Tip::MoveStat,
        Tip::DefenseStat,
        Tip::SensorsStat,
        Tip::Points,
        Tip::Shots,
        Tip::Attacks,
        Tip::DoubleUse,
        Tip::CombatMove,
        Tip::SpeedMove,
        Tip::HoldPosition,
        Tip::Charge,
        Tip::SlowedMovement,
        Tip::LeaveByEdge,
        Tip::CloseAssault,
        Tip::RangedShooting,
        Tip::Engaged,
        Tip::HoldObjective,
        Tip::ForwardObserver,
        Tip::FireSupport,
        Tip::PassObjective,
        Tip::PickUpObjective,
        Tip::KeepDice,
        Tip::RerollOnlyOnes,
        Tip::Cover,
        Tip::Defend,
        Tip::Counterattack,
        Tip::Unharmed,
        Tip::Crippled,
        Tip::Destroyed,
        Tip::Eliminated,
        Tip::Commander,
        Tip::Moved,
        Tip::Acted,
        Tip::Targeted,
        Tip::FireSupported,
        Tip::HoldsObjective,
        Tip::CarriesObjective,
        Tip::ToDeploy,
        Tip::UnitDone,
        Tip::ObjectiveHeld,
        Tip::RollOff,
        Tip::UnusedPoints,
        Tip::ChooseRole,
        Tip::ChooseTerritory,
        Tip::PlaceObjective,
        Tip::NameCommander,
        Tip::FirstTurn,
    ];

    /// The sentence of `kog-light.txt`, verbatim, and what the program does with it ("" if
    /// the sentence says it all).
    pub fn rule(self) -> (&'static str, &'static str) {
        match self {
            Tip::MoveStat => (
                "A model can be moved in any direction by whatever path desired up to a number of inches equal to its Move limit.",
                "The Combat Move's allowance; Speed Move doubles it.",
            ),
            Tip::DefenseStat => (
                "If the model did not attack, roll dice equal to the target's Defense, and cancel 1 hit for each result that is at least equal to the target number.",
                "Defense dice (target number in brackets).",
            ),
            Tip::SensorsStat => (
                "Sensor Lock – exists if any part of the target model is within Sensor range of the shooting model, and is treated as Partial Line of Sight.",
                "Also the reach of the Commander's Fire Support and the unit's coherency.",
            ),
            Tip::Points => (
                "Name (cost - type) - its name, cost in points and type.",
                "",
            ),
            Tip::Shots => (
                "Roll dice equal to its Shots; each result that is at least equal to the target number causes 1 hit on the target model.",
                "Ranged weapons: shots (range target+) and special rules.",
            ),
            Tip::Attacks => (
                "Roll dice equal to its Attack; each result that is at least equal to the target number may cause 1 hit on the target model.",
                "Close Assault weapons: attacks (target+).",
            ),
            Tip::DoubleUse => (
                "double-use equipment (twice per game)",
                "The uses left are counted for each model.",
            ),
            Tip::CombatMove => (
                "Combat Move – A model can be moved in any direction by whatever path desired up to a number of inches equal to its Move limit.",
                "",
            ),
            Tip::SpeedMove => (
                "Speed Move – While not moving within 1” of any enemy model, a model can move twice as far, but may not choose Shooting actions until the end of the player turn.",
                "Crippled models may not Speed Move.",
            ),
            Tip::HoldPosition => (
                "Hold Position – A model may be repositioned within 1” of its initial position, facing any direction desired, but may re-roll any failed shots until the end of the player turn.",
                "",
            ),
            Tip::Charge => (
                "Charge! – Upon moving within 1” of an enemy model, a model must immediately stop moving, but may re-roll any failed attacks until the end of the player turn.",
                "The move stops where it first comes within 1\".",
            ),
            Tip::SlowedMovement => (
                "Movement may slow to half (i.e. 1” count as 2”) for:",
                "Rough Ground, Climbing and Making way; the preview shows the cost.",
            ),
            Tip::LeaveByEdge => (
                "Attacker Major Victory! – the Attacker moves the Objective off the Defender's board edge.",
                "Linebreaker: the model carrying the Objective leaves the table.",
            ),
            Tip::CloseAssault => (
                "Close Assault – Any model in the unit may attack any enemy model target within 1” of itself, even if the enemy models are from different enemy units.",
                "",
            ),
            Tip::RangedShooting => (
                "Ranged Shooting – Each model in the unit may attack an enemy model target.",
                "Only targets in range and sight are offered, with the exact odds.",
            ),
            Tip::Engaged => (
                "A unit having any of its models within 1” of an enemy model may only choose Close Assault actions, and may not perform any other actions (i.e. Ranged Shooting).",
                "",
            ),
            Tip::HoldObjective => (
                "A model within 1” of an Objective may take and hold it.",
                "",
            ),
            Tip::ForwardObserver => (
                "A Recon model may provide Line of Sight, Partial Line of Sight or Sensor Lock for another friendly model firing Indirect.",
                "",
            ),
            Tip::FireSupport => (
                "A Commander may designate a friendly model within Sensor range to re-roll any failed shots until the end of the player turn.",
                "",
            ),
            Tip::PassObjective => (
                "Pass Objective – Instead of Shooting, a model with the Objective may transfer it to a friendly model within 1\", or pick it up from a Destroyed model.",
                "",
            ),
            Tip::PickUpObjective => (
                "or pick it up from a Destroyed model.",
                "Linebreaker: picks up the Objective of a Destroyed model within 1\".",
            ),
            Tip::KeepDice => (
                "may re-roll any failed",
                "\"May\": the attack keeps its failed dice as rolled.",
            ),
            Tip::RerollOnlyOnes => (
                "Friendly Fire – when firing ranged weapons at an enemy model within 1\" of any friendly models, any shot results of a **1** hit a friendly model instead.",
                "Re-rolls only the failed 1s, which hit a friend anyway.",
            ),
            Tip::Cover => (
                "Cover – If the target has any sort of cover, then re-roll any failed Defense results.",
                "",
            ),
            Tip::Defend => (
                "If the model did not attack, roll dice equal to the target's Defense, and cancel 1 hit for each result that is at least equal to the target number.",
                "",
            ),
            Tip::Counterattack => (
                "Counterattack – Each turn, the first time a model is selected as a target, the target may **Counterattack** instead of Defending against the attack.",
                "",
            ),
            Tip::Unharmed => (
                "Each non-cancelled hit results in 1 damage to the target.",
                "No damage yet.",
            ),
            Tip::Crippled => (
                "Crippled – If an undamaged model takes 1 damage, then the model is **Crippled**, may not Speed Move, and must re-roll any successful attacks or defense.",
                "",
            ),
            Tip::Destroyed => (
                "Destroyed – If a Crippled model is damaged, or an undamaged model takes 2 (or more) damage, then the model is **Destroyed**, and may not move or act.",
                "The wreck stays on the table and may give Cover.",
            ),
            Tip::Eliminated => (
                "Eliminated – Infantry are **Eliminated** instead of Destroyed, and simply removed from the game.",
                "",
            ),
            Tip::Commander => (
                "Commander – Each player designates one model as the overall Commander of their forces; this model represents the player within the game.",
                "",
            ),
            Tip::Moved => (
                "No model or unit can be moved more than once during Movement.",
                "",
            ),
            Tip::Acted => (
                "No model may take more than one action per player turn, and no unit may be selected more than once.",
                "",
            ),
            Tip::Targeted => (
                "Concentrated Attack – If the target was a target earlier this turn, then re-roll any successful Defense results.",
                "",
            ),
            Tip::FireSupported => (
                "A Commander may designate a friendly model within Sensor range to re-roll any failed shots until the end of the player turn.",
                "This model was designated.",
            ),
            Tip::HoldsObjective => (
                "A model within 1” of an Objective may take and hold it.",
                "",
            ),
            Tip::CarriesObjective => (
                "Objective – The Attacker places an Objective on one model; the Objective is small and has no game effects.",
                "",
            ),
            Tip::ToDeploy => (
                "the Defender then places their forces in their territory, more than 12” from Attacker territory.",
                "Not placed yet.",
            ),
            Tip::UnitDone => (
                "When all desired models have finished with their actions, select a different unit and have its models perform their actions, until all desired units have acted.",
                "",
            ),
            Tip::ObjectiveHeld => (
                "Major Victory! – a player has taken and held the opponent’s Objective for consecutive turns.",
                "The count of turns each Objective has been held.",
            ),
            Tip::RollOff => (
                "Before setting up their armies, both players dice off: each player rolls a die, rolling again in the case of any ties.",
                "",
            ),
            Tip::UnusedPoints => (
                "The player with more unused points may re-roll their die when dicing off to determine Attacker and Defender.",
                "",
            ),
            Tip::ChooseRole => (
                "The player that rolled higher chooses whether they will take the role of Attacker or Defender.",
                "",
            ),
            Tip::ChooseTerritory => (
                "Defender – The Defender divides the battlefield into equal halves and chooses either half as their territory;",
                "",
            ),
            Tip::PlaceObjective => (
                "Objectives – Each player places one (1) Objective marker or token in their territory, more than 6” from any board edge.",
                "",
            ),
            Tip::NameCommander => (
                "Commander – Each player designates one model as the overall Commander of their forces; this model represents the player within the game.",
                "",
            ),
            Tip::FirstTurn => (
                "In subsequent game rounds, the players dice off to choose who takes the first turn, with ties decided by the player who went second in the previous game round.",
                "",
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

    /// The tip of a move.
    pub fn of_move(m: MoveMode) -> Tip {
        match m {
            MoveMode::Combat => Tip::CombatMove,
            MoveMode::Speed => Tip::SpeedMove,
            MoveMode::HoldPosition => Tip::HoldPosition,
            MoveMode::Charge => Tip::Charge,
        }
    }

    /// The tip of a model's condition.
    pub fn of_condition(c: Condition) -> Tip {
        match c {
            Condition::Unharmed => Tip::Unharmed,
            Condition::Crippled => Tip::Crippled,
            Condition::Destroyed => Tip::Destroyed,
            Condition::Eliminated => Tip::Eliminated,
        }
    }

    /// The tip of a choice about an attack's failed dice.
    pub fn of_reroll(c: RerollChoice) -> Tip {
        match c {
            RerollChoice::Failures => Tip::RangedShooting,
            RerollChoice::OnlyOnes => Tip::RerollOnlyOnes,
            RerollChoice::Decline => Tip::KeepDice,
        }
    }
}
