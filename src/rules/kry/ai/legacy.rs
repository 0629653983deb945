//! The program as it played before it gave order combos, small steps and face-offs: kept as a
//! named style (`legacy`) to measure the program against. Answers: a defence by the exact odds,
//! the wounds it can afford; in the free flow of the round it blows up, unpins, fights, fires,
//! turns, charges, waits and advances one order at a time, never calls a face-off and pulls out
//! of every face-off called on it.

use super::judge::{by_eye, defended, exposure, worth};
use super::program::{best_attack, best_shot_at, interrupt, on_table};
use crate::rules::core::RuleSet;
use crate::rules::kry::catalogue::Ability;
use crate::rules::kry::close::{AttackType, Defence, extra_wound_cost};
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::marker::Kry;
use crate::rules::kry::melee::CONTACT;
use crate::rules::kry::options::Scenario;
use crate::rules::kry::state::{KryModel, KryState, Pending, Side, enemy};
use crate::table::Pt;

/// What the program would like to do now, best first.
pub fn wishes(s: &KryState, side: Side, seed: u64) -> Vec<Command> {
    match &s.pending {
        Some(p) => answer(s, side, p, seed),
        None => {
            let mut stages = Orders::default();
            let mut out = Vec::new();
            while let Some(v) = stages.next(s, side, seed) {
                out.extend(v);
            }
            out
        }
    }
}

/// The program's orders in the free flow of the round, weighed a stage at a time, best stage
/// first: a stage is weighed only when no order of the ones before was taken (all of them
/// together are [`wishes`]). Between two calls of [`Orders::next`] the state must not change.
#[derive(Debug, Default)]
pub struct Orders {
    stage: usize,
    /// Each unit's best shot's worth (found by the first stage; a unit with a shot keeps its
    /// distance when it moves).
    gun: Vec<f64>,
}

impl Orders {
    /// The orders of the next stage (possibly none), or `None` when all were weighed.
    pub fn next(&mut self, s: &KryState, side: Side, seed: u64) -> Option<Vec<Command>> {
        let stage = self.stage;
        self.stage += 1;
        let mine = on_table(s, side);
        let foes = on_table(s, enemy(side));
        match stage {
            0 => {
                let (out, gun) = fights(s, side, seed, &mine, &foes);
                self.gun = gun;
                Some(out)
            }
            // 5. Turn to face an enemy it sees but does not face (turning is free).
            1 => Some(
                mine.iter()
                    .filter_map(|m| turn_to_fire(s, m, &foes, seed))
                    .collect(),
            ),
            2 => Some(waits(s, side, seed, &mine, &foes)),
            // 7. Move toward the enemy's flank, stopping where it is least exposed, one unit
            // at a time.
            k => {
                let i = k - 3;
                let m = mine.get(i)?;
                if m.pinned.is_some() || m.prone || m.stuck > 0 || m.waiting {
                    return Some(Vec::new());
                }
                // A shooter with no shot from where it stands closes in until it has one.
                let has_shot = self.gun.get(i).is_some_and(|g| *g > 0.0);
                Some(advance(s, m, &foes, seed, has_shot))
            }
        }
    }
}

fn answer(s: &KryState, side: Side, p: &Pending, seed: u64) -> Vec<Command> {
    match p {
        // The attack type is the attacker's secret until the defence class is chosen.
        Pending::DefenceClass(_) => vec![super::blind::defence_class(s, side)],
        Pending::DefenceType(a) => {
            let mut v: Vec<(f64, Defence)> = Defence::ALL
                .into_iter()
                .filter(|d| d.active())
                .filter_map(|d| defended(s, a, d).map(|x| (x.0, d)))
                .collect();
            // A break off with nothing through takes the model away unhurt.
            if a.hits == Some(0)
                && a.attack != AttackType::LegSweep
                && crate::rules::kry::melee::may_break_off(s, a.target, a.attacker).is_ok()
            {
                v.push((-1.0, Defence::BreakOff));
            }
            v.sort_by(|x, y| x.0.total_cmp(&y.0));
            v.into_iter()
                .map(|(_, defence)| Command::DefenceType {
                    defence,
                    weapon: None,
                })
                .collect()
        }
        Pending::BuyWounds { passes, target, .. } => {
            // Each wound beyond the first costs more; the program buys what kills or what it
            // can spare while keeping 2 AP.
            let left = s
                .models
                .get(target)
                .map_or(1, |t| t.wounds.saturating_sub(t.wounds_taken).max(1) as u32);
            let mut extra = 0;
            let mut cost = 0;
            while extra + 1 < (*passes).min(left) {
                let c = extra_wound_cost(extra + 2);
                if cost + c + 2 > s.ap_left(side) {
                    break;
                }
                cost += c;
                extra += 1;
            }
            vec![Command::BuyWounds { extra }]
        }
        Pending::Window {
            owner,
            waiting_only,
            ..
        } => {
            let mut v = interrupt(s, side, *owner, *waiting_only, seed);
            v.push(Command::Pass);
            v
        }
        // Asked to let a defender break off, the program fights on.
        Pending::BreakOffAsked(_) => vec![Command::LetBreakOff { agree: false }],
        // The program does not call face-offs; called on it, it lets the other side go.
        Pending::FaceOff(_) => vec![Command::FaceOffChoose { choice: None }],
        Pending::FaceOffWon { .. } => vec![Command::Done { side }],
    }
}

fn fights(
    s: &KryState,
    side: Side,
    seed: u64,
    mine: &[&KryModel],
    foes: &[&KryModel],
) -> (Vec<Command>, Vec<f64>) {
    let mut out = Vec::new();
    // 0. Breach: blow up a location in reach.
    if s.scenario == Scenario::Breach && side == 1 {
        for m in mine {
            for i in 0..s.table.objectives.len() {
                let c = Command::Sabotage {
                    model: m.id,
                    objective: i,
                };
                if !s.destroyed.contains(&i) && Kry::check(s, side, &c).is_ok() {
                    out.push(c);
                }
            }
        }
    }
    // 1. Its best pinned units back on their feet; the fallen stand, the stuck dig out.
    let mut pinned: Vec<&&KryModel> = mine.iter().filter(|m| m.pinned.is_some()).collect();
    pinned.sort_by(|a, b| worth(b).total_cmp(&worth(a)));
    if s.ap_left(side) >= 3 {
        out.extend(pinned.iter().map(|m| Command::Unpin { model: m.id }));
    }
    for m in mine {
        if m.prone {
            out.push(Command::StandUp { model: m.id });
        }
        if m.stuck > 0 {
            out.push(Command::DigOut { model: m.id });
        }
    }
    // 2. Fight in contact, 3. fire, 4. charge: all weighed together by expected wounds per AP
    // and the worth of the target.
    let mut scored: Vec<(f64, Command)> = Vec::new();
    let mut gun: Vec<f64> = vec![0.0; mine.len()];
    for (i, m) in mine.iter().enumerate() {
        if m.prone {
            continue;
        }
        for e in foes {
            let d = s.table.distance(m.id, e.id).unwrap_or(f32::MAX);
            if d <= CONTACT {
                if let Some((w, c)) = best_attack(s, m, e.id, false) {
                    scored.push((w, c));
                }
                continue;
            }
            if let Some((w, c)) = best_shot_at(s, m, e.id, seed) {
                // A unit that has fired this round fires again only if nothing better waits.
                let w = if m.acted { w * 0.7 } else { w };
                gun[i] = gun[i].max(w);
                scored.push((w, c));
            }
        }
    }
    for (i, m) in mine.iter().enumerate() {
        if m.profile.cc.is_none() || m.pinned.is_some() || m.prone {
            continue;
        }
        for e in foes {
            let Some(judged) = by_eye(s, m.id, e.id, seed) else {
                continue;
            };
            if judged <= CONTACT || judged > (m.speed() + m.body()) as f32 {
                continue;
            }
            if let Some((w, c)) = best_attack(s, m, e.id, true) {
                // The charge's +2 CC is not in the passive odds; its worth is its AP's.
                if w * 1.3 > gun[i] {
                    scored.push((w * 1.3, c));
                }
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    out.extend(scored.into_iter().map(|x| x.1));
    (out, gun)
}

/// 6. Waiting: a shooter with nothing to fire at, when an enemy could come into its fire.
fn waits(
    s: &KryState,
    side: Side,
    seed: u64,
    mine: &[&KryModel],
    foes: &[&KryModel],
) -> Vec<Command> {
    let mut out = Vec::new();
    let waiting = mine.iter().filter(|m| m.waiting).count();
    if waiting < 2 && s.ap_left(side) >= 4 {
        for m in mine {
            if m.waiting || m.pinned.is_some() || m.ranged.iter().all(|w| w.broken) {
                continue;
            }
            let long = m.ranged.iter().map(|w| w.long).fold(0.0, f32::max);
            let soon = foes.iter().any(|e| {
                by_eye(s, m.id, e.id, seed)
                    .is_some_and(|d| d > long && d <= long + 2.0 * e.speed() as f32)
            });
            if soon && !m.acted {
                out.push(Command::Wait { model: m.id });
            }
        }
    }
    out
}

/// Turns `m` to face the enemy it would best fire at, if it sees one outside its arc in range.
fn turn_to_fire(s: &KryState, m: &KryModel, foes: &[&KryModel], seed: u64) -> Option<Command> {
    if m.ranged.iter().all(|w| w.broken) || m.profile.rc.is_none() {
        return None;
    }
    let long = m.ranged.iter().map(|w| w.long).fold(0.0, f32::max);
    let me = s.table.model(m.id).ok()?;
    let scene = crate::rules::kry::scene::of(&s.table);
    let mut best: Option<(f32, Pt)> = None;
    for e in foes {
        let Ok(em) = s.table.model(e.id) else {
            continue;
        };
        if me.arc_of(em) == crate::table::Arc::Front {
            continue;
        }
        let Some(d) = by_eye(s, m.id, e.id, seed) else {
            continue;
        };
        if d > long + 1.0 {
            continue;
        }
        let seen = scene
            .line_of_sight(&s.table, m.id, e.id, false)
            .is_ok_and(|l| l.verdict != crate::table::Verdict::None);
        if seen && best.is_none_or(|b| d < b.0) {
            best = Some((d, em.pos));
        }
    }
    let (_, at) = best?;
    Some(Command::Turn {
        model: m.id,
        facing: at.sub(me.pos).angle_deg(),
    })
}

/// Moves toward the nearest enemy's flank or rear: to within its gun's reach for a shooter that
/// has a shot (closer, until it sees one, for one that has none), into contact for a fighter; among the spots along the way, the least exposed that still gains
/// ground, at the length of a move (or a run when far).
fn advance(
    s: &KryState,
    m: &KryModel,
    foes: &[&KryModel],
    seed: u64,
    has_shot: bool,
) -> Vec<Command> {
    let Ok(me) = s.table.model(m.id) else {
        return Vec::new();
    };
    let Some(e) = foes.iter().min_by(|a, b| {
        let d = |x: &&KryModel| by_eye(s, m.id, x.id, seed).unwrap_or(f32::MAX);
        d(a).total_cmp(&d(b))
    }) else {
        return Vec::new();
    };
    let Ok(em) = s.table.model(e.id) else {
        return Vec::new();
    };
    let shooter = m.ranged.iter().any(|w| !w.broken) && m.profile.rc.is_some();
    let long = m.ranged.iter().map(|w| w.long).fold(0.0, f32::max);
    let keep = if shooter && gun_first(m) && has_shot {
        (0.8 * long).max(2.0)
    } else {
        0.0
    };
    // The flank spot: around the enemy, away from its facing.
    let back = Pt::new(1.0, 0.0).rotate(em.facing + 180.0);
    let to_me = me.pos.sub(em.pos);
    let side = if to_me.len() > 1e-3 {
        to_me.scale(1.0 / to_me.len())
    } else {
        back
    };
    let dir = side.add(back.scale(0.5));
    let dir = dir.scale(1.0 / dir.len().max(1e-3));
    let reach = keep + me.radius() + em.radius();
    let goal = em.pos.add(dir.scale(reach));
    let judged = by_eye(s, m.id, e.id, seed).unwrap_or(0.0);
    if judged <= keep + 0.5 {
        return Vec::new();
    }
    let way = goal.sub(me.pos);
    let len = way.len();
    if len < 0.5 {
        return Vec::new();
    }
    // A unit out of breath (Body 1) walks: the rules refuse its run.
    let run = judged > 2.5 * m.speed() as f32 + keep && !m.has(Ability::CannotRun) && m.body() > 1;
    let (kind, allowance) = if run {
        (MoveKind::Run, 2.0 * m.speed() as f32)
    } else {
        (MoveKind::Normal, m.speed() as f32)
    };
    let scene = crate::rules::kry::scene::of(&s.table);
    let mut spots: Vec<(f64, Pt)> = Vec::new();
    for turn in [0.0f32, -25.0, 25.0] {
        let d = way.rotate(turn).scale(1.0 / len);
        let mut k = allowance.min(len);
        while k >= 1.0 {
            let p = me.pos.add(d.scale(k));
            let gained = (me.pos.dist(goal) - p.dist(goal)) as f64;
            let risk = exposure(s, &scene, m.side, m.id, p, me.body_height, 24.0);
            spots.push((gained - 1.5 * risk, p));
            k -= 1.0;
        }
    }
    spots.sort_by(|a, b| b.0.total_cmp(&a.0));
    spots
        .into_iter()
        .take(8)
        .map(|(_, to)| Command::Move {
            model: m.id,
            to,
            kind,
        })
        .collect()
}

/// Whether `m` fights with its gun rather than in close combat.
fn gun_first(m: &KryModel) -> bool {
    m.profile.rc.unwrap_or(0) >= m.profile.cc.unwrap_or(0)
}
