//! The main menu (play a rule set, load a saved game, watch a replay, sandbox, editor, quit) and the Load game
//! window. A rule set's own New game window opens when [`MainMenu::new_game`] names it.

use crate::app::base::mode::Mode;
use crate::app::base::nav::OpenWindow;
use crate::app::base::settings::SettingsWindow;
use crate::app::base::state::{ActiveTool, Notices, Selection, TableState};
use crate::app::game::registry::PlayRegistry;
use crate::app::game::session::ActiveGame;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.init_resource::<MainMenu>()
        .add_message::<OpenWindow>()
        .add_systems(
            EguiPrimaryContextPass,
            menus.after(crate::app::base::sets::OverlaySet),
        );
}

pub use crate::app::base::nav::MainMenu;

fn menus(
    mut contexts: EguiContexts,
    mut menu: ResMut<MainMenu>,
    registry: Res<PlayRegistry>,
    mut commands: Commands,
    mode: Res<State<Mode>>,
    mut tool: ResMut<ActiveTool>,
    mut notices: ResMut<Notices>,
    mut sel: ResMut<Selection>,
    state: Option<ResMut<TableState>>,
    active: Option<Res<ActiveGame>>,
    mut exit: MessageWriter<AppExit>,
    mut open: MessageWriter<OpenWindow>,
    mut settings: ResMut<SettingsWindow>,
    guides: Res<crate::app::game::guide::GuideRegistry>,
    mut guide: MessageWriter<crate::app::screens::guide::StartGuide>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(mut state) = state else {
        return Ok(());
    };
    if active.is_some() && *mode.get() == Mode::Game {
        return Ok(());
    }
    // A New game window stands in for the menu while it is open (closing it shows the menu again).
    if menu.show_main && menu.new_game.is_none() {
        egui::Window::new("Wartable")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
            .show(&ctx, |ui| {
                ui.label("A 3D tabletop for miniature skirmish wargames that knows the rules.");
                ui.add_space(6.0);
                let w = egui::vec2(260.0, 28.0);
                if !guides.0.is_empty() {
                    ui.strong("Learn to play");
                    for g in &guides.0 {
                        if ui.add_sized(w, egui::Button::new(g.label)).clicked() {
                            guide.write(crate::app::screens::guide::StartGuide(g.key.into()));
                            menu.show_main = false;
                        }
                    }
                    ui.add_space(4.0);
                }
                ui.strong("Play");
                for r in &registry.0 {
                    if ui
                        .add_sized(
                            w,
                            egui::Button::new(format!("New {} game...", r.id.label())),
                        )
                        .clicked()
                    {
                        // The menu stays behind the New game window: closing it comes back here.
                        menu.new_game = Some(r.id);
                    }
                }
                if ui
                    .add_sized(w, egui::Button::new("Join an online game..."))
                    .clicked()
                {
                    open.write(OpenWindow::JoinOnline);
                    menu.show_main = false;
                }
                if ui
                    .add_sized(w, egui::Button::new("Load a saved game..."))
                    .clicked()
                {
                    menu.show_load = true;
                    menu.show_main = false;
                }
                if ui
                    .add_sized(w, egui::Button::new("Watch a replay..."))
                    .on_hover_text(
                        "a saved game from its start: scrub, step, play on from any point",
                    )
                    .clicked()
                {
                    menu.show_replays = true;
                    menu.show_main = false;
                }
                ui.add_space(4.0);
                ui.strong("Rule designers");
                if ui
                    .add_sized(
                        w,
                        egui::Button::new("Balance: the program against itself..."),
                    )
                    .clicked()
                {
                    open.write(OpenWindow::Balance);
                    menu.show_main = false;
                }
                ui.add_space(4.0);
                ui.strong("The table");
                if ui
                    .add_sized(w, egui::Button::new("Sandbox: free play on the table"))
                    .clicked()
                {
                    menu.show_main = false;
                }
                if ui.add_sized(w, egui::Button::new("Level editor")).clicked() {
                    menu.show_main = false;
                    if *mode.get() != Mode::Editor {
                        open.write(OpenWindow::Editor);
                    }
                }
                ui.add_space(4.0);
                if ui.add_sized(w, egui::Button::new("Settings...")).clicked() {
                    settings.open = true;
                }
                if ui.add_sized(w, egui::Button::new("Quit")).clicked() {
                    exit.write(AppExit::Success);
                }
            });
    }
    if menu.show_load {
        let mut open = true;
        let mut chosen = None;
        egui::Window::new("Load a saved game")
            .open(&mut open)
            .show(&ctx, |ui| {
                chosen = crate::app::screens::save_list::pick_save(ui)
            });
        if let Some(p) = chosen {
            match registry.load(&p) {
                Ok((game, level)) => {
                    menu.show_load = false;
                    sel.0 = None;
                    *tool = ActiveTool::Select;
                    crate::app::game::session::begin(
                        &mut commands,
                        &mut state,
                        &mut notices,
                        level,
                        game,
                    );
                }
                Err(e) => notices.show_errors(format!("Could not load {}", p.display()), e),
            }
        }
        if !open {
            menu.show_load = false;
        }
    }
    Ok(())
}
