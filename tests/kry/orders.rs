//! Kry-Gothic's orders as the text gives them: "Small Step", running out of breath, terrain and
//! climbing, "Order Combos" (their cost, kinds, interrupts, triumphs and failures), "waiting",
//! "face-off" naming, and the Loses and Triumph tables from the game's own events.

use super::game::{apart, mv, small};
use super::*;
use wartable::rules::kry::close::AttackType;
use wartable::rules::kry::command::MoveKind;
use wartable::rules::kry::faceoff::{FaceOffAction, FaceOffChoice};
use wartable::rules::kry::ranged::FireMode;
use wartable::rules::kry::state::{Pending, Pin};

const EC: &str = "The Earth Confederate";
const POSSESSED: &str = "The Possessed";

fn shot(s: u32, t: u32, weapon: &str) -> Command {
    Command::Shoot {
        shooter: id(s),
        target: id(t),
        weapon: weapon.into(),
        mode: FireMode::Standard,
        second: None,
    }
}

fn turn(m: u32, facing: f32) -> Command {
    Command::Turn {
        model: id(m),
        facing,
    }
}

fn charge(a: u32, t: u32) -> Command {
    Command::Attack {
        attacker: id(a),
        target: id(t),
        attack: AttackType::Punch,
        weapon: None,
        charge: true,
    }
}

/// Plays `cmd` with `dice` forced first (the rest, if more are needed, from the seed); it must be
/// accepted.
fn loose(g: &mut KryGame, side: u8, cmd: Command, dice: &[u32]) {
    g.dice.force(dice);
    if let Err(e) = g.play(side, cmd.clone()) {
        panic!("{cmd:?}: {e}");
    }
    g.dice.clear_queued();
}

/// A level of `rows` (as `open_level`) with these pieces (RON `Piece(...)` entries).
fn level_with(pieces: &[&str]) -> wartable::data::LevelFile {
    let text = format!(
        "Level(name: \"test\", width: 24.0, depth: 24.0, tile_size: 1.0, zones: [Zone(name: \"near\", kind: Deployment, side: 1, min: (0.0, 0.0), max: (24.0, 12.0)), Zone(name: \"far\", kind: Deployment, side: 2, min: (0.0, 12.0), max: (24.0, 24.0))], pieces: [{}])",
        pieces.join(", ")
    );
    match wartable::data::parse_level("test.ron", &text) {
        Ok((l, _)) => l,
        Err(e) => panic!("test level: {}", e[0]),
    }
}

/// "If a unit moves less than 1 inch, there is no AP cost. The next action must be some other
/// type of action except a movement action": no second small step, no move, run or charge after
/// one, a turn between changes nothing; another action (a shot) frees the unit to move again.
#[test]
fn a_small_step_is_followed_by_no_movement() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 6, 4.0, 8.0);
    ok(&mut g, 1, mv(1, 4.0, 2.9, MoveKind::SmallStep), &[]);
    assert_eq!(g.state.spent[0], 0);
    for c in [
        mv(1, 4.0, 3.8, MoveKind::SmallStep),
        mv(1, 4.0, 5.0, MoveKind::Normal),
        mv(1, 4.0, 6.0, MoveKind::Run),
        charge(1, 6),
    ] {
        let e = refused(&mut g, 1, c);
        assert!(e.contains("small step"), "{e}");
    }
    ok(&mut g, 1, turn(1, 80.0), &[]);
    let e = refused(&mut g, 1, mv(1, 4.0, 5.0, MoveKind::Normal));
    assert!(e.contains("small step"), "a turn is no other action: {e}");
    // A shot (the Thrall 5" off: the Assault Rifle misses, 1s but not all).
    loose(&mut g, 1, shot(1, 6, "Assault Rifle"), &[2, 1, 1, 1, 1]);
    ok(&mut g, 1, mv(1, 4.0, 4.5, MoveKind::Normal), &[]);
}

/// "+1AP per 4 commands": a free turn is no command; a combo of two moves and six turns is two
/// commands, and earns nothing.
#[test]
fn the_combo_triumph_counts_paid_commands() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    let mut steps = vec![mv(2, 10.0, 3.5, MoveKind::Normal)];
    for k in 0..6 {
        steps.push(turn(2, 10.0 * k as f32));
    }
    steps.push(mv(2, 10.0, 5.0, MoveKind::Normal));
    ok(&mut g, 1, Command::Order { steps }, &[]);
    assert_eq!(g.state.spent[0], 4);
    ok(&mut g, 2, Command::Pass, &[]);
    assert!(g.state.combo.is_none());
    assert_eq!(g.state.tally[0].combo_commands, 2);
    assert_eq!(
        g.state.tally[0].combo_ap, 0,
        "two paid commands earn nothing"
    );
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    assert!(!journal(&g).contains("completed combos"), "{}", journal(&g));
}

/// "You have interrupted a command combo. +3 AP": a waiting unit's free turn, a small step, or an
/// order about itself does not interrupt; a shot does.
#[test]
fn an_interrupt_is_a_paid_order_that_acts() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 4, 10.0, 12.0);
    ok(&mut g, 2, Command::Wait { model: id(4) }, &[]);
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![mv(2, 10.0, 4.0, MoveKind::Normal), shot(2, 4, "Carbine")],
        },
        &[],
    );
    assert!(matches!(
        g.state.pending,
        Some(Pending::Window {
            waiting_only: true,
            ..
        })
    ));
    for c in [
        turn(4, 200.0),
        mv(4, 10.0, 11.5, MoveKind::SmallStep),
        Command::Wait { model: id(5) },
    ] {
        let e = refused(&mut g, 2, c);
        assert!(e.contains("acts on the game"), "{e}");
    }
    assert!(g.state.combo.is_some() && g.state.models[&id(4)].waiting);
    ok(&mut g, 2, shot(4, 2, "Hex Bolt"), &[2, 2, 2]);
    assert!(g.state.combo.is_none());
    assert!(g.state.tally[1].interrupted_combo);
}

/// "It costs one AP for a unit to go into waiting, in which it is not allowed to perform ANY
/// actions. If any actions are performed, the unit is hit in RC or charged, then the waiting
/// maneuver is broken": a turn, an unpin, digging out, a hit and a charge each break it.
#[test]
fn waiting_is_broken_by_any_action_a_hit_or_a_charge() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    let waits = |g: &mut KryGame, m: u32| {
        ok(g, 2, Command::Wait { model: id(m) }, &[]);
        assert!(g.state.models[&id(m)].waiting);
    };
    waits(&mut g, 4);
    ok(&mut g, 2, turn(4, 180.0), &[]);
    assert!(!g.state.models[&id(4)].waiting, "a turn");
    waits(&mut g, 5);
    wartable::rules::core::testing::stage(
        &mut g,
        &[Event::Pinned {
            model: id(5),
            pin: Pin::Missed,
        }],
    );
    // Willpower 5 against 3: 1s fail, it stays pinned; the waiting is broken all the same.
    ok(&mut g, 2, Command::Unpin { model: id(5) }, &[1, 1, 1, 1, 1]);
    assert!(!g.state.models[&id(5)].waiting, "an unpin");
    assert_eq!(
        g.state.models[&id(5)].pinned,
        Some(Pin::Missed),
        "still pinned"
    );
    waits(&mut g, 6);
    wartable::rules::core::testing::stage(
        &mut g,
        &[Event::Stuck {
            model: id(6),
            ap: 2,
        }],
    );
    ok(&mut g, 2, Command::DigOut { model: id(6) }, &[]);
    assert!(!g.state.models[&id(6)].waiting, "digging out");
    // Hit in RC: the Joe's Carbine at the waiting Wraith Lord 5" off (two 5s hit).
    put(&mut g, 4, 10.0, 7.0);
    waits(&mut g, 4);
    loose(&mut g, 1, shot(2, 4, "Carbine"), &[5, 5, 5, 5]);
    assert!(g.state.models[&id(4)].alive(), "{}", journal(&g));
    assert!(!g.state.models[&id(4)].waiting, "a hit");
    // Charged: the other Joe charges the waiting Thrall.
    wartable::rules::core::testing::stage(
        &mut g,
        &[Event::Stuck {
            model: id(6),
            ap: 0,
        }],
    );
    put(&mut g, 6, 16.0, 6.0);
    waits(&mut g, 6);
    loose(&mut g, 1, charge(3, 6), &[]);
    assert!(!g.state.models[&id(6)].waiting, "a charge");
}

/// "... or charged, then the waiting maneuver is broken": a charger that fails its fear test
/// freezes 2" out and has not charged ("they freeze 2 inches out"), so the waiting Wraith waits on.
#[test]
fn a_charge_frozen_by_fear_leaves_waiting_on() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 5, 16.0, 6.0);
    ok(&mut g, 2, Command::Wait { model: id(5) }, &[]);
    g.state.models.get_mut(&id(3)).unwrap().profile.willpower = 0;
    loose(&mut g, 1, charge(3, 5), &[]);
    assert!(
        journal(&g).contains("freezes before Wraith"),
        "{}",
        journal(&g)
    );
    assert_eq!(g.state.models[&id(3)].charged, None);
    assert!(g.state.models[&id(5)].waiting, "not charged: still waiting");
}

/// "Example2: The unit jumps from cover and fires twice": what a combo does is found out when it
/// happens. Checked with scratch dice, the first shot killing the Thrall would refuse "fire AND
/// fire again"; the order is given, the first shot kills, and the combo stops at the second.
#[test]
fn a_combo_is_checked_without_dice() {
    use wartable::dice::Dice;
    use wartable::rules::kry::play::execute;
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 4.0, 4.0);
    wartable::rules::core::testing::stage(
        &mut g,
        &[Event::Wounded {
            model: id(6),
            wounds: 1,
            by: None,
        }],
    );
    let fire = shot(1, 6, "Assault Rifle");
    // Scratch dice (seed 0, as the check used) kill the Thrall with the first shot: the second
    // would then be refused.
    let kills = execute(&g.state, 1, &fire, &mut Dice::new(0))
        .is_ok_and(|ev| ev.iter().any(|e| matches!(e, Event::Killed { .. })));
    assert!(kills);
    loose(
        &mut g,
        1,
        Command::Order {
            steps: vec![fire.clone(), fire.clone()],
        },
        &[5; 12],
    );
    assert!(!g.state.models[&id(6)].alive(), "the first shot kills");
    // Fire and fire again are repeated actions: a window; side 2 passes.
    ok(&mut g, 2, Command::Pass, &[]);
    assert!(g.state.combo.is_none());
    assert!(journal(&g).contains("step 2 fails"), "{}", journal(&g));
    assert_eq!(g.state.tally[0].combo_commands, 0, "a combo cut short");
}

/// A combo's walk is checked as ordered: "walk into base contact with the Wraith AND punch it"
/// is accepted though the check's own dice would freeze the walk 2" out (a Joe of Willpower 0
/// fails every fear test); the game's dice then freeze it, and the combo stops there.
#[test]
fn a_combo_walk_is_checked_where_it_was_ordered_to_end() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 5, 10.0, 5.8);
    g.state.models.get_mut(&id(2)).unwrap().profile.willpower = 0;
    let r =
        g.state.table.model(id(2)).unwrap().radius() + g.state.table.model(id(5)).unwrap().radius();
    let walk = Command::Move {
        model: id(2),
        to: Pt::new(10.0, 5.8 - r - 0.001),
        kind: MoveKind::Normal,
    };
    let punch = Command::Attack {
        attacker: id(2),
        target: id(5),
        attack: AttackType::Punch,
        weapon: None,
        charge: false,
    };
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![walk, punch],
        },
        &[],
    );
    assert!(
        journal(&g).contains("freezes before Wraith"),
        "{}",
        journal(&g)
    );
    let gap = g.state.table.distance(id(2), id(5)).unwrap();
    assert!((gap - 2.0).abs() < 0.05, "froze {gap}\" out");
    assert!(g.state.combo.is_none());
    assert_eq!(g.state.pending, None, "no attack");
    // The whole combo was paid: the walk's 2 AP and the punch's 1.
    assert_eq!(g.state.spent[0], 3);
}

/// "or any of the actions fail, all orders are immediately stopped" and "You have successfully
/// completed a command combo. +1AP per 4 commands": a charge that ends a combo of four paid
/// commands and freezes 2" out (a failed fear test) fails the combo: it earns nothing.
#[test]
fn a_charge_frozen_by_fear_fails_its_combo() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 5, 10.0, 13.0);
    g.state.models.get_mut(&id(2)).unwrap().profile.willpower = 0;
    let steps = vec![
        mv(2, 10.0, 4.5, MoveKind::Normal),
        mv(2, 10.0, 7.0, MoveKind::Normal),
        mv(2, 10.0, 9.5, MoveKind::Normal),
        charge(2, 5),
    ];
    ok(&mut g, 1, Command::Order { steps }, &[]);
    // Windows between the repeated moves: side 2 lets them go.
    ok(&mut g, 2, Command::Pass, &[]);
    ok(&mut g, 2, Command::Pass, &[]);
    assert!(
        journal(&g).contains("freezes before Wraith"),
        "{}",
        journal(&g)
    );
    assert!(g.state.combo.is_none());
    assert_eq!(g.state.pending, None, "no attack");
    assert_eq!(
        g.state.spent[0], 7,
        "paid in advance: 3 moves and the charge"
    );
    assert_eq!(
        g.state.tally[0].combo_commands, 0,
        "a failed combo is no completed one"
    );
}

/// "allows your units to run out of breath": a unit at Body 1 cannot run; the Body it gets back
/// at the next round lets it run again. Running on very difficult ground costs 3 AP (1 and the
/// terrain's 2) and drops Body "straight to 1".
#[test]
fn a_unit_out_of_breath_cannot_run() {
    let v = "v".repeat(24);
    let open = ".".repeat(24);
    let mut g = small(&[&open, &open, &open, &open, &open, &open, &v]);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 1, mv(2, 10.0, 7.0, MoveKind::Run), &[]);
    assert_eq!(g.state.models[&id(2)].body(), 1);
    let e = refused(&mut g, 1, mv(2, 10.0, 3.0, MoveKind::Run));
    assert!(e.contains("out of breath"), "{e}");
    ok(&mut g, 1, mv(2, 10.0, 4.5, MoveKind::Normal), &[]);
    // The Captain (Body 3) runs onto very difficult ground: 1 + 2 AP ("All additional costs
    // of other modifiers (such as terrain) are still used"), Body 1 at once.
    let before = g.state.spent[0];
    ok(&mut g, 1, mv(1, 4.0, 6.5, MoveKind::Run), &[]);
    assert_eq!(g.state.spent[0] - before, 3);
    assert_eq!(g.state.models[&id(1)].body(), 1);
    // No small step on very difficult ground.
    put(&mut g, 6, 16.0, 7.5);
    let e = refused(&mut g, 2, mv(6, 16.0, 6.8, MoveKind::SmallStep));
    assert!(e.contains("normal and difficult"), "{e}");
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    assert_eq!(g.state.models[&id(2)].body(), 2);
    ok(&mut g, 1, mv(2, 10.0, 9.0, MoveKind::Run), &[]);
}

/// "1. Movement – moving, running, charging etc."; "Difficult Terrain: Additional 1 AP per
/// movement": a charge over difficult ground costs 1 + 1, over deep water 1 + 2.
#[test]
fn a_charge_pays_the_terrain() {
    let open = ".".repeat(24);
    let d = "d".repeat(12) + &"W".repeat(12);
    let mut g = small(&[&open, &open, &open, &open, &d]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 10.0, 6.0);
    ok(&mut g, 1, charge(2, 6), &[]);
    assert_eq!(g.state.spent[0], 2, "a charge over difficult ground");
    let mut g = small(&[&open, &open, &open, &open, &d]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 16.0, 6.0);
    ok(&mut g, 1, charge(3, 6), &[]);
    assert_eq!(g.state.spent[0], 3, "a charge through deep water");
}

/// "Difficult: Steep hills and climbing ladders ... heavy debris under waist height. Very
/// difficult: Near vertical hills, shoulder high debris ... Impossible: Vertical walls ... debris
/// over head height": a climb is classed by its height against the model's (1.2" tall).
#[test]
fn climbs_are_classed_by_height() {
    let g = |h: f32| {
        let piece =
            format!("Piece(shape: Box, at: (10.0, 5.5), size: (4.0, 3.0, {h}), tags: [Climbable])");
        let mut g = game_with(
            level_with(&[&piece]),
            team(EC, &["Captain", "Average Joe", "Average Joe"]),
            team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]),
        );
        let mut at = apart();
        at[1] = (2, 10.0, 3.0, 90.0);
        start(&mut g, &at, &[6, 6]);
        g
    };
    let up = mv(2, 10.0, 4.6, MoveKind::Normal);
    // A step of 0.2": easy. Under waist height (0.5"): +1. Shoulder high (1.0"): +2.
    for (h, ap) in [(0.2, 2), (0.5, 3), (1.0, 4)] {
        let mut g = g(h);
        ok(&mut g, 1, up.clone(), &[]);
        assert_eq!(g.state.spent[0], ap, "a climb of {h}\"");
    }
    // Over head height: impossible (no way up), for all but a unit that walks the walls.
    let mut g = g(1.5);
    let e = refused(&mut g, 1, up);
    assert!(e.contains("no way there"), "{e}");
    put(&mut g, 4, 10.0, 8.0);
    ok(&mut g, 2, mv(4, 10.0, 6.0, MoveKind::Normal), &[]);
    assert_eq!(g.state.spent[1], 2, "IgnoresTerrain");
}

/// "Once players name the action they want to perform, they MUST carry it through if they win
/// the face-off": only an action the model can carry out is named; the winner may still give up
/// the rest of its round (done), which is never refused.
#[test]
fn a_face_off_names_only_what_the_model_can_do() {
    let name = |action, model: u32, target: Option<u32>| Command::FaceOffChoose {
        choice: Some(FaceOffChoice {
            action,
            model: id(model),
            target: target.map(id),
        }),
    };
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    let e = refused(&mut g, 2, name(FaceOffAction::Ranged, 5, Some(2)));
    assert!(e.contains("RC X"), "{e}");
    wartable::rules::core::testing::stage(
        &mut g,
        &[Event::Pinned {
            model: id(6),
            pin: Pin::Missed,
        }],
    );
    let e = refused(&mut g, 2, name(FaceOffAction::Movement, 6, None));
    assert!(e.contains("cannot move"), "{e}");
    // Close combat is fought bases touching (a charge is named as movement).
    let e = refused(&mut g, 2, name(FaceOffAction::Close, 5, None));
    assert!(e.contains("touches no enemy"), "{e}");
    let r =
        g.state.table.model(id(5)).unwrap().radius() + g.state.table.model(id(2)).unwrap().radius();
    put(&mut g, 5, 10.0, 2.0 + r + 0.001);
    ok(&mut g, 2, name(FaceOffAction::Close, 5, None), &[]);
    ok(&mut g, 1, Command::FaceOffChoose { choice: None }, &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 2, .. })
    ));
    ok(&mut g, 2, Command::Done { side: 2 }, &[]);
    assert!(g.state.pending.is_none() && g.state.done[1]);
}

/// "Rolling for 7+ targets ... 7+: Pass on a roll of 3 or higher" is the default: a 6 then a 1
/// does not pass 7 (the option keeps the sum reading).
#[test]
fn targets_of_seven_read_by_the_table_by_default() {
    use wartable::rules::kry::dice::{HighTargets, roll};
    let reading = KryOptions::default().high_targets;
    let mut d = wartable::dice::Dice::new(1);
    d.force(&[6, 1]);
    let r = roll(&mut d, 1, "a 7+").unwrap();
    assert_eq!(r.passing(7, reading), 0);
    assert_eq!(r.passing(7, HighTargets::Sum), 1);
    d.force(&[6, 3]);
    let r = roll(&mut d, 1, "a 7+").unwrap();
    assert_eq!(r.passing(7, reading), 1);
}

/// "Example3 ... The player says he is moving three times. This is all one repeated action": a
/// turn inside a combo does not change its kind. With an enemy unit in waiting, "move AND turn
/// AND move" opens a window for any enemy unit (repeated), not only for the waiting one.
#[test]
fn a_turn_does_not_change_a_combos_kind() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 2, Command::Wait { model: id(4) }, &[]);
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![
                mv(2, 10.0, 4.0, MoveKind::Normal),
                turn(2, 45.0),
                mv(2, 10.0, 6.0, MoveKind::Normal),
            ],
        },
        &[],
    );
    assert!(
        matches!(
            g.state.pending,
            Some(Pending::Window {
                waiting_only: false,
                ..
            })
        ),
        "{:?}",
        g.state.pending
    );
    // The turn was carried out before the window: it belongs to the first move.
    assert_eq!(g.state.table.model(id(2)).unwrap().facing, 45.0);
    ok(&mut g, 2, mv(6, 16.0, 20.0, MoveKind::Normal), &[]);
    assert!(g.state.combo.is_none());
}

/// "if ... any of the actions fail, all orders are immediately stopped"; "Multiple units can be
/// involved in an order combo, but all the units involved in the combo are treated as a whole":
/// a missed shot by one unit stops the other's move.
#[test]
fn a_missed_shot_stops_the_whole_combo() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 16.0, 8.0);
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![
                mv(2, 10.0, 4.0, MoveKind::Normal),
                shot(3, 6, "Carbine"),
                mv(2, 10.0, 6.0, MoveKind::Run),
            ],
        },
        &[2, 1],
    );
    assert_eq!(g.state.table.model(id(2)).unwrap().pos, Pt::new(10.0, 4.0));
    assert!(g.state.combo.is_none());
    assert!(journal(&g).contains("misses"), "{}", journal(&g));
    assert_eq!(g.state.spent[0], 2 + 1 + 1, "the whole combo stays paid");
    assert_eq!(g.state.tally[0].combo_commands, 0);
}

/// "if he becomes involved in another action": a unit that falls into a damaged floor on its way
/// is caught up in it, and the combo stops.
#[test]
fn a_unit_caught_in_a_floor_stops_the_combo() {
    use wartable::rules::kry::state::HazardMark;
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    wartable::rules::core::testing::stage(
        &mut g,
        &[Event::HazardPlaced(HazardMark {
            centre: Pt::new(10.0, 4.0),
            diameter: 2.0,
        })],
    );
    put(&mut g, 6, 10.0, 10.0);
    // The floor gives way on a 4; stuck for 4/2 = 2 AP.
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![mv(2, 10.0, 4.0, MoveKind::Normal), shot(2, 6, "Carbine")],
        },
        &[4, 4],
    );
    assert_eq!(g.state.models[&id(2)].stuck, 2);
    assert!(g.state.combo.is_none());
    assert!(journal(&g).contains("can go no further"), "{}", journal(&g));
}

/// "In the first round of combat": the first attack between the two, for the charge's +2 as
/// for the initiator's +1. The charger's second attack in the same AP round rolls its own CC.
#[test]
fn the_first_round_of_combat_is_the_first_attack() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 10.0, 6.0);
    ok(&mut g, 1, charge(2, 6), &[]);
    loose(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    let hits = |g: &KryGame| {
        g.dice
            .log()
            .iter()
            .filter(|r| r.purpose.contains(", to hit "))
            .map(|r| r.expr.clone())
            .collect::<Vec<_>>()
    };
    let h = hits(&g);
    assert!(
        h.len() == 1 && h[0] == "4d6!",
        "CC 2 + 2 for the charge: {h:?}"
    );
    loose(
        &mut g,
        1,
        Command::Attack {
            attacker: id(2),
            target: id(6),
            attack: AttackType::Punch,
            weapon: None,
            charge: false,
        },
        &[],
    );
    loose(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[1, 1, 1, 1, 1, 1, 1, 1],
    );
    let h = hits(&g);
    assert!(
        h.len() == 2 && h[1] == "2d6!",
        "the Joe's own CC 2 at its second attack: {h:?}"
    );
}

/// The waiting-marker option: "they are only told once. It is up to them to remember". The mark
/// shows as the unit goes into waiting and goes with the next order paid for; by default it
/// shows while the unit waits.
#[test]
fn the_waiting_mark_told_once() {
    use wartable::rules::kry::options::WaitingMarker;
    for (marker, later) in [
        (WaitingMarker::Shown, true),
        (WaitingMarker::ToldOnce, false),
    ] {
        let mut g = small(&[]);
        g.state.options.waiting_marker = marker;
        start(&mut g, &apart(), &[6, 6]);
        ok(&mut g, 2, Command::Wait { model: id(4) }, &[]);
        let m = g.state.models[&id(4)].clone();
        assert!(g.state.waiting_shown(&m));
        ok(&mut g, 1, mv(2, 10.0, 4.0, MoveKind::Normal), &[]);
        let m = g.state.models[&id(4)].clone();
        assert!(m.waiting);
        assert_eq!(g.state.waiting_shown(&m), later, "{marker:?}");
    }
}

/// "If one player wishes to make no more moves, but still has AP left over (tip: Use it to put
/// units into waiting), they can declare they are done": a done side's unit in waiting still
/// acts in an enemy combo's window, paying from the AP left; its other units do not, even
/// between repeated actions.
#[test]
fn a_done_side_acts_with_its_waiting_units() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 4, 10.0, 12.0);
    ok(&mut g, 2, Command::Wait { model: id(4) }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[]);
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![
                mv(2, 10.0, 4.0, MoveKind::Normal),
                mv(2, 10.0, 6.0, MoveKind::Normal),
            ],
        },
        &[],
    );
    assert!(matches!(
        g.state.pending,
        Some(Pending::Window {
            waiting_only: true,
            interrupter: 2,
            ..
        })
    ));
    let e = refused(&mut g, 2, mv(6, 16.0, 20.0, MoveKind::Normal));
    assert!(e.contains("waiting"), "{e}");
    let left = g.state.ap_left(2);
    ok(&mut g, 2, shot(4, 2, "Hex Bolt"), &[2, 2, 2]);
    assert_eq!(g.state.ap_left(2), left - 1);
    assert!(g.state.combo.is_none() && g.state.tally[1].interrupted_combo);
    // Done, it gives no other order.
    refused(&mut g, 2, mv(6, 16.0, 20.0, MoveKind::Normal));
}

/// "a player may cancel an order combo at any time ... Players spend 1 AP PER cancel order": the
/// moment to cancel is a window (between repeated actions, or between different ones when an
/// enemy waits); with no window the steps follow at once ("as long as no opposing units are in
/// waiting, the unit can perform a series of actions without interruption"), and a combo carried
/// out is no longer there to cancel.
#[test]
fn a_combo_is_cancelled_in_its_windows() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 2, Command::Wait { model: id(5) }, &[]);
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![mv(2, 10.0, 4.0, MoveKind::Normal), shot(2, 5, "Carbine")],
        },
        &[],
    );
    assert!(matches!(
        g.state.pending,
        Some(Pending::Window {
            waiting_only: true,
            ..
        })
    ));
    let spent = g.state.spent[0];
    ok(&mut g, 1, Command::CancelCombo, &[]);
    assert_eq!(g.state.spent[0], spent + 1);
    assert!(g.state.combo.is_none() && g.state.pending.is_none());
    assert!(g.state.models[&id(5)].waiting, "a cancel is no interrupt");
    let e = refused(&mut g, 1, Command::CancelCombo);
    assert!(e.contains("no order combo"), "{e}");
}

/// "The model may move up to its Speed characteristic (Sp) in inches": the Joe's 3" and no more;
/// armour lowers Speed ("in some cases, the speed score is lowered"): the Heavy Gunner's Combat
/// Armour takes Speed 3 to 2.
#[test]
fn a_normal_move_reaches_speed_less_armour() {
    let mut g = game_with(
        open_level(&[]),
        team(EC, &["Captain", "Average Joe", "Heavy Gunner"]),
        team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]),
    );
    start(&mut g, &apart(), &[6, 6]);
    let e = refused(&mut g, 1, mv(2, 10.0, 5.2, MoveKind::Normal));
    assert!(e.contains("out of reach"), "{e}");
    ok(&mut g, 1, mv(2, 10.0, 4.9, MoveKind::Normal), &[]);
    assert_eq!(g.state.models[&id(3)].speed(), 2);
    let e = refused(&mut g, 1, mv(3, 16.0, 4.3, MoveKind::Normal));
    assert!(e.contains("out of reach"), "{e}");
    ok(&mut g, 1, mv(3, 16.0, 3.9, MoveKind::Normal), &[]);
}

/// "Players can take up to 5 elite units"; "skirmishes of around 12-14 models per player".
#[test]
fn at_most_five_elites_and_fourteen_models() {
    let c = cat();
    let o = KryOptions::default();
    let issues = |f: &KryForce| f.validate(&c, 100_000, o.max_models);
    let mut five = vec!["Captain"];
    five.extend(["Sniper"; 5]);
    assert!(issues(&team(EC, &five)).is_empty());
    let mut six = five.clone();
    six.push("Commando");
    let v = issues(&team(EC, &six));
    assert!(v.iter().any(|i| i.message.contains("elite")), "{v:?}");
    let mut fourteen = vec!["Captain"];
    fourteen.extend(["Average Joe"; 13]);
    assert!(issues(&team(EC, &fourteen)).is_empty());
    fourteen.push("Average Joe");
    let v = issues(&team(EC, &fourteen));
    assert!(v.iter().any(|i| i.message.contains("at most 14")), "{v:?}");
    // "Every team must have a Squad leader": the same Joes without the Captain are refused.
    let leaderless = issues(&team(EC, &["Average Joe"; 12]));
    assert!(
        leaderless
            .iter()
            .any(|i| i.message.contains("Every team must have a Squad leader")),
        "{leaderless:?}"
    );
}

/// The Loses and Triumph entries as the game sets them: a kill (lost, first blood), the enemy
/// leader killed, a squad leader's failed Willpower, a unit's own fumble damaging it.
#[test]
fn the_tables_follow_the_games_events() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    // The Captain attacks the Wraith (fear) its base touches: its Willpower (5 dice against 6)
    // all 1s: side 1's leader lost a roll, a real one ("Squad leaders can never be pinned", so a
    // pin's re-roll is none).
    let touch =
        g.state.table.model(id(1)).unwrap().radius() + g.state.table.model(id(5)).unwrap().radius();
    put(&mut g, 5, 4.0, 2.0 + touch + 0.001);
    assert!(!g.state.tally[0].leader_failed_will);
    ok(
        &mut g,
        1,
        Command::Attack {
            attacker: id(1),
            target: id(5),
            attack: AttackType::Punch,
            weapon: None,
            charge: false,
        },
        &[1, 1, 1, 1, 1],
    );
    assert!(journal(&g).contains("freezes"), "{}", journal(&g));
    assert!(g.state.tally[0].leader_failed_will);
    put(&mut g, 5, 10.0, 22.0);
    // The Joe fumbles (all 1s) and wounds itself: damaged by its own side.
    put(&mut g, 6, 10.0, 6.0);
    put(&mut g, 6, 10.0, 8.0);
    loose(&mut g, 1, shot(2, 6, "Carbine"), &[1, 1, 3]);
    assert!(g.state.tally[0].damaged_by_own_side, "{}", journal(&g));
    // The Captain kills the Wraith Lord at 2": first blood, the enemy leader.
    put(&mut g, 4, 4.0, 4.5);
    loose(&mut g, 1, shot(1, 4, "Assault Rifle"), &[5; 12]);
    assert!(!g.state.models[&id(4)].alive(), "{}", journal(&g));
    assert!(g.state.tally[0].killed_enemy_leader && g.state.tally[0].first_blood);
    assert!(g.state.tally[1].leader_killed);
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    // One AP die: side 1's Captain's (side 2 has no squad leader left to roll one).
    ok(&mut g, 2, Command::Done { side: 2 }, &[3]);
    let j = journal(&g);
    for line in [
        "-2 squad leader lost a Willpower roll",
        "-1 damaged by own side",
        "+1 no units lost",
        "+2 killed the enemy squad leader",
        "+2 first blood",
        "-5 squad leader killed",
    ] {
        assert!(j.contains(line), "{line}: {j}");
    }
    // The lines change the next roll: side 1 3 + Tactics 14 - 2 - 1 + 1 + 2 + 2 = 19; side 2
    // no die, Tactics 13 - 5 = 8 (it lost a unit: no +1).
    assert_eq!(g.state.ap, [19, 8], "{j}");
}

/// "Your squad leader has been killed -5AP" with a few lower-ranking squad leaders: each is a
/// squad leader of the team, so each one killed is the entry (and the killer's "+2 killed the
/// enemy squad leader"), in the round it falls; a round without a leader's death has none.
#[test]
fn each_lower_ranking_squad_leader_killed_costs_five() {
    let mut g = game_with(
        open_level(&[]),
        team(EC, &["Sergeant", "Sergeant", "Average Joe"]),
        team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]),
    );
    start(&mut g, &apart(), &[3, 3]);
    let kill = |g: &mut KryGame, n: u32| {
        wartable::rules::core::testing::stage(
            g,
            &[Event::Killed {
                model: id(n),
                by: Some(id(4)),
            }],
        )
    };
    kill(&mut g, 1);
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    // Side 1: 3 + Tactics 14 - 5; side 2: 3 + 13 + 1 (no units lost) + 2.
    assert_eq!(g.state.ap, [12, 19], "{}", journal(&g));
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    // No leader fell this round: no -5 (the entry is the round's, not "while dead").
    assert_eq!(g.state.ap, [18, 17], "{}", journal(&g));
    kill(&mut g, 2);
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    // Side 1 has no squad leader left to roll a die: Tactics 14 - 5.
    ok(&mut g, 2, Command::Done { side: 2 }, &[3]);
    assert_eq!(g.state.ap, [9, 19], "{}", journal(&g));
}

/// "AP can never be reduced below 0": a team of Tactics Rating 1 that lost over half its army
/// rolls a 2: 2 + 1 - 5 is below 0, so 0 AP (side 1's AP die is a 6 that explodes into a 1).
#[test]
fn ap_never_below_zero() {
    let mut setup_cat = cat();
    for t in &mut setup_cat.teams {
        t.tactics = 1;
    }
    let mut g = KryGame::new(wartable::rules::kry::setup::KrySetup {
        level: open_level(&[]),
        forces: [
            team(EC, &["Captain", "Average Joe", "Average Joe"]),
            team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]),
        ],
        scenario: Scenario::Deathmatch,
        options: KryOptions::default(),
        seed: 7,
        catalogue: setup_cat,
    })
    .unwrap();
    start(&mut g, &apart(), &[6, 6]);
    wartable::rules::core::testing::stage(
        &mut g,
        &[
            Event::Killed {
                model: id(5),
                by: None,
            },
            Event::Killed {
                model: id(6),
                by: None,
            },
        ],
    );
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[6, 1, 2]);
    assert_eq!(g.state.ap[1], 0);
    assert!(journal(&g).contains("-5 lost over 50%"), "{}", journal(&g));
}

/// "Unless the unit is carrying an item or weapon that states otherwise, then the unit is capable
/// of running": the Slaves' Forge Brute cannot.
#[test]
fn a_unit_that_cannot_run() {
    let mut g = game_with(
        open_level(&[]),
        team(
            "The Slaves",
            &["Chainbreaker", "Forge Brute", "Forge Brute"],
        ),
        team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]),
    );
    start(&mut g, &apart(), &[6, 6]);
    let e = refused(&mut g, 1, mv(2, 10.0, 5.0, MoveKind::Run));
    assert!(e.contains("cannot run"), "{e}");
}

/// "Very difficult terrain: Additional 2 AP per movement"; "many wraith units are not impeded by
/// any terrain difficulties": the Wraith crosses it for the plain 2, but takes no small step
/// onto it.
#[test]
fn very_difficult_ground_and_units_that_ignore_it() {
    let open = ".".repeat(24);
    let v = "v".repeat(24);
    let mut rows = vec![open.as_str(); 20];
    rows[3] = &v;
    rows[19] = &v;
    let mut g = small(&rows);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 1, mv(2, 10.0, 3.6, MoveKind::Normal), &[]);
    assert_eq!(g.state.spent[0], 4);
    ok(&mut g, 2, mv(5, 10.0, 19.5, MoveKind::Normal), &[]);
    assert_eq!(g.state.spent[1], 2);
    // "Small step can only be done in normal and difficult terrain": the costs are what such a
    // unit ignores, not this. The Wraith Lord steps onto very difficult ground: refused; on
    // easy ground the same step length is free.
    put(&mut g, 4, 4.0, 20.6);
    let e = refused(&mut g, 2, mv(4, 4.0, 19.8, MoveKind::SmallStep));
    assert!(e.contains("Small step can only be done"), "{e}");
    ok(&mut g, 2, mv(4, 4.8, 20.6, MoveKind::SmallStep), &[]);
    assert_eq!(g.state.spent[1], 2, "a small step is free");
}

/// "An order combo can be loosely defined as anything that has to be said with the word “AND”":
/// two orders at least; a close-combat attack only last; only moves, turns, shots and an attack.
#[test]
fn a_combos_shape() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 10.0, 6.0);
    let attack = charge(2, 6);
    for (steps, why) in [
        (vec![mv(2, 10.0, 3.0, MoveKind::Normal)], "two or more"),
        (
            vec![attack.clone(), mv(3, 16.0, 3.0, MoveKind::Normal)],
            "last order",
        ),
        (
            vec![
                mv(3, 16.0, 3.0, MoveKind::Normal),
                Command::Wait { model: id(2) },
            ],
            "not an order a combo can hold",
        ),
    ] {
        let e = refused(&mut g, 1, Command::Order { steps });
        assert!(e.contains(why), "{e}");
    }
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![mv(3, 16.0, 3.0, MoveKind::Normal), attack],
        },
        &[],
    );
}

/// "1. Movement – moving, running, charging etc.": a side that wins a face-off naming movement
/// carries it through with a charge; a charge is no close-combat action to name.
#[test]
fn a_charge_is_movement_in_a_face_off() {
    let name = |action, model: u32, target: Option<u32>| Command::FaceOffChoose {
        choice: Some(FaceOffChoice {
            action,
            model: id(model),
            target: target.map(id),
        }),
    };
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 10.0, 6.0);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(&mut g, 1, name(FaceOffAction::Movement, 2, Some(6)), &[]);
    ok(&mut g, 2, Command::FaceOffChoose { choice: None }, &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 1, .. })
    ));
    loose(&mut g, 1, charge(2, 6), &[]);
    assert!(g.state.models[&id(2)].charged == Some(id(6)), "it charged");
    // Named as close combat, the Joe (bases apart) would have had to charge: refused.
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 10.0, 6.0);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    let e = refused(&mut g, 1, name(FaceOffAction::Close, 2, Some(6)));
    assert!(e.contains("touches no enemy"), "{e}");
}

/// "Once players name the action they want to perform, they MUST carry it through if they win
/// the face-off": the action named at the enemy named.
#[test]
fn a_face_off_won_is_carried_through_at_the_target_named() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[4] = (5, 13.5, 13.0, 270.0);
    at[5] = (6, 11.0, 13.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(
        &mut g,
        1,
        Command::FaceOffChoose {
            choice: Some(FaceOffChoice {
                action: FaceOffAction::Ranged,
                model: id(1),
                target: Some(id(6)),
            }),
        },
        &[],
    );
    ok(&mut g, 2, Command::FaceOffChoose { choice: None }, &[]);
    let e = refused(&mut g, 1, shot(1, 5, "Assault Rifle"));
    assert!(e.contains("target to carry it through"), "{e}");
    loose(&mut g, 1, shot(1, 6, "Assault Rifle"), &[]);
    assert!(g.state.pending.is_none());
}

/// "+1AP per 4 commands" is the triumph of each completed combo: two combos of three paid
/// commands earn nothing (six commands together would earn 1); one of four earns 1.
#[test]
fn the_combo_triumph_is_counted_per_combo() {
    let three = |y: f32, kind| Command::Order {
        steps: vec![
            mv(1, 4.0, y, kind),
            mv(2, 10.0, y, kind),
            mv(3, 16.0, y, kind),
        ],
    };
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 1, three(3.0, MoveKind::Run), &[]);
    ok(&mut g, 2, Command::Pass, &[]);
    ok(&mut g, 2, Command::Pass, &[]);
    ok(&mut g, 1, three(4.5, MoveKind::Normal), &[]);
    ok(&mut g, 2, Command::Pass, &[]);
    ok(&mut g, 2, Command::Pass, &[]);
    assert_eq!(g.state.tally[0].combo_commands, 6);
    assert_eq!(g.state.tally[0].combo_ap, 0);
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    assert!(!journal(&g).contains("completed combos"), "{}", journal(&g));
}

/// "This is the only way to fail an order combo without affecting every unit who is part of it
/// (so if you can see one of your units is about to balls up the entire order combo, get on the
/// radio and tell him to get the hell out of the way)"; "If the squad leader tells one unit to
/// cancel the order, it cost one AP": the others carry on.
#[test]
fn one_unit_is_told_to_cancel_and_the_others_carry_on() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    let steps = vec![
        mv(1, 4.0, 4.5, MoveKind::Normal),
        mv(2, 10.0, 4.5, MoveKind::Normal),
        mv(3, 16.0, 4.5, MoveKind::Normal),
    ];
    ok(&mut g, 1, Command::Order { steps }, &[]);
    assert_eq!(g.state.spent[0], 6);
    let e = refused(
        &mut g,
        1,
        Command::CancelUnits {
            models: vec![id(4)],
        },
    );
    assert!(e.contains("no order left"), "{e}");
    ok(
        &mut g,
        1,
        Command::CancelUnits {
            models: vec![id(2)],
        },
        &[],
    );
    assert_eq!(g.state.spent[0], 7, "1 AP per cancel order");
    // The window before the Joe's own next step stays for side 2: it passes; the third unit
    // moves, the second stays where it was.
    ok(&mut g, 2, Command::Pass, &[]);
    assert!(g.state.combo.is_none());
    assert_eq!(g.state.table.model(id(2)).unwrap().pos, Pt::new(10.0, 2.0));
    assert_eq!(g.state.table.model(id(3)).unwrap().pos, Pt::new(16.0, 4.5));
    assert_eq!(
        g.state.tally[0].combo_commands, 2,
        "completed, less the step cancelled"
    );
}

/// "If the squad leader tells one unit to cancel the order, it cost one AP. If he tells all 4 units
/// to cancel the order, it costs 1AP": one cancel order to two units of a combo costs 1 AP; the
/// unit not told carries on with its step still to come.
#[test]
fn one_cancel_order_to_two_units_costs_one_ap() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    let steps = vec![
        mv(1, 4.0, 4.5, MoveKind::Normal),
        mv(2, 10.0, 4.5, MoveKind::Normal),
        mv(3, 16.0, 4.5, MoveKind::Normal),
        mv(1, 4.0, 7.0, MoveKind::Normal),
    ];
    ok(&mut g, 1, Command::Order { steps }, &[]);
    assert_eq!(g.state.spent[0], 8);
    ok(
        &mut g,
        1,
        Command::CancelUnits {
            models: vec![id(2), id(3)],
        },
        &[],
    );
    assert_eq!(g.state.spent[0], 9, "one cancel order, 1 AP");
    ok(&mut g, 2, Command::Pass, &[]);
    assert!(g.state.combo.is_none());
    assert_eq!(g.state.table.model(id(1)).unwrap().pos, Pt::new(4.0, 7.0));
    assert_eq!(g.state.table.model(id(2)).unwrap().pos, Pt::new(10.0, 2.0));
    assert_eq!(g.state.table.model(id(3)).unwrap().pos, Pt::new(16.0, 2.0));
}

/// "Once players name the action they want to perform, they MUST carry it through": a side that
/// has named its action cannot name another (nor pull out after naming).
#[test]
fn a_face_off_pick_once_named_stands() {
    let name = |action, model: u32| Command::FaceOffChoose {
        choice: Some(FaceOffChoice {
            action,
            model: id(model),
            target: None,
        }),
    };
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(&mut g, 1, name(FaceOffAction::Movement, 2), &[]);
    refused(&mut g, 1, name(FaceOffAction::Movement, 3));
    refused(&mut g, 1, Command::FaceOffChoose { choice: None });
    assert!(matches!(g.state.pending, Some(Pending::FaceOff(_))));
}

/// "some models can ignore these costs": a Wraith runs across very difficult ground for the
/// run's plain 1 AP, its Body dropping by 1 (not "straight to 1"); a Thrall pays 3 and drops to 1.
#[test]
fn a_unit_that_ignores_terrain_runs_across_very_difficult_ground() {
    let open = ".".repeat(24);
    let v = "v".repeat(24);
    let mut rows = vec![open.as_str(); 24];
    rows[19] = &v;
    let mut g = small(&rows);
    start(&mut g, &apart(), &[6, 6]);
    g.state.models.get_mut(&id(5)).unwrap().profile.body = 4;
    g.state.models.get_mut(&id(6)).unwrap().profile.body = 4;
    ok(&mut g, 2, mv(5, 10.0, 18.0, MoveKind::Run), &[]);
    assert_eq!(g.state.spent[1], 1);
    assert_eq!(g.state.models[&id(5)].body(), 3);
    ok(&mut g, 2, mv(6, 16.0, 18.0, MoveKind::Run), &[]);
    assert_eq!(g.state.spent[1], 4);
    assert_eq!(g.state.models[&id(6)].body(), 1);
}

/// "It costs one AP for a unit to go into waiting".
#[test]
fn waiting_costs_one_ap() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 1, Command::Wait { model: id(2) }, &[]);
    assert_eq!(g.state.spent[0], 1);
    assert!(g.state.models[&id(2)].waiting);
    // Once is enough: a unit already waiting is refused, and nothing is paid.
    let e = refused(&mut g, 1, Command::Wait { model: id(2) });
    assert!(e.contains("already waiting"), "{e}");
    // With no AP left, going into waiting is refused.
    let left = g.state.ap_left(1);
    wartable::rules::core::testing::stage(
        &mut g,
        &[Event::Spent {
            side: 1,
            ap: left,
            what: "staged".into(),
        }],
    );
    refused(&mut g, 1, Command::Wait { model: id(3) });
    assert!(!g.state.models[&id(3)].waiting);
}

/// "The distance between units to attack another is that the bases of the models must be
/// touching": a standard attack a hair apart is refused; touching, it costs 1 AP.
#[test]
fn a_standard_attack_needs_the_bases_touching() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    let r =
        g.state.table.model(id(2)).unwrap().radius() + g.state.table.model(id(6)).unwrap().radius();
    put(&mut g, 6, 10.0, 2.0 + r + 0.2);
    let standard = Command::Attack {
        attacker: id(2),
        target: id(6),
        attack: AttackType::Punch,
        weapon: None,
        charge: false,
    };
    let e = refused(&mut g, 1, standard.clone());
    assert!(e.contains("bases touching"), "{e}");
    put(&mut g, 6, 10.0, 2.0 + r + 0.01);
    ok(&mut g, 1, standard, &[]);
    assert_eq!(g.state.spent[0], 1);
}

/// A model with CC X makes no close-combat attack.
#[test]
fn an_attacker_with_cc_x_cannot_attack() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    let r =
        g.state.table.model(id(2)).unwrap().radius() + g.state.table.model(id(6)).unwrap().radius();
    put(&mut g, 6, 10.0, 2.0 + r + 0.01);
    g.state.models.get_mut(&id(2)).unwrap().profile.cc = None;
    let e = refused(&mut g, 1, charge(2, 6));
    assert!(e.contains("CC X"), "{e}");
}

/// "Either player can pull out and let the other player perform their action": both pulling out
/// end the face-off with nothing done and nothing paid.
#[test]
fn a_face_off_both_pull_out_of() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    let before = (g.state.spent, g.state.table.models.clone());
    ok(&mut g, 2, Command::CallFaceOff, &[]);
    ok(&mut g, 1, Command::FaceOffChoose { choice: None }, &[]);
    assert!(
        matches!(g.state.pending, Some(Pending::FaceOff(_))),
        "one pick is not both"
    );
    ok(&mut g, 2, Command::FaceOffChoose { choice: None }, &[]);
    assert!(g.state.pending.is_none());
    assert_eq!((g.state.spent, g.state.table.models.clone()), before);
    assert!(journal(&g).contains("both pull out"));
    // Both free to act again.
    ok(&mut g, 1, mv(2, 10.0, 3.0, MoveKind::Normal), &[]);
}

/// "Difficult Terrain: Additional 1 AP per movement. ... shallow water": a move through shallow
/// water costs 2 + 1.
#[test]
fn shallow_water_is_difficult() {
    let (open, wet) = (".".repeat(24), "w".repeat(24));
    let mut g = small(&[&open, &open, &open, &wet]);
    start(&mut g, &apart(), &[6, 6]);
    ok(&mut g, 1, mv(2, 10.0, 5.0, MoveKind::Normal), &[]);
    assert_eq!(g.state.spent[0], 3);
}

/// "If any actions are performed, the unit is hit in RC or charged, then the waiting maneuver is
/// broken": a hit that wounds nothing breaks it too. The Joe's Carbine (3K2) hits the waiting
/// Wraith Lord twice (5, 5), armoured here to 3 (to wound 3 + 3 - 2 = 4): both wound dice fail
/// (1, 1).
#[test]
fn a_hit_that_does_not_wound_breaks_waiting() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 4, 10.0, 7.0);
    g.state.models.get_mut(&id(4)).unwrap().armour = 3;
    ok(&mut g, 2, Command::Wait { model: id(4) }, &[]);
    assert!(g.state.models[&id(4)].waiting);
    ok(&mut g, 1, shot(2, 4, "Carbine"), &[5, 5, 1, 1]);
    assert_eq!(g.state.models[&id(4)].wounds_taken, 0, "{}", journal(&g));
    assert!(!g.state.models[&id(4)].waiting, "hit in RC");
}

/// "The only action that is an exception to this is rotating, and can be performed before or
/// after small step": a unit that has turned may still take its small step, free.
#[test]
fn a_turn_before_a_small_step() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    ok(&mut g, 1, turn(1, 45.0), &[]);
    ok(&mut g, 1, mv(1, 4.0, 2.9, MoveKind::SmallStep), &[]);
    assert_eq!(g.state.spent[0], 0);
    assert_eq!(g.state.table.model(id(1)).unwrap().pos, Pt::new(4.0, 2.9));
}

/// "Small step can only be done in normal and difficult terrain": on difficult ground it is
/// allowed, and free ("If a unit moves less than 1 inch, there is no AP cost"), where a normal
/// move there pays its extra 1 AP.
#[test]
fn a_small_step_on_difficult_ground_is_free() {
    let open = ".".repeat(24);
    let d = "d".repeat(24);
    let mut g = small(&[&open, &open, &d, &d]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 10.0, 2.6);
    ok(&mut g, 1, mv(2, 10.0, 3.4, MoveKind::SmallStep), &[]);
    assert_eq!(g.state.spent[0], 0);
    assert_eq!(g.state.table.model(id(2)).unwrap().pos, Pt::new(10.0, 3.4));
    ok(&mut g, 1, mv(3, 16.0, 3.0, MoveKind::Normal), &[]);
    assert_eq!(g.state.spent[0], 3, "a normal move onto it pays 2 + 1");
}

/// "Impossible Terrain 5000AP (in other words, impossible)"; "Difficult Terrain: Additional 1 AP
/// per movement": a charge whose straight line crosses impassable ground goes round it, the way
/// the rules found, and pays that way's terrain. The row between the Joe and the Thrall is
/// impassable straight ahead and shallow water on either side: the way round wades (+1 AP).
#[test]
fn a_charge_goes_round_what_blocks_its_straight_way() {
    let open = ".".repeat(24);
    let wall = "w".repeat(10) + "X" + &"w".repeat(13);
    let mut g = small(&[&open, &open, &open, &open, &wall]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 2, 10.5, 3.4);
    // The bases touch at y = 5.95, off the edge of the search's half-inch cells.
    let touch =
        g.state.table.model(id(2)).unwrap().radius() + g.state.table.model(id(6)).unwrap().radius();
    put(&mut g, 6, 10.5, 5.95 + touch);
    let spent = g.state.spent[0];
    ok(&mut g, 1, charge(2, 6), &[]);
    assert_eq!(
        g.state.spent[0],
        spent + 2,
        "the charge's 1 AP and the water's 1: {}",
        journal(&g)
    );
    assert!(
        g.state.table.distance(id(2), id(6)).unwrap() < 0.05,
        "in base contact"
    );
    assert!(journal(&g).contains("charging over difficult terrain"));
}

/// "If any actions are performed, the unit is hit in RC or charged, then the waiting maneuver is
/// broken": a wound from a standard close-combat attack (no charge) is none of the three; the
/// Thrall keeps waiting.
#[test]
fn a_close_combat_wound_leaves_waiting_on() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    ok(&mut g, 2, Command::Wait { model: id(6) }, &[]);
    ok(
        &mut g,
        1,
        Command::Attack {
            attacker: id(2),
            target: id(6),
            attack: AttackType::Kick,
            weapon: None,
            charge: false,
        },
        &[],
    );
    // A passive defence: the Joe's 4 dice 6 (+2), 3, 5, 1 against CC 3 keep 2 hits; the
    // Thrall's 2, 2, 2 avoid none; the wound dice 4, 1 against Body 2: one wound.
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[6, 2, 3, 5, 1, 2, 2, 2, 4, 1],
    );
    assert!(g.state.pending.is_none(), "{:?}", g.state.pending);
    assert_eq!(g.state.models[&id(6)].wounds_taken, 1);
    assert!(
        g.state.models[&id(6)].waiting,
        "a wound is no action, hit or charge"
    );
}

/// "Turning is free of charge. The model is free to rotate to face any direction as they please":
/// the face-off's winner, which named a shot at an enemy outside its front arc, turns to face it
/// first (the action is still owed: a move is refused after the turn), then fires.
#[test]
fn a_face_off_winner_may_turn_before_its_shot() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[5] = (6, 16.0, 13.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    put(&mut g, 6, 15.0, 8.0);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(
        &mut g,
        1,
        Command::FaceOffChoose {
            choice: Some(FaceOffChoice {
                action: FaceOffAction::Ranged,
                model: id(1),
                target: Some(id(6)),
            }),
        },
        &[],
    );
    ok(&mut g, 2, Command::FaceOffChoose { choice: None }, &[]);
    let e = refused(&mut g, 1, shot(1, 6, "Assault Rifle"));
    assert!(e.contains("arc"), "{e}");
    ok(&mut g, 1, turn(1, 0.0), &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 1, .. })
    ));
    let e = refused(&mut g, 1, mv(1, 12.0, 9.0, MoveKind::Normal));
    assert!(e.contains("carry through"), "{e}");
    loose(&mut g, 1, shot(1, 6, "Assault Rifle"), &[]);
    assert!(g.state.pending.is_none());
    assert!(g.state.spent[0] > 0, "the shot was paid");
}
