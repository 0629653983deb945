//! What a game of KOG light starts from: the level, scenario, options, forces, seed and
//! catalogue (the first state it makes is `game.rs`'s).

use super::catalogue::Catalogue;
use super::force::ForceList;
use super::options::{KogOptions, Scenario};
use crate::data::LevelFile;
use serde::{Deserialize, Serialize};

/// Everything a game starts from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameSetup {
    /// The level, whole, so that a save needs no other file.
    pub level: LevelFile,
    pub scenario: Scenario,
    pub options: KogOptions,
    /// Side 1's and side 2's forces.
    pub forces: [ForceList; 2],
    pub seed: u64,
    /// The catalogue the forces were picked from.
    pub catalogue: Catalogue,
}
