//! The editor's piece palette: ready-made pieces from which ship rooms and battlefields are built.

use crate::table::{Piece, PieceShape, Pt, Tag};

/// A named piece to place.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    pub name: &'static str,
    pub shape: PieceShape,
    pub size: (f32, f32, f32),
    pub base_height: f32,
    pub tags: &'static [Tag],
}

pub const PRESETS: &[Preset] = &[
    Preset {
        name: "Box",
        shape: PieceShape::Box,
        size: (3.0, 2.0, 2.0),
        base_height: 0.0,
        tags: &[Tag::BlocksSight, Tag::Cover],
    },
    Preset {
        name: "Wall segment",
        shape: PieceShape::Wall,
        size: (4.0, 0.4, 3.0),
        base_height: 0.0,
        tags: &[Tag::BlocksSight],
    },
    Preset {
        name: "Low wall",
        shape: PieceShape::Wall,
        size: (4.0, 0.4, 1.0),
        base_height: 0.0,
        tags: &[Tag::BlocksSight, Tag::Cover, Tag::Climbable],
    },
    Preset {
        name: "Ruin",
        shape: PieceShape::Box,
        size: (4.0, 4.0, 3.0),
        base_height: 0.0,
        tags: &[Tag::BlocksSight, Tag::Cover],
    },
    Preset {
        name: "Crate stack",
        shape: PieceShape::Box,
        size: (2.0, 2.0, 1.5),
        base_height: 0.0,
        tags: &[Tag::BlocksSight, Tag::Cover, Tag::Climbable],
    },
    Preset {
        name: "Hill slope",
        shape: PieceShape::Ramp,
        size: (4.0, 4.0, 1.5),
        base_height: 0.0,
        tags: &[Tag::Climbable],
    },
    Preset {
        name: "Cylinder tank",
        shape: PieceShape::Cylinder,
        size: (2.5, 2.5, 3.0),
        base_height: 0.0,
        tags: &[Tag::BlocksSight, Tag::Cover],
    },
    Preset {
        name: "Pipes",
        shape: PieceShape::Box,
        size: (6.0, 0.5, 0.5),
        base_height: 1.5,
        tags: &[],
    },
    Preset {
        name: "Console",
        shape: PieceShape::Box,
        size: (2.0, 1.0, 1.2),
        base_height: 0.0,
        tags: &[Tag::BlocksSight, Tag::Cover],
    },
    Preset {
        name: "Weak floor (W)",
        shape: PieceShape::Box,
        size: (3.0, 3.0, 0.05),
        base_height: 0.0,
        tags: &[Tag::WeakFloor],
    },
    Preset {
        name: "Woods",
        shape: PieceShape::Box,
        size: (6.0, 6.0, 0.05),
        base_height: 0.0,
        tags: &[Tag::Cover, Tag::Rough],
    },
];

impl Preset {
    pub fn piece_at(&self, at: Pt, rotation: f32) -> Piece {
        Piece {
            shape: self.shape,
            at,
            rotation,
            size: self.size,
            base_height: self.base_height,
            tags: self.tags.to_vec(),
            label: self.name.to_string(),
        }
    }
}
