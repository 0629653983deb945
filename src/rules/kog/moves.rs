//! "[1] Movement": Combat Move, Speed Move, Hold Position and Charge!, at half rate for rough
//! ground, climbing and making way; no overlapping bases; unit coherency within Sensor range;
//! each model and each unit moves once. Linebreaker's exit over the Defender's edge.

use super::command::{Command, RuleError, illegal};
use super::ctx::{Ctx, expect_phase, own_model};
use super::event::Event;
use super::state::{KogState, MoveMode, Phase, Step, enemy};
use crate::table::movement::{CostField, MoveRules, path_cost};
use crate::table::{ModelId, Pt, Scene};

/// A move the rules accept: where the model ends, the path, and what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePlan {
    pub to: Pt,
    pub path: Vec<Pt>,
    pub cost: f32,
    /// The move's allowance in inches.
    pub allowance: f32,
}

/// The cost rules for a model's move.
pub fn move_rules(s: &KogState, id: ModelId, mode: MoveMode) -> MoveRules {
    MoveRules {
        free_climb: s.models.get(&id).map_or(0.0, |m| m.loadout.free_climb),
        // Only a Charge! may come within 1" of an enemy model: a Speed Move keeps 1" from all
        // of them, a Combat Move or Hold Position from those it does not start within 1" of.
        enemy_clearance: if mode == MoveMode::Charge { 0.0 } else { 1.0 },
        leave_engaged: matches!(mode, MoveMode::Combat | MoveMode::HoldPosition),
        ..MoveRules::default()
    }
}

/// The allowance of a move: the Move limit, twice it for a Speed Move, 1" to Hold Position.
pub fn allowance(s: &KogState, id: ModelId, mode: MoveMode) -> f32 {
    let mv = s.models.get(&id).map_or(0.0, |m| m.loadout.movement);
    match mode {
        MoveMode::Combat | MoveMode::Charge => mv,
        MoveMode::Speed => 2.0 * mv,
        MoveMode::HoldPosition => 1.0,
    }
}

fn table_err(e: crate::table::TableError) -> RuleError {
    RuleError::Illegal(e.to_string())
}

/// Checks a model's move of `mode` to `to`, and works out the path it takes.
pub fn plan_move(
    s: &KogState,
    scene: &Scene,
    id: ModelId,
    mode: MoveMode,
    to: Pt,
) -> Result<MovePlan, RuleError> {
    let m = s.model(id)?;
    let tm = s.table.model(id).map_err(table_err)?;
    // Refuses NaN and far-off points too (a path is searched and walked to the point).
    if !s.table.contains(to) {
        return illegal("a move needs a point on the table");
    }
    if mode == MoveMode::Speed && m.crippled() {
        return illegal(format!("{} is Crippled and \"may not Speed Move\"", m.name));
    }
    if mode == MoveMode::Speed {
        speed_start(s, id, tm.pos)?;
    }
    // "Charge! – Upon moving within 1\" of an enemy model, a model must immediately stop": only
    // a Charge! brings a model within 1" of an enemy it was not already within 1" of.
    if matches!(mode, MoveMode::Combat | MoveMode::HoldPosition)
        && let Some(e) = enemies_near(s, id, to, 1.0)
            .find(|e| !enemies_near(s, id, tm.pos, 1.0).any(|n| n == *e))
    {
        return illegal(format!(
            "only a Charge! may come within 1\" of an enemy model ({}); a {} keeps 1\" away",
            s.models[&e].name,
            mode.label()
        ));
    }
    let rules = move_rules(s, id, mode);
    let allow = allowance(s, id, mode);
    let plan = if mode == MoveMode::HoldPosition {
        let d = tm.pos.dist(to);
        if d > 1.0 + 1e-3 {
            return illegal(format!(
                "Hold Position repositions \"within 1\\\" of its initial position\": this is {d:.1}\""
            ));
        }
        let path = vec![tm.pos, to];
        match path_cost(&s.table, scene, id, &path, &rules).map_err(table_err)? {
            Ok(_) => {}
            Err(p) => {
                return illegal(format!("the way is blocked at ({:.1}, {:.1})", p.x, p.y));
            }
        }
        MovePlan {
            to,
            path,
            cost: d,
            allowance: allow,
        }
    } else if mode == MoveMode::Charge {
        plan_charge(s, scene, id, &rules, allow, to)?
    } else {
        let (path, cost) = find_path(s, scene, id, mode, &rules, allow, to)?;
        MovePlan {
            to,
            path,
            cost,
            allowance: allow,
        }
    };
    if mode == MoveMode::Speed
        && let Some(e) = enemy_near(s, id, plan.to, 1.0)
    {
        return illegal(format!(
            "a Speed Move may not come within 1\" of an enemy model ({})",
            s.models[&e].name
        ));
    }
    if let Err(e) = s.table.check_placement(plan.to, tm.base_diameter, Some(id)) {
        return illegal(match e {
            crate::table::TableError::Overlap(_, o) => format!(
                "{} \"cannot end its move with its base overlapping\" {}",
                m.name,
                s.models
                    .get(&o)
                    .map(|x| x.name.as_str())
                    .unwrap_or("another model")
            ),
            e => e.to_string(),
        });
    }
    Ok(plan)
}

/// Measuring slack: a move may exceed its allowance by this much (tape-measure precision).
pub const SLACK: f32 = 0.01;

/// The exact cost of moving along `path`, or where it is blocked.
fn exact_cost(
    s: &KogState,
    scene: &Scene,
    id: ModelId,
    rules: &MoveRules,
    path: &[Pt],
) -> Result<Result<f32, Pt>, RuleError> {
    path_cost(&s.table, scene, id, path, rules).map_err(table_err)
}

/// The way to `to` and its cost: the straight line when it is open and within the allowance,
/// else the cheapest way round found on the movement grid, pulled straight wherever a straight
/// stretch costs no more.
fn find_path(
    s: &KogState,
    scene: &Scene,
    id: ModelId,
    mode: MoveMode,
    rules: &MoveRules,
    allow: f32,
    to: Pt,
) -> Result<(Vec<Pt>, f32), RuleError> {
    let from = s.table.model(id).map_err(table_err)?.pos;
    let straight = vec![from, to];
    let straight_cost = exact_cost(s, scene, id, rules, &straight)?;
    if let Ok(c) = straight_cost
        && c <= allow + SLACK
    {
        return Ok((straight, c));
    }
    let field =
        CostField::new(&s.table, scene, id, rules, allow * 1.25 + 1.0).map_err(table_err)?;
    let Some(grid) = field.path_to(to) else {
        return Err(unreachable(s, scene, id, mode, to, rules, allow));
    };
    let path = pull_straight(s, scene, id, rules, &field, grid);
    let mut cost = match exact_cost(s, scene, id, rules, &path)? {
        Ok(c) => c,
        Err(_) => field.cost_to(to).unwrap_or(f32::INFINITY),
    };
    if let Ok(c) = straight_cost {
        cost = cost.min(c);
    }
    if cost > allow + SLACK {
        return illegal(format!(
            "out of reach: getting there costs {cost:.1}\" of movement (rough ground, climbing and making way count double); a {} allows {allow:.1}\"",
            mode.label()
        ));
    }
    Ok((path, cost))
}

/// Shortens a grid path: from each point, jumps to the farthest later point that a straight,
/// open stretch reaches for no more than the grid's cost between them.
fn pull_straight(
    s: &KogState,
    scene: &Scene,
    id: ModelId,
    rules: &MoveRules,
    field: &CostField,
    grid: Vec<Pt>,
) -> Vec<Pt> {
    let grid_cost = |p: Pt| field.cost_to(p).unwrap_or(0.0);
    // Kept by everything it reads: the scene, the table's terrain and models, the mover, its
    // rules, and the grid path with its costs (the program plans a move, then the rules make it).
    let key = {
        use crate::table::fingerprint::{Mix, model, terrain};
        let mut k = Mix::default();
        k.u64(scene.serial())
            .u64(terrain(&s.table))
            .u64(id.0 as u64);
        for m in &s.table.models {
            model(&mut k, m);
        }
        rules.mix(&mut k);
        for p in &grid {
            k.pt(*p).f32(grid_cost(*p));
        }
        k.done()
    };
    crate::rules::core::memo::remembered(&PULLED, key, || {
        pull_straight_anew(s, scene, id, rules, grid_cost, grid)
    })
}

thread_local! {
    /// Grid paths pulled straight, by [`pull_straight`]'s key.
    static PULLED: std::cell::RefCell<crate::rules::core::memo::MemoMap<u64, Vec<Pt>>> =
        std::cell::RefCell::new(crate::rules::core::memo::MemoMap::default());
}

fn pull_straight_anew(
    s: &KogState,
    scene: &Scene,
    id: ModelId,
    rules: &MoveRules,
    grid_cost: impl Fn(Pt) -> f32,
    grid: Vec<Pt>,
) -> Vec<Pt> {
    let mut out = vec![grid[0]];
    let mut i = 0;
    while i + 1 < grid.len() {
        let mut next = i + 1;
        for j in (i + 2..grid.len()).rev() {
            let budget = grid_cost(grid[j]) - grid_cost(grid[i]) + 1e-3;
            if let Ok(Ok(c)) = exact_cost(s, scene, id, rules, &[grid[i], grid[j]])
                && c <= budget
            {
                next = j;
                break;
            }
        }
        out.push(grid[next]);
        i = next;
    }
    out
}

/// A Charge!: along the way to `to` (straight if open, else round), stopping at the first point
/// within 1" of an enemy. `to` may lie on the enemy's base: the charge heads there.
fn plan_charge(
    s: &KogState,
    scene: &Scene,
    id: ModelId,
    rules: &MoveRules,
    allow: f32,
    to: Pt,
) -> Result<MovePlan, RuleError> {
    let from = s.table.model(id).map_err(table_err)?.pos;
    // "Upon moving within 1\" of an enemy model": the bonus is earned by moving into that range,
    // so a model that already stands within it has no Charge! to make.
    if let Some(e) = enemy_near(s, id, from, 1.0) {
        return illegal(format!(
            "a Charge! is made by moving within 1\" of an enemy model; {} already stands within 1\" of {}",
            s.models.get(&id).map_or("the model", |m| m.name.as_str()),
            s.models.get(&e).map_or("an enemy", |m| m.name.as_str())
        ));
    }
    let mut candidates = vec![vec![from, to]];
    let field =
        CostField::new(&s.table, scene, id, rules, allow * 1.25 + 1.0).map_err(table_err)?;
    if let Some(p) = field.path_to(to) {
        candidates.push(pull_straight(s, scene, id, rules, &field, p));
    } else if let Some((near, _)) = field
        .reachable()
        .min_by(|a, b| a.0.dist(to).total_cmp(&b.0.dist(to)))
        && let Some(p) = field.path_to(near)
    {
        let mut p = pull_straight(s, scene, id, rules, &field, p);
        p.push(to);
        candidates.push(p);
    }
    let mut why: Option<String> = None;
    for path in candidates {
        let Some((stop, at)) = charge_stop(s, id, &path) else {
            why.get_or_insert_with(|| {
                format!(
                    "a Charge! ends on moving within 1\" of an enemy model; this move gets no nearer than {:.1}\"",
                    nearest_enemy_along(s, id, &path)
                )
            });
            continue;
        };
        let mut p: Vec<Pt> = path[..=at].to_vec();
        p.push(stop);
        match exact_cost(s, scene, id, rules, &p)? {
            Ok(c) if c <= allow + SLACK => {
                return Ok(MovePlan {
                    to: stop,
                    path: p,
                    cost: c,
                    allowance: allow,
                });
            }
            Ok(c) => {
                why = Some(format!(
                    "out of reach: the charge costs {c:.1}\" of movement; a Charge! allows {allow:.1}\""
                ))
            }
            Err(b) => {
                why.get_or_insert_with(|| {
                    format!("the charge is blocked at ({:.1}, {:.1})", b.x, b.y)
                });
            }
        }
    }
    illegal(why.unwrap_or_else(|| "no way to charge there".into()))
}

/// The first active enemy within `inches` of a base of model `id` standing at `p`.
fn enemy_near(s: &KogState, id: ModelId, p: Pt, inches: f32) -> Option<ModelId> {
    enemies_near(s, id, p, inches).next()
}

/// "Speed Move – While not moving within 1\" of any enemy model": the start of the move counts
/// too (the path search checks the points it moves through, not the one it leaves).
fn speed_start(s: &KogState, id: ModelId, from: Pt) -> Result<(), RuleError> {
    match enemy_near(s, id, from, 1.0) {
        Some(e) => illegal(format!(
            "{} starts within 1\" of an enemy model ({}) and cannot Speed Move",
            s.models[&id].name, s.models[&e].name
        )),
        None => Ok(()),
    }
}

/// The active enemies within `inches` of a base of model `id` standing at `p`.
fn enemies_near(s: &KogState, id: ModelId, p: Pt, inches: f32) -> impl Iterator<Item = ModelId> {
    let m = s.models.get(&id);
    let r = m.map_or(0.0, |m| m.loadout.base / 2.0);
    m.into_iter()
        .flat_map(move |m| s.active_models(enemy(m.side)))
        .filter_map(|e| s.table.model(e.id).ok())
        .filter(move |e| e.pos.dist(p) - e.radius() - r <= inches + 1e-4)
        .map(|e| e.id)
}

/// Where a Charge! stops on `path`: the first point within 1" of an enemy, with the index of
/// the path point before it.
fn charge_stop(s: &KogState, id: ModelId, path: &[Pt]) -> Option<(Pt, usize)> {
    for (i, w) in path.windows(2).enumerate() {
        let n = (w[0].dist(w[1]) / 0.05).ceil().max(1.0) as usize;
        for k in 0..=n {
            let p = w[0].add(w[1].sub(w[0]).scale(k as f32 / n as f32));
            if enemy_near(s, id, p, 1.0).is_some() {
                return Some((p, i));
            }
        }
    }
    None
}

fn nearest_enemy_along(s: &KogState, id: ModelId, path: &[Pt]) -> f32 {
    let Some(m) = s.models.get(&id) else {
        return f32::INFINITY;
    };
    let r = m.loadout.base / 2.0;
    let end = path.last().copied().unwrap_or_default();
    s.active_models(enemy(m.side))
        .filter_map(|e| s.table.model(e.id).ok())
        .map(|e| e.pos.dist(end) - e.radius() - r)
        .fold(f32::INFINITY, f32::min)
}

/// The refusal for an unreachable point, with what it would cost.
fn unreachable(
    s: &KogState,
    scene: &Scene,
    id: ModelId,
    mode: MoveMode,
    to: Pt,
    rules: &MoveRules,
    allow: f32,
) -> RuleError {
    if mode == MoveMode::Speed
        && let Some(e) = enemy_near(s, id, to, 1.0)
    {
        return RuleError::Illegal(format!(
            "a Speed Move may not come within 1\" of an enemy model ({})",
            s.models[&e].name
        ));
    }
    let far = CostField::toward(&s.table, scene, id, rules, 1e6, to).ok();
    match far.and_then(|f| f.cost_to(to)) {
        Some(c) => RuleError::Illegal(format!(
            "out of reach: getting there costs {c:.1}\" of movement (rough ground, climbing and making way count double); a {} allows {allow:.1}\"",
            mode.label()
        )),
        None => RuleError::Illegal(format!(
            "no way there for a {}: impassable ground, solid pieces, enemy bases or the 1\" around enemies block it",
            mode.label(),
        )),
    }
}

/// Why unit `u` breaks coherency after its moves ("each model must finish within Sensor range
/// of another model in the unit"), if it does. A model already out of range before the unit
/// moved, and not moved itself, is let be.
pub fn coherency_problem(s: &KogState, u: usize) -> Option<String> {
    let ids: Vec<ModelId> = s.units[u]
        .models
        .iter()
        .copied()
        .filter(|id| s.active_model(*id))
        .collect();
    if ids.len() < 2 {
        return None;
    }
    let pos_now = |id: ModelId| s.table.model(id).map(|m| m.pos).ok();
    let pos_before = |id: ModelId| s.turn.moved.get(&id).map(|m| m.1).or_else(|| pos_now(id));
    let nearest = |id: ModelId, at: &dyn Fn(ModelId) -> Option<Pt>| -> f32 {
        let (Some(p), Some(m)) = (at(id), s.table.model(id).ok()) else {
            return f32::INFINITY;
        };
        ids.iter()
            .filter(|o| **o != id)
            .filter_map(|o| Some((at(*o)?, s.table.model(*o).ok()?.radius())))
            .map(|(q, r)| (p.dist(q) - r - m.radius()).max(0.0))
            .fold(f32::INFINITY, f32::min)
    };
    for id in &ids {
        let sensors = s.models[id].loadout.sensors;
        let now = nearest(*id, &pos_now);
        if now <= sensors + 1e-4 {
            continue;
        }
        let moved = match (pos_before(*id), pos_now(*id)) {
            (Some(a), Some(b)) => a.dist(b) > 1e-3,
            _ => false,
        };
        if !moved && nearest(*id, &pos_before) > sensors + 1e-4 {
            continue;
        }
        return Some(format!(
            "unit {} out of coherency: {} is {now:.1}\" from the nearest model of its unit, beyond its Sensors ({sensors}\"); \"each model must finish within Sensor range of another model in the unit\"",
            s.units[u].name, s.models[id].name
        ));
    }
    None
}

/// Checks that a model may be moved now (turn, step, side, once per turn, unit not done), and
/// that the unit it closes stays coherent.
fn check_mover(s: &KogState, id: ModelId) -> Result<usize, RuleError> {
    expect_phase(
        s,
        s.phase == Phase::Turn && s.step == Step::Movement && s.pending.is_none(),
        "moving a model",
    )?;
    let m = own_model(s, id)?;
    if !s.is_active(m) {
        return illegal(format!("{} \"may not move or act\"", m.name));
    }
    if s.turn.moved.contains_key(&id) {
        return illegal(format!(
            "{} has moved: \"No model or unit can be moved more than once\"",
            m.name
        ));
    }
    let u = m.unit;
    if s.turn.units_done.contains(&u) {
        return illegal(format!(
            "unit {} has moved and another unit was selected since",
            s.units[u].name
        ));
    }
    if let Some(open) = s.turn.open_unit
        && open != u
        && let Some(p) = coherency_problem(s, open)
    {
        return illegal(p);
    }
    Ok(u)
}

pub fn run(c: &mut Ctx, cmd: &Command) -> Result<(), RuleError> {
    match cmd {
        Command::Move { model, mode, to } => {
            let u = check_mover(&c.s, *model)?;
            let scene = c.scene();
            let plan = plan_move(&c.s, &scene, *model, *mode, *to)?;
            let from = c.s.table.model(*model).map_err(table_err)?.pos;
            if c.s.turn.open_unit != Some(u) {
                c.emit(Event::UnitSelected { unit: u });
            }
            c.emit(Event::Moved {
                model: *model,
                mode: *mode,
                from,
                to: plan.to,
                path: plan.path,
                cost: plan.cost,
            });
            Ok(())
        }
        Command::Face { model, facing } => {
            expect_phase(&c.s, c.s.phase == Phase::Turn, "turning a model")?;
            let m = own_model(&c.s, *model)?;
            if !c.s.is_active(m) || !facing.is_finite() {
                return illegal(format!("{} cannot turn now", m.name));
            }
            c.emit(Event::Faced {
                model: *model,
                facing: *facing,
            });
            Ok(())
        }
        Command::ExitTable { model, mode } => exit_table(c, *model, *mode),
        Command::EndMovement => {
            expect_phase(
                &c.s,
                c.s.phase == Phase::Turn && c.s.step == Step::Movement && c.s.pending.is_none(),
                "ending Movement",
            )?;
            if let Some(u) = c.s.turn.open_unit
                && let Some(p) = coherency_problem(&c.s, u)
            {
                return illegal(p);
            }
            c.emit(Event::StepBegan(Step::Action));
            Ok(())
        }
        _ => unreachable!("moves::run is only called with movement commands"),
    }
}

/// Linebreaker: "the Attacker moves the Objective off the Defender's board edge".
fn exit_table(c: &mut Ctx, id: ModelId, mode: MoveMode) -> Result<(), RuleError> {
    let u = check_mover(&c.s, id)?;
    let Some(o) = c.s.objectives.iter().position(|o| o.carrier == Some(id)) else {
        return illegal(format!(
            "{} does not carry the Objective",
            c.s.models[&id].name
        ));
    };
    if !matches!(mode, MoveMode::Combat | MoveMode::Speed) {
        return illegal("leave the table with a Combat Move or a Speed Move");
    }
    if mode == MoveMode::Speed && c.s.models[&id].crippled() {
        return illegal(format!(
            "{} is Crippled and \"may not Speed Move\"",
            c.s.models[&id].name
        ));
    }
    if mode == MoveMode::Speed {
        speed_start(&c.s, id, c.s.table.model(id).map_err(table_err)?.pos)?;
    }
    let scene = c.scene();
    let rules = move_rules(&c.s, id, mode);
    let allow = allowance(&c.s, id, mode);
    let field = CostField::new(&c.s.table, &scene, id, &rules, allow).map_err(table_err)?;
    let r = c.s.models[&id].loadout.base / 2.0;
    let best = field
        .reachable()
        .filter(|(p, _)| {
            c.s.defender_edge_distance(*p)
                .is_some_and(|d| d <= r + field.cell / 2.0 + 1e-4)
        })
        .min_by(|a, b| a.1.total_cmp(&b.1));
    let Some((at, cost)) = best else {
        return illegal(format!(
            "{} cannot reach the Defender's board edge with this {}",
            c.s.models[&id].name,
            mode.label()
        ));
    };
    let from = c.s.table.model(id).map_err(table_err)?.pos;
    if c.s.turn.open_unit != Some(u) {
        c.emit(Event::UnitSelected { unit: u });
    }
    let path = field.path_to(at).unwrap_or_else(|| vec![from, at]);
    c.emit(Event::Moved {
        model: id,
        mode,
        from,
        to: at,
        path,
        cost,
    });
    c.emit(Event::ObjectiveOffTable {
        objective: o,
        model: id,
    });
    Ok(())
}
