//! The edges of "Resolve Attacks" with forced dice: who suffers a blast or a stray shot and how
//! they defend, the counterattack's weapon, the re-rolls that belong to shooting only, the
//! Concentrated Attack on an undamaged target, and a Forward Observer that sees nothing.

use super::*;
use wartable::rules::kog::force::BattleSize;
use wartable::rules::kog::pool::PoolDie;
use wartable::rules::kog::state::MoveMode;

fn attack(g: &mut KogGame, a: u32, w: &str, t: u32, dice: &[u32]) -> Vec<Event> {
    g.dice.force(dice);
    let mut ev = ok(
        g,
        Command::Attack {
            attacker: id(a),
            weapon: w.into(),
            target: id(t),
            reroll: Default::default(),
        },
    );
    if g.state.pending.is_some() {
        ev.extend(ok(g, Command::Respond { counter: None }));
    }
    assert_eq!(g.dice.clear_queued(), 0, "every forced die is used");
    ev
}

fn attack_dice(ev: &[Event]) -> Vec<PoolDie> {
    ev.iter()
        .find_map(|e| match e {
            Event::AttackRolled { dice, .. } => Some(dice.clone()),
            _ => None,
        })
        .expect("an attack roll")
}

/// Each Defense roll: the model, its dice, and the re-roll rule named.
fn defenses(ev: &[Event]) -> Vec<(ModelId, Vec<PoolDie>, Option<String>)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::DefenseRolled {
                model,
                dice,
                rerolls,
                ..
            } => Some((*model, dice.clone(), rerolls.clone())),
            _ => None,
        })
        .collect()
}

fn notes(ev: &[Event]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Note(n) => Some(n.clone()),
            _ => None,
        })
        .collect()
}

/// Side 1's Kämpfers #1, #2, #3 and side 2's Panthers #4, #5 where `at` says; side 1 acts.
fn three_kampfers(at: &[(u32, f32, f32)]) -> KogGame {
    let mut g = new_game(
        Scenario::Standard,
        singles(
            "German",
            BattleSize::Melee,
            &["Kämpfer", "Kämpfer", "Kämpfer"],
        ),
        singles("German", BattleSize::Melee, &["Panther", "Panther"]),
    );
    start(&mut g, at);
    to_actions(&mut g);
    g
}

/// "Concentrated Attack – If the target was a target earlier this turn, then re-roll any
/// successful Defense results", on an undamaged target (no Crippled re-roll beside it).
#[test]
fn concentrated_attack_rerolls_an_undamaged_targets_saves() {
    let mut g = three_kampfers(&[(1, 10.0, 10.0), (2, 10.0, 20.0), (4, 30.0, 10.0)]);
    // #1 misses the Panther outright: 2, 3 (Autocannon at 4+).
    attack(&mut g, 1, "Autocannon", 4, &[2, 3]);
    assert_eq!(damage(&g, 4), 0);
    // #2: one hit (4); the Panther's saving 4 is re-rolled into a 2, its 1 fails.
    let ev = attack(&mut g, 2, "Autocannon", 4, &[4, 1, 4, 1, 2]);
    let d = defenses(&ev);
    assert_eq!((d[0].1[0].first, d[0].1[0].reroll), (4, Some(2)));
    assert_eq!(
        d[0].2.as_deref(),
        Some("re-roll successes (Concentrated Attack)")
    );
    assert_eq!(damage(&g, 4), 1);
}

/// "Blast – On a successful hit, any models ... also suffer 1 hit": no hit on the target, no
/// blast; a hit catches a friend of the firer under the template too ("whether friendly or
/// enemy").
#[test]
fn a_blast_needs_a_hit_and_catches_friends_too() {
    // Panther #5 1.9" from #4, centre to centre: under a 3" blast on #4.
    let at = [(1, 10.0, 10.0), (4, 30.0, 10.0), (5, 31.9, 10.0)];
    let mut g = three_kampfers(&at);
    let ev = attack(&mut g, 1, "Rocket Pod", 4, &[2, 3]);
    assert!(defenses(&ev).is_empty(), "no hit: nobody defends");
    assert!(!notes(&ev).iter().any(|n| n.contains("Blast")), "{ev:?}");
    assert_eq!(damage(&g, 5), 0);
    // Kämpfer #2 under the template instead of the Panther: it suffers the blast's hit.
    let mut g = three_kampfers(&[(1, 10.0, 10.0), (2, 30.0, 11.95), (4, 30.0, 10.0)]);
    let ev = attack(&mut g, 1, "Rocket Pod", 4, &[4, 2, 6, 6, 1, 1]);
    let d = defenses(&ev);
    assert_eq!(
        d.iter().map(|x| x.0).collect::<Vec<_>>(),
        vec![id(4), id(2)]
    );
    assert_eq!((damage(&g, 4), damage(&g, 2)), (0, 1));
}

/// "any shot results of a 1 hit a friendly model instead": the friendly model nearest the
/// target; with no friend within 1" of the target, a 1 is a plain miss.
#[test]
fn friendly_fire_hits_the_nearest_friend_and_nobody_without_one() {
    // #2 is 0.9" from the Panther #4, #3 0.6": #3 takes the stray shot.
    let at = [
        (1, 10.0, 10.0),
        (2, 30.0, 11.9),
        (3, 31.6, 10.0),
        (4, 30.0, 10.0),
    ];
    let mut g = three_kampfers(&at);
    let ev = attack(&mut g, 1, "Autocannon", 4, &[1, 2, 1, 1]);
    let d = defenses(&ev);
    assert_eq!(d.iter().map(|x| x.0).collect::<Vec<_>>(), vec![id(3)]);
    assert_eq!((damage(&g, 3), damage(&g, 2)), (1, 0));
    let mut g = three_kampfers(&[(1, 10.0, 10.0), (4, 30.0, 10.0)]);
    let ev = attack(&mut g, 1, "Autocannon", 4, &[1, 1]);
    assert!(defenses(&ev).is_empty());
    assert!(!notes(&ev).iter().any(|n| n.contains("Friendly Fire")));
}

/// A model hit without being the target defends with its own Crippled re-roll, and with its own
/// cover (here woods under it, which the target is not in).
#[test]
fn a_stray_shots_victim_defends_with_its_own_crippled_and_cover() {
    let at = [(1, 10.0, 10.0), (3, 31.6, 10.0), (4, 30.0, 10.0)];
    let mut g = three_kampfers(&at);
    hurt(&mut g, 3, 1);
    // The 1 strays to the Crippled #3: its saving 4 is re-rolled into a 1.
    let ev = attack(&mut g, 1, "Autocannon", 4, &[1, 2, 4, 2, 1]);
    let d = defenses(&ev);
    assert_eq!(d[0].0, id(3));
    assert_eq!((d[0].1[0].first, d[0].1[0].reroll), (4, Some(1)));
    assert_eq!(d[0].2.as_deref(), Some("re-roll successes (Crippled)"));
    assert_eq!(damage(&g, 3), 2, "Crippled and damaged again: Destroyed");

    let woods = "Piece(shape: Box, at: (31.8, 10.0), size: (1.6, 3.0, 0.05), tags: [Cover, Rough], label: \"woods\")";
    let mut g = game_on(
        level_with(&[woods]),
        Scenario::Standard,
        singles(
            "German",
            BattleSize::Melee,
            &["Kämpfer", "Kämpfer", "Kämpfer"],
        ),
        singles("German", BattleSize::Melee, &["Panther", "Panther"]),
    );
    start(&mut g, &at);
    to_actions(&mut g);
    // The Panther in the open saves nothing to re-roll; #3 in the woods re-rolls its failed 2.
    let ev = attack(&mut g, 1, "Autocannon", 4, &[1, 2, 2, 5, 6]);
    let d = defenses(&ev);
    assert_eq!(d[0].0, id(3));
    assert_eq!((d[0].1[0].first, d[0].1[0].reroll), (2, Some(6)));
    assert_eq!(d[0].2.as_deref(), Some("re-roll failures (Cover)"));
    assert_eq!(damage(&g, 3), 0);
}

/// The counterattack is "an attack of its own" of the same kind: Close Assault is answered in
/// Close Assault, not with the Panther's Autocannon, which could reach the Kämpfer.
#[test]
fn close_assault_is_answered_in_close_assault() {
    let mut g = three_kampfers(&[(1, 28.9, 10.0), (4, 30.0, 10.0)]);
    ok(
        &mut g,
        Command::Attack {
            attacker: id(1),
            weapon: "Combat Blade".into(),
            target: id(4),
            reroll: Default::default(),
        },
    );
    let p = g
        .state
        .pending
        .clone()
        .expect("the Panther may counterattack");
    assert_eq!(p.counter_weapons, vec!["Combat Blade".to_string()]);
    let e = refused(
        &mut g,
        Command::Respond {
            counter: Some("Autocannon".into()),
        },
    );
    assert!(e.contains("cannot counterattack with 'Autocannon'"), "{e}");
}

/// "Hold Position – ... may re-roll any failed shots"; "Fire Support – ... to re-roll any failed
/// shots": shots, not Close Assault attacks (Charge!'s are "attacks").
#[test]
fn hold_position_and_fire_support_do_not_reroll_close_assault() {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Melee, &["Panther", "Panther"]),
    );
    start(
        &mut g,
        &[
            (1, 21.0, 10.0),
            (2, 30.0, 11.1),
            (3, 30.0, 10.0),
            (4, 40.0, 30.0),
        ],
    );
    ok(
        &mut g,
        Command::Move {
            model: id(2),
            mode: MoveMode::HoldPosition,
            to: Pt::new(30.2, 11.1),
        },
    );
    to_actions(&mut g);
    ok(
        &mut g,
        Command::FireSupport {
            commander: id(1),
            model: id(2),
        },
    );
    // Combat Blade (2 Attacks at 4+): the failed 2 stands; the Panther fails both saves.
    let ev = attack(&mut g, 2, "Combat Blade", 3, &[2, 4, 1, 1]);
    let a = attack_dice(&ev);
    assert_eq!((a[0].first, a[0].reroll), (2, None));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AttackRolled { rerolls: None, .. }))
    );
    assert_eq!(damage(&g, 3), 1);
}

/// "Forward Observer – A Recon model may provide Line of Sight, Partial Line of Sight or Sensor
/// Lock": a Recon model with none of the three on the target is refused.
#[test]
fn a_forward_observer_that_sees_nothing_is_refused() {
    let wall = "Piece(shape: Wall, at: (20.0, 20.0), size: (12.0, 0.5, 5.0), tags: [BlocksSight], label: \"bulkhead\")";
    let mut g = game_on(
        level_with(&[wall]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Tiger", "Ocelot"]),
        singles("German", BattleSize::Melee, &["Kämpfer"]),
    );
    start(&mut g, &[(1, 20.0, 5.0), (2, 16.0, 8.0), (3, 20.0, 30.0)]);
    to_actions(&mut g);
    let e = refused(
        &mut g,
        Command::ForwardObserver {
            model: id(2),
            target: id(3),
        },
    );
    assert!(
        e.contains("has no Line of Sight, Partial Line of Sight or Sensor Lock"),
        "{e}"
    );
}
