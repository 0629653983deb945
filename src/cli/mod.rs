//! The headless subcommands' own code, beside `main.rs`.

pub mod kry_odds;
pub mod matchup;
pub mod odds;
