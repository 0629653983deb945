//! What a sheet gives: level and health with powers, the fatigue maximum from WIS, and the
//! shipped fight's order.

use super::*;
use wartable::rules::core::{QuickSetup, RuleSet};
use wartable::rules::dndalike::{Class, Dndalike};

/// "Your level is determined by the number of powers you have"; "Record your health by
/// consulting the chart below and adding your Constitution Modifier"; "Whenever a character
/// gains a level they also gain an amount of health, determined by the class of the power they
/// just selected and their constitution modifier."
#[test]
fn level_and_health_follow_the_powers_and_con() {
    let s = Sheet {
        stats: Stats { con: 14, ..stats() },
        ..sheet(
            "Georgia",
            &[Power::Trip, Power::Lucky, Power::Exert],
            Armour::Heavy,
            Pack::FreeHand,
        )
    };
    assert_eq!(s.level(), 3);
    assert_eq!(s.class(), Some(Class::Fighter), "the first power's class");
    // Fighter first 10, then a rogue's 5 and a wizard's 4, each + CON 14's 2.
    assert_eq!(s.max_health(), 10 + 5 + 4 + 3 * 2);
    let w = Sheet {
        stats: Stats { con: 6, ..stats() },
        ..sheet(
            "Osric",
            &[Power::Spell, Power::Riposte],
            Armour::None,
            Pack::FreeHand,
        )
    };
    assert_eq!(w.class(), Some(Class::Wizard));
    assert_eq!(
        w.max_health(),
        6 + 6 - 2 * 2,
        "wizard 6, fighter 6, CON 6's -2 each"
    );
    let frail = Sheet {
        stats: Stats { con: 3, ..stats() },
        ..sheet("Frail", &[Power::Exert], Armour::None, Pack::FreeHand)
    };
    assert_eq!(frail.max_health(), 2, "6 - 4");
    let frailer = Sheet {
        stats: Stats { con: 3, ..stats() },
        ..sheet(
            "Frailer",
            &[Power::Exert, Power::Exert, Power::Exert],
            Armour::None,
            Pack::FreeHand,
        )
    };
    assert_eq!(frailer.max_health(), 2, "6 + 4 + 4, CON 3's -4 each");
    // A monster without powers: the health its sheet names, else 4 + CON, at least 1.
    let imp = Sheet {
        stats: Stats { con: 3, ..stats() },
        ..sheet("Imp", &[], Armour::None, Pack::FreeHand)
    };
    assert_eq!((imp.level(), imp.max_health()), (0, 1));
    assert_eq!(
        Sheet {
            health: Some(7),
            ..imp
        }
        .max_health(),
        7
    );
}

/// "Your Maximum Fatigue is your wisdom modifier + 6", whatever the WIS.
#[test]
fn the_fatigue_maximum_follows_wis() {
    for (wis, max) in [(3, 2), (8, 5), (10, 6), (11, 6), (14, 8), (18, 10)] {
        let s = Sheet {
            stats: Stats { wis, ..stats() },
            ..sheet("Wren", &[], Armour::None, Pack::FreeHand)
        };
        assert_eq!(s.max_fatigue(), max, "WIS {wis}");
    }
}

/// "The party that has been in the area longest always takes the first turn. So, in a dungeon,
/// monsters act first": the shipped fight starts with the monsters.
#[test]
fn the_monsters_act_first_in_the_shipped_fight() {
    for seed in 1..=3 {
        let setup = Dndalike::quick_setup(&QuickSetup {
            seed,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(setup.first, Party::Monsters);
        let g = DndGame::new(setup).unwrap();
        assert_eq!(
            (g.state.active, g.state.first),
            (Party::Monsters, Party::Monsters)
        );
        assert!(
            g.waiting().seats().iter().all(|s| g
                .state
                .chars
                .iter()
                .any(|c| c.seat == *s && c.party == Party::Monsters)),
            "only the monsters' seats act"
        );
    }
}
