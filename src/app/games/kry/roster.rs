//! The Kry-Gothic team builder: pick a team, name its models ("giving each of your units names"),
//! choose each one's troop type and the wargear bought for it, see the costs against the cap
//! and the rules' objections, then save the roster in the player's data folder and use it for a
//! side of the New game window.

use crate::rules::kry::catalogue::Catalogue;
use crate::rules::kry::force::{KryForce, KryForceModel, parse_force};
use bevy_egui::egui;
use std::path::PathBuf;

/// Where the player's own teams are kept, in the data folder.
pub const USER_TEAMS: &str = "kry-gothic-teams";

/// A roster being built.
#[derive(Debug, Clone)]
pub struct Roster {
    pub force: KryForce,
    /// The side it is built for (0 or 1).
    pub side: usize,
    pub file_name: String,
    pub errors: Vec<String>,
}

impl Roster {
    pub fn new(force: KryForce, side: usize) -> Self {
        let file_name = crate::app::base::files::safe_name(&force.name.replace(' ', "-"))
            .unwrap_or_else(|_| "my-team".into());
        Self {
            force,
            side,
            file_name,
            errors: Vec::new(),
        }
    }

    /// Writes the roster (checked as a team file is on load) to the player's teams folder.
    pub fn save(&self, cat: &Catalogue, cap: u32, max: usize) -> Result<PathBuf, Vec<String>> {
        self.save_in(
            &crate::app::base::files::user_dir().join(USER_TEAMS),
            cat,
            cap,
            max,
        )
    }

    /// [`Self::save`] into `dir`.
    pub fn save_in(
        &self,
        dir: &std::path::Path,
        cat: &Catalogue,
        cap: u32,
        max: usize,
    ) -> Result<PathBuf, Vec<String>> {
        let name = crate::app::base::files::safe_name(&self.file_name).map_err(|e| vec![e])?;
        let text = ron::ser::to_string_pretty(
            &self.force,
            ron::ser::PrettyConfig::new().struct_names(true),
        )
        .map_err(|e| vec![e.to_string()])?;
        let file = format!("{name}.ron");
        parse_force(&file, &text, cat, cap, max)
            .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
        crate::app::base::files::ensure_dir(dir).map_err(|e| vec![e])?;
        let path = dir.join(file);
        crate::data::load::write_atomic(&path, text.as_bytes()).map_err(|e| vec![e.to_string()])?;
        Ok(path)
    }
}

/// The builder's window: the path of the saved roster when the player saves it for its side.
pub fn roster_window(
    ctx: &egui::Context,
    r: &mut Roster,
    cat: &Catalogue,
    cap: u32,
    max: usize,
    open: &mut bool,
) -> Option<PathBuf> {
    let mut saved = None;
    egui::Window::new("Kry-Gothic team builder")
        .open(open)
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Team");
                let before = r.force.team.clone();
                egui::ComboBox::from_id_salt("roster_team")
                    .selected_text(&r.force.team)
                    .show_ui(ui, |ui| {
                        for t in &cat.teams {
                            ui.selectable_value(&mut r.force.team, t.name.clone(), &t.name);
                        }
                    });
                if r.force.team != before {
                    r.force.models.clear();
                }
                ui.label("Name");
                ui.text_edit_singleline(&mut r.force.name);
            });
            let Some(team) = cat.team(&r.force.team).cloned() else {
                ui.label("Pick a team.");
                return;
            };
            if !team.description.is_empty() {
                ui.label(egui::RichText::new(&team.description).small());
            }
            let gear: Vec<String> = if team.armoury.is_empty() {
                cat.armour
                    .iter()
                    .map(|a| a.name.clone())
                    .chain(cat.cc_weapons.iter().map(|w| w.name.clone()))
                    .chain(cat.ranged_weapons.iter().map(|w| w.name.clone()))
                    .collect()
            } else {
                team.armoury.clone()
            };
            let mut remove = None;
            egui::ScrollArea::vertical()
                .max_height(320.0)
                .show(ui, |ui| {
                    egui::Grid::new("roster_models")
                        .striped(true)
                        .show(ui, |ui| {
                            for h in ["Name", "Troop", "Bought wargear", "Cost", ""] {
                                ui.strong(h);
                            }
                            ui.end_row();
                            for i in 0..r.force.models.len() {
                                let cost = r.force.model_cost(cat, i);
                                let m = &mut r.force.models[i];
                                ui.add_sized(
                                    [130.0, 20.0],
                                    egui::TextEdit::singleline(&mut m.name),
                                );
                                egui::ComboBox::from_id_salt(("roster_troop", i))
                                    .selected_text(&m.troop)
                                    .show_ui(ui, |ui| {
                                        for t in &team.troops {
                                            ui.selectable_value(
                                                &mut m.troop,
                                                t.name.clone(),
                                                format!(
                                                    "{} ({}, {})",
                                                    t.name,
                                                    team.class_label(t.class),
                                                    t.cost
                                                ),
                                            );
                                        }
                                    });
                                ui.horizontal_wrapped(|ui| {
                                    let mut drop = None;
                                    for (k, g) in m.extra.iter().enumerate() {
                                        if ui.small_button(format!("{g} \u{d7}")).clicked() {
                                            drop = Some(k);
                                        }
                                    }
                                    if let Some(k) = drop {
                                        m.extra.remove(k);
                                    }
                                    egui::ComboBox::from_id_salt(("roster_gear", i))
                                        .selected_text("+")
                                        .width(30.0)
                                        .show_ui(ui, |ui| {
                                            for g in &gear {
                                                if ui.selectable_label(false, g).clicked() {
                                                    m.extra.push(g.clone());
                                                }
                                            }
                                        });
                                });
                                ui.label(cost.to_string());
                                if ui.small_button("remove").clicked() {
                                    remove = Some(i);
                                }
                                ui.end_row();
                            }
                        });
                });
            if let Some(i) = remove {
                r.force.models.remove(i);
            }
            if ui.button("Add a model").clicked()
                && let Some(t) = team.troops.first()
            {
                let n = r.force.models.len() + 1;
                r.force.models.push(KryForceModel {
                    name: format!("{} {n}", t.name),
                    troop: t.name.clone(),
                    extra: Vec::new(),
                });
            }
            ui.separator();
            ui.label(format!(
                "{} models of at most {max} \u{b7} cost {} of {cap}",
                r.force.models.len(),
                r.force.cost(cat)
            ));
            for i in r.force.validate(cat, cap, max) {
                ui.label(
                    egui::RichText::new(format!("{}: {}", i.path, i.message))
                        .color(egui::Color32::LIGHT_RED),
                );
            }
            ui.horizontal(|ui| {
                ui.label("File");
                ui.add(egui::TextEdit::singleline(&mut r.file_name).desired_width(160.0));
                if ui
                    .button(format!("Save and use for side {}", r.side + 1))
                    .clicked()
                {
                    match r.save(cat, cap, max) {
                        Ok(p) => saved = Some(p),
                        Err(e) => r.errors = e,
                    }
                }
            });
            for e in &r.errors {
                ui.label(egui::RichText::new(e).color(egui::Color32::LIGHT_RED));
            }
        });
    saved
}
