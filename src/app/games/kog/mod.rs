//! KOG light at the table: its session in the shared play screen, its panels (forces, the
//! model card with its actions and odds, the setup steps, the counterattack prompt), its input
//! and markers, and its New battle window with the force builder.

pub mod builder;
pub mod card;
pub mod files;
pub mod guide;
pub mod hover;
pub mod input;
pub mod markers;
pub mod menu;
pub mod panels;
pub mod rules_ref;
pub mod session;
pub mod setup_ui;
pub mod tips;

pub use session::auto_deploy;

use crate::app::game::registry::{PlayRegistry, RuleSetApp};
use crate::rules::core::RulesId;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub fn plugin(app: &mut App) {
    app.init_resource::<card::MenuCache>()
        .add_plugins((input::plugin, markers::plugin, menu::plugin))
        .add_systems(
            EguiPrimaryContextPass,
            panels::game_ui
                .in_set(crate::app::base::sets::PlayUi::Panels)
                .run_if(input::in_game),
        );
    app.world_mut()
        .get_resource_or_init::<PlayRegistry>()
        .add(RuleSetApp {
            id: RulesId::KogLight,
            load: menu::load_for_play,
            online: menu::online_session,
            force_files: files::force_files,
            players: None,
        });
    app.world_mut()
        .get_resource_or_init::<crate::app::game::guide::GuideRegistry>()
        .add(guide::entry());
}
