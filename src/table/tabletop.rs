//! A table: its size, terrain, zones, objectives and the models on it, and the queries on it.

use super::error::TableError;
use super::geom::Pt;
use super::model::{Arc, Model, ModelId};
use super::pieces::Pieces;
use super::placed::Placed;
use super::terrain::TileGrid;
use super::zone::{Objective, Zone};

/// A table: its size, terrain, zones, objectives and the models on it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Table {
    pub width: f32,
    pub depth: f32,
    pub tiles: TileGrid,
    pub pieces: Pieces,
    pub zones: Vec<Zone>,
    pub objectives: Vec<Objective>,
    pub models: Placed,
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
            models: Placed::default(),
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
        self.models.find(id).ok_or(TableError::NoSuchModel(id))
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

/// The ids of the models on `table` whose centres lie in `shooter`'s front arc (Kry-Gothic's fire
/// arc), nearest first.
pub fn in_fire_arc(table: &Table, shooter: ModelId) -> Result<Vec<ModelId>, TableError> {
    let s = table.model(shooter)?;
    let mut v: Vec<&Model> = table
        .models
        .iter()
        .filter(|m| m.id != shooter && s.arc_of(m) == Arc::Front)
        .collect();
    v.sort_by(|a, b| {
        s.edge_distance(a)
            .total_cmp(&s.edge_distance(b))
            .then(a.id.cmp(&b.id))
    });
    Ok(v.into_iter().map(|m| m.id).collect())
}
