//! The KOG light game in play: the rules' game, what the players have picked in the panels, and
//! the mirror that keeps the table (models, zones, objectives) in line with the game state.

use crate::app::interact::Drag;
use crate::app::screens::Mode;
use crate::app::state::{Notices, Selection, TableState};
use crate::rules::kog::state::{KogState, MoveMode, Phase};
use crate::rules::kog::{Command, KogGame, RuleError};
use crate::table::ModelId;
use bevy::prelude::*;
use std::path::PathBuf;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mirror_table
            .in_set(MirrorSet)
            .run_if(resource_exists::<KogSession>)
            .before(crate::app::table_entities::TableSync)
            .after(crate::app::interact::InteractSet),
    );
}

/// The system that copies the game onto the table.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MirrorSet;

pub use crate::rules::core::Player;
pub use crate::rules::kog::view::{view_table, zones_of};

/// What a click on the table does next in the game.
#[derive(Debug, Clone, PartialEq)]
pub enum Placing {
    None,
    /// Deploy this model where the table is clicked.
    Deploy(ModelId),
    /// Place the deploying side's objective.
    Objective,
    /// Pick a target for this attacker's weapon.
    Target {
        attacker: ModelId,
        weapon: String,
    },
}

/// What a click in the game's panels asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum UiAction {
    Cmd(Command),
    /// Deploy the waiting models of the deploying side as the program opponent would.
    AutoDeploy,
}

/// The game and the players' choices in the panels.
#[derive(Resource)]
pub struct KogSession {
    /// The game, with who plays each side.
    pub game: KogGame,
    /// The move the next drag makes.
    pub move_mode: MoveMode,
    pub placing: Placing,
    /// Results of real dice typed in for the next command.
    pub typed_dice: String,
    /// Bumped whenever the game changes, so the table and caches follow.
    pub rev: u64,
    mirrored: u64,
    /// Where the game was last saved or loaded.
    pub save_path: Option<PathBuf>,
    /// The last refusal, shown until the next command.
    pub last_error: Option<String>,
    pub show_rules: bool,
    pub show_log: bool,
    pub confirm_leave: bool,
}

impl KogSession {
    pub fn new(game: KogGame) -> Self {
        Self {
            game,
            move_mode: MoveMode::Combat,
            placing: Placing::None,
            typed_dice: String::new(),
            rev: 1,
            mirrored: 0,
            save_path: None,
            last_error: None,
            show_rules: false,
            show_log: true,
            confirm_leave: false,
        }
    }

    pub fn state(&self) -> &KogState {
        &self.game.state
    }

    /// Plays a command (with any typed-in dice); a refusal is kept for the panels.
    pub fn submit(&mut self, cmd: Command) -> Result<(), RuleError> {
        let typed = match crate::app::dice_panel::parse_entered(&self.typed_dice) {
            Ok(t) => t,
            Err(e) => {
                let e = RuleError::Illegal(format!("the real dice typed in: {e}"));
                self.last_error = Some(e.to_string());
                return Err(e);
            }
        };
        let r = self.game.submit_with(cmd, &typed);
        match &r {
            Ok(_) => {
                self.last_error = None;
                if !typed.is_empty() {
                    self.typed_dice.clear();
                }
                self.rev += 1;
            }
            Err(e) => self.last_error = Some(e.to_string()),
        }
        r.map(|_| ())
    }

    pub fn undo(&mut self) -> Option<Command> {
        let c = self.game.undo();
        if c.is_some() {
            self.rev += 1;
            self.last_error = None;
        }
        c
    }

    /// Whether the side to act now is played by a person at this screen.
    pub fn human_to_act(&self) -> bool {
        self.game
            .waiting()
            .seats()
            .into_iter()
            .any(|seat| self.game.player(seat) == Player::Human)
    }
}

/// Keeps the table in line with the game, except while a model is being dragged.
fn mirror_table(
    mut session: ResMut<KogSession>,
    state: Option<ResMut<TableState>>,
    drag: Res<Drag>,
    mode: Res<Mode>,
    mut sel: ResMut<Selection>,
) {
    let Some(mut state) = state else { return };
    if *mode != Mode::Game || drag.model.is_some() {
        return;
    }
    if session.mirrored == session.rev {
        return;
    }
    session.mirrored = session.rev;
    let view = view_table(&session.game.state);
    let terrain_changed =
        view.zones != state.table.zones || view.objectives != state.table.objectives;
    state.table = view;
    if terrain_changed {
        state.terrain_changed();
    }
    if let Some(id) = sel.0
        && state.table.model(id).is_err()
    {
        sel.0 = None;
    }
}

/// Asks for the table to be brought back to the game (after a drag that the rules refused).
pub fn remirror(session: &mut KogSession) {
    session.mirrored = 0;
}

/// Starts a game: the level's terrain on the table, the game mode on.
pub fn begin(
    commands: &mut Commands,
    mode: &mut Mode,
    state: &mut TableState,
    notices: &mut Notices,
    session: KogSession,
) {
    state.level = session.game.setup.level.clone();
    state.path = None;
    state.table = view_table(&session.game.state);
    state.terrain_changed();
    notices.status = format!(
        "KOG light: {} on '{}', seed {}",
        session.game.setup.scenario.label(),
        state.level.name,
        session.game.setup.seed
    );
    *mode = Mode::Game;
    commands.insert_resource(session);
}

/// Where the game waits, in a few words, for the bar.
pub fn phase_line(s: &KogState) -> String {
    match &s.phase {
        Phase::Turn => {
            let role = match s.roles {
                Some(r) if r.attacker == s.active => "Attacker",
                Some(_) => "Defender",
                None => "",
            };
            format!(
                "Round {} \u{b7} side {} ({role}) \u{b7} {}",
                s.round,
                s.active,
                match s.step {
                    crate::rules::kog::state::Step::Movement => "[1] Movement",
                    crate::rules::kog::state::Step::Action => "[2] Action",
                }
            )
        }
        _ => crate::rules::kog::ctx::phase_label(s),
    }
}
