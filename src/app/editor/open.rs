//! Opening the editor at start-up (`wartable edit [FILE]`): on FILE, or on a new level.

use super::{Editor, StartEditor, recovery_for};
use crate::app::screens::Mode;
use crate::app::state::{ActiveTool, Notices};
use crate::edit::EditLevel;
use bevy::prelude::*;

pub(super) fn start_editor(
    mut commands: Commands,
    start: Res<StartEditor>,
    mut notices: ResMut<Notices>,
    mut mode: ResMut<Mode>,
    mut tool: ResMut<ActiveTool>,
) {
    let editor = match &start.0 {
        Some(path) => {
            Editor::open(crate::app::level_io::resolve_data_path(path)).unwrap_or_else(|errs| {
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
            })
        }
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
    *mode = Mode::Editor;
    *tool = ActiveTool::Edit;
}
