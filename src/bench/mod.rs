//! Benchmarks behind `wartable bench`: line of sight, self-play of any rule set, and the app's
//! table systems per frame. Each prints
//! JSON with medians of several runs measured in one process.

pub mod frame;
pub mod los;
pub mod self_play;

pub use los::{los, seeded_table};

/// The median of `v` (the upper one of an even count).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
