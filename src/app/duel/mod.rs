//! What the duel games (KtOG, Krig) share at the table: nothing on it is dragged or turned
//! (the miniatures stand where the rules put them), each miniature's name over it in its seat's
//! colour, and dice drawn as dice.

pub mod dice;

use crate::app::interact::GameGate;
use crate::app::play::ActiveGame;
use crate::app::screens::Mode;
use crate::rules::core::RulesId;
use bevy::prelude::*;
use bevy_egui::egui;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        hold_still
            .run_if(in_duel)
            .after(crate::app::interact::InteractSet),
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
    crate::app::visuals::side_color32(seat)
}

/// The level file a duel game stands on (a bare table if it cannot be read).
pub fn level_file(path: &Option<std::path::PathBuf>) -> crate::data::LevelFile {
    match path {
        Some(p) => crate::rules::duel::level(p).map(|l| l.0.clone()),
        None => Ok(crate::rules::duel::bare().0.clone()),
    }
    .unwrap_or_else(|_| crate::rules::duel::bare().0.clone())
}

/// The seed typed in a New game window, or the clock's seconds when left empty.
pub fn seed_or_clock(text: &str) -> Result<u64, Vec<String>> {
    if text.trim().is_empty() {
        return Ok(std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs()));
    }
    text.trim()
        .parse::<u64>()
        .map_err(|_| vec![format!("the seed '{text}' is not a whole number")])
}
