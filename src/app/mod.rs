//! The app layer: Bevy plugins, one per file, composed here into the desktop program. The
//! folders are layers, lowest first: `base` (plain shared data), `ui_kit` and `game` (egui
//! building blocks; the running game and the registry of rule sets), `view` (the ECS mirror of
//! the table), `tools`, `screens`, `games/<rule set>`; arrows point down only
//! (`assets/docs/layers.md`).

pub mod base;
pub mod game;
pub mod games;
pub mod screens;
pub mod tools;
pub mod ui_kit;
pub mod view;

use bevy::prelude::*;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_egui::EguiPlugin;
use std::path::PathBuf;

/// What the command line asked of the GUI.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    pub level: PathBuf,
    pub seed: u64,
    pub screenshot: Option<screens::screenshot::ScreenshotPlan>,
    pub window: (u32, u32),
    /// Open the level editor at start: on this file, or on a new level.
    pub edit: Option<Option<PathBuf>>,
    /// Show the main menu at start.
    pub menu: bool,
    /// Open this saved game at start (any rule set).
    pub game: Option<PathBuf>,
    /// Open this saved game as a replay at start (any rule set).
    pub replay: Option<PathBuf>,
    /// A window to open at start: new-battle, builder, load or rules.
    pub open: Option<String>,
    /// Host or join an online game at start.
    pub online: Option<screens::play::online::StartOnline>,
    /// How long Hard thinks over a decision at the table, in milliseconds (else its default).
    pub think_ms: Option<u32>,
}

/// Builds the desktop program's App.
pub fn build_app(opts: AppOptions) -> App {
    let mut app = App::new();
    let title = format!("Wartable (seed {})", opts.seed);
    // Model packs' glTF files reach Bevy's glTF loader through a source of their own, which
    // must exist before the asset server does.
    view::pack_load::register_source(&mut app);
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: WindowResolution::new(opts.window.0, opts.window.1),
                    ..default()
                }),
                exit_condition: ExitCondition::OnPrimaryClosed,
                // The editor asks before closing on unsaved work (`screens::editor::quit`).
                close_when_requested: false,
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: format!(
                    "wgpu=error,naga=warn,bevy_render=warn,{}",
                    crate::net::rtc::LOG_FILTER
                ),
                ..default()
            }),
    );
    app.add_plugins(EguiPlugin::default());
    app.insert_resource(base::state::StartupLevel(opts.level.clone()));
    app.insert_resource(base::state::SandboxDice(crate::dice::Dice::new(opts.seed)));
    app.add_plugins((
        base::state::plugin,
        view::table_entities::plugin,
        view::colliders::plugin,
        view::visuals::plugin,
        view::labels::plugin,
        view::motion::plugin,
        view::effects::plugin,
        screens::settings::plugin,
        view::dice_tray::plugin,
        base::keys::plugin,
        view::camera::plugin,
        view::picking::plugin,
        view::interact::plugin,
        tools::measure::plugin,
        view::grid::plugin,
    ));
    app.add_plugins((
        base::level_io::plugin,
        tools::sandbox::plugin,
        tools::dice_panel::plugin,
        tools::sight_tools::plugin,
        screens::editor::plugin,
        screens::sandbox_bar::plugin,
        screens::screenshot::key_plugin,
        screens::menu::plugin,
        screens::guide::plugin,
        screens::help::plugin,
        screens::play::plugin,
        screens::replay::plugin,
        screens::start_router::plugin,
    ));
    app.add_plugins((view::pack_load::plugin, view::pack_figures::plugin));
    games::rule_set_plugins(&mut app);
    app.add_plugins((screens::balance::plugin, screens::packs_window::plugin));
    if opts.menu {
        app.add_systems(Startup, |mut m: ResMut<screens::menu::MainMenu>| {
            m.show_main = true
        });
    }
    if let Some(ms) = opts.think_ms {
        app.insert_resource(screens::play::program::TableThink(
            crate::rules::core::Think { steps: None, ms },
        ));
    }
    if let Some(o) = opts.online {
        app.insert_resource(o);
    }
    if let Some(path) = opts.game {
        app.insert_resource(game::registry::StartGame(path));
    }
    if let Some(path) = opts.replay {
        app.insert_resource(screens::replay::state::StartReplay(path));
    }
    if let Some(w) = opts.open {
        app.insert_resource(base::nav::OpenAtStart(w));
    }
    if let Some(file) = opts.edit {
        app.insert_resource(screens::editor::StartEditor(file));
    }
    if let Some(plan) = opts.screenshot {
        app.insert_resource(plan);
        app.add_plugins(screens::screenshot::plugin);
    }
    app
}
