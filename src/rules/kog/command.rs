//! What players ask of the rules; why the rules may refuse is the shared core's [`RuleError`].

use super::attack::RerollChoice;
use super::state::{Half, MoveMode, Split};
use crate::table::{ModelId, Pt};
use serde::{Deserialize, Serialize};

/// A player's command. Setup commands come first, then those of a player turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// Placing terrain: the side whose turn it is puts a piece of the level's palette (named by
    /// its label) on the table at `at`, turned `rotation` degrees.
    PlaceTerrain {
        piece: String,
        at: Pt,
        rotation: f32,
    },
    /// Placing terrain: the side is done (the other places on alone until it is done too).
    FinishTerrain,
    /// Both players roll a die (Attacker/Defender, or first turn from round 3).
    RollOff,
    /// The side with more unused points re-rolls its die after losing the dice-off.
    Reroll,
    /// The side with more unused points keeps the result.
    KeepRolls,
    /// The winner of the dice-off picks its role.
    ChooseRole {
        attacker: bool,
    },
    /// The Defender divides the table and picks its half.
    ChooseTerritory {
        split: Split,
        half: Half,
    },
    /// Puts a model of the deploying side on the table.
    Deploy {
        model: ModelId,
        at: Pt,
        facing: f32,
    },
    /// The deploying side is done.
    FinishDeployment,
    /// The side whose turn it is places its objective.
    PlaceObjective {
        at: Pt,
    },
    /// Linebreaker: the Attacker places the objective on one of its models.
    CarryObjective {
        model: ModelId,
    },
    NameCommander {
        model: ModelId,
    },
    /// The side that chooses names the side that takes the first turn.
    ChooseFirst {
        side: u8,
    },
    Move {
        model: ModelId,
        mode: MoveMode,
        to: Pt,
    },
    /// Turns a model to face `facing` degrees (facing has no effect in KOG light).
    Face {
        model: ModelId,
        facing: f32,
    },
    /// Linebreaker: the carrier moves off the Defender's board edge.
    ExitTable {
        model: ModelId,
        mode: MoveMode,
    },
    EndMovement,
    Attack {
        attacker: ModelId,
        weapon: String,
        target: ModelId,
        /// What the player does with the optional re-rolls of failed dice (Charge!, Hold
        /// Position, Fire Support): all of them unless said otherwise.
        #[serde(default, skip_serializing_if = "RerollChoice::is_default")]
        reroll: RerollChoice,
    },
    /// The target of a pending attack defends (`None`) or counterattacks with a weapon.
    Respond {
        counter: Option<String>,
    },
    HoldObjective {
        model: ModelId,
        /// The objective taken (its index); `None`: the opponent's if it is in reach, else the
        /// one in reach.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        objective: Option<usize>,
    },
    ForwardObserver {
        model: ModelId,
        target: ModelId,
    },
    FireSupport {
        commander: ModelId,
        model: ModelId,
    },
    /// Linebreaker: the carrier hands the objective to a friendly model within 1".
    PassObjective {
        model: ModelId,
        to: ModelId,
    },
    /// Linebreaker: a model picks the objective up from a destroyed carrier within 1".
    PickUpObjective {
        model: ModelId,
    },
    EndTurn,
    Concede {
        side: u8,
    },
}

pub use crate::rules::core::{RuleError, illegal};
