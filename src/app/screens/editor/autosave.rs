//! Autosave: the timer that writes unsaved work to the level's recovery copy every two minutes
//! (where that copy lives and whether one is worth offering: `files.rs`).

use super::state::Editor;
use crate::app::base::state::Notices;
use bevy::prelude::*;

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
