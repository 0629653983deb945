//! The editor's state: the `Editor` resource (the level's history, its file, the tool settings),
//! the tool a click uses, opening the editor at start, and switching between sandbox and editor.

use super::files::{autosave_path, mtime, recovery_for};
use crate::app::base::mode::Mode;
use crate::app::base::state::{ActiveTool, Notices, TableState};
use crate::data::{load_level, save_level};
use crate::edit::{EditLevel, EditOp, HeightMode, History};
use crate::table::{GroundKind, Pt, ZoneKind};
use bevy::prelude::*;
use std::collections::BTreeSet;
use std::path::PathBuf;

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

/// Opens the editor from the sandbox when a screen asks for it (the main menu's Level editor).
pub(super) fn open_when_asked(
    mut asked: MessageReader<crate::app::base::nav::OpenWindow>,
    mut commands: Commands,
    mode: Res<State<Mode>>,
    mut tool: ResMut<ActiveTool>,
    editor: Option<ResMut<Editor>>,
    state: Option<Res<TableState>>,
) {
    if !asked
        .read()
        .any(|w| *w == crate::app::base::nav::OpenWindow::Editor)
    {
        return;
    }
    let Some(state) = state else { return };
    if *mode.get() != Mode::Editor {
        toggle_mode(
            &mut commands,
            *mode.get(),
            &mut tool,
            editor.map(|e| e.into_inner()),
            &state,
        );
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
    pub(super) stroke: BTreeSet<(usize, usize)>,
    pub(super) drag_from: Option<Pt>,
    pub(super) drag_to: Option<Pt>,
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
    pub(super) fn stroke_op(&self) -> Option<EditOp> {
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

/// Where on the table a problem's field lies (`pieces[3].size` -> piece 3), to focus the camera.
pub(super) fn focus_of(t: &crate::table::Table, field: &str) -> Option<Pt> {
    let index = |prefix: &str| {
        field
            .strip_prefix(prefix)
            .and_then(|r| r.split(']').next())
            .and_then(|n| n.parse::<usize>().ok())
    };
    if let Some(i) = index("pieces[") {
        return t.pieces.get(i).map(|p| p.at);
    }
    if let Some(i) = index("objectives[") {
        return t.objectives.get(i).map(|o| o.at);
    }
    if let Some(i) = index("zones[") {
        return t.zones.get(i).map(|z| z.min.add(z.max).scale(0.5));
    }
    if let Some(i) = index("models[") {
        return t.models.get(i).map(|m| m.pos);
    }
    None
}
