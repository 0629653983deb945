//! The editor's keys: undo and redo, save, the snap grid, and turning, copying and deleting the
//! selected pieces. The keys are the constants below, which the F1 help lists too.

use super::state::{EditTool, Editor};
use crate::app::base::key_help::{Chord, HelpLine, chords_text};
use crate::app::base::state::{ActiveTool, Notices};
use crate::edit::EditOp;
use crate::edit::ops::snap_angle;
use crate::table::Pt;
use bevy::prelude::*;

pub const UNDO: Chord = Chord::ctrl(KeyCode::KeyZ);
pub const REDO: [Chord; 2] = [Chord::ctrl(KeyCode::KeyY), Chord::ctrl_shift(KeyCode::KeyZ)];
pub const SAVE: Chord = Chord::ctrl(KeyCode::KeyS);
pub const SNAP: Chord = Chord::plain(KeyCode::KeyX);
pub const TURN_LEFT: Chord = Chord::plain(KeyCode::KeyQ);
pub const TURN_RIGHT: Chord = Chord::plain(KeyCode::KeyE);
pub const DELETE: [Chord; 2] = [
    Chord::plain(KeyCode::Delete),
    Chord::plain(KeyCode::Backspace),
];
pub const COPY: Chord = Chord::ctrl(KeyCode::KeyD);

/// The editor's own keys, for the F1 help.
pub fn help() -> Vec<HelpLine> {
    vec![
        HelpLine::new(UNDO.name(), "undo"),
        HelpLine::new(chords_text(&REDO), "redo"),
        HelpLine::new(SAVE.name(), "save (checks the level first)"),
        HelpLine::new(SNAP.name(), "snap grid 1\" / 0.5\" / off"),
        HelpLine::new(
            chords_text(&[TURN_LEFT, TURN_RIGHT]),
            "turn the selected pieces left / right (Pieces)",
        ),
        HelpLine::new(COPY.name(), "copy the selected pieces (Pieces)"),
        HelpLine::new(chords_text(&DELETE), "delete the selected pieces (Pieces)"),
    ]
}

pub(super) fn editor_keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut notices: ResMut<Notices>,
    tool: Res<ActiveTool>,
) {
    let shift = crate::app::base::state::modifier_held(&keys, crate::app::base::state::SHIFT);
    if UNDO.just_pressed(&keys) {
        if shift {
            editor.redo()
        } else {
            editor.undo()
        }
        return;
    }
    if REDO[0].just_pressed(&keys) {
        editor.redo();
        return;
    }
    if SAVE.just_pressed(&keys) {
        match editor.path.clone() {
            Some(p) => editor.save_checked(p, &mut notices),
            None => editor.save_as = Some("my-level".into()),
        }
        return;
    }
    if SNAP.just_pressed(&keys) {
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
    if TURN_LEFT.just_pressed(&keys) {
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
    if TURN_RIGHT.just_pressed(&keys) {
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
    if DELETE.iter().any(|c| c.just_pressed(&keys)) {
        editor.apply(EditOp::DeletePieces { pieces }, &mut notices);
        editor.selected.clear();
    } else if COPY.just_pressed(&keys) {
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
