//! "Chapter 4: Close Combat": the six steps with the text's examples, the attack and defence
//! types, weapon effects, and the exact odds against brute force.

use wartable::dice::Dice;
use wartable::rules::kry::close::{
    AttackType, Circumstances, CloseNumbers, Defence, DeflectBreak, Fighter, close_odds,
    deflect_breaks, extra_wound_cost, numbers, roll_close,
};
use wartable::rules::kry::dice::{HighTargets, p_pass};

/// The text's attacker: "CC 4 and Strength 3".
fn attacker() -> Fighter {
    Fighter {
        cc: 4,
        strength: 3,
        speed: 3,
        body: 2,
        armour: 0,
        weapon: None,
        armour_piercing: false,
        multiple_wounds: false,
        wrap: false,
    }
}

/// The text's defender: CC 3, Speed 4; Body 2 with a flak jacket's +4.
fn defender() -> Fighter {
    Fighter {
        cc: 3,
        strength: 2,
        speed: 4,
        body: 2,
        armour: 4,
        weapon: None,
        armour_piercing: false,
        multiple_wounds: false,
        wrap: false,
    }
}

fn n(a: &Fighter, d: &Fighter, at: AttackType, def: Defence) -> CloseNumbers {
    numbers(a, d, at, def, Circumstances::default()).unwrap()
}

/// "So if the player has CC 4 and Strength 3, he can roll 4 dice and keep up to 3 that pass the
/// target number of the other players CC stat." Example #1: "the defending player chose to use
/// passive defence ... rolls the amount of dice equal to his CC stat (CC 3), keeping the amount of
/// dice equal to his speed stat ... He rolls a 4, 3 and a 5. His target number was the opposing
/// players CC stat, which was 5 (since he chose to kick). One dice passed ... reducing it from 3
/// to 2."
#[test]
fn example_one_passive_defence_against_a_kick() {
    let punch = n(
        &attacker(),
        &defender(),
        AttackType::Punch,
        Defence::Passive,
    );
    assert_eq!(
        (punch.hit_dice, punch.hit_keep, punch.hit_target),
        (4, 4, 3)
    );
    let kick = n(&attacker(), &defender(), AttackType::Kick, Defence::Passive);
    assert_eq!((kick.hit_dice, kick.hit_keep, kick.hit_target), (5, 3, 3));
    assert_eq!(
        (kick.avoid_dice, kick.avoid_keep, kick.avoid_target),
        (3, 4, 5)
    );
    let mut d = Dice::new(1);
    // To hit 3+: 5, 4, 3 pass and 2, 1 fail: 3 dice pass. To avoid: 4, 3, 5. To wound 6+: 6
    // (then 1) and 2.
    d.force(&[5, 4, 3, 2, 1, 4, 3, 5, 6, 1, 2]);
    let r = roll_close(&mut d, &kick, HighTargets::Sum, "kick").unwrap();
    assert_eq!((r.hits, r.avoided, r.through), (3, 1, 2));
    assert_eq!(r.wound_passes, 1);
}

/// Example #2: "He chooses the defence 'deflect', adding +2CC. He rolls 5 dice, and gets 6, 4, 1,
/// 5, 3. He can keep 4 dice ... He removes 2 dice from the attackers pool, leaving him with 1.
/// ... he must make a roll of 4 (base 2+2) to see if the weapon breaks. He rolls a 4 and is ok."
/// The rule says "On a 6 the weapon breaks": both readings, as the option `DeflectBreak`.
#[test]
fn example_two_deflect_and_the_weapon_break() {
    let kick = n(&attacker(), &defender(), AttackType::Kick, Defence::Deflect);
    assert_eq!(
        (kick.avoid_dice, kick.avoid_keep, kick.avoid_target),
        (5, 4, 5)
    );
    let mut d = Dice::new(1);
    d.force(&[5, 4, 3, 2, 1, 6, 2, 4, 1, 5, 3, 3]);
    let r = roll_close(&mut d, &kick, HighTargets::Sum, "kick").unwrap();
    assert_eq!((r.hits, r.avoided, r.through), (3, 2, 1));
    for reading in [DeflectBreak::OnSix, DeflectBreak::Example] {
        assert!(!deflect_breaks(4, 2, reading), "{reading:?}: a 4 is ok");
    }
    assert!(deflect_breaks(3, 2, DeflectBreak::Example));
    assert!(!deflect_breaks(3, 2, DeflectBreak::OnSix));
    assert!(deflect_breaks(6, 2, DeflectBreak::OnSix));
    assert!(!deflect_breaks(6, 2, DeflectBreak::Example));
}

/// "The attacker had one dice make it through, and rolls it against a target of 6 (defender has
/// body 2, and a flack jacket that confers +4 to his body stat). He rolls a 6 and strikes the
/// target for 1 wound."
#[test]
fn the_flak_jacket_wound() {
    let nn = n(
        &attacker(),
        &defender(),
        AttackType::Punch,
        Defence::Passive,
    );
    assert_eq!(nn.wound_target, 6);
    let mut d = Dice::new(1);
    // To hit: 3, 1, 1, 1 (one pass); to avoid: 1, 1, 1; to wound: 6 then 2.
    d.force(&[3, 1, 1, 1, 1, 1, 1, 6, 2]);
    let r = roll_close(&mut d, &nn, HighTargets::Sum, "punch").unwrap();
    assert_eq!((r.hits, r.through, r.wound_passes), (1, 1, 1));
    // "2 AP for the second wound, 3 AP for the third".
    assert_eq!(
        (
            extra_wound_cost(1),
            extra_wound_cost(2),
            extra_wound_cost(3)
        ),
        (0, 2, 3)
    );
}

/// The attack types' changes, the weapon's "cc/str", armour piercing, the charge and the
/// initiator's bonus, fear's halving.
#[test]
fn attack_types_weapons_and_circumstances() {
    let mut a = attacker();
    let d = defender();
    assert!(
        numbers(
            &a,
            &d,
            AttackType::Weapon,
            Defence::Passive,
            Default::default()
        )
        .is_err()
    );
    // "Weapon: Axe ... Stats: -1cc/+2str ... Armor piercing": CC 3, keep 5, armour 4 - 2.
    a.weapon = Some((-1, 2));
    a.armour_piercing = true;
    let axe = n(&a, &d, AttackType::Weapon, Defence::Passive);
    assert_eq!((axe.hit_dice, axe.hit_keep, axe.wound_target), (3, 5, 4));
    assert_eq!(
        n(&a, &d, AttackType::HeadButt, Defence::Passive).wound_target,
        5
    );
    assert_eq!(n(&a, &d, AttackType::Shove, Defence::Passive).hit_dice, 6);
    assert_eq!(n(&a, &d, AttackType::Bunt, Defence::Passive).hit_keep, 5);
    assert!(!n(&a, &d, AttackType::Tackle, Defence::Passive).wound_roll);
    let c = Circumstances {
        charged: true,
        defender_charged_first: false,
        ..Default::default()
    };
    assert_eq!(
        numbers(&a, &d, AttackType::Kick, Defence::Passive, c)
            .unwrap()
            .hit_dice,
        7
    );
    let c = Circumstances {
        initiator_first_round: true,
        ..Default::default()
    };
    assert_eq!(
        numbers(&a, &d, AttackType::Kick, Defence::Passive, c)
            .unwrap()
            .hit_dice,
        6
    );
    // The charger's "body stat of -2 for the first attack the opponent has".
    let c = Circumstances {
        defender_charged_first: true,
        ..Default::default()
    };
    assert_eq!(
        numbers(&a, &d, AttackType::Kick, Defence::Passive, c)
            .unwrap()
            .wound_target,
        4
    );
    // A defender afraid of a fear-causer halves its CC: the target and its own dice.
    let c = Circumstances {
        defender_afraid: true,
        ..Default::default()
    };
    let f = numbers(&a, &d, AttackType::Kick, Defence::Passive, c).unwrap();
    assert_eq!((f.hit_target, f.avoid_dice), (1, 1));
}

/// The defence types: parry adds the weapon's cc, and only weapon against weapon, never with a
/// wrapping weapon and to no avail against one; dodge +2 Speed; block uses Str; counter attack takes no dice away.
#[test]
fn defence_types() {
    let mut a = attacker();
    a.weapon = Some((2, -1));
    let mut d = defender();
    assert!(
        numbers(
            &a,
            &d,
            AttackType::Weapon,
            Defence::Parry,
            Default::default()
        )
        .is_err()
    );
    d.weapon = Some((1, 1));
    assert_eq!(n(&a, &d, AttackType::Weapon, Defence::Parry).avoid_dice, 4);
    assert!(numbers(&a, &d, AttackType::Kick, Defence::Parry, Default::default()).is_err());
    d.wrap = true;
    assert!(
        numbers(
            &a,
            &d,
            AttackType::Weapon,
            Defence::Parry,
            Default::default()
        )
        .is_err()
    );
    d.wrap = false;
    // The attacker's wrap: "Opponent cannot use parry. If for some reason they do, their weapon
    // breaks automatically": the parry is allowed and adds nothing (the game breaks the weapon).
    a.wrap = true;
    assert_eq!(n(&a, &d, AttackType::Weapon, Defence::Parry).avoid_dice, 3);
    a.wrap = false;
    assert_eq!(n(&a, &d, AttackType::Kick, Defence::Dodge).avoid_keep, 6);
    assert_eq!(n(&a, &d, AttackType::Kick, Defence::Block).avoid_keep, 2);
    let counter = n(&a, &d, AttackType::Kick, Defence::CounterAttack);
    assert!(!counter.avoid_removes);
    let mut dice = Dice::new(1);
    // Kick 5 dice vs 3: 3, 3, 1, 1, 1 (2 pass); counter 3 dice vs 5: 5, 5, 5 (3 pass).
    dice.force(&[3, 3, 1, 1, 1, 5, 5, 5, 1, 1]);
    let r = roll_close(&mut dice, &counter, HighTargets::Sum, "kick").unwrap();
    assert_eq!((r.hits, r.avoided, r.through), (2, 3, 2));
}

/// `close_odds` against every face of every die (targets up to 6 here, so no die needs more
/// than its first face except a 6, which passes any target up to 7).
#[test]
fn close_odds_match_brute_force() {
    fn faces(n: u32) -> Vec<Vec<u32>> {
        let mut out = vec![vec![]];
        for _ in 0..n {
            out = out
                .into_iter()
                .flat_map(|v| {
                    (1..=6).map(move |f| {
                        let mut w = v.clone();
                        w.push(f);
                        w
                    })
                })
                .collect();
        }
        out
    }
    let mut a = attacker();
    a.cc = 3;
    let mut d = defender();
    d.cc = 2;
    d.armour = 1;
    for (at, def) in [
        (AttackType::Punch, Defence::Passive),
        (AttackType::Kick, Defence::Block),
        (AttackType::HeadButt, Defence::CounterAttack),
    ] {
        let nn = n(&a, &d, at, def);
        let o = close_odds(&nn, HighTargets::Sum);
        let mut through = [0.0; 8];
        let mut wounds = [0.0; 8];
        let p1 = (1.0f64 / 6.0).powi((nn.hit_dice + nn.avoid_dice) as i32);
        for hit in faces(nn.hit_dice) {
            let h = (hit.iter().filter(|v| **v as i32 >= nn.hit_target).count() as u32)
                .min(nn.hit_keep);
            for av in faces(nn.avoid_dice) {
                let a = (av.iter().filter(|v| **v as i32 >= nn.avoid_target).count() as u32)
                    .min(nn.avoid_keep);
                let t = if nn.avoid_removes {
                    h.saturating_sub(a)
                } else {
                    h
                };
                through[t as usize] += p1;
                let pw = p_pass(nn.wound_target, HighTargets::Sum);
                // The wound dice by the binomial: checked against faces in the ranged tests.
                let mut b = vec![1.0];
                for _ in 0..t {
                    let mut nb = vec![0.0; b.len() + 1];
                    for (k, q) in b.iter().enumerate() {
                        nb[k] += q * (1.0 - pw);
                        nb[k + 1] += q * pw;
                    }
                    b = nb;
                }
                for (k, q) in b.iter().enumerate() {
                    wounds[k] += p1 * q;
                }
            }
        }
        for (k, p) in o.through.iter().enumerate() {
            assert!(
                (p - through[k]).abs() < 1e-9,
                "{at:?} through[{k}] {p} vs {}",
                through[k]
            );
        }
        for (k, p) in o.wounds.iter().enumerate() {
            assert!(
                (p - wounds[k]).abs() < 1e-9,
                "{at:?} wounds[{k}] {p} vs {}",
                wounds[k]
            );
        }
    }
}

/// `wartable odds kry-gothic --close-combat ... --json` prints the same odds as `close_odds`.
#[test]
fn the_odds_command_for_close_combat() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args([
            "odds",
            "kry-gothic",
            "--close-combat",
            "--cc",
            "4",
            "--str",
            "3",
            "--attack",
            "kick",
            "--def-cc",
            "3",
            "--def-speed",
            "4",
            "--body",
            "2",
            "--armour",
            "4",
            "--defence",
            "deflect",
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
    let o = close_odds(
        &n(&attacker(), &defender(), AttackType::Kick, Defence::Deflect),
        HighTargets::Sum,
    );
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
    same(&got("through"), &o.through);
    same(&got("wounds"), &o.wounds);
}
