//! The panel that walks the players through "Order of Battle": the dice-off, roles, halves,
//! deployment, objectives and Commanders; and the dice-off for the first turn of later rounds.

use super::input::next_to_deploy;
use super::session::{KogSession, Placing, UiAction};
use super::tips::Tip;
use crate::rules::kog::Command;
use crate::rules::kog::game::unused_points;
use crate::rules::kog::state::{Half, Phase, Split};
use crate::table::ModelId;
use bevy_egui::egui;

/// Draws the step the game waits on; returns what a click asks for.
pub fn setup_steps(
    ui: &mut egui::Ui,
    session: &mut KogSession,
    selected: Option<ModelId>,
) -> Option<UiAction> {
    if let Some(text) = crate::app::game::session::elsewhere(&session.game) {
        ui.label(text);
        return None;
    }
    let s = session.state();
    let mut out = None;
    match &s.phase {
        Phase::PlaceTerrain { side, done } => {
            ui.heading(format!("Placing terrain: side {side}"));
            ui.label(
                "\"Players should alternate placing terrain features and agree upon any \
                 battlefield effects before proceeding.\" Pick a piece (its effects beside it), \
                 then click the table. A side that is done lets the other place on alone.",
            );
            if done[0] || done[1] {
                let d = if done[0] { 1 } else { 2 };
                ui.label(format!("Side {d} is done placing."));
            }
            ui.label(format!(
                "{} pieces on the table; a few per 2-foot square is a good start (about {}).",
                s.table.pieces.len(),
                crate::rules::kog::terrain::suggested_count(s)
            ));
            let (mut picked, mut rotation) = match &session.placing {
                Placing::Terrain { piece, rotation } => (piece.clone(), *rotation),
                _ => (String::new(), 0.0),
            };
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .id_salt("terrain_palette")
                .show(ui, |ui| {
                    for p in crate::rules::kog::terrain::palette(s) {
                        let effects: Vec<&str> = p.tags.iter().map(|t| t.label()).collect();
                        let text = format!(
                            "{} ({:.0}\" x {:.0}\" x {:.1}\"{}{})",
                            p.label,
                            p.size.0,
                            p.size.1,
                            p.size.2,
                            if effects.is_empty() { "" } else { "; " },
                            effects.join(", ")
                        );
                        if ui.selectable_label(picked == p.label, text).clicked() {
                            picked = p.label.clone();
                        }
                    }
                });
            ui.horizontal(|ui| {
                ui.label("Turn:");
                ui.add(
                    egui::DragValue::new(&mut rotation)
                        .range(-180.0..=180.0)
                        .speed(5.0)
                        .suffix("\u{b0}"),
                );
            });
            if !picked.is_empty() {
                session.placing = Placing::Terrain {
                    piece: picked,
                    rotation,
                };
            }
            if ui
                .button("Done placing terrain")
                .on_hover_text("the other side places on alone until it is done too")
                .clicked()
            {
                session.placing = Placing::None;
                out = Some(Command::FinishTerrain);
            }
        }
        Phase::RoleDiceOff { last, may_reroll } => {
            ui.heading("Attacker v. Defender");
            let u = unused_points(s);
            ui.label(format!(
                "Unused points: side 1 {}, side 2 {}. \"The player with more unused points may re-roll their die when dicing off.\"",
                u[0], u[1]
            ));
            match (last, may_reroll) {
                (Some(r), Some(side)) => {
                    ui.label(format!(
                        "Side 1 rolled {}, side 2 rolled {}: side {side} may re-roll.",
                        r[0], r[1]
                    ));
                    ui.horizontal(|ui| {
                        if ui
                            .button("Re-roll")
                            .on_hover_text(Tip::UnusedPoints.text())
                            .clicked()
                        {
                            out = Some(Command::Reroll);
                        }
                        if ui.button("Keep").clicked() {
                            out = Some(Command::KeepRolls);
                        }
                    });
                }
                _ => {
                    ui.label(
                        "Each player rolls a die; ties roll again. The higher roll chooses a role.",
                    );
                    if ui
                        .button("Roll off")
                        .on_hover_text(Tip::RollOff.text())
                        .clicked()
                    {
                        out = Some(Command::RollOff);
                    }
                }
            }
        }
        Phase::ChooseRole { chooser } => {
            ui.heading("Attacker v. Defender");
            ui.label(format!(
                "Side {chooser} won the dice-off. The Defender divides the table, deploys first and takes the first turn of round 1; the Attacker takes the first turn of round 2."
            ));
            ui.horizontal(|ui| {
                if ui
                    .button("Be the Attacker")
                    .on_hover_text(Tip::ChooseRole.text())
                    .clicked()
                {
                    out = Some(Command::ChooseRole { attacker: true });
                }
                if ui
                    .button("Be the Defender")
                    .on_hover_text(Tip::ChooseRole.text())
                    .clicked()
                {
                    out = Some(Command::ChooseRole { attacker: false });
                }
            });
        }
        Phase::ChooseTerritory => {
            let d = s.roles.map_or(0, |r| r.defender);
            ui.heading("Territories");
            ui.label(format!(
                "The Defender (side {d}) divides the battlefield into equal halves and chooses one. Forces deploy more than 12\" from the other half."
            ));
            egui::Grid::new("halves").show(ui, |ui| {
                for (label, split, half) in [
                    ("Left half", Split::LeftRight, Half::LeftOrNear),
                    ("Right half", Split::LeftRight, Half::RightOrFar),
                    ("Near half", Split::NearFar, Half::LeftOrNear),
                    ("Far half", Split::NearFar, Half::RightOrFar),
                ] {
                    if ui
                        .button(label)
                        .on_hover_text(Tip::ChooseTerritory.text())
                        .clicked()
                    {
                        out = Some(Command::ChooseTerritory { split, half });
                    }
                    if half == Half::RightOrFar {
                        ui.end_row();
                    }
                }
            });
        }
        Phase::Deploy { side } => {
            ui.heading(format!("Side {side} deploys"));
            ui.label("Click a model below, then the table inside your deployment area (the outlined zone). Drag a placed model to adjust it.");
            let waiting: Vec<(ModelId, String)> = s
                .models
                .values()
                .filter(|m| m.side == *side && !s.on_table(m.id))
                .map(|m| (m.id, format!("{} ({})", m.name, s.units[m.unit].name)))
                .collect();
            if waiting.is_empty() {
                ui.label("Every model is on the table.");
            }
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .id_salt("deploy_list")
                .show(ui, |ui| {
                    for (id, name) in &waiting {
                        let active = session.placing == Placing::Deploy(*id);
                        if ui.selectable_label(active, name).clicked() {
                            session.placing = Placing::Deploy(*id);
                        }
                    }
                });
            let mut auto = false;
            ui.horizontal(|ui| {
                auto = ui
                    .button("Deploy the rest for me")
                    .on_hover_text(
                        "places every waiting model by unit, as the program opponent would",
                    )
                    .clicked();
                if ui.button("Finish deployment").clicked() {
                    out = Some(Command::FinishDeployment);
                }
            });
            if auto {
                return Some(UiAction::AutoDeploy);
            }
            if session.placing == Placing::None
                && let Some(id) = next_to_deploy(session)
                && !waiting.is_empty()
            {
                session.placing = Placing::Deploy(id);
            }
        }
        Phase::PlaceObjective { side } => {
            ui.heading(format!("Side {side}'s Objective"));
            if s.scenario() == crate::rules::kog::Scenario::Linebreaker {
                ui.label("\"The Attacker places an Objective on one model\": select one of your models, then:");
                if let Some(id) = selected
                    && s.models.get(&id).is_some_and(|m| m.side == *side)
                    && ui
                        .button(format!("Give it to {}", s.models[&id].name))
                        .on_hover_text(Tip::CarriesObjective.text())
                        .clicked()
                {
                    out = Some(Command::CarryObjective { model: id });
                }
            } else {
                ui.label("Click the table in your territory, more than 6\" from any board edge.")
                    .on_hover_text(Tip::PlaceObjective.text());
                session.placing = Placing::Objective;
            }
        }
        Phase::NameCommanders => {
            ui.heading("Commanders");
            ui.label("\"Each player designates one model as the overall Commander of their forces.\" Select a model, then name it.");
            for side in [1u8, 2] {
                let named = s
                    .commander(side)
                    .map(|c| s.models[&c].name.clone())
                    .unwrap_or_else(|| "-".into());
                ui.label(format!("Side {side}: {named}"));
            }
            if let Some(id) = selected
                && let Some(m) = s.models.get(&id)
                && ui
                    .button(format!("Name {} side {}'s Commander", m.name, m.side))
                    .on_hover_text(Tip::NameCommander.text())
                    .clicked()
            {
                out = Some(Command::NameCommander { model: id });
            }
        }
        Phase::FirstTurnDiceOff => {
            ui.heading(format!("Round {}", s.round + 1));
            ui.label("Dice off to choose who takes the first turn; the player who went second last round decides ties.");
            if ui
                .button("Roll off")
                .on_hover_text(Tip::FirstTurn.text())
                .clicked()
            {
                out = Some(Command::RollOff);
            }
        }
        Phase::ChooseFirst { chooser } => {
            ui.heading(format!("Round {}", s.round + 1));
            ui.label(format!("Side {chooser} chooses who takes the first turn."));
            ui.horizontal(|ui| {
                for side in [1u8, 2] {
                    if ui
                        .button(format!("Side {side} first"))
                        .on_hover_text(Tip::FirstTurn.text())
                        .clicked()
                    {
                        out = Some(Command::ChooseFirst { side });
                    }
                }
            });
        }
        Phase::Turn | Phase::Over(_) => {}
    }
    out.map(UiAction::Cmd)
}
