//! Zones (deployment zones and territories) and objective markers.

use super::geom::Pt;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ZoneKind {
    /// Where a side sets up its models.
    Deployment,
    /// A side's half or territory of the table (KOG light's halves).
    Territory,
}

/// An axis-aligned rectangular zone belonging to a side.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Zone {
    pub name: String,
    pub kind: ZoneKind,
    pub side: u8,
    /// Near-left corner.
    pub min: Pt,
    /// Far-right corner.
    pub max: Pt,
}

impl Zone {
    pub fn contains(&self, p: Pt) -> bool {
        p.x >= self.min.x && p.x <= self.max.x && p.y >= self.min.y && p.y <= self.max.y
    }

    /// Distance from `p` to the zone (0 inside).
    pub fn distance(&self, p: Pt) -> f32 {
        let dx = (self.min.x - p.x).max(p.x - self.max.x).max(0.0);
        let dy = (self.min.y - p.y).max(p.y - self.max.y).max(0.0);
        dx.hypot(dy)
    }
}

/// An objective marker.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Objective {
    pub name: String,
    pub at: Pt,
    /// Marker diameter in inches.
    pub diameter: f32,
}
