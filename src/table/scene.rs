//! The table's query structure: every piece, raised tile and model as a parry shape in a BVH. Line
//! of sight, templates and movement ask it; the app builds its rapier colliders from the same
//! shapes, so picking and the rules agree. Deterministic and free of any window.
//!
//! Shapes live in world coordinates: x across the table, y up, z = -(table y).

use super::error::TableError;
use super::geom::Pt;
use super::mix::Mix;
use super::model::ModelId;
use super::piece::Tag;
pub use super::shape::{Leaf, LeafKind};
use super::shape::{model_shape, piece_shape};
use super::sight_options::SightOptions;
use super::tabletop::Table;
use bevy_rapier3d::parry::bounding_volume::{Aabb, BoundingVolume};
use bevy_rapier3d::parry::math::{Pose, Vector};
use bevy_rapier3d::parry::partitioning::{Bvh, BvhBuildStrategy, TraversalAction};
use bevy_rapier3d::parry::query::{Ray, RayCast};
use bevy_rapier3d::parry::shape::SharedShape;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

thread_local! {
    /// The scenes built last on this thread, by the table's fingerprint and the sight options.
    static SHARED: RefCell<Vec<(u64, Rc<Scene>)>> = const { RefCell::new(Vec::new()) };
    /// The terrain's leaves and boxes built last on this thread, by the terrain's fingerprint.
    static GROUND: RefCell<Vec<(u64, Arc<Ground>)>> = const { RefCell::new(Vec::new()) };
    /// The sight structures built last on this thread, by [`Sighted::key`].
    static SIGHTED: RefCell<Vec<(u64, Arc<Sighted>)>> = const { RefCell::new(Vec::new()) };
    /// The exposures found on this thread ([`Scene::point_exposure`]), by the sight structure's
    /// key, both points with their heights and the models left out: the program opponent asks
    /// how exposed the same spots are after each order, mostly of the same terrain.
    static EXPOSURES: RefCell<ExposureMemo> = RefCell::new(ExposureMemo::default());
}

type ExposureMemo = std::collections::HashMap<(u64, [u64; 4]), Exposure, rustc_hash::FxBuildHasher>;

/// How many exposures the memo keeps; a full memo starts afresh.
const EXPOSURES_KEPT: usize = 1 << 15;

/// How many scenes the memo keeps: the program opponent looks at a state and the few states
/// after the moves it weighs.
const SHARED_KEPT: usize = 6;

/// A scene number not given before in this process.
fn next_serial() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// How many terrains and sight structures their memos keep.
const PARTS_KEPT: usize = 4;

/// The value kept in a small most-recently-used memo under `key`, else `make`'s, kept.
fn kept<V: Clone>(
    memo: &'static std::thread::LocalKey<RefCell<Vec<(u64, V)>>>,
    key: u64,
    bound: usize,
    make: impl FnOnce() -> V,
) -> V {
    if let Some(v) = memo.with_borrow_mut(|m| {
        let i = m.iter().position(|(k, _)| *k == key)?;
        let hit = m.remove(i);
        let v = hit.1.clone();
        m.push(hit);
        Some(v)
    }) {
        return v;
    }
    let v = make();
    memo.with_borrow_mut(|m| {
        m.push((key, v.clone()));
        if m.len() > bound {
            m.remove(0);
        }
    });
    v
}

/// The leaves of a table's terrain (pieces, then raised tiles) with their boxes: they follow from
/// the terrain alone, so a scene of the same terrain with its models elsewhere starts from them.
struct Ground {
    leaves: Vec<Leaf>,
    aabbs: Vec<Aabb>,
    /// The BVH of the terrain's leaves (leaf `i` is `leaves[i]`), built once per terrain.
    bvh: Bvh,
}

impl Ground {
    fn of(table: &Table) -> Arc<Ground> {
        kept(
            &GROUND,
            super::fingerprint::terrain(table),
            PARTS_KEPT,
            || Arc::new(Ground::new(table)),
        )
    }

    fn new(table: &Table) -> Ground {
        let mut leaves = Vec::new();
        for (i, p) in table.pieces.iter().enumerate() {
            let (shape, pose) = piece_shape(p);
            leaves.push(Leaf {
                kind: LeafKind::Piece(i),
                shape,
                pose,
                opaque: p.has(Tag::BlocksSight),
                cover: p.has(Tag::Cover),
            });
        }
        let g = &table.tiles;
        for (col, row, _, h) in g.iter().filter(|t| t.3 > 0.0) {
            let half = g.tile_size / 2.0;
            leaves.push(Leaf {
                kind: LeafKind::Tile { col, row },
                shape: SharedShape::cuboid(half, h / 2.0, half),
                pose: Pose::from_translation(world(g.tile_centre(col, row), h / 2.0)),
                opaque: true,
                cover: false,
            });
        }
        let aabbs: Vec<Aabb> = leaves
            .iter()
            .map(|l| l.shape.compute_aabb(&l.pose))
            .collect();
        let bvh = Bvh::from_leaves(BvhBuildStrategy::default(), &aabbs);
        Ground { leaves, aabbs, bvh }
    }
}

/// The structures sight asks: the BVH of the leaves that stop sight or give cover, and the
/// corridor BVHs. Models that do neither are not in them, so a scene whose models moved shares
/// them with the scene before as long as the terrain, the options, the widest base and the
/// models that are in them stay the same.
struct Sighted {
    /// Leaf `k` of `bvh` is the scene's `leaves[ids[k]]` (parry wants leaf ids numbered from 0).
    bvh: Bvh,
    ids: Vec<u32>,
    corridors: super::corridor::Corridors,
    /// [`Sighted::key`]: what these structures are made of.
    key: u64,
}

impl Sighted {
    /// What the sight structures of `leaves` (the scene's, terrain first) depend on.
    fn key(table: &Table, options: SightOptions, leaves: &[Leaf]) -> u64 {
        let mut h = Mix::default();
        h.u64(super::fingerprint::terrain(table))
            .u64(super::fingerprint::sight(&options))
            .f32(super::corridor::band_margin(table));
        for (i, l) in leaves.iter().enumerate() {
            if let LeafKind::Model(id) = l.kind
                && (l.opaque || l.cover)
                && let Ok(m) = table.model(id)
            {
                h.u64(i as u64);
                super::fingerprint::model(&mut h, m);
            }
        }
        h.done()
    }

    fn new(table: &Table, leaves: &[Leaf], aabbs: &[Aabb], key: u64) -> Sighted {
        let ids: Vec<u32> = (0..leaves.len() as u32)
            .filter(|i| leaves[*i as usize].opaque || leaves[*i as usize].cover)
            .collect();
        let boxes: Vec<Aabb> = ids.iter().map(|i| aabbs[*i as usize]).collect();
        Sighted {
            bvh: Bvh::from_leaves(BvhBuildStrategy::default(), &boxes),
            ids,
            corridors: super::corridor::Corridors::new(table, leaves),
            key,
        }
    }
}

/// The query structure over one state of a table.
pub struct Scene {
    pub leaves: Vec<Leaf>,
    /// The terrain's leaves (the first `ground.leaves.len()` of `leaves`) and their BVH, shared
    /// by every scene of the same terrain; the models' leaves follow, and their boxes (box `k` is
    /// leaf `ground.leaves.len() + k`) are looked through one by one (a table has few), so that
    /// moving a model builds no BVH.
    ground: Arc<Ground>,
    model_boxes: Vec<Aabb>,
    /// Only the leaves that matter to sight (opaque or cover-giving), so that sight lines do not
    /// walk past the many models that neither block nor give cover, and the corridor BVHs that
    /// decide bundles of sight lines at once; shared by scenes that differ only in such models.
    sighted: Arc<Sighted>,
    pub options: SightOptions,
    /// A number no other scene built in this process has (a changed scene takes a new one): memos
    /// of what a scene answers are keyed by it.
    serial: u64,
    /// When set, the centre line of every corridor cast is recorded (for the benchmark's bare
    /// ray-cast figure).
    record: Mutex<Option<Vec<(Vector, Vector)>>>,
    /// Whether `record` is collecting (checked without locking on every cast).
    recording: AtomicBool,
}

/// How a point shows from another: see [`Scene::point_exposure`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exposure {
    Hidden,
    Covered,
    Open,
}

fn world(p: Pt, h: f32) -> Vector {
    Vector::new(p.x, h, -p.y)
}

impl Scene {
    /// The scene of `table`, built once per arrangement on this thread: the rules and the program
    /// opponent ask many questions of one state, and building the scene is the costly part. A
    /// memo, not state: the same table (terrain and models, by [`super::fingerprint`]) gives the
    /// same scene.
    pub fn shared(table: &Table, options: SightOptions) -> Rc<Scene> {
        let key = Mix::default()
            .u64(super::fingerprint::with_models(table))
            .u64(super::fingerprint::sight(&options))
            .done();
        kept(&SHARED, key, SHARED_KEPT, || {
            Rc::new(Scene::new(table, options))
        })
    }

    pub fn new(table: &Table, options: SightOptions) -> Self {
        let ground = Ground::of(table);
        let mut leaves = ground.leaves.clone();
        let mut aabbs = ground.aabbs.clone();
        for m in &table.models {
            let (shape, pose) = model_shape(m);
            let opaque = if m.wreck {
                options.wrecks_block
            } else {
                options.models_block
            };
            aabbs.push(shape.compute_aabb(&pose));
            leaves.push(Leaf {
                kind: LeafKind::Model(m.id),
                shape,
                pose,
                opaque,
                cover: m.wreck,
            });
        }
        let model_boxes = aabbs[ground.leaves.len()..].to_vec();
        let key = Sighted::key(table, options, &leaves);
        let sighted = kept(&SIGHTED, key, PARTS_KEPT, || {
            Arc::new(Sighted::new(table, &leaves, &aabbs, key))
        });
        Self {
            leaves,
            ground,
            model_boxes,
            sighted,
            options,
            serial: next_serial(),
            record: Mutex::new(None),
            recording: AtomicBool::new(false),
        }
    }

    /// This scene's number, unlike any other scene's of this process (see `serial`).
    pub fn serial(&self) -> u64 {
        self.serial
    }

    /// The corridor BVHs that decide bundles of sight lines at once.
    pub fn corridors(&self) -> &super::corridor::Corridors {
        &self.sighted.corridors
    }

    /// Follows a model that moved (or turned into a wreck) on `table`. A model that neither blocks
    /// sight nor gives cover, before or after, is updated in place; otherwise the scene is built
    /// again.
    pub fn update_model(&mut self, table: &Table, id: ModelId) -> Result<(), TableError> {
        let m = table.model(id)?;
        let Some(i) = self
            .leaves
            .iter()
            .position(|l| l.kind == LeafKind::Model(id))
        else {
            *self = Scene::new(table, self.options);
            return Ok(());
        };
        let opaque = if m.wreck {
            self.options.wrecks_block
        } else {
            self.options.models_block
        };
        let leaf = &self.leaves[i];
        let wider = 0.45 * m.base_diameter + 0.01 > self.corridors().margin();
        if leaf.opaque || leaf.cover || opaque || m.wreck || wider {
            *self = Scene::new(table, self.options);
            return Ok(());
        }
        let (shape, pose) = model_shape(m);
        let aabb = shape.compute_aabb(&pose);
        let leaf = &mut self.leaves[i];
        leaf.shape = shape;
        leaf.pose = pose;
        if let Some(b) = i
            .checked_sub(self.ground.leaves.len())
            .and_then(|k| self.model_boxes.get_mut(k))
        {
            *b = aabb;
        }
        self.serial = next_serial();
        Ok(())
    }

    /// Corridor casts recorded so far (0 when not recording).
    pub fn rays_cast(&self) -> u64 {
        let rec = self.record.lock().unwrap_or_else(|e| e.into_inner());
        rec.as_ref().map_or(0, |r| r.len() as u64)
    }

    /// Starts (or stops) recording the centre line of every corridor cast.
    pub fn record_rays(&self, on: bool) -> Vec<(Vector, Vector)> {
        let mut rec = self.record.lock().unwrap_or_else(|e| e.into_inner());
        let old = rec.take().unwrap_or_default();
        if on {
            *rec = Some(Vec::new());
        }
        self.recording.store(on, Ordering::Relaxed);
        old
    }

    /// Records one corridor cast's centre line when recording.
    pub(crate) fn record_cast(&self, lines: &super::corridor::Lines) {
        if self.recording.load(Ordering::Relaxed)
            && let Some(rec) = self
                .record
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .as_mut()
        {
            rec.push(lines.centre_line());
        }
    }

    /// True when an opaque shape (other than the models in `ignore`) cuts the segment `a`-`b`.
    /// With `soft`, the cover-giving shapes the segment passes through are collected too.
    pub fn segment_blocked(
        &self,
        a: Vector,
        b: Vector,
        ignore: [Option<ModelId>; 2],
        soft: Option<&mut Vec<LeafKind>>,
    ) -> bool {
        self.cast_segment(a, b, ignore, soft).is_some()
    }

    /// How a point `to` (at height `to_h`) shows from a point `from` (at `from_h`): hidden behind
    /// something opaque, seen through something that gives cover, or in the open. The models in
    /// `ignore` (e.g. the looker and the one who would stand there) are left out.
    pub fn point_exposure(
        &self,
        from: Pt,
        from_h: f32,
        to: Pt,
        to_h: f32,
        ignore: [Option<ModelId>; 2],
    ) -> Exposure {
        // Only the leaves of the sight structure are looked at, and their key says what they are.
        let id = |m: Option<ModelId>| m.map_or(0, |m| m.0 as u64 + 1);
        let key = (
            self.sighted.key,
            [
                from.x.to_bits() as u64 | (from.y.to_bits() as u64) << 32,
                to.x.to_bits() as u64 | (to.y.to_bits() as u64) << 32,
                from_h.to_bits() as u64 | (to_h.to_bits() as u64) << 32,
                id(ignore[0]) | id(ignore[1]) << 32,
            ],
        );
        if let Some(e) = EXPOSURES.with_borrow(|m| m.get(&key).copied()) {
            return e;
        }
        let mut soft = Vec::new();
        let e = if self.segment_blocked(
            world(from, from_h),
            world(to, to_h),
            ignore,
            Some(&mut soft),
        ) {
            Exposure::Hidden
        } else if soft.is_empty() {
            Exposure::Open
        } else {
            Exposure::Covered
        };
        EXPOSURES.with_borrow_mut(|m| {
            if m.len() >= EXPOSURES_KEPT {
                m.clear();
            }
            m.insert(key, e);
        });
        e
    }

    /// Casts one sight segment through the sight BVH: the index of an opaque leaf that cuts it
    /// (the first found, not necessarily the nearest), collecting cover-giving leaves on the way.
    fn cast_segment(
        &self,
        a: Vector,
        b: Vector,
        ignore: [Option<ModelId>; 2],
        mut soft: Option<&mut Vec<LeafKind>>,
    ) -> Option<usize> {
        let ray = Ray::new(a, b - a);
        let mut found = None;
        let sighted = &self.sighted;
        sighted.bvh.traverse(|node| {
            if !node.aabb().intersects_local_ray(&ray, 1.0) {
                return TraversalAction::Prune;
            }
            let Some(k) = node.leaf_data() else {
                return TraversalAction::Continue;
            };
            let i = sighted.ids[k as usize] as usize;
            let leaf = &self.leaves[i];
            if let LeafKind::Model(id) = leaf.kind
                && ignore.contains(&Some(id))
            {
                return TraversalAction::Continue;
            }
            let wanted = leaf.opaque || (leaf.cover && soft.is_some());
            if !wanted || !leaf.shape.intersects_ray(&leaf.pose, &ray, 1.0) {
                return TraversalAction::Continue;
            }
            if leaf.opaque {
                found = Some(i);
                return TraversalAction::EarlyExit;
            }
            if let Some(s) = soft.as_deref_mut() {
                s.push(leaf.kind);
            }
            TraversalAction::Continue
        });
        found
    }

    /// The bare ray cast (parry's best-first BVH cast against opaque shapes), as the reference the
    /// sight code is measured against.
    pub fn bare_ray_cast(&self, a: Vector, b: Vector) -> bool {
        let ray = Ray::new(a, b - a);
        self.sighted
            .bvh
            .cast_ray(&ray, 1.0, |k, best| {
                let l = &self.leaves[self.sighted.ids[k as usize] as usize];
                if l.opaque {
                    l.shape.cast_ray(&l.pose, &ray, best, true)
                } else {
                    None
                }
            })
            .is_some()
    }

    /// The scene's leaves whose shape contains the point at height `h` over `p`.
    pub fn leaves_at(&self, p: Pt, h: f32) -> Vec<&Leaf> {
        let v = world(p, h);
        let aabb = Aabb::new(v - Vector::splat(1e-3), v + Vector::splat(1e-3));
        self.ground
            .bvh
            .intersect_aabb(&aabb)
            .chain(self.models_meeting(aabb))
            .map(|i| &self.leaves[i as usize])
            .filter(|l| l.shape.contains_point(&l.pose, v))
            .collect()
    }

    /// Leaves whose bounding boxes meet a vertical cylinder of `radius` around `p` (candidates for
    /// templates and base clearance); exact tests are left to the caller.
    pub fn leaves_near(&self, p: Pt, radius: f32) -> impl Iterator<Item = &Leaf> {
        let lo = world(p, -1.0) - Vector::new(radius, 0.0, radius);
        let hi = world(p, 100.0) + Vector::new(radius, 0.0, radius);
        let aabb = Aabb::new(lo, hi);
        self.ground
            .bvh
            .leaves(move |node| node.aabb().intersects(&aabb))
            .chain(self.models_meeting(aabb))
            .map(|i| &self.leaves[i as usize])
    }

    /// The models' leaves whose boxes meet `aabb`.
    fn models_meeting(&self, aabb: Aabb) -> impl Iterator<Item = u32> + '_ {
        let first = self.ground.leaves.len();
        self.model_boxes
            .iter()
            .enumerate()
            .filter(move |(_, b)| b.intersects(&aabb))
            .map(move |(k, _)| (first + k) as u32)
    }
}
