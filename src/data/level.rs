//! The level file format (RON): the raw structs as written on disk, and their conversion to and
//! from a [`Table`]. The format is documented in `assets/docs/level-format.md`.

use crate::table::{
    GroundKind, Model, Objective, Piece, PieceShape, Pt, Table, Tag, Zone, ZoneKind,
};
use serde::{Deserialize, Serialize};

/// A level file as written on disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Level")]
pub struct LevelFile {
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// How the table top looks: `Field` (grass, the default), `Deck` (ship plating) or `Sand`.
    #[serde(default, skip_serializing_if = "Theme::is_default")]
    pub theme: Theme,
    /// What the water tiles hold: `Water` (the default) or `Blood` (Kry-Gothic's "lakes of
    /// blood"); the look only, the tiles move as water does.
    #[serde(default, skip_serializing_if = "Liquid::is_default")]
    pub liquid: Liquid,
    /// `Lit` (the default) or `Dark`: a dark level is drawn dimly, and rule sets that know the
    /// dark play it so (Kry-Gothic: "The scenario being played is in the dark - +2 to-hit").
    #[serde(default, skip_serializing_if = "Lighting::is_default")]
    pub lighting: Lighting,
    /// Table width in inches (along x).
    pub width: f32,
    /// Table depth in inches (along y).
    pub depth: f32,
    /// Side of a square terrain tile in inches; must divide the width and the depth.
    pub tile_size: f32,
    /// One string per tile row, far edge first; one character per tile (see `GroundKind::code`).
    /// Empty means all open ground.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ground: Vec<String>,
    /// One list per tile row, far edge first: tile heights in inches. Empty means all flat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub heights: Vec<Vec<f32>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceDef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<ZoneDef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<ObjectiveDef>,
    /// Models standing on the table when the level opens (sandbox setups and test scenes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub models: Vec<ModelDef>,
}

/// The look of the table top; it has no effect on the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Theme {
    #[default]
    Field,
    Deck,
    Sand,
}

impl Theme {
    pub fn is_default(&self) -> bool {
        *self == Theme::Field
    }
}

/// What the water tiles hold; it has no effect on the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Liquid {
    #[default]
    Water,
    Blood,
}

impl Liquid {
    pub const ALL: [Liquid; 2] = [Liquid::Water, Liquid::Blood];

    pub fn is_default(&self) -> bool {
        *self == Liquid::Water
    }
}

/// How the level is lit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Lighting {
    #[default]
    Lit,
    Dark,
}

impl Lighting {
    pub const ALL: [Lighting; 2] = [Lighting::Lit, Lighting::Dark];

    pub fn is_default(&self) -> bool {
        *self == Lighting::Lit
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Piece")]
pub struct PieceDef {
    pub shape: PieceShape,
    /// Centre of the footprint `(x, y)`.
    pub at: (f32, f32),
    /// `(width, depth, height)` in inches.
    pub size: (f32, f32, f32),
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rotation: f32,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub base_height: f32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Zone")]
pub struct ZoneDef {
    pub name: String,
    pub kind: ZoneKind,
    pub side: u8,
    /// Near-left corner `(x, y)`.
    pub min: (f32, f32),
    /// Far-right corner `(x, y)`.
    pub max: (f32, f32),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Objective")]
pub struct ObjectiveDef {
    pub name: String,
    pub at: (f32, f32),
    #[serde(default = "default_objective_diameter")]
    pub diameter: f32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Model")]
pub struct ModelDef {
    pub id: u32,
    pub side: u8,
    pub name: String,
    /// Base diameter in inches.
    pub base: f32,
    /// Body height in inches.
    pub height: f32,
    pub at: (f32, f32),
    #[serde(default, skip_serializing_if = "is_zero")]
    pub facing: f32,
}

fn is_zero(v: &f32) -> bool {
    *v == 0.0
}

fn default_objective_diameter() -> f32 {
    1.0
}

/// Rounds to 1/100 inch so that saved files stay stable and diff-friendly.
pub fn round2(v: f32) -> f32 {
    let r = (v * 100.0).round() / 100.0;
    if r == 0.0 { 0.0 } else { r }
}

fn pt((x, y): (f32, f32)) -> Pt {
    Pt::new(x, y)
}

fn pair(p: Pt) -> (f32, f32) {
    (round2(p.x), round2(p.y))
}

impl LevelFile {
    /// Builds the table. Call only on a file that validated: sizes are trusted here.
    pub fn to_table(&self) -> Table {
        let mut t = Table::new(self.width, self.depth, self.tile_size);
        let rows = t.tiles.rows;
        for (i, line) in self.ground.iter().enumerate() {
            let row = rows - 1 - i;
            for (col, c) in line.chars().enumerate() {
                t.tiles
                    .set_kind(col, row, GroundKind::from_code(c).unwrap_or_default());
            }
        }
        for (i, line) in self.heights.iter().enumerate() {
            let row = rows - 1 - i;
            for (col, h) in line.iter().enumerate() {
                t.tiles.set_height(col, row, *h);
            }
        }
        t.pieces = self
            .pieces
            .iter()
            .map(|p| Piece {
                shape: p.shape,
                at: pt(p.at),
                rotation: p.rotation,
                size: p.size,
                base_height: p.base_height,
                tags: p.tags.clone(),
                label: p.label.clone(),
            })
            .collect();
        t.zones = self
            .zones
            .iter()
            .map(|z| Zone {
                name: z.name.clone(),
                kind: z.kind,
                side: z.side,
                min: pt(z.min),
                max: pt(z.max),
            })
            .collect();
        t.objectives = self
            .objectives
            .iter()
            .map(|o| Objective {
                name: o.name.clone(),
                at: pt(o.at),
                diameter: o.diameter,
            })
            .collect();
        for m in &self.models {
            let mut model = Model::new(m.id, m.side, &m.name, m.base, m.height, pt(m.at), m.facing);
            model.h = t.surface_height(model.pos);
            t.models.push(model);
        }
        t
    }

    /// Describes a table as a level file, with numbers rounded and tags sorted for stable output.
    pub fn from_table(name: &str, description: &str, t: &Table) -> Self {
        let g = &t.tiles;
        let any_ground = g.iter().any(|(_, _, k, _)| k != GroundKind::Open);
        let any_height = g.iter().any(|(_, _, _, h)| h != 0.0);
        let ground = if any_ground {
            (0..g.rows)
                .rev()
                .map(|r| (0..g.cols).map(|c| g.kind(c, r).code()).collect())
                .collect()
        } else {
            Vec::new()
        };
        let heights = if any_height {
            (0..g.rows)
                .rev()
                .map(|r| (0..g.cols).map(|c| round2(g.height(c, r))).collect())
                .collect()
        } else {
            Vec::new()
        };
        let pieces = t
            .pieces
            .iter()
            .map(|p| {
                let mut tags = p.tags.clone();
                tags.sort();
                tags.dedup();
                PieceDef {
                    shape: p.shape,
                    at: pair(p.at),
                    size: (round2(p.size.0), round2(p.size.1), round2(p.size.2)),
                    rotation: round2(crate::table::geom::norm_deg(p.rotation)),
                    base_height: round2(p.base_height),
                    tags,
                    label: p.label.clone(),
                }
            })
            .collect();
        let zones = t
            .zones
            .iter()
            .map(|z| ZoneDef {
                name: z.name.clone(),
                kind: z.kind,
                side: z.side,
                min: pair(z.min),
                max: pair(z.max),
            })
            .collect();
        let objectives = t
            .objectives
            .iter()
            .map(|o| ObjectiveDef {
                name: o.name.clone(),
                at: pair(o.at),
                diameter: round2(o.diameter),
            })
            .collect();
        let mut models: Vec<ModelDef> = t
            .models
            .iter()
            .map(|m| ModelDef {
                id: m.id.0,
                side: m.side.0,
                name: m.name.clone(),
                base: round2(m.base_diameter),
                height: round2(m.body_height),
                at: pair(m.pos),
                facing: round2(crate::table::geom::norm_deg(m.facing)),
            })
            .collect();
        models.sort_by_key(|m| m.id);
        Self {
            name: name.to_string(),
            description: description.to_string(),
            theme: Theme::Field,
            liquid: Liquid::Water,
            lighting: Lighting::Lit,
            width: round2(t.width),
            depth: round2(t.depth),
            tile_size: round2(t.tiles.tile_size),
            ground,
            heights,
            pieces,
            zones,
            objectives,
            models,
        }
    }
}
