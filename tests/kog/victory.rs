//! "Victory!" and the scenarios' conditions, checked at the end of each game round.

use super::*;
use wartable::rules::kog::event::apply;
use wartable::rules::kog::force::{BattleSize, UnitKind};
use wartable::rules::kog::state::{KogObjective, MoveMode, Outcome, Phase};

fn objective(owner: Option<u8>, x: f32, y: f32) -> Event {
    Event::ObjectiveAdded(KogObjective {
        name: "obj".into(),
        owner,
        at: Pt::new(x, y),
        carrier: None,
        off_table: false,
        streak: [0, 0],
    })
}

fn duel(s: Scenario) -> KogGame {
    let mut g = new_game(
        s,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
    );
    start(
        &mut g,
        &[
            (1, 20.0, 20.0),
            (2, 5.0, 5.0),
            (3, 40.0, 30.0),
            (4, 44.0, 30.0),
        ],
    );
    g
}

/// Side 1 holds; side 2 passes; a full round.
fn hold_round(g: &mut KogGame) {
    to_actions(g);
    ok(
        g,
        Command::HoldObjective {
            model: id(1),
            objective: None,
        },
    );
    ok(g, Command::EndTurn);
    ok(g, Command::EndTurn);
}

/// "Major Victory! – a player has taken and held the opponent's Objective for consecutive
/// turns."
#[test]
fn major_victory_for_holding_the_enemy_objective_two_turns() {
    let mut g = duel(Scenario::Standard);
    apply(&mut g.state, &objective(Some(2), 21.5, 20.0));
    apply(&mut g.state, &objective(Some(1), 5.0, 8.0));
    hold_round(&mut g);
    assert_eq!(g.state.objectives[0].streak, [1, 0]);
    assert_eq!(g.state.phase, Phase::Turn, "one turn is not enough");
    // Round 2: side 2 goes first, then side 1 holds again.
    ok(&mut g, Command::EndTurn);
    to_actions(&mut g);
    ok(
        &mut g,
        Command::HoldObjective {
            model: id(1),
            objective: None,
        },
    );
    ok(&mut g, Command::EndTurn);
    match &g.state.phase {
        Phase::Over(Outcome::MajorVictory { side: 1, .. }) => {}
        p => panic!("expected side 1's Major Victory, got {p:?}"),
    }
    assert!(g.submit(Command::EndTurn).is_err(), "the game is over");
}

/// A turn without holding breaks the streak.
#[test]
fn holding_must_be_consecutive() {
    let mut g = duel(Scenario::Standard);
    apply(&mut g.state, &objective(Some(2), 21.5, 20.0));
    hold_round(&mut g);
    ok(&mut g, Command::EndTurn); // side 2, round 2
    ok(&mut g, Command::EndTurn); // side 1 does not hold
    assert_eq!(g.state.objectives[0].streak, [0, 0]);
    assert_eq!(g.state.phase, Phase::FirstTurnDiceOff);
}

/// "Minor Victory – a player's opponent has no non-Crippled units remaining on the board."
/// Meatgrinder swaps the two.
#[test]
fn minor_victory_and_meatgrinder() {
    let mut g = duel(Scenario::Standard);
    hurt(&mut g, 3, 1);
    hurt(&mut g, 4, 2);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert!(matches!(
        g.state.phase,
        Phase::Over(Outcome::MinorVictory { side: 1, .. })
    ));
    let mut g = duel(Scenario::Meatgrinder);
    hurt(&mut g, 3, 1);
    hurt(&mut g, 4, 2);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert!(matches!(
        g.state.phase,
        Phase::Over(Outcome::MajorVictory { side: 1, .. })
    ));
}

/// "Draw – both players have taken and held their Objective; or neither player has any forces
/// remaining."
#[test]
fn draws() {
    let mut g = duel(Scenario::Standard);
    for n in 1..=4 {
        hurt(&mut g, n, 2);
    }
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert!(
        matches!(&g.state.phase, Phase::Over(Outcome::Draw { why }) if why.contains("neither"))
    );
}

/// Hamburger Hill: "Major Victory! – a player has taken and held the central Objective
/// uncontested for consecutive turns."
#[test]
fn hamburger_hill_needs_the_objective_uncontested() {
    let mut g = duel(Scenario::HamburgerHill);
    apply(&mut g.state, &objective(None, 21.5, 20.0));
    // An enemy within 1" of the objective's marker, but not within 1" of the holder.
    put(&mut g, 3, 23.3, 20.0);
    to_actions(&mut g);
    ok(
        &mut g,
        Command::HoldObjective {
            model: id(1),
            objective: None,
        },
    );
    ok(&mut g, Command::EndTurn);
    assert_eq!(
        g.state.objectives[0].streak,
        [0, 0],
        "contested: it does not count"
    );
    assert!(g.journal.iter().any(|l| l.text.contains("contested")));
}

/// Linebreaker: "Attacker Major Victory! – the Attacker moves the Objective off the Defender's
/// board edge."
#[test]
fn linebreaker_exit_wins_for_the_attacker() {
    let mut g = duel(Scenario::Linebreaker);
    carry_objective(&mut g, Pt::new(20.0, 31.0));
    put(&mut g, 1, 20.0, 31.0);
    // The Defender's half is the near half here: its edge is y = 0, 31" away.
    let e = refused(
        &mut g,
        Command::ExitTable {
            model: id(1),
            mode: MoveMode::Speed,
        },
    );
    assert!(e.contains("cannot reach"), "{e}");
    put(&mut g, 1, 20.0, 6.5);
    ok(
        &mut g,
        Command::ExitTable {
            model: id(1),
            mode: MoveMode::Combat,
        },
    );
    assert!(g.state.objectives[0].off_table);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert!(
        matches!(&g.state.phase, Phase::Over(Outcome::MajorVictory { side: 1, why }) if why.contains("board edge"))
    );
}

/// Linebreaker: "Attacker Major Victory! – the Attacker moves the Objective off the Defender's
/// board edge." and "Defender Major Victory! – the Attacker has no non-Crippled units remaining
/// on the board.": the Attacker's other Kämpfer is destroyed, then the carrier leaves over the
/// Defender's edge. The carrier counts as the Attacker's non-Crippled unit for that round: the
/// Attacker wins, not a draw.
#[test]
fn a_linebreaker_exit_by_the_last_unit_still_wins() {
    let mut g = duel(Scenario::Linebreaker);
    carry_objective(&mut g, Pt::new(20.0, 6.5));
    put(&mut g, 1, 20.0, 6.5);
    hurt(&mut g, 2, 2);
    ok(
        &mut g,
        Command::ExitTable {
            model: id(1),
            mode: MoveMode::Combat,
        },
    );
    assert!(g.state.objectives[0].off_table);
    assert!(
        !g.state.has_uncrippled_unit(1),
        "no Attacker unit is left on the board"
    );
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    match &g.state.phase {
        Phase::Over(Outcome::MajorVictory { side: 1, why }) => {
            assert!(why.contains("board edge"), "{why}")
        }
        p => panic!("expected the Attacker's Major Victory, got {p:?}"),
    }
}

/// Linebreaker's exit is a move like any other: "Speed Move – While not moving within 1\" of any
/// enemy model" holds for it, the start included, so a carrier within 1" of an enemy leaves by a
/// Combat Move, and the program takes that one.
#[test]
fn a_linebreaker_exit_by_speed_move_cannot_start_within_one_inch_of_an_enemy() {
    // The carrier 6.5" from the Defender's edge, an enemy `gap` inches from its base.
    let staged = |gap: f32| {
        let mut g = duel(Scenario::Linebreaker);
        carry_objective(&mut g, Pt::new(20.0, 6.5));
        put(&mut g, 1, 20.0, 6.5);
        put(&mut g, 3, 20.0, 9.0);
        let now = g.state.table.distance(id(1), id(3)).unwrap();
        put(&mut g, 3, 20.0, 9.0 - (now - gap));
        g
    };
    let speed = Command::ExitTable {
        model: id(1),
        mode: MoveMode::Speed,
    };
    let combat = Command::ExitTable {
        model: id(1),
        mode: MoveMode::Combat,
    };
    let mut g = staged(0.8);
    let e = refused(&mut g, speed.clone());
    assert!(e.contains("starts within 1\""), "{e}");
    assert_eq!(
        wartable::rules::kog::ai::choose(&g, 1),
        Some(combat.clone())
    );
    ok(&mut g, combat.clone());
    assert!(g.state.objectives[0].off_table);
    // 1.2" away, the Speed Move may leave.
    let mut g = staged(1.2);
    ok(&mut g, speed.clone());
    assert!(g.state.objectives[0].off_table);
    // A Crippled carrier "may not Speed Move", off the table neither.
    let mut g = staged(1.2);
    hurt(&mut g, 1, 1);
    let e = refused(&mut g, speed);
    assert!(e.contains("Crippled"), "{e}");
    ok(&mut g, combat);
}

/// Linebreaker: a carrier that is Eliminated ("simply removed from the game") drops the
/// Objective where it stood.
#[test]
fn an_eliminated_carrier_drops_the_objective_where_it_stood() {
    let mut g = new_game(
        Scenario::Linebreaker,
        singles("German", BattleSize::Melee, &["Kämpfer"]),
        singles(
            "Russian",
            BattleSize::Melee,
            &["Russian Infantry", "Russian Infantry"],
        ),
    );
    start(&mut g, &[(1, 10.0, 10.0), (2, 30.0, 10.0), (3, 30.0, 20.0)]);
    apply(
        &mut g.state,
        &Event::RolesSet(Roles {
            attacker: 2,
            defender: 1,
        }),
    );
    apply(
        &mut g.state,
        &Event::ObjectiveAdded(KogObjective {
            name: "the Objective".into(),
            owner: Some(2),
            at: Pt::new(30.0, 10.0),
            carrier: Some(id(2)),
            off_table: false,
            streak: [0, 0],
        }),
    );
    to_actions(&mut g);
    // A 6 (2 hits) and a miss; the infantry's one Defense die fails.
    g.dice.force(&[6, 2, 3]);
    ok(
        &mut g,
        Command::Attack {
            attacker: id(1),
            weapon: "Autocannon".into(),
            target: id(2),
            reroll: Default::default(),
        },
    );
    if g.state.pending.is_some() {
        ok(&mut g, Command::Respond { counter: None });
    }
    assert_eq!(g.dice.clear_queued(), 0);
    assert!(
        g.state.table.model(id(2)).is_err(),
        "removed from the table"
    );
    let o = &g.state.objectives[0];
    assert_eq!(o.carrier, None);
    assert!(o.at.dist(Pt::new(30.0, 10.0)) < 1e-4 && !o.off_table);
}

/// A player may concede at any time; an agreed round limit ends the game in a draw.
#[test]
fn concede_and_round_limit() {
    let mut g = duel(Scenario::Standard);
    ok(&mut g, Command::Concede { side: 2 });
    assert_eq!(g.state.phase, Phase::Over(Outcome::Conceded { side: 2 }));
    let mut g = duel(Scenario::Standard);
    g.state.options_mut().round_limit = Some(1);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert!(
        matches!(&g.state.phase, Phase::Over(Outcome::Draw { why }) if why.contains("1 rounds"))
    );
}

/// Both sides hold the enemy's Objective: the holder of `m1` (side 1) and of `m3` (side 2) each
/// take "Hold Objective" in their turn of a round.
fn both_hold_round(g: &mut KogGame, first: u8) {
    for side in [first, 3 - first] {
        to_actions(g);
        let model = if side == 1 { 1 } else { 3 };
        ok(
            g,
            Command::HoldObjective {
                model: id(model),
                objective: None,
            },
        );
        ok(g, Command::EndTurn);
    }
}

/// "Draw – both players have taken and held their Objective": each side holds the other's
/// Objective for consecutive turns, ending in the same round.
#[test]
fn a_draw_when_both_sides_hold_their_objectives() {
    let mut g = duel(Scenario::Standard);
    apply(&mut g.state, &objective(Some(2), 21.5, 20.0));
    apply(&mut g.state, &objective(Some(1), 41.5, 30.0));
    both_hold_round(&mut g, 1);
    assert_eq!(g.state.objectives[0].streak, [1, 0]);
    assert_eq!(g.state.objectives[1].streak, [0, 1]);
    assert_eq!(g.state.phase, Phase::Turn);
    both_hold_round(&mut g, 2);
    match &g.state.phase {
        Phase::Over(Outcome::Draw { why }) => assert!(why.contains("both players"), "{why}"),
        p => panic!("expected a draw, got {p:?}"),
    }
}

/// Meatgrinder: "Minor Victory – a player has taken and held the opponent's Objective for
/// consecutive turns."
#[test]
fn meatgrinder_minor_victory_for_holding_the_objective() {
    let mut g = duel(Scenario::Meatgrinder);
    apply(&mut g.state, &objective(Some(2), 21.5, 20.0));
    hold_round(&mut g);
    assert_eq!(g.state.phase, Phase::Turn, "one turn is not enough");
    ok(&mut g, Command::EndTurn);
    to_actions(&mut g);
    ok(
        &mut g,
        Command::HoldObjective {
            model: id(1),
            objective: None,
        },
    );
    ok(&mut g, Command::EndTurn);
    match &g.state.phase {
        Phase::Over(Outcome::MinorVictory { side: 1, why }) => {
            assert!(why.contains("Objective"), "{why}")
        }
        p => panic!("expected side 1's Minor Victory, got {p:?}"),
    }
}

/// Linebreaker: "Defender Major Victory! – the Attacker has no non-Crippled units remaining on
/// the board." Breaking the Defender gives the Attacker nothing: Linebreaker has no Minor
/// Victory.
#[test]
fn linebreaker_defender_major_victory() {
    // `carry_objective` makes side 1 the Attacker (models 1 and 2), side 2 the Defender.
    let mut g = duel(Scenario::Linebreaker);
    carry_objective(&mut g, Pt::new(20.0, 20.0));
    hurt(&mut g, 3, 1);
    hurt(&mut g, 4, 2);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert!(
        !matches!(g.state.phase, Phase::Over(_)),
        "the Defender broken: no victory in Linebreaker ({:?})",
        g.state.phase
    );
    let mut g = duel(Scenario::Linebreaker);
    carry_objective(&mut g, Pt::new(20.0, 20.0));
    hurt(&mut g, 1, 1);
    hurt(&mut g, 2, 2);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    match &g.state.phase {
        Phase::Over(Outcome::MajorVictory { side: 2, why }) => {
            assert!(why.contains("Attacker has no non-Crippled"), "{why}")
        }
        p => panic!("expected the Defender's Major Victory, got {p:?}"),
    }
}

/// Hamburger Hill: a hold that counts, uncontested in two consecutive turns of the holder.
#[test]
fn hamburger_hill_uncontested_hold_wins() {
    let mut g = duel(Scenario::HamburgerHill);
    apply(&mut g.state, &objective(None, 21.5, 20.0));
    hold_round(&mut g);
    assert_eq!(
        g.state.objectives[0].streak,
        [1, 0],
        "uncontested: it counts"
    );
    ok(&mut g, Command::EndTurn);
    to_actions(&mut g);
    ok(
        &mut g,
        Command::HoldObjective {
            model: id(1),
            objective: None,
        },
    );
    ok(&mut g, Command::EndTurn);
    match &g.state.phase {
        Phase::Over(Outcome::MajorVictory { side: 1, why }) => {
            assert!(why.contains("central Objective uncontested"), "{why}")
        }
        p => panic!("expected side 1's Major Victory, got {p:?}"),
    }
}

/// Both players meet "Minor Victory – a player's opponent has no non-Crippled units remaining on
/// the board" in the same round: a draw (every model Crippled, none destroyed: both still have
/// forces).
#[test]
fn a_draw_when_both_sides_meet_minor_victory_in_one_round() {
    let mut g = duel(Scenario::Standard);
    for n in 1..=4 {
        hurt(&mut g, n, 1);
    }
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    match &g.state.phase {
        Phase::Over(Outcome::Draw { why }) => {
            assert!(why.contains("Minor Victory condition"), "{why}")
        }
        p => panic!("expected a draw, got {p:?}"),
    }
}

/// "no non-Crippled units": a squad with one undamaged model beside Crippled ones is a
/// non-Crippled unit; once that model is Crippled too, the squad is not.
#[test]
fn a_squad_with_one_undamaged_model_is_not_crippled() {
    let squads = |faction: &str| {
        force(
            faction,
            BattleSize::Apocalyptic(300),
            &[
                ("A", UnitKind::Tactical, &["Kämpfer"; 3]),
                ("B", UnitKind::Tactical, &["Kämpfer"; 3]),
            ],
        )
    };
    let mut g = new_game(Scenario::Standard, squads("German"), squads("German"));
    let mut at = Vec::new();
    for n in 0..6u32 {
        at.push((n + 1, 10.0 + 1.5 * n as f32, 8.0));
        at.push((n + 7, 10.0 + 1.5 * n as f32, 28.0));
    }
    start(&mut g, &at);
    // Side 2: squad B destroyed, squad A with two Crippled models and one undamaged.
    for n in [10, 11, 12] {
        hurt(&mut g, n, 2);
    }
    hurt(&mut g, 7, 1);
    hurt(&mut g, 8, 1);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert!(
        !matches!(g.state.phase, Phase::Over(_)),
        "one undamaged model keeps squad A non-Crippled: {:?}",
        g.state.phase
    );
    hurt(&mut g, 9, 1);
    ok(&mut g, Command::EndTurn);
    ok(&mut g, Command::EndTurn);
    assert!(
        matches!(
            g.state.phase,
            Phase::Over(Outcome::MinorVictory { side: 1, .. })
        ),
        "{:?}",
        g.state.phase
    );
}

/// Hard's measure of a position counts the streak on the objective that wins the game (the
/// opponent's), not a streak on a side's own objective, which wins it nothing.
#[test]
fn hards_measure_counts_only_the_streak_on_the_opponents_objective() {
    use wartable::rules::kog::weigh::position_value;
    let mut g = duel(Scenario::Standard);
    apply(&mut g.state, &objective(Some(2), 21.5, 20.0));
    apply(&mut g.state, &objective(Some(1), 5.0, 8.0));
    let even = position_value(&g.state, 1);
    // Side 1 holding side 1's own objective: no better for it.
    g.state.objectives[1].streak = [1, 0];
    assert_eq!(position_value(&g.state, 1), even);
    // Side 1 holding side 2's objective: better for side 1, worse for side 2 by as much.
    g.state.objectives[0].streak = [1, 0];
    assert!(position_value(&g.state, 1) > even + 0.1);
    assert!(
        (position_value(&g.state, 2) + position_value(&g.state, 1)).abs() < 1e-9,
        "the measure is even: what one side gains the other loses"
    );
}
