//! Krig at the table: its session on the shared play screen, each player's playmat with every
//! die in its place, the actions with their odds, the parry prompt, and the New game window.

pub mod menu;
pub mod panels;
pub mod session;
pub mod tips;

pub use session::{KrigSession, rules_reference};

use crate::app::game::registry::{PlayRegistry, RuleSetApp};
use crate::rules::core::RulesId;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((panels::plugin, menu::plugin));
    app.world_mut()
        .get_resource_or_init::<PlayRegistry>()
        .add(RuleSetApp {
            id: RulesId::Krig,
            load: menu::load_for_play,
            online: menu::online_session,
            force_files: Vec::new,
            players: None,
        });
}
