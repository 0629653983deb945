//! Where the player's own files live: the user data folder (`$WARTABLE_DATA`, else the
//! platform's) and the saved games in it, for every rule set and for the online reports.

use std::path::{Path, PathBuf};

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

/// Creates a folder if needed, with a readable error.
pub fn ensure_dir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// The player's own model packs, one folder each.
pub fn user_packs_dir() -> PathBuf {
    user_dir().join("packs")
}

/// Simplified models kept between loads, beside the user data.
pub fn model_cache_dir() -> PathBuf {
    user_dir().join("model-cache")
}
