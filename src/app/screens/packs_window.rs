//! The Model packs window (from Settings): the packs found, each enabled or not (saved with the
//! settings at once), the loading's progress and each file skipped, then per rule set its unit
//! types with the model that draws each (which pack and file, or the built-in figure), a
//! preview of the chosen one on its base (drag to turn it), and "Choose file..." that copies a
//! model file into the player's own pack (`<user data>/packs/mine`) for that unit type.

use super::file_browser::{Browsed, FileBrowser};
use super::pack_preview::PackPreview;
use crate::app::base::packs::{MINE, assign_model, found_packs, mine_dir};
use crate::app::base::settings::{Settings, settings_path};
use crate::app::base::state::TableState;
use crate::app::view::pack_load::{FoundPacks, PackLoading, PackModels};
use crate::rules::core::RulesId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle, egui};

pub fn plugin(app: &mut App) {
    app.init_resource::<PacksWindow>()
        .add_plugins(super::pack_preview::plugin)
        .add_systems(
            Update,
            open_at_start.run_if(resource_exists::<crate::app::base::nav::OpenAtStart>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (packs_window, loading_bar).after(crate::app::base::sets::PlayUi::Panels),
        );
}

/// `--open model-packs`: the window open at start.
fn open_at_start(
    mut commands: Commands,
    open: Res<crate::app::base::nav::OpenAtStart>,
    mut window: ResMut<PacksWindow>,
) {
    if open.0 == "model-packs" {
        window.open = true;
        commands.remove_resource::<crate::app::base::nav::OpenAtStart>();
    }
}

/// The window's state.
#[derive(Resource, Debug, Default)]
pub struct PacksWindow {
    pub open: bool,
    /// The rule set whose unit types are listed.
    pub rules: Option<RulesId>,
    /// The unit type chosen (for the preview and "Choose file...").
    pub unit: Option<String>,
    /// The file browser, while choosing a file for the chosen unit type.
    browser: Option<FileBrowser>,
    /// What the last "Choose file..." said.
    pub message: Option<String>,
}

/// The preview's base when no table model of the unit type is on the table: 32 mm across,
/// a body 1.4" tall.
const DEFAULT_BASE: (f32, f32) = (1.26, 1.4);

#[allow(clippy::too_many_arguments)]
fn packs_window(
    mut contexts: EguiContexts,
    mut window: ResMut<PacksWindow>,
    mut settings: ResMut<Settings>,
    mut found: ResMut<FoundPacks>,
    mut loading: ResMut<PackLoading>,
    models: Res<PackModels>,
    mut preview: ResMut<PackPreview>,
    state: Option<Res<TableState>>,
) -> Result {
    preview.active = window.open;
    if !window.open {
        return Ok(());
    }
    let texture = preview
        .image
        .clone()
        .map(|h| contexts.add_image(EguiTextureHandle::Strong(h)));
    let ctx = contexts.ctx_mut()?.clone();
    let mut s = settings.clone();
    let mut open = true;
    let rules = *window.rules.get_or_insert(
        state
            .as_ref()
            .and_then(|st| st.units.rules)
            .and_then(|k| RulesId::from_key(k).ok())
            .unwrap_or(RulesId::ALL[0]),
    );
    let names = crate::rules::unit_types::unit_type_names(rules);
    // The first unit type a pack draws is shown at first.
    if window.unit.is_none() {
        window.unit = names
            .iter()
            .find(|u| models.unit(rules.key(), u).is_some())
            .cloned();
    }
    let mut choose = false;
    egui::Window::new("Model packs")
        .open(&mut open)
        .default_size([720.0, 520.0])
        .show(&ctx, |ui| {
            ui.horizontal(|ui| {
                ui.heading("Packs found");
                if ui.small_button("Look again").clicked() {
                    found.0 = found_packs();
                }
            });
            if found.0.is_empty() {
                ui.weak("No packs: shipped ones live in assets/packs, yours in the user data folder's packs.");
            }
            for (id, dir) in &found.0 {
                let mut on = s.packs.contains(id);
                ui.horizontal(|ui| {
                    if ui.checkbox(&mut on, id.as_str()).changed() {
                        s.packs.retain(|p| p != id);
                        if on {
                            s.packs.push(id.clone());
                        }
                    }
                    ui.weak(dir.display().to_string());
                });
            }
            if loading.total > 0 || loading.busy {
                let f = if loading.total == 0 {
                    0.0
                } else {
                    loading.done as f32 / loading.total as f32
                };
                ui.add(egui::ProgressBar::new(f).text(format!(
                    "{} models of {} loaded{}",
                    loading.done,
                    loading.total,
                    if loading.busy { "..." } else { "" }
                )));
            }
            if !loading.errors.is_empty() {
                egui::CollapsingHeader::new(format!("{} files skipped", loading.errors.len()))
                    .default_open(true)
                    .show(ui, |ui| {
                        for e in &loading.errors {
                            ui.colored_label(egui::Color32::LIGHT_RED, e);
                        }
                    });
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Rule set");
                egui::ComboBox::from_id_salt("packs_rules")
                    .selected_text(rules.label())
                    .show_ui(ui, |ui| {
                        for r in RulesId::ALL {
                            if ui.selectable_label(*r == rules, r.label()).clicked() {
                                window.rules = Some(*r);
                                window.unit = None;
                            }
                        }
                    });
            });
            ui.columns(2, |cols| {
                egui::ScrollArea::vertical()
                    .id_salt("packs_units")
                    .max_height(380.0)
                    .show(&mut cols[0], |ui| {
                        egui::Grid::new("packs_units_grid")
                            .num_columns(2)
                            .striped(true)
                            .show(ui, |ui| {
                                for unit in &names {
                                    let on = window.unit.as_deref() == Some(unit.as_str());
                                    if ui.selectable_label(on, unit.as_str()).clicked() {
                                        window.unit = Some(unit.clone());
                                        preview.yaw = 0.0;
                                    }
                                    match models.unit(rules.key(), unit) {
                                        Some(m) => ui.label(format!(
                                            "{}: {}",
                                            m.pack,
                                            m.entry.file
                                        )),
                                        None => ui.weak("built-in"),
                                    };
                                    ui.end_row();
                                }
                            });
                    });
                let ui = &mut cols[1];
                let unit = window.unit.clone();
                match &unit {
                    Some(u) => {
                        ui.strong(u.as_str());
                    }
                    None => {
                        ui.weak("Choose a unit type to see its model.");
                    }
                }
                if let Some(t) = texture {
                    let size = super::pack_preview::SIZE as f32;
                    let r = ui.add(
                        egui::Image::new(egui::load::SizedTexture::new(t, [size, size]))
                            .sense(egui::Sense::drag()),
                    );
                    if r.dragged() {
                        preview.yaw += r.drag_delta().x * 0.8;
                    }
                    ui.weak("Drag to turn it.");
                }
                if ui
                    .add_enabled(unit.is_some(), egui::Button::new("Choose file..."))
                    .clicked()
                {
                    choose = true;
                }
                if let Some(m) = &window.message {
                    ui.label(m.as_str());
                }
            });
        });
    // The preview: the chosen unit type's model on the base of such a model on the table.
    let base = window
        .unit
        .as_ref()
        .and_then(|u| {
            let st = state.as_ref()?;
            let (id, _) = st.units.of.iter().find(|(_, t)| *t == u)?;
            let m = st.table.model(*id).ok()?;
            Some((m.base_diameter, m.body_height))
        })
        .unwrap_or(DEFAULT_BASE);
    let want = window
        .unit
        .as_ref()
        .and_then(|u| models.unit(rules.key(), u))
        .map(|m| (m.uid, base.0, base.1));
    if preview.want != want || preview.base != base {
        preview.want = want;
        preview.base = base;
    }
    if choose {
        window.browser = Some(FileBrowser::new());
    }
    let unit = window.unit.clone().unwrap_or_default();
    let window = &mut *window;
    if let Some(b) = window.browser.as_mut() {
        match b.show(&ctx, &format!("Choose a model file for {unit}")) {
            Some(Browsed::Chosen(path)) => {
                window.browser = None;
                window.message = Some(match assign_model(&mine_dir(), rules.key(), &unit, &path) {
                    Ok(name) => {
                        let id = format!("user/{MINE}");
                        if !s.packs.contains(&id) {
                            s.packs.push(id.clone());
                        }
                        found.0 = found_packs();
                        loading.reload(&id);
                        format!("{unit}: {name} in your pack ({})", mine_dir().display())
                    }
                    Err(e) => e,
                });
            }
            Some(Browsed::Cancelled) => window.browser = None,
            None => {}
        }
    }
    window.open = open;
    if s != *settings {
        if let Some(p) = settings_path()
            && let Err(e) = s.save(&p)
        {
            window.message = Some(e);
        }
        *settings = s;
    }
    Ok(())
}

/// A thin progress bar at the foot of the screen while packs load, the window closed.
fn loading_bar(
    mut contexts: EguiContexts,
    loading: Res<PackLoading>,
    window: Res<PacksWindow>,
) -> Result {
    if !loading.busy || window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let f = if loading.total == 0 {
        0.0
    } else {
        loading.done as f32 / loading.total as f32
    };
    egui::Area::new(egui::Id::new("pack_loading_bar"))
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -8.0])
        .show(&ctx, |ui| {
            ui.add(
                egui::ProgressBar::new(f)
                    .desired_width(320.0)
                    .text(format!("Loading models {}/{}", loading.done, loading.total)),
            );
        });
    Ok(())
}
