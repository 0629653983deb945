//! The game of an online host and of a seat, whatever the rule set: [`HostGame`] plays the
//! commands proposed as RON and cuts each accepted step into every seat's view of it;
//! [`SeatGame`] applies those views. Both are implemented once for every `Game<R>`.

use super::proto::Step;
use crate::rules::core::game::view_hash;
use crate::rules::core::save::ron_text;
use crate::rules::core::{Game, Logged, Player, RuleSet, RulesId, Seat, Waiting};
use crate::rules::registry::RulesVisitor;
use serde::de::DeserializeOwned;

/// What an online host asks of its game.
pub trait HostGame: Send + Sync {
    fn rules(&self) -> RulesId;
    fn seats(&self) -> Vec<Seat>;
    fn player(&self, seat: Seat) -> Player;
    fn set_player(&mut self, seat: Seat, p: Player);
    fn waiting(&self) -> Waiting;
    fn seed(&self) -> u64;
    /// The whole game's hash (state and dice), as saves carry it.
    fn hash(&self) -> u64;
    /// The command log, as RON.
    fn log_text(&self) -> String;
    /// The setup as RON, its seed taken out.
    fn public_setup(&self) -> String;
    /// From now on, keeps every step played for [`HostGame::take_steps`].
    fn start_recording(&mut self);
    /// Plays `command` (RON) for `seat`: what is wrong with it, if it is refused.
    fn propose(&mut self, seat: Seat, command: &str, dice: &[u32]) -> Result<(), String>;
    /// Whether `command` (RON) may be given while another seat's interrupt window is open
    /// ([`RuleSet::any_time`]); a command that does not read may not.
    fn any_time(&self, command: &str) -> bool;
    /// The program plays one command for a seat it plays, if the game waits on one.
    fn program_step(&mut self) -> bool;
    /// The steps played since the last call, each as every seat of `seats` sees it (in that
    /// order), numbered from `first`.
    fn take_steps(&mut self, first: u32, seats: &[Seat]) -> Vec<Vec<Step>>;
    /// Writes the game as a save (for a bug report).
    fn save_to(&self, path: &std::path::Path) -> Result<(), String>;
    /// The `Game<R>` itself (the app builds its play screen from it).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// What a seat of an online game asks of its copy of the game.
pub trait SeatGame: Send + Sync {
    fn rules(&self) -> RulesId;
    fn waiting(&self) -> Waiting;
    /// Applies a step as the host sent it to `me`; refuses it (changing nothing) when its
    /// events do not read, and says so when the view it leads to is not the host's.
    fn apply_step(&mut self, me: Seat, step: &Step) -> Result<(), String>;
    /// [`view_hash`] of what `me` may see of the game.
    fn view_hash(&self, me: Seat) -> u64;
    /// The command the program would give for `seat` now (RON), if the game waits on it.
    fn program_command(&self, seat: Seat) -> Option<String>;
    /// Replays the whole game from its setup with the seed and log the host sent at its end:
    /// the hash reached.
    fn replay_with(&self, seed: u64, log: &str) -> Result<u64, String>;
    /// The `Game<R>` itself (the app shows it at the table).
    fn as_any(&self) -> &dyn std::any::Any;
}

/// Reads untrusted RON (a command from a seat, events from the host) with the loaders' limit
/// on nesting.
pub fn read_ron<T: DeserializeOwned>(what: &str, text: &str) -> Result<T, String> {
    if let Some((line, col)) = crate::data::load::too_deep(text) {
        return Err(format!(
            "{what}: brackets nested more than {} deep at {line}:{col}",
            crate::data::load::MAX_NESTING
        ));
    }
    ron::from_str(text).map_err(|e| format!("{what} does not read: {e}"))
}

/// One-line RON of `value`.
fn ron_line<T: serde::Serialize>(value: &T) -> String {
    ron::to_string(value).unwrap_or_default()
}

impl<R: RuleSet> HostGame for Game<R> {
    fn rules(&self) -> RulesId {
        R::ID
    }
    fn seats(&self) -> Vec<Seat> {
        Game::seats(self)
    }
    fn player(&self, seat: Seat) -> Player {
        Game::player(self, seat)
    }
    fn set_player(&mut self, seat: Seat, p: Player) {
        Game::set_player(self, seat, p)
    }
    fn waiting(&self) -> Waiting {
        Game::waiting(self)
    }
    fn seed(&self) -> u64 {
        self.dice.seed()
    }
    fn hash(&self) -> u64 {
        Game::hash(self)
    }
    fn log_text(&self) -> String {
        ron_line(&self.log)
    }
    fn public_setup(&self) -> String {
        let mut s = self.setup.clone();
        R::set_seed(&mut s, 0);
        ron_text(&s).unwrap_or_default()
    }
    fn start_recording(&mut self) {
        self.record_events();
    }
    fn propose(&mut self, seat: Seat, command: &str, dice: &[u32]) -> Result<(), String> {
        if command.len() > super::proto::MAX_COMMAND {
            return Err(format!(
                "the command is {} bytes long; the most a host reads is {}",
                command.len(),
                super::proto::MAX_COMMAND
            ));
        }
        let cmd: R::Command = read_ron("the command", command)?;
        self.check(seat, &cmd).map_err(|e| e.to_string())?;
        self.play_with(seat, cmd, dice)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
    fn any_time(&self, command: &str) -> bool {
        command.len() <= super::proto::MAX_COMMAND
            && read_ron::<R::Command>("the command", command).is_ok_and(|c| R::any_time(&c))
    }
    fn program_step(&mut self) -> bool {
        for seat in Game::waiting(self).seats() {
            if Game::player(self, seat) == Player::Program && self.program_play(seat).is_some() {
                return true;
            }
        }
        false
    }
    fn take_steps(&mut self, first: u32, seats: &[Seat]) -> Vec<Vec<Step>> {
        let Some(rec) = self.recorded.as_mut().map(std::mem::take) else {
            return Vec::new();
        };
        let mut out = Vec::with_capacity(rec.len());
        for (k, r) in rec.iter().enumerate() {
            // The state after this step: the next step's start, or the game's state now.
            let after = rec.get(k + 1).map_or(&self.state, |next| &next.before);
            let cmd = &self.log[r.index].cmd;
            let rolls = &self.dice.log()[r.rolls.clone()];
            let views = seats
                .iter()
                .map(|&seat| {
                    let mut s = r.before.clone();
                    let events: Vec<R::Event> = r
                        .events
                        .iter()
                        .map(|e| {
                            let v = R::redact_event(&s, seat, e);
                            R::apply(&mut s, e);
                            v
                        })
                        .collect();
                    Step {
                        n: first + k as u32,
                        seat: r.seat,
                        label: if seat == r.seat {
                            format!("{cmd:?}")
                        } else {
                            R::undone_label(cmd)
                        },
                        events: ron_line(&events),
                        rolls: ron_line(
                            &rolls
                                .iter()
                                .filter(|x| x.visible_to(seat))
                                .collect::<Vec<_>>(),
                        ),
                        hash: view_hash::<R>(&R::redact(after, seat)),
                    }
                })
                .collect();
            out.push(views);
        }
        out
    }
    fn save_to(&self, path: &std::path::Path) -> Result<(), String> {
        self.save(path)
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl<R: RuleSet> SeatGame for Game<R> {
    fn rules(&self) -> RulesId {
        R::ID
    }
    fn waiting(&self) -> Waiting {
        Game::waiting(self)
    }
    fn apply_step(&mut self, me: Seat, step: &Step) -> Result<(), String> {
        let events: Vec<R::Event> = read_ron("the step's events", &step.events)?;
        let rolls: Vec<crate::dice::Roll> = read_ron("the step's rolls", &step.rolls)?;
        self.apply_remote(step.n.saturating_sub(1) as usize, &events);
        for r in rolls {
            self.dice.record(r);
        }
        let mine = SeatGame::view_hash(self, me);
        if mine != step.hash {
            return Err(format!(
                "after step {} this seat's view is {mine:016x}, the host's {:016x}",
                step.n, step.hash
            ));
        }
        Ok(())
    }
    fn view_hash(&self, me: Seat) -> u64 {
        view_hash::<R>(&R::redact(&self.state, me))
    }
    fn program_command(&self, seat: Seat) -> Option<String> {
        if !Game::waiting(self).allows(seat) {
            return None;
        }
        // The program plays on a copy: its command goes to the host, which decides.
        let mut probe = self.clone();
        probe.keep_journal = false;
        probe.program_play(seat).map(|c| ron_line(&c))
    }
    fn replay_with(&self, seed: u64, log: &str) -> Result<u64, String> {
        let log: Vec<Logged<R::Command>> = read_ron("the game's log", log)?;
        let mut setup = self.setup.clone();
        R::set_seed(&mut setup, seed);
        let mut g = Game::<R>::replay(setup, &log)?;
        g.keep_journal = false;
        Ok(g.hash())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// A seat's game from the setup a host sent (RON).
pub fn seat_game(rules: RulesId, setup: &str) -> Result<Box<dyn SeatGame>, String> {
    struct Make<'a>(&'a str);
    impl RulesVisitor for Make<'_> {
        type Out = Result<Box<dyn SeatGame>, String>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let setup: R::Setup = read_ron("the host's setup", self.0)?;
            let issues = R::validate_setup(&setup);
            if let Some(i) = issues.first() {
                return Err(format!("the host's setup: {}: {}", i.path, i.message));
            }
            let g = Game::<R>::new(setup).map_err(|e| e.join("; "))?;
            Ok(Box::new(g))
        }
    }
    rules.visit(Make(setup))
}
