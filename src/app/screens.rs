//! The program's screens: the sandbox table (with the main menu over it), the level editor, and
//! a game of a rule set in play.

use bevy::prelude::*;

/// Which screen the program shows.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// The table without rules (the main menu opens over it).
    #[default]
    Sandbox,
    Editor,
    /// A rule set is in play.
    Game,
}
