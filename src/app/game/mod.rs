//! The running game as the ECS sees it: the game in play ([`session::ActiveGame`], a rule set's
//! session behind [`session::PlaySession`]) and the registry of the rule sets the program can
//! play ([`registry::PlayRegistry`]).

pub mod guide;
pub mod registry;
pub mod session;
