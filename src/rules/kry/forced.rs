//! Forced moves (not orders, no AP): a model pushed straight away from another, or shifted along
//! a direction, as far as the way is open; and the pure horror's fear shock that sends a unit of
//! Willpower 2 or less running 4".

use super::catalogue::Ability;
use super::ctx::Ctx;
use super::event::Event;
use super::state::KryModel;
use crate::rules::core::RuleError;
use crate::table::{ModelId, Pt};

/// "The following effect is only applied to those who have a willpower attribute of 2 or less":
/// on a 6 the unit moves 4" (here: straight away from the horror).
pub fn pure_horror_flight(
    c: &mut Ctx,
    horror: &KryModel,
    victim: &KryModel,
) -> Result<(), RuleError> {
    if !horror.has(Ability::PureHorror) || victim.profile.willpower > 2 {
        return Ok(());
    }
    let r = c.dice.roll(
        "1d6",
        &format!("{}: fear shock, on a 6 it runs 4\"", victim.name),
    )?;
    if r.total == 6 {
        push(c, victim.id, horror.id, 4.0)?;
    }
    Ok(())
}

/// Moves `who` straight away from `from` by up to `inches`, as far as the way is open; the
/// inches it went.
pub fn push(c: &mut Ctx, who: ModelId, from: ModelId, inches: f32) -> Result<f32, RuleError> {
    let (Ok(p), Ok(q)) = (c.s.table.model(who), c.s.table.model(from)) else {
        return Ok(0.0);
    };
    let d = p.pos.sub(q.pos);
    shift(c, who, d, inches)
}

/// Moves `who` along `d` by up to `inches`, as far as the way is open (in steps of a quarter
/// inch); the inches it went. A model stuck in a floor is not moved.
pub fn shift(c: &mut Ctx, who: ModelId, d: Pt, inches: f32) -> Result<f32, RuleError> {
    let Ok(p) = c.s.table.model(who) else {
        return Ok(0.0);
    };
    // "the unit becomes stuck until D6/2 ... AP's are spent on that unit to remove him from the
    // hole": only the AP get it out; the hole holds it against a push.
    if c.s.models.get(&who).is_some_and(|m| m.stuck > 0) {
        return Ok(0.0);
    }
    let start = p.pos;
    let len = d.len().max(1e-6);
    let scene = super::scene::of(&c.s.table);
    let mut went = 0.0;
    let mut k = 0.25f32.min(inches);
    while k > 0.0 && k <= inches + 1e-4 {
        let to = start.add(d.scale(k / len));
        let open =
            c.s.table
                .check_placement(to, p.base_diameter, Some(who))
                .is_ok()
                && crate::table::movement::can_stand(&c.s.table, &scene, p.radius(), to);
        if !open {
            break;
        }
        went = k;
        if k >= inches {
            break;
        }
        k = (k + 0.25).min(inches);
    }
    if went > 0.0 {
        let to: Pt = start.add(d.scale(went / len));
        // Pushed onto a damaged floor that gives way, it stays in the hole.
        let walk = super::hazards::walk(c, who, &[start, to])?;
        let to = walk.path.last().copied().unwrap_or(to);
        went = start.dist(to);
        c.emit(Event::Moved {
            model: who,
            from: start,
            to,
            kind: super::command::MoveKind::Forced,
            body_loss: 0,
        });
        super::hazards::land(c, who, walk.fell)?;
    }
    Ok(went)
}
