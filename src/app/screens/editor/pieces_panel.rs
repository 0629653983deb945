//! The Pieces tool's part of the editor window: the presets, the rotation step, and the one
//! selected piece's rotation, size and tags.

use super::state::Editor;
use crate::app::base::state::Notices;
use crate::edit::EditOp;
use crate::edit::presets::PRESETS;
use crate::table::Tag;
use bevy_egui::egui;

pub(super) fn pieces_section(ui: &mut egui::Ui, editor: &mut Editor, notices: &mut Notices) {
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
