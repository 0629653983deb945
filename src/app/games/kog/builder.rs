//! The force builder: pick models into squads and a platoon for a battle size, with upgrades,
//! points and unused points, checked as you go against "Forces of Battle" and "Units"; save
//! and load force lists.

use super::files;
use crate::rules::kog::catalogue::Catalogue;
use crate::rules::kog::force::{
    BattleSize, ForceList, ForceModel, ForceUnit, UnitKind, load_force, save_force,
};
use bevy_egui::egui;

/// The builder's state.
pub struct Builder {
    /// The side (0 or 1) the force is for.
    pub side: usize,
    pub open: bool,
    pub force: ForceList,
    pub save_name: String,
    pub message: String,
}

impl Builder {
    pub fn new(side: usize, size: BattleSize) -> Self {
        let faction = if side == 0 { "German" } else { "Russian" };
        Self {
            side,
            open: true,
            force: ForceList::new(&format!("My {faction} force"), faction, size),
            save_name: String::new(),
            message: String::new(),
        }
    }
}

/// Draws the builder; returns the force when the player takes it for the side.
pub fn builder_window(
    ctx: &egui::Context,
    b: &mut Builder,
    cat: &Catalogue,
) -> Option<(usize, ForceList, String)> {
    let mut taken = None;
    let mut open = b.open;
    egui::Window::new(format!("Force builder: side {}", b.side + 1))
        .open(&mut open)
        .default_size([520.0, 560.0])
        .default_pos(ctx.content_rect().center() + egui::vec2(40.0, -260.0))
        .show(ctx, |ui| {
            let f = &mut b.force;
            ui.horizontal(|ui| {
                ui.label("Name");
                ui.text_edit_singleline(&mut f.name);
            });
            ui.horizontal(|ui| {
                ui.label("Faction");
                for fac in &cat.factions {
                    if ui
                        .selectable_label(f.faction == fac.name, &fac.name)
                        .clicked()
                        && f.faction != fac.name
                    {
                        f.faction = fac.name.clone();
                        f.units.clear();
                    }
                }
                ui.separator();
                ui.label(f.size.label());
            });
            let spent = f.points(cat);
            let limit = f.size.points();
            ui.label(
                egui::RichText::new(format!(
                    "{spent} of {limit} points spent, {} unused \u{b7} {} models in {} units",
                    limit as i64 - spent as i64,
                    f.model_count(),
                    f.units.len()
                ))
                .strong(),
            );
            ui.separator();
            let Some(faction) = cat.faction(&f.faction).cloned() else {
                return;
            };
            let mut remove_unit = None;
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .id_salt("builder_units")
                .show(ui, |ui| {
                    for (ui_i, u) in f.units.iter_mut().enumerate() {
                        ui.push_id(ui_i, |ui| {
                            ui.horizontal(|ui| {
                                ui.add(
                                    egui::TextEdit::singleline(&mut u.name).desired_width(120.0),
                                );
                                egui::ComboBox::from_id_salt("kind")
                                    .selected_text(u.kind.label())
                                    .show_ui(ui, |ui| {
                                        for k in UnitKind::ALL {
                                            ui.selectable_value(&mut u.kind, k, k.label());
                                        }
                                    });
                                if ui.small_button("remove unit").clicked() {
                                    remove_unit = Some(ui_i);
                                }
                            });
                            let mut remove_model = None;
                            for (mi, m) in u.models.iter_mut().enumerate() {
                                ui.push_id(mi, |ui| {
                                    ui.horizontal_wrapped(|ui| {
                                        let cost = cat
                                            .loadout(&m.profile, &m.upgrades)
                                            .map(|l| l.cost.to_string())
                                            .unwrap_or_else(|_| "?".into());
                                        ui.label(format!("  {} ({cost} pts)", m.profile));
                                        if let Some((fac, p)) = cat.find(&m.profile) {
                                            for up in cat.upgrades_for(fac, p) {
                                                let mut on = m.upgrades.contains(&up.name);
                                                if ui
                                                    .checkbox(
                                                        &mut on,
                                                        format!("{} +{}", up.name, up.cost),
                                                    )
                                                    .changed()
                                                {
                                                    if on {
                                                        m.upgrades.push(up.name.clone());
                                                    } else {
                                                        m.upgrades.retain(|x| x != &up.name);
                                                    }
                                                }
                                            }
                                        }
                                        if ui.small_button("x").clicked() {
                                            remove_model = Some(mi);
                                        }
                                    });
                                });
                            }
                            if let Some(mi) = remove_model {
                                u.models.remove(mi);
                            }
                            ui.horizontal_wrapped(|ui| {
                                ui.label("  add:");
                                for p in &faction.models {
                                    if ui
                                        .small_button(format!("{} {}", p.name, p.cost))
                                        .on_hover_text(profile_text(p))
                                        .clicked()
                                    {
                                        u.models.push(ForceModel {
                                            profile: p.name.clone(),
                                            upgrades: Vec::new(),
                                        });
                                    }
                                }
                            });
                            ui.separator();
                        });
                    }
                });
            if let Some(i) = remove_unit {
                f.units.remove(i);
            }
            ui.horizontal(|ui| {
                if ui.button("Add a unit").clicked() {
                    let kind = if f.size.individual() {
                        UnitKind::Individual
                    } else {
                        UnitKind::Tactical
                    };
                    f.units.push(ForceUnit {
                        name: format!("Unit {}", f.units.len() + 1),
                        kind,
                        models: Vec::new(),
                    });
                }
            });
            let issues = f.validate(cat);
            if issues.is_empty() {
                ui.label(
                    egui::RichText::new("The force is valid.").color(egui::Color32::LIGHT_GREEN),
                );
            } else {
                for i in &issues {
                    ui.label(
                        egui::RichText::new(format!("{}: {}", i.path, i.message))
                            .color(egui::Color32::from_rgb(240, 170, 90)),
                    );
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Save as");
                ui.add(egui::TextEdit::singleline(&mut b.save_name).desired_width(140.0));
                if ui.button("Save").clicked() {
                    b.message = match files::safe_name(&b.save_name).and_then(|n| {
                        let dir = files::user_forces_dir();
                        files::ensure_dir(&dir)?;
                        let p = dir.join(format!("{n}.ron"));
                        save_force(&p, f, cat).map_err(|e| e.join("; "))?;
                        Ok(p)
                    }) {
                        Ok(p) => format!("Saved {}", p.display()),
                        Err(e) => e,
                    };
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Load:");
                for p in files::force_files() {
                    let name = p
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    if ui.small_button(name).clicked() {
                        match load_force(&p, cat) {
                            Ok(l) => {
                                *f = l;
                                b.message = format!("Loaded {}", p.display());
                            }
                            Err(e) => {
                                b.message = e
                                    .iter()
                                    .map(ToString::to_string)
                                    .collect::<Vec<_>>()
                                    .join("\n")
                            }
                        }
                    }
                }
            });
            if !b.message.is_empty() {
                ui.label(egui::RichText::new(&b.message).small());
            }
            ui.separator();
            if ui
                .add_enabled(
                    issues.is_empty(),
                    egui::Button::new(format!("Use for side {}", b.side + 1)),
                )
                .clicked()
            {
                let label = format!("{} ({} pts)", f.name, f.points(cat));
                taken = Some((b.side, f.clone(), label));
            }
        });
    b.open = open && taken.is_none();
    taken
}

fn profile_text(p: &crate::rules::kog::catalogue::Profile) -> String {
    let types: Vec<String> = p.types.iter().map(|t| format!("{t:?}")).collect();
    let mut s = format!(
        "{} ({} pts, {})\n{}\" Move  {} Defense ({}+)  {}\" Sensors",
        p.name,
        p.cost,
        types.join(", "),
        p.movement,
        p.defense,
        p.save,
        p.sensors
    );
    for w in &p.weapons {
        s.push_str(&format!("\n\u{2022} {}: {}", w.name, w.describe()));
    }
    s
}
