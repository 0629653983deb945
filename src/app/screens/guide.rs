//! A guided first game at the table: the step panel (what to do next and why, what the rules just
//! did, a hint after a wrong click) docked under the table, which it never covers; the ring on the
//! model and the button a step points at, the gate that keeps the commands to the step's, undo
//! kept within the step, and Restart and Leave. The steps are the rule
//! set's own ([`GuideRegistry`]); the last step is the game played on, and "Close the guide"
//! leaves the player a real game.

use crate::app::base::convert::to_world;
use crate::app::base::nav::{MainMenu, OpenAtStart};
use crate::app::base::state::{Notices, Selection, TableState};
use crate::app::game::guide::{GuideRegistry, GuideStep, GuideView};
use crate::app::game::session::ActiveGame;
use crate::app::screens::play::requests::GameRequests;
use crate::app::ui_kit::guide_mark;
use crate::app::ui_kit::layout::PlayRest;
use crate::table::ModelId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.init_resource::<GuideRegistry>()
        .add_message::<StartGuide>()
        .add_systems(
            Update,
            (
                open_guide_at_start.run_if(resource_exists::<OpenAtStart>),
                start_guide,
                follow_game,
                leave_or_restart,
            )
                .chain()
                .after(crate::app::screens::play::requests::RequestsSet),
        )
        .add_systems(
            Update,
            // Without gizmos (a headless app) there is no ring to draw.
            ring_model.run_if(
                resource_exists::<Guide>
                    .and_then(resource_exists::<bevy::gizmos::config::GizmoConfigStore>),
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                point_at_button.before(crate::app::base::sets::OverlaySet),
                // Docked after the rule set's panels and before the view is fitted to the rect
                // left: the table shrinks to make room instead of lying under it.
                step_panel
                    .after(crate::app::screens::play::shell::PlayUi::Panels)
                    .before(crate::app::screens::play::shell::PlayUi::Finish)
                    .run_if(crate::app::game::session::in_play),
            ),
        );
}

/// Starts the guided game with this `--open` name (e.g. `tutorial-kog-light`).
#[derive(Message, Debug, Clone)]
pub struct StartGuide(pub String);

/// A guided game in play.
#[derive(Resource)]
pub struct Guide {
    pub key: &'static str,
    pub label: &'static str,
    pub steps: Vec<GuideStep>,
    /// The step the player is at.
    pub at: usize,
    /// The game's command and journal counts when the step began.
    pub commands_at_start: usize,
    pub journal_at_start: usize,
    /// What the step just done brought: its title, its words and the log lines it wrote.
    pub last_done: Option<(&'static str, String, Vec<String>)>,
    /// A hint for a wrong click that was no command (a click on another model).
    pub hint: Option<String>,
    /// The panel's buttons asked for it.
    pub leave: bool,
    pub restart: bool,
    /// The guide was closed on its last step: the game goes on without it.
    pub closed: bool,
}

impl Guide {
    pub fn step(&self) -> Option<&GuideStep> {
        self.steps.get(self.at)
    }
    /// Whether the player is at the last step (the game played on).
    pub fn at_end(&self) -> bool {
        self.at + 1 >= self.steps.len()
    }
}

fn open_guide_at_start(
    mut commands: Commands,
    open: Res<OpenAtStart>,
    mut start: MessageWriter<StartGuide>,
) {
    if open.0.starts_with("tutorial-") {
        start.write(StartGuide(open.0.clone()));
        commands.remove_resource::<OpenAtStart>();
    }
}

/// Sets up the guide's game and its first step.
fn start_guide(
    mut commands: Commands,
    mut starts: MessageReader<StartGuide>,
    registry: Res<GuideRegistry>,
    mut notices: ResMut<Notices>,
    mut menu: ResMut<MainMenu>,
    mut sel: ResMut<Selection>,
    state: Option<ResMut<TableState>>,
) {
    let Some(key) = starts.read().last().map(|s| s.0.clone()) else {
        return;
    };
    let Some(mut state) = state else { return };
    let Some(entry) = registry.get(&key) else {
        let names: Vec<&str> = registry.0.iter().map(|e| e.key).collect();
        notices.show_errors(
            "No such guided game",
            vec![format!("'{key}' (the guided games: {})", names.join(", "))],
        );
        return;
    };
    match (entry.start)() {
        Ok((mut game, level)) => {
            let steps = (entry.steps)();
            game.shell_mut().guide_gate = steps.first().and_then(|s| s.gate);
            game.shell_mut().guide_holds_program = steps.first().is_some_and(|s| s.hold_program);
            let commands_at_start = game.0.game().commands();
            game.shell_mut().guide_undo_floor = Some(commands_at_start);
            let journal_at_start = game.0.game().journal().len();
            crate::app::game::session::begin(&mut commands, &mut state, &mut notices, level, game);
            commands.insert_resource(Guide {
                key: entry.key,
                label: entry.label,
                steps,
                at: 0,
                commands_at_start,
                journal_at_start,
                last_done: None,
                hint: None,
                leave: false,
                restart: false,
                closed: false,
            });
            menu.show_main = false;
            menu.new_game = None;
            sel.0 = None;
        }
        Err(e) => notices.show_errors(format!("Could not start {}", entry.label), e),
    }
}

/// Moves the guide on when its step is done, keeps the gate to the step's, and undoes a click on
/// a model the step does not ask for.
fn follow_game(
    guide: Option<ResMut<Guide>>,
    active: Option<ResMut<ActiveGame>>,
    mut sel: ResMut<Selection>,
    mut last_sel: Local<Option<ModelId>>,
) {
    let (Some(mut guide), Some(mut active)) = (guide, active) else {
        *last_sel = sel.0;
        return;
    };
    if guide.closed {
        if active.shell().guide_gate.is_some()
            || active.shell().guide_holds_program
            || active.shell().guide_undo_floor.is_some()
        {
            let shell = active.shell_mut();
            shell.guide_gate = None;
            shell.guide_holds_program = false;
            shell.guide_undo_floor = None;
        }
        return;
    }
    // A click on a model the step does not ask for is undone, with a hint.
    if let Some(step) = guide.step()
        && step.select_only
        && sel.0 != *last_sel
        && let (Some(clicked), Some(wanted)) = (sel.0, step.model)
        && clicked != wanted
    {
        let t = active.0.game().table();
        let name = |id: ModelId| {
            t.model(id)
                .map_or(format!("model {}", id.0), |m| m.name.clone())
        };
        let hint = format!(
            "That is {}. This step is about {}, ringed in yellow on the table: click it.",
            name(clicked),
            name(wanted)
        );
        guide.hint = Some(hint);
        sel.0 = *last_sel;
    }
    *last_sel = sel.0;
    let view = GuideView {
        game: &active,
        selected: sel.0,
        commands_at_start: guide.commands_at_start,
    };
    let done = guide
        .step()
        .is_some_and(|s| !guide.at_end() && (s.done)(&view));
    let outcome = if done {
        let step = &guide.steps[guide.at];
        step.outcome
            .map_or_else(|| step.after.to_string(), |f| f(&view))
    } else {
        String::new()
    };
    if done {
        let step = guide.steps[guide.at].clone();
        let lines: Vec<String> = active.0.game().journal()
            [guide.journal_at_start.min(active.0.game().journal().len())..]
            .iter()
            .map(|l| l.text.clone())
            .collect();
        guide.last_done = Some((step.title, outcome, lines));
        guide.at += 1;
        guide.hint = None;
        let commands = active.0.game().commands();
        guide.commands_at_start = commands;
        guide.journal_at_start = active.0.game().journal().len();
        let gate = guide.step().and_then(|s| s.gate);
        let hold = guide.step().is_some_and(|s| s.hold_program);
        let shell = active.shell_mut();
        shell.guide_gate = gate;
        shell.guide_holds_program = hold;
        shell.guide_undo_floor = Some(commands);
        shell.guide_hint = None;
        // A refusal of the step before is no longer the news.
        if shell
            .last_error
            .as_deref()
            .is_some_and(|e| e.starts_with("Not in this step"))
        {
            shell.last_error = None;
        }
    } else {
        // Kept to the step's without marking the game changed every frame.
        let gate = guide.step().and_then(|s| s.gate);
        let hold = guide.step().is_some_and(|s| s.hold_program);
        let floor = guide.commands_at_start;
        let shell = active.bypass_change_detection().shell_mut();
        shell.guide_gate = gate;
        shell.guide_holds_program = hold;
        shell.guide_undo_floor = Some(floor);
    }
}

/// Restart: the same scenario from its first step. Leave: back to the main menu, with no game and
/// no guide left.
fn leave_or_restart(
    mut commands: Commands,
    guide: Option<ResMut<Guide>>,
    active: Option<Res<ActiveGame>>,
    mut requests: ResMut<GameRequests>,
    mut start: MessageWriter<StartGuide>,
    mut menu: ResMut<MainMenu>,
) {
    let Some(mut guide) = guide else { return };
    if active.is_none() {
        // The game was left (by the panel's Leave, or the bar's): nothing of the guide stays.
        commands.remove_resource::<Guide>();
        menu.show_main = true;
        return;
    }
    if guide.leave {
        guide.leave = false;
        requests.leave = true;
    }
    if guide.restart {
        guide.restart = false;
        start.write(StartGuide(guide.key.to_string()));
    }
}

/// Names the button of the step to the panels that draw it.
fn point_at_button(mut contexts: EguiContexts, guide: Option<Res<Guide>>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let label = guide
        .as_ref()
        .filter(|g| !g.closed)
        .and_then(|g| g.step())
        .and_then(|s| s.button);
    guide_mark::set_focus(ctx, label);
    Ok(())
}

/// Rings the step's model on the table.
fn ring_model(
    guide: Res<Guide>,
    state: Option<Res<TableState>>,
    time: Res<Time>,
    mut gizmos: Gizmos,
) {
    let (Some(state), Some(id)) = (state, guide.step().and_then(|s| s.model)) else {
        return;
    };
    if guide.closed {
        return;
    }
    let Ok(m) = state.table.model(id) else {
        return;
    };
    let pulse = 0.15 * (time.elapsed_secs() * 4.0).sin();
    let r = m.base_diameter / 2.0 + 0.35 + pulse;
    let centre = to_world(m.pos, m.h + 0.08);
    let gold = Color::srgb(1.0, 0.84, 0.0);
    for k in 0..3 {
        let iso = Isometry3d::new(
            centre + Vec3::Y * (k as f32 * 0.03),
            Quat::from_rotation_x(std::f32::consts::FRAC_PI_2),
        );
        gizmos.circle(iso, r + k as f32 * 0.06, gold);
    }
}

/// The step panel, docked under the table (above the combat log) so that it hides nothing of
/// the table: the step done and what the rules did at the left, the step to do at the right.
fn step_panel(
    mut contexts: EguiContexts,
    guide: Option<ResMut<Guide>>,
    active: Option<Res<ActiveGame>>,
    mut rest: ResMut<PlayRest>,
    sel: Res<Selection>,
) -> Result {
    let (Some(mut guide), Some(active)) = (guide, active) else {
        return Ok(());
    };
    if guide.closed {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let Some(area) = rest.0 else { return Ok(()) };
    let n = guide.steps.len();
    let at = guide.at;
    let Some(step) = guide.step().cloned() else {
        return Ok(());
    };
    let view = GuideView {
        game: &active,
        selected: sel.0,
        commands_at_start: guide.commands_at_start,
    };
    let detail = step.detail.map(|d| d(&view));
    let hint = active
        .shell()
        .guide_hint
        .clone()
        .or_else(|| guide.hint.clone());
    let mut close = false;
    let mut root = crate::app::ui_kit::layout::root_ui(&ctx, "guide_root", area);
    egui::Panel::bottom(egui::Id::new("guide_panel"))
        .resizable(true)
        .default_size(170.0)
        .size_range(150.0..=(area.height() * 0.5).max(160.0))
        .show(&mut root, |ui| {
            ui.horizontal(|ui| {
                ui.strong(format!("Step {} of {} \u{b7} {}", at + 1, n, guide.label));
                ui.separator();
                if at + 1 >= n && ui.button("Close the guide").clicked() {
                    close = true;
                }
                if ui.button("Restart").clicked() {
                    guide.restart = true;
                }
                if ui.button("Leave the guided game").clicked() {
                    guide.leave = true;
                }
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .id_salt("guide_scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.columns(2, |cols| {
                        // The step to do first (at the left, where the eye starts), then what
                        // the step before brought.
                        let ui = &mut cols[0];
                        ui.heading(step.title);
                        ui.label(egui::RichText::new(step.todo).strong());
                        if let Some(d) = &detail {
                            ui.label(d);
                        }
                        if let Some(h) = &hint {
                            ui.colored_label(
                                egui::Color32::from_rgb(255, 200, 80),
                                format!("Hint: {h}"),
                            );
                        }
                        let ui = &mut cols[1];
                        if !step.why.is_empty() {
                            ui.label(egui::RichText::new(step.why).italics().weak());
                        }
                        if let Some((title, after, lines)) = &guide.last_done {
                            ui.separator();
                            ui.colored_label(egui::Color32::LIGHT_GREEN, format!("Done: {title}"));
                            if !after.is_empty() {
                                ui.label(after.as_str());
                            }
                            for l in lines.iter().rev().take(4).rev() {
                                ui.label(egui::RichText::new(l).monospace().small());
                            }
                        }
                    });
                });
        });
    rest.0 = Some(root.available_rect_before_wrap());
    if close {
        guide.closed = true;
    }
    Ok(())
}
