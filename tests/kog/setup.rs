//! "Order of Battle" and "Game Rounds": dice-off, roles, halves, deployment, objectives,
//! Commanders, and who takes the first turn each round.

use super::*;
use wartable::rules::kog::actions::objective_piece;
use wartable::rules::kog::force::BattleSize;
use wartable::rules::kog::options::GapFrom;
use wartable::rules::kog::state::{Half, Phase, Split};

fn duel() -> KogGame {
    new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("Russian", BattleSize::Duel, &["F6-16"]),
    )
}

/// "each player rolls a die, rolling again in the case of any ties. The player that rolled
/// higher chooses"; "The player with more unused points may re-roll their die".
#[test]
fn dice_off_ties_roll_again_and_unused_points_allow_a_reroll() {
    let mut g = duel();
    // Side 1 spent 12 of 15 (3 unused), side 2 spent 8 (7 unused).
    g.dice.force(&[4, 4, 5, 2]);
    ok(&mut g, Command::RollOff);
    assert_eq!(g.dice.log().len(), 4, "the tie was rolled again");
    assert_eq!(
        g.state.phase,
        Phase::RoleDiceOff {
            last: Some([5, 2]),
            may_reroll: Some(2)
        },
        "side 2 lost with more unused points: it may re-roll"
    );
    let e = refused(&mut g, Command::ChooseRole { attacker: true });
    assert!(e.contains("re-roll"), "{e}");
    g.dice.force(&[6]);
    ok(&mut g, Command::Reroll);
    assert_eq!(g.state.phase, Phase::ChooseRole { chooser: 2 });
    ok(&mut g, Command::ChooseRole { attacker: true });
    let r = g.state.roles.unwrap();
    assert_eq!((r.attacker, r.defender), (2, 1));
    assert_eq!(g.state.phase, Phase::ChooseTerritory);
}

/// "rolling again in the case of any ties": the Unused Points re-roll that ties the other die
/// is rolled off again (3 against 6: side 2 chooses).
#[test]
fn a_tie_after_the_unused_points_reroll_is_rolled_again() {
    let mut g = duel();
    g.dice.force(&[5, 2]);
    ok(&mut g, Command::RollOff);
    g.dice.force(&[5, 3, 6]);
    ok(&mut g, Command::Reroll);
    assert_eq!(g.dice.clear_queued(), 0, "the tie was rolled again");
    assert_eq!(g.state.phase, Phase::ChooseRole { chooser: 2 });
}

/// "the Attacker places their forces in their territory, more than 12" from Defender
/// territory": the gap holds for the Attacker as for the Defender.
#[test]
fn the_attacker_also_deploys_more_than_12_inches_away() {
    let mut g = duel();
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::KeepRolls);
    ok(&mut g, Command::ChooseRole { attacker: false });
    ok(
        &mut g,
        Command::ChooseTerritory {
            split: Split::LeftRight,
            half: Half::LeftOrNear,
        },
    );
    for (m, y) in [(1, 10.0), (2, 20.0)] {
        ok(
            &mut g,
            Command::Deploy {
                model: id(m),
                at: Pt::new(5.0, y),
                facing: 0.0,
            },
        );
    }
    ok(&mut g, Command::FinishDeployment);
    assert_eq!(g.state.phase, Phase::Deploy { side: 2 });
    // The Defender's half ends at x = 24: a 1" base at 36.5 reaches to 36, exactly 12" away.
    let e = refused(
        &mut g,
        Command::Deploy {
            model: id(3),
            at: Pt::new(36.5, 10.0),
            facing: 180.0,
        },
    );
    assert!(e.contains("more than 12"), "{e}");
    ok(
        &mut g,
        Command::Deploy {
            model: id(3),
            at: Pt::new(36.6, 10.0),
            facing: 180.0,
        },
    );
}

#[test]
fn the_winner_with_fewer_unused_points_chooses_at_once() {
    let mut g = duel();
    g.dice.force(&[2, 5]);
    ok(&mut g, Command::RollOff);
    assert_eq!(g.state.phase, Phase::ChooseRole { chooser: 2 });
    ok(&mut g, Command::ChooseRole { attacker: false });
    assert_eq!(g.state.roles.unwrap().defender, 2);
    // A loser who may re-roll can also keep the result.
    let mut g = duel();
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::KeepRolls);
    assert_eq!(g.state.phase, Phase::ChooseRole { chooser: 1 });
}

/// Plays the whole setup through commands: halves, deployment, objectives, Commanders.
#[test]
fn setup_halves_deployment_objectives_and_commanders() {
    let mut g = duel();
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::KeepRolls);
    ok(&mut g, Command::ChooseRole { attacker: false }); // side 1 defends
    // "The Defender divides the battlefield into equal halves and chooses either half".
    ok(
        &mut g,
        Command::ChooseTerritory {
            split: Split::LeftRight,
            half: Half::LeftOrNear,
        },
    );
    assert_eq!(g.state.phase, Phase::Deploy { side: 1 });
    // "more than 12" from Attacker territory": the line is at x = 24; a 1" base at x = 11.5
    // reaches to 12, exactly 12" away: refused; at 11.4 it is 12.1" away.
    let e = refused(
        &mut g,
        Command::Deploy {
            model: id(1),
            at: Pt::new(11.5, 10.0),
            facing: 0.0,
        },
    );
    assert!(e.contains("more than 12"), "{e}");
    let e = refused(
        &mut g,
        Command::Deploy {
            model: id(1),
            at: Pt::new(30.0, 10.0),
            facing: 0.0,
        },
    );
    assert!(e.contains("own territory"), "{e}");
    let e = refused(
        &mut g,
        Command::Deploy {
            model: id(3),
            at: Pt::new(5.0, 10.0),
            facing: 0.0,
        },
    );
    assert!(e.contains("not yours to command"), "{e}");
    ok(
        &mut g,
        Command::Deploy {
            model: id(1),
            at: Pt::new(11.4, 10.0),
            facing: 0.0,
        },
    );
    let e = refused(&mut g, Command::FinishDeployment);
    assert!(e.contains("Kämpfer 2"), "{e}");
    let e = refused(
        &mut g,
        Command::Deploy {
            model: id(2),
            at: Pt::new(11.4, 10.5),
            facing: 0.0,
        },
    );
    assert!(e.contains("overlap"), "{e}");
    ok(
        &mut g,
        Command::Deploy {
            model: id(2),
            at: Pt::new(5.0, 20.0),
            facing: 0.0,
        },
    );
    ok(&mut g, Command::FinishDeployment);
    assert_eq!(g.state.phase, Phase::Deploy { side: 2 });
    ok(
        &mut g,
        Command::Deploy {
            model: id(3),
            at: Pt::new(40.0, 18.0),
            facing: 180.0,
        },
    );
    ok(&mut g, Command::FinishDeployment);
    // "Each player places one (1) Objective marker ... in their territory, more than 6" from any
    // board edge."
    assert_eq!(g.state.phase, Phase::PlaceObjective { side: 1 });
    let e = refused(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(6.0, 18.0),
        },
    );
    assert!(e.contains("more than 6"), "{e}");
    // Measured from the marker's edge (markers are 1" across): a centre 6.5" in is 6" away.
    let e = refused(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(6.5, 18.0),
        },
    );
    assert!(e.contains("marker's edge is 6.0\""), "{e}");
    // Saves from before that reading measured from the centre, and still replay so.
    g.state.options_mut().objective_gap_from = GapFrom::MarkerCentre;
    assert!(
        g.check(
            1,
            &Command::PlaceObjective {
                at: Pt::new(6.5, 18.0)
            }
        )
        .is_ok()
    );
    g.state.options_mut().objective_gap_from = GapFrom::MarkerEdge;
    let e = refused(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(30.0, 18.0),
        },
    );
    assert!(e.contains("in their territory"), "{e}");
    // On the dividing line (x = 24) a marker is in neither territory.
    let e = refused(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(24.0, 18.0),
        },
    );
    assert!(e.contains("dividing line"), "{e}");
    ok(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(10.0, 18.0),
        },
    );
    ok(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(38.0, 12.0),
        },
    );
    assert_eq!(g.state.phase, Phase::NameCommanders);
    ok(&mut g, Command::NameCommander { model: id(2) });
    assert_eq!(g.state.phase, Phase::NameCommanders, "both sides name one");
    ok(&mut g, Command::NameCommander { model: id(3) });
    // "The Defender takes the first player turn in the first game round".
    assert_eq!(g.state.phase, Phase::Turn);
    assert_eq!((g.state.round, g.state.active, g.state.first), (1, 1, 1));
    assert_eq!(g.state.commanders, [Some(id(2)), Some(id(3))]);
    assert_eq!(g.state.objectives.len(), 2);
    assert_eq!(g.state.table.models.len(), 3);
}

/// A table too shallow for the split asked is refused with the reason.
#[test]
fn a_split_leaving_no_room_to_deploy_is_refused() {
    let mut g = KogGame::new(super::setup(
        open_level(24.0, 24.0),
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    ))
    .unwrap();
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::ChooseRole { attacker: true });
    let e = refused(
        &mut g,
        Command::ChooseTerritory {
            split: Split::NearFar,
            half: Half::LeftOrNear,
        },
    );
    assert!(e.contains("too little"), "{e}");
}

/// "Round 1 – Defender takes the first Player Turn; Round 2 – Attacker takes the first Player
/// Turn; then Round 3+ – dice off, second player decides ties."
#[test]
fn who_goes_first_each_round() {
    let mut g = duel();
    start(&mut g, &[(1, 10.0, 4.0), (2, 14.0, 4.0), (3, 20.0, 32.0)]);
    assert_eq!((g.state.round, g.state.active), (1, 1));
    ok(&mut g, Command::EndTurn);
    assert_eq!((g.state.round, g.state.active), (1, 2));
    ok(&mut g, Command::EndTurn);
    assert_eq!(
        (g.state.round, g.state.active, g.state.first),
        (2, 2, 2),
        "the Attacker"
    );
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert_eq!(g.state.phase, Phase::FirstTurnDiceOff);
    g.dice.force(&[3, 3]);
    ok(&mut g, Command::RollOff);
    // Side 1 went second in round 2 and decides the tie.
    assert_eq!(g.state.phase, Phase::ChooseFirst { chooser: 1 });
    ok(&mut g, Command::ChooseFirst { side: 2 });
    assert_eq!((g.state.round, g.state.active, g.state.first), (3, 2, 2));
    // Each journal line is filed under its round: a turn under the round it begins, the dice-off
    // and the choice of the first player under the round they open.
    let round_of = |needle: &str| {
        g.journal
            .iter()
            .filter(|l| l.text.contains(needle))
            .map(|l| l.round)
            .collect::<Vec<_>>()
    };
    let side_of = |needle: &str| {
        g.journal
            .iter()
            .find(|l| l.text.contains(needle))
            .map(|l| l.seat)
    };
    assert_eq!(round_of("Round 2: side 2 takes the first"), [2]);
    assert_eq!(round_of("Round 2: side 1 takes the second"), [2]);
    // The announcement of a turn is filed under the side whose turn it is.
    assert_eq!(side_of("Round 2: side 2 takes the first"), Some(2));
    assert_eq!(side_of("Round 2: side 1 takes the second"), Some(1));
    assert_eq!(round_of("Dice off for the first turn"), [3]);
    assert_eq!(round_of("Dice-off for the first turn of round 3"), [3]);
    assert_eq!(round_of("chooses who takes the first turn"), [3]);
    assert_eq!(round_of("Round 3: side 2 takes the first"), [3]);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    g.dice.force(&[2, 5]);
    ok(&mut g, Command::RollOff);
    assert_eq!(g.state.phase, Phase::ChooseFirst { chooser: 2 });
}

/// A one-on-one game of `scenario` through deployment: side 1 attacks from the far half.
fn deployed(scenario: Scenario) -> KogGame {
    deployed_on(open_level(48.0, 36.0), scenario)
}

/// [`deployed`] on `level`.
fn deployed_on(level: LevelFile, scenario: Scenario) -> KogGame {
    let mut g = game_on(
        level,
        scenario,
        singles("German", BattleSize::Duel, &["Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    );
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::ChooseRole { attacker: true });
    ok(
        &mut g,
        Command::ChooseTerritory {
            split: Split::NearFar,
            half: Half::LeftOrNear,
        },
    );
    ok(
        &mut g,
        Command::Deploy {
            model: id(2),
            at: Pt::new(20.0, 3.0),
            facing: 90.0,
        },
    );
    ok(&mut g, Command::FinishDeployment);
    ok(
        &mut g,
        Command::Deploy {
            model: id(1),
            at: Pt::new(20.0, 33.0),
            facing: 270.0,
        },
    );
    ok(&mut g, Command::FinishDeployment);
    g
}

/// Hamburger Hill: "Place a distinctive piece of terrain in the center of the board. This piece
/// of terrain is the only Objective in the game." Linebreaker: "The Attacker places an
/// Objective on one model".
#[test]
fn scenario_objectives_are_set_up_as_written() {
    // The piece of terrain at the centre is the Objective (measured to its footprint); on a
    // table with none there, a marker at the centre stands in for it.
    let bunker = "Piece(shape: Box, at: (24.0, 18.0), size: (6.0, 6.0, 3.0), tags: [BlocksSight], label: \"bunker\")";
    let g = deployed_on(level_with(&[bunker]), Scenario::HamburgerHill);
    assert_eq!(g.state.objectives.len(), 1);
    assert_eq!(
        objective_piece(&g.state, 0).map(|p| p.label.as_str()),
        Some("bunker")
    );
    assert_eq!(g.state.phase, Phase::NameCommanders);
    let g = deployed(Scenario::HamburgerHill);
    assert_eq!(g.state.objectives.len(), 1);
    assert!(objective_piece(&g.state, 0).is_none());
    assert_eq!(g.state.objectives[0].at, Pt::new(24.0, 18.0));
    assert_eq!(g.state.phase, Phase::NameCommanders);

    let mut g = deployed(Scenario::Linebreaker);
    assert_eq!(g.state.phase, Phase::PlaceObjective { side: 1 });
    let e = refused(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(20.0, 30.0),
        },
    );
    assert!(e.contains("on one of its models"), "{e}");
    let e = refused(&mut g, Command::CarryObjective { model: id(2) });
    assert!(e.contains("its own models"), "{e}");
    ok(&mut g, Command::CarryObjective { model: id(1) });
    assert_eq!(g.state.objectives[0].carrier, Some(id(1)));
}

/// Option "Deployment gap": "Larger and smaller battlefields ... may require some adjustment".
#[test]
fn a_smaller_deployment_gap_fits_a_small_table() {
    let mut setup = super::setup(
        open_level(24.0, 24.0),
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    );
    setup.options.deployment_gap = 4.0;
    let mut g = KogGame::new(setup).unwrap();
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::ChooseRole { attacker: true });
    ok(
        &mut g,
        Command::ChooseTerritory {
            split: Split::NearFar,
            half: Half::LeftOrNear,
        },
    );
    let e = refused(
        &mut g,
        Command::Deploy {
            model: id(2),
            at: Pt::new(12.0, 7.6),
            facing: 0.0,
        },
    );
    assert!(e.contains("more than 4"), "{e}");
    ok(
        &mut g,
        Command::Deploy {
            model: id(2),
            at: Pt::new(12.0, 7.4),
            facing: 0.0,
        },
    );
}

/// Every option of the game is explained in the rules reference shipped with it.
#[test]
fn the_rules_reference_explains_every_option() {
    let text =
        std::fs::read_to_string(crate::common::repo().join("assets/rules/kog-light.md")).unwrap();
    for name in [
        "Long range",
        "Wrecks block sight",
        "Models block sight",
        "Round",
        "Deployment gap",
    ] {
        assert!(
            text.contains(&format!("**{name}")),
            "option {name} is not in the reference"
        );
    }
    for quote in [
        "Re-roll Dice",
        "Counterattack – Each turn",
        "Sensor Lock – exists",
        "Blast – On a successful hit",
    ] {
        let q = quote.replace("Re-roll Dice", "re-rolls cancel out");
        assert!(text.contains(&q), "no ruling quotes {quote:?}");
    }
}

/// The round order with side 2 as the Defender, set up through commands: "Round 1 – Defender
/// takes the first Player Turn; Round 2 – Attacker takes the first Player Turn; then Round 3+ –
/// dice off, second player decides ties."
#[test]
fn who_goes_first_each_round_when_side_2_defends() {
    let mut g = duel();
    // Side 2 wins (it has more unused points than side 1, so side 1 may not re-roll).
    g.dice.force(&[1, 6]);
    ok(&mut g, Command::RollOff);
    assert_eq!(g.state.phase, Phase::ChooseRole { chooser: 2 });
    ok(&mut g, Command::ChooseRole { attacker: false });
    ok(
        &mut g,
        Command::ChooseTerritory {
            split: Split::NearFar,
            half: Half::LeftOrNear,
        },
    );
    assert_eq!(
        g.state.phase,
        Phase::Deploy { side: 2 },
        "the Defender first"
    );
    let deploy = |x: f32, y: f32, m: u32| Command::Deploy {
        model: id(m),
        at: Pt::new(x, y),
        facing: 0.0,
    };
    ok(&mut g, deploy(20.0, 3.0, 3));
    ok(&mut g, Command::FinishDeployment);
    ok(&mut g, deploy(10.0, 33.0, 1));
    ok(&mut g, deploy(14.0, 33.0, 2));
    ok(&mut g, Command::FinishDeployment);
    ok(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(24.0, 12.0),
        },
    );
    ok(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(24.0, 24.0),
        },
    );
    ok(&mut g, Command::NameCommander { model: id(3) });
    ok(&mut g, Command::NameCommander { model: id(1) });
    assert_eq!(
        (g.state.round, g.state.active, g.state.first),
        (1, 2, 2),
        "the Defender, side 2, takes round 1's first turn"
    );
    ok(&mut g, Command::EndTurn);
    assert_eq!((g.state.round, g.state.active), (1, 1));
    ok(&mut g, Command::EndTurn);
    assert_eq!(
        (g.state.round, g.state.active, g.state.first),
        (2, 1, 1),
        "the Attacker, side 1, takes round 2's first turn"
    );
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert_eq!(g.state.phase, Phase::FirstTurnDiceOff);
    g.dice.force(&[4, 4]);
    ok(&mut g, Command::RollOff);
    assert_eq!(
        g.state.phase,
        Phase::ChooseFirst { chooser: 2 },
        "side 2 went second in round 2 and decides the tie"
    );
}
