//! The editor's keys: undo and redo, save, the snap grid, and turning, copying and deleting the
//! selected pieces.

use super::state::{EditTool, Editor};
use crate::app::base::state::{ActiveTool, Notices};
use crate::edit::EditOp;
use crate::edit::ops::snap_angle;
use crate::table::Pt;
use bevy::prelude::*;

pub(super) fn editor_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut notices: ResMut<Notices>,
    tool: Res<ActiveTool>,
) {
    let ctrl = crate::app::base::state::modifier_held(&keys, crate::app::base::state::CTRL);
    let shift = crate::app::base::state::modifier_held(&keys, crate::app::base::state::SHIFT);
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
