//! The play screen every rule set shares: the game in play ([`ActiveGame`]), the table kept in
//! line with it, the program opponent's clock, saving and leaving, the rule sets the program
//! can play ([`PlayRegistry`]), and the shell's overlays (bar, seats, combat log, rules
//! reference, game over). Each rule set adds only its own panels (`src/app/<rule set>/`).

pub mod keys;
pub mod new_game;
pub mod online;
pub mod program;
pub mod requests;
pub mod rules_ref;
pub mod shell;

pub use crate::app::ui_kit::layout::{Side, root_ui, side_panels};
pub use crate::app::game::registry::{PlayRegistry, RuleSetApp};
pub use crate::app::game::session::{ActiveGame, DynGame, PlaySession, Shell, begin, in_play};

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        keys::plugin,
        crate::app::view::mirror::plugin,
        online::plugin,
        program::plugin,
        crate::app::game::registry::plugin,
        requests::plugin,
        shell::plugin,
    ));
}
