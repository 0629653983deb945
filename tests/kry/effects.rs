//! Weapon effects and fire modes played through the game with forced dice (their numbers are
//! tested in `close.rs` and `ranged.rs`): "Lasso", "Multiple wounds", the deflect's weapon break
//! under both readings, and "Suppressive fire".

use super::game::{apart, mv};
use super::*;
use wartable::rules::kry::close::{AttackType, Defence, DeflectBreak};
use wartable::rules::kry::command::MoveKind;
use wartable::rules::kry::ranged::FireMode;
use wartable::rules::kry::state::{Pending, Pin};

const EC: &str = "The Earth Confederate";
const POSSESSED: &str = "The Possessed";

/// Side 1: the Captain (1), a Joe with a Shock Baton (2), a Joe with a Chain Blade (3); side 2:
/// the Wraith Lord (4), a Wraith (5), a Thrall (6); deployed apart, AP round 1 begun.
fn armed(deflect_break: DeflectBreak) -> KryGame {
    let mut f1 = team(EC, &["Captain", "Average Joe", "Average Joe"]);
    f1.models[1].extra = vec!["Shock Baton".into()];
    f1.models[2].extra = vec!["Chain Blade".into()];
    let f2 = team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]);
    let mut g = KryGame::new(KrySetup {
        level: open_level(&[]),
        forces: [f1, f2],
        scenario: Scenario::Deathmatch,
        options: KryOptions {
            deflect_break,
            ..KryOptions::default()
        },
        seed: 7,
        catalogue: cat(),
    })
    .unwrap_or_else(|e| panic!("a valid game: {e:?}"));
    start(&mut g, &apart(), &[3, 3]);
    g
}

/// Puts `a` and `b` base to base.
fn touching(g: &mut KryGame, a: u32, b: u32) {
    put(g, a, 12.0, 11.0);
    put(g, b, 12.0, 12.001);
    assert!(g.state.table.distance(id(a), id(b)).unwrap() < 0.05);
}

fn strike(attacker: u32, target: u32, weapon: &str) -> Command {
    Command::Attack {
        attacker: id(attacker),
        target: id(target),
        attack: AttackType::Weapon,
        weapon: Some(weapon.into()),
        charge: false,
    }
}

/// The Joe's Shock Baton blow at the Thrall, base to base, answered with passive defence and
/// `dice` (to hit, to avoid, to wound).
fn baton_blow(dice: &[u32]) -> KryGame {
    let mut g = armed(DeflectBreak::OnSix);
    touching(&mut g, 2, 6);
    ok(&mut g, 1, strike(2, 6, "Shock Baton"), &[]);
    ok(&mut g, 2, Command::DefenceClass { active: false }, dice);
    g
}

/// "Lasso: If weapon causes any wounds, the victim falls over. 1AP must be spent to stand back
/// up." The Joe's Shock Baton (+1 CC, Lasso): 2 + 1 + 1 (initiator) = 4 dice, keep Str 2,
/// against the Thrall's CC 3; the Thrall defends passively (3 dice, keep Speed 3, against CC 4);
/// to wound its Body 2.
#[test]
fn a_lasso_that_wounds_knocks_the_victim_down_until_it_pays_to_stand() {
    // To hit 5, 5, 1, 1: two hits; to avoid 1, 1, 1: none; to wound 5, 1: one wound.
    let mut g = baton_blow(&[5, 5, 1, 1, 1, 1, 1, 5, 1]);
    let thrall = &g.state.models[&id(6)];
    assert_eq!(thrall.wounds_taken, 1);
    assert!(thrall.alive() && thrall.prone, "wounded and down");
    let e = refused(&mut g, 2, mv(6, 12.0, 15.0, MoveKind::Normal));
    assert!(e.contains("is down: it stands up first (1 AP)"), "{e}");
    let spent = g.state.spent[1];
    ok(&mut g, 2, Command::StandUp { model: id(6) }, &[]);
    assert_eq!(g.state.spent[1], spent + 1, "1 AP to stand back up");
    assert!(!g.state.models[&id(6)].prone);
    // Standing, it moves as any other: its Speed, for a normal move's 2 AP.
    ok(&mut g, 2, mv(6, 12.0, 15.0, MoveKind::Normal), &[]);
    assert_eq!(g.state.spent[1], spent + 1 + 2);
    assert_eq!(g.state.table.model(id(6)).unwrap().pos, Pt::new(12.0, 15.0));
}

/// "If weapon causes any wounds": a lasso that hits but wounds nothing leaves the victim
/// standing.
#[test]
fn a_lasso_that_does_not_wound_leaves_the_victim_standing() {
    // Two hits, none avoided, to wound 1, 1 against 2: no wound.
    let mut g = baton_blow(&[5, 5, 1, 1, 1, 1, 1, 1, 1]);
    let thrall = &g.state.models[&id(6)];
    assert_eq!(thrall.wounds_taken, 0);
    assert!(!thrall.prone);
    let e = refused(&mut g, 2, Command::StandUp { model: id(6) });
    assert!(e.contains("not down"), "{e}");
}

/// "Multiple wounds: All dice that pass cause 1 wound each", where other attacks pay "2 AP for
/// the second wound, 3 AP for the third": the Joe's Chain Blade (+2 Str, Multiple wounds): 3
/// dice (CC 2, the blade's 0, the initiator's 1), keep 4, against CC 3; three wound dice pass and
/// all three count, for the attack's 1 AP alone.
#[test]
fn a_multiple_wounds_weapon_counts_every_passing_die_without_ap() {
    let mut g = armed(DeflectBreak::OnSix);
    touching(&mut g, 3, 6);
    ok(&mut g, 1, strike(3, 6, "Chain Blade"), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[5, 5, 5, 1, 1, 1, 5, 5, 5],
    );
    assert!(
        !matches!(g.state.pending, Some(Pending::BuyWounds { .. })),
        "nothing to buy"
    );
    assert_eq!(g.state.spent[0], 1, "the attack's AP only");
    let thrall = &g.state.models[&id(6)];
    assert!(!thrall.alive(), "three wounds take a 2-wound Thrall out");
    assert!(journal(&g).contains("3 wound"), "{}", journal(&g));
}

/// The same dice with the Shock Baton (no Multiple wounds; keep 2, so two wound dice): the second
/// wound must be bought, 2 AP.
#[test]
fn without_multiple_wounds_the_second_wound_is_bought() {
    let mut g = baton_blow(&[5, 5, 1, 1, 1, 1, 1, 5, 5]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::BuyWounds { passes: 2, .. })
    ));
    ok(&mut g, 1, Command::BuyWounds { extra: 1 }, &[]);
    assert_eq!(g.state.spent[0], 1 + 2);
    assert!(!g.state.models[&id(6)].alive());
}

/// The Thrall strikes the Captain with its Bone Blade and the Captain defends actively; to hit
/// 5, 5, 1, 1, 1: two hits, the defence type to choose.
fn struck_twice(reading: DeflectBreak) -> KryGame {
    let mut g = armed(reading);
    touching(&mut g, 1, 6);
    ok(&mut g, 2, strike(6, 1, "Bone Blade"), &[]);
    // To hit 5, 5, 1, 1, 1: two hits.
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: true },
        &[5, 5, 1, 1, 1],
    );
    g
}

/// "Deflect: Using a ranged weapon to block, you get +2 to your CC. If hits are negated, roll a
/// D6. On a 6 the weapon breaks." against example #2's "he must make a roll of 4 (base 2+2) to
/// see if the weapon breaks": both readings (the option `deflect_break`), in play. The Thrall's
/// Bone Blade (+1 CC, +1 Str): 3 + 1 + 1 = 5 dice, keep 4, against the Captain's CC 3; the
/// Captain deflects actively (1 AP): 3 + 2 = 5 dice, keep Speed 4, against CC 5; removing both
/// hits, it rolls the break die. Returns the Captain's broken weapons.
fn deflect_with_break_die(reading: DeflectBreak, die: u32) -> Vec<String> {
    let mut g = struck_twice(reading);
    // To avoid 5, 5, 1, 1, 1: two avoided, both hits removed; then the break die.
    ok(
        &mut g,
        1,
        Command::DefenceType {
            defence: Defence::Deflect,
            weapon: None,
        },
        &[5, 5, 1, 1, 1, die],
    );
    assert_eq!(g.state.models[&id(1)].wounds_taken, 0);
    let broken: Vec<String> = g.state.models[&id(1)]
        .ranged
        .iter()
        .filter(|w| w.broken)
        .map(|w| w.name.clone())
        .collect();
    if let Some(w) = broken.first() {
        // A broken gun no longer fires.
        put(&mut g, 4, 12.0, 20.0);
        let e = refused(
            &mut g,
            1,
            Command::Shoot {
                shooter: id(1),
                target: id(4),
                weapon: w.clone(),
                mode: FireMode::Standard,
                second: None,
            },
        );
        assert!(e.contains("broken"), "{e}");
    }
    broken
}

#[test]
fn the_deflecting_weapon_breaks_on_a_six_by_the_rule() {
    assert_eq!(
        deflect_with_break_die(DeflectBreak::OnSix, 6),
        vec!["Assault Rifle".to_string()]
    );
    assert!(deflect_with_break_die(DeflectBreak::OnSix, 5).is_empty());
}

#[test]
fn the_deflecting_weapon_breaks_under_two_plus_hits_by_the_example() {
    // Two hits removed: "a roll of 4 (base 2+2)": a 4 is ok, a 3 breaks it, a 6 is ok.
    assert!(deflect_with_break_die(DeflectBreak::Example, 4).is_empty());
    assert!(deflect_with_break_die(DeflectBreak::Example, 6).is_empty());
    assert_eq!(
        deflect_with_break_die(DeflectBreak::Example, 3),
        vec!["Assault Rifle".to_string()]
    );
}

/// "If hits are negated, roll a D6": a deflect that negates nothing rolls no break die, under
/// either reading, and the weapon stays whole.
#[test]
fn a_deflect_that_negates_nothing_rolls_no_break_die() {
    for reading in [DeflectBreak::OnSix, DeflectBreak::Example] {
        let mut g = struck_twice(reading);
        // To avoid: five 1s, nothing avoided; the two hits' wound dice 1s, no wound.
        ok(
            &mut g,
            1,
            Command::DefenceType {
                defence: Defence::Deflect,
                weapon: None,
            },
            &[1, 1, 1, 1, 1, 1, 1],
        );
        assert!(
            !g.dice.log().iter().any(|r| r.purpose.contains("break")),
            "{reading:?}"
        );
        assert!(g.state.models[&id(1)].ranged.iter().all(|w| !w.broken));
    }
}

/// "When using suppressive fire, the attacking unit can increase their RC attribute by 2 points
/// ... do NOT roll to wound ... If the unit is hit, follow the pinning rules as if they have been
/// struck by normal fire." The Captain's Assault Rifle (suppressive) at the Thrall 4" away: RC
/// 5 + 2 = 7 dice to hit 5+, one hit; no wound roll; WILL 4 dice against 5: pinned.
#[test]
fn suppressive_fire_pins_without_wounding() {
    let mut g = armed(DeflectBreak::OnSix);
    put(&mut g, 1, 12.0, 8.0);
    put(&mut g, 6, 12.0, 13.0);
    let rolls = g.dice.log().len();
    let evs = ok(
        &mut g,
        1,
        Command::Shoot {
            shooter: id(1),
            target: id(6),
            weapon: "Assault Rifle".into(),
            mode: FireMode::Suppressive,
            second: None,
        },
        &[5, 1, 2, 3, 4, 1, 2, 1, 2, 3, 4],
    );
    let made: Vec<_> = g.dice.log()[rolls..].to_vec();
    assert_eq!(made.len(), 2, "to hit and WILL, no wound roll: {made:?}");
    assert_eq!(made[0].dice.len(), 7, "RC 5 + 2");
    assert_eq!(g.state.models[&id(6)].wounds_taken, 0);
    assert!(evs.iter().any(|e| matches!(
        e,
        Event::Pinned { model, pin: Pin::Hit { from } } if *model == id(6) && *from == id(1)
    )));
    // The same dice at a standard shot (5 dice) wound: the hit rolls to wound (target 0).
    let mut g = armed(DeflectBreak::OnSix);
    put(&mut g, 1, 12.0, 8.0);
    put(&mut g, 6, 12.0, 13.0);
    ok(
        &mut g,
        1,
        Command::Shoot {
            shooter: id(1),
            target: id(6),
            weapon: "Assault Rifle".into(),
            mode: FireMode::Standard,
            second: None,
        },
        &[5, 1, 2, 3, 4, 2, 1, 2, 3, 4],
    );
    assert_eq!(g.state.models[&id(6)].wounds_taken, 1);
}

/// Copies of a state share the models' gear until one changes it: the Captain's weapon broken
/// in the game leaves a copy taken before the break as it was.
#[test]
fn a_weapon_broken_in_play_stays_whole_in_a_copy_taken_before() {
    let mut g = struck_twice(DeflectBreak::OnSix);
    let before = g.state.clone();
    ok(
        &mut g,
        1,
        Command::DefenceType {
            defence: Defence::Deflect,
            weapon: None,
        },
        &[5, 5, 1, 1, 1, 6],
    );
    let broken = |s: &wartable::rules::kry::state::KryState| {
        s.models[&id(1)].ranged.iter().filter(|w| w.broken).count()
    };
    assert_eq!(broken(&g.state), 1);
    assert_eq!(broken(&before), 0);
}
