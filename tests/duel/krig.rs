//! Krig (`shared/rules/krig.txt`), rule by rule with forced dice.

use wartable::dice::Dice;
use wartable::rules::core::Waiting;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::krig::odds::{Attack, attack};
use wartable::rules::krig::{Command, Event, KrigGame, KrigSetup, Phase};

fn game() -> KrigGame {
    let mut s = KrigSetup::new(1);
    s.level = None;
    KrigGame::new(s).unwrap()
}

/// Player 1 first.
fn started() -> KrigGame {
    let mut g = game();
    exec(&mut g, 2, Command::RollInitiative, &[7, 3]);
    g
}

fn health(g: &KrigGame, seat: u8) -> i32 {
    g.state.mat(seat).health
}

/// "Each player should roll their D10 Agility die. The player with the highest roll gets to go
/// first"; a tie is rolled again.
#[test]
fn initiative_on_the_d10_ties_roll_again() {
    let mut g = game();
    exec(&mut g, 1, Command::RollInitiative, &[4, 4, 2, 9]);
    assert_eq!(g.state.phase, Phase::Turn(2));
    assert_eq!(health(&g, 1), 20, "the d20 starts on 20");
}

/// "If the result of the D10 Agility roll is a 1, the attack missed."
#[test]
fn a_1_on_the_d10_misses() {
    let mut g = started();
    exec(&mut g, 1, Command::Attack, &[6, 1]);
    assert_eq!((health(&g, 2), g.state.phase.clone()), (20, Phase::Turn(2)));
}

/// The attacked may parry: "If their roll is equal to or more than the attacker's D6 roll, the
/// parry is successful. The attack fails, and the defending player gets to take their turn. If
/// the parry fails, the attack hits and the defending player loses their turn. The attacker gets
/// to go again."
#[test]
fn a_parry_fails_the_attack_or_lets_the_attacker_go_again() {
    let mut g = started();
    exec(&mut g, 1, Command::Attack, &[3, 5]);
    assert_eq!(g.waiting(), Waiting::One(2));
    exec(&mut g, 2, Command::Parry { parry: true }, &[3]);
    assert_eq!((health(&g, 2), g.state.phase.clone()), (20, Phase::Turn(2)));
    exec(&mut g, 2, Command::Attack, &[4, 5]);
    exec(&mut g, 1, Command::Parry { parry: true }, &[3]);
    assert_eq!((health(&g, 1), g.state.phase.clone()), (16, Phase::Turn(2)));
    // Taking the blow: the damage lands, and the turn passes as usual.
    exec(&mut g, 2, Command::Attack, &[2, 5]);
    exec(&mut g, 1, Command::Parry { parry: false }, &[]);
    assert_eq!((health(&g, 1), g.state.phase.clone()), (14, Phase::Turn(1)));
}

/// "When they are attacked, the damage will first be subtracted from their defense die ... The
/// D8 remains in the defense position until it reaches zero"; a critical "cannot be absorbed by
/// the D8" nor parried.
#[test]
fn the_defence_die_absorbs_until_0_and_a_critical_goes_straight_to_health() {
    let mut g = started();
    exec(&mut g, 1, Command::Defend, &[5]);
    assert_eq!(g.state.mat(1).defence, Some(5));
    exec(&mut g, 2, Command::Attack, &[3, 4]);
    exec(&mut g, 1, Command::Parry { parry: false }, &[]);
    assert_eq!((g.state.mat(1).defence, health(&g, 1)), (Some(2), 20));
    exec(&mut g, 1, Command::Defend, &[1]);
    // 6 against a defence of 1: it absorbs 1 and goes back; the rest reaches the health.
    exec(&mut g, 2, Command::Attack, &[6, 5]);
    exec(&mut g, 1, Command::Parry { parry: false }, &[]);
    assert_eq!((g.state.mat(1).defence, health(&g, 1)), (None, 15));
    exec(&mut g, 1, Command::Defend, &[8]);
    exec(&mut g, 2, Command::Attack, &[4, 10]);
    assert_eq!((g.state.mat(1).defence, health(&g, 1)), (Some(8), 11));
    assert_eq!(g.state.phase, Phase::Turn(1), "a critical is not parried");
}

/// Charge: "This ends their turn. On their next turn, they will be able to attack with both their
/// D6 Attack and D8 Defense ... they must attack on their next turn ... any defense points they
/// had are lost. A player cannot parry while charging"; "A charge attack ... cannot be parried."
#[test]
fn a_charge_attacks_with_d6_and_d8_next_turn() {
    let mut g = started();
    exec(&mut g, 1, Command::Defend, &[6]);
    exec(&mut g, 2, Command::Defend, &[2]);
    exec(&mut g, 1, Command::Charge, &[]);
    assert_eq!(g.state.mat(1).defence, None);
    assert!(g.state.mat(1).charging);
    // Player 1 cannot parry while charging: the blow lands at once.
    exec(&mut g, 2, Command::Attack, &[2, 5]);
    assert_eq!((health(&g, 1), g.state.phase.clone()), (18, Phase::Turn(1)));
    refuse(&mut g, 1, Command::Defend);
    refuse(&mut g, 1, Command::Charge);
    // d6 4 + d8 7 = 11 against a defence of 2: 9 to the health, no parry asked.
    exec(&mut g, 1, Command::Attack, &[4, 7, 6]);
    assert_eq!((g.state.mat(2).defence, health(&g, 2)), (None, 11));
    assert!(!g.state.mat(1).charging);
    assert_eq!(g.state.phase, Phase::Turn(2));
}

/// "The last player remaining with hit points is the winner."
#[test]
fn the_last_with_hit_points_wins() {
    let mut g = started();
    g.state.mats[1].health = 3;
    exec(&mut g, 1, Command::Attack, &[5, 10]);
    match g.waiting() {
        Waiting::Over(end) => assert_eq!(end.winners, vec![1]),
        w => panic!("{w:?}"),
    }
    refuse(&mut g, 2, Command::Attack);
}

/// "The last player remaining with hit points is the winner", through an ordinary hit: one whose
/// parry fails (a d4 of 2 against a d6 of 5), and one taken without a parry.
#[test]
fn an_ordinary_hit_wins_after_a_failed_parry_or_none() {
    for parry in [Some(2), None] {
        let mut g = started();
        g.state.mats[1].health = 3;
        exec(&mut g, 1, Command::Attack, &[5, 5]);
        assert_eq!(
            g.waiting(),
            Waiting::One(2),
            "an ordinary hit may be parried"
        );
        match parry {
            Some(d4) => exec(&mut g, 2, Command::Parry { parry: true }, &[d4]),
            None => exec(&mut g, 2, Command::Parry { parry: false }, &[]),
        };
        assert!(health(&g, 2) <= 0, "{parry:?}");
        match g.waiting() {
            Waiting::Over(end) => assert_eq!(end.winners, vec![1], "{parry:?}"),
            w => panic!("{parry:?}: {w:?}"),
        }
    }
}

#[test]
fn random_command_streams_keep_the_game_sound_and_replay() {
    for seed in 1..=60u64 {
        let mut s = KrigSetup::new(seed);
        s.level = None;
        let mut g = KrigGame::new(s.clone()).unwrap();
        let mut pick = Dice::new(seed * 31);
        for _ in 0..300 {
            let mut r = |k: u32| {
                pick.roll_expr(&wartable::dice::DiceExpr::new(1, k), "pick")
                    .unwrap()
                    .total
            };
            let seat = r(2) as u8;
            let c = match r(5) {
                1 => Command::RollInitiative,
                2 => Command::Defend,
                3 => Command::Charge,
                4 => Command::Parry { parry: seat == 1 },
                _ => Command::Attack,
            };
            let before = g.hash();
            let checked = g.check(seat, &c);
            match g.play(seat, c) {
                Ok(_) => assert!(checked.is_ok()),
                Err(e) => {
                    assert_eq!(checked, Err(e));
                    assert_eq!(g.hash(), before);
                }
            }
            for m in &g.state.mats {
                assert!(m.health <= 20 && m.defence.is_none_or(|d| (1..=8).contains(&d)));
            }
            if g.is_over() {
                break;
            }
        }
        assert_eq!(KrigGame::replay(s, &g.log).unwrap().hash(), g.hash());
    }
}

/// The odds of an attack (or a charge) against a defence die, with and without a parry, against
/// playing every die through the rules: the chances to miss, to hit critically, to parry and to
/// fail a parry that the overlay prints, and the health lost.
#[test]
fn attack_odds_match_every_die_played_through_the_rules() {
    for (charged, defence, parry) in [(false, 0, false), (false, 3, true), (true, 5, false)] {
        let o = attack(&Attack {
            charged,
            defence,
            parry,
        });
        let mut lost = [0.0f64; 21];
        let (mut miss, mut critical, mut parried, mut parry_failed) = (0.0, 0.0, 0.0, 0.0);
        let d8s: Vec<u32> = if charged { (1..=8).collect() } else { vec![0] };
        for d6 in 1..=6u32 {
            for &d8 in &d8s {
                for d10 in 1..=10u32 {
                    let p = 1.0 / 60.0 / d8s.len() as f64;
                    let parries: Vec<u32> = if parry && !charged && d10 != 1 && d10 != 10 {
                        (1..=4).collect()
                    } else {
                        vec![0]
                    };
                    for &d4 in &parries {
                        let q = p / parries.len() as f64;
                        let mut g = started();
                        if defence > 0 {
                            g.state.mats[1].defence = Some(defence);
                        }
                        if charged {
                            g.state.mats[0].charging = true;
                        }
                        let mut dice = vec![d6];
                        if charged {
                            dice.push(d8);
                        }
                        dice.push(d10);
                        let mut events = exec(&mut g, 1, Command::Attack, &dice);
                        if let Phase::Parry(_) = g.state.phase {
                            let forced: &[u32] = if d4 > 0 { &[d4] } else { &[] };
                            events.extend(exec(
                                &mut g,
                                2,
                                Command::Parry { parry: d4 > 0 },
                                forced,
                            ));
                            if d4 > 0 {
                                // A parry that holds gives the defender the turn; one that fails
                                // lets the attacker go again.
                                match g.state.phase {
                                    Phase::Turn(2) => parried += q,
                                    Phase::Turn(1) => parry_failed += q,
                                    ref p => panic!("{p:?}"),
                                }
                            }
                        }
                        if events.iter().any(|e| matches!(e, Event::Missed { .. })) {
                            miss += q;
                        }
                        if events
                            .iter()
                            .any(|e| matches!(e, Event::Hurt { critical: true, .. }))
                        {
                            critical += q;
                        }
                        lost[(20 - health(&g, 2)) as usize] += q;
                    }
                }
            }
        }
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(miss, o.miss), "miss: {miss} vs {}", o.miss);
        assert!(
            close(critical, o.critical),
            "critical: {critical} vs {}",
            o.critical
        );
        assert!(
            close(parried, o.parried),
            "parried: {parried} vs {}",
            o.parried
        );
        assert!(
            close(parry_failed, o.parry_failed),
            "parry failed: {parry_failed} vs {}",
            o.parry_failed
        );
        for (k, got) in lost.iter().enumerate() {
            let want = o.health.get(k).copied().unwrap_or(0.0);
            assert!(close(*got, want), "{k}: {got} vs {want}");
        }
    }
}

/// "They will need their own D20, D10, D6, D8, and D4": each roll uses its own die (a d4 parry
/// or a d6 attack die of another size is noticed), and a result the die cannot show is refused.
#[test]
fn every_roll_uses_the_die_the_text_names() {
    let sides = |g: &KrigGame, from: usize| -> Vec<u32> {
        g.dice.log()[from..].iter().map(|r| r.expr.sides).collect()
    };
    let mut g = game();
    exec(&mut g, 1, Command::RollInitiative, &[10, 9]);
    assert_eq!(sides(&g, 0), [10, 10], "initiative: the d10 Agility");
    let n = g.dice.log().len();
    exec(&mut g, 1, Command::Defend, &[8]);
    assert_eq!(sides(&g, n), [8], "Defend: the d8");
    let n = g.dice.log().len();
    exec(&mut g, 2, Command::Attack, &[6, 5]);
    assert_eq!(sides(&g, n), [6, 10], "Attack: the d6 and the d10");
    let n = g.dice.log().len();
    exec(&mut g, 1, Command::Parry { parry: true }, &[4]);
    assert_eq!(sides(&g, n), [4], "Parry: the d4");
    // The parry failed: player 2 goes again, and charges.
    exec(&mut g, 2, Command::Charge, &[]);
    let n = g.dice.log().len();
    exec(&mut g, 1, Command::Attack, &[2, 2]);
    exec(&mut g, 2, Command::Attack, &[6, 8, 10]);
    assert_eq!(
        sides(&g, n + 2),
        [6, 8, 10],
        "a charged attack: the d6, d8 and d10"
    );
    // A result one above each die's faces is refused, nothing rolled.
    let mut g = started();
    for (cmd, dice) in [(Command::Attack, [7, 5]), (Command::Attack, [6, 11])] {
        g.dice.force(&dice);
        assert!(g.play(1, cmd).is_err(), "{dice:?}");
        g.dice.clear_queued();
    }
    g.dice.force(&[9]);
    assert!(g.play(1, Command::Defend).is_err(), "a 9 on the d8");
    g.dice.clear_queued();
    exec(&mut g, 1, Command::Attack, &[3, 5]);
    g.dice.force(&[5]);
    assert!(
        g.play(2, Command::Parry { parry: true }).is_err(),
        "a 5 on the d4"
    );
}

/// Undo at the screen takes back the program's answer together with the person's step before it
/// (alone, the program would only give it again), and never a step of the program's alone.
#[test]
fn undo_takes_back_the_programs_answer_with_the_persons_step() {
    use wartable::rules::core::Player;
    let mut g = started();
    g.set_player(2, Player::Program);
    exec(&mut g, 1, Command::Charge, &[]);
    exec(&mut g, 2, Command::Charge, &[]);
    assert_eq!(g.state.phase, Phase::Turn(1));
    assert!(g.can_undo_to_person());
    assert_eq!(g.undo_to_person(), Some(Command::Charge));
    assert_eq!(g.log.len(), 1, "both charges are taken back");
    assert_eq!(g.state.phase, Phase::Turn(1));
    // Only the program's step can be undone: nothing is.
    let mut g = started();
    g.set_player(1, Player::Program);
    exec(&mut g, 1, Command::Charge, &[]);
    assert!(g.can_undo(), "the step rolled no dice");
    assert!(!g.can_undo_to_person());
    assert_eq!(g.undo_to_person(), None);
    assert_eq!(g.log.len(), 2);
}
