//! A refused command's message on the status line stays until the game moves on: the next
//! command that is taken (by anyone, the program included) clears it, so that an old "Refused:"
//! is not read as being about the new situation.

use crate::app::base::state::Notices;
use crate::app::game::session::ActiveGame;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, clear_stale_refusals);
}

/// Clears a "Refused:" status once the game's command count has changed since it was last seen.
pub fn clear_stale_refusals(
    active: Option<Res<ActiveGame>>,
    notices: Option<ResMut<Notices>>,
    mut seen: Local<Option<usize>>,
) {
    let (Some(active), Some(mut notices)) = (active, notices) else {
        *seen = None;
        return;
    };
    let n = active.0.game().commands();
    if seen.is_some_and(|s| s != n) && notices.status.starts_with("Refused:") {
        notices.status.clear();
    }
    *seen = Some(n);
}
