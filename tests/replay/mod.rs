//! Replays: a saved game watched at any position (the rules core, for every rule set), and the
//! replay viewer in a headless app.

mod app;
mod positions;
