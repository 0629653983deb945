//! What travels between an online game's host and its seats: a seat proposes commands, the
//! host answers with the steps it accepted (each seat's own view of them) or a refusal. Text
//! fields hold RON (commands, events, the setup) so that one message type serves every rule
//! set.

use crate::rules::core::Seat;
use bevy::prelude::Message;
use serde::{Deserialize, Serialize};

/// The protocol's version: a host and a seat of different versions do not play together.
pub const PROTOCOL: u32 = 4;
/// The longest command text a host reads (longer ones are refused unread).
pub const MAX_COMMAND: usize = 16 * 1024;
/// The most typed-in die results one proposal may carry.
pub const MAX_DICE: usize = 256;
/// The longest chat line and player name.
pub const MAX_CHAT: usize = 300;
pub const MAX_NAME: usize = 40;

/// From a seat to the host.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ToHost {
    /// The first message: who is asking to play, and what they run.
    Hello {
        protocol: u32,
        /// [`super::data_hash`] of the seat's program.
        data: u64,
        name: String,
    },
    /// A command for the seat's own seat (RON of the rule set's command), numbered by the seat,
    /// with the results of real dice its player rolled and typed in for it (empty: the host
    /// rolls). The host takes typed-in dice only when it offers that ([`Welcome::dice`]).
    Propose {
        id: u32,
        seat: Seat,
        command: String,
        dice: Vec<u32>,
    },
    /// "Send me the game again": the seat's view went wrong, or it lost track.
    Resync {
        reason: String,
    },
    Chat(String),
    /// The seat's player pressed their interrupt key, or let their interrupt window go.
    Tempo(TempoAsk),
}

/// What a seat asks of the interrupt windows that run on the host's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TempoAsk {
    /// Claim the seat's open window (its countdown stops), or its next one.
    Interrupt,
    /// Let the seat's open window close (a pass).
    LetGo,
}

/// An interrupt window open on the host's clock (Kry-Gothic's real time): which seat may
/// interrupt, and how long it has. The host closes it; a seat only shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WindowView {
    /// The seat that may interrupt.
    pub seat: Seat,
    /// Between two steps of an order combo (else after an order in the free flow).
    pub combo: bool,
    /// Only a unit in waiting may interrupt.
    pub waiting_only: bool,
    /// Milliseconds left on the host's countdown when sent (`None`: no countdown, or claimed).
    pub left_ms: Option<u32>,
    /// The countdown's whole length, milliseconds (`None`: off).
    pub full_ms: Option<u32>,
    /// The seat pressed its interrupt key.
    pub claimed: bool,
    /// The number of commands played when it opened (a new window has a new number).
    pub opened: u32,
}

impl WindowView {
    /// The same window in the same condition (the countdown aside).
    pub fn same(&self, other: &WindowView) -> bool {
        (
            self.seat,
            self.combo,
            self.waiting_only,
            self.claimed,
            self.opened,
        ) == (
            other.seat,
            other.combo,
            other.waiting_only,
            other.claimed,
            other.opened,
        ) && self.left_ms.is_some() == other.left_ms.is_some()
    }
}

/// From the host to a seat.
#[derive(Message, Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ToSeat {
    /// The seat is taken: the game so far, as this seat may see it.
    Welcome(Box<Welcome>),
    /// A command the host accepted, as this seat may see it.
    Step(Step),
    /// A command of this seat's that the host refused, and why.
    Refused {
        id: u32,
        reason: String,
    },
    Chat {
        from: String,
        text: String,
    },
    /// Something about the game or its players, in words (a player left, the game paused).
    Notice {
        text: String,
        paused: bool,
    },
    /// The game is over: the seed, the whole command log (RON) and the hash of the host's game,
    /// for the seat to replay and check.
    Over {
        seed: u64,
        log: String,
        hash: u64,
    },
    /// The host closes the connection, and why (a version mismatch, a full game, a flood).
    Goodbye(String),
    /// The interrupt window now open on the host's clock, or none.
    Window(Option<WindowView>),
    /// Who plays each seat now, in words (in seat order): sent when it changes (a player
    /// joined or left, or the host handed a side to the program).
    Players(Vec<String>),
}

/// A seat's start in a game (or its restart after a mismatch or a reconnection).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Welcome {
    /// The rule set's key, e.g. "kog-light".
    pub rules: String,
    /// The seat this connection plays.
    pub seat: Seat,
    /// The setup (RON), its seed taken out.
    pub setup: String,
    /// Who plays each seat, in words ("Ann (online)", "the program", "Bob at the host").
    pub players: Vec<String>,
    /// Every step so far, as this seat may see it.
    pub steps: Vec<Step>,
    /// Whether the host takes results of real dice typed in at this seat.
    pub dice: bool,
}

/// One accepted command as one seat may see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The step's number, from 1.
    pub n: u32,
    /// The seat that gave it.
    pub seat: Seat,
    /// The command in words (another seat's secret left out).
    pub label: String,
    /// The events (RON), redacted for this seat.
    pub events: String,
    /// The rolls made for it (RON of the dice's log entries; another seat's secret rolls
    /// left out).
    pub rolls: String,
    /// [`crate::rules::core::game::view_hash`] of this seat's view after the step.
    pub hash: u64,
}
