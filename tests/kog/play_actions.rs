//! "Hold Objective" and Linebreaker's "Pass Objective".

use super::*;
use wartable::rules::kog::event::apply;
use wartable::rules::kog::force::BattleSize;
use wartable::rules::kog::options::SpeedMoveBars;
use wartable::rules::kog::state::{KogObjective, MoveMode};

fn objective(owner: u8, x: f32, y: f32) -> Event {
    Event::ObjectiveAdded(KogObjective {
        name: format!("side {owner}'s Objective"),
        owner: Some(owner),
        at: Pt::new(x, y),
        carrier: None,
        off_table: false,
        streak: [0, 0],
    })
}

/// "Hold Objective – A model within 1" of an Objective may take and hold it."
#[test]
fn hold_objective_within_one_inch() {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    );
    start(&mut g, &[(1, 20.0, 20.0), (2, 30.0, 20.0), (3, 40.0, 30.0)]);
    apply(&mut g.state, &objective(2, 21.8, 20.0));
    to_actions(&mut g);
    let e = refused(
        &mut g,
        Command::HoldObjective {
            model: id(2),
            objective: None,
        },
    );
    assert!(e.contains("not within 1"), "{e}");
    // The boundary, base edge to marker edge (a 1" marker): 1.05" is refused, 0.95" holds.
    put(&mut g, 1, 21.8 - 0.5 - 0.5 - 1.05, 20.0);
    let e = refused(
        &mut g,
        Command::HoldObjective {
            model: id(1),
            objective: None,
        },
    );
    assert!(e.contains("not within 1"), "{e}");
    put(&mut g, 1, 21.8 - 0.5 - 0.5 - 0.95, 20.0);
    ok(
        &mut g,
        Command::HoldObjective {
            model: id(1),
            objective: None,
        },
    );
    assert_eq!(g.state.turn.held.get(&0), Some(&id(1)));
}

/// "Speed Move – ... may not choose Shooting actions until the end of the player turn", and
/// "Ranged Shooting – ... Alternately, eligible models may instead choose one of the following
/// actions: Hold Objective ...": as laid out, a Speed Move rules out Hold Objective too; the
/// option `ShotsOnly` (the summary's "model may not shoot") allows it.
#[test]
fn a_speed_move_rules_out_the_alternatives_to_shooting_as_an_option() {
    for bars in [
        SpeedMoveBars::ShootingAndItsAlternatives,
        SpeedMoveBars::ShotsOnly,
    ] {
        let mut g = new_game(
            Scenario::Standard,
            singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
            singles("German", BattleSize::Duel, &["Kämpfer"]),
        );
        g.state.options_mut().speed_move_bars = bars;
        start(&mut g, &[(1, 10.0, 20.0), (2, 30.0, 20.0), (3, 40.0, 30.0)]);
        apply(&mut g.state, &objective(2, 21.8, 20.0));
        ok(
            &mut g,
            Command::Move {
                model: id(1),
                mode: MoveMode::Speed,
                to: Pt::new(20.0, 20.0),
            },
        );
        to_actions(&mut g);
        let hold = Command::HoldObjective {
            model: id(1),
            objective: None,
        };
        match bars {
            SpeedMoveBars::ShootingAndItsAlternatives => {
                let e = refused(&mut g, hold);
                assert!(e.contains("Speed Move"), "{e}");
            }
            SpeedMoveBars::ShotsOnly => {
                ok(&mut g, hold);
                assert_eq!(g.state.turn.held.get(&0), Some(&id(1)));
            }
        }
    }
}

/// Linebreaker: "Pass Objective – Instead of Shooting, a model with the Objective may transfer
/// it to a friendly model within 1", or pick it up from a Destroyed model."
#[test]
fn linebreaker_pass_and_pick_up() {
    let mut g = new_game(
        Scenario::Linebreaker,
        singles(
            "German",
            BattleSize::Melee,
            &["Kämpfer", "Kämpfer", "Kämpfer"],
        ),
        singles("German", BattleSize::Melee, &["Kämpfer"]),
    );
    start(
        &mut g,
        &[
            (1, 20.0, 10.0),
            (2, 21.5, 10.0),
            (3, 25.0, 10.0),
            (4, 40.0, 30.0),
        ],
    );
    carry_objective(&mut g, Pt::new(20.0, 10.0));
    ok(
        &mut g,
        Command::Move {
            model: id(1),
            mode: MoveMode::Combat,
            to: Pt::new(20.5, 11.0),
        },
    );
    assert_eq!(
        g.state.objectives[0].at,
        Pt::new(20.5, 11.0),
        "it moves with its carrier"
    );
    to_actions(&mut g);
    let e = refused(
        &mut g,
        Command::PassObjective {
            model: id(1),
            to: id(3),
        },
    );
    assert!(e.contains("within 1"), "{e}");
    ok(
        &mut g,
        Command::PassObjective {
            model: id(1),
            to: id(2),
        },
    );
    assert_eq!(g.state.objectives[0].carrier, Some(id(2)));
    // The carrier is destroyed; a friend within 1" picks the Objective up.
    hurt(&mut g, 2, 2);
    put(&mut g, 3, 22.6, 10.0);
    ok(&mut g, Command::PickUpObjective { model: id(3) });
    assert_eq!(g.state.objectives[0].carrier, Some(id(3)));
}
