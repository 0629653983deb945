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

use super::scene::{LeafKind, Scene};
use super::{ModelId, Pt, Table, TableError};
use bevy_rapier3d::parry::math::Vector;

/// Choices the rule texts leave open (see the rules reference).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SightOptions {
    /// Whether living models block sight to models behind them. Default off: KOG light's models are
    /// "dynamically leaning, crouching or otherwise acting within the area of their base".
    pub models_block: bool,
    /// Whether wrecks block sight. Default on: a wreck is a solid hulk; either way it gives cover.
    pub wrecks_block: bool,
    /// Sample points across the target body's width.
    pub columns: u8,
    /// Sample points up the target body's height.
    pub rows: u8,
}

impl Default for SightOptions {
    fn default() -> Self {
        Self {
            models_block: false,
            wrecks_block: true,
            columns: 3,
            rows: 3,
        }
    }
}

/// The verdict of a line-of-sight check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Full,
    Partial,
    None,
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

/// Most sample points and weapon origins the quick 2D proof handles (more are cast in 3D).
const MAX_SAMPLES: usize = 16;
const MAX_ORIGINS: usize = 4;

/// Height of a base, in inches.
pub const BASE_THICKNESS: f32 = 0.125;

fn world(p: Pt, h: f32) -> Vector {
    Vector::new(p.x, h, -p.y)
}

/// Points spread across a body `width` wide, perpendicular to the line `dir`, at `heights`.
fn body_points(
    centre: Pt,
    dir: Pt,
    width: f32,
    base_h: f32,
    heights: &[f32],
    columns: u8,
) -> Vec<Vector> {
    let side = Pt::new(-dir.y, dir.x);
    let cols: Vec<f32> = if columns <= 1 {
        vec![0.0]
    } else {
        (0..columns)
            .map(|i| -0.45 + 0.9 * i as f32 / (columns - 1) as f32)
            .collect()
    };
    let mut out = Vec::with_capacity(cols.len() * heights.len());
    for h in heights {
        for c in &cols {
            out.push(world(centre.add(side.scale(c * width)), base_h + h));
        }
    }
    out
}

/// The direction from a shooter towards `towards`, and the shooter's weapon points: three across
/// its width, perpendicular to that direction, at 80% of its body height.
fn weapon_origins(s: &super::Model, towards: Pt) -> (Pt, Vec<Vector>) {
    let d = towards.sub(s.pos);
    let dir = if d.len() > 1e-6 {
        d.scale(1.0 / d.len())
    } else {
        Pt::new(1.0, 0.0)
    };
    let origins = body_points(
        s.pos,
        dir,
        s.base_diameter,
        s.h + BASE_THICKNESS,
        &[s.body_height * 0.8],
        3,
    );
    (dir, origins)
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

    /// Line of sight with every line cast in 3D, no shortcut taken: the reference the quick
    /// proofs are tested against.
    pub fn line_of_sight_exhaustive(
        &self,
        table: &Table,
        shooter: ModelId,
        target: ModelId,
    ) -> Result<Los, TableError> {
        self.sight_between(table, shooter, target, true, true)
    }

    fn sight_between(
        &self,
        table: &Table,
        shooter: ModelId,
        target: ModelId,
        keep_lines: bool,
        exhaustive: bool,
    ) -> Result<Los, TableError> {
        let s = table.model(shooter)?;
        let t = table.model(target)?;
        let (dir, origins) = weapon_origins(s, t.pos);
        let rows = self.options.rows.max(1);
        let heights: Vec<f32> = (0..rows)
            .map(|i| {
                t.body_height
                    * if rows == 1 {
                        0.5
                    } else {
                        0.1 + 0.8 * i as f32 / (rows - 1) as f32
                    }
            })
            .collect();
        let samples = body_points(
            t.pos,
            dir,
            t.base_diameter,
            t.h + BASE_THICKNESS,
            &heights,
            self.options.columns,
        );
        Ok(self.sight_from(
            &origins,
            &samples,
            [Some(shooter), Some(target)],
            keep_lines,
            exhaustive,
        ))
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
        let (_, origins) = weapon_origins(s, p);
        let samples = vec![world(p, table.surface_height(p) + 1.0)];
        Ok(self.sight_from(&origins, &samples, [Some(shooter), None], keep_lines, false))
    }

    fn sight_from(
        &self,
        origins: &[Vector],
        samples: &[Vector],
        ignore: [Option<ModelId>; 2],
        keep_lines: bool,
        exhaustive: bool,
    ) -> Los {
        let total = samples.len();
        // Segments an upright opaque prism cuts, decided from above without a 3D cast: one walk
        // per origin and column of samples (samples straight above each other).
        let flat = |v: &Vector| Pt::new(v.x, -v.z);
        let mut cut = [[false; MAX_SAMPLES]; MAX_ORIGINS];
        let quick = !exhaustive && total <= MAX_SAMPLES && origins.len() <= MAX_ORIGINS;
        if quick {
            let mut column_of = [usize::MAX; MAX_SAMPLES];
            let mut heads = [0usize; MAX_SAMPLES];
            let mut columns = 0;
            for si in 0..total {
                let q = flat(&samples[si]);
                match (0..columns).find(|c| flat(&samples[heads[*c]]) == q) {
                    Some(c) => column_of[si] = c,
                    None => {
                        heads[columns] = si;
                        column_of[si] = columns;
                        columns += 1;
                    }
                }
            }
            for (oi, o) in origins.iter().enumerate() {
                for c in 0..columns {
                    let mut members = [0usize; MAX_SAMPLES];
                    let mut ranges = [(0.0f32, 0.0f32); MAX_SAMPLES];
                    let mut n = 0;
                    for si in (0..total).filter(|si| column_of[*si] == c) {
                        members[n] = si;
                        ranges[n] = (o.y.min(samples[si].y), o.y.max(samples[si].y));
                        n += 1;
                    }
                    let mut out = [false; MAX_SAMPLES];
                    self.prisms.blocks_ranges(
                        flat(o),
                        flat(&samples[heads[c]]),
                        &ranges[..n],
                        ignore,
                        &mut out[..n],
                    );
                    for k in 0..n {
                        cut[oi][members[k]] = out[k];
                    }
                }
            }
        }
        if quick
            && !keep_lines
            && cut[..origins.len()]
                .iter()
                .all(|row| row[..total].iter().all(|c| *c))
        {
            return Los {
                verdict: Verdict::None,
                fraction: 0.0,
                lines: Vec::new(),
                soft_cover: Vec::new(),
            };
        }
        // A quick proof of no sight: one convex opaque shape across the whole sight volume.
        if !keep_lines
            && !exhaustive
            && origins.len() == 3
            && total == 9
            && let Some(i) = self.first_blocker(origins[1], samples[4], ignore)
            && self.leaf_blocks_volume(
                i,
                [origins[0], origins[2]],
                [samples[0], samples[2], samples[6], samples[8]],
            )
        {
            return Los {
                verdict: Verdict::None,
                fraction: 0.0,
                lines: Vec::new(),
                soft_cover: Vec::new(),
            };
        }
        let mut best = (0usize, 0usize);
        let mut seen_by_best = Vec::new();
        for (oi, o) in origins.iter().enumerate() {
            let mut seen = Vec::with_capacity(total);
            for (si, p) in samples.iter().enumerate() {
                seen.push(!cut[oi][si] && !self.segment_blocked(*o, *p, ignore, None));
            }
            let n = seen.iter().filter(|c| **c).count();
            if n > best.0 || oi == 0 {
                best = (n, oi);
                seen_by_best = seen;
            }
            if n == total {
                break;
            }
        }
        let verdict = match best.0 {
            0 => Verdict::None,
            n if n == total => Verdict::Full,
            _ => Verdict::Partial,
        };
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
        soft_cover.sort_by_key(|k| format!("{k:?}"));
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
        let t = table.model(target)?;
        let los = self.line_of_sight(table, shooter, target, false)?;
        let mut reasons = Vec::new();
        if los.verdict == Verdict::Partial {
            reasons.push(CoverReason::PartiallyObscured {
                percent_visible: (los.fraction * 100.0).round() as u32,
            });
        }
        for p in table.pieces.iter().filter(|p| p.has(super::Tag::Cover)) {
            if p.footprint_distance(t.pos) < t.radius() {
                reasons.push(CoverReason::StandsIn(piece_name(p)));
            }
        }
        if los.verdict != Verdict::None {
            for k in &los.soft_cover {
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
        let ids: Vec<ModelId> = table.models.iter().map(|m| m.id).collect();
        ids.iter().map(|a| self.los_row(table, *a, &ids)).collect()
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
                    .then(|| {
                        self.line_of_sight(table, shooter, *b, false)
                            .map(|l| l.verdict)
                            .ok()
                    })
                    .flatten()
            })
            .collect()
    }
}

fn piece_name(p: &super::Piece) -> String {
    if p.label.is_empty() {
        format!("{:?}", p.shape).to_lowercase()
    } else {
        p.label.clone()
    }
}
