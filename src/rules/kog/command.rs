//! What players ask of the rules, and why the rules may refuse.

use super::state::{Half, MoveMode, Split};
use crate::table::{ModelId, Pt};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A player's command. Setup commands come first, then those of a player turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
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
    },
    /// The target of a pending attack defends (`None`) or counterattacks with a weapon.
    Respond {
        counter: Option<String>,
    },
    HoldObjective {
        model: ModelId,
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

/// Why a command is refused. Nothing changes when one is.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum RuleError {
    #[error("no model {0} in this game")]
    NoSuchModel(ModelId),
    #[error("not now: {0}")]
    WrongPhase(String),
    #[error("{0} is not yours to command: it is side {1}'s turn")]
    NotYourModel(String, u8),
    #[error("{0}")]
    Illegal(String),
    #[error("the game is over")]
    GameOver,
    #[error("dice: {0}")]
    Dice(#[from] crate::dice::DiceError),
}

/// Shorthand for an illegal-move error.
pub fn illegal<T>(why: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Illegal(why.into()))
}
