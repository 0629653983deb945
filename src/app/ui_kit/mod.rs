//! egui building blocks every screen uses and that know nothing of any screen: the root layout
//! and side panels, the rects the bars leave, whether the pointer is over the UI.

pub mod guide_mark;
pub mod layout;
pub mod rule_tip;
pub mod skill_pick;
