//! What happens in a Kry-Gothic game, `apply` (the only change to a state) and the combat log's
//! line for each event.

use super::catalogue::Class;
use super::command::MoveKind;
use super::state::{
    Combo, FireStreak, HazardMark, KryState, Outcome, Pending, Phase, Pin, Side, Tally, enemy, ix,
};
use crate::table::{Model, ModelId, Pt};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    Deployed {
        model: ModelId,
        at: Pt,
        facing: f32,
    },
    DeploymentFinished {
        side: Side,
    },
    /// A model its side could not place, for want of room in its deployment zone: it takes no
    /// part in the game (not a casualty).
    LeftOut {
        model: ModelId,
    },
    /// A new AP round: each side's AP and how it was reached.
    RoundBegan {
        round: u32,
        ap: [u32; 2],
        why: [String; 2],
    },
    /// AP paid, and for what.
    Spent {
        side: Side,
        ap: u32,
        what: String,
    },
    Moved {
        model: ModelId,
        from: Pt,
        to: Pt,
        kind: MoveKind,
        /// Body lost on the way (running).
        body_loss: u8,
    },
    Turned {
        model: ModelId,
        facing: f32,
    },
    /// A model took an action (the small step must come before any).
    Acted {
        model: ModelId,
    },
    /// A roll's outcome in words, for the log (the dice are in the dice log).
    Note {
        side: Side,
        text: String,
    },
    Wounded {
        model: ModelId,
        wounds: u32,
        by: Option<ModelId>,
    },
    Killed {
        model: ModelId,
        by: Option<ModelId>,
    },
    Pinned {
        model: ModelId,
        pin: Pin,
    },
    /// A model pinned by a hit is hit again, by `by` (from where it stands).
    FiredOnAgain {
        model: ModelId,
        by: ModelId,
    },
    Unpinned {
        model: ModelId,
    },
    /// A squad leader lost a Willpower roll: -2 AP at the round's end.
    LeaderFailedWill {
        side: Side,
    },
    WaitingSet {
        model: ModelId,
        waiting: bool,
    },
    KnockedDown {
        model: ModelId,
        down: bool,
    },
    Afraid {
        model: ModelId,
        of: Option<ModelId>,
    },
    Charged {
        model: ModelId,
        target: ModelId,
    },
    /// It passed its fear test against `of` coming into the fight.
    Braved {
        model: ModelId,
        of: ModelId,
    },
    FirstAttackTaken {
        model: ModelId,
        by: ModelId,
    },
    WeaponBroken {
        model: ModelId,
        weapon: String,
    },
    PendingSet(Option<Pending>),
    StreakSet(Option<FireStreak>),
    HazardPlaced(HazardMark),
    ComboBegan(Combo),
    /// The combo moved on to step `next`.
    ComboStep {
        next: usize,
    },
    ComboEnded {
        side: Side,
        completed: bool,
        commands: u32,
        interrupted_by: Option<Side>,
        why: String,
    },
    /// A model's AP still owed to get out of a hole.
    Stuck {
        model: ModelId,
        ap: u32,
    },
    Done {
        side: Side,
    },
    /// The round's Loses and Triumph lines, and the change to each side's next AP roll.
    RoundEnded {
        lines: Vec<String>,
        mods: [i32; 2],
    },
    /// Held-back models arrive: their side places them in its deployment zone.
    Reinforcements {
        side: Side,
        models: Vec<ModelId>,
    },
    /// A location of the Breach scenario is destroyed.
    LocationDestroyed {
        objective: usize,
        by: ModelId,
    },
    /// A shot's distance, measured once it was called: known to both sides from then on (while
    /// neither model moves).
    Measured {
        shooter: ModelId,
        target: ModelId,
        range: f32,
    },
    Over(Outcome),
}

pub fn apply(s: &mut KryState, e: &Event) {
    match e {
        Event::Deployed { model, at, facing } => {
            if let Some(m) = s.models.get(model) {
                let mut tm = Model::new(model.0, m.side, &m.name, m.base, m.height, *at, *facing);
                tm.h = s.table.surface_height(*at);
                s.table.models.retain(|x| x.id != *model);
                s.table.models.push(tm);
                s.table.models.sort_by_key(|x| x.id);
            }
        }
        Event::LeftOut { model } => {
            if let Some(m) = s.models.get_mut(model) {
                m.dead = true;
                m.waiting = false;
            }
            let _ = s.table.remove_model(*model);
        }
        Event::DeploymentFinished { side } => {
            s.phase = if *side == 1 && s.round == 0 {
                Phase::Deploy { side: 2 }
            } else {
                Phase::Play
            };
        }
        Event::RoundBegan { round, ap, .. } => {
            s.round = *round;
            s.ap = *ap;
            s.spent = [0, 0];
            s.done = [false, false];
            for side in [1u8, 2] {
                s.tally[ix(side)] = Tally {
                    had: s.alive(side).count() as u32,
                    ..Default::default()
                };
            }
            for m in s.models.values_mut() {
                m.body_loss = m.body_loss.saturating_sub(1);
                m.sprinting = false;
                m.acted = false;
            }
            s.streak = None;
            s.told_waiting = None;
        }
        Event::Spent { side, ap, .. } => {
            s.spent[ix(*side)] += ap;
            s.told_waiting = None;
        }
        Event::Moved {
            model,
            to,
            kind,
            body_loss,
            ..
        } => {
            let h = s.table.surface_height(*to);
            if let Ok(m) = s.table.model_mut(*model) {
                m.pos = *to;
                m.h = h;
            }
            if let Some(m) = s.models.get_mut(model) {
                m.body_loss = m.body_loss.saturating_add(*body_loss);
                if *kind == MoveKind::Run {
                    m.sprinting = true;
                }
                // "Any forced movement incurs no cost": a forced move is no action of the unit's
                // own, so it neither counts as a small step nor breaks waiting.
                match kind {
                    MoveKind::SmallStep => m.small_stepped = true,
                    MoveKind::Forced => {}
                    _ => m.acted = true,
                }
                if *kind != MoveKind::Forced {
                    m.waiting = false;
                }
            }
            super::contact::disengage(s, *model);
        }
        Event::Turned { model, facing } => {
            if let Ok(m) = s.table.model_mut(*model) {
                m.facing = *facing;
            }
            // "in which it is not allowed to perform ANY actions. If any actions are performed
            // ... the waiting maneuver is broken": rotating is an action too.
            if let Some(m) = s.models.get_mut(model) {
                m.waiting = false;
            }
        }
        Event::Acted { model } => {
            if let Some(m) = s.models.get_mut(model) {
                m.acted = true;
                m.waiting = false;
                m.small_stepped = false;
            }
        }
        Event::Note { .. } => {}
        Event::Measured {
            shooter,
            target,
            range,
        } => {
            let at = |id: &ModelId| s.table.model(*id).map(|m| m.pos).ok();
            if let (Some(a), Some(b)) = (at(shooter), at(target)) {
                s.measured
                    .retain(|m| (m.shooter, m.target) != (*shooter, *target));
                s.measured.push(super::state::Measured {
                    shooter: *shooter,
                    target: *target,
                    range: *range,
                    from: a,
                    to: b,
                });
            }
        }
        Event::Wounded { model, wounds, by } => {
            let side = s.models.get(model).map(|m| m.side);
            let by_side = by.and_then(|b| s.models.get(&b)).map(|m| m.side);
            if let Some(m) = s.models.get_mut(model) {
                // "If any actions are performed, the unit is hit in RC or charged, then the
                // waiting maneuver is broken": a wound alone breaks nothing (a ranged hit and a
                // charge break it where they happen).
                m.wounds_taken = m.wounds_taken.saturating_add(*wounds as u8);
            }
            if let (Some(side), Some(by_side)) = (side, by_side) {
                if side == by_side {
                    s.tally[ix(side)].damaged_by_own_side = true;
                } else if !s.first_blood && *wounds > 0 {
                    s.first_blood = true;
                    s.tally[ix(by_side)].first_blood = true;
                }
            }
        }
        Event::Killed { model, by } => {
            let by_side = by.and_then(|b| s.models.get(&b)).map(|m| m.side);
            if let Some(m) = s.models.get_mut(model) {
                m.dead = true;
                m.waiting = false;
                let (side, leader) = (m.side, m.class == Class::SquadLeader);
                s.tally[ix(side)].lost += 1;
                if leader {
                    s.tally[ix(side)].leader_killed = true;
                    if by_side == Some(enemy(side)) {
                        s.tally[ix(enemy(side))].killed_enemy_leader = true;
                    }
                }
            }
            let _ = s.table.remove_model(*model);
        }
        Event::Pinned { model, pin } => {
            let shot_from = match pin {
                Pin::Hit { from } => s.table.model(*from).ok().map(|x| x.pos),
                Pin::Missed => None,
            };
            if let Some(m) = s.models.get_mut(model) {
                m.pinned = Some(*pin);
                m.fired_from = shot_from.into_iter().collect();
            }
        }
        Event::FiredOnAgain { model, by } => {
            let at = s.table.model(*by).ok().map(|x| x.pos);
            if let (Some(m), Some(at)) = (s.models.get_mut(model), at)
                && !m.fired_from.iter().any(|p| p.dist(at) < 0.01)
            {
                m.fired_from.push(at);
            }
        }
        Event::Unpinned { model } => {
            if let Some(m) = s.models.get_mut(model) {
                m.pinned = None;
                m.fired_from.clear();
            }
        }
        Event::LeaderFailedWill { side } => s.tally[ix(*side)].leader_failed_will = true,
        Event::WaitingSet { model, waiting } => {
            if let Some(m) = s.models.get_mut(model) {
                m.waiting = *waiting;
            }
            if *waiting {
                s.told_waiting = Some(*model);
            }
        }
        Event::KnockedDown { model, down } => {
            if let Some(m) = s.models.get_mut(model) {
                m.prone = *down;
            }
        }
        Event::Afraid { model, of } => {
            if let Some(m) = s.models.get_mut(model) {
                m.afraid_of = *of;
            }
        }
        Event::Braved { model, of } => {
            if let Some(m) = s.models.get_mut(model)
                && !m.braved.contains(of)
            {
                m.braved.push(*of);
            }
        }
        Event::Charged { model, target } => {
            if let Some(m) = s.models.get_mut(model) {
                m.charged = Some(*target);
            }
            if let Some(t) = s.models.get_mut(target) {
                t.waiting = false;
            }
        }
        Event::FirstAttackTaken { model, by } => {
            if let Some(m) = s.models.get_mut(model) {
                m.first_attack_taken.push(*by);
            }
        }
        Event::WeaponBroken { model, weapon } => {
            if let Some(m) = s.models.get_mut(model) {
                for w in Arc::make_mut(&mut m.ranged)
                    .iter_mut()
                    .filter(|w| &w.name == weapon)
                {
                    w.broken = true;
                }
                if m.cc_weapons.iter().any(|w| &w.name == weapon) {
                    for w in Arc::make_mut(&mut m.cc_weapons)
                        .iter_mut()
                        .filter(|w| &w.name == weapon)
                    {
                        w.broken = true;
                    }
                }
            }
        }
        Event::PendingSet(p) => s.pending = p.clone(),
        Event::HazardPlaced(h) => s.hazards.push(*h),
        Event::ComboBegan(c) => s.combo = Some(c.clone()),
        Event::ComboStep { next } => {
            if let Some(c) = s.combo.as_mut() {
                c.next = *next;
            }
        }
        Event::ComboEnded {
            side,
            completed,
            commands,
            interrupted_by,
            ..
        } => {
            s.combo = None;
            if *completed {
                s.tally[ix(*side)].combo_commands += commands;
                s.tally[ix(*side)].combo_ap += commands / 4;
            }
            if let Some(by) = interrupted_by {
                s.tally[ix(*by)].interrupted_combo = true;
            }
        }
        Event::Stuck { model, ap } => {
            if let Some(m) = s.models.get_mut(model) {
                m.stuck = *ap;
            }
        }
        Event::StreakSet(f) => s.streak = f.clone(),
        Event::Done { side } => s.done[ix(*side)] = true,
        Event::RoundEnded { mods, lines } => {
            s.next_mods = *mods;
            s.round_summary = lines.clone();
        }
        Event::Reinforcements { side, .. } => s.phase = Phase::Deploy { side: *side },
        Event::LocationDestroyed { objective, .. } => s.destroyed.push(*objective),
        Event::Over(o) => s.phase = Phase::Over(o.clone()),
    }
}

/// The combat log's line for `e` (applied to `s` just after).
pub fn describe(s: &KryState, e: &Event) -> Option<String> {
    let name = |id: &ModelId| {
        s.models
            .get(id)
            .map_or_else(|| format!("#{}", id.0), |m| m.name.to_string())
    };
    Some(match e {
        Event::Deployed { model, at, .. } => {
            format!("{} deploys at ({:.1}, {:.1})", name(model), at.x, at.y)
        }
        Event::DeploymentFinished { side } => format!("side {side} has deployed"),
        Event::LeftOut { model } => format!(
            "{} finds no room in the deployment zone and takes no part in the game",
            name(model)
        ),
        Event::RoundBegan { round, ap, why } => format!(
            "AP round {round}: side 1 has {} AP ({}), side 2 has {} AP ({})",
            ap[0], why[0], ap[1], why[1]
        ),
        Event::Spent { side, ap, what } => format!("side {side} spends {ap} AP: {what}"),
        Event::Moved {
            model,
            from,
            to,
            kind,
            body_loss,
        } => format!(
            "{} {}s {:.1}\"{}",
            name(model),
            match kind {
                MoveKind::Normal => "move",
                MoveKind::Run => "run",
                MoveKind::SmallStep => "step",
                MoveKind::Forced => "shift",
            },
            from.dist(*to),
            if *body_loss > 0 {
                format!(" (Body -{body_loss}, now {})", s.models[model].body())
            } else {
                String::new()
            }
        ),
        Event::Turned { .. } | Event::Acted { .. } => return None,
        Event::Note { text, .. } => text.clone(),
        Event::Measured { .. } => return None,
        Event::Wounded { model, wounds, .. } => format!(
            "{} takes {wounds} wound(s) ({} of {})",
            name(model),
            s.models[model].wounds_taken,
            s.models[model].wounds
        ),
        Event::Killed { model, .. } => format!("{} is down and out", name(model)),
        Event::Pinned { model, pin } => match pin {
            Pin::Hit { from } => format!(
                "{} is pinned: it may move only away from {}",
                name(model),
                name(from)
            ),
            Pin::Missed => format!("{} is pinned: it cannot move, but may fire", name(model)),
        },
        Event::FiredOnAgain { model, by } => format!(
            "{} is pinned and fired on again, by {}: it may move only away from every shot",
            name(model),
            name(by)
        ),
        Event::Unpinned { model } => format!("{} is back on its feet (unpinned)", name(model)),
        Event::LeaderFailedWill { side } => {
            format!("side {side}'s squad leader lost a Willpower roll: -2 AP next round")
        }
        Event::WaitingSet { model, waiting } => {
            if *waiting {
                format!("{} goes into waiting", name(model))
            } else {
                format!("{} is no longer waiting", name(model))
            }
        }
        Event::KnockedDown { model, down } => {
            if *down {
                format!("{} falls over", name(model))
            } else {
                format!("{} stands up", name(model))
            }
        }
        Event::Afraid { model, of } => match of {
            Some(o) => format!("{} is afraid of {}: its CC is halved", name(model), name(o)),
            None => return None,
        },
        Event::Charged { model, target } => format!("{} charges {}", name(model), name(target)),
        Event::FirstAttackTaken { .. } | Event::Braved { .. } => return None,
        Event::WeaponBroken { model, weapon } => {
            format!("{}'s {weapon} breaks", name(model))
        }
        Event::PendingSet(_) | Event::StreakSet(_) => return None,
        Event::HazardPlaced(h) => format!(
            "a damaged-structure marker ({}\" across) at ({:.1}, {:.1})",
            h.diameter, h.centre.x, h.centre.y
        ),
        Event::ComboBegan(c) => format!(
            "side {} gives an order combo of {} commands",
            c.side,
            c.steps.len()
        ),
        Event::ComboStep { .. } => return None,
        Event::ComboEnded {
            side,
            completed,
            why,
            ..
        } => {
            if *completed {
                format!("side {side}'s order combo is carried out")
            } else {
                format!("side {side}'s order combo stops: {why}")
            }
        }
        Event::Stuck { model, ap } => {
            if *ap > 0 {
                format!(
                    "{} is stuck in the floor: {ap} AP to get it out",
                    name(model)
                )
            } else {
                format!("{} is out of the hole", name(model))
            }
        }
        Event::Done { side } => format!("side {side} is done for this AP round"),
        Event::RoundEnded { lines, .. } => {
            format!("end of AP round {}: {}", s.round, lines.join("; "))
        }
        Event::Reinforcements { side, models } => format!(
            "side {side}'s reinforcements arrive: {}",
            models.iter().map(name).collect::<Vec<_>>().join(", ")
        ),
        Event::LocationDestroyed { objective, by } => format!(
            "{} destroys {}",
            name(by),
            s.table
                .objectives
                .get(*objective)
                .map_or("a location".to_string(), |o| o.name.clone())
        ),
        Event::Over(Outcome::Victory { side, why }) => format!("side {side} wins: {why}"),
        Event::Over(Outcome::Draw { why }) => format!("a draw: {why}"),
    })
}
