//! How the program judges the table as a player would: distances by eye (never measured before a
//! shot is called), what a shot or a close-combat attack is worth from the exact odds of the
//! rules, what a model is worth, and how exposed a spot is to the enemy's fire.

use crate::rules::core::memo::remembered;
use crate::rules::kry::close::{AttackType, CloseNumbers, Defence, close_odds};
use crate::rules::kry::dice::HighTargets;
use crate::rules::kry::melee::attack_numbers;
use crate::rules::kry::ranged::{FireMode, ShotNumbers, ShotRules, shot_odds};
use crate::rules::kry::shooting::{Sighting, shot_of};
use crate::rules::kry::state::{CloseAttack, KryModel, KryState, RangedGear, Side, enemy};
use crate::table::scene::Exposure;
use crate::table::{ModelId, Pt, Scene};
use std::cell::RefCell;

/// A well-mixed 64-bit hash (splitmix64's finaliser).
pub fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// How far apart `a` and `b` look, base edge to base edge: the true gap off by up to 15% either
/// way, the same misjudgement for this pair all round (from the game's seed), as a player judges
/// by eye ("No distance measuring is performed before the shot is taken"); but a distance
/// measured for a shot called between them is known, while neither has moved.
pub fn by_eye(s: &KryState, a: ModelId, b: ModelId, seed: u64) -> Option<f32> {
    // Each model looked up once (the table's own `distance` looks them up again).
    let (ma, mb) = (s.table.model(a).ok()?, s.table.model(b).ok()?);
    let d = ma.edge_distance(mb);
    // A distance measured for a shot is known while neither model has moved.
    let (pa, pb) = (ma.pos, mb.pos);
    if let Some(m) = s.measured.iter().find(|m| {
        ((m.shooter, m.target) == (a, b) && m.from == pa && m.to == pb)
            || ((m.shooter, m.target) == (b, a) && m.from == pb && m.to == pa)
    }) {
        return Some(m.range);
    }
    Some(d * (1.0 + misjudged(s, a, b, seed)))
}

/// The share by which `a`'s player misjudges the gap to `b` this round (-0.15 to 0.15).
fn misjudged(s: &KryState, a: ModelId, b: ModelId, seed: u64) -> f32 {
    let h = mix(seed ^ ((a.0 as u64) << 20) ^ ((b.0 as u64) << 40) ^ s.round as u64);
    (h % 301) as f32 / 1000.0 - 0.15
}

/// How far `b` would look from `a` standing at `p`, base edge to base edge: the same
/// misjudgement as [`by_eye`]'s for the pair (a player pictures the model at the spot).
pub fn by_eye_from(s: &KryState, a: ModelId, p: Pt, b: ModelId, seed: u64) -> Option<f32> {
    let (am, bm) = (s.table.model(a).ok()?, s.table.model(b).ok()?);
    let d = (p.dist(bm.pos) - am.radius() - bm.radius()).max(0.0);
    Some(d * (1.0 + misjudged(s, a, b, seed)))
}

/// What losing a model costs its side, roughly: a squad leader most (it rolls the AP and its
/// loss hurts on the Loses table), a wounded model is nearer its end.
pub fn worth(m: &KryModel) -> f64 {
    let p = &m.profile;
    let base = 1.0
        + 0.1
            * (p.cc.unwrap_or(0) as f64
                + p.rc.unwrap_or(0) as f64
                + p.strength as f64
                + p.body as f64);
    let leader = if m.class == crate::rules::kry::catalogue::Class::SquadLeader {
        1.5
    } else {
        1.0
    };
    let left = m.wounds.saturating_sub(m.wounds_taken).max(1) as f64;
    base * leader / left
}

/// The AP a shot in `mode` costs.
pub fn shot_ap(s: &KryState, mode: FireMode) -> u32 {
    s.options.shot_cost + if mode == FireMode::Aimed { 2 } else { 0 }
}

/// The wounds `shooter` may expect to cause firing `weapon` in `mode` at `target` seen as `sight`
/// but at the distance it judges by eye: `None` when it thinks it out of range.
pub fn shot_wounds(
    s: &KryState,
    shooter: &KryModel,
    target: &KryModel,
    weapon: &RangedGear,
    mode: FireMode,
    sight: &Sighting,
    judged: f32,
) -> Option<f64> {
    let seen = Sighting {
        cover: sight.cover,
        blind_side: sight.blind_side,
        range: judged,
    };
    let shot = shot_of(s, shooter, target, weapon, mode, &seen);
    let rules = s.options.shot_rules();
    let n = shot.numbers(rules).ok()?;
    let mean = mean_wounds(n, rules);
    let rolls = if mode == FireMode::Snap { 2.0 } else { 1.0 };
    Some(mean * rolls)
}

thread_local! {
    /// The mean wounds of the shots weighed on this thread: the program weighs every unit's
    /// shots at every target after each order, from a few dozen different numbers. A memo of a
    /// pure function.
    static MEANS: RefCell<crate::rules::core::memo::MemoMap<(ShotNumbers, ShotRules), f64>> = RefCell::new(crate::rules::core::memo::MemoMap::default());
}

/// The expected wounds of one shot with numbers `n`, from the exact odds.
fn mean_wounds(n: ShotNumbers, rules: ShotRules) -> f64 {
    remembered(&MEANS, (n, rules), || {
        let o = shot_odds(&n, rules);
        o.wounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    })
}

/// The wound dice `a` may expect to pass against a passive defence.
pub fn attack_wounds(s: &KryState, a: &CloseAttack) -> Option<f64> {
    let n = attack_numbers(s, a, Defence::Passive).ok()?;
    if !n.wound_roll {
        return None;
    }
    Some(close_means(n, s.options.high_targets).0)
}

/// The expected wound dice against the attack `a` met with `defence`, and the chance of none.
pub fn defended(s: &KryState, a: &CloseAttack, defence: Defence) -> Option<(f64, f64)> {
    let n = attack_numbers(s, a, defence).ok()?;
    Some(close_means(n, s.options.high_targets))
}

thread_local! {
    /// [`close_means`] of the attacks weighed on this thread (a memo of a pure function).
    static CLOSE: RefCell<crate::rules::core::memo::MemoMap<(CloseNumbers, HighTargets), (f64, f64)>> =
        RefCell::new(crate::rules::core::memo::MemoMap::default());
}

/// The expected wound dice of an attack with numbers `n`, and the chance of none, from the
/// exact odds.
fn close_means(n: CloseNumbers, reading: HighTargets) -> (f64, f64) {
    remembered(&CLOSE, (n, reading), || {
        let o = close_odds(&n, reading);
        let mean = o.wounds.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        (mean, o.wounds.first().copied().unwrap_or(1.0))
    })
}

/// The attack types the program weighs in close combat (those whose wounds the odds give).
pub const WEIGHED_ATTACKS: [AttackType; 6] = [
    AttackType::Weapon,
    AttackType::Punch,
    AttackType::Kick,
    AttackType::HeadButt,
    AttackType::Bunt,
    AttackType::PointBlank,
];

/// How many enemies of `side` within `reach` inches would see a model of height `h` standing at
/// `p` in the open (hidden: 0, behind cover: a third).
pub fn exposure(
    s: &KryState,
    scene: &Scene,
    side: Side,
    me: ModelId,
    p: Pt,
    h: f32,
    reach: f32,
) -> f64 {
    let at = crate::table::surface::height(&s.table, p) + 0.8 * h;
    let mut sum = 0.0;
    for e in s.alive(enemy(side)) {
        let Ok(em) = s.table.model(e.id) else {
            continue;
        };
        if em.pos.dist(p) > reach {
            continue;
        }
        let from = em.h + 0.8 * em.body_height;
        sum += match scene.point_exposure(em.pos, from, p, at, [Some(me), Some(e.id)]) {
            Exposure::Hidden => 0.0,
            Exposure::Covered => 0.33,
            Exposure::Open => 1.0,
        };
    }
    sum
}
