//! The rule sets, each a pure and deterministic core on the shared game core ([`core`]):
//! state, commands checked into typed errors, resolution with the game's seeded dice into
//! events, and events applied as the only change. Above the rule sets: their registry
//! ([`registry`]) and what the program does with any rule set picked at run time (the headless
//! commands, replays, simulation, the soak run).

pub mod check_forces;
pub mod core;
pub mod duel;
pub mod headless;
pub mod registry;
pub mod replay;
pub mod simulate;
pub mod soak;
pub mod unit_types;

// Every rule set's folder under `src/rules/`, one line each; adding a rule set adds its line here
// and its line in `registry.rs`.
pub mod dndalike;
pub mod kog;
pub mod krig;
pub mod kry;
pub mod ktog;
