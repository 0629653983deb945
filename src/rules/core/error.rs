//! Why the rules refuse a command. A refused command changes nothing and rolls no dice.

use super::seat::Seat;
use crate::table::ModelId;
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum RuleError {
    #[error("no model {0} in this game")]
    NoSuchModel(ModelId),
    #[error("not now: {0}")]
    WrongPhase(String),
    #[error("{0} is not yours to command: it is side {1}'s turn")]
    NotYourModel(String, u8),
    /// The seat gave a command while the game waits on others.
    #[error("side {0} cannot act now: the game waits for {1}")]
    NotYourTurn(Seat, String),
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
