//! KtOG at the table: its session on the shared play screen, the game sheet and the actions with
//! their odds, the Dodge prompt with its "dramatic pause" countdown and the Mighty Blow prompt,
//! clicks on the miniatures to pick targets, and the New game window.

pub mod menu;
pub mod panels;
pub mod session;
pub mod tips;

pub use session::rules_reference;

use crate::app::game::registry::{PlayRegistry, RuleSetApp};
use crate::rules::core::RulesId;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((panels::plugin, menu::plugin));
    app.world_mut()
        .get_resource_or_init::<PlayRegistry>()
        .add(RuleSetApp {
            id: RulesId::Ktog,
            load: menu::load_for_play,
            online: menu::online_session,
            force_files: Vec::new,
            players: Some((2, 6)),
        });
}
