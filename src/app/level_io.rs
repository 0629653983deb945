//! Loading levels into the table: the start-up level, and levels opened from the GUI. A level
//! that fails to load leaves the previous table in play and shows its located errors.

use super::state::{Notices, Selection, StartupLevel, TableState, Tape};
use crate::data::{LevelFile, load_level};
use crate::table::Table;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LoadRequest>()
        .add_systems(PreStartup, load_startup_level)
        .add_systems(First, load_requested);
}

/// A level the player asked to open; taken by the loader the next frame.
#[derive(Resource, Debug, Default)]
pub struct LoadRequest(pub Option<PathBuf>);

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

fn load_requested(
    mut req: ResMut<LoadRequest>,
    mode: Res<super::screens::Mode>,
    editor: Option<ResMut<super::editor::Editor>>,
    state: Option<ResMut<TableState>>,
    mut notices: ResMut<Notices>,
    mut sel: ResMut<Selection>,
    mut tape: ResMut<Tape>,
) {
    let Some(path) = req.0.take() else { return };
    // In the editor, the level opens for editing; the work in hand is kept on failure, and
    // autosaved first on success if it has unsaved changes.
    if *mode == super::screens::Mode::Editor
        && let Some(mut editor) = editor
    {
        match super::editor::Editor::open(path.clone()) {
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
