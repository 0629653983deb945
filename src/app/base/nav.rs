//! Which of the menu windows are open: the main menu, a rule set's New game window and the Load
//! game window. Any screen may open one by writing here, without importing the menus.

use crate::rules::core::RulesId;
use bevy::prelude::*;

/// Which menu windows are open.
#[derive(Resource, Debug, Default)]
pub struct MainMenu {
    pub show_main: bool,
    /// The rule set whose New game window is open.
    pub new_game: Option<RulesId>,
    pub show_load: bool,
}
