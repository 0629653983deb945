//! Sight corridors: every sight line between two models (or a model and a point) lies within a
//! narrow band around the line joining them, seen from above. One cast of that centre line through
//! a parry BVH of the sight-relevant leaves, whose boxes are flattened onto the table and widened by
//! the band's half-width, meets every leaf any of the lines can touch, nearest first. Each leaf met
//! then decides all the lines at once: upright prisms (boxes, walls, cylinders, raised tiles,
//! models and wrecks) exactly, from the stretch of the line over the prism's footprint and the
//! line's heights along that stretch; other shapes (ramps) by parry's ray test. The cast stops as
//! soon as every line is blocked.

use super::geom::Pt;
use super::model::ModelId;
use super::piece::PieceShape;
use super::shape::{Leaf, LeafKind};
use super::tabletop::Table;
use bevy_rapier3d::parry::bounding_volume::Aabb;
use bevy_rapier3d::parry::math::Vector;
use bevy_rapier3d::parry::partitioning::{Bvh, BvhBuildStrategy};
use bevy_rapier3d::parry::query::Ray;
use std::cell::{Cell, RefCell};

/// Most lines one corridor decides (a bit mask of `u64`).
pub const MAX_LINES: usize = 64;
/// Most end points on either side of a corridor.
pub const MAX_ENDS: usize = 4;

/// An upright prism's footprint on the table.
#[derive(Debug, Clone, Copy)]
enum Footprint {
    /// A rectangle: centre, axis (cos, sin of the rotation), half width and half depth.
    Rect {
        c: Pt,
        cos: f32,
        sin: f32,
        hw: f32,
        hd: f32,
    },
    Circle {
        c: Pt,
        r: f32,
    },
}

impl Footprint {
    /// The centre and the radius of a circle around the footprint.
    fn circle(&self) -> (Pt, f32) {
        match *self {
            Footprint::Rect { c, hw, hd, .. } => (c, hw.hypot(hd)),
            Footprint::Circle { c, r } => (c, r),
        }
    }

    /// A point in the footprint's own frame (centred on it, and turned with it for a rectangle).
    #[inline]
    fn local(&self, p: Pt) -> Pt {
        match *self {
            Footprint::Circle { c, .. } => p.sub(c),
            Footprint::Rect { c, cos, sin, .. } => {
                let d = p.sub(c);
                Pt::new(d.x * cos + d.y * sin, -d.x * sin + d.y * cos)
            }
        }
    }

    /// The stretch `[t0, t1]` of the segment `p + t (q - p)`, `t` in `[0, 1]`, over the footprint
    /// grown by `grow` (in the footprint's frame: see [`Footprint::local`]).
    #[inline]
    fn clip_local(&self, p: Pt, q: Pt, grow: f32) -> Option<(f32, f32)> {
        match *self {
            Footprint::Circle { r, .. } => clip_circle(p, q, r + grow),
            Footprint::Rect { hw, hd, .. } => clip_rect(p, q, hw + grow, hd + grow),
        }
    }
}

/// The stretch of `p + t (q - p)`, `t` in `[0, 1]`, inside the circle of radius `r` around the
/// origin.
fn clip_circle(p: Pt, q: Pt, r: f32) -> Option<(f32, f32)> {
    let d = q.sub(p);
    let qa = d.x * d.x + d.y * d.y;
    let qc = p.x * p.x + p.y * p.y - r * r;
    if qa < 1e-12 {
        return (qc <= 0.0).then_some((0.0, 1.0));
    }
    let qb = 2.0 * (d.x * p.x + d.y * p.y);
    let disc = qb * qb - 4.0 * qa * qc;
    if disc < 0.0 {
        return None;
    }
    let s = disc.sqrt();
    let t0 = ((-qb - s) / (2.0 * qa)).max(0.0);
    let t1 = ((-qb + s) / (2.0 * qa)).min(1.0);
    (t0 <= t1).then_some((t0, t1))
}

/// The stretch of `p + t (q - p)`, `t` in `[0, 1]`, inside the box `[-hw, hw] x [-hd, hd]`
/// (Liang-Barsky clipping).
fn clip_rect(p: Pt, q: Pt, hw: f32, hd: f32) -> Option<(f32, f32)> {
    let d = q.sub(p);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (num, den) in [
        (p.x + hw, -d.x),
        (hw - p.x, d.x),
        (p.y + hd, -d.y),
        (hd - p.y, d.y),
    ] {
        if den.abs() < 1e-9 {
            if num < 0.0 {
                return None;
            }
        } else {
            let t = num / den;
            if den < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return None;
            }
        }
    }
    Some((t0, t1))
}

/// How a leaf is tested against sight lines.
#[derive(Debug, Clone, Copy)]
enum Solid {
    Prism {
        foot: Footprint,
        bottom: f32,
        top: f32,
    },
    /// Not an upright prism: parry's ray test on the leaf's own shape.
    Shape,
}

/// One leaf of a corridor BVH.
#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Index into the scene's leaves.
    leaf: u32,
    solid: Solid,
    /// A circle around the leaf's footprint: centre and radius.
    around: (Pt, f32),
    opaque: bool,
    /// The model it stands for, so that a shooter and its target do not block themselves.
    model: Option<ModelId>,
}

/// The corridor BVHs of one scene: opaque leaves only (for verdicts) and every sight-relevant leaf
/// (for cover too).
pub struct Corridors {
    opaque: (Bvh, Vec<Entry>),
    sight: (Bvh, Vec<Entry>),
    /// How far the leaves' boxes are widened: the widest band a query may have.
    margin: f32,
}

/// One sight line of a query: between near end `a` and far end `b` (indices into the query's
/// end points), at height `za` over the near end and `zb` over the far end.
#[derive(Debug, Clone, Copy, Default)]
pub struct Line {
    pub a: u8,
    pub b: u8,
    pub za: f32,
    pub zb: f32,
}

/// A bundle of sight lines between near end points and far end points.
#[derive(Debug, Clone)]
pub struct Lines {
    pub near: [Pt; MAX_ENDS],
    pub n_near: usize,
    pub far: [Pt; MAX_ENDS],
    pub n_far: usize,
    pub lines: [Line; MAX_LINES],
    pub n: usize,
    /// The lines between near end `a` and far end `b`: bit mask at `a * MAX_ENDS + b`.
    slots: [u64; MAX_ENDS * MAX_ENDS],
    /// The near ends lie in a row from the first to the last, and so do the far ends: a convex
    /// footprint that the four lines between the first and last ends cross, seen from above, lies
    /// across every line between them.
    pub fan: bool,
}

impl Lines {
    pub fn new(near: &[Pt], far: &[Pt]) -> Self {
        let mut l = Lines {
            near: [Pt::default(); MAX_ENDS],
            n_near: 0,
            far: [Pt::default(); MAX_ENDS],
            n_far: 0,
            lines: [Line::default(); MAX_LINES],
            n: 0,
            slots: [0; MAX_ENDS * MAX_ENDS],
            fan: false,
        };
        l.reset(near, far);
        l
    }

    /// Empties the bundle and sets new end points.
    pub fn reset(&mut self, near: &[Pt], far: &[Pt]) {
        self.n_near = near.len().min(MAX_ENDS);
        self.n_far = far.len().min(MAX_ENDS);
        self.near[..self.n_near].copy_from_slice(&near[..self.n_near]);
        self.far[..self.n_far].copy_from_slice(&far[..self.n_far]);
        self.n = 0;
        self.slots = [0; MAX_ENDS * MAX_ENDS];
        self.fan = false;
    }

    /// Moves the end points, keeping the lines between them (same counts as before).
    pub fn set_ends(&mut self, near: &[Pt], far: &[Pt]) {
        let (a, b) = (self.n_near.min(near.len()), self.n_far.min(far.len()));
        self.near[..a].copy_from_slice(&near[..a]);
        self.far[..b].copy_from_slice(&far[..b]);
    }

    /// Sets line `i`'s heights over its near and far ends.
    #[inline]
    pub fn set_heights(&mut self, i: usize, za: f32, zb: f32) {
        if let Some(l) = self.lines[..self.n].get_mut(i) {
            l.za = za;
            l.zb = zb;
        }
    }

    /// Adds a line; returns false when the bundle is full.
    #[inline]
    pub fn push(&mut self, a: usize, b: usize, za: f32, zb: f32) -> bool {
        if self.n >= MAX_LINES || a >= self.n_near || b >= self.n_far {
            return false;
        }
        self.lines[self.n] = Line {
            a: a as u8,
            b: b as u8,
            za,
            zb,
        };
        self.slots[a * MAX_ENDS + b] |= 1 << self.n;
        self.n += 1;
        true
    }

    /// The line's end points in world coordinates.
    pub fn ends(&self, i: usize) -> (Vector, Vector) {
        let l = self.lines[i];
        (
            world(self.near[l.a as usize], l.za),
            world(self.far[l.b as usize], l.zb),
        )
    }

    fn centre(pts: &[Pt]) -> Pt {
        let s = pts.iter().fold(Pt::default(), |s, p| s.add(*p));
        s.scale(1.0 / pts.len().max(1) as f32)
    }

    /// The centre line seen from above and the band's half-width around it.
    fn band(&self) -> (Pt, Pt, f32) {
        let (near, far) = (&self.near[..self.n_near], &self.far[..self.n_far]);
        let (ca, cb) = (Self::centre(near), Self::centre(far));
        let d2 = |p: &Pt, c: Pt| {
            let d = p.sub(c);
            d.x * d.x + d.y * d.y
        };
        let w2 = near
            .iter()
            .map(|p| d2(p, ca))
            .chain(far.iter().map(|p| d2(p, cb)))
            .fold(0.0f32, f32::max);
        (ca, cb, w2.sqrt())
    }

    /// The middle of the bundle in 3D, for the bare-cast reference: from the near centre at the
    /// lines' mean near height to the far centre at their mean far height.
    pub fn centre_line(&self) -> (Vector, Vector) {
        let (ca, cb, _) = self.band();
        let n = self.n.max(1) as f32;
        let za = self.lines[..self.n].iter().map(|l| l.za).sum::<f32>() / n;
        let zb = self.lines[..self.n].iter().map(|l| l.zb).sum::<f32>() / n;
        (world(ca, za), world(cb, zb))
    }
}

/// Leaves (of the opaque corridor BVH) that blocked every line of recent queries, newest first.
#[derive(Debug, Clone, Copy)]
pub struct Hints {
    leaves: [u32; 2],
}

impl Default for Hints {
    fn default() -> Self {
        Hints {
            leaves: [u32::MAX; 2],
        }
    }
}

/// What a corridor found.
#[derive(Debug, Clone, Default)]
pub struct Found {
    /// Bit `i` set: line `i` is cut by an opaque leaf.
    pub blocked: u64,
    /// Cover-giving leaves that line `i` passes through (`(i, leaf)`), when asked for.
    pub soft: Vec<(u8, LeafKind)>,
}

fn world(p: Pt, h: f32) -> Vector {
    Vector::new(p.x, h, -p.y)
}

fn solid_of(table: &Table, l: &Leaf) -> Option<(Solid, Option<ModelId>)> {
    Some(match l.kind {
        LeafKind::Piece(i) => {
            let p = table.pieces.get(i)?;
            let (w, d, h) = p.size;
            let (sin, cos) = p.rotation.to_radians().sin_cos();
            let foot = match p.shape {
                PieceShape::Ramp => return Some((Solid::Shape, None)),
                PieceShape::Cylinder => Footprint::Circle {
                    c: p.at,
                    r: w / 2.0,
                },
                PieceShape::Box | PieceShape::Wall => Footprint::Rect {
                    c: p.at,
                    cos,
                    sin,
                    hw: w / 2.0,
                    hd: d / 2.0,
                },
            };
            let solid = Solid::Prism {
                foot,
                bottom: p.base_height,
                top: p.base_height + h.max(0.01),
            };
            (solid, None)
        }
        LeafKind::Tile { col, row } => {
            let g = &table.tiles;
            let half = g.tile_size / 2.0;
            let solid = Solid::Prism {
                foot: Footprint::Rect {
                    c: g.tile_centre(col, row),
                    cos: 1.0,
                    sin: 0.0,
                    hw: half,
                    hd: half,
                },
                bottom: 0.0,
                top: g.height(col, row),
            };
            (solid, None)
        }
        LeafKind::Model(id) => {
            let m = table.model(id).ok()?;
            let (shape, _) = super::shape::model_shape(m);
            let half_h = shape
                .as_cylinder()
                .map_or(m.body_height / 2.0, |c| c.half_height);
            let solid = Solid::Prism {
                foot: Footprint::Circle {
                    c: m.pos,
                    r: m.radius(),
                },
                bottom: m.h,
                top: m.h + 2.0 * half_h,
            };
            (solid, Some(id))
        }
    })
}

/// The widest band a sight query between two models can have: 0.45 of the widest base, each side.
pub fn band_margin(table: &Table) -> f32 {
    table
        .models
        .iter()
        .map(|m| 0.45 * m.base_diameter)
        .fold(0.0f32, f32::max)
        + 0.01
}

impl Corridors {
    pub fn new(table: &Table, leaves: &[Leaf]) -> Self {
        let margin = band_margin(table);
        let build = |want: &dyn Fn(&Leaf) -> bool| {
            let mut entries = Vec::new();
            let mut aabbs = Vec::new();
            for (i, l) in leaves.iter().enumerate().filter(|(_, l)| want(l)) {
                let Some((solid, model)) = solid_of(table, l) else {
                    continue;
                };
                let b = l.shape.compute_aabb(&l.pose);
                aabbs.push(Aabb::new(
                    Vector::new(b.mins.x - margin, -1.0, b.mins.z - margin),
                    Vector::new(b.maxs.x + margin, 1.0, b.maxs.z + margin),
                ));
                let around = match solid {
                    Solid::Prism { foot, .. } => foot.circle(),
                    Solid::Shape => (Pt::default(), f32::INFINITY),
                };
                entries.push(Entry {
                    leaf: i as u32,
                    solid,
                    around,
                    opaque: l.opaque,
                    model,
                });
            }
            (
                Bvh::from_leaves(BvhBuildStrategy::default(), &aabbs),
                entries,
            )
        };
        Self {
            opaque: build(&|l: &Leaf| l.opaque),
            sight: build(&|l: &Leaf| l.opaque || l.cover),
            margin,
        }
    }

    /// The widest band the corridors take without missing a leaf.
    pub fn margin(&self) -> f32 {
        self.margin
    }

    /// Decides every line of `lines`: which ones an opaque leaf (not a model in `ignore`) cuts,
    /// and, with `soft`, which cover-giving leaves each passes through.
    pub fn decide(
        &self,
        leaves: &[Leaf],
        lines: &Lines,
        ignore: [Option<ModelId>; 2],
        soft: bool,
        hints: Option<&mut Hints>,
    ) -> Found {
        let (bvh, entries) = if soft { &self.sight } else { &self.opaque };
        let all: u64 = if lines.n >= 64 {
            u64::MAX
        } else {
            (1u64 << lines.n) - 1
        };
        let (ca, cb, w) = lines.band();
        let (dx, dy) = (cb.x - ca.x, cb.y - ca.y);
        let len2 = dx * dx + dy * dy;
        let inv_len2 = if len2 > 0.0 { 1.0 / len2 } else { 0.0 };
        let (z_lo, z_hi) = lines.lines[..lines.n]
            .iter()
            .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), l| {
                (lo.min(l.za.min(l.zb)), hi.max(l.za.max(l.zb)))
            });
        let blocked = Cell::new(0u64);
        let found_soft = RefCell::new(Vec::new());
        let visit = |k: u32| -> bool {
            let Some(e) = entries.get(k as usize) else {
                return false;
            };
            if e.model.is_some() && ignore.contains(&e.model) {
                return false;
            }
            let mut b = blocked.get();
            let mut hits = 0u64;
            match e.solid {
                Solid::Prism { foot, bottom, top } => {
                    if top < z_lo || bottom > z_hi {
                        return false;
                    }
                    let (c, r) = e.around;
                    // The squared distance from the circle's centre to the centre line.
                    let f = c.sub(ca);
                    let t = ((f.x * dx + f.y * dy) * inv_len2).clamp(0.0, 1.0);
                    let (ex, ey) = (f.x - t * dx, f.y - t * dy);
                    let reach = r + w + 1e-3;
                    if ex * ex + ey * ey > reach * reach {
                        return false;
                    }
                    // No line can touch a footprint the band's centre line passes farther than
                    // the band's half-width from.
                    if foot
                        .clip_local(foot.local(ca), foot.local(cb), w + 1e-3)
                        .is_none()
                    {
                        return false;
                    }
                    // A prism spanning every line's heights cuts every line it crosses from
                    // above; across the whole fan, it cuts them all.
                    if lines.fan && bottom <= z_lo && top >= z_hi {
                        let (n0, n1) = (
                            foot.local(lines.near[0]),
                            foot.local(lines.near[lines.n_near - 1]),
                        );
                        let (f0, f1) = (
                            foot.local(lines.far[0]),
                            foot.local(lines.far[lines.n_far - 1]),
                        );
                        if [(n0, f0), (n0, f1), (n1, f0), (n1, f1)]
                            .iter()
                            .all(|(p, q)| foot.clip_local(*p, *q, 0.0).is_some())
                        {
                            hits = all & !b;
                        }
                    }
                    let mut near = [Pt::default(); MAX_ENDS];
                    let mut far = [Pt::default(); MAX_ENDS];
                    for (l, p) in near.iter_mut().zip(&lines.near[..lines.n_near]) {
                        *l = foot.local(*p);
                    }
                    for (l, p) in far.iter_mut().zip(&lines.far[..lines.n_far]) {
                        *l = foot.local(*p);
                    }
                    for (slot, mask) in lines.slots.iter().enumerate() {
                        let mut left = mask & !b & !hits;
                        if left == 0 {
                            continue;
                        }
                        let (na, nb) = (slot / MAX_ENDS, slot % MAX_ENDS);
                        let Some((t0, t1)) = foot.clip_local(near[na], far[nb], 0.0) else {
                            continue;
                        };
                        while left != 0 {
                            let i = left.trailing_zeros() as usize;
                            left &= left - 1;
                            let l = &lines.lines[i];
                            let z0 = l.za + (l.zb - l.za) * t0;
                            let z1 = l.za + (l.zb - l.za) * t1;
                            if z0.min(z1) <= top && z0.max(z1) >= bottom {
                                hits |= 1 << i;
                            }
                        }
                    }
                }
                Solid::Shape => {
                    let leaf = &leaves[e.leaf as usize];
                    let mut left = all & !b;
                    while left != 0 {
                        let i = left.trailing_zeros() as usize;
                        left &= left - 1;
                        let (p, q) = lines.ends(i);
                        if leaf
                            .shape
                            .intersects_ray(&leaf.pose, &Ray::new(p, q - p), 1.0)
                        {
                            hits |= 1 << i;
                        }
                    }
                }
            }
            if e.opaque {
                b |= hits;
                blocked.set(b);
            } else if soft {
                let mut s = found_soft.borrow_mut();
                while hits != 0 {
                    let i = hits.trailing_zeros();
                    hits &= hits - 1;
                    s.push((i as u8, leaves[e.leaf as usize].kind));
                }
            }
            b == all
        };
        // Leaves that blocked every line of recent queries are tried first: between nearby
        // models one often does it again, and then the cast is not needed. (A hint only spares
        // work: any leaf tested marks only lines it really cuts.)
        let mut done = false;
        if let Some(h) = hints.as_deref() {
            for k in h.leaves.into_iter().filter(|k| *k != u32::MAX) {
                if visit(k) {
                    done = true;
                    break;
                }
            }
        }
        let last = Cell::new(u32::MAX);
        let visit = |k: u32| {
            let all_blocked = visit(k);
            if all_blocked {
                last.set(k);
            }
            all_blocked
        };
        if !done && (w > self.margin || dx.abs() + dy.abs() < 1e-4) {
            // A band wider than the boxes were widened for (or no length): every leaf is tested.
            for k in 0..entries.len() as u32 {
                if visit(k) {
                    break;
                }
            }
        } else if !done {
            let ray = Ray::new(world(ca, 0.0), world(cb, 0.0) - world(ca, 0.0));
            bvh.cast_ray(&ray, 1.0, |k, _| visit(k).then_some(0.0));
        }
        if let Some(h) = hints
            && last.get() != u32::MAX
            && !h.leaves.contains(&last.get())
        {
            h.leaves = [last.get(), h.leaves[0]];
        }
        Found {
            blocked: blocked.get(),
            soft: found_soft.into_inner(),
        }
    }
}
