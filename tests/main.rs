//! The one integration-test binary: pure geometry, dice and data tests, a headless app test, and
//! the GUI smoke test (run under Xvfb by `.ci/run`).

mod common;
mod core;
mod dice;
mod dndalike;
mod docs;
mod duel;
mod editor;
mod forces;
mod geometry;
mod gui_smoke;
mod hardening;
mod headless_app;
mod keys_focus;
mod kog;
mod kry;
mod layers;
mod level_errors;
mod levels;
mod looks;
mod net;
mod open_names;
mod packs;
mod replay;
mod report;
mod screen_help;
mod simulate;
mod skill;
mod skill_app;
mod table_geometry;
