//! The screens and windows: the sandbox bar, the level editor, the play screen every rule set
//! shares, the replay viewer, the main menu, Balance, Settings, the start-up router and the
//! screenshot plan. A screen reaches a rule set through the registry and messages, never through
//! its folder.

pub mod balance;
pub mod editor;
pub mod file_browser;
pub mod guide;
pub mod help;
pub mod menu;
pub mod pack_preview;
pub mod packs_window;
pub mod play;
pub mod replay;
pub mod sandbox_bar;
pub mod save_list;
pub mod screenshot;
pub mod settings;
pub mod start_router;
