//! Bases in contact: how near counts as touching, and what ends when two models in close
//! combat part.

use super::state::KryState;
use crate::table::ModelId;

/// Bases touching: "the bases of the models must be touching".
pub const CONTACT: f32 = 0.05;

/// After `moved` moved: "Only if one of the units disengages the close combat, and is attacked
/// again by a fear causing unit, then this bonus is applied again." Two models whose bases no
/// longer touch have left their close combat: the first attacks between them (the initiator's
/// +1 CC, the charger's -2 Body), a charge's +2 CC and a fear test come again when they meet again.
pub fn disengage(s: &mut KryState, moved: ModelId) {
    let apart =
        |s: &KryState, a: ModelId, b: ModelId| s.table.distance(a, b).map_or(true, |d| d > CONTACT);
    let mut drop: Vec<(ModelId, ModelId)> = Vec::new();
    for m in s.models.values() {
        let others = m
            .first_attack_taken
            .iter()
            .chain(m.afraid_of.iter())
            .chain(m.charged.iter())
            .chain(m.braved.iter());
        for o in others {
            if (m.id == moved || *o == moved) && apart(s, m.id, *o) {
                drop.push((m.id, *o));
            }
        }
    }
    for (id, o) in drop {
        if let Some(m) = s.models.get_mut(&id) {
            m.first_attack_taken.retain(|x| *x != o);
            m.braved.retain(|x| *x != o);
            if m.afraid_of == Some(o) {
                m.afraid_of = None;
            }
            if m.charged == Some(o) {
                m.charged = None;
            }
        }
    }
}
