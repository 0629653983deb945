//! The Kry-Gothic game in play: the rules' game, the interrupt windows and their countdown
//! ([`Tempo`]), what the players picked in the panels (the move the next drag makes, what a click
//! on the table does, the order combo being built, the face-off screen), and how it sits in the
//! shared play screen ([`PlaySession`]).

use super::tempo::{Closed, Tempo};
use crate::app::game::session::{ActiveGame, Shell};
use crate::net::proto::TempoAsk;
use crate::rules::core::{Player, RuleSet};
use crate::rules::kry::close::AttackType;
use crate::rules::kry::command::{Command, MoveKind, RuleError};
use crate::rules::kry::event::Event;
use crate::rules::kry::ranged::FireMode;
use crate::rules::kry::state::{KryState, Pending, Side};
use crate::rules::kry::{Kry, KryGame};
use crate::table::ModelId;

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
    /// A snap shot split between two targets ("two attacks for base AP cost"): the first click
    /// picks the first target, the second the other.
    SnapSplit {
        shooter: ModelId,
        weapon: String,
        first: Option<ModelId>,
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
    /// At one screen, the defending side that has taken the screen to choose its defence class
    /// (the attacker's choice of attack stays hidden from it).
    pub defence_screen: Option<Side>,
    /// Each side's interrupt key by name, as the settings bind it (the buttons and windows that
    /// name the key show these).
    pub key_names: [String; 2],
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
            defence_screen: None,
            key_names: [
                crate::app::base::keys::Key::InterruptSide1,
                crate::app::base::keys::Key::InterruptSide2,
            ]
            .map(|k| crate::app::base::keys::first_key_label(k.defaults())),
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

    /// Whether this screen plays a seat of a game hosted elsewhere (whose windows run on the
    /// host's clock).
    fn at_online_seat(&self) -> bool {
        self.shell.online_seat.is_some()
    }

    /// Brings the windows in step with the game (at an online seat, the host does).
    pub fn sync_tempo(&mut self) {
        if self.at_online_seat() {
            return;
        }
        self.tempo.follow(&self.game);
    }

    /// The side a command is given by at this screen: the side of the model it moves, or the
    /// side the game waits on.
    pub fn side_of(&self, cmd: &Command) -> Side {
        Kry::natural_seat(&self.game.state, cmd)
    }

    /// Gives `cmd` for `side`, if the windows let it (with any typed-in dice); a refusal is kept
    /// for the panels.
    pub fn order(&mut self, side: Side, cmd: Command) -> Result<Vec<Event>, RuleError> {
        if !Kry::any_time(&cmd)
            && let Err(e) = self.tempo.may_order(side)
        {
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
                ..
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
        if let Some(o) = self.shell.online_seat.as_mut() {
            o.asks.push(TempoAsk::Interrupt);
        }
    }

    /// The window's side passes (its button, or the countdown running out).
    pub fn pass(&mut self) -> Result<(), RuleError> {
        let c = self.tempo.pass();
        if let Some(o) = self.shell.online_seat.as_mut() {
            // The host's clock closes the window (and plays the pass a combo's window needs).
            o.asks.push(TempoAsk::LetGo);
            return Ok(());
        }
        self.apply_closed(c)
    }

    pub(super) fn apply_closed(&mut self, c: Closed) -> Result<(), RuleError> {
        match c {
            Closed::Nothing => Ok(()),
            Closed::Pass(side) if self.game.player(side) == Player::Remote => {
                // Hosting: a seat online passes (its own answer, or its time ran out here),
                // without the real dice typed in at this screen.
                let r = self.game.play_with(side, Command::Pass, &[]);
                self.shell.rev += 1;
                self.sync_tempo();
                r.map(|_| ())
            }
            Closed::Pass(side) => self.order(side, Command::Pass).map(|_| ()),
        }
    }

    /// Runs the countdown `dt` seconds; a window that runs out passes (at an online seat the
    /// countdown only runs down on the screen: the host closes the window).
    pub fn tick(&mut self, dt: f32) -> Result<bool, RuleError> {
        if self.at_online_seat() {
            self.tempo.run_down(dt);
            return Ok(false);
        }
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

/// Deploys the deploying side's waiting models as the program would. Each spot is chosen on
/// a copy with the models before it placed: at a seat of an online game the commands only go
/// to the host, and the game here does not change until it answers.
pub fn auto_deploy(session: &mut KrySession) -> Result<(), String> {
    let crate::rules::kry::state::Phase::Deploy { side } = session.state().phase else {
        return Err("nothing to deploy now".into());
    };
    let mut probe = session.game.clone();
    probe.keep_journal = false;
    let most = probe.state.models.len();
    for _ in 0..most {
        let Some(cmd) = crate::rules::kry::ai::deploy_command(&probe.state, side) else {
            break;
        };
        probe.play(side, cmd.clone()).map_err(|e| e.to_string())?;
        session.submit(cmd).map_err(|e| e.to_string())?;
    }
    session.placing = Placing::None;
    Ok(())
}
