//! "Dice and their use": exploding sixes, targets of 7 and over, attribute checks (keep dice as the
//! game uses them, a cap on passing dice, are tested with the shots in `ranged`).

use wartable::dice::Dice;
use wartable::rules::kry::dice::{
    HighTargets, attribute_check, p_at_least, p_pass, passes, roll, threshold,
};

/// "if a three dice are rolled that come out 3, 4 and 6, the 6 is re-rolled, and comes up 3. This
/// means the final dice rolls are 3, 4 and 9 (6+3)."
#[test]
fn rolling_sixes_re_rolls_and_adds() {
    let mut d = Dice::new(1);
    d.force(&[3, 4, 6, 3]);
    let r = roll(&mut d, 3, "example").unwrap();
    assert_eq!(r.totals, vec![3, 4, 9]);
    assert_eq!(r.faces, vec![3, 4, 6]);
    // The pattern repeats: 6, 6, 2 is one die of 14.
    d.force(&[6, 6, 2]);
    assert_eq!(roll(&mut d, 1, "twice").unwrap().totals, vec![14]);
    // The roll is logged with its reason.
    let last = d.log().last().unwrap();
    assert_eq!(last.purpose, "twice");
    assert_eq!(last.expr, "1d6!");
}

/// "if a strength roll requires a 5 to pass, and the model has 2 strength, the player rolls 2
/// dice and takes the highest roll he got. Assuming the player rolled a 4 and a 6, he takes the
/// 6 ... which is enough to pass the test."
#[test]
fn the_strength_check() {
    let mut d = Dice::new(1);
    d.force(&[4, 6, 1]);
    let (pass, r) = attribute_check(&mut d, 2, 5, HighTargets::Sum, "Strength 2 vs 5").unwrap();
    assert!(pass);
    assert_eq!(r.highest(), 7);
    d.force(&[4, 3]);
    let (pass, _) = attribute_check(&mut d, 2, 5, HighTargets::Sum, "Strength 2 vs 5").unwrap();
    assert!(!pass, "4 and 3 do not reach 5");
    // An attribute of 0 (a Willpower of 1 halved) rolls no dice and passes nothing, even a
    // target of 0 that a die of any face would reach.
    let before = d.log().len();
    let (pass, r) = attribute_check(&mut d, 0, 0, HighTargets::Sum, "Willpower 0 vs 0").unwrap();
    assert!(!pass && r.totals.is_empty());
    assert_eq!(d.log().len(), before, "no dice rolled");
}

/// "7+: Pass on a roll of 3 or higher [after a 6] ... 11+: You need a roll of a 6, then a second
/// 6, then a 3 or higher" (the table) against example 3 of ranged combat, where 8, 7 and 8 pass a
/// target of 7 (the sum): both readings, as the option `HighTargets`.
#[test]
fn targets_of_seven_and_over_both_readings() {
    // The sum: 6+1 passes 7.
    assert!(passes(7, 7, HighTargets::Sum));
    assert!(!passes(6, 7, HighTargets::Sum));
    // The table: 7+ is a 6 then 3 or higher (a total of 9); 10+ a 6 then a 6 (12).
    assert!(!passes(8, 7, HighTargets::Table));
    assert!(passes(9, 7, HighTargets::Table));
    assert_eq!(threshold(8, HighTargets::Table), 10);
    assert_eq!(threshold(10, HighTargets::Table), 12);
    // 11+: 6, 6, then 3 or higher = 15; 14+: 6, 6, 6 = 18; 15+: 6, 6, 6, 3+ = 21.
    assert_eq!(threshold(11, HighTargets::Table), 15);
    assert_eq!(threshold(14, HighTargets::Table), 18);
    assert_eq!(threshold(15, HighTargets::Table), 21);
    // Targets up to 6 read the same either way.
    for t in 1..=6 {
        assert_eq!(threshold(t, HighTargets::Table), t);
    }
    // Chances: 7+ is 1/6 (sum) or 1/6 x 4/6 (table); 11+ (table) 1/36 x 4/6.
    assert!((p_pass(7, HighTargets::Sum) - 1.0 / 6.0).abs() < 1e-12);
    assert!((p_pass(7, HighTargets::Table) - 4.0 / 36.0).abs() < 1e-12);
    assert!((p_pass(11, HighTargets::Table) - 4.0 / 216.0).abs() < 1e-12);
    assert!((p_at_least(13) - 1.0 / 36.0).abs() < 1e-12);
}

/// The chance of a total, against counting every face sequence of an exploding d6.
#[test]
fn exploding_chances_against_enumeration() {
    // P(total >= t) by walking faces to a depth of 4 (totals up to 24 are exact).
    fn walk(total: u32, depth: u32, p: f64, t: u32) -> f64 {
        (1..=6u32)
            .map(|f| {
                let v = total + f;
                let q = p / 6.0;
                if f == 6 && depth < 4 {
                    walk(v, depth + 1, q, t)
                } else if v >= t {
                    q
                } else {
                    0.0
                }
            })
            .sum()
    }
    for t in 1..=20 {
        let exact = walk(0, 1, 1.0, t);
        assert!((p_at_least(t as i32) - exact).abs() < 1e-9, "t = {t}");
    }
}
