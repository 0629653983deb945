//! Kry-Gothic's real-time pressure: interrupt windows with a countdown, and each side's interrupt
//! key. A referee outside the game state: whoever runs the clock (the app at one screen or when it
//! hosts, a headless host) feeds it the time; the rules only ever see an order or a `Pass`.
//!
//! A window opens for the side that may interrupt: between the steps of an order combo (the
//! rules' own window: passing lets the next step go), and after each order in the free flow of
//! the round (the other side may answer it, e.g. fire at a unit that moved into view). While it
//! is open the side that gave the order waits. It closes on an explicit pass, on the countdown
//! running out, or when the interrupting side gives its order. The interrupt key claims the window
//! (or, pressed before one opens, the next one for that side): a claimed window has no countdown.
//! A window of a side the program plays closes as soon as the program has decided.

use super::command::Command;
use super::marker::KryGame;
use super::state::{KryState, Pending, Phase, Side, enemy, ix};
use crate::rules::core::{Player, Seat};

/// The interrupt keys: one on the left of the keyboard for side 1, one on the right for side 2.
pub const KEY_NAMES: [&str; 2] = ["Tab", "Enter"];

/// The countdown's default length, in seconds.
pub const DEFAULT_COUNTDOWN: f32 = 4.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WindowKind {
    /// Between two steps of an order combo; `waiting_only`: only a unit in waiting may interrupt
    /// (the steps are different actions).
    Combo { waiting_only: bool },
    /// After an order of the other side in the free flow of the round.
    AfterOrder,
}

/// An open interrupt window.
#[derive(Debug, Clone, PartialEq)]
pub struct Window {
    /// The side that may interrupt.
    pub side: Side,
    pub kind: WindowKind,
    /// Seconds left, when the countdown is on and the window is not claimed.
    pub left: Option<f32>,
    /// The side pressed its interrupt key: the countdown stops until it orders or passes.
    pub claimed: bool,
    /// The game's command count when it opened.
    pub opened: usize,
}

/// What closing a window asks of the game.
#[derive(Debug, Clone, PartialEq)]
pub enum Closed {
    /// Nothing: the free flow goes on.
    Nothing,
    /// The rules' combo window: `side` passes (a `Pass` command).
    Pass(Side),
}

/// The windows, the countdown and the claims of both sides.
#[derive(Debug, Clone, PartialEq)]
pub struct Tempo {
    /// The countdown's length in seconds; `None`: off (windows wait for a pass).
    pub countdown: Option<f32>,
    pub window: Option<Window>,
    /// A side pressed its key before its window opened: the next one is claimed at once.
    pub claims: [bool; 2],
    /// The game's command count when last in step with it.
    seen: usize,
}

impl Tempo {
    pub fn new(countdown: Option<f32>) -> Self {
        Self {
            countdown,
            window: None,
            claims: [false; 2],
            seen: 0,
        }
    }

    /// Follows the game `g` (its state, its log, and which sides the program plays).
    pub fn follow(&mut self, g: &KryGame) {
        let program = [1u8, 2].map(|s| g.player(s) == Player::Program);
        let last = g.log.last().map(|l| (l.seat, &l.cmd));
        self.sync(&g.state, g.log.len(), last, program);
    }

    /// Follows the game: `n` commands so far, the last with the seat that gave it, `program`
    /// which sides the program plays.
    fn sync(&mut self, s: &KryState, n: usize, last: Option<(Seat, &Command)>, program: [bool; 2]) {
        if n == self.seen && !self.stale(s) {
            return;
        }
        let grew = n > self.seen;
        self.seen = n;
        let open = match (&s.phase, &s.pending) {
            (
                Phase::Play,
                Some(Pending::Window {
                    interrupter,
                    waiting_only,
                    ..
                }),
            ) => Some((
                *interrupter,
                WindowKind::Combo {
                    waiting_only: *waiting_only,
                },
            )),
            (Phase::Play, None) if grew => last.and_then(|(seat, cmd)| {
                let foe = enemy(seat);
                (is_order(cmd) && !s.out(foe)).then_some((foe, WindowKind::AfterOrder))
            }),
            _ => None,
        };
        self.window = open.and_then(|(side, kind)| {
            // The program decides at once: its after-order window is over before it opens (it
            // acts on its own clock); its combo windows are answered by its own `Pass` or order.
            if program[ix(side)] && kind == WindowKind::AfterOrder {
                return None;
            }
            let claimed = std::mem::take(&mut self.claims[ix(side)]);
            Some(Window {
                side,
                kind,
                left: if claimed || program[ix(side)] {
                    None
                } else {
                    self.countdown
                },
                claimed,
                opened: n,
            })
        });
    }

    /// The window no longer matches the game (a combo window answered, or one opened, without a
    /// new command being counted, e.g. after an undo).
    fn stale(&self, s: &KryState) -> bool {
        let core = matches!(s.pending, Some(Pending::Window { .. }));
        let ours = matches!(
            self.window,
            Some(Window {
                kind: WindowKind::Combo { .. },
                ..
            })
        );
        core != ours
    }

    /// `side`'s interrupt key: claims its open window, or the next one.
    pub fn interrupt(&mut self, side: Side) {
        match &mut self.window {
            Some(w) if w.side == side => {
                w.claimed = true;
                w.left = None;
            }
            _ => self.claims[ix(side)] = true,
        }
    }

    /// An explicit pass by the window's side.
    pub fn pass(&mut self) -> Closed {
        match self.window.take() {
            Some(Window {
                side,
                kind: WindowKind::Combo { .. },
                ..
            }) => Closed::Pass(side),
            _ => Closed::Nothing,
        }
    }

    /// At a seat of an online game: runs the shown countdown down, never below 0 (the host
    /// closes the window).
    pub fn run_down(&mut self, dt: f32) {
        if let Some(left) = self.window.as_mut().and_then(|w| w.left.as_mut()) {
            *left = (*left - dt).max(0.0);
        }
    }

    /// Runs the clock `dt` seconds; a window whose countdown runs out closes as a pass.
    pub fn tick(&mut self, dt: f32) -> Option<Closed> {
        let w = self.window.as_mut()?;
        let left = w.left.as_mut()?;
        *left -= dt;
        if *left > 0.0 {
            return None;
        }
        Some(self.pass())
    }

    /// Whether `side` may give an order now, as far as the windows go: while a window is open,
    /// only its side acts (the other side may only cancel its combo).
    pub fn may_order(&self, side: Side) -> Result<(), String> {
        match &self.window {
            Some(w) if w.side != side => Err(format!(
                "side {} may interrupt now: wait for its window to close ({} to claim it)",
                w.side,
                KEY_NAMES[ix(w.side)]
            )),
            _ => Ok(()),
        }
    }

    /// The share of the countdown left, for the bar: 1.0 full, 0.0 run out.
    pub fn fraction_left(&self) -> Option<f32> {
        let left = self.window.as_ref()?.left?;
        let total = self.countdown?;
        Some((left / total).clamp(0.0, 1.0))
    }
}

/// Whether a command is an order that the other side may answer in a window.
pub fn is_order(c: &Command) -> bool {
    matches!(
        c,
        Command::Move { .. }
            | Command::Shoot { .. }
            | Command::Attack { .. }
            | Command::Order { .. }
            | Command::Wait { .. }
            | Command::Unpin { .. }
            | Command::StandUp { .. }
            | Command::Sabotage { .. }
            | Command::DigOut { .. }
    )
}
