//! Dice: determinism under a seed, distributions, expressions, forced and typed-in results.

use wartable::dice::{Dice, DiceError, DiceExpr, DieSource, Keep};

fn totals(d: &mut Dice, expr: &str, n: usize) -> Vec<i64> {
    (0..n)
        .map(|_| d.roll(expr, "test").unwrap().total)
        .collect()
}

#[test]
fn same_seed_same_rolls_other_seed_other_rolls() {
    let a = totals(&mut Dice::new(42), "3d6", 200);
    let b = totals(&mut Dice::new(42), "3d6", 200);
    let c = totals(&mut Dice::new(43), "3d6", 200);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn the_generator_position_restores_the_sequence() {
    let mut d = Dice::new(9);
    totals(&mut d, "2d6", 17);
    let pos = d.word_pos();
    let next = totals(&mut d, "d20", 30);
    let mut e = Dice::new(9);
    e.set_word_pos(pos);
    assert_eq!(totals(&mut e, "d20", 30), next);
}

#[test]
fn every_die_size_is_uniform_within_tolerance() {
    let mut d = Dice::new(2024);
    for sides in [4u32, 6, 8, 10, 20, 100] {
        let n = 2000 * sides as usize;
        let mut counts = vec![0usize; sides as usize];
        for _ in 0..n {
            let v = d.roll(&format!("d{sides}"), "uniformity").unwrap().total as usize;
            assert!((1..=sides as usize).contains(&v));
            counts[v - 1] += 1;
        }
        // Chi-square with sides-1 degrees of freedom; the bound is far above the 99.9% quantile.
        let expected = n as f64 / sides as f64;
        let chi: f64 = counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum();
        let bound = sides as f64 * 2.0 + 30.0;
        assert!(
            chi < bound,
            "d{sides}: chi-square {chi} over {bound}: {counts:?}"
        );
    }
}

#[test]
fn mean_of_3d6_is_close_to_10_5() {
    let mut d = Dice::new(5);
    let t = totals(&mut d, "3d6", 20_000);
    let mean = t.iter().sum::<i64>() as f64 / t.len() as f64;
    assert!((mean - 10.5).abs() < 0.1, "mean {mean}");
}

#[test]
fn forced_results_come_first_and_are_marked() {
    let mut d = Dice::new(1);
    d.force(&[6, 6, 1]);
    let r = d.roll("3d6", "forced").unwrap();
    assert_eq!(r.kept(), vec![6, 6, 1]);
    assert_eq!(r.total, 13);
    assert!(r.dice.iter().all(|x| x.source == DieSource::Forced));
    assert_eq!(d.forced_pending(), 0);
    let r = d.roll("d6", "seeded").unwrap();
    assert_eq!(r.dice[0].source, DieSource::Seeded);
}

#[test]
fn a_forced_result_a_die_cannot_show_is_refused() {
    let mut d = Dice::new(1);
    d.force(&[7]);
    assert_eq!(
        d.roll("d6", "bad"),
        Err(DiceError::BadResult { sides: 6, value: 7 })
    );
    assert!(d.log().is_empty());
}

#[test]
fn keep_highest_and_lowest() {
    let mut d = Dice::new(1);
    d.force(&[2, 5, 3, 6]);
    let r = d.roll("4d6kh3", "keep").unwrap();
    assert_eq!(r.kept(), vec![5, 3, 6]);
    assert_eq!(r.total, 14);
    d.force(&[17, 4]);
    let r = d.roll("2d20kl1", "disadvantage").unwrap();
    assert_eq!(r.kept(), vec![4]);
    assert_eq!(r.total, 4);
}

#[test]
fn reroll_replaces_low_dice_once() {
    let mut d = Dice::new(1);
    // 1 is re-rolled into 1 again (kept: only one re-roll), 4 stays, 2 is re-rolled into 5.
    d.force(&[1, 1, 4, 2, 5]);
    let r = d.roll("3d6r2", "re-roll").unwrap();
    assert_eq!(r.kept(), vec![1, 4, 5]);
    assert_eq!(r.dice.iter().filter(|x| x.rerolled).count(), 2);
    assert_eq!(r.total, 10);
}

#[test]
fn exploding_sixes_add_dice() {
    let mut d = Dice::new(1);
    d.force(&[6, 6, 3, 2]);
    let r = d.roll("2d6!", "explode").unwrap();
    assert_eq!(r.kept(), vec![6, 6, 3, 2]);
    assert_eq!(r.dice.iter().filter(|x| x.from_explosion).count(), 2);
    assert_eq!(r.total, 17);
}

#[test]
fn modifiers_and_the_log() {
    let mut d = Dice::new(1);
    d.force(&[4]);
    let r = d.roll("d6+2", "Rough landing").unwrap();
    assert_eq!(r.total, 6);
    d.force(&[4]);
    assert_eq!(d.roll("1d6-3", "minus").unwrap().total, 1);
    assert_eq!(d.log().len(), 2);
    assert_eq!(d.log()[0].purpose, "Rough landing");
    assert_eq!(d.log()[0].seq, 1);
    assert_eq!(d.log()[1].seq, 2);
    assert!(d.log()[0].describe().contains("Rough landing"));
}

#[test]
fn expressions_parse_and_print_back() {
    for s in [
        "3d6", "4d6kh3", "2d20kl1", "3d6r1", "2d6!", "1d100+5", "2d8-1", "1d4", "1d10",
    ] {
        assert_eq!(DiceExpr::parse(s).unwrap().to_string(), s);
    }
    let e = DiceExpr::parse(" D6 ").unwrap();
    assert_eq!((e.count, e.sides), (1, 6));
    assert_eq!(
        DiceExpr::parse("4d6kh3").unwrap().keep,
        Some(Keep::Highest(3))
    );
}

#[test]
fn bad_expressions_are_refused_with_a_reason() {
    for s in [
        "", "d", "3d7", "0d6", "2d6kh3", "3d6r6", "abc", "3d6x", "201d6", "2d6+", "d6kx1",
    ] {
        let e = DiceExpr::parse(s);
        assert!(
            matches!(e, Err(DiceError::Parse { .. })),
            "{s:?} gave {e:?}"
        );
    }
}

#[test]
fn typed_in_results_must_fit_the_roll_exactly() {
    let mut d = Dice::new(1);
    let r = d.roll_entered("2d6", "physical dice", &[3, 5]).unwrap();
    assert_eq!(r.total, 8);
    assert!(r.dice.iter().all(|x| x.source == DieSource::Entered));
    assert_eq!(
        d.roll_entered("2d6", "short", &[3]),
        Err(DiceError::NotEnoughResults { given: 1 })
    );
    assert_eq!(
        d.roll_entered("2d6", "long", &[3, 4, 5]),
        Err(DiceError::TooManyResults { extra: 1 })
    );
    assert_eq!(
        d.roll_entered("2d6", "bad", &[3, 9]),
        Err(DiceError::BadResult { sides: 6, value: 9 })
    );
    // An exploding roll needs the extra die typed in too.
    let r = d.roll_entered("1d6!", "explode", &[6, 2]).unwrap();
    assert_eq!(r.total, 8);
    assert_eq!(d.log().len(), 2);
}
