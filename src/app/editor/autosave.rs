//! Autosave and recovery: where a level's recovery copy lives, whether one is worth offering,
//! and the timer that writes unsaved work there every two minutes.

use super::Editor;
use crate::app::state::Notices;
use bevy::prelude::*;
use std::path::PathBuf;

pub(super) fn mtime(p: &std::path::Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// The autosave file for a level file (or for a level never saved).
pub fn autosave_path(file: Option<&std::path::Path>) -> PathBuf {
    let dir = crate::app::level_io::resolve_data_path(std::path::Path::new("levels"));
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

/// Seconds between autosaves of unsaved work.
pub const AUTOSAVE_SECS: f32 = 120.0;

pub(super) fn autosave_tick(
    time: Res<Time<bevy::time::Real>>,
    editor: Option<ResMut<Editor>>,
    mut notices: ResMut<Notices>,
) {
    let Some(mut editor) = editor else { return };
    editor.autosave_timer += time.delta_secs();
    if editor.autosave_timer < AUTOSAVE_SECS {
        return;
    }
    editor.autosave_timer = 0.0;
    if editor.history.is_dirty() {
        match editor.autosave() {
            Ok(()) => {
                notices.status = format!(
                    "Autosaved a recovery copy to {}",
                    editor.autosave_path().display()
                )
            }
            Err(e) => notices.status = format!("Autosave failed: {e}"),
        }
    }
}
