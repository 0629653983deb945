//! Models on the table: round bases with a body height, a side and a facing, and their arcs.

use super::geom::{Pt, angle_diff_deg};
use serde::{Deserialize, Serialize};

/// A model's stable id, unique on its table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ModelId(pub u32);

impl std::fmt::Display for ModelId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// The side a model plays for (1 or 2 at a two-player table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Side(pub u8);

/// The default front arc: 90 degrees, 45 either side of the facing.
pub const DEFAULT_FRONT_ARC_DEG: f32 = 90.0;

/// Which of a model's arcs something lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arc {
    Front,
    /// Everything outside the front arc: Kry-Gothic's blind side.
    Rear,
}

/// A miniature on a round base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Model {
    pub id: ModelId,
    pub side: Side,
    pub name: String,
    /// Base diameter in inches.
    pub base_diameter: f32,
    /// Height of the body above its base, in inches.
    pub body_height: f32,
    /// Centre of the base on the table plane.
    pub pos: Pt,
    /// Height of the base's underside above the table top.
    pub h: f32,
    /// Heading in degrees, counter-clockwise from +x.
    pub facing: f32,
    /// Width of the front arc in degrees.
    pub front_arc: f32,
    /// Destroyed and left on the table as a wreck (KOG light: it "may provide Cover as usual").
    #[serde(default)]
    pub wreck: bool,
}

impl Model {
    pub fn new(
        id: u32,
        side: u8,
        name: &str,
        base_diameter: f32,
        body_height: f32,
        pos: Pt,
        facing: f32,
    ) -> Self {
        Self {
            id: ModelId(id),
            side: Side(side),
            name: name.to_string(),
            base_diameter,
            body_height,
            pos,
            h: 0.0,
            facing,
            front_arc: DEFAULT_FRONT_ARC_DEG,
            wreck: false,
        }
    }

    pub fn radius(&self) -> f32 {
        self.base_diameter / 2.0
    }

    /// Base edge to base edge distance in inches; 0 when the bases touch or overlap.
    pub fn edge_distance(&self, other: &Model) -> f32 {
        (self.pos.dist(other.pos) - self.radius() - other.radius()).max(0.0)
    }

    /// Distance from this base's edge to a point; 0 when the point is on the base.
    pub fn edge_distance_to_point(&self, p: Pt) -> f32 {
        (self.pos.dist(p) - self.radius()).max(0.0)
    }

    /// The arc of this model that point `p` lies in. A point exactly on the arc's edge counts as
    /// inside the front arc; the model's own centre counts as front.
    pub fn arc_of_point(&self, p: Pt) -> Arc {
        let v = p.sub(self.pos);
        if v.len() < 1e-6 {
            return Arc::Front;
        }
        let off = angle_diff_deg(v.angle_deg(), self.facing).abs();
        if off <= self.front_arc / 2.0 + 1e-3 {
            Arc::Front
        } else {
            Arc::Rear
        }
    }

    /// The arc of this model that another model's centre lies in.
    pub fn arc_of(&self, other: &Model) -> Arc {
        self.arc_of_point(other.pos)
    }

    /// The unit vector the model faces.
    pub fn facing_dir(&self) -> Pt {
        Pt::new(1.0, 0.0).rotate(self.facing)
    }
}
