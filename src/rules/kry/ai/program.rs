//! The program's own play. Answers: a defence by the exact odds (active when it saves enough to
//! be worth the AP), the wounds it can afford; a face-off called on it by naming the order it
//! would give anyway, and one it wins by carrying that order through. In the free flow of the
//! round, best first: blow up a Breach location, get its best pinned units back on their feet,
//! fight in contact with the attack the odds favour, fire where the expected wounds per AP are
//! highest (calling a face-off first when its shooter wins a shoot-out; first at an enemy fighter
//! that could reach it, and at an enemy whose gun reaches it by what its card says it deals), turn to face a target it sees, charge when the fight pays better than
//! its gun, and run AND charge with a fighter (see [`super::closing`]); a shooter with no shot peeks round a
//! corner with a small step, or sorties out of cover in an order combo (move AND fire AND move
//! back), or runs or moves into reach AND fires; put a shooter into waiting when the enemy is
//! about to come into its fire, and move toward the enemy's flank, stopping where it is least
//! exposed; with nothing left to do, it ambushes a lane with a unit in waiting and keeps the AP
//! for its shot before it is done. In a combo's window it interrupts when a unit of its own (a
//! waiting one between different actions) can fire at the unit acting. Ranges are judged by eye,
//! so now and then a shot is lost.

use super::closing::{charge_reach, fighter, in_reach, threat};
use super::judge::{WEIGHED_ATTACKS, attack_wounds, by_eye, defended, shot_ap, shot_wounds, worth};
use super::ranked::{Ranked, Wishes};
use crate::rules::core::RuleSet;
use crate::rules::kry::catalogue::Ability;
use crate::rules::kry::close::{AttackType, Defence, extra_wound_cost};
use crate::rules::kry::command::{Command, MoveKind};
use crate::rules::kry::marker::Kry;
use crate::rules::kry::melee::{CONTACT, Charge};
use crate::rules::kry::movement::{allowance, move_rules};
use crate::rules::kry::options::Scenario;
use crate::rules::kry::ranged::FireMode;
use crate::rules::kry::shooting::sighting;
use crate::rules::kry::state::{KryModel, KryState, Pending, Side, enemy};
use crate::table::movement::{CostField, path_cost};
use crate::table::{ModelId, Pt};

/// What the program would like to do now, best first.
pub fn wishes(s: &KryState, side: Side, seed: u64) -> Vec<Command> {
    wishes_at(s, side, seed, false)
}

/// [`wishes`], at Easy when `easy`: a player's mistakes on purpose (no order combos, no
/// interrupts, no face-offs called, the second-best shot).
pub fn wishes_at(s: &KryState, side: Side, seed: u64, easy: bool) -> Vec<Command> {
    match &s.pending {
        Some(Pending::Window { .. }) if easy => vec![Command::Pass],
        Some(p) => answer(s, side, p, seed),
        None => {
            let mut stages = Orders::at(easy);
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
    /// Easy: no combos, no face-offs called, no small step to peek, the second-best shot.
    pub easy: bool,
}

impl Orders {
    /// The orders of the program, at Easy when `easy`.
    pub fn at(easy: bool) -> Self {
        Self {
            easy,
            ..Self::default()
        }
    }

    /// The orders of the next stage (possibly none), or `None` when all were weighed.
    pub fn next(&mut self, s: &KryState, side: Side, seed: u64) -> Option<Vec<Command>> {
        self.next_wishes(s, side, seed).map(|w| w.all(s))
    }

    /// [`Orders::next`], the orders given one at a time, best first, each weighed no further
    /// than its place in the order needs ([`Wishes::next`]).
    pub fn next_wishes(&mut self, s: &KryState, side: Side, seed: u64) -> Option<Wishes> {
        let stage = self.stage;
        self.stage += 1;
        let mine = on_table(s, side);
        let foes = on_table(s, enemy(side));
        match stage {
            0 => {
                let (mut out, gun) = fights(s, side, seed, &mine, &foes, self.easy);
                self.gun = gun;
                if self.easy {
                    return Some(out);
                }
                // A small step first, when it shows the target better.
                if let Some(Command::Shoot {
                    shooter, target, ..
                }) = out.first(s).cloned()
                    && let Some(m) = s.models.get(&shooter)
                    && let Some((now, _)) = best_shot_at(s, m, target, seed)
                {
                    // The target chosen, not another one the step would show.
                    let aim: Vec<&KryModel> =
                        foes.iter().copied().filter(|f| f.id == target).collect();
                    let peek = super::sortie::peek(s, seed, m, &aim, now);
                    out.before(peek);
                }
                if out
                    .first(s)
                    .is_some_and(|c| super::faceoffs::calls(s, side, seed, c))
                {
                    out.before(vec![Command::CallFaceOff]);
                }
                Some(out)
            }
            // 5. Turn to face an enemy it sees but does not face (turning is free).
            1 => Some(Wishes::of(
                mine.iter()
                    .filter_map(|m| turn_to_fire(s, m, &foes, seed))
                    .collect(),
            )),
            // 6. A shooter with no shot peeks, sorties, or runs into reach, and fires.
            2 if self.easy => Some(Wishes::of(Vec::new())),
            2 => Some(Wishes::of(super::sortie::combos(
                s, side, seed, &mine, &foes, &self.gun,
            ))),
            3 => Some(Wishes::of(waits(s, side, seed, &mine, &foes))),
            // 8. With nothing else to do, a unit in waiting over a lane.
            k if k == 4 + mine.len() => Some(Wishes::of(ambush(s, side, seed, &mine, &foes))),
            // 9. The AP left would be lost at the round's end: each unit not in waiting presses
            // on with less care, keeping the AP of a shot for each unit in waiting and one for
            // a defence.
            k if k > 4 + mine.len() && k < 5 + 2 * mine.len() => {
                let waiting = mine.iter().filter(|m| m.waiting).count() as u32;
                if s.ap_left(side) < 2 + s.options.shot_cost * waiting {
                    return Some(Wishes::of(Vec::new()));
                }
                let m = mine.get(k - 5 - mine.len())?;
                if m.waiting || m.pinned.is_some() || m.prone || m.stuck > 0 {
                    return Some(Wishes::of(Vec::new()));
                }
                let has_shot = mine
                    .iter()
                    .position(|x| x.id == m.id)
                    .and_then(|i| self.gun.get(i))
                    .is_some_and(|g| *g > 0.0);
                Some(Wishes::of(advance(s, m, &foes, seed, has_shot, true)))
            }
            k if k >= 5 + 2 * mine.len() => None,
            // 7. Move toward the enemy's flank, stopping where it is least exposed, one unit
            // at a time.
            k => {
                // Units that have not acted this round first, so that one unit does not take
                // all the AP.
                let mut order: Vec<usize> = (0..mine.len()).collect();
                order.sort_by_key(|i| mine[*i].acted);
                let i = *order.get(k - 4)?;
                let m = mine.get(i)?;
                if m.pinned.is_some() || m.prone || m.stuck > 0 {
                    return Some(Wishes::of(Vec::new()));
                }
                // A unit in waiting keeps its lane while an enemy may walk into it.
                if m.waiting && lane_open(s, m, &foes, seed) {
                    return Some(Wishes::of(Vec::new()));
                }
                // A shooter with no shot from where it stands closes in until it has one.
                let has_shot = self.gun.get(i).is_some_and(|g| *g > 0.0);
                Some(Wishes::of(advance(s, m, &foes, seed, has_shot, false)))
            }
        }
    }
}

fn answer(s: &KryState, side: Side, p: &Pending, seed: u64) -> Vec<Command> {
    match p {
        // Chosen before the attacker's choice of attack is known (it stays hidden).
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
        Pending::FaceOff(_) => {
            let mut orders = Orders::at(false);
            super::faceoffs::name(s, side, &mut |f| orders.next_wishes(f, side, seed))
        }
        Pending::FaceOffWon { choice, .. } => {
            super::faceoffs::carry_out(s, side, seed, choice, wishes)
        }
    }
}

/// In a combo's window: shots at the unit that acts next, by units allowed to interrupt.
pub(super) fn interrupt(
    s: &KryState,
    side: Side,
    owner: Side,
    waiting_only: bool,
    seed: u64,
) -> Vec<Command> {
    let Some(c) = &s.combo else {
        return Vec::new();
    };
    let targets: Vec<ModelId> = c.steps[c.next.min(c.steps.len().saturating_sub(1))..]
        .iter()
        .filter_map(Command::model)
        .filter(|m| {
            s.models
                .get(m)
                .is_some_and(|m| m.side == owner && m.alive())
        })
        .collect();
    let mut shots = Vec::new();
    for m in s.alive(side).filter(|m| !waiting_only || m.waiting) {
        for t in &targets {
            if let Some((score, cmd)) = best_shot_at(s, m, *t, seed) {
                shots.push((score, cmd));
            }
        }
    }
    shots.sort_by(|a, b| b.0.total_cmp(&a.0));
    // Interrupting pays +3 AP on the Triumph table; a shot worth a tenth of a wound will do.
    shots
        .into_iter()
        .filter(|(score, _)| *score >= 0.1)
        .map(|x| x.1)
        .collect()
}

/// The best shot of `m` at `t`, if it sees it in its arc and judges it in range: its worth per
/// AP and the order.
pub(super) fn best_shot_at(
    s: &KryState,
    m: &KryModel,
    t: ModelId,
    seed: u64,
) -> Option<(f64, Command)> {
    let tm = s.models.get(&t)?;
    if m.profile.rc.is_none() || m.prone || !tm.alive() {
        return None;
    }
    let sight = sighting(s, m.id, t).ok()?;
    let judged = by_eye(s, m.id, t, seed)?;
    let mut best: Option<(f64, Command)> = None;
    for w in m.ranged.iter().filter(|w| !w.broken) {
        for mode in [FireMode::Snap, FireMode::Standard, FireMode::Aimed] {
            let Some(wounds) = shot_wounds(s, m, tm, w, mode, &sight, judged) else {
                continue;
            };
            let score = wounds * worth(tm) / shot_ap(s, mode) as f64;
            if best.as_ref().is_none_or(|b| score > b.0) {
                best = Some((
                    score,
                    Command::Shoot {
                        shooter: m.id,
                        target: t,
                        weapon: w.name.clone(),
                        mode,
                        second: None,
                    },
                ));
            }
        }
    }
    best
}

/// The best close-combat attack of `m` on `t`: its expected wounds and the order.
pub(super) fn best_attack(
    s: &KryState,
    m: &KryModel,
    t: ModelId,
    charge: bool,
) -> Option<(f64, Command)> {
    let mut best: Option<(f64, Command)> = None;
    for attack in WEIGHED_ATTACKS {
        let weapons: Vec<Option<String>> = match attack {
            AttackType::Weapon => m.cc_weapons.iter().map(|w| Some(w.name.clone())).collect(),
            AttackType::Bunt | AttackType::PointBlank => m
                .ranged
                .iter()
                .filter(|w| !w.broken)
                .map(|w| Some(w.name.clone()))
                .take(1)
                .collect(),
            _ => vec![None],
        };
        for weapon in weapons {
            let a = crate::rules::kry::state::CloseAttack {
                attacker: m.id,
                target: t,
                attack,
                weapon: weapon.clone(),
                active: false,
                hits: None,
                critical: false,
                hidden: false,
            };
            let Some(w) = attack_wounds(s, &a) else {
                continue;
            };
            let score = w * s.models.get(&t).map_or(1.0, worth);
            if best.as_ref().is_none_or(|b| score > b.0) {
                best = Some((
                    score,
                    Command::Attack {
                        attacker: m.id,
                        target: t,
                        attack,
                        weapon,
                        charge,
                    },
                ));
            }
        }
    }
    best
}

pub(super) fn on_table(s: &KryState, side: Side) -> Vec<&KryModel> {
    s.alive(side)
        .filter(|m| s.table.model(m.id).is_ok())
        .collect()
}

/// Blowing up, getting up, fighting, firing and charging: the first stage of the orders, and
/// each unit's best shot's worth.
fn fights(
    s: &KryState,
    side: Side,
    seed: u64,
    mine: &[&KryModel],
    foes: &[&KryModel],
    easy: bool,
) -> (Wishes, Vec<f64>) {
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
                // A wound also takes its share of the target's fire away: an enemy whose gun
                // reaches the shooter first.
                let left = e.wounds.saturating_sub(e.wounds_taken).max(1) as f64;
                let w = w * (1.0 + THREAT * gun_threat(s, m, e, seed) / (left * worth(e)));
                // An enemy fighter that could reach it with a move and a charge first.
                let w = if fighter(e) && d <= threat(e) {
                    w * 1.3
                } else {
                    w
                };
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
            if judged <= CONTACT || judged > charge_reach(m) {
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
    // A fighter beyond its charge runs (or moves) AND charges, in one combo: weighed for now
    // but for its spot, which is found when its place in the order depends on it.
    let chargings = if easy {
        Vec::new()
    } else {
        super::closing::chargings(s, side, seed, mine, foes, |m, t| best_attack(s, m, t, true))
    };
    let mut ranked = Ranked::new(scored, chargings, seed);
    // A player's mistake: the second-best shot before the best one.
    if easy
        && let Some(a) = ranked.known.get(0)
        && let Some(b) = ranked.known.get(1)
        && matches!(a.2, Command::Shoot { .. })
        && matches!(b.2, Command::Shoot { .. })
    {
        ranked.known.swap(0, 1);
    }
    (
        Wishes {
            head: out.into(),
            ranked,
        },
        gun,
    )
}

/// How much a shot weighs the wounds per AP the target's guns could deal back, against the
/// target's own worth.
const THREAT: f64 = 2.0;

/// How many wounds per AP `e`'s guns could deal `m` from where they stand, at the distance `m`'s
/// side judges by eye and with the cover between them, whichever way `e` faces (turning is
/// free): what the enemy's card says its weapons do.
fn gun_threat(s: &KryState, m: &KryModel, e: &KryModel, seed: u64) -> f64 {
    if e.profile.rc.is_none() || e.prone {
        return 0.0;
    }
    let Some(judged) = by_eye(s, m.id, e.id, seed) else {
        return 0.0;
    };
    let cover = sighting(s, m.id, e.id).is_ok_and(|x| x.cover);
    let sight = crate::rules::kry::shooting::Sighting {
        cover,
        blind_side: false,
        range: judged,
    };
    let mut best = 0.0f64;
    for w in e.ranged.iter().filter(|w| !w.broken) {
        for mode in [FireMode::Snap, FireMode::Standard, FireMode::Aimed] {
            if let Some(x) = shot_wounds(s, e, m, w, mode, &sight, judged) {
                best = best.max(x / shot_ap(s, mode) as f64);
            }
        }
    }
    best
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

/// How far beyond its gun's reach an enemy still walks into a waiting unit's lane this round: two
/// runs of a Speed 3 model, a run of a fast one.
const LANE: f32 = 12.0;

/// Whether an enemy is near enough `m`'s fire to walk into it: judged within its gun's reach and
/// a [`LANE`] more.
fn lane_open(s: &KryState, m: &KryModel, foes: &[&KryModel], seed: u64) -> bool {
    let long = m.ranged.iter().map(|w| w.long).fold(0.0, f32::max);
    foes.iter()
        .filter_map(|e| by_eye(s, m.id, e.id, seed))
        .any(|d| d <= long + LANE)
}

/// 8. With nothing else to do: the shooter with an enemy nearest its fire goes into waiting
/// ("tip: Use it to put units into waiting"), keeping for each unit in waiting the AP of a shot.
fn ambush(
    s: &KryState,
    side: Side,
    seed: u64,
    mine: &[&KryModel],
    foes: &[&KryModel],
) -> Vec<Command> {
    let waiting = mine.iter().filter(|m| m.waiting).count() as u32;
    let shot = s.options.shot_cost;
    if waiting >= 2 || s.ap_left(side) < 1 + shot * (waiting + 1) {
        return Vec::new();
    }
    let mut lanes: Vec<(f32, ModelId)> = Vec::new();
    for m in mine {
        if m.waiting || m.prone || m.profile.rc.is_none() || m.ranged.iter().all(|w| w.broken) {
            continue;
        }
        if lane_open(s, m, foes, seed) {
            let long = m.ranged.iter().map(|w| w.long).fold(0.0, f32::max);
            let near = foes
                .iter()
                .filter_map(|e| by_eye(s, m.id, e.id, seed))
                .fold(f32::MAX, f32::min);
            lanes.push((near - long, m.id));
        }
    }
    lanes.sort_by(|a, b| a.0.total_cmp(&b.0));
    lanes
        .into_iter()
        .map(|(_, model)| Command::Wait { model })
        .collect()
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
    bold: bool,
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
    // A run goes twice as far as a walk for half its AP: a fighter runs whenever the walk
    // would not reach, a shooter when the way is long (a run costs a point of Body, which its
    // wound rolls feel under fire). A unit out of breath (Body 1) walks: the rules refuse its
    // run.
    let far = if fighter(m) { 1.0 } else { 1.5 } * m.speed() as f32;
    let run = judged > far + keep && !m.has(Ability::CannotRun) && m.body() > 1;
    let (kind, allowance) = if run {
        (MoveKind::Run, 2.0 * m.speed() as f32)
    } else {
        (MoveKind::Normal, m.speed() as f32)
    };
    let scene = crate::rules::kry::scene::of(&s.table);
    // A fighter keeps out of the sight of the enemy's guns until its charge reaches (it has no
    // gun to answer with) and out of the enemy fighters' reach; a shooter keeps out of the reach
    // of the enemy's fighters where it can. The care it takes drops as the agreed rounds run
    // out, and more when the AP left would be lost anyway (`bold`).
    let care = super::press::care(s) * if bold { 0.3 } else { 1.0 };
    let fights = fighter(m);
    let reach = |p: Pt| 2.0 * care * in_reach(s, m, foes, p, seed);
    let cost = |p: Pt| {
        let risk = super::press::gun_exposure(s, &scene, m.side, m.id, p, me.body_height);
        if fights {
            care * (3.0 * risk + in_reach(s, m, foes, p, seed))
        } else {
            care * 1.5 * risk + reach(p)
        }
    };
    // Where it stands is better than a spot that gains less than it exposes (for a shooter:
    // than it brings it into the reach of the enemy's fighters); pressing on with AP that
    // would be lost, any spot that gains ground will do.
    let stay = if bold {
        f64::NEG_INFINITY
    } else if fights {
        -cost(me.pos)
    } else {
        let here = reach(me.pos);
        if here > 0.0 { -here } else { f64::NEG_INFINITY }
    };
    // A fighter looks wider for cover (a side room off the way), in longer strides.
    let (turns, stride): (&[f32], f32) = if fights {
        (&[0.0, -30.0, 30.0, -60.0, 60.0, -90.0, 90.0], 1.5)
    } else {
        (&[0.0, -25.0, 25.0], 1.0)
    };
    // Every spot along the rays, numbered in order, with the ground it gains.
    let mut along: Vec<(usize, f64, Pt)> = Vec::new();
    for turn in turns {
        let d = way.rotate(*turn).scale(1.0 / len);
        let mut k = allowance.min(len);
        while k >= 1.0 {
            let p = me.pos.add(d.scale(k));
            let gained = (me.pos.dist(goal) - p.dist(goal)) as f64;
            along.push((along.len(), gained, p));
            k -= stride;
        }
    }
    // The eight best by score (the ground gained less a cost, which is never below 0), ties in
    // the order above. They are weighed from the most gained down, stopping at a spot that
    // could not beat the eighth best so far (its score is at most what it gains): the same
    // eight, without looking at the enemy's guns from every spot.
    along.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut spots: Vec<(f64, usize, Pt)> = Vec::new();
    for (i, gained, p) in along {
        if spots.len() == 8 && gained.total_cmp(&spots[7].0).is_lt() {
            break;
        }
        let score = gained - cost(p);
        let kept = if fights { score } else { gained - reach(p) };
        if kept > stay {
            spots.push((score, i, p));
            spots.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            spots.truncate(8);
        }
    }
    spots
        .into_iter()
        .map(|(_, _, to)| Command::Move {
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

/// Which moves may have a way, for leaving out moves the rules would surely refuse for want of
/// one (a refused move costs a search of all the ground within its reach, and a unit behind a
/// wall would weigh up to eight of them after every order): a move is out only when the
/// straight line is blocked or too long and a search toward its end over the ground alone (on
/// the rules' own terms but for the other models, which can only block more; it looks only
/// where a way within the move's reach could pass) finds no way either. The rules decide every
/// move kept as before, so the program chooses as it did.
#[derive(Default)]
pub struct Ways;

impl Ways {
    /// False only when the rules would refuse `c` for want of a way.
    pub fn maybe(&mut self, s: &KryState, c: &Command) -> bool {
        let (model, to, allowance) = match *c {
            Command::Move { model, to, kind } => match s.models.get(&model) {
                Some(m) => (model, to, allowance(m, kind)),
                None => return true,
            },
            // A charge runs straight at its target: the same question at Speed + Body.
            Command::Attack {
                attacker,
                target,
                charge: true,
                ..
            } => {
                let (Some(a), Ok(gap)) =
                    (s.models.get(&attacker), s.table.distance(attacker, target))
                else {
                    return true;
                };
                if gap <= CONTACT {
                    return true;
                }
                let way = Charge::of(s, a, attacker, target);
                (attacker, way.at(gap), way.reach)
            }
            _ => return true,
        };
        let Ok(from) = s.table.model(model).map(|m| m.pos) else {
            return true;
        };
        let key = (
            crate::table::fingerprint::with_models(&s.table),
            [
                model.0 as u64 | (allowance.to_bits() as u64) << 32,
                to.x.to_bits() as u64 | (to.y.to_bits() as u64) << 32,
            ],
        );
        crate::rules::core::memo::remembered(&MAYBE, key, || {
            may_get_there(s, model, from, to, allowance)
        })
    }
}

thread_local! {
    /// [`Ways::maybe`]'s answers on this thread, by the table (terrain and every model, by its
    /// fingerprint), the model, the end and the allowance: the program weighs the same moves
    /// again after each order, most of them orders that moved nobody. A memo of a pure function.
    static MAYBE: std::cell::RefCell<crate::rules::core::memo::MemoMap<(u64, [u64; 2]), bool>> =
        std::cell::RefCell::new(Default::default());
}

/// Whether `model`, standing at `from`, may have a way to `to` within `allowance` inches: the
/// straight line, else a way over the ground alone.
fn may_get_there(s: &KryState, model: ModelId, from: Pt, to: Pt, allowance: f32) -> bool {
    let rules = move_rules();
    let scene = crate::rules::kry::scene::of(&s.table);
    match path_cost(&s.table, &scene, model, &[from, to], &rules) {
        // Blocked, or longer than the move: the rules search for a way round.
        Ok(Err(_)) => {}
        Ok(Ok(c)) if c > allowance + 0.01 => {}
        _ => return true,
    }
    // Out to the margin below and no further: the end's cell gets its exact cost when it is
    // within it (a step never costs less than nothing). A margin over the rules' own 0.01":
    // this search and the rules' may sum the same way's steps a rounding apart.
    CostField::over_ground(&s.table, &scene, model, &rules, allowance + 0.05, to)
        .ok()
        .is_none_or(|f| f.cost_to(to).is_some_and(|c| c <= allowance + 0.02))
}
