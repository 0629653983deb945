//! Blast templates (KOG light's 3" and 5" blasts) and Kry-Gothic's damaged-structure hazard.
//!
//! "Blast – On a successful hit, any models partly or wholly within half the blast diameter also
//! suffer 1 hit". A model is under a template when its base overlaps the circle; no scatter.

use super::error::TableError;
use super::geom::Pt;
use super::model::ModelId;
use super::piece::Tag;
use super::scene::Scene;
use super::shape::LeafKind;
use super::tabletop::Table;
use crate::dice::{Dice, DiceError};
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum TemplateError {
    #[error("a template needs a diameter above 0 (got {0})")]
    BadSize(f32),
    #[error(transparent)]
    Table(#[from] TableError),
}

/// How much of a model's base lies under a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    Partly,
    Wholly,
}

/// Where a template is centred.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TemplateAt {
    Point(Pt),
    Model(ModelId),
}

/// The models under a circular template of `diameter` inches, nearest the centre first.
pub fn under_template(
    table: &Table,
    scene: &Scene,
    at: TemplateAt,
    diameter: f32,
) -> Result<Vec<(ModelId, Coverage)>, TemplateError> {
    if !(diameter.is_finite() && diameter > 0.0) {
        return Err(TemplateError::BadSize(diameter));
    }
    let centre = match at {
        TemplateAt::Point(p) => {
            table.check_on_table(p)?;
            p
        }
        TemplateAt::Model(id) => table.model(id)?.pos,
    };
    let r = diameter / 2.0;
    let mut out: Vec<(f32, ModelId, Coverage)> = scene
        .leaves_near(centre, r)
        .filter_map(|l| match l.kind {
            LeafKind::Model(id) => table.model(id).ok(),
            _ => None,
        })
        .filter_map(|m| {
            let d = m.pos.dist(centre);
            if d >= r + m.radius() - 1e-4 {
                None
            } else if d + m.radius() <= r + 1e-4 {
                Some((d, m.id, Coverage::Wholly))
            } else {
                Some((d, m.id, Coverage::Partly))
            }
        })
        .collect();
    out.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    Ok(out.into_iter().map(|(_, id, c)| (id, c)).collect())
}

/// A "Damaged structure" template: "the size is equal to double the size of the bases your models
/// use", placed "on the area that the heavy weapon hit".
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hazard {
    pub centre: Pt,
    pub diameter: f32,
}

impl Hazard {
    /// Places the template where a heavy weapon hit, if the point lies in a weak (W) area;
    /// `base_diameter` is the base size the models use.
    pub fn from_heavy_hit(
        table: &Table,
        hit: Pt,
        base_diameter: f32,
    ) -> Result<Option<Hazard>, TemplateError> {
        if !(base_diameter.is_finite() && base_diameter > 0.0) {
            return Err(TemplateError::BadSize(base_diameter));
        }
        table.check_on_table(hit)?;
        let weak = table
            .pieces
            .iter()
            .any(|p| p.has(Tag::WeakFloor) && p.footprint_contains(hit));
        Ok(weak.then_some(Hazard {
            centre: hit,
            diameter: 2.0 * base_diameter,
        }))
    }

    /// True when a base of `base_diameter` at `p` stands on the marker.
    pub fn covers(&self, p: Pt, base_diameter: f32) -> bool {
        p.dist(self.centre) < (self.diameter + base_diameter) / 2.0 - 1e-4
    }

    /// Whether a move along `path` takes a base onto the marker (it was not on it at the start).
    pub fn entered_by(&self, path: &[Pt], base_diameter: f32) -> bool {
        self.entry(path, base_diameter).is_some()
    }

    /// Where a move along `path` (not on the marker at its start) comes onto the marker: the
    /// step that first brings the base onto it (its index in `path`'s steps) and the point of
    /// that step nearest the marker's middle, where a floor that gives way holds the model.
    pub fn entry(&self, path: &[Pt], base_diameter: f32) -> Option<(usize, Pt)> {
        let reach = (self.diameter + base_diameter) / 2.0;
        if self.covers(*path.first()?, base_diameter) {
            return None;
        }
        path.windows(2).enumerate().find_map(|(i, w)| {
            let at = nearest_on_segment(w[0], w[1], self.centre);
            (at.dist(self.centre) < reach - 1e-4).then_some((i, at))
        })
    }
}

/// The point of the segment `a`-`b` nearest `p`.
pub fn nearest_on_segment(a: Pt, b: Pt, p: Pt) -> Pt {
    let ab = b.sub(a);
    let len2 = ab.x * ab.x + ab.y * ab.y;
    let t = if len2 > 0.0 {
        ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / len2
    } else {
        0.0
    };
    a.add(ab.scale(t.clamp(0.0, 1.0)))
}

/// Shortest distance from `p` to the segment `a`-`b`.
pub fn segment_point_distance(a: Pt, b: Pt, p: Pt) -> f32 {
    nearest_on_segment(a, b, p).dist(p)
}

/// What the damaged floor did to a model that moved onto it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloorOutcome {
    /// The floor held.
    Holds,
    /// "the floor gives way, and the unit becomes stuck until D6/2 rounded down ... AP's are spent
    /// on that unit to remove him from the hole". `ap` may be 0: a roll of 1 frees it at once.
    Stuck { ap: u32 },
    /// "If a SECOND 6 is rolled, the whole section gives way, and the unit falls to its death."
    Collapses,
}

/// Resolves Kry-Gothic's "Damaged structure" event with the game's dice; every roll is logged.
pub fn resolve_damaged_structure(dice: &mut Dice, who: &str) -> Result<FloorOutcome, DiceError> {
    let check = dice
        .roll(
            "1d6",
            &format!("Damaged structure: does the floor hold under {who}? (4+ gives way)"),
        )?
        .total;
    if check < 4 {
        return Ok(FloorOutcome::Holds);
    }
    if check == 6 {
        let second = dice.roll("1d6", &format!("Damaged structure: a 6, roll again; a second 6 collapses the section under {who}"))?.total;
        if second == 6 {
            return Ok(FloorOutcome::Collapses);
        }
    }
    let ap = dice
        .roll(
            "1d6",
            &format!("Damaged structure: {who} is stuck for D6/2 AP (rounded down)"),
        )?
        .total as u32
        / 2;
    Ok(FloorOutcome::Stuck { ap })
}
