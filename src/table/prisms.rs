//! Sight-blockers that are upright prisms (boxes, walls, cylinders, raised tiles, opaque models
//! and wrecks), seen from above on a coarse grid. A sight segment whose whole height range lies
//! between a prism's bottom and top is cut by the prism exactly when its projection on the table
//! crosses the prism's footprint, so such segments are decided in 2D, without a 3D ray cast. Used
//! only to prove segments blocked: a crossing is counted when it passes a hair inside the
//! footprint, so the prism test never blocks a segment the 3D cast would let through.

use super::scene::{Leaf, LeafKind};
use super::{ModelId, PieceShape, Pt, Table};

/// How far inside a footprint a crossing must pass to count, in inches.
const INSIDE: f32 = 1e-3;

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

#[derive(Debug, Clone, Copy)]
struct Prism {
    foot: Footprint,
    bottom: f32,
    top: f32,
    /// The model it stands for (so that a shooter and its target do not block themselves).
    model: Option<ModelId>,
}

/// The opaque prisms of a scene on a grid of cells.
#[derive(Debug, Clone)]
pub struct PrismGrid {
    cell: f32,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
    prisms: Vec<Prism>,
}

impl Footprint {
    fn bounds(&self) -> (Pt, Pt) {
        match *self {
            Footprint::Rect {
                c,
                cos,
                sin,
                hw,
                hd,
            } => {
                let ex = hw * cos.abs() + hd * sin.abs();
                let ey = hw * sin.abs() + hd * cos.abs();
                (Pt::new(c.x - ex, c.y - ey), Pt::new(c.x + ex, c.y + ey))
            }
            Footprint::Circle { c, r } => (Pt::new(c.x - r, c.y - r), Pt::new(c.x + r, c.y + r)),
        }
    }

    /// Whether the segment `a`-`b` passes inside the footprint (by more than [`INSIDE`]).
    fn crossed_by(&self, a: Pt, b: Pt) -> bool {
        match *self {
            Footprint::Circle { c, r } => {
                let r = r - INSIDE;
                r > 0.0 && super::template::segment_point_distance(a, b, c) < r
            }
            Footprint::Rect {
                c,
                cos,
                sin,
                hw,
                hd,
            } => {
                let local = |p: Pt| {
                    let d = p.sub(c);
                    Pt::new(d.x * cos + d.y * sin, -d.x * sin + d.y * cos)
                };
                let (p, q) = (local(a), local(b));
                let (hw, hd) = (hw - INSIDE, hd - INSIDE);
                if hw <= 0.0 || hd <= 0.0 {
                    return false;
                }
                // Liang-Barsky clipping of p + t (q - p), t in [0, 1], against the box.
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
                            return false;
                        }
                    } else {
                        let t = num / den;
                        if den < 0.0 {
                            t0 = t0.max(t);
                        } else {
                            t1 = t1.min(t);
                        }
                        if t0 > t1 {
                            return false;
                        }
                    }
                }
                t0 < t1
            }
        }
    }
}

impl PrismGrid {
    /// The opaque upright prisms among a scene's leaves.
    pub fn new(table: &Table, leaves: &[Leaf]) -> Self {
        let mut prisms = Vec::new();
        for l in leaves.iter().filter(|l| l.opaque) {
            let prism = match l.kind {
                LeafKind::Piece(i) => {
                    let Some(p) = table.pieces.get(i) else {
                        continue;
                    };
                    let (w, d, h) = p.size;
                    let (sin, cos) = p.rotation.to_radians().sin_cos();
                    let foot = match p.shape {
                        PieceShape::Ramp => continue,
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
                    Prism {
                        foot,
                        bottom: p.base_height,
                        top: p.base_height + h.max(0.01),
                        model: None,
                    }
                }
                LeafKind::Tile { col, row } => {
                    let g = &table.tiles;
                    let half = g.tile_size / 2.0;
                    Prism {
                        foot: Footprint::Rect {
                            c: g.tile_centre(col, row),
                            cos: 1.0,
                            sin: 0.0,
                            hw: half,
                            hd: half,
                        },
                        bottom: 0.0,
                        top: g.height(col, row),
                        model: None,
                    }
                }
                LeafKind::Model(id) => {
                    let Ok(m) = table.model(id) else { continue };
                    let (shape, _) = super::scene::model_shape(m);
                    let half_h = shape
                        .as_cylinder()
                        .map_or(m.body_height / 2.0, |c| c.half_height);
                    Prism {
                        foot: Footprint::Circle {
                            c: m.pos,
                            r: m.radius(),
                        },
                        bottom: m.h,
                        top: m.h + 2.0 * half_h,
                        model: Some(id),
                    }
                }
            };
            prisms.push(prism);
        }
        let cell = 2.0f32;
        let cols = (table.width / cell).ceil().max(1.0) as usize;
        let rows = (table.depth / cell).ceil().max(1.0) as usize;
        let mut cells = vec![Vec::new(); cols * rows];
        for (k, p) in prisms.iter().enumerate() {
            let (lo, hi) = p.foot.bounds();
            let c0 = ((lo.x / cell).floor().max(0.0) as usize).min(cols - 1);
            let c1 = ((hi.x / cell).floor().max(0.0) as usize).min(cols - 1);
            let r0 = ((lo.y / cell).floor().max(0.0) as usize).min(rows - 1);
            let r1 = ((hi.y / cell).floor().max(0.0) as usize).min(rows - 1);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    cells[r * cols + c].push(k as u32);
                }
            }
        }
        Self {
            cell,
            cols,
            rows,
            cells,
            prisms,
        }
    }

    /// Whether a prism other than the models in `ignore`, reaching from at most `lo` up to at
    /// least `hi`, lies across the segment `a`-`b` seen from above.
    pub fn blocks(&self, a: Pt, b: Pt, lo: f32, hi: f32, ignore: [Option<ModelId>; 2]) -> bool {
        let mut out = [false];
        self.blocks_ranges(a, b, &[(lo, hi)], ignore, &mut out)
    }

    /// For segments sharing the projection `a`-`b` with height ranges `ranges`: marks in `out`
    /// each range some prism (not a model in `ignore`) spans while lying across the projection.
    /// Returns true when every range is marked.
    pub fn blocks_ranges(
        &self,
        a: Pt,
        b: Pt,
        ranges: &[(f32, f32)],
        ignore: [Option<ModelId>; 2],
        out: &mut [bool],
    ) -> bool {
        if out.iter().all(|x| *x) {
            return true;
        }
        let mut left = out.iter().filter(|x| !**x).count();
        let mut visit = |k: u32, out: &mut [bool]| {
            let p = &self.prisms[k as usize];
            if p.model.is_some() && ignore.contains(&p.model) {
                return false;
            }
            let useful = ranges
                .iter()
                .zip(out.iter())
                .any(|(r, done)| !done && p.bottom <= r.0 && p.top >= r.1);
            if !useful || !p.foot.crossed_by(a, b) {
                return false;
            }
            for (r, done) in ranges.iter().zip(out.iter_mut()) {
                if !*done && p.bottom <= r.0 && p.top >= r.1 {
                    *done = true;
                    left -= 1;
                }
            }
            left == 0
        };
        // Walk the cells the segment passes through (Amanatides and Woo).
        let cell_of = |v: f32, n: usize| ((v / self.cell).floor().max(0.0) as usize).min(n - 1);
        let (mut cx, mut cy) = (cell_of(a.x, self.cols), cell_of(a.y, self.rows));
        let (ex, ey) = (cell_of(b.x, self.cols), cell_of(b.y, self.rows));
        let d = b.sub(a);
        let step_x: i32 = if d.x > 0.0 { 1 } else { -1 };
        let step_y: i32 = if d.y > 0.0 { 1 } else { -1 };
        let next_boundary =
            |c: usize, step: i32| (c as f32 + if step > 0 { 1.0 } else { 0.0 }) * self.cell;
        let mut t_max_x = if d.x.abs() < 1e-9 {
            f32::INFINITY
        } else {
            (next_boundary(cx, step_x) - a.x) / d.x
        };
        let mut t_max_y = if d.y.abs() < 1e-9 {
            f32::INFINITY
        } else {
            (next_boundary(cy, step_y) - a.y) / d.y
        };
        let t_dx = if d.x.abs() < 1e-9 {
            f32::INFINITY
        } else {
            self.cell / d.x.abs()
        };
        let t_dy = if d.y.abs() < 1e-9 {
            f32::INFINITY
        } else {
            self.cell / d.y.abs()
        };
        for _ in 0..(self.cols + self.rows + 2) {
            for k in &self.cells[cy * self.cols + cx] {
                if visit(*k, out) {
                    return true;
                }
            }
            if cx == ex && cy == ey {
                return false;
            }
            if t_max_x < t_max_y {
                let n = cx as i32 + step_x;
                if n < 0 || n >= self.cols as i32 {
                    return false;
                }
                cx = n as usize;
                t_max_x += t_dx;
            } else {
                let n = cy as i32 + step_y;
                if n < 0 || n >= self.rows as i32 {
                    return false;
                }
                cy = n as usize;
                t_max_y += t_dy;
            }
            if t_max_x.min(t_max_y) > 1.0 + 1e-6 && (cx, cy) != (ex, ey) {
                // Past the end of the segment: only the end cell can be left.
                cx = ex;
                cy = ey;
            }
        }
        false
    }
}
