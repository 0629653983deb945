//! Kry-Gothic played through the game core: "Getting your AP", "Action Point Rounds",
//! "Movement types and costs", "Choose a target", "Pinning", close combat's steps with the
//! defender's answers, fear, and random command streams.

use super::*;
use wartable::rules::core::{Game, Waiting};
use wartable::rules::kry::close::{AttackType, Defence};
use wartable::rules::kry::command::MoveKind;
use wartable::rules::kry::force::parse_force;
use wartable::rules::kry::ranged::FireMode;
use wartable::rules::kry::round::tables;
use wartable::rules::kry::state::{Pending, Pin, Tally};

const EC: &str = "The Earth Confederate";
const POSSESSED: &str = "The Possessed";

/// Captain (1), Average Joe (2, 3) against Wraith Lord (4), Wraith (5), Thrall (6).
pub(super) fn small(rows: &[&str]) -> KryGame {
    game_with(
        open_level(rows),
        team(EC, &["Captain", "Average Joe", "Average Joe"]),
        team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]),
    )
}

/// Everyone well apart: side 1 along y = 2 facing +y, side 2 along y = 22 facing -y.
pub(super) fn apart() -> Vec<(u32, f32, f32, f32)> {
    vec![
        (1, 4.0, 2.0, 90.0),
        (2, 10.0, 2.0, 90.0),
        (3, 16.0, 2.0, 90.0),
        (4, 4.0, 22.0, 270.0),
        (5, 10.0, 22.0, 270.0),
        (6, 16.0, 22.0, 270.0),
    ]
}

/// "Roll 1D6 per Squad Leader. Highest D6 roll + Tactics Rating": for every team of the
/// catalogue, against an EC team with two squad leaders (two dice, the highest counts).
#[test]
fn the_ap_start_roll_for_each_team() {
    let c = cat();
    for t in &c.teams {
        let leader = t
            .troops
            .iter()
            .find(|x| x.class == wartable::rules::kry::catalogue::Class::SquadLeader)
            .unwrap();
        let mut g = game_with(
            open_level(&[]),
            team(EC, &["Sergeant", "Sergeant"]),
            team(&t.name, &[&leader.name]),
        );
        start(
            &mut g,
            &[
                (1, 4.0, 2.0, 90.0),
                (2, 8.0, 2.0, 90.0),
                (3, 4.0, 22.0, 270.0),
            ],
            &[3, 5, 4],
        );
        assert_eq!(g.state.ap, [5 + 14, 4 + t.tactics as u32], "{}", t.name);
        assert!(journal(&g).contains("highest 5 + Tactics Rating 14"));
    }
    // The text's ratings: "Ralim, Protarian >>> 15 ... Renegades >>> 13 ... Wraith >>> 13 ...
    // Slaves >>> 12" (the table's Wraith is the Possessed); the Earth Confederate's 14 and the
    // Heracletians' 12 are the project's own.
    for (name, rating) in [
        ("Protarian", 15),
        ("The Renegades", 13),
        ("The Possessed", 13),
        ("The Slaves", 12),
        ("The Earth Confederate", 14),
        ("The Heracletians", 12),
    ] {
        assert_eq!(c.team(name).unwrap().tactics, rating, "{name}");
    }
}

/// "Loses table ... Triumph table": each line, and "If 50% of army has been lost as well, just
/// count -5AP".
#[test]
fn the_loses_and_triumph_tables() {
    let t = |f: &dyn Fn(&mut Tally)| {
        let mut x = Tally {
            had: 10,
            ..Default::default()
        };
        f(&mut x);
        tables(&x).0
    };
    assert_eq!(t(&|_| {}), 1, "no units lost: +1");
    assert_eq!(t(&|x| x.lost = 6), -5, "over 50% lost");
    assert_eq!(t(&|x| x.lost = 5), 0, "50% is not over 50%");
    assert_eq!(
        t(&|x| {
            x.lost = 6;
            x.leader_killed = true
        }),
        -5,
        "the leader and over half: -5 once"
    );
    assert_eq!(
        t(&|x| {
            x.lost = 1;
            x.leader_failed_will = true
        }),
        -2
    );
    assert_eq!(
        t(&|x| {
            x.lost = 1;
            x.damaged_by_own_side = true
        }),
        -1
    );
    assert_eq!(
        t(&|x| {
            x.killed_enemy_leader = true;
            x.first_blood = true
        }),
        1 + 2 + 2
    );
    // "+1AP per 4 commands", counted per combo (`combo_ap`); "You have interrupted a command
    // combo. +3 AP".
    assert_eq!(t(&|x| x.combo_ap = 0), 1);
    assert_eq!(t(&|x| x.combo_ap = 1), 1 + 1);
    assert_eq!(t(&|x| x.combo_ap = 2), 1 + 2);
    assert_eq!(t(&|x| x.interrupted_combo = true), 1 + 3);
    // Each line is named.
    let mut all = Tally {
        had: 4,
        lost: 3,
        leader_killed: true,
        leader_failed_will: true,
        damaged_by_own_side: true,
        ..Default::default()
    };
    all.combo_commands = 4;
    all.combo_ap = 1;
    let (v, lines) = tables(&all);
    assert_eq!(v, -5 - 2 - 1 + 1);
    assert_eq!(lines.len(), 4, "{lines:?}");
}

/// "You do not get to roll for a new amount until both players have used up all their AP's"; a
/// side "can declare they are done"; the next roll takes the tables' change (+1: no losses).
#[test]
fn a_round_ends_when_both_are_done_and_the_tables_count() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 2]);
    assert_eq!(g.state.ap, [3 + 14, 2 + 13]);
    assert_eq!(g.waiting(), Waiting::Any(vec![1, 2]));
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    assert_eq!(g.waiting(), Waiting::Any(vec![2]));
    let e = refused(&mut g, 1, Command::Wait { model: id(1) });
    assert!(e.contains("waits for side 2"), "{e}");
    ok(&mut g, 2, Command::Done { side: 2 }, &[1, 6, 2]);
    assert_eq!(g.state.round, 2);
    // Side 1: 1 + 14 + 1; side 2: 6 + 2 (exploded) + 13 + 1.
    assert_eq!(g.state.ap, [16, 22]);
    assert!(journal(&g).contains("+1 no units lost"));
}

/// "Normal Move ... Cost AP -2"; running: "double its Speed stat for 1 AP, but the units Body
/// drops by 1"; "Difficult Terrain: Additional 1 AP per movement"; "Units must pay 2 AP for
/// difficult terrain" when running; "Small step ... must be performed before any other actions".
#[test]
fn moves_runs_small_steps_and_terrain() {
    let (open, difficult) = (".".repeat(24), "d".repeat(24));
    // Row 4 (y from 4 to 5) is difficult ground.
    let mut g = small(&[&open, &open, &open, &open, &difficult]);
    start(&mut g, &apart(), &[3, 3]);
    let spent = |g: &KryGame| g.state.spent[0];
    ok(
        &mut g,
        1,
        Command::Move {
            model: id(1),
            to: Pt::new(4.0, 3.5),
            kind: MoveKind::Normal,
        },
        &[],
    );
    assert_eq!(spent(&g), 2, "a normal move on easy ground");
    // "up to its Speed characteristic (Sp) in inches": the Captain's 4", not more.
    let e = refused(&mut g, 1, mv(1, 4.0, 7.7, MoveKind::Normal));
    assert!(e.contains("out of reach"), "{e}");
    ok(
        &mut g,
        1,
        Command::Move {
            model: id(2),
            to: Pt::new(10.0, 4.8),
            kind: MoveKind::Normal,
        },
        &[],
    );
    assert_eq!(spent(&g), 2 + 3, "into difficult ground: 2 + 1");
    let body = g.state.models[&id(3)].body();
    ok(
        &mut g,
        1,
        Command::Move {
            model: id(3),
            to: Pt::new(16.0, 7.5),
            kind: MoveKind::Run,
        },
        &[],
    );
    assert_eq!(spent(&g), 5 + 2, "running over difficult ground: 2");
    assert_eq!(g.state.models[&id(3)].body(), body - 1);
    assert!(g.state.models[&id(3)].sprinting);
    // Body 2 - 1 = 1: out of breath, no second run this round.
    let e = refused(&mut g, 1, mv(3, 16.0, 9.0, MoveKind::Run));
    assert!(e.contains("out of breath"), "{e}");
    // A Speed 3 model runs 6", not more (the Joe at 10, 4.8: 6.5" is too far, 6" is not).
    let e = refused(&mut g, 1, mv(2, 10.0, 11.3, MoveKind::Run));
    assert!(e.contains("out of reach"), "{e}");
    ok(&mut g, 1, mv(2, 10.0, 10.7, MoveKind::Run), &[]);
    assert_eq!(spent(&g), 7 + 2, "a run crossing difficult ground: 2");
    // The Captain has acted: no small step now.
    let e = refused(
        &mut g,
        1,
        Command::Move {
            model: id(1),
            to: Pt::new(4.0, 4.0),
            kind: MoveKind::SmallStep,
        },
    );
    assert!(e.contains("before any other actions"), "{e}");
    // A small step is under 1" and free, for a model that has not acted.
    ok(
        &mut g,
        2,
        Command::Move {
            model: id(4),
            to: Pt::new(4.0, 21.2),
            kind: MoveKind::SmallStep,
        },
        &[],
    );
    assert_eq!(g.state.spent[1], 0);
    // No second small step: "The next action must be some other type of action except a
    // movement action".
    let e = refused(&mut g, 2, mv(4, 4.0, 20.5, MoveKind::SmallStep));
    assert!(e.contains("small step"), "{e}");
    let e = refused(
        &mut g,
        2,
        Command::Move {
            model: id(5),
            to: Pt::new(10.0, 20.5),
            kind: MoveKind::SmallStep,
        },
    );
    assert!(e.contains("out of reach"), "1.5\" is no small step: {e}");
    // At the next round's start a runner has +1 Body back.
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    assert_eq!(g.state.models[&id(3)].body(), body);
}

/// "Most models may fire within a 90' arc to their front"; "No distance measuring is performed
/// before the shot is taken. After the shot has been called, distance is then measured": a shot
/// out of range costs its AP and rolls nothing. RC X cannot shoot; aimed shots cost 2 more.
#[test]
fn shots_arc_range_after_the_call_and_modes() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 2.0, 90.0);
    at[5] = (6, 12.0, 23.0, 270.0);
    start(&mut g, &at, &[3, 3]);
    let shoot = |shooter: u32, target: u32, weapon: &str, mode: FireMode| Command::Shoot {
        shooter: id(shooter),
        target: id(target),
        weapon: weapon.into(),
        mode,
        second: None,
    };
    // The Captain's pistol (LR 6") at the Thrall 20" away: out of range, found only after the
    // call: 1 AP spent, no dice.
    let rolls = g.dice.log().len();
    ok(&mut g, 1, shoot(1, 6, "Pistol", FireMode::Standard), &[]);
    assert_eq!(g.state.spent[0], 1);
    assert_eq!(g.dice.log().len(), rolls);
    assert!(journal(&g).contains("the shot is lost"));
    // Turned away, it may not fire at all.
    ok(
        &mut g,
        1,
        Command::Turn {
            model: id(1),
            facing: 270.0,
        },
        &[],
    );
    let e = refused(&mut g, 1, shoot(1, 6, "Assault Rifle", FireMode::Standard));
    assert!(e.contains("front arc"), "{e}");
    // The Wraith has RC X; the Thrall carries no gun.
    let e = refused(&mut g, 2, shoot(5, 2, "Hex Bolt", FireMode::Standard));
    assert!(e.contains("RC X"), "{e}");
    // Suppressive fire needs a weapon marked for it; the carbine is not.
    let e = refused(&mut g, 1, shoot(2, 5, "Carbine", FireMode::Suppressive));
    assert!(e.contains("suppressive"), "{e}");
    // An aimed shot costs 1 + 2 AP: the Joe's carbine (LR 14") at the Wraith 5" away.
    put(&mut g, 2, 10.0, 10.0);
    put(&mut g, 5, 10.0, 16.0);
    let before = g.state.spent[0];
    let n = g.state.models[&id(2)].rc() as usize + 2;
    // All miss; one unit's miss brings no Willpower roll.
    ok(
        &mut g,
        1,
        shoot(2, 5, "Carbine", FireMode::Aimed),
        &vec![2; n],
    );
    assert_eq!(g.state.spent[0], before + 3);
}

/// Pinning example #1: "shot at by two elite units ... struck by incoming fire, but is not
/// wounded ... A WILL roll of 4 dice (4 is the units WILL attribut) is made at target 5": the
/// test comes with the first hit, one unit firing so far.
#[test]
fn pinning_example_one_hit_not_wounded() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[5] = (6, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[3, 3]);
    // "The unit is struck by incoming fire, but is not wounded": the Thrall given armour 3 for
    // the example (Body 2 + 3 - the pistol's damage 2 = 3+ to wound). Captain RC 5 with the
    // pistol at 4" (medium): 5 dice to hit 5+: one 5; the wound die 2 fails.
    g.state.models.get_mut(&id(6)).unwrap().armour = 3;
    let evs = ok(
        &mut g,
        1,
        Command::Shoot {
            shooter: id(1),
            target: id(6),
            weapon: "Pistol".into(),
            mode: FireMode::Standard,
            second: None,
        },
        // to hit: 5, 1, 2, 3, 4 (one hit); to wound: 2 (target 3: no wound); WILL 4 dice: 1, 2,
        // 3, 4 (fails 5).
        &[5, 1, 2, 3, 4, 2, 1, 2, 3, 4],
    );
    assert!(
        evs.iter()
            .any(|e| matches!(e, Event::Pinned { model, pin: Pin::Hit { from } } if *model == id(6) && *from == id(1)))
    );
    assert_eq!(g.state.models[&id(6)].wounds_taken, 0, "hit, not wounded");
    let last = g.dice.log().last().unwrap();
    assert_eq!(last.expr, "4d6!");
    assert!(last.purpose.contains("against 5"), "{}", last.purpose);
    // Pinned by a hit: it may move only away from the Captain (+y), not toward or across.
    let e = refused(
        &mut g,
        2,
        Command::Move {
            model: id(6),
            to: Pt::new(14.0, 13.0),
            kind: MoveKind::Normal,
        },
    );
    assert!(e.contains("away from"), "{e}");
    ok(
        &mut g,
        2,
        Command::Move {
            model: id(6),
            to: Pt::new(12.0, 15.0),
            kind: MoveKind::Normal,
        },
        &[],
    );
}

/// Pinning example #2: "shot at by 4 units ... very low willpower, with a score of only 2.
/// Although the enemy misses the shot ... A WILL roll is made at target 3+2 (base 3 for the
/// second unit firing, +1 for the third unit firing, +1 for the fourth unit firing), so the
/// target number is 5." Squad leaders are never pinned.
#[test]
fn pinning_example_two_missed_by_four_in_a_row() {
    let mut g = game_with(
        open_level(&[]),
        team(
            EC,
            &["Captain", "Average Joe", "Average Joe", "Average Joe"],
        ),
        team(EC, &["Sergeant", "Rush Grunt"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 8.0, 90.0),
            (2, 8.0, 8.0, 90.0),
            (3, 12.0, 8.0, 90.0),
            (4, 16.0, 8.0, 90.0),
            (5, 20.0, 20.0, 270.0),
            (6, 10.0, 16.0, 270.0),
        ],
        &[3, 3],
    );
    let shot = |s: u32, w: &str| Command::Shoot {
        shooter: id(s),
        target: id(6),
        weapon: w.into(),
        mode: FireMode::Standard,
        second: None,
    };
    ok(&mut g, 1, shot(1, "Assault Rifle"), &[2, 2, 2, 2, 2]);
    ok(&mut g, 1, shot(2, "Carbine"), &[2, 2, 3, 1]); // 2nd in a row: WILL vs 3 passes
    ok(&mut g, 1, shot(3, "Carbine"), &[2, 2, 4, 1]); // 3rd: vs 4 passes
    let evs = ok(&mut g, 1, shot(4, "Carbine"), &[2, 2, 1, 4]); // 4th: vs 5 fails
    assert!(evs.iter().any(|e| matches!(
        e,
        Event::Pinned {
            pin: Pin::Missed,
            ..
        }
    )));
    let last = g.dice.log().last().unwrap();
    assert_eq!(last.expr, "2d6!", "WILL 2: two dice");
    assert!(last.purpose.contains("against 5"), "{}", last.purpose);
    let e = refused(
        &mut g,
        2,
        Command::Move {
            model: id(6),
            to: Pt::new(10.0, 18.0),
            kind: MoveKind::Normal,
        },
    );
    assert!(e.contains("cannot move"), "{e}");
    // Another action breaks the run: a fresh shot at it counts as the first.
    ok(&mut g, 2, Command::Wait { model: id(5) }, &[]);
    ok(
        &mut g,
        2,
        Command::Unpin { model: id(6) },
        &[3, 1], // re-roll WILL vs 3: passes
    );
    assert!(g.state.models[&id(6)].pinned.is_none());
    assert_eq!(g.state.spent[1], 2);
    // The wait broke the run: the Joe's next miss is the first of a new run (no test).
    let wills = |g: &KryGame| {
        g.dice
            .log()
            .iter()
            .filter(|r| r.purpose.contains("Willpower"))
            .count()
    };
    let before = wills(&g);
    ok(&mut g, 1, shot(2, "Carbine"), &[2, 2]);
    assert_eq!(wills(&g), before, "a new run of one shot");
    // A move between two misses breaks the run too.
    ok(
        &mut g,
        2,
        Command::Move {
            model: id(5),
            to: Pt::new(18.0, 20.0),
            kind: MoveKind::Normal,
        },
        &[],
    );
    ok(&mut g, 1, shot(3, "Carbine"), &[2, 2]);
    assert_eq!(wills(&g), before, "the move broke the run");
    // "Note that Squad leaders can never be pinned": two misses in a row at the Sergeant, no
    // test.
    let at_leader = |s: u32| Command::Shoot {
        shooter: id(s),
        target: id(5),
        weapon: "Carbine".into(),
        mode: FireMode::Standard,
        second: None,
    };
    ok(&mut g, 1, at_leader(2), &[2, 2]);
    ok(&mut g, 1, at_leader(3), &[2, 2]);
    assert_eq!(wills(&g), before);
    assert!(g.state.models[&id(5)].pinned.is_none());
}

/// Close combat's steps through the game: the attacker pays 1 AP; the defender answers the
/// defence class (active: 1 AP of its own side) before the roll to hit and the type after it;
/// wounds beyond the first cost 2, 3, ... AP.
#[test]
fn close_combat_waits_on_the_defender_then_the_attacker() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    // The Joe (base 1") and the Thrall touching.
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    assert!(g.state.table.distance(id(2), id(6)).unwrap() < 0.05);
    ok(
        &mut g,
        1,
        Command::Attack {
            attacker: id(2),
            target: id(6),
            attack: AttackType::Kick,
            weapon: None,
            charge: false,
        },
        &[],
    );
    assert_eq!(g.state.spent[0], 1);
    assert!(matches!(g.state.pending, Some(Pending::DefenceClass(_))));
    assert_eq!(g.waiting(), Waiting::One(2));
    refused(&mut g, 1, Command::DefenceClass { active: false });
    // Active defence: 1 AP; the Joe kicks with CC 2 + 1 (kick) + 1 (initiator) = 4 dice, keep
    // Str 2, against the Thrall's CC 3: 6, 3, 5, 1 (with the 6's re-roll 2): 3 pass, 2 kept.
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[6, 2, 3, 5, 1],
    );
    assert_eq!(g.state.spent[1], 1);
    match &g.state.pending {
        Some(Pending::DefenceType(a)) => assert_eq!(a.hits, Some(2)),
        p => panic!("expected the defence type question, got {p:?}"),
    }
    let e = refused(
        &mut g,
        2,
        Command::DefenceType {
            defence: Defence::Parry,
            weapon: None,
        },
    );
    assert!(e.contains("close combat weapon"), "{e}");
    // Dodge: CC 3 dice keep Speed 3 + 2 against the Joe's CC 4: 1, 2, 3 (none); to wound the
    // Thrall's Body 2: 4, 5 pass: two wound dice, the second to be paid for.
    ok(
        &mut g,
        2,
        Command::DefenceType {
            defence: Defence::Dodge,
            weapon: None,
        },
        &[1, 2, 3, 4, 5],
    );
    assert!(matches!(
        g.state.pending,
        Some(Pending::BuyWounds { passes: 2, .. })
    ));
    assert_eq!(g.waiting(), Waiting::One(1));
    let e = refused(&mut g, 1, Command::BuyWounds { extra: 2 });
    assert!(e.contains("at most 1"), "{e}");
    ok(&mut g, 1, Command::BuyWounds { extra: 1 }, &[]);
    assert_eq!(g.state.spent[0], 1 + 2);
    assert!(
        !g.state.models[&id(6)].alive(),
        "two wounds take a Thrall out"
    );
    assert!(g.state.tally[0].first_blood);
}

/// Fear: "Any time a unit moves in to attack a fear causing unit in close combat ... a
/// willpower roll must be made against 6. If the unit fails, they freeze"; "In the case that a
/// fear causing model attacks another model ... If they fail, halve their CC attribute for the
/// first attack".
#[test]
fn fear_freezes_attackers_and_halves_the_attacked() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 10.0, 11.0);
    put(&mut g, 5, 10.0, 12.0 + 0.001);
    // The Joe (WILL 3) attacks the Wraith: 1, 2, 3 against 6: it freezes; no attack.
    ok(
        &mut g,
        1,
        Command::Attack {
            attacker: id(2),
            target: id(5),
            attack: AttackType::Punch,
            weapon: None,
            charge: false,
        },
        &[1, 2, 3],
    );
    assert!(g.state.pending.is_none());
    assert!(journal(&g).contains("freezes"));
    // The Wraith attacks the Joe: the Joe fails its WILL (1, 1, 1) and is afraid: CC halved.
    ok(
        &mut g,
        2,
        Command::Attack {
            attacker: id(5),
            target: id(2),
            attack: AttackType::Weapon,
            weapon: Some("Wraith Talons".into()),
            charge: false,
        },
        &[1, 1, 1],
    );
    assert_eq!(g.state.models[&id(2)].afraid_of, Some(id(5)));
    assert!(matches!(g.state.pending, Some(Pending::DefenceClass(_))));
}

/// Random command streams: nothing panics, a refused command changes nothing, and the log
/// replays to the same state.
#[test]
fn random_command_streams() {
    use rand::{Rng, SeedableRng};
    for seed in 1..=4u64 {
        let mut g = small(&[]);
        // The program deploys both sides; the first round begins.
        while g.state.phase != Phase::Play {
            let seat = g.waiting().seats()[0];
            g.program_play(seat).expect("the program deploys");
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut accepted = 0;
        let mut kinds = std::collections::BTreeSet::new();
        for _ in 0..400 {
            if g.is_over() {
                break;
            }
            let m = id(rng.random_range(1..=7));
            let t = id(rng.random_range(1..=7));
            let p = Pt::new(rng.random_range(-2.0..26.0), rng.random_range(-2.0..26.0));
            let side = rng.random_range(1..=2u8);
            // Mostly orders a side may give: its own model, to a point near it, at the nearest
            // enemy (random ones reach far-off points and friends, and are mostly refused).
            let (side, p, t) = match (g.state.models.get(&m), g.state.table.model(m)) {
                (Some(x), Ok(at)) if rng.random_bool(0.8) => {
                    let near = Pt::new(
                        at.pos.x + rng.random_range(-3.0..3.0),
                        at.pos.y + rng.random_range(-3.0..3.0),
                    );
                    let foe = g
                        .state
                        .table
                        .models
                        .iter()
                        .filter(|o| g.state.models.get(&o.id).is_some_and(|e| e.side != x.side))
                        .min_by(|a, b| at.pos.dist(a.pos).total_cmp(&at.pos.dist(b.pos)))
                        .map_or(t, |o| o.id);
                    (x.side, near, foe)
                }
                _ => (side, p, t),
            };
            let cmd = match rng.random_range(0..18) {
                0 => Command::Move {
                    model: m,
                    to: p,
                    kind: [MoveKind::Normal, MoveKind::Run, MoveKind::SmallStep]
                        [rng.random_range(0..3)],
                },
                1 => Command::Turn {
                    model: m,
                    facing: rng.random_range(-400.0..400.0),
                },
                2 => Command::Shoot {
                    shooter: m,
                    target: t,
                    weapon: ["Pistol", "Carbine", "Hex Bolt", "Laser"][rng.random_range(0..4)]
                        .into(),
                    mode: FireMode::ALL[rng.random_range(0..4)],
                    second: None,
                },
                3 => Command::Attack {
                    attacker: m,
                    target: t,
                    attack: AttackType::ALL[rng.random_range(0..9)],
                    weapon: None,
                    charge: rng.random_bool(0.5),
                },
                4 => Command::DefenceClass {
                    active: rng.random_bool(0.5),
                },
                5 => Command::DefenceType {
                    defence: Defence::ALL[rng.random_range(0..7)],
                    weapon: None,
                },
                6 => Command::BuyWounds {
                    extra: rng.random_range(0..3),
                },
                7 => Command::Wait { model: m },
                8 => Command::Unpin { model: m },
                9 => Command::StandUp { model: m },
                10 => Command::Done { side },
                11 => Command::Order {
                    steps: vec![
                        Command::Move {
                            model: m,
                            to: p,
                            kind: MoveKind::Normal,
                        },
                        Command::Shoot {
                            shooter: m,
                            target: t,
                            weapon: "Carbine".into(),
                            mode: FireMode::Standard,
                            second: None,
                        },
                    ],
                },
                12 => Command::Pass,
                13 => Command::CancelCombo,
                14 => Command::CallFaceOff,
                15 => Command::FaceOffChoose { choice: None },
                16 => Command::DigOut { model: m },
                _ => Command::Deploy {
                    model: m,
                    at: p,
                    facing: 0.0,
                },
            };
            let (h, rolls) = (g.hash(), g.dice.log().len());
            // The check the table asks before a command agrees with play: what it allows is
            // accepted, what it refuses is refused.
            let checked = Kry::check(&g.state, side, &cmd);
            let kind = format!("{cmd:?}")
                .split([' ', '{', '('])
                .next()
                .unwrap_or_default()
                .to_string();
            match g.play(side, cmd.clone()) {
                Ok(_) => {
                    accepted += 1;
                    assert!(checked.is_ok(), "{cmd:?} played but check said {checked:?}");
                    assert_ne!(g.hash(), h, "{cmd:?} was accepted and changed nothing");
                    kinds.insert(kind);
                }
                Err(e) => {
                    assert!(checked.is_err(), "{cmd:?} checked but refused: {e}");
                    assert_eq!(g.hash(), h, "a refusal changed the game");
                    assert_eq!(g.dice.log().len(), rolls, "a refusal rolled dice");
                }
            }
            // The game never waits on nobody.
            assert!(g.is_over() || !g.waiting().seats().is_empty());
        }
        assert!(accepted > 5, "seed {seed}: only {accepted} accepted");
        // The stream reaches the game's paid moves, not only free turns and waits.
        for k in ["Move", "Turn", "Wait"] {
            assert!(
                kinds.contains(k),
                "seed {seed}: no {k} accepted ({kinds:?})"
            );
        }
        let again = Game::<Kry>::replay(g.setup.clone(), &g.log).expect("replays");
        assert_eq!(again.hash(), g.hash(), "seed {seed}");
    }
}

/// The program plays both sides to the end; the save replays to the same hash.
#[test]
fn smoke_self_play_to_the_end_and_replay() {
    let mut g = KryGame::new(
        Kry::quick_setup(&wartable::rules::core::QuickSetup {
            seed: 3,
            ..Default::default()
        })
        .expect("the default teams and level load"),
    )
    .expect("a valid game");
    g.self_play(5000);
    assert!(g.is_over(), "{}", Kry::phase_label(&g.state));
    let dir = std::env::temp_dir().join("wartable-kry-selfplay");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("game.ron");
    g.save(&f).unwrap();
    let back = Game::<Kry>::load(&f).expect("loads");
    assert_eq!(back.hash(), g.hash());
}

/// "Some models have been given an X for certain characteristics, meaning they have no ability
/// whatsoever in that area": a team file
/// that buys a ranged weapon for an RC X troop (the Blood Ravager) is refused at that entry; the
/// same weapon bought for a Warrior is not.
#[test]
fn an_rc_x_troop_buys_no_ranged_weapon() {
    let c = cat();
    let mut f = team(
        "Protarian",
        &["Brood Marshal", "Blood Ravager", "Protarian Warrior"],
    );
    f.models[1].extra.push("Needle Gun".into());
    f.models[2].extra.push("Needle Gun".into());
    let issues = f.validate(&c, 1000, 14);
    let rc_x: Vec<_> = issues
        .iter()
        .filter(|i| i.message.contains("RC X"))
        .map(|i| (i.path.as_str(), i.message.as_str()))
        .collect();
    assert_eq!(rc_x.len(), 1, "{issues:?}");
    assert!(rc_x[0].0.ends_with("models[1].extra[0]"), "{rc_x:?}");
    assert!(rc_x[0].1.contains("takes no ranged weapon"), "{rc_x:?}");
}

/// The shipped teams load, and a bad team file gives located errors.
/// "It is possible for some teams to take a few lower ranking squad leaders instead of one top
/// ranking one": one Captain, or one to three Sergeants; never both, never two Captains or two
/// Chainbreakers (the Slaves have no lower-ranking leader), never four Sergeants.
#[test]
fn one_top_ranking_squad_leader_or_a_few_lower_ranking_ones() {
    let c = cat();
    let refusals = |name: &str, leaders: &[&str]| -> Vec<String> {
        let mut troops = leaders.to_vec();
        troops.push(if name == EC { "Average Joe" } else { "Slave" });
        team(name, &troops)
            .validate(&c, 1000, 14)
            .into_iter()
            .map(|i| i.message)
            .filter(|m| m.contains("squad leader"))
            .collect()
    };
    assert_eq!(refusals(EC, &["Captain"]), Vec::<String>::new());
    assert_eq!(
        refusals("The Slaves", &["Chainbreaker"]),
        Vec::<String>::new()
    );
    for n in 1..=3 {
        assert_eq!(
            refusals(EC, &vec!["Sergeant"; n]),
            Vec::<String>::new(),
            "{n}"
        );
    }
    let mixed = refusals(EC, &["Captain", "Sergeant"]);
    assert!(
        mixed.len() == 1 && mixed[0].contains("not both"),
        "{mixed:?}"
    );
    let two_top = refusals(EC, &["Captain", "Captain"]);
    assert!(
        two_top.len() == 1 && two_top[0].contains("one top ranking one"),
        "{two_top:?}"
    );
    let slaves = refusals("The Slaves", &["Chainbreaker", "Chainbreaker"]);
    assert!(
        slaves.len() == 1 && slaves[0].contains("2 top-ranking"),
        "{slaves:?}"
    );
    let four = refusals(EC, &["Sergeant"; 4]);
    assert!(four.len() == 1 && four[0].contains("1 to 3"), "{four:?}");
    // The rank is the catalogue's: only a squad leader has one.
    let cat_text = std::fs::read_to_string(
        crate::common::repo().join("assets/rules/kry-gothic/catalogue.ron"),
    )
    .unwrap();
    let ranked = cat_text.replacen(
        "name: \"Commando\", class: Elite,",
        "name: \"Commando\", class: Elite, lower_ranking: true,",
        1,
    );
    assert_ne!(ranked, cat_text);
    let errs =
        wartable::rules::kry::catalogue::parse_catalogue("catalogue.ron", &ranked).unwrap_err();
    assert!(
        errs.iter()
            .any(|e| e.message.contains("only a squad leader has a rank")),
        "{errs:?}"
    );
}

#[test]
fn team_files_load_and_bad_ones_are_located() {
    let c = cat();
    for f in [
        "assets/forces/kry-gothic/earth-confederate.ron",
        "assets/forces/kry-gothic/the-possessed.ron",
    ] {
        let p = crate::common::repo().join(f);
        let text = std::fs::read_to_string(&p).unwrap();
        let force = parse_force(f, &text, &c, 1000, 14).unwrap_or_else(|e| panic!("{f}: {e:?}"));
        assert!(
            (12..=14).contains(&force.models.len()),
            "{f}: {} models; \"around 12-14 models per player\"",
            force.models.len()
        );
        assert!(force.cost(&c) <= 1000);
    }
    let bad = r#"KryForce(
    name: "Bad",
    team: "The Slaves",
    models: [
        (name: "A", troop: "Slave", extra: ["Autocannon"]),
        (name: "A", troop: "Nobody"),
    ],
)"#;
    let errs = parse_force("bad.ron", bad, &c, 1000, 14).unwrap_err();
    let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert!(
        errs.iter()
            .any(|e| e.line == 5 && e.message.contains("cannot buy")),
        "{text:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.line == 6 && e.message.contains("named 'A'")),
        "{text:?}"
    );
    assert!(
        errs.iter().any(|e| e.message.contains("Nobody")),
        "{text:?}"
    );
    assert!(
        errs.iter().any(|e| e.message.contains("Squad leader")),
        "{text:?}"
    );
    // Over the cap.
    let f = team(EC, &["Captain"; 14]);
    assert!(
        f.validate(&c, 1000, 14)
            .iter()
            .any(|i| i.message.contains("cost cap"))
    );
    // "some armor will cause this to decrease": Heavy Armour (-2) and a Riot Shield (-1) bought
    // for an Average Joe (Speed 3) would leave it no Speed; Heavy Armour alone leaves it 1.
    let slowed = |extra: &str| {
        format!(
            r#"KryForce(
    name: "Slow",
    team: "The Earth Confederate",
    models: [
        (name: "C", troop: "Captain"),
        (name: "J", troop: "Average Joe", extra: [{extra}]),
    ],
)"#
        )
    };
    let errs = parse_force(
        "slow.ron",
        &slowed(r#""Heavy Armour", "Riot Shield""#),
        &c,
        1000,
        14,
    )
    .unwrap_err();
    assert!(
        errs.iter()
            .any(|e| e.line == 6 && e.message.contains("takes 3 off Speed 3")),
        "{errs:?}"
    );
    assert!(parse_force("slow.ron", &slowed(r#""Heavy Armour""#), &c, 1000, 14).is_ok());
}

/// "When a heavy weapon is fired in these areas ... Place a “Damaged structure” template ... If
/// any unit stands in that spot, they must play the event"; "Any time a unit moves or is pushed
/// onto the damaged floor marker, roll a d6. On a 4+, the floor gives way, and the unit becomes
/// stuck until D6/2 rounded down ... AP's are spent on that unit".
#[test]
fn heavy_weapons_damage_weak_floors() {
    let mut level = open_level(&[]);
    let (weak, _) = wartable::data::parse_level(
        "w.ron",
        "Level(name: \"w\", width: 24.0, depth: 24.0, tile_size: 1.0, pieces: [Piece(shape: Box, at: (12.0, 16.0), size: (4.0, 4.0, 0.05), tags: [WeakFloor])])",
    )
    .unwrap();
    level.pieces = weak.pieces;
    let mut g = game_with(
        level,
        team(EC, &["Captain", "Heavy Gunner"]),
        team(POSSESSED, &["Wraith Lord", "Thrall"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 12.0, 8.0, 90.0),
            (3, 8.0, 20.0, 270.0),
            (4, 12.0, 16.0, 270.0),
        ],
        &[3, 3],
    );
    // The autocannon (heavy): RC 4, one 5 hits; the wound die passes 0+; the floor under the
    // Thrall: 5 (gives way), stuck for 6 / 2 = 3 AP; its Willpower (4 dice) against 5 passes.
    ok(
        &mut g,
        1,
        Command::Shoot {
            shooter: id(2),
            target: id(4),
            weapon: "Autocannon".into(),
            mode: FireMode::Standard,
            second: None,
        },
        &[5, 2, 2, 2, 1, 5, 6, 5, 1, 1, 1],
    );
    assert_eq!(g.state.hazards.len(), 1);
    assert_eq!(g.state.hazards[0].diameter, 2.0, "double the base size");
    assert_eq!(g.state.models[&id(4)].stuck, 3);
    let e = refused(
        &mut g,
        2,
        Command::Move {
            model: id(4),
            to: Pt::new(12.0, 18.0),
            kind: MoveKind::Normal,
        },
    );
    assert!(e.contains("stuck"), "{e}");
    for left in [2, 1, 0] {
        ok(&mut g, 2, Command::DigOut { model: id(4) }, &[]);
        assert_eq!(g.state.models[&id(4)].stuck, left);
    }
    assert_eq!(g.state.spent[1], 3);
    // The Wraith Lord walks across the marker: 2, the floor holds.
    ok(
        &mut g,
        2,
        Command::Move {
            model: id(3),
            to: Pt::new(11.0, 17.0),
            kind: MoveKind::Normal,
        },
        &[2],
    );
    assert!(journal(&g).contains("floor holds"));
    // A heavy weapon that hits outside a weak area places nothing: the Wraith Lord, off the
    // weak floor, hit by the autocannon (one 5; the wound die; no floor roll).
    put(&mut g, 3, 6.0, 16.0);
    let turn = Command::Turn {
        model: id(2),
        facing: 127.0,
    };
    ok(&mut g, 1, turn, &[]);
    let floors = g
        .dice
        .log()
        .iter()
        .filter(|r| r.purpose.contains("floor hold"))
        .count();
    g.dice.force(&[5, 2, 2, 2, 1]);
    g.play(
        1,
        Command::Shoot {
            shooter: id(2),
            target: id(3),
            weapon: "Autocannon".into(),
            mode: FireMode::Standard,
            second: None,
        },
    )
    .unwrap();
    g.dice.clear_queued();
    let j = journal(&g);
    let line = j
        .lines()
        .find(|l| l.contains("(standard shot) at Wraith Lord"))
        .unwrap_or("");
    assert!(line.contains(": 1 hit(s)"), "the autocannon hit: {j}");
    let rounded = |p: Pt| ((p.x * 10.0).round(), (p.y * 10.0).round());
    assert_eq!(
        rounded(g.state.table.model(id(3)).unwrap().pos),
        (60.0, 160.0)
    );
    assert_eq!(g.state.hazards.len(), 1, "no marker off the weak floor");
    assert_eq!(
        g.dice
            .log()
            .iter()
            .filter(|r| r.purpose.contains("floor hold"))
            .count(),
        floors
    );
}

/// "Place a “Damaged structure” template on the area that the heavy weapon hit": also when the
/// hit takes the model out (the marker goes where it stood).
#[test]
fn a_heavy_hit_that_kills_still_damages_the_floor() {
    let mut level = open_level(&[]);
    let (weak, _) = wartable::data::parse_level(
        "w.ron",
        "Level(name: \"w\", width: 24.0, depth: 24.0, tile_size: 1.0, pieces: [Piece(shape: Box, at: (12.0, 16.0), size: (4.0, 4.0, 0.05), tags: [WeakFloor])])",
    )
    .unwrap();
    level.pieces = weak.pieces;
    let mut g = game_with(
        level,
        team(EC, &["Captain", "Heavy Gunner"]),
        team(POSSESSED, &["Wraith Lord", "Thrall"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 12.0, 8.0, 90.0),
            (3, 8.0, 20.0, 270.0),
            (4, 12.0, 16.0, 270.0),
        ],
        &[3, 3],
    );
    wartable::rules::core::testing::stage(
        &mut g,
        &[Event::Wounded {
            model: id(4),
            wounds: 1,
            by: None,
        }],
    );
    // One hit (5), the wound die passes 0+: the Thrall's second wound takes it out.
    ok(
        &mut g,
        1,
        Command::Shoot {
            shooter: id(2),
            target: id(4),
            weapon: "Autocannon".into(),
            mode: FireMode::Standard,
            second: None,
        },
        &[5, 2, 2, 2, 1],
    );
    assert!(!g.state.models[&id(4)].alive());
    assert_eq!(g.state.hazards.len(), 1);
    assert_eq!(g.state.hazards[0].centre, Pt::new(12.0, 16.0));
}

pub(super) fn mv(m: u32, x: f32, y: f32, kind: MoveKind) -> Command {
    Command::Move {
        model: id(m),
        to: Pt::new(x, y),
        kind,
    }
}

/// The cancel example: "The player says he is moving three times (2x3, 6AP) ... The player says
/// he is cancelling the order (+1AP) and says he is moving the unit off to the right under some
/// small cover ... (an extra 2AP) ... it cost him 9AP just to save him." Repeated actions open a
/// window for the opponent between the moves.
#[test]
fn the_cancel_example_costs_nine_ap() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    let steps = vec![
        mv(2, 10.0, 4.5, MoveKind::Normal),
        mv(2, 10.0, 7.0, MoveKind::Normal),
        mv(2, 10.0, 9.5, MoveKind::Normal),
    ];
    ok(&mut g, 1, Command::Order { steps }, &[]);
    assert_eq!(g.state.spent[0], 6, "paid in advance");
    assert_eq!(g.state.table.model(id(2)).unwrap().pos, Pt::new(10.0, 4.5));
    // The window after the first move: side 2 may interrupt, side 1 may only cancel.
    assert!(matches!(
        g.state.pending,
        Some(Pending::Window {
            waiting_only: false,
            ..
        })
    ));
    let e = refused(&mut g, 1, mv(3, 16.0, 4.0, MoveKind::Normal));
    assert!(e.contains("only cancel"), "{e}");
    ok(&mut g, 1, Command::CancelCombo, &[]);
    assert!(g.state.combo.is_none() && g.state.pending.is_none());
    ok(&mut g, 1, mv(2, 12.0, 5.5, MoveKind::Normal), &[]);
    assert_eq!(g.state.spent[0], 9);
    // Passing lets a combo run to its end: two moves, and a window between them.
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![
                mv(3, 16.0, 4.5, MoveKind::Normal),
                mv(3, 16.0, 7.0, MoveKind::Normal),
            ],
        },
        &[],
    );
    ok(&mut g, 2, Command::Pass, &[]);
    assert_eq!(g.state.table.model(id(3)).unwrap().pos, Pt::new(16.0, 7.0));
    assert!(g.state.combo.is_none());
    assert_eq!(g.state.tally[0].combo_commands, 2);
}

/// "Example of how not to use combos: A unit is ordered to come out of cover, AND fire at a unit,
/// AND run again, AND shoot at another unit over, AND run back into cover ... In total this costs
/// about 6 AP. Unfortunately for the unit, he ducks out of cover, and is shot at and hit at by a
/// unit in waiting." Between different actions only a unit in waiting may interrupt; the
/// interruption stops the combo, its AP stay spent, and the interrupter earns +3.
#[test]
fn how_not_to_use_combos() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 4, 10.0, 14.0);
    // The Captain (Body 3: breath for two runs) stands where the Joe stood.
    put(&mut g, 2, 7.0, 2.0);
    put(&mut g, 1, 10.0, 2.0);
    ok(&mut g, 2, Command::Wait { model: id(4) }, &[]);
    let shot = |t: u32| Command::Shoot {
        shooter: id(1),
        target: id(t),
        weapon: "Assault Rifle".into(),
        mode: FireMode::Standard,
        second: None,
    };
    let steps = vec![
        mv(1, 10.0, 4.0, MoveKind::Normal),
        shot(4),
        mv(1, 12.0, 6.0, MoveKind::Run),
        shot(4),
        mv(1, 10.0, 3.0, MoveKind::Run),
    ];
    ok(&mut g, 1, Command::Order { steps }, &[]);
    assert_eq!(g.state.spent[0], 2 + 1 + 1 + 1 + 1);
    assert!(matches!(
        g.state.pending,
        Some(Pending::Window {
            waiting_only: true,
            ..
        })
    ));
    // Only the waiting unit may interrupt.
    let e = refused(&mut g, 2, mv(6, 16.0, 20.0, MoveKind::Normal));
    assert!(e.contains("waiting"), "{e}");
    // The Wraith Lord's Hex Bolt (RC 3): 2, 2, 2 all miss; it interrupts all the same.
    ok(
        &mut g,
        2,
        Command::Shoot {
            shooter: id(4),
            target: id(1),
            weapon: "Hex Bolt".into(),
            mode: FireMode::Standard,
            second: None,
        },
        &[2, 2, 2],
    );
    assert!(g.state.combo.is_none());
    assert!(!g.state.models[&id(4)].waiting, "acting breaks the waiting");
    assert_eq!(g.state.spent[0], 6, "the whole combo stays paid");
    assert_eq!(g.state.table.model(id(1)).unwrap().pos, Pt::new(10.0, 4.0));
    assert!(g.state.tally[1].interrupted_combo);
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    assert!(journal(&g).contains("+3 interrupted a combo"));
    // Without a unit in waiting, different actions run through with no window (the shot hits:
    // a missed one would fail the combo).
    put(&mut g, 6, 16.0, 12.0);
    g.dice.force(&[5, 5, 5, 5, 5, 5, 5, 5]);
    g.play(
        1,
        Command::Order {
            steps: vec![mv(3, 16.0, 4.5, MoveKind::Normal), shot_from(3, 6)],
        },
    )
    .unwrap();
    g.dice.clear_queued();
    assert!(g.state.models[&id(6)].wounds_taken > 0, "{}", journal(&g));
    assert!(g.state.combo.is_none() && g.state.pending.is_none());
    assert_eq!(g.state.tally[0].combo_commands, 2);
    // A shot out of range fails, and stops the combo.
    put(&mut g, 6, 16.0, 23.0);
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![shot_from(3, 6), mv(3, 16.0, 2.0, MoveKind::Normal)],
        },
        &[],
    );
    assert_eq!(g.state.table.model(id(3)).unwrap().pos, Pt::new(16.0, 4.5));
    assert!(journal(&g).contains("out of range"));
    assert_eq!(
        g.state.tally[0].combo_commands, 2,
        "a failed combo earns nothing"
    );
}

fn shot_from(s: u32, t: u32) -> Command {
    Command::Shoot {
        shooter: id(s),
        target: id(t),
        weapon: "Carbine".into(),
        mode: FireMode::Standard,
        second: None,
    }
}

/// "You have successfully completed a command combo. +1AP per 4 commands": the paid commands (a
/// free turn is none).
#[test]
fn completed_combos_earn_ap() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    ok(
        &mut g,
        1,
        Command::Order {
            steps: vec![
                mv(1, 4.0, 3.5, MoveKind::Normal),
                Command::Turn {
                    model: id(1),
                    facing: 80.0,
                },
                mv(2, 10.0, 3.5, MoveKind::Normal),
                mv(3, 16.0, 3.5, MoveKind::Run),
                mv(1, 4.0, 5.0, MoveKind::Normal),
            ],
        },
        &[],
    );
    // Move (and its turn), move, move, move: repeated actions, a window before each; side 2
    // passes them.
    for _ in 0..3 {
        ok(&mut g, 2, Command::Pass, &[]);
    }
    assert!(g.state.combo.is_none());
    assert_eq!(
        g.state.tally[0].combo_commands, 4,
        "four paid commands, the turn not one"
    );
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    assert!(
        journal(&g).contains("+1 completed combos (4 commands"),
        "{}",
        journal(&g)
    );
}

fn pick(
    action: wartable::rules::kry::faceoff::FaceOffAction,
    model: u32,
    target: Option<u32>,
) -> Command {
    Command::FaceOffChoose {
        choice: Some(wartable::rules::kry::faceoff::FaceOffChoice {
            action,
            model: id(model),
            target: target.map(id),
        }),
    }
}

/// "Face-off": both name an action, in secret at one screen (each seat sees only its own pick
/// until both are in); "movement only precedes other actions if that unit is not currently part
/// of any other action"; "precedence is given to the unit with the highest Speed stat. If they
/// also have the same Speed stat, roll a d6"; the winner "MUST carry it through"; "Either player
/// can pull out".
#[test]
fn face_offs() {
    use wartable::rules::kry::faceoff::FaceOffAction::{Movement, Ranged};
    use wartable::rules::kry::state::FaceOffPick;
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 4, 10.0, 12.0);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    assert_eq!(g.waiting(), Waiting::Each(vec![1, 2]));
    ok(&mut g, 1, pick(Movement, 2, None), &[]);
    // Side 2 does not see side 1's pick; side 1 does.
    let seen_by = |g: &KryGame, seat: u8| match &Kry::redact(&g.state, seat).pending {
        Some(Pending::FaceOff(f)) => f.picks[0].clone(),
        p => panic!("{p:?}"),
    };
    assert_eq!(seen_by(&g, 2), FaceOffPick::Hidden);
    assert!(matches!(seen_by(&g, 1), FaceOffPick::Named(_)));
    // Undoing the pick names no part of it to whoever is at the screen; the pick is given again.
    let undone = g.undo().expect("a pick rolls no dice");
    let label = Kry::undone_label(&undone);
    assert!(
        label.contains("face-off") && !label.contains("Movement") && !label.contains("2"),
        "{label}"
    );
    assert_eq!(g.waiting(), Waiting::Each(vec![1, 2]));
    ok(&mut g, 1, pick(Movement, 2, None), &[]);
    // The Wraith Lord fires at the Joe: the Joe is part of that action, so its move loses the
    // movement's precedence.
    ok(&mut g, 2, pick(Ranged, 4, Some(2)), &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 2, .. })
    ));
    let e = refused(&mut g, 1, mv(2, 12.0, 2.0, MoveKind::Normal));
    assert!(e.contains("waits for side 2"), "{e}");
    let e = refused(&mut g, 2, mv(4, 12.0, 14.0, MoveKind::Normal));
    assert!(e.contains("carry through"), "{e}");
    ok(
        &mut g,
        2,
        Command::Shoot {
            shooter: id(4),
            target: id(2),
            weapon: "Hex Bolt".into(),
            mode: FireMode::Standard,
            second: None,
        },
        &[2, 2, 2],
    );
    assert!(g.state.pending.is_none());
    // Movement against movement: the higher Speed goes first (Wraith Lord 5 against Joe 3).
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(&mut g, 2, pick(Movement, 4, None), &[]);
    ok(&mut g, 1, pick(Movement, 3, None), &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 2, .. })
    ));
    ok(&mut g, 2, mv(4, 10.0, 14.0, MoveKind::Normal), &[]);
    // A side that pulls out lets the other go first.
    ok(&mut g, 2, Command::CallFaceOff, &[]);
    ok(&mut g, 2, Command::FaceOffChoose { choice: None }, &[]);
    ok(&mut g, 1, pick(Movement, 1, None), &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 1, .. })
    ));
    ok(&mut g, 1, mv(1, 4.0, 3.5, MoveKind::Normal), &[]);
    // Equal Speed (Joe and Thrall, 3): a d6 each, 4 against 4 rolled again, then 2 against 5.
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(&mut g, 1, pick(Movement, 2, None), &[]);
    ok(&mut g, 2, pick(Movement, 6, None), &[4, 4, 2, 5]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 2, .. })
    ));
}

/// "Note that movement only precedes other actions if that unit is not currently part of any
/// other action": a unit in base contact with an enemy is in a close combat, and its move no
/// longer goes before a shot, though the shot is aimed at another unit.
#[test]
fn a_unit_in_base_contact_loses_the_movements_place() {
    use wartable::rules::kry::faceoff::FaceOffAction::{Movement, Ranged};
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    put(&mut g, 4, 16.0, 12.0);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(&mut g, 1, pick(Movement, 2, None), &[]);
    ok(&mut g, 2, pick(Ranged, 4, Some(3)), &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 2, .. })
    ));
}

/// The face-off option "higher number goes first": ranged (2) before movement (1).
#[test]
fn face_off_by_the_higher_number() {
    use wartable::rules::kry::faceoff::FaceOffAction::{Movement, Ranged};
    let mut g = small(&[]);
    g.state.options.face_off = wartable::rules::kry::options::FaceOffOrder::HigherFirst;
    start(&mut g, &apart(), &[3, 3]);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(&mut g, 1, pick(Movement, 2, None), &[]);
    ok(&mut g, 2, pick(Ranged, 4, Some(3)), &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 2, .. })
    ));
    // By the list order (the default) the same picks give side 1 the move first.
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    ok(&mut g, 1, Command::CallFaceOff, &[]);
    ok(&mut g, 1, pick(Movement, 2, None), &[]);
    ok(&mut g, 2, pick(Ranged, 4, Some(3)), &[]);
    assert!(matches!(
        g.state.pending,
        Some(Pending::FaceOffWon { side: 1, .. })
    ));
}

/// "2. Ranged combat ... 3. Close Combat": a shot named against a close-combat attack goes first
/// by the list order (the default), and the attack goes first under "higher number first".
#[test]
fn face_off_ranged_against_close_combat_under_both_orders() {
    use wartable::rules::kry::faceoff::FaceOffAction::{Close, Ranged};
    for (order, first) in [
        (wartable::rules::kry::options::FaceOffOrder::ListOrder, 1u8),
        (
            wartable::rules::kry::options::FaceOffOrder::HigherFirst,
            2u8,
        ),
    ] {
        let mut g = small(&[]);
        g.state.options.face_off = order;
        start(&mut g, &apart(), &[3, 3]);
        put(&mut g, 2, 12.0, 11.0);
        put(&mut g, 6, 12.0, 12.001);
        ok(&mut g, 1, Command::CallFaceOff, &[]);
        ok(&mut g, 1, pick(Ranged, 1, Some(6)), &[]);
        ok(&mut g, 2, pick(Close, 6, Some(2)), &[]);
        match &g.state.pending {
            Some(Pending::FaceOffWon { side, .. }) => assert_eq!(*side, first, "{order:?}"),
            p => panic!("{order:?}: {p:?}"),
        }
    }
}

/// The text's scenario: "the attacking force must destroy 3 locations ... End of AP round 1 - The
/// defending side can begin to move their units into postition; End of AP round 3 - Squad leader
/// arrives; End of AP round 4 - Last quarter of units arrives; End of AP round 10 - Backup
/// arrives, defenders win."
#[test]
fn breach_the_texts_scenario() {
    let level_text = "Level(name: \"breach\", width: 24.0, depth: 24.0, tile_size: 1.0, zones: [Zone(name: \"a\", kind: Deployment, side: 1, min: (0.0, 0.0), max: (24.0, 6.0)), Zone(name: \"d\", kind: Deployment, side: 2, min: (0.0, 16.0), max: (24.0, 24.0))], objectives: [Objective(name: \"Lab\", at: (4.0, 12.0)), Objective(name: \"Valve\", at: (12.0, 12.0)), Objective(name: \"Engine\", at: (20.0, 12.0))])";
    let (level, _) = wartable::data::parse_level("breach.ron", level_text).unwrap();
    let mut g = KryGame::new(KrySetup {
        level,
        forces: [
            team(EC, &["Captain", "Average Joe", "Average Joe"]),
            team(
                POSSESSED,
                &["Wraith Lord", "Thrall", "Thrall", "Thrall", "Thrall"],
            ),
        ],
        scenario: Scenario::Breach,
        options: KryOptions::default(),
        seed: 1,
        catalogue: cat(),
    })
    .unwrap();
    // The squad leader (4) arrives after round 3, the last quarter of the others (8) after 4.
    assert_eq!(g.state.models[&id(4)].arrives, Some(3));
    assert_eq!(g.state.models[&id(8)].arrives, Some(4));
    assert_eq!(g.state.models[&id(7)].arrives, None);
    for (m, x) in [(1, 4.0), (2, 12.0), (3, 20.0)] {
        ok(
            &mut g,
            1,
            Command::Deploy {
                model: id(m),
                at: Pt::new(x, 2.0),
                facing: 90.0,
            },
            &[],
        );
    }
    ok(&mut g, 1, Command::FinishDeployment, &[]);
    let e = refused(
        &mut g,
        2,
        Command::Deploy {
            model: id(4),
            at: Pt::new(4.0, 20.0),
            facing: 270.0,
        },
    );
    assert!(e.contains("held back"), "{e}");
    for (m, x) in [(5, 4.0), (6, 12.0), (7, 20.0)] {
        ok(
            &mut g,
            2,
            Command::Deploy {
                model: id(m),
                at: Pt::new(x, 22.0),
                facing: 270.0,
            },
            &[],
        );
    }
    // Side 1's one squad leader rolls; side 2's is not here yet: no dice, and no AP in round 1.
    ok(&mut g, 2, Command::FinishDeployment, &[4]);
    assert_eq!(g.state.ap, [4 + 14, 0]);
    assert!(journal(&g).contains("caught off guard"));
    // Destroying a location: within 1" of it, 2 AP, the attackers only.
    let sabotage = |m: u32, o: usize| Command::Sabotage {
        model: id(m),
        objective: o,
    };
    let e = refused(&mut g, 1, sabotage(2, 1));
    assert!(e.contains("within 1"), "{e}");
    put(&mut g, 2, 12.0, 10.4);
    ok(&mut g, 1, sabotage(2, 1), &[]);
    assert_eq!(g.state.destroyed, vec![1]);
    assert_eq!(g.state.spent[0], 2);
    let e = refused(&mut g, 1, sabotage(2, 1));
    assert!(e.contains("already destroyed"), "{e}");
    // Rounds 1 to 3 end: the squad leader arrives and side 2 places it before round 4's roll.
    // Side 2 has no squad leader on the table: no AP dice, only its Tactics Rating.
    ok(&mut g, 1, Command::Done { side: 1 }, &[3]);
    assert_eq!(g.state.ap[1], 13 + 1);
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3]);
    assert_eq!(g.state.round, 3);
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[]);
    assert_eq!(g.state.phase, Phase::Deploy { side: 2 });
    ok(
        &mut g,
        2,
        Command::Deploy {
            model: id(4),
            at: Pt::new(8.0, 22.0),
            facing: 270.0,
        },
        &[],
    );
    ok(&mut g, 2, Command::FinishDeployment, &[3, 3]);
    assert_eq!((g.state.round, &g.state.phase), (4, &Phase::Play));
    assert!(
        g.state.table.model(id(4)).is_ok(),
        "the squad leader is on the table"
    );
    // Round 4 ends: the last quarter arrives, placed as the squad leader was, and plays on.
    assert!(g.state.table.model(id(8)).is_err(), "not here before");
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[]);
    assert_eq!(g.state.phase, Phase::Deploy { side: 2 });
    ok(
        &mut g,
        2,
        Command::Deploy {
            model: id(8),
            at: Pt::new(16.0, 22.0),
            facing: 270.0,
        },
        &[],
    );
    ok(&mut g, 2, Command::FinishDeployment, &[3, 3]);
    assert_eq!((g.state.round, &g.state.phase), (5, &Phase::Play));
    ok(&mut g, 2, mv(8, 16.0, 20.0, MoveKind::Normal), &[]);
    // "End of AP round 10 - Backup arrives, defenders win": at the end of round 10, not before.
    let mut later = g.state.clone();
    later.round = 10;
    use wartable::rules::kry::round::outcome;
    use wartable::rules::kry::state::Outcome;
    assert!(outcome(&later, false).is_none());
    assert!(matches!(
        outcome(&later, true),
        Some(Outcome::Victory { side: 2, .. })
    ));
    later.round = 9;
    assert!(outcome(&later, true).is_none());
    // Two more locations: the attackers win.
    put(&mut g, 1, 4.0, 10.4);
    ok(&mut g, 1, sabotage(1, 0), &[]);
    put(&mut g, 3, 20.0, 10.4);
    ok(&mut g, 1, sabotage(3, 2), &[]);
    match &g.state.phase {
        Phase::Over(wartable::rules::kry::state::Outcome::Victory { side: 1, why }) => {
            assert!(why.contains("3 locations"), "{why}")
        }
        p => panic!("expected the attackers' victory, got {p:?}"),
    }
}

/// "randomly generated missions": the same seed draws the same mission; a Breach only on a
/// level with 3 locations; over many seeds every scenario comes up.
#[test]
fn random_missions() {
    use wartable::rules::kry::missions::random_mission;
    let (deck, _) =
        wartable::data::load_level(&crate::common::repo().join("levels/kry-deck.ron")).unwrap();
    assert!(deck.objectives.len() >= 3);
    let open = open_level(&[]);
    let mut seen = Vec::new();
    for seed in 1..=60 {
        let m = random_mission(seed, &deck);
        assert_eq!(m, random_mission(seed, &deck), "seed {seed}");
        assert!((5..=10).contains(&m.round_limit));
        if !seen.contains(&m.scenario) {
            seen.push(m.scenario);
        }
        assert_ne!(random_mission(seed, &open).scenario, Scenario::Breach);
    }
    assert_eq!(seen.len(), Scenario::ALL.len(), "{seen:?}");
}

/// "Models which are charging move at their normal movement distance PLUS their BOD stat. In the
/// first round of combat, the charger receives a +2 bonus to their CC characteristic, but
/// receives a body stat of -2 for the first attack the opponent has."
#[test]
fn a_charge_moves_speed_plus_body_and_trades_body_for_cc() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 6, 10.0, 8.5);
    // The Joe (Speed 3 + Body 2 = 5") at 10,2; the Thrall's base 5.5" away: too far.
    let charge = Command::Attack {
        attacker: id(2),
        target: id(6),
        attack: AttackType::Punch,
        weapon: None,
        charge: true,
    };
    let e = refused(&mut g, 1, charge.clone());
    assert!(e.contains("Speed + Body"), "{e}");
    put(&mut g, 6, 10.0, 7.5);
    ok(&mut g, 1, charge, &[]);
    assert_eq!(
        g.state.spent[0], 1,
        "\"This attack costs 1AP to initiate\" (easy ground)"
    );
    assert!(
        g.state.table.distance(id(2), id(6)).unwrap() < 0.05,
        "in base contact"
    );
    // CC 2 + 2 (charge): 4 dice, keep Str 2 + 1 (punch) against the Thrall's CC 3.
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 3, 3, 1, 1, 1, 1, 2, 1, 1],
    );
    let hit_roll = g
        .dice
        .log()
        .iter()
        .find(|r| r.purpose.contains("to hit 4K3"))
        .expect("the charger's 4K3");
    assert_eq!(hit_roll.expr, "4d6!");
    // The Thrall strikes back at the charger: the Joe's Body 2 - 2 + Light Armour 2 = 2.
    ok(
        &mut g,
        2,
        Command::Attack {
            attacker: id(6),
            target: id(2),
            attack: AttackType::Punch,
            weapon: None,
            charge: false,
        },
        &[],
    );
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: false },
        // To hit 2+ (the Joe's CC 2): 4, 1, 1; to avoid: 1, 1; to wound: 1.
        &[4, 1, 1, 1, 1, 1],
    );
    assert!(
        g.dice
            .log()
            .iter()
            .any(|r| r.purpose.contains("to wound Average Joe 2, 2+")),
        "{:?}",
        g.dice
            .log()
            .iter()
            .map(|r| r.purpose.clone())
            .collect::<Vec<_>>()
    );
}

/// "receives a body stat of -2 for the first attack the opponent has": the first attack, even
/// when it comes in the next AP round (the charge was the side's last order of the round).
#[test]
fn a_chargers_minus_two_body_waits_for_the_first_attack_across_rounds() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 6, 10.0, 7.5);
    ok(
        &mut g,
        1,
        Command::Attack {
            attacker: id(2),
            target: id(6),
            attack: AttackType::Punch,
            weapon: None,
            charge: true,
        },
        &[],
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 3, 3, 1, 1, 1, 1, 2, 1, 1],
    );
    ok(&mut g, 1, Command::Done { side: 1 }, &[]);
    ok(&mut g, 2, Command::Done { side: 2 }, &[3, 3]);
    ok(
        &mut g,
        2,
        Command::Attack {
            attacker: id(6),
            target: id(2),
            attack: AttackType::Punch,
            weapon: None,
            charge: false,
        },
        &[],
    );
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: false },
        &[4, 1, 1, 1, 1, 1],
    );
    // The Joe's Body 2 - 2 + Light Armour 2 = 2, as in the charge's own round.
    let purposes: Vec<String> = g.dice.log().iter().map(|r| r.purpose.to_string()).collect();
    assert!(
        purposes
            .iter()
            .any(|p| p.contains("to wound Average Joe 2, 2+")),
        "{purposes:?}"
    );
}

/// "Snap Shot: -2 to RC Stat, but two attacks for base AP cost"; the blind side and the flak
/// jacket: "if that unit is shot in the back, the flack jacket can do nothing to protect the
/// wearer", and the weapon's damage +2 (the default reading).
#[test]
fn snap_shots_and_the_blind_side() {
    let mut g = game_with(
        open_level(&[]),
        team(EC, &["Captain"]),
        team(EC, &["Sergeant", "Commando"]),
    );
    start(
        &mut g,
        &[
            (1, 12.0, 8.0, 90.0),
            (2, 4.0, 22.0, 270.0),
            (3, 12.0, 14.0, 270.0),
        ],
        &[3, 3],
    );
    let shot = |mode: FireMode| Command::Shoot {
        shooter: id(1),
        target: id(3),
        weapon: "Assault Rifle".into(),
        mode,
        second: None,
    };
    // Two shots of RC 5 - 2 = 3 dice, one AP. All miss (2s): missed by one unit, no Willpower
    // roll.
    ok(&mut g, 1, shot(FireMode::Snap), &[2, 2, 2, 2, 2, 2]);
    assert_eq!(g.state.spent[0], 1);
    assert_eq!(
        g.dice
            .log()
            .iter()
            .filter(|r| r.purpose.contains("snap shot"))
            .count(),
        2
    );
    // From the front: Body 3 + flak 4 - damage 3 = 4. One hit (5), the wound die 1, Willpower
    // 4 dice pass.
    ok(
        &mut g,
        1,
        shot(FireMode::Standard),
        &[5, 2, 2, 2, 2, 1, 5, 1, 1, 1],
    );
    assert!(
        g.dice
            .log()
            .iter()
            .any(|r| r.purpose.contains("to wound, 4+"))
    );
    // The Commando turned away: the Captain is on its blind side: Body 3 + 0 - (3 + 2) = -2.
    ok(
        &mut g,
        2,
        Command::Turn {
            model: id(3),
            facing: 90.0,
        },
        &[],
    );
    ok(
        &mut g,
        1,
        shot(FireMode::Standard),
        &[5, 2, 2, 2, 2, 1, 5, 1, 1, 1],
    );
    assert!(
        g.dice
            .log()
            .iter()
            .any(|r| r.purpose.contains("to wound, -2+"))
    );
}

/// In play: "Counter attack: ... If you get more successes than the attacker, you can attack once
/// for free"; "Break off: If the attacker misses ... moving your Sp stat away from them"; "Leg
/// sweep: ... must spend 1 AP getting up".
#[test]
fn counter_attack_break_off_and_leg_sweep() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    let attack = |a: AttackType| Command::Attack {
        attacker: id(2),
        target: id(6),
        attack: a,
        weapon: None,
        charge: false,
    };
    // Counter attack: the Joe's punch (CC 2 + 1 initiator, keep 3) hits once (3, 1, 1); the
    // Thrall's 3, 3, 1 pass twice: more than one, so it strikes back free: 2, 1, 1 (one hit on
    // the Joe's CC 2), the Joe avoids nothing (1, 1), a 4 wounds it (Body 2 + armour 2). The
    // Joe's own die still rolls to wound (no dice taken away): 1.
    ok(&mut g, 1, attack(AttackType::Punch), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[3, 1, 1],
    );
    ok(
        &mut g,
        2,
        Command::DefenceType {
            defence: Defence::CounterAttack,
            weapon: None,
        },
        &[3, 3, 1, 2, 1, 1, 1, 1, 4, 1],
    );
    assert_eq!(
        g.state.models[&id(2)].wounds_taken,
        1,
        "the free attack's wound"
    );
    assert_eq!(g.state.models[&id(6)].wounds_taken, 0);
    assert!(journal(&g).contains("free attack"));
    // Break off: no initiator's +1 now (they have fought): 2 dice, 2 and 1 miss CC 3; the Thrall
    // moves its Speed (3") away.
    ok(&mut g, 1, attack(AttackType::Punch), &[]);
    ok(&mut g, 2, Command::DefenceClass { active: true }, &[2, 1]);
    ok(
        &mut g,
        2,
        Command::DefenceType {
            defence: Defence::BreakOff,
            weapon: None,
        },
        &[],
    );
    let gap = g.state.table.distance(id(2), id(6)).unwrap();
    assert!((gap - 3.0).abs() < 0.3, "broke off {gap}\"");
    // Leg sweep: back in contact; one hit, nothing avoided, the wound die fails, but the Thrall
    // is down: it cannot move until it pays 1 AP to stand.
    put(&mut g, 6, 12.0, 12.001);
    ok(&mut g, 1, attack(AttackType::LegSweep), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 1, 1, 1, 1, 1, 1],
    );
    assert!(g.state.models[&id(6)].prone);
    let e = refused(
        &mut g,
        2,
        Command::Move {
            model: id(6),
            to: Pt::new(12.0, 15.0),
            kind: MoveKind::Normal,
        },
    );
    assert!(e.contains("stands up first"), "{e}");
    let spent = g.state.spent[1];
    ok(&mut g, 2, Command::StandUp { model: id(6) }, &[]);
    assert_eq!(g.state.spent[1], spent + 1);
    assert!(!g.state.models[&id(6)].prone);
}

/// The Rush Grunt (2, WILL 2) with the Nightmare (4) at its side, base to base.
fn grunt_beside_a_nightmare() -> KryGame {
    let mut g = game_with(
        open_level(&[]),
        team(EC, &["Captain", "Rush Grunt"]),
        team(POSSESSED, &["Wraith Lord", "Nightmare"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 12.0, 6.0, 90.0),
            (3, 4.0, 22.0, 270.0),
            (4, 12.0, 20.0, 270.0),
        ],
        &[3, 3],
    );
    let grunt = g.state.table.model(id(2)).unwrap().radius();
    let horror = g.state.table.model(id(4)).unwrap().radius();
    put(&mut g, 4, 12.0, 6.0 + grunt + horror + 0.001);
    g
}

/// The Nightmare's Soul Scythe at the Rush Grunt.
fn scythe_at_the_grunt() -> Command {
    Command::Attack {
        attacker: id(4),
        target: id(2),
        attack: AttackType::Weapon,
        weapon: Some("Soul Scythe".into()),
        charge: false,
    }
}

/// "Pure horror: ... halve the non-horror causing units WILL attribute (rounded down), and roll
/// against a target number of 6 ... (The following effect is only applied to those who have a
/// willpower attribute of 2 or less) The unit that failed the WILL test must roll a single D6. On
/// a 6, the unit moves 4 inches".
#[test]
fn pure_horror_halves_will_and_may_send_a_unit_running() {
    let mut g = grunt_beside_a_nightmare();
    // The Rush Grunt's WILL 2, halved: one die against 6, a 3: afraid. Its WILL is 2 or less:
    // a d6, a 6: it runs 4" from the Nightmare.
    ok(&mut g, 2, scythe_at_the_grunt(), &[3, 6]);
    let will = g
        .dice
        .log()
        .iter()
        .find(|r| r.purpose.contains("pure horror"))
        .expect("the Willpower roll");
    assert_eq!(will.expr, "1d6!", "WILL 2 halved: one die");
    // Afraid, then out of base contact: the combat is left, and the fear with it.
    assert!(journal(&g).contains("is afraid of Nightmare"));
    assert_eq!(g.state.models[&id(2)].afraid_of, None);
    let gap = g.state.table.distance(id(2), id(4)).unwrap();
    assert!((gap - 4.0).abs() < 0.3, "ran {gap}\"");
    assert!(
        g.state.pending.is_none(),
        "out of reach: the attack is lost"
    );
    // "No AP cost is charged": the attack's 1 AP, nothing for the run.
    assert_eq!(g.state.spent, [0, 1]);
}

/// "roll a D6. On a 6, the unit moves 4 inches": a failed pure-horror test whose d6 is not a 6
/// sends nobody running; the attack goes on to the defence's question.
#[test]
fn a_pure_horror_d6_under_six_sends_nobody_running() {
    let mut g = grunt_beside_a_nightmare();
    let before = g.state.table.model(id(2)).unwrap().pos;
    ok(&mut g, 2, scythe_at_the_grunt(), &[3, 5]);
    assert!(journal(&g).contains("is afraid of Nightmare"));
    assert_eq!(g.state.table.model(id(2)).unwrap().pos, before, "no run");
    assert!(
        matches!(g.state.pending, Some(Pending::DefenceClass(_))),
        "{:?}",
        g.state.pending
    );
}

/// "If the unit is shot at but not hit by 2 or more units, in a row": a run of fire that has hit
/// its target is no run of misses: the second shooter's miss rolls no pin test.
#[test]
fn a_miss_after_a_hit_in_a_run_of_fire_rolls_no_pin_test() {
    let mut g = game_with(
        open_level(&[]),
        team(EC, &["Captain", "Average Joe"]),
        team(EC, &["Sergeant", "Rush Grunt"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 8.0, 90.0),
            (2, 8.0, 8.0, 90.0),
            (3, 20.0, 20.0, 270.0),
            (4, 10.0, 16.0, 270.0),
        ],
        &[3, 3],
    );
    let shot = |s: u32, w: &str| Command::Shoot {
        shooter: id(s),
        target: id(4),
        weapon: w.into(),
        mode: FireMode::Standard,
        second: None,
    };
    // The Captain's first three dice hit (5s), three wound dice, and the Rush Grunt (made tough
    // enough to stay) passes its test against 5 with a 5.
    g.state.models.get_mut(&id(4)).unwrap().wounds = 9;
    ok(
        &mut g,
        1,
        shot(1, "Assault Rifle"),
        &[5, 5, 5, 2, 2, 1, 1, 1, 5, 1],
    );
    assert!(journal(&g).contains("hit(s)"), "{}", journal(&g));
    assert!(g.state.models[&id(4)].alive(), "{}", journal(&g));
    // Not pinned by the hit (a unit pinned by a hit tests no more, whatever the run).
    assert_eq!(g.state.models[&id(4)].pinned, None, "{}", journal(&g));
    // The Joe misses: second in a row, but the run has hit: no test against 3.
    let rolls = g.dice.log().len();
    ok(&mut g, 1, shot(2, "Carbine"), &[2, 2]);
    assert_eq!(g.dice.log().len(), rolls + 1, "only the to-hit roll");
    assert!(
        !g.dice.log().iter().any(|r| r.purpose.contains("not hit")),
        "{}",
        journal(&g)
    );
}

/// "Choose a target ... a clear view": the sight verdicts kept between questions follow the
/// table. A living model between shooter and target neither blocks nor gives cover; a wall put
/// between them hides the target; the target stepping out from behind it is seen again.
#[test]
fn sight_follows_walls_and_models_between_shooter_and_target() {
    use wartable::rules::kry::shooting::sighting;
    use wartable::table::{Piece, PieceShape, Tag};
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    // Average Joe (2) at (10, 2) facing +y, the Wraith (5) straight ahead at (10, 22).
    let seen = |g: &KryGame| sighting(&g.state, id(2), id(5)).map(|x| x.cover);
    assert_eq!(seen(&g), Ok(false));
    put(&mut g, 6, 10.0, 12.0);
    assert_eq!(seen(&g), Ok(false), "a living model in the way");
    put(&mut g, 6, 16.0, 22.0);
    g.state.table.pieces.push(Piece {
        shape: PieceShape::Wall,
        at: Pt::new(10.0, 12.0),
        rotation: 0.0,
        size: (6.0, 0.3, 3.0),
        base_height: 0.0,
        tags: vec![Tag::BlocksSight],
        label: String::new(),
    });
    let hidden = seen(&g).unwrap_err().explain(&g.state);
    assert!(hidden.contains("cannot see"), "{hidden}");
    put(&mut g, 5, 18.0, 20.0);
    assert_eq!(seen(&g).map(|_| ()), Ok(()), "out from behind the wall");
}
