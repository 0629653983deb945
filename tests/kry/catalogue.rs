//! "Chapter 2: Character Statistics" and "The Teams": the shipped catalogue against what the
//! text fixes, and bad catalogue files against located errors.

use wartable::rules::kry::catalogue::{Ability, CcEffect, Class, parse_catalogue, shipped};
use wartable::rules::kry::stats::WeaponStats;

/// What the text fixes: the Average Joe, the Rush Grunt's 5", the blood ravager's RC X, the
/// wraiths' fear and terrain, the Slaves' nerve, the Tactics Ratings, the axe, the knife, the
/// pistol, the flak jacket.
#[test]
fn the_catalogue_holds_what_the_text_fixes() {
    let c = shipped().expect("the shipped catalogue loads");
    let troop = |team: &str, name: &str| {
        c.team(team)
            .unwrap_or_else(|| panic!("no team {team}"))
            .troops
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("{team} has no {name}"))
            .clone()
    };
    // "Troop type: Average Joe  Speed - 3 (X) Strength - 2 Body - 2 (X) Mind - 3 Willpower - 3
    // CC - 2 RC - 2"
    let joe = troop("The Earth Confederate", "Average Joe").profile;
    assert_eq!(
        (
            joe.speed,
            joe.strength,
            joe.body,
            joe.mind,
            joe.willpower,
            joe.cc,
            joe.rc
        ),
        (3, 2, 2, 3, 3, Some(2), Some(2))
    );
    // "The Rush Grunt for example can move 5 inches for 2AP on flat ground".
    assert_eq!(
        troop("The Earth Confederate", "Rush Grunt").profile.speed,
        5
    );
    // "the Protarian blood ravager ... they have no RC characteristic."
    let ravager = troop("Protarian", "Blood Ravager");
    assert_eq!(ravager.profile.rc, None);
    assert!(ravager.ranged_weapons.is_empty());
    // "Some units such as wraiths cause fear"; "many wraith units are not impeded by any terrain".
    let wraith = troop("The Possessed", "Wraith");
    assert!(wraith.abilities.contains(&Ability::Fear));
    assert!(wraith.abilities.contains(&Ability::IgnoresTerrain));
    // "the slaves are extremely hard to shake psychologically".
    for t in &c.team("The Slaves").unwrap().troops {
        assert!(t.abilities.contains(&Ability::Steadfast), "{}", t.name);
    }
    // "Ralim, Protarian >>> 15 Renegades >>> 13 Wraith >>> 13 Slaves >>> 12".
    for (team, tr) in [
        ("Protarian", 15),
        ("The Renegades", 13),
        ("The Possessed", 13),
        ("The Slaves", 12),
    ] {
        assert_eq!(c.team(team).unwrap().tactics, tr, "{team}");
    }
    // "Weapon: Axe Cost: 10 Stats: -1cc/+2str Weapon effects: Armor piercing"; "a knife is
    // +2cc/-1str".
    let axe = c.cc_weapon("Axe").unwrap();
    assert_eq!((axe.cost, axe.cc, axe.str), (10, -1, 2));
    assert!(axe.effects.contains(&CcEffect::ArmourPiercing));
    let knife = c.cc_weapon("knife").unwrap();
    assert_eq!((knife.cc, knife.str), (2, -1));
    // "Weapon Name - Pistol Cost - 20 Stats - 3K2S1 SR - 2 inches or under ... LR - 6 inches".
    let pistol = c.ranged_weapon("Pistol").unwrap();
    assert_eq!(
        (pistol.cost, pistol.parsed(), pistol.short, pistol.long),
        (20, WeaponStats::parse("3K2S1").unwrap(), 2.0, 6.0)
    );
    // "a Autocannon which is 6K2"; "A hand flamer on the other hand, which is 1k5".
    let cannon = c.ranged_weapon("Autocannon").unwrap().parsed();
    assert_eq!((cannon.aim, cannon.damage), (6, 2));
    // "a sniper rifle allows a unit to roll UP to 5 dice".
    assert_eq!(c.ranged_weapon("Sniper Rifle").unwrap().parsed().aim, 5);
    let flamer = c.ranged_weapon("Hand Flamer").unwrap().parsed();
    assert_eq!((flamer.aim, flamer.damage), (1, 5));
    // "a flack jacket that confers +4 to his body stat" ... "if that unit is shot in the back, the
    // flack jacket can do nothing".
    let flak = c.armour("Flak Jacket").unwrap();
    assert_eq!((flak.body, flak.speed, flak.front_only), (4, 0, true));
    // Every team has each of the six classes; the six teams the rules reference names.
    let mut names: Vec<&str> = c.teams.iter().map(|t| t.name.as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "Protarian",
            "The Earth Confederate",
            "The Heracletians",
            "The Possessed",
            "The Renegades",
            "The Slaves"
        ]
    );
    // "Special: Changed from Special to an individual name for each team": the name the card
    // and the roster show.
    let ec = c.team("The Earth Confederate").unwrap();
    assert_eq!(ec.class_label(Class::Special), "Tech Specialist");
    assert_eq!(ec.class_label(Class::Elite), "Elite");
    assert_eq!(
        c.team("The Possessed").unwrap().class_label(Class::Special),
        "Nightmare"
    );
    for t in &c.teams {
        for class in Class::ALL {
            assert!(
                t.troops.iter().any(|x| x.class == class),
                "{} has no {}",
                t.name,
                class.label()
            );
        }
    }
}

/// Bad files: each problem located at its line and field, never a panic.
#[test]
fn bad_catalogue_files_give_located_errors() {
    let text = r#"Catalogue(
    armour: [(name: "Plate", cost: 5, body: 2, speed: 1)],
    cc_weapons: [],
    ranged_weapons: [
        (name: "Gun", cost: 5, stats: "3X2", short: 2.0, long: 6.0),
    ],
    teams: [
        (
            name: "Nobody",
            tactics: 40,
            special_name: "Odd",
            troops: [
                (
                    name: "Grunt", class: Storm, cost: 5,
                    profile: (speed: 1, strength: 2, body: 2, mind: 2, willpower: 2, cc: Some(2), rc: None),
                    armour: ["Plate"], ranged_weapons: ["Gun", "Laser"],
                ),
            ],
        ),
    ],
)"#;
    let errs = parse_catalogue("bad.ron", text).unwrap_err();
    let find = |field: &str| {
        errs.iter()
            .find(|e| e.field.ends_with(field))
            .unwrap_or_else(|| panic!("no error on {field}: {errs:?}"))
            .clone()
    };
    let stats = find("ranged_weapons[0].stats");
    assert_eq!(stats.line, 5, "{stats}");
    assert!(stats.message.contains("3X2"), "{stats}");
    assert_eq!(find("teams[0].tactics").line, 10);
    assert!(find("teams[0].troops").message.contains("Squad leader"));
    let laser = find("troops[0].ranged_weapons[1]");
    assert!(laser.message.contains("Laser"), "{laser}");
    assert!(find("troops[0].ranged_weapons").message.contains("RC X"));
    assert!(
        errs.iter().any(|e| e.message.contains("could not move")),
        "{errs:?}"
    );
    assert!(errs.iter().all(|e| e.file == "bad.ron"));
    // A typo'd field and plain garbage are located too.
    let e = parse_catalogue("typo.ron", "Catalogue(armor: [])").unwrap_err();
    assert_eq!((e[0].line, e[0].file.as_str()), (1, "typo.ron"));
    assert!(parse_catalogue("empty.ron", "   ").is_err());
    assert!(parse_catalogue("junk.ron", "\u{0}(((").is_err());
}

/// The team builder saves a roster that loads back as a team file; a roster over the cost cap is
/// refused with the rules' objection and nothing is written.
#[test]
fn the_team_builder_saves_rosters_that_load() {
    use super::{cat, team};
    use wartable::app::games::kry::roster::Roster;
    use wartable::rules::kry::force::load_force;
    let cat = cat();
    let dir = crate::common::temp_dir("kry-roster");
    let mut r = Roster::new(
        team(
            "The Earth Confederate",
            &["Captain", "Average Joe", "Average Joe"],
        ),
        1,
    );
    r.force.models[1].extra.push("Flak Jacket".into());
    r.file_name = "my-squad".into();
    let p = r.save_in(&dir, &cat, 1000, 14).expect("saved");
    assert_eq!(p, dir.join("my-squad.ron"));
    let back = load_force(&p, &cat, 1000, 14).expect("loads as a team file");
    assert_eq!(back, r.force);
    assert_eq!(back.models[1].extra, vec!["Flak Jacket".to_string()]);
    // Fourteen Captains cost more than 1000.
    let mut big = Roster::new(team("The Earth Confederate", &["Captain"; 14]), 0);
    big.file_name = "too-dear".into();
    let e = big.save_in(&dir, &cat, 1000, 14).expect_err("over the cap");
    assert!(e.iter().any(|l| l.contains("1000")), "{e:?}");
    assert!(!dir.join("too-dear.ron").exists());
}

/// "The Rush Grunt for example can move 5 inches for 2AP on flat ground": as it takes the table,
/// in its Padded Vest (which slows nobody), a move of 5" on open ground costs 2 AP, and a hair
/// more is refused (armour that slows is tested in `orders`).
#[test]
fn the_rush_grunt_moves_five_inches_for_two_ap() {
    use super::*;
    use wartable::rules::kry::command::MoveKind;
    let mut g = game_with(
        open_level(&[]),
        team("The Earth Confederate", &["Captain", "Rush Grunt"]),
        team("The Possessed", &["Wraith Lord", "Thrall"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 10.0, 2.0, 90.0),
            (3, 4.0, 22.0, 270.0),
            (4, 10.0, 22.0, 270.0),
        ],
        &[3, 3],
    );
    assert_eq!(g.state.models[&id(2)].speed(), 5);
    let walk = |y: f32| Command::Move {
        model: id(2),
        to: Pt::new(10.0, y),
        kind: MoveKind::Normal,
    };
    refused(&mut g, 1, walk(7.1));
    ok(&mut g, 1, walk(7.0), &[]);
    assert_eq!(g.state.spent[0], 2);
}
