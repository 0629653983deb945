//! "Any time a unit moves in to attack a fear causing unit in close combat (either through normal
//! movement or the movement type ‘charge’), a willpower roll must be made against 6. If the unit
//! fails, they freeze 2 inches out from the model (If the unit was closer than 2 inches when they
//! declared the charge, leave the unit where it is)": a walk into base contact tests as a charge
//! does, and where a unit that fails stops.

use super::game::{apart, small};
use super::*;
use wartable::rules::kry::close::AttackType;
use wartable::rules::kry::command::MoveKind;

fn gap(g: &KryGame, a: u32, b: u32) -> f32 {
    g.state.table.distance(id(a), id(b)).unwrap()
}

fn radius(g: &KryGame, n: u32) -> f32 {
    g.state.table.model(id(n)).unwrap().radius()
}

fn fear_rolls(g: &KryGame) -> usize {
    g.dice
        .log()
        .iter()
        .filter(|r| r.purpose.contains("fear"))
        .count()
}

/// The Joe (id 2) at (10, 4), the Wraith (id 5, fear) straight ahead with `gap` inches between
/// the bases; the point where the Joe's base touches the Wraith's.
fn facing_the_wraith(g: &mut KryGame, gap: f32) -> Pt {
    start(g, &apart(), &[3, 3]);
    let reach = radius(g, 2) + radius(g, 5);
    put(g, 2, 10.0, 4.0);
    put(g, 5, 10.0, 4.0 + reach + gap);
    Pt::new(10.0, 4.0 + gap)
}

fn walk(to: Pt) -> Command {
    Command::Move {
        model: id(2),
        to,
        kind: MoveKind::Normal,
    }
}

fn attack(charge: bool) -> Command {
    Command::Attack {
        attacker: id(2),
        target: id(5),
        attack: AttackType::Punch,
        weapon: None,
        charge,
    }
}

/// A normal move into base contact with the Wraith is moving in to attack it: the Joe (WILL 3)
/// rolls 1, 1, 1 against 6 and freezes 2" out, the move's 2 AP paid.
#[test]
fn a_walk_into_contact_with_a_fear_causer_freezes_two_inches_out() {
    let mut g = small(&[]);
    let contact = facing_the_wraith(&mut g, 2.9);
    let spent = g.state.spent[0];
    ok(&mut g, 1, walk(contact), &[1, 1, 1]);
    assert_eq!(fear_rolls(&g), 1);
    assert!(
        (gap(&g, 2, 5) - 2.0).abs() < 0.05,
        "froze {}\" out",
        gap(&g, 2, 5)
    );
    assert_eq!(g.state.spent[0], spent + 2);
    assert!(journal(&g).contains("freezes"));
}

/// "If the unit was closer than 2 inches when they declared the charge, leave the unit where it
/// is": read for a walk as for a charge; a Joe 1.5" from the Wraith that fails stays there.
#[test]
fn a_frozen_walker_closer_than_two_inches_stays_where_it_is() {
    let mut g = small(&[]);
    let contact = facing_the_wraith(&mut g, 1.5);
    ok(&mut g, 1, walk(contact), &[1, 1, 1]);
    assert!(
        (gap(&g, 2, 5) - 1.5).abs() < 0.01,
        "moved to {}",
        gap(&g, 2, 5)
    );
}

/// The same for a charge, the text's own case: a charger 1.5" out that fails stays where it is.
#[test]
fn a_frozen_charger_closer_than_two_inches_stays_where_it_is() {
    let mut g = small(&[]);
    facing_the_wraith(&mut g, 1.5);
    ok(&mut g, 1, attack(true), &[1, 1, 1]);
    assert!(
        (gap(&g, 2, 5) - 1.5).abs() < 0.01,
        "moved to {}",
        gap(&g, 2, 5)
    );
    assert!(
        g.state.pending.is_none(),
        "a frozen charger does not attack"
    );
    assert_eq!(g.state.models[&id(2)].charged, None);
}

/// A walk in that passes the test (6 + 2 against 6) ends in base contact, and the attack the Joe
/// then makes is no new moving in: no second test. Once the two have parted, moving in tests
/// again.
#[test]
fn a_walk_in_that_passes_is_not_tested_again_at_the_attack() {
    let mut g = small(&[]);
    let contact = facing_the_wraith(&mut g, 2.9);
    ok(&mut g, 1, walk(contact), &[6, 2, 1, 1]);
    assert!(gap(&g, 2, 5) < 0.05, "in base contact");
    assert_eq!(fear_rolls(&g), 1);
    ok(&mut g, 1, attack(false), &[]);
    assert_eq!(fear_rolls(&g), 1, "no second test at the attack");
    assert!(g.state.pending.is_some(), "the attack waits on the defence");
    // The Wraith defends passively; the Joe's 2s miss. A second attack without parting: plain
    // fear tests no more.
    defend_passively_and_miss(&mut g);
    ok(&mut g, 1, attack(false), &[]);
    assert_eq!(fear_rolls(&g), 1, "a second attack, the two never parted");
    defend_passively_and_miss(&mut g);
    // Parted, then in again: a new test (1s: it freezes 2" out).
    ok(&mut g, 1, walk(Pt::new(10.0, 4.0)), &[]);
    assert!(gap(&g, 2, 5) > 2.0);
    ok(&mut g, 1, walk(contact), &[1, 1, 1]);
    assert_eq!(fear_rolls(&g), 2, "moving in again after parting");
    assert!(
        (gap(&g, 2, 5) - 2.0).abs() < 0.05,
        "froze {}",
        gap(&g, 2, 5)
    );
}

/// Side 2 answers the attack waiting on it with a passive defence, the attacker's dice all 2s
/// (no hit, no fumble).
fn defend_passively_and_miss(g: &mut KryGame) {
    g.dice.force(&[2; 8]);
    g.play(2, Command::DefenceClass { active: false })
        .unwrap_or_else(|e| panic!("passive defence: {e}"));
    g.dice.clear_queued();
    assert!(g.state.pending.is_none(), "{:?}", g.state.pending);
}

/// "Any time a pure horror unit is attacked or attacks another unit in close combat, halve the
/// non-horror causing units WILL attribute (rounded down), and roll against a target number of
/// 6": every attack on the Nightmare tests the attacker, though the two never parted. A walk in
/// that passed stands for the test of the attack it moved in for (as a charge's one test does);
/// the attack after that tests again. The Joe's Willpower 3 halved is one die.
#[test]
fn every_attack_on_a_pure_horror_tests_the_attacker() {
    let mut g = game_with(
        open_level(&[]),
        team("The Earth Confederate", &["Captain", "Average Joe"]),
        team("The Possessed", &["Wraith Lord", "Nightmare"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 10.0, 4.0, 90.0),
            (3, 4.0, 22.0, 270.0),
            (4, 10.0, 20.0, 270.0),
        ],
        &[6, 6],
    );
    let touch = radius(&g, 2) + radius(&g, 4);
    put(&mut g, 4, 10.0, 4.0 + touch + 2.5);
    let horror = |g: &KryGame| {
        g.dice
            .log()
            .iter()
            .filter(|r| r.purpose.contains("pure horror"))
            .count()
    };
    let on_it = || Command::Attack {
        attacker: id(2),
        target: id(4),
        attack: AttackType::Punch,
        weapon: None,
        charge: false,
    };
    // The walk in: 6 + 1 passes.
    ok(&mut g, 1, walk(Pt::new(10.0, 6.5)), &[6, 1]);
    assert!(gap(&g, 2, 4) < 0.05, "in base contact");
    assert_eq!(horror(&g), 1);
    // The attack it moved in for: no new test.
    ok(&mut g, 1, on_it(), &[]);
    assert_eq!(horror(&g), 1, "the walk in's test was this attack's");
    defend_passively_and_miss(&mut g);
    // The next attack, the two still touching: tested again (6 + 1 holds).
    ok(&mut g, 1, on_it(), &[6, 1]);
    assert_eq!(horror(&g), 2, "a second attack on the horror");
    defend_passively_and_miss(&mut g);
    // And again: a 1 fails; the Joe freezes where it stands (it was closer than 2"), no attack.
    ok(&mut g, 1, on_it(), &[1]);
    assert_eq!(horror(&g), 3, "a third attack on the horror");
    // "only applied to those who have a willpower attribute of 2 or less": the Joe (3) rolls no
    // fear shock die.
    assert!(
        !g.dice
            .log()
            .iter()
            .any(|r| r.purpose.contains("fear shock")),
        "Willpower 3: no fear shock"
    );
    assert!(g.state.pending.is_none(), "frozen: no attack");
    assert!(gap(&g, 2, 4) < 0.05);
}

/// A walk that ends short of base contact moves in on nobody: no test.
#[test]
fn a_walk_that_stops_short_is_not_tested() {
    let mut g = small(&[]);
    facing_the_wraith(&mut g, 2.9);
    ok(&mut g, 1, walk(Pt::new(10.0, 5.0)), &[]);
    assert_eq!(fear_rolls(&g), 0);
    assert!((gap(&g, 2, 5) - 1.9).abs() < 0.01);
}
