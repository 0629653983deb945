//! KOG light's guided first game in a headless app: started through the registry as
//! `--open tutorial-kog-light` does, walked step by step by the paths the clicks take (the
//! selection a click sets, drags, the panels' actions, the bar's buttons) with the program
//! playing side 2 on its clock, to the last step; a wrong click or command gets a hint and
//! changes nothing; undo stays within the step; Restart and Leave. The walk asserts what each
//! step teaches the rules do (an attack waits for its target's answer, the turn ends without the
//! Objective only when no model could hold it), not the course this seed's dice take.

use bevy::prelude::*;
use std::time::Duration;
use wartable::app::base::mode::Mode;
use wartable::app::base::nav::MainMenu;
use wartable::app::base::state::{ActiveTool, Notices, PointerOverUi, Selection, TableState};
use wartable::app::game::guide::GuideRegistry;
use wartable::app::game::session::ActiveGame;
use wartable::app::games::kog::guide::{KAEMPFER_1, KAEMPFER_2};
use wartable::app::games::kog::panels::take_action;
use wartable::app::games::kog::session::{KogSession, UiAction};
use wartable::app::screens::guide::{Guide, StartGuide};
use wartable::app::view::interact::{Drag, GameGate, Gesture};
use wartable::rules::kog::Command;
use wartable::rules::kog::actions::objectives_in_reach;
use wartable::rules::kog::attack::RerollChoice;
use wartable::rules::kog::moves::plan_move;
use wartable::rules::kog::state::{MoveMode, Phase, Step};
use wartable::rules::kog::targeting::attack_menu;
use wartable::table::{ModelId, Pt, Scene};

/// A headless app at the sandbox with the guided game registered, the program on a clock that
/// ticks once an update; the guided game started as `--open` starts it.
fn started() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::transform::TransformPlugin,
        bevy::state::app::StatesPlugin,
        wartable::app::view::table_entities::plugin,
        wartable::app::view::mirror::plugin,
    ));
    app.init_resource::<Selection>()
        .init_resource::<Notices>()
        .init_resource::<ActiveTool>()
        .init_resource::<wartable::app::view::picking::CursorHit>()
        .init_resource::<Drag>()
        .init_resource::<GameGate>()
        .init_resource::<PointerOverUi>()
        .init_resource::<MainMenu>()
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<ButtonInput<KeyCode>>()
        .add_message::<Gesture>();
    app.add_plugins((
        wartable::app::screens::guide::plugin,
        wartable::app::screens::play::requests::plugin,
        wartable::app::screens::play::program::plugin,
        wartable::app::games::kog::input::plugin,
        wartable::app::screens::play::keys::plugin,
    ));
    app.insert_state(Mode::Sandbox);
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        Duration::from_millis(400),
    ));
    let level = super::open_level(36.0, 30.0);
    let table = level.to_table();
    app.insert_resource(TableState::new(level, table, None));
    app.world_mut()
        .resource_mut::<GuideRegistry>()
        .add(wartable::app::games::kog::guide::entry());
    app.update();
    app.world_mut()
        .write_message(StartGuide("tutorial-kog-light".into()));
    app.update();
    app.update();
    assert!(
        app.world().contains_resource::<Guide>(),
        "the guided game started"
    );
    app
}

fn guide(app: &App) -> &Guide {
    app.world().resource::<Guide>()
}

fn at(app: &App) -> usize {
    guide(app).at
}

fn title(app: &App) -> &'static str {
    guide(app).step().map_or("", |s| s.title)
}

fn kog(app: &App) -> &KogSession {
    app.world()
        .resource::<ActiveGame>()
        .get::<KogSession>()
        .expect("a KOG light game")
}

fn kog_mut(app: &mut App) -> &mut KogSession {
    app.world_mut()
        .resource_mut::<ActiveGame>()
        .into_inner()
        .get_mut::<KogSession>()
        .expect("a KOG light game")
}

/// A click on a model (on the table or in the forces list): it is selected.
fn select(app: &mut App, n: u32) {
    app.world_mut().resource_mut::<Selection>().0 = Some(ModelId(n));
    app.update();
}

/// Drags model `n` to `to` and drops it, as the pointer does.
fn drag(app: &mut App, n: u32, to: Pt) {
    let from = kog(app).state().table.model(ModelId(n)).unwrap().pos;
    app.world_mut()
        .resource_mut::<TableState>()
        .table
        .model_mut(ModelId(n))
        .unwrap()
        .pos = to;
    app.world_mut().write_message(Gesture::Dropped {
        model: ModelId(n),
        from,
        to,
    });
    app.update();
    app.update();
}

/// Ctrl+Z, as the keyboard gives it.
fn ctrl_z(app: &mut App) {
    {
        let mut k = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        k.press(KeyCode::ControlLeft);
        k.press(KeyCode::KeyZ);
    }
    app.update();
    let mut k = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    k.release(KeyCode::KeyZ);
    k.release(KeyCode::ControlLeft);
    k.clear();
}

/// A click in the game's panels (the card's actions, the counterattack window).
fn panel(app: &mut App, c: Command) {
    let mut notices = std::mem::take(&mut *app.world_mut().resource_mut::<Notices>());
    take_action(kog_mut(app), UiAction::Cmd(c), &mut notices);
    *app.world_mut().resource_mut::<Notices>() = notices;
    app.update();
}

/// A click on the bar's End Movement / End turn (the session's bar plays it as this does).
fn bar(app: &mut App, c: Command) {
    let _ = kog_mut(app).submit(c);
    app.update();
}

/// The first attack `n` may make, at `prefer` if it may.
fn attack_of(app: &App, n: u32, prefer: Option<u32>) -> Option<Command> {
    let s = kog(app).state();
    let scene = Scene::new(&s.table, s.options().sight());
    let legal: Vec<(String, ModelId)> = attack_menu(s, &scene, ModelId(n))
        .into_iter()
        .filter(|(_, _, r)| r.is_ok())
        .map(|(w, t, _)| (w, t))
        .collect();
    let pick = legal
        .iter()
        .find(|(_, t)| Some(t.0) == prefer)
        .or(legal.first())?;
    Some(Command::Attack {
        attacker: ModelId(n),
        weapon: pick.0.clone(),
        target: pick.1,
        reroll: RerollChoice::Failures,
    })
}

/// Whether each of `targets` has cover from `n`'s Autocannon.
fn autocannon_cover(app: &App, n: u32, targets: &[u32]) -> Vec<bool> {
    let s = kog(app).state();
    let scene = Scene::new(&s.table, s.options().sight());
    let menu = attack_menu(s, &scene, ModelId(n));
    targets
        .iter()
        .map(|t| {
            menu.iter()
                .find(|(w, id, _)| w == "Autocannon" && id.0 == *t)
                .and_then(|(_, _, r)| r.as_ref().ok())
                .unwrap_or_else(|| panic!("no Autocannon shot at {t}"))
                .situation
                .cover
        })
        .collect()
}

/// Answers an attack on one of side 1's models, if one waits: Counterattack with the first
/// weapon offered, or Defend.
fn answer(app: &mut App) -> bool {
    let s = kog(app).state();
    let Some(p) = &s.pending else { return false };
    if !kog(app).human_to_act() {
        return false;
    }
    let counter = p.counter_weapons.first().cloned();
    panel(app, Command::Respond { counter });
    true
}

/// Side 1's turn in the Objective step: a model that can reach the enemy Objective moves there
/// and holds it; else End Movement and End turn.
fn objective_turn(app: &mut App, held: &mut bool) {
    let s = kog(app).state().clone();
    let obj = s.objectives[s.objective_of(2).unwrap()].at;

    match s.step {
        Step::Movement => {
            let scene = Scene::new(&s.table, s.options().sight());
            let reach = s.active_models(1).find_map(|m| {
                if s.turn.moved.contains_key(&m.id) {
                    return None;
                }
                let from = s.table.model(m.id).ok()?.pos;
                let d = from.dist(obj);
                let to = Pt::new(
                    obj.x + (from.x - obj.x) / d * 1.9,
                    obj.y + (from.y - obj.y) / d * 1.9,
                );
                plan_move(&s, &scene, m.id, MoveMode::Combat, to)
                    .ok()
                    .filter(|p| p.to.dist(to) < 0.05)
                    .map(|_| (m.id, to))
            });
            if let Some((id, to)) = reach {
                select(app, id.0);
                drag(app, id.0, to);
            }
            bar(app, Command::EndMovement);
        }
        Step::Action => {
            let i = s.objective_of(2).unwrap();
            let holder = s.active_models(1).find(|m| {
                !s.turn.acted.contains(&m.id) && objectives_in_reach(&s, m.id).contains(&i)
            });
            match holder {
                Some(m) if !*held => {
                    let id = m.id;
                    select(app, id.0);
                    panel(
                        app,
                        Command::HoldObjective {
                            model: id,
                            objective: Some(i),
                        },
                    );
                    *held = true;
                }
                _ => bar(app, Command::EndTurn),
            }
        }
    }
}

/// Plays the step the guide is at by the clicks it asks for, and runs the app until the guide
/// moves on; panics if it does not within `limit` updates.
fn play_step(app: &mut App, held: &mut bool) {
    let step = at(app);
    let t = title(app);
    let limit = 400;
    for _ in 0..limit {
        if at(app) != step {
            return;
        }
        let human = kog(app).human_to_act();
        let s = kog(app).state();
        let own = s.phase == Phase::Turn && s.active == 1 && s.pending.is_none() && human;
        match t {
            "Your forces" => select(app, KAEMPFER_1),
            "Combat Move" => drag(app, KAEMPFER_1, Pt::new(6.5, 12.1)),
            "End Movement" => {
                if !s.turn.moved.contains_key(&ModelId(KAEMPFER_2)) {
                    select(app, KAEMPFER_2);
                    drag(app, KAEMPFER_2, Pt::new(12.5, 13.4));
                }
                bar(app, Command::EndMovement);
            }
            "A shot, with its odds" | "Cover" if own => {
                let n = if t == "Cover" { KAEMPFER_2 } else { KAEMPFER_1 };
                select(app, n);
                let prefer = if t == "Cover" { Some(4) } else { Some(6) };
                match attack_of(app, n, prefer) {
                    Some(c) => panel(app, c),
                    None => bar(app, Command::EndTurn),
                }
            }
            "End turn" if own => bar(app, Command::EndTurn),
            "The Objective" if own => objective_turn(app, held),
            _ => {
                if !answer(app) {
                    app.update();
                }
            }
        }
    }
    panic!(
        "step {} '{t}' was not completed in {limit} updates ({:?}, round {}, side {})",
        step + 1,
        kog(app).state().phase,
        kog(app).state().round,
        kog(app).state().active
    );
}

#[test]
fn the_guided_game_is_played_through_every_step_to_the_game_played_on() {
    let mut app = started();
    assert_eq!(at(&app), 0);
    let n = guide(&app).steps.len();
    assert!(n >= 9, "{n} steps");
    let s = kog(&app).state();
    assert_eq!(s.phase, Phase::Turn, "the player starts in play");
    assert_eq!((s.round, s.active), (1, 1));
    assert_eq!(
        kog(&app).game.players,
        vec![
            wartable::rules::core::Player::Human,
            wartable::rules::core::Player::Program
        ]
    );
    assert!(
        !kog(&app).game.can_undo_to_person(),
        "the setup played in code is not taken back by undo"
    );
    let mut titles = Vec::new();
    let mut held = false;
    let mut cover = None;
    let mut objective = None;
    while at(&app) + 1 < n {
        titles.push(title(&app));
        if title(&app) == "Cover" {
            cover = Some(autocannon_cover(&app, KAEMPFER_2, &[4, 5]));
        }
        let from = kog(&app).game.log.len();
        let was = title(&app);
        play_step(&mut app, &mut held);
        if was == "The Objective" {
            objective = Some(objective_passed(&app, from));
        }
    }
    assert_eq!(at(&app), n - 1, "the last step: the game played on");
    assert_eq!(titles.len(), n - 1, "{titles:?}");
    // What the steps walked through happened in the game.
    let g = &kog(&app).game;
    let cmds: Vec<&Command> = g
        .log
        .iter()
        .filter(|l| l.seat == 1)
        .map(|l| &l.cmd)
        .collect();
    assert!(cmds.iter().any(|c| matches!(c, Command::Move { model, mode: MoveMode::Combat, .. } if model.0 == KAEMPFER_1)));
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Command::Attack { attacker, .. } if attacker.0 == KAEMPFER_1))
    );
    assert!(
        cmds.iter()
            .any(|c| matches!(c, Command::Attack { attacker, .. } if attacker.0 == KAEMPFER_2))
    );
    assert!(cmds.iter().any(|c| matches!(c, Command::EndTurn)));
    // The Counterattack? step: each attack of the program that let its target choose waited
    // for side 1's answer, and got it (whatever the dice did to the models).
    let mut asked = 0;
    for (k, l) in g.log.iter().enumerate() {
        if l.seat != 2 || !matches!(l.cmd, Command::Attack { .. }) {
            continue;
        }
        let then = wartable::rules::kog::KogGame::replay(g.setup.clone(), &g.log[..=k])
            .expect("the log replays");
        if then.state.pending.is_some() {
            asked += 1;
            assert!(
                g.log
                    .get(k + 1)
                    .is_some_and(|n| n.seat == 1 && matches!(n.cmd, Command::Respond { .. })),
                "the program's attack #{k} waited for side 1's answer"
            );
        }
    }
    let answers = cmds
        .iter()
        .filter(|c| matches!(c, Command::Respond { .. }))
        .count();
    assert_eq!(answers, asked, "side 1 answered only attacks that asked");
    // The Objective step passed as the rules allow, and its words say how.
    let (took, _words) = objective.expect("the Objective step was played");
    assert_eq!(took, held, "the walk held the Objective when a model could");
    // The Cover step's words: F6-16 1 behind the sandbags has cover, F6-16 2 in the open none.
    assert_eq!(cover, Some(vec![true, false]));
    // The game goes on: the guide's last step lets every command through.
    assert!(guide(&app).step().unwrap().gate.is_none());
    let replay = wartable::rules::kog::KogGame::replay(g.setup.clone(), &g.log).expect("replays");
    assert_eq!(
        replay.hash(),
        g.hash(),
        "the guided game replays as a real game"
    );
}

/// How the Objective step passed (its commands from `from`): whether a model of side 1 took the
/// enemy's Objective, and the step's words. Asserts the rules' side of it: a model that holds
/// it is within 1" of it; a turn ended without it only when no model of side 1 could hold it.
fn objective_passed(app: &App, from: usize) -> (bool, String) {
    let g = &kog(app).game;
    let enemy = g.state.objective_of(2).expect("the enemy's Objective");
    let since = &g.log[from..];
    let words = guide(app)
        .last_done
        .as_ref()
        .map(|(t, w, _)| {
            assert_eq!(*t, "The Objective");
            w.clone()
        })
        .expect("the step's words");
    let took = since
        .iter()
        .any(|l| l.seat == 1 && matches!(l.cmd, Command::HoldObjective { .. }));
    if took {
        let holder = g.state.turn.held.get(&enemy).expect("held this turn");
        assert_eq!(g.state.models[holder].side, 1);
        assert!(objectives_in_reach(&g.state, *holder).contains(&enemy));
        assert!(words.contains("holds the enemy's Objective"), "{words}");
    } else {
        let end = since
            .iter()
            .position(|l| l.seat == 1 && l.cmd == Command::EndTurn)
            .expect("the step passed by End turn");
        let before = wartable::rules::kog::KogGame::replay(g.setup.clone(), &g.log[..from + end])
            .expect("the log replays");
        let s = &before.state;
        for m in s.active_models(1) {
            let hold = Command::HoldObjective {
                model: m.id,
                objective: Some(enemy),
            };
            assert!(
                <wartable::rules::kog::Kog as wartable::rules::core::RuleSet>::check(s, 1, &hold)
                    .is_err(),
                "{} could have held the Objective when the turn ended",
                m.name
            );
        }
        assert!(words.contains("without"), "{words}");
        assert!(!words.contains("holds"), "{words}");
    }
    (took, words)
}

/// Ctrl+Z in a guided game takes back what was done in the step, never the step before it
/// (which the guide has moved on from): that is refused with the hint.
#[test]
fn undo_goes_back_only_within_the_step() {
    let mut app = started();
    select(&mut app, KAEMPFER_1);
    drag(&mut app, KAEMPFER_1, Pt::new(6.5, 12.1));
    assert_eq!(at(&app), 2, "the Combat Move step is done");
    let n = kog(&app).game.log.len();
    assert!(
        kog(&app).game.can_undo_to_person(),
        "the move rolled no dice"
    );
    // The Combat Move belongs to the step before: not taken back.
    ctrl_z(&mut app);
    assert_eq!(kog(&app).game.log.len(), n);
    assert_eq!(at(&app), 2);
    assert!(
        kog(&app)
            .state()
            .turn
            .moved
            .contains_key(&ModelId(KAEMPFER_1))
    );
    let hint = kog(&app).shell.guide_hint.clone().expect("a hint");
    assert!(hint.contains("within this step"), "{hint}");
    let status = app.world().resource::<Notices>().status.clone();
    assert!(status.starts_with("Not in this step"), "{status}");
    // A move made in this step is taken back, and only that.
    select(&mut app, KAEMPFER_2);
    drag(&mut app, KAEMPFER_2, Pt::new(12.5, 13.4));
    assert_eq!(kog(&app).game.log.len(), n + 1);
    ctrl_z(&mut app);
    assert_eq!(kog(&app).game.log.len(), n);
    assert!(
        !kog(&app)
            .state()
            .turn
            .moved
            .contains_key(&ModelId(KAEMPFER_2))
    );
    assert_eq!(at(&app), 2);
    ctrl_z(&mut app);
    assert_eq!(kog(&app).game.log.len(), n, "again: the step's start holds");
    // The bar's Undo button goes the same way.
    let r = app.world_mut().resource_mut::<ActiveGame>().undo();
    assert!(r.is_err_and(|e| e.contains("within this step")));
    assert_eq!(kog(&app).game.log.len(), n);
    // Closed on its last step, the guide lets undo reach back again; while a text field is
    // typed in, Ctrl+Z is the field's.
    app.world_mut().resource_mut::<Guide>().closed = true;
    app.update();
    app.insert_resource(wartable::app::base::keys::TypingInField(true));
    ctrl_z(&mut app);
    assert_eq!(kog(&app).game.log.len(), n, "typing: not the game's key");
    app.insert_resource(wartable::app::base::keys::TypingInField(false));
    ctrl_z(&mut app);
    assert_eq!(
        kog(&app).game.log.len(),
        n - 1,
        "the Combat Move taken back"
    );
}

/// The Objective step passed by End turn, no model near the enemy's Objective: its words say the
/// turn ended without it, not that a model holds it.
#[test]
fn the_objective_step_passed_by_end_turn_says_so() {
    let mut app = started();
    let mut held = false;
    while title(&app) != "The Objective" {
        assert!(at(&app) + 1 < guide(&app).steps.len(), "no Objective step");
        play_step(&mut app, &mut held);
    }
    assert!(!held);
    let from = kog(&app).game.log.len();
    for _ in 0..400 {
        if title(&app) != "The Objective" {
            break;
        }
        let human = kog(&app).human_to_act();
        let s = kog(&app).state();
        let own = s.phase == Phase::Turn && s.active == 1 && s.pending.is_none() && human;
        if !own {
            // The program's turn goes on: its attacks are answered as the walk does.
            if !answer(&mut app) {
                app.update();
            }
            continue;
        }
        match s.step {
            Step::Movement => bar(&mut app, Command::EndMovement),
            Step::Action => bar(&mut app, Command::EndTurn),
        }
    }
    assert_ne!(title(&app), "The Objective", "the step passed");
    let (took, words) = objective_passed(&app, from);
    assert!(!took);
    assert!(words.starts_with("Your turn ended without"), "{words}");
}

#[test]
fn wrong_clicks_get_hints_and_change_nothing_and_restart_and_leave_work() {
    let mut app = started();
    let commands0 = kog(&app).game.log.len();
    // A click on a model the step does not ask for is undone, with a hint.
    select(&mut app, 4);
    app.update();
    assert_eq!(app.world().resource::<Selection>().0, None);
    let hint = guide(&app).hint.clone().expect("a hint");
    assert!(hint.contains("Kämpfer 1"), "{hint}");
    assert_eq!(at(&app), 0);
    select(&mut app, KAEMPFER_1);
    assert_eq!(at(&app), 1, "selecting Kämpfer 1 was the step");
    // A drag of another model in the Combat Move step: refused with a hint, nothing changed,
    // the model back where it stood.
    let hash = kog(&app).game.hash();
    let from = kog(&app)
        .state()
        .table
        .model(ModelId(KAEMPFER_2))
        .unwrap()
        .pos;
    drag(&mut app, KAEMPFER_2, Pt::new(from.x, from.y + 3.0));
    let hint = kog(&app).shell.guide_hint.clone().expect("a hint");
    assert!(hint.contains("Kämpfer 1"), "{hint}");
    assert_eq!(kog(&app).game.hash(), hash);
    assert_eq!(kog(&app).game.log.len(), commands0);
    app.update();
    let back = app
        .world()
        .resource::<TableState>()
        .table
        .model(ModelId(KAEMPFER_2))
        .unwrap()
        .pos;
    assert_eq!(back, from, "the refused drag put the model back");
    // A Speed Move of Kämpfer 1: refused, the hint names the Combat Move.
    kog_mut(&mut app).move_mode = MoveMode::Speed;
    drag(&mut app, KAEMPFER_1, Pt::new(8.0, 15.0));
    let hint = kog(&app).shell.guide_hint.clone().expect("a hint");
    assert!(hint.contains("Combat Move"), "{hint}");
    assert_eq!(kog(&app).game.hash(), hash);
    // End Movement before the move: refused too.
    bar(&mut app, Command::EndMovement);
    assert_eq!(kog(&app).game.hash(), hash);
    assert_eq!(kog(&app).state().step, Step::Movement);
    assert_eq!(at(&app), 1);
    // The Combat Move asked for: the step is done and its hint gone.
    kog_mut(&mut app).move_mode = MoveMode::Combat;
    drag(&mut app, KAEMPFER_1, Pt::new(9.0, 11.0));
    assert_eq!(at(&app), 2);
    assert!(kog(&app).shell.guide_hint.is_none());
    assert_eq!(kog(&app).game.log.len(), commands0 + 1);
    // Restart: the same scenario from step 1.
    app.world_mut().resource_mut::<Guide>().restart = true;
    app.update();
    app.update();
    assert_eq!(at(&app), 0);
    assert_eq!(kog(&app).game.log.len(), commands0);
    assert!(kog(&app).state().turn.moved.is_empty());
    // Leave mid-way: no guide, no game, the main menu.
    select(&mut app, KAEMPFER_1);
    assert_eq!(at(&app), 1);
    app.world_mut().resource_mut::<Guide>().leave = true;
    for _ in 0..3 {
        app.update();
    }
    assert!(!app.world().contains_resource::<Guide>());
    assert!(!app.world().contains_resource::<ActiveGame>());
    assert!(app.world().resource::<MainMenu>().show_main);
}
