//! The mouse in the editor: strokes of the ground and height brushes, dragged rectangles and zones,
//! placing objectives, and placing, selecting and moving pieces. A whole gesture is one edit.

use super::state::{EditTool, Editor};
use crate::app::base::state::{ActiveTool, Notices};
use crate::app::view::picking::CursorHit;
use crate::edit::ops::{brush_tiles, rect_tiles, snap_point};
use crate::edit::presets::PRESETS;
use crate::edit::{EditLevel, EditOp, HeightMode};
use crate::table::{Objective, Pt, Zone, ZoneKind};
use bevy::prelude::*;

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

pub(super) fn editor_mouse(
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
            let p = crate::app::base::convert::to_table(v);
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
