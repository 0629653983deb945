//! The host of an online game, without the network: it takes what its seats send
//! ([`Host::receive`]), decides with the rules, and says what to send to whom
//! ([`Host::take_out`]). It trusts no seat: a message before the greeting, a command for
//! another seat, an illegal or oversized command, a flood, each is refused or disconnected with
//! the reason, and none changes the game.

use super::proto::{self, Step, TempoAsk, ToHost, ToSeat, Welcome, WindowView};
use super::seat_game::HostGame;
use crate::rules::core::{Player, Seat};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A connection, as the transport numbers it.
pub type PeerId = u64;

/// What happens when a seat's player drops out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OnDrop {
    /// The program plays the seat until its player comes back.
    #[default]
    Program,
    /// The game waits for the player to come back.
    Pause,
}

impl std::str::FromStr for OnDrop {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "program" => Ok(OnDrop::Program),
            "pause" => Ok(OnDrop::Pause),
            _ => Err(format!("'{s}': expected program or pause")),
        }
    }
}

/// What the host asks the transport to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    Send(PeerId, ToSeat),
    /// Close the connection (after sending what was queued before), for this reason.
    Drop(PeerId, String),
}

/// Messages a connection may send in a burst, and per second after it (a seat's program
/// proposes at most [`super::client::PROGRAM_PER_SECOND`]).
const BURST: f64 = 100.0;
const PER_SECOND: f64 = 100.0;
/// Messages dropped for flooding before the connection is closed.
const FLOOD_LIMIT: u32 = 40;
/// Times a seat may ask for the game again.
const MAX_RESYNCS: u32 = 5;

#[derive(Debug)]
struct Peer {
    name: Option<String>,
    seat: Option<Seat>,
    tokens: f64,
    last: f64,
    flooded: u32,
    resyncs: u32,
}

/// The host of an online game.
pub struct Host {
    pub on_drop: OnDrop,
    /// Whether seats at other machines may type in the results of real dice they rolled (a
    /// host option; off, the host rolls every die).
    pub remote_dice: bool,
    /// The seats played from other machines, with the name of whoever last took each.
    remote: BTreeMap<Seat, Option<String>>,
    peers: BTreeMap<PeerId, Peer>,
    /// Every step so far, as each seat saw it (index: seat - 1).
    steps: Vec<Vec<Step>>,
    seats: Vec<Seat>,
    /// Why the game waits, while it does.
    pub paused: Option<String>,
    over_sent: bool,
    /// Chat and what happened to the players, for the host's own screen.
    pub lines: Vec<String>,
    data: u64,
    /// Where bug reports (the host's save when a seat's view went wrong) are written.
    pub report_dir: Option<PathBuf>,
    /// The interrupt window open on the host's clock, as last sent to the seats.
    window: Option<WindowView>,
    /// The seats' interrupt keys and passes, for whoever runs the windows.
    asks: Vec<(Seat, TempoAsk)>,
    out: Vec<Out>,
    /// Who plays each seat, in words, as last sent to the seats.
    labels: Vec<String>,
}

impl Host {
    /// A host for `game`: its seats played by [`Player::Remote`] are offered to whoever
    /// connects. `data` is the [`super::data_hash`] a seat must run.
    pub fn new(game: &mut dyn HostGame, on_drop: OnDrop, data: u64) -> Self {
        game.start_recording();
        let seats = game.seats();
        let remote = seats
            .iter()
            .filter(|s| game.player(**s) == Player::Remote)
            .map(|s| (*s, None))
            .collect();
        let mut host = Self {
            on_drop,
            remote_dice: false,
            remote,
            peers: BTreeMap::new(),
            steps: Vec::new(),
            seats,
            paused: None,
            over_sent: false,
            lines: Vec::new(),
            data,
            report_dir: None,
            window: None,
            asks: Vec::new(),
            out: Vec::new(),
            labels: Vec::new(),
        };
        // The steps played before hosting began, for the seats that join.
        host.flush(game);
        host
    }

    /// A host for `game` whose seats played by [`Player::Remote`] are offered, with the number
    /// offered; none offered is an error. Its bug reports go to the user folder.
    pub fn offer(game: &mut dyn HostGame, on_drop: OnDrop) -> Result<(Self, usize), String> {
        let remote = game
            .seats()
            .into_iter()
            .filter(|s| game.player(*s) == Player::Remote)
            .count();
        if remote == 0 {
            return Err("no seat is offered to players online: make one seat remote".into());
        }
        let mut host = Self::new(game, on_drop, super::data_hash());
        host.report_dir = Some(crate::data::user_dir::user_dir().join("net-reports"));
        Ok((host, remote))
    }

    /// What to send and whom to disconnect, in order.
    pub fn take_out(&mut self) -> Vec<Out> {
        std::mem::take(&mut self.out)
    }

    /// The interrupt keys pressed and the windows let go at the seats since the last call,
    /// each with the seat it came from.
    pub fn take_asks(&mut self) -> Vec<(Seat, TempoAsk)> {
        std::mem::take(&mut self.asks)
    }

    /// The interrupt window open on the host's clock now: sent to every seat when it opens,
    /// closes or changes (not as its countdown runs). While it is open, only its seat's
    /// commands are taken, but for those the rules allow at any time.
    pub fn set_window(&mut self, w: Option<WindowView>) {
        let news = match (&self.window, &w) {
            (None, None) => false,
            (Some(a), Some(b)) => !a.same(b),
            _ => true,
        };
        self.window = w;
        if news {
            for (id, _) in self.seated() {
                self.out
                    .push(Out::Send(id, ToSeat::Window(self.window.clone())));
            }
        }
    }

    /// The interrupt window open on the host's clock.
    pub fn window(&self) -> Option<&WindowView> {
        self.window.as_ref()
    }

    /// The steps played so far.
    pub fn step_count(&self) -> usize {
        self.steps.len()
    }

    /// The seats offered to other machines with who holds each now (`None`: free or dropped).
    pub fn remote_seats(&self) -> Vec<(Seat, Option<String>)> {
        self.remote
            .keys()
            .map(|s| {
                (
                    *s,
                    self.holder(*s).and_then(|p| self.peers[&p].name.clone()),
                )
            })
            .collect()
    }

    /// The connections that hold a seat, with their seat.
    pub fn seated(&self) -> Vec<(PeerId, Seat)> {
        self.peers
            .iter()
            .filter_map(|(id, p)| p.seat.map(|s| (*id, s)))
            .collect()
    }

    fn holder(&self, seat: Seat) -> Option<PeerId> {
        self.peers
            .iter()
            .find(|(_, p)| p.seat == Some(seat))
            .map(|(id, _)| *id)
    }

    fn say(&mut self, text: String, paused: bool) {
        self.lines.push(text.clone());
        for (id, _) in self.seated() {
            self.out.push(Out::Send(
                id,
                ToSeat::Notice {
                    text: text.clone(),
                    paused,
                },
            ));
        }
    }

    /// Says goodbye to `peer` and closes its connection; its seat is handled as if it had
    /// dropped out.
    fn drop_peer(&mut self, game: &mut dyn HostGame, peer: PeerId, reason: String) {
        self.out
            .push(Out::Send(peer, ToSeat::Goodbye(reason.clone())));
        self.out.push(Out::Drop(peer, reason));
        self.disconnected(game, peer);
    }

    /// A new connection (it has said nothing yet).
    pub fn connected(&mut self, peer: PeerId, now: f64) {
        self.peers.insert(
            peer,
            Peer {
                name: None,
                seat: None,
                tokens: BURST,
                last: now,
                flooded: 0,
                resyncs: 0,
            },
        );
    }

    /// A connection closed or timed out: its seat goes to the program, or the game waits.
    pub fn disconnected(&mut self, game: &mut dyn HostGame, peer: PeerId) {
        let Some(p) = self.peers.remove(&peer) else {
            return;
        };
        let (Some(seat), Some(name)) = (p.seat, p.name) else {
            return;
        };
        match self.on_drop {
            OnDrop::Program => {
                game.set_player(seat, Player::Program);
                self.say(
                    format!("{name} left; the program plays seat {seat} until they come back"),
                    false,
                );
            }
            OnDrop::Pause => {
                let why = format!("{name} left; the game waits for them (seat {seat})");
                self.paused = Some(why.clone());
                self.say(why, true);
            }
        }
    }

    /// Handles one message from `peer` at time `now` (seconds).
    pub fn receive(&mut self, game: &mut dyn HostGame, peer: PeerId, msg: ToHost, now: f64) {
        let Some(p) = self.peers.get_mut(&peer) else {
            return;
        };
        p.tokens = (p.tokens + (now - p.last).max(0.0) * PER_SECOND).min(BURST);
        p.last = now;
        if p.tokens < 1.0 {
            p.flooded += 1;
            if p.flooded >= FLOOD_LIMIT {
                self.drop_peer(
                    game,
                    peer,
                    "too many messages: the host closed the connection".into(),
                );
            } else if let ToHost::Propose { id, .. } = msg {
                // Answered, so that the seat does not wait for ever.
                self.refuse(
                    peer,
                    id,
                    "too many messages: the host read none of this one",
                );
            }
            return;
        }
        p.tokens -= 1.0;
        let seated = p.seat;
        match (msg, seated) {
            (
                ToHost::Hello {
                    protocol,
                    data,
                    name,
                },
                None,
            ) => self.hello(game, peer, protocol, data, name),
            (ToHost::Hello { .. }, Some(_)) => self.refuse(peer, 0, "you have a seat already"),
            (_, None) => {
                self.drop_peer(
                    game,
                    peer,
                    "a seat greets the host before anything else".into(),
                );
            }
            (
                ToHost::Propose {
                    id,
                    seat,
                    command,
                    dice,
                },
                Some(mine),
            ) => {
                if seat != mine {
                    return self.refuse(
                        peer,
                        id,
                        &format!("seat {seat} is not yours: you play seat {mine}"),
                    );
                }
                if let Some(why) = &self.paused {
                    let why = format!("the game is paused: {why}");
                    return self.refuse(peer, id, &why);
                }
                if let Some(w) = &self.window
                    && w.seat != seat
                    && !game.any_time(&command)
                {
                    let why = format!(
                        "seat {} may interrupt now: wait for its window to close",
                        w.seat
                    );
                    return self.refuse(peer, id, &why);
                }
                if !dice.is_empty() && !self.remote_dice {
                    return self.refuse(
                        peer,
                        id,
                        "this host rolls every die: it does not take real dice typed in at other machines",
                    );
                }
                if dice.len() > proto::MAX_DICE {
                    let why = format!(
                        "{} dice typed in; the most a host reads is {}",
                        dice.len(),
                        proto::MAX_DICE
                    );
                    return self.refuse(peer, id, &why);
                }
                match game.propose(seat, &command, &dice) {
                    Ok(()) => self.flush(game),
                    Err(e) => self.refuse(peer, id, &e),
                }
            }
            (ToHost::Resync { reason }, Some(seat)) => {
                let p = self.peers.get_mut(&peer).expect("the peer is known");
                p.resyncs += 1;
                if p.resyncs > MAX_RESYNCS {
                    self.drop_peer(
                        game,
                        peer,
                        format!("the game was sent {MAX_RESYNCS} times and still went wrong"),
                    );
                    return;
                }
                let name = p.name.clone().unwrap_or_default();
                let report = self.write_report(game, seat);
                self.lines.push(format!(
                    "{name} asked for the game again ({reason}){report}"
                ));
                let w = self.welcome(game, seat);
                self.out.push(Out::Send(peer, w));
            }
            (ToHost::Tempo(ask), Some(seat)) => {
                if self.paused.is_none() {
                    self.asks.push((seat, ask));
                }
            }
            (ToHost::Chat(text), Some(_)) => {
                let text = text.trim().to_string();
                if text.chars().count() > proto::MAX_CHAT {
                    return self.refuse(
                        peer,
                        0,
                        &format!("a chat line holds at most {} characters", proto::MAX_CHAT),
                    );
                }
                if text.is_empty() {
                    return;
                }
                let from = self.peers[&peer].name.clone().unwrap_or_default();
                self.chat(&from, &text);
            }
        }
    }

    /// A chat line from `from` (a seat, or the host's own player) to everyone.
    pub fn chat(&mut self, from: &str, text: &str) {
        self.lines.push(format!("{from}: {text}"));
        for (id, _) in self.seated() {
            self.out.push(Out::Send(
                id,
                ToSeat::Chat {
                    from: from.to_string(),
                    text: text.to_string(),
                },
            ));
        }
    }

    fn refuse(&mut self, peer: PeerId, id: u32, reason: &str) {
        self.out.push(Out::Send(
            peer,
            ToSeat::Refused {
                id,
                reason: reason.to_string(),
            },
        ));
    }

    fn hello(
        &mut self,
        game: &mut dyn HostGame,
        peer: PeerId,
        protocol: u32,
        data: u64,
        name: String,
    ) {
        if protocol != proto::PROTOCOL || data != self.data {
            return self.mismatch(game, peer, protocol, data);
        }
        let name = name.trim().to_string();
        if name.is_empty() || name.chars().count() > proto::MAX_NAME {
            self.drop_peer(
                game,
                peer,
                format!("a name of 1 to {} characters, please", proto::MAX_NAME),
            );
            return;
        }
        // A player coming back takes their seat again; a newcomer the first free one.
        let free = |s: &Seat| self.holder(*s).is_none();
        let seat = self
            .remote
            .iter()
            .find(|(s, held)| held.as_deref() == Some(name.as_str()) && free(s))
            .or_else(|| {
                self.remote
                    .iter()
                    .find(|(s, held)| held.is_none() && free(s))
            })
            .or_else(|| self.remote.iter().find(|(s, _)| free(s)))
            .map(|(s, _)| *s);
        let Some(seat) = seat else {
            self.drop_peer(game, peer, "the game is full: every seat is taken".into());
            return;
        };
        if self
            .peers
            .values()
            .any(|p| p.name.as_deref() == Some(&name))
        {
            self.drop_peer(game, peer, format!("a player named {name} is here already"));
            return;
        }
        let back = self.remote[&seat].as_deref() == Some(name.as_str());
        self.remote.insert(seat, Some(name.clone()));
        let p = self.peers.get_mut(&peer).expect("the peer is known");
        p.name = Some(name.clone());
        p.seat = Some(seat);
        game.set_player(seat, Player::Remote);
        let w = self.welcome(game, seat);
        self.out.push(Out::Send(peer, w));
        if self.over_sent {
            self.out.push(Out::Send(peer, over(game)));
        } else if self.window.is_some() {
            let w = ToSeat::Window(self.window.clone());
            self.out.push(Out::Send(peer, w));
        }
        let missing = self.remote.keys().any(|s| self.holder(*s).is_none());
        if self.paused.is_some() && !missing {
            self.paused = None;
            self.say(format!("{name} is back: the game goes on"), false);
        } else if back {
            self.say(format!("{name} is back at seat {seat}"), false);
        } else {
            self.say(format!("{name} takes seat {seat}"), self.paused.is_some());
        }
    }

    fn mismatch(&mut self, game: &mut dyn HostGame, peer: PeerId, protocol: u32, data: u64) {
        let reason = if protocol != proto::PROTOCOL {
            format!(
                "this host speaks Wartable's online protocol {}, your program {protocol}: both players need the same version of Wartable",
                proto::PROTOCOL
            )
        } else {
            format!(
                "the host's rule data ({:016x}) differs from yours ({data:016x}): both players need the same version of Wartable and of its data files",
                self.data
            )
        };
        self.drop_peer(game, peer, reason);
    }

    fn welcome(&self, game: &dyn HostGame, seat: Seat) -> ToSeat {
        let i = self.seats.iter().position(|s| *s == seat).unwrap_or(0);
        ToSeat::Welcome(Box::new(Welcome {
            rules: game.rules().key().to_string(),
            seat,
            setup: game.public_setup(),
            players: self
                .seats
                .iter()
                .map(|s| self.player_label(game, *s))
                .collect(),
            steps: self.steps.iter().map(|v| v[i].clone()).collect(),
            dice: self.remote_dice,
        }))
    }

    fn player_label(&self, game: &dyn HostGame, seat: Seat) -> String {
        match (game.player(seat), self.remote.get(&seat)) {
            (Player::Remote, Some(Some(name))) => format!("{name} (online)"),
            (Player::Remote, _) => "a free seat".into(),
            (Player::Program, Some(Some(name))) => format!("the program for {name}"),
            (Player::Program, _) => "the program".into(),
            (Player::Human, _) => "a player at the host".into(),
        }
    }

    /// Sends out the steps played since the last call (a remote proposal, the program, or the
    /// host's own player), and the end of the game once it is over.
    pub fn flush(&mut self, game: &mut dyn HostGame) {
        let first = self.steps.len() as u32 + 1;
        for views in game.take_steps(first, &self.seats) {
            for (id, seat) in self.seated() {
                if let Some(i) = self.seats.iter().position(|s| *s == seat) {
                    self.out.push(Out::Send(id, ToSeat::Step(views[i].clone())));
                }
            }
            self.steps.push(views);
        }
        if !self.over_sent && game.waiting().is_over() {
            self.over_sent = true;
            let o = over(game);
            for (id, _) in self.seated() {
                self.out.push(Out::Send(id, o.clone()));
            }
        }
        let labels: Vec<String> = self
            .seats
            .iter()
            .map(|s| self.player_label(game, *s))
            .collect();
        if labels != self.labels {
            for (id, _) in self.seated() {
                self.out
                    .push(Out::Send(id, ToSeat::Players(labels.clone())));
            }
            self.labels = labels;
        }
    }

    /// The program plays one command for a seat it plays (not while paused): whether it did.
    pub fn tick(&mut self, game: &mut dyn HostGame) -> bool {
        if self.paused.is_some() {
            return false;
        }
        let played = game.program_step();
        self.flush(game);
        played
    }

    /// Whether the game is over and its end was sent.
    pub fn is_over(&self) -> bool {
        self.over_sent
    }

    fn write_report(&self, game: &dyn HostGame, seat: Seat) -> String {
        let Some(dir) = &self.report_dir else {
            return String::new();
        };
        let path = dir.join(format!(
            "{}-host-step{}-seat{seat}.ron",
            game.rules().key(),
            self.steps.len()
        ));
        match super::ensure_parent(&path).and_then(|_| game.save_to(&path)) {
            Ok(()) => format!("; the host's game is in {}", path.display()),
            Err(e) => format!("; no report written: {e}"),
        }
    }
}

fn over(game: &dyn HostGame) -> ToSeat {
    ToSeat::Over {
        seed: game.seed(),
        log: game.log_text(),
        hash: game.hash(),
    }
}
