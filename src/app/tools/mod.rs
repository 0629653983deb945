//! The table's tools: measuring, sight and templates, the sandbox's pieces, the dice panel.

pub mod dice_panel;
pub mod measure;
pub mod sandbox;
pub mod sight_tools;
