//! How hard the program presses on: a spot is dangerous for what can hurt a model there (the
//! enemy's guns that see it and reach it, the enemy's fighters that could charge it), not for
//! every enemy eye; and the fewer AP rounds are left before the agreed limit, the less the
//! program holds back (a deathmatch undecided at the limit is a draw, and AP not spent in a round
//! is lost). All of it is what a player at the table knows: the round, the agreed limit, the
//! enemy's gear on its cards, and the table as it stands.

use crate::rules::kry::state::{KryModel, KryState, Side, enemy};
use crate::table::scene::Exposure;
use crate::table::{ModelId, Pt, Scene};

/// How much the program holds back, from 1 (all the care it takes) to 0 (none): full care with
/// three AP rounds or more to play, half in the last but one, none in the last; full care
/// without an agreed limit.
pub fn care(s: &KryState) -> f64 {
    let Some(limit) = s.options.round_limit else {
        return 1.0;
    };
    match limit.saturating_sub(s.round) {
        0 => 0.0,
        1 => 0.5,
        _ => 1.0,
    }
}

/// Whether `e` has a working gun to fire with.
pub fn armed(e: &KryModel) -> bool {
    e.profile.rc.is_some() && e.ranged.iter().any(|w| !w.broken)
}

/// The long range of `e`'s longest working gun (0 without one).
pub fn long_range(e: &KryModel) -> f32 {
    e.ranged
        .iter()
        .filter(|w| !w.broken)
        .map(|w| w.long)
        .fold(0.0, f32::max)
}

/// How many enemy guns of `side` would see a model of height `h` standing at `p` and reach it
/// (within their long range and a step more): hidden 0, behind cover a third, in the open 1.
/// An enemy without a gun does not count: seeing is no harm.
pub fn gun_exposure(s: &KryState, scene: &Scene, side: Side, me: ModelId, p: Pt, h: f32) -> f64 {
    let at = crate::table::surface::height(&s.table, p) + 0.8 * h;
    let mut sum = 0.0;
    for e in s.alive(enemy(side)) {
        if !armed(e) || e.pinned.is_some() {
            continue;
        }
        let Ok(em) = s.table.model(e.id) else {
            continue;
        };
        if em.pos.dist(p) > long_range(e) + 2.0 {
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
