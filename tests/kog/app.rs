//! The game in a headless app: the ECS mirrors the game state, and gestures on the table become
//! commands that the rules accept or refuse.

use super::*;
use bevy::prelude::{App, ButtonInput, KeyCode, MouseButton, Transform, Vec3};
use wartable::app::base::state::{Notices, TableState};
use wartable::app::game::session::ActiveGame;
use wartable::app::games::kog::session::{KogSession, Placing, Player, view_table};
use wartable::app::view::interact::{GameGate, Gesture};
use wartable::app::view::picking::CursorHit;
use wartable::app::view::table_entities::Miniature;
use wartable::rules::kog::Command;
use wartable::rules::kog::force::BattleSize;
use wartable::rules::kog::state::{Half, Phase, Split};

fn app_for(game: KogGame) -> App {
    let level = game.setup.level.clone();
    let table = view_table(&game.state);
    crate::common::game_app(
        (
            wartable::app::screens::play::keys::plugin,
            wartable::app::games::kog::input::plugin,
        ),
        level,
        table,
        ActiveGame::new(KogSession::new(game)),
        None,
    )
}

/// The KOG light session in play.
fn kog(app: &App) -> &KogSession {
    app.world()
        .resource::<ActiveGame>()
        .get::<KogSession>()
        .expect("a KOG light game")
}

fn duel() -> KogGame {
    new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Duel, &["Panther"]),
    )
}

fn mini_pos(app: &mut App, id: u32) -> Option<Vec3> {
    let mut q = app.world_mut().query::<(&Miniature, &Transform)>();
    q.iter(app.world())
        .find(|(m, _)| m.id.0 == id)
        .map(|(_, t)| t.translation)
}

#[test]
fn dropped_models_move_by_the_rules_or_go_back() {
    let mut g = duel();
    start(&mut g, &[(1, 10.0, 5.0), (2, 20.0, 5.0), (3, 30.0, 30.0)]);
    let mut app = app_for(g);
    assert_eq!(
        app.world().resource::<GameGate>().movable,
        vec![id(1), id(2)],
        "side 1 may drag its own unmoved models"
    );
    // The drag itself moves the table's copy; the drop asks the rules.
    let to = Pt::new(10.0, 9.0);
    drag_and_drop(&mut app, 1, Pt::new(10.0, 5.0), to);
    let s = kog(&app);
    assert_eq!(
        s.state().table.model(id(1)).unwrap().pos,
        to,
        "the rules moved it"
    );
    assert!(s.state().turn.moved.contains_key(&id(1)));
    let p = mini_pos(&mut app, 1).unwrap();
    assert!((p - Vec3::new(10.0, 0.0, -9.0)).length() < 1e-3, "{p}");
    assert!(!app.world().resource::<GameGate>().movable.contains(&id(1)));
    // Too far for a 6" Combat Move: refused, and the model goes back.
    let far = Pt::new(20.0, 20.0);
    drag_and_drop(&mut app, 2, Pt::new(20.0, 5.0), far);
    assert!(
        app.world()
            .resource::<Notices>()
            .status
            .contains("out of reach")
    );
    assert_eq!(
        app.world()
            .resource::<TableState>()
            .table
            .model(id(2))
            .unwrap()
            .pos,
        Pt::new(20.0, 5.0)
    );
    let p = mini_pos(&mut app, 2).unwrap();
    assert!((p - Vec3::new(20.0, 0.0, -5.0)).length() < 1e-3, "{p}");
    // Ctrl+Z takes the move back (it rolled no dice), and the miniature goes with it.
    {
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.press(KeyCode::ControlLeft);
        keys.press(KeyCode::KeyZ);
    }
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .reset_all();
    app.update();
    assert!(!kog(&app).state().turn.moved.contains_key(&id(1)));
    let p = mini_pos(&mut app, 1).unwrap();
    assert!((p - Vec3::new(10.0, 0.0, -5.0)).length() < 1e-3, "{p}");
    // Turning is a command too.
    app.world_mut().write_message(Gesture::Turned {
        model: id(2),
        facing: 45.0,
    });
    app.update();
    app.update();
    assert_eq!(
        app.world()
            .resource::<TableState>()
            .table
            .model(id(2))
            .unwrap()
            .facing,
        45.0
    );
}

#[test]
fn a_click_deploys_the_chosen_model() {
    let mut g = duel();
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::KeepRolls);
    ok(&mut g, Command::ChooseRole { attacker: false });
    ok(
        &mut g,
        Command::ChooseTerritory {
            split: Split::NearFar,
            half: Half::LeftOrNear,
        },
    );
    assert_eq!(g.state.phase, Phase::Deploy { side: 1 });
    let mut app = app_for(g);
    assert!(mini_pos(&mut app, 1).is_none(), "not on the table yet");
    app.world_mut()
        .resource_mut::<ActiveGame>()
        .get_mut::<KogSession>()
        .expect("a KOG light game")
        .placing = Placing::Deploy(id(1));
    crate::common::click(&mut app, None, Some(Pt::new(12.0, 3.0)));
    app.update();
    let s = kog(&app);
    assert!(s.state().on_table(id(1)));
    assert_eq!(s.placing, Placing::Deploy(id(2)), "the next model is up");
    let p = mini_pos(&mut app, 1).expect("a miniature for the deployed model");
    assert!((p - Vec3::new(12.0, 0.0, -3.0)).length() < 1e-3);
    // A click outside the deployment area is refused with the reason.
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .reset_all();
    app.world_mut().resource_mut::<CursorHit>().ground = Some(Pt::new(12.0, 12.0));
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Left);
    app.update();
    assert!(
        app.world()
            .resource::<Notices>()
            .status
            .contains("more than 12"),
        "{}",
        app.world().resource::<Notices>().status
    );
}

/// A saved game remembers which sides the program plays, and opens with them.
#[test]
fn a_loaded_battle_keeps_who_plays_each_side() {
    let setup = super::setup(
        open_level(48.0, 36.0),
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    );
    let mut g = KogGame::new(setup).unwrap();
    g.set_player(2, Player::Program);
    let path = crate::common::temp_dir("kog-players").join("b.ron");
    g.save(&path).unwrap();
    let s = wartable::app::games::kog::menu::load_session(&path).expect("loads");
    assert_eq!(s.game.players, [Player::Human, Player::Program]);
    assert_eq!(s.shell.save_path.as_deref(), Some(path.as_path()));
    assert!(s.shell.last_error.is_none());
}

/// Drags model `n` from `from` to `to` as the pointer does (the table's copy follows the drag),
/// drops it, and lets the app answer.
fn drag_and_drop(app: &mut App, n: u32, from: Pt, to: Pt) {
    app.world_mut()
        .resource_mut::<TableState>()
        .table
        .model_mut(id(n))
        .unwrap()
        .pos = to;
    app.world_mut().write_message(Gesture::Dropped {
        model: id(n),
        from,
        to,
    });
    app.update();
    app.update();
}

/// The shared play screen drives a KOG light game through its trait objects alone: the program
/// plays only the seats handed to it, undo clears the panel's half-made choice, and a save of
/// any rule set opens through the registry by its header.
#[test]
fn the_play_shell_drives_kog_light_through_its_interface() {
    use wartable::app::game::registry::{PlayRegistry, RuleSetApp};
    use wartable::rules::core::RulesId;
    let mut active = ActiveGame::new(KogSession::new(duel()));
    assert!(active.human_to_act() && !active.program_to_act());
    assert!(
        !active.0.game_mut().program_step(),
        "no seat is the program's"
    );
    active.0.game_mut().set_player(1, Player::Program);
    active.0.game_mut().set_player(2, Player::Program);
    assert!(active.program_to_act());
    assert!(active.0.game_mut().program_step(), "the program rolls off");
    assert_eq!(active.0.game().commands(), 1);
    // A step without dice taken back through the shell.
    let mut active = ActiveGame::new(KogSession::new(duel()));
    let s = active.get_mut::<KogSession>().unwrap();
    s.submit(Command::Concede { side: 2 }).unwrap();
    s.placing = Placing::Deploy(id(1));
    let rev = active.shell().rev;
    assert_eq!(active.undo().ok().as_deref(), Some("Concede { side: 2 }"));
    assert_eq!(active.get::<KogSession>().unwrap().placing, Placing::None);
    assert!(active.shell().rev > rev);
    assert_eq!(active.0.game().commands(), 0);
    // The registry opens a save by the rule set its header names.
    let dir = crate::common::temp_dir("play-registry");
    let path = dir.join("g.ron");
    duel().save(&path).unwrap();
    let mut reg = PlayRegistry::default();
    let Err(e) = reg.load(&path) else {
        panic!("nothing is registered yet");
    };
    assert!(e[0].contains("cannot be played at the table yet"), "{e:?}");
    reg.add(RuleSetApp::new(
        RulesId::KogLight,
        wartable::app::games::kog::menu::load_for_play,
        wartable::app::games::kog::menu::online_session,
    ));
    let (game, level) = reg.load(&path).expect("opens");
    assert!(game.is::<KogSession>());
    assert_eq!(level.name, "test");
    assert_eq!(game.shell().save_path.as_deref(), Some(path.as_path()));
}

/// F1 in a KOG light game lists the play screen's keys and KOG light's gestures and markers, and
/// no interrupt key (that is Kry-Gothic's) nor the sandbox's heavy-hit tool.
#[test]
fn f1_in_a_kog_light_game_lists_its_keys_not_another_rule_sets() {
    use wartable::app::screens::help::{HelpScreen, ScreenHelp};
    let mut app = app_for(duel());
    app.add_plugins(wartable::app::screens::help::plugin);
    app.update();
    let h = app.world().resource::<ScreenHelp>().clone();
    assert_eq!(h.screen, HelpScreen::Game);
    assert_eq!(h.title, "KOG light game");
    assert!(h.mentions("Commander"), "{h:?}");
    assert!(h.mentions("Ctrl+Z"), "{h:?}");
    assert!(!h.mentions("interrupt"), "{h:?}");
    assert!(!h.mentions("heavy hit"), "{h:?}");
}
