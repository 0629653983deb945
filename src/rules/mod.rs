//! The rule sets, each a pure and deterministic core on the shared game core ([`core`]):
//! state, commands checked into typed errors, resolution with the game's seeded dice into
//! events, and events applied as the only change.

pub mod check_forces;
pub mod core;
pub mod dndalike;
pub mod duel;
pub mod kog;
pub mod krig;
pub mod kry;
pub mod ktog;
