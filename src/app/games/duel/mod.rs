//! What the duel games (KtOG, Krig) share at the table: nothing on it is dragged or turned
//! (the miniatures stand where the rules put them), each miniature's name over it in its seat's
//! colour, and dice drawn as dice.

pub mod dice;

pub use crate::app::screens::play::new_game::{level_file, seed_or_clock};

use crate::app::view::interact::GameGate;
use crate::app::game::session::ActiveGame;
use crate::app::base::mode::Mode;
use crate::rules::core::RulesId;
use bevy::prelude::*;
use bevy_egui::egui;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        hold_still
            .run_if(in_duel)
            .after(crate::app::base::sets::InteractSet),
    );
}

/// Whether a duel game is in play.
pub fn in_duel(mode: Res<State<Mode>>, active: Option<Res<ActiveGame>>) -> bool {
    *mode.get() == Mode::Game
        && active.is_some_and(|a| matches!(a.0.game().rules(), RulesId::Ktog | RulesId::Krig))
}

/// The rules place the miniatures: none is dragged or turned by hand.
fn hold_still(mut gate: ResMut<GameGate>) {
    if !gate.active || !gate.movable.is_empty() || !gate.turnable.is_empty() {
        gate.active = true;
        gate.movable.clear();
        gate.turnable.clear();
    }
}

/// A seat's colour for egui.
pub fn seat_color(seat: u8) -> egui::Color32 {
    crate::app::view::visuals::side_color32(seat)
}
