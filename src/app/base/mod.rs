//! The app's lowest layer: plain shared data that every other layer may use and that uses no
//! other part of the app (the screens as a Bevy state, the table's state and the notices, the
//! system sets that order the frame, the settings and the keys, which menu windows are open, the
//! player's files and the level files, table-to-world coordinates, the `--open` names).

pub mod convert;
pub mod files;
pub mod key_help;
pub mod key_map;
pub mod keys;
pub mod level_io;
pub mod mode;
pub mod nav;
pub mod open_names;
pub mod packs;
pub mod sets;
pub mod settings;
pub mod state;
