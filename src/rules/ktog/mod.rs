//! KtOG ("Kill the Other Guy", `shared/rules/ktog.txt`): 2 to 6 players, each one miniature,
//! roll a d20 to hit the announced target and a d6 for damage, six spells each, criticals and
//! disarms; the last player standing wins. A pure core on the shared game core.

pub mod ai;
pub mod command;
pub mod marker;
pub mod odds;
pub mod options;
pub mod resolve;
pub mod rule_set;
pub mod state;

pub use command::{Command, Event, Spell};
pub use marker::{Ktog, KtogGame};
pub use options::{InitiativeDie, InitiativeRule, KtogOptions, KtogSetup, Persona, PlayerSetup};
pub use state::{KtogState, Phase, Player};
