//! Powers and answers on the stack with forced dice: Heavy Hitter's fatigue for a cancelled
//! attack, a bow's Trip into a melee, Block against an attack merged into a move, Powerful's
//! stone (chosen, paying a merge, paying Draw), and Exert by a character nothing targets.

use super::*;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::dndalike::answers::responses;
use wartable::rules::dndalike::spells::shipped_grimoire;
use wartable::rules::dndalike::{DieKind, Event, Phase};

fn spend(g: &mut DndGame, who: usize, kind: DieKind) {
    let d = g.state.chars[who]
        .dice
        .iter_mut()
        .find(|d| d.kind == kind && !d.spent)
        .expect("a free die to spend");
    d.spent = true;
}

/// "Heavy Hitter - Each attack (successful or not) forces the target to gain a fatigue.": Grukk
/// jabs Georgia, she blocks it; the attack never resolves, and she still gains the fatigue.
#[test]
fn heavy_hitters_blocked_attack_still_tires_its_target() {
    let mut g = fight(
        vec![plain("Georgia", Armour::Heavy, Pack::Shield, 2, 10.0, 10.0)],
        vec![member(
            sheet(
                "Grukk",
                &[Power::HeavyHitter],
                Armour::Light,
                Pack::FreeHand,
            ),
            1,
            11.0,
            10.0,
        )],
        Party::Monsters,
    );
    assert_eq!(
        g.state.chars[0].fatigue, 1,
        "heavy armour's permanent fatigue"
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[2]);
    let jab = g.state.stack[0].id;
    // S 5 against A 2: blocked (Georgia may still dodge the jab: she passes).
    exec(&mut g, 2, act(0, Ability::Block { entry: jab }), &[5]);
    let events = settle(&mut g, 2, Command::Pass, &[]);
    assert!(g.state.stack.is_empty(), "{events:?}");
    assert_eq!(g.state.chars[0].wounds, 0);
    assert_eq!(
        g.state.chars[0].fatigue, 2,
        "the blocked attack is an attack, not successful: a fatigue ({events:?})"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Tired { who: 0, why } if why == "Heavy Hitter"))
    );
}

/// A riposted Heavy Hitter's jab tires its target too (cancelled by Riposte, not resolved).
#[test]
fn heavy_hitters_riposted_attack_still_tires_its_target() {
    let mut g = fight(
        vec![member(
            sheet("Georgia", &[Power::Riposte], Armour::None, Pack::FreeHand),
            2,
            10.0,
            10.0,
        )],
        vec![member(
            sheet("Grukk", &[Power::HeavyHitter], Armour::None, Pack::FreeHand),
            1,
            11.0,
            10.0,
        )],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[2]);
    let jab = g.state.stack[0].id;
    // Riposte A 4 (Grukk may answer it: he passes), then it resolves: a hit on AC 1, A 2 <= 4.
    exec(&mut g, 2, act(0, Ability::Riposte { entry: jab }), &[4]);
    pass_all(&mut g, &[]);
    assert!(g.state.stack.is_empty(), "{:?}", g.journal);
    assert_eq!(g.state.chars[0].wounds, 0);
    assert_eq!(
        g.state.chars[0].fatigue, 1,
        "Grukk's cancelled jab tires Georgia"
    );
}

/// "Characters making a ranged attack against a character with one or more characters in melee
/// range must gain a fatigue and then make a saving throw": a bow's Trip is a ranged attack on
/// the mover, here in melee with Georgia.
#[test]
fn a_bows_trip_into_a_melee_costs_a_fatigue_and_a_save_and_may_go_astray() {
    let setup = || {
        let mut g = fight(
            vec![
                member(
                    sheet("Hale", &[Power::Trip], Armour::Light, Pack::Bow),
                    2,
                    10.0,
                    10.0,
                ),
                plain("Georgia", Armour::Heavy, Pack::FreeHand, 2, 21.0, 10.0),
            ],
            vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
            Party::Monsters,
        );
        exec(
            &mut g,
            1,
            act(
                2,
                Ability::Move {
                    to: Pt::new(20.0, 15.0),
                },
            ),
            &[3],
        );
        let mv = g.state.stack[0].id;
        (g, mv)
    };
    // The Trip's A 5, then the fatigue and the save (4 against fatigue 1: it holds).
    let (mut g, mv) = setup();
    let events = exec(&mut g, 2, act(0, Ability::Trip { entry: mv }), &[5, 4]);
    assert_eq!(g.state.chars[0].fatigue, 1, "{events:?}");
    assert!(events.iter().any(
        |e| matches!(e, Event::Saved { who: 0, ok: true, why, .. } if why == "shooting into melee")
    ));
    assert_eq!(g.state.stack[1].ability, Ability::Trip { entry: mv });
    // A natural 1: the DM's choice among the others in the orc's melee range (Georgia, a d1):
    // the Trip is made against her, and she has no movement ability to cancel.
    let (mut g, mv) = setup();
    let events = exec(&mut g, 2, act(0, Ability::Trip { entry: mv }), &[5, 1, 1]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Retargeted { target: 1, .. }))
    );
    assert_eq!(g.state.stack[1].ability, Ability::Trip { entry: u32::MAX });
    // Forgoing the fatigue and the save: the DM's choice among the orc and Georgia.
    let (mut g, mv) = setup();
    exec(
        &mut g,
        2,
        Command::DmChooses {
            who: 0,
            ability: Ability::Trip { entry: mv },
        },
        &[5, 1],
    );
    assert_eq!(g.state.chars[0].fatigue, 0);
    assert_eq!(
        g.state.stack[1].ability,
        Ability::Trip { entry: mv },
        "the DM kept the orc"
    );
}

/// "BLOCK ... Cancel a melee attack with a target within melee range and an A of S or less":
/// an attack merged into Georgia's move is a melee attack on her, and she may block it.
#[test]
fn block_cancels_an_attack_merged_into_a_move() {
    let setup = || {
        let mut g = fight(
            vec![
                plain("Georgia", Armour::Heavy, Pack::Shield, 2, 10.0, 20.0),
                plain("Wren", Armour::Light, Pack::Shield, 3, 20.0, 10.0),
            ],
            vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.05, 17.0)],
            Party::Heroes,
        );
        exec(
            &mut g,
            2,
            act(
                0,
                Ability::Move {
                    to: Pt::new(10.0, 14.0),
                },
            ),
            &[1],
        );
        let onto = g.state.stack[0].id;
        exec(
            &mut g,
            1,
            Command::Merge {
                who: 2,
                onto,
                finish: false,
            },
            &[3],
        );
        (g, onto)
    };
    let (mut g, onto) = setup();
    let block = act(0, Ability::BlockMerged { onto, attacker: 2 });
    // Offered in the prompt's answers, and only Georgia's seat is asked (Wren is far away).
    assert!(responses(&g.state, 0).contains(&block));
    assert_eq!(g.waiting().seats(), vec![2]);
    let far = act(1, Ability::BlockMerged { onto, attacker: 2 });
    assert!(!responses(&g.state, 1).contains(&far));
    // S 4 against A 3: the merged attack is cancelled, and the move completes untouched.
    let events = exec(&mut g, 2, block, &[4]);
    assert!(g.state.stack.is_empty(), "{events:?}");
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Unmerged { by: 2, .. }))
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Judged { .. })));
    assert_eq!(g.state.chars[0].pos, Pt::new(10.0, 14.0));
    assert_eq!(g.state.chars[0].wounds, 0);
    // S 2 against A 3: the Block fails and the attack takes over (a hit on AC 3, damage 5).
    let (mut g, onto) = setup();
    let events = exec(
        &mut g,
        2,
        act(0, Ability::BlockMerged { onto, attacker: 2 }),
        &[2, 5],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Failed { who: 0, .. }))
    );
    assert_eq!(g.state.chars[0].wounds, 1, "{events:?}");
}

/// A Block against a merged attack needs the mover within the blocker's melee range.
#[test]
fn block_against_a_merged_attack_out_of_melee_range_is_refused() {
    let mut g = fight(
        vec![
            plain("Georgia", Armour::Heavy, Pack::FreeHand, 2, 10.0, 20.0),
            plain("Wren", Armour::Light, Pack::Shield, 2, 20.0, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.05, 17.0)],
        Party::Heroes,
    );
    exec(
        &mut g,
        2,
        act(
            0,
            Ability::Move {
                to: Pt::new(10.0, 14.0),
            },
        ),
        &[1],
    );
    let onto = g.state.stack[0].id;
    exec(
        &mut g,
        1,
        Command::Merge {
            who: 2,
            onto,
            finish: false,
        },
        &[3],
    );
    let e = refuse(
        &mut g,
        2,
        act(1, Ability::BlockMerged { onto, attacker: 2 }),
    );
    assert!(e.to_string().contains("not within melee range"), "{e}");
    let e = refuse(
        &mut g,
        2,
        act(0, Ability::BlockMerged { onto, attacker: 2 }),
    );
    assert!(e.to_string().contains("no S die"), "{e}");
}

/// A Powerful sorcerer (hero 0, seat 2) with `stones` in the active pool (in that order) and
/// knowing Firebolt, beside the path of an orc's move (monster 1); the orc's Move is stacked.
fn powerful_beside_a_move(stones: &[&str]) -> (DndGame, u32) {
    let grimoire = shipped_grimoire().unwrap();
    let osric = Sheet {
        spells: vec!["Firebolt".into()],
        stones: stones.iter().map(|s| s.to_string()).collect(),
        ..sheet(
            "Osric",
            &[Power::Spell, Power::Powerful],
            Armour::None,
            Pack::FreeHand,
        )
    };
    let mut g = fight_in(
        vec![member(osric, 2, 11.05, 17.0)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 10.0, 20.0)],
        Party::Monsters,
        grimoire,
    );
    let st = &mut g.state.chars[0].stones;
    while !st.bag.is_empty() {
        let k = st.bag.remove(0);
        st.pool.push(k);
    }
    exec(
        &mut g,
        1,
        act(
            1,
            Ability::Move {
                to: Pt::new(10.0, 14.0),
            },
        ),
        &[1],
    );
    let onto = g.state.stack[0].id;
    (g, onto)
}

/// "Powerful - you may spend spell stones as if they were action dice of any type": a stone
/// pays a merged attack's A die (a natural 6) when the A die is spent.
#[test]
fn powerful_pays_a_stone_for_a_merged_attack() {
    let (mut g, onto) = powerful_beside_a_move(&["Fire"]);
    spend(&mut g, 0, DieKind::Attack);
    let plain_merge = Command::Merge {
        who: 0,
        onto,
        finish: false,
    };
    let e = refuse(&mut g, 2, plain_merge);
    assert!(e.to_string().contains("no Attack die"), "{e}");
    // The casting save (4 against fatigue 0 with the level-1 penalty: it holds).
    let events = exec(
        &mut g,
        2,
        Command::EmpoweredMerge {
            who: 0,
            onto,
            finish: false,
            stone: None,
        },
        &[4],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Saved { who: 0, why, .. } if why == "casting"))
    );
    let c = &g.state.chars[0];
    assert!(c.stones.pool.is_empty());
    assert_eq!(c.stones.discard.len(), 1);
    assert_eq!(
        g.state.stack[0].merged[0].roll, 6,
        "the stone counts as a natural 6"
    );
    // The orc may answer (a Dodge); it passes, the move resolves: the merged 6 hits (damage 2).
    pass_all(&mut g, &[2]);
    assert_eq!(g.state.chars[1].wounds, 1, "{:?}", g.journal);
}

/// The player picks the stone Powerful pays; unpicked, the program pays the one least needed
/// (a school none of its spells is of), not merely the last drawn.
#[test]
fn powerful_pays_the_stone_chosen_or_the_one_least_needed() {
    let grimoire = shipped_grimoire().unwrap();
    let (fire, frost) = (
        grimoire.school("Fire").unwrap() as u8,
        grimoire.school("Frost").unwrap() as u8,
    );
    // Pool [Frost, Fire], Fire the last drawn; Osric knows Firebolt (Fire).
    let (mut g, onto) = powerful_beside_a_move(&["Frost", "Fire"]);
    assert_eq!(g.state.chars[0].stones.pool.as_slice(), &[frost, fire]);
    spend(&mut g, 0, DieKind::Attack);
    exec(
        &mut g,
        2,
        Command::EmpoweredMerge {
            who: 0,
            onto,
            finish: false,
            stone: None,
        },
        &[4],
    );
    let c = &g.state.chars[0];
    assert_eq!(
        c.stones.discard.as_slice(),
        &[frost],
        "Frost paid: Fire kept for Firebolt"
    );
    assert_eq!(c.stones.pool.as_slice(), &[fire]);
    // The player's pick: the Fire stone (place 1).
    let (mut g, onto) = powerful_beside_a_move(&["Frost", "Fire"]);
    spend(&mut g, 0, DieKind::Attack);
    let bad = Command::EmpoweredMerge {
        who: 0,
        onto,
        finish: false,
        stone: Some(2),
    };
    let e = refuse(&mut g, 2, bad);
    assert!(e.to_string().contains("no stone 2"), "{e}");
    exec(
        &mut g,
        2,
        Command::EmpoweredMerge {
            who: 0,
            onto,
            finish: false,
            stone: Some(1),
        },
        &[4],
    );
    assert_eq!(g.state.chars[0].stones.discard.as_slice(), &[fire]);
}

/// "as if they were action dice of any type": a stone pays one of Draw's two M dice.
#[test]
fn powerful_pays_a_stone_for_one_of_draws_movement_dice() {
    let grimoire = shipped_grimoire().unwrap();
    let (fire, frost) = (
        grimoire.school("Fire").unwrap() as u8,
        grimoire.school("Frost").unwrap() as u8,
    );
    let osric = Sheet {
        spells: vec!["Firebolt".into()],
        stones: vec!["Fire".into(), "Frost".into()],
        ..sheet(
            "Osric",
            &[Power::Spell, Power::Powerful],
            Armour::None,
            Pack::FreeHand,
        )
    };
    let mut g = fight_in(
        vec![member(osric, 2, 10.0, 10.0)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
        grimoire,
    );
    let st = &mut g.state.chars[0].stones;
    let k = st.bag.remove(0);
    st.pool.push(k);
    spend(&mut g, 0, DieKind::Movement);
    let e = refuse(&mut g, 2, act(0, Ability::Draw));
    assert!(e.to_string().contains("not 2 M dice"), "{e}");
    // The M die 3, the stone's casting save 4; the draw (a d1 on a bag of one).
    let events = exec(
        &mut g,
        2,
        Command::Empowered {
            who: 0,
            ability: Ability::Draw,
            stone: None,
        },
        &[3, 4, 1],
    );
    let c = &g.state.chars[0];
    assert_eq!(c.stones.discard.as_slice(), &[fire], "{events:?}");
    assert_eq!(c.stones.pool.as_slice(), &[frost]);
    assert!(c.stones.bag.is_empty());
    assert_eq!(c.free(DieKind::Movement), 0);
}

/// "Once it is on the stack all players have the option to activate any quick abilities in
/// response": Georgia, her S die spent, is asked when the orc jabs Osric beside her, Exerts
/// for the S die, and then blocks the jab.
#[test]
fn a_bystander_may_exert_to_block_an_attack_on_a_friend() {
    let mut g = fight(
        vec![
            member(
                sheet("Georgia", &[Power::Exert], Armour::None, Pack::Shield),
                2,
                10.0,
                10.0,
            ),
            plain("Osric", Armour::None, Pack::FreeHand, 3, 11.0, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 12.0, 10.0)],
        Party::Monsters,
    );
    spend(&mut g, 0, DieKind::Shield);
    exec(&mut g, 1, act(2, Ability::Jab { target: 1 }), &[2]);
    let jab = g.state.stack[0].id;
    assert!(
        g.waiting().allows(2),
        "Georgia's seat is asked: {:?}",
        g.waiting()
    );
    assert!(g.waiting().allows(3), "Osric's seat is asked");
    exec(
        &mut g,
        2,
        act(
            0,
            Ability::Exert {
                die: DieKind::Shield,
            },
        ),
        &[],
    );
    // Osric passes; the Exert resolves; both are asked again with the jab waiting.
    assert!(!g.waiting().allows(2), "one Exert is enough for one die");
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[0].free(DieKind::Shield), 1);
    assert!(g.waiting().allows(2));
    exec(&mut g, 2, act(0, Ability::Block { entry: jab }), &[5]);
    pass_all(&mut g, &[]);
    assert!(g.state.stack.is_empty(), "{:?}", g.journal);
    assert!(matches!(g.state.phase, Phase::Act));
    assert_eq!(g.state.chars[1].wounds, 0, "blocked");
    assert_eq!(g.state.chars[0].fatigue, 1, "Exert's F");
}
