//! The game core every rule set shares: seats and who may act ([`Waiting`]), the [`RuleSet`]
//! interface, [`Game`] (log, journal, undo, hash, replays) written once, saves with the rule
//! set's id and format version, [`RulesId`] for picking a rule set at run time, the headless
//! commands, and a scenario-test helper.

pub mod admit;
pub mod chaos;
pub mod cue;
pub mod error;
pub mod game;
pub mod headless;
pub mod memo;
pub mod parallel;
pub mod rules_id;
pub mod ruleset;
pub mod save;
pub mod seat;
pub mod simulate;
pub mod soak;
pub mod tally;
pub mod testing;

pub use cue::Cue;
pub use error::{RuleError, illegal};
pub use game::{Game, JournalLine, Logged};
pub use rules_id::{RulesId, RulesVisitor};
pub use ruleset::{QuickSetup, RuleSet};
pub use save::SaveFile;
pub use seat::{GameEnd, Player, Seat, Waiting};
