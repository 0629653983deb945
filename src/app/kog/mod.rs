//! KOG light on the table: the game session, its panels, input, markers, the program opponent,
//! and the menus that start a battle (main menu, new battle, force builder, load game).

pub mod builder;
pub mod card;
pub mod files;
pub mod input;
pub mod markers;
pub mod menu;
pub mod panels;
pub mod rules_ref;
pub mod session;
pub mod setup_ui;

use crate::app::screens::Mode;
use crate::app::state::{ActiveTool, Notices, Selection, TableState};
use crate::rules::core::Player;
use crate::rules::kog::{Command, ai};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use session::KogSession;

pub fn plugin(app: &mut App) {
    app.init_resource::<card::MenuCache>()
        .init_resource::<panels::GameRequests>()
        .init_resource::<ProgramClock>()
        .add_plugins((
            session::plugin,
            input::plugin,
            markers::plugin,
            menu::plugin,
        ))
        .add_systems(
            EguiPrimaryContextPass,
            panels::game_ui
                .after(crate::app::ui::OverlaySet)
                .run_if(input::in_game),
        )
        .add_systems(
            Update,
            (program_opponent, handle_requests)
                .run_if(input::in_game)
                .before(session::MirrorSet),
        )
        .add_systems(
            Update,
            start_saved_game.run_if(resource_exists::<StartGame>),
        );
}

/// A saved game to open at start (`wartable --game FILE`).
#[derive(Resource, Debug, Clone)]
pub struct StartGame(pub std::path::PathBuf);

fn start_saved_game(
    mut commands: Commands,
    start: Res<StartGame>,
    mut mode: ResMut<Mode>,
    mut notices: ResMut<Notices>,
    state: Option<ResMut<TableState>>,
) {
    let Some(mut state) = state else { return };
    commands.remove_resource::<StartGame>();
    match menu::load_session(&start.0) {
        Ok(s) => session::begin(&mut commands, &mut mode, &mut state, &mut notices, s),
        Err(e) => notices.show_errors(format!("Could not load {}", start.0.display()), e),
    }
}

/// Paces the program opponent so that players can follow its moves.
#[derive(Resource, Debug)]
pub struct ProgramClock {
    pub timer: Timer,
}

impl Default for ProgramClock {
    fn default() -> Self {
        Self {
            timer: Timer::from_seconds(0.35, TimerMode::Repeating),
        }
    }
}

/// Plays the program's seats, one command per tick.
fn program_opponent(
    mut session: ResMut<KogSession>,
    mut clock: ResMut<ProgramClock>,
    time: Res<Time>,
) {
    if !clock.timer.tick(time.delta()).just_finished() {
        return;
    }
    for seat in session.game.waiting().seats() {
        if session.game.player(seat) == Player::Program && session.game.program_play(seat).is_some()
        {
            session.rev += 1;
            return;
        }
    }
}

/// Deploys the deploying side's waiting models as the program would.
pub fn auto_deploy(session: &mut KogSession) -> Result<(), String> {
    let crate::rules::kog::state::Phase::Deploy { side } = session.state().phase else {
        return Err("nothing to deploy now".into());
    };
    let spots = ai::deploy_spots(session.state(), side);
    if spots.is_empty() {
        return Err("no room left in the deployment area".into());
    }
    for (model, at, facing) in spots {
        session
            .submit(Command::Deploy { model, at, facing })
            .map_err(|e| e.to_string())?;
    }
    session.placing = session::Placing::None;
    Ok(())
}

/// Saving, and leaving the battle.
fn handle_requests(
    mut commands: Commands,
    mut requests: ResMut<panels::GameRequests>,
    mut session: ResMut<KogSession>,
    mut notices: ResMut<Notices>,
    mut mode: ResMut<Mode>,
    mut tool: ResMut<ActiveTool>,
    mut sel: ResMut<Selection>,
    mut gate: ResMut<crate::app::interact::GameGate>,
    mut menu: ResMut<menu::MenuState>,
    state: Option<ResMut<TableState>>,
) {
    if requests.save {
        requests.save = false;
        match save_game(&mut session) {
            Ok(p) => notices.status = format!("Game saved to {}", p.display()),
            Err(e) => notices.show_errors("Could not save the game", vec![e]),
        }
    }
    if requests.leave || requests.new_battle {
        let new = requests.new_battle;
        *requests = panels::GameRequests::default();
        commands.remove_resource::<KogSession>();
        *gate = Default::default();
        *mode = Mode::Sandbox;
        *tool = ActiveTool::Select;
        sel.0 = None;
        if let Some(mut state) = state {
            // Back to the level as it was, without the game's models.
            let level = state.level.clone();
            state.table = level.to_table();
            state.terrain_changed();
        }
        if new {
            menu.show_new_battle = true;
        }
        notices.status = "Left the battle".into();
    }
}

/// Saves to the game's file, or a new one in the saves folder.
pub fn save_game(session: &mut KogSession) -> Result<std::path::PathBuf, String> {
    let path = match &session.save_path {
        Some(p) => p.clone(),
        None => {
            let dir = files::saves_dir();
            files::ensure_dir(&dir)?;
            let secs = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0);
            dir.join(format!("kog-light-{secs}.ron"))
        }
    };
    session.game.save(&path)?;
    session.save_path = Some(path.clone());
    Ok(path)
}
