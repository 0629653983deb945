//! The choice of how well the program plays a side (Easy, Normal, Hard), as the New game windows,
//! the play bar and the Online window's host panel show it beside "the program".

use crate::rules::core::{Player, Skill};
use bevy_egui::egui;

/// A small drop-down of the three skills, each with what it does on hover.
pub fn skill_pick(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    skill: &mut Skill,
) {
    egui::ComboBox::from_id_salt(id)
        .selected_text(egui::RichText::new(skill.label()))
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

/// Who plays a side, "a player" or "the program", and, for the program, its skill beside it.
pub fn who_plays(
    ui: &mut egui::Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    player: &mut Player,
    skill: &mut Skill,
) {
    ui.selectable_value(player, Player::Human, "a player");
    ui.selectable_value(player, Player::Program, "the program");
    if *player == Player::Program {
        skill_pick(ui, id, skill);
    }
}

/// The skill of entry `i` of `skills`, which grows (at Normal) to hold it: the skills of a form
/// whose list of sides grows and shrinks.
pub fn skill_at(skills: &mut Vec<Skill>, i: usize) -> &mut Skill {
    if skills.len() <= i {
        skills.resize(i + 1, Skill::Normal);
    }
    &mut skills[i]
}
