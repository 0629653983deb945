//! The shipped teams ("The Teams"): one for each team of the catalogue, each legal under the
//! text's team rules, and every troop's price inside the range the rules reference gives its
//! class ("Costs" in `assets/rules/kry-gothic.md`).

use super::*;
use wartable::rules::kry::catalogue::Class;
use wartable::rules::kry::force::{MAX_ELITES, parse_force};

/// The range of a troop type's own price (the model alone, before its wargear), by class, as
/// `assets/rules/kry-gothic.md` ("Costs") gives it. The text prices no troop: the ranges are the
/// project's, set so that a team of "around 12-14 models per player" fits the cost cap, and
/// ordered by what the text says of each class (quoted with each range).
const RANGES: [(Class, u32, u32, &str); 6] = [
    (
        Class::SquadLeader,
        30,
        90,
        "Leaders, for example, are more experienced, more brawny, and have more nerve by far than your average foot trooper.",
    ),
    (
        Class::Elite,
        30,
        70,
        "Usually hand picked by the squad leader himself, these units are veterans of combat.",
    ),
    (
        Class::Heavy,
        20,
        70,
        "These troops are the massive hulks of power that the team uses to smash through the enemy.",
    ),
    (
        Class::Storm,
        10,
        40,
        "The standard troops. Your team has plenty of these and can get plenty more.",
    ),
    (
        Class::Fast,
        15,
        45,
        "Specially designed to speed around the field, these units usually have to sacrifice protection for speed",
    ),
    (
        Class::Special,
        25,
        100,
        "these are the specialty units, designed with a certain purpose in mind.",
    ),
];

/// The prices the text prints: "Weapon: Axe  Cost: 10", "Weapon Name - Pistol  Cost - 20".
const TEXT_PRICES: [(&str, u32); 2] = [("Axe", 10), ("Pistol", 20)];

/// Every price of `c` outside its range, as "team: troop costs n, not lo to hi".
fn out_of_range(c: &Catalogue) -> Vec<String> {
    let mut out = Vec::new();
    for team in &c.teams {
        for t in &team.troops {
            let Some((_, lo, hi, _)) = RANGES.iter().find(|(k, _, _, _)| *k == t.class) else {
                out.push(format!("{}: {} has no range", team.name, t.name));
                continue;
            };
            if t.cost < *lo || t.cost > *hi {
                out.push(format!(
                    "{}: {} costs {}, not {lo} to {hi}",
                    team.name, t.name, t.cost
                ));
            }
        }
    }
    for (name, price) in TEXT_PRICES {
        let cost = c
            .cc_weapon(name)
            .map(|w| w.cost)
            .or_else(|| c.ranged_weapon(name).map(|w| w.cost));
        if cost != Some(price) {
            out.push(format!("the {name} costs {cost:?}; the text says {price}"));
        }
    }
    out
}

fn shipped_team_files() -> Vec<std::path::PathBuf> {
    let dir = crate::common::repo().join("assets/forces/kry-gothic");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the shipped teams' folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// Every shipped team loads and validates under the default options (a squad leader, at most 5
/// elites, at most the cap and the models a side fields), fields "around 12-14 models", every
/// team of the catalogue has one, and every price is in its range.
#[test]
fn every_shipped_team_loads_validates_and_keeps_its_prices_in_range() {
    let c = cat();
    let o = KryOptions::default();
    let mut teams = Vec::new();
    for p in shipped_team_files() {
        let f = p.display().to_string();
        let text = std::fs::read_to_string(&p).unwrap();
        let force = parse_force(&f, &text, &c, o.cost_cap, o.max_models)
            .unwrap_or_else(|e| panic!("{f}: {e:?}"));
        assert!(
            (12..=14).contains(&force.models.len()),
            "{f}: {} models; \"around 12-14 models per player\"",
            force.models.len()
        );
        let elites = (0..force.models.len())
            .filter(|i| force.troop(&c, *i).is_some_and(|t| t.class == Class::Elite))
            .count();
        assert!(elites <= MAX_ELITES, "{f}: {elites} elites");
        assert!(force.cost(&c) <= o.cost_cap, "{f}: {}", force.cost(&c));
        teams.push(force.team.clone());
    }
    for t in &c.teams {
        assert!(
            teams.iter().any(|x| x == &t.name),
            "no shipped team of {}",
            t.name
        );
    }
    let bad = out_of_range(&c);
    assert!(bad.is_empty(), "prices out of range:\n{}", bad.join("\n"));
}

/// The range check names a price moved out of its class's range, and a text price changed.
#[test]
fn a_price_moved_out_of_range_is_named() {
    let mut c = cat();
    assert!(out_of_range(&c).is_empty());
    let joe = c.teams[0]
        .troops
        .iter_mut()
        .find(|t| t.name == "Average Joe")
        .expect("the Average Joe");
    joe.cost = 41;
    assert_eq!(
        out_of_range(&c),
        vec!["The Earth Confederate: Average Joe costs 41, not 10 to 40".to_string()]
    );
    let mut c = cat();
    c.cc_weapons
        .iter_mut()
        .find(|w| w.name == "Axe")
        .expect("the axe")
        .cost = 12;
    assert_eq!(
        out_of_range(&c),
        vec!["the Axe costs Some(12); the text says 10".to_string()]
    );
}
