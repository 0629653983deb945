//! What the play screen's buttons ask of the rest of the program: save the game (to its file,
//! or a new one in the saves folder), leave it for the sandbox, or leave it for a new game of
//! the same rule set.

use crate::app::base::mode::Mode;
use crate::app::base::nav::MainMenu;
use crate::app::base::state::{ActiveTool, Notices, Selection, TableState};
use crate::app::game::session::ActiveGame;
use crate::app::view::interact::GameGate;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameRequests>().add_systems(
        Update,
        handle_requests
            .run_if(crate::app::game::session::in_play)
            .in_set(RequestsSet)
            .before(crate::app::base::sets::MirrorSet),
    );
}

/// The system that carries out the [`GameRequests`] (leave, new game, save).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RequestsSet;

/// Requests the panels make of the rest of the program.
#[derive(Resource, Debug, Default)]
pub struct GameRequests {
    pub save: bool,
    pub leave: bool,
    pub new_game: bool,
    /// Watch the game in play as a replay (read by the replay screen).
    pub replay: bool,
    /// Write the battle report of the game in play.
    pub report: bool,
}

fn handle_requests(
    mut commands: Commands,
    mut requests: ResMut<GameRequests>,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
    mut tool: ResMut<ActiveTool>,
    mut sel: ResMut<Selection>,
    mut gate: ResMut<GameGate>,
    mut menu: ResMut<MainMenu>,
    state: Option<ResMut<TableState>>,
) {
    if requests.save {
        requests.save = false;
        match save_game(&mut active) {
            Ok(p) => notices.status = format!("Game saved to {}", p.display()),
            Err(e) => notices.show_errors("Could not save the game", vec![e]),
        }
    }
    if requests.report {
        requests.report = false;
        let name = active.shell().save_path.as_ref().map_or_else(
            || format!("{}-game", active.0.game().rules().key()),
            |p| p.display().to_string(),
        );
        let written = active
            .0
            .game()
            .save_text()
            .map_err(|e| vec![e])
            .and_then(|text| super::battle_report::write_report(&name, &text));
        match written {
            Ok(p) => notices.status = format!("Battle report written to {}", p.display()),
            Err(e) => notices.show_errors("Could not write the battle report", e),
        }
    }
    if requests.leave || requests.new_game {
        // Back to the sandbox, or to a New game window that closes onto the sandbox.
        menu.show_main = false;
        if requests.new_game {
            menu.new_game = Some(active.0.game().rules());
        }
        *requests = GameRequests::default();
        commands.remove_resource::<ActiveGame>();
        *gate = Default::default();
        commands.set_state(Mode::Sandbox);
        *tool = ActiveTool::Select;
        sel.0 = None;
        if let Some(mut state) = state {
            // Back to the level as it was, without the game's models.
            let level = state.level.clone();
            state.table = level.to_table();
            state.terrain_changed();
        }
        notices.status = "Left the game".into();
    }
}

/// Saves to the game's file, or a new one in the saves folder named for the rule set.
pub fn save_game(active: &mut ActiveGame) -> Result<std::path::PathBuf, String> {
    let path = match &active.shell().save_path {
        Some(p) => p.clone(),
        None => {
            let dir = crate::app::base::files::saves_dir();
            crate::app::base::files::ensure_dir(&dir)?;
            let secs = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0);
            dir.join(format!("{}-{secs}.ron", active.0.game().rules().key()))
        }
    };
    active.0.game().save(&path)?;
    let n = active.0.game().commands();
    let shell = active.shell_mut();
    shell.save_path = Some(path.clone());
    shell.saved_commands = Some(n);
    Ok(path)
}

/// Whether leaving should ask first: something was played since the game was last saved or
/// loaded (or it never was).
pub fn unsaved(active: &ActiveGame) -> bool {
    active.shell().saved_commands != Some(active.0.game().commands())
}
