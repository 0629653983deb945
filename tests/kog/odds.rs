//! "Resolve Attacks" odds against brute-force enumeration of every die, written here from the
//! text apart from the program's own dice code; and `wartable odds` against the same figures.

use super::cat;
use wartable::dice::Dice;
use wartable::rules::kog::attack::{AttackSpec, Situation, build};
use wartable::rules::kog::odds::{OddsQuery, odds, query};
use wartable::rules::kog::pool::{Crit, PoolSpec, RerollMode, Rerolls};

/// "A 1 is an automatic failure, while a 6 is an automatic success."
fn succeeds(v: u32, t: u32) -> bool {
    v == 6 || (v != 1 && v >= t)
}

/// Every way one die can fall, with its chance: (final value, chance).
fn die_paths(target: u32, mode: RerollMode) -> Vec<(u32, f64)> {
    let mut out = Vec::new();
    for first in 1..=6u32 {
        let reroll = match mode {
            RerollMode::Failures => !succeeds(first, target),
            RerollMode::Successes => succeeds(first, target),
            RerollMode::None => false,
        };
        if reroll {
            for second in 1..=6u32 {
                out.push((second, 1.0 / 36.0));
            }
        } else {
            out.push((first, 1.0 / 6.0));
        }
    }
    out
}

/// Enumerates every combination of `n` dice (each die's every path) and sums `score` by total.
fn enumerate(n: u32, paths: &[(u32, f64)], score: &dyn Fn(u32) -> usize) -> Vec<f64> {
    let mut dist = vec![0.0; 2 * n as usize + 1];
    let mut idx = vec![0usize; n as usize];
    loop {
        let mut p = 1.0;
        let mut total = 0;
        for i in &idx {
            p *= paths[*i].1;
            total += score(paths[*i].0);
        }
        dist[total] += p;
        // next combination
        let mut k = 0;
        loop {
            if k == idx.len() {
                return dist;
            }
            idx[k] += 1;
            if idx[k] < paths.len() {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

/// The text's scoring of one attack die.
fn hits_of(v: u32, target: u32, crit: Crit) -> usize {
    if !succeeds(v, target) {
        0
    } else {
        match crit {
            Crit::All => 2,
            Crit::Sixes if v == 6 => 2,
            _ => 1,
        }
    }
}

/// [unharmed, crippled, destroyed] by brute force.
fn brute(spec: &AttackSpec) -> (Vec<f64>, [f64; 3]) {
    let a = &spec.attack;
    let hits = enumerate(a.dice, &die_paths(a.target, a.rerolls.mode()), &|v| {
        hits_of(v, a.target, a.crit)
    });
    let d = &spec.defense;
    let saves = if spec.counterattack {
        vec![1.0]
    } else {
        enumerate(d.dice, &die_paths(d.target, d.rerolls.mode()), &|v| {
            succeeds(v, d.target) as usize
        })
    };
    let mut out = [0.0; 3];
    let mut damage = vec![0.0; hits.len()];
    for (h, ph) in hits.iter().enumerate() {
        for (s, ps) in saves.iter().enumerate() {
            let dmg = h - s.min(h);
            damage[dmg] += ph * ps;
            let state = if spec.target_crippled {
                if dmg == 0 { 1 } else { 2 }
            } else {
                dmg.min(2)
            };
            out[state] += ph * ps;
        }
    }
    while damage.len() > 1 && *damage.last().unwrap() == 0.0 {
        damage.pop();
    }
    (damage, out)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn rr(f: &[&str], s: &[&str]) -> Rerolls {
    Rerolls {
        failures: f.iter().map(|x| x.to_string()).collect(),
        successes: s.iter().map(|x| x.to_string()).collect(),
        ..Default::default()
    }
}

/// Many specs: every target number, each re-roll mode, criticals, counterattacks, crippled.
#[test]
fn odds_match_brute_force_enumeration() {
    let modes = [
        rr(&[], &[]),
        rr(&["Charge!"], &[]),
        rr(&[], &["Long Range"]),
        rr(&["Cover"], &["Precise"]),
    ];
    let mut checked = 0;
    for dice in 1..=3u32 {
        for target in 2..=6u32 {
            for crit in [Crit::None, Crit::Sixes, Crit::All] {
                for (mi, m) in modes.iter().enumerate() {
                    let defense_mode = &modes[(mi + target as usize) % modes.len()];
                    for (counter, crippled) in [(false, false), (true, false), (false, true)] {
                        let spec = AttackSpec {
                            attack: PoolSpec {
                                dice,
                                target,
                                rerolls: m.clone(),
                                crit,
                                friendly_fire: false,
                            },
                            defense: PoolSpec::defense(2, 7 - target.min(5), defense_mode.clone()),
                            counterattack: counter,
                            target_crippled: crippled,
                            notes: Vec::new(),
                        };
                        let o = odds(&spec);
                        let (damage, b) = brute(&spec);
                        assert!(
                            close(o.unharmed, b[0]),
                            "{spec:?}: {} vs {}",
                            o.unharmed,
                            b[0]
                        );
                        assert!(close(o.crippled, b[1]), "{spec:?}");
                        assert!(close(o.destroyed, b[2]), "{spec:?}");
                        assert_eq!(o.damage.len(), damage.len(), "{spec:?}");
                        for (x, y) in o.damage.iter().zip(&damage) {
                            assert!(close(*x, *y), "{spec:?}");
                        }
                        assert!(close(o.unharmed + o.crippled + o.destroyed, 1.0));
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 3 * 5 * 3 * 4 * 3);
}

/// The program's dice, run down every branch (each die result forced in turn), give the same
/// distribution of hits as the odds: what is rolled is what is shown.
#[test]
fn rolling_every_branch_reproduces_the_odds() {
    let spec = PoolSpec {
        dice: 2,
        target: 4,
        rerolls: rr(&["Hold Position"], &[]),
        crit: Crit::Sixes,
        friendly_fire: true,
    };
    let mut hits = [0.0; 5];
    let mut ff = [0.0; 3];
    // Depth-first over forced prefixes: a prefix too short shows as a seeded die in the log.
    let mut stack: Vec<Vec<u32>> = (1..=6).map(|v| vec![v]).collect();
    while let Some(prefix) = stack.pop() {
        let mut dice = Dice::new(1);
        dice.force(&prefix);
        let rolled = spec.roll(&mut dice, "test").unwrap();
        let used_seeded = dice
            .log()
            .iter()
            .flat_map(|r| &r.dice)
            .any(|d| d.source == wartable::dice::DieSource::Seeded);
        if used_seeded || dice.forced_pending() > 0 {
            if used_seeded {
                for v in 1..=6 {
                    let mut p = prefix.clone();
                    p.push(v);
                    stack.push(p);
                }
            }
            continue;
        }
        let p = (1.0f64 / 6.0).powi(prefix.len() as i32);
        hits[rolled.iter().map(|d| d.hits as usize).sum::<usize>()] += p;
        ff[rolled.iter().filter(|d| d.friendly_fire).count()] += p;
    }
    let exact = spec.total_distribution();
    for (k, p) in exact.iter().enumerate() {
        assert!(close(*p, hits[k]), "hits {k}: {p} vs {}", hits[k]);
    }
    let exact_ff = spec.friendly_fire_distribution();
    for (k, p) in exact_ff.iter().enumerate() {
        assert!(close(*p, ff[k]), "friendly fire {k}");
    }
}

/// "Dice": a 1 always fails, a 6 always succeeds; re-rolls of both kinds cancel out.
#[test]
fn automatic_results_and_cancelling_rerolls() {
    let mut d = Dice::new(1);
    d.force(&[1, 6, 6]);
    let spec = PoolSpec {
        dice: 3,
        target: 2,
        rerolls: rr(&["Cover"], &["Concentrated Attack"]),
        crit: Crit::None,
        friendly_fire: false,
    };
    let r = spec.roll(&mut d, "defense").unwrap();
    assert_eq!(
        r.iter().map(|x| x.success).collect::<Vec<_>>(),
        vec![false, true, true],
        "1 fails even needing 2+"
    );
    assert!(
        r.iter().all(|x| x.reroll.is_none()),
        "cancelled re-rolls roll nothing"
    );
    assert_eq!(d.log().len(), 1);
    let mut d = Dice::new(1);
    d.force(&[6, 5, 3]);
    let spec = PoolSpec {
        dice: 2,
        target: 7,
        rerolls: rr(&["Charge!"], &[]),
        crit: Crit::Sixes,
        friendly_fire: false,
    };
    let r = spec.roll(&mut d, "attack").unwrap();
    assert_eq!(
        r[0].hits, 2,
        "a 6 succeeds whatever the target, and is critical"
    );
    assert_eq!(
        (r[1].first, r[1].reroll),
        (5, Some(3)),
        "the failed 5 is re-rolled once"
    );
    assert_eq!(d.log().len(), 2, "the re-roll is its own logged roll");
    assert!(d.log()[1].purpose.contains("Charge!"));
}

/// `wartable odds` prints the same odds as the library's preview, with its inputs named.
#[test]
fn odds_command_prints_the_preview_odds_as_json() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args([
            "odds",
            "kog-light",
            "--attacker",
            "Kampfer",
            "--upgrade",
            "BlitzKampfer",
            "--weapon",
            "Anti-Tank Missile",
            "--target",
            "Leopard 3A1",
            "--range",
            "30",
            "--cover",
            "--concentrated",
            "--json",
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let (spec, o, _) = query(
        &cat(),
        &OddsQuery {
            attacker: "Kämpfer".into(),
            weapon: "anti-tank missile".into(),
            target: "leopard 3a1".into(),
            range: 30.0,
            attacker_upgrades: vec!["BlitzKämpfer".into()],
            situation: Situation {
                cover: true,
                concentrated: true,
                ..Default::default()
            },
        },
    )
    .unwrap();
    assert_eq!(spec.attack.crit, Crit::All, "piercing");
    assert!(
        spec.defense.rerolls.successes.is_empty(),
        "Heavy Armor: no Concentrated Attack"
    );
    for k in ["unharmed", "crippled", "destroyed"] {
        assert!(v[k].is_f64(), "{k}");
    }
    assert!(close(v["unharmed"].as_f64().unwrap(), o.unharmed));
    assert!(close(v["destroyed"].as_f64().unwrap(), o.destroyed));
    assert_eq!(v["hits"].as_array().unwrap().len(), o.hits.len());
    assert_eq!(v["inputs"]["target"], "Leopard 3A1");
    assert_eq!(v["inputs"]["weapon"], "Anti-Tank Missile");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args([
            "odds",
            "kog-light",
            "--attacker",
            "Kampfer",
            "--weapon",
            "Autocannon",
            "--target",
            "Nobody",
            "--range",
            "5",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("Nobody"));
}

/// The rules that build the dice from the situation, by the summary's arrows.
#[test]
fn situation_sets_the_rerolls_the_summary_lists() {
    let c = cat();
    let k = c.loadout("Kämpfer", &[]).unwrap();
    let p = c.loadout("Panther", &[]).unwrap();
    let ac = k.weapon("Autocannon").unwrap().clone();
    let blade = k.weapon("Combat Blade").unwrap().clone();
    let s = |f: &dyn Fn(&mut Situation)| {
        let mut x = Situation {
            range: 10.0,
            ..Default::default()
        };
        f(&mut x);
        x
    };
    // ↑ Charge – re-roll failures to hit (Close Assault only).
    let sp = build(
        &blade,
        &p,
        &s(&|x| {
            x.charge = true;
            x.range = 0.5
        }),
    );
    assert_eq!(sp.attack.rerolls.mode(), RerollMode::Failures);
    assert_eq!(
        build(&ac, &p, &s(&|x| x.charge = true))
            .attack
            .rerolls
            .mode(),
        RerollMode::None
    );
    // ↑ Hold Position, ↓ Long Range.
    assert_eq!(
        build(&ac, &p, &s(&|x| x.hold_position = true))
            .attack
            .rerolls
            .mode(),
        RerollMode::Failures
    );
    assert_eq!(
        build(&ac, &p, &s(&|x| x.range = 30.0))
            .attack
            .rerolls
            .mode(),
        RerollMode::Successes
    );
    let both = build(
        &ac,
        &p,
        &s(&|x| {
            x.range = 30.0;
            x.fire_support = true
        }),
    );
    assert!(both.attack.rerolls.cancelled() && both.attack.rerolls.mode() == RerollMode::None);
    // ↑ Cover, ↓ Concentrated Attack; Crippled re-rolls successes.
    assert_eq!(
        build(&ac, &p, &s(&|x| x.cover = true))
            .defense
            .rerolls
            .mode(),
        RerollMode::Failures
    );
    assert_eq!(
        build(&ac, &p, &s(&|x| x.concentrated = true))
            .defense
            .rerolls
            .mode(),
        RerollMode::Successes
    );
    assert_eq!(
        build(&ac, &p, &s(&|x| x.attacker_crippled = true))
            .attack
            .rerolls
            .mode(),
        RerollMode::Successes
    );
    assert_eq!(
        build(&ac, &p, &s(&|x| x.target_crippled = true))
            .defense
            .rerolls
            .mode(),
        RerollMode::Successes
    );
    // Indirect: no criticals; the odds command gives the target cover.
    let (sp, _, inputs) = query(
        &c,
        &OddsQuery {
            attacker: "Tiger".into(),
            weapon: "Guided Mortar".into(),
            target: "Panther".into(),
            range: 20.0,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(sp.attack.crit, Crit::None);
    assert_eq!(sp.defense.rerolls.mode(), RerollMode::Failures);
    assert_eq!(inputs["cover"], true);
    // Precise: re-roll successful Defense.
    let l = c.loadout("Leopard 3A1", &[]).unwrap();
    let hc = l.weapon("Heavy Cannon").unwrap().clone();
    assert_eq!(
        build(&hc, &p, &s(&|x| x.range = 20.0))
            .defense
            .rerolls
            .mode(),
        RerollMode::Successes
    );
}
