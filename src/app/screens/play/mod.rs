//! The play screen every rule set shares: the game in play (`crate::app::game`), the table kept
//! in line with it, the program opponent's clock, saving and leaving, the rule sets the program
//! can play (`crate::app::game::registry`), and the shell's overlays (bar, seats, combat log, rules
//! reference, game over). Each rule set adds only its own panels (`src/app/games/<rule set>/`).

pub mod battle_report;
pub mod keys;
pub mod new_game;
pub mod online;
pub mod program;
pub mod refusals;
pub mod requests;
pub mod rules_ref;
pub mod shell;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        keys::plugin,
        crate::app::view::mirror::plugin,
        online::plugin,
        program::plugin,
        refusals::plugin,
        crate::app::game::registry::plugin,
        requests::plugin,
        shell::plugin,
    ));
}
