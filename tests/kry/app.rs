//! Kry-Gothic at the table, in a headless app with a simulated clock: each side's interrupt key
//! claims its window and holds the other side, the countdown runs out into a pass, a unit in
//! waiting interrupts a combo, and a face-off resolves with the program answering it.

use super::game::{apart, mv, small};
use super::*;
use bevy::prelude::{App, ButtonInput, KeyCode};
use std::time::Duration;
use wartable::app::game::session::ActiveGame;
use wartable::app::games::kry::session::KrySession;
use wartable::app::games::kry::tempo::WindowKind;
use wartable::rules::core::Player;
use wartable::rules::kry::command::MoveKind;
use wartable::rules::kry::faceoff::{FaceOffAction, FaceOffChoice};
use wartable::rules::kry::ranged::FireMode;
use wartable::rules::kry::state::Pending;

/// A headless app playing `game`, the countdown `countdown` seconds, each update one `step` of
/// the clock.
fn app_for(game: KryGame, countdown: Option<f32>, step: Duration) -> App {
    let level = game.setup.level.clone();
    let table = wartable::table::Table::clone(&game.state.table);
    crate::common::game_app(
        (
            wartable::app::screens::play::program::plugin,
            wartable::app::games::kry::input::plugin,
            wartable::app::games::kry::clock::plugin,
        ),
        level,
        table,
        ActiveGame::new(KrySession::new(game, countdown)),
        Some(step),
    )
}

fn kry(app: &mut App) -> &mut KrySession {
    app.world_mut()
        .resource_mut::<ActiveGame>()
        .into_inner()
        .get_mut::<KrySession>()
        .expect("a Kry-Gothic game")
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

fn wraith_lord_fires_at(t: u32) -> Command {
    Command::Shoot {
        shooter: id(4),
        target: id(t),
        weapon: "Hex Bolt".into(),
        mode: FireMode::Standard,
        second: None,
    }
}

/// "the other player may interrupt at ANY stage": after side 1's order a window opens for side
/// 2 with its countdown; side 2's key (Enter) claims it, which stops the countdown and holds side
/// 1; side 1's key (Tab), pressed meanwhile, claims side 1's next window.
#[test]
fn the_interrupt_keys_claim_windows() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    let mut app = app_for(g, Some(4.0), Duration::from_millis(500));
    kry(&mut app)
        .order(1, mv(2, 10.0, 4.5, MoveKind::Normal))
        .expect("side 1 moves");
    app.update();
    let w = kry(&mut app)
        .tempo
        .window
        .clone()
        .expect("a window for side 2");
    assert_eq!(
        (w.side, w.kind, w.claimed),
        (2, WindowKind::AfterOrder, false)
    );
    assert!(w.left.is_some_and(|l| l < 4.0 && l > 3.0), "{w:?}");
    // Side 1 waits while the window is open.
    let e = kry(&mut app)
        .order(1, mv(3, 16.0, 4.5, MoveKind::Normal))
        .expect_err("side 1 is held");
    assert!(e.to_string().contains("side 2 may interrupt"), "{e}");
    press(&mut app, KeyCode::Enter);
    let w = kry(&mut app).tempo.window.clone().expect("still open");
    assert!(w.claimed && w.left.is_none(), "{w:?}");
    // Claimed, it does not run out.
    for _ in 0..12 {
        app.update();
    }
    assert!(kry(&mut app).tempo.window.is_some());
    press(&mut app, KeyCode::Tab);
    assert!(
        kry(&mut app).tempo.claims[0],
        "side 1's next window is claimed"
    );
    // Side 2 answers: its Wraith Lord fires (2, 2, 2: three misses); side 1's window opens,
    // claimed already.
    kry(&mut app).game.dice.force(&[2, 2, 2]);
    kry(&mut app)
        .order(2, wraith_lord_fires_at(2))
        .expect("side 2 interrupts");
    app.update();
    let w = kry(&mut app).tempo.window.clone().expect("side 1's window");
    assert_eq!((w.side, w.claimed, w.left), (1, true, None));
    assert!(!kry(&mut app).tempo.claims[0], "the claim is used");
}

/// The countdown "perhaps only 4 seconds to make up your mind": a combo's window for side 2 runs
/// out on the app's clock and passes, and the combo goes on to its next step.
#[test]
fn the_countdown_runs_out_and_the_combo_goes_on() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    // The app's virtual clock takes at most 250 ms a frame.
    let mut app = app_for(g, Some(4.0), Duration::from_millis(250));
    let steps = vec![
        mv(2, 10.0, 4.5, MoveKind::Normal),
        mv(2, 10.0, 7.0, MoveKind::Normal),
    ];
    kry(&mut app)
        .order(1, Command::Order { steps })
        .expect("the combo is given");
    let pos = |app: &mut App| kry(app).state().table.model(id(2)).unwrap().pos;
    assert_eq!(pos(&mut app), Pt::new(10.0, 4.5));
    app.update();
    let w = kry(&mut app)
        .tempo
        .window
        .clone()
        .expect("the combo's window");
    assert_eq!(
        w.kind,
        WindowKind::Combo {
            waiting_only: false
        }
    );
    let before = w.left.expect("counting down");
    for _ in 0..8 {
        app.update();
    }
    let now = kry(&mut app).tempo.window.clone().expect("open still");
    assert!(
        now.left.is_some_and(|l| (before - l - 2.0).abs() < 1e-3),
        "two seconds off: {before} then {now:?}"
    );
    assert_eq!(pos(&mut app), Pt::new(10.0, 4.5), "the next step waits");
    for _ in 0..8 {
        app.update();
    }
    assert!(kry(&mut app).tempo.window.is_none(), "time is up");
    assert_eq!(pos(&mut app), Pt::new(10.0, 7.0), "the combo went on");
    let s = kry(&mut app).state().clone();
    assert!(s.combo.is_none() && s.pending.is_none());
    assert_eq!(s.tally[0].combo_commands, 2, "it completed");
    let last = kry(&mut app).game.log.last().cloned().expect("a command");
    assert_eq!((last.seat, last.cmd), (2, Command::Pass));
}

/// A unit in waiting interrupts a combo between different actions: side 2 claims the window
/// with its key and fires with the waiting Wraith Lord; the combo stops.
#[test]
fn a_waiting_unit_interrupts_a_combo_at_the_table() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 4, 10.0, 14.0);
    let mut app = app_for(g, None, Duration::from_millis(500));
    kry(&mut app)
        .order(2, Command::Wait { model: id(4) })
        .expect("the Wraith Lord waits");
    app.update();
    // Without a countdown, side 1's window waits for its pass; side 1 gives its combo in it.
    assert_eq!(kry(&mut app).tempo.window.as_ref().map(|w| w.side), Some(1));
    let steps = vec![
        mv(2, 10.0, 4.0, MoveKind::Normal),
        Command::Shoot {
            shooter: id(2),
            target: id(4),
            weapon: "Carbine".into(),
            mode: FireMode::Standard,
            second: None,
        },
    ];
    kry(&mut app)
        .order(1, Command::Order { steps })
        .expect("the combo is given");
    app.update();
    let w = kry(&mut app)
        .tempo
        .window
        .clone()
        .expect("the combo's window");
    assert_eq!(w.kind, WindowKind::Combo { waiting_only: true });
    assert_eq!(w.left, None, "no countdown");
    press(&mut app, KeyCode::Enter);
    assert!(
        kry(&mut app)
            .tempo
            .window
            .as_ref()
            .is_some_and(|w| w.claimed)
    );
    let e = kry(&mut app)
        .order(2, mv(6, 16.0, 20.0, MoveKind::Normal))
        .expect_err("only the waiting unit");
    assert!(e.to_string().contains("waiting"), "{e}");
    kry(&mut app).game.dice.force(&[2, 2, 2]);
    kry(&mut app)
        .order(2, wraith_lord_fires_at(2))
        .expect("the waiting unit fires");
    app.update();
    let s = kry(&mut app).state().clone();
    assert!(s.combo.is_none(), "the combo stopped");
    assert!(s.tally[1].interrupted_combo);
    assert_eq!(s.table.model(id(2)).unwrap().pos, Pt::new(10.0, 4.0));
}

/// A face-off at the table against the program: side 1 calls it and names a move in secret;
/// the program (side 2) answers on its clock by naming the order it would give anyway (it does
/// not pull out), without seeing side 1's pick; the winner carries its named action through,
/// and the face-off is over.
#[test]
fn a_face_off_resolves_against_the_program() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    g.set_player(2, Player::Program);
    let mut app = app_for(g, Some(4.0), Duration::from_millis(100));
    // The program acts on its own clock; the face-off is called before its first tick.
    kry(&mut app)
        .order(1, Command::CallFaceOff)
        .expect("side 1 calls a face-off");
    kry(&mut app)
        .order(
            1,
            Command::FaceOffChoose {
                choice: Some(FaceOffChoice {
                    action: FaceOffAction::Movement,
                    model: id(1),
                    target: None,
                }),
            },
        )
        .expect("side 1 names its action");
    // The other seat's view does not show side 1's pick.
    let hidden = Kry::redact(kry(&mut app).state(), 2);
    assert!(
        matches!(&hidden.pending, Some(Pending::FaceOff(f)) if f.picks[0] == wartable::rules::kry::state::FaceOffPick::Hidden)
    );
    for _ in 0..10 {
        app.update();
    }
    let log = kry(&mut app).game.log.clone();
    let named = log.iter().find_map(|l| match &l.cmd {
        Command::FaceOffChoose { choice } if l.seat == 2 => Some(choice.clone()),
        _ => None,
    });
    let Some(Some(theirs)) = named else {
        panic!("the program names an action: {named:?}")
    };
    match kry(&mut app).state().pending.clone() {
        // Side 1 won: only its named model's move is taken.
        Some(Pending::FaceOffWon { side: 1, .. }) => {
            let e = kry(&mut app)
                .order(1, mv(2, 10.0, 4.5, MoveKind::Normal))
                .expect_err("the named model moves");
            assert!(e.to_string().contains("carry through"), "{e}");
            kry(&mut app)
                .order(1, mv(1, 4.0, 4.5, MoveKind::Normal))
                .expect("the named move");
            assert!(kry(&mut app).state().pending.is_none());
        }
        // The program won: it carried its named action through on its clock.
        p => {
            assert!(
                !matches!(p, Some(Pending::FaceOff(_) | Pending::FaceOffWon { .. })),
                "{p:?}"
            );
            let after = log
                .iter()
                .skip_while(|l| !matches!(l.cmd, Command::FaceOffChoose { .. } if l.seat == 2))
                .nth(1)
                .expect("the program's order after the face-off");
            assert_eq!(after.seat, 2);
            assert_eq!(after.cmd.model(), Some(theirs.model), "{:?}", after.cmd);
        }
    }
}

/// Screens are Bevy states: leaving a game (the play bar's Leave game) goes back to the sandbox
/// screen, drops the game, and takes with it the entities that belong to the game screen
/// (`DespawnOnExit`), not the others.
#[test]
fn leaving_a_game_switches_the_screen_and_drops_its_entities() {
    use bevy::prelude::*;
    use wartable::app::base::mode::Mode;
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    let mut app = app_for(g, None, Duration::from_millis(100));
    app.add_plugins(wartable::app::screens::play::requests::plugin)
        .init_resource::<wartable::app::screens::menu::MainMenu>();
    let scoped = app.world_mut().spawn(DespawnOnExit(Mode::Game)).id();
    let kept = app.world_mut().spawn(Transform::default()).id();
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Game);
    app.world_mut()
        .resource_mut::<wartable::app::screens::play::requests::GameRequests>()
        .leave = true;
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Mode>>().get(), Mode::Sandbox);
    assert!(!app.world().contains_resource::<ActiveGame>());
    assert!(app.world().get_entity(scoped).is_err(), "the game's own");
    assert!(app.world().get_entity(kept).is_ok());
}

/// The split snap shot's picker: the first target picked waits for the second; the second gives
/// the snap shot with both ("two attacks for base AP cost").
#[test]
fn the_split_snap_shot_picks_two_targets() {
    use wartable::app::games::kry::input::split_click;
    use wartable::app::games::kry::session::Placing;
    let first = split_click(id(1), "Assault Rifle".into(), None, id(6));
    assert_eq!(
        first,
        Err(Placing::SnapSplit {
            shooter: id(1),
            weapon: "Assault Rifle".into(),
            first: Some(id(6)),
        })
    );
    let shot = split_click(id(1), "Assault Rifle".into(), Some(id(6)), id(5));
    assert_eq!(
        shot,
        Ok(Command::Shoot {
            shooter: id(1),
            target: id(6),
            weapon: "Assault Rifle".into(),
            mode: FireMode::Snap,
            second: Some(id(5)),
        })
    );
}

/// "If the squad leader tells one unit to cancel the order, it cost one AP": while a three-unit
/// combo waits between its steps, the builder offers a cancel order for each unit with steps to
/// come; the one clicked stops, the others carry on, and it costs 1 AP.
#[test]
fn the_builder_tells_one_unit_of_a_combo_to_cancel() {
    use wartable::app::base::state::Selection;
    use wartable::app::games::kry::builder::{BuilderAction, cancellable_units};
    use wartable::app::games::kry::panels::{UiAction, perform};
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    let mut session = KrySession::new(g, None);
    assert!(cancellable_units(session.state()).is_empty(), "no combo");
    let steps = vec![
        mv(1, 4.0, 4.5, MoveKind::Normal),
        mv(2, 10.0, 4.5, MoveKind::Normal),
        mv(3, 16.0, 4.5, MoveKind::Normal),
    ];
    session
        .order(1, Command::Order { steps })
        .expect("the combo is given");
    let spent = session.state().spent[0];
    assert_eq!(cancellable_units(session.state()), vec![id(2), id(3)]);
    let mut sel = Selection::default();
    perform(
        &mut session,
        UiAction::Builder(BuilderAction::CancelUnits(1, vec![id(2)])),
        &mut sel,
    )
    .expect("the cancel order is given");
    assert_eq!(session.state().spent[0], spent + 1, "1 AP");
    assert_eq!(
        cancellable_units(session.state()),
        Vec::<ModelId>::new(),
        "one unit left: only the whole cancel"
    );
    session.order(2, Command::Pass).expect("side 2 passes");
    let s = session.state();
    assert!(s.combo.is_none());
    assert_eq!(s.table.model(id(2)).unwrap().pos, Pt::new(10.0, 2.0));
    assert_eq!(s.table.model(id(3)).unwrap().pos, Pt::new(16.0, 4.5));
}

/// Leaving asks "Save it first" only when something was played since the last save: a game just
/// saved (or just loaded) leaves at once; one command later it asks again.
#[test]
fn leaving_asks_first_only_when_something_is_unsaved() {
    use wartable::app::screens::play::requests::{save_game, unsaved};
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    let mut active = ActiveGame::new(KrySession::new(g, None));
    assert!(unsaved(&active), "never saved");
    let path = crate::common::temp_dir("leave-saved").join("game.ron");
    active.shell_mut().save_path = Some(path.clone());
    save_game(&mut active).expect("saved");
    assert!(!unsaved(&active), "just saved");
    active
        .get_mut::<KrySession>()
        .unwrap()
        .order(1, mv(2, 10.0, 4.5, MoveKind::Normal))
        .expect("side 1 moves");
    assert!(unsaved(&active), "a move since");
    let (loaded, _) = wartable::app::games::kry::menu::load_for_play(&path).expect("loads");
    assert!(!unsaved(&loaded), "just loaded");
}

/// F1 in a Kry-Gothic game lists the game's keys: each side's interrupt key as bound (a rebound
/// key shows its new binding), the play screen's undo and tools, and not the sandbox's heavy-hit
/// tool or model removal, which do nothing in a game.
#[test]
fn f1_in_a_kry_gothic_game_lists_the_interrupt_keys() {
    use wartable::app::base::keys::Key;
    use wartable::app::screens::help::{HelpScreen, ScreenHelp};
    let mut app = app_for(small(&[]), None, Duration::from_millis(100));
    app.add_plugins(wartable::app::screens::help::plugin);
    app.update();
    let keys_of = |app: &App, what: &str| {
        let h = app.world().resource::<ScreenHelp>();
        h.lines
            .iter()
            .find(|l| l.what == what)
            .map(|l| l.keys.clone())
    };
    let h = app.world().resource::<ScreenHelp>().clone();
    assert_eq!(h.screen, HelpScreen::Game);
    assert_eq!(h.title, "Kry-Gothic game");
    assert_eq!(
        keys_of(&app, Key::InterruptSide1.label()).as_deref(),
        Some("Tab")
    );
    assert_eq!(
        keys_of(&app, Key::InterruptSide2.label()).as_deref(),
        Some("Enter / NumpadEnter")
    );
    assert!(h.mentions("Ctrl+Z"), "{h:?}");
    assert!(!h.mentions("heavy hit"), "{h:?}");
    assert!(!h.mentions("remove the selected model"), "{h:?}");
    app.world_mut()
        .insert_resource(wartable::app::base::settings::Settings {
            keys: vec![(Key::InterruptSide1, vec![KeyCode::KeyI])],
            ..Default::default()
        });
    app.update();
    assert_eq!(
        keys_of(&app, Key::InterruptSide1.label()).as_deref(),
        Some("I")
    );
}

/// The interrupt buttons and windows name each side's key as the settings bind it: Tab and
/// Enter by default, the player's own key once rebound.
#[test]
fn the_interrupt_buttons_name_the_bound_keys() {
    use wartable::app::base::keys::Key;
    let mut app = app_for(small(&[]), None, Duration::from_millis(100));
    app.update();
    assert_eq!(
        kry(&mut app).key_names,
        ["Tab".to_string(), "Enter".to_string()]
    );
    app.world_mut()
        .insert_resource(wartable::app::base::settings::Settings {
            keys: vec![(Key::InterruptSide1, vec![KeyCode::KeyI])],
            ..Default::default()
        });
    app.update();
    assert_eq!(
        kry(&mut app).key_names,
        ["I".to_string(), "Enter".to_string()]
    );
}
