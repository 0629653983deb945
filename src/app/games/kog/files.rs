//! Where KOG light's files live: force lists shipped under `assets/forces/kog-light/`, and the
//! player's own force lists and saved games in the user data folder.

use crate::data::load::resolve_data_path;
use std::path::{Path, PathBuf};

/// The shipped force lists.
pub const SHIPPED_FORCES: &str = "assets/forces/kog-light";

pub use crate::app::base::files::{ensure_dir, safe_name, saves_dir, user_dir};

pub fn user_forces_dir() -> PathBuf {
    user_dir().join("forces")
}

pub use crate::app::base::level_io::list_levels as ron_files;

/// Every force list on offer: the shipped ones, then the player's.
pub fn force_files() -> Vec<PathBuf> {
    let mut v = ron_files(&resolve_data_path(Path::new(SHIPPED_FORCES)));
    v.extend(ron_files(&user_forces_dir()));
    v
}
