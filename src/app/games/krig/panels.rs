//! Krig's overlay: each player's playmat with every die in its place (the d20 health counter,
//! the d10 Agility, or on the Charge spot, the d6 Attack, the d8 Defence, in the defence position
//! when it is up, and the d4 Parry), the actions with their odds, the parry prompt, and the last
//! dice rolled.

use super::session::KrigSession;
use super::tips::Tip;
use crate::app::base::mode::Mode;
use crate::app::base::state::Notices;
use crate::app::game::session::ActiveGame;
use crate::app::games::duel::dice::{die, recent_rolls};
use crate::app::games::duel::seat_color;
use crate::app::screens::play::shell::PlayRest;
use crate::app::ui_kit::layout::{Side, side_panels};
use crate::rules::core::{Player, Seat};
use crate::rules::krig::odds::{Attack, AttackOdds, attack};
use crate::rules::krig::rules::other;
use crate::rules::krig::{Command, KrigState, Phase};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        game_ui
            .in_set(crate::app::base::sets::PlayUi::Panels)
            .run_if(in_game),
    );
}

pub fn in_game(mode: Res<State<Mode>>, active: Option<Res<ActiveGame>>) -> bool {
    *mode.get() == Mode::Game && active.is_some_and(|a| a.is::<KrigSession>())
}

const IVORY: egui::Color32 = egui::Color32::from_rgb(235, 225, 200);
const SPOT: egui::Color32 = egui::Color32::from_gray(70);

/// The odds of `seat` attacking now, against the other's defence die, with and without a parry.
pub fn odds_now(s: &KrigState, seat: Seat, parry: bool) -> AttackOdds {
    let foe = s.mat(other(seat));
    attack(&Attack {
        charged: s.mat(seat).charging,
        defence: foe.defence.unwrap_or(0),
        parry: parry && !foe.charging,
    })
}

fn spread(o: &AttackOdds) -> String {
    o.health
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0005)
        .map(|(k, p)| format!("{k}: {:.1}%", p * 100.0))
        .collect::<Vec<_>>()
        .join("  ")
}

fn game_ui(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    mut play_rest: ResMut<PlayRest>,
    mut notices: ResMut<Notices>,
) -> Result {
    let Some(session) = KrigSession::of_mut(&mut active) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    if play_rest.0.is_none() {
        return Ok(());
    }
    let mut cmd = None;
    side_panels(&ctx, &mut play_rest, "krig", [300.0, 320.0], |ui, side| {
        if side == Side::Left {
            for seat in [1, 2] {
                playmat(ui, session.state(), seat);
                ui.separator();
            }
            return;
        }
        cmd = actions(ui, session);
        ui.separator();
        ui.heading("Last dice");
        recent_rolls(ui, session.game.dice.log(), 6, None);
    });
    if let Some(c) = parry_prompt(&ctx, session) {
        cmd = Some(c);
    }
    if let Some(c) = cmd
        && let Err(e) = session.submit(c)
    {
        notices.status = format!("Refused: {e}");
    }
    Ok(())
}

/// The text's playmat: the d20 health counter, the d10 Agility (or on the Charge spot), the d6
/// Attack, the d8 Defence (in the defence position when up) and the d4 Parry.
fn playmat(ui: &mut egui::Ui, s: &KrigState, seat: Seat) {
    let m = s.mat(seat);
    let turn = matches!(s.phase, Phase::Turn(t) if t == seat);
    ui.horizontal(|ui| {
        if turn {
            ui.label(egui::RichText::new("\u{25b6}").strong());
        }
        ui.label(
            egui::RichText::new(s.name(seat))
                .color(seat_color(seat))
                .strong()
                .size(16.0),
        );
    });
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(40, 52, 40))
        .corner_radius(6.0)
        .inner_margin(8.0)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.vertical(|ui| {
                    ui.small("Health d20");
                    die(ui, 20, Some(m.health.max(0) as u32), IVORY, 52.0);
                });
                ui.vertical(|ui| {
                    ui.small("Defence position");
                    match m.defence {
                        Some(d) => die(ui, 8, Some(d as u32), IVORY, 40.0),
                        None => die(ui, 8, None, SPOT, 40.0),
                    }
                });
                ui.vertical(|ui| {
                    ui.small("Charge spot");
                    die(ui, 10, None, if m.charging { IVORY } else { SPOT }, 40.0);
                });
            });
            ui.horizontal(|ui| {
                for (sides, name, here) in [
                    (10, "Agility d10", !m.charging),
                    (6, "Attack d6", true),
                    (8, "Defence d8", m.defence.is_none()),
                    (4, "Parry d4", true),
                ] {
                    ui.vertical(|ui| {
                        ui.small(name);
                        die(ui, sides, None, if here { IVORY } else { SPOT }, 30.0);
                    });
                }
            });
        });
    let mut notes = Vec::new();
    if let Some(d) = m.defence {
        notes.push(format!("the defence die absorbs {d} more"));
    }
    if m.charging {
        notes.push("charging: must attack with d6 + d8 next; cannot parry".into());
    }
    if !notes.is_empty() {
        ui.label(egui::RichText::new(notes.join(" \u{b7} ")).italics());
    }
}

fn actions(ui: &mut egui::Ui, session: &KrigSession) -> Option<Command> {
    let s = session.state();
    let mut out = None;
    match &s.phase {
        Phase::Initiative => {
            ui.heading("Initiative");
            ui.label("Both roll the d10 Agility; the highest goes first (a tie rolls again).");
            if session.human_seat().is_some()
                && ui
                    .button("Roll the d10s")
                    .on_hover_text(Tip::Initiative.text())
                    .clicked()
            {
                out = Some(Command::RollInitiative);
            }
        }
        Phase::Turn(seat) => {
            ui.heading(
                egui::RichText::new(format!("{}'s turn", s.name(*seat))).color(seat_color(*seat)),
            );
            if session.game.player(*seat) != Player::Human {
                ui.label(session.game.player(*seat).plays_seat());
                return None;
            }
            let with = odds_now(s, *seat, true);
            let without = odds_now(s, *seat, false);
            let charged = s.mat(*seat).charging;
            if ui
                .button(if charged {
                    "Attack with the charge: d6 + d8, and the d10"
                } else {
                    "Attack: the d6 and the d10"
                })
                .on_hover_text(if charged {
                    Tip::ChargeAttack.text()
                } else {
                    Tip::Attack.text()
                })
                .clicked()
            {
                out = Some(Command::Attack);
            }
            ui.label(format!(
                "miss {:.0}%, critical {:.0}%; health lost on average {:.2}{}",
                with.miss * 100.0,
                with.critical * 100.0,
                without.mean(),
                if charged || s.mat(other(*seat)).charging {
                    " (no parry possible)".to_string()
                } else {
                    format!(
                        ", {:.2} if they parry (parried {:.0}%)",
                        with.mean(),
                        with.parried * 100.0
                    )
                }
            ));
            egui::CollapsingHeader::new("Health lost, exactly")
                .default_open(false)
                .show(ui, |ui| {
                    ui.label(format!("no parry: {}", spread(&without)));
                    if !(charged || s.mat(other(*seat)).charging) {
                        ui.label(format!("parried: {}", spread(&with)));
                    }
                });
            if !charged {
                if ui
                    .button("Defend: the d8 into the defence position")
                    .on_hover_text(Tip::Defend.text())
                    .clicked()
                {
                    out = Some(Command::Defend);
                }
                if ui
                    .button("Charge: the d10 onto the Charge spot (ends the turn)")
                    .on_hover_text(Tip::Charge.text())
                    .clicked()
                {
                    out = Some(Command::Charge);
                }
            } else {
                ui.label("A player who charged must attack.")
                    .on_hover_text(Tip::MustAttack.text());
            }
        }
        Phase::Parry(_) => {
            ui.heading("An attack!");
        }
        Phase::Over(end) => {
            ui.heading(&end.text);
        }
    }
    out
}

/// The attacked person's choice: parry with the d4, or take the blow.
fn parry_prompt(ctx: &egui::Context, session: &KrigSession) -> Option<Command> {
    let s = session.state();
    let Phase::Parry(b) = s.phase else {
        return None;
    };
    let me = other(b.attacker);
    if session.game.player(me) != Player::Human {
        return None;
    }
    let mut out = None;
    egui::Window::new("Parry?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    egui::RichText::new(s.name(b.attacker))
                        .color(seat_color(b.attacker))
                        .strong(),
                );
                ui.label("attacks:");
                die(ui, 6, Some(b.d6), IVORY, 34.0);
                die(ui, 10, Some(b.d10), IVORY, 34.0);
            });
            let p = (1..=4).filter(|d4| *d4 >= b.d6).count() as f64 / 4.0;
            let shield = s.mat(me).defence.unwrap_or(0) as i32;
            let through = (b.power() - shield).max(0);
            ui.label(format!(
                "{}: the blow takes {through} health{}. A parry succeeds on a d4 of {} or more ({:.0}%): the attack fails and your turn comes. If it fails, the blow lands and {} goes again.",
                s.name(me),
                if shield > 0 {
                    format!(" ({} into the defence die)", b.power().min(shield))
                } else {
                    String::new()
                },
                b.d6,
                p * 100.0,
                s.name(b.attacker)
            ));
            ui.horizontal(|ui| {
                if ui
                    .button("Parry with the d4")
                    .on_hover_text(Tip::Parry.text())
                    .clicked()
                {
                    out = Some(Command::Parry { parry: true });
                }
                if ui
                    .button("Take the blow")
                    .on_hover_text(Tip::TakeBlow.text())
                    .clicked()
                {
                    out = Some(Command::Parry { parry: false });
                }
            });
        });
    out
}
