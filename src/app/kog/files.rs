//! Where KOG light's files live: force lists shipped under `assets/forces/kog-light/`, and the
//! player's own force lists and saved games in the user data folder.

use crate::data::load::resolve_data_path;
use std::path::{Path, PathBuf};

/// The shipped force lists.
pub const SHIPPED_FORCES: &str = "assets/forces/kog-light";

/// The player's data folder: `$WARTABLE_DATA`, else the platform's (XDG data home on Linux,
/// Application Support on macOS, %APPDATA% on Windows), under `wartable`.
pub fn user_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("WARTABLE_DATA") {
        return PathBuf::from(d);
    }
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let base = if cfg!(target_os = "windows") {
        std::env::var_os("APPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        home.map(|h| h.join("Library/Application Support"))
    } else {
        std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| home.map(|h| h.join(".local/share")))
    };
    base.unwrap_or_else(|| PathBuf::from(".")).join("wartable")
}

pub fn saves_dir() -> PathBuf {
    user_dir().join("saves")
}

pub fn user_forces_dir() -> PathBuf {
    user_dir().join("forces")
}

pub use crate::app::level_io::list_levels as ron_files;

/// Every force list on offer: the shipped ones, then the player's.
pub fn force_files() -> Vec<PathBuf> {
    let mut v = ron_files(&resolve_data_path(Path::new(SHIPPED_FORCES)));
    v.extend(ron_files(&user_forces_dir()));
    v
}

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

/// Creates a folder if needed, with a readable error.
pub fn ensure_dir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}
