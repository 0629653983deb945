//! "Effects of explosive weapons": a heavy weapon that hits in a weak (W) area places a
//! "Damaged structure" marker; a unit that stands there, or moves or is pushed onto it, rolls
//! for the floor (the table's own resolution); a unit stuck in a hole is dug out with AP.

use super::ctx::Ctx;
use super::event::Event;
use super::state::HazardMark;
use crate::rules::core::RuleError;
use crate::table::template::{FloorOutcome, Hazard, resolve_damaged_structure};
use crate::table::{ModelId, Pt};

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

/// After `id` moved along `path`: the floor test for each marker it came onto.
pub fn after_move(c: &mut Ctx, id: ModelId, path: &[Pt]) -> Result<(), RuleError> {
    let Ok(m) = c.s.table.model(id) else {
        return Ok(());
    };
    let base = m.base_diameter;
    let entered =
        c.s.hazards
            .iter()
            .filter(|h| h.hazard().entered_by(path, base))
            .count();
    for _ in 0..entered {
        if !c.s.model(id)?.alive() || c.s.model(id)?.stuck > 0 {
            break;
        }
        floor_test(c, id)?;
    }
    Ok(())
}

fn floor_test(c: &mut Ctx, id: ModelId) -> Result<(), RuleError> {
    let m = c.s.model(id)?.clone();
    if !m.alive() {
        return Ok(());
    }
    match resolve_damaged_structure(c.dice, &m.name)? {
        FloorOutcome::Holds => c.note(m.side, format!("the damaged floor holds under {}", m.name)),
        FloorOutcome::Stuck { ap } => {
            c.note(m.side, format!("the floor gives way under {}", m.name));
            if ap > 0 {
                c.emit(Event::Stuck { model: id, ap });
            }
        }
        FloorOutcome::Collapses => {
            c.note(
                m.side,
                format!("the whole section gives way: {} falls to its death", m.name),
            );
            c.emit(Event::Killed {
                model: id,
                by: None,
            });
        }
    }
    Ok(())
}
