//! The player's choices the text leaves open ("may re-roll", "may take and hold it") and
//! Hamburger Hill's central piece of terrain as the Objective, with forced dice.

use super::*;
use wartable::rules::kog::actions::objective_piece;
use wartable::rules::kog::attack::RerollChoice;
use wartable::rules::kog::event::apply;
use wartable::rules::kog::force::BattleSize;
use wartable::rules::kog::pool::PoolDie;
use wartable::rules::kog::state::{KogObjective, MoveMode};

/// Side 1's Kämpfer #1 (Autocannon, 2 shots at 4+) after a Hold Position, Kämpfer #2 0.5" from
/// side 2's Panther #3: a shot at #3 risks Friendly Fire on #2.
fn held_position_next_to_a_friend() -> KogGame {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Melee, &["Panther", "Panther"]),
    );
    start(
        &mut g,
        &[
            (1, 10.0, 10.0),
            (2, 30.0, 11.5),
            (3, 30.0, 10.0),
            (4, 40.0, 30.0),
        ],
    );
    ok(
        &mut g,
        Command::Move {
            model: id(1),
            mode: MoveMode::HoldPosition,
            to: Pt::new(10.5, 10.0),
        },
    );
    to_actions(&mut g);
    g
}

/// Declares #1's Autocannon shot at #3 with `reroll`, #3 defends; the attack dice and events.
fn shoot(g: &mut KogGame, reroll: RerollChoice, dice: &[u32]) -> (Vec<PoolDie>, Vec<Event>) {
    g.dice.force(dice);
    let mut ev = ok(
        g,
        Command::Attack {
            attacker: id(1),
            weapon: "Autocannon".into(),
            target: id(3),
            reroll,
        },
    );
    if g.state.pending.is_some() {
        ev.extend(ok(g, Command::Respond { counter: None }));
    }
    assert_eq!(g.dice.clear_queued(), 0, "every forced die is used");
    let a = ev
        .iter()
        .find_map(|e| match e {
            Event::AttackRolled { dice, .. } => Some(dice.clone()),
            _ => None,
        })
        .expect("an attack roll");
    (a, ev)
}

fn rerolls_text(ev: &[Event]) -> Option<String> {
    ev.iter().find_map(|e| match e {
        Event::AttackRolled { rerolls, .. } => rerolls.clone(),
        _ => None,
    })
}

/// "Hold Position – ... but may re-roll any failed shots": may. Rolling 3 and 5 next to a
/// friend, the player keeps the 3 rather than risk a 1 (Friendly Fire). Without the choice the
/// 3 is re-rolled, comes up 1, and hits the friendly Kämpfer.
#[test]
fn hold_position_reroll_may_be_declined_under_friendly_fire() {
    let mut g = held_position_next_to_a_friend();
    // 3 and 5: 1 hit; the Panther's Defense 1, 1: 1 damage.
    let (a, ev) = shoot(&mut g, RerollChoice::Decline, &[3, 5, 1, 1]);
    assert_eq!(
        a.iter().map(|d| (d.first, d.reroll)).collect::<Vec<_>>(),
        vec![(3, None), (5, None)]
    );
    assert_eq!(rerolls_text(&ev), None);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Note(n) if n.contains("Friendly Fire:")))
    );
    assert_eq!(damage(&g, 3), 1);
    assert_eq!(damage(&g, 2), 0);

    let mut g = held_position_next_to_a_friend();
    // The 3 re-rolled into a 1; the Panther saves the 5's hit (4, 4); #2 fails (1, 1).
    let (a, ev) = shoot(&mut g, RerollChoice::Failures, &[3, 5, 1, 4, 4, 1, 1]);
    assert_eq!((a[0].first, a[0].reroll), (3, Some(1)));
    assert!(a[0].friendly_fire);
    assert!(rerolls_text(&ev).is_some_and(|r| r.contains("Hold Position")));
    assert_eq!(damage(&g, 2), 1, "the stray shot hits the friendly Kämpfer");
}

/// "may re-roll any failed shots": any of them. Re-rolling only the 1s, which already hit a
/// friend, cannot make things worse; the failed 3 stands.
#[test]
fn only_the_failed_ones_may_be_rerolled() {
    let mut g = held_position_next_to_a_friend();
    // 1 re-rolled into a 6 (2 hits), 3 kept; the Panther's Defense 1, 1: Destroyed.
    let (a, ev) = shoot(&mut g, RerollChoice::OnlyOnes, &[1, 3, 6, 1, 1]);
    assert_eq!(
        a.iter().map(|d| (d.first, d.reroll)).collect::<Vec<_>>(),
        vec![(1, Some(6)), (3, None)]
    );
    assert!(rerolls_text(&ev).is_some_and(|r| r.contains("1s only")));
    assert_eq!(damage(&g, 3), 2);
    assert_eq!(damage(&g, 2), 0);
}

fn objective(owner: Option<u8>, x: f32, y: f32) -> Event {
    Event::ObjectiveAdded(KogObjective {
        name: format!("objective of {owner:?}"),
        owner,
        at: Pt::new(x, y),
        carrier: None,
        off_table: false,
        streak: [0, 0],
    })
}

/// Side 1's Kämpfer #1 at (20, 20), within 1" of side 1's own marker (index 0) and of side 2's
/// (index 1), placed either side of it; a third marker far away (index 2).
fn between_two_markers() -> KogGame {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    );
    start(&mut g, &[(1, 20.0, 20.0), (2, 40.0, 30.0)]);
    apply(&mut g.state, &objective(Some(1), 21.5, 20.0));
    apply(&mut g.state, &objective(Some(2), 18.5, 20.0));
    apply(&mut g.state, &objective(Some(2), 10.0, 10.0));
    to_actions(&mut g);
    g
}

fn hold(objective: Option<usize>) -> Command {
    Command::HoldObjective {
        model: id(1),
        objective,
    }
}

/// "Hold Objective – A model within 1" of an Objective may take and hold it": with both markers
/// in reach, the player names the one; naming none takes the opponent's.
#[test]
fn hold_objective_names_the_objective_when_both_are_in_reach() {
    let mut g = between_two_markers();
    ok(&mut g, hold(None));
    assert_eq!(g.state.turn.held.keys().collect::<Vec<_>>(), vec![&1]);

    let mut g = between_two_markers();
    ok(&mut g, hold(Some(0)));
    assert_eq!(g.state.turn.held.keys().collect::<Vec<_>>(), vec![&0]);

    let mut g = between_two_markers();
    ok(&mut g, hold(Some(1)));
    assert_eq!(g.state.turn.held.keys().collect::<Vec<_>>(), vec![&1]);

    let mut g = between_two_markers();
    let e = refused(&mut g, hold(Some(2)));
    assert!(e.contains("not within 1\""), "{e}");
    let e = refused(&mut g, hold(Some(7)));
    assert!(e.contains("not within 1\""), "{e}");
}

const BUNKER: &str = "Piece(shape: Box, at: (24.0, 18.0), size: (6.0, 6.0, 3.0), tags: [BlocksSight], label: \"bunker\")";

/// Hamburger Hill on `level`: Kämpfer #1 (side 1) 0.6" east of the bunker's footprint, the
/// enemy Kämpfer #3 0.8" west of it, the central Objective at the centre.
fn hill(level: LevelFile) -> KogGame {
    let mut g = game_on(
        level,
        Scenario::HamburgerHill,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
    );
    start(
        &mut g,
        &[(1, 27.0 + 0.5 + 0.6, 18.0), (3, 21.0 - 0.5 - 0.8, 18.0)],
    );
    apply(&mut g.state, &objective(None, 24.0, 18.0));
    to_actions(&mut g);
    g
}

/// Hamburger Hill: "Place a distinctive piece of terrain in the center of the board. This piece
/// of terrain is the only Objective in the game." Within 1" of the bunker at the centre is
/// within 1" of the Objective, for the holder and for the enemy that contests it; without a
/// piece there, the 1" marker at the centre is the Objective.
#[test]
fn hamburger_hill_objective_is_the_central_piece() {
    let mut g = hill(level_with(&[BUNKER]));
    assert_eq!(
        objective_piece(&g.state, 0).map(|p| p.label.as_str()),
        Some("bunker")
    );
    ok(&mut g, hold(None));
    ok(&mut g, Command::EndTurn);
    assert_eq!(
        g.state.objectives[0].streak,
        [0, 0],
        "the enemy 0.8\" from the bunker's far side contests it"
    );
    assert!(g.journal.iter().any(|l| l.text.contains("contested")));

    let mut g = hill(open_level(48.0, 36.0));
    assert!(objective_piece(&g.state, 0).is_none());
    let e = refused(&mut g, hold(None));
    assert!(e.contains("not within 1\""), "{e}");
}
