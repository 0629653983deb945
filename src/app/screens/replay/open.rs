//! Opening a replay: a save named at start (`--replay FILE`), one picked in the Watch a replay
//! window, or the game just played (the game-over window's "Watch the replay"). A save that does
//! not load or does not reach its hash leaves everything as it was, with the located reasons in
//! the errors panel.

use super::state::{ReplayView, StartReplay};
use crate::app::base::state::{Notices, TableState};
use crate::app::game::registry::PlayRegistry;
use crate::app::game::session::ActiveGame;
use crate::app::screens::play::requests::GameRequests;
use crate::rules::replay::DynReplay;
use bevy::prelude::*;
use std::path::Path;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            start_from_file.run_if(resource_exists::<StartReplay>),
            from_game_over.run_if(crate::app::game::session::in_play),
            drop_when_left.run_if(resource_exists::<ReplayView>),
        )
            .before(crate::app::base::sets::MirrorSet),
    );
}

/// Shows `replay` at the table from its start: the game as the viewers see it, in its rule
/// set's session, which takes no commands.
pub fn begin_replay(
    commands: &mut Commands,
    state: &mut TableState,
    notices: &mut Notices,
    registry: &PlayRegistry,
    replay: Box<dyn DynReplay>,
    source: String,
) -> Result<(), Vec<String>> {
    let view = replay.view();
    let id = replay.rules();
    let (mut game, level) = registry
        .online(id, &*view)
        .ok_or_else(|| vec![format!("{} cannot be watched at the table yet", id.label())])?;
    let n = game.0.game().commands();
    let shell = game.shell_mut();
    shell.viewer = true;
    shell.sees_all = replay.saved_over();
    shell.saved_commands = Some(n);
    crate::app::game::session::begin(commands, state, notices, level, game);
    notices.status = format!(
        "Replay of {source}: {} commands{}",
        replay.len(),
        if replay.saved_over() {
            ", the game is over: every secret shows"
        } else {
            ", the game is not over: secrets stay hidden"
        }
    );
    commands.insert_resource(ReplayView::new(replay, source));
    Ok(())
}

/// Opens the save at `path` as a replay; the reasons it cannot be watched, located, if not.
pub fn open_file(
    commands: &mut Commands,
    state: &mut TableState,
    notices: &mut Notices,
    registry: &PlayRegistry,
    path: &Path,
) -> Result<(), Vec<String>> {
    let replay = crate::rules::replay::open(path)
        .map_err(|e| e.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    begin_replay(commands, state, notices, registry, replay, name)
}

fn start_from_file(
    mut commands: Commands,
    start: Res<StartReplay>,
    registry: Res<PlayRegistry>,
    mut notices: ResMut<Notices>,
    state: Option<ResMut<TableState>>,
) {
    let Some(mut state) = state else { return };
    commands.remove_resource::<StartReplay>();
    if let Err(e) = open_file(&mut commands, &mut state, &mut notices, &registry, &start.0) {
        notices.show_errors(
            format!("Could not open the replay of {}", start.0.display()),
            e,
        );
    }
}

/// The game-over window's "Watch the replay": the game in play, from its start.
fn from_game_over(
    mut commands: Commands,
    requests: Option<ResMut<GameRequests>>,
    active: Res<ActiveGame>,
    registry: Res<PlayRegistry>,
    mut notices: ResMut<Notices>,
    state: Option<ResMut<TableState>>,
) {
    let (Some(mut requests), Some(mut state)) = (requests, state) else {
        return;
    };
    if !requests.replay {
        return;
    }
    requests.replay = false;
    let source = match &active.shell().save_path {
        Some(p) => p.file_name().map_or_else(
            || p.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        ),
        None => "the game just played".to_string(),
    };
    let opened = active
        .0
        .game()
        .save_text()
        .map_err(|e| vec![e])
        .and_then(|text| {
            crate::rules::replay::open_text(&source, &text)
                .map_err(|e| e.iter().map(ToString::to_string).collect())
        })
        .and_then(|r| {
            begin_replay(
                &mut commands,
                &mut state,
                &mut notices,
                &registry,
                r,
                source,
            )
        });
    if let Err(e) = opened {
        notices.show_errors("Could not watch the replay", e);
    }
}

/// The replay ends when its game leaves the table (or a game to play takes its place).
fn drop_when_left(mut commands: Commands, active: Option<Res<ActiveGame>>) {
    if active.is_none_or(|a| !a.shell().viewer) {
        commands.remove_resource::<ReplayView>();
    }
}
