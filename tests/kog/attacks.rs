//! "Resolve Attacks", "Line of Sight", "Ranged Shooting", "Close Assault", "Counterattack?",
//! "Special Weapons", "Infantry", "Tanks" with forced dice.

use super::*;
use wartable::rules::kog::force::{BattleSize, UnitKind};
use wartable::rules::kog::pool::PoolDie;
use wartable::rules::kog::state::{Condition, MoveMode, Phase};

fn attack_cmd(a: u32, w: &str, t: u32) -> Command {
    Command::Attack {
        attacker: id(a),
        weapon: w.into(),
        target: id(t),
        reroll: Default::default(),
    }
}

/// Declares an attack and, if the target may counterattack, has it defend. Returns all events.
fn attack(g: &mut KogGame, a: u32, w: &str, t: u32) -> Vec<Event> {
    let mut ev = ok(g, attack_cmd(a, w, t));
    if g.state.pending.is_some() {
        ev.extend(ok(g, Command::Respond { counter: None }));
    }
    ev
}

fn attack_dice(ev: &[Event]) -> Vec<&[PoolDie]> {
    ev.iter()
        .filter_map(|e| match e {
            Event::AttackRolled { dice, .. } => Some(dice.as_slice()),
            _ => None,
        })
        .collect()
}

fn defense_dice(ev: &[Event]) -> Vec<(ModelId, &[PoolDie], u32)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::DefenseRolled {
                model,
                dice,
                cancelled,
                ..
            } => Some((*model, dice.as_slice(), *cancelled)),
            _ => None,
        })
        .collect()
}

fn hits(ev: &[Event]) -> Vec<u32> {
    ev.iter()
        .filter_map(|e| match e {
            Event::AttackRolled { hits, .. } => Some(*hits),
            _ => None,
        })
        .collect()
}

fn cond(g: &KogGame, n: u32) -> Condition {
    g.state.models[&id(n)].condition()
}

/// Side 1's Kämpfer #1 (its Commander) and #2, side 2's Panthers #3 and #4, on open ground in
/// side 1's Action step.
fn kampfer_v_panther() -> KogGame {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Melee, &["Panther", "Panther"]),
    );
    start(
        &mut g,
        &[
            (1, 10.0, 10.0),
            (2, 10.0, 20.0),
            (3, 30.0, 10.0),
            (4, 40.0, 30.0),
        ],
    );
    to_actions(&mut g);
    g
}

/// "[1] Make Attacks ... each result that is at least equal to the target number causes 1 hit";
/// "Critical Hit – If a direct fire die result is a 6, then it causes 2 hits"; "[2] Determine
/// Defense ... cancel 1 hit for each result"; "Destroyed – ... an undamaged model takes 2 (or
/// more) damage"; "The Destroyed model or Wreck may provide Cover as usual".
#[test]
fn hits_criticals_defense_and_destruction() {
    let mut g = kampfer_v_panther();
    ok(&mut g, attack_cmd(2, "Autocannon", 3));
    assert!(g.state.pending.is_some(), "the Panther may counterattack");
    assert_eq!(
        g.waiting(),
        wartable::rules::core::Waiting::One(2),
        "the target's player answers"
    );
    let e = refused(&mut g, Command::EndTurn);
    assert!(e.contains("Counterattack or Defend"), "{e}");
    g.dice.force(&[4, 6, 3, 1]);
    let ev = ok(&mut g, Command::Respond { counter: None });
    assert_eq!(hits(&ev), vec![3], "a 4 and a critical 6");
    let d = defense_dice(&ev);
    assert_eq!(d.len(), 1);
    assert_eq!(
        d[0].2, 1,
        "the Panther's 3 cancels one hit (3+), its 1 fails"
    );
    assert_eq!(damage(&g, 3), 2);
    assert_eq!(cond(&g, 3), Condition::Destroyed);
    assert!(
        g.state.table.model(id(3)).unwrap().wreck,
        "a wreck stays on the table"
    );
}

/// "Crippled – If an undamaged model takes 1 damage"; "If a Crippled model is damaged ... the
/// model is Destroyed"; a Crippled model "must re-roll any successful attacks or defense".
#[test]
fn one_damage_cripples_and_more_destroys() {
    let mut g = kampfer_v_panther();
    g.dice.force(&[5, 2, 1, 2]);
    attack(&mut g, 1, "Autocannon", 3);
    assert_eq!(cond(&g, 3), Condition::Crippled);
    // Second attack this turn: no counterattack now, Concentrated Attack and Crippled both
    // re-roll successful Defense: the 4 is re-rolled.
    g.dice.force(&[4, 1, 4, 2, 2]);
    let ev = ok(&mut g, attack_cmd(2, "Autocannon", 3));
    assert!(
        g.state.pending.is_none(),
        "only the first time targeted may counter"
    );
    let d = defense_dice(&ev);
    assert_eq!((d[0].1[0].first, d[0].1[0].reroll), (4, Some(2)));
    assert_eq!(cond(&g, 3), Condition::Destroyed);
    // "an undamaged model takes 2 (or more) damage": Destroyed at once, never Crippled first.
    let mut g = kampfer_v_panther();
    g.dice.force(&[5, 5, 1, 2]);
    attack(&mut g, 1, "Autocannon", 3);
    assert_eq!(damage(&g, 3), 2);
    assert_eq!(cond(&g, 3), Condition::Destroyed);
    assert_eq!(g.dice.clear_queued(), 0);
}

/// "Infantry are Eliminated instead of Destroyed, and simply removed from the game."
#[test]
fn infantry_are_eliminated_and_removed() {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer"]),
        singles(
            "Russian",
            BattleSize::Melee,
            &["Russian Infantry", "Russian Infantry"],
        ),
    );
    start(&mut g, &[(1, 10.0, 10.0), (2, 30.0, 10.0), (3, 30.0, 20.0)]);
    to_actions(&mut g);
    g.dice.force(&[6, 2, 3]);
    attack(&mut g, 1, "Autocannon", 2);
    assert_eq!(cond(&g, 2), Condition::Eliminated);
    assert!(
        g.state.table.model(id(2)).is_err(),
        "removed from the table"
    );
}

/// "Counterattack – Each turn, the first time a model is selected as a target, the target may
/// Counterattack instead of Defending against the attack. If not Destroyed by the attack, then
/// the target model may make an attack of its own against the attacking model."
#[test]
fn counterattack_takes_the_hits_then_strikes_back() {
    let mut g = kampfer_v_panther();
    ok(&mut g, attack_cmd(1, "Autocannon", 3));
    let e = refused(
        &mut g,
        Command::Respond {
            counter: Some("Combat Blade".into()),
        },
    );
    assert!(e.contains("cannot counterattack with"), "{e}");
    // The Kämpfer hits once and, with no Defense roll, cripples the Panther. The Crippled
    // Panther answers with 3 shots: 4, 5, 2; its successes are re-rolled (6, 3): one critical,
    // 2 hits. The Kämpfer defends with 4, 1: one cancelled, 1 damage.
    g.dice.force(&[4, 1, 4, 5, 2, 6, 3, 4, 1]);
    let ev = ok(
        &mut g,
        Command::Respond {
            counter: Some("Autocannon".into()),
        },
    );
    assert_eq!(hits(&ev), vec![1, 2]);
    let d = defense_dice(&ev);
    assert_eq!(d.len(), 1, "the counterattacking Panther rolled no Defense");
    assert_eq!(d[0].0, id(1));
    assert_eq!(
        (cond(&g, 3), cond(&g, 1)),
        (Condition::Crippled, Condition::Crippled)
    );
    assert_eq!(g.dice.forced_pending(), 0);
    // A Destroyed target does not counterattack.
    let mut g2 = kampfer_v_panther();
    ok(&mut g2, attack_cmd(1, "Autocannon", 3));
    g2.dice.force(&[6, 5]);
    let ev = ok(
        &mut g2,
        Command::Respond {
            counter: Some("Autocannon".into()),
        },
    );
    assert_eq!(hits(&ev), vec![3]);
    assert_eq!(cond(&g2, 3), Condition::Destroyed);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note(n) if n.contains("no counterattack")))
    );
}

/// "Long Range – If the target is beyond the weapon's effective range, then re-roll any
/// successful shooting results." (no maximum range by default)
#[test]
fn long_range_rerolls_successful_shots() {
    let mut g = kampfer_v_panther();
    put(&mut g, 3, 40.0, 10.0); // 29" from #1: beyond the Autocannon's 24"
    g.dice.force(&[5, 2, 1]);
    let ev = attack(&mut g, 1, "Autocannon", 3);
    let a = attack_dice(&ev)[0];
    assert_eq!(
        (a[0].first, a[0].reroll),
        (5, Some(1)),
        "the successful 5 is re-rolled"
    );
    assert_eq!(a[1].reroll, None, "the failed 2 stands");
    assert_eq!(hits(&ev), vec![0]);
}

/// Side 1's Movement step: Kämpfer #1 (the Commander) and #3, Panthers #2 and #4.
fn movement_step() -> KogGame {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Melee, &["Panther", "Panther"]),
    );
    start(
        &mut g,
        &[
            (1, 10.0, 10.0),
            (2, 10.0, 20.0),
            (3, 30.0, 10.0),
            (4, 10.0, 24.0),
        ],
    );
    g
}

/// "Hold Position – ... may re-roll any failed shots until the end of the player turn".
#[test]
fn hold_position_rerolls_failed_shots() {
    let mut g = movement_step();
    ok(
        &mut g,
        Command::Move {
            model: id(1),
            mode: MoveMode::HoldPosition,
            to: Pt::new(10.5, 10.0),
        },
    );
    to_actions(&mut g);
    g.dice.force(&[3, 4, 5, 6, 6]);
    let ev = attack(&mut g, 1, "Autocannon", 3);
    let a = attack_dice(&ev)[0];
    assert_eq!(
        (a[0].first, a[0].reroll),
        (3, Some(5)),
        "the failed 3 is re-rolled"
    );
    assert_eq!(a[1].reroll, None);
    assert!(ev.iter().any(
        |e| matches!(e, Event::AttackRolled { rerolls: Some(r), .. } if r.contains("Hold Position"))
    ));
}

/// "Charge! – Upon moving within 1" of an enemy model, a model must immediately stop moving, but
/// may re-roll any failed attacks until the end of the player turn"; Close Assault reaches 1".
#[test]
fn charge_then_close_assault_rerolls_failures() {
    let mut g = movement_step();
    ok(
        &mut g,
        Command::Move {
            model: id(2),
            mode: MoveMode::Charge,
            to: Pt::new(10.0, 23.0),
        },
    );
    to_actions(&mut g);
    let e = refused(&mut g, attack_cmd(1, "Combat Blade", 3));
    assert!(e.contains("within 1"), "{e}");
    // #2's unit is within 1" of an enemy: "may only choose Close Assault actions".
    let e = refused(&mut g, attack_cmd(2, "Autocannon", 3));
    assert!(e.contains("only choose Close Assault"), "{e}");
    // Blade 2 Attacks (4+): 2 fails and is re-rolled into a 6 (2 hits), 4 hits.
    g.dice.force(&[2, 4, 6, 1, 1]);
    let ev = attack(&mut g, 2, "Combat Blade", 4);
    assert_eq!(hits(&ev), vec![3]);
    assert_eq!(cond(&g, 4), Condition::Destroyed);
    // Standing at the same spot without a Charge! this turn, the failed 2 stands: 1 hit.
    let at = g.state.table.model(id(2)).unwrap().pos;
    let mut g = movement_step();
    put(&mut g, 2, at.x, at.y);
    to_actions(&mut g);
    g.dice.force(&[2, 4, 1, 1]);
    let ev = attack(&mut g, 2, "Combat Blade", 4);
    assert_eq!(hits(&ev), vec![1]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::AttackRolled { rerolls: None, .. }))
    );
    assert_eq!(cond(&g, 4), Condition::Crippled);
    assert_eq!(g.dice.clear_queued(), 0);
}

/// "Fire Support – A Commander may designate a friendly model within Sensor range to re-roll any
/// failed shots until the end of the player turn."
#[test]
fn fire_support_from_the_commander() {
    let mut g = kampfer_v_panther();
    // #1 is side 1's Commander (see `start`); #2 is 9" away, within its 12" Sensors.
    let e = refused(
        &mut g,
        Command::FireSupport {
            commander: id(2),
            model: id(1),
        },
    );
    assert!(e.contains("only the Commander"), "{e}");
    ok(
        &mut g,
        Command::FireSupport {
            commander: id(1),
            model: id(2),
        },
    );
    g.dice.force(&[1, 4, 4, 3, 3]);
    let ev = attack(&mut g, 2, "Autocannon", 3);
    let a = attack_dice(&ev)[0];
    assert_eq!((a[0].first, a[0].reroll), (1, Some(4)));
    // One action per model: the Commander gave Fire Support and cannot shoot.
    let e = refused(&mut g, attack_cmd(1, "Autocannon", 4));
    assert!(e.contains("more than one action"), "{e}");
}

/// "Fire Support – A Commander may designate a friendly model ... to re-roll any failed shots":
/// designating is the Commander's action ("No model may take more than one action"), and a
/// model that has already shot gains nothing from it.
#[test]
fn fire_support_needs_a_commander_and_a_model_that_have_not_acted() {
    let support = Command::FireSupport {
        commander: id(1),
        model: id(2),
    };
    let mut g = kampfer_v_panther();
    g.dice.force(&[2, 2, 2, 2, 2, 2]);
    attack(&mut g, 2, "Autocannon", 3);
    g.dice.clear_queued();
    let e = refused(&mut g, support.clone());
    assert!(e.contains("already acted"), "{e}");
    let mut g = kampfer_v_panther();
    g.dice.force(&[2, 2, 2, 2, 2, 2]);
    attack(&mut g, 1, "Autocannon", 3);
    g.dice.clear_queued();
    let e = refused(&mut g, support);
    assert!(e.contains("more than one action"), "{e}");
}

/// "Select any one of your units and choose an action for each model in that unit" ... "no unit
/// may be selected more than once": once another unit acts, the first one's models wait.
#[test]
fn no_unit_is_selected_twice_in_the_action_step() {
    let f = force(
        "German",
        BattleSize::Encounter,
        &[
            ("A", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("B", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    let mut g = new_game(Scenario::Standard, f.clone(), f);
    start(
        &mut g,
        &[
            (1, 5.0, 3.0),
            (2, 7.0, 3.0),
            (3, 9.0, 3.0),
            (4, 30.0, 3.0),
            (5, 32.0, 3.0),
            (6, 34.0, 3.0),
            (7, 30.0, 20.0),
        ],
    );
    to_actions(&mut g);
    ok(
        &mut g,
        Command::FireSupport {
            commander: id(1),
            model: id(2),
        },
    );
    g.dice.force(&[2, 2, 2, 2, 2, 2]);
    attack(&mut g, 4, "Autocannon", 7);
    g.dice.clear_queued();
    let e = refused(&mut g, attack_cmd(3, "Autocannon", 7));
    assert!(e.contains("selected more than once"), "{e}");
    // Unit B is still the selected one: its other models act.
    g.dice.force(&[2, 2, 2, 2, 2, 2]);
    attack(&mut g, 5, "Autocannon", 7);
    g.dice.clear_queued();
}

/// "Fire Support – A Commander may designate a friendly model within Sensor range": 12.2" from
/// the Kämpfer Commander (12" Sensors, base edge to base edge) is too far, 11.9" is not.
#[test]
fn fire_support_reaches_only_within_the_commanders_sensors() {
    let mut g = kampfer_v_panther();
    let support = Command::FireSupport {
        commander: id(1),
        model: id(2),
    };
    put(&mut g, 2, 10.0, 10.0 + 1.0 + 12.2);
    let e = refused(&mut g, support.clone());
    assert!(e.contains("beyond the Commander's Sensors (12\")"), "{e}");
    put(&mut g, 2, 10.0, 10.0 + 1.0 + 11.9);
    ok(&mut g, support);
    assert!(g.state.turn.acted.contains(&id(1)));
}

/// "Cover – If the target has any sort of cover, then re-roll any failed Defense results";
/// Partial Line of Sight is cover.
#[test]
fn cover_rerolls_failed_defense() {
    let wall = "Piece(shape: Wall, at: (30.0, 13.0), size: (4.0, 0.4, 0.8), tags: [BlocksSight, Cover], label: \"low wall\")";
    let mut g = game_on(
        level_with(&[wall]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Melee, &["Panther", "Panther"]),
    );
    start(
        &mut g,
        &[
            (1, 30.0, 4.0),
            (2, 10.0, 4.0),
            (3, 30.0, 14.5),
            (4, 40.0, 30.0),
        ],
    );
    to_actions(&mut g);
    // 2 hits; Defense 1 (fails, re-rolled: 5) and 2 (fails needing 3+, re-rolled: 1).
    g.dice.force(&[4, 5, 1, 2, 5, 1]);
    let ev = attack(&mut g, 1, "Autocannon", 3);
    let d = defense_dice(&ev);
    assert_eq!((d[0].1[0].first, d[0].1[0].reroll), (1, Some(5)));
    assert_eq!((d[0].1[1].first, d[0].1[1].reroll), (2, Some(1)));
    assert_eq!(damage(&g, 3), 1);
    assert!(ev.iter().any(|e| matches!(e, Event::AttackRolled { notes, .. } if notes.iter().any(|n| n.contains("cover")))));
}

/// "Resolving attacks follows the same basic process for both Close Assault and Ranged
/// Shooting", and its [2] holds "Cover – If the target has any sort of cover, then re-roll any
/// failed Defense results": a model assaulted in the woods re-rolls failed Defense.
#[test]
fn cover_rerolls_failed_defense_in_close_assault_too() {
    let woods = "Piece(shape: Box, at: (30.0, 10.0), size: (4.0, 4.0, 0.05), tags: [Cover, Rough], label: \"woods\")";
    let mut g = game_on(
        level_with(&[woods]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Melee, &["Kämpfer", "Kämpfer"]),
    );
    start(
        &mut g,
        &[
            (1, 30.0, 7.2),
            (2, 10.0, 4.0),
            (3, 30.0, 9.0),
            (4, 40.0, 30.0),
        ],
    );
    to_actions(&mut g);
    // Blade 2 Attacks (4+): 2 hits; Defense 2 (4+): 1 and 2 fail, re-rolled for cover: 5 and 1.
    g.dice.force(&[4, 5, 1, 2, 5, 1]);
    let ev = attack(&mut g, 1, "Combat Blade", 3);
    let d = defense_dice(&ev);
    assert_eq!((d[0].1[0].first, d[0].1[0].reroll), (1, Some(5)));
    assert_eq!((d[0].1[1].first, d[0].1[1].reroll), (2, Some(1)));
    assert_eq!(damage(&g, 3), 1);
    assert!(ev.iter().any(|e| matches!(e, Event::AttackRolled { notes, .. } if notes.iter().any(|n| n.contains("woods")))));
    assert_eq!(g.dice.clear_queued(), 0);
}

/// "Line of Sight is required for one model to shoot at another model"; "Sensor Lock – exists if
/// any part of the target model is within Sensor range of the shooting model, and is treated as
/// Partial Line of Sight."
/// A Kämpfer (1) and an Ocelot (2) 14" from a Panther (3), with a bulkhead between: beyond the
/// Kämpfer's 12" Sensors, within the Ocelot's 18".
fn behind_bulkhead() -> KogGame {
    let wall = "Piece(shape: Wall, at: (30.0, 13.0), size: (6.0, 0.5, 4.0), tags: [BlocksSight, Cover], label: \"bulkhead\")";
    let mut g = game_on(
        level_with(&[wall]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Kämpfer", "Ocelot"]),
        singles("German", BattleSize::Melee, &["Panther", "Panther"]),
    );
    start(
        &mut g,
        &[
            (1, 29.0, 1.5),
            (2, 31.5, 1.5),
            (3, 31.0, 16.5),
            (4, 40.0, 30.0),
        ],
    );
    g
}

#[test]
fn no_sight_no_shot_unless_sensor_lock() {
    let mut g = behind_bulkhead();
    to_actions(&mut g);
    let e = refused(&mut g, attack_cmd(1, "Autocannon", 3));
    assert!(e.contains("cannot see") && e.contains("Sensors"), "{e}");
    g.dice.force(&[5, 5, 1, 1, 6, 2]);
    let ev = attack(&mut g, 2, "Rocket Pod", 3);
    assert_eq!(hits(&ev), vec![2]);
    let d = defense_dice(&ev);
    assert_eq!(
        d[0].1[0].reroll,
        Some(6),
        "Sensor Lock counts as cover: failures re-rolled"
    );
}

/// "Blast – On a successful hit, any models partly or wholly within half the blast diameter
/// also suffer 1 hit, whether friendly or enemy." Rocket Pods are twice per game.
#[test]
fn blast_hits_every_model_under_the_template_and_pods_fire_twice() {
    let mut g = kampfer_v_panther();
    put(&mut g, 4, 31.9, 10.0); // 1.9" centre to centre: under a 3" blast centred on #3
    g.dice.force(&[4, 2, 6, 6, 1, 1]);
    let ev = attack(&mut g, 1, "Rocket Pod", 3);
    assert_eq!(hits(&ev), vec![1]);
    let d = defense_dice(&ev);
    assert_eq!(
        d.len(),
        2,
        "the target and the model under the blast defend"
    );
    assert_eq!(d[1].0, id(4));
    assert_eq!(damage(&g, 4), 1, "the blast hit was not saved");
    assert!(ev.iter().any(|e| matches!(e, Event::WeaponUsed { .. })));
    g.dice.force(&[1, 1]);
    attack(&mut g, 2, "Rocket Pod", 3);
    // A new turn for side 1 (round 2 is side 2's first turn, then side 1's).
    for _ in 0..3 {
        ok(&mut g, Command::EndTurn);
    }
    to_actions(&mut g);
    g.dice.force(&[1, 1]);
    attack(&mut g, 1, "Rocket Pod", 3);
    // Round 3: side 1 wins the dice-off and goes first; its pod is spent.
    ok(&mut g, Command::EndTurn);
    g.dice.force(&[6, 1]);
    ok(&mut g, Command::RollOff);
    ok(&mut g, Command::ChooseFirst { side: 1 });
    to_actions(&mut g);
    let e = refused(&mut g, attack_cmd(1, "Rocket Pod", 3));
    assert!(e.contains("twice"), "{e}");
    ok(&mut g, attack_cmd(1, "Autocannon", 3));
}

/// "Indirect – Indirect fire does not require direct Line of Sight of the firing model, only that
/// the target model be at least 12" away from the firing model; however, target models count as
/// having Cover." A 6 is no critical ("If a direct fire die result is a 6").
#[test]
fn indirect_fire_needs_twelve_inches_and_gives_cover() {
    let wall = "Piece(shape: Wall, at: (20.0, 20.0), size: (12.0, 0.5, 5.0), tags: [BlocksSight], label: \"bulkhead\")";
    let mut g = game_on(
        level_with(&[wall]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Tiger"]),
        singles("German", BattleSize::Melee, &["Kämpfer", "Kämpfer"]),
    );
    start(&mut g, &[(1, 20.0, 5.0), (2, 20.0, 30.0), (3, 26.0, 12.0)]);
    to_actions(&mut g);
    let e = refused(&mut g, attack_cmd(1, "Guided Mortar", 3));
    assert!(
        e.contains("Indirect fire needs the target") && e.contains("at least 12"),
        "{e}"
    );
    let e = refused(&mut g, attack_cmd(1, "Autocannon", 2));
    assert!(e.contains("cannot see"), "{e}");
    g.dice.force(&[6, 6, 1, 5, 2]);
    let ev = attack(&mut g, 1, "Guided Mortar", 2);
    assert_eq!(hits(&ev), vec![2], "two 6s are two hits, not four");
    let d = defense_dice(&ev);
    assert_eq!(
        d[0].1[0].reroll,
        Some(2),
        "the target counts as having Cover"
    );
}

/// "Piercing – Any successful hits are Critical Hits." "Precise – The target re-rolls
/// successful Defense results." "Heavy Armor – Concentrated Attacks have no effect on Tanks."
#[test]
fn piercing_precise_and_heavy_armor() {
    let size = BattleSize::Apocalyptic(150);
    let f1 = force(
        "German",
        size,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("L", UnitKind::Individual, &["Leopard 3A1"]),
        ],
    );
    let f2 = force(
        "Russian",
        size,
        &[
            ("T", UnitKind::Tactical, &["F2-21"; 3]),
            ("Tank", UnitKind::Individual, &["T-17 Tank"]),
        ],
    );
    let mut g = new_game(Scenario::Standard, f1, f2);
    let far = [
        (1, 40.0, 5.0),
        (2, 43.0, 5.0),
        (3, 46.0, 5.0),
        (5, 40.0, 30.0),
        (6, 43.0, 30.0),
        (7, 46.0, 30.0),
    ];
    let mut at = far.to_vec();
    at.extend([(4, 10.0, 5.0), (8, 10.0, 30.0)]);
    start(&mut g, &at);
    to_actions(&mut g);
    // Heavy Cannon 2 Shots (2+) piercing: 2 and 3 both succeed, 2 hits each: 4 hits. The T-17
    // defends 3 dice (3+): 5 and 6 succeed and are re-rolled (Precise) to 1 and 4; 2 fails.
    g.dice.force(&[2, 3, 5, 6, 2, 1, 4]);
    let ev = attack(&mut g, 4, "Heavy Cannon", 8);
    assert_eq!(hits(&ev), vec![4]);
    let d = defense_dice(&ev);
    assert_eq!(d[0].2, 1);
    assert_eq!(cond(&g, 8), Condition::Destroyed);

    // A second attack on a tank this turn: Heavy Armor, no Concentrated Attack.
    let f1 = force(
        "German",
        size,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("K", UnitKind::Individual, &["Kämpfer"]),
        ],
    );
    let f2 = force(
        "Russian",
        size,
        &[
            ("T", UnitKind::Tactical, &["F2-21"; 3]),
            ("Tank", UnitKind::Individual, &["T-17 Tank"]),
        ],
    );
    let mut g = new_game(Scenario::Standard, f1, f2);
    start(
        &mut g,
        &[
            (1, 10.0, 5.0),
            (2, 14.0, 5.0),
            (3, 18.0, 5.0),
            (4, 40.0, 5.0),
            (5, 40.0, 30.0),
            (6, 43.0, 30.0),
            (7, 46.0, 30.0),
            (8, 15.0, 20.0),
        ],
    );
    to_actions(&mut g);
    g.dice.force(&[1, 1]);
    attack(&mut g, 1, "Autocannon", 8);
    g.dice.force(&[4, 1, 4, 4, 1]);
    let ev = attack(&mut g, 2, "Autocannon", 8);
    let d = defense_dice(&ev);
    assert!(
        d[0].1.iter().all(|x| x.reroll.is_none()),
        "no re-roll for the tank"
    );
    assert!(ev.iter().any(|e| matches!(e, Event::AttackRolled { notes, .. } if notes.iter().any(|n| n.contains("Heavy Armor")))));
}

/// "Friendly Fire – when firing ranged weapons at an enemy model within 1" of any friendly
/// models, any shot results of a 1 hit a friendly model instead."
#[test]
fn friendly_fire_on_ones() {
    let mut g = kampfer_v_panther();
    put(&mut g, 2, 30.0, 11.5); // a Kämpfer 0.5" from the Panther
    g.dice.force(&[1, 4, 1, 1, 5, 5]);
    let ev = attack(&mut g, 1, "Autocannon", 3);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Note(n) if n.contains("Friendly Fire")))
    );
    let d = defense_dice(&ev);
    assert_eq!(
        d.last().unwrap().0,
        id(2),
        "the friendly Kämpfer defends the stray shot"
    );
    assert_eq!(damage(&g, 2), 0);
    assert_eq!(damage(&g, 3), 1);
}

/// "Forward Observer – A Recon model may provide Line of Sight, Partial Line of Sight or Sensor
/// Lock for another friendly model firing Indirect."
#[test]
fn forward_observer_lifts_indirect_cover_when_it_sees_the_target_clearly() {
    let wall = "Piece(shape: Wall, at: (20.0, 20.0), size: (12.0, 0.5, 5.0), tags: [BlocksSight], label: \"bulkhead\")";
    let mut g = game_on(
        level_with(&[wall]),
        Scenario::Standard,
        singles("German", BattleSize::Melee, &["Tiger", "Ocelot"]),
        singles("German", BattleSize::Melee, &["Kämpfer"]),
    );
    start(&mut g, &[(1, 20.0, 5.0), (2, 36.0, 30.0), (3, 20.0, 30.0)]);
    to_actions(&mut g);
    let e = refused(
        &mut g,
        Command::ForwardObserver {
            model: id(1),
            target: id(3),
        },
    );
    assert!(e.contains("Recon"), "{e}");
    ok(
        &mut g,
        Command::ForwardObserver {
            model: id(2),
            target: id(3),
        },
    );
    g.dice.force(&[5, 1, 1, 2]);
    let ev = attack(&mut g, 1, "Guided Mortar", 3);
    let d = defense_dice(&ev);
    assert!(
        d[0].1.iter().all(|x| x.reroll.is_none()),
        "no cover: failures stand: {ev:#?}"
    );
    assert_eq!(damage(&g, 3), 1);
}

/// "A Recon model may provide Line of Sight, Partial Line of Sight or Sensor Lock for another
/// friendly model firing Indirect": Ocelot #2 spots the Kämpfer over a low wall (Partial Line of
/// Sight, cover), then the German Infantry #3 (Recon) spots it in the open. The best observation counts: the Guided
/// Mortar's target has no cover.
#[test]
fn the_best_forward_observation_counts() {
    use wartable::rules::kog::state::SightKind;
    let wall = "Piece(shape: Wall, at: (20.0, 20.0), size: (12.0, 0.5, 5.0), tags: [BlocksSight], label: \"bulkhead\")";
    let low = "Piece(shape: Wall, at: (18.5, 30.0), size: (0.4, 4.0, 0.8), tags: [BlocksSight, Cover], label: \"low wall\")";
    let mut g = game_on(
        level_with(&[wall, low]),
        Scenario::Standard,
        singles(
            "German",
            BattleSize::Melee,
            &["Tiger", "Ocelot", "German Infantry"],
        ),
        singles("German", BattleSize::Melee, &["Kämpfer"]),
    );
    start(
        &mut g,
        &[
            (1, 20.0, 5.0),
            (2, 8.0, 30.0),
            (3, 30.0, 30.0),
            (4, 20.0, 30.0),
        ],
    );
    to_actions(&mut g);
    for o in [2, 3] {
        ok(
            &mut g,
            Command::ForwardObserver {
                model: id(o),
                target: id(4),
            },
        );
    }
    let seen: Vec<_> = g
        .state
        .turn
        .observed
        .iter()
        .map(|o| (o.observer, o.sight, o.cover))
        .collect();
    assert_eq!(
        seen,
        vec![
            (id(2), SightKind::Partial, true),
            (id(3), SightKind::Full, false)
        ]
    );
    g.dice.force(&[5, 1, 1, 2]);
    let ev = attack(&mut g, 1, "Guided Mortar", 4);
    let d = defense_dice(&ev);
    assert!(
        d[0].1.iter().all(|x| x.reroll.is_none()),
        "no cover: failures stand: {ev:#?}"
    );
    assert_eq!(damage(&g, 4), 1);
}

/// "No model may take more than one action per player turn, and no unit may be selected more
/// than once"; Destroyed models "may not move or act".
#[test]
fn one_action_per_model_and_the_dead_do_not_act() {
    let mut g = kampfer_v_panther();
    g.dice.force(&[1, 1]);
    attack(&mut g, 1, "Autocannon", 3);
    let e = refused(&mut g, attack_cmd(1, "Autocannon", 4));
    assert!(e.contains("more than one action"), "{e}");
    hurt(&mut g, 2, 2);
    let e = refused(&mut g, attack_cmd(2, "Autocannon", 4));
    assert!(e.contains("may not move or act"), "{e}");
    // The enemy's models are not the active player's to command.
    let e = refused(&mut g, attack_cmd(3, "Autocannon", 1));
    assert!(e.contains("not yours"), "{e}");
    assert_eq!(g.state.phase, Phase::Turn);
}

/// "The Destroyed model or Wreck may provide Cover as usual."
#[test]
fn a_wreck_in_front_gives_cover() {
    let mut g = kampfer_v_panther();
    // Kämpfer #2 lies wrecked just in front of the Panther #3, hiding its lower part.
    put(&mut g, 2, 28.4, 10.0);
    hurt(&mut g, 2, 2);
    g.dice.force(&[4, 1, 1, 1, 5, 5]);
    let ev = attack(&mut g, 1, "Autocannon", 3);
    let d = defense_dice(&ev);
    assert_eq!(
        d[0].1[0].reroll,
        Some(5),
        "failed Defense re-rolled for cover"
    );
    assert!(ev.iter().any(|e| matches!(e, Event::AttackRolled { notes, .. } if notes.iter().any(|n| n.starts_with("cover:")))));
}

/// Option "Long range: up to double range" (the text sets no maximum).
#[test]
fn the_long_range_option_caps_shots_at_double_range() {
    // As written, no maximum: shots about 29", 43" and 56" away (the last beyond twice the 24"
    // range) are all made.
    for (from, to) in [
        ((10.0, 10.0), (10.0, 41.0)),
        ((10.0, 10.0), (47.0, 35.0)),
        ((1.0, 1.0), (47.0, 35.0)),
    ] {
        let mut g = kampfer_v_panther();
        put(&mut g, 4, to.0, to.1);
        put(&mut g, 1, from.0, from.1);
        let d = g.state.table.distance(id(1), id(4)).unwrap();
        assert!(d > 28.0, "{d}");
        let ev = attack(&mut g, 1, "Autocannon", 4);
        assert!(
            ev.iter()
                .any(|e| matches!(e, Event::AttackRolled { attacker, .. } if *attacker == id(1))),
            "the shot at {d:.1}\" is made"
        );
    }
    let mut g = kampfer_v_panther();
    g.state.options_mut().long_range = wartable::rules::kog::options::LongRange::UpToDouble;
    put(&mut g, 3, 10.0, 35.5); // 24.5" from #1 edge to edge: long range, allowed
    ok(&mut g, attack_cmd(1, "Autocannon", 3));
    let mut g = kampfer_v_panther();
    g.state.options_mut().long_range = wartable::rules::kog::options::LongRange::UpToDouble;
    put(&mut g, 4, 47.0, 35.0);
    put(&mut g, 1, 1.0, 1.0); // about 56" away: beyond twice 24"
    let e = refused(&mut g, attack_cmd(1, "Autocannon", 4));
    assert!(e.contains("twice"), "{e}");
}

/// Sightings are kept per scene, shooter, target and Sensors: after the target steps out from
/// behind the bulkhead (a new scene) and after the shooter's Sensors change (the same scene),
/// the answer is the one a thread that remembers nothing gives.
#[test]
fn kept_sightings_follow_the_table_and_the_sensors() {
    use wartable::rules::kog::state::{KogState, SightKind};
    use wartable::rules::kog::targeting::sighting;
    use wartable::table::Scene;
    let mut g = behind_bulkhead();
    let seen = |s: &KogState| {
        let scene = Scene::shared(&s.table, s.options().sight());
        sighting(s, &scene, id(1), id(3)).unwrap()
    };
    let fresh = |s: &KogState| {
        let s = s.clone();
        std::thread::spawn(move || seen(&s)).join().unwrap()
    };
    let hidden = seen(&g.state);
    assert_eq!(
        hidden.kind, None,
        "behind the bulkhead, beyond 12\" Sensors"
    );
    assert_eq!(hidden, fresh(&g.state));
    // The Kämpfer's Sensors reach 20": Sensor Lock, on the same scene.
    std::sync::Arc::make_mut(&mut g.state.models.get_mut(&id(1)).unwrap().loadout).sensors = 20.0;
    let locked = seen(&g.state);
    assert_eq!(locked.kind, Some(SightKind::SensorLock));
    assert_eq!(locked, fresh(&g.state));
    // The target steps out from behind the bulkhead.
    put(&mut g, 3, 38.0, 16.5);
    let open = seen(&g.state);
    assert_eq!(open.kind, Some(SightKind::Full));
    assert_eq!(open, fresh(&g.state));
}
