//! The play screen's keys: Ctrl+Z takes back the last step that rolled no dice, as the Undo
//! button does.

use crate::app::base::key_help::Chord;
use crate::app::base::state::Notices;
use crate::app::game::session::ActiveGame;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        undo_key
            .run_if(crate::app::game::session::in_play)
            .before(crate::app::base::sets::MirrorSet),
    );
}

/// The key that takes back a step, for the handler and the F1 help.
pub const UNDO: Chord = Chord::ctrl(KeyCode::KeyZ);

fn undo_key(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    typing: Option<Res<crate::app::base::keys::TypingInField>>,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
) {
    let Some(keys) = keys else { return };
    if typing.is_some_and(|t| t.0) || !UNDO.just_pressed(&keys) {
        return;
    }
    notices.status = match active.undo() {
        Ok(c) => format!("Undone: {c}"),
        Err(why) => why,
    };
}
