//! The order combos the program gives to a shooter with no shot from where it stands: a peek (a
//! small step round a corner AND a shot: the step is free), a sortie (a move out of cover AND a
//! shot AND a move back, when the spot it leaves is safer than the one it fires from), and a
//! move or a run into reach AND a shot. Paid in advance, a combo of different actions can only be
//! stopped by a unit in waiting, so the shooter fires before the enemy can answer its move, and
//! comes back before the enemy can answer its shot.
//!
//! The spots are judged as a player judges them: the line of sight from a spot as the table's
//! sight tool shows it, the distance to the target by eye (the pair's own misjudgement), the
//! odds of the shot from the rules; the rules check the whole combo before it is paid.

use super::judge::{by_eye_from, exposure, shot_ap, shot_wounds, worth};
use crate::rules::kry::catalogue::Ability;
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::movement::{allowance, move_rules};
use crate::rules::kry::ranged::FireMode;
use crate::rules::kry::shooting::Sighting;
use crate::rules::kry::state::{KryModel, KryState, Side};
use crate::table::movement::path_cost;
use crate::table::scene::Exposure;
use crate::table::{Arc, ModelId, Pt, Scene};

/// How far a peek reaches: under the small step's 1".
const PEEK: f32 = 0.95;
/// The directions tried around the way to the nearest target, in degrees.
const TURNS: [f32; 5] = [0.0, -45.0, 45.0, -90.0, 90.0];
/// The least a combo's shot must be worth (expected wounds times the target's worth, per AP).
const WORTHWHILE: f64 = 0.12;

/// The combos of `mine`'s shooters without a shot (`gun[i]` is unit `i`'s best shot from where it
/// stands), best first.
pub fn combos(
    s: &KryState,
    side: Side,
    seed: u64,
    mine: &[&KryModel],
    foes: &[&KryModel],
    gun: &[f64],
) -> Vec<Command> {
    let ap = s.ap_left(side);
    let shot = s.options.shot_cost;
    if ap < shot || foes.is_empty() {
        return Vec::new();
    }
    let scene = crate::rules::kry::scene::of(&s.table);
    // Enemies in waiting as told (a unit in waiting may fire into a combo's move).
    let waiting: Vec<ModelId> = foes.iter().filter(|e| e.waiting).map(|e| e.id).collect();
    let mut found: Vec<(f64, Vec<Command>)> = Vec::new();
    for (i, m) in mine.iter().enumerate() {
        if gun.get(i).is_some_and(|g| *g > 0.0) || !free_shooter(m) {
            continue;
        }
        let Ok(me) = s.table.model(m.id) else {
            continue;
        };
        let long = m
            .ranged
            .iter()
            .filter(|w| !w.broken)
            .map(|w| w.long)
            .fold(0.0, f32::max);
        let run = !m.has(Ability::CannotRun) && m.body() > 1;
        let reach = if run {
            2.0 * m.speed() as f32
        } else {
            m.speed() as f32
        };
        // The targets a move could bring into its fire, nearest first (by eye).
        let mut targets: Vec<(f32, &KryModel)> = foes
            .iter()
            .filter_map(|e| Some((super::judge::by_eye(s, m.id, e.id, seed)?, *e)))
            .filter(|(d, _)| *d <= long + reach)
            .collect();
        targets.sort_by(|a, b| a.0.total_cmp(&b.0));
        targets.truncate(2);
        let Some((_, near)) = targets.first() else {
            continue;
        };
        let Ok(nm) = s.table.model(near.id) else {
            continue;
        };
        let way = nm.pos.sub(me.pos);
        if way.len() < 1e-3 {
            continue;
        }
        let way = way.scale(1.0 / way.len());
        let here = exposure(s, &scene, side, m.id, me.pos, me.body_height, 24.0);
        let mut kinds: Vec<(MoveKind, f32, u32)> = Vec::new();
        if !m.acted && !m.small_stepped {
            kinds.push((MoveKind::SmallStep, PEEK, 0));
        }
        if ap >= 2 + shot {
            kinds.push((MoveKind::Normal, m.speed() as f32 * 0.95, 2));
        }
        if run && ap > shot {
            kinds.push((MoveKind::Run, reach * 0.95, 1));
        }
        for (kind, dist, cost) in kinds {
            let mut best: Option<(f64, Vec<Command>)> = None;
            for turn in TURNS {
                let p = me.pos.add(way.rotate(turn).scale(dist));
                let Some((gain, fire)) = shot_from(s, &scene, m, p, &targets, seed) else {
                    continue;
                };
                // A unit in waiting that sees the spot would stop the combo there (and its side
                // earns the interrupt's AP).
                if gain < WORTHWHILE
                    || seen_by_waiting(s, &scene, &waiting, p, me.body_height) > 0.0
                    || !reachable(s, &scene, m, p, kind)
                {
                    continue;
                }
                let mut steps = vec![Command::Move {
                    model: m.id,
                    to: p,
                    kind,
                }];
                steps.extend(fire);
                let spent = (cost + shot) as f64;
                // `gain` is the shot's worth per AP; a move's AP earn nothing of their own.
                let score = match kind {
                    // A free step: the shot alone is paid for.
                    MoveKind::SmallStep => gain,
                    _ => {
                        let there = exposure(s, &scene, side, m.id, p, me.body_height, 24.0);
                        // Back to where it stood, when that is safer and the AP allow; only a
                        // unit in waiting could fire at it out there.
                        if kind == MoveKind::Normal && there > here + 0.3 && ap >= 4 + shot {
                            steps.push(Command::Move {
                                model: m.id,
                                to: me.pos,
                                kind: MoveKind::Normal,
                            });
                            gain * shot as f64 / (spent + 2.0)
                        } else {
                            (gain * shot as f64 - 0.1 * there) / spent
                        }
                    }
                };
                if best.as_ref().is_none_or(|b| score > b.0) {
                    best = Some((score, steps));
                }
            }
            if let Some(b) = best.filter(|b| b.0 > 0.0) {
                // A peek first: it costs no move.
                let bonus = if kind == MoveKind::SmallStep {
                    1.0
                } else {
                    0.0
                };
                found.push((b.0 + bonus, b.1));
            }
        }
    }
    found.sort_by(|a, b| b.0.total_cmp(&a.0));
    found
        .into_iter()
        .take(3)
        .map(|(_, steps)| Command::Order { steps })
        .collect()
}

/// A peek before a shot `m` has from where it stands (worth `now`): a small step (free) from
/// which a target would show better (out of its cover, its blind side, nearer), the turn and the
/// shot, if that is worth a twentieth more (straight at the target: no less) and no enemy in
/// waiting sees the spot. The combo, then the step alone.
pub fn peek(s: &KryState, seed: u64, m: &KryModel, foes: &[&KryModel], now: f64) -> Vec<Command> {
    peek_steps(s, seed, m, foes, now).unwrap_or_default()
}

fn peek_steps(
    s: &KryState,
    seed: u64,
    m: &KryModel,
    foes: &[&KryModel],
    now: f64,
) -> Option<Vec<Command>> {
    if m.acted || m.small_stepped || !free_shooter(m) {
        return None;
    }
    let me = s.table.model(m.id).ok()?;
    let long = m
        .ranged
        .iter()
        .filter(|w| !w.broken)
        .map(|w| w.long)
        .fold(0.0, f32::max);
    let mut targets: Vec<(f32, &KryModel)> = foes
        .iter()
        .filter_map(|e| Some((super::judge::by_eye(s, m.id, e.id, seed)?, *e)))
        .filter(|(d, _)| *d <= long)
        .collect();
    targets.sort_by(|a, b| a.0.total_cmp(&b.0));
    targets.truncate(2);
    let (_, near) = targets.first()?;
    let way = s.table.model(near.id).ok()?.pos.sub(me.pos);
    if way.len() < 1e-3 {
        return None;
    }
    let way = way.scale(1.0 / way.len());
    let scene = crate::rules::kry::scene::of(&s.table);
    let mut best: Option<(f64, Vec<Command>)> = None;
    let waiting: Vec<ModelId> = foes.iter().filter(|e| e.waiting).map(|e| e.id).collect();
    for turn in [0.0f32, 90.0, -90.0, 45.0, -45.0] {
        let p = me.pos.add(way.rotate(turn).scale(PEEK));
        let Some((gain, fire)) = shot_from(s, &scene, m, p, &targets, seed) else {
            continue;
        };
        // Straight at the target, closing the range for free, it need only be no worse.
        let enough = if turn == 0.0 {
            gain >= now && targets[0].0 > 2.0
        } else {
            gain > now * 1.05 + 0.01
        };
        if enough
            && best.as_ref().is_none_or(|b| gain > b.0)
            && seen_by_waiting(s, &scene, &waiting, p, me.body_height) == 0.0
            && reachable(s, &scene, m, p, MoveKind::SmallStep)
        {
            let mut steps = vec![Command::Move {
                model: m.id,
                to: p,
                kind: MoveKind::SmallStep,
            }];
            steps.extend(fire);
            best = Some((gain, steps));
        }
    }
    // The combo first; should the rules refuse it, the step alone (the shot follows it).
    let (_, steps) = best?;
    let step = steps.first().cloned();
    let mut v = vec![Command::Order { steps }];
    v.extend(step);
    Some(v)
}

/// A shooter free to move and fire: a working gun, RC, not pinned, down, stuck or waiting.
fn free_shooter(m: &KryModel) -> bool {
    m.profile.rc.is_some()
        && m.ranged.iter().any(|w| !w.broken)
        && m.pinned.is_none()
        && !m.prone
        && m.stuck == 0
        && !m.waiting
}

/// The best shot `m` would have standing at `p`: its worth and the steps (a turn to face the
/// target, the shot), if it would see a target it judges in reach.
fn shot_from(
    s: &KryState,
    scene: &Scene,
    m: &KryModel,
    p: Pt,
    targets: &[(f32, &KryModel)],
    seed: u64,
) -> Option<(f64, Vec<Command>)> {
    let me = s.table.model(m.id).ok()?;
    let eye = crate::table::surface::height(&s.table, p) + 0.8 * me.body_height;
    let mut best: Option<(f64, Vec<Command>)> = None;
    for (_, e) in targets {
        let Ok(em) = s.table.model(e.id) else {
            continue;
        };
        let judged = by_eye_from(s, m.id, p, e.id, seed)?;
        let at = em.h + 0.6 * em.body_height;
        let cover = match scene.point_exposure(p, eye, em.pos, at, [Some(m.id), Some(e.id)]) {
            Exposure::Hidden => continue,
            Exposure::Covered => true,
            Exposure::Open => false,
        };
        let sight = Sighting {
            cover,
            blind_side: em.arc_of_point(p) != Arc::Front,
            range: judged,
        };
        for w in m.ranged.iter().filter(|w| !w.broken) {
            for mode in [FireMode::Snap, FireMode::Standard] {
                let Some(wounds) = shot_wounds(s, m, e, w, mode, &sight, judged) else {
                    continue;
                };
                let gain = wounds * worth(e) / shot_ap(s, mode) as f64;
                if best.as_ref().is_none_or(|b| gain > b.0) {
                    best = Some((
                        gain,
                        vec![
                            Command::Turn {
                                model: m.id,
                                facing: em.pos.sub(p).angle_deg(),
                            },
                            Command::Shoot {
                                shooter: m.id,
                                target: e.id,
                                weapon: w.name.clone(),
                                mode,
                                second: None,
                            },
                        ],
                    ));
                }
            }
        }
    }
    best
}

/// Whether `m` may stand at `p` and get there straight within a move of `kind` (the rules look
/// for a way round too; the program does not count on one).
pub(super) fn reachable(s: &KryState, scene: &Scene, m: &KryModel, p: Pt, kind: MoveKind) -> bool {
    let Ok(from) = s.table.model(m.id).map(|x| x.pos) else {
        return false;
    };
    if s.table.check_placement(p, m.base, Some(m.id)).is_err() {
        return false;
    }
    matches!(
        path_cost(&s.table, scene, m.id, &[from, p], &move_rules()),
        Ok(Ok(c)) if c <= allowance(m, kind) + 0.01
    )
}

/// How many of the enemy's units in waiting would see a model of height `h` at `p`.
pub(super) fn seen_by_waiting(
    s: &KryState,
    scene: &Scene,
    waiting: &[ModelId],
    p: Pt,
    h: f32,
) -> f64 {
    let at = crate::table::surface::height(&s.table, p) + 0.8 * h;
    waiting
        .iter()
        .filter_map(|id| s.table.model(*id).ok())
        .filter(|em| {
            scene.point_exposure(
                em.pos,
                em.h + 0.8 * em.body_height,
                p,
                at,
                [Some(em.id), None],
            ) != Exposure::Hidden
        })
        .count() as f64
}
