//! The Watch a replay window of the main menu: the saved games in the saves folder; a click
//! opens one as a replay, or shows why it cannot be watched (nothing else changes).

use crate::app::base::mode::Mode;
use crate::app::base::nav::MainMenu;
use crate::app::base::state::{Notices, TableState};
use crate::app::game::registry::PlayRegistry;
use crate::app::game::session::ActiveGame;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        watch_window.after(crate::app::base::sets::OverlaySet),
    );
}

fn watch_window(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut menu: ResMut<MainMenu>,
    registry: Res<PlayRegistry>,
    mut notices: ResMut<Notices>,
    mode: Res<State<Mode>>,
    active: Option<Res<ActiveGame>>,
    state: Option<ResMut<TableState>>,
) -> Result {
    if !menu.show_replays || (active.is_some() && *mode.get() == Mode::Game) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut state) = state else {
        return Ok(());
    };
    let mut open = true;
    let mut chosen = None;
    egui::Window::new("Watch a replay")
        .open(&mut open)
        .show(&ctx, |ui| {
            chosen = crate::app::screens::save_list::pick_save(ui)
        });
    if let Some(p) = chosen {
        match super::open::open_file(&mut commands, &mut state, &mut notices, &registry, &p) {
            Ok(()) => menu.show_replays = false,
            Err(e) => {
                notices.show_errors(format!("Could not open the replay of {}", p.display()), e)
            }
        }
    }
    if !open {
        menu.show_replays = false;
    }
    Ok(())
}
