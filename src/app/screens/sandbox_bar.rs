//! The egui overlays: the top bar (level, seed, tools, view toggles), the sandbox palette, the
//! selected model's card, the measurement readout, the errors panel, the status line and the F1 help
//! window (its lines are the screen's own, `super::help`).

use crate::app::base::level_io::{LoadRequest, list_levels, resolve_data_path};
use crate::app::base::state::{
    ActiveTool, Notices, PointerOverUi, SandboxDice, Selection, TableState, Tape, TapeRule,
    ViewSettings,
};
use crate::app::tools::measure;
use crate::app::tools::sandbox::{PaletteChoice, SandboxPalette};
use crate::table::{Arc, TapeEnd};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::Path;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<UiState>()
        .init_resource::<UiRest>()
        .add_systems(EguiPrimaryContextPass, overlays.in_set(OverlaySet));
}

pub use crate::app::base::sets::OverlaySet;

pub use crate::app::ui_kit::layout::{UiRest, fit_viewport, pointer_over_ui};

/// Transient UI state: the open-level dialog and the side the palette places for.
#[derive(Resource, Debug)]
pub struct UiState {
    pub open_dialog: bool,
    pub save_dialog: bool,
    pub save_name: String,
    pub path_text: String,
    pub palette_side: u8,
}

impl Default for UiState {
    fn default() -> Self {
        Self {
            open_dialog: false,
            save_dialog: false,
            save_name: String::new(),
            path_text: "levels/".into(),
            palette_side: 1,
        }
    }
}

fn overlays(
    mut contexts: EguiContexts,
    state: Option<ResMut<TableState>>,
    mut sel: ResMut<Selection>,
    mut tool: ResMut<ActiveTool>,
    mut tape: ResMut<Tape>,
    tape_rule: Res<TapeRule>,
    mut view: ResMut<ViewSettings>,
    mut notices: ResMut<Notices>,
    mut ui_state: ResMut<UiState>,
    mut load: ResMut<LoadRequest>,
    palette: Option<Res<SandboxPalette>>,
    dice: Res<SandboxDice>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<&mut Camera, crate::app::view::camera::TableCamera>,
    mut over_ui: ResMut<PointerOverUi>,
    (mut commands, mode, mut editor, mut rest, mut menu, mut settings, help): (
        Commands,
        Res<State<crate::app::base::mode::Mode>>,
        Option<ResMut<super::editor::Editor>>,
        ResMut<UiRest>,
        Option<ResMut<crate::app::base::nav::MainMenu>>,
        Option<ResMut<crate::app::base::settings::SettingsWindow>>,
        Option<Res<super::help::ScreenHelp>>,
    ),
) -> Result {
    let in_game = *mode.get() == crate::app::base::mode::Mode::Game;
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut state) = state else {
        return Ok(());
    };
    let mut root = crate::app::ui_kit::layout::root_ui(&ctx, "root", ctx.viewport_rect());

    egui::Panel::top("top_bar").show(&mut root, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.strong("Wartable");
            ui.separator();
            ui.label(format!(
                "{}  ({}\" x {}\")",
                state.level.name, state.table.width, state.table.depth
            ));
            ui.separator();
            if !in_game {
                ui.label(format!("Seed {}", dice.0.seed()));
                ui.separator();
            }
            if ui
                .selectable_label(*tool == ActiveTool::Select, "Select / move")
                .clicked()
            {
                *tool = ActiveTool::Select;
            }
            // In a game the rule set places damaged-structure markers itself.
            let heavy = (!in_game).then_some((ActiveTool::HeavyHit, "Heavy hit (H)"));
            for (t, label) in [
                (ActiveTool::Los, "Sight (L)"),
                (ActiveTool::Template, "Template (B)"),
            ]
            .into_iter()
            .chain(heavy)
            {
                if ui.selectable_label(*tool == t, label).clicked() {
                    *tool = if *tool == t { ActiveTool::Select } else { t };
                }
            }
            if ui
                .selectable_label(*tool == ActiveTool::Measure, "Tape (M)")
                .clicked()
            {
                *tool = ActiveTool::Measure;
            }
            ui.separator();
            ui.checkbox(&mut view.grid, "Grid (G)");
            ui.checkbox(&mut view.zones, "Zones (Z)");
            ui.separator();
            if in_game {
                if ui.button("Help (F1)").clicked() {
                    view.help = !view.help;
                }
                if let Some(w) = settings.as_deref_mut() {
                    ui.toggle_value(&mut w.open, "\u{2699}")
                        .on_hover_text("Settings");
                }
                return;
            }
            let label = if *mode.get() == crate::app::base::mode::Mode::Editor {
                "Leave editor"
            } else {
                "Editor"
            };
            if ui.button(label).clicked() {
                super::editor::toggle_mode(
                    &mut commands,
                    *mode.get(),
                    &mut tool,
                    editor.as_deref_mut(),
                    &state,
                );
            }
            if let Some(m) = menu.as_deref_mut()
                && *mode.get() != crate::app::base::mode::Mode::Editor
                && ui.button("Menu").clicked()
            {
                m.show_main = true;
            }
            if ui.button("Open...").on_hover_text("open a level").clicked() {
                ui_state.open_dialog = true;
            }
            if ui.button("Save as...").clicked() {
                ui_state.save_dialog = true;
                if ui_state.save_name.is_empty() {
                    ui_state.save_name = state
                        .path
                        .as_ref()
                        .and_then(|p| p.file_stem())
                        .map(|s| format!("{}-setup", s.to_string_lossy()))
                        .unwrap_or_else(|| "my-table".into());
                }
            }
            if ui.button("Help (F1)").clicked() {
                view.help = !view.help;
            }
            if let Some(w) = settings.as_deref_mut() {
                ui.toggle_value(&mut w.open, "\u{2699}")
                    .on_hover_text("Settings");
            }
        });
    });

    egui::Panel::bottom("status").show(&mut root, |ui| {
        ui.horizontal(|ui| {
            let mode = match &*tool {
                ActiveTool::Select => {
                    "Select: click a model, drag to move, Q/E to turn".to_string()
                }
                ActiveTool::Measure => {
                    "Tape measure: drag from a model or point to another".to_string()
                }
                ActiveTool::Place(c) => format!(
                    "Placing {} for side {}: click the table",
                    c.entry.name, c.side
                ),
                ActiveTool::Los => "Line of sight: click a shooter, then a target".to_string(),
                ActiveTool::Template => "Blast template: click a model or a point".to_string(),
                ActiveTool::HeavyHit => "Heavy hit: click where a heavy weapon hit".to_string(),
                ActiveTool::Edit => {
                    "Editing: Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, X snap grid".to_string()
                }
            };
            ui.label(mode);
            if !notices.status.is_empty() {
                ui.separator();
                ui.label(egui::RichText::new(&notices.status).color(egui::Color32::LIGHT_YELLOW));
            }
        });
    });

    if *mode.get() == crate::app::base::mode::Mode::Sandbox {
        egui::Panel::left("palette")
            .default_size(170.0)
            .show(&mut root, |ui| {
                ui.heading("Sandbox");
                ui.label("Place stand-ins for a side:");
                ui.horizontal(|ui| {
                    ui.selectable_value(&mut ui_state.palette_side, 1, "Side 1");
                    ui.selectable_value(&mut ui_state.palette_side, 2, "Side 2");
                });
                if let Some(p) = &palette {
                    for e in &p.0.entries {
                        let choice = PaletteChoice {
                            side: ui_state.palette_side,
                            entry: e.clone(),
                        };
                        let active = *tool == ActiveTool::Place(choice.clone());
                        if ui
                            .selectable_label(active, format!("{}  ({}\" base)", e.name, e.base))
                            .clicked()
                        {
                            *tool = if active {
                                ActiveTool::Select
                            } else {
                                ActiveTool::Place(choice)
                            };
                        }
                    }
                }
                ui.separator();
                ui.label(format!("Models on the table: {}", state.table.models.len()));
                for side in [1u8, 2] {
                    let n = state
                        .table
                        .models
                        .iter()
                        .filter(|m| m.side.0 == side)
                        .count();
                    ui.label(format!("  side {side}: {n}"));
                }
            });
    }

    let free = if in_game {
        rest.0 = Some(root.available_rect_before_wrap());
        egui::Rect::NOTHING
    } else {
        rest.0 = None;
        egui::Panel::right("info")
            .default_size(250.0)
            .show(&mut root, |ui| {
                model_card(ui, &mut state, &mut sel);
                ui.separator();
                measurement(ui, &state, &mut tape, &tape_rule);
                ui.separator();
                crate::app::tools::dice_panel::dice_section(ui, &dice.0, &mut notices);
            });
        // The 3D view fills the space the panels leave free.
        let free = root.available_rect_before_wrap();
        if let (Ok(window), Ok(mut cam)) = (window.single(), cams.single_mut()) {
            fit_viewport(&mut cam, window, free, ctx.zoom_factor());
        }
        free
    };

    if view.help
        && let Some(help) = help
    {
        egui::Window::new("Controls (F1)")
            .collapsible(false)
            .show(&ctx, |ui| {
                ui.strong(format!("Keys of the {}", help.title));
                egui::Grid::new("help").striped(true).show(ui, |ui| {
                    for l in &help.lines {
                        ui.strong(&l.keys);
                        ui.label(&l.what);
                        ui.end_row();
                    }
                });
            });
    }

    if ui_state.open_dialog {
        let mut open = true;
        egui::Window::new("Open level")
            .open(&mut open)
            .show(&ctx, |ui| {
                let dir = resolve_data_path(Path::new("levels"));
                for p in list_levels(&dir) {
                    let name = p
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    if ui.button(name).clicked() {
                        load.0 = Some(p.clone());
                        ui_state.open_dialog = false;
                    }
                }
                ui.separator();
                ui.horizontal(|ui| {
                    ui.text_edit_singleline(&mut ui_state.path_text);
                    if ui.button("Open").clicked() {
                        load.0 = Some(resolve_data_path(Path::new(ui_state.path_text.trim())));
                        ui_state.open_dialog = false;
                    }
                });
            });
        if !open {
            ui_state.open_dialog = false;
        }
    }

    if ui_state.save_dialog {
        let mut open = true;
        let mut save = false;
        egui::Window::new("Save table as a level")
            .open(&mut open)
            .show(&ctx, |ui| {
                ui.label("Saves the terrain and the models now on the table into levels/.");
                ui.horizontal(|ui| {
                    ui.label("levels/");
                    ui.text_edit_singleline(&mut ui_state.save_name);
                    ui.label(".ron");
                });
                save = ui.button("Save").clicked();
            });
        if save {
            match save_table(&mut state, &ui_state.save_name) {
                Ok(path) => {
                    notices.status = format!("Saved {}", path.display());
                    ui_state.save_dialog = false;
                }
                Err(errs) => notices.show_errors("Could not save", errs),
            }
        }
        if !open {
            ui_state.save_dialog = false;
        }
    }

    if !notices.errors.is_empty() {
        let mut dismiss = false;
        egui::Window::new(egui::RichText::new("Errors").color(egui::Color32::LIGHT_RED))
            .default_width(560.0)
            .show(&ctx, |ui| {
                ui.strong(&notices.errors_title);
                egui::ScrollArea::vertical()
                    .max_height(260.0)
                    .show(ui, |ui| {
                        for e in &notices.errors {
                            ui.label(egui::RichText::new(e).monospace());
                        }
                    });
                dismiss = ui.button("Dismiss").clicked();
            });
        if dismiss {
            notices.errors.clear();
        }
    }
    if !in_game {
        over_ui.0 = pointer_over_ui(&ctx, free);
    }
    Ok(())
}

fn model_card(ui: &mut egui::Ui, state: &mut TableState, sel: &mut Selection) {
    ui.heading("Selected model");
    let Some(id) = sel.0 else {
        ui.label("None. Click a model to select it.");
        return;
    };
    let Ok(m) = state.table.model(id) else {
        sel.0 = None;
        return;
    };
    let m = m.clone();
    egui::Grid::new("card").num_columns(2).show(ui, |ui| {
        ui.label("Name");
        ui.strong(&m.name);
        ui.end_row();
        ui.label("Id / side");
        ui.label(format!("{} / side {}", m.id, m.side.0));
        ui.end_row();
        ui.label("Base");
        ui.label(format!(
            "{:.2}\" ({:.0} mm)",
            m.base_diameter,
            m.base_diameter * 25.4
        ));
        ui.end_row();
        ui.label("Body height");
        ui.label(format!("{:.1}\"", m.body_height));
        ui.end_row();
        ui.label("Position");
        ui.label(format!("x {:.1}\"  y {:.1}\"", m.pos.x, m.pos.y));
        ui.end_row();
        ui.label("Standing at");
        ui.label(format!(
            "{:.1}\" ({})",
            m.h,
            state.table.tiles.kind_at(m.pos).label()
        ));
        ui.end_row();
        ui.label("Facing");
        ui.label(format!(
            "{:.0}\u{b0}, front arc {:.0}\u{b0}",
            m.facing, m.front_arc
        ));
        ui.end_row();
    });
    ui.horizontal(|ui| {
        if ui.button("\u{27f2} Turn left").clicked()
            && let Ok(mm) = state.table.model_mut(id)
        {
            mm.facing = crate::table::geom::norm_deg(mm.facing + 15.0);
        }
        if ui.button("Turn right \u{27f3}").clicked()
            && let Ok(mm) = state.table.model_mut(id)
        {
            mm.facing = crate::table::geom::norm_deg(mm.facing - 15.0);
        }
        if ui.button("Remove").clicked() {
            let _ = state.table.remove_model(id);
            sel.0 = None;
        }
    });
}

fn end_label(state: &TableState, e: Option<TapeEnd>) -> String {
    match e {
        Some(TapeEnd::Model(id)) => state
            .table
            .model(id)
            .map(|m| format!("{} ({})", m.name, m.id))
            .unwrap_or_default(),
        Some(TapeEnd::Point(p)) => format!("point ({:.1}, {:.1})", p.x, p.y),
        None => "-".into(),
    }
}

pub fn measurement(ui: &mut egui::Ui, state: &TableState, tape: &mut Tape, rule: &TapeRule) {
    ui.heading("Tape measure");
    if tape.from.is_some() && !rule.shows(tape) {
        ui.label(egui::RichText::new("Not measured").size(28.0).strong());
        ui.label(rule.why);
        return;
    }
    match measure::current(state, tape) {
        Some(m) => {
            ui.label(
                egui::RichText::new(format!("{:.1}\"", m.inches))
                    .size(28.0)
                    .strong(),
            );
            let edge = matches!(tape.from, Some(TapeEnd::Model(_)))
                || matches!(tape.to, Some(TapeEnd::Model(_)));
            if edge {
                ui.label("base edge to base edge");
            }
            ui.label(format!("from {}", end_label(state, tape.from)));
            ui.label(format!("to {}", end_label(state, tape.to)));
            if m.rise.abs() >= 0.05 {
                ui.label(format!("height difference {:+.1}\"", m.rise));
            }
            if let (Some(TapeEnd::Model(a)), Some(TapeEnd::Model(b))) = (tape.from, tape.to)
                && let (Ok(ma), Ok(mb)) = (state.table.model(a), state.table.model(b))
            {
                let arc = |x: Arc| {
                    if x == Arc::Front {
                        "front arc"
                    } else {
                        "rear (blind side)"
                    }
                };
                ui.label(format!(
                    "{} is in {}'s {}",
                    mb.name,
                    ma.name,
                    arc(ma.arc_of(mb))
                ));
                ui.label(format!(
                    "{} is in {}'s {}",
                    ma.name,
                    mb.name,
                    arc(mb.arc_of(ma))
                ));
            }
            if ui.button("Clear").clicked() {
                *tape = Tape::default();
            }
        }
        None => {
            ui.label("Press M (or the toolbar) and drag from a model or point to another.");
        }
    }
}

/// Saves the table (terrain and models) as `levels/NAME.ron`, atomically, and makes it the
/// table's file.
fn save_table(state: &mut TableState, name: &str) -> Result<std::path::PathBuf, Vec<String>> {
    let name = name.trim().trim_end_matches(".ron");
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    {
        return Err(vec![
            "Use letters, digits, '-' and '_' for the file name.".into(),
        ]);
    }
    let path = resolve_data_path(Path::new("levels")).join(format!("{name}.ron"));
    let mut level = crate::data::LevelFile::from_table(
        &state.level.name,
        &state.level.description,
        &state.table,
    );
    level.theme = state.level.theme;
    level.liquid = state.level.liquid;
    level.lighting = state.level.lighting;
    crate::data::save_level(&path, &level)
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    state.level = level;
    state.path = Some(path.clone());
    Ok(path)
}
