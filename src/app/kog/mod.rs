//! KOG light at the table: its session in the shared play screen, its panels (forces, the
//! model card with its actions and odds, the setup steps, the counterattack prompt), its input
//! and markers, and its New battle window with the force builder.

pub mod builder;
pub mod card;
pub mod files;
pub mod input;
pub mod markers;
pub mod menu;
pub mod panels;
pub mod rules_ref;
pub mod session;
pub mod setup_ui;

use crate::app::play::{PlayRegistry, RuleSetApp};
use crate::rules::core::RulesId;
use crate::rules::kog::{Command, ai};
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use session::KogSession;

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
        });
}

/// Deploys the deploying side's waiting models as the program would.
pub fn auto_deploy(session: &mut KogSession) -> Result<(), String> {
    let crate::rules::kog::state::Phase::Deploy { side } = session.state().phase else {
        return Err("nothing to deploy now".into());
    };
    let spots = ai::deploy_spots(session.state(), side);
    if spots.is_empty() {
        return Err("no room left in the deployment area".into());
    }
    for (model, at, facing) in spots {
        session
            .submit(Command::Deploy { model, at, facing })
            .map_err(|e| e.to_string())?;
    }
    session.placing = session::Placing::None;
    Ok(())
}
