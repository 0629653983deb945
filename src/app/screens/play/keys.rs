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
    typing: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
) {
    let Some(keys) = keys else { return };
    if typing.is_some_and(|t| t.wants_any_keyboard_input()) || !UNDO.just_pressed(&keys) {
        return;
    }
    notices.status = match active.undo() {
        Some(c) => format!("Undone: {c}"),
        None => "Nothing to undo: your last step, or one after it, rolled dice".into(),
    };
}
