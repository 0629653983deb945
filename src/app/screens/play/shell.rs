//! The play screen's overlays that every rule set shares, drawn in three steps around the rule
//! set's own panels: first the bar (title, where the game stands, the rule set's buttons, undo,
//! save, log, rules reference, real dice, who plays each seat, leave) and the combat log; then
//! the rule set's panels ([`PlayUi::Panels`], in the rect left in [`PlayRest`]); then the view
//! fitted to what is left, the rules reference, the game-over window and the leave prompt.

use super::requests::GameRequests;
use crate::app::base::state::PointerOverUi;
use crate::app::game::session::ActiveGame;
use crate::app::ui_kit::layout::{UiRest, fit_viewport, pointer_over_ui};
use crate::rules::core::{Player, Waiting};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.init_resource::<PlayRest>()
        .configure_sets(
            EguiPrimaryContextPass,
            (
                PlayUi::Shell,
                PlayUi::Timeline,
                PlayUi::Panels,
                PlayUi::Finish,
            )
                .chain()
                .after(crate::app::base::sets::OverlaySet)
                .run_if(crate::app::game::session::in_play),
        )
        .add_systems(EguiPrimaryContextPass, bar_and_log.in_set(PlayUi::Shell))
        .add_systems(EguiPrimaryContextPass, finish.in_set(PlayUi::Finish));
}

pub use crate::app::base::sets::PlayUi;

pub use crate::app::ui_kit::layout::PlayRest;

fn bar_and_log(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    rest: Res<UiRest>,
    mut play_rest: ResMut<PlayRest>,
    mut requests: ResMut<GameRequests>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(rect) = rest.0 else {
        play_rest.0 = None;
        return Ok(());
    };
    let mut root = crate::app::ui_kit::layout::root_ui(&ctx, "play_root", rect);
    egui::Panel::top("game_bar").show(&mut root, |ui| bar(ui, &mut active, &mut requests));
    if active.shell().show_log {
        egui::Panel::bottom("combat_log")
            .default_size(150.0)
            .resizable(true)
            .show(&mut root, |ui| log_panel(ui, &mut active));
    }
    play_rest.0 = Some(root.available_rect_before_wrap());
    Ok(())
}

/// The bar: where the game is, the rule set's buttons, undo, save, the log and the rules, real
/// dice, the seats, leave.
fn bar(ui: &mut egui::Ui, active: &mut ActiveGame, requests: &mut GameRequests) {
    ui.horizontal_wrapped(|ui| {
        ui.strong(active.0.title());
        ui.separator();
        ui.label(egui::RichText::new(active.0.status()).strong());
        if active.human_to_act() {
            active.0.bar_ui(ui);
        } else if active.program_to_act() {
            ui.separator();
            ui.label(egui::RichText::new("the program is thinking\u{2026}").italics());
        }
        ui.separator();
        if active.shell().viewer {
            // A replay: the timeline below drives it; nothing here changes the game.
            ui.label(egui::RichText::new("replay: watching").italics());
            let shell = active.shell_mut();
            ui.toggle_value(&mut shell.show_log, "Log");
            ui.toggle_value(&mut shell.show_rules, "Rules reference");
            ui.separator();
            if ui.button("Leave the replay").clicked() {
                requests.leave = true;
            }
            return;
        }
        let can_undo = active.0.game().can_undo();
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo"))
            .on_hover_text("takes back the last step; a roll cannot be taken back")
            .on_disabled_hover_text("nothing to undo: the last step rolled dice")
            .clicked()
        {
            // A refusal (a guided game's step) is shown by the step panel and the bar.
            let _ = active.undo();
        }
        let online_seat = active.shell().online_seat.is_some();
        if ui
            .add_enabled(!online_seat, egui::Button::new("Save game"))
            .on_disabled_hover_text("the host keeps this game: save it there")
            .clicked()
        {
            requests.save = true;
        }
        let shell = active.shell_mut();
        ui.toggle_value(&mut shell.show_log, "Log");
        ui.toggle_value(&mut shell.show_online, "Online")
            .on_hover_text("host this game for players on other machines, or see who plays it");
        ui.toggle_value(&mut shell.show_rules, "Rules reference");
        // At a seat of a game hosted elsewhere, only when the host takes typed-in dice.
        if shell.online_seat.as_ref().is_none_or(|o| o.host_takes_dice) {
            ui.separator();
            ui.label("Real dice:")
                .on_hover_text("type the results of physical dice (e.g. 4 6 1) before a roll; dice you do not type are rolled by the program");
            ui.add(
                egui::TextEdit::singleline(&mut shell.typed_dice)
                    .desired_width(70.0)
                    .hint_text("e.g. 4 6"),
            );
        }
        ui.separator();
        seats(ui, active);
        ui.separator();
        if ui.button("Leave game").clicked() {
            if super::requests::unsaved(active) {
                active.shell_mut().confirm_leave = true;
            } else {
                requests.leave = true;
            }
        }
    });
}

/// Who plays each seat: a click hands a seat to the program or takes it back; a seat the
/// program plays shows its skill, to choose.
fn seats(ui: &mut egui::Ui, active: &mut ActiveGame) {
    let waiting = active.0.game().waiting();
    for seat in active.0.game().seats() {
        if active.0.game().player(seat) == Player::Program {
            let mut skill = active.0.game().skill(seat);
            crate::app::ui_kit::skill_pick::skill_pick(ui, ("skill", seat), &mut skill);
            if skill != active.0.game().skill(seat) {
                active.0.game_mut().set_skill(seat, skill);
            }
        }
        let p = active.0.game().player(seat);
        let who = p.label();
        let mut text = egui::RichText::new(format!("Side {seat}: {who}")).small();
        if waiting.allows(seat) {
            text = text.strong().underline();
        }
        if ui
            .button(text)
            .on_hover_text("who plays this side: click to hand it to the program or take it back (underlined: the game waits on it)")
            .clicked()
        {
            let next = match p {
                Player::Human => Player::Program,
                Player::Program => Player::Human,
                // A seat played from another machine stays with its player.
                Player::Remote => continue,
            };
            active.0.game_mut().set_player(seat, next);
        }
    }
}

/// The combat log, newest at the bottom.
fn log_panel(ui: &mut egui::Ui, active: &mut ActiveGame) {
    let has_reasons = active.0.game().last_reasons().is_some();
    let mut show_why = active.shell().show_why;
    let g = active.0.game();
    ui.horizontal(|ui| {
        ui.strong("Combat log");
        let text = match &active.shell().online_seat {
            // The host keeps the seed secret until the game ends, and the commands.
            Some(o) => format!(
                "online, seat {} \u{b7} seed kept by the host \u{b7} {} rolls",
                o.seat,
                g.rolls()
            ),
            None => format!(
                "seed {} \u{b7} {} rolls \u{b7} {} commands",
                g.seed(),
                g.rolls(),
                g.commands()
            ),
        };
        ui.label(egui::RichText::new(text).small());
        if has_reasons {
            ui.toggle_value(&mut show_why, "Why?")
                .on_hover_text("what the program weighed for its last step, and why it chose it");
        }
    });
    if show_why && let Some(lines) = g.last_reasons() {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            for l in lines {
                ui.label(egui::RichText::new(l).monospace().size(12.0));
            }
        });
    }
    egui::ScrollArea::vertical()
        .id_salt("log_scroll")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for l in g.journal() {
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
    active.shell_mut().show_why = show_why;
}

fn finish(
    mut contexts: EguiContexts,
    mut active: ResMut<ActiveGame>,
    play_rest: Res<PlayRest>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<&mut Camera, crate::app::view::camera::TableCamera>,
    mut over_ui: ResMut<PointerOverUi>,
    mut requests: ResMut<GameRequests>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(free) = play_rest.0 else {
        return Ok(());
    };
    if let (Ok(window), Ok(mut cam)) = (window.single(), cams.single_mut()) {
        fit_viewport(&mut cam, window, free, ctx.zoom_factor());
    }
    game_over(&ctx, &active, &mut requests);
    if active.shell().show_rules {
        let mut open = true;
        let (title, text) = active.0.rules_reference();
        super::rules_ref::window(&ctx, &mut open, title, text);
        active.shell_mut().show_rules = open;
    }
    leave_prompt(&ctx, &mut active, &mut requests);
    over_ui.0 = pointer_over_ui(&ctx, free);
    Ok(())
}

fn game_over(ctx: &egui::Context, active: &ActiveGame, requests: &mut GameRequests) {
    let g = active.0.game();
    let Waiting::Over(end) = g.waiting() else {
        return;
    };
    if active.shell().viewer {
        return;
    }
    egui::Window::new("The game is over")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.heading(&end.text);
            let online_seat = active.shell().online_seat.is_some();
            if online_seat {
                // The host keeps the commands (and saves the game).
                ui.label(format!("Round {}, {} rolls.", g.round(), g.rolls()));
            } else {
                ui.label(format!(
                    "Round {}, {} commands, {} rolls.",
                    g.round(),
                    g.commands(),
                    g.rolls()
                ));
            }
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(!online_seat, egui::Button::new("Save the game"))
                    .on_disabled_hover_text("the host keeps this game: save it there")
                    .clicked()
                {
                    requests.save = true;
                }
                if ui
                    .add_enabled(!online_seat, egui::Button::new("Watch the replay"))
                    .on_hover_text("the game from its start, command by command")
                    .on_disabled_hover_text("the host keeps the commands of this game")
                    .clicked()
                {
                    requests.replay = true;
                }
                if ui
                    .add_enabled(!online_seat, egui::Button::new("Save a battle report"))
                    .on_hover_text(
                        "the game as one HTML page (maps, story, luck) in the reports folder beside the saves",
                    )
                    .on_disabled_hover_text("the host keeps the commands of this game")
                    .clicked()
                {
                    requests.report = true;
                }
                if ui.button("New game").clicked() {
                    requests.new_game = true;
                }
                if ui.button("Back to the sandbox").clicked() {
                    requests.leave = true;
                }
            });
        });
}

fn leave_prompt(ctx: &egui::Context, active: &mut ActiveGame, requests: &mut GameRequests) {
    if !active.shell().confirm_leave {
        return;
    }
    let shell = active.shell_mut();
    egui::Window::new("Leave the game?")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label("The game ends here. Save it first to go on later.");
            ui.horizontal(|ui| {
                if ui.button("Save, then leave").clicked() {
                    requests.save = true;
                    requests.leave = true;
                    shell.confirm_leave = false;
                }
                if ui.button("Leave without saving").clicked() {
                    requests.leave = true;
                    shell.confirm_leave = false;
                }
                if ui.button("Stay").clicked() {
                    shell.confirm_leave = false;
                }
            });
        });
}
