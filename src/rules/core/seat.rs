//! Seats at the table: who may act now ([`Waiting`]), how a game ended ([`GameEnd`]), and who
//! plays each seat ([`Player`]). A game has two or more seats, numbered from 1. Whether a
//! command's seat may act, as a typed error, is asked in `admit.rs`.

use serde::{Deserialize, Serialize};

/// A player's place at the table, numbered from 1 (KtOG has up to 6).
pub type Seat = u8;

/// How a game ended: the seats that won (none for a draw) and why, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEnd {
    pub winners: Vec<Seat>,
    pub text: String,
}

/// Who may act now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Waiting {
    /// This seat, and no other.
    One(Seat),
    /// Any of these seats (the first to act moves the game on).
    Any(Vec<Seat>),
    /// Each of these seats must answer (in any order) before the game moves on; the list holds
    /// those that have not answered yet.
    Each(Vec<Seat>),
    /// The game is over.
    Over(GameEnd),
}

impl Waiting {
    /// The seats that may act now, in seat order (none when the game is over).
    pub fn seats(&self) -> Vec<Seat> {
        match self {
            Waiting::One(s) => vec![*s],
            Waiting::Any(v) | Waiting::Each(v) => v.clone(),
            Waiting::Over(_) => Vec::new(),
        }
    }

    /// Whether `seat` may act now.
    pub fn allows(&self, seat: Seat) -> bool {
        match self {
            Waiting::One(s) => *s == seat,
            Waiting::Any(v) | Waiting::Each(v) => v.contains(&seat),
            Waiting::Over(_) => false,
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self, Waiting::Over(_))
    }

    /// Who is waited on, in words ("side 1", "side 1 or side 2", "each of side 1, side 2").
    pub fn describe(&self, seat_name: impl Fn(Seat) -> String) -> String {
        let list = |v: &[Seat], sep: &str| {
            v.iter()
                .map(|s| seat_name(*s))
                .collect::<Vec<_>>()
                .join(sep)
        };
        match self {
            Waiting::One(s) => seat_name(*s),
            Waiting::Any(v) => list(v, " or "),
            Waiting::Each(v) => format!("each of {}", list(v, ", ")),
            Waiting::Over(end) => end.text.clone(),
        }
    }
}

/// Who plays a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Player {
    /// A person at this screen.
    #[default]
    Human,
    /// The program opponent.
    Program,
    /// A person at another machine (an online game): neither this screen nor the program
    /// plays the seat; its commands come across the network.
    Remote,
}

impl Player {
    /// The word for who plays a seat: "player", "program" or "online".
    pub fn label(self) -> &'static str {
        match self {
            Player::Human => "player",
            Player::Program => "program",
            Player::Remote => "online",
        }
    }

    /// Who plays a seat, as a sentence for a panel that waits on it.
    pub fn plays_seat(self) -> &'static str {
        match self {
            Player::Human => "A player at this screen plays this seat.",
            Player::Program => "The program is playing this seat.",
            Player::Remote => {
                "A player online plays this seat: their move comes across the network."
            }
        }
    }
}
