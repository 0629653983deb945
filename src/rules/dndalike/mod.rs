//! The DnDalike combat rules (`shared/rules/dndalike.txt`, "v0.1"): a party of heroes against
//! monsters, action dice paid and rolled into a stack that every player may answer with quick
//! abilities, fatigue and saving throws, secret damage and finishing blows. A pure core on the
//! shared game core; the readings of the text's gaps are in `assets/rules/dndalike.md`.

pub mod ai;
pub mod answers;
pub mod apply;
pub mod between;
pub mod camp;
pub mod check;
pub mod command;
pub mod delve;
pub mod delve_plan;
pub mod describe;
pub mod init;
pub mod marker;
pub mod member;
pub mod odds;
pub mod parts;
pub mod path;
pub mod resolve;
pub mod rule_set;
pub mod setup;
pub mod sheet;
pub mod spells;
pub mod state;
pub mod terrain;
pub mod weigh;

pub use command::{Command, Event};
pub use marker::{DndGame, Dndalike};
pub use member::Member;
pub use setup::{DndSetup, Roster};
pub use sheet::{Armour, Class, DieKind, Pack, Power, Sheet, Stats};
pub use spells::{Effect, Grimoire, School, Spell};
pub use state::{Ability, Character, DndState, Party, Phase, Stones};
