//! Terrain pieces: boxes, cylinders, wall segments and ramps placed on the table, with tags.

use super::geom::Pt;
use serde::{Deserialize, Serialize};

/// The shape of a terrain piece. Sizes are `(width, depth, height)` in the piece's own frame:
/// width along its local x, depth along its local y.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceShape {
    /// A rectangular block: buildings, crates, containers, consoles.
    Box,
    /// An upright cylinder whose diameter is the width (the depth must equal it): tanks, pillars.
    Cylinder,
    /// A thin straight wall segment (a box that reads as a wall).
    Wall,
    /// A wedge rising from 0 at its local -x end to its height at the +x end: slopes, stairs.
    Ramp,
}

impl PieceShape {
    pub const ALL: [PieceShape; 4] = [
        PieceShape::Box,
        PieceShape::Cylinder,
        PieceShape::Wall,
        PieceShape::Ramp,
    ];
}

/// What a piece does in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Tag {
    /// Blocks line of sight.
    BlocksSight,
    /// Gives cover to models in or behind it.
    Cover,
    /// Rough ground: movement through it is slowed.
    Rough,
    /// Kry-Gothic's weak area "(W)": heavy weapons fired here damage the structure.
    WeakFloor,
    /// Models may climb onto or over it.
    Climbable,
    /// A ladder: a way up any height (no climb limit on it); Kry-Gothic's "climbing ladders",
    /// difficult terrain.
    Ladder,
}

impl Tag {
    pub const ALL: [Tag; 6] = [
        Tag::BlocksSight,
        Tag::Cover,
        Tag::Rough,
        Tag::WeakFloor,
        Tag::Climbable,
        Tag::Ladder,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Tag::BlocksSight => "blocks sight",
            Tag::Cover => "cover",
            Tag::Rough => "rough",
            Tag::WeakFloor => "weak floor (W)",
            Tag::Climbable => "climbable",
            Tag::Ladder => "ladder",
        }
    }
}

/// A terrain piece placed on the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Piece {
    pub shape: PieceShape,
    /// Centre of the footprint on the table plane.
    pub at: Pt,
    /// Rotation in degrees, counter-clockwise.
    pub rotation: f32,
    /// Width, depth and height in inches.
    pub size: (f32, f32, f32),
    /// Height of the piece's underside above the table top.
    pub base_height: f32,
    pub tags: Vec<Tag>,
    /// An optional label shown in the editor and on the table ("Lab", "Coolant tank").
    pub label: String,
}

impl Piece {
    pub fn has(&self, tag: Tag) -> bool {
        self.tags.contains(&tag)
    }

    /// `p` in the piece's own frame (centre at the origin, unrotated).
    pub fn to_local(&self, p: Pt) -> Pt {
        p.sub(self.at).rotate(-self.rotation)
    }

    /// True when `p` lies on the piece's footprint.
    pub fn footprint_contains(&self, p: Pt) -> bool {
        let (w, d, _) = self.size;
        // The footprint lies within half its diagonal of the centre (a cylinder's within half
        // its width): a point further off, by more than rounding, is not on it, and the
        // rotation (a sine and a cosine) is not needed. Most pieces are far from most points.
        let (dx, dy) = (p.x - self.at.x, p.y - self.at.y);
        if 4.0 * (dx * dx + dy * dy) > (w * w + d * d) * 1.001 + 1e-4 {
            return false;
        }
        let l = self.to_local(p);
        match self.shape {
            PieceShape::Cylinder => l.len() <= w / 2.0,
            _ => l.x.abs() <= w / 2.0 && l.y.abs() <= d / 2.0,
        }
    }

    /// Height of the piece's top above the table at `p`, if `p` is on its footprint.
    pub fn top_at(&self, p: Pt) -> Option<f32> {
        if !self.footprint_contains(p) {
            return None;
        }
        let (w, _, h) = self.size;
        let top = match self.shape {
            PieceShape::Ramp => {
                let l = self.to_local(p);
                h * ((l.x + w / 2.0) / w).clamp(0.0, 1.0)
            }
            _ => h,
        };
        Some(self.base_height + top)
    }

    /// The four corners of the footprint (for a cylinder, its bounding square), counter-clockwise.
    pub fn corners(&self) -> [Pt; 4] {
        let (w, d, _) = self.size;
        let (hw, hd) = (w / 2.0, d / 2.0);
        [
            Pt::new(-hw, -hd),
            Pt::new(hw, -hd),
            Pt::new(hw, hd),
            Pt::new(-hw, hd),
        ]
        .map(|c| c.rotate(self.rotation).add(self.at))
    }

    /// Distance from `p` to the footprint (0 inside), used to keep bases off solid pieces.
    pub fn footprint_distance(&self, p: Pt) -> f32 {
        let l = self.to_local(p);
        let (w, d, _) = self.size;
        match self.shape {
            PieceShape::Cylinder => (l.len() - w / 2.0).max(0.0),
            _ => {
                let dx = (l.x.abs() - w / 2.0).max(0.0);
                let dy = (l.y.abs() - d / 2.0).max(0.0);
                dx.hypot(dy)
            }
        }
    }
}
