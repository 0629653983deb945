//! A seat of an online game, without the network: it greets the host, builds its view of the
//! game from the host's welcome, applies the host's steps strictly in order and checks each
//! against the host's hash, asks for the game again when they differ (writing what it got to
//! disk for a bug report), and proposes its own commands, by a person or by the program.

use super::proto::{self, Step, TempoAsk, ToHost, ToSeat, WindowView};
use super::seat_game::{SeatGame, seat_game};
use crate::rules::core::{RulesId, Seat};
use std::path::PathBuf;

/// Refusals of the program's commands in a row (with no step between) before the seat gives
/// up: the program chose on a view the host's game does not share.
const MAX_PROGRAM_REFUSALS: u32 = 3;

/// The program's proposals per second at most (the host refuses a flood).
pub const PROGRAM_PER_SECOND: f64 = 50.0;

/// How a game ended for this seat.
#[derive(Debug, Clone, PartialEq)]
pub struct Ending {
    /// The host's hash of the whole game.
    pub host_hash: u64,
    /// The hash this seat reached replaying the whole log with the seed revealed at the end,
    /// or why it could not.
    pub replayed: Result<u64, String>,
}

/// A seat of an online game.
pub struct SeatClient {
    pub name: String,
    /// Whether the host takes real dice typed in at this seat (said in its welcome).
    pub host_takes_dice: bool,
    /// Whether the program plays this seat.
    pub program: bool,
    pub seat: Option<Seat>,
    pub game: Option<Box<dyn SeatGame>>,
    pub rules: Option<RulesId>,
    /// Who plays each seat, in words, as the host said.
    pub players: Vec<String>,
    /// Steps applied.
    pub applied: u32,
    /// Every step received, for a bug report.
    pub received: Vec<Step>,
    /// Chat, notices and refusals, in order.
    pub lines: Vec<String>,
    pub paused: bool,
    /// Set when the game is over.
    pub ending: Option<Ending>,
    /// Why this seat stopped (the host closed the connection, or the game could not go on).
    pub error: Option<String>,
    /// Where bug reports are written.
    pub report_dir: Option<PathBuf>,
    /// The interrupt window open on the host's clock, as the host last said, and how many
    /// times it has said so (a new message, a new number).
    pub window: Option<WindowView>,
    pub window_news: u32,
    /// Proposals not yet answered, oldest first (the host answers in order: a step of this
    /// seat's, or a refusal).
    outstanding: Vec<u32>,
    next_id: u32,
    /// The program's commands refused since the last step.
    refusals: u32,
    /// When the program last proposed (seconds).
    last_program: f64,
    out: Vec<ToHost>,
}

impl SeatClient {
    pub fn new(name: &str, program: bool) -> Self {
        Self {
            name: name.to_string(),
            host_takes_dice: false,
            program,
            seat: None,
            game: None,
            rules: None,
            players: Vec::new(),
            applied: 0,
            received: Vec::new(),
            lines: Vec::new(),
            paused: false,
            ending: None,
            error: None,
            report_dir: None,
            window: None,
            window_news: 0,
            outstanding: Vec::new(),
            next_id: 1,
            refusals: 0,
            last_program: f64::NEG_INFINITY,
            out: Vec::new(),
        }
    }

    /// The greeting, sent once connected.
    pub fn hello(&mut self) {
        self.out.push(ToHost::Hello {
            protocol: proto::PROTOCOL,
            data: super::data_hash(),
            name: self.name.clone(),
        });
    }

    /// What to send to the host, in order.
    pub fn take_out(&mut self) -> Vec<ToHost> {
        std::mem::take(&mut self.out)
    }

    /// Whether a command of this seat's waits for the host's answer.
    pub fn waiting_for_host(&self) -> bool {
        !self.outstanding.is_empty()
    }

    /// Whether the game waits on this seat.
    pub fn my_turn(&self) -> bool {
        match (&self.game, self.seat) {
            (Some(g), Some(s)) => g.waiting().allows(s),
            _ => false,
        }
    }

    /// Proposes a command (RON) for this seat, with the results of real dice typed in for it
    /// (empty: the host rolls); the host's answer is a step or a refusal.
    pub fn propose(&mut self, command: String, dice: Vec<u32>) -> Option<u32> {
        let seat = self.seat?;
        let id = self.next_id;
        self.next_id += 1;
        self.outstanding.push(id);
        self.out.push(ToHost::Propose {
            id,
            seat,
            command,
            dice,
        });
        Some(id)
    }

    pub fn chat(&mut self, text: &str) {
        self.out.push(ToHost::Chat(text.to_string()));
    }

    /// The player's interrupt key, or their pass, for the host's interrupt windows.
    pub fn tempo(&mut self, ask: TempoAsk) {
        if self.seat.is_some() {
            self.out.push(ToHost::Tempo(ask));
        }
    }

    /// Handles one message from the host.
    pub fn receive(&mut self, msg: ToSeat) {
        match msg {
            ToSeat::Welcome(w) => {
                let rules = match RulesId::from_key(&w.rules) {
                    Ok(r) => r,
                    Err(e) => return self.fail(format!("the host plays {e}")),
                };
                let mut game = match seat_game(rules, &w.setup) {
                    Ok(g) => g,
                    Err(e) => return self.fail(e),
                };
                self.received.clear();
                for step in &w.steps {
                    if let Err(e) = game.apply_step(w.seat, step) {
                        self.received.push(step.clone());
                        let report = self.write_report();
                        return self.fail(format!("the game the host sent: {e}{report}"));
                    }
                    self.received.push(step.clone());
                }
                self.applied = w.steps.len() as u32;
                self.rules = Some(rules);
                self.seat = Some(w.seat);
                self.players = w.players;
                self.host_takes_dice = w.dice;
                self.game = Some(game);
                self.outstanding.clear();
                self.refusals = 0;
                self.lines.push(format!(
                    "playing {} at seat {}, step {}",
                    rules.label(),
                    w.seat,
                    self.applied
                ));
            }
            ToSeat::Step(step) => self.step(step),
            ToSeat::Refused { id, reason } => {
                if let Some(i) = self.outstanding.iter().position(|o| *o == id) {
                    self.outstanding.remove(i);
                    self.refusals += 1;
                    if self.program && self.refusals >= MAX_PROGRAM_REFUSALS {
                        return self.fail(format!(
                            "the host refused the program's command {} times: {reason}",
                            self.refusals
                        ));
                    }
                }
                self.lines.push(format!("refused: {reason}"));
            }
            ToSeat::Chat { from, text } => self.lines.push(format!("{from}: {text}")),
            ToSeat::Players(players) => {
                for (i, p) in players.iter().enumerate() {
                    if self.players.get(i).is_some_and(|old| old != p) {
                        self.lines.push(format!("seat {}: {p}", i + 1));
                    }
                }
                self.players = players;
            }
            ToSeat::Notice { text, paused } => {
                self.paused = paused;
                self.lines.push(text);
            }
            ToSeat::Over { seed, log, hash } => {
                let replayed = match &self.game {
                    Some(g) => g.replay_with(seed, &log),
                    None => Err("no game to replay".into()),
                };
                self.lines.push(match &replayed {
                    Ok(h) if *h == hash => {
                        format!("game over; the replay reaches the host's state {hash:016x}")
                    }
                    Ok(h) => {
                        format!("game over; the replay reaches {h:016x}, the host {hash:016x}")
                    }
                    Err(e) => format!("game over; the replay failed: {e}"),
                });
                self.ending = Some(Ending {
                    host_hash: hash,
                    replayed,
                });
            }
            ToSeat::Goodbye(reason) => self.fail(format!("the host closed the game: {reason}")),
            ToSeat::Window(w) => {
                self.window = w;
                self.window_news += 1;
            }
        }
    }

    fn step(&mut self, step: Step) {
        let (Some(game), Some(me)) = (self.game.as_mut(), self.seat) else {
            return;
        };
        if step.n != self.applied + 1 {
            let reason = format!("step {} came after step {}", step.n, self.applied);
            return self.resync(reason);
        }
        self.received.push(step.clone());
        match game.apply_step(me, &step) {
            Ok(()) => {
                self.applied = step.n;
                if step.seat == me && !self.outstanding.is_empty() {
                    self.outstanding.remove(0);
                }
                self.refusals = 0;
            }
            Err(e) => {
                let report = self.write_report();
                self.resync(format!("{e}{report}"));
            }
        }
    }

    fn resync(&mut self, reason: String) {
        self.lines
            .push(format!("asking the host for the game again: {reason}"));
        // Nothing more is applied until the host's welcome rebuilds the game.
        self.game = None;
        self.outstanding.clear();
        self.out.push(ToHost::Resync { reason });
    }

    fn fail(&mut self, reason: String) {
        self.lines.push(reason.clone());
        self.error = Some(reason);
    }

    /// The program proposes this seat's command when the game waits on it (`now`: seconds).
    pub fn tick(&mut self, now: f64) {
        if !self.program
            || self.paused
            || !self.outstanding.is_empty()
            || self.error.is_some()
            || now - self.last_program < 1.0 / PROGRAM_PER_SECOND
        {
            return;
        }
        let Some(seat) = self.seat else { return };
        let Some(cmd) = self.game.as_ref().and_then(|g| g.program_command(seat)) else {
            return;
        };
        self.last_program = now;
        self.propose(cmd, Vec::new());
    }

    /// Writes the steps received to the report folder: where, in words, or nothing.
    fn write_report(&self) -> String {
        let Some(dir) = &self.report_dir else {
            return String::new();
        };
        let path = dir.join(format!(
            "{}-seat{}-step{}.ron",
            self.rules.map_or("game", |r| r.key()),
            self.seat.unwrap_or(0),
            self.applied
        ));
        let text = crate::rules::core::save::ron_text(&self.received);
        match text.and_then(|t| {
            super::ensure_parent(&path)?;
            crate::data::load::write_atomic(&path, t.as_bytes()).map_err(|e| e.to_string())
        }) {
            Ok(()) => format!("; what this seat received is in {}", path.display()),
            Err(e) => format!("; no report written: {e}"),
        }
    }
}
