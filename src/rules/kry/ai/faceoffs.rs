//! The program in face-offs: when it calls one (a shoot-out its shooter wins: faster than every
//! enemy shooter that could fire back at it), what it names when one is called (the order it
//! would give anyway: naming costs nothing if it loses, and it must carry it through if it wins),
//! and carrying the named action through. It never looks at the other side's pick: it is hidden
//! until both have named.

use super::judge::by_eye;
use crate::rules::core::RuleSet;
use crate::rules::kry::command::Command;
use crate::rules::kry::faceoff::{FaceOffAction, FaceOffChoice};
use crate::rules::kry::marker::Kry;
use crate::rules::kry::state::{KryModel, KryState, Side, enemy};
use crate::table::{ModelId, Verdict};

/// Whether the program calls a face-off to give `best` first: a shot or a charge by a unit that
/// has not acted this round at an enemy while the enemy still has the AP to fire, when every enemy
/// shooter that could fire back at the unit is slower ("precedence is given to the unit with the
/// highest Speed stat"). Each face-off ends in an order paid for (or a side done), so calls
/// cannot go on for ever.
pub fn calls(s: &KryState, side: Side, seed: u64, best: &Command) -> bool {
    // A charge is a movement in a face-off: it goes before the enemy's fire.
    let shooter = match best {
        Command::Shoot { shooter, .. } => shooter,
        Command::Attack {
            attacker,
            charge: true,
            ..
        } => attacker,
        _ => return false,
    };
    let foe = enemy(side);
    if s.out(foe) || s.ap_left(foe) < s.options.shot_cost {
        return false;
    }
    let Some(u) = s.models.get(shooter) else {
        return false;
    };
    if u.acted {
        return false;
    }
    let threats: Vec<&KryModel> = s
        .alive(foe)
        .filter(|e| could_fire_at(s, e, u, seed))
        .collect();
    !threats.is_empty() && threats.iter().all(|e| e.speed() < u.speed())
}

/// Whether `e` could fire at `u` (turning is free): a working gun, `u` in its sight and judged in
/// its reach.
fn could_fire_at(s: &KryState, e: &KryModel, u: &KryModel, seed: u64) -> bool {
    if e.profile.rc.is_none() || e.prone || s.table.model(e.id).is_err() {
        return false;
    }
    let long = e
        .ranged
        .iter()
        .filter(|w| !w.broken)
        .map(|w| w.long)
        .fold(0.0, f32::max);
    if long <= 0.0 || by_eye(s, e.id, u.id, seed).is_none_or(|d| d > long) {
        return false;
    }
    crate::rules::kry::scene::of(&s.table)
        .line_of_sight(&s.table, e.id, u.id, false)
        .is_ok_and(|l| l.verdict != Verdict::None)
}

/// The face-off action an order is, if it is one.
fn action_of(c: &Command) -> Option<(FaceOffAction, ModelId, Option<ModelId>)> {
    match c {
        Command::Move { model, .. } => Some((FaceOffAction::Movement, *model, None)),
        Command::Shoot {
            shooter, target, ..
        } => Some((FaceOffAction::Ranged, *shooter, Some(*target))),
        // "1. Movement – moving, running, charging etc.": a charge is named as movement.
        Command::Attack {
            attacker,
            charge: true,
            ..
        } => Some((FaceOffAction::Movement, *attacker, None)),
        Command::Attack {
            attacker, target, ..
        } => Some((FaceOffAction::Close, *attacker, Some(*target))),
        _ => None,
    }
}

/// The state as if nothing were pending: what the program would order now.
pub(super) fn free(s: &KryState) -> KryState {
    let mut f = s.clone();
    f.pending = None;
    f
}

/// What the program would like to do now, best first (`program::wishes`, given by the caller).
pub type Wishes = fn(&KryState, Side, u64) -> Vec<Command>;

/// The program's orders for a state, a stage at a time, best stage first (`program::Orders`,
/// given by the caller): `None` when every stage was weighed.
pub type Stages<'a> = &'a mut dyn FnMut(&KryState) -> Option<super::ranked::Wishes>;

/// Named in a face-off: the program's best order that is a face-off action and that the rules
/// would take were nothing pending; else it pulls out. The stages are weighed only until one
/// holds such an order (the same order as weighing all of them).
pub fn name(s: &KryState, side: Side, stages: Stages) -> Vec<Command> {
    let f = free(s);
    let named = std::iter::from_fn(|| stages(&f)).find_map(|mut stage| {
        std::iter::from_fn(|| stage.next(&f))
            .filter_map(|c| action_of(&c).map(|a| (c, a)))
            .find(|(c, _)| Kry::check(&f, side, c).is_ok())
            .map(|(_, (action, model, target))| FaceOffChoice {
                action,
                model,
                target,
            })
    });
    let mut v = Vec::new();
    if named.is_some() {
        v.push(Command::FaceOffChoose { choice: named });
    }
    v.push(Command::FaceOffChoose { choice: None });
    v
}

/// Having won: the program's orders that carry the named action through, best first.
pub fn carry_out(
    s: &KryState,
    side: Side,
    seed: u64,
    choice: &FaceOffChoice,
    wishes: Wishes,
) -> Vec<Command> {
    wishes(&free(s), side, seed)
        .into_iter()
        .filter(|c| carries(c, choice))
        .collect()
}

/// Whether order `c` carries the named action through.
pub fn carries(c: &Command, choice: &FaceOffChoice) -> bool {
    action_of(c).is_some_and(|(a, m, _)| a == choice.action && m == choice.model)
}
