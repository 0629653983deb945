//! What a side names in a face-off: an action of the text's list, the model that carries it
//! out, and the enemy it is aimed at.

use crate::table::ModelId;
use serde::{Deserialize, Serialize};

/// What a side names in a face-off.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FaceOffChoice {
    /// "1. Movement ... 2. Ranged combat ... 3. Close Combat ... 4. Psychic"
    pub action: FaceOffAction,
    pub model: ModelId,
    /// The enemy model the action is aimed at, if any.
    pub target: Option<ModelId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FaceOffAction {
    Movement,
    Ranged,
    Close,
    Psychic,
}

impl FaceOffAction {
    /// The number of the text's list.
    pub fn number(self) -> u8 {
        match self {
            FaceOffAction::Movement => 1,
            FaceOffAction::Ranged => 2,
            FaceOffAction::Close => 3,
            FaceOffAction::Psychic => 4,
        }
    }
}
