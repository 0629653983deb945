//! Kry-Gothic's guided first game in a headless app with a simulated clock: started through the
//! guide registry as `--open tutorial-kry-gothic` does, every step walked by the paths the clicks
//! and keys take (the panels' `perform`, a drag's gesture, the Tab key), to the last step; a wrong
//! command is refused with a hint and changes nothing; Leave mid-way leaves no game and no guide.

use super::*;
use bevy::prelude::{App, ButtonInput, KeyCode, Mut};
use std::time::Duration;
use wartable::app::base::nav::MainMenu;
use wartable::app::base::state::Selection;
use wartable::app::game::guide::GuideRegistry;
use wartable::app::game::session::ActiveGame;
use wartable::app::games::kry::builder::BuilderAction;
use wartable::app::games::kry::card::CardAction;
use wartable::app::games::kry::guide::{ABARA, BRANDT, CAPTAIN, HUNTER, KEY};
use wartable::app::games::kry::panels::{UiAction, perform};
use wartable::app::games::kry::prompts::PromptAction;
use wartable::app::games::kry::session::{KrySession, Placing};
use wartable::app::screens::guide::{Guide, StartGuide};
use wartable::app::view::interact::Gesture;
use wartable::rules::kry::close::Defence;
use wartable::rules::kry::command::MoveKind;
use wartable::rules::kry::faceoff::{FaceOffAction, FaceOffChoice, can_carry_out};
use wartable::rules::kry::ranged::FireMode;
use wartable::rules::kry::state::Pending;

/// A headless app at the table with the guided game started as `--open` starts it.
fn guided_app() -> App {
    let (active, level) =
        (wartable::app::games::kry::guide_steps::entry().start)().expect("starts");
    let table = active.0.game().table();
    let mut app = crate::common::game_app(
        (
            wartable::app::screens::play::program::plugin,
            wartable::app::games::kry::input::plugin,
            wartable::app::games::kry::clock::plugin,
            wartable::app::screens::play::requests::plugin,
            wartable::app::screens::guide::plugin,
            |app: &mut App| {
                app.init_resource::<MainMenu>();
            },
        ),
        level,
        table,
        active,
        Some(Duration::from_millis(100)),
    );
    app.world_mut()
        .resource_mut::<GuideRegistry>()
        .add(wartable::app::games::kry::guide_steps::entry());
    app.world_mut().write_message(StartGuide(KEY.into()));
    app.update();
    app.update();
    assert!(
        app.world().contains_resource::<Guide>(),
        "the guide started"
    );
    app
}

fn at(app: &App) -> usize {
    app.world().resource::<Guide>().at
}

fn kry(app: &mut App) -> &mut KrySession {
    app.world_mut()
        .resource_mut::<ActiveGame>()
        .into_inner()
        .get_mut::<KrySession>()
        .expect("a Kry-Gothic game")
}

/// A click in the panels, as `game_ui` carries it out; then one frame.
fn click(app: &mut App, a: UiAction) -> Result<(), String> {
    let r = app
        .world_mut()
        .resource_scope(|w, mut active: Mut<ActiveGame>| {
            let mut sel = w.resource_mut::<Selection>();
            let s = active.get_mut::<KrySession>().expect("a Kry-Gothic game");
            perform(s, a, &mut sel)
        });
    app.update();
    r
}

/// A drag of `model` dropped at `to`; then one frame.
fn drag(app: &mut App, model: u32, to: Pt) {
    let from = kry(app).state().table.model(id(model)).unwrap().pos;
    app.world_mut().write_message(Gesture::Dropped {
        model: id(model),
        from,
        to,
    });
    app.update();
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

/// Runs frames (a tenth of a second each) until the guide is past step `step`, answering what
/// the game asks of side 1 meanwhile with `answer`; fails if it never is.
fn until_past(app: &mut App, step: usize, answer: impl Fn(&mut App)) {
    for _ in 0..300 {
        if at(app) > step {
            return;
        }
        answer(app);
        app.update();
    }
    let s = kry(app).state().clone();
    panic!(
        "step {} never done: pending {:?}, journal:\n{}",
        step + 1,
        s.pending,
        journal(&kry(app).game)
    );
}

/// The plain answers of side 1 to what the game asks: a defence, its type, the wounds, a break
/// off asked.
fn answer_side_1(app: &mut App) {
    let p = kry(app).state().pending.clone();
    let side = p.as_ref().map(|p| p.side(kry(app).state()));
    if side != Some(1) {
        return;
    }
    let cmd = match p {
        Some(Pending::DefenceClass(_)) => Command::DefenceClass { active: true },
        Some(Pending::DefenceType(_)) => Command::DefenceType {
            defence: Defence::Dodge,
            weapon: None,
        },
        Some(Pending::BuyWounds { .. }) => Command::BuyWounds { extra: 0 },
        Some(Pending::BreakOffAsked(_)) => Command::LetBreakOff { agree: false },
        _ => return,
    };
    let _ = click(app, UiAction::Prompt(PromptAction::Cmd(1, cmd)));
}

fn nothing(_: &mut App) {}

/// Every step of the guided game, by clicks, drags and keys, to the last one.
#[test]
fn the_guided_game_is_walked_to_its_end() {
    let mut app = guided_app();
    let n = app.world().resource::<Guide>().steps.len();
    assert_eq!(at(&app), 0);
    assert_eq!(
        kry(&mut app).tempo.countdown,
        Some(12.0),
        "the newcomer's countdown"
    );
    assert!(kry(&mut app).state().models[&id(HUNTER)].waiting);

    // 1. Select the Captain (a click on her name in the side panel).
    click(&mut app, UiAction::Select(id(CAPTAIN))).unwrap();
    until_past(&mut app, 0, nothing);

    // 2. A move: "move" picked, a drag 3" forward.
    click(&mut app, UiAction::Card(CardAction::Kind(MoveKind::Normal))).unwrap();
    drag(&mut app, CAPTAIN, Pt::new(3.0, 5.0));
    until_past(&mut app, 1, nothing);

    // 3. A run: "run" picked, a drag 6" on.
    click(&mut app, UiAction::Card(CardAction::Kind(MoveKind::Run))).unwrap();
    drag(&mut app, CAPTAIN, Pt::new(6.0, 10.0));
    until_past(&mut app, 2, nothing);
    let captain = kry(&mut app).state().models[&id(CAPTAIN)].clone();
    assert_eq!(captain.body_loss, 1, "Body drops by 1");

    // 4. The builder opened.
    click(&mut app, UiAction::Builder(BuilderAction::Start)).unwrap();
    until_past(&mut app, 3, nothing);

    // 5. Joe Brandt moves AND fires at Hunter Vasquez: the drag and the shot are queued, then
    // the combo given.
    click(&mut app, UiAction::Select(id(BRANDT))).unwrap();
    let shoot = Placing::Shoot {
        shooter: id(BRANDT),
        weapon: "Carbine".into(),
        mode: FireMode::Standard,
    };
    // With his shot picked first, a press on Joe Brandt himself (to drag him) is no target.
    click(&mut app, UiAction::Card(CardAction::Place(shoot.clone()))).unwrap();
    crate::common::click(&mut app, Some(id(BRANDT)), None);
    assert_eq!(
        kry(&mut app).building,
        Some(Vec::new()),
        "no shot at himself"
    );
    click(&mut app, UiAction::Card(CardAction::Place(shoot.clone()))).unwrap();
    assert_eq!(kry(&mut app).placing, Placing::None);
    click(&mut app, UiAction::Card(CardAction::Kind(MoveKind::Normal))).unwrap();
    drag(&mut app, BRANDT, Pt::new(12.0, 5.0));
    click(&mut app, UiAction::Card(CardAction::Place(shoot))).unwrap();
    crate::common::click(&mut app, Some(id(HUNTER)), None);
    app.update();
    let steps = kry(&mut app)
        .building
        .clone()
        .expect("the combo being built");
    assert_eq!(steps.len(), 2, "{steps:?}");
    let before = kry(&mut app).game.log.len();
    click(
        &mut app,
        UiAction::Builder(BuilderAction::Give(1, Command::Order { steps })),
    )
    .expect("the combo is given");
    assert!(kry(&mut app).game.log.len() > before);
    until_past(&mut app, 4, nothing);
    // The program's Hunter in waiting interrupted it (with this seed and these places).
    let s = kry(&mut app).state().clone();
    assert!(
        s.tally[1].interrupted_combo,
        "{}",
        journal(&kry(&mut app).game)
    );
    let w = kry(&mut app).tempo.window.clone().expect("side 1's window");
    assert!(w.side == 1 && w.left.is_some(), "{w:?}");

    // 6. Tab claims the window.
    press(&mut app, KeyCode::Tab);
    until_past(&mut app, 5, nothing);
    assert!(
        kry(&mut app)
            .tempo
            .window
            .as_ref()
            .is_some_and(|w| w.claimed)
    );

    // 7. "Call a face-off" in the window.
    click(
        &mut app,
        UiAction::Prompt(PromptAction::Cmd(1, Command::CallFaceOff)),
    )
    .expect("the face-off is called");
    until_past(&mut app, 6, nothing);

    // 8. Side 1 names a shot of Joe Brandt at the Hunter (or of the Captain, if he cannot);
    // the winner carries its action out.
    let s = kry(&mut app).state().clone();
    let choice = [BRANDT, CAPTAIN, ABARA]
        .into_iter()
        .map(|m| FaceOffChoice {
            action: FaceOffAction::Ranged,
            model: id(m),
            target: Some(id(HUNTER)),
        })
        .find(|c| can_carry_out(&s, 1, c).is_ok());
    click(
        &mut app,
        UiAction::Prompt(PromptAction::Cmd(1, Command::FaceOffChoose { choice })),
    )
    .expect("side 1 names its action");
    until_past(&mut app, 7, |app| {
        if let Some(Pending::FaceOffWon { side: 1, choice }) = kry(app).state().pending.clone() {
            let shooter = choice.model;
            let weapon = kry(app).state().models[&shooter].ranged[0].name.clone();
            click(
                app,
                UiAction::Card(CardAction::Cmd(Command::Shoot {
                    shooter,
                    target: choice.target.unwrap_or(id(HUNTER)),
                    weapon,
                    mode: FireMode::Standard,
                    second: None,
                })),
            )
            .expect("the named shot");
        }
        answer_side_1(app);
    });

    // 9. The program fights on: Joe Abara's defence is answered in the prompt.
    until_past(&mut app, 8, answer_side_1);
    let defended = kry(&mut app)
        .game
        .log
        .iter()
        .any(|l| l.seat == 1 && matches!(l.cmd, Command::DefenceClass { .. }));
    assert!(defended, "{}", journal(&kry(&mut app).game));
    assert_eq!(at(&app), n - 1, "the last step: the game played on");
    let g = app.world().resource::<Guide>();
    assert!(g.last_done.is_some());
}

/// A wrong command is refused with a hint and changes nothing; Restart goes back to the first
/// step; Leave mid-way leaves no guide, no game, and the main menu shown.
#[test]
fn a_wrong_command_gets_a_hint_and_leave_goes_to_the_menu() {
    let mut app = guided_app();
    click(&mut app, UiAction::Select(id(CAPTAIN))).unwrap();
    until_past(&mut app, 0, nothing);
    // Step 2 asks for a move of the Captain: a drag of Joe Brandt is refused with a hint.
    let (h, n, rolls) = {
        let g = &kry(&mut app).game;
        (g.hash(), g.log.len(), g.dice.log().len())
    };
    drag(&mut app, BRANDT, Pt::new(12.0, 5.0));
    let s = kry(&mut app);
    assert_eq!(
        (s.game.hash(), s.game.log.len(), s.game.dice.log().len()),
        (h, n, rolls),
        "nothing changed"
    );
    let hint = s.shell.guide_hint.clone().expect("a hint");
    assert!(hint.contains("Captain Ilse Varga"), "{hint}");
    assert_eq!(
        s.state().table.model(id(BRANDT)).unwrap().pos,
        Pt::new(12.0, 2.0)
    );
    assert_eq!(at(&app), 1, "still the move step");
    // A click on another model in a select step is undone with a hint.
    app.world_mut().resource_mut::<Guide>().restart = true;
    app.update();
    app.update();
    assert_eq!(at(&app), 0, "restarted");
    click(&mut app, UiAction::Select(id(BRANDT))).unwrap();
    app.update();
    assert_eq!(app.world().resource::<Selection>().0, None);
    assert!(app.world().resource::<Guide>().hint.is_some());
    // The right move passes.
    click(&mut app, UiAction::Select(id(CAPTAIN))).unwrap();
    until_past(&mut app, 0, nothing);
    drag(&mut app, CAPTAIN, Pt::new(3.0, 5.0));
    until_past(&mut app, 1, nothing);
    assert!(kry(&mut app).shell.guide_hint.is_none());
    // Leave.
    app.world_mut().resource_mut::<Guide>().leave = true;
    for _ in 0..3 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Guide>());
    assert!(!app.world().contains_resource::<ActiveGame>());
    assert!(app.world().resource::<MainMenu>().show_main);
}
