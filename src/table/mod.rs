//! The table model in inches: pure data and queries, no Bevy types.
//!
//! Coordinates: the table's plane is `(x, y)` with the origin at the near-left corner, `x` across the
//! width and `y` across the depth; `h` is height above the table top. 1 unit = 1 inch.

pub mod corridor;
pub mod fingerprint;
pub mod geom;
pub mod look;
pub mod measure;
pub mod model;
pub mod movement;
pub mod piece;
pub mod scene;
pub mod sight;
pub mod template;
pub mod terrain;
pub mod zone;

pub use geom::Pt;
pub use measure::{Measurement, TapeEnd};
pub use model::{Arc, Model, ModelId, Side, in_fire_arc};
pub use piece::{Piece, PieceShape, Tag};
pub use scene::Scene;
pub use sight::{CoverReason, Los, SightOptions, Verdict};
pub use terrain::{GroundKind, TileGrid};
pub use zone::{Objective, Zone, ZoneKind};

use thiserror::Error;

/// A query that cannot be answered: the caller named something that is not on the table.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum TableError {
    #[error("no model with id {0} on the table")]
    NoSuchModel(ModelId),
    #[error("point ({x:.1}, {y:.1}) is off the table ({width}\" x {depth}\")")]
    OffTable {
        x: f32,
        y: f32,
        width: f32,
        depth: f32,
    },
    #[error("base of model {0} would overlap model {1}")]
    Overlap(ModelId, ModelId),
    #[error("a model with id {0} is already on the table")]
    DuplicateId(ModelId),
}

/// The terrain pieces of a table: a list, and its fingerprint once asked for
/// ([`fingerprint::terrain`] is asked for on every query of the memos). Every change goes
/// through `DerefMut`, which forgets the fingerprint. Copies of a table share the list until one
/// of them changes it (the rules copy the state for every command they try; the terrain stays).
#[derive(Debug, Clone, Default)]
pub struct Pieces {
    list: std::sync::Arc<Vec<Piece>>,
    key: std::sync::OnceLock<u64>,
}

impl serde::Serialize for Pieces {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.as_slice().serialize(s)
    }
}

impl Pieces {
    /// The fingerprint of the list, made by `make` the first time after a change.
    pub fn key(&self, make: impl FnOnce(&[Piece]) -> u64) -> u64 {
        *self.key.get_or_init(|| make(&self.list))
    }
}

impl PartialEq for Pieces {
    fn eq(&self, o: &Self) -> bool {
        self.list == o.list
    }
}

impl std::ops::Deref for Pieces {
    type Target = Vec<Piece>;
    fn deref(&self) -> &Vec<Piece> {
        &self.list
    }
}

impl std::ops::DerefMut for Pieces {
    fn deref_mut(&mut self) -> &mut Vec<Piece> {
        self.key = std::sync::OnceLock::new();
        std::sync::Arc::make_mut(&mut self.list)
    }
}

impl From<Vec<Piece>> for Pieces {
    fn from(list: Vec<Piece>) -> Self {
        Self {
            list: std::sync::Arc::new(list),
            key: std::sync::OnceLock::new(),
        }
    }
}

impl FromIterator<Piece> for Pieces {
    fn from_iter<I: IntoIterator<Item = Piece>>(it: I) -> Self {
        Vec::from_iter(it).into()
    }
}

impl<'a> IntoIterator for &'a Pieces {
    type Item = &'a Piece;
    type IntoIter = std::slice::Iter<'a, Piece>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

/// A table: its size, terrain, zones, objectives and the models on it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Table {
    pub width: f32,
    pub depth: f32,
    pub tiles: TileGrid,
    pub pieces: Pieces,
    pub zones: Vec<Zone>,
    pub objectives: Vec<Objective>,
    pub models: Vec<Model>,
}

impl Table {
    /// An empty open table with the given tile size (`width` and `depth` multiples of it).
    pub fn new(width: f32, depth: f32, tile_size: f32) -> Self {
        Self {
            width,
            depth,
            tiles: TileGrid::new(width, depth, tile_size),
            pieces: Pieces::default(),
            zones: Vec::new(),
            objectives: Vec::new(),
            models: Vec::new(),
        }
    }

    pub fn contains(&self, p: Pt) -> bool {
        p.x >= 0.0 && p.y >= 0.0 && p.x <= self.width && p.y <= self.depth
    }

    /// `Ok` when `p` is on the table, else the error that says where the table ends.
    pub fn check_on_table(&self, p: Pt) -> Result<(), TableError> {
        if self.contains(p) {
            Ok(())
        } else {
            Err(TableError::OffTable {
                x: p.x,
                y: p.y,
                width: self.width,
                depth: self.depth,
            })
        }
    }

    /// True when a whole base of `diameter` centred at `p` lies on the table.
    pub fn contains_base(&self, p: Pt, diameter: f32) -> bool {
        let r = diameter / 2.0;
        p.x - r >= -1e-4
            && p.y - r >= -1e-4
            && p.x + r <= self.width + 1e-4
            && p.y + r <= self.depth + 1e-4
    }

    pub fn model(&self, id: ModelId) -> Result<&Model, TableError> {
        self.models
            .iter()
            .find(|m| m.id == id)
            .ok_or(TableError::NoSuchModel(id))
    }

    pub fn model_mut(&mut self, id: ModelId) -> Result<&mut Model, TableError> {
        self.models
            .iter_mut()
            .find(|m| m.id == id)
            .ok_or(TableError::NoSuchModel(id))
    }

    /// The smallest id not yet used by a model.
    pub fn next_model_id(&self) -> ModelId {
        ModelId(self.models.iter().map(|m| m.id.0 + 1).max().unwrap_or(1))
    }

    /// Height of the standing surface at `p`: the tile's height, or the top of a piece there.
    pub fn surface_height(&self, p: Pt) -> f32 {
        let tile = self.tiles.height_at(p);
        self.pieces
            .iter()
            .filter_map(|piece| piece.top_at(p))
            .fold(tile, f32::max)
    }

    /// The first model whose base would overlap a base of `diameter` at `p` (ignoring `except`).
    pub fn overlapping_model(
        &self,
        p: Pt,
        diameter: f32,
        except: Option<ModelId>,
    ) -> Option<ModelId> {
        self.models
            .iter()
            .filter(|m| Some(m.id) != except)
            .find(|m| m.pos.dist(p) < (m.base_diameter + diameter) / 2.0 - 1e-3)
            .map(|m| m.id)
    }

    /// Checks that a base of `diameter` may stand at `p`: on the table and overlapping no other base.
    pub fn check_placement(
        &self,
        p: Pt,
        diameter: f32,
        except: Option<ModelId>,
    ) -> Result<(), TableError> {
        if !self.contains_base(p, diameter) {
            return Err(TableError::OffTable {
                x: p.x,
                y: p.y,
                width: self.width,
                depth: self.depth,
            });
        }
        if let Some(other) = self.overlapping_model(p, diameter, except) {
            return Err(TableError::Overlap(except.unwrap_or(ModelId(0)), other));
        }
        Ok(())
    }

    /// Adds a model standing on the surface at its position.
    pub fn add_model(&mut self, mut model: Model) -> Result<ModelId, TableError> {
        if self.models.iter().any(|m| m.id == model.id) {
            return Err(TableError::DuplicateId(model.id));
        }
        self.check_placement(model.pos, model.base_diameter, Some(model.id))?;
        model.h = self.surface_height(model.pos);
        let id = model.id;
        self.models.push(model);
        Ok(id)
    }

    /// Moves a model to `to`; its height follows the surface. Refused off the table or onto a base.
    pub fn move_model(&mut self, id: ModelId, to: Pt) -> Result<(), TableError> {
        let d = self.model(id)?.base_diameter;
        self.check_placement(to, d, Some(id))?;
        let h = self.surface_height(to);
        let m = self.model_mut(id)?;
        m.pos = to;
        m.h = h;
        Ok(())
    }

    pub fn remove_model(&mut self, id: ModelId) -> Result<Model, TableError> {
        let i = self
            .models
            .iter()
            .position(|m| m.id == id)
            .ok_or(TableError::NoSuchModel(id))?;
        Ok(self.models.remove(i))
    }

    /// Base edge to base edge distance in inches between two models (0 when the bases touch).
    pub fn distance(&self, a: ModelId, b: ModelId) -> Result<f32, TableError> {
        Ok(self.model(a)?.edge_distance(self.model(b)?))
    }
}
