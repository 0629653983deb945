//! Opening levels for editing: at start-up (`wartable edit [FILE]`), and when a level is chosen
//! while the editor is on screen.

use super::files::recovery_for;
use super::state::{Editor, StartEditor};
use crate::app::base::level_io::LevelChosen;
use crate::app::base::mode::Mode;
use crate::app::base::state::{ActiveTool, Notices};
use crate::edit::EditLevel;
use bevy::prelude::*;

pub(super) fn start_editor(
    mut commands: Commands,
    start: Res<StartEditor>,
    mut notices: ResMut<Notices>,
    mut tool: ResMut<ActiveTool>,
) {
    let editor = match &start.0 {
        Some(path) => Editor::open(crate::app::base::level_io::resolve_data_path(path))
            .unwrap_or_else(|errs| {
                notices.show_errors(
                    format!(
                        "Could not open {} in the editor; starting a new level",
                        path.display()
                    ),
                    errs,
                );
                Editor::new(
                    EditLevel::new("New level", 48.0, 36.0, 2.0).expect("a valid size"),
                    None,
                )
            }),
        None => {
            let mut ed = Editor::new(
                EditLevel::new("New level", 48.0, 36.0, 2.0).expect("a valid size"),
                None,
            );
            ed.recovery = recovery_for(None);
            ed
        }
    };
    commands.insert_resource(editor);
    commands.set_state(Mode::Editor);
    *tool = ActiveTool::Edit;
}

/// Opens a level chosen while the editor is on screen (`LevelChosen`, sent by the level loader).
/// The work in hand is kept on failure, and autosaved first on success if it has unsaved changes.
pub(super) fn open_chosen(
    mut chosen: MessageReader<LevelChosen>,
    mut editor: Option<ResMut<Editor>>,
    mut notices: ResMut<Notices>,
) {
    for LevelChosen(path) in chosen.read() {
        let Some(editor) = editor.as_deref_mut() else {
            continue;
        };
        match Editor::open(path.clone()) {
            Ok(next) => {
                if editor.history.is_dirty() {
                    let kept = editor.autosave().map(|_| editor.autosave_path());
                    notices.status = match kept {
                        Ok(p) => format!(
                            "Opened {}; your unsaved work was kept in {}",
                            path.display(),
                            p.display()
                        ),
                        Err(e) => format!(
                            "Opened {}; could not keep your unsaved work: {e}",
                            path.display()
                        ),
                    };
                } else {
                    notices.status = format!("Opened {} in the editor", path.display());
                }
                *editor = next;
            }
            Err(errs) => notices.show_errors(
                format!(
                    "Could not open {} (your work in the editor is kept)",
                    path.display()
                ),
                errs,
            ),
        }
    }
}
