//! What the table shows of an event as it happens: a shot flying from one model to another, a
//! model struck. Cues are read off events by each rule set ([`super::RuleSet::cues`]); the view
//! animates them. They never change the game.

use crate::table::ModelId;

/// A moment worth showing on the table.
#[derive(Debug, Clone, PartialEq)]
pub enum Cue {
    /// A model moved along this path (its start and end included).
    Moved {
        model: ModelId,
        path: Vec<crate::table::Pt>,
    },
    /// An attack from one model at another (a shot, or a blow at close quarters).
    Attack { from: ModelId, at: ModelId },
    /// A model took damage or a wound.
    Struck { model: ModelId },
}
