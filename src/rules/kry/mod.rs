//! Kry-Gothic: the pure rules core. Dice with exploding sixes and the readings of targets of 7
//! and over; the armoury and teams as data; AP rounds, moves, shots, close combat and
//! psychology; the program opponent. Every reading of the text is in
//! `assets/rules/kry-gothic.md` with the sentence it interprets.

pub mod ai;
pub mod catalogue;
pub mod close;
pub mod combo;
pub mod command;
pub mod contact;
pub mod ctx;
pub mod dice;
pub mod event;
pub mod faceoff;
pub mod faceoff_choice;
pub mod fear;
pub mod force;
pub mod forced;
pub mod hazards;
pub mod marker;
pub mod melee;
pub mod missions;
pub mod movement;
pub mod options;
pub mod play;
pub mod ranged;
pub mod round;
pub mod rule_set;
pub mod scene;
pub mod secret;
pub mod setup;
pub mod shooting;
pub mod side;
pub mod state;
pub mod stats;
pub mod tempo;

pub use marker::{Kry, KryGame};
