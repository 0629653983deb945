//! The level editor: paint ground and heights, place and arrange pieces, draw zones, place
//! objectives, undo and redo, save with validation, and play-test in the sandbox. Every change is
//! an `edit::EditOp` applied through the history; the table on screen mirrors the history's level.
//! This file holds the plugins, the `Editor` resource and switching screens; each other concern
//! has a file of its own.

pub mod autosave;
pub mod draw;
pub mod keys;
pub mod mouse;
pub mod open;
pub mod pieces_panel;
pub mod quit;
pub mod window;

pub use autosave::{AUTOSAVE_SECS, autosave_path, recovery_for};
pub use quit::{QuitPrompt, quit_plugin};

use super::level_io::LevelChosen;
use super::screens::Mode;
use super::state::{ActiveTool, Notices, TableState, pointer_on_table};
use crate::app::base::sets::TableSync;
use crate::data::{load_level, save_level};
use crate::edit::{EditLevel, EditOp, HeightMode, History};
use crate::table::{GroundKind, Pt, ZoneKind};
use autosave::{autosave_tick, mtime};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use bevy_egui::input::egui_wants_any_keyboard_input;
use draw::draw_editor;
use keys::editor_keys;
use mouse::editor_mouse;
use open::{open_chosen, start_editor};
use quit::quit_dialog;
use std::collections::BTreeSet;
use std::path::PathBuf;
use window::{editor_window, focus_of};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((core_plugin, quit_plugin))
        .add_systems(Startup, start_editor.run_if(resource_exists::<StartEditor>))
        .add_systems(
            Update,
            (
                editor_mouse.run_if(pointer_on_table),
                editor_keys.run_if(not(egui_wants_any_keyboard_input)),
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
                .after(super::level_io::load_requested),
        )
        .add_systems(Update, sync_table.before(TableSync));
}

/// `wartable edit [FILE]`: open the editor at start, on FILE or on a new 48" x 36" level.
#[derive(Resource, Debug, Clone)]
pub struct StartEditor(pub Option<PathBuf>);

/// Switches between the sandbox and the editor. Entering the editor without one open edits the
/// table in play; coming back from a play-test restores the level as edited.
pub fn toggle_mode(
    commands: &mut Commands,
    mode: Mode,
    tool: &mut ActiveTool,
    editor: Option<&mut Editor>,
    state: &TableState,
) {
    match mode {
        Mode::Sandbox => {
            match editor {
                Some(e) => e.synced = 0,
                None => {
                    let level = EditLevel::from_file(&state.level, state.table.clone());
                    commands.insert_resource(Editor::new(level, state.path.clone()));
                }
            }
            commands.set_state(Mode::Editor);
            *tool = ActiveTool::Edit;
        }
        Mode::Editor => {
            commands.set_state(Mode::Sandbox);
            *tool = ActiveTool::Select;
        }
        // A game is left through its own panel, which asks first.
        Mode::Game => {}
    }
}

pub fn in_editor(mode: Res<State<Mode>>, editor: Option<Res<Editor>>) -> bool {
    *mode.get() == Mode::Editor && editor.is_some()
}

/// What a left click does in the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditTool {
    Ground,
    Height,
    Rectangle,
    Eyedropper,
    Pieces,
    Zones,
    Objectives,
}

/// The editor's state: the level's history, its file, and the tool settings.
#[derive(Resource)]
pub struct Editor {
    pub history: History,
    pub path: Option<PathBuf>,
    /// Bumped on every change to the level, so the table is re-mirrored.
    pub rev: u64,
    pub tool: EditTool,
    pub kind: GroundKind,
    pub brush: usize,
    pub height_mode: HeightMode,
    /// Snap grid: 1", 0.5" or 0 (off).
    pub snap: f32,
    /// Snap rotations to 15 degrees.
    pub snap_rotation: bool,
    pub preset: usize,
    pub selected: Vec<usize>,
    pub zone_kind: ZoneKind,
    pub zone_side: u8,
    /// Problems from the last save, located, with what to focus.
    pub problems: Vec<(String, Option<Pt>)>,
    pub save_as: Option<String>,
    /// The name being typed, until the field loses focus.
    pub name_buf: Option<String>,
    /// When the file was last read or written by us, to warn before overwriting others' changes.
    pub disk_mtime: Option<std::time::SystemTime>,
    /// A save waiting for the player to confirm overwriting a file changed on disk.
    pub confirm_overwrite: Option<PathBuf>,
    /// An autosave newer than the file, offered for recovery.
    pub recovery: Option<PathBuf>,
    /// Seconds since the last autosave.
    pub autosave_timer: f32,
    /// The New dialog: width, depth, tile size.
    pub new_dialog: Option<(f32, f32, f32)>,
    stroke: BTreeSet<(usize, usize)>,
    drag_from: Option<Pt>,
    drag_to: Option<Pt>,
    pub synced: u64,
}

impl Editor {
    pub fn new(level: EditLevel, path: Option<PathBuf>) -> Self {
        Self {
            history: History::new(level),
            path,
            rev: 1,
            tool: EditTool::Ground,
            kind: GroundKind::Rough,
            brush: 1,
            height_mode: HeightMode::Raise(0.5),
            snap: 0.5,
            snap_rotation: true,
            preset: 0,
            selected: Vec::new(),
            zone_kind: ZoneKind::Deployment,
            zone_side: 1,
            problems: Vec::new(),
            save_as: None,
            new_dialog: None,
            name_buf: None,
            disk_mtime: None,
            confirm_overwrite: None,
            recovery: None,
            autosave_timer: 0.0,
            stroke: BTreeSet::new(),
            drag_from: None,
            drag_to: None,
            synced: 0,
        }
    }

    /// Opens a level file, or refuses it with located errors (the caller keeps its current work).
    pub fn open(path: PathBuf) -> Result<Self, Vec<String>> {
        let (file, table) =
            load_level(&path).map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        let mut ed = Self::new(EditLevel::from_file(&file, table), Some(path.clone()));
        ed.disk_mtime = mtime(&path);
        ed.recovery = recovery_for(Some(&path));
        Ok(ed)
    }

    /// Where this level's autosave goes: `levels/.autosave-<file name>` (or `-new-level.ron`).
    pub fn autosave_path(&self) -> PathBuf {
        autosave_path(self.path.as_deref())
    }

    /// Writes the autosave (even a level that would not validate: it is work in progress).
    pub fn autosave(&mut self) -> std::io::Result<()> {
        let text = crate::data::to_ron_string(&self.history.current().to_file())
            .map_err(std::io::Error::other)?;
        crate::data::load::write_atomic(&self.autosave_path(), text.as_bytes())
    }

    /// Saves, unless the file changed on disk since we last read or wrote it: then asks first.
    pub fn save_checked(&mut self, path: PathBuf, notices: &mut Notices) {
        let on_disk = mtime(&path);
        let changed = self.path.as_deref() == Some(path.as_path())
            && on_disk.is_some()
            && on_disk != self.disk_mtime;
        if changed {
            notices.status = format!(
                "{} changed on disk since it was opened: confirm to overwrite",
                path.display()
            );
            self.confirm_overwrite = Some(path);
        } else {
            self.save_to(path, notices);
        }
    }

    /// Applies an edit through the history; a refused one is reported and changes nothing.
    pub fn apply(&mut self, op: EditOp, notices: &mut Notices) {
        match self.history.apply(&op) {
            Ok(()) => {
                self.rev += 1;
                self.selected
                    .retain(|i| *i < self.history.current().table.pieces.len());
            }
            Err(e) => notices.status = format!("Edit refused: {e}"),
        }
    }

    pub fn undo(&mut self) {
        if self.history.undo() {
            self.rev += 1;
            self.selected.clear();
        }
    }

    pub fn redo(&mut self) {
        if self.history.redo() {
            self.rev += 1;
            self.selected.clear();
        }
    }

    /// The level as it would look with the stroke in progress.
    fn stroke_op(&self) -> Option<EditOp> {
        if self.stroke.is_empty() {
            return None;
        }
        let tiles: Vec<(usize, usize)> = self.stroke.iter().copied().collect();
        Some(match self.tool {
            EditTool::Height => EditOp::PaintHeight {
                tiles,
                mode: self.height_mode,
            },
            _ => EditOp::PaintKind {
                tiles,
                kind: self.kind,
            },
        })
    }

    /// Saves to `path`, validating first; problems are kept for the problem list.
    pub fn save_to(&mut self, path: PathBuf, notices: &mut Notices) {
        let file = self.history.current().to_file();
        match save_level(&path, &file) {
            Ok(()) => {
                self.history.mark_saved();
                self.problems.clear();
                notices.status = format!("Saved {}", path.display());
                // The recovery copy is no longer needed, under the old name or the new one.
                let _ = std::fs::remove_file(self.autosave_path());
                self.disk_mtime = mtime(&path);
                self.path = Some(path);
                let _ = std::fs::remove_file(self.autosave_path());
            }
            Err(errs) => {
                let t = &self.history.current().table;
                self.problems = errs
                    .iter()
                    .map(|e| (e.to_string(), focus_of(t, &e.field)))
                    .collect();
                notices.status =
                    format!("Not saved: {} problem(s), listed in the editor", errs.len());
            }
        }
    }
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
