//! The DnDalike rules at the table: the fight's session on the shared play screen, each
//! character's card (action dice, fatigue, wounds, the damage total behind a "pass the screen"
//! prompt), the stack as a column of cards, the respond-or-pass prompt with its countdown, clicks
//! on the miniatures and the table, and the New game window.

pub mod builder;
pub mod camp_form;
pub mod camp_screen;
pub mod menu;
pub mod panels;
pub mod session;
pub mod sheet_text;
pub mod stack;
pub mod tips;

use crate::app::game::registry::{PlayRegistry, RuleSetApp};
use crate::rules::core::RulesId;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        panels::plugin,
        panels::rings_plugin,
        stack::plugin,
        menu::plugin,
        camp_screen::plugin,
    ));
    app.world_mut()
        .get_resource_or_init::<PlayRegistry>()
        .add(RuleSetApp {
            id: RulesId::Dndalike,
            load: menu::load_for_play,
            online: menu::online_session,
            force_files: Vec::new,
            players: None,
        });
}
