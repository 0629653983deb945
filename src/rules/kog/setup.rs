//! "Order of Battle": the dice-off for Attacker and Defender (with the Unused Points re-roll),
//! the Defender's halves, deployment more than 12" from the enemy territory, objectives more than
//! 6" from any board edge, the Commanders; and the dice-off for the first turn from round 3.

use super::command::{Command, RuleError, illegal};
use super::ctx::{Ctx, expect_phase};
use super::event::Event;
use super::options::{GapFrom, Scenario};
use super::state::{KogObjective, Phase, Roles, Split, Territory, enemy, ix};
use crate::table::movement::can_stand;
use crate::table::{ModelId, Pt};

/// How far objectives keep from the board edges.
pub const OBJECTIVE_EDGE_GAP: f32 = 6.0;

pub fn run(c: &mut Ctx, cmd: &Command, unused: [i64; 2]) -> Result<(), RuleError> {
    match cmd {
        Command::RollOff => roll_off(c, unused),
        Command::Reroll => reroll(c),
        Command::KeepRolls => {
            let Phase::RoleDiceOff {
                last: Some(r),
                may_reroll: Some(_),
            } = c.s.phase
            else {
                return expect_phase(&c.s, false, "keeping the dice-off result");
            };
            c.emit(Event::PhaseSet(Phase::ChooseRole { chooser: winner(r) }));
            Ok(())
        }
        Command::ChooseRole { attacker } => {
            let Phase::ChooseRole { chooser } = c.s.phase else {
                return expect_phase(&c.s, false, "choosing Attacker or Defender");
            };
            let (a, d) = if *attacker {
                (chooser, enemy(chooser))
            } else {
                (enemy(chooser), chooser)
            };
            c.emit(Event::RolesSet(Roles {
                attacker: a,
                defender: d,
            }));
            c.emit(Event::PhaseSet(Phase::ChooseTerritory));
            Ok(())
        }
        Command::ChooseTerritory { split, half } => {
            expect_phase(
                &c.s,
                c.s.phase == Phase::ChooseTerritory,
                "dividing the table",
            )?;
            let t = Territory {
                split: *split,
                defender: *half,
                width: c.s.table.width,
                depth: c.s.table.depth,
            };
            let roles = c.s.roles.expect("roles are set before territories");
            for side in [roles.defender, roles.attacker] {
                check_room(&c.s, &t, side)?;
            }
            c.emit(Event::TerritorySet(t));
            c.emit(Event::PhaseSet(Phase::Deploy {
                side: roles.defender,
            }));
            Ok(())
        }
        Command::Deploy { model, at, facing } => deploy(c, *model, *at, *facing),
        Command::FinishDeployment => finish_deployment(c),
        Command::PlaceObjective { at } => place_objective(c, *at),
        Command::CarryObjective { model } => {
            let roles = c.s.roles;
            let ok = c.s.scenario() == Scenario::Linebreaker
                && matches!(c.s.phase, Phase::PlaceObjective { side } if Some(side) == roles.map(|r| r.attacker));
            expect_phase(&c.s, ok, "placing Linebreaker's objective on a model")?;
            let side = roles.map(|r| r.attacker).unwrap_or(1);
            let m = c.s.model(*model)?;
            if m.side != side || !c.s.is_active(m) {
                return illegal(format!(
                    "the Attacker places the Objective on one of its own models on the table, not {}",
                    m.name
                ));
            }
            let at = c.s.table.model(*model).map(|m| m.pos).unwrap_or_default();
            c.emit(Event::ObjectiveAdded(KogObjective {
                name: "the Objective".into(),
                owner: Some(side),
                at,
                carrier: Some(*model),
                off_table: false,
                streak: [0, 0],
            }));
            c.emit(Event::PhaseSet(Phase::NameCommanders));
            Ok(())
        }
        Command::NameCommander { model } => name_commander(c, *model),
        Command::ChooseFirst { side } => {
            let Phase::ChooseFirst { .. } = c.s.phase else {
                return expect_phase(&c.s, false, "choosing who goes first");
            };
            if !(1..=2).contains(side) {
                return illegal(format!("there is no side {side}"));
            }
            c.emit(Event::TurnBegan {
                round: c.s.round + 1,
                side: *side,
                first: true,
            });
            Ok(())
        }
        _ => unreachable!("setup::run is only called with setup commands"),
    }
}

/// The side whose roll is higher.
fn winner(r: [u32; 2]) -> u8 {
    if r[0] > r[1] { 1 } else { 2 }
}

fn roll_both(c: &mut Ctx, what: &str) -> Result<[u32; 2], RuleError> {
    let a = c.d6(&format!("Dice-off for {what}: side 1"))?;
    let b = c.d6(&format!("Dice-off for {what}: side 2"))?;
    c.emit(Event::DiceOff {
        what: what.into(),
        rolls: [a, b],
    });
    Ok([a, b])
}

/// Rolls until the two dice differ ("rolling again in the case of any ties").
fn roll_untied(c: &mut Ctx, what: &str) -> Result<[u32; 2], RuleError> {
    loop {
        let r = roll_both(c, what)?;
        if r[0] != r[1] {
            return Ok(r);
        }
    }
}

fn roll_off(c: &mut Ctx, unused: [i64; 2]) -> Result<(), RuleError> {
    match c.s.phase {
        Phase::RoleDiceOff {
            may_reroll: None, ..
        } => {
            let r = roll_untied(c, "Attacker and Defender")?;
            let loser = enemy(winner(r));
            if unused[ix(loser)] > unused[ix(winner(r))] {
                c.emit(Event::PhaseSet(Phase::RoleDiceOff {
                    last: Some(r),
                    may_reroll: Some(loser),
                }));
            } else {
                c.emit(Event::PhaseSet(Phase::ChooseRole { chooser: winner(r) }));
            }
            Ok(())
        }
        Phase::FirstTurnDiceOff => {
            let what = format!("the first turn of round {}", c.s.round + 1);
            let r = roll_both(c, &what)?;
            let chooser = if r[0] == r[1] {
                let second = enemy(c.s.first);
                c.emit(Event::Note(format!(
                    "A tie: side {second} went second last round and decides"
                )));
                second
            } else {
                winner(r)
            };
            c.emit(Event::PhaseSet(Phase::ChooseFirst { chooser }));
            Ok(())
        }
        _ => expect_phase(&c.s, false, "a dice-off"),
    }
}

fn reroll(c: &mut Ctx) -> Result<(), RuleError> {
    let Phase::RoleDiceOff {
        last: Some(mut r),
        may_reroll: Some(side),
    } = c.s.phase
    else {
        return expect_phase(&c.s, false, "re-rolling the dice-off");
    };
    let old = r[ix(side)];
    let new = c.d6(&format!(
        "Dice-off for Attacker and Defender: side {side} re-rolls (Unused Points)"
    ))?;
    r[ix(side)] = new;
    c.emit(Event::DiceOffReroll { side, old, new });
    if r[0] == r[1] {
        r = roll_untied(c, "Attacker and Defender")?;
    }
    c.emit(Event::PhaseSet(Phase::ChooseRole { chooser: winner(r) }));
    Ok(())
}

/// Whether a side's deployment area (its half, more than 12" from the other) can hold a base.
fn check_room(s: &super::state::KogState, t: &Territory, side: u8) -> Result<(), RuleError> {
    let size = match t.split {
        Split::LeftRight => t.width,
        Split::NearFar => t.depth,
    } / 2.0;
    let biggest = s
        .models
        .values()
        .filter(|m| m.side == side)
        .map(|m| m.loadout.base)
        .fold(0.0f32, f32::max);
    let gap = s.options().deployment_gap;
    if size - gap < biggest {
        return illegal(format!(
            "split this way each half is {size}\" deep, leaving {:.1}\" to deploy more than {gap}\" from the other half: too little for a {biggest}\" base (a smaller table may agree a smaller deployment gap)",
            (size - gap).max(0.0)
        ));
    }
    Ok(())
}

/// Checks that `id`'s base may stand at `at` in `side`'s deployment area.
pub fn check_deploy_spot(
    s: &super::state::KogState,
    scene: &crate::table::Scene,
    side: u8,
    id: ModelId,
    at: Pt,
) -> Result<(), RuleError> {
    let m = s.model(id)?;
    let (t, r) = (
        s.territory.expect("territories are set before deployment"),
        s.roles.expect("roles are set before deployment"),
    );
    let rad = m.loadout.base / 2.0;
    let own = t.half_of(side, &r);
    if !at.is_finite() || !s.table.contains_base(at, m.loadout.base) {
        return illegal(format!("{}'s base would leave the table", m.name));
    }
    if t.distance_to(own, at) > 1e-4 {
        return illegal(format!(
            "{} deploys in its own territory ({})",
            m.name,
            t.describe(own)
        ));
    }
    let gap = t.distance_to(own.other(), at) - rad;
    let need = s.options().deployment_gap;
    if gap <= need + 1e-4 {
        return illegal(format!(
            "{} must deploy more than {need}\" from the enemy territory: its base would be {gap:.1}\" away",
            m.name
        ));
    }
    if !can_stand(&s.table, scene, rad, at) {
        return illegal(format!(
            "{} cannot stand there: impassable ground or a solid piece",
            m.name
        ));
    }
    if let Some(o) = s.table.overlapping_model(at, m.loadout.base, Some(id)) {
        let name = s.models.get(&o).map(|x| x.name.clone()).unwrap_or_default();
        return illegal(format!("{}'s base would overlap {name}", m.name));
    }
    Ok(())
}

fn deploy(c: &mut Ctx, id: ModelId, at: Pt, facing: f32) -> Result<(), RuleError> {
    let Phase::Deploy { side } = c.s.phase else {
        return expect_phase(&c.s, false, "deploying");
    };
    let m = c.s.model(id)?;
    if m.side != side {
        return Err(RuleError::NotYourModel(m.name.clone(), side));
    }
    if m.removed {
        return illegal(format!("{} has left the game", m.name));
    }
    if !facing.is_finite() {
        return illegal("a facing must be a number of degrees");
    }
    let scene = c.scene();
    check_deploy_spot(&c.s, &scene, side, id, at)?;
    c.emit(Event::Deployed {
        model: id,
        at,
        facing,
    });
    Ok(())
}

fn finish_deployment(c: &mut Ctx) -> Result<(), RuleError> {
    let Phase::Deploy { side } = c.s.phase else {
        return expect_phase(&c.s, false, "finishing deployment");
    };
    let waiting: Vec<String> =
        c.s.models
            .values()
            .filter(|m| m.side == side && !c.s.on_table(m.id))
            .map(|m| m.name.clone())
            .collect();
    if !waiting.is_empty() {
        return illegal(format!(
            "side {side} still has models to deploy: {}",
            waiting.join(", ")
        ));
    }
    let roles = c.s.roles.expect("roles are set before deployment");
    c.emit(Event::DeploymentFinished { side });
    if side == roles.defender {
        c.emit(Event::PhaseSet(Phase::Deploy {
            side: roles.attacker,
        }));
        return Ok(());
    }
    match c.s.scenario() {
        Scenario::Standard | Scenario::Meatgrinder => {
            c.emit(Event::PhaseSet(Phase::PlaceObjective {
                side: roles.defender,
            }))
        }
        Scenario::HamburgerHill => {
            c.emit(Event::ObjectiveAdded(KogObjective {
                name: "the central Objective".into(),
                owner: None,
                at: Pt::new(c.s.table.width / 2.0, c.s.table.depth / 2.0),
                carrier: None,
                off_table: false,
                streak: [0, 0],
            }));
            c.emit(Event::PhaseSet(Phase::NameCommanders));
        }
        Scenario::Linebreaker => c.emit(Event::PhaseSet(Phase::PlaceObjective {
            side: roles.attacker,
        })),
    }
    Ok(())
}

/// Why a spot will not do for `side`'s objective marker.
enum SpotProblem {
    OffTable,
    NotOwn(&'static str),
    OnTheLine(&'static str),
    NearEdge(f32),
}

fn objective_spot_problem(s: &super::state::KogState, side: u8, at: Pt) -> Option<SpotProblem> {
    let (t, r) = (
        s.territory.expect("territories are set before objectives"),
        s.roles.expect("roles are set before objectives"),
    );
    if !at.is_finite() || !s.table.contains(at) {
        return Some(SpotProblem::OffTable);
    }
    let own = t.half_of(side, &r);
    if t.distance_to(own, at) > 1e-4 {
        return Some(SpotProblem::NotOwn(t.describe(own)));
    }
    if t.distance_to(own.other(), at) <= 1e-4 {
        return Some(SpotProblem::OnTheLine(t.describe(own)));
    }
    // Measured from the marker's edge, as every distance of the game is (saves from before
    // that reading measured from its centre).
    let radius = match s.options().objective_gap_from {
        GapFrom::MarkerEdge => super::actions::OBJECTIVE_RADIUS,
        GapFrom::MarkerCentre => 0.0,
    };
    let edge =
        at.x.min(at.y)
            .min(s.table.width - at.x)
            .min(s.table.depth - at.y)
            - radius;
    if edge <= OBJECTIVE_EDGE_GAP + 1e-4 {
        return Some(SpotProblem::NearEdge(edge));
    }
    None
}

/// Whether `side`'s objective marker may go at `at` ([`check_objective_spot`] without wording
/// the refusal: the program asks it of many spots).
pub fn objective_spot_ok(s: &super::state::KogState, side: u8, at: Pt) -> bool {
    objective_spot_problem(s, side, at).is_none()
}

/// Checks a spot for `side`'s objective marker.
pub fn check_objective_spot(s: &super::state::KogState, side: u8, at: Pt) -> Result<(), RuleError> {
    match objective_spot_problem(s, side, at) {
        None => Ok(()),
        Some(SpotProblem::OffTable) => illegal("the Objective goes on the table"),
        Some(SpotProblem::NotOwn(own)) => illegal(format!(
            "each player places its Objective \"in their territory\" ({own})"
        )),
        Some(SpotProblem::OnTheLine(own)) => illegal(format!(
            "each player places its Objective \"in their territory\": a marker on the dividing \
             line is in neither territory ({own} is beyond it)"
        )),
        Some(SpotProblem::NearEdge(edge)) => illegal(format!(
            "an Objective goes \"more than 6\\\" from any board edge\": this marker's edge is {edge:.1}\" from one"
        )),
    }
}

fn place_objective(c: &mut Ctx, at: Pt) -> Result<(), RuleError> {
    let Phase::PlaceObjective { side } = c.s.phase else {
        return expect_phase(&c.s, false, "placing an Objective");
    };
    if c.s.scenario() == Scenario::Linebreaker {
        return illegal("in Linebreaker the Attacker places the Objective on one of its models");
    }
    check_objective_spot(&c.s, side, at)?;
    c.emit(Event::ObjectiveAdded(KogObjective {
        name: format!("side {side}'s Objective"),
        owner: Some(side),
        at,
        carrier: None,
        off_table: false,
        streak: [0, 0],
    }));
    let roles = c.s.roles.expect("roles are set before objectives");
    if side == roles.defender {
        c.emit(Event::PhaseSet(Phase::PlaceObjective {
            side: roles.attacker,
        }));
    } else {
        c.emit(Event::PhaseSet(Phase::NameCommanders));
    }
    Ok(())
}

fn name_commander(c: &mut Ctx, id: ModelId) -> Result<(), RuleError> {
    expect_phase(
        &c.s,
        c.s.phase == Phase::NameCommanders,
        "naming a Commander",
    )?;
    let m = c.s.model(id)?;
    if !c.s.is_active(m) {
        return illegal(format!("{} is not on the table", m.name));
    }
    let side = m.side;
    c.emit(Event::CommanderNamed { side, model: id });
    if c.s.commanders.iter().all(Option::is_some) {
        let roles = c.s.roles.expect("roles are set before commanders");
        c.emit(Event::TurnBegan {
            round: 1,
            side: roles.defender,
            first: true,
        });
    }
    Ok(())
}
