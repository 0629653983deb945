//! KtOG (`shared/rules/ktog.txt`), rule by rule with forced dice.

use wartable::dice::Dice;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::core::{RuleError, Waiting};
use wartable::rules::ktog::odds::{Strike, strike};
use wartable::rules::ktog::state::{Phase, Spells};
use wartable::rules::ktog::{Command, Event, KtogGame, KtogSetup, Persona, Spell};

/// `n` players of 20 hit points in a set order (no initiative dice between rounds).
fn game(n: usize) -> KtogGame {
    let mut s = KtogSetup::plain(1, n, 20);
    s.level = None;
    s.options.initiative = wartable::rules::ktog::InitiativeRule::SetOrder;
    KtogGame::new(s).unwrap()
}

/// Initiative with seat 1 first (a 6 against lower rolls), order 1, 2, 3...
fn started(n: usize) -> KtogGame {
    let mut g = game(n);
    let mut dice = vec![6];
    dice.extend(std::iter::repeat_n(1, n - 1));
    exec(&mut g, 1, Command::RollInitiative, &dice);
    g
}

/// `seat` may not give `cmd`, for a reason that contains `why`.
fn refused(g: &mut KtogGame, seat: u8, cmd: Command, why: &str) {
    let e = refuse(g, seat, cmd).to_string();
    assert!(e.contains(why), "refused for '{e}', not '{why}'");
}

fn hp(g: &KtogGame, seat: u8) -> i32 {
    g.state.player(seat).hp
}

fn turn_of(g: &KtogGame) -> u8 {
    match g.state.phase {
        Phase::Turn { seat, .. } => seat,
        ref p => panic!("not a turn: {p:?}"),
    }
}

/// "highest number going first and then around to the left of the winner. Ties are re-rolled."
#[test]
fn initiative_ties_roll_again_and_the_order_goes_around_to_the_left() {
    let mut g = game(4);
    // 5, 5, 2, 1: seats 1 and 2 tie; they roll again: 3 against 6.
    exec(&mut g, 3, Command::RollInitiative, &[5, 5, 2, 1, 3, 6]);
    assert_eq!(g.state.order.as_slice(), [2, 3, 4, 1]);
    assert_eq!(turn_of(&g), 2);
    // Any player may roll it, but only once.
    refused(
        &mut g,
        2,
        Command::RollInitiative,
        "initiative is rolled already",
    );
}

/// "A 14 or higher is necessary to hit. ... If a hit is scored, roll d6 for damage."
#[test]
fn a_14_hits_for_a_d6_and_a_13_misses() {
    let mut g = started(3);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[13]);
    assert_eq!(hp(&g, 2), 20);
    assert_eq!(turn_of(&g), 2);
    exec(&mut g, 2, Command::Attack { target: 3 }, &[14]);
    // The victim may Dodge first, then the attacker may announce a Mighty Blow.
    assert_eq!(g.waiting(), Waiting::One(3));
    exec(&mut g, 3, Command::Dodge { dodge: false }, &[]);
    assert_eq!(g.waiting(), Waiting::One(2));
    exec(&mut g, 2, Command::Mighty { mighty: false }, &[4]);
    assert_eq!(hp(&g, 3), 16);
    assert_eq!(turn_of(&g), 3);
}

/// "You must announce who you are going to attempt to strike before rolling the die": the
/// target is in the command; oneself and the unconscious are not targets.
#[test]
fn targets_are_announced_and_must_be_standing_others() {
    let mut g = started(3);
    refused(
        &mut g,
        1,
        Command::Attack { target: 1 },
        "strike another player",
    );
    refused(
        &mut g,
        1,
        Command::Attack { target: 9 },
        "there is no player 9",
    );
    assert!(matches!(
        refuse(&mut g, 2, Command::Attack { target: 1 }),
        RuleError::NotYourTurn(2, _)
    ));
    g.state.players[2].down = true;
    refused(&mut g, 1, Command::Attack { target: 3 }, "is unconscious");
}

/// "Bless ... reducing the number required to hit by 2 ... reduces the number required to
/// disarm by 1"; "Only one spell can be cast in a round".
#[test]
fn bless_lowers_the_numbers_and_one_spell_a_round() {
    let mut g = started(2);
    exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
    refused(
        &mut g,
        1,
        Command::Cast(Spell::Haste),
        "only one spell can be cast in a round",
    );
    // 12 hits with Bless.
    exec(&mut g, 1, Command::Attack { target: 2 }, &[12]);
    exec(&mut g, 2, Command::Dodge { dodge: false }, &[1]);
    // Player 1 cast Bless this round: no Mighty Blow window, the damage is rolled at once.
    assert_eq!(turn_of(&g), 2);
    assert_eq!(hp(&g, 2), 20 - 1);
    // A Bless'd disarm needs 16.
    let mut g = started(2);
    exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[16]);
    assert_eq!(g.state.player(2).disarmed.map(|d| d.turns), Some(2));
    // With Bless, an 11 misses and a 15 does not disarm.
    let mut g = started(2);
    exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[11]);
    assert_eq!(turn_of(&g), 2, "a miss: no Dodge window");
    assert_eq!(hp(&g, 2), 20);
    let mut g = started(2);
    exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[15]);
    assert!(g.state.player(2).disarmed.is_none());
}

#[test]
fn a_disarm_needs_17_without_bless() {
    let mut g = started(2);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[16]);
    assert!(g.state.player(2).disarmed.is_none());
    exec(&mut g, 2, Command::Disarm { target: 1 }, &[17]);
    assert!(g.state.player(1).disarmed.is_some());
}

/// "a 20 ... does 2d6 of damage ... used in conjunction with a 'Mighty Blow', 2d6 dice are
/// rolled for damage and the result is multiplied by two!"; at 0 the player is unconscious and
/// the last player standing wins.
#[test]
fn a_natural_20_with_a_mighty_blow_does_2d6_times_2_and_the_last_standing_wins() {
    let mut g = started(2);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[20]);
    exec(&mut g, 2, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 1, Command::Mighty { mighty: true }, &[6, 5]);
    assert_eq!(hp(&g, 2), 0);
    assert!(g.state.player(2).down);
    match g.waiting() {
        Waiting::Over(end) => assert_eq!(end.winners, vec![1]),
        w => panic!("{w:?}"),
    }
    assert_eq!(
        refuse(&mut g, 2, Command::Attack { target: 1 }),
        RuleError::GameOver
    );
}

/// "Any damage that would have been incurred is nullified by the use of the 'Dodge'"; it is
/// asked before the Mighty Blow, and is spent.
#[test]
fn a_dodge_nullifies_the_hit_and_is_spent() {
    let mut g = started(2);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[20]);
    exec(&mut g, 2, Command::Dodge { dodge: true }, &[]);
    assert_eq!(hp(&g, 2), 20);
    assert_eq!(g.state.player(2).spells.dodge, 0);
    assert_eq!(turn_of(&g), 2);
    // Player 2 cast this round: no spell in its own turn.
    refused(
        &mut g,
        2,
        Command::Cast(Spell::Haste),
        "only one spell can be cast in a round",
    );
}

/// A critical miss: "a 17 or higher indicates you did [hit yourself] ... roll d6"; otherwise "a
/// 17 or higher indicates you do [lose your weapon]"; the Q&A: a 1 on that roll loses it for
/// three turns (an option); "a 1 doesn't do it" on the roll to hit oneself.
#[test]
fn critical_misses_hit_yourself_or_drop_the_weapon() {
    let mut g = started(2);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[1, 17, 3]);
    assert_eq!(hp(&g, 1), 17);
    let mut g = started(2);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[1, 16, 17]);
    assert_eq!(g.state.player(1).disarmed.map(|d| d.turns), Some(2));
    let mut g = started(2);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[1, 1, 1]);
    assert!(
        g.state.player(1).disarmed.is_none(),
        "the plain rules: a 1 keeps it"
    );
    assert_eq!(hp(&g, 1), 20, "a 1 on the roll to hit oneself does not");
    let mut s = KtogSetup::plain(1, 2, 20);
    s.level = None;
    s.options.lost_weapon = true;
    let mut g = KtogGame::new(s).unwrap();
    exec(&mut g, 1, Command::RollInitiative, &[6, 1]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[1, 1, 1]);
    assert_eq!(g.state.player(1).disarmed.map(|d| d.turns), Some(3));
}

/// Disarmed: "+2 ... only need a 12 to hit the disarmed player"; bare-handed "-1 penalty 'to
/// hit' and -2 to damage"; "at least two full rounds ... before they can regain their weapon";
/// "Haste ... to pick up his weapon".
#[test]
fn disarmed_players_are_easier_to_hit_fight_bare_handed_and_scramble() {
    let mut g = started(2);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    // Bare-handed: 15 needed against an armed player.
    exec(&mut g, 2, Command::Attack { target: 1 }, &[14]);
    assert_eq!(hp(&g, 1), 20);
    // Against the disarmed player: 12.
    exec(&mut g, 1, Command::Attack { target: 2 }, &[12]);
    exec(&mut g, 2, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 1, Command::Mighty { mighty: false }, &[3]);
    assert_eq!(hp(&g, 2), 17);
    // A bare-handed hit does d6 - 2.
    exec(&mut g, 2, Command::Attack { target: 1 }, &[15]);
    exec(&mut g, 1, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 2, Command::Mighty { mighty: false }, &[5]);
    assert_eq!(hp(&g, 1), 17);
    // Two turns of scrambling.
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Scramble, &[]);
    assert_eq!(g.state.player(2).disarmed.map(|d| d.turns), Some(1));
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Scramble, &[]);
    // The attempt began with the first Scramble, after turns bare-handed ("2 full rounds ...
    // once the attempt begins"): player 1 has gone once since, and goes again at +2 first.
    assert!(g.state.player(2).disarmed.is_some());
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert!(g.state.player(2).disarmed.is_none());
    // Haste picks the weapon up and leaves one roll to hit.
    let mut g = started(2);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    exec(&mut g, 2, Command::Cast(Spell::Haste), &[]);
    assert!(g.state.player(2).disarmed.is_none());
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    assert_eq!(turn_of(&g), 1);
}

/// "Haste allows a player to roll twice 'to hit' that round (consecutively)."
#[test]
fn haste_gives_two_rolls_to_hit() {
    let mut g = started(3);
    exec(&mut g, 1, Command::Cast(Spell::Haste), &[]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[3]);
    assert_eq!(turn_of(&g), 1);
    // The second roll may go for another player.
    exec(&mut g, 1, Command::Attack { target: 3 }, &[3]);
    assert_eq!(turn_of(&g), 2);
    assert_eq!(g.state.player(1).spells.haste, 1);
}

/// "Cure Spell ... heals 2-10 points of damage ... Re-roll a 1"; "in place of an attack"; the
/// Q&A: it may heal another; it heals damage only.
#[test]
fn cure_heals_2_to_10_rolling_1s_again() {
    let mut g = started(2);
    refused(
        &mut g,
        1,
        Command::Cure { target: 1 },
        "has no damage to heal",
    );
    g.state.players[1].hp = 5;
    exec(&mut g, 1, Command::Cure { target: 2 }, &[1, 1, 7]);
    assert_eq!(hp(&g, 2), 12);
    assert_eq!(turn_of(&g), 2, "the Cure took the turn");
    // Curing oneself: at most the hit points one started with.
    exec(&mut g, 2, Command::Cure { target: 2 }, &[9]);
    assert_eq!(hp(&g, 2), 20);
}

/// "An optional rule allowed a percentile roll of 50% or under to remain standing at zero hit
/// points."
#[test]
fn the_standing_roll_keeps_a_player_up_at_0() {
    let mut s = KtogSetup::plain(1, 2, 3);
    s.level = None;
    s.options.standing_roll = true;
    s.options.initiative = wartable::rules::ktog::InitiativeRule::SetOrder;
    let mut g = KtogGame::new(s).unwrap();
    exec(&mut g, 1, Command::RollInitiative, &[6, 1]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[15]);
    exec(&mut g, 2, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 1, Command::Mighty { mighty: false }, &[5, 50]);
    assert_eq!(hp(&g, 2), 0);
    assert!(!g.state.player(2).down);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[15]);
    exec(&mut g, 2, Command::Dodge { dodge: false }, &[]);
    exec(&mut g, 1, Command::Mighty { mighty: false }, &[1, 51]);
    assert!(g.state.player(2).down);
}

/// The persona variant: "A fighter then would have a better 'to hit' roll and higher 'hit
/// points' ... but would not be able to cast spells."
#[test]
fn a_fighter_hits_on_12_has_more_hit_points_and_no_spells() {
    let mut s = KtogSetup::plain(1, 2, 20);
    s.level = None;
    s.players[0].persona = Persona::Fighter;
    let mut g = KtogGame::new(s).unwrap();
    assert_eq!(hp(&g, 1), 25);
    assert_eq!(g.state.player(1).spells, Spells::default());
    exec(&mut g, 1, Command::RollInitiative, &[6, 1]);
    refused(
        &mut g,
        1,
        Command::Cast(Spell::Haste),
        "a Fighter casts no spells",
    );
    exec(&mut g, 1, Command::Attack { target: 2 }, &[12]);
    assert_eq!(g.waiting(), Waiting::One(2), "a hit: player 2 may dodge");
    // An 11 misses the Fighter's 12.
    let mut s = KtogSetup::plain(1, 2, 20);
    s.level = None;
    s.players[0].persona = Persona::Fighter;
    let mut g = KtogGame::new(s).unwrap();
    exec(&mut g, 1, Command::RollInitiative, &[6, 1]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[11]);
    assert_eq!(turn_of(&g), 2, "a miss: no Dodge window");
    assert_eq!(hp(&g, 2), 20);
}

/// Initiative "rolled every time or a set order": with a set order no dice are rolled at the
/// round's end.
#[test]
fn a_set_order_is_kept_and_every_round_rolls_again() {
    let mut s = KtogSetup::plain(1, 2, 20);
    s.level = None;
    s.options.initiative = wartable::rules::ktog::InitiativeRule::SetOrder;
    let mut g = KtogGame::new(s).unwrap();
    exec(&mut g, 1, Command::RollInitiative, &[2, 6]);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert_eq!((g.state.round, turn_of(&g)), (2, 2));
    // Every round: the last turn's command rolls the next round's initiative (1 against 6).
    let mut s = KtogSetup::plain(1, 2, 20);
    s.level = None;
    let mut g = KtogGame::new(s).unwrap();
    exec(&mut g, 1, Command::RollInitiative, &[6, 1]);
    exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    exec(&mut g, 2, Command::Attack { target: 1 }, &[2, 1, 6]);
    assert_eq!((g.state.round, turn_of(&g)), (2, 2));
}

/// Random commands by random seats: each is refused with nothing changed or played; hit points
/// never pass the start, spells never go below 0, and the log replays to the same state.
#[test]
fn random_command_streams_keep_the_game_sound_and_replay() {
    for seed in 1..=40u64 {
        let mut s = KtogSetup::plain(seed, 2 + (seed % 5) as usize, 15 + (seed % 11) as i32);
        s.level = None;
        s.options.standing_roll = seed % 2 == 0;
        s.options.lost_weapon = seed % 3 == 0;
        let mut g = KtogGame::new(s.clone()).unwrap();
        let mut pick = Dice::new(seed * 7919);
        let n = s.players.len() as u32;
        for _ in 0..400 {
            let r = |d: &mut Dice, k: u32| {
                d.roll_expr(&wartable::dice::DiceExpr::new(1, k), "pick")
                    .unwrap()
                    .total as u32
            };
            let seat = r(&mut pick, n) as u8;
            let t = r(&mut pick, n + 1) as u8;
            let c = match r(&mut pick, 11) {
                1 => Command::RollInitiative,
                2 => Command::Cast(Spell::Haste),
                3 => Command::Cast(Spell::Bless),
                4 => Command::Cure { target: t },
                5 => Command::Disarm { target: t },
                6 => Command::Scramble,
                7 => Command::Dodge {
                    dodge: r(&mut pick, 2) == 1,
                },
                8 => Command::Mighty {
                    mighty: r(&mut pick, 2) == 1,
                },
                9 => Command::HasteBareHanded,
                _ => Command::Attack { target: t },
            };
            let before = g.hash();
            let round = g.state.round;
            let sheet: Vec<(u8, u32)> = g
                .state
                .players
                .iter()
                .map(|p| (p.spells.total(), p.spell_round))
                .collect();
            let checked = g.check(seat, &c);
            match g.play(seat, c.clone()) {
                Ok(_) => assert!(checked.is_ok(), "{c:?} played though check refused it"),
                Err(e) => {
                    assert_eq!(checked, Err(e));
                    assert_eq!(g.hash(), before);
                }
            }
            for (p, (spells, spell_round)) in g.state.players.iter().zip(&sheet) {
                assert!(p.hp <= p.max_hp && p.spells.total() <= 6);
                // "Only one spell can be cast in a round": at most one spent per command, and
                // none by a player who had cast in this round already.
                if p.spells.total() < *spells {
                    assert_eq!(p.spells.total() + 1, *spells, "{c:?}");
                    assert_ne!(
                        *spell_round, round,
                        "{c:?}: a second spell in round {round}"
                    );
                }
                // At 0 hit points a player is unconscious, unless the percentile roll kept them
                // standing at exactly 0.
                assert!(p.hp >= 0, "{c:?}");
                assert!(!p.down || p.hp == 0, "{c:?}");
                if p.hp == 0 && !s.options.standing_roll {
                    assert!(p.down, "{c:?}: at 0 hit points and not down");
                }
            }
            if g.is_over() {
                break;
            }
        }
        let again = KtogGame::replay(s, &g.log).unwrap();
        assert_eq!(again.hash(), g.hash());
    }
}

/// The odds of one strike (or attempt to disarm) against playing every die through the rules:
/// the chances to hit, to hit critically, to fumble and to drop the weapon that the overlay
/// prints, and the damage dealt and suffered.
#[test]
fn strike_odds_match_every_die_played_through_the_rules() {
    #[derive(Clone, Copy, Default)]
    struct Case {
        bless: bool,
        mighty: bool,
        disarmed_target: bool,
        bare: bool,
        lost_weapon: bool,
        disarm: bool,
    }
    let plain = Case::default();
    for c in [
        plain,
        Case {
            bless: true,
            ..plain
        },
        Case {
            mighty: true,
            disarmed_target: true,
            ..plain
        },
        Case {
            bare: true,
            mighty: true,
            ..plain
        },
        Case {
            lost_weapon: true,
            ..plain
        },
        Case {
            disarm: true,
            ..plain
        },
        Case {
            disarm: true,
            bless: true,
            ..plain
        },
    ] {
        let need = if c.disarm {
            if c.bless { 16 } else { 17 }
        } else {
            14 - if c.bless { 2 } else { 0 } - if c.disarmed_target { 2 } else { 0 }
                + if c.bare { 1 } else { 0 }
        };
        let o = strike(&Strike {
            need,
            disarm: c.disarm,
            mighty: c.mighty,
            bare: c.bare,
            lost_weapon: c.lost_weapon,
        });
        let mut dealt = vec![0.0f64; 30];
        let mut to_self = vec![0.0f64; 30];
        let (mut hit, mut critical, mut fumble, mut drops) = (0.0, 0.0, 0.0, 0.0);
        let mut play = |dice: &[u32], p: f64| {
            let mut g = started(2);
            g.state.options.lost_weapon = c.lost_weapon;
            g.state.players[1].spells.dodge = 0;
            // Enough hit points that no blow knocks the target out.
            g.state.players[1].hp = 40;
            g.state.players[1].max_hp = 40;
            if !c.mighty {
                g.state.players[0].spells.mighty = 0;
            }
            if c.disarmed_target {
                g.state.players[1].disarmed = Some(wartable::rules::ktog::state::Disarm::new(2));
            }
            if c.bare {
                g.state.players[0].disarmed = Some(wartable::rules::ktog::state::Disarm::new(2));
            }
            if c.bless {
                exec(&mut g, 1, Command::Cast(Spell::Bless), &[]);
            }
            g.dice.force(dice);
            let cmd = if c.disarm {
                Command::Disarm { target: 2 }
            } else {
                Command::Attack { target: 2 }
            };
            let mut events = g.play(1, cmd).unwrap();
            if matches!(g.state.phase, Phase::Mighty(_)) {
                events.extend(g.play(1, Command::Mighty { mighty: true }).unwrap());
            }
            assert_eq!(g.dice.clear_queued(), 0, "{dice:?}");
            let blow = events.iter().find_map(|e| match e {
                Event::Damage { to: 2, dice, .. } => Some(dice.len()),
                _ => None,
            });
            if blow.is_some() || (c.disarm && g.state.player(2).disarmed.is_some()) {
                hit += p;
            }
            if blow == Some(2) {
                critical += p;
            }
            if events.iter().any(|e| matches!(e, Event::HitSelf { .. })) {
                fumble += p;
            }
            if !c.bare && g.state.player(1).disarmed.is_some() {
                drops += p;
            }
            dealt[(40 - g.state.player(2).hp) as usize] += p;
            to_self[(20 - g.state.player(1).hp) as usize] += p;
        };
        // Every path: the d20, then a fumble's d20s (no roll to drop a weapon not in hand) or
        // the damage dice.
        for r in 1..=20u32 {
            let p = 1.0 / 20.0;
            if r == 1 {
                for s in 1..=20u32 {
                    if s >= 17 {
                        for d in 1..=6 {
                            play(&[1, s, d], p / 120.0);
                        }
                    } else if c.bare {
                        play(&[1, s], p / 20.0);
                    } else {
                        for k in 1..=20 {
                            play(&[1, s, k], p / 400.0);
                        }
                    }
                }
            } else if r == 20 && !c.disarm {
                for a in 1..=6 {
                    for b in 1..=6 {
                        play(&[20, a, b], p / 36.0);
                    }
                }
            } else if r as i32 >= need && !c.disarm {
                for d in 1..=6 {
                    play(&[r, d], p / 6.0);
                }
            } else {
                play(&[r], p);
            }
        }
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(hit, o.hit), "hit: {hit} vs {}", o.hit);
        assert!(
            close(critical, o.critical),
            "critical: {critical} vs {}",
            o.critical
        );
        assert!(close(fumble, o.fumble), "fumble: {fumble} vs {}", o.fumble);
        assert!(
            close(drops, o.drops_weapon),
            "drops: {drops} vs {}",
            o.drops_weapon
        );
        for k in 0..30 {
            let want = o.damage.get(k).copied().unwrap_or(0.0);
            assert!(close(dealt[k], want), "damage {k}: {} vs {want}", dealt[k]);
            let want = o.self_damage.get(k).copied().unwrap_or(0.0);
            assert!(
                close(to_self[k], want),
                "self {k}: {} vs {want}",
                to_self[k]
            );
        }
    }
}

/// The need of the last roll to hit in `ev`.
fn need_of(ev: &[Event]) -> i32 {
    ev.iter()
        .rev()
        .find_map(|e| match e {
            Event::ToHit { need, .. } => Some(*need),
            _ => None,
        })
        .expect("a roll to hit")
}

/// "Players are always disarmed for at least two full rounds (everyone goes twice) before they
/// can regain their weapon. During this time, all players who choose to attack the disarmed
/// player do so at a +2." In a set order, player 1 disarms player 2 in round 1; player 2's
/// second Scramble (round 2) comes when player 1 has had one turn since: still disarmed, and
/// player 1's round-3 strike needs 12. Player 2 starts round 3 with the weapon back.
#[test]
fn everyone_goes_twice_against_a_disarmed_player_in_a_set_order() {
    let mut g = started(2);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    exec(&mut g, 2, Command::Scramble, &[]);
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert_eq!(need_of(&ev), 12);
    exec(&mut g, 2, Command::Scramble, &[]);
    assert!(
        g.state.player(2).disarmed.is_some(),
        "player 1 has gone once since the disarm"
    );
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert_eq!(
        need_of(&ev),
        12,
        "player 1's second turn against the disarmed player"
    );
    assert_eq!((g.state.round, turn_of(&g)), (3, 2));
    assert!(g.state.player(2).disarmed.is_none(), "the weapon is back");
    assert!(ev.contains(&Event::Regained { seat: 2 }));
}

/// The same with initiative rolled every round: player 2 scrambles at the end of round 1 and
/// first in round 2. Player 1 still gets two strikes at +2 (rounds 2 and 3) before player 2 has
/// the weapon back.
#[test]
fn everyone_goes_twice_against_a_disarmed_player_with_initiative_every_round() {
    let mut s = KtogSetup::plain(1, 2, 20);
    s.level = None;
    let mut g = KtogGame::new(s).unwrap();
    exec(&mut g, 1, Command::RollInitiative, &[6, 1]);
    exec(&mut g, 1, Command::Disarm { target: 2 }, &[18]);
    // Player 2's Scramble ends round 1; round 2's initiative puts player 2 first.
    exec(&mut g, 2, Command::Scramble, &[1, 6]);
    assert_eq!((g.state.round, turn_of(&g)), (2, 2));
    exec(&mut g, 2, Command::Scramble, &[]);
    assert!(
        g.state.player(2).disarmed.is_some(),
        "player 1 has not gone since the disarm"
    );
    // Player 1's strike ends round 2; round 3's initiative puts player 1 first.
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2, 6, 1]);
    assert_eq!(need_of(&ev), 12);
    assert_eq!((g.state.round, turn_of(&g)), (3, 1));
    let ev = exec(&mut g, 1, Command::Attack { target: 2 }, &[2]);
    assert_eq!(
        need_of(&ev),
        12,
        "player 1's second turn against the disarmed player"
    );
    assert!(g.state.player(2).disarmed.is_none(), "the weapon is back");
    assert_eq!(turn_of(&g), 2);
}

/// "Each player starts with a set number of 'Hit Points' (this is variable from game to game,
/// usually 15 to 25)": the number is agreed, the usual range is no limit: 1 to 99 in the New game
/// window as in a setup or a save, where any other number is refused at its line.
#[test]
fn starting_hit_points_are_agreed_from_1_to_99_and_checked_at_their_line() {
    let mut s = KtogSetup::plain(1, 2, 40);
    s.level = None;
    let g = KtogGame::new(s.clone()).expect("40 hit points: usually 15 to 25, not always");
    assert_eq!(hp(&g, 1), 40);
    let mut over = s.clone();
    over.players[1].hp = 100;
    let e = match KtogGame::new(over) {
        Ok(_) => panic!("100 hit points were accepted"),
        Err(e) => e.join("\n"),
    };
    assert!(e.contains("players[1].hp: 100 hit points (1 to 99"), "{e}");
    let dir = crate::common::temp_dir("ktog-hit-points");
    let path = dir.join("game.ron");
    g.save(&path).expect("saves");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains("hp: 40"))
        .expect("a line with the first player's hit points");
    let bad = text.replacen("hp: 40", "hp: 0", 1);
    let errs = wartable::rules::headless::check_save_text("bad.ron", &bad).unwrap_err();
    assert_eq!(errs[0].field, "setup.players[0].hp", "{}", errs[0]);
    assert_eq!(errs[0].line, line + 1, "{}", errs[0]);
    assert!(errs[0].message.contains("1 to 99"), "{}", errs[0]);
}

/// The odds against numbers worked out by hand from the text, not from the program's own odds
/// code: "a 14 or higher" (7 in 20), "d6 for damage", a natural 20's "2d6 of damage", a Mighty
/// Blow "multiplies the damage rolled (on d6) by 2", bare-handed "-1 penalty 'to hit' and -2 to
/// damage" (the doubling first: ktog.md), a Fighter's 2 better.
#[test]
fn strike_odds_meet_numbers_worked_by_hand() {
    use wartable::rules::ktog::state::strike_need;
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    let plain = Strike {
        need: 14,
        ..Strike::default()
    };
    let o = strike(&plain);
    assert!(close(o.hit, 0.35) && close(o.critical, 0.05) && close(o.fumble, 0.05));
    // 6/20 of a d6 (3.5) and 1/20 of 2d6 (7).
    assert!(close(o.mean_damage(), 1.4), "{}", o.mean_damage());
    let o = strike(&Strike {
        mighty: true,
        ..plain
    });
    assert!(close(o.mean_damage(), 2.8), "{}", o.mean_damage());
    // 12 damage: a 6 doubled (6/20 x 1/6), or a natural 20 with 2d6 = 6 (1/20 x 5/36).
    assert!(close(o.damage[12], 0.05 + 0.05 * 5.0 / 36.0));
    assert!(
        o.damage.iter().skip(1).step_by(2).all(|p| *p == 0.0),
        "doubled: even"
    );
    // Bare-handed Mighty Blow, 15 to hit: (d6 x 2) - 2 on 15-19, (2d6 x 2) - 2 on a 20.
    let bare = Strike {
        need: strike_need(None, false, false, true),
        bare: true,
        ..Strike::default()
    };
    assert_eq!(bare.need, 15);
    let o = strike(&Strike {
        mighty: true,
        ..bare
    });
    assert!(
        close(o.mean_damage(), 0.25 * 5.0 + 0.05 * 12.0),
        "{}",
        o.mean_damage()
    );
    // Bare-handed without it: max(d6 - 2, 0) on 15-19 (10/6 on average), 2d6 - 2 on a 20 (5).
    let o = strike(&bare);
    assert!(
        close(o.mean_damage(), 0.25 * 10.0 / 6.0 + 0.05 * 5.0),
        "{}",
        o.mean_damage()
    );
    // A Fighter 2 better (the option's default) needs 12: 9 in 20.
    let fighter = strike_need(Some(2), false, false, false);
    assert_eq!(fighter, 12);
    let o = strike(&Strike {
        need: fighter,
        ..Strike::default()
    });
    assert!(close(o.hit, 0.45));
}
