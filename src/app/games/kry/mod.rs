//! Kry-Gothic at the table: its session in the shared play screen with the interrupt windows
//! and their countdown, each side's interrupt key, its panels (AP bars, the model card with its
//! actions and odds, the order builder, the close-combat prompts, the face-off screen), its input
//! and markers, and its New game window.

pub mod builder;
pub mod card;
pub mod clock;
pub mod guide;
pub mod guide_steps;
pub mod input;
pub mod markers;
pub mod menu;
pub mod odds;
pub mod panels;
pub mod play_session;
pub mod prompts;
pub mod roster;
pub mod session;
pub mod tempo;
pub mod tips;

pub use session::auto_deploy;

use crate::app::game::registry::{PlayRegistry, RuleSetApp};
use crate::rules::core::RulesId;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

pub fn plugin(app: &mut App) {
    app.add_plugins((input::plugin, clock::plugin, markers::plugin, menu::plugin))
        .add_systems(
            EguiPrimaryContextPass,
            panels::game_ui
                .in_set(crate::app::screens::play::shell::PlayUi::Panels)
                .run_if(input::in_game),
        );
    app.world_mut()
        .get_resource_or_init::<PlayRegistry>()
        .add(RuleSetApp {
            id: RulesId::KryGothic,
            load: menu::load_for_play,
            online: menu::online_session,
            force_files: menu::team_files,
            players: None,
        });
    app.world_mut()
        .get_resource_or_init::<crate::app::game::guide::GuideRegistry>()
        .add(guide_steps::entry());
}
