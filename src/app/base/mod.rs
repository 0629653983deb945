//! The app's lowest layer: plain shared data that every other layer may use and that uses no
//! other part of the app (the system sets that order the frame, the
//! settings and the keys, which menu windows are open).

pub mod key_map;
pub mod nav;
pub mod sets;
pub mod settings;
