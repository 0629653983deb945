//! "Forces of Battle" and "Units": battle sizes, squads, the platoon, points.

use super::{cat, force, singles};
use crate::common::temp_dir;
use wartable::rules::kog::force::{BattleSize, UnitKind, load_force, parse_force, save_force};

fn problems(f: &wartable::rules::kog::ForceList) -> Vec<String> {
    f.validate(&cat())
        .into_iter()
        .map(|i| format!("{}: {}", i.path, i.message))
        .collect()
}

/// "Duel – up to 2 models [15 points] per player ... each model is its own independent unit."
#[test]
fn duel_allows_two_models_and_fifteen_points() {
    let ok = singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]);
    assert!(problems(&ok).is_empty(), "{:?}", problems(&ok));
    assert_eq!(ok.points(&cat()), 12);
    assert_eq!(ok.unused(&cat()), 3);
    let three = singles("German", BattleSize::Duel, &["German Infantry"; 3]);
    assert!(
        problems(&three)
            .iter()
            .any(|p| p.contains("up to 2 models"))
    );
    let dear = singles("German", BattleSize::Duel, &["Panther", "Kämpfer"]);
    assert!(
        problems(&dear)
            .iter()
            .any(|p| p.contains("17 points spent")),
        "{:?}",
        problems(&dear)
    );
    let squad = force(
        "German",
        BattleSize::Duel,
        &[("A", UnitKind::Tactical, &["Kämpfer", "Kämpfer"])],
    );
    assert!(
        problems(&squad)
            .iter()
            .any(|p| p.contains("independent unit"))
    );
}

/// "Melee – up to 5 models [25 points] per player."
#[test]
fn melee_allows_five_models_and_twenty_five_points() {
    let ok = singles("Russian", BattleSize::Melee, &["Russian Infantry"; 5]);
    assert!(problems(&ok).is_empty());
    assert_eq!(ok.unused(&cat()), 15);
    let six = singles("Russian", BattleSize::Melee, &["Russian Infantry"; 6]);
    assert!(problems(&six).iter().any(|p| p.contains("up to 5 models")));
}

/// "Encounter – 2 or 3 units [50 points]"; a platoon has "at least 1 Tactical Squad".
#[test]
fn encounter_needs_two_or_three_units_with_a_tactical_squad() {
    let ok = force(
        "German",
        BattleSize::Encounter,
        &[
            (
                "Alpha",
                UnitKind::Tactical,
                &["Kämpfer", "Kämpfer", "Kämpfer"],
            ),
            (
                "Scouts",
                UnitKind::Recon,
                &["German Infantry", "German Infantry", "German Infantry"],
            ),
        ],
    );
    assert!(problems(&ok).is_empty(), "{:?}", problems(&ok));
    assert_eq!(ok.points(&cat()), 27);
    let no_tac = force(
        "German",
        BattleSize::Encounter,
        &[
            ("S1", UnitKind::Recon, &["German Infantry"; 3]),
            ("S2", UnitKind::Recon, &["German Infantry"; 3]),
        ],
    );
    assert!(
        problems(&no_tac)
            .iter()
            .any(|p| p.contains("at least 1 Tactical"))
    );
    let one = force(
        "German",
        BattleSize::Encounter,
        &[("Alpha", UnitKind::Tactical, &["Kämpfer"; 3])],
    );
    assert!(problems(&one).iter().any(|p| p.contains("2 to 3 units")));
}

/// "Each squad always contains at least 3 models, and may contain up to 6 models."
#[test]
fn squads_hold_three_to_six_models() {
    let small = force(
        "German",
        BattleSize::Engagement,
        &[
            ("A", UnitKind::Tactical, &["Kämpfer"; 2]),
            ("B", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("C", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    assert!(
        problems(&small)
            .iter()
            .any(|p| p.starts_with("units[0].models") && p.contains("at least 3"))
    );
    let big = force(
        "German",
        BattleSize::Apocalyptic(200),
        &[
            ("A", UnitKind::Tactical, &["Kämpfer"; 7]),
            ("B", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    assert!(problems(&big).iter().any(|p| p.contains("up to 6")));
}

/// "Strike Squad – at least 2 Elite models, and up to 2 Tactical models"; the F6-16 is
/// "Tactical, Elite" and counts as either.
#[test]
fn squad_compositions_with_dual_typed_frames() {
    let strike = force(
        "Russian",
        BattleSize::Engagement,
        &[
            ("T", UnitKind::Tactical, &["F2-21", "F2-21", "F6-16"]),
            ("S", UnitKind::Strike, &["F6-16", "F6-16", "F2-21"]),
            ("R", UnitKind::Recon, &["Russian Infantry"; 3]),
        ],
    );
    assert!(problems(&strike).is_empty(), "{:?}", problems(&strike));
    let bad_strike = force(
        "German",
        BattleSize::Engagement,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("S", UnitKind::Strike, &["Panther", "Kämpfer", "Kämpfer"]),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    assert!(
        problems(&bad_strike)
            .iter()
            .any(|p| p.starts_with("units[1].kind") && p.contains("at least 2 Elite")),
        "{:?}",
        problems(&bad_strike)
    );
    let fire = force(
        "German",
        BattleSize::Engagement,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            (
                "F",
                UnitKind::FireSupport,
                &["Tiger", "Kämpfer", "Kämpfer", "Panther"],
            ),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    assert!(problems(&fire).is_empty(), "{:?}", problems(&fire));
    let fire3 = force(
        "German",
        BattleSize::Engagement,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            (
                "F",
                UnitKind::FireSupport,
                &["Tiger", "Kämpfer", "Kämpfer", "Kämpfer"],
            ),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    assert!(problems(&fire3).iter().any(|p| p.contains("Fire Support")));
    let recon = force(
        "German",
        BattleSize::Engagement,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            (
                "R",
                UnitKind::Recon,
                &["Ocelot", "Ocelot", "Panther", "Panther"],
            ),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    assert!(problems(&recon).iter().any(|p| p.contains("up to 1 Elite")));
}

/// "up to 2 non-Tactical Squads (or individual models) per Tactical Squad".
#[test]
fn platoon_limits_support_units_per_tactical_squad() {
    let too_many = force(
        "German",
        BattleSize::Apocalyptic(300),
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("L1", UnitKind::Individual, &["Leopard 3A1"]),
            ("L2", UnitKind::Individual, &["Leopard 3A1"]),
            ("L3", UnitKind::Individual, &["Leopard 3A1"]),
        ],
    );
    assert!(
        problems(&too_many)
            .iter()
            .any(|p| p.contains("3 for 1 Tactical")),
        "{:?}",
        problems(&too_many)
    );
    let fine = force(
        "German",
        BattleSize::Engagement,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("L1", UnitKind::Individual, &["Leopard 3A1"]),
            ("I", UnitKind::Individual, &["German Infantry"]),
        ],
    );
    assert!(problems(&fine).is_empty(), "{:?}", problems(&fine));
}

/// "Each platoon contains at least 2 squads": one squad and individual models make no Encounter,
/// however many units that is; two squads do.
#[test]
fn a_platoon_has_at_least_two_squads() {
    let one_squad = force(
        "German",
        BattleSize::Encounter,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("I", UnitKind::Individual, &["German Infantry"]),
        ],
    );
    let p = problems(&one_squad);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].contains("at least 2 squads") && p[0].contains("1 squad picked"),
        "{p:?}"
    );
    let two = force(
        "German",
        BattleSize::Encounter,
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("R", UnitKind::Recon, &["German Infantry"; 3]),
        ],
    );
    assert!(problems(&two).is_empty(), "{:?}", problems(&two));
}

/// Forces field one faction; names are those of the text.
#[test]
fn a_force_fields_one_faction_and_known_models() {
    let mixed = singles("German", BattleSize::Duel, &["Kämpfer", "F6-16"]);
    assert!(problems(&mixed).iter().any(|p| p.contains("one faction")));
    let unknown = singles("German", BattleSize::Duel, &["Mecha"]);
    assert!(
        problems(&unknown)
            .iter()
            .any(|p| p.starts_with("units[0].models[0].profile"))
    );
    let bad_up = singles("German", BattleSize::Duel, &["Panther+Jump Jets"]);
    assert!(problems(&bad_up).iter().any(|p| p.contains("upgrades")));
}

/// "Force lists can be saved and loaded."
#[test]
fn force_lists_save_and_load_and_bad_files_are_located() {
    let c = cat();
    let f = force(
        "Russian",
        BattleSize::Encounter,
        &[
            (
                "Red",
                UnitKind::Tactical,
                &["F2-21", "F2-21", "F6-16+F6-16s"],
            ),
            ("Eyes", UnitKind::Recon, &["Russian Infantry"; 4]),
        ],
    );
    let dir = temp_dir("forces");
    let path = dir.join("red.ron");
    save_force(&path, &f, &c).expect("saves");
    assert_eq!(load_force(&path, &c).expect("loads"), f);
    let bad = std::fs::read_to_string(&path)
        .unwrap()
        .replace("\"F2-21\"", "\"F2-22\"");
    let errs = parse_force("red.ron", &bad, &c).unwrap_err();
    assert!(
        errs.iter().all(|e| e.field.ends_with(".profile")),
        "{errs:?}"
    );
    assert!(errs[0].line > 1);
    let broken = "Force(name: \"x\", faction: \"German\", size: Duel, units: [(name: \"a\", kind: Squad, models: [])])";
    let e = &parse_force("b.ron", broken, &c).unwrap_err()[0];
    assert_eq!((e.line, e.field.as_str()), (1, "units[0].kind"), "{e}");
    let invalid = f.clone();
    let mut invalid = invalid;
    invalid.units[0].models.pop();
    invalid.units[0].models.pop();
    assert!(save_force(&dir.join("x.ron"), &invalid, &c).is_err());
    assert!(
        !dir.join("x.ron").exists(),
        "an invalid list is not written"
    );
}

/// The force lists shipped in `assets/forces/kog-light/` all load and are valid, with the points
/// and units they were made with.
#[test]
fn shipped_force_lists_are_valid() {
    let dir = crate::common::repo().join("assets/forces/kog-light");
    let c = cat();
    let expected: &[(&str, u32, usize, usize)] = &[
        // (file, points, units, models)
        ("german-duel.ron", 15, 2, 2),
        ("german-melee.ron", 23, 3, 3),
        ("german-encounter.ron", 50, 3, 7),
        ("german-engagement.ron", 98, 4, 13),
        ("russian-duel.ron", 12, 2, 2),
        ("russian-melee.ron", 23, 5, 5),
        ("russian-encounter.ron", 50, 3, 7),
        ("russian-engagement.ron", 95, 4, 12),
    ];
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let f = load_force(&p, &c).unwrap_or_else(|e| panic!("{}: {}", p.display(), e[0]));
        assert!(f.unused(&c) >= 0, "{}", p.display());
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let Some(x) = expected.iter().find(|x| x.0 == name) else {
            panic!("{name}: a shipped list the test does not know");
        };
        assert_eq!(
            (f.points(&c), f.units.len(), f.model_count()),
            (x.1, x.2, x.3),
            "{name}: points, units, models"
        );
        n += 1;
    }
    assert_eq!(n, expected.len(), "{n} lists");
}

/// Whether a squad of `kind` made of `models` is refused for its makeup (the force around it,
/// two Tactical Squads, may be refused for other things: only `units[1].kind` counts here).
fn kind_refused(kind: UnitKind, models: &[&str]) -> bool {
    let f = force(
        "German",
        BattleSize::Apocalyptic(300),
        &[
            ("T", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("X", kind, models),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    problems(&f).iter().any(|p| p.starts_with("units[1].kind"))
}

/// Each limit of the squads, by a pair of squads one model apart: "Strike Squad – at least 2
/// Elite models, and up to 2 Tactical models"; "Recon Squad – at least 2 Recon models, and up to
/// 1 Elite model"; "Fire Support Squad – at least 1 Heavy model, up to 2 Tactical models, and up
/// to 1 Elite model". A squad holds no model of a type its rule does not name.
#[test]
fn each_squad_limit_is_held_one_model_at_a_time() {
    use UnitKind::*;
    let (p, k, o, t) = ("Panther", "Kämpfer", "Ocelot", "Tiger");
    // Strike: up to 2 Tactical; no Recon, no Heavy.
    assert!(!kind_refused(Strike, &[p, p, k, k]));
    assert!(kind_refused(Strike, &[p, p, k, k, k]));
    assert!(kind_refused(Strike, &[p, p, o]));
    assert!(kind_refused(Strike, &[p, p, t]));
    // Recon: at least 2 Recon, up to 1 Elite; no Tactical, no Heavy.
    assert!(!kind_refused(Recon, &[o, o, p]));
    assert!(kind_refused(Recon, &[o, p, p]));
    assert!(kind_refused(Recon, &[o, o, p, p]));
    assert!(kind_refused(Recon, &[o, o, k]));
    assert!(kind_refused(Recon, &[o, o, t]));
    // Fire Support: at least 1 Heavy, up to 2 Tactical, up to 1 Elite; no Recon.
    assert!(!kind_refused(FireSupport, &[t, p, k, k]));
    assert!(kind_refused(FireSupport, &[p, k, k]));
    assert!(kind_refused(FireSupport, &[t, p, p]));
    assert!(kind_refused(FireSupport, &[t, k, k, k]));
    assert!(kind_refused(FireSupport, &[t, o, k]));
}

/// "Engagement – 3 to 5 units [100 points] per player": a sixth unit is refused, and so is the
/// 101st point; exactly 100 points in 5 units is fine.
#[test]
fn engagement_has_five_units_and_one_hundred_points() {
    let six = force(
        "German",
        BattleSize::Engagement,
        &[
            ("T1", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("I1", UnitKind::Individual, &["German Infantry"]),
            ("I2", UnitKind::Individual, &["German Infantry"]),
            ("I3", UnitKind::Individual, &["German Infantry"]),
            ("I4", UnitKind::Individual, &["German Infantry"]),
        ],
    );
    let p = problems(&six);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("3 to 5 units (6 picked)"), "{p:?}");
    let hundred = force(
        "German",
        BattleSize::Engagement,
        &[
            ("T1", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("L", UnitKind::Individual, &["Leopard 3A1"]),
            ("K1", UnitKind::Individual, &["King Tiger"]),
            ("K2", UnitKind::Individual, &["King Tiger"]),
        ],
    );
    assert_eq!(hundred.points(&cat()), 100);
    assert!(problems(&hundred).is_empty(), "{:?}", problems(&hundred));
    let mut over = hundred.clone();
    over.units[4].models[0].profile = "Leopard 3A1".into();
    assert_eq!(over.points(&cat()), 110);
    let p = problems(&over);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("110 points spent, over the 100"), "{p:?}");
}

/// "Tactical Squad – 3 to 6 Tactical models": a Heavy model in one is refused (the dual-typed
/// F6-16 is tested with the other compositions).
#[test]
fn a_tactical_squad_takes_only_tactical_models() {
    let mixed = force(
        "German",
        BattleSize::Engagement,
        &[
            ("T1", UnitKind::Tactical, &["Kämpfer", "Kämpfer", "Tiger"]),
            ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
            ("T3", UnitKind::Tactical, &["Kämpfer"; 3]),
        ],
    );
    let p = problems(&mixed);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(
        p[0].starts_with("units[0].kind") && p[0].contains("Tiger (Heavy)"),
        "{p:?}"
    );
    let mut fixed = mixed.clone();
    fixed.units[0].models[2].profile = "Kämpfer".into();
    assert!(problems(&fixed).is_empty(), "{:?}", problems(&fixed));
}

/// "Apocalyptic Battle – Larger battles are possible up to any mutually-agreed total, typically
/// at least 100 points": "typically" is no limit; any total the players agree on is accepted
/// (99 too), only none at all is refused.
#[test]
fn apocalyptic_battles_take_any_agreed_total() {
    let units: &[(&str, UnitKind, &[&str])] = &[
        ("T1", UnitKind::Tactical, &["Kämpfer"; 3]),
        ("T2", UnitKind::Tactical, &["Kämpfer"; 3]),
    ];
    let p = problems(&force("German", BattleSize::Apocalyptic(99), units));
    assert!(p.is_empty(), "{p:?}");
    let p = problems(&force("German", BattleSize::Apocalyptic(0), units));
    assert!(p.iter().any(|x| x.contains("agree on (0 given)")), "{p:?}");
    let p = problems(&force("German", BattleSize::Apocalyptic(100), units));
    assert!(p.is_empty(), "{p:?}");
}
