//! The error of a table query that names something not on the table.

use super::model::ModelId;
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
