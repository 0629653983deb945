//! The program opponent's choices in staged positions.

use super::*;
use wartable::rules::kog::ai;
use wartable::rules::kog::state::{MoveMode, Step};

/// A lone German `a` of side 1 at (20, 10) facing a lone German `b` of side 2 `d`" up the table,
/// side 1 to move.
fn duel_at(a: &str, b: &str, d: f32) -> KogGame {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &[a]),
        singles("German", BattleSize::Duel, &[b]),
    );
    start(&mut g, &[(1, 20.0, 10.0), (2, 20.0, 10.0 + d)]);
    g
}

/// "Charge! – Upon moving within 1" of an enemy model, a model must immediately stop moving, but
/// may re-roll any failed attacks until the end of the player turn." An Ocelot (Paragun 2 shots
/// at 5+, Combat Blade 2 attacks at 3+) 5" from an enemy charges it, stops within 1", and in the
/// Action step attacks it with the blade.
#[test]
fn the_program_charges_when_its_blade_beats_its_guns() {
    let mut g = duel_at("Ocelot", "Kämpfer", 5.0);
    let c = ai::play(&mut g, 1).expect("the program moves");
    assert!(
        matches!(c, Command::Move { model, mode: MoveMode::Charge, .. } if model == id(1)),
        "{c:?}"
    );
    let (a, b) = (
        g.state.table.model(id(1)).unwrap(),
        g.state.table.model(id(2)).unwrap(),
    );
    let gap = a.pos.dist(b.pos) - a.radius() - b.radius();
    assert!(
        gap <= 1.0 + 1e-3 && gap > 0.0,
        "stopped {gap}\" from the enemy"
    );
    while g.state.step == Step::Movement {
        ai::play(&mut g, 1).expect("the program ends its movement");
    }
    let c = ai::choose(&g, 1).expect("the program acts");
    assert!(
        matches!(&c, Command::Attack { attacker, weapon, target, .. }
            if *attacker == id(1) && weapon == "Combat Blade" && *target == id(2)),
        "{c:?}"
    );
}

/// A Panther's Autocannon (3 shots at 4+) does better from where it stands than its blade after a
/// charge: it holds position and shoots.
#[test]
fn the_program_stays_and_shoots_when_its_guns_do_better() {
    let mut g = duel_at("Panther", "Kämpfer", 4.0);
    let c = ai::play(&mut g, 1).expect("the program moves");
    assert!(
        matches!(
            c,
            Command::Move {
                mode: MoveMode::HoldPosition,
                ..
            }
        ),
        "{c:?}"
    );
    while g.state.step == Step::Movement {
        ai::play(&mut g, 1).expect("the program ends its movement");
    }
    let c = ai::choose(&g, 1).expect("the program acts");
    assert!(
        matches!(&c, Command::Attack { weapon, .. } if weapon == "Autocannon"),
        "{c:?}"
    );
}

/// "Fire Support – A Commander may designate a friendly model within Sensor range to re-roll any
/// failed shots until the end of the player turn." The Commander (a Kämpfer, its Autocannon out
/// of range) gives it to the Panther 4" away, which then fires its Autocannon with the re-rolls.
#[test]
fn the_program_gives_fire_support_when_it_adds_more_than_the_commanders_shot() {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer", "Panther"]),
        singles("German", BattleSize::Melee, &["Kämpfer"]),
    );
    start(&mut g, &[(1, 10.0, 4.0), (2, 14.0, 4.0), (3, 14.0, 34.0)]);
    assert_eq!(g.state.commander(1), Some(id(1)));
    to_actions(&mut g);
    let c = ai::play(&mut g, 1).expect("the program acts");
    assert_eq!(
        c,
        Command::FireSupport {
            commander: id(1),
            model: id(2)
        }
    );
    let c = ai::play(&mut g, 1).expect("the program acts");
    assert!(
        matches!(&c, Command::Attack { attacker, weapon, .. }
            if *attacker == id(2) && weapon == "Autocannon"),
        "{c:?}"
    );
    assert!(
        g.journal.iter().any(|l| l.text.contains("Fire Support")),
        "the re-rolls are named in the log"
    );
}

/// "Forward Observer – A Recon model may provide Line of Sight, Partial Line of Sight or Sensor
/// Lock for another friendly model firing Indirect." A wall hides the enemy from the Tiger; the
/// Ocelot, out of its Paragun's range, sees it in the open and spots it, and the Tiger fires its
/// Guided Mortar without the cover a target of indirect fire otherwise has.
#[test]
fn the_program_spots_for_indirect_fire() {
    let wall = "Piece(shape: Wall, at: (10.0, 8.0), size: (6.0, 0.5, 4.0), tags: [BlocksSight], label: \"bulkhead\")";
    let mut g = game_on(
        level_with(&[wall]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Tiger", "Ocelot"]),
        singles("German", BattleSize::Melee, &["Kämpfer"]),
    );
    start(&mut g, &[(1, 10.0, 4.0), (2, 26.0, 16.0), (3, 20.0, 30.0)]);
    to_actions(&mut g);
    let c = ai::play(&mut g, 1).expect("the program acts");
    assert_eq!(
        c,
        Command::ForwardObserver {
            model: id(2),
            target: id(3)
        }
    );
    let c = ai::play(&mut g, 1).expect("the program acts");
    assert!(
        matches!(&c, Command::Attack { attacker, weapon, target, .. }
            if *attacker == id(1) && weapon == "Guided Mortar" && *target == id(3)),
        "{c:?}"
    );
    let shot = g.journal.last().expect("the shot is logged");
    assert!(
        shot.text
            .contains("Forward Observer Ocelot 1 sees the target in the open"),
        "{}",
        shot.text
    );
}

/// "Speed Move – ... may not choose Shooting actions until the end of the player turn." A Kämpfer
/// (Autocannon 24") 28" from the enemy makes a Combat Move, which brings it within range to shoot;
/// 42" away, out of reach either way, it makes a Speed Move.
#[test]
fn the_program_speed_moves_only_when_it_could_not_shoot_anyway() {
    for (gap, mode) in [(28.0, MoveMode::Combat), (42.0, MoveMode::Speed)] {
        let mut g = new_game(
            Scenario::Standard,
            singles("German", BattleSize::Duel, &["Kämpfer"]),
            singles("German", BattleSize::Duel, &["Kämpfer"]),
        );
        start(&mut g, &[(1, 3.0, 18.0), (2, 3.0 + gap, 18.0)]);
        let c = ai::play(&mut g, 1).expect("the program moves");
        assert!(
            matches!(c, Command::Move { mode: m, .. } if m == mode),
            "{gap}\" apart: {c:?}"
        );
    }
}
