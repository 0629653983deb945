//! Helpers shared by the test modules.

use std::path::PathBuf;

/// A fresh, empty temporary folder for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wartable-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// The repository's folder.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn level_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(repo().join("levels"))
        .expect("levels/ exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    v.sort();
    v
}

/// A headless app with a game in play at the table: the minimal plugins, the miniatures and the
/// mirror, the rule set's `plugins`, the input resources the table's systems read, `level` and
/// `table` in the table state, and `active`; each update one `step` of the clock if given. One
/// update has run.
pub fn game_app<M>(
    plugins: impl bevy::app::Plugins<M>,
    level: wartable::data::LevelFile,
    table: wartable::table::Table,
    active: wartable::app::game::session::ActiveGame,
    step: Option<std::time::Duration>,
) -> bevy::app::App {
    use bevy::prelude::*;
    use wartable::app::base::state::{ActiveTool, Notices, PointerOverUi, Selection, TableState};
    use wartable::app::view::interact::{Drag, GameGate, Gesture};
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::transform::TransformPlugin,
        wartable::app::view::table_entities::plugin,
        wartable::app::view::mirror::plugin,
    ))
    .add_plugins(plugins);
    app.init_resource::<Selection>()
        .init_resource::<Notices>()
        .init_resource::<ActiveTool>()
        .init_resource::<wartable::app::view::picking::CursorHit>()
        .init_resource::<Drag>()
        .init_resource::<GameGate>()
        .init_resource::<PointerOverUi>()
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<ButtonInput<KeyCode>>()
        .add_message::<Gesture>();
    if !app.is_plugin_added::<bevy::state::app::StatesPlugin>() {
        app.add_plugins(bevy::state::app::StatesPlugin);
    }
    app.insert_state(wartable::app::base::mode::Mode::Game);
    if let Some(step) = step {
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(step));
    }
    app.insert_resource(TableState::new(level, table, None));
    app.insert_resource(active);
    app.update();
    app
}

/// A left click in a headless app with the cursor on `model` and the ground at `ground`: the
/// button pressed for one update, then released and cleared.
pub fn click(
    app: &mut bevy::app::App,
    model: Option<wartable::table::ModelId>,
    ground: Option<wartable::table::Pt>,
) {
    use bevy::prelude::*;
    {
        let mut hit = app
            .world_mut()
            .resource_mut::<wartable::app::view::picking::CursorHit>();
        hit.model = model;
        hit.ground = ground;
    }
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app.update();
    let mut m = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
    m.release(MouseButton::Left);
    m.clear();
}
