//! The windows `--open NAME` opens at start (the start-up router `src/app/start_router.rs` opens
//! the shared ones, a rule set's plugin its own), and the check that refuses any other name on
//! the command line.

use crate::rules::core::RulesId;

/// The names besides `new-<rule set>` (one for each rule set's key, e.g. `new-kry-gothic`).
const FIXED: &[&str] = &[
    "menu",
    "new-battle",
    "builder",
    "dnd-builder",
    "dnd-delve",
    "load",
    "settings",
    "rules",
    "balance",
    "balance-run",
    "balance-matrix",
    "tutorial-kog-light",
    "tutorial-kry-gothic",
    "model-packs",
];

/// Every name `--open` takes, in the order the error message lists them.
pub fn open_names() -> Vec<String> {
    let mut v: Vec<String> = FIXED[..2].iter().map(|s| s.to_string()).collect();
    v.extend(RulesId::ALL.iter().map(|r| format!("new-{}", r.key())));
    v.extend(FIXED[2..].iter().map(|s| s.to_string()));
    v
}

/// `name` if `--open` knows it; otherwise the error, which lists the names.
pub fn parse_open_name(name: &str) -> Result<String, String> {
    let names = open_names();
    if names.iter().any(|n| n == name) {
        Ok(name.to_string())
    } else {
        Err(format!(
            "no window named '{name}' (the names: {})",
            names.join(", ")
        ))
    }
}
