//! The table model in inches: pure data and queries, no Bevy types.
//!
//! Coordinates: the table's plane is `(x, y)` with the origin at the near-left corner, `x` across the
//! width and `y` across the depth; `h` is height above the table top. 1 unit = 1 inch.

pub mod corridor;
pub mod error;
pub mod fingerprint;
pub mod geom;
pub mod look;
pub mod measure;
pub mod mix;
pub mod model;
pub mod movement;
pub mod piece;
pub mod pieces;
pub mod placed;
pub mod scene;
pub mod shape;
pub mod sight;
pub mod sight_options;
pub mod surface;
pub mod tabletop;
pub mod template;
pub mod terrain;
pub mod zone;

pub use error::TableError;
pub use geom::Pt;
pub use measure::{Measurement, TapeEnd};
pub use model::{Arc, Model, ModelId, Side};
pub use piece::{Piece, PieceShape, Tag};
pub use pieces::Pieces;
pub use placed::Placed;
pub use scene::Scene;
pub use sight::{CoverReason, Los, Verdict};
pub use sight_options::SightOptions;
pub use tabletop::{Table, in_fire_arc};
pub use terrain::{GroundKind, TileGrid};
pub use zone::{Objective, Zone, ZoneKind};
