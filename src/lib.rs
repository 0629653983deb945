//! Wartable: a desktop 3D virtual tabletop for miniature skirmish wargames that knows the rules.
//!
//! Layers (arrows point at what a layer may use): `app` (Bevy plugins) -> `rules` -> `table`, `dice`, `data`.
//! The pure layers know nothing of windows, rendering or egui.

pub mod app;
pub mod bench;
pub mod data;
pub mod dice;
pub mod edit;
pub mod net;
pub mod plot;
pub mod report;
pub mod rules;
pub mod table;
pub mod tray;
