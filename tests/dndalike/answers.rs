//! Who is asked to answer the stack and what may answer what: every attack judged against a
//! character asks its seat; Trip against a Dodge; Riposte and Block against a melee Trip or
//! Riposte; a Trip or Riposte that hits shakes its target's other abilities; shooting into a melee
//! at the fatigue maximum; the answers the respond prompt offers.

use super::*;
use wartable::rules::core::testing::exec;
use wartable::rules::dndalike::answers::responses;
use wartable::rules::dndalike::{DieKind, Event};

fn georgia(powers: &[Power], pack: Pack) -> Member {
    member(sheet("Georgia", powers, Armour::Heavy, pack), 2, 10.0, 10.0)
}

/// "TRIP ... cancel target movement ability": a Dodge needs an M die, so it is a movement
/// action ("The same is true for Movement Actions and Movement Dice (M)"). Before, a Trip
/// aimed at a Dodge was refused.
#[test]
fn trip_cancels_a_dodge() {
    let mut g = fight(
        vec![georgia(&[Power::Trip], Pack::TwoWeapons)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Heroes,
    );
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[4]);
    exec(&mut g, 1, act(1, Ability::Dodge), &[5]);
    let dodge = g.state.stack[1].id;
    assert!(g.waiting().allows(2), "Georgia may answer the Dodge");
    let events = exec(&mut g, 2, act(0, Ability::Trip { entry: dodge }), &[3]);
    assert_eq!(g.state.stack.len(), 3, "{events:?}");
    pass_all(&mut g, &[]);
    assert_eq!(
        g.state.stack.len(),
        1,
        "the trip hit (A 3, AC 2): the dodge is gone"
    );
    pass_all(&mut g, &[3]);
    assert_eq!(g.state.chars[1].wounds, 1, "the jab's 4 lands on AC 2");
}

/// "Once it is on the stack all players have the option to activate any quick abilities in
/// response": a character an attack will be judged against is asked, whether the attack is a
/// jab merged into its move, a Trip on its move or a Riposte on its attack. Before, only a
/// stacked Jab or Finish aimed at it asked its seat.
#[test]
fn every_attack_judged_against_a_character_asks_its_seat() {
    // A jab merged into the goblin's move: the goblin dodges it.
    let mut g = fight(
        vec![plain(
            "Georgia",
            Armour::Heavy,
            Pack::FreeHand,
            2,
            11.05,
            17.0,
        )],
        vec![plain("Goblin", Armour::None, Pack::FreeHand, 1, 10.0, 20.0)],
        Party::Monsters,
    );
    let to = Pt::new(10.0, 14.0);
    exec(&mut g, 1, act(1, Ability::Move { to }), &[1]);
    let onto = g.state.stack[0].id;
    exec(
        &mut g,
        2,
        Command::Merge {
            who: 0,
            onto,
            finish: false,
        },
        &[4],
    );
    assert!(
        g.waiting().allows(1),
        "the goblin is asked about the merged jab"
    );
    exec(&mut g, 1, act(1, Ability::Dodge), &[5]);
    pass_all(&mut g, &[]);
    pass_all(&mut g, &[]);
    assert!(g.state.stack.is_empty());
    assert_eq!(g.state.chars[1].wounds, 0, "A 4 against the dodged AC 5");
    assert_eq!(g.state.chars[1].pos, to);

    // A Trip on the orc's move: the orc dodges it and goes on.
    let mut g = fight(
        vec![georgia(&[Power::Trip], Pack::FreeHand)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    let to = Pt::new(15.0, 10.0);
    exec(&mut g, 1, act(1, Ability::Move { to }), &[1]);
    let mv = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Trip { entry: mv }), &[3]);
    assert!(g.waiting().allows(1), "the orc is asked about the trip");
    exec(&mut g, 1, act(1, Ability::Dodge), &[6]);
    pass_all(&mut g, &[]);
    pass_all(&mut g, &[]);
    pass_all(&mut g, &[]);
    assert_eq!(
        g.state.chars[1].pos, to,
        "the trip (A 3 against AC 6) missed"
    );

    // Georgia's Riposte on Grukk's jab: Grukk dodges it and his jab lands.
    let mut g = fight(
        vec![georgia(&[Power::Riposte], Pack::FreeHand)],
        vec![plain("Grukk", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Riposte { entry: jab }), &[4]);
    assert!(g.waiting().allows(1), "Grukk is asked about the riposte");
    exec(&mut g, 1, act(1, Ability::Dodge), &[6]);
    pass_all(&mut g, &[]);
    pass_all(&mut g, &[]);
    assert_eq!(g.state.stack.len(), 1, "the riposte missed: the jab waits");
    pass_all(&mut g, &[2]);
    assert_eq!(g.state.chars[0].wounds, 1);
}

/// Exert then Dodge: a character attacked with its M dice spent is asked (an Exert is an
/// answer when an attack is judged against it), regains an M die, and dodges. Before, Exert
/// never made a seat asked, so the jab resolved at once.
#[test]
fn exert_then_dodge() {
    let mut g = fight(
        vec![plain(
            "Georgia",
            Armour::Heavy,
            Pack::FreeHand,
            2,
            10.0,
            10.0,
        )],
        vec![member(
            sheet("Orc", &[Power::Exert], Armour::Light, Pack::FreeHand),
            1,
            11.0,
            10.0,
        )],
        Party::Heroes,
    );
    for d in g.state.chars[1].dice.iter_mut() {
        if d.kind == DieKind::Movement {
            d.spent = true;
        }
    }
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[4]);
    assert!(g.waiting().allows(1), "the orc is asked: it may Exert");
    exec(
        &mut g,
        1,
        act(
            1,
            Ability::Exert {
                die: DieKind::Movement,
            },
        ),
        &[],
    );
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[1].free(DieKind::Movement), 1);
    assert!(g.waiting().allows(1), "asked again before the jab resolves");
    exec(&mut g, 1, act(1, Ability::Dodge), &[6]);
    pass_all(&mut g, &[]);
    pass_all(&mut g, &[]);
    assert!(g.state.stack.is_empty());
    assert_eq!(g.state.chars[1].wounds, 0, "A 4 against the dodged AC 6");
    assert_eq!(
        g.state.chars[1].fatigue, 2,
        "a fatigue for Exert, one for Dodge"
    );
}

/// "You may only voluntarily gain fatigue up to your fatigue maximum": a bow shooting into a
/// melee at the maximum forgoes the fatigue and the save, and the DM chooses among the target
/// and the others in its melee. Before, the fatigue was forced and wounded the shooter.
#[test]
fn shooting_into_a_melee_at_the_fatigue_maximum_lets_the_dm_choose() {
    let mut g = fight(
        vec![
            plain("Hale", Armour::Light, Pack::Bow, 2, 10.0, 10.0),
            plain("Georgia", Armour::Heavy, Pack::Shield, 2, 21.05, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
    );
    g.state.chars[0].fatigue = 6;
    // The A die 4, then the DM's choice among the orc and Georgia: the second.
    let events = exec(&mut g, 2, act(0, Ability::Jab { target: 2 }), &[4, 2]);
    assert!(
        events.iter().all(|e| !matches!(
            e,
            Event::Tired { .. } | Event::Saved { .. } | Event::Wounded { .. }
        )),
        "{events:?}"
    );
    assert_eq!((g.state.chars[0].fatigue, g.state.chars[0].wounds), (6, 0));
    assert_eq!(g.state.stack[0].ability, Ability::Jab { target: 1 });
}

/// "RIPOSTE ... cancel target melee attack" and "BLOCK ... Cancel a melee attack": a Trip and a
/// Riposte by a melee attacker are melee attacks. Before, both answered a Jab or Finish only.
#[test]
fn riposte_and_block_cancel_a_melee_trip_or_riposte() {
    // Georgia's move is tripped by the orc; she ripostes the trip, and moves.
    let mut g = fight(
        vec![georgia(&[Power::Riposte], Pack::FreeHand)],
        vec![member(
            sheet("Orc", &[Power::Trip], Armour::Light, Pack::FreeHand),
            1,
            11.0,
            10.0,
        )],
        Party::Heroes,
    );
    let to = Pt::new(10.0, 14.0);
    exec(&mut g, 2, act(0, Ability::Move { to }), &[2]);
    let mv = g.state.stack[0].id;
    exec(&mut g, 1, act(1, Ability::Trip { entry: mv }), &[3]);
    let trip = g.state.stack[1].id;
    exec(&mut g, 2, act(0, Ability::Riposte { entry: trip }), &[4]);
    while !g.state.stack.is_empty() {
        pass_all(&mut g, &[]);
    }
    assert_eq!(
        g.state.chars[0].pos, to,
        "the trip was riposted (A 4 >= 3, AC 2)"
    );

    // Georgia ripostes the orc's jab; the shieldbearer next to the orc blocks the riposte.
    let mut g = fight(
        vec![georgia(&[Power::Riposte], Pack::FreeHand)],
        vec![
            plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0),
            plain("Shieldbearer", Armour::Light, Pack::Shield, 1, 12.0, 10.0),
        ],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[5]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Riposte { entry: jab }), &[5]);
    let riposte = g.state.stack[1].id;
    exec(&mut g, 1, act(2, Ability::Block { entry: riposte }), &[5]);
    pass_all(&mut g, &[]);
    assert_eq!(
        g.state.stack.len(),
        1,
        "A 5 against S 5: the riposte is blocked"
    );
    assert_eq!(g.state.stack[0].id, jab);
    pass_all(&mut g, &[2]);
    assert_eq!(g.state.chars[0].wounds, 1);
}

/// "If they suffer a successful attack that does not cause a wound then they must make a saving
/// throw with advantage or cancel all of their stacked abilities": a Trip that hits. Before,
/// only a finishing blow that did not kill asked for the save.
#[test]
fn a_trip_that_hits_needs_a_save_for_the_other_stacked_abilities() {
    let mut g = fight(
        vec![georgia(&[Power::Riposte], Pack::FreeHand)],
        vec![
            plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0),
            member(
                sheet("Tripper", &[Power::Trip], Armour::Light, Pack::FreeHand),
                1,
                9.0,
                10.0,
            ),
        ],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[2]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Dodge), &[3]);
    let dodge = g.state.stack[1].id;
    exec(&mut g, 2, act(0, Ability::Riposte { entry: jab }), &[5]);
    exec(&mut g, 1, act(2, Ability::Trip { entry: dodge }), &[4]);
    // The trip hits (A 4, AC 3): the dodge is cancelled, and Georgia saves with advantage
    // (two dice, both 1) or loses her riposte too.
    pass_all(&mut g, &[1, 1]);
    assert_eq!(g.state.stack.len(), 1, "only the jab is left");
    assert_eq!(g.state.stack[0].id, jab);
    assert!(
        g.journal.iter().any(|l| l
            .text
            .starts_with("Georgia saves (hit without a wound): d6 1")),
        "{:?}",
        g.journal.iter().map(|l| &l.text).collect::<Vec<_>>()
    );
}

/// "Heavy Hitter - Each attack (successful or not) forces the target to gain a fatigue": a Trip
/// is an attack (its target: the mover). Before, only a Jab or Finish tired the target.
#[test]
fn heavy_hitter_tires_the_target_of_a_trip_that_misses() {
    let mut g = fight(
        vec![georgia(&[Power::Trip, Power::HeavyHitter], Pack::FreeHand)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    exec(
        &mut g,
        1,
        act(
            1,
            Ability::Move {
                to: Pt::new(15.0, 10.0),
            },
        ),
        &[1],
    );
    let mv = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Trip { entry: mv }), &[1]);
    pass_all(&mut g, &[]);
    assert_eq!(
        g.state.chars[1].fatigue, 1,
        "a natural 1 misses, the fatigue is forced"
    );
}

/// The respond prompt lists what the rules allow: a finishing attack merged into a move, and a
/// bow's or a two-handed weapon's quick Finish. Before, only a merged jab and a quick Jab.
#[test]
fn the_respond_prompt_offers_merged_and_quick_finishing_attacks() {
    let mut g = fight(
        vec![
            plain("Georgia", Armour::Heavy, Pack::FreeHand, 2, 11.05, 17.0),
            plain("Hale", Armour::Light, Pack::Bow, 2, 5.0, 17.0),
            plain("Brute", Armour::Light, Pack::TwoHanded, 2, 9.0, 20.0),
        ],
        vec![plain("Goblin", Armour::None, Pack::FreeHand, 1, 10.0, 20.0)],
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
    let merge = |who, finish| Command::Merge { who, onto, finish };
    let dm = |ability| Command::DmChooses { who: 1, ability };
    let (jab, finish) = (Ability::Jab { target: 3 }, Ability::Finish { target: 3 });
    // Exactly these, each allowed by the rules.
    assert_eq!(
        responses(&g.state, 0),
        [act(0, Ability::Dodge), merge(0, false), merge(0, true)]
    );
    // Hale's bow into the melee of the goblin and the Brute: the DM may choose too.
    assert_eq!(
        responses(&g.state, 1),
        [
            act(1, Ability::Dodge),
            act(1, jab.clone()),
            dm(jab.clone()),
            act(1, finish.clone()),
            dm(finish.clone()),
        ]
    );
    assert_eq!(
        responses(&g.state, 2),
        [
            act(2, Ability::Dodge),
            merge(2, false),
            merge(2, true),
            act(2, jab),
            act(2, finish),
        ]
    );
    for c in responses(&g.state, 1) {
        assert!(g.check(2, &c).is_ok(), "{c:?}");
    }
}

/// The casting save's chance the table shows counts Lucky's advantage ("advantage on all saving
/// throws"). Before, it was the plain die's chance.
#[test]
fn the_casting_save_chance_counts_lucky() {
    use wartable::rules::dndalike::odds::casting_save;
    let mut g = fight(
        vec![member(
            sheet("Osric", &[Power::Lucky], Armour::None, Pack::FreeHand),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
    );
    g.state.chars[0].fatigue = 2;
    // A level 1 spell: the die must reach 3. Two dice, keep the higher: 1 - (2/6)^2.
    assert!((casting_save(&g.state.chars[0], 1) - 32.0 / 36.0).abs() < 1e-12);
    std::sync::Arc::make_mut(&mut g.state.chars[0].sheet)
        .powers
        .clear();
    assert!((casting_save(&g.state.chars[0], 1) - 4.0 / 6.0).abs() < 1e-12);
}
