//! KtOG at the table: its session on the shared play screen, the game sheet and the actions with
//! their odds, the Dodge prompt with its "dramatic pause" countdown and the Mighty Blow prompt,
//! clicks on the miniatures to pick targets, and the New game window.

pub mod menu;
pub mod panels;
pub mod session;

use crate::app::play::{PlayRegistry, RuleSetApp};
use crate::rules::core::RulesId;
use bevy::prelude::*;
use std::sync::OnceLock;

/// KtOG's rules reference: every reading with the sentence it interprets.
pub fn rules_reference() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        crate::app::play::rules_ref::read_or(
            "assets/rules/ktog.md",
            include_str!("../../../assets/rules/ktog.md"),
        )
    })
}

pub fn plugin(app: &mut App) {
    app.add_plugins((panels::plugin, menu::plugin));
    app.world_mut()
        .get_resource_or_init::<PlayRegistry>()
        .add(RuleSetApp {
            id: RulesId::Ktog,
            load: menu::load_for_play,
            online: menu::online_session,
        });
}
