//! Kry-Gothic at the table: its session in the shared play screen with the interrupt windows
//! and their countdown, each side's interrupt key, its panels (AP bars, the model card with its
//! actions and odds, the order builder, the close-combat prompts, the face-off screen), its input
//! and markers, and its New game window.

pub mod builder;
pub mod card;
pub mod clock;
pub mod input;
pub mod markers;
pub mod menu;
pub mod odds;
pub mod panels;
pub mod prompts;
pub mod roster;
pub mod session;
pub mod tempo;

use crate::app::game::registry::{PlayRegistry, RuleSetApp};
use crate::rules::core::RulesId;
use crate::rules::kry::ai;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use session::{KrySession, Placing};
use std::sync::OnceLock;

/// Kry-Gothic's rules reference: every ruling with the sentence it interprets.
pub fn rules_reference() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        crate::app::screens::play::rules_ref::read_or(
            "assets/rules/kry-gothic.md",
            include_str!("../../../../assets/rules/kry-gothic.md"),
        )
    })
}

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
}

/// Deploys the deploying side's waiting models as the program would. Each spot is chosen on
/// a copy with the models before it placed: at a seat of an online game the commands only go
/// to the host, and the game here does not change until it answers.
pub fn auto_deploy(session: &mut KrySession) -> Result<(), String> {
    let crate::rules::kry::state::Phase::Deploy { side } = session.state().phase else {
        return Err("nothing to deploy now".into());
    };
    let mut probe = session.game.clone();
    probe.keep_journal = false;
    let most = probe.state.models.len();
    for _ in 0..most {
        let Some(cmd) = ai::deploy_command(&probe.state, side) else {
            break;
        };
        probe.play(side, cmd.clone()).map_err(|e| e.to_string())?;
        session.submit(cmd).map_err(|e| e.to_string())?;
    }
    session.placing = Placing::None;
    Ok(())
}
