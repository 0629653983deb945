//! The stat table's surviving column: STR to attack rolls, DEX to movement rolls, INT to skill
//! rolls, on the d6 the armour class is on; the odds and `wartable odds dndalike` with them.

use super::*;
use wartable::dice::Dice;
use wartable::rules::core::testing::exec;
use wartable::rules::dndalike::Phase;
use wartable::rules::dndalike::camp::{CampEvent, Task, progress};
use wartable::rules::dndalike::odds::{AttackQuery, attack};

fn with(stats: Stats, s: Sheet) -> Sheet {
    Sheet { stats, ..s }
}

/// Georgia (hero, 0, STR `str`) next to an orc (monster, 1, DEX `dex`) in `armour`; the heroes'
/// turn.
fn georgia_str(str: i32, dex: i32, armour: Armour) -> DndGame {
    fight(
        vec![member(
            with(
                Stats { str, ..stats() },
                sheet("Georgia", &[], Armour::Heavy, Pack::FreeHand),
            ),
            2,
            10.0,
            10.0,
        )],
        vec![member(
            with(
                Stats { dex, ..stats() },
                sheet("Orc", &[], armour, Pack::FreeHand),
            ),
            1,
            11.0,
            10.0,
        )],
        Party::Heroes,
    )
}

/// "attack rolls" (STR): the bonus is added to the A die; a natural 6 and a natural 1 stay
/// automatic. (Before, STR did nothing: the 2 below missed and the 5 hit.)
#[test]
fn str_is_added_to_attack_rolls() {
    // STR 14: +2. A 2 + 2 = 4 against heavy armour's AC 3: a hit.
    let mut g = georgia_str(14, 10, Armour::Heavy);
    settle(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[2, 4]);
    assert_eq!(g.state.chars[1].wounds, 1);
    assert!(
        g.journal
            .iter()
            .any(|l| l.text == "Georgia's attack on Orc: A 2 +2 STR = 4 against AC 3: a hit"),
        "{:?}",
        g.journal.iter().map(|l| &l.text).collect::<Vec<_>>()
    );
    // STR 6: -2. A 5 - 2 = 3 against full plate's AC 4: a miss.
    let mut g = georgia_str(6, 10, Armour::FullPlate);
    settle(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[5]);
    assert_eq!(g.state.chars[1].wounds, 0);
    // STR 3 (-4): a natural 6 still hits; STR 18 (+4): a natural 1 still misses.
    let mut g = georgia_str(3, 10, Armour::FullPlate);
    settle(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[6, 2]);
    assert_eq!(g.state.chars[1].wounds, 1);
    let mut g = georgia_str(18, 10, Armour::None);
    settle(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[1]);
    assert_eq!(g.state.chars[1].wounds, 0);
}

/// "movement rolls" (DEX): a Dodge or a Move raises the armour class to the M die plus the DEX
/// bonus. (Before, to the die alone: the orc's AC was 3 and the 4 hit.)
#[test]
fn dex_is_added_to_movement_rolls() {
    let mut g = georgia_str(10, 14, Armour::Light);
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[4]);
    exec(&mut g, 1, act(1, Ability::Dodge), &[3]);
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[1].ac(), 5, "M 3 + 2 (DEX 14)");
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[1].wounds, 0, "A 4 against AC 5");
    // DEX 6 (-2): a Move's M 5 raises the armour class to 3.
    let mut g = fight(
        vec![member(
            with(
                Stats { dex: 6, ..stats() },
                sheet("Wren", &[], Armour::None, Pack::FreeHand),
            ),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 20.0)],
        Party::Heroes,
    );
    settle(
        &mut g,
        2,
        act(
            0,
            Ability::Move {
                to: Pt::new(10.0, 13.0),
            },
        ),
        &[5],
    );
    assert_eq!(g.state.chars[0].ac(), 3);
}

/// "an A of S or less" and "an A equal to or less than your A": the attack's A is its die with
/// STR. (Before, the orc's bare 3 was blocked by S 4 and riposted by A 4.)
#[test]
fn block_and_riposte_weigh_the_attacks_a_with_str() {
    let orc = |x: f32| {
        member(
            with(
                Stats { str: 14, ..stats() },
                sheet("Orc", &[], Armour::Light, Pack::FreeHand),
            ),
            1,
            x,
            10.0,
        )
    };
    let mut g = fight(
        vec![plain("Georgia", Armour::Heavy, Pack::Shield, 2, 10.0, 10.0)],
        vec![orc(11.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[3]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Block { entry: jab }), &[4]);
    pass_all(&mut g, &[]);
    assert_eq!(g.state.stack.len(), 1, "A 3 + 2 = 5 is above S 4");
    assert!(
        g.journal
            .iter()
            .any(|l| l.text == "Georgia: Block fails: the attack's A 5 is above S 4")
    );
    let mut g = fight(
        vec![member(
            sheet("Georgia", &[Power::Riposte], Armour::Heavy, Pack::FreeHand),
            2,
            10.0,
            10.0,
        )],
        vec![orc(11.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[3]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Riposte { entry: jab }), &[4]);
    pass_all(&mut g, &[]);
    assert_eq!(
        g.state.stack.len(),
        1,
        "the riposte's A 4 is below the jab's 5: nothing cancelled"
    );
}

/// "all skill rolls" (INT): a progress attempt adds the INT bonus. (Before, the 3 below fell
/// short of fatigue 2 + difficulty 2.)
#[test]
fn int_is_added_to_skill_rolls() {
    let g = georgia_str(10, 10, Armour::Light);
    let mut chars = g.state.chars.clone();
    std::sync::Arc::make_mut(&mut chars[0].sheet).stats.int = 14;
    chars[0].fatigue = 2;
    let mut task = Task::new("Lockpicking", 3, 2);
    let mut dice = Dice::new(1);
    dice.force(&[3]);
    let e = progress(&mut task, &chars, 0, &mut dice).unwrap();
    assert_eq!(
        e,
        CampEvent::Progress {
            who: 0,
            roll: 3,
            need: 2,
            ok: true
        },
        "3 against fatigue 2 + difficulty 2 - INT 14's 2"
    );
    assert_eq!(task.progress, 1);
    // INT 6 (-2): a 5 falls short of 2 + 2 + 2.
    std::sync::Arc::make_mut(&mut chars[0].sheet).stats.int = 6;
    let mut task = Task::new("Lockpicking", 3, 2);
    dice.force(&[5]);
    let e = progress(&mut task, &chars, 0, &mut dice).unwrap();
    assert!(
        matches!(
            e,
            CampEvent::Progress {
                ok: false,
                need: 6,
                ..
            }
        ),
        "{e:?}"
    );
}

/// The odds with STR on the attack die and DEX on the target's Dodge, against the rules' own
/// resolution die by die.
#[test]
fn odds_with_str_and_dex_match_the_rules_dice_by_dice() {
    for (str, dex) in [(14, 12), (6, 16), (18, 3)] {
        for ac in 0..=8 {
            let (mut hit, mut dodged) = (0, 0);
            for a in 1..=6u32 {
                let mut g = georgia_str(str, dex, Armour::None);
                // CHA 3: the armour's class is 0, so that the raised one stands alone.
                std::sync::Arc::make_mut(&mut g.state.chars[1].sheet)
                    .stats
                    .cha = 3;
                g.state.chars[1].raised_ac = Some(ac);
                exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[a]);
                hit += usize::from(wounded_after(&mut g.clone()));
                for m in 1..=6u32 {
                    let mut d = g.clone();
                    exec(&mut d, 1, act(1, Ability::Dodge), &[m]);
                    dodged += usize::from(wounded_after(&mut d));
                }
            }
            let o = attack(&AttackQuery {
                ac,
                advantage: 0,
                wounds: 1,
                bonus: wartable::rules::dndalike::sheet::modifier(str),
                dodge_bonus: wartable::rules::dndalike::sheet::modifier(dex),
            });
            assert!(
                (o.hit - hit as f64 / 6.0).abs() < 1e-12,
                "STR {str} AC {ac}"
            );
            assert!(
                (o.hit_if_dodged - dodged as f64 / 36.0).abs() < 1e-12,
                "STR {str} DEX {dex} AC {ac} dodged"
            );
        }
    }
}

/// Passes until the stack is empty (each wound's d6 forced to 3); whether the orc was wounded.
fn wounded_after(g: &mut DndGame) -> bool {
    while !g.state.stack.is_empty() {
        assert!(matches!(g.state.phase, Phase::Respond { .. }));
        for s in g.waiting().seats() {
            g.dice.force(&[3]);
            g.play(s, Command::Pass).unwrap();
            g.dice.clear_queued();
        }
    }
    g.state.chars[1].wounds > 0
}

/// `wartable odds dndalike --ac N --str S` prints the odds with the STR bonus, the same as the
/// rules' odds; a score outside 3 to 18 is refused.
#[test]
fn the_odds_command_takes_str_and_dex() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args([
            "odds", "dndalike", "--ac", "4", "--str", "14", "--dex", "12", "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let o = attack(&AttackQuery {
        ac: 4,
        advantage: 0,
        wounds: 1,
        bonus: 2,
        dodge_bonus: 1,
    });
    assert_eq!(v["str_bonus"], 2);
    assert!((v["hit"].as_f64().unwrap() - o.hit).abs() < 1e-6);
    assert!(
        (v["hit"].as_f64().unwrap() - 5.0 / 6.0).abs() < 1e-6,
        "2 to 6 hit AC 4 with +2"
    );
    assert!((v["hit_if_dodged"].as_f64().unwrap() - o.hit_if_dodged).abs() < 1e-6);
    let text = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args(["odds", "dndalike", "--ac", "4", "--str", "14"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("+ 2 STR bonus against AC 4"), "{text}");
    assert!(text.contains("hit 83.3%"), "{text}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args(["odds", "dndalike", "--ac", "4", "--str", "19"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// The cards, the builder and the New game window show each bonus and what it goes to.
#[test]
fn the_sheet_line_shows_the_roll_bonuses() {
    let s = with(
        Stats {
            str: 15,
            dex: 8,
            int: 12,
            ..stats()
        },
        sheet("Georgia", &[Power::Trip], Armour::Heavy, Pack::FreeHand),
    );
    let line = wartable::app::games::dndalike::sheet_text::sheet_line(&s);
    assert!(
        line.contains("A +2 (STR) \u{b7} M -1 (DEX) \u{b7} skills +1 (INT)"),
        "{line}"
    );
}
