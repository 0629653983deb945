//! KOG light (`shared/rules/kog-light.txt`) as a pure, deterministic rule set: a [`KogState`],
//! [`Command`]s checked by the rules (an illegal one is refused with a [`RuleError`] and changes
//! nothing), resolved with the game's dice into [`Event`]s, which [`event::apply`] alone turns
//! into the next state. [`Kog`] puts it on the shared game core, whose [`KogGame`] adds the
//! command log, undo, saves and replays.

pub mod actions;
pub mod ai;
pub mod attack;
pub mod catalogue;
pub mod combat;
pub mod command;
pub mod ctx;
pub mod event;
pub mod execute;
pub mod force;
pub mod game;
pub mod game_setup;
pub mod legacy;
pub mod marker;
pub mod moves;
pub mod odds;
pub mod options;
pub mod piece_def;
pub mod pool;
pub mod rule_set;
pub mod setup;
pub mod state;
pub mod state_form;
pub mod targeting;
pub mod terrain;
pub mod turns;
pub mod victory;
pub mod view;
pub mod weigh;

pub use catalogue::Catalogue;
pub use command::{Command, RuleError};
pub use event::Event;
pub use execute::{execute, execute_after};
pub use force::{BattleSize, ForceList};
pub use game_setup::GameSetup;
pub use marker::{Kog, KogGame};
pub use options::{KogOptions, Scenario};
pub use state::KogState;
