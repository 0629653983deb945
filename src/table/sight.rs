//! Line of sight and cover, following KOG light's definitions, through a parry BVH of the table's
//! terrain (pieces and raised tiles) and models.
//!
//! "Line of Sight – exists if one can draw an unobstructed line from any portion of the shooter's
//! weapon to the entire width and height of the body of the target model." "Partial Line of Sight –
//! exists if the target model is partially obscured due to Cover, but one can still draw an
//! unobstructed line from any part of the shooting model to any part of the target model."
//!
//! Sight lines run from a few origins on the shooter's body to a grid of points spanning the target
//! body's width (its base diameter: "round bases comparable to the height and width of the
//! miniature") and height. Full when one origin sees every point, None when no origin sees any.

use super::corridor::{Found, Hints, Lines, MAX_ENDS, MAX_LINES};
use super::error::TableError;
use super::geom::Pt;
use super::model::{Model, ModelId};
use super::piece::{Piece, Tag};
use super::scene::Scene;
use super::shape::{BASE_THICKNESS, LeafKind};
pub use super::sight_options::SightOptions;
use super::tabletop::Table;
use bevy_rapier3d::parry::math::Vector;

/// The verdict of a line-of-sight check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Full,
    Partial,
    None,
}

impl Verdict {
    /// The verdict when the best origin sees `seen` of the target's `samples` points.
    fn of_seen(seen: usize, samples: usize) -> Verdict {
        match seen {
            0 => Verdict::None,
            n if n == samples => Verdict::Full,
            _ => Verdict::Partial,
        }
    }
}

/// One sight line, for drawing: from a shooter origin to a target sample, and whether it is clear.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SightLine {
    pub from: Vector,
    pub to: Vector,
    pub clear: bool,
}

/// What a line-of-sight check found.
#[derive(Debug, Clone, PartialEq)]
pub struct Los {
    pub verdict: Verdict,
    /// Share of the target's sample points seen from the best origin, 0 to 1.
    pub fraction: f32,
    /// The lines from the best origin (kept only when asked for).
    pub lines: Vec<SightLine>,
    /// Cover-giving pieces and wrecks that the clear lines pass through.
    pub soft_cover: Vec<LeafKind>,
}

/// Why a target counts as in cover.
#[derive(Debug, Clone, PartialEq)]
pub enum CoverReason {
    /// Only part of the target can be seen.
    PartiallyObscured { percent_visible: u32 },
    /// The target's base stands in a cover-giving piece.
    StandsIn(String),
    /// A sight line to the target passes through a cover-giving piece or wreck.
    Behind(String),
    /// "target models count as having Cover" against indirect fire.
    IndirectFire,
}

impl std::fmt::Display for CoverReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CoverReason::PartiallyObscured { percent_visible } => {
                write!(f, "partially obscured ({percent_visible}% visible)")
            }
            CoverReason::StandsIn(what) => write!(f, "stands in {what}"),
            CoverReason::Behind(what) => write!(f, "behind {what}"),
            CoverReason::IndirectFire => write!(f, "target of indirect fire"),
        }
    }
}

fn world(p: Pt, h: f32) -> Vector {
    Vector::new(p.x, h, -p.y)
}

/// A short list of fractions (at most 16), kept on the stack.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Fractions {
    v: [f32; 16],
    n: usize,
}

impl Fractions {
    fn as_slice(&self) -> &[f32] {
        &self.v[..self.n]
    }
}

/// Fractions of a body's width where sample columns stand: `columns` of them spread over the middle
/// 90%, symmetric about the centre (so that the points seen from either end of a line coincide).
fn column_fractions(columns: u8) -> Fractions {
    let n = (columns.max(1) as usize).min(16);
    let mut f = Fractions { v: [0.0; 16], n };
    if n > 1 {
        let step = 0.9 / (n - 1) as f32;
        for (i, v) in f.v[..n].iter_mut().enumerate() {
            *v = (i as f32 - (n - 1) as f32 / 2.0) * step;
        }
    }
    f
}

/// Heights of the sample rows over a body's base, as fractions of its height.
fn row_fractions(rows: u8) -> Fractions {
    let n = (rows.max(1) as usize).min(16);
    let mut f = Fractions { v: [0.5; 16], n };
    if n > 1 {
        for (i, v) in f.v[..n].iter_mut().enumerate() {
            *v = 0.1 + 0.8 * i as f32 / (n - 1) as f32;
        }
    }
    f
}

/// The unit direction from `from` towards `to` and the side vector to its left.
fn heading(from: Pt, to: Pt) -> (Pt, Pt) {
    let d = to.sub(from);
    let len = (d.x * d.x + d.y * d.y).sqrt();
    let dir = if len > 1e-6 {
        d.scale(1.0 / len)
    } else {
        Pt::new(1.0, 0.0)
    };
    (dir, Pt::new(-dir.y, dir.x))
}

/// Points across a body of `width` centred on `centre`, along `side`, at `fractions` of the width
/// (at most [`MAX_ENDS`]; more are cut off).
fn across(centre: Pt, side: Pt, width: f32, fractions: &[f32]) -> ([Pt; MAX_ENDS], usize) {
    let mut out = [Pt::default(); MAX_ENDS];
    let n = fractions.len().min(MAX_ENDS);
    for (o, c) in out.iter_mut().zip(fractions) {
        *o = centre.add(side.scale(c * width));
    }
    (out, n)
}

/// The shooter's weapon height: 80% of its body height.
fn eye_height(s: &Model) -> f32 {
    s.h + BASE_THICKNESS + s.body_height * 0.8
}

/// The sight lines of one shooter-to-target query, in the order the verdict reads them: origin by
/// origin, then sample by sample (rows of columns).
struct Query {
    lines: Lines,
    origins: usize,
    samples: usize,
    /// Leaves that blocked recent queries, tried first.
    hints: Hints,
    /// Columns, rows and both ways, when the lines' ends and order are those of a pair query.
    layout: Option<(usize, usize, bool)>,
}

thread_local! {
    /// A query reused by the verdict-only calls, so that the matrix does not set up a fresh
    /// bundle of lines for every pair.
    static QUERY: std::cell::RefCell<Query> = std::cell::RefCell::new(Query::new());
}

impl Query {
    fn new() -> Self {
        Query {
            lines: Lines::new(&[], &[]),
            origins: 0,
            samples: 0,
            hints: Hints::default(),
            layout: None,
        }
    }

    /// Which origin sees most samples (the first of equals), how many, and which lines it sees.
    fn best(&self, blocked: u64, offset: usize) -> (usize, usize, u64) {
        let mut best = (0, 0, 0u64);
        for o in 0..self.origins {
            let first = offset + o * self.samples;
            let mask = ((1u64 << self.samples) - 1) << first;
            let seen = mask & !blocked;
            let n = seen.count_ones() as usize;
            if n > best.0 || o == 0 {
                best = (n, o, seen);
            }
        }
        best
    }

    fn verdict(&self, blocked: u64, offset: usize) -> Verdict {
        Verdict::of_seen(self.best(blocked, offset).0, self.samples)
    }
}

impl Scene {
    /// Line of sight from `shooter` to `target`.
    pub fn line_of_sight(
        &self,
        table: &Table,
        shooter: ModelId,
        target: ModelId,
        keep_lines: bool,
    ) -> Result<Los, TableError> {
        self.sight_between(table, shooter, target, keep_lines, false)
    }

    /// Line of sight with every line cast in 3D through parry's BVH one by one, no corridor: the
    /// reference the corridors are tested against.
    pub fn line_of_sight_exhaustive(
        &self,
        table: &Table,
        shooter: ModelId,
        target: ModelId,
    ) -> Result<Los, TableError> {
        self.sight_between(table, shooter, target, true, true)
    }

    /// The sight lines from `s` to `t`, and, with `both`, from `t` to `s` after them (the same
    /// lines seen from above, at the other ends' heights). `None` when the options ask for more
    /// lines than one corridor decides.
    fn pair_query(&self, s: &Model, t: &Model, both: bool, q: &mut Query) -> bool {
        let (_, side) = heading(s.pos, t.pos);
        let cols = column_fractions(self.options.columns);
        let rows = row_fractions(self.options.rows);
        let origins = column_fractions(3);
        let (cols, rows, origins) = (cols.as_slice(), rows.as_slice(), origins.as_slice());
        let samples = cols.len() * rows.len();
        if cols.len() > MAX_ENDS || 2 * origins.len() * samples > MAX_LINES {
            return false;
        }
        if both && cols != origins {
            return false;
        }
        // The near ends: the shooter's origins; the far ends: the target's sample columns.
        let (near_o, n_o) = across(s.pos, side, s.base_diameter, origins);
        let (far_s, n_s) = across(t.pos, side, t.base_diameter, cols);
        let (near_o, far_s) = (&near_o[..n_o], &far_s[..n_s]);
        let eye_s = eye_height(s);
        let base_t = t.h + BASE_THICKNESS;
        let (eye_t, base_s) = (eye_height(t), s.h + BASE_THICKNESS);
        let n = origins.len();
        let layout = (cols.len(), rows.len(), both);
        let lines = &mut q.lines;
        if q.layout == Some(layout) {
            // The same lines as the last query: only the ends and heights change.
            lines.set_ends(near_o, far_s);
            let mut i = 0;
            for _ in 0..n {
                for r in rows {
                    let zb = base_t + r * t.body_height;
                    for _ in 0..cols.len() {
                        lines.set_heights(i, eye_s, zb);
                        i += 1;
                    }
                }
            }
            if both {
                for _ in 0..n {
                    for r in rows {
                        let za = base_s + r * s.body_height;
                        for _ in 0..n {
                            lines.set_heights(i, za, eye_t);
                            i += 1;
                        }
                    }
                }
            }
        } else {
            lines.reset(near_o, far_s);
            for o in 0..n {
                for r in rows {
                    for c in 0..cols.len() {
                        lines.push(o, c, eye_s, base_t + r * t.body_height);
                    }
                }
            }
            if both {
                // Seen from the target, the side is reversed: its origin `o` stands where the
                // shooter-side query has far end `n - 1 - o`, and its sample column `c` where
                // the near end `n - 1 - c` is (the fractions are symmetric).
                for o in 0..n {
                    for r in rows {
                        for c in 0..n {
                            lines.push(n - 1 - c, n - 1 - o, base_s + r * s.body_height, eye_t);
                        }
                    }
                }
            }
            q.layout = Some(layout);
        }
        // `across` lays the points out in a row, in order.
        lines.fan = n_o > 0 && n_s > 0;
        q.origins = origins.len();
        q.samples = samples;
        true
    }

    /// One corridor cast, counted (and recorded for the benchmark when asked).
    fn decide(
        &self,
        lines: &Lines,
        ignore: [Option<ModelId>; 2],
        soft: bool,
        hints: Option<&mut Hints>,
    ) -> Found {
        self.record_cast(lines);
        self.corridors()
            .decide(&self.leaves, lines, ignore, soft, hints)
    }

    /// The verdicts both ways between two models: `a` seeing `b`, and `b` seeing `a`, from one
    /// corridor cast.
    pub fn sight_both_ways(
        &self,
        table: &Table,
        a: ModelId,
        b: ModelId,
    ) -> Result<(Verdict, Verdict), TableError> {
        let (s, t) = (table.model(a)?, table.model(b)?);
        Ok(self.sight_both_ways_of(table, s, t))
    }

    /// [`Scene::sight_both_ways`] for two models at hand.
    pub fn sight_both_ways_of(&self, table: &Table, s: &Model, t: &Model) -> (Verdict, Verdict) {
        let quick = QUERY.with_borrow_mut(|q| {
            self.pair_query(s, t, true, q).then(|| {
                let found = self.decide(
                    &q.lines,
                    [Some(s.id), Some(t.id)],
                    false,
                    Some(&mut q.hints),
                );
                let half = q.origins * q.samples;
                (q.verdict(found.blocked, 0), q.verdict(found.blocked, half))
            })
        });
        quick.unwrap_or_else(|| (self.verdict_of(table, s, t), self.verdict_of(table, t, s)))
    }

    /// The verdict alone, from `shooter` to `target` (no cover gathered).
    pub fn verdict(
        &self,
        table: &Table,
        shooter: ModelId,
        target: ModelId,
    ) -> Result<Verdict, TableError> {
        let (s, t) = (table.model(shooter)?, table.model(target)?);
        Ok(self.verdict_of(table, s, t))
    }

    fn verdict_of(&self, table: &Table, s: &Model, t: &Model) -> Verdict {
        let quick = QUERY.with_borrow_mut(|q| {
            self.pair_query(s, t, false, q).then(|| {
                let found = self.decide(
                    &q.lines,
                    [Some(s.id), Some(t.id)],
                    false,
                    Some(&mut q.hints),
                );
                q.verdict(found.blocked, 0)
            })
        });
        quick.unwrap_or_else(|| {
            self.line_of_sight(table, s.id, t.id, false)
                .map_or(Verdict::None, |l| l.verdict)
        })
    }

    fn sight_between(
        &self,
        table: &Table,
        shooter: ModelId,
        target: ModelId,
        keep_lines: bool,
        exhaustive: bool,
    ) -> Result<Los, TableError> {
        let (s, t) = (table.model(shooter)?, table.model(target)?);
        let ignore = [Some(shooter), Some(target)];
        let mut q = Query::new();
        match self.pair_query(s, t, false, &mut q) {
            true if !exhaustive => {}
            _ => {
                let (_, side) = heading(s.pos, t.pos);
                let spread = |centre: Pt, width: f32, f: Fractions| -> Vec<Pt> {
                    f.as_slice()
                        .iter()
                        .map(|c| centre.add(side.scale(c * width)))
                        .collect()
                };
                let origins: Vec<Vector> = spread(s.pos, s.base_diameter, column_fractions(3))
                    .into_iter()
                    .map(|p| world(p, eye_height(s)))
                    .collect();
                let cols = spread(
                    t.pos,
                    t.base_diameter,
                    column_fractions(self.options.columns),
                );
                let mut samples = Vec::new();
                for r in row_fractions(self.options.rows).as_slice() {
                    for c in &cols {
                        samples.push(world(*c, t.h + BASE_THICKNESS + r * t.body_height));
                    }
                }
                return Ok(self.cast_every_line(&origins, &samples, ignore, keep_lines));
            }
        }
        Ok(self.read_query(&q, ignore, keep_lines))
    }

    /// Decides a query's lines in one corridor and reads the verdict, fraction, cover and lines.
    fn read_query(&self, q: &Query, ignore: [Option<ModelId>; 2], keep_lines: bool) -> Los {
        let found = self.decide(&q.lines, ignore, true, None);
        let (n, o, seen) = q.best(found.blocked, 0);
        let verdict = Verdict::of_seen(n, q.samples);
        let mut soft_cover: Vec<LeafKind> = found
            .soft
            .iter()
            .filter(|(i, _)| seen & (1u64 << *i) != 0)
            .map(|(_, k)| *k)
            .collect();
        soft_cover.sort_by_cached_key(|k| format!("{k:?}"));
        soft_cover.dedup();
        let lines = if keep_lines {
            (0..q.samples)
                .map(|si| {
                    let i = o * q.samples + si;
                    let (from, to) = q.lines.ends(i);
                    SightLine {
                        from,
                        to,
                        clear: seen & (1u64 << i) != 0,
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        Los {
            verdict,
            fraction: n as f32 / q.samples.max(1) as f32,
            lines,
            soft_cover,
        }
    }

    /// Line of sight from a model to a point on the table (a point 1" above the surface there).
    pub fn sight_to_point(
        &self,
        table: &Table,
        shooter: ModelId,
        p: Pt,
        keep_lines: bool,
    ) -> Result<Los, TableError> {
        let s = table.model(shooter)?;
        table.check_on_table(p)?;
        let (_, side) = heading(s.pos, p);
        let (near, n) = across(s.pos, side, s.base_diameter, column_fractions(3).as_slice());
        let mut lines = Lines::new(&near[..n], &[p]);
        let eye = eye_height(s);
        let h = table.surface_height(p) + 1.0;
        for o in 0..n {
            lines.push(o, 0, eye, h);
        }
        let q = Query {
            lines,
            origins: n,
            samples: 1,
            hints: Hints::default(),
            layout: None,
        };
        Ok(self.read_query(&q, [Some(shooter), None], keep_lines))
    }

    /// Casts every line from every origin to every sample through parry's BVH, one by one.
    fn cast_every_line(
        &self,
        origins: &[Vector],
        samples: &[Vector],
        ignore: [Option<ModelId>; 2],
        keep_lines: bool,
    ) -> Los {
        let total = samples.len();
        let mut best = (0usize, 0usize);
        let mut seen_by_best = Vec::new();
        for (oi, o) in origins.iter().enumerate() {
            let seen: Vec<bool> = samples
                .iter()
                .map(|p| !self.segment_blocked(*o, *p, ignore, None))
                .collect();
            let n = seen.iter().filter(|c| **c).count();
            if n > best.0 || oi == 0 {
                best = (n, oi);
                seen_by_best = seen;
            }
            if n == total {
                break;
            }
        }
        let verdict = Verdict::of_seen(best.0, total);
        let o = origins[best.1];
        let mut soft_cover = Vec::new();
        let mut lines = Vec::new();
        for (p, clear) in samples.iter().zip(&seen_by_best) {
            if *clear {
                self.segment_blocked(o, *p, ignore, Some(&mut soft_cover));
            }
            if keep_lines {
                lines.push(SightLine {
                    from: o,
                    to: *p,
                    clear: *clear,
                });
            }
        }
        soft_cover.sort_by_cached_key(|k| format!("{k:?}"));
        soft_cover.dedup();
        Los {
            verdict,
            fraction: best.0 as f32 / total.max(1) as f32,
            lines,
            soft_cover,
        }
    }

    /// Whether a target counts as in cover from `shooter`, with the reasons.
    pub fn cover(
        &self,
        table: &Table,
        shooter: ModelId,
        target: ModelId,
        indirect: bool,
    ) -> Result<Vec<CoverReason>, TableError> {
        let los = self.line_of_sight(table, shooter, target, false)?;
        self.cover_seen(table, shooter, target, indirect, &los)
    }

    /// [`Scene::cover`] from the line of sight already worked out for the pair
    /// (`line_of_sight(table, shooter, target, false)`), not cast again.
    pub fn cover_seen(
        &self,
        table: &Table,
        shooter: ModelId,
        target: ModelId,
        indirect: bool,
        los: &Los,
    ) -> Result<Vec<CoverReason>, TableError> {
        let t = table.model(target)?;
        let mut reasons = Vec::new();
        if los.verdict == Verdict::Partial {
            reasons.push(CoverReason::PartiallyObscured {
                percent_visible: (los.fraction * 100.0).round() as u32,
            });
        }
        for p in table.pieces.iter().filter(|p| p.has(Tag::Cover)) {
            if p.footprint_distance(t.pos) < t.radius() {
                reasons.push(CoverReason::StandsIn(piece_name(p)));
            }
        }
        // The piece the shooter stands in is what it looks out of, not cover for its targets.
        let from = table.model(shooter)?;
        let shooter_in = |k: &LeafKind| match k {
            LeafKind::Piece(i) => table
                .pieces
                .get(*i)
                .is_some_and(|p| p.footprint_distance(from.pos) < from.radius()),
            _ => false,
        };
        if los.verdict != Verdict::None {
            for k in los.soft_cover.iter().filter(|k| !shooter_in(k)) {
                let name = self.leaf_name(table, *k);
                if !reasons
                    .iter()
                    .any(|r| matches!(r, CoverReason::StandsIn(n) if *n == name))
                {
                    reasons.push(CoverReason::Behind(name));
                }
            }
        }
        if indirect {
            reasons.push(CoverReason::IndirectFire);
        }
        Ok(reasons)
    }

    fn leaf_name(&self, table: &Table, k: LeafKind) -> String {
        match k {
            LeafKind::Piece(i) => table.pieces.get(i).map(piece_name).unwrap_or_default(),
            LeafKind::Tile { col, row } => format!("raised ground at tile {col},{row}"),
            LeafKind::Model(id) => table
                .model(id)
                .map(|m| format!("the wreck of {}", m.name))
                .unwrap_or_else(|_| format!("model {id}")),
        }
    }

    /// The full/partial/none matrix for every ordered pair of models (`None` on the diagonal).
    pub fn los_matrix(&self, table: &Table) -> Vec<Vec<Option<Verdict>>> {
        self.los_matrix_threads(table, 1)
    }

    /// [`Scene::los_matrix`] worked out on `threads` threads. Each unordered pair is asked once
    /// (both ways in one corridor); a shooter's partners are taken in turn around it, so that the
    /// leaf that hid one is tried first for the next.
    pub fn los_matrix_threads(&self, table: &Table, threads: usize) -> Vec<Vec<Option<Verdict>>> {
        let models = &table.models;
        let n = models.len();
        let mut pairs = Vec::with_capacity(n * n.saturating_sub(1) / 2);
        let mut row = Vec::with_capacity(n);
        for i in 0..n {
            row.clear();
            row.extend((i + 1..n).map(|j| (pseudo_angle(models[j].pos.sub(models[i].pos)), j)));
            row.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            pairs.extend(row.iter().map(|(_, j)| (i as u32, *j as u32)));
        }
        let threads = threads.clamp(1, 64);
        let chunk = pairs.len().div_ceil(threads).max(1);
        let work = |part: &[(u32, u32)]| -> Vec<(Verdict, Verdict)> {
            part.iter()
                .map(|&(i, j)| {
                    self.sight_both_ways_of(table, &models[i as usize], &models[j as usize])
                })
                .collect()
        };
        let verdicts: Vec<(Verdict, Verdict)> = if threads == 1 {
            work(&pairs)
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = pairs
                    .chunks(chunk)
                    .map(|part| s.spawn(move || work(part)))
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().unwrap_or_default())
                    .collect()
            })
        };
        let mut m = vec![vec![None; n]; n];
        for (&(i, j), (ab, ba)) in pairs.iter().zip(verdicts) {
            m[i as usize][j as usize] = Some(ab);
            m[j as usize][i as usize] = Some(ba);
        }
        m
    }

    /// One shooter's row of the matrix.
    pub fn los_row(
        &self,
        table: &Table,
        shooter: ModelId,
        ids: &[ModelId],
    ) -> Vec<Option<Verdict>> {
        ids.iter()
            .map(|b| {
                (*b != shooter)
                    .then(|| self.verdict(table, shooter, *b).ok())
                    .flatten()
            })
            .collect()
    }
}

fn piece_name(p: &Piece) -> String {
    if p.label.is_empty() {
        format!("{:?}", p.shape).to_lowercase()
    } else {
        p.label.clone()
    }
}

/// A number that grows with the direction of `d` around the circle (as the angle does), without
/// trigonometry.
fn pseudo_angle(d: Pt) -> f32 {
    let p = d.x / (d.x.abs() + d.y.abs()).max(1e-12);
    if d.y < 0.0 { 3.0 + p } else { 1.0 - p }
}
