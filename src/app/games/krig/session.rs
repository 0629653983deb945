//! Krig's session on the shared play screen: the game, the shell, and what the shell asks of it.

use crate::app::game::session::{ActiveGame, PlaySession, Shell};
use crate::rules::core::{Player, RuleError, RuleSet, Seat};
use crate::rules::krig::{Command, Event, Krig, KrigGame, KrigState};
use std::sync::OnceLock;

/// Krig's rules reference: every reading with the sentence it interprets.
pub fn rules_reference() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        crate::app::screens::play::rules_ref::read_or(
            "assets/rules/krig.md",
            include_str!("../../../../assets/rules/krig.md"),
        )
    })
}

pub struct KrigSession {
    pub game: KrigGame,
    pub shell: Shell,
}

impl KrigSession {
    pub fn new(game: KrigGame) -> Self {
        Self {
            game,
            shell: Shell::new(),
        }
    }

    pub fn state(&self) -> &KrigState {
        &self.game.state
    }

    pub fn of_mut(active: &mut ActiveGame) -> Option<&mut KrigSession> {
        active.get_mut::<KrigSession>()
    }

    pub fn submit(&mut self, cmd: Command) -> Result<Vec<Event>, RuleError> {
        let seat = Krig::natural_seat(&self.game.state, &cmd);
        self.shell.submit_as(&mut self.game, seat, cmd)
    }

    /// The seat to act at this screen, if a person.
    pub fn human_seat(&self) -> Option<Seat> {
        self.game
            .waiting()
            .seats()
            .into_iter()
            .find(|s| self.game.player(*s) == Player::Human)
    }
}

impl PlaySession for KrigSession {
    crate::app::game::session::session_parts!();
    fn help(&self) -> crate::app::base::key_help::RulesHelp {
        crate::app::base::key_help::RulesHelp {
            keys: &[],
            lines: &[(
                "Buttons",
                "Krig is played with the playmat's buttons: no table keys of its own",
            )],
        }
    }
    fn rules_reference(&self) -> (&'static str, &'static str) {
        ("Krig rules reference", rules_reference())
    }
}
