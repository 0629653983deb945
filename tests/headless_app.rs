//! A headless app (MinimalPlugins, no window) loads a level and holds the expected entities, which
//! follow the table as models move, are added and are removed.

use bevy::prelude::*;
use wartable::app::base::state::TableState;
use wartable::app::view::table_entities::{
    Base, Facing, Miniature, ObjectiveMarker, TableTop, TerrainPiece, TerrainTile, ZoneArea,
};
use wartable::data::load_level;
use wartable::table::{GroundKind, Model, ModelId, Pt};

fn app_with(level: &str) -> App {
    let path = crate::common::repo().join(level);
    let (lf, table) = load_level(&path).unwrap();
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::transform::TransformPlugin,
        wartable::app::view::table_entities::plugin,
    ));
    app.insert_resource(TableState::new(lf, table, Some(path)));
    app.update();
    app
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<Entity, With<C>>()
        .iter(app.world())
        .count()
}

#[test]
fn a_loaded_level_holds_one_entity_per_table_item() {
    let mut app = app_with("levels/kog-battlefield.ron");
    let table = app.world().resource::<TableState>().table.clone();
    let tiles = table
        .tiles
        .iter()
        .filter(|(_, _, k, h)| *k != GroundKind::Open || *h != 0.0)
        .count();
    assert!(tiles > 0);
    assert_eq!(count::<TableTop>(&mut app), 1);
    assert_eq!(count::<TerrainTile>(&mut app), tiles);
    assert_eq!(count::<TerrainPiece>(&mut app), table.pieces.len());
    assert_eq!(count::<ZoneArea>(&mut app), table.zones.len());
    assert_eq!(count::<ObjectiveMarker>(&mut app), table.objectives.len());
    assert_eq!(count::<Miniature>(&mut app), table.models.len());
    // Each miniature carries its base and facing, placed at its table position (world z = -y).
    let mut q = app
        .world_mut()
        .query::<(&Miniature, &Base, &Facing, &Transform)>();
    for (mini, base, facing, tf) in q.iter(app.world()) {
        let m = table.model(mini.id).unwrap();
        assert_eq!(base.diameter, m.base_diameter);
        assert_eq!(facing.deg, m.facing);
        assert!((tf.translation - Vec3::new(m.pos.x, m.h, -m.pos.y)).length() < 1e-4);
    }
}

#[test]
fn entities_follow_moves_additions_and_removals() {
    let mut app = app_with("levels/arena.ron");
    {
        let mut st = app.world_mut().resource_mut::<TableState>();
        st.table
            .move_model(ModelId(1), Pt::new(12.0, 12.0))
            .unwrap();
        st.table
            .add_model(Model::new(9, 2, "New", 1.0, 1.3, Pt::new(3.0, 20.0), 0.0))
            .unwrap();
        st.table.remove_model(ModelId(2)).unwrap();
    }
    app.update();
    let mut q = app.world_mut().query::<(&Miniature, &Transform)>();
    let mut got: Vec<(u32, Vec3)> = q
        .iter(app.world())
        .map(|(m, t)| (m.id.0, t.translation))
        .collect();
    got.sort_by_key(|g| g.0);
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].0, 1);
    // The arena's centre tiles are raised 0.5": the moved model stands on them.
    assert!(
        (got[0].1 - Vec3::new(12.0, 0.5, -12.0)).length() < 1e-4,
        "{:?}",
        got[0]
    );
    assert_eq!(got[1].0, 9);
}

#[test]
fn loading_another_level_rebuilds_the_terrain() {
    let mut app = app_with("levels/arena.ron");
    let arena_pieces = count::<TerrainPiece>(&mut app);
    let (lf, table) = load_level(&crate::common::repo().join("levels/kry-deck.ron")).unwrap();
    let n = table.pieces.len();
    app.insert_resource(TableState::new(lf, table, None));
    app.update();
    assert_ne!(arena_pieces, n);
    assert_eq!(count::<TerrainPiece>(&mut app), n);
    assert_eq!(count::<TableTop>(&mut app), 1);
}

#[test]
fn line_of_sight_results_follow_a_model_after_it_moves() {
    use wartable::app::tools::sight_tools::{SightTool, core_plugin};
    use wartable::table::Verdict;
    // The ship deck: trooper #1 in the corridor's west end, the wraith #3 at its east end.
    let mut app = app_with("levels/kry-deck.ron");
    app.add_plugins(core_plugin);
    {
        let mut tool = app.world_mut().resource_mut::<SightTool>();
        tool.shooter = Some(ModelId(1));
        tool.target = Some(ModelId(3));
    }
    app.update();
    let verdict = |app: &App| {
        app.world()
            .resource::<SightTool>()
            .los
            .as_ref()
            .map(|l| l.verdict)
    };
    let before = verdict(&app);
    assert!(before.is_some());
    // Put the wraith into the lab behind the bulkheads: no line of sight.
    app.world_mut()
        .resource_mut::<TableState>()
        .table
        .move_model(ModelId(3), Pt::new(6.0, 5.0))
        .unwrap();
    app.update();
    assert_eq!(verdict(&app), Some(Verdict::None));
    // And back into the open corridor, 6" in front of the trooper: full sight.
    app.world_mut()
        .resource_mut::<TableState>()
        .table
        .move_model(ModelId(3), Pt::new(9.0, 12.0))
        .unwrap();
    app.update();
    assert_eq!(verdict(&app), Some(Verdict::Full));
}

#[test]
fn the_editor_paints_places_and_undoes_through_the_entities() {
    use wartable::app::base::mode::Mode;
    use wartable::app::base::state::Notices;
    use wartable::app::screens::editor::{Editor, core_plugin};
    use wartable::edit::ops::brush_tiles;
    use wartable::edit::presets::PRESETS;
    use wartable::edit::{EditLevel, EditOp};
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::transform::TransformPlugin,
        wartable::app::view::table_entities::plugin,
        core_plugin,
    ));
    let level = EditLevel::new("Built", 48.0, 36.0, 2.0).unwrap();
    app.insert_resource(TableState::new(level.to_file(), level.table.clone(), None));
    app.insert_resource(Editor::new(level, None));
    // core_plugin's state starts at the sandbox; the editor screen is asked for.
    app.world_mut()
        .resource_mut::<bevy::state::state::NextState<Mode>>()
        .set(Mode::Editor);
    app.update();
    assert_eq!(count::<TerrainTile>(&mut app), 0);
    assert_eq!(count::<TerrainPiece>(&mut app), 0);
    let mut notices = Notices::default();
    {
        let mut ed = app.world_mut().resource_mut::<Editor>();
        let tiles = brush_tiles(&ed.history.current().table, Pt::new(11.0, 11.0), 3);
        ed.apply(
            EditOp::PaintKind {
                tiles,
                kind: GroundKind::Rough,
            },
            &mut notices,
        );
        ed.apply(
            EditOp::AddPiece(PRESETS[0].piece_at(Pt::new(30.0, 20.0), 0.0)),
            &mut notices,
        );
    }
    app.update();
    assert_eq!(count::<TerrainTile>(&mut app), 9);
    assert_eq!(count::<TerrainPiece>(&mut app), 1);
    assert_eq!(
        app.world().resource::<TableState>().table.tiles.kind(5, 5),
        GroundKind::Rough
    );
    {
        let mut ed = app.world_mut().resource_mut::<Editor>();
        ed.undo();
        ed.undo();
    }
    app.update();
    assert_eq!(count::<TerrainTile>(&mut app), 0);
    assert_eq!(count::<TerrainPiece>(&mut app), 0);
    assert!(notices.status.is_empty(), "{}", notices.status);
    app.world_mut().resource_mut::<Editor>().redo();
    app.update();
    assert_eq!(count::<TerrainTile>(&mut app), 9);
}

#[test]
fn closing_the_window_on_unsaved_editor_work_asks_first() {
    use bevy::window::WindowCloseRequested;
    use wartable::app::base::state::Notices;
    use wartable::app::screens::editor::{Editor, QuitPrompt, quit_plugin};
    use wartable::edit::{EditLevel, EditOp};
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, quit_plugin))
        .add_message::<WindowCloseRequested>();
    let level = EditLevel::new("Work", 24.0, 24.0, 2.0).unwrap();
    app.insert_resource(Editor::new(level, None));
    // Nothing unsaved: the window closes.
    let w1 = app.world_mut().spawn_empty().id();
    app.world_mut()
        .write_message(WindowCloseRequested { window: w1 });
    app.update();
    assert!(app.world().get_entity(w1).is_err());
    assert_eq!(app.world().resource::<QuitPrompt>().0, None);
    // Unsaved work: the window stays and the prompt is raised.
    let mut n = Notices::default();
    app.world_mut().resource_mut::<Editor>().apply(
        EditOp::Rename {
            name: "Changed".into(),
            description: String::new(),
        },
        &mut n,
    );
    let w2 = app.world_mut().spawn_empty().id();
    app.world_mut()
        .write_message(WindowCloseRequested { window: w2 });
    app.update();
    assert!(app.world().get_entity(w2).is_ok());
    assert_eq!(app.world().resource::<QuitPrompt>().0, Some(w2));
}

/// The sandbox's heavy hits: a click on a weak floor places a damaged-structure marker, and a
/// model dragged onto it rolls the sandbox's dice. A game starts with the markers cleared and
/// the tool put down, and the tool neither places markers nor rolls there: a game rolls only its
/// own dice.
#[test]
fn heavy_hits_and_their_rolls_belong_to_the_sandbox_not_to_a_game() {
    use wartable::app::base::mode::Mode;
    use wartable::app::base::state::{ActiveTool, Notices, PointerOverUi, SandboxDice};
    use wartable::app::tools::sight_tools::{Hazards, hazard_plugin};
    use wartable::app::view::interact::Drag;
    use wartable::app::view::picking::CursorHit;
    let mut app = app_with("levels/kry-deck.ron");
    app.add_plugins(bevy::state::app::StatesPlugin)
        .insert_state(Mode::Sandbox)
        .init_resource::<Notices>()
        .init_resource::<CursorHit>()
        .init_resource::<Drag>()
        .init_resource::<PointerOverUi>()
        .init_resource::<ButtonInput<MouseButton>>()
        .insert_resource(ActiveTool::HeavyHit)
        .insert_resource(SandboxDice(wartable::dice::Dice::new(7)))
        .add_plugins(hazard_plugin);
    let click = |app: &mut App, at: Pt| crate::common::click(app, None, Some(at));
    let markers = |app: &App| app.world().resource::<Hazards>().markers.len();
    let rolls = |app: &App| app.world().resource::<SandboxDice>().0.log().len();
    // The weak floor at (18, 12) in the sandbox: a marker.
    click(&mut app, Pt::new(18.0, 12.0));
    assert_eq!(markers(&app), 1);
    // Open floor: none.
    click(&mut app, Pt::new(10.0, 12.0));
    assert_eq!(markers(&app), 1);
    // The trooper dragged onto the marker: the floor is rolled for.
    {
        let mut drag = app.world_mut().resource_mut::<Drag>();
        drag.model = Some(ModelId(1));
        drag.start = Pt::new(3.0, 12.0);
    }
    app.update();
    app.world_mut()
        .resource_mut::<TableState>()
        .table
        .move_model(ModelId(1), Pt::new(18.0, 12.0))
        .unwrap();
    app.world_mut().resource_mut::<Drag>().model = None;
    app.update();
    assert_eq!(rolls(&app), 1);
    assert!(
        app.world()
            .resource::<Notices>()
            .status
            .starts_with("Damaged structure"),
        "{}",
        app.world().resource::<Notices>().status
    );
    // A game begins: the sandbox's markers go and the tool is put down.
    app.world_mut()
        .resource_mut::<NextState<Mode>>()
        .set(Mode::Game);
    app.update();
    assert_eq!(markers(&app), 0);
    assert_eq!(*app.world().resource::<ActiveTool>(), ActiveTool::Select);
    // Taken up again by hand, it places nothing; and a drag onto a marker left there rolls
    // nothing.
    app.insert_resource(ActiveTool::HeavyHit);
    click(&mut app, Pt::new(18.0, 12.0));
    assert_eq!(markers(&app), 0);
    app.world_mut()
        .resource_mut::<Hazards>()
        .markers
        .push(wartable::table::template::Hazard {
            centre: Pt::new(18.0, 12.0),
            diameter: 2.0,
        });
    app.world_mut().resource_mut::<Drag>().model = Some(ModelId(1));
    app.update();
    app.world_mut().resource_mut::<Drag>().model = None;
    app.update();
    assert_eq!(rolls(&app), 1);
}
