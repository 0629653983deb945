//! The dice roller: roll any expression with the game's seeded dice, or type in results of
//! physical dice; every roll is logged with its purpose.

use crate::app::base::state::{Notices, SandboxDice};
use crate::dice::Dice;
use crate::dice::entered::parse_entered;
use bevy::prelude::*;
use bevy_egui::egui;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, apply_requests);
}

/// Draws the roller into a panel. The form lives in egui's memory between frames; a click is
/// passed on as a request in egui's memory so that the dice are only changed by a system.
pub fn dice_section(ui: &mut egui::Ui, dice: &Dice, _notices: &mut Notices) {
    ui.heading("Dice");
    let id = ui.make_persistent_id("dice_form");
    let mut form: (String, String, String) = ui
        .data_mut(|d| d.get_temp(id))
        .unwrap_or_else(|| ("2d6".into(), "Free roll".into(), String::new()));
    let mut request: Option<bool> = None;
    egui::Grid::new("dice_grid").num_columns(2).show(ui, |ui| {
        ui.label("Dice");
        ui.text_edit_singleline(&mut form.0);
        ui.end_row();
        ui.label("For");
        ui.text_edit_singleline(&mut form.1);
        ui.end_row();
        ui.label("Results");
        ui.add(egui::TextEdit::singleline(&mut form.2).hint_text("typed in, e.g. 4 6"));
        ui.end_row();
    });
    ui.horizontal(|ui| {
        if ui.button("Roll").clicked() {
            request = Some(true);
        }
        if ui.button("Use typed results").clicked() {
            request = Some(false);
        }
    });
    ui.small("NdX (d4 d6 d8 d10 d20 d100), khN/klN keep, rN re-roll, ! explode, +M");
    ui.data_mut(|d| d.insert_temp(id, form.clone()));
    if let Some(r) = request {
        ui.data_mut(|d| d.insert_temp(egui::Id::new("dice_request"), (r, form)));
    }
    egui::ScrollArea::vertical()
        .max_height(220.0)
        .id_salt("dice_log")
        .show(ui, |ui| {
            for roll in dice.log().iter().rev().take(50) {
                ui.label(egui::RichText::new(roll.describe()).monospace().size(11.0));
            }
        });
}

fn apply_requests(
    mut contexts: bevy_egui::EguiContexts,
    mut dice: ResMut<SandboxDice>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Ok(ctx) = contexts.ctx_mut() else {
        return Ok(());
    };
    let key = egui::Id::new("dice_request");
    let Some((random, (expr, purpose, entered))) =
        ctx.data_mut(|d| d.remove_temp::<(bool, (String, String, String))>(key))
    else {
        return Ok(());
    };
    let purpose = if purpose.trim().is_empty() {
        "Free roll".to_string()
    } else {
        purpose
    };
    let result = if random {
        dice.0.roll(&expr, &purpose).map_err(|e| e.to_string())
    } else {
        parse_entered(&entered).and_then(|v| {
            dice.0
                .roll_entered(&expr, &purpose, &v)
                .map_err(|e| e.to_string())
        })
    };
    match result {
        Ok(r) => notices.status = r.describe(),
        Err(e) => notices.status = format!("Dice: {e}"),
    }
    Ok(())
}
