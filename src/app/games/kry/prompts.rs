//! Kry-Gothic's prompts: the interrupt window with its shrinking countdown, the close-combat
//! questions (the defender's class, then type, each with its odds; the attacker's extra wounds),
//! the face-off screen (each side names its action in secret after a "pass the screen" prompt),
//! and the end-of-round summary of the Loses and Triumph tables.

use super::odds::close_line;
use super::session::{FaceOffScreen, KrySession};
use super::tempo::WindowKind;
use super::tips::Tip;
use crate::rules::core::{Player, RuleSet};
use crate::rules::kry::Kry;
use crate::rules::kry::close::{Defence, extra_wound_cost};
use crate::rules::kry::command::Command;
use crate::rules::kry::faceoff::{FaceOffAction, FaceOffChoice};
use crate::rules::kry::state::{FaceOffPick, KryState, Pending, Side, enemy, ix};
use crate::app::ui_kit::guide_mark as mark;
use bevy_egui::egui;

/// What a prompt asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum PromptAction {
    /// `side` gives this command.
    Cmd(Side, Command),
    /// `side` claims its window (the on-screen interrupt button).
    Interrupt(Side),
    /// The window's side lets it go.
    Pass,
}

const FACE_OFF_ACTIONS: [FaceOffAction; 3] = [
    FaceOffAction::Movement,
    FaceOffAction::Ranged,
    FaceOffAction::Close,
];

/// The open interrupt window: whose it is, what it allows, and the countdown as a shrinking bar.
pub fn interrupt_window(ctx: &egui::Context, session: &KrySession) -> Option<PromptAction> {
    let w = session.tempo.window.as_ref()?;
    if session.game.player(w.side) == Player::Program {
        return None;
    }
    let mut out = None;
    egui::Window::new("Interrupt window")
        .id("kry_interrupt".into())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 56.0))
        .show(ctx, |ui| {
            let what = match w.kind {
                WindowKind::Combo { waiting_only: true } => format!(
                    "Side {} may interrupt the combo with a unit in waiting (the next step is a different action).",
                    w.side
                ),
                WindowKind::Combo { waiting_only: false } => format!(
                    "Side {} may interrupt the combo with any order (the next step repeats the action).",
                    w.side
                ),
                WindowKind::AfterOrder => format!(
                    "Side {} may answer side {}'s order: fire at a unit that moved into view, or act first.",
                    w.side,
                    enemy(w.side)
                ),
            };
            ui.label(egui::RichText::new(what).strong());
            // A side played at another machine answers there; here the window is only shown.
            let here = session.game.player(w.side) == Player::Human;
            if !here {
                ui.label(format!(
                    "Side {} plays at another machine: the window closes when it answers{}.",
                    w.side,
                    if w.left.is_some() {
                        " or its time runs out on the host's clock"
                    } else {
                        ""
                    }
                ));
            }
            if w.claimed {
                ui.label(format!(
                    "Side {} has claimed the window: give an order (or a face-off), or pass.",
                    w.side
                ));
            } else if let (Some(left), Some(f)) = (w.left, session.tempo.fraction_left()) {
                ui.add(
                    egui::ProgressBar::new(f)
                        .desired_width(360.0)
                        .text(format!("{left:.1} s left")),
                );
            } else {
                ui.label("No countdown: the window waits for a pass.");
            }
            if !here {
                return;
            }
            ui.horizontal(|ui| {
                if !w.claimed
                    && mark::button(ui, format!("Interrupt! ({})", session.key_names[ix(w.side)]))
                        .on_hover_text(Tip::Interrupt.text())
                        .clicked()
                {
                    out = Some(PromptAction::Interrupt(w.side));
                }
                if mark::button(ui, "Pass")
                    .on_hover_text(Tip::Pass.text())
                    .clicked()
                {
                    out = Some(PromptAction::Pass);
                }
                let face_off = Command::CallFaceOff;
                if w.kind == WindowKind::AfterOrder
                    && Kry::check(session.state(), w.side, &face_off).is_ok()
                    && mark::button(ui, "Call a face-off")
                        .on_hover_text(Tip::FaceOff.text())
                        .clicked()
                {
                    out = Some(PromptAction::Cmd(w.side, face_off));
                }
            });
        });
    out
}

/// The question a close-combat attack or a face-off waits on, for a side a person plays.
pub fn pending_prompt(ctx: &egui::Context, session: &mut KrySession) -> Option<PromptAction> {
    let s = session.state().clone();
    let pending = s.pending.clone()?;
    let side = pending.side(&s);
    if session.game.player(side) == Player::Program && !matches!(pending, Pending::FaceOff(_)) {
        return None;
    }
    let mut out = None;
    match &pending {
        Pending::DefenceClass(_) => {
            if let Some(a) = defence_class_screen(ctx, session, &s, side) {
                out = Some(a);
            }
        }
        Pending::DefenceType(a) => {
            window(ctx, "Close combat: the defence type", |ui| {
                let def = &s.models[&a.target];
                ui.label(format!(
                    "{} has been hit {} time(s). Side {side}: pick {}'s active defence.",
                    def.name,
                    a.hits.unwrap_or(0),
                    def.name
                ));
                for d in Defence::ALL.into_iter().filter(|d| d.active()) {
                    // A parry or a deflection names its weapon when the defender has more than
                    // one that may: one button each.
                    let weapons: Vec<Option<String>> = match d {
                        Defence::Parry => def
                            .cc_weapons
                            .iter()
                            .filter(|w| !w.broken)
                            .map(|w| Some(w.name.clone()))
                            .collect(),
                        Defence::Deflect => def
                            .ranged
                            .iter()
                            .filter(|w| !w.broken)
                            .map(|w| Some(w.name.clone()))
                            .collect(),
                        _ => Vec::new(),
                    };
                    let weapons = if weapons.len() > 1 {
                        weapons
                    } else {
                        vec![None]
                    };
                    for weapon in weapons {
                        let label = match &weapon {
                            Some(w) => format!("{} with {w}", d.label()),
                            None => d.label().to_string(),
                        };
                        let cmd = Command::DefenceType { defence: d, weapon };
                        let ok = Kry::check(&s, side, &cmd);
                        ui.horizontal_wrapped(|ui| {
                            let r = ui
                                .add_enabled(ok.is_ok(), egui::Button::new(&label))
                                .on_hover_text(Tip::of_defence(d).text());
                            mark::mark(ui, &r, &label);
                            if let Err(e) = &ok {
                                r.clone().on_disabled_hover_text(e.to_string());
                            }
                            if r.clicked() {
                                out = Some(PromptAction::Cmd(side, cmd.clone()));
                            }
                            if ok.is_ok()
                                && let Some((_, t)) = close_line(&s, a, d)
                            {
                                ui.label(egui::RichText::new(t).small());
                            }
                        });
                    }
                }
            });
        }
        Pending::BuyWounds { passes, target, .. } => {
            window(ctx, "Close combat: wounds", |ui| {
                ui.label(format!(
                    "{passes} wound dice passed against {}. Side {side}: the first wound is free; buy more?",
                    s.models[target].name
                ));
                let mut cost = 0;
                for extra in 0..*passes {
                    if extra > 0 {
                        cost += extra_wound_cost(extra + 1);
                    }
                    let ok = cost <= s.ap_left(side);
                    if ui
                        .add_enabled(
                            ok,
                            egui::Button::new(format!("{} wound(s) ({cost} AP)", extra + 1)),
                        )
                        .clicked()
                    {
                        out = Some(PromptAction::Cmd(side, Command::BuyWounds { extra }));
                    }
                }
            });
        }
        Pending::FaceOff(f) => {
            if let Some(a) = face_off_screen(ctx, session, &s, f.picks.clone()) {
                out = Some(a);
            }
        }
        Pending::FaceOffWon { side, choice } => {
            window(ctx, "Face-off won", |ui| {
                ui.label(format!(
                    "Side {side} wins the face-off and must carry out its named action first: {:?} with {}{}.",
                    choice.action,
                    s.models[&choice.model].name,
                    choice
                        .target
                        .and_then(|t| s.models.get(&t))
                        .map(|t| format!(" at {}", t.name))
                        .unwrap_or_default()
                ));
            });
        }
        Pending::BreakOffAsked(a) => {
            window(ctx, "Close combat: a break off asked", |ui| {
                let (att, def) = (&s.models[&a.attacker], &s.models[&a.target]);
                ui.label(format!(
                    "{} wants to break off from {}. Side {side}: let it go?",
                    def.name, att.name
                ));
                if ui.button("Let it go").clicked() {
                    out = Some(PromptAction::Cmd(
                        side,
                        Command::LetBreakOff { agree: true },
                    ));
                }
                if ui.button("Fight on").clicked() {
                    out = Some(PromptAction::Cmd(
                        side,
                        Command::LetBreakOff { agree: false },
                    ));
                }
            });
        }
        Pending::Window { .. } => {}
    }
    out
}

/// Step 1, the defence class, for the defending `side`: "1) Choose defense class 2) Choose an
/// attack". The attacker's choice of attack is its secret until the class is chosen: the prompt
/// shows only what the defender's seat sees, and when both sides play at this screen, the screen
/// is passed to the defender first.
fn defence_class_screen(
    ctx: &egui::Context,
    session: &mut KrySession,
    s: &KryState,
    side: Side,
) -> Option<PromptAction> {
    let seen = Kry::redact(s, side);
    let Some(Pending::DefenceClass(a)) = &seen.pending else {
        return None;
    };
    let shared = session.game.player(enemy(side)) == Player::Human;
    let mut out = None;
    window(ctx, "Close combat: the defence", |ui| {
        let (att, def) = (&seen.models[&a.attacker], &seen.models[&a.target]);
        ui.label(format!("{} attacks {}.", att.name, def.name));
        if shared && session.defence_screen != Some(side) {
            ui.label(
                egui::RichText::new(format!(
                    "Pass the screen to side {side}. Side {}, your attack is chosen: look away.",
                    enemy(side)
                ))
                .strong(),
            );
            if ui
                .button(format!("I am side {side}: choose my defence"))
                .clicked()
            {
                session.defence_screen = Some(side);
            }
            return;
        }
        ui.label(format!(
            "Side {side}: how does {} defend? The attack is chosen in secret and shows once the defence class is chosen.",
            def.name
        ));
        if mark::button(ui, "Passive defence (free)")
            .on_hover_text(Tip::Passive.text())
            .clicked()
        {
            out = Some(PromptAction::Cmd(
                side,
                Command::DefenceClass { active: false },
            ));
        }
        let can = seen.ap_left(side) >= 1;
        let r = ui
            .add_enabled(can, egui::Button::new("Active defence (1 AP)"))
            .on_hover_text(Tip::Active.text())
            .on_disabled_hover_text("no AP left");
        mark::mark(ui, &r, "Active defence (1 AP)");
        if r.clicked() {
            out = Some(PromptAction::Cmd(
                side,
                Command::DefenceClass { active: true },
            ));
        }
        let ask = Command::AskBreakOff;
        if Kry::check(s, side, &ask).is_ok()
            && ui
                .button("Ask to break off (1 AP)")
                .on_hover_text("\"If one player wants to break off, and the other player lets him, this is an automatic pass\"")
                .clicked()
        {
            out = Some(PromptAction::Cmd(side, ask));
        }
    });
    if out.is_some() {
        session.defence_screen = None;
    }
    out
}

fn window(ctx: &egui::Context, title: &str, body: impl FnOnce(&mut egui::Ui)) {
    egui::Window::new(title)
        .id(egui::Id::new(("kry_prompt", title)))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
        .show(ctx, body);
}

/// Each side names its action in secret: a "pass the screen" prompt first, then its choices.
fn face_off_screen(
    ctx: &egui::Context,
    session: &mut KrySession,
    s: &KryState,
    picks: [FaceOffPick; 2],
) -> Option<PromptAction> {
    let open: Vec<Side> = [1u8, 2]
        .into_iter()
        .filter(|x| picks[ix(*x)] == FaceOffPick::Open)
        .filter(|x| session.game.player(*x) == Player::Human)
        .collect();
    let side = *open.first()?;
    // The screen is passed only when the other side is played at it too.
    let shared = session.game.player(enemy(side)) == Player::Human;
    let mut out = None;
    let screen = &mut session.faceoff;
    window(ctx, "Face-off", |ui| {
        // What this side may see: the other's pick stays hidden.
        let seen = Kry::redact(s, side);
        if let Some(Pending::FaceOff(f)) = &seen.pending {
            let other = enemy(side);
            ui.label(match &f.picks[ix(other)] {
                FaceOffPick::Open => format!("Side {other} has not named its action yet."),
                FaceOffPick::PulledOut => format!("Side {other} pulled out."),
                _ => format!("Side {other} has named its action (hidden)."),
            });
        }
        if shared && screen.shown != Some(side) {
            ui.label(
                egui::RichText::new(format!(
                    "Pass the screen to side {side}. Side {}, look away.",
                    enemy(side)
                ))
                .strong(),
            );
            if ui
                .button(format!("I am side {side}: show my choices"))
                .clicked()
            {
                *screen = FaceOffScreen {
                    shown: Some(side),
                    ..Default::default()
                };
            }
            return;
        }
        ui.label(format!("Side {side}: name your action in secret."));
        egui::ComboBox::from_label("action")
            .selected_text(format!("{:?}", FACE_OFF_ACTIONS[screen.action.min(2)]))
            .show_ui(ui, |ui| {
                for (i, a) in FACE_OFF_ACTIONS.iter().enumerate() {
                    ui.selectable_value(&mut screen.action, i, format!("{}. {a:?}", a.number()));
                }
            });
        let name = |id: Option<crate::table::ModelId>| {
            id.and_then(|i| s.models.get(&i))
                .map_or("(pick)".to_string(), |m| m.name.to_string())
        };
        egui::ComboBox::from_label("model")
            .selected_text(name(screen.model))
            .show_ui(ui, |ui| {
                for m in s.alive(side).filter(|m| s.table.model(m.id).is_ok()) {
                    ui.selectable_value(&mut screen.model, Some(m.id), &*m.name);
                }
            });
        egui::ComboBox::from_label("aimed at (optional)")
            .selected_text(if screen.target.is_none() {
                "(nobody)".to_string()
            } else {
                name(screen.target)
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut screen.target, None, "(nobody)");
                for m in s.alive(enemy(side)).filter(|m| s.table.model(m.id).is_ok()) {
                    ui.selectable_value(&mut screen.target, Some(m.id), &*m.name);
                }
            });
        ui.horizontal(|ui| {
            if let Some(model) = screen.model {
                // Only an action the model can carry out is offered: the winner must carry it.
                let choice = FaceOffChoice {
                    action: FACE_OFF_ACTIONS[screen.action.min(2)],
                    model,
                    target: screen.target,
                };
                let can = crate::rules::kry::faceoff::can_carry_out(s, side, &choice);
                let r = ui.add_enabled(can.is_ok(), egui::Button::new("Name it (hidden)"));
                mark::mark(ui, &r, "Name it (hidden)");
                let r = match &can {
                    Err(e) => r.on_disabled_hover_text(e.to_string()),
                    Ok(()) => r,
                };
                if r.clicked() {
                    out = Some(PromptAction::Cmd(
                        side,
                        Command::FaceOffChoose {
                            choice: Some(choice),
                        },
                    ));
                }
            }
            if ui.button("Pull out").clicked() {
                out = Some(PromptAction::Cmd(
                    side,
                    Command::FaceOffChoose { choice: None },
                ));
            }
        });
    });
    if out.is_some() {
        session.faceoff = FaceOffScreen::default();
    }
    out
}

/// The last round's Loses and Triumph lines that changed the next AP roll.
pub fn round_summary(ui: &mut egui::Ui, s: &KryState) {
    if s.round_summary.is_empty() && s.next_mods == [0, 0] {
        return;
    }
    ui.separator();
    ui.strong(format!(
        "End of round {}: next AP roll side 1 {:+}, side 2 {:+}",
        s.round.saturating_sub(1).max(1),
        s.next_mods[0],
        s.next_mods[1]
    ));
    for l in &s.round_summary {
        ui.label(egui::RichText::new(l).small());
    }
}
