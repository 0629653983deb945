//! The replay viewer in a headless app: a KOG light save opened as a replay (the table and the
//! game follow the position as it steps and scrubs, and take no command), played on from a
//! position as a new game that takes commands; the program's reasons of the step at the position
//! ("Why?"), where the save kept them; a save that cannot be watched leaves the app as
//! it was, with the reason in the errors panel.

use bevy::prelude::*;
use wartable::app::base::state::{ActiveTool, Notices, PointerOverUi, Selection, TableState};
use wartable::app::game::registry::{PlayRegistry, RuleSetApp};
use wartable::app::game::session::ActiveGame;
use wartable::app::games::kog::session::KogSession;
use wartable::app::screens::replay::state::{ReplayAction, ReplayView, StartReplay};
use wartable::app::view::interact::{Drag, GameGate, Gesture};
use wartable::rules::core::{Game, Player, QuickSetup, RuleSet};
use wartable::rules::kog::Kog;

/// A headless app with the play registry's KOG light, the mirror and the replay screen, on the
/// level of `level`, with no game.
fn viewer_app(level: wartable::data::LevelFile) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::transform::TransformPlugin,
        bevy::state::app::StatesPlugin,
        wartable::app::view::table_entities::plugin,
        wartable::app::view::mirror::plugin,
        wartable::app::screens::replay::open::plugin,
        wartable::app::screens::replay::drive::plugin,
    ));
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
    app.insert_state(wartable::app::base::mode::Mode::Sandbox);
    let mut reg = PlayRegistry::default();
    reg.add(RuleSetApp::new(
        Kog::ID,
        wartable::app::games::kog::menu::load_for_play,
        wartable::app::games::kog::menu::online_session,
    ));
    app.insert_resource(reg);
    let table = level.to_table();
    app.insert_resource(TableState::new(level, table, None));
    app.update();
    app
}

fn kog(app: &App) -> &KogSession {
    app.world()
        .resource::<ActiveGame>()
        .get::<KogSession>()
        .expect("a KOG light session")
}

fn act(app: &mut App, a: ReplayAction) {
    app.world_mut().write_message(a);
    app.update();
}

#[test]
fn a_replay_steps_scrubs_and_plays_on_at_the_table() {
    let setup = Kog::quick_setup(&QuickSetup {
        seed: 3,
        ..Default::default()
    })
    .unwrap();
    let mut g = Game::<Kog>::new(setup).unwrap();
    g.self_play(200);
    let dir = crate::common::temp_dir("replay-app");
    let path = dir.join("kog.ron");
    g.save(&path).unwrap();
    let straight = |k: usize| Game::<Kog>::replay(g.setup.clone(), &g.log[..k]).unwrap();

    let mut app = viewer_app(g.setup.level.clone());
    // A save that does not load: the errors panel says why, and no game starts.
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "Save(rules: \"kog-light\"").unwrap();
    app.insert_resource(StartReplay(bad));
    app.update();
    app.update();
    assert!(app.world().get_resource::<ActiveGame>().is_none());
    assert!(app.world().get_resource::<ReplayView>().is_none());
    let errors = app.world().resource::<Notices>().errors.clone();
    assert!(errors.iter().any(|e| e.contains("bad.ron:")), "{errors:?}");

    app.insert_resource(StartReplay(path));
    app.update();
    app.update();
    assert_eq!(kog(&app).game.log.len(), 0);
    assert!(kog(&app).shell.viewer);
    assert_eq!(
        app.world().resource::<ReplayView>().replay.len(),
        g.log.len()
    );
    // Every seat is watched: nobody at the screen nor the program plays.
    assert!(
        kog(&app)
            .game
            .seats()
            .iter()
            .all(|s| kog(&app).game.player(*s) == Player::Remote)
    );

    for _ in 0..5 {
        act(&mut app, ReplayAction::Step(1));
    }
    assert_eq!(kog(&app).game.hash(), straight(5).hash());
    // Scrub to the middle: the game, its combat log and the table follow.
    let k = g.log.len() / 2;
    act(&mut app, ReplayAction::Seek(k));
    let want = straight(k);
    assert_eq!(kog(&app).game.hash(), want.hash());
    assert_eq!(kog(&app).game.journal, want.journal);
    app.update();
    let shown: Vec<_> = app
        .world()
        .resource::<TableState>()
        .table
        .models
        .iter()
        .map(|m| (m.id, m.pos))
        .collect();
    let table = wartable::app::games::kog::session::view_table(&want.state);
    let expected: Vec<_> = table.models.iter().map(|m| (m.id, m.pos)).collect();
    assert_eq!(shown, expected);
    // A step back.
    act(&mut app, ReplayAction::Step(-1));
    assert_eq!(kog(&app).game.hash(), straight(k - 1).hash());
    // The table takes no command while a replay is shown.
    {
        let next = g.log[k - 1].cmd.clone();
        let mut active = app.world_mut().resource_mut::<ActiveGame>();
        let s = active.get_mut::<KogSession>().unwrap();
        assert!(s.shell.submit(&mut s.game, next).is_err());
        assert_eq!(s.game.log.len(), k - 1);
    }
    // Jump to round 2.
    act(&mut app, ReplayAction::Round(2));
    let at = kog(&app).game.log.len();
    assert!(at > 0 && at < g.log.len());
    assert_eq!(Kog::round(&kog(&app).game.state), 2);
    assert!(Kog::round(&straight(at - 1).state) < 2);
    // Play on from here: a game to play, from the position shown.
    act(&mut app, ReplayAction::Seek(k));
    act(
        &mut app,
        ReplayAction::PlayOn(vec![Player::Human, Player::Program]),
    );
    app.update();
    assert!(app.world().get_resource::<ReplayView>().is_none());
    assert!(!kog(&app).shell.viewer);
    assert_eq!(kog(&app).game.hash(), straight(k).hash());
    assert_eq!(kog(&app).game.player(2), Player::Program);
    let next = g.log[k].clone();
    {
        let mut active = app.world_mut().resource_mut::<ActiveGame>();
        let s = active.get_mut::<KogSession>().unwrap();
        s.shell
            .submit_as(&mut s.game, next.seat, next.cmd)
            .expect("the game played on takes a command");
    }
    assert_eq!(kog(&app).game.hash(), straight(k + 1).hash());
}

#[test]
fn the_replay_viewer_shows_the_programs_reasons_of_the_step_at_its_position() {
    let setup = Kog::quick_setup(&QuickSetup {
        seed: 5,
        ..Default::default()
    })
    .unwrap();
    let mut g = Game::<Kog>::new(setup).unwrap();
    g.keep_reasons = true;
    g.self_play(80);
    assert!(g.reasons.len() >= 3, "{} reasons kept", g.reasons.len());
    let dir = crate::common::temp_dir("replay-why");
    let path = dir.join("kog.ron");
    g.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("reasons: ["), "the save keeps the reasons");
    // The reasons are beside the game: the same save without them has the same hash.
    let mut plain = g.clone();
    plain.reasons.clear();
    assert_eq!(plain.to_save().state_hash, g.to_save().state_hash);
    let back = Game::<Kog>::load_text("kog.ron", &text).expect("reaches its hash");
    assert_eq!(back.reasons, g.reasons);

    let mut app = viewer_app(g.setup.level.clone());
    app.insert_resource(StartReplay(path));
    app.update();
    app.update();
    let why = |app: &App| app.world().resource::<ActiveGame>().0.game().last_reasons();
    assert_eq!(why(&app), None, "at the start no step is played");
    // At the position just after a decision of the program: its reasons.
    let r = &g.reasons[2];
    act(&mut app, ReplayAction::Seek(r.command + 1));
    let lines = why(&app).expect("the reasons of the step at the position");
    let round = Kog::round(&kog(&app).game.state);
    assert_eq!(
        lines[0],
        format!("Step {} of the log, round {round}:", r.command + 1)
    );
    assert_eq!(lines[1..], r.lines()[..]);
    // A step back, before that decision: the program's decision before it, not a later one.
    act(&mut app, ReplayAction::Step(-1));
    let before = g.reasons[1].command + 1;
    let lines = why(&app).expect("the reasons of an earlier step");
    assert!(
        lines[0].starts_with(&format!("Step {before} of the log")),
        "{lines:?}"
    );
    // The battle report's save text keeps them too.
    let saved = app
        .world()
        .resource::<ReplayView>()
        .replay
        .save_text()
        .unwrap();
    assert!(saved.contains("reasons: ["));
}

#[test]
fn a_save_without_reasons_opens_as_a_replay_with_no_why() {
    let path = std::path::Path::new("tests/data/kog-save-v2-duel.ron");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(!text.contains("reasons"));
    let g = Game::<Kog>::load_text("duel", &text).expect("an older save loads");
    assert!(g.reasons.is_empty());
    let mut app = viewer_app(g.setup.level.clone());
    app.insert_resource(StartReplay(path.to_path_buf()));
    app.update();
    app.update();
    act(&mut app, ReplayAction::Seek(g.log.len()));
    let active = app.world().resource::<ActiveGame>();
    assert_eq!(active.0.game().commands(), g.log.len());
    assert_eq!(active.0.game().last_reasons(), None);
}
