//! A terrain piece in the level file's form, as KOG light's events and saves hold a piece
//! placed in the game, and back.

use crate::data::level::PieceDef;
use crate::table::{Piece, Pt};

/// A piece as the events and saves hold it (the level file's form).
pub fn to_def(p: &Piece) -> PieceDef {
    PieceDef {
        shape: p.shape,
        at: (p.at.x, p.at.y),
        size: p.size,
        rotation: p.rotation,
        base_height: p.base_height,
        tags: p.tags.clone(),
        label: p.label.clone(),
    }
}

/// The piece an event holds.
pub fn from_def(d: &PieceDef) -> Piece {
    Piece {
        shape: d.shape,
        at: Pt::new(d.at.0, d.at.1),
        rotation: d.rotation,
        size: d.size,
        base_height: d.base_height,
        tags: d.tags.clone(),
        label: d.label.clone(),
    }
}
