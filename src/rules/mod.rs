//! The rule sets, each a pure and deterministic core on the shared game core ([`core`]):
//! state, commands checked into typed errors, resolution with the game's seeded dice into
//! events, and events applied as the only change.

pub mod check_forces;
pub mod core;
pub mod duel;

// Every rule set: its folder under `src/rules/` and its arm of `RulesId`, one line each. Adding a
// rule set adds its line here (and its app folder to the list in `src/app/mod.rs`).
core::rules_id::rule_sets! {
    KogLight => kog::Kog, "kog-light", "KOG light";
    KryGothic => kry::Kry, "kry-gothic", "Kry-Gothic";
    Ktog => ktog::Ktog, "ktog", "KtOG";
    Dndalike => dndalike::Dndalike, "dndalike", "DnDalike";
    Krig => krig::Krig, "krig", "Krig";
}
