//! Loading levels into the table: the start-up level, and levels opened from the GUI. A level
//! that fails to load leaves the previous table in play and shows its located errors. A level
//! opened while the editor is on screen is handed on as a `LevelChosen` message instead.

use super::state::{Notices, Selection, StartupLevel, TableState, Tape};
use crate::app::base::mode::Mode;
use crate::data::{LevelFile, load_level};
use crate::table::Table;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LoadRequest>()
        .add_message::<LevelChosen>()
        .add_systems(PreStartup, load_startup_level)
        .add_systems(First, load_requested);
}

/// A level the player asked to open; taken by the loader the next frame.
#[derive(Resource, Debug, Default)]
pub struct LoadRequest(pub Option<PathBuf>);

/// A level asked for while the editor is on screen: whoever edits levels opens it, in the frame
/// it is sent.
#[derive(Message, Debug, Clone)]
pub struct LevelChosen(pub PathBuf);

pub use crate::data::load::resolve_data_path;

/// The `.ron` files in a folder (levels, force lists, saves), sorted by name.
pub fn list_levels(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The shipped levels, each named as a game's setup keeps it: `levels/NAME.ron`, found again
/// in the data folders wherever the program runs (a save never holds a path outside them).
pub fn data_levels() -> Vec<PathBuf> {
    list_levels(&resolve_data_path(Path::new("levels")))
        .into_iter()
        .filter_map(|p| p.file_name().map(|n| Path::new("levels").join(n)))
        .collect()
}

/// An empty open table, used when even the start-up level cannot be loaded.
pub fn fallback_state() -> TableState {
    let table = Table::new(48.0, 36.0, 2.0);
    let level = LevelFile::from_table("Empty table", "", &table);
    TableState::new(level, table, None)
}

fn load_startup_level(
    mut commands: Commands,
    start: Res<StartupLevel>,
    mut notices: ResMut<Notices>,
) {
    let path = resolve_data_path(&start.0);
    match load_level(&path) {
        Ok((level, table)) => {
            info!("loaded level '{}' from {}", level.name, path.display());
            commands.insert_resource(TableState::new(level, table, Some(path)));
        }
        Err(errs) => {
            for e in &errs {
                error!("{e}");
            }
            notices.show_errors(
                format!("Could not load {}", path.display()),
                errs.iter().map(ToString::to_string).collect(),
            );
            commands.insert_resource(fallback_state());
        }
    }
}

/// Loads the requested level into the table; in the editor, hands it on as `LevelChosen`.
pub(crate) fn load_requested(
    mut req: ResMut<LoadRequest>,
    mode: Res<State<Mode>>,
    mut chosen: MessageWriter<LevelChosen>,
    state: Option<ResMut<TableState>>,
    mut notices: ResMut<Notices>,
    mut sel: ResMut<Selection>,
    mut tape: ResMut<Tape>,
) {
    let Some(path) = req.0.take() else { return };
    // In the editor, the level opens for editing (the editor reads the message this frame).
    if *mode.get() == Mode::Editor {
        chosen.write(LevelChosen(path));
        return;
    }
    let Some(mut state) = state else { return };
    match load_level(&path) {
        Ok((level, table)) => {
            notices.status = format!("Opened {}", path.display());
            notices.errors.clear();
            *state = TableState::new(level, table, Some(path));
            sel.0 = None;
            *tape = Tape::default();
        }
        Err(errs) => {
            notices.show_errors(
                format!(
                    "Could not open {} (the current table is kept)",
                    path.display()
                ),
                errs.iter().map(ToString::to_string).collect(),
            );
        }
    }
}
