//! Navigation between the menu windows, as plain data any screen may use without importing the
//! screen that draws the window: which menu windows are open ([`MainMenu`]), a window to open
//! ([`OpenWindow`], read by the window's own plugin), and the window `--open NAME` asked for at
//! start ([`OpenAtStart`], opened by the start-up router or by the rule set that owns the name).

use crate::rules::core::RulesId;
use bevy::prelude::*;

/// Which menu windows are open. Several may be: a New game window stands in front of the main
/// menu and closing it shows the menu again, the Settings window opens over the menu.
#[derive(Resource, Debug, Default)]
pub struct MainMenu {
    pub show_main: bool,
    /// The rule set whose New game window is open.
    pub new_game: Option<RulesId>,
    pub show_load: bool,
    /// The Watch a replay window (a list of saved games).
    pub show_replays: bool,
}

/// A window or screen to open, asked for by a screen that does not draw it: the plugin that
/// draws it reads these and opens itself.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenWindow {
    /// The Balance window (the program against itself).
    Balance,
    /// The Join an online game window.
    JoinOnline,
    /// The level editor, from the sandbox.
    Editor,
}

/// A window to open once the program is up (`wartable --open NAME`, for screenshots and quick
/// starts). The command line takes only the names of [`crate::app::base::open_names`]; the start-up
/// router opens the shared windows and a rule set's plugin opens its own (KOG light's force
/// builder, DnDalike's character builder), each removing this when it has.
#[derive(Resource, Debug, Clone)]
pub struct OpenAtStart(pub String);
