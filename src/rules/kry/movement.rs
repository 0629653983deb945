//! "Movement types and costs" and "Terrain Types": a normal move (Speed inches, 2 AP), a run
//! (double Speed, 1 AP, Body -1), a small step (under 1", free), and the terrain's extra AP;
//! pinned and fallen models.

use super::catalogue::Ability;
use super::command::{MoveKind, RuleError, illegal};
use super::ctx::{Ctx, expect_orders, own};
use super::event::Event;
use super::state::{KryModel, KryState, Pin, Side};
use crate::rules::core::memo::remembered;
use crate::table::movement::{CostField, MoveRules, path_cost};
use crate::table::{GroundKind, ModelId, Pt, Scene, Tag, fingerprint};
use std::cell::RefCell;

/// How hard the ground of a move is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Terrain {
    /// "Flat or light debris terrain, stairs, ramps": no extra AP.
    Easy,
    /// "Steep hills and climbing ladders, shallow water, heavy debris under waist height": +1.
    Difficult,
    /// "Near vertical hills, shoulder high debris, deep water": +2.
    VeryDifficult,
    /// "Vertical walls, water over head height, debris over head height": "5000AP (in other
    /// words, impossible)".
    Impossible,
}

impl Terrain {
    pub fn extra_ap(self) -> u32 {
        match self {
            Terrain::Easy => 0,
            Terrain::Difficult => 1,
            Terrain::VeryDifficult => 2,
            Terrain::Impossible => 5000,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Terrain::Easy => "easy terrain",
            Terrain::Difficult => "difficult terrain",
            Terrain::VeryDifficult => "very difficult terrain",
            Terrain::Impossible => "impossible terrain",
        }
    }
}

/// A height step under this (inches) is a stair or a ramp's slope, not a climb.
pub const STEP: f32 = 0.25;

/// A climb of `rise` inches (up or down) by a model `height` inches tall: "Easy terrain ...
/// stairs, ramps"; "Difficult ... climbing ladders ... heavy debris under waist height"; "Very
/// difficult ... Near vertical hills, shoulder high debris"; "Impossible ... Vertical walls ...
/// debris over head height". The waist is half the model's height, its head its full height.
pub fn climb_class(rise: f32, height: f32) -> Terrain {
    let rise = rise.abs();
    if rise <= STEP {
        Terrain::Easy
    } else if rise < height / 2.0 {
        Terrain::Difficult
    } else if rise < height {
        Terrain::VeryDifficult
    } else {
        Terrain::Impossible
    }
}

/// The table's ground as Kry-Gothic's terrain types: the one mapping of ground kinds to AP.
/// Rough ground is "light debris" (easy); impossible ground is never entered (the way round is
/// searched), so it adds nothing here.
pub fn terrain_at(s: &KryState, p: Pt) -> Terrain {
    let ground = match s.table.tiles.kind_at(p) {
        GroundKind::Open | GroundKind::Rough | GroundKind::Impossible => Terrain::Easy,
        GroundKind::Difficult | GroundKind::ShallowWater => Terrain::Difficult,
        GroundKind::VeryDifficult | GroundKind::DeepWater => Terrain::VeryDifficult,
    };
    // "Difficult Terrain ... Steep hills and climbing ladders": a ladder is difficult as rough
    // pieces are.
    let piece = if s
        .table
        .pieces
        .iter()
        .any(|pc| (pc.has(Tag::Rough) || pc.has(Tag::Ladder)) && pc.footprint_contains(p))
    {
        Terrain::Difficult
    } else {
        Terrain::Easy
    };
    ground.max(piece)
}

/// Whether `p` is on a ladder.
fn on_ladder(s: &KryState, p: Pt) -> bool {
    s.table
        .pieces
        .iter()
        .any(|pc| pc.has(Tag::Ladder) && pc.footprint_contains(p))
}

/// The hardest terrain along a path for a model `height` inches tall: the ground, and each climb
/// (a height step between points 0.25" apart) by its height against the model's. A climb to or
/// from a ladder is "climbing ladders": difficult, however high.
pub fn path_terrain(s: &KryState, path: &[Pt], height: f32) -> Terrain {
    let mut worst = Terrain::Easy;
    let mut last: Option<(f32, bool)> = None;
    for w in path.windows(2) {
        let n = (w[0].dist(w[1]) / 0.25).ceil().max(1.0) as usize;
        for k in 0..=n {
            let p = w[0].add(w[1].sub(w[0]).scale(k as f32 / n as f32));
            worst = worst.max(terrain_at(s, p));
            let (h, ladder) = (crate::table::surface::height(&s.table, p), on_ladder(s, p));
            if let Some((l, was_ladder)) = last {
                let climb = climb_class(h - l, height);
                worst = worst.max(if ladder || was_ladder {
                    climb.min(Terrain::Difficult)
                } else {
                    climb
                });
            }
            last = Some((h, ladder));
        }
    }
    worst
}

/// Distance rules: inch for inch; terrain costs AP, not distance.
pub fn move_rules() -> MoveRules {
    MoveRules {
        rough: 1.0,
        climb: 1.0,
        making_way: 1.0,
        ..MoveRules::default()
    }
}

/// The height against which `m`'s climbs are classed: its own, or none for a unit "not impeded by
/// any terrain difficulties, as they are able to simply crawl along walls and roofs".
pub fn climb_limit(m: &KryModel) -> f32 {
    if m.has(Ability::IgnoresTerrain) {
        f32::INFINITY
    } else {
        m.height
    }
}

/// [`move_rules`] for a model `height` inches tall: no climb of its height or more (impossible
/// terrain) is on its way.
pub fn move_rules_for(height: f32) -> MoveRules {
    MoveRules {
        max_climb: height - 1e-3,
        ..move_rules()
    }
}

/// A way found or refused, by its table (terrain and models), model, end and allowance.
type WayKey = (u64, u32, u64, u32);

thread_local! {
    /// The ways this thread found last: the program opponent weighs the same moves of a unit
    /// again after each order that moved nobody, most of them blocked (a search that fails
    /// searches all the ground within reach). A memo of a pure function: it changes no result.
    static WAYS: RefCell<crate::rules::core::memo::MemoMap<WayKey, Result<(Vec<Pt>, f32), String>>> =
        RefCell::new(crate::rules::core::memo::MemoMap::default());
}

/// The way to `to` within `allowance` inches, and its length.
pub fn find_way(
    s: &KryState,
    scene: &Scene,
    id: ModelId,
    to: Pt,
    allowance: f32,
) -> Result<(Vec<Pt>, f32), String> {
    remembered(&WAYS, way_key(s, id, to, allowance), || {
        search_way(s, scene, id, to, allowance)
    })
}

/// Whether [`find_way`] finds a way: the same answer for less work when there is none (the
/// search goes only as far as the move allows, not the inch beyond it that a refusal's wording
/// measures). A way found is kept for `find_way`.
pub fn has_way(s: &KryState, scene: &Scene, id: ModelId, to: Pt, allowance: f32) -> bool {
    let key = way_key(s, id, to, allowance);
    if let Some(known) = WAYS.with_borrow(|m| m.get(&key).map(|w| w.is_ok())) {
        return known;
    }
    // No way over the ground alone (the other models can only block more; that search stays
    // good while the model stands, whoever else moves) is no way at all. The straight line is
    // asked first: it may be within the allowance where the grid's steps round it are not. A
    // margin over the rules' own 0.01: the two searches may sum a way's steps a rounding apart.
    let Ok(from) = s.table.model(id).map(|m| m.pos) else {
        return false;
    };
    let rules = move_rules_for(s.models.get(&id).map_or(f32::INFINITY, climb_limit));
    // The straight line within the allowance is the way `way_within` would take first.
    if let Ok(Ok(c)) = path_cost(&s.table, scene, id, &[from, to], &rules)
        && c <= allowance + 0.01
    {
        crate::rules::core::memo::keep(&WAYS, key, Ok((vec![from, to], c)));
        return true;
    }
    if CostField::over_ground(&s.table, scene, id, &rules, allowance + 0.05, to)
        .is_ok_and(|f| f.cost_to(to).is_none_or(|c| c > allowance + 0.02))
    {
        return false;
    }
    // A search bounded nearer settles every cell within its bound exactly as the wider one does
    // (A* takes them in the same order), so a way within the allowance is the same way.
    match way_within(s, scene, id, to, allowance, 0.02) {
        Ok(Ok(way)) => {
            crate::rules::core::memo::keep(&WAYS, key, Ok(way));
            true
        }
        _ => false,
    }
}

/// [`WAYS`]' key: the table (terrain and models), the model's climbing height, the model, the
/// end and the allowance.
fn way_key(s: &KryState, id: ModelId, to: Pt, allowance: f32) -> WayKey {
    let height = s.models.get(&id).map_or(f32::INFINITY, climb_limit);
    (
        fingerprint::with_models(&s.table) ^ (height.to_bits() as u64).rotate_left(17),
        id.0,
        to.x.to_bits() as u64 | (to.y.to_bits() as u64) << 32,
        allowance.to_bits(),
    )
}

fn search_way(
    s: &KryState,
    scene: &Scene,
    id: ModelId,
    to: Pt,
    allowance: f32,
) -> Result<(Vec<Pt>, f32), String> {
    match way_within(s, scene, id, to, allowance, 1.0)? {
        Ok(way) => Ok(way),
        Err(Some(c)) => Err(format!(
            "out of reach: {c:.1}\" of the way; this move allows {allowance:.1}\""
        )),
        Err(None) => Err("no way there: walls, solid pieces or enemy bases block it".into()),
    }
}

/// The way to `to` within `allowance` inches (the straight line when it will do, else the
/// cheapest path round), searched up to `beyond` inches past the allowance: `Err(Some(c))` when
/// the way found is longer than the move allows, `Err(None)` when none was found.
fn way_within(
    s: &KryState,
    scene: &Scene,
    id: ModelId,
    to: Pt,
    allowance: f32,
    beyond: f32,
) -> Result<Result<(Vec<Pt>, f32), Option<f32>>, String> {
    let from = s.table.model(id).map_err(|e| e.to_string())?.pos;
    let rules = move_rules_for(s.models.get(&id).map_or(f32::INFINITY, climb_limit));
    let straight = vec![from, to];
    if let Ok(Ok(c)) = path_cost(&s.table, scene, id, &straight, &rules)
        && c <= allowance + 0.01
    {
        return Ok(Ok((straight, c)));
    }
    let field = CostField::toward(&s.table, scene, id, &rules, allowance + beyond, to)
        .map_err(|e| e.to_string())?;
    Ok(match (field.path_to(to), field.cost_to(to)) {
        (Some(p), Some(c)) if c <= allowance + 0.01 => Ok((p, c)),
        (Some(_), Some(c)) => Err(Some(c)),
        _ => Err(None),
    })
}

/// How far a move of `kind` takes `m`: Speed, double Speed for a run, under 1" for a small step.
pub fn allowance(m: &KryModel, kind: MoveKind) -> f32 {
    match kind {
        MoveKind::Normal => m.speed() as f32,
        MoveKind::Run => 2.0 * m.speed() as f32,
        MoveKind::SmallStep => 0.999,
        MoveKind::Forced => 0.0,
    }
}

/// The AP of a move of `kind` over `terrain`, and the Body it takes (impossible terrain is
/// refused before).
pub fn move_cost(kind: MoveKind, terrain: Terrain) -> (u32, bool) {
    match kind {
        MoveKind::Normal => (2 + terrain.extra_ap(), false),
        // "The cost of running is NOT placed on top of the normal cost of walking, it replaces
        // it. All additional costs of other modifiers (such as terrain) are still used though":
        // 1 AP, 2 on difficult ground, 3 on very difficult ("Very Difficult Terrain: -3 AP").
        MoveKind::Run => (1 + terrain.extra_ap(), true),
        MoveKind::SmallStep | MoveKind::Forced => (0, false),
    }
}

pub fn order_move(
    c: &mut Ctx,
    by: Side,
    id: ModelId,
    to: Pt,
    kind: MoveKind,
) -> Result<(), RuleError> {
    expect_orders(&c.s, by)?;
    let m = own(&c.s, by, id)?;
    // Refuses NaN and far-off points too (a path is searched and walked to the point).
    if !c.s.table.contains(to) {
        return illegal("a move needs a point on the table");
    }
    if m.prone {
        return illegal(format!("{} is down: it stands up first (1 AP)", m.name));
    }
    if m.stuck > 0 {
        return illegal(format!(
            "{} is stuck in the floor: {} AP to get it out first",
            m.name, m.stuck
        ));
    }
    let from =
        c.s.table
            .model(id)
            .map_err(|e| RuleError::Illegal(e.to_string()))?
            .pos;
    match m.pinned {
        Some(Pin::Missed) => {
            return illegal(format!(
                "{} is pinned and \"cannot move\" (1 AP re-rolls its Willpower)",
                m.name
            ));
        }
        Some(Pin::Hit { .. }) => {
            away_from_fire(&c.s, &m, from, to).map_err(RuleError::Illegal)?;
        }
        None => {}
    }
    if kind == MoveKind::Forced {
        return illegal(format!(
            "{}: a forced move is made by the rules, never ordered",
            m.name
        ));
    }
    if m.small_stepped {
        return illegal(format!(
            "{} took a small step: \"The next action must be some other type of action except a movement action\"",
            m.name
        ));
    }
    if kind == MoveKind::Run
        && let Some(why) = why_not_run(&m)
    {
        return illegal(why);
    }
    if kind == MoveKind::SmallStep && m.acted {
        return illegal(
            "\"small step must be performed before any other actions performed by that unit\"",
        );
    }
    let allowance = allowance(&m, kind);
    let scene = super::scene::of(&c.s.table);
    let (path, length) = find_way(&c.s, &scene, id, to, allowance).map_err(RuleError::Illegal)?;
    if let Err(e) = c.s.table.check_placement(to, m.base, Some(id)) {
        return illegal(e.to_string());
    }
    // "some models can ignore these costs": the costs, not where a small step may be taken.
    let ignores = m.has(Ability::IgnoresTerrain);
    let ground = if ignores && kind != MoveKind::SmallStep {
        Terrain::Easy
    } else {
        path_terrain(&c.s, &path, m.height)
    };
    let terrain = if ignores { Terrain::Easy } else { ground };
    if terrain == Terrain::Impossible {
        return illegal("\"Impossible Terrain\": a climb of the model's height or more");
    }
    if kind == MoveKind::SmallStep && ground >= Terrain::VeryDifficult {
        return illegal("\"Small step can only be done in normal and difficult terrain\"");
    }
    let (ap, tiring) = move_cost(kind, terrain);
    c.pay(
        by,
        ap,
        format!(
            "{} {}s {length:.1}\" over {}",
            m.name,
            kind.label(),
            terrain.label()
        ),
    )?;
    let body_loss = if tiring {
        if terrain == Terrain::VeryDifficult {
            m.body().saturating_sub(1)
        } else {
            u8::from(m.body() > 1)
        }
    } else {
        0
    };
    // "Any time a unit moves in to attack a fear causing unit in close combat (either through
    // normal movement or the movement type ‘charge’) ... If the unit fails, they freeze 2
    // inches out from the model".
    let frozen = super::fear::moving_in(c, id, &path, to)?;
    let (to, path) = match &frozen {
        Some((at, way, _)) => (*at, way.clone()),
        None => (to, path),
    };
    // A damaged floor that gives way on the way holds the model there.
    let walk = super::hazards::walk(c, id, &path)?;
    let to = walk.path.last().copied().unwrap_or(to);
    c.emit(Event::Moved {
        model: id,
        from,
        to,
        kind,
        body_loss,
    });
    super::hazards::land(c, id, walk.fell)?;
    if let Some((_, _, horror)) = frozen
        && c.s.model(id)?.alive()
    {
        let m = c.s.model(id)?.clone();
        super::forced::pure_horror_flight(c, &horror, &m)?;
    }
    Ok(())
}

/// "cannot move except for opposite direction they are being fired on": a model pinned by a hit
/// goes from `from` to `to` only within 45° of straight away from where each hit since came from
/// (the shooters as they stood when they fired, though they moved or fell since). Fired on from
/// two sides more than 90° apart, no way is away from both: "Then that unit is well and truly
/// boned."
pub fn away_from_fire(s: &KryState, m: &KryModel, from: Pt, to: Pt) -> Result<(), String> {
    let Some(super::state::Pin::Hit { from: shooter }) = m.pinned else {
        return Ok(());
    };
    // A pin from before the places were kept: the shooter where it stands now.
    let places: Vec<Pt> = if m.fired_from.is_empty() {
        s.table.model(shooter).map(|x| x.pos).into_iter().collect()
    } else {
        m.fired_from.clone()
    };
    let step = to.sub(from);
    let away_from = |p: &Pt| {
        let away = from.sub(*p);
        (away.x * step.x + away.y * step.y) / (away.len() * step.len()).max(1e-6)
            >= std::f32::consts::FRAC_1_SQRT_2
    };
    if places.iter().all(away_from) {
        return Ok(());
    }
    Err(match places.len() {
        1 => format!(
            "{} is pinned: it may move only away from {}'s fire",
            m.name,
            s.models.get(&shooter).map_or("the shooter", |x| &*x.name)
        ),
        n => format!(
            "{} is pinned, fired on from {n} places: it may move only away from all of them",
            m.name
        ),
    })
}

/// Why `m` may not run at all, if it may not: a troop that cannot run, or one out of breath ("This
/// system essentially allows your units to run out of breath": at Body 1 it has none left).
pub fn why_not_run(m: &KryModel) -> Option<String> {
    if m.has(Ability::CannotRun) {
        Some(format!("{} cannot run", m.name))
    } else if m.body() <= 1 {
        Some(format!(
            "{} is out of breath (Body 1): it cannot run until it gets Body back",
            m.name
        ))
    } else {
        None
    }
}
