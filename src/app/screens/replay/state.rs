//! A replay being watched, as plain data the replay screen's files share: the replay and the
//! viewer's controls ([`ReplayView`]), what the timeline asks ([`ReplayAction`]), and a save to
//! open as a replay at start ([`StartReplay`]).

use crate::rules::core::Player;
use crate::rules::replay::DynReplay;
use bevy::prelude::*;
use std::path::PathBuf;

/// The replay shown at the table.
#[derive(Resource)]
pub struct ReplayView {
    pub replay: Box<dyn DynReplay>,
    /// What it was opened from (a file, or "the game just played").
    pub source: String,
    /// Playing on its own.
    pub playing: bool,
    /// Commands a second while playing.
    pub speed: f32,
    /// Part of a command played so far.
    pub clock: f32,
    /// The camera follows the acting model (until the player moves it).
    pub follow: bool,
    /// The "Play on from here" dialog, with who plays each seat.
    pub play_on: Option<Vec<Player>>,
}

impl ReplayView {
    pub fn new(replay: Box<dyn DynReplay>, source: String) -> Self {
        Self {
            replay,
            source,
            playing: false,
            speed: 2.0,
            clock: 0.0,
            follow: true,
            play_on: None,
        }
    }

    /// The round at position `k` (the round after its last command; 0 at the start).
    pub fn round_at(&self, k: usize) -> u32 {
        k.checked_sub(1)
            .and_then(|i| self.replay.marks().get(i))
            .map_or(0, |m| m.round)
    }

    /// The first position in round `r` (the end when no command reaches it).
    pub fn round_start(&self, r: u32) -> usize {
        if self.round_at(0) >= r {
            return 0;
        }
        self.replay
            .marks()
            .iter()
            .position(|m| m.round >= r)
            .map_or(self.replay.len(), |i| i + 1)
    }

    /// The rounds the log reaches, first to last.
    pub fn rounds(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.replay.marks().iter().map(|m| m.round).collect();
        v.dedup();
        v.retain(|r| *r > 0);
        v
    }
}

/// What the viewer asks of the replay.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum ReplayAction {
    /// Go to this position (commands played).
    Seek(usize),
    /// Step this many commands (negative: back).
    Step(i64),
    /// Go to the first command of this round.
    Round(u32),
    /// Play on its own, or pause.
    Play(bool),
    /// Start a new game from the position shown, each seat played so.
    PlayOn(Vec<Player>),
    /// Write the battle report of the whole game watched.
    Report,
}

/// A save to open as a replay once the program is up (`wartable --replay FILE`).
#[derive(Resource, Debug, Clone)]
pub struct StartReplay(pub PathBuf);
