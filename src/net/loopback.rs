//! A host and its seats wired together in memory, without a network: the protocol's tests
//! run whole games through it, and can drop, flood or forge what a seat sends.

use super::client::SeatClient;
use super::host::{Host, OnDrop, Out, PeerId};
use super::proto::{ToHost, ToSeat};
use super::seat_game::HostGame;
use crate::rules::core::{Player, QuickSetup, RulesId};

/// A seat at the in-memory host: its connection number and its client.
pub struct Wired {
    pub peer: PeerId,
    pub client: SeatClient,
    /// Whether the host closed this connection.
    pub dropped: Option<String>,
    /// Every message the host sent it.
    pub inbox_log: Vec<ToSeat>,
}

/// A host and seats in one process.
pub struct Loopback {
    pub host: Host,
    pub game: Box<dyn HostGame>,
    pub seats: Vec<Wired>,
    /// The clock, in seconds: each round of [`Loopback::step`] adds a tenth.
    pub now: f64,
    next_peer: PeerId,
}

impl Loopback {
    /// A game of `rules` whose seats are played as `players` says (remote seats wait for
    /// [`Loopback::connect`]).
    pub fn new(
        rules: RulesId,
        setup: &QuickSetup,
        players: &[Player],
        on_drop: OnDrop,
    ) -> Result<Self, String> {
        let game = super::headless::host_game(rules, setup, players)?;
        Ok(Self::hosting(game, on_drop))
    }

    /// Hosts a game that may have been played for a while already (at one screen).
    pub fn hosting(mut game: Box<dyn HostGame>, on_drop: OnDrop) -> Self {
        let host = Host::new(game.as_mut(), on_drop, super::data_hash());
        Self {
            host,
            game,
            seats: Vec::new(),
            now: 0.0,
            next_peer: 1,
        }
    }

    /// A new connection whose client greets the host: its index in [`Loopback::seats`].
    pub fn connect(&mut self, name: &str, program: bool) -> usize {
        let peer = self.next_peer;
        self.next_peer += 1;
        self.host.connected(peer, self.now);
        let mut client = SeatClient::new(name, program);
        client.hello();
        self.seats.push(Wired {
            peer,
            client,
            dropped: None,
            inbox_log: Vec::new(),
        });
        self.seats.len() - 1
    }

    /// Sends a message to the host as seat `i`'s connection, bypassing its client (a forged
    /// or malformed message).
    pub fn forge(&mut self, i: usize, msg: ToHost) {
        let peer = self.seats[i].peer;
        if self.seats[i].dropped.is_none() {
            self.host.receive(self.game.as_mut(), peer, msg, self.now);
        }
        self.route();
    }

    /// Seat `i`'s connection closes (its player's machine dropped out).
    pub fn disconnect(&mut self, i: usize) {
        let peer = self.seats[i].peer;
        self.seats[i].dropped = Some("disconnected".into());
        self.host.disconnected(self.game.as_mut(), peer);
        self.route();
    }

    /// One round: every seat's messages to the host, the program's command at the host, and
    /// the host's answers to the seats (whose programs then choose).
    pub fn step(&mut self) {
        self.now += 0.1;
        for i in 0..self.seats.len() {
            if self.seats[i].dropped.is_some() {
                continue;
            }
            let peer = self.seats[i].peer;
            for m in self.seats[i].client.take_out() {
                self.host.receive(self.game.as_mut(), peer, m, self.now);
            }
        }
        self.host.tick(self.game.as_mut());
        self.route();
        for w in &mut self.seats {
            if w.dropped.is_none() {
                w.client.tick(self.now);
            }
        }
    }

    fn route(&mut self) {
        for o in self.host.take_out() {
            match o {
                Out::Send(peer, m) => {
                    if let Some(w) = self
                        .seats
                        .iter_mut()
                        .find(|w| w.peer == peer && w.dropped.is_none())
                    {
                        w.inbox_log.push(m.clone());
                        w.client.receive(m);
                    }
                }
                Out::Drop(peer, reason) => {
                    if let Some(w) = self.seats.iter_mut().find(|w| w.peer == peer) {
                        w.dropped = Some(reason);
                    }
                    self.host.disconnected(self.game.as_mut(), peer);
                }
            }
        }
    }

    /// Runs rounds until the game is over and every connected seat knows it, or `max` rounds:
    /// the rounds run.
    pub fn run(&mut self, max: usize) -> usize {
        for n in 0..max {
            let seats_know = self.seats.iter().all(|w| {
                w.dropped.is_some() || w.client.ending.is_some() || w.client.error.is_some()
            });
            if self.host.is_over() && seats_know {
                return n;
            }
            self.step();
        }
        max
    }
}
