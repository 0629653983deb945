//! Kry-Gothic's own panels on the play screen: each side's AP bar and models (left), the model
//! card with its actions and the order builder (right), the deployment steps, and the prompts.
//! The bar, the log and the end of the game are the shared play screen's.

use super::builder::{BuilderAction, builder_ui};
use super::card::{CardAction, actions, card};
use super::prompts::{PromptAction, interrupt_window, pending_prompt, round_summary};
use super::session::{KrySession, Placing};
use super::tips::Tip;
use crate::app::base::state::{Notices, Selection, TableState, Tape};
use crate::app::game::session::ActiveGame;
use crate::app::screens::play::shell::PlayRest;
use crate::app::screens::sandbox_bar::measurement;
use crate::rules::core::{Player, RuleSet};
use crate::rules::kry::Kry;
use crate::rules::kry::command::Command;
use crate::rules::kry::state::{KryState, Phase, Side, conditions, ix};
use crate::table::ModelId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// Everything a click in the panels may ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum UiAction {
    Card(CardAction),
    Prompt(PromptAction),
    Builder(BuilderAction),
    /// Deploy the deploying side's waiting models as the program would.
    AutoDeploy,
    Select(ModelId),
}

/// The bar's own buttons: each side's interrupt, face-off and "done for the round".
pub fn bar_buttons(ui: &mut egui::Ui, session: &mut KrySession) {
    let s = session.state().clone();
    if s.phase != Phase::Play {
        return;
    }
    for side in session.human_sides() {
        ui.separator();
        let claimed = session.tempo.claims[ix(side)]
            || session
                .tempo
                .window
                .as_ref()
                .is_some_and(|w| w.side == side && w.claimed);
        let label = format!("Side {side}: interrupt ({})", session.key_names[ix(side)]);
        let r = ui
            .selectable_label(claimed, &label)
            .on_hover_text(Tip::Interrupt.text());
        crate::app::ui_kit::guide_mark::mark(ui, &r, &label);
        if r.clicked() {
            session.interrupt(side);
        }
        let face_off = Command::CallFaceOff;
        if Kry::check(&s, side, &face_off).is_ok()
            && session.tempo.may_order(side).is_ok()
            && ui
                .small_button("face-off")
                .on_hover_text(Tip::FaceOff.text())
                .clicked()
        {
            let _ = session.order(side, face_off);
        }
        let done = Command::Done { side };
        if Kry::check(&s, side, &done).is_ok()
            && ui
                .small_button("done")
                .on_hover_text(Tip::Done.text())
                .clicked()
        {
            let _ = session.order(side, done);
        }
    }
}

/// One side's AP bar: AP left of the round's roll, spent, and done.
fn ap_bar(ui: &mut egui::Ui, s: &KryState, side: Side, who: Player) {
    let total = s.ap[ix(side)].max(1);
    let left = s.ap_left(side);
    let done = s.done[ix(side)];
    ui.horizontal(|ui| {
        ui.strong(format!("Side {side} ({})", who.label()));
        ui.label(&s.teams[ix(side)]);
    });
    let text = if s.round == 0 {
        "AP are rolled when deployment ends".to_string()
    } else {
        format!(
            "{left} of {} AP left \u{b7} spent {}{}",
            s.ap[ix(side)],
            s.spent[ix(side)],
            if done {
                " \u{b7} done"
            } else if left == 0 {
                " \u{b7} out of AP"
            } else {
                ""
            }
        )
    };
    let color = if side == 1 {
        egui::Color32::from_rgb(60, 110, 200)
    } else {
        egui::Color32::from_rgb(190, 70, 60)
    };
    ui.add(
        egui::ProgressBar::new(left as f32 / total as f32)
            .fill(color)
            .text(text),
    )
    .on_hover_text(if done {
        Tip::Done.text()
    } else {
        Tip::ApBar.text()
    });
}

/// A model's markers in one line: pinned, waiting, down, fear, stuck, in a combo.
pub fn marker_text(s: &KryState, id: ModelId) -> String {
    let Some(m) = s.models.get(&id) else {
        return String::new();
    };
    let mut v: Vec<String> = conditions(m)
        .iter()
        .filter(|c| **c != "waiting" || s.waiting_shown(m))
        .map(|c| c.to_string())
        .collect();
    if m.dead {
        v.insert(0, "out".into());
    }
    if m.afraid_of.is_some() {
        v.push("afraid".into());
    }
    if m.stuck > 0 {
        v.push("stuck".into());
    }
    if s.combo
        .as_ref()
        .is_some_and(|c| c.steps.iter().any(|st| st.model() == Some(id)))
    {
        v.push("combo".into());
    }
    if m.wounds_taken > 0 && !m.dead {
        v.push(format!("{} wound(s)", m.wounds_taken));
    }
    v.join(", ")
}

/// The tooltip of a model's line in the side panel: the rule of each of its markers.
pub fn marker_tips(s: &KryState, id: ModelId) -> String {
    let missed = s
        .models
        .get(&id)
        .is_some_and(|m| m.pinned == Some(crate::rules::kry::state::Pin::Missed));
    let text = marker_text(s, id);
    let lines: Vec<String> = text
        .split(", ")
        .filter_map(|w| {
            let tip = match Tip::of_marker(w)? {
                Tip::PinnedHit if missed => Tip::PinnedMissed,
                t => t,
            };
            Some(format!("{w}: {}", tip.quoted()))
        })
        .collect();
    lines.join("\n")
}

fn side_panel(ui: &mut egui::Ui, session: &KrySession, sel: Option<ModelId>) -> Option<UiAction> {
    let s = session.state();
    let mut out = None;
    ui.label(format!("AP round {}", s.round))
        .on_hover_text(Tip::ApRound.text());
    for side in [1u8, 2] {
        ap_bar(ui, s, side, session.game.player(side));
        for m in s.models.values().filter(|m| m.side == side) {
            let marks = marker_text(s, m.id);
            let text = if marks.is_empty() {
                m.name.to_string()
            } else {
                format!("{} \u{2014} {marks}", m.name)
            };
            let rt = if m.dead {
                egui::RichText::new(text).strikethrough().weak()
            } else {
                egui::RichText::new(text)
            };
            let r = ui.selectable_label(sel == Some(m.id), rt);
            let tips = marker_tips(s, m.id);
            let r = if tips.is_empty() {
                r
            } else {
                r.on_hover_text(tips)
            };
            if r.clicked() {
                out = Some(UiAction::Select(m.id));
            }
        }
        ui.add_space(6.0);
    }
    round_summary(ui, s);
    out
}

fn deploy_steps(ui: &mut egui::Ui, session: &KrySession) -> Option<UiAction> {
    let s = session.state();
    let Phase::Deploy { side } = s.phase else {
        return None;
    };
    let mut out = None;
    ui.strong(format!("Side {side} deploys"));
    if let Some(text) = crate::app::game::session::elsewhere(&session.game) {
        ui.label(text);
        return None;
    }
    let waiting: Vec<_> = s
        .alive(side)
        .filter(|m| s.arrived(m) && s.table.model(m.id).is_err())
        .collect();
    ui.label(format!(
        "{} model(s) to place: pick one, then click in the deployment zone (drag a placed model to move it).",
        waiting.len()
    ));
    for m in &waiting {
        let placing = session.placing == Placing::Deploy(m.id);
        if ui.selectable_label(placing, &*m.name).clicked() {
            out = Some(UiAction::Card(CardAction::Place(Placing::Deploy(m.id))));
        }
    }
    ui.horizontal(|ui| {
        if !waiting.is_empty() && ui.button("Deploy the rest for me").clicked() {
            out = Some(UiAction::AutoDeploy);
        }
        let fin = Command::FinishDeployment;
        let ok = Kry::check(s, side, &fin);
        let r = ui.add_enabled(ok.is_ok(), egui::Button::new("Finish deployment"));
        let r = match &ok {
            Err(e) => r.on_disabled_hover_text(e.to_string()),
            Ok(()) => r,
        };
        if r.clicked() {
            out = Some(UiAction::Card(CardAction::Cmd(fin)));
        }
    });
    out
}

pub(super) fn game_ui(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    mut play_rest: ResMut<PlayRest>,
    mut sel: ResMut<Selection>,
    mut tape: ResMut<Tape>,
    tape_rule: Res<crate::app::base::state::TapeRule>,
    state: Res<TableState>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Some(session) = KrySession::of_mut(&mut active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    let Some(rect) = play_rest.0 else {
        return Ok(());
    };
    let mut root = crate::app::ui_kit::layout::root_ui(&ctx, "kry_root", rect);
    let mut action: Option<UiAction> = None;
    egui::Panel::left("kry_sides")
        .default_size(250.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("kry_sides_scroll")
                .show(ui, |ui| {
                    if let Some(a) = side_panel(ui, session, sel.0) {
                        action = Some(a);
                    }
                });
        });
    egui::Panel::right("kry_card")
        .default_size(340.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("kry_card_scroll")
                .show(ui, |ui| {
                    if let Some(a) = deploy_steps(ui, session) {
                        action = Some(a);
                    }
                    if let Some(id) = sel.0 {
                        card(ui, &session.game.setup, session.state(), id);
                        if let Some(a) = actions(ui, session, id) {
                            action = Some(UiAction::Card(a));
                        }
                    } else if session.state().phase == Phase::Play {
                        ui.label("Click a model to see its card and its actions.");
                    }
                    if session.state().phase == Phase::Play
                        && let Some(a) = builder_ui(ui, session)
                    {
                        action = Some(UiAction::Builder(a));
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
    play_rest.0 = Some(root.available_rect_before_wrap());
    if let Some(a) = interrupt_window(&ctx, session) {
        action = Some(UiAction::Prompt(a));
    }
    if let Some(a) = pending_prompt(&ctx, session) {
        action = Some(UiAction::Prompt(a));
    }
    if let Some(a) = action
        && let Err(e) = perform(session, a, &mut sel)
    {
        notices.status = format!("Refused: {e}");
        session.shell.remirror();
    }
    Ok(())
}

/// Carries out a click in the panels.
pub fn perform(session: &mut KrySession, a: UiAction, sel: &mut Selection) -> Result<(), String> {
    let e = |e: crate::rules::core::RuleError| e.to_string();
    match a {
        UiAction::Select(id) => sel.0 = Some(id),
        UiAction::Card(CardAction::Kind(k)) => session.move_kind = k,
        UiAction::Card(CardAction::Place(p)) => {
            session.placing = if session.placing == p {
                Placing::None
            } else {
                p
            };
        }
        UiAction::Card(CardAction::Cmd(c)) => {
            if let Some(steps) = session.building.as_mut()
                && matches!(
                    c,
                    Command::Move { .. }
                        | Command::Turn { .. }
                        | Command::Shoot { .. }
                        | Command::Attack { .. }
                )
            {
                steps.push(c);
                session.placing = Placing::None;
                return Ok(());
            }
            let aimed = matches!(c, Command::Shoot { .. } | Command::Attack { .. });
            session.submit(c).map_err(e)?;
            if aimed {
                session.placing = Placing::None;
            }
        }
        UiAction::AutoDeploy => super::session::auto_deploy(session)?,
        UiAction::Prompt(PromptAction::Cmd(side, c)) => {
            session.order(side, c).map_err(e)?;
        }
        UiAction::Prompt(PromptAction::Interrupt(side)) => session.interrupt(side),
        UiAction::Prompt(PromptAction::Pass) => session.pass().map_err(e)?,
        UiAction::Builder(b) => match b {
            BuilderAction::Start => session.building = Some(Vec::new()),
            BuilderAction::RemoveLast => {
                if let Some(v) = session.building.as_mut() {
                    v.pop();
                }
            }
            BuilderAction::Discard => session.building = None,
            BuilderAction::Give(side, c) => {
                session.order(side, c).map_err(e)?;
                session.building = None;
            }
            BuilderAction::Cancel(side) => {
                session.order(side, Command::CancelCombo).map_err(e)?;
            }
            BuilderAction::CancelUnits(side, models) => {
                session
                    .order(side, Command::CancelUnits { models })
                    .map_err(e)?;
            }
        },
    }
    Ok(())
}
