//! Krig (`shared/rules/krig.txt`): two players, each a miniature and a playmat of dice: a d20
//! health counter, the d10 Agility, d6 Attack, d8 Defence and d4 Parry. One action a turn:
//! attack, defend or charge; the attacked may parry. A pure core on the shared game core.

pub mod ai;
pub mod marker;
pub mod odds;
pub mod rule_set;
pub mod rules;

pub use marker::{Krig, KrigGame};
pub use rules::{Command, Event, KrigSetup, KrigState, Mat, Phase};
