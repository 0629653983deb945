//! The Kry-Gothic clock at the table: keeps the interrupt windows in step with the game (the
//! program's orders included), reads each side's interrupt key (Tab for side 1 on the left of
//! the keyboard, Enter for side 2 on the right), and runs the countdown on the app's clock; a
//! window whose countdown runs out passes.

use super::input::in_game;
use super::session::KrySession;
use crate::app::game::session::ActiveGame;
use crate::app::base::state::{Notices, TapeRule};
use crate::rules::core::Player;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (sync_windows, interrupt_keys, countdown)
            .chain()
            .run_if(in_game)
            .before(crate::app::view::mirror::MirrorSet),
    )
    .add_systems(Update, tape_rule);
}

/// In a Kry-Gothic game the tape measure shows only the distances measured for shots called
/// (while neither model has moved); in any other game, or none, every distance.
fn tape_rule(active: Option<Res<ActiveGame>>, rule: Option<ResMut<TapeRule>>) {
    let Some(mut rule) = rule else { return };
    let want = active
        .as_deref()
        .and_then(KrySession::of)
        .map_or_else(TapeRule::default, |s| tape_rule_of(s.state()));
    if *rule != want {
        *rule = want;
    }
}

/// The tape's rule for a Kry-Gothic game in `s`.
pub fn tape_rule_of(s: &crate::rules::kry::state::KryState) -> TapeRule {
    TapeRule {
        known: Some(
            s.known_distances()
                .iter()
                .map(|m| (m.shooter, m.target))
                .collect(),
        ),
        why: "\"No distance measuring is performed before the shot is taken.\" A distance between \
              two models shows once a shot between them has been called, until either moves; \
              the movement range (R) shows how far a move reaches.",
    }
}

fn sync_windows(mut active: ResMut<ActiveGame>) {
    if let Some(s) = KrySession::of_mut(&mut active) {
        s.sync_tempo();
    }
}

/// The interrupt keys of the sides a person plays. Only typing in a text field holds them
/// ([`crate::app::base::keys::keys_free`]): a button just clicked does not.
fn interrupt_keys(
    keys: crate::app::base::keys::Keys,
    typing: Option<Res<crate::app::base::keys::TypingInField>>,
    mut active: ResMut<ActiveGame>,
    mut notices: ResMut<Notices>,
) {
    let Some(s) = KrySession::of(&active) else {
        return;
    };
    let names = [
        keys.label(crate::app::base::keys::Key::InterruptSide1),
        keys.label(crate::app::base::keys::Key::InterruptSide2),
    ];
    if s.key_names != names
        && let Some(s) = KrySession::of_mut(&mut active)
    {
        s.key_names = names;
    }
    if typing.is_some_and(|t| t.0) {
        return;
    }
    let Some(s) = KrySession::of_mut(&mut active) else {
        return;
    };
    let pressed = [
        keys.just_pressed(crate::app::base::keys::Key::InterruptSide1),
        keys.just_pressed(crate::app::base::keys::Key::InterruptSide2),
    ];
    for side in [1u8, 2] {
        if pressed[side as usize - 1] && s.game.player(side) == Player::Human {
            s.interrupt(side);
            notices.status = format!("Side {side} interrupts");
        }
    }
}

/// Runs the open window's countdown on the app's clock.
fn countdown(time: Res<Time>, mut active: ResMut<ActiveGame>, mut notices: ResMut<Notices>) {
    let Some(s) = KrySession::of_mut(&mut active) else {
        return;
    };
    let side = s.tempo.window.as_ref().map(|w| w.side);
    match s.tick(time.delta_secs()) {
        Ok(true) => {
            notices.status = format!("Side {}'s window closed: time is up", side.unwrap_or(0))
        }
        Ok(false) => {}
        Err(e) => notices.status = format!("Refused: {e}"),
    }
}
