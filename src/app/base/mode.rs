//! The program's screens: the sandbox table (with the main menu over it), the level editor, and
//! a game of a rule set in play. A screen is a Bevy state ([`Mode`]): systems read
//! `Res<State<Mode>>` and switch with `commands.set_state(..)` (the switch happens at the next
//! state transition, before the next frame's `Update`); entities that belong to one screen carry
//! `DespawnOnExit` of it.

use bevy::prelude::*;

/// Which screen the program shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// The table without rules (the main menu opens over it).
    #[default]
    Sandbox,
    Editor,
    /// A rule set is in play.
    Game,
}
