//! Battle reports: a save replayed into what happened (the setup, each round's moves, attacks
//! and losses, the combat log with its key moments, the luck of the dice, the outcome), written
//! as one self-contained HTML file or as Markdown beside PNG maps. Pure: no window, no GPU; the
//! maps are drawn in memory as the balance plots are.

pub mod encode;
pub mod gather;
pub mod html;
pub mod load;
pub mod map;
pub mod markdown;
pub mod moments;
pub mod words;
