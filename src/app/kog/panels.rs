//! The game's egui overlays: the round / turn / step bar, the forces with their status markers,
//! the selected model's card and actions, the combat log, the attack prompt for the defending
//! player, and the end of the game.

use super::card::{self, MenuCache, odds_line};
use super::input::MovePreview;
use super::session::{KogSession, Placing, UiAction, phase_line, remirror};
use crate::app::state::{Notices, PointerOverUi, Selection, TableState, Tape};
use crate::app::ui::{UiRest, fit_viewport, measurement, pointer_over_ui};
use crate::rules::kog::Command;
use crate::rules::kog::odds::odds;
use crate::rules::kog::state::{Condition, MoveMode, Phase, Step};
use crate::rules::kog::targeting::plan_attack;
use crate::table::{ModelId, Scene};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

/// Requests the panels make of the rest of the program.
#[derive(Resource, Debug, Default)]
pub struct GameRequests {
    pub save: bool,
    pub leave: bool,
    pub new_battle: bool,
}

pub(super) fn game_ui(
    mut contexts: EguiContexts,
    mut session: ResMut<KogSession>,
    rest: Res<UiRest>,
    mut sel: ResMut<Selection>,
    mut tape: ResMut<Tape>,
    state: Res<TableState>,
    mut cache: ResMut<MenuCache>,
    preview: Res<MovePreview>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<&mut Camera, With<Camera3d>>,
    mut over_ui: ResMut<PointerOverUi>,
    mut notices: ResMut<Notices>,
    mut requests: ResMut<GameRequests>,
    mut hover: ResMut<super::markers::AttackHover>,
) -> Result {
    let mut hovered = None;
    let ctx = contexts.ctx_mut()?.clone();
    let Some(rect) = rest.0 else { return Ok(()) };
    let mut root = egui::Ui::new(
        ctx.clone(),
        "game_root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    );
    let mut action: Option<UiAction> = None;

    egui::Panel::top("game_bar").show(&mut root, |ui| {
        if let Some(a) = game_bar(ui, &mut session, &mut requests) {
            action = Some(a);
        }
    });
    egui::Panel::left("forces")
        .default_size(230.0)
        .show(&mut root, |ui| forces_panel(ui, &mut session, &mut sel));
    cache.refresh(&session, sel.0);
    egui::Panel::right("game_card")
        .default_size(320.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("card_scroll")
                .show(ui, |ui| {
                    if let Some(a) = super::setup_ui::setup_steps(ui, &mut session, sel.0) {
                        action = Some(a);
                    }
                    if let Some(id) = sel.0 {
                        if session.state().phase != Phase::Turn {
                            ui.separator();
                        }
                        card::card(ui, session.state(), id);
                        if let Some(c) = card::actions(ui, &mut session, &cache, id, &mut hovered) {
                            action = Some(UiAction::Cmd(c));
                        }
                    } else if session.state().phase == Phase::Turn {
                        ui.label("Click a model to see its card and its actions.");
                    }
                    if let Some(e) = &session.last_error {
                        ui.separator();
                        ui.label(
                            egui::RichText::new(format!("Refused: {e}"))
                                .color(egui::Color32::LIGHT_RED),
                        );
                    }
                    ui.separator();
                    measurement(ui, &state, &mut tape);
                });
        });
    if session.show_log {
        egui::Panel::bottom("combat_log")
            .default_size(150.0)
            .resizable(true)
            .show(&mut root, |ui| log_panel(ui, &session));
    }
    let free = root.available_rect_before_wrap();
    if let (Ok(window), Ok(mut cam)) = (window.single(), cams.single_mut()) {
        fit_viewport(&mut cam, window, free);
    }
    if let Some(m) = preview.model
        && !preview.text.is_empty()
    {
        egui::Area::new("move_preview".into())
            .fixed_pos(free.left_top() + egui::vec2(12.0, 12.0))
            .show(&ctx, |ui| {
                let col = if preview.ok {
                    egui::Color32::LIGHT_GREEN
                } else {
                    egui::Color32::LIGHT_RED
                };
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(session.state().models[&m].name.clone()).strong());
                    ui.label(egui::RichText::new(&preview.text).color(col));
                });
            });
    }
    if let Some(a) = pending_prompt(&ctx, &session) {
        action = Some(a);
    }
    game_over(&ctx, &session, &mut requests);
    if session.show_rules {
        let mut open = true;
        super::rules_ref::window(&ctx, &mut open);
        session.show_rules = open;
    }
    leave_prompt(&ctx, &mut session, &mut requests);
    over_ui.0 = pointer_over_ui(&ctx, free);
    if hover.pair != hovered {
        hover.pair = hovered;
    }

    if let Some(a) = action {
        let r = match a {
            UiAction::Cmd(c) => {
                let placing_target = matches!(c, Command::Attack { .. });
                let r = session.submit(c);
                if placing_target && r.is_ok() {
                    session.placing = Placing::None;
                }
                r.map_err(|e| e.to_string())
            }
            UiAction::AutoDeploy => super::auto_deploy(&mut session),
        };
        match r {
            Ok(()) => notices.status.clear(),
            Err(e) => {
                notices.status = format!("Refused: {e}");
                remirror(&mut session);
            }
        }
    }
    Ok(())
}

/// The bar: where the game is, the step's buttons, undo, save, the log and the rules.
fn game_bar(
    ui: &mut egui::Ui,
    session: &mut KogSession,
    requests: &mut GameRequests,
) -> Option<UiAction> {
    let mut out = None;
    ui.horizontal_wrapped(|ui| {
        let s = session.state();
        ui.strong(format!("KOG light \u{b7} {}", s.scenario.label()));
        ui.separator();
        let first = if s.phase == Phase::Turn && s.first == s.active {
            "  (first player)"
        } else {
            ""
        };
        ui.label(egui::RichText::new(format!("{}{first}", phase_line(s))).strong());
        if s.phase == Phase::Turn && s.pending.is_none() && session.human_to_act() {
            ui.separator();
            match s.step {
                Step::Movement => {
                    if ui.button("End Movement").clicked() {
                        out = Some(UiAction::Cmd(Command::EndMovement));
                    }
                }
                Step::Action => {
                    if ui.button("End turn").clicked() {
                        out = Some(UiAction::Cmd(Command::EndTurn));
                    }
                }
            }
        }
        ui.separator();
        let can_undo = session.game.can_undo();
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo"))
            .on_hover_text("takes back the last step; a roll cannot be taken back")
            .on_disabled_hover_text("nothing to undo: the last step rolled dice")
            .clicked()
        {
            session.undo();
            session.placing = Placing::None;
        }
        if ui.button("Save game").clicked() {
            requests.save = true;
        }
        ui.toggle_value(&mut session.show_log, "Log");
        ui.toggle_value(&mut session.show_rules, "Rules reference");
        ui.separator();
        ui.label("Real dice:")
            .on_hover_text("type the results of physical dice (e.g. 4 6 1) before a roll; dice you do not type are rolled by the program");
        ui.add(
            egui::TextEdit::singleline(&mut session.typed_dice)
                .desired_width(70.0)
                .hint_text("e.g. 4 6"),
        );
        ui.separator();
        if ui.button("Leave battle").clicked() {
            session.confirm_leave = true;
        }
    });
    out
}

fn marker_text(s: &crate::rules::kog::KogState, id: ModelId) -> String {
    let mut v = Vec::new();
    let m = &s.models[&id];
    match m.condition() {
        Condition::Crippled => v.push("\u{2297} crippled"),
        Condition::Destroyed => v.push("\u{2297} destroyed"),
        Condition::Eliminated => v.push("eliminated"),
        Condition::Unharmed => {}
    }
    match s.turn.moved.get(&id).map(|m| m.0) {
        Some(MoveMode::Speed) => v.push("\u{bb} speed"),
        Some(MoveMode::HoldPosition) => v.push("H hold"),
        Some(MoveMode::Charge) => v.push("charge"),
        Some(MoveMode::Combat) => v.push("moved"),
        None => {}
    }
    if s.turn.acted.contains(&id) {
        v.push("acted");
    }
    if s.turn.held.values().any(|h| *h == id) || s.objectives.iter().any(|o| o.carrier == Some(id))
    {
        v.push("! objective");
    }
    if !m.on_table && !m.removed {
        v.push("to deploy");
    }
    v.join("  ")
}

/// Both forces, unit by unit, with each model's markers; a click selects.
fn forces_panel(ui: &mut egui::Ui, session: &mut KogSession, sel: &mut Selection) {
    let mut players = session.game.players.clone();
    let s = session.state();
    egui::ScrollArea::vertical()
        .id_salt("forces_scroll")
        .show(ui, |ui| {
            for side in [1u8, 2] {
                let role = match s.roles {
                    Some(r) if r.attacker == side => " \u{b7} Attacker",
                    Some(_) => " \u{b7} Defender",
                    None => "",
                };
                let f = &s.forces[(side - 1) as usize];
                ui.horizontal(|ui| {
                    ui.heading(format!("Side {side}{role}"));
                    let p = &mut players[(side - 1) as usize];
                    let label = match p {
                        super::session::Player::Human => "player",
                        super::session::Player::Program => "program",
                    };
                    if ui
                        .small_button(label)
                        .on_hover_text(
                            "who plays this side: click to hand it to the program or take it back",
                        )
                        .clicked()
                    {
                        *p = match p {
                            super::session::Player::Human => super::session::Player::Program,
                            super::session::Player::Program => super::session::Player::Human,
                        };
                    }
                });
                ui.label(egui::RichText::new(format!("{} \u{b7} {}", f.name, f.faction)).small());
                for (ui_i, u) in s.units.iter().enumerate().filter(|(_, u)| u.side == side) {
                    let done = s.turn.units_done.contains(&ui_i);
                    let open = s.turn.open_unit == Some(ui_i);
                    let title = format!(
                        "{}{}{}",
                        u.name,
                        if open { "  (selected)" } else { "" },
                        if done { "  (done)" } else { "" }
                    );
                    ui.label(egui::RichText::new(title).strong());
                    for id in &u.models {
                        let m = &s.models[id];
                        let marks = marker_text(s, *id);
                        let cmd = if s.commander(side) == Some(*id) {
                            " \u{2605}"
                        } else {
                            ""
                        };
                        let text = format!("{}{cmd}  {marks}", m.name);
                        let mut rt = egui::RichText::new(text);
                        if !m.alive() {
                            rt = rt.weak().strikethrough();
                        }
                        if ui.selectable_label(sel.0 == Some(*id), rt).clicked() {
                            sel.0 = Some(*id);
                        }
                    }
                }
                let held: Vec<String> = s
                    .objectives
                    .iter()
                    .filter(|o| o.streak[(side - 1) as usize] > 0)
                    .map(|o| format!("{} held {}\u{d7}", o.name, o.streak[(side - 1) as usize]))
                    .collect();
                if !held.is_empty() {
                    ui.label(held.join(", "));
                }
                ui.separator();
            }
        });
    session.game.players = players;
}

/// The combat log, newest at the bottom.
fn log_panel(ui: &mut egui::Ui, session: &KogSession) {
    ui.horizontal(|ui| {
        ui.strong("Combat log");
        ui.label(
            egui::RichText::new(format!(
                "seed {} \u{b7} {} rolls \u{b7} {} commands",
                session.game.setup.seed,
                session.game.dice.log().len(),
                session.game.log.len()
            ))
            .small(),
        );
    });
    egui::ScrollArea::vertical()
        .id_salt("log_scroll")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for l in &session.game.journal {
                let tag = if l.round == 0 {
                    "setup".to_string()
                } else if l.seat == 0 {
                    format!("R{}", l.round)
                } else {
                    format!("R{} S{}", l.round, l.seat)
                };
                ui.label(
                    egui::RichText::new(format!("[{tag}] {}", l.text))
                        .monospace()
                        .size(12.0),
                );
            }
        });
}

/// The defending player's choice: Counterattack or Defend, with the odds of each.
fn pending_prompt(ctx: &egui::Context, session: &KogSession) -> Option<UiAction> {
    let s = session.state();
    let p = s.pending.as_ref()?;
    if !session.human_to_act() {
        return None;
    }
    let scene = Scene::new(&s.table, s.options.sight());
    let plan = plan_attack(s, &scene, p.attacker, &p.weapon, p.target, false).ok()?;
    let t = &s.models[&p.target];
    let mut out = None;
    egui::Window::new("Counterattack?")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .show(ctx, |ui| {
            ui.label(format!(
                "Side {}: {} attacks {} with its {} ({}).",
                t.side,
                s.models[&p.attacker].name,
                t.name,
                plan.weapon.name,
                plan.weapon.describe()
            ));
            ui.label("\"Each turn, the first time a model is selected as a target, the target may Counterattack instead of Defending against the attack. If not Destroyed by the attack, then the target model may make an attack of its own against the attacking model.\"");
            ui.separator();
            let d = odds(&plan.spec(s, false));
            ui.label(format!("Defend: {}", odds_line(&d, t.crippled())));
            if ui.button("Defend").clicked() {
                out = Some(UiAction::Cmd(Command::Respond { counter: None }));
            }
            let c = odds(&plan.spec(s, true));
            ui.label(format!(
                "Counterattack (no Defense roll): {}",
                odds_line(&c, t.crippled())
            ));
            for w in &p.counter_weapons {
                let back = plan_attack(s, &scene, p.target, w, p.attacker, true)
                    .ok()
                    .map(|b| odds(&b.spec(s, false)));
                let label = match back {
                    Some(o) => format!(
                        "Counterattack with {w} (then {}: {})",
                        s.models[&p.attacker].name,
                        odds_line(&o, s.models[&p.attacker].crippled())
                    ),
                    None => format!("Counterattack with {w}"),
                };
                if ui.button(label).clicked() {
                    out = Some(UiAction::Cmd(Command::Respond {
                        counter: Some(w.clone()),
                    }));
                }
            }
        });
    out
}

fn game_over(ctx: &egui::Context, session: &KogSession, requests: &mut GameRequests) {
    let Phase::Over(o) = &session.state().phase else {
        return;
    };
    egui::Window::new("The battle is over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.heading(o.describe());
            ui.label(format!(
                "Round {}, {} commands, {} rolls.",
                session.state().round,
                session.game.log.len(),
                session.game.dice.log().len()
            ));
            ui.horizontal(|ui| {
                if ui.button("Save the game").clicked() {
                    requests.save = true;
                }
                if ui.button("New battle").clicked() {
                    requests.new_battle = true;
                }
                if ui.button("Back to the sandbox").clicked() {
                    requests.leave = true;
                }
            });
        });
}

fn leave_prompt(ctx: &egui::Context, session: &mut KogSession, requests: &mut GameRequests) {
    if !session.confirm_leave {
        return;
    }
    egui::Window::new("Leave the battle?")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label("The battle ends here. Save it first to go on later.");
            ui.horizontal(|ui| {
                if ui.button("Save, then leave").clicked() {
                    requests.save = true;
                    requests.leave = true;
                    session.confirm_leave = false;
                }
                if ui.button("Leave without saving").clicked() {
                    requests.leave = true;
                    session.confirm_leave = false;
                }
                if ui.button("Stay").clicked() {
                    session.confirm_leave = false;
                }
            });
        });
}
