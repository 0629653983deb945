//! KOG light's own panels on the play screen: the forces with their status markers, the selected
//! model's card and actions, and the attack prompt for the defending player. The bar, the log
//! and the end of the game are the shared play screen's.

use super::card::{self, MenuCache, odds_line};
use super::input::MovePreview;
use super::session::{KogSession, Placing, UiAction};
use super::tips::Tip;
use crate::app::base::state::{Notices, Selection, TableState, Tape};
use crate::app::game::session::ActiveGame;
use crate::app::ui_kit::guide_mark;
use crate::app::screens::play::shell::PlayRest;
use crate::app::screens::sandbox_bar::measurement;
use crate::rules::kog::Command;
use crate::rules::kog::odds::odds;
use crate::rules::kog::state::{Condition, MoveMode, Phase};
use crate::rules::kog::targeting::plan_attack;
use crate::table::{ModelId, Scene};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

pub(super) fn game_ui(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    mut play_rest: ResMut<PlayRest>,
    mut sel: ResMut<Selection>,
    mut tape: ResMut<Tape>,
    tape_rule: Res<crate::app::base::state::TapeRule>,
    state: Res<TableState>,
    mut cache: ResMut<MenuCache>,
    preview: Res<MovePreview>,
    mut notices: ResMut<Notices>,
    mut hover: ResMut<super::hover::AttackHover>,
) -> Result {
    let Some(session) = KogSession::of_mut(&mut active) else {
        return Ok(());
    };
    let mut hovered = None;
    let ctx = contexts.ctx_mut()?.clone();
    let Some(rect) = play_rest.0 else {
        return Ok(());
    };
    let mut root = crate::app::ui_kit::layout::root_ui(&ctx, "kog_root", rect);
    let mut action: Option<UiAction> = None;

    egui::Panel::left("forces")
        .default_size(230.0)
        .show(&mut root, |ui| forces_panel(ui, session, &mut sel));
    cache.refresh(session, sel.0);
    egui::Panel::right("game_card")
        .default_size(320.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("card_scroll")
                .show(ui, |ui| {
                    if let Some(a) = super::setup_ui::setup_steps(ui, session, sel.0) {
                        action = Some(a);
                    }
                    if let Some(id) = sel.0 {
                        if session.state().phase != Phase::Turn {
                            ui.separator();
                        }
                        card::card(ui, session.state(), id);
                        if let Some(c) = card::actions(ui, session, &cache, id, &mut hovered) {
                            action = Some(UiAction::Cmd(c));
                        }
                    } else if session.state().phase == Phase::Turn {
                        ui.label("Click a model to see its card and its actions.");
                    }
                    if let Some(e) = &session.shell.last_error {
                        ui.separator();
                        ui.label(
                            egui::RichText::new(format!("Refused: {e}"))
                                .color(egui::Color32::LIGHT_RED),
                        );
                    }
                    ui.separator();
                    measurement(ui, &state, &mut tape, &tape_rule);
                });
        });
    let free = root.available_rect_before_wrap();
    play_rest.0 = Some(free);
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
    if let Some(a) = pending_prompt(&ctx, session, free) {
        action = Some(a);
    }
    if hover.pair != hovered {
        hover.pair = hovered;
    }

    if let Some(a) = action {
        take_action(session, a, &mut notices);
    }
    Ok(())
}

/// Carries out what a click in the panels asked for (a command, or deploying the rest); a
/// refusal goes to the status line and puts the table back.
pub fn take_action(session: &mut KogSession, a: UiAction, notices: &mut Notices) {
    let r = match a {
        UiAction::Cmd(c) => {
            let placing_target = matches!(c, Command::Attack { .. });
            let r = session.submit(c);
            if placing_target && r.is_ok() {
                session.placing = Placing::None;
            }
            r.map_err(|e| e.to_string())
        }
        UiAction::AutoDeploy => super::session::auto_deploy(session),
    };
    match r {
        Ok(()) => notices.status.clear(),
        Err(e) => {
            notices.status = format!("Refused: {e}");
            session.shell.remirror();
        }
    }
}

fn marker_text(s: &crate::rules::kog::KogState, id: ModelId) -> String {
    let v: Vec<&str> = markers(s, id).into_iter().map(|(t, _)| t).collect();
    v.join("  ")
}

/// A model's markers in the forces panel, each with the tip that quotes its rule.
pub fn markers(s: &crate::rules::kog::KogState, id: ModelId) -> Vec<(&'static str, Tip)> {
    let mut v = Vec::new();
    let Some(m) = s.models.get(&id) else {
        return v;
    };
    match m.condition() {
        Condition::Crippled => v.push(("\u{2297} crippled", Tip::Crippled)),
        Condition::Destroyed => v.push(("\u{2297} destroyed", Tip::Destroyed)),
        Condition::Eliminated => v.push(("eliminated", Tip::Eliminated)),
        Condition::Unharmed => {}
    }
    match s.turn.moved.get(&id).map(|m| m.0) {
        Some(MoveMode::Speed) => v.push(("\u{bb} speed", Tip::SpeedMove)),
        Some(MoveMode::HoldPosition) => v.push(("H hold", Tip::HoldPosition)),
        Some(MoveMode::Charge) => v.push(("charge", Tip::Charge)),
        Some(MoveMode::Combat) => v.push(("moved", Tip::Moved)),
        None => {}
    }
    if s.turn.acted.contains(&id) {
        v.push(("acted", Tip::Acted));
    }
    let carrier = s.objectives.iter().any(|o| o.carrier == Some(id));
    if carrier {
        v.push(("! objective", Tip::CarriesObjective));
    } else if s.turn.held.values().any(|h| *h == id) {
        v.push(("! objective", Tip::HoldsObjective));
    }
    if s.waiting_to_deploy(m) {
        v.push(("to deploy", Tip::ToDeploy));
    }
    v
}

/// The tooltip of a model's line in the forces panel: each marker's rule, one to a line.
fn marker_tips(s: &crate::rules::kog::KogState, id: ModelId) -> String {
    let mut v: Vec<String> = Vec::new();
    if s.commander(s.models.get(&id).map_or(0, |m| m.side)) == Some(id) {
        v.push(format!("\u{2605} {}", Tip::Commander.quoted()));
    }
    for (mark, tip) in markers(s, id) {
        v.push(format!("{mark}: {}", tip.quoted()));
    }
    v.join("\n")
}

/// Both forces, unit by unit, with each model's markers; a click selects.
fn forces_panel(ui: &mut egui::Ui, session: &mut KogSession, sel: &mut Selection) {
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
                let f = &s.forces()[(side - 1) as usize];
                ui.heading(format!("Side {side}{role}"));
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
                    let r = ui.label(egui::RichText::new(title).strong());
                    if done {
                        r.on_hover_text(Tip::UnitDone.text());
                    }
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
                        let r = ui.selectable_label(sel.0 == Some(*id), rt);
                        let tips = marker_tips(s, *id);
                        let r = if tips.is_empty() {
                            r
                        } else {
                            r.on_hover_text(tips)
                        };
                        if r.clicked() {
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
                    ui.label(held.join(", "))
                        .on_hover_text(Tip::ObjectiveHeld.text());
                }
                ui.separator();
            }
        });
}

/// The defending player's choice: Counterattack or Defend, with the odds of each.
/// It stands at the top left of the table.
fn pending_prompt(
    ctx: &egui::Context,
    session: &KogSession,
    free: egui::Rect,
) -> Option<UiAction> {
    let s = session.state();
    let p = s.pending.as_ref()?;
    if !session.human_to_act() {
        return None;
    }
    let scene = Scene::new(&s.table, s.options().sight());
    let plan = plan_attack(s, &scene, p.attacker, &p.weapon, p.target, false).ok()?;
    let t = &s.models[&p.target];
    let mut out = None;
    egui::Window::new("Counterattack?")
        .collapsible(false)
        .anchor(
            egui::Align2::LEFT_TOP,
            egui::vec2(free.left() + 8.0, free.top() + 8.0),
        )
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
            if guide_mark::button(ui, "Defend")
                .on_hover_text(Tip::Defend.text())
                .clicked()
            {
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
                if guide_mark::button(ui, label)
                    .on_hover_text(Tip::Counterattack.text())
                    .clicked()
                {
                    out = Some(UiAction::Cmd(Command::Respond {
                        counter: Some(w.clone()),
                    }));
                }
            }
        });
    out
}
