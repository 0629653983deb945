//! "[2] Action" apart from attacks: Hold Objective, Forward Observer, Fire Support, and
//! Linebreaker's Pass Objective; plus the checks every action shares (one action per model, each
//! unit selected once, only Close Assault for a unit within 1" of an enemy).

use super::catalogue::ModelType;
use super::command::{Command, RuleError, illegal};
use super::ctx::{Ctx, expect_phase, own_model};
use super::event::Event;
use super::options::{Scenario, SpeedMoveBars};
use super::state::{KogState, MoveMode, Observation, Phase, Step};
use super::targeting::sighting;
use crate::table::ModelId;

/// Checks that `id` may take an action now; `assault`: the action is a Close Assault. Returns
/// its unit. The alternatives to a shot (Hold Objective and the like) are refused after a Speed
/// Move when the game's option says so; shots themselves are refused in `targeting`.
pub fn check_actor(s: &KogState, id: ModelId, assault: bool) -> Result<usize, RuleError> {
    check_actor_for(s, id, assault, false)
}

/// `check_actor` for an attack: `shot` is a ranged attack, which `targeting` checks itself.
pub fn check_actor_for(
    s: &KogState,
    id: ModelId,
    assault: bool,
    shot: bool,
) -> Result<usize, RuleError> {
    expect_phase(
        s,
        s.phase == Phase::Turn && s.step == Step::Action && s.pending.is_none(),
        "an action",
    )?;
    let m = own_model(s, id)?;
    if !s.is_active(m) {
        return illegal(format!("{} \"may not move or act\"", m.name));
    }
    if s.turn.acted.contains(&id) {
        return illegal(format!(
            "{} has acted: \"No model may take more than one action per player turn\"",
            m.name
        ));
    }
    let u = m.unit;
    if s.turn.units_done.contains(&u) {
        return illegal(format!(
            "unit {} has acted and another unit was selected since: \"no unit may be selected more than once\"",
            s.units[u].name
        ));
    }
    if !assault
        && !shot
        && s.options().speed_move_bars == SpeedMoveBars::ShootingAndItsAlternatives
        && s.turn.moved.get(&id).map(|m| m.0) == Some(MoveMode::Speed)
    {
        return illegal(format!(
            "{} made a Speed Move and \"may not choose Shooting actions until the end of the player turn\" (this game's option: {})",
            m.name,
            s.options().speed_move_bars.label()
        ));
    }
    if !assault && s.unit_engaged(u) {
        return illegal(format!(
            "unit {} has a model within 1\" of an enemy and \"may only choose Close Assault actions\"",
            s.units[u].name
        ));
    }
    Ok(u)
}

/// Opens the actor's unit if it is not the selected one, and marks the action taken.
pub fn take_action(c: &mut Ctx, id: ModelId, unit: usize, what: String) {
    if c.s.turn.open_unit != Some(unit) {
        c.emit(Event::UnitSelected { unit });
    }
    c.emit(Event::Acted { model: id, what });
}

/// The objectives within 1" of model `id` that it could hold.
pub fn objectives_in_reach(s: &KogState, id: ModelId) -> Vec<usize> {
    let Ok(m) = s.table.model(id) else {
        return Vec::new();
    };
    (0..s.objectives.len())
        .filter(|&i| {
            let o = &s.objectives[i];
            o.carrier.is_none() && !o.off_table && objective_gap(s, i, m) <= 1.0 + 1e-4
        })
        .collect()
}

/// The objective model `id` takes when the player names none: the opponent's if it is in reach
/// (holding it is what wins), else the first in reach.
pub fn objective_in_reach(s: &KogState, id: ModelId) -> Option<usize> {
    let side = s.models.get(&id).map(|m| m.side);
    let reach = objectives_in_reach(s, id);
    reach
        .iter()
        .copied()
        .find(|&i| s.objectives[i].owner.is_some_and(|o| Some(o) != side))
        .or_else(|| reach.first().copied())
}

/// Objective markers are 1" across; "within 1\" of an Objective" counts to the marker's edge.
pub const OBJECTIVE_RADIUS: f32 = 0.5;

/// The terrain piece that is Hamburger Hill's Objective: "Place a distinctive piece of terrain
/// in the center of the board. This piece of terrain is the only Objective in the game." The
/// piece whose footprint holds the objective's point (the smallest if several do); `None` when
/// no piece stands there and a marker stands in for it.
pub fn objective_piece(s: &KogState, objective: usize) -> Option<&crate::table::Piece> {
    let o = s.objectives.get(objective)?;
    if s.scenario() != Scenario::HamburgerHill || o.owner.is_some() {
        return None;
    }
    s.table
        .pieces
        .iter()
        .filter(|p| p.footprint_contains(o.at))
        .min_by(|a, b| (a.size.0 * a.size.1).total_cmp(&(b.size.0 * b.size.1)))
}

/// How far model `m`'s base is from the objective: to the edge of the terrain piece that is the
/// objective, or of its 1" marker.
pub fn objective_gap(s: &KogState, objective: usize, m: &crate::table::Model) -> f32 {
    match objective_piece(s, objective) {
        Some(p) => (p.footprint_distance(m.pos) - m.radius()).max(0.0),
        None => s.objectives.get(objective).map_or(f32::INFINITY, |o| {
            m.edge_distance_to_point(o.at) - OBJECTIVE_RADIUS
        }),
    }
}

pub fn run(c: &mut Ctx, cmd: &Command) -> Result<(), RuleError> {
    match cmd {
        Command::HoldObjective { model, objective } => {
            let u = check_actor(&c.s, *model, false)?;
            if c.s.scenario() == Scenario::Linebreaker {
                return illegal("in Linebreaker the Objective is carried, not held");
            }
            let found = match objective {
                Some(i) if objectives_in_reach(&c.s, *model).contains(i) => Some(*i),
                Some(i) => {
                    return illegal(format!(
                        "{} is not within 1\" of {}",
                        c.s.models[model].name,
                        c.s.objectives
                            .get(*i)
                            .map_or("that Objective", |o| o.name.as_str())
                    ));
                }
                None => objective_in_reach(&c.s, *model),
            };
            let Some(o) = found else {
                return illegal(format!(
                    "{} is not within 1\" of an Objective",
                    c.s.models[model].name
                ));
            };
            take_action(c, *model, u, "Hold Objective".into());
            c.emit(Event::ObjectiveHeld {
                objective: o,
                model: *model,
            });
            Ok(())
        }
        Command::ForwardObserver { model, target } => {
            let u = check_actor(&c.s, *model, false)?;
            let m = &c.s.models[model];
            if !m.loadout.has_type(ModelType::Recon) {
                return illegal(format!(
                    "only a Recon model may be a Forward Observer; {} is not",
                    m.name
                ));
            }
            let t = c.s.model(*target)?;
            if t.side == m.side || !c.s.is_active(t) {
                return illegal(format!("{} is not an enemy in the fight", t.name));
            }
            let scene = c.scene();
            let seen = sighting(&c.s, &scene, *model, *target)?;
            let Some(sight) = seen.kind else {
                return illegal(format!(
                    "{} has no Line of Sight, Partial Line of Sight or Sensor Lock on {}",
                    m.name, t.name
                ));
            };
            let cover = sight != super::state::SightKind::Full || !seen.cover.is_empty();
            take_action(c, *model, u, "Forward Observer".into());
            c.emit(Event::Observed(Observation {
                observer: *model,
                target: *target,
                sight,
                cover,
            }));
            Ok(())
        }
        Command::FireSupport { commander, model } => {
            let u = check_actor(&c.s, *commander, false)?;
            let side = c.s.active;
            if c.s.commander(side) != Some(*commander) {
                return illegal(format!(
                    "only the Commander gives Fire Support; {} is not side {side}'s Commander",
                    c.s.models[commander].name
                ));
            }
            let t = c.s.model(*model)?;
            if t.side != side || !c.s.is_active(t) || *model == *commander {
                return illegal(format!(
                    "Fire Support goes to another friendly model in the fight, not {}",
                    t.name
                ));
            }
            if c.s.turn.acted.contains(model) {
                return illegal(format!(
                    "{} has already acted this turn: Fire Support would come too late",
                    t.name
                ));
            }
            let d =
                c.s.table
                    .distance(*commander, *model)
                    .map_err(|e| RuleError::Illegal(e.to_string()))?;
            let sensors = c.s.models[commander].loadout.sensors;
            if d > sensors + 1e-4 {
                return illegal(format!(
                    "{} is {d:.1}\" away, beyond the Commander's Sensors ({sensors}\")",
                    t.name
                ));
            }
            take_action(c, *commander, u, "Fire Support".into());
            c.emit(Event::FireSupported {
                commander: *commander,
                model: *model,
            });
            Ok(())
        }
        Command::PassObjective { model, to } => {
            let u = check_actor(&c.s, *model, false)?;
            let Some(o) =
                c.s.objectives
                    .iter()
                    .position(|o| o.carrier == Some(*model))
            else {
                return illegal(format!(
                    "{} does not carry the Objective",
                    c.s.models[model].name
                ));
            };
            let t = c.s.model(*to)?;
            if t.side != c.s.active || !c.s.is_active(t) || *to == *model {
                return illegal(format!(
                    "the Objective goes to another friendly model in the fight, not {}",
                    t.name
                ));
            }
            let d =
                c.s.table
                    .distance(*model, *to)
                    .map_err(|e| RuleError::Illegal(e.to_string()))?;
            if d > 1.0 + 1e-4 {
                return illegal(format!(
                    "{} is {d:.1}\" away; the Objective passes to a friendly model within 1\"",
                    t.name
                ));
            }
            let at = c.s.table.model(*to).map(|m| m.pos).unwrap_or_default();
            take_action(c, *model, u, "Pass Objective".into());
            c.emit(Event::ObjectiveCarried {
                objective: o,
                carrier: Some(*to),
                at,
            });
            Ok(())
        }
        Command::PickUpObjective { model } => {
            let u = check_actor(&c.s, *model, false)?;
            if c.s.roles.map(|r| r.attacker) != Some(c.s.active) {
                return illegal("only the Attacker's models carry Linebreaker's Objective");
            }
            let m =
                c.s.table
                    .model(*model)
                    .map_err(|e| RuleError::Illegal(e.to_string()))?;
            let found = c.s.objectives.iter().position(|o| {
                !o.off_table
                    && match o.carrier {
                        Some(cid) => {
                            c.s.models.get(&cid).is_some_and(|x| !x.alive())
                                && c.s
                                    .table
                                    .model(cid)
                                    .is_ok_and(|w| m.edge_distance(w) <= 1.0 + 1e-4)
                        }
                        None => m.edge_distance_to_point(o.at) <= 1.0 + 1e-4,
                    }
            });
            let Some(o) = found.filter(|_| c.s.scenario() == Scenario::Linebreaker) else {
                return illegal(format!(
                    "{} is not within 1\" of a Destroyed model with the Objective",
                    c.s.models[model].name
                ));
            };
            let at = m.pos;
            take_action(c, *model, u, "Pass Objective (picks it up)".into());
            c.emit(Event::ObjectiveCarried {
                objective: o,
                carrier: Some(*model),
                at,
            });
            Ok(())
        }
        _ => unreachable!("actions::run is only called with action commands"),
    }
}
