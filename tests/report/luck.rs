//! The luck figures against cases worked out by hand: a roll's percentile, a side's sum of
//! results against its expectation in standard deviations, and the distributions of the dice
//! expressions against brute-force enumeration.

use wartable::dice::{Dice, DiceExpr, Roll};
use wartable::rules::core::luck::{Counted, Dist, Skip, extremes, roll_luck, side_luck};

fn rolled(expr: &str, dice: &[u32]) -> Roll {
    let mut d = Dice::new(1);
    d.force(dice);
    d.roll(expr, "test").unwrap()
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-9, "{a} is not {b}");
}

#[test]
fn a_2d6_roll_of_10_stands_at_the_87_5th_percentile() {
    // 30 of the 36 throws of 2d6 make less than 10, 3 make 10: (30 + 3/2) / 36 = 87.5%.
    let r = rolled("2d6", &[4, 6]);
    let l = roll_luck(&Counted {
        roll: &r,
        side: 1,
        round: 1,
        high_is_good: true,
    })
    .unwrap();
    close(l.percentile, 87.5);
    close(l.luck, 87.5);
    close(l.mean, 7.0);
    close(l.variance, 35.0 / 6.0);
    // The same roll where a low total is good is unlucky by as much.
    let low = roll_luck(&Counted {
        roll: &r,
        side: 1,
        round: 1,
        high_is_good: false,
    })
    .unwrap();
    close(low.luck, 12.5);
}

#[test]
fn a_side_s_three_rolls_against_their_expectation_in_standard_deviations() {
    // Side 1: 2d6 = 10 (mean 7, variance 35/6), 1d6 = 2 (3.5, 35/12), and a d20 where low is
    // good = 5 (10.5, 399/12). In the side's favour: +3 - 1.5 + 5.5 = 7; variances add to 42.
    // Side 2: one d6 of 6 (+2.5 over sqrt(35/12)), in round 2.
    let rolls = [
        rolled("2d6", &[5, 5]),
        rolled("1d6", &[2]),
        rolled("1d20", &[5]),
        rolled("1d6", &[6]),
    ];
    let counted = [(1, 1, true), (1, 2, true), (1, 2, false), (2, 2, true)];
    let lucks: Vec<_> = rolls
        .iter()
        .zip(counted)
        .map(|(roll, (side, round, high_is_good))| {
            roll_luck(&Counted {
                roll,
                side,
                round,
                high_is_good,
            })
            .unwrap()
        })
        .collect();
    let s1 = side_luck(&lucks, 1, None);
    assert_eq!((s1.rolls, s1.sum), (3, 17));
    close(s1.expected, 21.0);
    close(s1.sd, 42f64.sqrt());
    close(s1.z, 7.0 / 42f64.sqrt());
    // Round 2 of side 1: -1.5 + 5.5 = 4 over sqrt(35/12 + 399/12) = sqrt(434/12).
    let r2 = side_luck(&lucks, 1, Some(2));
    assert_eq!(r2.rolls, 2);
    close(r2.z, 4.0 / (434.0f64 / 12.0).sqrt());
    let s2 = side_luck(&lucks, 2, None);
    close(s2.z, 2.5 / (35.0f64 / 12.0).sqrt());
    assert_eq!(side_luck(&lucks, 3, None).z, 0.0);
    // The luckiest: the d6 of 6 (91.67), the 2d6 of 10 (87.5), the d20 of 5 (low is good:
    // 100 - 22.5 = 77.5); the unluckiest: the d6 of 2 (25).
    let (lucky, unlucky) = extremes(&lucks, 3);
    assert_eq!(
        lucky.iter().map(|r| r.total).collect::<Vec<_>>(),
        [6, 10, 5]
    );
    close(lucky[2].luck, 77.5);
    assert_eq!(unlucky[0].total, 2);
    close(unlucky[0].percentile, 25.0);
}

/// Every way `n` dice of `s` sides fall, each equally likely.
fn throws(n: u32, s: u32) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|t| {
                (1..=s).map(move |v| {
                    let mut t = t.clone();
                    t.push(v);
                    t
                })
            })
            .collect();
    }
    all
}

fn brute(n: u32, s: u32, total: impl Fn(&mut Vec<u32>) -> i64) -> Dist {
    let all = throws(n, s);
    let w = 1.0 / all.len() as f64;
    let mut by: std::collections::BTreeMap<i64, f64> = Default::default();
    for mut t in all {
        *by.entry(total(&mut t)).or_default() += w;
    }
    let min = *by.keys().next().unwrap();
    let max = *by.keys().last().unwrap();
    Dist {
        min,
        p: (min..=max)
            .map(|x| by.get(&x).copied().unwrap_or(0.0))
            .collect(),
    }
}

fn same(a: &Dist, b: &Dist) {
    assert_eq!((a.min, a.p.len()), (b.min, b.p.len()), "{a:?} vs {b:?}");
    for (x, y) in a.p.iter().zip(&b.p) {
        close(*x, *y);
    }
}

#[test]
fn kept_dice_match_brute_force_enumeration() {
    let d = Dist::of(&DiceExpr::parse("4d6kh3").unwrap()).unwrap();
    same(
        &d,
        &brute(4, 6, |t| {
            t.sort();
            t[1..].iter().map(|v| *v as i64).sum()
        }),
    );
    close(d.mean(), 15869.0 / 1296.0);
    let d = Dist::of(&DiceExpr::parse("3d8kl2+1").unwrap()).unwrap();
    same(
        &d,
        &brute(3, 8, |t| {
            t.sort();
            t[..2].iter().map(|v| *v as i64).sum::<i64>() + 1
        }),
    );
}

#[test]
fn a_re_roll_of_ones_and_exploding_sixes_match_their_odds() {
    // 1d6r1: a 1 is rolled again, so each face 2..6 has 1/6 + 1/36 and a 1 has 1/36.
    let d = Dist::of(&DiceExpr::parse("1d6r1").unwrap()).unwrap();
    close(d.at(1), 1.0 / 36.0);
    close(d.at(4), 7.0 / 36.0);
    // 2d4r2 against enumerating the first throw and, for a low die, its second throw.
    let d = Dist::of(&DiceExpr::parse("2d4r2").unwrap()).unwrap();
    let all = throws(4, 4);
    let w = 1.0 / all.len() as f64;
    let mut by = [0.0; 9];
    for t in all {
        let a = if t[0] <= 2 { t[1] } else { t[0] };
        let b = if t[2] <= 2 { t[3] } else { t[2] };
        by[(a + b) as usize] += w;
    }
    for x in 2..=8 {
        close(d.at(x), by[x as usize]);
    }
    // 1d6!: a 6 adds another die, so 6 itself cannot be the total, 7 has 1/36, the mean is
    // 3.5 / (1 - 1/6) = 4.2.
    let d = Dist::of(&DiceExpr::parse("1d6!").unwrap()).unwrap();
    close(d.at(6), 0.0);
    close(d.at(7), 1.0 / 36.0);
    close(d.at(13), 1.0 / 216.0);
    close(d.mean(), 4.2);
    close(d.p.iter().sum::<f64>(), 1.0);
    // Keeping some dice of an exploding roll is not computed, and says why.
    assert_eq!(
        Dist::of(&DiceExpr::parse("3d6kh2!").unwrap()),
        Err(Skip::KeepWithExplosions)
    );
}

/// In a KOG light battle, an attack roll counts for the attacker's side and the Defense roll
/// against it for the target's side: the sides of the two rolls of one attack differ.
#[test]
fn a_defense_roll_counts_for_the_defender_not_the_side_that_gave_the_command() {
    use wartable::rules::core::game::Game;
    use wartable::rules::core::luck_replay::game_luck;
    use wartable::rules::core::{QuickSetup, RuleSet};
    use wartable::rules::kog::Kog;
    let mut g = Game::<Kog>::new(
        Kog::quick_setup(&QuickSetup {
            seed: 3,
            ..Default::default()
        })
        .unwrap(),
    )
    .unwrap();
    g.self_play(400);
    let luck = game_luck::<Kog>(&g.setup, &g.log).unwrap();
    let mut pairs = 0;
    for r in &luck.by_command {
        let rolls = &luck.rolls[r.clone()];
        for a in rolls.iter().filter(|x| x.purpose.contains(" attacks ")) {
            // "X attacks Y with ..." is followed by "Y defends against X".
            let target = a.purpose.split(" attacks ").nth(1).unwrap();
            let target = target.split(" with ").next().unwrap();
            if let Some(d) = rolls.iter().find(|d| {
                d.seq > a.seq && d.purpose.starts_with(&format!("{target} defends against"))
            }) {
                assert_ne!(a.side, d.side, "{} / {}", a.purpose, d.purpose);
                pairs += 1;
            }
        }
    }
    assert!(pairs >= 3, "attacks with a Defense roll: {pairs}");
    // Both sides have rolls of both kinds.
    for side in [1, 2] {
        assert!(luck.rolls.iter().any(|r| r.side == side));
    }
}

/// A DnDalike damage die is a secret of the wounded seat: a game that is not over leaves those
/// rolls out of the luck figures (and says how many); once it is over they count.
#[test]
fn secret_damage_dice_count_only_once_the_game_is_over() {
    use wartable::rules::core::game::Game;
    use wartable::rules::core::luck::Skip;
    use wartable::rules::core::luck_replay::game_luck;
    use wartable::rules::core::{QuickSetup, RuleSet};
    use wartable::rules::dndalike::Dndalike;
    let mut g = Game::<Dndalike>::new(
        Dndalike::quick_setup(&QuickSetup {
            seed: 3,
            ..Default::default()
        })
        .unwrap(),
    )
    .unwrap();
    // Play until some secret damage has been rolled, but not to the end.
    while !g.dice.log().iter().any(|r| r.secret.is_some()) {
        assert_eq!(g.self_play(1), 1, "the fight goes on");
    }
    assert!(!g.is_over());
    let early = game_luck::<Dndalike>(&g.setup, &g.log).unwrap();
    assert!(!early.secrets_shown);
    let secrets = g.dice.log().iter().filter(|r| r.secret.is_some()).count();
    assert_eq!(
        early
            .skipped
            .iter()
            .filter(|(_, _, why)| *why == Skip::Secret)
            .count(),
        secrets
    );
    assert!(early.rolls.iter().all(|r| r.purpose != "damage (secret)"));
    g.self_play(100_000);
    assert!(g.is_over());
    let end = game_luck::<Dndalike>(&g.setup, &g.log).unwrap();
    assert!(end.secrets_shown);
    assert!(end.skipped.iter().all(|(_, _, why)| *why != Skip::Secret));
    // Counted for the wounded seat, where a low total is the good one.
    let damage: Vec<_> = end
        .rolls
        .iter()
        .filter(|r| r.purpose == "damage (secret)")
        .collect();
    assert!(damage.len() >= secrets);
    assert!(damage.iter().all(|r| !r.high_is_good));
}
