//! The level editor: paint ground and heights, place and arrange pieces, draw zones, place
//! objectives, undo and redo, save with validation, and play-test in the sandbox. Every change is
//! an `edit::EditOp` applied through the history; the table on screen mirrors the history's level.

use super::camera::OrbitCamera;
use super::convert::{flat, to_world};
use super::picking::CursorHit;
use super::screens::Mode;
use super::state::{ActiveTool, Notices, TableState, pointer_on_table};
use super::table_entities::TableSync;
use crate::data::{load_level, save_level};
use crate::edit::ops::{brush_tiles, rect_tiles, snap_angle, snap_point};
use crate::edit::presets::PRESETS;
use crate::edit::{EditLevel, EditOp, HeightMode, History};
use crate::table::{GroundKind, Objective, Pt, Tag, Zone, ZoneKind};
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::collections::BTreeSet;
use std::path::PathBuf;

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

/// The window-free part: the table on screen mirrors the editor's level. Used by the app and by
/// headless tests.
pub fn core_plugin(app: &mut App) {
    app.init_resource::<Mode>()
        .add_systems(Update, sync_table.before(TableSync));
}

/// `wartable edit [FILE]`: open the editor at start, on FILE or on a new 48" x 36" level.
#[derive(Resource, Debug, Clone)]
pub struct StartEditor(pub Option<PathBuf>);

fn start_editor(
    mut commands: Commands,
    start: Res<StartEditor>,
    mut notices: ResMut<Notices>,
    mut mode: ResMut<Mode>,
    mut tool: ResMut<ActiveTool>,
) {
    let editor = match &start.0 {
        Some(path) => {
            Editor::open(super::level_io::resolve_data_path(path)).unwrap_or_else(|errs| {
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

/// Switches between the sandbox and the editor. Entering the editor without one open edits the
/// table in play; coming back from a play-test restores the level as edited.
pub fn toggle_mode(
    commands: &mut Commands,
    mode: &mut Mode,
    tool: &mut ActiveTool,
    editor: Option<&mut Editor>,
    state: &TableState,
) {
    match *mode {
        Mode::Sandbox => {
            match editor {
                Some(e) => e.synced = 0,
                None => {
                    let level = EditLevel::from_file(&state.level, state.table.clone());
                    commands.insert_resource(Editor::new(level, state.path.clone()));
                }
            }
            *mode = Mode::Editor;
            *tool = ActiveTool::Edit;
        }
        Mode::Editor => {
            *mode = Mode::Sandbox;
            *tool = ActiveTool::Select;
        }
        // A game is left through its own panel, which asks first.
        Mode::Game => {}
    }
}

pub fn in_editor(mode: Res<Mode>, editor: Option<Res<Editor>>) -> bool {
    *mode == Mode::Editor && editor.is_some()
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

fn mtime(p: &std::path::Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// The autosave file for a level file (or for a level never saved).
pub fn autosave_path(file: Option<&std::path::Path>) -> PathBuf {
    let dir = super::level_io::resolve_data_path(std::path::Path::new("levels"));
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

fn autosave_tick(
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

/// Window close requests: closed at once, or held for the quit prompt when the editor has unsaved
/// work. Window-free, so headless tests use it.
pub fn quit_plugin(app: &mut App) {
    app.init_resource::<QuitPrompt>()
        .add_systems(Update, close_requests);
}

/// Asks before closing the window on unsaved work.
#[derive(Resource, Debug, Default)]
pub struct QuitPrompt(pub Option<Entity>);

fn close_requests(
    mut commands: Commands,
    mut requests: MessageReader<bevy::window::WindowCloseRequested>,
    editor: Option<Res<Editor>>,
    mut prompt: ResMut<QuitPrompt>,
) {
    for r in requests.read() {
        if editor.as_ref().is_some_and(|e| e.history.is_dirty()) {
            prompt.0 = Some(r.window);
        } else {
            commands.entity(r.window).despawn();
        }
    }
}

fn quit_dialog(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut prompt: ResMut<QuitPrompt>,
    editor: Option<ResMut<Editor>>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Some(window) = prompt.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut editor) = editor else {
        commands.entity(window).despawn();
        return Ok(());
    };
    egui::Window::new("Unsaved changes")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .show(&ctx, |ui| {
            ui.label(format!(
                "'{}' has unsaved changes.",
                editor.history.current().name
            ));
            ui.horizontal(|ui| {
                if ui.button("Save and quit").clicked() {
                    match editor.path.clone() {
                        Some(p) => {
                            editor.save_to(p, &mut notices);
                            if !editor.history.is_dirty() {
                                commands.entity(window).despawn();
                            }
                        }
                        None => {
                            let _ = editor.autosave();
                            notices.status = format!(
                                "Not saved yet: use Save as. A recovery copy is in {}",
                                editor.autosave_path().display()
                            );
                        }
                    }
                    prompt.0 = None;
                }
                if ui.button("Quit without saving").clicked() {
                    let _ = std::fs::remove_file(editor.autosave_path());
                    commands.entity(window).despawn();
                    prompt.0 = None;
                }
                if ui.button("Cancel").clicked() {
                    prompt.0 = None;
                }
            });
        });
    Ok(())
}

/// Where on the table a problem's field lies (`pieces[3].size` -> piece 3), to focus the camera.
fn focus_of(t: &crate::table::Table, field: &str) -> Option<Pt> {
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

/// Puts the history's level (with a stroke in progress) on the table.
fn sync_table(editor: Option<ResMut<Editor>>, mode: Res<Mode>, state: Option<ResMut<TableState>>) {
    let (Some(mut editor), Some(mut state)) = (editor, state) else {
        return;
    };
    if *mode != Mode::Editor {
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

/// The topmost piece under a point.
fn piece_at(level: &EditLevel, p: Pt) -> Option<usize> {
    level
        .table
        .pieces
        .iter()
        .enumerate()
        .rev()
        .find(|(_, pc)| pc.footprint_contains(p))
        .map(|(i, _)| i)
}

fn editor_mouse(
    mouse: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut editor: ResMut<Editor>,
    mut notices: ResMut<Notices>,
) {
    if *tool != ActiveTool::Edit {
        return;
    }
    // Off the table, the pointer's spot on the table plane is clamped to the table's edge, so that
    // zones and rectangles can be dragged right up to the edges.
    let table = &editor.history.current().table;
    let clamped = hit
        .ray
        .and_then(|r| r.plane_intersection_point(Vec3::ZERO, InfinitePlane3d::new(Vec3::Y)))
        .map(|v| {
            let p = super::convert::to_table(v);
            Pt::new(p.x.clamp(0.0, table.width), p.y.clamp(0.0, table.depth))
        });
    let Some(p) = hit.ground.or(clamped) else {
        if mouse.just_released(MouseButton::Left) {
            finish(&mut editor, &mut notices);
        }
        return;
    };
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let level = editor.history.current().clone();
    match editor.tool {
        EditTool::Ground | EditTool::Height => {
            if mouse.pressed(MouseButton::Left) {
                let size = editor.brush;
                let tiles = brush_tiles(&level.table, p, size);
                let before = editor.stroke.len();
                editor.stroke.extend(tiles);
                if editor.stroke.len() != before {
                    editor.synced = 0;
                }
            }
        }
        EditTool::Rectangle | EditTool::Zones => {
            if mouse.just_pressed(MouseButton::Left) {
                editor.drag_from = Some(p);
            }
            if mouse.pressed(MouseButton::Left) {
                editor.drag_to = Some(p);
            }
        }
        EditTool::Eyedropper => {
            if mouse.just_pressed(MouseButton::Left) {
                let k = level.table.tiles.kind_at(p);
                let h = level.table.tiles.height_at(p);
                editor.kind = k;
                editor.height_mode = HeightMode::Set(h);
                notices.status = format!("Picked {} ground, height {h}\"", k.label());
            }
        }
        EditTool::Objectives => {
            if mouse.just_pressed(MouseButton::Left) {
                let at = snap_point(p, editor.snap);
                let n = level.table.objectives.len() + 1;
                editor.apply(
                    EditOp::AddObjective(Objective {
                        name: format!("Objective {n}"),
                        at,
                        diameter: 1.0,
                    }),
                    &mut notices,
                );
            }
        }
        EditTool::Pieces => {
            if mouse.just_pressed(MouseButton::Left) {
                match piece_at(&level, p) {
                    Some(i) => {
                        if shift {
                            if let Some(k) = editor.selected.iter().position(|s| *s == i) {
                                editor.selected.remove(k);
                            } else {
                                editor.selected.push(i);
                            }
                        } else if !editor.selected.contains(&i) {
                            editor.selected = vec![i];
                        }
                        editor.drag_from = Some(p);
                    }
                    None if !shift => {
                        let preset = &PRESETS[editor.preset.min(PRESETS.len() - 1)];
                        let at = snap_point(p, editor.snap);
                        editor.apply(EditOp::AddPiece(preset.piece_at(at, 0.0)), &mut notices);
                        let last = editor
                            .history
                            .current()
                            .table
                            .pieces
                            .len()
                            .saturating_sub(1);
                        editor.selected = vec![last];
                    }
                    None => {}
                }
            }
            if mouse.pressed(MouseButton::Left) && editor.drag_from.is_some() {
                editor.drag_to = Some(p);
            }
        }
    }
    if mouse.just_released(MouseButton::Left) {
        // The pointer may have moved on the very frame the button came up.
        if editor.drag_from.is_some() {
            editor.drag_to = Some(p);
        }
        finish(&mut editor, &mut notices);
    }
}

/// Ends a stroke or a drag: one edit for the whole gesture, so one undo takes it back.
fn finish(editor: &mut Editor, notices: &mut Notices) {
    if let Some(op) = editor.stroke_op() {
        editor.stroke.clear();
        editor.apply(op, notices);
        editor.synced = 0;
    }
    let (Some(a), Some(b)) = (editor.drag_from.take(), editor.drag_to.take()) else {
        return;
    };
    let level = editor.history.current().clone();
    match editor.tool {
        EditTool::Rectangle => {
            let kind = editor.kind;
            editor.apply(
                EditOp::PaintKind {
                    tiles: rect_tiles(&level.table, a, b),
                    kind,
                },
                notices,
            );
        }
        EditTool::Zones => {
            let (a, b) = (snap_point(a, editor.snap), snap_point(b, editor.snap));
            let n = level.table.zones.len() + 1;
            let kind = editor.zone_kind;
            let name = format!(
                "Side {} {} {n}",
                editor.zone_side,
                if kind == ZoneKind::Deployment {
                    "deployment"
                } else {
                    "territory"
                }
            );
            editor.apply(
                EditOp::AddZone(Zone {
                    name,
                    kind,
                    side: editor.zone_side,
                    min: a,
                    max: b,
                }),
                notices,
            );
        }
        EditTool::Pieces => {
            let by = snap_point(b.sub(a), editor.snap);
            if by.len() > 1e-3 && !editor.selected.is_empty() {
                let pieces = editor.selected.clone();
                editor.apply(EditOp::MovePieces { pieces, by }, notices);
            }
        }
        _ => {}
    }
}

fn editor_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut notices: ResMut<Notices>,
    tool: Res<ActiveTool>,
) {
    let ctrl = super::state::modifier_held(&keys, super::state::CTRL);
    let shift = super::state::modifier_held(&keys, super::state::SHIFT);
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        if shift {
            editor.redo()
        } else {
            editor.undo()
        }
        return;
    }
    if ctrl && keys.just_pressed(KeyCode::KeyY) {
        editor.redo();
        return;
    }
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        match editor.path.clone() {
            Some(p) => editor.save_checked(p, &mut notices),
            None => editor.save_as = Some("my-level".into()),
        }
        return;
    }
    if keys.just_pressed(KeyCode::KeyX) {
        editor.snap = if editor.snap == 1.0 {
            0.5
        } else if editor.snap == 0.5 {
            0.0
        } else {
            1.0
        };
        notices.status = format!(
            "Snap grid: {}",
            if editor.snap > 0.0 {
                format!("{}\"", editor.snap)
            } else {
                "off".into()
            }
        );
    }
    if *tool != ActiveTool::Edit || editor.tool != EditTool::Pieces || editor.selected.is_empty() {
        return;
    }
    let pieces = editor.selected.clone();
    let step = if editor.snap_rotation { 15.0 } else { 5.0 };
    if keys.just_pressed(KeyCode::KeyQ) {
        let cur = editor.history.current().table.pieces[pieces[0]].rotation;
        let target = if editor.snap_rotation {
            snap_angle(cur + step, step)
        } else {
            cur + step
        };
        editor.apply(
            EditOp::RotatePieces {
                pieces: pieces.clone(),
                deg: target - cur,
            },
            &mut notices,
        );
    }
    if keys.just_pressed(KeyCode::KeyE) {
        let cur = editor.history.current().table.pieces[pieces[0]].rotation;
        let target = if editor.snap_rotation {
            snap_angle(cur - step, step)
        } else {
            cur - step
        };
        editor.apply(
            EditOp::RotatePieces {
                pieces: pieces.clone(),
                deg: target - cur,
            },
            &mut notices,
        );
    }
    if keys.any_just_pressed([KeyCode::Delete, KeyCode::Backspace]) {
        editor.apply(EditOp::DeletePieces { pieces }, &mut notices);
        editor.selected.clear();
    } else if ctrl && keys.just_pressed(KeyCode::KeyD) {
        let before = editor.history.current().table.pieces.len();
        editor.apply(
            EditOp::DuplicatePieces {
                pieces: pieces.clone(),
                by: Pt::new(1.0, -1.0),
            },
            &mut notices,
        );
        let after = editor.history.current().table.pieces.len();
        editor.selected = (before..after).collect();
    }
}

fn draw_editor(
    editor: Res<Editor>,
    hit: Res<CursorHit>,
    tool: Res<ActiveTool>,
    mut gizmos: Gizmos,
) {
    let level = editor.history.current();
    let t = &level.table;
    let white = Color::srgb(1.0, 1.0, 1.0);
    for &i in &editor.selected {
        if let Some(p) = t.pieces.get(i) {
            let top = p.base_height + p.size.2 + 0.05;
            let c = p.corners();
            gizmos.linestrip(
                c.iter()
                    .chain(std::iter::once(&c[0]))
                    .map(|q| to_world(*q, top)),
                white,
            );
            gizmos.linestrip(
                c.iter()
                    .chain(std::iter::once(&c[0]))
                    .map(|q| to_world(*q, 0.05)),
                white,
            );
        }
    }
    if *tool != ActiveTool::Edit {
        return;
    }
    let Some(p) = hit.ground else { return };
    match editor.tool {
        EditTool::Ground | EditTool::Height | EditTool::Eyedropper => {
            let g = &t.tiles;
            for (c, r) in brush_tiles(
                t,
                p,
                if editor.tool == EditTool::Eyedropper {
                    1
                } else {
                    editor.brush
                },
            ) {
                let centre = g.tile_centre(c, r);
                let h = g.height(c, r) + 0.05;
                let half = g.tile_size / 2.0 - 0.05;
                let pts = [
                    Pt::new(-half, -half),
                    Pt::new(half, -half),
                    Pt::new(half, half),
                    Pt::new(-half, half),
                    Pt::new(-half, -half),
                ];
                gizmos.linestrip(
                    pts.iter().map(|d| to_world(centre.add(*d), h)),
                    Color::srgb(1.0, 0.9, 0.2),
                );
            }
        }
        EditTool::Rectangle | EditTool::Zones => {
            if let (Some(a), Some(b)) = (editor.drag_from, editor.drag_to) {
                let pts = [a, Pt::new(b.x, a.y), b, Pt::new(a.x, b.y), a];
                gizmos.linestrip(
                    pts.iter().map(|q| to_world(*q, 0.1)),
                    Color::srgb(1.0, 0.9, 0.2),
                );
            }
        }
        EditTool::Objectives | EditTool::Pieces => {
            let q = snap_point(p, editor.snap);
            gizmos.circle(
                flat(to_world(q, t.surface_height(q) + 0.05)),
                0.3,
                Color::srgb(1.0, 0.9, 0.2),
            );
        }
    }
}

/// The editor's window: files, tools, the selected pieces, zones, objectives, problems and hints.
fn editor_window(
    mut contexts: EguiContexts,
    mut editor: ResMut<Editor>,
    mut notices: ResMut<Notices>,
    mut tool: ResMut<ActiveTool>,
    mut mode: ResMut<Mode>,
    mut cams: Query<&mut OrbitCamera>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut focus = None;
    egui::Window::new("Level editor").anchor(egui::Align2::LEFT_TOP, [8.0, 34.0]).default_width(250.0).show(&ctx, |ui| {
        if let Some(auto) = editor.recovery.clone() {
            ui.colored_label(egui::Color32::from_rgb(255, 200, 90), format!("Unsaved work was autosaved in {}.", auto.display()));
            ui.horizontal(|ui| {
                if ui.button("Recover it").clicked() {
                    match crate::data::load_level(&auto) {
                        Ok((file, table)) => {
                            // The recovered level becomes one edit on top of the file: Undo goes back.
                            editor.history.replace_with(EditLevel::from_file(&file, table));
                            editor.rev += 1;
                            notices.status = "Recovered the autosaved work (Undo returns to the file)".into();
                        }
                        Err(errs) => notices.show_errors("The autosave could not be read", errs.iter().map(ToString::to_string).collect()),
                    }
                    editor.recovery = None;
                }
                if ui.button("Discard it").clicked() {
                    let _ = std::fs::remove_file(&auto);
                    editor.recovery = None;
                }
            });
            ui.separator();
        }
        if let Some(path) = editor.confirm_overwrite.clone() {
            ui.colored_label(egui::Color32::from_rgb(255, 120, 100), format!("{} changed on disk since it was opened.", path.display()));
            ui.horizontal(|ui| {
                if ui.button("Overwrite it").clicked() {
                    editor.confirm_overwrite = None;
                    editor.save_to(path.clone(), &mut notices);
                }
                if ui.button("Cancel").clicked() {
                    editor.confirm_overwrite = None;
                }
            });
            ui.separator();
        }
        let mut name = editor.name_buf.clone().unwrap_or_else(|| editor.history.current().name.clone());
        ui.horizontal(|ui| {
            ui.label("Name");
            let r = ui.text_edit_singleline(&mut name);
            if r.changed() {
                editor.name_buf = Some(name.clone());
            }
            if r.lost_focus() {
                editor.name_buf = None;
                let desc = editor.history.current().description.clone();
                if !name.trim().is_empty() && name.trim() != editor.history.current().name {
                    editor.apply(EditOp::Rename { name: name.trim().to_string(), description: desc }, &mut notices);
                }
            }
        });
        let dirty = editor.history.is_dirty();
        let file = editor.path.as_ref().map_or("(not saved yet)".into(), |p| p.display().to_string());
        ui.label(format!("{}{}", file, if dirty { "  (unsaved changes)" } else { "" }));
        ui.horizontal(|ui| {
            if ui.button("New...").clicked() {
                editor.new_dialog = Some((48.0, 36.0, 2.0));
            }
            if ui.button("Save").clicked() {
                match editor.path.clone() {
                    Some(p) => editor.save_checked(p, &mut notices),
                    None => editor.save_as = Some("my-level".into()),
                }
            }
            if ui.button("Save as...").clicked() {
                editor.save_as = Some(editor.path.as_ref().and_then(|p| p.file_stem()).map_or("my-level".into(), |s| s.to_string_lossy().into_owned()));
            }
            if ui.add_enabled(editor.history.can_undo(), egui::Button::new("Undo")).clicked() {
                editor.undo();
            }
            if ui.add_enabled(editor.history.can_redo(), egui::Button::new("Redo")).clicked() {
                editor.redo();
            }
            if ui.button("Play-test").clicked() {
                *mode = Mode::Sandbox;
                *tool = ActiveTool::Select;
            }
        });
        if let Some((mut w, mut d, mut ts)) = editor.new_dialog {
            let mut create = false;
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut w).speed(1.0).prefix("width ").suffix("\""));
                ui.add(egui::DragValue::new(&mut d).speed(1.0).prefix("depth ").suffix("\""));
                ui.add(egui::DragValue::new(&mut ts).speed(0.5).prefix("tile ").suffix("\""));
                create = ui.button("Create").clicked();
            });
            editor.new_dialog = Some((w, d, ts));
            if create {
                match EditLevel::new("New level", w, d, ts) {
                    Ok(level) => {
                        if editor.history.is_dirty() {
                            notices.status = "The previous level had unsaved changes; undo history is kept only for the new level".into();
                        }
                        *editor = Editor::new(level, None);
                    }
                    Err(e) => notices.status = format!("New level: {e}"),
                }
            }
        }
        if let Some(mut name) = editor.save_as.clone() {
            let mut save = false;
            ui.horizontal(|ui| {
                ui.label("levels/");
                ui.text_edit_singleline(&mut name);
                save = ui.button("Save").clicked();
            });
            editor.save_as = Some(name.clone());
            if save {
                let n = name.trim().trim_end_matches(".ron").to_string();
                if n.is_empty() || !n.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_') {
                    notices.status = "Use letters, digits, '-' and '_' for the file name".into();
                } else {
                    let path = super::level_io::resolve_data_path(std::path::Path::new("levels")).join(format!("{n}.ron"));
                    editor.save_to(path, &mut notices);
                    editor.save_as = None;
                }
            }
        }
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            for (t, label) in [
                (EditTool::Ground, "Ground"),
                (EditTool::Height, "Height"),
                (EditTool::Rectangle, "Rectangle"),
                (EditTool::Eyedropper, "Eyedropper"),
                (EditTool::Pieces, "Pieces"),
                (EditTool::Zones, "Zones"),
                (EditTool::Objectives, "Objectives"),
            ] {
                if ui.selectable_label(editor.tool == t && *tool == ActiveTool::Edit, label).clicked() {
                    editor.tool = t;
                    *tool = ActiveTool::Edit;
                }
            }
        });
        ui.horizontal(|ui| {
            ui.label("Snap (X):");
            for (v, l) in [(1.0, "1\""), (0.5, "0.5\""), (0.0, "off")] {
                if ui.selectable_label(editor.snap == v, l).clicked() {
                    editor.snap = v;
                }
            }
        });
        ui.separator();
        match editor.tool {
            EditTool::Ground | EditTool::Rectangle | EditTool::Eyedropper => {
                ui.horizontal_wrapped(|ui| {
                    for k in GroundKind::ALL {
                        if ui.selectable_label(editor.kind == k, k.label()).clicked() {
                            editor.kind = k;
                        }
                    }
                });
                if editor.tool == EditTool::Ground {
                    ui.add(egui::Slider::new(&mut editor.brush, 1..=7).text("brush (tiles)"));
                }
            }
            EditTool::Height => {
                let (mut m, mut v) = match editor.height_mode {
                    HeightMode::Raise(d) => (0, d),
                    HeightMode::Lower(d) => (1, d),
                    HeightMode::Set(h) => (2, h),
                };
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut m, 0, "Raise");
                    ui.selectable_value(&mut m, 1, "Lower");
                    ui.selectable_value(&mut m, 2, "Set");
                    ui.add(egui::DragValue::new(&mut v).speed(0.1).range(0.0..=48.0).suffix("\""));
                });
                editor.height_mode = match m {
                    0 => HeightMode::Raise(v),
                    1 => HeightMode::Lower(v),
                    _ => HeightMode::Set(v),
                };
                ui.add(egui::Slider::new(&mut editor.brush, 1..=7).text("brush (tiles)"));
            }
            EditTool::Pieces => pieces_section(ui, &mut editor, &mut notices),
            EditTool::Zones => {
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut editor.zone_kind, ZoneKind::Deployment, "Deployment");
                    ui.selectable_value(&mut editor.zone_kind, ZoneKind::Territory, "Territory");
                    ui.selectable_value(&mut editor.zone_side, 1, "Side 1");
                    ui.selectable_value(&mut editor.zone_side, 2, "Side 2");
                });
                ui.label("Drag a rectangle on the table.");
                let zones: Vec<String> = editor.history.current().table.zones.iter().map(|z| z.name.clone()).collect();
                for (i, z) in zones.iter().enumerate() {
                    ui.horizontal(|ui| {
                        ui.label(z);
                        if ui.small_button("delete").clicked() {
                            editor.apply(EditOp::DeleteZone(i), &mut notices);
                        }
                    });
                }
            }
            EditTool::Objectives => {
                ui.label("Click the table to place an objective.");
                let objs: Vec<(String, Pt)> = editor.history.current().table.objectives.iter().map(|o| (o.name.clone(), o.at)).collect();
                for (i, (n, at)) in objs.iter().enumerate() {
                    ui.horizontal(|ui| {
                        ui.label(format!("{n} ({:.1}, {:.1})", at.x, at.y));
                        if ui.small_button("delete").clicked() {
                            editor.apply(EditOp::DeleteObjective(i), &mut notices);
                        }
                    });
                }
            }
        }
        let hints = editor.history.current().hints();
        if !hints.is_empty() {
            ui.separator();
            ui.strong("Rule hints");
            for h in hints {
                ui.label(egui::RichText::new(h).small());
            }
        }
        if !editor.problems.is_empty() {
            ui.separator();
            ui.colored_label(egui::Color32::from_rgb(255, 120, 100), "Problems (click to focus):");
            for (text, at) in editor.problems.clone() {
                if ui.add(egui::Label::new(egui::RichText::new(&text).monospace().small()).sense(egui::Sense::click())).clicked() {
                    focus = at;
                }
            }
        }
    });
    if let Some(p) = focus {
        for mut c in &mut cams {
            c.focus = to_world(p, 0.0);
            c.distance = c.distance.min(30.0);
        }
    }
    Ok(())
}

fn pieces_section(ui: &mut egui::Ui, editor: &mut Editor, notices: &mut Notices) {
    ui.label("Click empty ground to place; click a piece to select (shift adds); drag to move; Q/E turn; Ctrl+D copy; Delete.");
    ui.horizontal_wrapped(|ui| {
        for (i, p) in PRESETS.iter().enumerate() {
            if ui.selectable_label(editor.preset == i, p.name).clicked() {
                editor.preset = i;
            }
        }
    });
    ui.checkbox(
        &mut editor.snap_rotation,
        "Turn in 15\u{b0} steps (else 5\u{b0})",
    );
    if editor.selected.len() != 1 {
        if !editor.selected.is_empty() {
            ui.label(format!("{} pieces selected", editor.selected.len()));
        }
        return;
    }
    let i = editor.selected[0];
    let Some(p) = editor.history.current().table.pieces.get(i).cloned() else {
        return;
    };
    ui.separator();
    ui.strong(format!(
        "{} ({:?})",
        if p.label.is_empty() {
            "Piece"
        } else {
            &p.label
        },
        p.shape
    ));
    let mut rot = p.rotation;
    ui.horizontal(|ui| {
        ui.label("Rotation");
        ui.add(
            egui::DragValue::new(&mut rot)
                .speed(1.0)
                .range(0.0..=359.9)
                .suffix("\u{b0}"),
        );
    });
    if (rot - p.rotation).abs() > 1e-3 {
        editor.apply(
            EditOp::RotatePieces {
                pieces: vec![i],
                deg: rot - p.rotation,
            },
            notices,
        );
    }
    let mut size = p.size;
    ui.horizontal(|ui| {
        ui.add(
            egui::DragValue::new(&mut size.0)
                .speed(0.1)
                .range(0.05..=240.0)
                .prefix("w "),
        );
        ui.add(
            egui::DragValue::new(&mut size.1)
                .speed(0.1)
                .range(0.05..=240.0)
                .prefix("d "),
        );
        ui.add(
            egui::DragValue::new(&mut size.2)
                .speed(0.1)
                .range(0.0..=48.0)
                .prefix("h "),
        );
    });
    if size != p.size {
        editor.apply(EditOp::ResizePiece { piece: i, size }, notices);
    }
    let mut tags = p.tags.clone();
    ui.horizontal_wrapped(|ui| {
        for t in Tag::ALL {
            let mut on = tags.contains(&t);
            if ui.checkbox(&mut on, t.label()).changed() {
                if on {
                    tags.push(t)
                } else {
                    tags.retain(|x| *x != t)
                }
            }
        }
    });
    if tags != p.tags {
        editor.apply(EditOp::SetTags { piece: i, tags }, notices);
    }
}
