//! The replay's timeline at the bottom of the table: the rounds marked, a tick for each notable
//! moment (kills, objectives, interrupts, criticals), the position, which a click or a drag
//! moves; under it the buttons (to the start, a step back, play or pause at a chosen speed, a
//! step forward, to the end), a jump to a round, where the game stands, the camera's follow
//! switch and "Play on from here...".

use super::state::{ReplayAction, ReplayView};
use crate::app::ui_kit::layout::{PlayRest, root_ui};
use crate::rules::core::Player;
use crate::rules::core::luck::side_luck;
use crate::rules::replay::Moment;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        timeline
            .in_set(crate::app::base::sets::PlayUi::Timeline)
            .run_if(resource_exists::<ReplayView>),
    );
}

/// A moment's colour on the timeline.
pub fn moment_colour(m: Moment) -> egui::Color32 {
    match m {
        Moment::Kill => egui::Color32::from_rgb(220, 60, 50),
        Moment::Objective => egui::Color32::from_rgb(230, 190, 40),
        Moment::Interrupt => egui::Color32::from_rgb(80, 150, 240),
        Moment::Critical => egui::Color32::from_rgb(240, 130, 30),
    }
}

fn timeline(
    mut contexts: EguiContexts,
    mut view: ResMut<ReplayView>,
    mut rest: ResMut<PlayRest>,
    mut actions: MessageWriter<ReplayAction>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(rect) = rest.0 else {
        return Ok(());
    };
    let mut root = root_ui(&ctx, "replay_root", rect);
    egui::Panel::bottom("replay_timeline").show(&mut root, |ui| {
        track(ui, &view, &mut actions);
        controls(ui, &mut view, &mut actions);
    });
    rest.0 = Some(root.available_rect_before_wrap());
    if view.play_on.is_some() {
        play_on_window(&ctx, &mut view, &mut actions);
    }
    Ok(())
}

/// The track: rounds, moments and the position; a click or a drag seeks.
fn track(ui: &mut egui::Ui, view: &ReplayView, actions: &mut MessageWriter<ReplayAction>) {
    let r = &view.replay;
    let n = r.len().max(1);
    let width = ui.available_width();
    let (rect, resp) =
        ui.allocate_exact_size(egui::vec2(width, 34.0), egui::Sense::click_and_drag());
    let inner = rect.shrink2(egui::vec2(8.0, 0.0));
    let x_of = |k: usize| inner.left() + inner.width() * k as f32 / n as f32;
    let p = ui.painter_at(rect);
    let visuals = ui.visuals();
    p.rect_filled(rect, 3.0, visuals.extreme_bg_color);
    let mid = rect.center().y + 4.0;
    p.line_segment(
        [
            egui::pos2(inner.left(), mid),
            egui::pos2(inner.right(), mid),
        ],
        egui::Stroke::new(2.0, visuals.weak_text_color()),
    );
    let font = egui::FontId::proportional(10.0);
    // Round boundaries: a line where each round starts, labelled.
    let mut last = view.round_at(0);
    for (i, m) in r.marks().iter().enumerate() {
        if m.round != last && m.round > 0 {
            let x = x_of(i + 1);
            p.line_segment(
                [
                    egui::pos2(x, rect.top() + 2.0),
                    egui::pos2(x, rect.bottom() - 2.0),
                ],
                egui::Stroke::new(1.0, visuals.text_color()),
            );
            p.text(
                egui::pos2(x + 2.0, rect.top() + 1.0),
                egui::Align2::LEFT_TOP,
                format!("R{}", m.round),
                font.clone(),
                visuals.text_color(),
            );
        }
        last = m.round;
        for (j, mo) in m.moments.iter().enumerate() {
            let x = x_of(i + 1);
            let y = mid + 3.0 + j as f32 * 3.0;
            p.line_segment(
                [egui::pos2(x, mid - 6.0), egui::pos2(x, y + 4.0)],
                egui::Stroke::new(2.0, moment_colour(*mo)),
            );
        }
    }
    // The position.
    let x = x_of(r.at());
    p.circle_filled(egui::pos2(x, mid), 6.0, visuals.selection.bg_fill);
    p.circle_stroke(
        egui::pos2(x, mid),
        6.0,
        egui::Stroke::new(1.5, visuals.strong_text_color()),
    );
    let k_at = |pos: egui::Pos2| {
        (((pos.x - inner.left()) / inner.width().max(1.0)) * n as f32)
            .round()
            .clamp(0.0, r.len() as f32) as usize
    };
    if (resp.clicked() || resp.dragged())
        && let Some(pos) = resp.interact_pointer_pos()
    {
        let k = k_at(pos);
        if k != r.at() {
            actions.write(ReplayAction::Seek(k));
        }
    }
    if let Some(pos) = resp.hover_pos() {
        let k = k_at(pos);
        let mark = k.checked_sub(1).and_then(|i| r.marks().get(i));
        let mut text = format!("command {k} of {}, round {}", r.len(), view.round_at(k));
        if let Some(m) = mark {
            if !m.moments.is_empty() {
                let names: Vec<&str> = m.moments.iter().map(|m| m.label()).collect();
                text.push_str(&format!(" \u{b7} {}", names.join(", ")));
            }
            if let Some(l) = &m.line {
                text.push_str(&format!("\n{l}"));
            }
        }
        resp.on_hover_text_at_pointer(text);
    }
}

/// The buttons under the track.
fn controls(ui: &mut egui::Ui, view: &mut ReplayView, actions: &mut MessageWriter<ReplayAction>) {
    let (at, len) = (view.replay.at(), view.replay.len());
    ui.horizontal_wrapped(|ui| {
        ui.strong("Replay");
        if ui
            .add_enabled(at > 0, egui::Button::new("\u{23ee}"))
            .on_hover_text("to the start")
            .clicked()
        {
            actions.write(ReplayAction::Seek(0));
        }
        if ui
            .add_enabled(at > 0, egui::Button::new("\u{25c0} step"))
            .on_hover_text("one command back")
            .clicked()
        {
            actions.write(ReplayAction::Step(-1));
        }
        let play = if view.playing {
            "\u{23f8} pause"
        } else {
            "\u{25b6} play"
        };
        if ui.button(play).clicked() {
            actions.write(ReplayAction::Play(!view.playing));
        }
        if ui
            .add_enabled(at < len, egui::Button::new("step \u{25b6}"))
            .on_hover_text("one command forward")
            .clicked()
        {
            actions.write(ReplayAction::Step(1));
        }
        if ui
            .add_enabled(at < len, egui::Button::new("\u{23ed}"))
            .on_hover_text("to the end")
            .clicked()
        {
            actions.write(ReplayAction::Seek(len));
        }
        ui.add(
            egui::Slider::new(&mut view.speed, 0.5..=20.0)
                .logarithmic(true)
                .suffix(" cmd/s"),
        )
        .on_hover_text("commands a second while playing");
        let round = view.round_at(at);
        egui::ComboBox::from_id_salt("replay_round")
            .selected_text(format!("round {round}"))
            .show_ui(ui, |ui| {
                for r in view.rounds() {
                    if ui
                        .selectable_label(r == round, format!("round {r}"))
                        .clicked()
                    {
                        actions.write(ReplayAction::Round(r));
                    }
                }
            });
        ui.separator();
        ui.label(format!(
            "command {at} of {len} \u{b7} {}",
            view.replay.phase_label()
        ));
        ui.separator();
        ui.checkbox(&mut view.follow, "camera follows")
            .on_hover_text(
                "the camera goes to the acting model; moving the camera yourself turns this off",
            );
        if ui
            .button("Save a battle report")
            .on_hover_text(
                "the whole game as one HTML page (maps, story, luck) in the reports folder beside the saves",
            )
            .clicked()
        {
            actions.write(ReplayAction::Report);
        }
        if ui
            .add_enabled(
                !view.replay.is_over_here(),
                egui::Button::new("Play on from here..."),
            )
            .on_hover_text(
                "a new game from this position: the same setup, seed and commands so far",
            )
            .on_disabled_hover_text("the game is over here")
            .clicked()
        {
            view.playing = false;
            let players = view.replay.players().to_vec();
            view.play_on = Some(
                view.replay
                    .seats()
                    .iter()
                    .map(|s| players.get(*s as usize - 1).copied().unwrap_or_default())
                    .map(|p| {
                        if p == Player::Remote {
                            Player::Human
                        } else {
                            p
                        }
                    })
                    .collect(),
            );
        }
    });
    luck_lines(ui, view);
    ui.horizontal(|ui| {
        for m in [
            Moment::Kill,
            Moment::Objective,
            Moment::Interrupt,
            Moment::Critical,
        ] {
            ui.label(egui::RichText::new("\u{25ae}").color(moment_colour(m)));
            ui.small(m.label());
        }
        ui.separator();
        ui.small(format!("from {}", view.source));
    });
}

/// "Play on from here": who plays each side, then start.
fn play_on_window(
    ctx: &egui::Context,
    view: &mut ReplayView,
    actions: &mut MessageWriter<ReplayAction>,
) {
    let seats = view.replay.seats();
    let (at, round) = (view.replay.at(), view.round_at(view.replay.at()));
    let mut open = true;
    let mut start = false;
    let Some(players) = view.play_on.as_mut() else {
        return;
    };
    egui::Window::new("Play on from here")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.label(format!(
                "A new game from command {at} (round {round}): the same setup, seed and commands so far. Save it as a game of its own."
            ));
            for (i, seat) in seats.iter().enumerate() {
                let Some(p) = players.get_mut(i) else { continue };
                ui.horizontal(|ui| {
                    ui.label(format!("Side {seat}:"));
                    ui.radio_value(p, Player::Human, "a player");
                    ui.radio_value(p, Player::Program, "the program");
                });
            }
            if ui.button("Start playing").clicked() {
                start = true;
            }
        });
    if start {
        actions.write(ReplayAction::PlayOn(players.clone()));
        view.play_on = None;
    } else if !open {
        view.play_on = None;
    }
}

/// The luck so far of each side (its rolls' totals against their expectation, in standard
/// deviations), and the rolls of the command just played with their percentiles.
fn luck_lines(ui: &mut egui::Ui, view: &ReplayView) {
    let Some(luck) = view.replay.luck() else {
        return;
    };
    let at = view.replay.at();
    let upto = at
        .checked_sub(1)
        .and_then(|i| luck.by_command.get(i))
        .map_or(0, |r| r.end);
    let so_far = &luck.rolls[..upto.min(luck.rolls.len())];
    ui.horizontal_wrapped(|ui| {
        ui.small("Luck so far:")
            .on_hover_text("each side's rolls added up against their exact odds, in standard deviations in its favour; secret rolls count only once the game is over");
        for (i, (name, _)) in luck.sides.iter().enumerate() {
            let s = side_luck(so_far, i as u8 + 1, None);
            ui.small(format!(
                "{name} {:+.1} SD ({} rolls, {} against {:.1} expected)",
                s.z, s.rolls, s.sum, s.expected
            ));
            ui.separator();
        }
    });
    let Some(range) = at.checked_sub(1).and_then(|i| luck.by_command.get(i)) else {
        return;
    };
    let rolls = &luck.rolls[range.start.min(luck.rolls.len())..range.end.min(luck.rolls.len())];
    if rolls.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.small("This command's rolls:");
        for r in rolls {
            let text = format!(
                "{} {} = {}: percentile {:.1}{}",
                r.purpose,
                r.expr,
                r.total,
                r.percentile,
                if r.high_is_good { "" } else { " (low is good)" }
            );
            let colour = if r.luck >= 75.0 {
                egui::Color32::from_rgb(90, 190, 90)
            } else if r.luck <= 25.0 {
                egui::Color32::from_rgb(220, 90, 80)
            } else {
                ui.visuals().text_color()
            };
            ui.label(egui::RichText::new(text).small().color(colour));
        }
    });
}
