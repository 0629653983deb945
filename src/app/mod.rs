//! The app layer: Bevy plugins, one per file, composed here into the desktop program.

pub mod balance;
pub mod base;
pub mod camera;
pub mod colliders;
pub mod convert;
pub mod dice_panel;
pub mod dice_tray;
pub mod editor;
pub mod effects;
pub mod figures;
pub mod files;
pub mod glide;
pub mod grid;
pub mod interact;
pub mod keys;
pub mod labels;
pub mod level_io;
pub mod measure;
pub mod menu;
pub mod motion;
pub mod open_names;
pub mod picking;
pub mod play;
pub mod sandbox;
pub mod scenery;
pub mod screens;
pub mod screenshot;
pub mod settings;
pub mod sight_tools;
pub mod start_router;
pub mod state;
pub mod table_entities;
pub mod textures;
pub mod ui;
pub mod ui_kit;
pub mod visuals;

/// The rule sets' own folders under `src/app/` (`duel` is what the duel games share), one name
/// each: the module and its plugin, which registers the rule set with the play screen and the
/// menu. Adding a rule set adds its name here (and its line in `src/rules/mod.rs`).
macro_rules! rule_set_apps {
    ($($module:ident),* $(,)?) => {
        $(pub mod $module;)*

        /// Every rule set's plugin, in the order listed.
        fn rule_set_plugins(app: &mut App) {
            $(app.add_plugins($module::plugin);)*
        }
    };
}

rule_set_apps!(kog, kry, duel, ktog, krig, dndalike);

use bevy::prelude::*;
use bevy::window::{ExitCondition, WindowResolution};
use bevy_egui::EguiPlugin;
use std::path::PathBuf;

/// What the command line asked of the GUI.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    pub level: PathBuf,
    pub seed: u64,
    pub screenshot: Option<screenshot::ScreenshotPlan>,
    pub window: (u32, u32),
    /// Open the level editor at start: on this file, or on a new level.
    pub edit: Option<Option<PathBuf>>,
    /// Show the main menu at start.
    pub menu: bool,
    /// Open this saved game at start (any rule set).
    pub game: Option<PathBuf>,
    /// A window to open at start: new-battle, builder, load or rules.
    pub open: Option<String>,
    /// Host or join an online game at start.
    pub online: Option<play::online::StartOnline>,
}

/// Builds the desktop program's App.
pub fn build_app(opts: AppOptions) -> App {
    let mut app = App::new();
    let title = format!("Wartable (seed {})", opts.seed);
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: WindowResolution::new(opts.window.0, opts.window.1),
                    ..default()
                }),
                exit_condition: ExitCondition::OnPrimaryClosed,
                // The editor asks before closing on unsaved work (`editor::quit`).
                close_when_requested: false,
                ..default()
            })
            .set(bevy::log::LogPlugin {
                filter: "wgpu=error,naga=warn,bevy_render=warn".into(),
                ..default()
            }),
    );
    app.add_plugins(EguiPlugin::default());
    app.insert_resource(state::StartupLevel(opts.level.clone()));
    app.insert_resource(state::SandboxDice(crate::dice::Dice::new(opts.seed)));
    app.add_plugins((
        state::plugin,
        table_entities::plugin,
        colliders::plugin,
        visuals::plugin,
        labels::plugin,
        motion::plugin,
        effects::plugin,
        settings::plugin,
        dice_tray::plugin,
        keys::plugin,
        camera::plugin,
        picking::plugin,
        interact::plugin,
        measure::plugin,
        grid::plugin,
    ));
    app.add_plugins((
        level_io::plugin,
        sandbox::plugin,
        dice_panel::plugin,
        sight_tools::plugin,
        editor::plugin,
        ui::plugin,
        screenshot::key_plugin,
        menu::plugin,
        play::plugin,
        start_router::plugin,
    ));
    rule_set_plugins(&mut app);
    app.add_plugins(balance::plugin);
    if opts.menu {
        app.add_systems(Startup, |mut m: ResMut<menu::MainMenu>| m.show_main = true);
    }
    if let Some(o) = opts.online {
        app.insert_resource(o);
    }
    if let Some(path) = opts.game {
        app.insert_resource(play::registry::StartGame(path));
    }
    if let Some(w) = opts.open {
        app.insert_resource(base::nav::OpenAtStart(w));
    }
    if let Some(file) = opts.edit {
        app.insert_resource(editor::StartEditor(file));
    }
    if let Some(plan) = opts.screenshot {
        app.insert_resource(plan);
        app.add_plugins(screenshot::plugin);
    }
    app
}
