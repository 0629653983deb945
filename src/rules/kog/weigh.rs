//! What the KOG light program weighs at a decision, in words: Normal's own order first, then the
//! other orders of the same model (its other attacks, holding an objective, standing still,
//! charging), each with its value and the facts that decide it ("Attack Panther 1 with the
//! 7.5cm KwK: 33% to destroy it, it holds an objective"); at the choice of Attacker or
//! Defender, both roles. Hard plays these out; "Why?" shows them. Also how a game stands for a
//! side, for Hard's rollouts.

use super::actions::objective_in_reach;
use super::ai::{charge_for, choose, keeps_coherency, ranked_attacks};
use super::command::Command;
use super::marker::{Kog, KogGame};
use super::moves::plan_move;
use super::odds::odds;
use super::options::Scenario;
use super::state::{KogState, MoveMode, Phase, Step, enemy};
use super::targeting::plan_attack;
use super::victory::HOLD_TURNS;
use crate::rules::core::{Candidate, RuleSet};
use crate::table::{ModelId, Scene};

/// The orders the program weighs for `side` now, Normal's first.
pub fn options(g: &KogGame, side: u8) -> Vec<Candidate<Command>> {
    let Some(normal) = choose(g, side) else {
        return Vec::new();
    };
    let s = &g.state;
    let scene = Scene::shared(&s.table, s.options().sight());
    let mut cmds: Vec<(f64, Command, String)> = Vec::new();
    match (&s.pending, &s.phase, s.step) {
        (Some(p), _, _) => {
            cmds.push((0.0, Command::Respond { counter: None }, String::new()));
            for w in &p.counter_weapons {
                if let Ok(back) = plan_attack(s, &scene, p.target, w, p.attacker, true) {
                    let o = odds(&back.spec(s, false));
                    cmds.push((
                        o.destroyed * 2.0 + o.crippled,
                        Command::Respond {
                            counter: Some(w.clone()),
                        },
                        chances(o.destroyed, o.crippled),
                    ));
                }
            }
        }
        (None, Phase::Turn, Step::Action) => {
            if let Some(id) = acting(&normal) {
                for (score, c, destroyed, crippled) in ranked_attacks(s, &scene, id) {
                    cmds.push((score, c, chances(destroyed, crippled)));
                }
                if let Some(o) = objective_in_reach(s, id) {
                    cmds.push((
                        1.0,
                        Command::HoldObjective {
                            model: id,
                            objective: Some(o),
                        },
                        format!("{} turns in a row win the game", HOLD_TURNS),
                    ));
                }
            }
        }
        (None, Phase::Turn, Step::Movement) => {
            if let Some(id) = acting(&normal)
                && let Ok(here) = s.table.model(id).map(|m| m.pos)
            {
                cmds.push((
                    0.0,
                    Command::Move {
                        model: id,
                        mode: MoveMode::HoldPosition,
                        to: here,
                    },
                    "keeps its shots and its place".into(),
                ));
                if let Some(c) = charge_for(g, &scene, id) {
                    cmds.push((1.0, c, "a Close Assault after the charge".into()));
                }
                // A Combat Move toward the nearest enemy, as far as it goes, when Normal holds.
                if matches!(
                    normal,
                    Command::Move {
                        mode: MoveMode::HoldPosition,
                        ..
                    }
                ) && let Some(c) = toward_enemy(s, &scene, id, MoveMode::Combat)
                {
                    cmds.push((0.5, c, "closes in and may still fire".into()));
                }
            }
        }
        (None, Phase::ChooseRole { .. }, _) => {
            cmds.push((
                0.0,
                Command::ChooseRole { attacker: false },
                "chooses the territory, deploys first and takes the first turn".into(),
            ));
            cmds.push((
                0.0,
                Command::ChooseRole { attacker: true },
                "deploys after the enemy, moves second in round 1 and first in round 2".into(),
            ));
        }
        _ => {}
    }
    let first_facts = cmds
        .iter()
        .find(|c| c.1 == normal)
        .map(|c| (c.0, c.2.clone()))
        .unwrap_or_default();
    let mut out = vec![Candidate::new(
        normal.clone(),
        first_facts.0,
        words(s, &normal),
        with_objective(s, &normal, first_facts.1),
    )];
    for (v, c, facts) in cmds {
        if out.iter().any(|o| o.cmd == c) || g.check(Kog::natural_seat(s, &c), &c).is_err() {
            continue;
        }
        // A move that leaves its unit out of coherency would stall the end of the movement.
        if let Command::Move { model, .. } = &c
            && !keeps_coherency(g, &c, *model)
        {
            continue;
        }
        let facts = with_objective(s, &c, facts);
        out.push(Candidate::new(c.clone(), v, words(s, &c), facts));
    }
    out
}

/// The model an order is for.
fn acting(c: &Command) -> Option<ModelId> {
    match c {
        Command::Move { model, .. }
        | Command::Face { model, .. }
        | Command::ExitTable { model, .. }
        | Command::HoldObjective { model, .. }
        | Command::ForwardObserver { model, .. }
        | Command::FireSupport { model, .. } => Some(*model),
        Command::Attack { attacker, .. } => Some(*attacker),
        _ => None,
    }
}

/// A move of `id` in `mode` as far as it goes straight toward the nearest enemy, stopping 3"
/// short, if the rules allow it.
fn toward_enemy(s: &KogState, scene: &Scene, id: ModelId, mode: MoveMode) -> Option<Command> {
    let m = s.models.get(&id)?;
    let here = s.table.model(id).ok()?.pos;
    let target = s
        .active_models(enemy(m.side))
        .filter_map(|e| s.table.model(e.id).ok())
        .min_by(|a, b| a.pos.dist(here).total_cmp(&b.pos.dist(here)))?
        .pos;
    let dist = target.dist(here);
    if dist < 4.0 {
        return None;
    }
    let dir = target.sub(here).scale(1.0 / dist);
    let mut d = (dist - 3.0).min(super::moves::allowance(s, id, mode));
    while d > 0.5 {
        let to = here.add(dir.scale(d));
        if plan_move(s, scene, id, mode, to).is_ok() {
            return Some(Command::Move {
                model: id,
                mode,
                to,
            });
        }
        d -= 1.0;
    }
    None
}

/// The chances of destroying and crippling, in words.
fn chances(destroyed: f64, crippled: f64) -> String {
    format!(
        "{:.0}% to destroy it, {:.0}% to cripple it",
        100.0 * destroyed,
        100.0 * crippled
    )
}

/// The facts, with "it holds an objective" for an attack on a model in reach of one.
fn with_objective(s: &KogState, c: &Command, facts: String) -> String {
    let holds = match c {
        Command::Attack { target, .. } => objective_in_reach(s, *target).is_some(),
        _ => false,
    };
    match (holds, facts.is_empty()) {
        (true, true) => "it stands at an objective".into(),
        (true, false) => format!("{facts}, it stands at an objective"),
        _ => facts,
    }
}

/// A model's name.
fn name(s: &KogState, id: ModelId) -> String {
    s.models
        .get(&id)
        .map_or_else(|| format!("model {}", id.0), |m| m.name.clone())
}

/// An order in words.
pub fn words(s: &KogState, c: &Command) -> String {
    match c {
        Command::Attack {
            attacker,
            weapon,
            target,
            ..
        } => format!(
            "{} attacks {} with the {weapon}",
            name(s, *attacker),
            name(s, *target)
        ),
        Command::Move { model, mode, .. } => match mode {
            MoveMode::HoldPosition => format!("{} holds its position", name(s, *model)),
            MoveMode::Charge => format!("{} charges", name(s, *model)),
            MoveMode::Combat => format!("{} makes a Combat Move", name(s, *model)),
            MoveMode::Speed => format!("{} makes a Speed Move", name(s, *model)),
        },
        Command::HoldObjective { model, .. } => format!("{} holds the objective", name(s, *model)),
        Command::FireSupport { commander, model } => format!(
            "{} gives Fire Support to {}",
            name(s, *commander),
            name(s, *model)
        ),
        Command::ForwardObserver { model, target } => format!(
            "{} spots {} for indirect fire",
            name(s, *model),
            name(s, *target)
        ),
        Command::Respond { counter: None } => "Defend".into(),
        Command::Respond {
            counter: Some(w), ..
        } => format!("Counterattack with the {w}"),
        Command::ExitTable { model, .. } => {
            format!("{} carries the objective off the table", name(s, *model))
        }
        Command::EndMovement => "End the movement".into(),
        Command::EndTurn => "End the turn".into(),
        Command::ChooseRole { attacker: true } => "Take the role of Attacker".into(),
        Command::ChooseRole { attacker: false } => "Take the role of Defender".into(),
        other => format!("{other:?}"),
    }
}

/// How the game stands for `side`: the points of its models still fighting (a crippled one at
/// 0.3) against the enemy's, and the streaks of holding the objective that wins the game.
pub fn position_value(s: &KogState, side: u8) -> f64 {
    let mut mine = 0.0;
    let mut theirs = 0.0;
    for m in s.models.values() {
        // A side with no unit left uncrippled loses: a crippled model counts for little.
        let left = match m.damage {
            0 => 1.0,
            1 => 0.3,
            _ => 0.0,
        } * m.loadout.cost as f64;
        if m.side == side {
            mine += left;
        } else {
            theirs += left;
        }
    }
    let material = (mine - theirs) / (mine + theirs).max(1.0);
    // Only the streaks that win count: on the enemy's objective (the central one on Hamburger
    // Hill); holding its own objective wins a side nothing.
    let winning = |me: u8| -> f64 {
        let at = match s.scenario() {
            Scenario::HamburgerHill => Some(0),
            _ => s.objective_of(enemy(me)),
        };
        at.and_then(|x| s.objectives.get(x))
            .map_or(0.0, |o| o.streak[usize::from(me != 1)] as f64)
    };
    let streaks = winning(side) - winning(enemy(side));
    0.7 * material + 0.25 * streaks / HOLD_TURNS as f64
}
