//! "[1] Movement": the four moves, half rate, overlapping bases, coherency, once per model and
//! unit.

use super::*;
use wartable::rules::kog::force::{BattleSize, UnitKind};
use wartable::rules::kog::moves::move_rules;
use wartable::rules::kog::state::MoveMode;

fn mv(m: u32, mode: MoveMode, x: f32, y: f32) -> Command {
    Command::Move {
        model: id(m),
        mode,
        to: Pt::new(x, y),
    }
}

/// Two Kämpfer (Move 6") for side 1, an F6-16 for side 2.
fn duel_on(level: LevelFile) -> KogGame {
    game_on(
        level,
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("Russian", BattleSize::Duel, &["F6-16"]),
    )
}

/// "Combat Move – A model can be moved in any direction by whatever path desired up to a number
/// of inches equal to its Move limit."
#[test]
fn combat_move_goes_up_to_the_move_limit() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 10.0, 5.0), (2, 20.0, 5.0), (3, 30.0, 30.0)]);
    ok(&mut g, mv(1, MoveMode::Combat, 10.0, 10.9));
    let e = refused(&mut g, mv(2, MoveMode::Combat, 20.0, 12.0));
    assert!(e.contains("out of reach") && e.contains("6.0\""), "{e}");
    // "No model or unit can be moved more than once during Movement."
    let e = refused(&mut g, mv(1, MoveMode::Combat, 10.0, 12.0));
    assert!(e.contains("more than once"), "{e}");
}

/// "Rough Ground – A model is slowed moving through uneven / hazardous terrain" (1" counts as 2").
#[test]
fn rough_ground_costs_double() {
    let rough = "Piece(shape: Box, at: (10.0, 12.0), size: (10.0, 10.0, 0.05), tags: [Rough], label: \"scrub\")";
    let mut g = duel_on(level_with(&[rough]));
    start(&mut g, &[(1, 10.0, 8.0), (2, 30.0, 5.0), (3, 30.0, 30.0)]);
    // 4" straight into the scrub costs 8": beyond a 6" Move.
    let e = refused(&mut g, mv(1, MoveMode::Combat, 10.0, 12.0));
    assert!(e.contains("out of reach"), "{e}");
    let ev = ok(&mut g, mv(1, MoveMode::Combat, 10.0, 10.5));
    let cost = move_cost(&ev);
    assert!(
        (4.5..=5.6).contains(&cost),
        "2.5\" in the scrub costs about 5\": {cost}"
    );
    // The same 2.5" on open ground costs 2.5".
    let ev = ok(&mut g, mv(2, MoveMode::Combat, 30.0, 7.5));
    assert!((move_cost(&ev) - 2.5).abs() < 0.3);
}

/// "Climbing – A model climbs vertically (up or down) so +/-1" vertical counts as 2" horizontal";
/// Jump Jets: "climb up/down 3" without penalty".
#[test]
fn climbing_counts_double_unless_jump_jets() {
    // A 2" high platform ("climbable" so a base may stand on top).
    let block = "Piece(shape: Box, at: (20.0, 14.0), size: (8.0, 6.0, 2.0), tags: [Climbable], label: \"platform\")";
    let f2 = singles("Russian", BattleSize::Melee, &["F2-21", "F2-21+Jump Jets"]);
    let mut g = game_on(
        level_with(&[block]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer"]),
        f2,
    );
    start(&mut g, &[(1, 40.0, 30.0), (2, 17.0, 5.0), (3, 23.0, 5.0)]);
    ok(&mut g, Command::EndTurn);
    // F2-21: Move 9". To (17, 12.5) is 7.5" flat plus a 2" climb counted 4": 11.5" > 9".
    // The refusal gives the cost: 11.5" with the climb doubled (9.5" would be single).
    let e = refused(&mut g, mv(2, MoveMode::Combat, 17.0, 12.5));
    assert!(
        e.contains("out of reach") && e.contains("costs 11.5\""),
        "{e}"
    );
    let flat = ok(&mut g, mv(2, MoveMode::Combat, 17.0, 10.5));
    assert!(
        (move_cost(&flat) - 5.5).abs() < 0.05,
        "{}",
        move_cost(&flat)
    );
    // With Jump Jets the 2" climb costs 2": 7" + 2" = 9" fits (doubled it would be 11").
    let jj = ok(&mut g, mv(3, MoveMode::Combat, 23.0, 12.0));
    assert!((move_cost(&jj) - 9.0).abs() < 0.05, "{}", move_cost(&jj));
    assert!(
        (g.state.table.model(id(3)).unwrap().h - 2.0).abs() < 1e-4,
        "on the platform"
    );
}

/// Jump Jets: "climb up/down 3" without penalty": 3" of a climb, not all of it. Onto a 4"
/// platform, the jets take 3" at 1" each and the last inch counts 2": 7" + 3" + 2" = 12".
#[test]
fn jump_jets_free_only_three_inches_of_a_climb() {
    let block = "Piece(shape: Box, at: (20.0, 14.0), size: (8.0, 6.0, 4.0), tags: [Climbable], label: \"platform\")";
    let mut g = game_on(
        level_with(&[block]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer"]),
        singles("Russian", BattleSize::Melee, &["F2-21+Jump Jets"]),
    );
    start(&mut g, &[(1, 40.0, 30.0), (2, 23.0, 5.0)]);
    ok(&mut g, Command::EndTurn);
    let ev = ok(&mut g, mv(2, MoveMode::Speed, 23.0, 12.0));
    assert!((move_cost(&ev) - 12.0).abs() < 0.05, "{}", move_cost(&ev));
    assert!((g.state.table.model(id(2)).unwrap().h - 4.0).abs() < 1e-4);
}

/// "Making way – A model moves through friendly models at half rate, but cannot end its move
/// with its base overlapping the base of another model." Enemy bases block.
#[test]
fn making_way_through_friends_and_blocked_by_enemies() {
    let f1 = singles(
        "German",
        BattleSize::Melee,
        &["Kämpfer", "Kämpfer", "Kämpfer", "Kämpfer"],
    );
    let mut g = game_on(
        open_level(48.0, 36.0),
        Scenario::Standard,
        f1,
        singles("German", BattleSize::Melee, &["Kämpfer"]),
    );
    // A wall of friends across x = 10 .. 14 at y = 8; the mover at (12, 6).
    start(
        &mut g,
        &[
            (1, 12.0, 6.0),
            (2, 10.9, 8.0),
            (3, 12.0, 8.0),
            (4, 13.1, 8.0),
            (5, 40.0, 30.0),
        ],
    );
    let e = refused(&mut g, mv(1, MoveMode::Combat, 12.0, 8.2));
    assert!(e.contains("overlapping"), "{e}");
    let ev = ok(&mut g, mv(1, MoveMode::Combat, 12.0, 9.5));
    // 3.5" straight through the friendly base, 2" of it overlapping a friend: about 5.5".
    let cost = move_cost(&ev);
    assert!(cost > 4.5 && cost <= 6.0, "making way costs more: {cost}");
}

/// "Making way" is through friendly models: enemy bases cannot be passed through.
#[test]
fn enemy_bases_block_the_way() {
    let mut g = game_on(
        open_level(48.0, 36.0),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer"]),
        singles("German", BattleSize::Melee, &["Kämpfer"; 4]),
    );
    start(
        &mut g,
        &[
            (1, 12.0, 6.0),
            (2, 10.4, 8.0),
            (3, 11.45, 8.0),
            (4, 12.5, 8.0),
            (5, 13.55, 8.0),
        ],
    );
    // Straight through would be 4"; round either end of the line it is about 6.5", over 6".
    let e = refused(&mut g, mv(1, MoveMode::Combat, 12.0, 10.0));
    assert!(e.contains("out of reach"), "{e}");
    // The bases themselves block, not only the 1" a Combat Move keeps from enemies: with no
    // clearance kept (as a Charge! keeps none) the straight way is still shut, and the same line
    // of friendly bases lets the model through, making way at half rate.
    let rules = wartable::table::movement::MoveRules {
        enemy_clearance: 0.0,
        ..move_rules(&g.state, id(1), MoveMode::Combat)
    };
    let straight = [Pt::new(12.0, 6.0), Pt::new(12.0, 10.0)];
    let scene = wartable::table::Scene::shared(&g.state.table, g.state.options().sight());
    let through =
        wartable::table::movement::path_cost(&g.state.table, &scene, id(1), &straight, &rules)
            .unwrap();
    assert!(through.is_err(), "enemy bases stop the way: {through:?}");
    let mut t = g.state.table.clone();
    for m in t.models.iter_mut().filter(|m| m.id != id(1)) {
        m.side = wartable::table::model::Side(1);
    }
    let scene = wartable::table::Scene::shared(&t, g.state.options().sight());
    let friends = wartable::table::movement::path_cost(&t, &scene, id(1), &straight, &rules)
        .unwrap()
        .expect("friendly bases make way");
    assert!(friends > 4.5, "making way costs more than 4\": {friends}");
}

/// "Speed Move – ... a model can move twice as far": a Kämpfer (Move 6") goes 11.5" but not
/// 12.5".
#[test]
fn a_speed_move_goes_no_further_than_twice_the_move() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 5.0, 5.0), (2, 30.0, 5.0), (3, 30.0, 30.0)]);
    let e = refused(&mut g, mv(1, MoveMode::Speed, 5.0, 17.5));
    assert!(e.contains("out of reach"), "{e}");
    let far = ok(&mut g, mv(1, MoveMode::Speed, 5.0, 16.5));
    assert!((move_cost(&far) - 11.5).abs() < 0.05, "{}", move_cost(&far));
}

/// Jump Jets, "climb up/down 3\" without penalty", on a ramp: each rise of a slope is a climb
/// well under 3", so a model with Jump Jets climbs a slope of any height inch for inch, while one
/// without pays the climb double (the reading in `assets/rules/kog-light.md`). Read as 3" per
/// slope, the jets' climb up 7.5" would cost 3" + 9": the move below would be out of reach.
#[test]
fn jump_jets_take_a_slope_of_any_height_without_penalty() {
    // A slope rising 8" from x = 16 to x = 24.
    let ramp = "Piece(shape: Ramp, at: (20.0, 14.0), size: (8.0, 8.0, 8.0), tags: [Climbable], label: \"slope\")";
    let f2 = singles("Russian", BattleSize::Melee, &["F2-21", "F2-21+Jump Jets"]);
    let mut g = game_on(
        level_with(&[ramp]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer"]),
        f2,
    );
    start(&mut g, &[(1, 40.0, 30.0), (2, 14.5, 12.0), (3, 14.5, 16.0)]);
    ok(&mut g, Command::EndTurn);
    // 9" along the ground to x = 23.5, 7.5" up the slope. F2-21: a Speed Move of 18".
    // Without jets: 9" + 15" = 24". With them: 9" + 7.5" = 16.5" (3" per slope: 21").
    let e = refused(&mut g, mv(2, MoveMode::Speed, 23.5, 12.0));
    assert!(e.contains("out of reach"), "{e}");
    let jj = ok(&mut g, mv(3, MoveMode::Speed, 23.5, 16.0));
    let cost = move_cost(&jj);
    assert!((16.4..17.2).contains(&cost), "{cost}");
    let h = g.state.table.model(id(3)).unwrap().h;
    assert!((h - 7.5).abs() < 0.1, "up the slope: {h}");
}

/// "Speed Move – While not moving within 1" of any enemy model, a model can move twice as far,
/// but may not choose Shooting actions until the end of the player turn." Crippled models "may
/// not Speed Move".
#[test]
fn speed_move_doubles_keeps_away_and_forbids_shooting() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 5.0, 5.0), (2, 30.0, 5.0), (3, 30.0, 9.0)]);
    ok(&mut g, mv(1, MoveMode::Speed, 5.0, 16.5));
    let e = refused(&mut g, mv(2, MoveMode::Speed, 30.0, 7.5));
    assert!(e.contains("within 1"), "{e}");
    hurt(&mut g, 2, 1);
    let e = refused(&mut g, mv(2, MoveMode::Speed, 25.0, 5.0));
    assert!(e.contains("may not Speed Move"), "{e}");
    ok(&mut g, Command::EndMovement);
    let e = refused(
        &mut g,
        Command::Attack {
            attacker: id(1),
            weapon: "Autocannon".into(),
            target: id(3),
            reroll: Default::default(),
        },
    );
    assert!(e.contains("Speed Move"), "{e}");
}

/// "Hold Position – A model may be repositioned within 1" of its initial position, facing any
/// direction desired, but may re-roll any failed shots".
#[test]
fn hold_position_moves_at_most_one_inch() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 5.0, 5.0), (2, 20.0, 5.0), (3, 30.0, 30.0)]);
    let e = refused(&mut g, mv(1, MoveMode::HoldPosition, 5.0, 6.5));
    assert!(e.contains("within 1"), "{e}");
    // The boundary: 1.05" away is refused, 0.99" accepted, and the model stands there.
    let e = refused(&mut g, mv(1, MoveMode::HoldPosition, 6.05, 5.0));
    assert!(e.contains("within 1"), "{e}");
    ok(&mut g, mv(2, MoveMode::HoldPosition, 20.99, 5.0));
    assert!(
        g.state
            .table
            .model(id(2))
            .unwrap()
            .pos
            .dist(Pt::new(20.99, 5.0))
            < 1e-4
    );
    ok(&mut g, mv(1, MoveMode::HoldPosition, 5.7, 5.7));
    assert!(
        g.state
            .table
            .model(id(1))
            .unwrap()
            .pos
            .dist(Pt::new(5.7, 5.7))
            < 1e-4
    );
    ok(
        &mut g,
        Command::Face {
            model: id(1),
            facing: 10.0,
        },
    );
    assert_eq!(g.state.table.model(id(1)).unwrap().facing, 10.0);
}

/// "Charge! – Upon moving within 1" of an enemy model, a model must immediately stop moving".
#[test]
fn charge_stops_on_coming_within_one_inch() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 10.0, 5.0), (2, 30.0, 5.0), (3, 10.0, 12.0)]);
    // Asked to go right up to the F6-16, the Kämpfer stops 1" from it.
    ok(&mut g, mv(1, MoveMode::Charge, 10.0, 10.9));
    let d = g.state.table.distance(id(1), id(3)).unwrap();
    assert!(d <= 1.0 + 1e-3 && d > 0.9, "stopped at {d}");
    let e = refused(&mut g, mv(2, MoveMode::Charge, 30.0, 10.0));
    assert!(e.contains("Charge! ends"), "{e}");
}

/// "Charge! – Upon moving within 1" of an enemy model, a model must immediately stop moving": only
/// a Charge! may come within 1" of an enemy. A Combat Move neither ends there nor sweeps through
/// the 1" around an enemy (it goes round); Hold Position cannot step in; a model that starts
/// within 1" may stay near that enemy or move away.
#[test]
fn only_a_charge_comes_within_one_inch() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 10.0, 5.0), (2, 20.0, 5.0), (3, 11.6, 8.0)]);
    // Ending within 1" of the F6-16 (about 0.5" from its base) is refused for a Combat Move.
    let e = refused(&mut g, mv(1, MoveMode::Combat, 10.6, 7.0));
    assert!(e.contains("only a Charge!"), "{e}");
    let e_r = g.state.table.model(id(3)).unwrap().radius();
    // Within 1" to begin with (0.4" from the base), a model may move straight away.
    put(&mut g, 2, 11.6, 8.0 + e_r + 0.5 + 0.4);
    ok(&mut g, mv(2, MoveMode::Combat, 11.6, 14.0));
    // Straight up x = 10 passes 0.6" from its base: the move goes round, 1" clear all the way.
    let gap_line = 1.6 - e_r - 0.5;
    assert!(gap_line > 0.0 && gap_line < 1.0, "{gap_line}");
    let evs = ok(&mut g, mv(1, MoveMode::Combat, 10.0, 10.5));
    let (path, cost) = evs
        .iter()
        .find_map(|e| match e {
            Event::Moved { path, cost, .. } => Some((path.clone(), *cost)),
            _ => None,
        })
        .expect("a Moved event");
    assert!(path.len() > 2, "not straight: {path:?}");
    assert!(
        cost > 5.5 + 0.05,
        "the way round costs more than 5.5\": {cost}"
    );
    let e_pos = g.state.table.model(id(3)).unwrap().pos;
    for w in path.windows(2) {
        for k in 0..=20 {
            let p = w[0].add(w[1].sub(w[0]).scale(k as f32 / 20.0));
            let gap = p.dist(e_pos) - e_r - 0.5;
            assert!(gap >= 1.0 - 0.01, "{gap:.2}\" from the enemy at {p:?}");
        }
    }
    // Hold Position may not step within 1" either, but may stay within 1" of an enemy it starts
    // near.
    let mut g = duel_on(open_level(48.0, 36.0));
    let (x1, x2) = (11.6 - e_r - 0.5 - 1.3, 11.6 + e_r + 0.5 + 0.3);
    start(&mut g, &[(1, x1, 8.0), (2, x2, 8.0), (3, 11.6, 8.0)]);
    let e = refused(&mut g, mv(1, MoveMode::HoldPosition, x1 + 0.6, 8.0));
    assert!(e.contains("only a Charge!"), "{e}");
    ok(&mut g, mv(1, MoveMode::HoldPosition, x1, 8.6));
    ok(&mut g, mv(2, MoveMode::HoldPosition, x2 + 0.2, 8.4));
}

/// "While not moving within 1" of any enemy model": a model that starts 0.8" from an enemy cannot
/// Speed Move, not even straight away from it; 1.2" away it can.
#[test]
fn a_speed_move_cannot_start_within_one_inch() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 10.0, 5.0), (2, 30.0, 5.0), (3, 10.0, 7.0)]);
    let gap = g.state.table.distance(id(1), id(3)).unwrap();
    put(&mut g, 1, 10.0, 5.0 - (0.8 - gap));
    let e = refused(&mut g, mv(1, MoveMode::Speed, 10.0, 2.0));
    assert!(e.contains("starts within 1\""), "{e}");
    put(&mut g, 1, 10.0, 5.0 - (1.2 - gap));
    ok(&mut g, mv(1, MoveMode::Speed, 10.0, 2.0));
}

/// "Speed Move – While not moving within 1" of any enemy model": the straight way passes 0.6"
/// from an enemy's base, so the Speed Move goes round it, 1" clear all the way.
#[test]
fn a_speed_move_path_keeps_one_inch_from_every_enemy() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 10.0, 5.0), (2, 30.0, 5.0), (3, 11.6, 8.0)]);
    let e_r = g.state.table.model(id(3)).unwrap().radius();
    assert!(1.6 - e_r - 0.5 < 1.0, "the straight line passes within 1\"");
    let evs = ok(&mut g, mv(1, MoveMode::Speed, 10.0, 12.0));
    let path = evs
        .iter()
        .find_map(|e| match e {
            Event::Moved { path, .. } => Some(path.clone()),
            _ => None,
        })
        .expect("a Moved event");
    assert!(path.len() > 2, "not straight: {path:?}");
    let e_pos = g.state.table.model(id(3)).unwrap().pos;
    for w in path.windows(2) {
        for k in 0..=20 {
            let p = w[0].add(w[1].sub(w[0]).scale(k as f32 / 20.0));
            let gap = p.dist(e_pos) - e_r - 0.5;
            assert!(gap >= 1.0 - 0.01, "{gap:.2}\" from the enemy at {p:?}");
        }
    }
}

/// "Movement may slow to half (i.e. 1" count as 2") for: Rough Ground ... Making way": half is
/// as slow as it gets; an inch both in rough ground and overlapping a friendly base counts 2",
/// not 4".
#[test]
fn rough_ground_and_making_way_together_count_double_not_four_times() {
    let rough = "Piece(shape: Box, at: (10.0, 12.0), size: (10.0, 10.0, 0.05), tags: [Rough], label: \"scrub\")";
    let mut g = duel_on(level_with(&[rough]));
    // Model 2 overlaps model 1's base, both in the scrub.
    start(&mut g, &[(1, 10.0, 8.0), (2, 10.0, 8.6), (3, 30.0, 30.0)]);
    let ev = ok(&mut g, mv(1, MoveMode::Combat, 10.0, 10.5));
    let cost = move_cost(&ev);
    assert!(
        (4.5..=5.6).contains(&cost),
        "2.5\" in the scrub, the first of it through a friendly base, costs about 5\": {cost}"
    );
}

/// "each model must finish within Sensor range of another model in the unit": a model that
/// does not move and already stood out of range does not hold its unit's Movement up; one that
/// moves out of range does.
#[test]
fn an_unmoved_model_already_out_of_coherency_does_not_hold_the_unit_up() {
    let f1 = force(
        "German",
        BattleSize::Encounter,
        &[
            ("Alpha", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("Bravo", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    let f2 = f1.clone();
    let mut g = game_on(open_level(72.0, 48.0), Scenario::Standard, f1, f2);
    // Model 3 stands 20" from models 1 and 2, beyond its 12" Sensors.
    start(
        &mut g,
        &[
            (1, 5.0, 5.0),
            (2, 7.0, 5.0),
            (3, 28.0, 5.0),
            (7, 60.0, 40.0),
        ],
    );
    ok(&mut g, mv(1, MoveMode::Combat, 5.0, 8.0));
    ok(&mut g, Command::EndMovement);
    // The same unit, but model 3 is the one to move, and stays out of range: refused.
    let f1 = force(
        "German",
        BattleSize::Encounter,
        &[
            ("Alpha", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("Bravo", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    let mut g = game_on(open_level(72.0, 48.0), Scenario::Standard, f1.clone(), f1);
    start(
        &mut g,
        &[
            (1, 5.0, 5.0),
            (2, 7.0, 5.0),
            (3, 28.0, 5.0),
            (7, 60.0, 40.0),
        ],
    );
    ok(&mut g, mv(3, MoveMode::Combat, 28.0, 8.0));
    let e = refused(&mut g, Command::EndMovement);
    assert!(e.contains("out of coherency"), "{e}");
}

/// "Upon moving within 1" of an enemy model": a model already within 1" cannot Charge! (not even
/// a step), so it cannot earn the Charge! re-roll without moving into range; one that starts
/// 1.2" away and moves in can.
#[test]
fn a_charge_must_move_into_range() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 10.0, 5.0), (2, 30.0, 5.0), (3, 10.0, 7.0)]);
    assert!(g.state.table.distance(id(1), id(3)).unwrap() <= 1.0);
    for to in [(10.0, 5.0), (10.0, 5.5), (11.0, 4.0)] {
        let e = refused(&mut g, mv(1, MoveMode::Charge, to.0, to.1));
        assert!(e.contains("already stands within 1\""), "{e}");
    }
    // Out of range by 0.2", the same model may charge in.
    let gap = g.state.table.distance(id(1), id(3)).unwrap();
    put(&mut g, 1, 10.0, 5.0 - (1.2 - gap));
    let d0 = g.state.table.distance(id(1), id(3)).unwrap();
    assert!(d0 > 1.1 && d0 < 1.3, "{d0}");
    ok(&mut g, mv(1, MoveMode::Charge, 10.0, 7.0));
    assert_eq!(g.state.turn.moved[&id(1)].0, MoveMode::Charge);
}

/// "After completing movement for the unit, each model must finish within Sensor range of
/// another model in the unit."
#[test]
fn units_keep_coherency_within_sensor_range() {
    let f1 = force(
        "German",
        BattleSize::Encounter,
        &[
            (
                "Alpha",
                UnitKind::Tactical,
                &["Kämpfer", "Kämpfer", "Kämpfer"],
            ),
            (
                "Bravo",
                UnitKind::Tactical,
                &["Kämpfer", "Kämpfer", "Kämpfer"],
            ),
        ],
    );
    let f2 = f1.clone();
    let mut g = game_on(open_level(72.0, 48.0), Scenario::Standard, f1, f2);
    start(
        &mut g,
        &[
            (1, 5.0, 5.0),
            (2, 7.0, 5.0),
            (3, 9.0, 5.0),
            (4, 40.0, 20.0),
            (5, 42.0, 20.0),
            (6, 44.0, 20.0),
            (7, 60.0, 40.0),
        ],
    );
    // Model 1 runs off 11" (Speed), model 3 12"; model 2 stays within 12" of model 1.
    ok(&mut g, mv(1, MoveMode::Speed, 5.0, 16.0));
    ok(&mut g, mv(3, MoveMode::Speed, 9.0, 17.0));
    // Selecting unit Bravo closes Alpha, which is coherent.
    ok(&mut g, mv(4, MoveMode::Combat, 40.0, 15.0));
    let e = refused(&mut g, mv(2, MoveMode::Combat, 7.0, 8.0));
    assert!(e.contains("another unit was selected"), "{e}");
    // Bravo: model 5 runs 12" away from 4 and 6 and breaks coherency.
    ok(&mut g, mv(5, MoveMode::Speed, 42.0, 32.0));
    ok(&mut g, mv(6, MoveMode::Combat, 44.0, 15.5));
    let e = refused(&mut g, Command::EndMovement);
    assert!(
        e.contains("out of coherency") && e.contains("Kämpfer 5"),
        "{e}"
    );
    // Undo puts model 5 back (no dice were rolled), and a shorter run keeps coherency.
    assert!(g.undo().is_some() && g.undo().is_some());
    ok(&mut g, mv(5, MoveMode::Combat, 42.0, 26.0));
    ok(&mut g, mv(6, MoveMode::Combat, 44.0, 18.0));
    // "no unit may be selected more than once": Alpha, closed when Bravo was selected, stays
    // done for the rest of the step; its unmoved model 2 cannot be moved.
    let alpha = g.state.models[&id(2)].unit;
    assert!(g.state.turn.units_done.contains(&alpha));
    let e = refused(&mut g, mv(2, MoveMode::Combat, 7.0, 8.0));
    assert!(e.contains("unit Alpha has moved"), "{e}");
    ok(&mut g, Command::EndMovement);
    assert!(
        g.state.turn.units_done.is_empty(),
        "the Action step starts with no unit selected"
    );
}

/// Destroyed models "may not move or act"; only the side whose turn it is moves.
#[test]
fn only_own_active_models_move() {
    let mut g = duel_on(open_level(48.0, 36.0));
    start(&mut g, &[(1, 10.0, 5.0), (2, 20.0, 5.0), (3, 30.0, 30.0)]);
    let e = refused(&mut g, mv(3, MoveMode::Combat, 30.0, 28.0));
    assert!(e.contains("not yours"), "{e}");
    hurt(&mut g, 2, 2);
    let e = refused(&mut g, mv(2, MoveMode::Combat, 20.0, 8.0));
    assert!(e.contains("may not move or act"), "{e}");
}

/// The program plans a move and the rules then make it, each asking the same searches: a thread
/// that remembers earlier answers (movement fields, paths pulled straight, the scene) plans
/// exactly as a new thread that remembers nothing, and differently after each change to the
/// table: a wall put across the way, a friend standing in it, rough ground under it.
#[test]
fn remembered_move_plans_answer_as_fresh_ones() {
    use wartable::rules::kog::moves::plan_move;
    use wartable::rules::kog::state::KogState;
    use wartable::table::{Piece, PieceShape, Scene};
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Duel, &["Panther"]),
    );
    start(&mut g, &[(1, 10.0, 4.0), (2, 16.0, 4.0), (3, 24.0, 32.0)]);
    let plans = |s: &KogState| -> Vec<String> {
        let scene = Scene::shared(&s.table, s.options().sight());
        [(10.0, 10.0), (12.5, 9.0), (7.0, 9.5)]
            .into_iter()
            .flat_map(|(x, y)| {
                [MoveMode::Combat, MoveMode::Speed].map(|mode| {
                    format!(
                        "{:?}",
                        plan_move(s, &scene, id(1), mode, Pt::new(x, y)).map(|p| (p.path, p.cost))
                    )
                })
            })
            .collect()
    };
    let fresh = |s: &KogState| {
        let s = s.clone();
        std::thread::spawn(move || plans(&s)).join().unwrap()
    };
    let mut last = plans(&g.state);
    assert_eq!(last, fresh(&g.state));
    let steps: [&dyn Fn(&mut KogState); 3] = [
        &|s| {
            s.table.pieces.push(Piece {
                shape: PieceShape::Wall,
                at: Pt::new(10.0, 7.0),
                rotation: 0.0,
                size: (5.0, 0.5, 3.0),
                base_height: 0.0,
                tags: vec![],
                label: "Wall".into(),
            })
        },
        &|s| s.table.models[1].pos = Pt::new(7.4, 7.0),
        &|s| {
            for (c, r) in [(4, 4), (5, 4), (6, 4), (4, 3), (5, 3), (6, 3)] {
                s.table
                    .tiles
                    .set_kind(c, r, wartable::table::GroundKind::Rough);
            }
        },
    ];
    for (i, change) in steps.iter().enumerate() {
        change(&mut g.state);
        let now = plans(&g.state);
        assert_ne!(now, last, "change {i} changes a plan");
        assert_eq!(now, fresh(&g.state), "change {i}");
        // Behind the wall some ways go round it: grid paths pulled straight.
        assert!(
            now.iter().any(|p| p.matches("Pt {").count() >= 3),
            "change {i}: {now:?}"
        );
        last = now;
    }
}
