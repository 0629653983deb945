//! The level editor: paint ground and heights, place and arrange pieces, draw zones, place
//! objectives, undo and redo, save with validation, and play-test in the sandbox. Every change is
//! an `edit::EditOp` applied through the history; the table on screen mirrors the history's level.
//! This file holds the plugins and keeps the table in line with the history; the `Editor`
//! resource and switching screens are `state.rs`; each other concern has a file of its own.

pub mod autosave;
pub mod draw;
pub mod files;
pub mod keys;
pub mod mouse;
pub mod open;
pub mod pieces_panel;
pub mod quit;
pub mod state;
pub mod window;

pub use autosave::AUTOSAVE_SECS;
pub use files::{autosave_path, recovery_for};
pub use quit::{QuitPrompt, quit_plugin};
pub use state::{EditTool, Editor, StartEditor, in_editor, toggle_mode};

use crate::app::base::level_io::LevelChosen;
use crate::app::base::mode::Mode;
use crate::app::base::sets::TableSync;
use crate::app::base::state::{TableState, pointer_on_table};
use autosave::autosave_tick;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use draw::draw_editor;
use keys::editor_keys;
use mouse::editor_mouse;
use open::{open_chosen, start_editor};
use quit::quit_dialog;
use window::editor_window;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, quit_plugin))
        .add_message::<crate::app::base::nav::OpenWindow>()
        .add_systems(Update, state::open_when_asked)
        .add_systems(Startup, start_editor.run_if(resource_exists::<StartEditor>))
        .add_systems(
            Update,
            (
                editor_mouse.run_if(pointer_on_table),
                editor_keys.run_if(crate::app::base::keys::keys_free),
            )
                .run_if(in_editor)
                .before(sync_table),
        )
        .add_systems(Update, draw_editor.run_if(in_editor))
        .add_systems(Update, autosave_tick)
        .add_systems(
            EguiPrimaryContextPass,
            (editor_window.run_if(in_editor), quit_dialog),
        );
}

/// The window-free part: the table on screen mirrors the editor's level, and a level chosen while
/// the editor is on screen opens for editing. Used by the app and by headless tests.
pub fn core_plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.init_state::<Mode>()
        .add_message::<LevelChosen>()
        // Read in the frame the level loader sends it.
        .add_systems(
            First,
            open_chosen
                .run_if(on_message::<LevelChosen>)
                .after(crate::app::base::level_io::load_requested),
        )
        .add_systems(Update, sync_table.before(TableSync));
}

/// Puts the history's level (with a stroke in progress) on the table.
fn sync_table(
    editor: Option<ResMut<Editor>>,
    mode: Res<State<Mode>>,
    state: Option<ResMut<TableState>>,
) {
    let (Some(mut editor), Some(mut state)) = (editor, state) else {
        return;
    };
    if *mode.get() != Mode::Editor {
        return;
    }
    let preview;
    let level = match editor
        .stroke_op()
        .and_then(|op| editor.history.current().apply(&op).ok())
    {
        Some(l) => {
            preview = l;
            &preview
        }
        None if editor.synced != editor.rev => editor.history.current(),
        None => return,
    };
    state.table = level.table.clone();
    state.level = level.to_file();
    state.path = editor.path.clone();
    state.terrain_changed();
    editor.synced = editor.rev;
    if !editor.stroke.is_empty() {
        // Keep re-syncing while the stroke grows.
        editor.synced = 0;
    }
}
