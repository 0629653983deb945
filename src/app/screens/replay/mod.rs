//! The replay viewer: a saved game watched from its start at the table, for any rule set. The
//! replay itself (the game at any position, the timeline's marks) is `crate::rules::replay`;
//! here: the shared data ([`state`]), opening one ([`open`]), moving it and the table with it
//! ([`drive`]), the timeline bar and the "Play on from here" dialog ([`timeline`]), and the main
//! menu's Watch a replay window ([`watch_window`]).

pub mod drive;
pub mod open;
pub mod state;
pub mod timeline;
pub mod watch_window;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        open::plugin,
        drive::plugin,
        timeline::plugin,
        watch_window::plugin,
    ));
}
