//! "Effects of explosive weapons": a heavy weapon that hits in a weak (W) area places a
//! "Damaged structure" marker; a unit that stands there, or moves or is pushed onto it, rolls
//! for the floor (the table's own resolution); a unit stuck in a hole is dug out with AP.

use super::ctx::Ctx;
use super::event::Event;
use super::state::HazardMark;
use crate::rules::core::RuleError;
use crate::table::template::{FloorOutcome, Hazard, resolve_damaged_structure};
use crate::table::{ModelId, Pt};
use std::cmp::Ordering;

/// A heavy weapon hit a model of base `base` standing at `at` (it may be out by now): the marker,
/// if the spot is in a weak area, and the floor test for every model on the marker.
pub fn heavy_hit(c: &mut Ctx, at: Pt, base: f32) -> Result<(), RuleError> {
    let Ok(Some(h)) = Hazard::from_heavy_hit(&c.s.table, at, base) else {
        return Ok(());
    };
    c.emit(Event::HazardPlaced(HazardMark {
        centre: h.centre,
        diameter: h.diameter,
    }));
    let on: Vec<ModelId> =
        c.s.table
            .models
            .iter()
            .filter(|m| h.covers(m.pos, m.base_diameter))
            .map(|m| m.id)
            .collect();
    for id in on {
        floor_test(c, id)?;
    }
    Ok(())
}

/// A way walked (or pushed along) as far as the floor let the model go.
#[derive(Debug, Clone, PartialEq)]
pub struct Walk {
    /// The way to its end, or to where the floor gave way.
    pub path: Vec<Pt>,
    /// What the floor that gave way did (for [`land`], once the model stands at the way's end).
    pub fell: Option<FloorOutcome>,
}

/// `id` about to move along `path`: "Any time a unit moves or is pushed onto the damaged floor
/// marker" the floor is tested, marker by marker in the order the way reaches them; a floor
/// that gives way holds the model there, in the hole, where its way came nearest the marker's
/// middle, and the rest of the way is not walked.
pub fn walk(c: &mut Ctx, id: ModelId, path: &[Pt]) -> Result<Walk, RuleError> {
    let whole = Walk {
        path: path.to_vec(),
        fell: None,
    };
    let Ok(m) = c.s.table.model(id) else {
        return Ok(whole);
    };
    let base = m.base_diameter;
    let mut onto: Vec<(usize, f32, Pt)> =
        c.s.hazards
            .iter()
            .filter_map(|h| h.hazard().entry(path, base))
            .map(|(i, at)| (i, path[i].dist(at), at))
            .collect();
    onto.sort_by(|a, b| {
        (a.0, a.1)
            .partial_cmp(&(b.0, b.1))
            .unwrap_or(Ordering::Equal)
    });
    for (i, _, at) in onto {
        let outcome = floor_roll(c, id)?;
        if outcome != FloorOutcome::Holds {
            let mut way = path[..=i].to_vec();
            way.push(at);
            return Ok(Walk {
                path: way,
                fell: Some(outcome),
            });
        }
    }
    Ok(whole)
}

/// What the floor that gave way under `id` does once it stands in the hole.
pub fn land(c: &mut Ctx, id: ModelId, fell: Option<FloorOutcome>) -> Result<(), RuleError> {
    match fell {
        Some(FloorOutcome::Stuck { ap }) if ap > 0 => c.emit(Event::Stuck { model: id, ap }),
        Some(FloorOutcome::Collapses) => c.emit(Event::Killed {
            model: id,
            by: None,
        }),
        _ => {}
    }
    Ok(())
}

fn floor_test(c: &mut Ctx, id: ModelId) -> Result<(), RuleError> {
    let fell = floor_roll(c, id)?;
    land(c, id, Some(fell))
}

/// The floor's test under `id` (a model out of the game takes none: it holds), told in the
/// journal.
fn floor_roll(c: &mut Ctx, id: ModelId) -> Result<FloorOutcome, RuleError> {
    let m = c.s.model(id)?.clone();
    if !m.alive() {
        return Ok(FloorOutcome::Holds);
    }
    let outcome = resolve_damaged_structure(c.dice, &m.name)?;
    c.note(
        m.side,
        match outcome {
            FloorOutcome::Holds => format!("the damaged floor holds under {}", m.name),
            FloorOutcome::Stuck { .. } => format!("the floor gives way under {}", m.name),
            FloorOutcome::Collapses => {
                format!("the whole section gives way: {} falls to its death", m.name)
            }
        },
    );
    Ok(outcome)
}
