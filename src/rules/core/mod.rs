//! The game core every rule set shares: seats and who may act ([`Waiting`]), the [`RuleSet`]
//! interface, [`Game`] (log, journal, undo, hash, replays) written once, saves with the rule
//! set's id and format version, [`RulesId`] (the type; the list of rule sets is the registry
//! above them, `src/rules/registry.rs`), command streams for the hardening checks, and a
//! scenario-test helper. The core names no rule set.

pub mod admit;
pub mod chaos;
pub mod choices;
pub mod cue;
pub mod error;
pub mod game;
pub mod luck;
pub mod luck_replay;
pub mod memo;
pub mod parallel;
pub mod rules_id;
pub mod save;
pub mod seat;
pub mod skill;
pub mod tally;
pub mod testing;
pub mod think;

pub use cue::Cue;
pub use error::{RuleError, illegal};
pub use game::{Game, JournalLine, Logged, QuickSetup, RuleSet};
pub use rules_id::RulesId;
pub use save::SaveFile;
pub use seat::{GameEnd, Player, Seat, Waiting};
pub use skill::{Candidate, Lineup, Reasons, Skill, Think};
