//! The Kry-Gothic game in play: the rules' game, the interrupt windows and their countdown
//! ([`Tempo`]), what the players picked in the panels (the move the next drag makes, what a click
//! on the table does, the order combo being built, the face-off screen), and how it sits in the
//! shared play screen ([`PlaySession`]).

use super::tempo::{Closed, Tempo};
use crate::app::play::{ActiveGame, PlaySession, Shell};
use crate::rules::core::{Player, RuleSet, Seat};
use crate::rules::kry::close::AttackType;
use crate::rules::kry::command::{Command, MoveKind, RuleError};
use crate::rules::kry::event::Event;
use crate::rules::kry::ranged::FireMode;
use crate::rules::kry::state::{KryState, Pending, Phase, Side, ix};
use crate::rules::kry::{Kry, KryGame};
use crate::table::ModelId;
use bevy_egui::egui;

/// What a click on the table does next.
#[derive(Debug, Clone, PartialEq)]
pub enum Placing {
    None,
    /// Deploy this model where the table is clicked.
    Deploy(ModelId),
    /// Fire this weapon at the model clicked.
    Shoot {
        shooter: ModelId,
        weapon: String,
        mode: FireMode,
    },
    /// Attack (or charge) the model clicked.
    Attack {
        attacker: ModelId,
        attack: AttackType,
        weapon: Option<String>,
        charge: bool,
    },
}

/// The face-off screen at one screen: whose pick is shown, after the "pass the screen" prompt.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FaceOffScreen {
    /// The side that has taken the screen (its choices are shown), if any.
    pub shown: Option<Side>,
    pub action: usize,
    pub model: Option<ModelId>,
    pub target: Option<ModelId>,
}

/// The odds of the last shot, worked out once it was called (distance is measured only then).
#[derive(Debug, Clone, PartialEq)]
pub struct CalledShot {
    pub shooter: ModelId,
    pub text: String,
}

/// The game and the players' choices in the panels.
pub struct KrySession {
    pub game: KryGame,
    pub shell: Shell,
    pub tempo: Tempo,
    /// The move the next drag makes.
    pub move_kind: MoveKind,
    pub placing: Placing,
    /// The order combo being built: its steps, not yet given.
    pub building: Option<Vec<Command>>,
    pub faceoff: FaceOffScreen,
    pub called: Option<CalledShot>,
}

impl KrySession {
    pub fn new(game: KryGame, countdown: Option<f32>) -> Self {
        let mut s = Self {
            game,
            shell: Shell::new(),
            tempo: Tempo::new(countdown),
            move_kind: MoveKind::Normal,
            placing: Placing::None,
            building: None,
            faceoff: FaceOffScreen::default(),
            called: None,
        };
        s.sync_tempo();
        s
    }

    pub fn state(&self) -> &KryState {
        &self.game.state
    }

    /// The sides the program plays.
    pub fn program_sides(&self) -> [bool; 2] {
        [1u8, 2].map(|s| self.game.player(s) == Player::Program)
    }

    /// Brings the windows in step with the game.
    pub fn sync_tempo(&mut self) {
        let log: Vec<(Seat, &Command)> = self.game.log.iter().map(|l| (l.seat, &l.cmd)).collect();
        let program = [1u8, 2].map(|s| self.game.player(s) == Player::Program);
        self.tempo.sync(&self.game.state, &log, program);
    }

    /// The side a command is given by at this screen: the side of the model it moves, or the
    /// side the game waits on.
    pub fn side_of(&self, cmd: &Command) -> Side {
        Kry::natural_seat(&self.game.state, cmd)
    }

    /// Gives `cmd` for `side`, if the windows let it (with any typed-in dice); a refusal is kept
    /// for the panels.
    pub fn order(&mut self, side: Side, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let cancel = matches!(cmd, Command::CancelCombo | Command::Concede { .. });
        if !cancel && let Err(e) = self.tempo.may_order(side) {
            self.shell.last_error = Some(e.clone());
            return Err(RuleError::Illegal(e));
        }
        let before = self.game.state.clone();
        let shot = matches!(cmd, Command::Shoot { .. }).then(|| cmd.clone());
        let r = self.shell.submit_as(&mut self.game, side, cmd);
        if r.is_ok() {
            if let Some(Command::Shoot {
                shooter,
                target,
                weapon,
                mode,
            }) = shot
            {
                self.called = super::odds::called_shot(&before, shooter, target, &weapon, mode)
                    .map(|text| CalledShot { shooter, text });
            }
            if !matches!(self.game.state.pending, Some(Pending::FaceOff(_))) {
                self.faceoff = FaceOffScreen::default();
            }
        }
        self.sync_tempo();
        r
    }

    /// Gives `cmd` for the side that would naturally give it.
    pub fn submit(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let side = self.side_of(&cmd);
        self.order(side, cmd)
    }

    /// The interrupt key (or button) of `side`.
    pub fn interrupt(&mut self, side: Side) {
        self.tempo.interrupt(side);
    }

    /// The window's side passes (its button, or the countdown running out).
    pub fn pass(&mut self) -> Result<(), RuleError> {
        let c = self.tempo.pass();
        self.apply_closed(c)
    }

    fn apply_closed(&mut self, c: Closed) -> Result<(), RuleError> {
        match c {
            Closed::Nothing => Ok(()),
            Closed::Pass(side) => self.order(side, Command::Pass).map(|_| ()),
        }
    }

    /// Runs the countdown `dt` seconds; a window that runs out passes.
    pub fn tick(&mut self, dt: f32) -> Result<bool, RuleError> {
        match self.tempo.tick(dt) {
            Some(c) => {
                self.apply_closed(c)?;
                self.shell.rev += 1;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Whether a side the game waits on is played by a person at this screen.
    pub fn human_to_act(&self) -> bool {
        self.game.waits_on(Player::Human)
    }

    /// The sides a person plays at this screen.
    pub fn human_sides(&self) -> Vec<Side> {
        [1u8, 2]
            .into_iter()
            .filter(|s| self.game.player(*s) == Player::Human)
            .collect()
    }

    pub fn of(active: &ActiveGame) -> Option<&KrySession> {
        active.get::<KrySession>()
    }

    pub fn of_mut(active: &mut ActiveGame) -> Option<&mut KrySession> {
        active.get_mut::<KrySession>()
    }
}

impl PlaySession for KrySession {
    crate::app::play::session::session_parts!();
    fn title(&self) -> String {
        format!("Kry-Gothic \u{b7} {}", self.state().scenario.label())
    }
    fn status(&self) -> String {
        let s = self.state();
        match &s.phase {
            Phase::Play => format!("AP round {}", s.round),
            _ => Kry::phase_label(s),
        }
    }
    fn bar_ui(&mut self, ui: &mut egui::Ui) {
        super::panels::bar_buttons(ui, self);
    }
    fn on_undo(&mut self) {
        self.placing = Placing::None;
        self.called = None;
        self.sync_tempo();
    }
    /// The program waits while a person at this screen has a window open.
    fn program_may_act(&self) -> bool {
        let program = self.program_sides();
        self.tempo
            .window
            .as_ref()
            .is_none_or(|w| program[ix(w.side)])
    }
    fn rules_reference(&self) -> (&'static str, &'static str) {
        ("Kry-Gothic rules reference", super::rules_reference())
    }
}
