//! The choice of how well the program plays a side (Easy, Normal, Hard), as the New game windows
//! show it beside "the program".

use crate::rules::core::Skill;
use bevy_egui::egui;

/// A small drop-down of the three skills, each with what it does on hover.
pub fn skill_pick(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    skill: &mut Skill,
) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(skill.label())
        .width(80.0)
        .show_ui(ui, |ui| {
            for k in Skill::ALL {
                ui.selectable_value(skill, k, k.label())
                    .on_hover_text(k.describe());
            }
        })
        .response
        .on_hover_text("how well the program plays this side");
}
