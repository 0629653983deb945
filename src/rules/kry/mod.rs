//! Kry-Gothic: the pure rules core. Dice with exploding sixes and the readings of targets of 7
//! and over; the armoury and teams as data; ranged and close combat, action points, orders and
//! psychology. Every reading of the text is in `assets/rules/kry-gothic.md` with the sentence it
//! interprets.

pub mod catalogue;
pub mod close;
pub mod dice;
pub mod ranged;
pub mod stats;
