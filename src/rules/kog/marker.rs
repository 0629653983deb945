//! The KOG light rule set's type, which `rule_set.rs` makes a `RuleSet`, and a game of it; the
//! rule set's files name these, not `rule_set.rs`.

use crate::rules::core::Game;

/// KOG light (`shared/rules/kog-light.txt`).
pub struct Kog;

/// A game of KOG light.
pub type KogGame = Game<Kog>;
