//! The editor's window: recovery and overwrite prompts, name and file, New / Save / Undo / Redo /
//! Play-test, the tools and their settings, zones, objectives, rule hints, and the problems of
//! the last save (a click focuses the camera on one).

use super::state::{EditTool, Editor};
use crate::app::base::convert::to_world;
use crate::app::base::mode::Mode;
use crate::app::base::state::{ActiveTool, Notices};
use crate::app::view::camera::OrbitCamera;
use crate::edit::{EditLevel, EditOp, HeightMode};
use crate::table::{GroundKind, Pt, ZoneKind};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The editor's window: files, tools, the selected pieces, zones, objectives, problems and hints.
pub(super) fn editor_window(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut editor: ResMut<Editor>,
    mut notices: ResMut<Notices>,
    mut tool: ResMut<ActiveTool>,
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
        if let Some(op) = look_row(ui, editor.history.current()) {
            editor.apply(op, &mut notices);
        }
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
                commands.set_state(Mode::Sandbox);
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
                    let path = crate::app::base::level_io::resolve_data_path(std::path::Path::new("levels")).join(format!("{n}.ron"));
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
            EditTool::Pieces => super::pieces_panel::pieces_section(ui, &mut editor, &mut notices),
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

/// The level's look: the table top, what its water tiles hold (water or blood), and its
/// lighting (a dark level is played in the dark by the rule sets that know it).
fn look_row(ui: &mut egui::Ui, level: &EditLevel) -> Option<EditOp> {
    use crate::data::level::{Lighting, Liquid, Theme};
    let (mut theme, mut liquid, mut lighting) = (level.theme, level.liquid, level.lighting);
    ui.horizontal(|ui| {
        ui.label("Look");
        egui::ComboBox::from_id_salt("level_theme")
            .selected_text(format!("{theme:?}"))
            .show_ui(ui, |ui| {
                for t in [Theme::Field, Theme::Deck, Theme::Sand] {
                    ui.selectable_value(&mut theme, t, format!("{t:?}"));
                }
            });
        egui::ComboBox::from_id_salt("level_liquid")
            .selected_text(format!("{liquid:?}"))
            .show_ui(ui, |ui| {
                for l in Liquid::ALL {
                    ui.selectable_value(&mut liquid, l, format!("{l:?}"));
                }
            })
            .response
            .on_hover_text("what the shallow and deep water tiles hold");
        egui::ComboBox::from_id_salt("level_lighting")
            .selected_text(format!("{lighting:?}"))
            .show_ui(ui, |ui| {
                for l in Lighting::ALL {
                    ui.selectable_value(&mut lighting, l, format!("{l:?}"));
                }
            })
            .response
            .on_hover_text("a dark level: Kry-Gothic shots take +2 to hit");
    });
    ((theme, liquid, lighting) != (level.theme, level.liquid, level.lighting)).then_some(
        EditOp::Look {
            theme,
            liquid,
            lighting,
        },
    )
}
