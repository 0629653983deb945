//! A KtOG game at the table: the game, the shell, the action a click on a miniature gives, and
//! the Dodge prompt's countdown (the text's "dramatic pause").

use crate::app::game::session::{ActiveGame, PlaySession, Shell};
use crate::rules::core::{Player, RuleError, RuleSet, Seat};
use crate::rules::ktog::state::Phase;
use crate::rules::ktog::{Command, Event, Ktog, KtogGame, KtogState};

/// What a click on a miniature does for the player whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Armed {
    #[default]
    Attack,
    Disarm,
    Cure,
}

/// KtOG's rules reference: every reading with the sentence it interprets.
pub fn rules_reference() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        crate::app::screens::play::rules_ref::read_or(
            "assets/rules/ktog.md",
            include_str!("../../../../assets/rules/ktog.md"),
        )
    })
}

pub struct KtogSession {
    pub game: KtogGame,
    pub shell: Shell,
    pub armed: Armed,
    /// The Dodge prompt's countdown in seconds (`None`: it waits for an answer).
    pub pause: Option<f32>,
    /// Seconds left of the open Dodge prompt.
    pub pause_left: Option<f32>,
}

impl KtogSession {
    pub fn new(game: KtogGame, pause: Option<f32>) -> Self {
        let mut s = Self {
            game,
            shell: Shell::new(),
            armed: Armed::Attack,
            pause,
            pause_left: None,
        };
        s.sync_pause();
        s
    }

    pub fn state(&self) -> &KtogState {
        &self.game.state
    }

    pub fn of(active: &ActiveGame) -> Option<&KtogSession> {
        active.get::<KtogSession>()
    }

    pub fn of_mut(active: &mut ActiveGame) -> Option<&mut KtogSession> {
        active.get_mut::<KtogSession>()
    }

    /// Plays `cmd` for the seat the game waits on.
    pub fn submit(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let seat = Ktog::natural_seat(&self.game.state, &cmd);
        let r = self.shell.submit_as(&mut self.game, seat, cmd);
        if r.is_ok() {
            self.armed = Armed::Attack;
        }
        self.sync_pause();
        r
    }

    /// Opens the countdown when a person's Dodge prompt opens, closes it otherwise.
    pub fn sync_pause(&mut self) {
        let victim = match &self.game.state.phase {
            Phase::Dodge(h) if self.game.player(h.target) == Player::Human => Some(h.target),
            _ => None,
        };
        match (victim, self.pause_left) {
            (Some(_), None) => self.pause_left = self.pause,
            (None, Some(_)) => self.pause_left = None,
            _ => {}
        }
    }

    /// Runs the countdown `dt` seconds; at 0 the victim lets the blow land.
    pub fn tick(&mut self, dt: f32) {
        let Some(left) = self.pause_left.as_mut() else {
            return;
        };
        *left -= dt;
        if *left <= 0.0 {
            self.pause_left = None;
            let _ = self.submit(Command::Dodge { dodge: false });
        }
    }

    /// The seat that is to act at this screen, if a person.
    pub fn human_seat(&self) -> Option<Seat> {
        self.game
            .waiting()
            .seats()
            .into_iter()
            .find(|s| self.game.player(*s) == Player::Human)
    }
}

impl PlaySession for KtogSession {
    crate::app::game::session::session_parts!();
    fn title(&self) -> String {
        format!("KtOG \u{b7} {} players", self.game.state.players.len())
    }
    fn on_undo(&mut self) {
        self.armed = Armed::Attack;
        self.pause_left = None;
        self.sync_pause();
    }
    fn help(&self) -> crate::app::base::key_help::RulesHelp {
        crate::app::base::key_help::RulesHelp {
            keys: &[],
            lines: &[("Click a miniature", "gives it the armed action")],
        }
    }
    fn rules_reference(&self) -> (&'static str, &'static str) {
        ("KtOG rules reference", rules_reference())
    }
}
