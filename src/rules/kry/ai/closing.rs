//! The program in close combat: which of its units fight hand to hand, the order combos that
//! bring them into base contact (a run or a move AND a charge, paid in advance, so that only a
//! unit in waiting can stop them between the two), and how far an enemy fighter reaches with
//! one order (its run and its charge), which its shooters keep out of where they can.
//!
//! A charge moves Speed + Body straight at its target; a run takes a point of Body, so a charge
//! after a run reaches one inch less. Distances are judged by eye, as a player judges them: a
//! spot is chosen so that the charge reaches even if the eye is off by the most it can be.

use super::judge::{by_eye, by_eye_from};
use super::sortie::seen_by_waiting;
use crate::rules::core::memo::{MemoMap, remembered};
use crate::rules::kry::catalogue::Ability;
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::movement::{climb_limit, move_rules_for};
use crate::rules::kry::state::{KryModel, KryState, Side};
use crate::table::movement::path_cost;
use crate::table::{ModelId, Pt};
use std::cell::RefCell;

/// The share of a judged distance that surely lies within the true one: the eye is off by at
/// most 15%, so a gap judged at 85% of a reach is within it.
const SURE: f32 = 0.85;

/// Whether `m` fights hand to hand rather than with a gun: it has CC, and no working gun or an
/// RC below its CC. A squad leader with a gun keeps to it: it rolls the side's AP, and its loss
/// costs 5 AP on the Loses table.
pub fn fighter(m: &KryModel) -> bool {
    let Some(cc) = m.profile.cc else {
        return false;
    };
    let gun = m.profile.rc.filter(|_| m.ranged.iter().any(|w| !w.broken));
    if gun.is_some() && m.class == crate::rules::kry::catalogue::Class::SquadLeader {
        return false;
    }
    gun.is_none_or(|rc| cc > rc)
}

/// Whether `m` may run now: it can run at all and is not out of breath (Body 1).
pub fn can_run(m: &KryModel) -> bool {
    !m.has(Ability::CannotRun) && m.body() > 1
}

/// How far a charge of `m` reaches now: Speed + Body.
pub fn charge_reach(m: &KryModel) -> f32 {
    (m.speed() + m.body()) as f32
}

/// How far `e` reaches with one order of a move and a charge: a run (twice its Speed) AND a
/// charge at one Body less, or, when it cannot run, a move AND a charge.
pub fn threat(e: &KryModel) -> f32 {
    let speed = e.speed() as f32;
    if can_run(e) {
        2.0 * speed + speed + (e.body() - 1).max(1) as f32
    } else {
        speed + charge_reach(e)
    }
}

/// Whether `m` is free to move and charge: not pinned, down, stuck, in waiting, or just after a
/// small step.
fn free(m: &KryModel) -> bool {
    m.pinned.is_none() && !m.prone && m.stuck == 0 && !m.waiting && !m.small_stepped
}

/// A fighter's run (or move) AND charge as [`chargings`] weighs it, all but the spot its move
/// ends on (the costly part: a search for a way to each spot tried): its targets, nearest
/// first, each with the worth of its strike before the eyes of units in waiting are counted.
pub struct Charging {
    fighter: ModelId,
    kind: MoveKind,
    step: f32,
    reach: f32,
    targets: Vec<(ModelId, f64, Command)>,
    /// The enemy's units in waiting.
    waiting: Vec<ModelId>,
}

impl Charging {
    /// The most the combo can be worth: the spot's eyes only take from a strike's worth.
    pub fn bound(&self) -> f64 {
        self.targets
            .iter()
            .map(|t| t.1)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The combo and its worth, with its spot found; `None` when no spot will do.
    pub fn resolve(&self, s: &KryState, seed: u64) -> Option<(f64, Command)> {
        let m = s.models.get(&self.fighter)?;
        let me = s.table.model(m.id).ok()?;
        let scene = crate::rules::kry::scene::of(&s.table);
        let rules = move_rules_for(climb_limit(m));
        let mut best: Option<(f64, Command)> = None;
        for (e, score, strike) in &self.targets {
            let score = *score;
            if best.as_ref().is_some_and(|b| b.0 >= score) {
                continue;
            }
            let Ok(em) = s.table.model(*e) else {
                continue;
            };
            let way = Way {
                from: me.pos,
                at: em.pos,
                e: *e,
                step: self.step,
                reach: self.reach,
                kind: self.kind,
                h: me.body_height,
            };
            let Some((seen, to)) = spot(s, &scene, &rules, seed, m, &way, &self.waiting) else {
                continue;
            };
            let score = score - 0.3 * seen;
            if score > 0.0 && best.as_ref().is_none_or(|b| score > b.0) {
                best = Some((
                    score,
                    Command::Order {
                        steps: vec![
                            Command::Move {
                                model: m.id,
                                to,
                                kind: self.kind,
                            },
                            strike.clone(),
                        ],
                    },
                ));
            }
        }
        best
    }
}

/// The run (or move) AND charge combos of `mine`'s fighters at enemies beyond a plain charge
/// but within a move and a charge (by eye), one per fighter with a target worth the combo, all
/// but their spots ([`Charging::resolve`] finds one). A combo's worth is the attack's worth as
/// `attack` weighs it (expected wounds times the target's worth), with the charge's +2 CC as a
/// plain charge counts it, less for the move's AP and for each enemy unit in waiting that would
/// see the spot the move ends on (it may fire there, and stops the combo).
pub fn chargings(
    s: &KryState,
    side: Side,
    seed: u64,
    mine: &[&KryModel],
    foes: &[&KryModel],
    attack: impl Fn(&KryModel, ModelId) -> Option<(f64, Command)>,
) -> Vec<Charging> {
    let ap = s.ap_left(side);
    if ap < 2 || foes.is_empty() {
        return Vec::new();
    }
    let waiting: Vec<ModelId> = foes.iter().filter(|e| e.waiting).map(|e| e.id).collect();
    let mut out = Vec::new();
    for m in mine {
        if !fighter(m) || !free(m) || s.table.model(m.id).is_err() {
            continue;
        }
        let speed = m.speed() as f32;
        let (kind, step, share, reach) = if can_run(m) {
            (
                MoveKind::Run,
                2.0 * speed,
                0.8,
                speed + (m.body() - 1).max(1) as f32,
            )
        } else if ap >= 3 {
            (MoveKind::Normal, speed, 0.6, charge_reach(m))
        } else {
            continue;
        };
        let step = step * 0.95;
        let mut near: Vec<(f32, &KryModel)> = foes
            .iter()
            .filter_map(|e| Some((by_eye(s, m.id, e.id, seed)?, *e)))
            .filter(|(d, _)| *d > charge_reach(m) * SURE && *d <= step + reach * SURE)
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        near.truncate(2);
        let targets: Vec<(ModelId, f64, Command)> = near
            .into_iter()
            .filter_map(|(_, e)| {
                let (w, strike) = attack(m, e.id)?;
                let score = w * 1.3 * share;
                (score >= 0.05).then_some((e.id, score, strike))
            })
            .collect();
        if !targets.is_empty() {
            out.push(Charging {
                fighter: m.id,
                kind,
                step,
                reach,
                targets,
                waiting: waiting.clone(),
            });
        }
    }
    out
}

/// A move before a charge: from where the fighter stands, at the target standing at `at`, a
/// move of `kind` of at most `step`, then a charge of `reach`; `h` the fighter's height.
#[derive(Clone, Copy)]
struct Way {
    from: Pt,
    at: Pt,
    e: ModelId,
    step: f32,
    reach: f32,
    kind: MoveKind,
    h: f32,
}

/// The directions around the target a move may end in, in degrees from the way back to the
/// fighter.
const AROUND: [f32; 9] = [0.0, -30.0, 30.0, -60.0, 60.0, -90.0, 90.0, -135.0, 135.0];

thread_local! {
    /// The spots found on this thread ([`spot`]), by everything a spot depends on: the table
    /// (terrain and every model, by its fingerprint), the fighter's id, climbing height and
    /// move, the way, the units in waiting, the game's seed and the round (the eye's
    /// misjudgement). The program weighs each fighter's charges again after every order, most of
    /// them orders that moved nobody. A memo of a pure function.
    static SPOTS: RefCell<MemoMap<(u64, [u64; 9]), Option<(f64, Pt)>>> =
        RefCell::new(MemoMap::default());
}

/// Where `m` moves before its charge `w`: a spot near the target, round a corner if need be,
/// that the move reaches (by the rules' own search for a way), from which the charge's
/// straight way is open and the gap judged within the charge's reach for sure; of those, the
/// one the fewest enemy units in waiting see, then the nearest. Their number and the spot.
fn spot(
    s: &KryState,
    scene: &crate::table::Scene,
    rules: &crate::table::movement::MoveRules,
    seed: u64,
    m: &KryModel,
    w: &Way,
    waiting: &[ModelId],
) -> Option<(f64, Pt)> {
    let pt = |p: Pt| p.x.to_bits() as u64 | (p.y.to_bits() as u64) << 32;
    let mut ways = crate::table::fingerprint::Mix::default();
    for id in waiting {
        ways.u64(id.0 as u64);
    }
    let allowance = crate::rules::kry::movement::allowance(m, w.kind);
    let key = (
        crate::table::fingerprint::with_models(&s.table),
        [
            m.id.0 as u64 | (w.e.0 as u64) << 32,
            climb_limit(m).to_bits() as u64 | (allowance.to_bits() as u64) << 32,
            pt(w.from),
            pt(w.at),
            w.step.to_bits() as u64 | (w.reach.to_bits() as u64) << 32,
            w.kind as u64 | (w.h.to_bits() as u64) << 8,
            m.base.to_bits() as u64 | (s.round as u64) << 32,
            ways.done(),
            seed,
        ],
    );
    remembered(&SPOTS, key, || {
        spot_anew(s, scene, rules, seed, m, w, waiting)
    })
}

fn spot_anew(
    s: &KryState,
    scene: &crate::table::Scene,
    rules: &crate::table::movement::MoveRules,
    seed: u64,
    m: &KryModel,
    w: &Way,
    waiting: &[ModelId],
) -> Option<(f64, Pt)> {
    let Way {
        from,
        at,
        e,
        step,
        reach,
        kind,
        h,
    } = *w;
    let (me, em) = (s.table.model(m.id).ok()?, s.table.model(e).ok()?);
    let back = from.sub(at);
    let len = back.len();
    if len < 1e-3 {
        return None;
    }
    let back = back.scale(1.0 / len);
    let radii = me.radius() + em.radius();
    let mut spots: Vec<(f64, f32, Pt)> = Vec::new();
    for turn in AROUND {
        let d = back.rotate(turn);
        // As near the target as the move allows: the charge is sure from any of these gaps.
        for gap in [1.0, 0.5 * reach * SURE, 0.95 * reach * SURE] {
            let p = at.add(d.scale(radii + gap));
            let near = from.dist(p);
            if near > step || near < 1.0 {
                continue;
            }
            if by_eye_from(s, m.id, p, e, seed).is_none_or(|g| g > reach * SURE) {
                continue;
            }
            spots.push((seen_by_waiting(s, scene, waiting, p, h), gap, p));
        }
    }
    // The fewest eyes of units in waiting, then the nearest the target (the surest charge).
    spots.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let allowance = crate::rules::kry::movement::allowance(m, kind);
    spots
        .into_iter()
        .filter(|(_, _, p)| s.table.check_placement(*p, m.base, Some(m.id)).is_ok())
        .filter(|(_, _, p)| charge_open(s, scene, rules, m, *p, at, e, reach))
        .take(3)
        .find(|(_, _, p)| crate::rules::kry::movement::has_way(s, scene, m.id, *p, allowance))
        .map(|(seen, _, p)| (seen, p))
}

/// Whether the straight way from `p` to base contact with `e` (at `at`) is open and within
/// `reach` (the rules find a way round too; the program does not count on one).
#[allow(clippy::too_many_arguments)]
fn charge_open(
    s: &KryState,
    scene: &crate::table::Scene,
    rules: &crate::table::movement::MoveRules,
    m: &KryModel,
    p: Pt,
    at: Pt,
    e: ModelId,
    reach: f32,
) -> bool {
    let (Ok(me), Ok(em)) = (s.table.model(m.id), s.table.model(e)) else {
        return false;
    };
    let way = at.sub(p);
    let len = way.len();
    let gap = len - me.radius() - em.radius();
    if gap <= 0.0 {
        return false;
    }
    // A hair short of the base: the way is the question, not the touch.
    let to = p.add(way.scale((gap - 0.05).max(0.0) / len));
    // The cost is counted from where the model stands now: the first stride reaches `p`.
    let jump = me.pos.dist(p);
    matches!(path_cost(&s.table, scene, m.id, &[p, to], rules), Ok(Ok(c)) if c <= jump + reach + 0.3)
}

/// How far into the reach of the enemy's fighters a model standing at `p` would be: for each
/// enemy fighter free to come, the inches its run and charge (by eye, from `who`'s judgement)
/// reach beyond `p`, weighted double within a plain charge. Zero out of every reach.
pub fn in_reach(s: &KryState, who: &KryModel, foes: &[&KryModel], p: Pt, seed: u64) -> f64 {
    let mut sum = 0.0;
    for e in foes {
        if !fighter(e) || e.pinned.is_some() || e.stuck > 0 {
            continue;
        }
        let Some(d) = by_eye_from(s, who.id, p, e.id, seed) else {
            continue;
        };
        let charge = charge_reach(e);
        let far = threat(e);
        if d < far {
            sum += ((far - d) / far) as f64;
        }
        if d < charge + 1.0 {
            sum += 1.0;
        }
    }
    sum
}
