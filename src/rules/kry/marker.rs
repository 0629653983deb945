//! The Kry-Gothic rule set's type, which `rule_set.rs` makes a `RuleSet`, and a game of it; the
//! rule set's files name these, not `rule_set.rs`.

use crate::rules::core::Game;

/// Kry-Gothic (`shared/rules/kry-gothic.txt`).
pub struct Kry;

pub type KryGame = Game<Kry>;
