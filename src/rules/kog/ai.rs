//! The program opponent: a plain, deterministic player that asks the rules what is legal and
//! picks by simple aims (take the enemy's objective, charge or shoot where the odds are best, give
//! Fire Support or spot for indirect fire where it adds most, keep units together). It drives solo
//! play, quick deployment and the headless self-play games. At Easy it makes a player's
//! mistakes on purpose: it fires at the second-best target, shoots rather than take an
//! objective, misjudges a target in the last third of a gun's range as out of it (and moves
//! instead of shooting), rushes forward with Speed Moves that give up its shots, gives no Fire
//! Support or Forward Observer and never counterattacks.

use super::actions::objective_in_reach;
use super::command::Command;
use super::marker::{Kog, KogGame};
use super::moves::{coherency_problem, plan_move};
use super::odds::odds;
use super::options::Scenario;
use super::setup::{check_deploy_spot, objective_spot_ok};
use super::state::{Half, KogState, MoveMode, Phase, Split, Step, enemy};
use super::targeting::{attack_menu, plan_attack};
use crate::rules::core::{RuleSet, Skill};
use crate::table::{ModelId, Pt, Scene};
use std::collections::BTreeMap;

/// Whether `cmd` would be accepted now from the seat that gives it.
fn legal(g: &KogGame, cmd: &Command) -> bool {
    g.check(Kog::natural_seat(&g.state, cmd), cmd).is_ok()
}

/// The command the program plays for `side` now, if the game waits on that side.
pub fn choose(g: &KogGame, side: u8) -> Option<Command> {
    choose_at(g, side, Skill::Normal)
}

/// The command the program plays for `side` now at `skill` (Hard chooses as Normal here).
pub fn choose_at(g: &KogGame, side: u8, skill: Skill) -> Option<Command> {
    let easy = skill == Skill::Easy;
    let s = &g.state;
    if let Some(p) = &s.pending {
        if easy {
            return (s.models.get(&p.target)?.side == side)
                .then_some(Command::Respond { counter: None });
        }
        return (s.models.get(&p.target)?.side == side).then(|| respond(s));
    }
    match &s.phase {
        Phase::PlaceTerrain { side: p, .. } => (*p == side).then(|| place_terrain(s)),
        Phase::RoleDiceOff {
            may_reroll: None, ..
        }
        | Phase::FirstTurnDiceOff => Some(Command::RollOff),
        Phase::RoleDiceOff {
            may_reroll: Some(r),
            ..
        } => (*r == side).then_some(Command::Reroll),
        Phase::ChooseRole { chooser } => (*chooser == side).then_some(Command::ChooseRole {
            attacker: s.scenario() == Scenario::Linebreaker,
        }),
        Phase::ChooseTerritory => (s.roles?.defender == side).then(|| {
            [
                (Split::NearFar, Half::LeftOrNear),
                (Split::LeftRight, Half::LeftOrNear),
            ]
            .into_iter()
            .map(|(split, half)| Command::ChooseTerritory { split, half })
            .find(|c| legal(g, c))
            .unwrap_or(Command::ChooseTerritory {
                split: Split::NearFar,
                half: Half::LeftOrNear,
            })
        }),
        Phase::Deploy { side: d } => {
            if *d != side {
                return None;
            }
            match spots(s, side, 1).into_iter().next() {
                Some((model, at, facing)) => Some(Command::Deploy { model, at, facing }),
                None => Some(Command::FinishDeployment),
            }
        }
        Phase::PlaceObjective { side: d } => {
            if *d != side {
                return None;
            }
            if s.scenario() == Scenario::Linebreaker {
                let carrier = s.active_models(side).max_by(|a, b| {
                    a.loadout
                        .movement
                        .total_cmp(&b.loadout.movement)
                        .then(b.id.cmp(&a.id))
                })?;
                return Some(Command::CarryObjective { model: carrier.id });
            }
            objective_spot(s, side).map(|at| Command::PlaceObjective { at })
        }
        Phase::NameCommanders => {
            if s.commander(side).is_some() {
                return None;
            }
            let m = s.active_models(side).max_by(|a, b| {
                a.loadout
                    .sensors
                    .total_cmp(&b.loadout.sensors)
                    .then(b.id.cmp(&a.id))
            })?;
            Some(Command::NameCommander { model: m.id })
        }
        Phase::ChooseFirst { chooser } => {
            (*chooser == side).then_some(Command::ChooseFirst { side })
        }
        Phase::Turn => {
            if s.active != side {
                return None;
            }
            Some(match s.step {
                Step::Movement => next_move(g, easy).unwrap_or(Command::EndMovement),
                Step::Action => next_action(g, easy).unwrap_or(Command::EndTurn),
            })
        }
        Phase::Over(_) => None,
    }
}

/// Counterattack when it risks little more than defending.
pub(super) fn respond(s: &KogState) -> Command {
    let Some(p) = &s.pending else {
        return Command::Respond { counter: None };
    };
    let scene = Scene::shared(&s.table, s.options().sight());
    let Ok(plan) = plan_attack(s, &scene, p.attacker, &p.weapon, p.target, false) else {
        return Command::Respond { counter: None };
    };
    let defend = odds(&plan.spec(s, false));
    let counter = odds(&plan.spec(s, true));
    if counter.destroyed > defend.destroyed + 0.15 {
        return Command::Respond { counter: None };
    }
    let best = p
        .counter_weapons
        .iter()
        .filter_map(|w| {
            let back = plan_attack(s, &scene, p.target, w, p.attacker, true).ok()?;
            let o = odds(&back.spec(s, false));
            Some((w.clone(), o.destroyed * 2.0 + o.crippled))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1));
    Command::Respond {
        counter: best.filter(|b| b.1 > 0.2).map(|b| b.0),
    }
}

/// Spots for every waiting model of `side`, unit by unit, spread across the deployment area.
pub fn deploy_spots(s: &KogState, side: u8) -> Vec<(ModelId, Pt, f32)> {
    spots(s, side, usize::MAX)
}

/// [`deploy_spots`], stopping after the first `most`.
fn spots(s: &KogState, side: u8, most: usize) -> Vec<(ModelId, Pt, f32)> {
    let (Some(t), Some(r)) = (s.territory, s.roles) else {
        return Vec::new();
    };
    let scene = Scene::shared(&s.table, s.options().sight());
    let own = t.half_of(side, &r);
    let mut state = s.clone();
    let mut out = Vec::new();
    let (w, d) = (s.table.width, s.table.depth);
    // Candidate points: rows of the deployment band, from the middle of the table outwards.
    let mut cands = Vec::new();
    let step = 1.5;
    let mut a = step / 2.0;
    while a < w.max(d) {
        let mut b = step / 2.0;
        while b < w.max(d) {
            let p = match t.split {
                Split::NearFar => Pt::new(a, b),
                Split::LeftRight => Pt::new(b, a),
            };
            if s.table.contains(p) && t.distance_to(own, p) == 0.0 {
                cands.push(p);
            }
            b += step;
        }
        a += step;
    }
    let centre = Pt::new(w / 2.0, d / 2.0);
    cands.sort_by(|p, q| {
        let key = |x: &Pt| match t.split {
            Split::NearFar => (x.x - centre.x).abs() * 0.2 + t.distance_to(own.other(), *x) * 0.01,
            Split::LeftRight => {
                (x.y - centre.y).abs() * 0.2 + t.distance_to(own.other(), *x) * 0.01
            }
        };
        key(p).total_cmp(&key(q))
    });
    let facing = |p: Pt| {
        let toward = match t.split {
            Split::NearFar => Pt::new(p.x, if own == Half::LeftOrNear { d } else { 0.0 }),
            Split::LeftRight => Pt::new(if own == Half::LeftOrNear { w } else { 0.0 }, p.y),
        };
        toward.sub(p).angle_deg()
    };
    let waiting: Vec<ModelId> = s
        .models
        .values()
        .filter(|m| m.side == side && s.waiting_to_deploy(m))
        .map(|m| m.id)
        .collect();
    for id in waiting {
        let unit = s.models[&id].unit;
        let mate = state.units[unit]
            .models
            .iter()
            .filter_map(|m| state.table.model(*m).ok())
            .map(|m| m.pos)
            .next();
        let mut best: Option<Pt> = None;
        let mut order: Vec<&Pt> = cands.iter().collect();
        if let Some(m) = mate {
            order.sort_by(|p, q| p.dist(m).total_cmp(&q.dist(m)));
        }
        for p in order {
            if check_deploy_spot(&state, &scene, side, id, *p).is_ok() {
                best = Some(*p);
                break;
            }
        }
        let Some(p) = best else { continue };
        super::event::apply(
            &mut state,
            &super::event::Event::Deployed {
                model: id,
                at: p,
                facing: facing(p),
            },
        );
        out.push((id, p, facing(p)));
        if out.len() >= most {
            break;
        }
    }
    out
}

/// A spot for `side`'s objective: its own half, away from the edges, as far back from the enemy
/// half as allowed and central along the other way.
fn objective_spot(s: &KogState, side: u8) -> Option<Pt> {
    let (t, r) = (s.territory?, s.roles?);
    let own = t.half_of(side, &r);
    let enemy_half = own.other();
    let (w, d) = (s.table.width, s.table.depth);
    let mut best: Option<(f32, Pt)> = None;
    let mut x = 6.5;
    while x < w - 6.0 {
        let mut y = 6.5;
        while y < d - 6.0 {
            let p = Pt::new(x, y);
            // Points outside its own half are refused first: not asked (and not worded).
            if t.distance_to(own, p) <= 1e-4 && objective_spot_ok(s, side, p) {
                let off_centre = match t.split {
                    Split::NearFar => (x - w / 2.0).abs(),
                    Split::LeftRight => (y - d / 2.0).abs(),
                };
                let score = t.distance_to(enemy_half, p) * 2.0 - off_centre;
                if best.is_none_or(|b| score > b.0) {
                    best = Some((score, p));
                }
            }
            y += 0.5;
        }
        x += 0.5;
    }
    best.map(|b| b.1)
}

/// Units in the order the program selects them: the open one first.
pub(super) fn unit_order(s: &KogState) -> Vec<usize> {
    let mut v: Vec<usize> = (0..s.units.len())
        .filter(|u| s.units[*u].side == s.active && !s.turn.units_done.contains(u))
        .collect();
    if let Some(open) = s.turn.open_unit {
        v.retain(|u| *u != open);
        v.insert(0, open);
    }
    v
}

/// Where a model heads: the objective it must take, the carrier it must stop, or the nearest
/// enemy.
fn aim(s: &KogState, id: ModelId) -> Option<Pt> {
    let m = s.models.get(&id)?;
    let here = s.table.model(id).ok()?.pos;
    let side = m.side;
    match s.scenario() {
        Scenario::Linebreaker => {
            let o = s.objectives.first()?;
            if s.roles?.attacker == side {
                if o.carrier == Some(id) {
                    let (t, r) = (s.territory?, s.roles?);
                    let half = t.half_of(r.defender, &r);
                    return Some(match (t.split, half) {
                        (Split::NearFar, Half::LeftOrNear) => Pt::new(here.x, 0.0),
                        (Split::NearFar, Half::RightOrFar) => Pt::new(here.x, t.depth),
                        (Split::LeftRight, Half::LeftOrNear) => Pt::new(0.0, here.y),
                        (Split::LeftRight, Half::RightOrFar) => Pt::new(t.width, here.y),
                    });
                }
            } else {
                return Some(o.at);
            }
        }
        Scenario::HamburgerHill => {
            if m.unit % 2 == 0 {
                return s.objectives.first().map(|o| o.at);
            }
        }
        Scenario::Standard | Scenario::Meatgrinder => {
            if m.unit % 2 == 0
                && let Some(i) = s.objective_of(enemy(side))
            {
                return Some(s.objectives[i].at);
            }
        }
    }
    s.active_models(enemy(side))
        .filter_map(|e| s.table.model(e.id).ok())
        .min_by(|a, b| {
            a.pos
                .dist(here)
                .total_cmp(&b.pos.dist(here))
                .then(a.id.cmp(&b.id))
        })
        .map(|e| e.pos)
}

/// The next model to move and its move.
fn next_move(g: &KogGame, easy: bool) -> Option<Command> {
    let s = &g.state;
    let scene = Scene::shared(&s.table, s.options().sight());
    for u in unit_order(s) {
        for id in s.units[u].models.clone() {
            let Some(m) = s.models.get(&id) else { continue };
            if !s.is_active(m) || s.turn.moved.contains_key(&id) {
                continue;
            }
            if s.objectives.iter().any(|o| o.carrier == Some(id)) {
                for mode in [MoveMode::Speed, MoveMode::Combat] {
                    let c = Command::ExitTable { model: id, mode };
                    if legal(g, &c) {
                        return Some(c);
                    }
                }
            }
            return Some(move_for(g, &scene, id, easy));
        }
    }
    None
}

/// A move for one model: charge when a Close Assault after it beats shooting from here, stay and
/// shoot when it has a target, else close in on its aim.
///
/// At Easy (`easy`) a player's mistakes: a target in the last third of a gun's range misjudged
/// as out of it (the model moves instead of shooting), and a rush forward with a Speed Move where
/// a Combat Move would have kept its shots.
fn move_for(g: &KogGame, scene: &Scene, id: ModelId, easy: bool) -> Command {
    let s = &g.state;
    if !s.objectives.iter().any(|o| o.carrier == Some(id))
        && let Some(c) = charge_for(g, scene, id)
    {
        return c;
    }
    let judged = if easy { 0.67 } else { 1.0 };
    let here = s.table.model(id).map(|m| m.pos).unwrap_or_default();
    let hold = Command::Move {
        model: id,
        mode: MoveMode::HoldPosition,
        to: here,
    };
    let shooting = attack_menu(s, scene, id).iter().any(|(w, _, r)| {
        r.as_ref().is_ok_and(|p| {
            p.situation.range <= p.weapon.range * judged
                && !s.models[&id]
                    .loadout
                    .weapon(w)
                    .is_some_and(|w| w.is_assault())
        })
    });
    let carrier = s.objectives.iter().any(|o| o.carrier == Some(id));
    if shooting
        && !carrier
        && aim(s, id).is_none_or(|a| a.dist(here) < 8.0 || s.models[&id].unit % 2 == 1)
    {
        return hold;
    }
    let Some(target) = aim(s, id) else {
        return hold;
    };
    let dir = target.sub(here);
    let dist = dir.len();
    if dist < 1e-3 {
        return hold;
    }
    let unit_dir = dir.scale(1.0 / dist);
    let enemy_at_aim = s
        .active_models(enemy(s.models[&id].side))
        .any(|e| s.table.model(e.id).is_ok_and(|m| m.pos.dist(target) < 0.1));
    let stop_short = if enemy_at_aim { 3.0 } else { 0.0 };
    // A Speed Move gives up shooting this turn: not when a Combat Move brings an enemy within
    // the reach of one of its guns (those it may fire every turn).
    let reach = s.models[&id]
        .loadout
        .weapons
        .iter()
        .filter(|w| !w.is_assault() && w.uses != super::catalogue::Uses::TwicePerGame)
        .map(|w| w.range)
        .fold(0.0f32, f32::max);
    let combat = super::moves::allowance(s, id, MoveMode::Combat);
    let shoots_after_combat = s.active_models(enemy(s.models[&id].side)).any(|e| {
        s.table
            .distance(id, e.id)
            .is_ok_and(|d| d - combat <= reach)
    });
    let mode = if easy {
        MoveMode::Speed
    } else if s.models[&id].crippled() || enemy_at_aim && dist < 16.0 || shoots_after_combat {
        MoveMode::Combat
    } else {
        MoveMode::Speed
    };
    let allow = super::moves::allowance(s, id, mode);
    let mut d = (dist - stop_short).min(allow);
    while d > 0.5 {
        let to = here.add(unit_dir.scale(d));
        if plan_move(s, scene, id, mode, to).is_ok() {
            let cmd = Command::Move {
                model: id,
                mode,
                to,
            };
            if keeps_coherency(g, &cmd, id) {
                return cmd;
            }
        }
        d -= 1.0;
    }
    hold
}

/// The state after `cmd`, if the rules accept it (played on copies of the state and dice).
fn after(g: &KogGame, cmd: &Command) -> Option<KogState> {
    let mut dice = g.dice.clone();
    super::execute::execute_after(&g.state, cmd, &mut dice)
        .ok()
        .map(|(_, after)| after)
}

/// Whether the unit stays coherent after `cmd`.
pub(super) fn keeps_coherency(g: &KogGame, cmd: &Command, id: ModelId) -> bool {
    after(g, cmd).is_some_and(|a| coherency_problem(&a, a.models[&id].unit).is_none())
}

/// A Charge! worth making: at the enemy model whose Close Assault after the charge (with the
/// charge's re-rolls) scores best, when that beats the unit's best attacks from where its models
/// stand by a clear margin and the unit stays together.
pub(super) fn charge_for(g: &KogGame, scene: &Scene, id: ModelId) -> Option<Command> {
    let s = &g.state;
    let m = s.models.get(&id)?;
    if !m.loadout.weapons.iter().any(|w| w.is_assault()) {
        return None;
    }
    let here = s.table.model(id).ok()?;
    let reach = super::moves::allowance(s, id, MoveMode::Charge) + here.radius() + 1.0;
    // A unit with a model within 1" of an enemy "may only choose Close Assault actions": the
    // charge gives up the shots of the whole unit.
    let stay: f64 = s.units[m.unit]
        .models
        .iter()
        .filter(|u| s.active_model(**u))
        .filter_map(|u| scored_attack(s, scene, *u).map(|b| b.0))
        .sum();
    let mut best: Option<(f64, Command)> = None;
    for e in s.active_models(enemy(m.side)) {
        let Ok(t) = s.table.model(e.id) else { continue };
        if t.pos.dist(here.pos) - t.radius() > reach {
            continue;
        }
        let cmd = Command::Move {
            model: id,
            mode: MoveMode::Charge,
            to: t.pos,
        };
        let Some(a) = after(g, &cmd) else { continue };
        if coherency_problem(&a, m.unit).is_some() {
            continue;
        }
        let scene = Scene::shared(&a.table, a.options().sight());
        let Some((score, _)) = scored_attack(&a, &scene, id) else {
            continue;
        };
        if score > stay * 1.25 + 0.05 && best.as_ref().is_none_or(|b| score > b.0) {
            best = Some((score, cmd));
        }
    }
    best.map(|b| b.1)
}

/// The next action: Fire Support or Forward Observer where it adds more than the helper's own
/// shot, else hold an objective in reach, else the attack with the best odds.
fn next_action(g: &KogGame, easy: bool) -> Option<Command> {
    let s = &g.state;
    let scene = Scene::shared(&s.table, s.options().sight());
    if !easy && let Some(c) = support(g, &scene) {
        return Some(c);
    }
    for u in unit_order(s) {
        // The Commander acts last in its unit, so that Fire Support stays open to it once its
        // unit-mates have shot.
        let mut models = s.units[u].models.clone();
        models.sort_by_key(|id| s.commander(s.active) == Some(*id));
        for id in models {
            let Some(m) = s.models.get(&id) else { continue };
            if !s.is_active(m) || s.turn.acted.contains(&id) {
                continue;
            }
            // A player's mistake at Easy: shooting rather than taking the objective.
            let shot = easy && scored_attack(s, &scene, id).is_some();
            if !shot && let Some(o) = objective_in_reach(s, id) {
                let theirs = s.objectives[o].owner.is_none_or(|w| w != m.side);
                let c = Command::HoldObjective {
                    model: id,
                    objective: Some(o),
                };
                if theirs && legal(g, &c) {
                    return Some(c);
                }
            }
            let attack = if easy {
                second_target(s, &scene, id)
            } else {
                best_attack(s, &scene, id)
            };
            if let Some(c) = attack
                && legal(g, &c)
            {
                return Some(c);
            }
        }
    }
    None
}

/// A supporting action worth more than the helper's own best attack:
/// - "Fire Support – A Commander may designate a friendly model within Sensor range to re-roll
///   any failed shots", given to the model whose best attack gains most by it;
/// - "Forward Observer – A Recon model may provide Line of Sight ... for another friendly model
///   firing Indirect", on the enemy whose spotting most improves a friendly model's best attack.
///
/// Only while no other unit is half done, and when acting with the helped model does not cut
/// short the helper's unit-mates (it is one of them, or they have all acted).
fn support(g: &KogGame, scene: &Scene) -> Option<Command> {
    let s = &g.state;
    let side = s.active;
    let waiting = |id: &ModelId| !s.turn.acted.contains(id) && s.active_model(*id);
    // Each waiting model's best attack as things stand.
    let now: BTreeMap<ModelId, f64> = s
        .active_models(side)
        .filter(|m| waiting(&m.id))
        .map(|m| (m.id, scored_attack(s, scene, m.id).map_or(0.0, |b| b.0)))
        .collect();
    let mut best: Option<(f64, Command)> = None;
    // `cmds`: each command with the one model it helps, or `None` for any friendly model.
    let mut consider = |helper: ModelId, cmds: Vec<(Command, Option<ModelId>)>| {
        let h = &s.models[&helper];
        let Some(&own) = now.get(&helper) else { return };
        if s.turn.open_unit.is_some_and(|u| u != h.unit) {
            return;
        }
        let mates_waiting = s.units[h.unit]
            .models
            .iter()
            .any(|id| *id != helper && waiting(id));
        for (cmd, helped) in cmds {
            let Some(a) = after(g, &cmd) else { continue };
            for (&m, &before) in &now {
                let unit = s.models[&m].unit;
                if m == helper
                    || helped.is_some_and(|h| h != m)
                    || (mates_waiting && unit != h.unit)
                {
                    continue;
                }
                let with = scored_attack(&a, scene, m).map_or(0.0, |b| b.0);
                let gain = with - before;
                if gain > own * 1.1 + 0.01 && best.as_ref().is_none_or(|b| gain > b.0) {
                    best = Some((gain, cmd.clone()));
                }
            }
        }
    };
    if let Some(cmdr) = s.commander(side) {
        let cmds = now
            .keys()
            .filter(|m| **m != cmdr)
            .map(|m| {
                let cmd = Command::FireSupport {
                    commander: cmdr,
                    model: *m,
                };
                (cmd, Some(*m))
            })
            .collect();
        consider(cmdr, cmds);
    }
    let indirect_waiting = now
        .keys()
        .any(|m| s.models[m].loadout.weapons.iter().any(|w| w.indirect));
    if indirect_waiting {
        let recon: Vec<ModelId> = s
            .active_models(side)
            .filter(|m| m.loadout.has_type(super::catalogue::ModelType::Recon))
            .map(|m| m.id)
            .collect();
        for r in recon {
            let cmds = s
                .active_models(enemy(side))
                .map(|t| {
                    let cmd = Command::ForwardObserver {
                        model: r,
                        target: t.id,
                    };
                    (cmd, None)
                })
                .collect();
            consider(r, cmds);
        }
    }
    best.map(|b| b.1)
}

fn best_attack(s: &KogState, scene: &Scene, id: ModelId) -> Option<Command> {
    scored_attack(s, scene, id).map(|b| b.1)
}

/// A player's mistake: the best attack at another target than the best one, when the model
/// has one worth making.
fn second_target(s: &KogState, scene: &Scene, id: ModelId) -> Option<Command> {
    let all = ranked_attacks(s, scene, id);
    let best = all.first()?;
    let target = |c: &Command| match c {
        Command::Attack { target, .. } => Some(*target),
        _ => None,
    };
    all.iter()
        .find(|x| target(&x.1) != target(&best.1))
        .or(Some(best))
        .map(|x| x.1.clone())
}

/// Every attack of `id` worth making, best first, scored as [`scored_attack`] scores them,
/// with the odds of destroying and of crippling its target.
pub(super) fn ranked_attacks(
    s: &KogState,
    scene: &Scene,
    id: ModelId,
) -> Vec<(f64, Command, f64, f64)> {
    let side = s.models[&id].side;
    let mut all = Vec::new();
    for (w, t, r) in attack_menu(s, scene, id) {
        let Ok(plan) = r else { continue };
        let o = odds(&plan.spec(s, false));
        let value = s.models[&t].loadout.cost as f64 / 10.0;
        let mut score = (o.destroyed * 2.0 + o.crippled) * value;
        let friends_hit = plan
            .blast_models
            .iter()
            .filter(|b| s.models[b].side == side)
            .count() as f64;
        let foes_hit = plan.blast_models.len() as f64 - friends_hit;
        score += o.blast_triggers * (foes_hit - 1.5 * friends_hit) * 0.5;
        if plan.weapon.uses == super::catalogue::Uses::TwicePerGame && o.destroyed < 0.3 {
            score *= 0.3;
        }
        if score > 0.05 {
            all.push((
                score,
                Command::Attack {
                    attacker: id,
                    weapon: w,
                    target: t,
                    reroll: Default::default(),
                },
                o.destroyed,
                o.crippled,
            ));
        }
    }
    all.sort_by(|a, b| b.0.total_cmp(&a.0));
    all
}

/// The attack with the best score (the target's points times its chance of being destroyed,
/// twice, or crippled; blasts weigh the enemies against the friends under them), and its score.
fn scored_attack(s: &KogState, scene: &Scene, id: ModelId) -> Option<(f64, Command)> {
    let side = s.models[&id].side;
    let mut best: Option<(f64, Command)> = None;
    for (w, t, r) in attack_menu(s, scene, id) {
        let Ok(plan) = r else { continue };
        let o = odds(&plan.spec(s, false));
        let value = s.models[&t].loadout.cost as f64 / 10.0;
        let mut score = (o.destroyed * 2.0 + o.crippled) * value;
        let friends_hit = plan
            .blast_models
            .iter()
            .filter(|b| s.models[b].side == side)
            .count() as f64;
        let foes_hit = plan.blast_models.len() as f64 - friends_hit;
        score += o.blast_triggers * (foes_hit - 1.5 * friends_hit) * 0.5;
        if plan.weapon.uses == super::catalogue::Uses::TwicePerGame && o.destroyed < 0.3 {
            score *= 0.3;
        }
        if score > 0.05 && best.as_ref().is_none_or(|b| score > b.0) {
            best = Some((
                score,
                Command::Attack {
                    attacker: id,
                    weapon: w,
                    target: t,
                    reroll: Default::default(),
                },
            ));
        }
    }
    best
}

/// Placing terrain: the next palette piece in turn, where it stands farthest from every piece
/// already down (a spread table), until the table holds "a few terrain features per 2-foot
/// square"; then done.
fn place_terrain(s: &KogState) -> Command {
    use super::terrain::{check_spot, palette, suggested_count};
    let pal = palette(s);
    if pal.is_empty() || s.table.pieces.len() >= suggested_count(s) {
        return Command::FinishTerrain;
    }
    let n = s.table.pieces.len();
    let template = &pal[n % pal.len()];
    let rotation = if n % 2 == 0 { 0.0 } else { 90.0 };
    let mut best: Option<(f32, Pt)> = None;
    let (w, d) = (s.table.width, s.table.depth);
    let mut y = 1.0;
    while y < d {
        let mut x = 1.0;
        while x < w {
            let at = Pt::new(x, y);
            let p = crate::table::Piece {
                at,
                rotation,
                ..template.clone()
            };
            if check_spot(s, &p).is_ok() {
                let room = s
                    .table
                    .pieces
                    .iter()
                    .map(|q| q.footprint_distance(at))
                    .fold(f32::INFINITY, f32::min);
                if best.is_none_or(|(r, _)| room > r + 1e-4) {
                    best = Some((room, at));
                }
            }
            x += 2.0;
        }
        y += 2.0;
    }
    match best {
        Some((_, at)) => Command::PlaceTerrain {
            piece: template.label.clone(),
            at,
            rotation,
        },
        None => Command::FinishTerrain,
    }
}

/// Plays the program's command for `side`, if the game waits on it. A refusal (which the
/// program's own checks should prevent) ends the side's step instead of stalling the game.
pub fn play(g: &mut KogGame, side: u8) -> Option<Command> {
    play_at(g, side, Skill::Normal)
}

/// [`play`] at `skill`.
pub fn play_at(g: &mut KogGame, side: u8, skill: Skill) -> Option<Command> {
    let cmd = choose_at(g, side, skill)?;
    if g.submit(cmd.clone()).is_ok() {
        return Some(cmd);
    }
    let fallback = match (&g.state.phase, g.state.step) {
        (Phase::Turn, Step::Movement) => Command::EndMovement,
        (Phase::Turn, Step::Action) => Command::EndTurn,
        (Phase::Deploy { .. }, _) => Command::FinishDeployment,
        (Phase::PlaceTerrain { .. }, _) => Command::FinishTerrain,
        _ => return None,
    };
    // A step the rules still refuse (a unit left out of coherency by a player who handed the
    // side over mid-turn): take back moves until it goes through.
    loop {
        if g.submit(fallback.clone()).is_ok() {
            return Some(fallback);
        }
        let last_is_move = matches!(
            g.log.last().map(|l| &l.cmd),
            Some(Command::Move { .. } | Command::Face { .. })
        );
        if !last_is_move {
            return None;
        }
        g.undo()?;
    }
}
