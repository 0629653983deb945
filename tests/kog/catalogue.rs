//! "German Forces", "Russian Forces", "Frame Options": the catalogue against the text.

use super::cat;
use wartable::rules::kog::catalogue::{Class, ModelType, Uses, parse_catalogue};

/// Every model of the text: name, points, Move, Defense dice, Defense target, Sensors.
#[test]
fn every_model_of_the_text_with_its_characteristics_and_points() {
    let c = cat();
    let expected: &[(&str, u32, f32, u32, u32, f32)] = &[
        ("Kämpfer", 6, 6.0, 2, 4, 12.0),
        ("Ocelot", 9, 8.0, 2, 4, 18.0),
        ("Panther", 11, 7.0, 2, 3, 12.0),
        ("Tiger", 13, 5.0, 2, 4, 12.0),
        ("King Tiger", 18, 5.0, 2, 3, 12.0),
        ("Leopard 3A1", 28, 8.0, 3, 4, 18.0),
        ("German Infantry", 3, 3.0, 1, 3, 12.0),
        ("F6-16", 8, 9.0, 2, 4, 12.0),
        ("F2-21", 10, 9.0, 2, 4, 12.0),
        ("F2-25", 14, 10.0, 2, 4, 24.0),
        ("F2-19 Grizzly", 14, 7.0, 2, 3, 12.0),
        ("T-17 Tank", 34, 4.0, 3, 3, 12.0),
        ("Russian Infantry", 2, 3.0, 1, 6, 12.0),
    ];
    let total: usize = c.factions.iter().map(|f| f.models.len()).sum();
    assert_eq!(total, expected.len(), "the text has 13 models");
    for (name, cost, mv, def, save, sensors) in expected {
        let (_, p) = c.find(name).unwrap_or_else(|| panic!("{name} missing"));
        assert_eq!(
            (p.cost, p.movement, p.defense, p.save, p.sensors),
            (*cost, *mv, *def, *save, *sensors),
            "{name}"
        );
    }
}

/// Weapons as printed: dice, range, target number and special rules.
#[test]
fn weapons_as_printed() {
    let c = cat();
    let w = |m: &str, w: &str| {
        c.loadout(m, &[])
            .unwrap()
            .weapon(w)
            .unwrap_or_else(|| panic!("{m} has no {w}"))
            .clone()
    };
    let ac = w("Kämpfer", "Autocannon");
    assert_eq!((ac.shots, ac.range, ac.hit), (2, 24.0, 4));
    let blade = w("King Tiger", "Combat Blade");
    assert_eq!((blade.attacks, blade.hit, blade.is_assault()), (3, 5, true));
    let pack = w("Tiger", "Rocket Pack");
    assert!(pack.indirect && pack.blast == 5.0 && pack.range == 48.0 && pack.hit == 3);
    let hc = w("Leopard 3A1", "Heavy Cannon");
    assert!(hc.piercing && hc.precise && hc.range == 96.0 && hc.hit == 2);
    assert!(
        !w("T-17", "Heavy Cannon").precise,
        "the T-17's cannon is only piercing"
    );
    let pf = w("German Infantry", "PanzerFaust");
    assert!(pf.piercing && pf.range == 24.0);
    let rpg = w("Russian Infantry", "Rocket-propelled Grenade");
    assert_eq!((rpg.shots, rpg.range, rpg.hit), (2, 18.0, 5));
    assert_eq!(w("Kämpfer", "Rocket Pod").blast, 3.0);
}

/// "Kämpfer ... twice per game it may fire its rocket pod"; □□ marks twice-per-game equipment.
#[test]
fn double_use_equipment_is_twice_per_game() {
    let c = cat();
    let uses = |m: &str, up: &[&str], w: &str| {
        let ups: Vec<String> = up.iter().map(|s| s.to_string()).collect();
        c.loadout(m, &ups).unwrap().weapon(w).unwrap().uses
    };
    assert_eq!(uses("Kämpfer", &[], "Rocket Pod"), Uses::TwicePerGame);
    assert_eq!(uses("Kämpfer", &[], "Autocannon"), Uses::Unlimited);
    assert_eq!(
        uses("F6-16", &["F6-16 AT"], "Anti-Tank Missile"),
        Uses::TwicePerGame
    );
    assert_eq!(
        uses("F2-21", &["Missile Pod"], "Missile Pod Anti-Tank Missile"),
        Uses::TwicePerGame
    );
}

/// "BlitzKämpfer (+2 pts.) – replace Rocket Pod with Anti-Tank Missile".
#[test]
fn blitzkampfer_replaces_the_rocket_pod_and_costs_two_points() {
    let c = cat();
    let l = c.loadout("Kampfer", &["Blitzkampfer".into()]).unwrap();
    assert_eq!(l.cost, 8);
    assert!(l.weapon("Rocket Pod").is_none());
    let atm = l.weapon("Anti-Tank Missile").unwrap();
    assert!(atm.piercing && atm.range == 72.0 && atm.hit == 3 && atm.shots == 2);
    assert!(c.loadout("Panther", &["BlitzKämpfer".into()]).is_err());
}

/// "F6-16 AT (+2 pts.) – replace Linear Cannon with LPA ... □□ Anti-Tank Missile", "F6-16s
/// (+2 pts.) – add Guided Mortar".
#[test]
fn f6_16_options() {
    let c = cat();
    let at = c.loadout("F6-16", &["F6-16 AT".into()]).unwrap();
    assert_eq!(at.cost, 10);
    assert!(at.weapon("Linear Cannon").is_none());
    assert_eq!(at.weapon("LPA").unwrap().hit, 4);
    assert!(at.weapon("Anti-Tank Missile").unwrap().piercing);
    let s = c.loadout("F6-16", &["F6-16s".into()]).unwrap();
    let gm = s.weapon("Guided Mortar").unwrap();
    assert!(gm.indirect && gm.range == 48.0 && gm.shots == 2);
    let both = c
        .loadout("F6-16", &["F6-16 AT".into(), "F6-16s".into()])
        .unwrap();
    assert_eq!(both.cost, 12);
    assert!(c.loadout("F2-21", &["F6-16s".into()]).is_err());
}

/// "Any Frame may be upgraded as follows: Sensors (+2 pts.) – increase Sensors to 16" ..."
#[test]
fn frame_options_apply_to_every_frame_and_only_frames() {
    let c = cat();
    let up = |m: &str, u: &str| c.loadout(m, &[u.to_string()]);
    let s = up("F2-21", "Sensors").unwrap();
    assert_eq!((s.sensors, s.cost), (16.0, 12));
    let e = up("F2-25", "Sensors").unwrap_err();
    assert!(e.contains("already 24"), "{e}");
    let j = up("F2-19 Grizzly", "Jump Jets").unwrap();
    assert_eq!((j.free_climb, j.cost), (3.0, 15));
    let m = up("F6-16", "Missile Pod").unwrap();
    let w = m.weapon("Missile Pod Anti-Tank Missile").unwrap();
    assert_eq!((w.shots, w.range, w.hit, w.piercing), (1, 72.0, 2, true));
    let g = up("F2-21", "Guided Mortar").unwrap();
    let w = g.weapon("Pod Guided Mortar").unwrap();
    assert_eq!((w.shots, w.range, w.indirect), (1, 36.0, true));
    assert!(up("Kämpfer", "Jump Jets").is_err(), "KOGs are not Frames");
    assert!(up("T-17", "Sensors").is_err(), "tanks are not Frames");
    assert!(
        c.loadout("F2-21", &["Jump Jets".into(), "Jump Jets".into()])
            .is_err()
    );
}

/// "Tactical, Recon, Elite, Heavy"; infantry and tanks.
#[test]
fn types_and_classes() {
    let c = cat();
    let l = |m: &str| c.loadout(m, &[]).unwrap();
    assert_eq!(
        l("F6-16").types,
        vec![ModelType::Tactical, ModelType::Elite]
    );
    assert_eq!(l("German Infantry").types, vec![ModelType::Recon]);
    assert_eq!(l("German Infantry").class, Class::Infantry);
    assert!(l("Leopard 3A1").is_tank() && l("T-17 Tank").is_tank());
    assert_eq!(l("Ocelot").types, vec![ModelType::Recon]);
}

/// A designer's edited catalogue: errors name file, line, column and field.
#[test]
fn bad_catalogue_files_give_located_errors() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "Catalogue(factions: [(name: \"X\", models: [(name: \"A\", cost: 1, types: [Tactical], class: Kog, movement: 6, defense: 2, save: 7, sensors: 12, base: 1.0, height: 1.0, weapons: [(name: \"Gun\", shots: 1, range: 6, hit: 4)])])])",
            "factions[0].models[0].save",
            "not a d6 roll",
        ),
        (
            "Catalogue(factions: [(name: \"X\", models: [(name: \"A\", cost: 1, types: [Tactical], class: Kog, movement: 6, defense: 2, save: 4, sensors: 12, base: 1.0, height: 1.0, weapons: [(name: \"Gun\", shots: 1, attacks: 2, range: 6, hit: 4)])])])",
            "factions[0].models[0].weapons[0].attacks",
            "not both",
        ),
        (
            "Catalogue(factions: [(name: \"X\", models: [(name: \"A\", cost: 1, types: [Tactical], class: Walker, movement: 6, defense: 2, save: 4, sensors: 12, base: 1.0, height: 1.0, weapons: [])])])",
            "factions[0].models[0].class",
            "Walker",
        ),
        (
            "Catalogue(factions: [(name: \"X\", models: [(name: \"A\", cost: 1, types: [Tactical], class: Kog, defense: 2, save: 4, sensors: 12, base: 1.0, height: 1.0, weapons: [])])])",
            "movement",
            "movement",
        ),
        (
            "Catalogue(factions: [(name: \"X\", models: [(name: \"A\", cost: 1, types: [Tactical], class: Kog, movement: 6, defense: 2, save: 4, sensors: 12, base: 1.0, height: 1.0, weapons: [(name: \"Gun\", shots: 1, range: 6, hit: 4)], upgrades: [(name: \"U\", cost: 1, replace: [\"Sword\"])])])])",
            "factions[0].models[0].upgrades[0].replace",
            "no weapon 'Sword'",
        ),
        ("", "", "empty"),
    ];
    for (text, field, msg) in cases {
        let errs = parse_catalogue("cat.ron", text).expect_err(text);
        let e = &errs[0];
        assert_eq!(e.file, "cat.ron");
        assert!(
            e.field.contains(field),
            "field {:?} for {text}: {e}",
            e.field
        );
        assert!(e.to_string().contains(msg), "{e}");
        assert!(e.line >= 1 && e.col >= 1);
    }
}
