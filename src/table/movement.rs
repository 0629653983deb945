//! Movement cost over the table: path length in inches where rough ground, climbing and making way
//! through friendly bases cost double ("Slow to half rate (1" counts as 2")" in KOG light), and
//! "+/-1" vertical counts as 2" horizontal"; impassable ground, solid pieces and enemy bases block.
//!
//! The table is sampled on a grid of cells; a Dijkstra search over 16 neighbours per cell gives the
//! reachable area for an allowance and the best path to a destination (an A* search when only one
//! destination is wanted).

use super::error::TableError;
use super::geom::Pt;
use super::model::{Model, ModelId};
use super::piece::{Piece, PieceShape, Tag};
use super::scene::Scene;
use super::shape::LeafKind;
use super::tabletop::Table;
use super::terrain::{GroundKind, TileGrid};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// The cost rules; the defaults are KOG light's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveRules {
    /// Multiplier for horizontal movement over rough ground (any ground but open, and pieces
    /// tagged Rough).
    pub rough: f32,
    /// Inches of movement each inch of height change costs.
    pub climb: f32,
    /// Multiplier while the base overlaps a friendly base.
    pub making_way: f32,
    /// Grid cell size in inches.
    pub cell: f32,
    /// Inches of each height step taken without the climbing penalty (KOG light's Jump Jets).
    pub free_climb: f32,
    /// How near enemy bases may not be approached, in inches (a Speed Move keeps 1" away).
    pub enemy_clearance: f32,
    /// Whether enemies the model starts within `enemy_clearance` of block only with their bases,
    /// so that a model already near them may stay near or move away (KOG light's Combat Move out
    /// of close assault).
    pub leave_engaged: bool,
    /// The highest height step a model can take at all (Kry-Gothic: under its own height);
    /// a higher one blocks.
    pub max_climb: f32,
}

impl MoveRules {
    /// Mixes every rule into a memo's key.
    pub fn mix(&self, key: &mut super::mix::Mix) {
        // Taken apart without `..`: a new rule does not compile here until it is in the key.
        let MoveRules {
            rough,
            climb,
            making_way,
            cell,
            free_climb,
            enemy_clearance,
            leave_engaged,
            max_climb,
        } = *self;
        key.f32(rough)
            .f32(climb)
            .f32(making_way)
            .f32(cell)
            .f32(free_climb)
            .f32(enemy_clearance)
            .u64(leave_engaged as u64)
            .f32(max_climb);
    }
}

impl Default for MoveRules {
    fn default() -> Self {
        Self {
            rough: 2.0,
            climb: 2.0,
            making_way: 2.0,
            cell: 0.5,
            free_climb: 0.0,
            enemy_clearance: 0.0,
            leave_engaged: false,
            max_climb: f32::INFINITY,
        }
    }
}

/// The cheapest cost from a model's position to every cell it can reach within an allowance.
#[derive(Debug, Clone)]
pub struct CostField {
    pub model: ModelId,
    pub start: Pt,
    pub cell: f32,
    pub cols: usize,
    pub rows: usize,
    pub allowance: f32,
    /// Shared: a field kept in the memo is handed out without copying the grid.
    costs: Costs,
}

/// A search's costs and the cell each was reached from: every cell's for a whole field, or only
/// the cells given a cost for a search toward a goal (a few hundred of the table's thousands).
#[derive(Debug, Clone)]
enum Costs {
    All {
        cost: std::sync::Arc<Vec<f32>>,
        prev: std::sync::Arc<Vec<u32>>,
    },
    /// (cell, cost, previous cell), by cell.
    Few(std::sync::Arc<Vec<(u32, f32, u32)>>),
}

impl Costs {
    /// Cell `i`'s cost (infinite where none was given) and the cell it was reached from
    /// (`u32::MAX` for none).
    fn at(&self, i: usize) -> (f32, u32) {
        match self {
            Costs::All { cost, prev } => (cost[i], prev[i]),
            Costs::Few(v) => match v.binary_search_by_key(&(i as u32), |c| c.0) {
                Ok(k) => (v[k].1, v[k].2),
                Err(_) => (f32::INFINITY, u32::MAX),
            },
        }
    }
}

/// A cell's passability for one model.
#[derive(Debug, Clone, Copy, PartialEq)]
struct CellInfo {
    passable: bool,
    rough: bool,
    friendly: bool,
    h: f32,
    /// On a ladder: a climb to or from here may exceed `max_climb`.
    ladder: bool,
}

/// A cell waiting in the search: its estimate (cost so far plus the straight distance left), the
/// cost it was reached with, and its index. Ordered by estimate (as `f32::total_cmp` orders),
/// then index, the lowest first, in one word compared at once: the estimate's place in that order
/// above the index. A node whose cell has since been reached more cheaply is stale and skipped
/// when it comes up.
struct Node {
    key: u64,
    g: f32,
}

impl Node {
    fn new(estimate: f32, g: f32, i: u32) -> Self {
        // `total_cmp`'s own mapping to an ordered integer, then to an unsigned one.
        let mut b = estimate.to_bits() as i32;
        b ^= (((b >> 31) as u32) >> 1) as i32;
        let order = (b as u32) ^ 0x8000_0000;
        Node {
            key: (order as u64) << 32 | i as u64,
            g,
        }
    }

    fn index(&self) -> usize {
        (self.key & 0xffff_ffff) as usize
    }
}

impl PartialEq for Node {
    fn eq(&self, o: &Self) -> bool {
        self.key == o.key
    }
}
impl Eq for Node {}
impl PartialOrd for Node {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Node {
    fn cmp(&self, o: &Self) -> Ordering {
        o.key.cmp(&self.key)
    }
}

const STEPS: [(i32, i32); 16] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
    (1, 2),
    (1, -2),
    (-1, 2),
    (-1, -2),
];

/// Whether a base of radius `r` can stand at `p` as far as the terrain goes: on the table, on
/// passable ground, clear of solid pieces. Other bases are not looked at (an infinitely negative
/// clearance lets no model block).
pub fn can_stand(table: &Table, scene: &Scene, r: f32, p: Pt) -> bool {
    let probe = Probe {
        id: ModelId(u32::MAX),
        side: 0,
        r,
        clearance: f32::NEG_INFINITY,
        start: None,
        models: false,
    };
    cell_info(table, scene, &probe, p).passable
}

/// Whether a piece stops a base: solid pieces do, unless they are climbable, ladders, ramps, or flat
/// markers (weak-floor areas and the like, under 0.1" high).
pub fn piece_blocks_movement(p: &Piece) -> bool {
    !(p.has(Tag::Climbable)
        || p.has(Tag::Ladder)
        || p.shape == PieceShape::Ramp
        || p.size.2 < 0.1
        || p.base_height >= 2.0)
}

/// The moving model as the cell test sees it.
struct Probe {
    id: ModelId,
    side: u8,
    r: f32,
    clearance: f32,
    /// Where the move starts, when enemies near it are exempt from the clearance.
    start: Option<Pt>,
    /// Whether other models bear on a cell at all (not in a field of the ground alone).
    models: bool,
}

impl Probe {
    fn new(table: &Table, id: ModelId, rules: &MoveRules) -> Result<Self, TableError> {
        let m = table.model(id)?;
        Ok(Probe {
            id,
            side: m.side.0,
            r: m.radius(),
            clearance: rules.enemy_clearance,
            start: rules.leave_engaged.then_some(m.pos),
            models: true,
        })
    }

    /// The clearance kept from `enemy`: none beyond its base when the move starts near it.
    fn clearance_from(&self, enemy: &Model) -> f32 {
        match self.start {
            Some(s) if enemy.pos.dist(s) - enemy.radius() - self.r < self.clearance - 1e-3 => 0.0,
            _ => self.clearance,
        }
    }
}

fn cell_info(table: &Table, scene: &Scene, probe: &Probe, p: Pt) -> CellInfo {
    let (id, side, r, clearance) = (probe.id, probe.side, probe.r, probe.clearance);
    // Everything that could touch the base: pieces and bases within its radius (and the enemy
    // clearance). The surface height is the tile's or the highest piece top under the centre
    // (as `Table::surface_height`, from the scene's pieces near the point).
    let near: Vec<_> = scene.leaves_near(p, r + clearance.max(0.0)).collect();
    let h = near
        .iter()
        .filter_map(|leaf| match leaf.kind {
            LeafKind::Piece(i) => table.pieces.get(i).and_then(|piece| piece.top_at(p)),
            _ => None,
        })
        .fold(table.tiles.height_at(p), f32::max);
    let ladder = near.iter().any(|leaf| match leaf.kind {
        LeafKind::Piece(i) => table
            .pieces
            .get(i)
            .is_some_and(|piece| piece.has(Tag::Ladder) && piece.footprint_contains(p)),
        _ => false,
    });
    let mut info = CellInfo {
        passable: table.contains_base(p, 2.0 * r),
        rough: false,
        friendly: false,
        h,
        ladder,
    };
    if !info.passable {
        return info;
    }
    // Ground under the base: centre and eight points on its rim.
    let (impossible, rough) = ground_under(&table.tiles, p, r, &rim(r));
    if impossible {
        info.passable = false;
        return info;
    }
    info.rough |= rough;
    for leaf in near {
        match leaf.kind {
            LeafKind::Piece(i) => {
                let piece = &table.pieces[i];
                if piece.footprint_distance(p) < r {
                    if piece_blocks_movement(piece) {
                        info.passable = false;
                        return info;
                    }
                    info.rough |= piece.has(Tag::Rough);
                }
            }
            LeafKind::Model(other) if other != id && probe.models => {
                let Ok(m) = table.model(other) else { continue };
                let d = m.pos.dist(p) - m.radius() - r;
                // Enemy bases block; wrecks are passed like friendly bases ("Making way").
                if m.side.0 != side && !m.wreck && d < probe.clearance_from(m) - 1e-3 {
                    info.passable = false;
                    return info;
                }
                if d < -1e-3 {
                    info.friendly = true;
                }
            }
            _ => {}
        }
    }
    info
}

/// What the terrain alone says of a point for one base: as [`cell_info`] without the other
/// models, which are [`Bases`]' part. For a passable point, the two together give exactly what
/// `cell_info` gives; for one that is not, only that it is not.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Ground {
    passable: bool,
    rough: bool,
    h: f32,
    ladder: bool,
}

/// The rim points [`cell_info`] looks at the ground under, relative to the centre.
fn rim(r: f32) -> [Pt; 8] {
    std::array::from_fn(|k| Pt::new(r * 0.95, 0.0).rotate(45.0 * k as f32))
}

/// Whether the ground under a base of radius `r` at `p` (its centre and the `rim` points) has an
/// impossible tile, and whether it has a rough one. When every tile the base's square meets is of
/// one kind, that kind answers for all nine points.
fn ground_under(g: &TileGrid, p: Pt, r: f32, rim: &[Pt; 8]) -> (bool, bool) {
    let corner = Pt::new(r, r);
    if let Some(k) = g.kind_in(p.sub(corner), p.add(corner)) {
        return (k == GroundKind::Impossible, k.is_rough());
    }
    let mut rough = false;
    for q in std::iter::once(p).chain(rim.iter().map(|o| p.add(*o))) {
        let k = g.kind_at(q);
        if k == GroundKind::Impossible {
            return (true, rough);
        }
        rough |= k.is_rough();
    }
    (false, rough)
}

fn ground_at(table: &Table, scene: &Scene, r: f32, reach: f32, rim: &[Pt; 8], p: Pt) -> Ground {
    let blocked = |h| Ground {
        passable: false,
        rough: false,
        h,
        ladder: false,
    };
    if !table.contains_base(p, 2.0 * r) {
        return blocked(0.0);
    }
    let (impossible, mut rough) = ground_under(&table.tiles, p, r, rim);
    if impossible {
        return blocked(0.0);
    }
    let mut h = table.tiles.height_at(p);
    let mut ladder = false;
    for leaf in scene.leaves_near(p, reach) {
        let LeafKind::Piece(i) = leaf.kind else {
            continue;
        };
        let Some(piece) = table.pieces.get(i) else {
            continue;
        };
        if let Some(top) = piece.top_at(p) {
            h = h.max(top);
            ladder |= piece.has(Tag::Ladder);
        }
        if piece.footprint_distance(p) < r {
            if piece_blocks_movement(piece) {
                return blocked(h);
            }
            rough |= piece.has(Tag::Rough);
        }
    }
    Ground {
        passable: true,
        rough,
        h,
        ladder,
    }
}

/// Another model as the moving one meets it.
struct Other {
    pos: Pt,
    r: f32,
    /// An enemy that is not a wreck: its base and the clearance round it block.
    blocks: bool,
    /// The clearance kept from it ([`Probe::clearance_from`]).
    clear: f32,
    /// Beyond this on either axis the base can neither block nor be overlapped.
    far: f32,
}

/// The other models on the table, for one moving model.
struct Bases {
    r: f32,
    others: Vec<Other>,
}

impl Bases {
    fn new(table: &Table, probe: &Probe) -> Self {
        let others = table
            .models
            .iter()
            .filter(|m| m.id != probe.id && probe.models)
            .map(|m| {
                let clear = probe.clearance_from(m);
                Other {
                    pos: m.pos,
                    r: m.radius(),
                    blocks: m.side.0 != probe.side && !m.wreck,
                    clear,
                    far: m.radius() + probe.r + clear.max(0.0) + 0.01,
                }
            })
            .collect();
        Bases { r: probe.r, others }
    }

    /// The cell at `p` given its ground: impassable when an enemy base or its clearance is in
    /// the way, making way when it overlaps another base.
    fn cell(&self, g: Ground, p: Pt) -> CellInfo {
        let mut info = CellInfo {
            passable: g.passable,
            rough: g.rough,
            friendly: false,
            h: g.h,
            ladder: g.ladder,
        };
        if !g.passable {
            return info;
        }
        for o in &self.others {
            if (o.pos.x - p.x).abs() > o.far || (o.pos.y - p.y).abs() > o.far {
                continue;
            }
            let d = o.pos.dist(p) - o.r - self.r;
            if o.blocks && d < o.clear - 1e-3 {
                info.passable = false;
                return info;
            }
            if d < -1e-3 {
                info.friendly = true;
            }
        }
        info
    }
}

/// The ground under each movement cell's centre, per base radius, kept from search to search
/// while the terrain stays the same (it does for a whole game): most of a search's work.
#[derive(Default)]
struct GroundMemo {
    terrain: u64,
    /// (radius, reach, cell size) as bits, and the ground of each cell computed so far.
    grids: Vec<((u32, u32, u32), Vec<Option<Ground>>)>,
}

/// Each cell's passability for the moving model as one search has found it (the ground and the
/// other bases), `None` where it has not looked: a grid this thread keeps from search to search,
/// cleared only where the last search looked (most searches look at a small part of the table).
/// The same for the costs found: each cell's cost so far (infinite before one is found) and the
/// cell it was reached from, with the cells given a cost.
#[derive(Default)]
struct Infos {
    cells: Vec<Option<CellInfo>>,
    looked: Vec<u32>,
    cost: Vec<f32>,
    prev: Vec<u32>,
    costed: Vec<u32>,
}

thread_local! {
    static INFOS: std::cell::RefCell<Infos> = std::cell::RefCell::new(Infos::default());
}

impl Infos {
    /// The thread's grid for `n` cells, every cell unlooked at and without a cost.
    fn take(n: usize) -> Self {
        let mut infos = INFOS.with_borrow_mut(std::mem::take);
        if infos.cells.len() != n {
            infos.cells = vec![None; n];
            infos.cost = vec![f32::INFINITY; n];
            infos.prev = vec![u32::MAX; n];
        }
        infos
    }

    fn set(&mut self, i: usize, info: CellInfo) -> CellInfo {
        self.cells[i] = Some(info);
        self.looked.push(i as u32);
        info
    }

    /// Gives cell `i` the cost `c`, reached from `from`.
    fn cost(&mut self, i: usize, c: f32, from: u32) {
        if self.cost[i] == f32::INFINITY {
            self.costed.push(i as u32);
        }
        self.cost[i] = c;
        self.prev[i] = from;
    }

    /// The costs found: of every cell when `all`, else of the cells given one.
    fn costs(&mut self, all: bool) -> Costs {
        if all {
            Costs::All {
                cost: std::sync::Arc::new(self.cost.clone()),
                prev: std::sync::Arc::new(self.prev.clone()),
            }
        } else {
            let mut few: Vec<(u32, f32, u32)> = self
                .costed
                .iter()
                .map(|&i| (i, self.cost[i as usize], self.prev[i as usize]))
                .collect();
            few.sort_unstable_by_key(|c| c.0);
            Costs::Few(std::sync::Arc::new(few))
        }
    }

    /// Clears what this search looked at and costed and gives the grid back to the thread.
    fn put_back(mut self) {
        for i in self.looked.drain(..) {
            self.cells[i as usize] = None;
        }
        for i in self.costed.drain(..) {
            self.cost[i as usize] = f32::INFINITY;
            self.prev[i as usize] = u32::MAX;
        }
        INFOS.with_borrow_mut(|i| *i = self);
    }
}

/// The ground under a point of a path, by terrain (its fingerprint), base radius, reach and
/// point, as [`path_cost`] found it: the program opponent weighs the same straight moves and
/// charges again after each order, and the rules walk a move's line again when it is given.
type PointKey = (u64, u32, u32, u32, u32);

/// How many points [`path_cost`] keeps; a full memo starts afresh.
const POINTS_KEPT: usize = 1 << 16;

thread_local! {
    static POINTS: std::cell::RefCell<std::collections::HashMap<PointKey, Ground, rustc_hash::FxBuildHasher>> =
        std::cell::RefCell::new(Default::default());
}

/// How many searches [`CostField::search`] keeps.
const FIELDS_KEPT: usize = 32;

/// How many fields of the ground alone it keeps: one or two a model on the table, each good for
/// as long as the model stands where it stands.
const GROUND_FIELDS_KEPT: usize = 64;

type Memo = std::cell::RefCell<Vec<(u64, CostField)>>;

thread_local! {
    static FIELDS: Memo = const { std::cell::RefCell::new(Vec::new()) };
    static GROUND_FIELDS: Memo = const { std::cell::RefCell::new(Vec::new()) };
    static GROUND: std::cell::RefCell<GroundMemo> = std::cell::RefCell::new(GroundMemo::default());
}

/// Takes the memo's grid for a terrain (its fingerprint), base and cell size out of the memo (an empty
/// one when new).
fn take_grid(terrain: u64, key: (u32, u32, u32), n: usize) -> Vec<Option<Ground>> {
    GROUND.with_borrow_mut(|memo| {
        if memo.terrain != terrain {
            memo.terrain = terrain;
            memo.grids.clear();
        }
        match memo
            .grids
            .iter()
            .position(|(k, g)| *k == key && g.len() == n)
        {
            Some(i) => memo.grids.swap_remove(i).1,
            None => vec![None; n],
        }
    })
}

/// Puts a grid back (unless the memo has moved on to other terrain meanwhile).
fn put_grid(terrain: u64, key: (u32, u32, u32), grid: Vec<Option<Ground>>) {
    GROUND.with_borrow_mut(|memo| {
        if memo.terrain == terrain {
            memo.grids.push((key, grid));
            // A few base sizes and clearances per game; more means other tables.
            if memo.grids.len() > 16 {
                memo.grids.remove(0);
            }
        }
    });
}

impl CostField {
    /// Searches from `id`'s position out to `allowance` inches of movement.
    pub fn new(
        table: &Table,
        scene: &Scene,
        id: ModelId,
        rules: &MoveRules,
        allowance: f32,
    ) -> Result<Self, TableError> {
        Self::search(table, scene, id, rules, allowance, None, true)
    }

    /// As [`CostField::toward`] `goal`, over the ground alone: other models neither block nor
    /// make way. No cost is above the one the search
    /// among the models finds (a model can only block), so a cell this field cannot reach
    /// within the allowance, that search cannot either; and the field stays good for as long as
    /// the model stands where it stands, whatever the others do.
    pub fn over_ground(
        table: &Table,
        scene: &Scene,
        id: ModelId,
        rules: &MoveRules,
        allowance: f32,
        goal: Pt,
    ) -> Result<Self, TableError> {
        Self::search(table, scene, id, rules, allowance, Some(goal), false)
    }

    /// Searches from `id`'s position toward `goal` only (A*, the straight distance left as the
    /// estimate: no step costs less than its length), stopping once the goal's cell is settled.
    /// The goal's cost and path are those [`CostField::new`] finds; other cells may be unsettled.
    pub fn toward(
        table: &Table,
        scene: &Scene,
        id: ModelId,
        rules: &MoveRules,
        allowance: f32,
        goal: Pt,
    ) -> Result<Self, TableError> {
        Self::search(table, scene, id, rules, allowance, Some(goal), true)
    }

    /// A search, from this thread's memo of the last few when one was made for the same table,
    /// model, rules, allowance and goal (the program opponent weighs several moves of one model
    /// from one state, and the rules then search that model's move again). With `models` false,
    /// over the ground alone, the other models neither in the search nor in its key.
    fn search(
        table: &Table,
        scene: &Scene,
        id: ModelId,
        rules: &MoveRules,
        allowance: f32,
        goal: Option<Pt>,
        models: bool,
    ) -> Result<Self, TableError> {
        let (cell, enemy_clearance) = (rules.cell, rules.enemy_clearance);
        let terrain = super::fingerprint::terrain(table);
        let mut key = super::mix::Mix::default();
        key.u64(terrain);
        // The moving model, and only the others that can bear on a cell the search may give a
        // cost: those cells lie within the allowance of the start, and a base bears on a cell
        // within its radius, the moving base's and the clearance on either axis (see `Bases`),
        // so a model that moved far away leaves the field as it was.
        let me = table.model(id)?;
        if models {
            super::fingerprint::model(&mut key, me);
        } else {
            // The ground's search reads of the model only where it stands and its base (not its
            // facing: a turn leaves the field as it was).
            key.pt(me.pos).f32(me.radius());
        }
        let near = allowance + 1.5 * (me.radius() + enemy_clearance.max(0.0)) + 2.0 * cell + 0.1;
        for m in table.models.iter().filter(|m| m.id != id && models) {
            if m.pos.dist(me.pos) < near + 1.5 * m.radius() || !m.pos.is_finite() {
                super::fingerprint::model(&mut key, m);
            }
        }
        key.u64(id.0 as u64);
        rules.mix(&mut key);
        key.f32(allowance)
            .u64(goal.is_some() as u64)
            .pt(goal.unwrap_or_default())
            .u64(models as u64);
        let key = key.done();
        let (memo, kept) = if models {
            (&FIELDS, FIELDS_KEPT)
        } else {
            (&GROUND_FIELDS, GROUND_FIELDS_KEPT)
        };
        // The last used last: the least recently used leaves the memo first.
        if let Some(field) = memo.with_borrow_mut(|memo| {
            let i = memo.iter().position(|(k, _)| *k == key)?;
            let hit = memo.remove(i);
            let field = hit.1.clone();
            memo.push(hit);
            Some(field)
        }) {
            return Ok(field);
        }
        let field = Self::search_anew(table, scene, id, rules, allowance, goal, terrain, models)?;
        memo.with_borrow_mut(|memo| {
            memo.push((key, field.clone()));
            if memo.len() > kept {
                memo.remove(0);
            }
        });
        Ok(field)
    }

    /// The search itself; `terrain` is the table's terrain fingerprint (for the ground memo).
    #[allow(clippy::too_many_arguments)]
    fn search_anew(
        table: &Table,
        scene: &Scene,
        id: ModelId,
        rules: &MoveRules,
        allowance: f32,
        goal: Option<Pt>,
        terrain: u64,
        models: bool,
    ) -> Result<Self, TableError> {
        let start = table.model(id)?.pos;
        let probe = Probe {
            models,
            ..Probe::new(table, id, rules)?
        };
        let cell = rules.cell.max(0.1);
        let cols = (table.width / cell).ceil() as usize;
        let rows = (table.depth / cell).ceil() as usize;
        let n = cols * rows;
        let field = CostField {
            model: id,
            start,
            cell,
            cols,
            rows,
            allowance,
            costs: Costs::Few(Default::default()),
        };
        // A whole field keeps every cell's cost; a search toward a goal only those it gave one.
        let all = goal.is_none();
        let none = || {
            if all {
                Costs::All {
                    cost: std::sync::Arc::new(vec![f32::INFINITY; n]),
                    prev: std::sync::Arc::new(vec![u32::MAX; n]),
                }
            } else {
                Costs::Few(Default::default())
            }
        };
        let Some(s) = field.index_of(start) else {
            return Ok(field.with(none()));
        };
        let goal_cell = goal.and_then(|g| field.index_of(g));
        if goal.is_some() && goal_cell.is_none() {
            return Ok(field.with(none()));
        }
        let reach = probe.r + probe.clearance.max(0.0);
        let key = (probe.r.to_bits(), reach.to_bits(), cell.to_bits());
        let mut ground = take_grid(terrain, key, n);
        let bases = Bases::new(table, &probe);
        let rim = rim(probe.r);
        // The estimate left from a cell (to the goal cell's centre, which its cost is measured
        // to); zero when the whole field is wanted.
        let aim = goal_cell.map(|g| field.centre(g % cols, g / cols));
        let left = |p: Pt| aim.map_or(0.0, |g| p.dist(g));
        let mut infos = Infos::take(n);
        infos.cost(s, 0.0, u32::MAX);
        // A goal no base can stand on is never reached: no need to look everywhere else first.
        if let (Some(g), Some(at)) = (goal_cell, aim)
            && g != s
        {
            let there =
                *ground[g].get_or_insert_with(|| ground_at(table, scene, probe.r, reach, &rim, at));
            if !bases.cell(there, at).passable {
                put_grid(terrain, key, ground);
                let costs = infos.costs(all);
                infos.put_back();
                return Ok(field.with(costs));
            }
        }
        let mut heap = BinaryHeap::new();
        infos.set(s, cell_info(table, scene, &probe, start));
        heap.push(Node::new(left(start), 0.0, s as u32));
        // Between cell centres a step's length depends on the step alone, exactly so when the
        // cell is a power of two (the centres and their differences are then exact).
        let exact = cell.to_bits() & 0x007f_ffff == 0 && cols.max(rows) < 1 << 22;
        let lengths = STEPS.map(|(dx, dy)| Pt::new(dx as f32 * cell, dy as f32 * cell).len());
        while let Some(node) = heap.pop() {
            let (g, i) = (node.g, node.index());
            let (col, row) = (i % cols, i / cols);
            let at = if i == s {
                start
            } else {
                field.centre(col, row)
            };
            let c = infos.cost[i];
            // Reached more cheaply since: that node came up first (its estimate is lower) and
            // this one would find nothing new.
            if g > c {
                continue;
            }
            if Some(i) == goal_cell {
                break;
            }
            let here = infos.cells[i].expect("visited cells have info");
            let from = at;
            for (k, (dx, dy)) in STEPS.into_iter().enumerate() {
                let (nc, nr) = (col as i32 + dx, row as i32 + dy);
                if nc < 0 || nr < 0 || nc >= cols as i32 || nr >= rows as i32 {
                    continue;
                }
                let j = nr as usize * cols + nc as usize;
                let to = field.centre(nc as usize, nr as usize);
                let there = match infos.cells[j] {
                    Some(info) => info,
                    None => {
                        let g = *ground[j].get_or_insert_with(|| {
                            ground_at(table, scene, probe.r, reach, &rim, to)
                        });
                        infos.set(j, bases.cell(g, to))
                    }
                };
                if !there.passable {
                    continue;
                }
                let flat = if exact && i != s {
                    lengths[k]
                } else {
                    from.dist(to)
                };
                let nc_cost = c + step_cost(rules, flat, here, there);
                if nc_cost >= infos.cost[j] {
                    continue;
                }
                let estimate = nc_cost + left(to);
                if estimate <= allowance + 1e-4 {
                    infos.cost(j, nc_cost, i as u32);
                    heap.push(Node::new(estimate, nc_cost, j as u32));
                }
            }
        }
        put_grid(terrain, key, ground);
        let costs = infos.costs(all);
        infos.put_back();
        Ok(field.with(costs))
    }

    /// The field with its searched costs.
    fn with(mut self, costs: Costs) -> Self {
        self.costs = costs;
        self
    }

    fn index_of(&self, p: Pt) -> Option<usize> {
        // Also refuses NaN, which compares false.
        if !(p.x >= 0.0 && p.y >= 0.0) {
            return None;
        }
        let col = (p.x / self.cell) as usize;
        let row = (p.y / self.cell) as usize;
        (col < self.cols && row < self.rows).then(|| row * self.cols + col)
    }

    pub fn centre(&self, col: usize, row: usize) -> Pt {
        Pt::new(
            (col as f32 + 0.5) * self.cell,
            (row as f32 + 0.5) * self.cell,
        )
    }

    /// The cheapest cost to reach the cell holding `p`, if it is reachable within the allowance.
    pub fn cost_to(&self, p: Pt) -> Option<f32> {
        self.index_of(p)
            .map(|i| self.costs.at(i).0)
            .filter(|c| c.is_finite())
    }

    /// The best path to `p` as points on the table (the model's position first, `p` last).
    pub fn path_to(&self, p: Pt) -> Option<Vec<Pt>> {
        let i = self.index_of(p)?;
        let (c, mut from) = self.costs.at(i);
        if !c.is_finite() {
            return None;
        }
        let mut pts = vec![p];
        while from != u32::MAX {
            let i = from as usize;
            pts.push(self.centre(i % self.cols, i / self.cols));
            from = self.costs.at(i).1;
        }
        pts.pop();
        pts.push(self.start);
        pts.reverse();
        Some(pts)
    }

    /// Every reachable cell as (centre, cost).
    pub fn reachable(&self) -> impl Iterator<Item = (Pt, f32)> + '_ {
        let (all, few) = match &self.costs {
            Costs::All { cost, .. } => (Some(cost.iter().copied().enumerate()), None),
            Costs::Few(v) => (None, Some(v.iter().map(|c| (c.0 as usize, c.1)))),
        };
        all.into_iter()
            .flatten()
            .chain(few.into_iter().flatten())
            .filter(|(_, c)| c.is_finite())
            .map(|(i, c)| (self.centre(i % self.cols, i / self.cols), c))
    }
}

/// The cost of a step `flat` inches long from a cell `a` to a cell `b`.
fn step_cost(rules: &MoveRules, flat: f32, a: CellInfo, b: CellInfo) -> f32 {
    let mut k = 1.0f32;
    if a.rough || b.rough {
        k = k.max(rules.rough);
    }
    if a.friendly || b.friendly {
        k = k.max(rules.making_way);
    }
    let dh = (b.h - a.h).abs();
    // A ladder is the way up a height no model could otherwise climb.
    if dh > rules.max_climb && !(a.ladder || b.ladder) {
        return f32::INFINITY;
    }
    let free = dh.min(rules.free_climb.max(0.0));
    flat * k + free + (dh - free) * rules.climb
}

/// The cost of moving `id` along a given path from its first point (the model's position, or
/// where a planner imagines it), or the first point where the path is blocked.
pub fn path_cost(
    table: &Table,
    scene: &Scene,
    id: ModelId,
    path: &[Pt],
    rules: &MoveRules,
) -> Result<Result<f32, Pt>, TableError> {
    let probe = Probe::new(table, id, rules)?;
    let step = rules.cell.max(0.1) / 2.0;
    let mut total = 0.0;
    let mut prev_pt = match path.first() {
        Some(p) => *p,
        None => table.model(id)?.pos,
    };
    let mut prev = cell_info(table, scene, &probe, prev_pt);
    let (bases, rim) = (Bases::new(table, &probe), rim(probe.r));
    let reach = probe.r + probe.clearance.max(0.0);
    let terrain = super::fingerprint::terrain(table);
    for w in path.windows(2) {
        let len = w[0].dist(w[1]);
        let n = (len / step).ceil().max(1.0) as usize;
        for k in 1..=n {
            let p = w[0].add(w[1].sub(w[0]).scale(k as f32 / n as f32));
            let key = (
                terrain,
                probe.r.to_bits(),
                reach.to_bits(),
                p.x.to_bits(),
                p.y.to_bits(),
            );
            let g = match POINTS.with_borrow(|m| m.get(&key).copied()) {
                Some(g) => g,
                None => {
                    let g = ground_at(table, scene, probe.r, reach, &rim, p);
                    POINTS.with_borrow_mut(|m| {
                        if m.len() >= POINTS_KEPT {
                            m.clear();
                        }
                        m.insert(key, g);
                    });
                    g
                }
            };
            let info = bases.cell(g, p);
            if !info.passable {
                return Ok(Err(p));
            }
            total += step_cost(rules, prev_pt.dist(p), prev, info);
            prev = info;
            prev_pt = p;
        }
    }
    Ok(Ok(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order the search took its cells in before the one-word key: estimate by
    /// `total_cmp`, then index, the lowest first (the greatest in a max-heap).
    fn by_estimate_then_index(a: (f32, u32), b: (f32, u32)) -> Ordering {
        b.0.total_cmp(&a.0).then(b.1.cmp(&a.1))
    }

    #[test]
    fn a_node_orders_by_estimate_then_index_as_total_cmp_does() {
        let estimates = [
            -f32::INFINITY,
            -3.5,
            -0.0,
            0.0,
            f32::MIN_POSITIVE,
            0.25,
            1.0,
            1.0 + f32::EPSILON,
            12.75,
            f32::MAX,
            f32::INFINITY,
            f32::NAN,
        ];
        for &a in &estimates {
            for &b in &estimates {
                for (i, j) in [(0, 0), (3, 7), (7, 3), (u32::MAX - 1, 5)] {
                    assert_eq!(
                        Node::new(a, 0.0, i).cmp(&Node::new(b, 0.0, j)),
                        by_estimate_then_index((a, i), (b, j)),
                        "{a} #{i} against {b} #{j}"
                    );
                }
            }
        }
        assert_eq!(Node::new(2.0, 1.5, 4321).index(), 4321);
    }
}
