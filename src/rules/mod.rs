//! The rule sets, each a pure and deterministic core: state, commands checked into typed errors,
//! resolution with the game's seeded dice into events, and events applied as the only change.

pub mod kog;
