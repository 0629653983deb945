//! Wounds and saving throws with forced dice: a two-handed weapon's quick attack and double
//! wounds, advantage on saves and Lucky, the save after a finishing blow that does not kill,
//! and death cancelling the stacked abilities.

use super::*;
use wartable::rules::core::testing::exec;
use wartable::rules::dndalike::Event;

/// The orc (monster, 1) next to `hero` (hero, 0); the monsters' turn.
fn orc_and(hero: Sheet) -> DndGame {
    fight(
        vec![member(hero, 2, 10.0, 10.0)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    )
}

/// "Two Handed Weapon: No extra dice, but you may gain a fatigue to perform any slow attack
/// action as a quick action. Attacks deal double wounds."
#[test]
fn a_two_handed_weapon_strikes_quick_for_a_fatigue_and_deals_double_wounds() {
    let brute = sheet("Brute", &[], Armour::Light, Pack::TwoHanded);
    assert_eq!(brute.action_dice().len(), 2, "no extra die");
    let mut g = orc_and(brute);
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[1]);
    // On the monsters' turn, the jab is quick for a fatigue.
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[4]);
    assert_eq!(g.state.chars[0].fatigue, 1);
    // The brute's jab resolves first: two wounds, two secret dice; the orc saves (a 6) to keep
    // its stacked jab.
    pass_all(&mut g, &[2, 5, 6]);
    assert_eq!((g.state.chars[1].wounds, g.state.chars[1].damage), (2, 7));
    // A bow's quick attack costs no fatigue.
    let mut g = orc_and(sheet("Hale", &[], Armour::Light, Pack::Bow));
    g.state.chars[1].pos = Pt::new(15.0, 10.0);
    exec(&mut g, 1, act(1, Ability::Dodge), &[3]);
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[6]);
    assert_eq!(g.state.chars[0].fatigue, 0);
    // A wound (4) and the orc's save for its stacked dodge (6).
    pass_all(&mut g, &[4, 6]);
    assert_eq!(
        g.state.chars[1].wounds, 1,
        "one wound: a bow's attack is not doubled"
    );
}

/// "A character with advantage rolls twice, setting the die to the higher of the two results";
/// "Lucky - You have advantage on all saving throws": a wounded Lucky character keeps the higher
/// of two dice; without Lucky one die decides.
#[test]
fn lucky_saves_with_advantage() {
    // The orc jabs; the hero dodges; an archer's arrow wounds the hero while the dodge waits.
    let setup = |lucky: bool| {
        let powers: &[Power] = if lucky { &[Power::Lucky] } else { &[] };
        fight(
            vec![member(
                sheet("Wren", powers, Armour::Light, Pack::FreeHand),
                2,
                10.0,
                10.0,
            )],
            vec![
                plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0),
                plain("Archer", Armour::Light, Pack::Bow, 1, 10.0, 16.0),
            ],
            Party::Monsters,
        )
    };
    for (lucky, save_dice, dodge_stays) in [
        (true, &[1u32, 4][..], true),
        (true, &[1, 1][..], false),
        (false, &[1][..], false),
        (false, &[4][..], true),
        (false, &[3][..], false),
    ] {
        let mut g = setup(lucky);
        exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
        exec(&mut g, 2, act(0, Ability::Dodge), &[2]);
        g.state.chars[0].fatigue = 4;
        // The archer's arrow: the A die, the shooting-into-melee save (a 6), then the wound's
        // secret die and Wren's save(s).
        exec(&mut g, 1, act(2, Ability::Jab { target: 0 }), &[5, 6]);
        let mut dice = vec![3];
        dice.extend_from_slice(save_dice);
        pass_all(&mut g, &dice);
        assert_eq!(g.state.chars[0].wounds, 1);
        assert_eq!(
            g.state.stack.len(),
            if dodge_stays { 2 } else { 1 },
            "Lucky {lucky}, dice {save_dice:?} against fatigue 4"
        );
    }
}

/// "If they suffer a successful attack that does not cause a wound then they must make a saving
/// throw with advantage or cancel all of their stacked abilities": a finishing blow that does
/// not kill. "If a character dies with abilities on the stack then all of their abilities are
/// immediately canceled": no save then.
#[test]
fn a_finishing_blow_that_does_not_kill_needs_a_save_and_death_cancels_the_stack() {
    let brute = || sheet("Brute", &[], Armour::Light, Pack::TwoHanded);
    for (save_dice, jab_stays) in [(&[1u32, 1][..], false), (&[1, 2][..], true)] {
        let mut g = orc_and(brute());
        exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
        // The brute answers with a quick Finish (a fatigue): A 5 against AC 2, damage 0 of 4.
        exec(&mut g, 2, act(0, Ability::Finish { target: 1 }), &[5]);
        pass_all(&mut g, save_dice);
        assert!(!g.state.chars[1].dead);
        assert_eq!(
            g.state.stack.len(),
            usize::from(jab_stays),
            "save dice {save_dice:?}: with advantage the higher counts; a natural 1 fails"
        );
    }
    // With 9 damage the finishing blow kills: the orc's jab goes with it, no save rolled.
    let mut g = orc_and(brute());
    g.state.chars[1].damage = 9;
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
    exec(&mut g, 2, act(0, Ability::Finish { target: 1 }), &[5]);
    let mut events = Vec::new();
    for s in g.waiting().seats() {
        events.extend(g.play(s, Command::Pass).unwrap());
    }
    assert!(g.state.chars[1].dead);
    assert!(g.state.stack.is_empty());
    assert!(
        events.iter().all(|e| !matches!(e, Event::Saved { .. })),
        "{events:?}"
    );
    assert!(
        g.journal
            .iter()
            .any(|l| l.text.contains("cancelled: Orc's Jab") && l.text.contains("Orc is dead"))
    );
}
