//! The headless subcommands' own code, beside `main.rs`.

pub mod dnd_odds;
pub mod duel_odds;
pub mod kry_odds;
pub mod matchup;
pub mod odds;
pub mod simulate;
pub mod soak;
