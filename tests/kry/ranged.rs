//! "Chapter 5: Ranged Combat": the text's three to-hit examples, its two to-wound examples,
//! range, fire modes, modifiers, the blind side, and the exact odds against brute force.

use wartable::dice::Dice;
use wartable::rules::kry::dice::{HighTargets, threshold};
use wartable::rules::kry::ranged::{
    BlindSide, FireMode, Shot, ShotError, ShotNumbers, ShotRules, roll_shot, shot_odds,
};
use wartable::rules::kry::stats::WeaponStats;

fn pistol() -> WeaponStats {
    WeaponStats::parse("3K2S1").unwrap()
}

/// A standard pistol shot at 4" (medium range) by RC `rc` at Body 3, armour 3.
fn shot(rc: u8) -> Shot {
    Shot {
        rc,
        weapon: pistol(),
        short: 2.0,
        long: 6.0,
        mode: FireMode::Standard,
        range: 4.0,
        cover: false,
        fast_target: false,
        dark: false,
        sprinting: false,
        pinned: false,
        blind_side: false,
        body: 3,
        armour: 3,
    }
}

fn numbers(s: &Shot) -> ShotNumbers {
    s.numbers(ShotRules::default()).unwrap()
}

/// Example #1 (to hit): "the model has an RC rating of 3 ... needing a 5 to hit the target. The
/// player rolls 4, 2 and 6 ... one dice passes." Example #1 (to wound): "The To-Wound target is
/// the targets body (3) + armour (3) - the number after the K ... a target of 4 ... The player
/// rolls the one dice and gets a 3."
#[test]
fn example_one_a_pistol_hit_that_does_not_wound() {
    let n = numbers(&shot(3));
    assert_eq!((n.dice, n.target, n.cap), (3, 5, 3));
    assert_eq!((n.wound_target, n.wound_cap), (4, 1));
    let mut d = Dice::new(1);
    d.force(&[4, 2, 6, 1, 3]);
    let r = roll_shot(&mut d, &n, ShotRules::default(), "pistol").unwrap();
    assert_eq!((r.passed, r.hits), (1, 1));
    assert_eq!(r.to_wound.as_ref().unwrap().totals, vec![3]);
    assert_eq!(r.wounds, 0);
    assert!(d.log().iter().any(|l| l.purpose.contains("to wound, 4+")));
}

/// Example #2: "A squad leader has an RC attribute of 5 ... gets 6, 8, 1, 5, 6 ... 4 dice pass
/// ... he can only keep three"; to wound: "rolls 3 dice and gets a 4, 5 and 2. 2 dice pass, but
/// the S value is capped at 1 ... the player causes 1 wound." Three dice showing 6 are no
/// critical (the wound is not doubled): a critical is one die totalling 18.
#[test]
fn example_two_the_k_cap_and_the_s_cap() {
    let n = numbers(&shot(5));
    let mut d = Dice::new(1);
    // 6 (+1), 6 (+2), 1, 5, 6 (+3): totals 7, 8, 1, 5, 9.
    d.force(&[6, 1, 6, 2, 1, 5, 6, 3, 4, 5, 2]);
    let r = roll_shot(&mut d, &n, ShotRules::default(), "squad leader").unwrap();
    assert_eq!(r.to_hit.totals, vec![7, 8, 1, 5, 9]);
    assert_eq!((r.passed, r.hits), (4, 3));
    assert!(!r.critical);
    assert_eq!(r.wounds, 1);
}

/// Example #3: "the player want's to shoot 7 inches. So the gun drops to 1K2S1 (-2Kx), and the
/// target number is raised to 7 ... Somehow he gets 8, 7 and 8! ... only one dice passes".
/// Under the printed 7+ table, 8 and 7 would not pass a 7 (`HighTargets::Table`).
#[test]
fn example_three_long_range() {
    let mut s = shot(3);
    s.range = 7.0;
    let n = numbers(&s);
    assert_eq!((n.cap, n.target, n.long_steps), (1, 7, 2));
    let mut d = Dice::new(1);
    d.force(&[6, 2, 6, 1, 6, 2]);
    let sum = ShotRules {
        high_targets: HighTargets::Sum,
        ..Default::default()
    };
    let r = roll_shot(&mut d, &n, sum, "pistol at 7\"").unwrap();
    assert_eq!((r.passed, r.hits), (3, 1));
    d.force(&[6, 2, 6, 1, 6, 2]);
    let table = ShotRules {
        high_targets: HighTargets::Table,
        ..Default::default()
    };
    let r = roll_shot(&mut d, &n, table, "pistol at 7\", the table").unwrap();
    assert_eq!((r.passed, r.hits), (0, 0));
    // At LR itself: "firing at this distance requires the unit to -1Kx ... (resulting in a 2K1
    // weapon stat), and increase the target number to hit by 1."
    s.range = 6.0;
    let n = numbers(&s);
    assert_eq!((n.cap, n.target), (2, 6));
    s.range = 5.9;
    assert_eq!(numbers(&s).long_steps, 0);
}

/// "If the unit wants to fire 9', they take a -4Kx penalty, and a +4 to hit the target ... too
/// far for the pistol to reach." 8" is -3K: 0K, also too far.
#[test]
fn nine_inches_is_out_of_range_for_the_pistol() {
    let mut s = shot(3);
    s.range = 9.0;
    match s.numbers(ShotRules::default()) {
        Err(ShotError::OutOfRange { steps, left, .. }) => assert_eq!((steps, left), (4, -1)),
        r => panic!("expected out of range, got {r:?}"),
    }
    s.range = 8.0;
    assert!(matches!(
        s.numbers(ShotRules::default()),
        Err(ShotError::OutOfRange { left: 0, .. })
    ));
    s.range = 7.9;
    assert!(s.numbers(ShotRules::default()).is_ok());
}

/// SR "+2RC"; snap "-2 to RC", aimed and suppressive "+2"; suppressive rolls no wounds; a model
/// with RC X cannot shoot.
#[test]
fn short_range_and_fire_modes() {
    let mut s = shot(3);
    s.range = 2.0;
    assert_eq!(numbers(&s).dice, 5);
    assert!(numbers(&s).short_range);
    // Just past the short range (2"): no bonus.
    s.range = 2.05;
    assert_eq!(numbers(&s).dice, 3);
    assert!(!numbers(&s).short_range);
    s.range = 4.0;
    for (mode, dice) in [
        (FireMode::Snap, 1),
        (FireMode::Standard, 3),
        (FireMode::Aimed, 5),
        (FireMode::Suppressive, 5),
    ] {
        s.mode = mode;
        assert_eq!(numbers(&s).dice, dice, "{mode:?}");
        assert_eq!(numbers(&s).wounds_rolled, mode != FireMode::Suppressive);
    }
    s.rc = 0;
    assert_eq!(s.numbers(ShotRules::default()), Err(ShotError::NoRc));
}

/// "All To hit rolls start at 5": cover +2, Speed over 5 +1, dark +2, sprinting +1; a pinned
/// shooter +1.
#[test]
fn to_hit_modifiers() {
    let base = shot(3);
    let t = |f: &dyn Fn(&mut Shot)| {
        let mut s = base;
        f(&mut s);
        numbers(&s).target
    };
    assert_eq!(t(&|_| {}), 5);
    assert_eq!(t(&|s| s.cover = true), 7);
    assert_eq!(t(&|s| s.fast_target = true), 6);
    assert_eq!(t(&|s| s.dark = true), 7);
    assert_eq!(t(&|s| s.sprinting = true), 6);
    assert_eq!(t(&|s| s.pinned = true), 6);
    assert_eq!(
        t(&|s| {
            s.cover = true;
            s.dark = true;
            s.sprinting = true
        }),
        10
    );
}

/// "If the attacking model is not within a 90' arc view of the target model ... the attacking
/// model can increase the strength of their weapon by two points": by default the number after
/// the K (4 - 2 = 2); the option `BlindSide::Strength` raises the S cap instead.
#[test]
fn the_blind_side_by_either_reading() {
    let mut s = shot(3);
    s.blind_side = true;
    let n = numbers(&s);
    assert_eq!((n.wound_target, n.wound_cap), (2, 1));
    let strength = ShotRules {
        blind_side: BlindSide::Strength,
        ..Default::default()
    };
    let n = s.numbers(strength).unwrap();
    assert_eq!((n.wound_target, n.wound_cap), (4, 3));
}

/// A die totalling 18 (6, 6, 6) is a critical: double damage, and suppressive fire rolls to
/// wound; all 1s are a fumble.
#[test]
fn criticals_and_fumbles() {
    let mut s = shot(2);
    s.mode = FireMode::Suppressive;
    s.range = 4.0;
    let n = numbers(&s);
    let mut d = Dice::new(1);
    // 4 dice (RC 2 + 2): 2, 3, 5, 4: one hit, no wound roll.
    d.force(&[2, 3, 5, 4]);
    let r = roll_shot(&mut d, &n, ShotRules::default(), "suppressive").unwrap();
    assert_eq!((r.hits, r.wounds), (1, 0));
    assert!(r.to_wound.is_none());
    // 6, 6, 6, 1 = 19: a critical; the wound roll happens, and 1 wound (S1) counts twice.
    d.force(&[6, 6, 6, 1, 1, 1, 1, 5]);
    let r = roll_shot(&mut d, &n, ShotRules::default(), "suppressive").unwrap();
    assert!(r.critical && !r.fumble);
    assert_eq!((r.hits, r.wounds), (1, 2));
    d.force(&[1, 1, 1, 1]);
    let r = roll_shot(&mut d, &n, ShotRules::default(), "suppressive").unwrap();
    assert!(r.fumble && r.hits == 0);
}

/// Brute force: every face sequence of every die, walked until its pass, its critical and its
/// 1 are settled; hits and wounds counted as the rules say.
fn brute(n: &ShotNumbers, rules: ShotRules) -> (Vec<f64>, Vec<f64>) {
    // One die's settled outcomes: (total reaches t, total reaches 18, face 1) with chances.
    fn die(t: u32, reach: u32) -> Vec<(bool, bool, bool, f64)> {
        let mut out = Vec::new();
        fn go(
            total: u32,
            first: u32,
            p: f64,
            t: u32,
            reach: u32,
            out: &mut Vec<(bool, bool, bool, f64)>,
        ) {
            for f in 1..=6u32 {
                let v = total + f;
                let first = if total == 0 { f } else { first };
                let q = p / 6.0;
                if f == 6 && v < reach {
                    go(v, first, q, t, reach, out);
                } else {
                    // Settled: a face below 6 ends the die; a 6 at `reach` or more settles both.
                    out.push((v >= t, v >= 18, first == 1, q));
                }
            }
        }
        go(0, 0, 1.0, t, reach, &mut out);
        out
    }
    // Face sequences that settle alike are summed, so that dice combinations stay few.
    fn merged(v: Vec<(bool, bool, bool, f64)>) -> Vec<(bool, bool, bool, f64)> {
        let mut out: Vec<(bool, bool, bool, f64)> = Vec::new();
        for (a, b, c, q) in v {
            match out.iter_mut().find(|o| (o.0, o.1) == (a, b)) {
                Some(o) => o.3 += q,
                None => out.push((a, b, c, q)),
            }
        }
        out
    }
    let t = threshold(n.target, rules.high_targets).max(1) as u32;
    let hit_die = merged(die(t, t.max(18)));
    let wt = threshold(n.wound_target, rules.high_targets).max(1) as u32;
    let wound_die = merged(die(wt, wt));
    let mut hits = vec![0.0; 16];
    let mut wounds = vec![0.0; 32];
    // Every combination of the n to-hit dice.
    let mut combos: Vec<(usize, bool, f64)> = vec![(0, false, 1.0)];
    for _ in 0..n.dice {
        let mut next = Vec::new();
        for (p, c, q) in &combos {
            for (pass, crit, _, r) in &hit_die {
                next.push((p + *pass as usize, *c || *crit, q * r));
            }
        }
        combos = next;
    }
    for (p, crit, q) in combos {
        let h = p.min(n.cap as usize);
        hits[h] += q;
        if h == 0 || !(n.wounds_rolled || crit) {
            wounds[0] += q;
            continue;
        }
        let mut wc: Vec<(usize, f64)> = vec![(0, 1.0)];
        for _ in 0..h {
            let mut next = Vec::new();
            for (k, qq) in &wc {
                for (pass, _, _, r) in &wound_die {
                    next.push((k + *pass as usize, qq * r));
                }
            }
            wc = next;
        }
        for (k, qq) in wc {
            let w = k.min(n.wound_cap as usize);
            wounds[if crit { 2 * w } else { w }] += q * qq;
        }
    }
    (hits, wounds)
}

/// `shot_odds` (the game's preview and `wartable odds kry-gothic`) against brute force, over
/// modes, ranges, covers, the blind side and both readings of high targets.
#[test]
fn odds_match_brute_force_enumeration() {
    let mut checked = 0;
    for rc in [1u8, 2, 3] {
        for mode in FireMode::ALL {
            for (range, cover) in [(1.5, false), (4.0, true), (6.5, false), (7.0, true)] {
                for blind in [false, true] {
                    for high in [HighTargets::Sum, HighTargets::Table] {
                        let mut s = shot(rc);
                        s.mode = mode;
                        s.range = range;
                        s.cover = cover;
                        s.blind_side = blind;
                        s.weapon = WeaponStats::parse("3K2S2").unwrap();
                        let rules = ShotRules {
                            high_targets: high,
                            ..Default::default()
                        };
                        let Ok(n) = s.numbers(rules) else { continue };
                        let o = shot_odds(&n, rules);
                        let (bh, bw) = brute(&n, rules);
                        for (k, p) in o.hits.iter().enumerate() {
                            assert!(
                                (p - bh[k]).abs() < 1e-9,
                                "{s:?} hits[{k}]: {p} vs {}",
                                bh[k]
                            );
                        }
                        for (k, p) in o.wounds.iter().enumerate() {
                            assert!(
                                (p - bw[k]).abs() < 1e-9,
                                "{s:?} wounds[{k}]: {p} vs {}",
                                bw[k]
                            );
                        }
                        let sum: f64 = o.wounds.iter().sum();
                        assert!((sum - 1.0).abs() < 1e-9);
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 150, "{checked} cases");
}

/// `wartable odds kry-gothic ... --json` prints `{"hits": [...], "wounds": [...]}` from the same
/// code; a shot out of range is refused with exit 2.
#[test]
fn the_odds_command_prints_the_same_odds() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
            .args(["odds", "kry-gothic"])
            .args(args)
            .output()
            .expect("runs")
    };
    let out = run(&[
        "--rc", "3", "--weapon", "3K2S1", "--body", "3", "--armour", "3", "--range", "7",
        "--cover", "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut s = shot(3);
    s.range = 7.0;
    s.cover = true;
    let o = shot_odds(&numbers(&s), ShotRules::default());
    // JSON numbers come back within a rounding of the last bit.
    let same = |a: &[f64], b: &[f64]| {
        assert_eq!(a.len(), b.len(), "{a:?} vs {b:?}");
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-12, "{a:?} vs {b:?}");
        }
    };
    let got = |k: &str| -> Vec<f64> {
        v[k].as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect()
    };
    same(&got("hits"), &o.hits);
    same(&got("wounds"), &o.wounds);
    assert_eq!(
        got("hits").len(),
        2,
        "7\" takes the pistol to 1K: 0 or 1 hit"
    );
    let bad = run(&[
        "--rc", "3", "--weapon", "3K2S1", "--body", "3", "--range", "9",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("out of range"));
    let bad = run(&["--rc", "3", "--weapon", "3Q2", "--body", "3"]);
    assert_eq!(bad.status.code(), Some(2));
}
