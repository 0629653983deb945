//! Level editing as pure operations: every edit takes a level and gives a new one (or a typed
//! error and no change), and the history keeps snapshots for unlimited undo and redo.

pub mod history;
pub mod ops;
pub mod presets;

pub use history::History;
pub use ops::{EditError, EditLevel, EditOp, HeightMode};
