//! The player's own files as the app lists and names them: the user data folder's files beside
//! the shipped ones, and file names made safe from a player's text.

use std::path::{Path, PathBuf};

pub use crate::data::user_dir::{ensure_dir, saves_dir, user_dir};

/// A file name from a player's text: letters, digits, '-' and '_' only.
pub fn safe_name(name: &str) -> Result<String, String> {
    let n = name.trim().trim_end_matches(".ron");
    if n.is_empty()
        || !n
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    {
        return Err("use letters, digits, '-' and '_' for the file name".into());
    }
    Ok(n.to_string())
}

/// The `.ron` files of a shipped folder, then those of the player's folder `sub` in the data
/// folder.
pub fn with_user_files(shipped: &Path, sub: &str) -> Vec<PathBuf> {
    let mut v = crate::app::base::level_io::list_levels(shipped);
    v.extend(crate::app::base::level_io::list_levels(
        &user_dir().join(sub),
    ));
    v
}
