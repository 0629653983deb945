//! The KOG light game in play: the rules' game, what the player has picked in the panels (the
//! move the next drag makes, what a click places), and how it sits in the shared play screen
//! ([`PlaySession`]): its title, status line and the bar's End Movement / End turn buttons.

use crate::app::game::session::{ActiveGame, PlaySession, Shell};
use crate::rules::kog::state::{KogState, MoveMode, Phase, Step};
use crate::rules::kog::{Command, KogGame, RuleError};
use crate::table::ModelId;
use bevy_egui::egui;

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
    /// Placing terrain: put this palette piece, turned `rotation` degrees, where the table is
    /// clicked.
    Terrain {
        piece: String,
        rotation: f32,
    },
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

/// The game and the player's choices in the panels.
pub struct KogSession {
    pub game: KogGame,
    pub shell: Shell,
    /// The move the next drag makes.
    pub move_mode: MoveMode,
    pub placing: Placing,
}

impl KogSession {
    pub fn new(game: KogGame) -> Self {
        Self {
            game,
            shell: Shell::new(),
            move_mode: MoveMode::Combat,
            placing: Placing::None,
        }
    }

    pub fn state(&self) -> &KogState {
        &self.game.state
    }

    /// Plays a command (with any typed-in dice); a refusal is kept for the panels.
    pub fn submit(&mut self, cmd: Command) -> Result<(), RuleError> {
        self.shell.submit(&mut self.game, cmd).map(|_| ())
    }

    /// Whether a side the game waits on is played by a person at this screen.
    pub fn human_to_act(&self) -> bool {
        self.game.waits_on(Player::Human)
    }

    /// The KOG light session of the game in play, if it is one.
    pub fn of(active: &ActiveGame) -> Option<&KogSession> {
        active.get::<KogSession>()
    }

    pub fn of_mut(active: &mut ActiveGame) -> Option<&mut KogSession> {
        active.get_mut::<KogSession>()
    }
}

impl PlaySession for KogSession {
    crate::app::game::session::session_parts!();
    fn title(&self) -> String {
        format!("KOG light \u{b7} {}", self.game.setup.scenario.label())
    }
    fn status(&self) -> String {
        let s = self.state();
        let first = if s.phase == Phase::Turn && s.first == s.active {
            "  (first player)"
        } else {
            ""
        };
        format!("{}{first}", phase_line(s))
    }
    fn bar_ui(&mut self, ui: &mut egui::Ui) {
        let s = self.state();
        if s.phase != Phase::Turn || s.pending.is_some() {
            return;
        }
        ui.separator();
        use crate::app::ui_kit::guide_mark::button;
        let cmd = match s.step {
            Step::Movement => button(ui, "End Movement")
                .clicked()
                .then_some(Command::EndMovement),
            Step::Action => button(ui, "End turn")
                .clicked()
                .then_some(Command::EndTurn),
        };
        if let Some(c) = cmd {
            let _ = self.submit(c);
        }
    }
    fn on_undo(&mut self) {
        self.placing = Placing::None;
    }
    fn help(&self) -> crate::app::base::key_help::RulesHelp {
        crate::app::base::key_help::RulesHelp {
            keys: &[],
            lines: &[
                (
                    "Drag a model",
                    "move (or deploy) it with the move chosen in the card; the path and its cost show while dragging",
                ),
                (
                    "Click",
                    "place a model or an Objective; pick a target on the table",
                ),
                (
                    "Markers",
                    "\u{2605} Commander, \u{2297} crippled / wreck, \u{bb} speed move, H hold position, C charge, a acted, ! objective",
                ),
                (
                    "Hover",
                    "a move, an action, a stat or a marker quotes its rule",
                ),
            ],
        }
    }
    fn rules_reference(&self) -> (&'static str, &'static str) {
        ("KOG light rules reference", super::rules_ref::text())
    }
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
                    Step::Movement => "[1] Movement",
                    Step::Action => "[2] Action",
                }
            )
        }
        _ => crate::rules::kog::ctx::phase_label(s),
    }
}

/// Deploys the deploying side's waiting models as the program would.
pub fn auto_deploy(session: &mut KogSession) -> Result<(), String> {
    let crate::rules::kog::state::Phase::Deploy { side } = session.state().phase else {
        return Err("nothing to deploy now".into());
    };
    let spots = crate::rules::kog::ai::deploy_spots(session.state(), side);
    if spots.is_empty() {
        return Err("no room left in the deployment area".into());
    }
    for (model, at, facing) in spots {
        session
            .submit(Command::Deploy { model, at, facing })
            .map_err(|e| e.to_string())?;
    }
    session.placing = Placing::None;
    Ok(())
}
