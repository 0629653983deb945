//! The Krig rule set's type, which `rule_set.rs` makes a `RuleSet`, and a game of it; the
//! rule set's files name these, not `rule_set.rs`.

use crate::rules::core::Game;

/// Krig (`shared/rules/krig.txt`).
pub struct Krig;

pub type KrigGame = Game<Krig>;
