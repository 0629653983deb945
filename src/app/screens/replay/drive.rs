//! The replay moving: the viewer's actions (seek, step, jump to a round, play and pause, play on)
//! and the play clock move the replay; the game at the table becomes the position shown (its
//! table, panels and combat log follow it); one command forward shows its moves and shots; the
//! camera follows the acting model until the player moves the camera.

use super::state::{ReplayAction, ReplayView};
use crate::app::base::state::{Notices, PointerOverUi, TableState};
use crate::app::game::registry::PlayRegistry;
use crate::app::game::session::ActiveGame;
use crate::app::view::camera::{CameraGoal, framing};
use crate::rules::core::{Cue, Player};
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_message::<ReplayAction>().add_systems(
        Update,
        (camera_taken, drive)
            .chain()
            .run_if(resource_exists::<ReplayView>)
            .run_if(resource_exists::<ActiveGame>)
            .before(crate::app::base::sets::MirrorSet),
    );
}

/// The player moves the camera (a right or middle drag, the wheel over the table): it stops
/// following the action.
fn camera_taken(
    mut view: ResMut<ReplayView>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    scroll: Option<Res<AccumulatedMouseScroll>>,
    over_ui: Option<Res<PointerOverUi>>,
) {
    if over_ui.is_some_and(|o| o.0) || !view.follow {
        return;
    }
    let dragged = mouse.is_some_and(|m| m.any_pressed([MouseButton::Right, MouseButton::Middle]));
    let wheel = scroll.is_some_and(|s| s.delta.y != 0.0);
    if dragged || wheel {
        view.follow = false;
    }
}

#[allow(clippy::too_many_arguments)]
fn drive(
    mut commands: Commands,
    mut actions: MessageReader<ReplayAction>,
    mut view: ResMut<ReplayView>,
    mut active: ResMut<ActiveGame>,
    time: Res<Time>,
    goal: Option<ResMut<CameraGoal>>,
    registry: Option<Res<PlayRegistry>>,
    mut notices: ResMut<Notices>,
    state: Option<ResMut<TableState>>,
) {
    let before = view.replay.at();
    let len = view.replay.len();
    let mut cues: Vec<Cue> = Vec::new();
    let mut play_on = None;
    for a in actions.read() {
        let at = view.replay.at();
        match a {
            ReplayAction::Seek(k) => {
                view.replay.seek(*k);
                cues.clear();
            }
            ReplayAction::Step(n) => {
                let to = (at as i64 + n).clamp(0, len as i64) as usize;
                view.replay.seek(to);
                cues = view.replay.take_cues();
            }
            ReplayAction::Round(r) => {
                let k = view.round_start(*r);
                view.replay.seek(k);
                cues.clear();
            }
            ReplayAction::Play(on) => {
                view.playing = *on;
                view.clock = 0.0;
                if *on && at >= len {
                    view.replay.seek(0);
                }
            }
            ReplayAction::PlayOn(players) => play_on = Some(players.clone()),
            ReplayAction::Report => {
                let written = view
                    .replay
                    .save_text()
                    .map_err(|e| vec![e])
                    .and_then(|text| {
                        crate::app::screens::play::battle_report::write_report(&view.source, &text)
                    });
                match written {
                    Ok(p) => notices.status = format!("Battle report written to {}", p.display()),
                    Err(e) => notices.show_errors("Could not write the battle report", e),
                }
            }
        }
    }
    if view.playing {
        view.clock += time.delta_secs() * view.speed;
        while view.clock >= 1.0 && view.replay.at() < len {
            view.clock -= 1.0;
            let next = view.replay.at() + 1;
            view.replay.seek(next);
            cues.extend(view.replay.take_cues());
        }
        if view.replay.at() >= len {
            view.playing = false;
        }
    }
    if let Some(players) = play_on {
        start_play_on(
            &mut commands,
            &view,
            &players,
            registry.as_deref(),
            &mut notices,
            state,
        );
        return;
    }
    if view.replay.at() == before {
        return;
    }
    let shown = view.replay.view();
    if active.0.game_mut().adopt(&*shown, cues.clone()) {
        let n = active.0.game().commands();
        let shell = active.shell_mut();
        shell.rev += 1;
        shell.saved_commands = Some(n);
        shell.last_error = None;
    }
    if view.follow
        && let Some(mut goal) = goal
        && let Some(g) = follow_goal(&active, &cues)
    {
        goal.0 = Some(g);
    }
}

/// Where the camera goes to show the acting model: the ends of its moves, it and its target.
fn follow_goal(active: &ActiveGame, cues: &[Cue]) -> Option<(Vec3, f32, Option<f32>)> {
    let table = active.0.game().table();
    let at = |id| table.model(id).ok().map(|m| m.pos);
    let mut pts = Vec::new();
    for c in cues {
        match c {
            Cue::Moved { path, .. } => {
                pts.extend(path.first().into_iter().chain(path.last()).copied())
            }
            Cue::Attack { from, at: target } => {
                pts.extend(at(*from).into_iter().chain(at(*target)))
            }
            Cue::Struck { model } => pts.extend(at(*model)),
        }
    }
    framing(&pts).map(|(focus, distance, yaw)| (focus, distance.max(16.0), yaw))
}

/// "Play on from here": a new game of the position shown, to play, in place of the replay.
fn start_play_on(
    commands: &mut Commands,
    view: &ReplayView,
    players: &[Player],
    registry: Option<&PlayRegistry>,
    notices: &mut Notices,
    state: Option<ResMut<TableState>>,
) {
    let (Some(registry), Some(mut state)) = (registry, state) else {
        return;
    };
    let game = view.replay.play_on(players);
    let id = view.replay.rules();
    let Some((session, level)) = registry.online(id, &*game) else {
        notices.show_errors(
            "Could not play on",
            vec![format!("{} cannot be played at the table yet", id.label())],
        );
        return;
    };
    let (k, n) = (view.replay.at(), view.replay.len());
    let round = view.round_at(k);
    commands.remove_resource::<ReplayView>();
    crate::app::game::session::begin(commands, &mut state, notices, level, session);
    notices.status = format!(
        "Playing on from command {k} of {n} (round {round}) of {}: save it as a game of its own",
        view.source
    );
}
