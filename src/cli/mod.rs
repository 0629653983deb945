//! The headless subcommands' own code, beside `main.rs`.

pub mod duel_odds;
pub mod kry_odds;
pub mod matchup;
pub mod odds;
