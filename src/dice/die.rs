//! One die as rolled, where its result came from, and what can go wrong reading or rolling dice.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum DiceError {
    #[error("cannot read dice expression '{expr}': {why}")]
    Parse { expr: String, why: String },
    #[error("a d{sides} cannot show {value}")]
    BadResult { sides: u32, value: u32 },
    #[error("the roll needs more dice results than were entered ({given} given)")]
    NotEnoughResults { given: usize },
    #[error("{extra} entered results were not used")]
    TooManyResults { extra: usize },
}

/// Where a die's result came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum DieSource {
    /// The game's seeded generator.
    Seeded,
    /// Forced in advance (tests and scripted scenes).
    Forced,
    /// Typed in by a player who rolled a physical die.
    Entered,
}

/// One die as rolled.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Die {
    pub value: u32,
    /// False when a keep-highest/lowest dropped it, or it was re-rolled.
    pub kept: bool,
    /// True when this die was re-rolled (its replacement follows it).
    pub rerolled: bool,
    /// True when this die was added by an exploding maximum.
    pub from_explosion: bool,
    pub source: DieSource,
}

/// A roll's dice, kept inline up to two (most rolls are one or two dice: no allocation).
pub type Dies = smallvec::SmallVec<[Die; 2]>;
