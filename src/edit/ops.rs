//! The editing operations on a level: tiles, heights, pieces, zones and objectives.

use crate::data::level::{LevelFile, Lighting, Liquid, Theme};
use crate::data::validate::{MAX_HEIGHT, MAX_TABLE, TILE_RANGE};
use crate::table::{GroundKind, Objective, Piece, Pt, Table, Tag, Zone, ZoneKind};
use thiserror::Error;

/// A level being edited: its description and its table.
#[derive(Debug, Clone, PartialEq)]
pub struct EditLevel {
    pub name: String,
    pub description: String,
    pub theme: Theme,
    pub liquid: Liquid,
    pub lighting: Lighting,
    pub table: Table,
}

#[derive(Debug, Error, Clone, PartialEq)]
pub enum EditError {
    #[error("table size {0}\" x {1}\" is out of range (1 to {MAX_TABLE})")]
    BadTableSize(f32, f32),
    #[error("tile size {0}\" is out of range or does not divide the table")]
    BadTileSize(f32),
    #[error("height {0}\" is out of range (0 to {MAX_HEIGHT})")]
    BadHeight(f32),
    #[error("tile {0},{1} is off the grid")]
    BadTile(usize, usize),
    #[error("no piece {0}")]
    NoPiece(usize),
    #[error("no zone {0}")]
    NoZone(usize),
    #[error("no objective {0}")]
    NoObjective(usize),
    #[error("point ({0:.1}, {1:.1}) is off the table")]
    OffTable(f32, f32),
    #[error("size ({0}, {1}, {2}) is out of range")]
    BadSize(f32, f32, f32),
    #[error("the zone's corners must span an area")]
    EmptyZone,
}

/// How a height brush changes tiles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum HeightMode {
    Raise(f32),
    Lower(f32),
    Set(f32),
}

/// One edit.
#[derive(Debug, Clone, PartialEq)]
pub enum EditOp {
    PaintKind {
        tiles: Vec<(usize, usize)>,
        kind: GroundKind,
    },
    PaintHeight {
        tiles: Vec<(usize, usize)>,
        mode: HeightMode,
    },
    AddPiece(Piece),
    /// Moves pieces by a vector.
    MovePieces {
        pieces: Vec<usize>,
        by: Pt,
    },
    /// Turns pieces about their own centres.
    RotatePieces {
        pieces: Vec<usize>,
        deg: f32,
    },
    /// Sets a piece's size.
    ResizePiece {
        piece: usize,
        size: (f32, f32, f32),
    },
    /// Copies pieces, offset by a vector; the copies go to the end of the list.
    DuplicatePieces {
        pieces: Vec<usize>,
        by: Pt,
    },
    DeletePieces {
        pieces: Vec<usize>,
    },
    SetTags {
        piece: usize,
        tags: Vec<Tag>,
    },
    SetLabel {
        piece: usize,
        label: String,
    },
    AddZone(Zone),
    DeleteZone(usize),
    AddObjective(Objective),
    MoveObjective {
        objective: usize,
        to: Pt,
    },
    DeleteObjective(usize),
    Rename {
        name: String,
        description: String,
    },
    /// The table top's look, what the water tiles hold, and the lighting.
    Look {
        theme: Theme,
        liquid: Liquid,
        lighting: Lighting,
    },
}

/// Snaps an angle to the nearest multiple of `step` degrees.
pub fn snap_angle(deg: f32, step: f32) -> f32 {
    if step <= 0.0 {
        deg
    } else {
        (deg / step).round() * step
    }
}

/// Snaps a point to a grid of `step` inches (no snapping for 0).
pub fn snap_point(p: Pt, step: f32) -> Pt {
    if step <= 0.0 {
        p
    } else {
        Pt::new((p.x / step).round() * step, (p.y / step).round() * step)
    }
}

/// The tiles of a square brush `size` tiles wide centred on the tile under `p`.
pub fn brush_tiles(table: &Table, p: Pt, size: usize) -> Vec<(usize, usize)> {
    let Some((c, r)) = table.tiles.tile_at(p) else {
        return Vec::new();
    };
    let half = (size.max(1) - 1) as i64 / 2;
    let extra = (size.max(1) - 1) as i64 - half;
    let mut v = Vec::new();
    for rr in (r as i64 - half)..=(r as i64 + extra) {
        for cc in (c as i64 - half)..=(c as i64 + extra) {
            if cc >= 0
                && rr >= 0
                && (cc as usize) < table.tiles.cols
                && (rr as usize) < table.tiles.rows
            {
                v.push((cc as usize, rr as usize));
            }
        }
    }
    v
}

/// The tiles of the rectangle spanned by the tiles under `a` and `b`.
pub fn rect_tiles(table: &Table, a: Pt, b: Pt) -> Vec<(usize, usize)> {
    let (Some((c0, r0)), Some((c1, r1))) = (table.tiles.tile_at(a), table.tiles.tile_at(b)) else {
        return Vec::new();
    };
    let mut v = Vec::new();
    for r in r0.min(r1)..=r0.max(r1) {
        for c in c0.min(c1)..=c0.max(c1) {
            v.push((c, r));
        }
    }
    v
}

impl EditLevel {
    /// A new open table. Sizes are checked as a level file's are.
    pub fn new(name: &str, width: f32, depth: f32, tile_size: f32) -> Result<Self, EditError> {
        if !(width.is_finite()
            && depth.is_finite()
            && (1.0..=MAX_TABLE).contains(&width)
            && (1.0..=MAX_TABLE).contains(&depth))
        {
            return Err(EditError::BadTableSize(width, depth));
        }
        let fits = |side: f32| {
            let n = (side / tile_size).round();
            n >= 1.0 && (n * tile_size - side).abs() < 1e-3
        };
        if !(tile_size.is_finite()
            && (TILE_RANGE.0..=TILE_RANGE.1).contains(&tile_size)
            && fits(width)
            && fits(depth))
        {
            return Err(EditError::BadTileSize(tile_size));
        }
        Ok(Self {
            name: name.to_string(),
            description: String::new(),
            theme: Theme::Field,
            liquid: Liquid::Water,
            lighting: Lighting::Lit,
            table: Table::new(width, depth, tile_size),
        })
    }

    pub fn from_file(file: &LevelFile, table: Table) -> Self {
        Self {
            name: file.name.clone(),
            description: file.description.clone(),
            theme: file.theme,
            liquid: file.liquid,
            lighting: file.lighting,
            table,
        }
    }

    /// The level as a file: stable, rounded output.
    pub fn to_file(&self) -> LevelFile {
        let mut f = LevelFile::from_table(&self.name, &self.description, &self.table);
        f.theme = self.theme;
        f.liquid = self.liquid;
        f.lighting = self.lighting;
        f
    }

    fn piece(&self, i: usize) -> Result<&Piece, EditError> {
        self.table.pieces.get(i).ok_or(EditError::NoPiece(i))
    }

    fn check_pieces(&self, list: &[usize]) -> Result<(), EditError> {
        list.iter().try_for_each(|i| self.piece(*i).map(|_| ()))
    }

    fn check_point(&self, p: Pt) -> Result<(), EditError> {
        if self.table.contains(p) {
            Ok(())
        } else {
            Err(EditError::OffTable(p.x, p.y))
        }
    }

    /// Applies an edit, giving the new level; the input is left as it was.
    pub fn apply(&self, op: &EditOp) -> Result<EditLevel, EditError> {
        let mut next = self.clone();
        let t = &mut next.table;
        match op {
            EditOp::PaintKind { tiles, kind } => {
                for &(c, r) in tiles {
                    if c >= t.tiles.cols || r >= t.tiles.rows {
                        return Err(EditError::BadTile(c, r));
                    }
                    t.tiles.set_kind(c, r, *kind);
                }
            }
            EditOp::PaintHeight { tiles, mode } => {
                for &(c, r) in tiles {
                    if c >= t.tiles.cols || r >= t.tiles.rows {
                        return Err(EditError::BadTile(c, r));
                    }
                    let h = match mode {
                        HeightMode::Raise(d) => t.tiles.height(c, r) + d,
                        HeightMode::Lower(d) => (t.tiles.height(c, r) - d).max(0.0),
                        HeightMode::Set(h) => *h,
                    };
                    if !(h.is_finite() && (0.0..=MAX_HEIGHT).contains(&h)) {
                        return Err(EditError::BadHeight(h));
                    }
                    t.tiles.set_height(c, r, crate::data::level::round2(h));
                }
            }
            EditOp::AddPiece(p) => {
                self.check_point(p.at)?;
                check_size(p.size)?;
                t.pieces.push(p.clone());
            }
            EditOp::MovePieces { pieces, by } => {
                self.check_pieces(pieces)?;
                for &i in pieces {
                    let to = t.pieces[i].at.add(*by);
                    if !t.contains(to) {
                        return Err(EditError::OffTable(to.x, to.y));
                    }
                    t.pieces[i].at = to;
                }
            }
            EditOp::RotatePieces { pieces, deg } => {
                self.check_pieces(pieces)?;
                for &i in pieces {
                    t.pieces[i].rotation = crate::table::geom::norm_deg(t.pieces[i].rotation + deg);
                }
            }
            EditOp::ResizePiece { piece, size } => {
                self.piece(*piece)?;
                check_size(*size)?;
                let p = &mut t.pieces[*piece];
                p.size = if p.shape == crate::table::PieceShape::Cylinder {
                    (size.0, size.0, size.2)
                } else {
                    *size
                };
            }
            EditOp::DuplicatePieces { pieces, by } => {
                self.check_pieces(pieces)?;
                for &i in pieces {
                    let mut copy = t.pieces[i].clone();
                    copy.at = copy.at.add(*by);
                    if !t.contains(copy.at) {
                        return Err(EditError::OffTable(copy.at.x, copy.at.y));
                    }
                    t.pieces.push(copy);
                }
            }
            EditOp::DeletePieces { pieces } => {
                self.check_pieces(pieces)?;
                let mut sorted = pieces.clone();
                sorted.sort_unstable();
                sorted.dedup();
                for i in sorted.into_iter().rev() {
                    t.pieces.remove(i);
                }
            }
            EditOp::SetTags { piece, tags } => {
                self.piece(*piece)?;
                let mut tags = tags.clone();
                tags.sort();
                tags.dedup();
                t.pieces[*piece].tags = tags;
            }
            EditOp::SetLabel { piece, label } => {
                self.piece(*piece)?;
                t.pieces[*piece].label = label.clone();
            }
            EditOp::AddZone(z) => {
                self.check_point(z.min)?;
                self.check_point(z.max)?;
                let zone = Zone {
                    min: Pt::new(z.min.x.min(z.max.x), z.min.y.min(z.max.y)),
                    max: Pt::new(z.min.x.max(z.max.x), z.min.y.max(z.max.y)),
                    ..z.clone()
                };
                if zone.max.x - zone.min.x < 0.1 || zone.max.y - zone.min.y < 0.1 {
                    return Err(EditError::EmptyZone);
                }
                t.zones.push(zone);
            }
            EditOp::DeleteZone(i) => {
                if *i >= t.zones.len() {
                    return Err(EditError::NoZone(*i));
                }
                t.zones.remove(*i);
            }
            EditOp::AddObjective(o) => {
                self.check_point(o.at)?;
                t.objectives.push(o.clone());
            }
            EditOp::MoveObjective { objective, to } => {
                self.check_point(*to)?;
                let o = t
                    .objectives
                    .get_mut(*objective)
                    .ok_or(EditError::NoObjective(*objective))?;
                o.at = *to;
            }
            EditOp::DeleteObjective(i) => {
                if *i >= t.objectives.len() {
                    return Err(EditError::NoObjective(*i));
                }
                t.objectives.remove(*i);
            }
            EditOp::Rename { name, description } => {
                next.name = name.clone();
                next.description = description.clone();
            }
            EditOp::Look {
                theme,
                liquid,
                lighting,
            } => {
                next.theme = *theme;
                next.liquid = *liquid;
                next.lighting = *lighting;
            }
        }
        Ok(next)
    }

    /// Rule hints for the level as it stands (not errors: a level may be meant for other rules).
    pub fn hints(&self) -> Vec<String> {
        let t = &self.table;
        let mut v = Vec::new();
        // "more than 6\" from any board edge", measured from the marker's edge as the game
        // measures it.
        for o in &t.objectives {
            let edge =
                o.at.x
                    .min(o.at.y)
                    .min(t.width - o.at.x)
                    .min(t.depth - o.at.y)
                    - o.diameter.max(0.0) / 2.0;
            if edge <= 6.0 {
                v.push(format!(
                    "KOG light: objective '{}' has its edge {edge:.1}\" from a board edge; it wants more than 6\"",
                    o.name
                ));
            }
        }
        for z in t.zones.iter().filter(|z| z.kind == ZoneKind::Deployment) {
            for enemy in t
                .zones
                .iter()
                .filter(|e| e.kind == ZoneKind::Territory && e.side != z.side)
            {
                let gap = zone_gap(z, enemy);
                if gap <= 12.0 {
                    v.push(format!(
                        "KOG light: deployment '{}' is {gap:.1}\" from side {}'s territory; it wants more than 12\"",
                        z.name, enemy.side
                    ));
                }
            }
        }
        v
    }
}

fn check_size((w, d, h): (f32, f32, f32)) -> Result<(), EditError> {
    let ok = |v: f32, lo: f32, hi: f32| v.is_finite() && v >= lo && v <= hi;
    if ok(w, 0.05, MAX_TABLE) && ok(d, 0.05, MAX_TABLE) && ok(h, 0.0, MAX_HEIGHT) {
        Ok(())
    } else {
        Err(EditError::BadSize(w, d, h))
    }
}

/// The shortest distance between two axis-aligned zones (0 when they touch or overlap).
fn zone_gap(a: &Zone, b: &Zone) -> f32 {
    let dx = (b.min.x - a.max.x).max(a.min.x - b.max.x).max(0.0);
    let dy = (b.min.y - a.max.y).max(a.min.y - b.max.y).max(0.0);
    dx.hypot(dy)
}
