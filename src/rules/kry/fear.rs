//! "Any time a unit moves in to attack a fear causing unit in close combat (either through normal
//! movement or the movement type ‘charge’), a willpower roll must be made against 6. If the unit
//! fails, they freeze 2 inches out from the model": the test of a move that ends with the base
//! touching a fear-causing enemy's, and where a unit that fails it stops.

use super::catalogue::Ability;
use super::contact::CONTACT;
use super::ctx::Ctx;
use super::event::Event;
use super::state::KryModel;
use crate::rules::core::RuleError;
use crate::table::{ModelId, Pt};

/// How far out a unit that fails its fear test freezes.
pub const FREEZE: f32 = 2.0;

/// Whether `m` frightens a unit that attacks it: fear or pure horror.
pub fn frightening(m: &KryModel) -> bool {
    m.has(Ability::Fear) || m.has(Ability::PureHorror)
}

/// Whether `of` frightens `who` (attacking it or attacked by it): pure horror tests only "the
/// non-horror causing units", so one pure horror does not frighten another.
pub fn frightens(of: &KryModel, who: &KryModel) -> bool {
    frightening(of) && !(of.has(Ability::PureHorror) && who.has(Ability::PureHorror))
}

/// The gap between the base edges of a model of base `base` standing at `p` and `other`.
fn gap_at(c: &Ctx, p: Pt, base: f32, other: ModelId) -> f32 {
    c.s.table.model(other).map_or(f32::INFINITY, |o| {
        (p.dist(o.pos) - base / 2.0 - o.radius()).max(0.0)
    })
}

/// Where a unit going from `path[0]` along `path` freezes before `of`: the first point of the
/// way 2" out from its base, or where the unit stands if it was closer than that already ("If
/// the unit was closer than 2 inches when they declared the charge, leave the unit where it
/// is"). Also the way walked to that point.
pub fn freeze_point(c: &Ctx, path: &[Pt], base: f32, of: ModelId) -> (Pt, Vec<Pt>) {
    let Some(&start) = path.first() else {
        return (Pt::new(0.0, 0.0), Vec::new());
    };
    let mut walked = vec![start];
    if gap_at(c, start, base, of) < FREEZE {
        return (start, walked);
    }
    for w in path.windows(2) {
        let n = (w[0].dist(w[1]) / 0.02).ceil().max(1.0) as usize;
        let mut last = w[0];
        for k in 1..=n {
            let p = w[0].add(w[1].sub(w[0]).scale(k as f32 / n as f32));
            if gap_at(c, p, base, of) < FREEZE {
                walked.push(last);
                return (last, walked);
            }
            last = p;
        }
        walked.push(w[1]);
    }
    let end = *walked.last().unwrap_or(&start);
    (end, walked)
}

/// A unit `id` about to end a move at `to` along `path`: for each fear-causing enemy its base
/// would touch there that it has not braved since they last met, the Willpower test against 6
/// (pure horror halves the Willpower first). Passing, it has braved that enemy (no new test when
/// it attacks it); failing, it freezes: the point it stops at and the way to it, with the
/// enemy it froze before (for a pure horror's fear shock, once it stands there). `None`: the
/// move goes on to `to`.
pub fn moving_in(
    c: &mut Ctx,
    id: ModelId,
    path: &[Pt],
    to: Pt,
) -> Result<Option<(Pt, Vec<Pt>, KryModel)>, RuleError> {
    let m = c.s.model(id)?.clone();
    let touched: Vec<KryModel> =
        c.s.models
            .values()
            .filter(|o| o.side != m.side && o.alive() && frightens(o, &m))
            .filter(|o| !m.braved.contains(&o.id))
            .filter(|o| gap_at(c, to, m.base, o.id) <= CONTACT)
            .cloned()
            .collect();
    for t in touched {
        let pass = c.will_roll_halved(id, 6, t.has(Ability::PureHorror), &fear_why(&m, &t))?;
        if pass {
            c.emit(Event::Braved {
                model: id,
                of: t.id,
            });
            continue;
        }
        let why = format!("{} freezes before {}", m.name, t.name);
        c.note(m.side, why.clone());
        c.fail(why);
        let (at, way) = freeze_point(c, path, m.base, t.id);
        return Ok(Some((at, way, t)));
    }
    Ok(None)
}

/// The reason of a fear test's roll, in words.
pub fn fear_why(who: &KryModel, of: &KryModel) -> String {
    if of.has(Ability::PureHorror) {
        format!("{} against the pure horror of {}", who.name, of.name)
    } else {
        format!("{} against {}'s fear", who.name, of.name)
    }
}
