//! Rules at their edges with forced dice: the natural 6 of a saving throw, turns shared by a
//! party's seats, the bonus a spell's M die does not get, a finishing blow at exactly the
//! health, armour's permanent fatigue, and the refusals of Block, Trip, Riposte, Exert, merges,
//! moves and attacks.

use super::*;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::dndalike::spells::shipped_grimoire;
use wartable::rules::dndalike::state::Entry;
use wartable::rules::dndalike::{DieKind, Event, Phase};

fn sorcerer(fatigue: i32, spells: &[&str], stones: &[&str]) -> DndGame {
    let osric = Sheet {
        spells: spells.iter().map(|s| s.to_string()).collect(),
        stones: stones.iter().map(|s| s.to_string()).collect(),
        ..sheet(
            "Osric",
            &[Power::Spell, Power::Spell],
            Armour::None,
            Pack::FreeHand,
        )
    };
    let mut g = fight_in(
        vec![member(osric, 2, 10.0, 10.0)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 15.0, 10.0)],
        Party::Heroes,
        shipped_grimoire().unwrap(),
    );
    g.state.chars[0].fatigue = fatigue;
    let st = &mut g.state.chars[0].stones;
    while !st.bag.is_empty() {
        let k = st.bag.remove(0);
        st.pool.push(k);
    }
    g
}

/// "A natural 6 is always a success. A natural 1 is always a failure." A sorcerer's end-of-turn
/// save at fatigue 7 (beyond any d6) holds on a 6; at fatigue 0 it fails on a 1.
#[test]
fn a_natural_six_always_saves_and_a_natural_one_always_fails() {
    let mut g = sorcerer(7, &["Firebolt"], &["Fire"]);
    exec(&mut g, 2, Command::EndTurn, &[6]);
    assert_eq!(g.state.phase, Phase::Act, "the 6 saved: no backlash");
    assert_eq!(g.state.active, Party::Monsters);
    let mut g = sorcerer(7, &["Firebolt"], &["Fire"]);
    exec(&mut g, 2, Command::EndTurn, &[5]);
    assert!(
        matches!(g.state.phase, Phase::Backlash { .. }),
        "5 < 7 fails"
    );
    let mut g = sorcerer(0, &["Firebolt"], &["Fire"]);
    exec(&mut g, 2, Command::EndTurn, &[1]);
    assert!(
        matches!(g.state.phase, Phase::Backlash { .. }),
        "a natural 1 fails"
    );
}

/// "On a natural 6, as well as being an automatic success": Immolate (level 2) at fatigue 5 needs
/// 7 on a d6; a 6 succeeds anyway, tires, and puts a copy on the stack.
#[test]
fn casting_succeeds_on_a_natural_six_whatever_fatigue_and_level() {
    let mut g = sorcerer(5, &["Immolate"], &["Fire", "Fire"]);
    let cast = act(
        0,
        Ability::Cast {
            spell: shipped_grimoire().unwrap().spell("Immolate").unwrap() as u8,
            target: 1,
        },
    );
    // M 3, the save 6; the copy and the spell resolve: two wounds each (damage 1 each).
    let events = exec(&mut g, 2, cast, &[3, 6, 1, 1, 1, 1]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Saved {
            who: 0,
            roll: 6,
            need: 7,
            ok: true,
            ..
        }
    )));
    assert_eq!(g.state.chars[1].wounds, 4, "the spell and its copy");
    assert_eq!(
        g.state.chars[0].fatigue, 6,
        "a natural 6 when casting tires"
    );
    // A 5 at the same fatigue fails (5 - 2 < 5): still cast, a fatigue.
    let mut g = sorcerer(5, &["Immolate"], &["Fire", "Fire"]);
    let cast = act(
        0,
        Ability::Cast {
            spell: shipped_grimoire().unwrap().spell("Immolate").unwrap() as u8,
            target: 1,
        },
    );
    let events = exec(&mut g, 2, cast, &[3, 5, 1, 1]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Saved {
            who: 0,
            ok: false,
            ..
        }
    )));
    assert_eq!(g.state.chars[1].wounds, 2, "no copy");
}

/// "it is expected that those players will agree between themselves on the order in which their
/// characters will perform their actions": either seat of the party acts first, and one End turn
/// ends the party's turn.
#[test]
fn a_partys_seats_act_in_any_order_and_one_end_turn_ends_its_turn() {
    let mut g = fight(
        vec![
            plain("Georgia", Armour::Heavy, Pack::FreeHand, 2, 10.0, 10.0),
            plain("Wren", Armour::Light, Pack::FreeHand, 3, 10.0, 14.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
    );
    assert!(g.waiting().allows(2) && g.waiting().allows(3));
    assert!(!g.waiting().allows(1));
    let to = |x: f32, y: f32| Ability::Move { to: Pt::new(x, y) };
    exec(&mut g, 3, act(1, to(12.0, 14.0)), &[2]);
    exec(&mut g, 2, act(0, to(12.0, 10.0)), &[4]);
    exec(&mut g, 3, act(1, to(14.0, 14.0)), &[5]);
    assert_eq!(g.state.chars[0].free(DieKind::Movement), 1);
    exec(&mut g, 3, Command::EndTurn, &[]);
    assert_eq!(
        g.state.active,
        Party::Monsters,
        "Wren's End turn ends the heroes' turn"
    );
    assert_eq!(
        g.state.chars[0].free(DieKind::Movement),
        2,
        "the heroes' dice replenished"
    );
    assert!(!g.waiting().allows(2));
}

/// DEX goes to "movement rolls"; a spell action's M is "not a movement action": no bonus.
#[test]
fn a_casts_movement_die_gets_no_dex_bonus() {
    let mut quick = sheet("Wren", &[], Armour::None, Pack::FreeHand);
    quick.stats.dex = 18;
    let g = fight(
        vec![member(quick, 2, 10.0, 10.0)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 15.0, 10.0)],
        Party::Heroes,
    );
    let entry = |ability| Entry {
        id: 9,
        by: 0,
        ability,
        roll: Some(3),
        merged: Default::default(),
    };
    assert_eq!(g.state.value(&entry(Ability::Dodge)), 7, "3 + DEX 4");
    assert_eq!(
        g.state.value(&entry(Ability::Move {
            to: Pt::new(11.0, 10.0)
        })),
        7
    );
    assert_eq!(
        g.state.value(&entry(Ability::Cast {
            spell: 0,
            target: 1
        })),
        3
    );
    assert_eq!(g.state.value(&entry(Ability::Draw)), 3);
}

/// "If it is equal to or greater than their health then they die immediately": damage exactly
/// the health kills; one less does not.
#[test]
fn a_finishing_blow_kills_at_damage_exactly_equal_to_health() {
    for (damage, dies) in [(4, true), (3, false)] {
        let mut g = fight(
            vec![plain(
                "Georgia",
                Armour::Heavy,
                Pack::FreeHand,
                2,
                10.0,
                10.0,
            )],
            vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
            Party::Heroes,
        );
        assert_eq!(g.state.chars[1].sheet.max_health(), 4);
        g.state.chars[1].wounds = 1;
        g.state.chars[1].damage = damage;
        exec(&mut g, 2, act(0, Ability::Finish { target: 1 }), &[6]);
        let events = settle(&mut g, 1, Command::Pass, &[]);
        assert!(events.iter().any(|e| matches!(
            e,
            Event::Revealed { who: 1, total, health: 4, dies: d } if *total == damage && *d == dies
        )));
        assert_eq!(g.state.chars[1].dead, dies, "damage {damage}");
    }
}

/// Permanent fatigue: light 0, heavy 1, full plate 2, from the start of the fight.
#[test]
fn armour_brings_its_permanent_fatigue_into_the_fight() {
    let g = fight(
        vec![
            plain("A", Armour::FullPlate, Pack::FreeHand, 2, 10.0, 10.0),
            plain("B", Armour::Heavy, Pack::FreeHand, 2, 12.0, 10.0),
            plain("C", Armour::Light, Pack::FreeHand, 2, 14.0, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
    );
    let f: Vec<i32> = g.state.chars.iter().map(|c| c.fatigue).collect();
    assert_eq!(f, [2, 1, 0, 0]);
    assert_eq!(g.state.chars[0].ac(), 4, "full plate's armour class");
}

/// "Bow and arrows: No extra dice"; "Two Handed Weapon: No extra dice".
#[test]
fn a_bow_and_a_two_handed_weapon_give_no_extra_die() {
    for pack in [Pack::Bow, Pack::TwoHanded] {
        let s = sheet("X", &[], Armour::None, pack);
        assert_eq!(
            s.action_dice(),
            [DieKind::Movement, DieKind::Attack],
            "{pack:?}"
        );
    }
}

/// The orc (monster 2) jabs Osric (hero 1); Georgia (hero 0) with a shield and `powers` stands
/// at `gx` (beside Osric at 11 when 10) on seat `gseat` (Osric's seat is 3).
fn orc_jabs_osric(powers: &[Power], gx: f32, gseat: u8) -> (DndGame, u32) {
    let mut g = fight(
        vec![
            member(
                sheet("Georgia", powers, Armour::None, Pack::Shield),
                gseat,
                gx,
                10.0,
            ),
            plain("Osric", Armour::None, Pack::FreeHand, 3, 11.0, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 12.0, 10.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(2, Ability::Jab { target: 1 }), &[2]);
    let id = g.state.stack[0].id;
    (g, id)
}

#[test]
fn block_out_of_melee_range_of_the_target_is_refused() {
    let (g, jab) = orc_jabs_osric(&[], 10.0, 3);
    // Beside Osric: allowed.
    assert!(g.check(3, &act(0, Ability::Block { entry: jab })).is_ok());
    let (mut g, jab) = orc_jabs_osric(&[], 5.0, 3);
    let e = refuse(&mut g, 3, act(0, Ability::Block { entry: jab }));
    assert!(e.to_string().contains("not within melee range"), "{e}");
}

#[test]
fn trip_riposte_and_exert_need_their_power_and_the_right_target() {
    // Without the powers.
    let (mut g, jab) = orc_jabs_osric(&[], 10.0, 2);
    let e = refuse(&mut g, 3, act(1, Ability::Riposte { entry: jab }));
    assert!(e.to_string().contains("has not the Riposte power"), "{e}");
    let e = refuse(&mut g, 3, act(1, Ability::Trip { entry: jab }));
    assert!(e.to_string().contains("has not the Trip power"), "{e}");
    let e = refuse(
        &mut g,
        2,
        act(
            0,
            Ability::Exert {
                die: DieKind::Attack,
            },
        ),
    );
    assert!(e.to_string().contains("has not the Exert power"), "{e}");
    // With them: Trip against an attack, Exert with nothing spent.
    let mut g = fight(
        vec![member(
            sheet(
                "Osric",
                &[Power::Trip, Power::Riposte, Power::Exert],
                Armour::None,
                Pack::FreeHand,
            ),
            2,
            11.0,
            10.0,
        )],
        vec![
            plain("Orc", Armour::Light, Pack::FreeHand, 1, 12.0, 10.0),
            plain("Archer", Armour::Light, Pack::Bow, 1, 20.0, 10.0),
        ],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[2]);
    let jab = g.state.stack[0].id;
    let e = refuse(&mut g, 2, act(0, Ability::Trip { entry: jab }));
    assert!(
        e.to_string().contains("Trip cancels a movement ability"),
        "{e}"
    );
    let e = refuse(
        &mut g,
        2,
        act(
            0,
            Ability::Exert {
                die: DieKind::Movement,
            },
        ),
    );
    assert!(e.to_string().contains("no spent M die"), "{e}");
    assert!(g.check(2, &act(0, Ability::Riposte { entry: jab })).is_ok());
    // Riposte against a ranged attack: the archer's shot.
    settle(&mut g, 2, Command::Pass, &[5]);
    // The shot's A 3; Osric is in melee with the orc: the archer's fatigue and save (4).
    exec(&mut g, 1, act(2, Ability::Jab { target: 0 }), &[3, 4]);
    let shot = g.state.stack[0].id;
    let e = refuse(&mut g, 2, act(0, Ability::Riposte { entry: shot }));
    assert!(
        e.to_string().contains("Riposte cancels a melee attack"),
        "{e}"
    );
}

/// "merge that attack with another character's stacked movement action": a Move, an enemy's,
/// not by a bow, once per attacker.
#[test]
fn merges_go_into_an_enemys_move_once_and_not_by_a_bow() {
    let mut g = fight(
        vec![
            plain("Georgia", Armour::Heavy, Pack::TwoWeapons, 2, 11.05, 17.0),
            plain("Hale", Armour::Light, Pack::Bow, 2, 8.95, 17.0),
            plain("Wren", Armour::Light, Pack::FreeHand, 2, 20.0, 10.0),
        ],
        vec![plain(
            "Goblin",
            Armour::Light,
            Pack::FreeHand,
            1,
            10.0,
            20.0,
        )],
        Party::Monsters,
    );
    exec(
        &mut g,
        1,
        act(
            3,
            Ability::Move {
                to: Pt::new(10.0, 14.0),
            },
        ),
        &[1],
    );
    let onto = g.state.stack[0].id;
    let merge = |who| Command::Merge {
        who,
        onto,
        finish: false,
    };
    let e = refuse(&mut g, 2, merge(1));
    assert!(
        e.to_string().contains("a ranged attacker shoots instead"),
        "{e}"
    );
    let e = refuse(&mut g, 2, merge(2));
    assert!(e.to_string().contains("never comes within"), "{e}");
    exec(&mut g, 2, merge(0), &[4]);
    assert_eq!(g.state.chars[0].free(DieKind::Attack), 1, "one A die left");
    let e = refuse(&mut g, 2, merge(0));
    assert!(
        e.to_string().contains("has merged an attack already"),
        "{e}"
    );
    // Into a Jab, or into a friend's move: refused.
    let mut g = fight(
        vec![
            plain("Georgia", Armour::Heavy, Pack::FreeHand, 2, 10.0, 10.0),
            plain("Wren", Armour::Light, Pack::FreeHand, 2, 12.0, 14.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(2, Ability::Jab { target: 0 }), &[2]);
    let jab = g.state.stack[0].id;
    let e = refuse(
        &mut g,
        2,
        Command::Merge {
            who: 1,
            onto: jab,
            finish: false,
        },
    );
    assert!(
        e.to_string().contains("attacks merge into a move only"),
        "{e}"
    );
    let mut g = fight(
        vec![
            member(
                sheet("Georgia", &[Power::Tumble], Armour::Heavy, Pack::FreeHand),
                2,
                10.0,
                10.0,
            ),
            plain("Wren", Armour::Light, Pack::FreeHand, 2, 12.0, 12.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(2, Ability::Jab { target: 0 }), &[2]);
    // Georgia tumbles away (a quick Move for a fatigue) past Wren.
    exec(
        &mut g,
        2,
        act(
            0,
            Ability::Move {
                to: Pt::new(13.0, 10.0),
            },
        ),
        &[3],
    );
    let mv = g.state.stack[1].id;
    let e = refuse(
        &mut g,
        2,
        Command::Merge {
            who: 1,
            onto: mv,
            finish: false,
        },
    );
    assert!(e.to_string().contains("merge into an enemy's move"), "{e}");
}

#[test]
fn a_move_onto_another_base_and_a_jab_at_a_friend_are_refused() {
    let mut g = fight(
        vec![
            plain("Georgia", Armour::Heavy, Pack::FreeHand, 2, 10.0, 10.0),
            plain("Wren", Armour::Light, Pack::FreeHand, 2, 11.0, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 14.0, 10.0)],
        Party::Heroes,
    );
    let e = refuse(
        &mut g,
        2,
        act(
            0,
            Ability::Move {
                to: Pt::new(14.5, 10.0),
            },
        ),
    );
    assert!(e.to_string().contains("Orc stands there"), "{e}");
    let e = refuse(&mut g, 2, act(0, Ability::Jab { target: 1 }));
    assert!(e.to_string().contains("Wren is on your side"), "{e}");
}

/// A two-handed weapon's quick attack costs a fatigue: "You may only voluntarily gain fatigue up
/// to your fatigue maximum".
#[test]
fn a_two_handed_quick_attack_is_refused_at_the_fatigue_maximum() {
    let mut g = fight(
        vec![plain("Grukk", Armour::None, Pack::TwoHanded, 2, 10.0, 10.0)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    g.state.chars[0].fatigue = 5;
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[2]);
    assert!(g.check(2, &act(0, Ability::Jab { target: 1 })).is_ok());
    g.state.chars[0].fatigue = 6;
    let e = refuse(&mut g, 2, act(0, Ability::Jab { target: 1 }));
    assert!(e.to_string().contains("fatigue maximum"), "{e}");
}

/// "An ability that is already being resolved cannot be cancelled by an attack or a wound
/// suffered as part of resolving that ability": Georgia, wounded by an attack merged into her
/// own move, fails the saving throw: her stacked Dodge is cancelled, the move goes on.
#[test]
fn a_wound_while_resolving_cancels_the_other_stacked_abilities_not_the_one_resolving() {
    let mut g = fight(
        vec![member(
            sheet("Georgia", &[Power::Tumble], Armour::Heavy, Pack::FreeHand),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::TwoWeapons, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[2]);
    exec(&mut g, 2, act(0, Ability::Dodge), &[3]);
    let dodge = g.state.stack[1].id;
    // A quick Move (Tumble, a fatigue) away; the orc merges a jab into it.
    exec(
        &mut g,
        2,
        act(
            0,
            Ability::Move {
                to: Pt::new(10.0, 15.0),
            },
        ),
        &[4],
    );
    let mv = g.state.stack[2].id;
    assert_eq!(g.state.chars[0].fatigue, 3, "heavy armour, Dodge, Tumble");
    // A 5 against AC 4 (raised by the move): a wound (damage 2), the save a natural 1.
    let events = exec(
        &mut g,
        1,
        Command::Merge {
            who: 1,
            onto: mv,
            finish: false,
        },
        &[5, 2, 1],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Cancelled { ids, .. } if ids == &vec![dodge])),
        "{events:?}"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::Cancelled { ids, .. } if ids.contains(&mv)))
    );
    assert_eq!(
        g.state.chars[0].pos,
        Pt::new(10.0, 15.0),
        "the move completes"
    );
    assert_eq!(g.state.chars[0].wounds, 1);
    assert!(g.state.stack.is_empty());
}
