//! Validation of a parsed level file: bounds, sizes, overlaps and grid shapes. Every problem is an
//! [`Issue`] naming the field it concerns; nothing here panics on any input.

use super::error::Issue;
use super::level::LevelFile;
use crate::table::{GroundKind, PieceShape, Pt};

/// Largest table side accepted, in inches (20 feet).
pub const MAX_TABLE: f32 = 240.0;
/// Smallest and largest tile size.
pub const TILE_RANGE: (f32, f32) = (0.5, 24.0);
/// Highest tile or piece, in inches.
pub const MAX_HEIGHT: f32 = 48.0;
/// Base diameters accepted, in inches.
pub const BASE_RANGE: (f32, f32) = (0.5, 12.0);
/// Most tiles a level may have.
pub const MAX_TILES: usize = 250_000;

fn finite_in(v: f32, lo: f32, hi: f32) -> bool {
    v.is_finite() && v >= lo && v <= hi
}

/// All problems with a level, in file order. Empty means the level is valid.
pub fn validate(l: &LevelFile) -> Vec<Issue> {
    let mut out = Vec::new();
    if l.name.trim().is_empty() {
        out.push(Issue::new("name", "the level needs a name"));
    }
    let size_ok = finite_in(l.width, 1.0, MAX_TABLE) && finite_in(l.depth, 1.0, MAX_TABLE);
    if !finite_in(l.width, 1.0, MAX_TABLE) {
        out.push(Issue::new(
            "width",
            format!(
                "width {} is out of range (1 to {MAX_TABLE} inches)",
                l.width
            ),
        ));
    }
    if !finite_in(l.depth, 1.0, MAX_TABLE) {
        out.push(Issue::new(
            "depth",
            format!(
                "depth {} is out of range (1 to {MAX_TABLE} inches)",
                l.depth
            ),
        ));
    }
    let mut grid = None;
    if !finite_in(l.tile_size, TILE_RANGE.0, TILE_RANGE.1) {
        out.push(Issue::new(
            "tile_size",
            format!(
                "tile size {} is out of range ({} to {} inches)",
                l.tile_size, TILE_RANGE.0, TILE_RANGE.1
            ),
        ));
    } else if size_ok {
        let cols = (l.width / l.tile_size).round();
        let rows = (l.depth / l.tile_size).round();
        let fits = |n: f32, side: f32| n >= 1.0 && (n * l.tile_size - side).abs() < 1e-3;
        if !fits(cols, l.width) || !fits(rows, l.depth) {
            out.push(Issue::new(
                "tile_size",
                format!(
                    "tile size {} does not divide the table {} x {}",
                    l.tile_size, l.width, l.depth
                ),
            ));
        } else if (cols * rows) as usize > MAX_TILES {
            out.push(Issue::new(
                "tile_size",
                format!("{} tiles is more than {MAX_TILES}", cols * rows),
            ));
        } else {
            grid = Some((cols as usize, rows as usize));
        }
    }
    if let Some((cols, rows)) = grid {
        check_ground(l, cols, rows, &mut out);
        check_heights(l, cols, rows, &mut out);
    }
    if size_ok {
        check_pieces(l, &mut out);
        check_zones(l, &mut out);
        check_objectives(l, &mut out);
        check_models(l, &mut out);
    }
    out
}

fn check_ground(l: &LevelFile, cols: usize, rows: usize, out: &mut Vec<Issue>) {
    if l.ground.is_empty() {
        return;
    }
    if l.ground.len() != rows {
        out.push(Issue::new(
            "ground",
            format!("ground has {} rows, the grid has {rows}", l.ground.len()),
        ));
    }
    for (i, row) in l.ground.iter().enumerate() {
        let path = format!("ground[{i}]");
        let n = row.chars().count();
        if n != cols {
            out.push(Issue::new(
                &path,
                format!("row has {n} tiles, the grid has {cols} columns"),
            ));
        }
        if let Some((k, c)) = row
            .chars()
            .enumerate()
            .find(|(_, c)| GroundKind::from_code(*c).is_none())
        {
            out.push(
                Issue::new(
                    &path,
                    format!("unknown ground kind '{c}' (known: . r d v X w W)"),
                )
                .at_offset(k + 1),
            );
        }
    }
}

fn check_heights(l: &LevelFile, cols: usize, rows: usize, out: &mut Vec<Issue>) {
    if l.heights.is_empty() {
        return;
    }
    if l.heights.len() != rows {
        out.push(Issue::new(
            "heights",
            format!("heights has {} rows, the grid has {rows}", l.heights.len()),
        ));
    }
    for (i, row) in l.heights.iter().enumerate() {
        if row.len() != cols {
            out.push(Issue::new(
                format!("heights[{i}]"),
                format!("row has {} tiles, the grid has {cols}", row.len()),
            ));
        }
        for (j, h) in row.iter().enumerate() {
            if !finite_in(*h, 0.0, MAX_HEIGHT) {
                out.push(Issue::new(
                    format!("heights[{i}][{j}]"),
                    format!("height {h} is out of range (0 to {MAX_HEIGHT})"),
                ));
            }
        }
    }
}

fn on_table(l: &LevelFile, (x, y): (f32, f32)) -> bool {
    x.is_finite() && y.is_finite() && x >= 0.0 && y >= 0.0 && x <= l.width && y <= l.depth
}

fn check_pieces(l: &LevelFile, out: &mut Vec<Issue>) {
    for (i, p) in l.pieces.iter().enumerate() {
        let path = format!("pieces[{i}]");
        if !on_table(l, p.at) {
            out.push(Issue::new(
                format!("{path}.at"),
                format!(
                    "centre {:?} is off the {} x {} table",
                    p.at, l.width, l.depth
                ),
            ));
        }
        let (w, d, h) = p.size;
        let max_side = l.width.max(l.depth);
        if !finite_in(w, 0.05, max_side)
            || !finite_in(d, 0.05, max_side)
            || !finite_in(h, 0.0, MAX_HEIGHT)
        {
            out.push(Issue::new(
                format!("{path}.size"),
                format!("size ({w}, {d}, {h}) is out of range (width and depth 0.05 to {max_side}, height 0 to {MAX_HEIGHT})"),
            ));
        } else if p.shape == PieceShape::Cylinder && (w - d).abs() > 1e-3 {
            out.push(Issue::new(
                format!("{path}.size"),
                format!("a cylinder's width and depth must be equal (got {w} and {d})"),
            ));
        } else if p.shape != PieceShape::Ramp && h <= 0.0 {
            out.push(Issue::new(
                format!("{path}.size"),
                "a piece needs a height above 0",
            ));
        }
        if !p.rotation.is_finite() {
            out.push(Issue::new(
                format!("{path}.rotation"),
                "rotation must be a finite number of degrees",
            ));
        }
        if !finite_in(p.base_height, 0.0, MAX_HEIGHT) {
            out.push(Issue::new(
                format!("{path}.base_height"),
                format!(
                    "base height {} is out of range (0 to {MAX_HEIGHT})",
                    p.base_height
                ),
            ));
        }
        let mut tags = p.tags.clone();
        tags.sort();
        if tags.windows(2).any(|w| w[0] == w[1]) {
            out.push(Issue::new(format!("{path}.tags"), "a tag is listed twice"));
        }
    }
}

fn check_zones(l: &LevelFile, out: &mut Vec<Issue>) {
    for (i, z) in l.zones.iter().enumerate() {
        let path = format!("zones[{i}]");
        if z.name.trim().is_empty() {
            out.push(Issue::new(format!("{path}.name"), "a zone needs a name"));
        }
        if !(1..=2).contains(&z.side) {
            out.push(Issue::new(
                format!("{path}.side"),
                format!("side {} is not 1 or 2", z.side),
            ));
        }
        if !on_table(l, z.min) {
            out.push(Issue::new(
                format!("{path}.min"),
                format!("corner {:?} is off the table", z.min),
            ));
        }
        if !on_table(l, z.max) {
            out.push(Issue::new(
                format!("{path}.max"),
                format!("corner {:?} is off the table", z.max),
            ));
        } else if z.max.0 <= z.min.0 || z.max.1 <= z.min.1 {
            out.push(Issue::new(
                format!("{path}.max"),
                "the far-right corner must lie beyond the near-left corner",
            ));
        }
    }
}

fn check_objectives(l: &LevelFile, out: &mut Vec<Issue>) {
    for (i, o) in l.objectives.iter().enumerate() {
        let path = format!("objectives[{i}]");
        if !on_table(l, o.at) {
            out.push(Issue::new(
                format!("{path}.at"),
                format!("objective {:?} is off the table", o.at),
            ));
            continue;
        }
        if !finite_in(o.diameter, 0.1, 12.0) {
            out.push(Issue::new(
                format!("{path}.diameter"),
                format!("diameter {} is out of range (0.1 to 12)", o.diameter),
            ));
            continue;
        }
        let here = Pt::new(o.at.0, o.at.1);
        if let Some(j) = l.objectives[..i]
            .iter()
            .position(|p| Pt::new(p.at.0, p.at.1).dist(here) < (p.diameter + o.diameter) / 2.0)
        {
            out.push(Issue::new(
                format!("{path}.at"),
                format!("objective overlaps objectives[{j}]"),
            ));
        }
    }
}

fn check_models(l: &LevelFile, out: &mut Vec<Issue>) {
    for (i, m) in l.models.iter().enumerate() {
        let path = format!("models[{i}]");
        if l.models[..i].iter().any(|o| o.id == m.id) {
            out.push(Issue::new(
                format!("{path}.id"),
                format!("id {} is used twice", m.id),
            ));
        }
        if !(1..=2).contains(&m.side) {
            out.push(Issue::new(
                format!("{path}.side"),
                format!("side {} is not 1 or 2", m.side),
            ));
        }
        if !finite_in(m.base, BASE_RANGE.0, BASE_RANGE.1) {
            out.push(Issue::new(
                format!("{path}.base"),
                format!(
                    "base diameter {} is out of range ({} to {})",
                    m.base, BASE_RANGE.0, BASE_RANGE.1
                ),
            ));
            continue;
        }
        if !finite_in(m.height, 0.1, 24.0) {
            out.push(Issue::new(
                format!("{path}.height"),
                format!("body height {} is out of range (0.1 to 24)", m.height),
            ));
        }
        if !m.facing.is_finite() {
            out.push(Issue::new(
                format!("{path}.facing"),
                "facing must be a finite number of degrees",
            ));
        }
        let r = m.base / 2.0;
        let (x, y) = m.at;
        if !(x.is_finite()
            && y.is_finite()
            && x - r >= -1e-3
            && y - r >= -1e-3
            && x + r <= l.width + 1e-3
            && y + r <= l.depth + 1e-3)
        {
            out.push(Issue::new(
                format!("{path}.at"),
                format!("base at {:?} does not lie wholly on the table", m.at),
            ));
            continue;
        }
        let here = Pt::new(x, y);
        if let Some(j) = l.models[..i].iter().position(|o| {
            o.base.is_finite()
                && Pt::new(o.at.0, o.at.1).dist(here) < (o.base + m.base) / 2.0 - 1e-3
        }) {
            out.push(Issue::new(
                format!("{path}.at"),
                format!("base overlaps models[{j}]"),
            ));
        }
    }
}
