//! The editor's files: where a level's recovery copy lives, whether one is worth offering, and
//! when a file last changed on disk.

use std::path::PathBuf;

pub(super) fn mtime(p: &std::path::Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// The autosave file for a level file (or for a level never saved).
pub fn autosave_path(file: Option<&std::path::Path>) -> PathBuf {
    let dir = crate::app::base::level_io::resolve_data_path(std::path::Path::new("levels"));
    let name = file
        .and_then(|p| p.file_name())
        .map_or("new-level.ron".to_string(), |n| {
            n.to_string_lossy().into_owned()
        });
    dir.join(format!(".autosave-{name}"))
}

/// An autosave worth offering: it exists and is newer than the file (or there is no file).
pub fn recovery_for(file: Option<&std::path::Path>) -> Option<PathBuf> {
    let auto = autosave_path(file);
    let a = mtime(&auto)?;
    match file.and_then(mtime) {
        Some(f) if f >= a => None,
        _ => Some(auto),
    }
}
