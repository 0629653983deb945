//! Benchmarks behind `wartable bench`: line of sight, self-play of any rule set, and the app's
//! table systems per frame. Each prints
//! JSON with medians of several runs measured in one process.

pub mod frame;
pub mod los;
pub mod self_play;
pub mod stats;
pub mod think;

pub use los::{los, seeded_table};
pub use stats::median;
