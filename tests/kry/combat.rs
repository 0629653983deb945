//! Close combat, shooting and psychology through the game core, line by line of chapters 4 to 6
//! (fear for one attack and again after disengaging, the run of misses, wrap, tackle, shove,
//! bunt, point blank, criticals and fumbles, the agreed break off, the weapon that parries or
//! deflects, a snap shot at two targets), and the text's close-combat examples played as moves.

use super::game::{apart, small};
use super::*;
use wartable::rules::core::Waiting;
use wartable::rules::kry::close::{AttackType, Defence};
use wartable::rules::kry::command::MoveKind;
use wartable::rules::kry::force::{KryForce, KryForceModel};
use wartable::rules::kry::ranged::FireMode;
use wartable::rules::kry::state::{HazardMark, Pending, Pin};

const EC: &str = "The Earth Confederate";
const POSSESSED: &str = "The Possessed";

/// A team whose models carry `extra` gear besides their own: (troop, extra).
fn kitted(team_name: &str, troops: &[(&str, &[&str])]) -> KryForce {
    KryForce {
        name: format!("{team_name} test team"),
        team: team_name.into(),
        models: troops
            .iter()
            .enumerate()
            .map(|(i, (t, extra))| KryForceModel {
                name: format!("{t} {}", i + 1),
                troop: (*t).into(),
                extra: extra.iter().map(|e| e.to_string()).collect(),
            })
            .collect(),
    }
}

fn attack(a: u32, t: u32, at: AttackType, weapon: Option<&str>, charge: bool) -> Command {
    Command::Attack {
        attacker: id(a),
        target: id(t),
        attack: at,
        weapon: weapon.map(str::to_string),
        charge,
    }
}

fn defend(d: Defence) -> Command {
    Command::DefenceType {
        defence: d,
        weapon: None,
    }
}

/// The last dice roll whose purpose holds `what`.
fn roll_of(g: &KryGame, what: &str) -> wartable::dice::Roll {
    g.dice
        .log()
        .iter()
        .rev()
        .find(|r| r.purpose.contains(what))
        .unwrap_or_else(|| panic!("no roll for {what}"))
        .clone()
}

fn rolls_with(g: &KryGame, what: &str) -> usize {
    g.dice
        .log()
        .iter()
        .filter(|r| r.purpose.contains(what))
        .count()
}

fn gap(g: &KryGame, a: u32, b: u32) -> f32 {
    g.state.table.distance(id(a), id(b)).unwrap()
}

/// "halve their CC attribute for the first attack the fear causing unit performs. Only if one of
/// the units disengages the close combat, and is attacked again by a fear causing unit, then
/// this bonus is applied again."
#[test]
fn fear_halves_for_one_attack_and_again_after_disengaging() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 10.0, 11.0);
    put(&mut g, 5, 10.0, 12.001);
    // The Wraith punches the Joe: the Joe's WILL 3 dice against 6 fail: afraid.
    ok(
        &mut g,
        2,
        attack(5, 2, AttackType::Punch, None, false),
        &[1, 1, 1],
    );
    assert_eq!(g.state.models[&id(2)].afraid_of, Some(id(5)));
    // CC 5 + 1 (initiator) = 6 dice, keep 3 + 1, against the Joe's CC 2 halved = 1: four hits;
    // the Joe's one die (CC halved) avoids nothing; four wound dice of 1 fail Body 2 + 2.
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: false },
        &[2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1],
    );
    assert!(roll_of(&g, "to hit").purpose.contains("against CC 1"));
    assert_eq!(g.state.models[&id(2)].afraid_of, None, "the fear is spent");
    // The second attack: no test, the Joe's CC whole (2), no initiator's +1 (5 dice).
    ok(&mut g, 2, attack(5, 2, AttackType::Punch, None, false), &[]);
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: false },
        &[2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1],
    );
    let hit = roll_of(&g, "to hit");
    assert!(hit.purpose.contains("5K4 against CC 2"), "{}", hit.purpose);
    assert_eq!(roll_of(&g, "to avoid").expr, "2d6!");
    // The Joe disengages (walks off 2"); the Wraith charges it again: a new fear test (failed),
    // and the charge's +2 CC: 7 dice against CC 1 again.
    ok(
        &mut g,
        1,
        Command::Move {
            model: id(2),
            to: Pt::new(10.0, 9.0),
            kind: MoveKind::Normal,
        },
        &[],
    );
    ok(
        &mut g,
        2,
        attack(5, 2, AttackType::Punch, None, true),
        &[1, 1, 1],
    );
    assert_eq!(
        g.state.models[&id(2)].afraid_of,
        Some(id(5)),
        "tested again"
    );
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: false },
        &[2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1],
    );
    let hit = roll_of(&g, "to hit");
    assert!(hit.purpose.contains("7K4 against CC 1"), "{}", hit.purpose);
}

/// "Unit was shot at, but not hit ... The unit cannot move, but it can still fire as normal";
/// pinned by a hit: "Any time the unit fires, they must increase their target number to hit by
/// 1". The game's own wiring of a target's Speed over 5 and a sprinting target into the shot.
#[test]
fn a_pinned_shooter_and_the_targets_speed_in_the_shot() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[5] = (6, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[3, 3]);
    let pistol = || Command::Shoot {
        shooter: id(1),
        target: id(6),
        weapon: "Pistol".into(),
        mode: FireMode::Standard,
        second: None,
    };
    stage(
        &mut g,
        Event::Pinned {
            model: id(1),
            pin: Pin::Missed,
        },
    );
    ok(&mut g, 1, pistol(), &[1, 1, 1, 1, 2]);
    assert!(
        roll_of(&g, "to hit").purpose.contains("to hit, 5+"),
        "pinned by misses: as normal"
    );
    stage(
        &mut g,
        Event::Pinned {
            model: id(1),
            pin: Pin::Hit { from: id(6) },
        },
    );
    ok(&mut g, 1, pistol(), &[1, 1, 1, 1, 2]);
    assert!(
        roll_of(&g, "to hit").purpose.contains("to hit, 6+"),
        "pinned by a hit: +1"
    );
    stage(&mut g, Event::Unpinned { model: id(1) });
    // The Thrall runs (sprinting: +1): 5 + 1.
    ok(
        &mut g,
        2,
        Command::Move {
            model: id(6),
            to: Pt::new(12.0, 14.0),
            kind: MoveKind::Run,
        },
        &[],
    );
    ok(&mut g, 1, pistol(), &[1, 1, 1, 1, 2]);
    assert!(
        roll_of(&g, "to hit").purpose.contains("to hit, 6+"),
        "a sprinting target"
    );
    // Speed over 5: the Thrall made fast (Speed 6): +1 more.
    g.state.models.get_mut(&id(6)).unwrap().profile.speed = 6;
    ok(&mut g, 1, pistol(), &[1, 1, 1, 1, 2]);
    assert!(
        roll_of(&g, "to hit").purpose.contains("to hit, 7+"),
        "fast and sprinting"
    );
}

fn stage(g: &mut KryGame, e: Event) {
    wartable::rules::core::testing::stage(g, &[e]);
}

/// "If the unit fails, they freeze 2 inches out from the model"; a frozen charger has not
/// charged: no +2 CC when it later attacks from base contact.
#[test]
fn a_frozen_charger_stops_two_inches_out_and_has_not_charged() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 10.0, 4.0);
    put(&mut g, 5, 10.0, 8.0);
    ok(
        &mut g,
        1,
        attack(2, 5, AttackType::Punch, None, true),
        &[1, 1, 1],
    );
    assert!(
        (gap(&g, 2, 5) - 2.0).abs() < 0.05,
        "froze {}\" out",
        gap(&g, 2, 5)
    );
    assert!(g.state.pending.is_none());
    assert_eq!(g.state.models[&id(2)].charged, None);
    // Into contact and an attack: the fear test passes (6 + 2); CC 2 + 1 (initiator): 3 dice.
    put(&mut g, 2, 10.0, 6.999);
    ok(
        &mut g,
        1,
        attack(2, 5, AttackType::Punch, None, false),
        &[6, 2, 1, 1],
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[1, 2, 1],
    );
    assert_eq!(roll_of(&g, "to hit").expr, "3d6!");
}

/// "Wrap: Opponent cannot use parry. If for some reason they do, their weapon breaks
/// automatically." A knife parrying a whip breaks and adds nothing.
#[test]
fn a_parry_against_a_wrapping_weapon_breaks() {
    let mut g = game_with(
        open_level(&[]),
        kitted(EC, &[("Captain", &[]), ("Average Joe", &["Whip"])]),
        kitted(EC, &[("Sergeant", &[]), ("Commando", &[])]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 12.0, 11.0, 90.0),
            (3, 4.0, 22.0, 270.0),
            (4, 12.0, 14.0, 270.0),
        ],
        &[3, 3],
    );
    put(&mut g, 4, 12.0, 12.001);
    ok(
        &mut g,
        1,
        attack(2, 4, AttackType::Weapon, Some("Whip"), false),
        &[],
    );
    // CC 2 + 1 (whip) + 1 (initiator) = 4 dice, keep Str 2 - 1 = 1, against CC 3: one hit.
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[3, 1, 1, 1],
    );
    // The knife parries: it breaks, and the Commando rolls its plain CC 3 (not 3 + 2).
    ok(&mut g, 2, defend(Defence::Parry), &[1, 1, 1, 1]);
    assert_eq!(roll_of(&g, "to avoid").expr, "3d6!");
    let knife = &g.state.models[&id(4)].cc_weapons[0];
    assert!(knife.name == "Knife" && knife.broken);
    let e = refused(
        &mut g,
        2,
        attack(4, 2, AttackType::Weapon, Some("Knife"), false),
    );
    assert!(e.contains("no close-combat weapon"), "{e}");
}

/// "Tackle: both combatants move Strength + passed to hit dice": the dice left after the roll to
/// avoid; none left, nobody moves.
#[test]
fn a_tackle_moves_both_by_strength_and_the_dice_through() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    // CC 2 + 1 = 3 dice against CC 3: 3, 3, 1 (two hits); the Thrall avoids one (3, 1, 1): one
    // through: Str 2 + 1 = 3".
    ok(
        &mut g,
        1,
        attack(2, 6, AttackType::Tackle, None, false),
        &[],
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 3, 1, 3, 1, 1],
    );
    let (joe, thrall) = (
        g.state.table.model(id(2)).unwrap().pos,
        g.state.table.model(id(6)).unwrap().pos,
    );
    assert!(
        (thrall.y - 15.001).abs() < 0.01,
        "the Thrall went to {}",
        thrall.y
    );
    assert!((joe.y - 14.0).abs() < 0.01, "the Joe followed to {}", joe.y);
    // Again (no initiator now: 2 dice): one hit, one avoided: the tackle fails.
    ok(
        &mut g,
        1,
        attack(2, 6, AttackType::Tackle, None, false),
        &[],
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 1, 3, 1, 1],
    );
    assert_eq!(g.state.table.model(id(6)).unwrap().pos, thrall);
    assert_eq!(g.state.table.model(id(2)).unwrap().pos, joe);
    assert!(journal(&g).contains("fails to tackle"));
}

/// "Shove: +2 CC. Causes no wounds. Knocks the enemy back 1 inch for every “wound” roll passed
/// (maximum attackers Strength)"; "Any time a unit moves or is pushed onto the damaged floor
/// marker, roll a d6".
#[test]
fn a_shove_knocks_back_onto_a_damaged_floor() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    stage(
        &mut g,
        Event::HazardPlaced(HazardMark {
            centre: Pt::new(12.0, 14.8),
            diameter: 2.0,
        }),
    );
    // CC 2 + 2 + 1 = 5 dice, keep 2: two hits; nothing avoided; both "wound" dice pass Body 2:
    // 2" back, onto the marker: the floor holds (2).
    ok(&mut g, 1, attack(2, 6, AttackType::Shove, None, false), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 3, 1, 1, 1, 1, 1, 1, 2, 2, 2],
    );
    assert!(
        (gap(&g, 2, 6) - 2.0).abs() < 0.01,
        "shoved {}",
        gap(&g, 2, 6)
    );
    assert_eq!(g.state.models[&id(6)].wounds_taken, 0, "no wounds");
    assert!(journal(&g).contains("floor holds under Thrall"));
}

/// "Any time a unit moves or is pushed onto the damaged floor marker ... the floor gives way,
/// and the unit becomes stuck": the floor that gives way under a shoved model holds it in the
/// hole, short of the 2" the shove would have pushed it.
#[test]
fn a_shove_onto_a_floor_that_gives_way_leaves_the_model_in_the_hole() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    stage(
        &mut g,
        Event::HazardPlaced(HazardMark {
            centre: Pt::new(12.0, 13.7),
            diameter: 2.0,
        }),
    );
    // Two hits, nothing avoided, both "wound" dice pass: 2" back; on the way the floor gives
    // way (4) and holds the Thrall for 4/2 = 2 AP where its way passes the marker's middle.
    ok(&mut g, 1, attack(2, 6, AttackType::Shove, None, false), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 3, 1, 1, 1, 1, 1, 1, 2, 2, 4, 4],
    );
    let at = g.state.table.model(id(6)).unwrap().pos;
    assert!(at.dist(Pt::new(12.0, 13.7)) < 0.01, "in the hole at {at:?}");
    assert_eq!(g.state.models[&id(6)].stuck, 2);
}

/// The same floor under a move: a floor that gives way holds the mover in the hole (not on at
/// the end of its move); one that holds lets it walk on.
#[test]
fn a_move_across_a_floor_that_gives_way_ends_in_the_hole() {
    for (dice, end, stuck) in [
        (vec![4, 4], Pt::new(10.0, 4.0), 2),
        (vec![3], Pt::new(10.0, 5.0), 0),
    ] {
        let mut g = small(&[]);
        start(&mut g, &apart(), &[6, 6]);
        stage(
            &mut g,
            Event::HazardPlaced(HazardMark {
                centre: Pt::new(10.0, 4.0),
                diameter: 2.0,
            }),
        );
        ok(
            &mut g,
            1,
            Command::Move {
                model: id(2),
                to: Pt::new(10.0, 5.0),
                kind: MoveKind::Normal,
            },
            &dice,
        );
        let at = g.state.table.model(id(2)).unwrap().pos;
        assert!(at.dist(end) < 0.01, "{dice:?}: at {at:?}");
        assert_eq!(g.state.models[&id(2)].stuck, stuck, "{dice:?}");
    }
}

/// A charge across a floor that gives way ends in the hole, short of its target: no charge
/// made (no +2 CC later), no attack.
#[test]
fn a_charge_across_a_floor_that_gives_way_ends_in_the_hole() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    put(&mut g, 6, 10.0, 6.5);
    stage(
        &mut g,
        Event::HazardPlaced(HazardMark {
            centre: Pt::new(10.0, 4.0),
            diameter: 2.0,
        }),
    );
    ok(
        &mut g,
        1,
        attack(2, 6, AttackType::Punch, None, true),
        &[4, 4],
    );
    let at = g.state.table.model(id(2)).unwrap().pos;
    assert!(at.dist(Pt::new(10.0, 4.0)) < 0.01, "in the hole at {at:?}");
    assert_eq!(g.state.models[&id(2)].stuck, 2);
    assert_eq!(g.state.models[&id(2)].charged, None);
    assert_eq!(g.state.pending, None, "no attack");
    assert!(
        journal(&g).contains("falls through the floor short of Thrall"),
        "{}",
        journal(&g)
    );
}

/// "Any forced movement incurs no cost": a shoved model has taken no step of its own, so its
/// side may move it next ("The next action must be some other type of action except a movement
/// action" holds after a small step only), and a forced move is never given as an order.
#[test]
fn a_shoved_model_is_free_to_move_next() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    ok(&mut g, 1, attack(2, 6, AttackType::Shove, None, false), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 3, 1, 1, 1, 1, 1, 1, 2, 2],
    );
    assert!(
        (gap(&g, 2, 6) - 2.0).abs() < 0.01,
        "shoved {}",
        gap(&g, 2, 6)
    );
    assert!(!g.state.models[&id(6)].small_stepped);
    let e = refused(
        &mut g,
        2,
        Command::Move {
            model: id(6),
            to: Pt::new(12.0, 15.5),
            kind: MoveKind::Forced,
        },
    );
    assert!(e.contains("never ordered"), "{e}");
    ok(
        &mut g,
        2,
        Command::Move {
            model: id(6),
            to: Pt::new(14.0, 16.0),
            kind: MoveKind::Normal,
        },
        &[],
    );
    assert_eq!(g.state.table.model(id(6)).unwrap().pos, Pt::new(14.0, 16.0));
}

/// "Bunt: ... If attack hits, roll a d6. On a 6 the weapon breaks."
#[test]
fn a_bunt_that_hits_may_break_the_weapon() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    ok(
        &mut g,
        1,
        attack(2, 6, AttackType::Bunt, Some("Carbine"), false),
        &[],
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 1, 1, 6, 1, 1, 1, 1],
    );
    assert!(g.state.models[&id(2)].weapon("Carbine").unwrap().broken);
    let e = refused(
        &mut g,
        1,
        attack(2, 6, AttackType::Bunt, Some("Carbine"), false),
    );
    assert!(e.contains("working ranged weapon"), "{e}");
}

/// "Point blank shot: ... attacker must make 1 wound save for every to hit dice that misses";
/// "If at any point you roll all 1’s for you’re to hit roll, all damage is done to your own
/// unit" (close combat and shots).
#[test]
fn point_blank_misses_and_fumbles_hurt_the_attacker() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 3, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    // Point blank with the carbine: 3 dice against CC 3: 3, 1, 2: two miss: two rolls against
    // the Joe itself, Body 2 + armour 2 - damage 2 = 2: 2 wounds it, 1 does not. Then the one
    // hit: avoided by none (1, 1, 1), its wound die 1 fails.
    ok(
        &mut g,
        1,
        attack(3, 6, AttackType::PointBlank, Some("Carbine"), false),
        &[],
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 1, 2, 2, 1, 1, 1, 1, 1],
    );
    assert_eq!(g.state.models[&id(3)].wounds_taken, 1);
    assert_eq!(g.state.models[&id(6)].wounds_taken, 0);
    // A close-combat fumble: the other Joe's three 1s: a roll against itself, Body 2 + 2: a 4.
    put(&mut g, 2, 10.999, 12.001);
    ok(&mut g, 1, attack(2, 6, AttackType::Punch, None, false), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[1, 1, 1, 4],
    );
    assert_eq!(g.state.models[&id(2)].wounds_taken, 1);
    assert!(g.state.tally[0].damaged_by_own_side);
}

/// "Whenever a 6 is rolled, the player can re-roll that dice": on the roll against its own unit
/// (all 1s) no player does. A Joe in armour 5 (Body 2 + 5 = 7: a 6 then a 3) fumbles a punch:
/// its self-harm die is a 6, not re-rolled: no wound, and no further die is rolled.
#[test]
fn a_fumbles_six_against_its_own_unit_is_not_rerolled() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 6, 12.0, 12.001);
    put(&mut g, 2, 10.999, 12.001);
    g.state.models.get_mut(&id(2)).unwrap().armour = 5;
    ok(&mut g, 1, attack(2, 6, AttackType::Punch, None, false), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[1, 1, 1, 6],
    );
    assert_eq!(g.state.models[&id(2)].wounds_taken, 0);
    assert!(
        journal(&g).contains("to wound itself, 7+: 0"),
        "{}",
        journal(&g)
    );
}

/// An attacker downed by its own fumble (all 1s) while its target defends actively leaves
/// nothing to defend against: no defence type is asked. When it was its side's last model the
/// game is over and waits on no one (a simulated game once stopped there, the defence's
/// question still open after the end).
#[test]
fn an_attacker_downed_by_its_own_fumble_leaves_no_question_open() {
    for last in [false, true] {
        let mut g = small(&[]);
        start(&mut g, &apart(), &[3, 3]);
        put(&mut g, 6, 12.0, 12.001);
        put(&mut g, 2, 10.999, 12.001);
        // The Joe has one wound left.
        let joe = g.state.models[&id(2)].wounds;
        wartable::rules::core::testing::stage(
            &mut g,
            &[Event::Wounded {
                model: id(2),
                wounds: u32::from(joe) - 1,
                by: None,
            }],
        );
        if last {
            wartable::rules::core::testing::stage(
                &mut g,
                &[1, 3].map(|n| Event::Killed {
                    model: id(n),
                    by: None,
                }),
            );
        }
        ok(&mut g, 1, attack(2, 6, AttackType::Punch, None, false), &[]);
        // The Joe's three 1s; its roll against itself, Body 2 + 2: a 4 wounds it, its last.
        ok(
            &mut g,
            2,
            Command::DefenceClass { active: true },
            &[1, 1, 1, 4],
        );
        assert!(!g.state.models[&id(2)].alive(), "last {last}");
        assert_eq!(g.state.pending, None, "last {last}");
        if last {
            assert!(
                matches!(g.waiting(), Waiting::Over(ref end) if end.winners == vec![2]),
                "{:?}",
                g.waiting()
            );
        } else {
            assert_eq!(g.state.phase, Phase::Play);
            assert!(matches!(g.waiting(), Waiting::Any(_)), "{:?}", g.waiting());
        }
    }
}

/// "If at any point you roll all 1's for you're to hit roll, all damage is done to your own
/// unit": when the target is 1 (a Fear-halved CC of 2) every die passes, yet all 1s give the
/// enemy nothing: no hits, no roll to avoid, no wounds; only the attacker's roll against itself.
#[test]
fn all_ones_that_pass_a_target_of_one_still_hurt_only_the_attacker() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 10.0, 11.0);
    put(&mut g, 5, 10.0, 12.001);
    // The Wraith punches the Joe: the Joe's WILL 3 dice against 6 fail: afraid, CC 2 halved = 1.
    ok(
        &mut g,
        2,
        attack(5, 2, AttackType::Punch, None, false),
        &[1, 1, 1],
    );
    // Six dice of 1 against CC 1: all pass, all 1s. The Wraith's roll against itself (Body 2): 1.
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: false },
        &[1, 1, 1, 1, 1, 1, 1],
    );
    let hit = roll_of(&g, "to hit");
    assert!(hit.purpose.contains("against CC 1"), "{}", hit.purpose);
    assert_eq!(rolls_with(&g, "damage turns on itself"), 1);
    assert_eq!(rolls_with(&g, "to avoid"), 0, "no hit to avoid");
    assert_eq!(
        g.state.models[&id(2)].wounds_taken,
        0,
        "the Joe is untouched"
    );
    assert!(
        journal(&g).contains("0 of 6 dice pass CC 1 (keep 4), all 1s: the damage falls on itself"),
        "{}",
        journal(&g)
    );
    assert_eq!(g.state.pending, None);
}

/// A point blank shot whose misses down the attacker, its side's last model, after a hit got
/// through: the hit is resolved at once (as against a passive defence) and no defence type is
/// asked, so the game is not decided with the question open.
#[test]
fn a_point_blank_attacker_downed_by_its_misses_resolves_its_hit_at_once() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 3, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    let joe = g.state.models[&id(3)].wounds;
    wartable::rules::core::testing::stage(
        &mut g,
        &[
            Event::Wounded {
                model: id(3),
                wounds: u32::from(joe) - 1,
                by: None,
            },
            Event::Killed {
                model: id(1),
                by: None,
            },
            Event::Killed {
                model: id(2),
                by: None,
            },
        ],
    );
    ok(
        &mut g,
        1,
        attack(3, 6, AttackType::PointBlank, Some("Carbine"), false),
        &[],
    );
    // 3, 1, 2 against CC 3: one hit, two misses; the first miss's roll against the Joe itself
    // (2+) takes its last wound. The hit: avoided by none (1, 1, 1), its wound die 1 fails.
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[3, 1, 2, 2, 1, 1, 1, 1],
    );
    assert!(!g.state.models[&id(3)].alive());
    assert_eq!(g.state.pending, None);
    assert!(
        matches!(g.waiting(), Waiting::Over(ref end) if end.winners == vec![2]),
        "{:?}",
        g.waiting()
    );
}

/// Both sides' last models fall to one blow: the point blank shot's hit takes the Thrall's last
/// wound and its misses the Joe's: both teams are wiped out, a draw (no winner).
#[test]
fn both_teams_wiped_out_by_one_blow_is_a_draw() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 3, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    let (joe, thrall) = (g.state.models[&id(3)].wounds, g.state.models[&id(6)].wounds);
    let mut staged = vec![
        Event::Wounded {
            model: id(3),
            wounds: u32::from(joe) - 1,
            by: None,
        },
        Event::Wounded {
            model: id(6),
            wounds: u32::from(thrall) - 1,
            by: None,
        },
    ];
    staged.extend([1, 2, 4, 5].map(|n| Event::Killed {
        model: id(n),
        by: None,
    }));
    wartable::rules::core::testing::stage(&mut g, &staged);
    ok(
        &mut g,
        1,
        attack(3, 6, AttackType::PointBlank, Some("Carbine"), false),
        &[],
    );
    // 3, 1, 2 against CC 3: one hit, two misses; the first miss (2+ against itself) downs the
    // Joe. The hit: avoided by none (1, 1, 1), its wound die 6 (and 1) takes the Thrall's last
    // wound.
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[3, 1, 2, 2, 1, 1, 1, 6, 1],
    );
    assert!(!g.state.models[&id(3)].alive());
    assert!(!g.state.models[&id(6)].alive());
    match g.waiting() {
        Waiting::Over(end) => {
            assert!(end.winners.is_empty(), "{:?}", end.winners);
            assert!(
                end.text.contains("both teams are wiped out"),
                "{}",
                end.text
            );
        }
        w => panic!("not over: {w:?}"),
    }
}

/// A shot's fumble: "all damage is done to your own unit": the shot's wound roll against the
/// shooter's own Body + armour less the weapon's damage (not the target's number).
#[test]
fn a_fumbled_shot_rolls_to_wound_the_shooter() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[5] = (6, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[3, 3]);
    // Five 1s; the Captain's own Body 3 + Light Armour 2 - pistol damage 2 = 3: a 2 fails (the
    // Thrall's own number, 2 + 0 - 2 = 0, would have passed).
    ok(
        &mut g,
        1,
        Command::Shoot {
            shooter: id(1),
            target: id(6),
            weapon: "Pistol".into(),
            mode: FireMode::Standard,
            second: None,
        },
        &[1, 1, 1, 1, 1, 2],
    );
    assert_eq!(g.state.models[&id(1)].wounds_taken, 0);
    assert!(
        journal(&g).contains("to wound itself, 3+"),
        "{}",
        journal(&g)
    );
}

/// "If a score of 18 is received by rolling 6’s, double damage is done to the enemy unit", in
/// close combat.
#[test]
fn a_critical_in_close_combat_doubles_the_wounds() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    // The Thrall punches: CC 3 + 1 = 4 dice: 6+6+6+1 = 19 and three 1s: one hit, a critical.
    // The Joe avoids nothing (1, 1); the wound die 4 passes Body 2 + 2: one wound, doubled.
    ok(&mut g, 2, attack(6, 2, AttackType::Punch, None, false), &[]);
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: false },
        &[6, 6, 6, 1, 1, 1, 1, 1, 1, 4],
    );
    assert_eq!(g.state.models[&id(2)].wounds_taken, 2);
    assert!(!g.state.models[&id(2)].alive());
}

/// "Any time a pure horror unit is attacked or attacks": the Rush Grunt (WILL 2) attacking the
/// Nightmare fails its halved roll, freezes, and on a 6 runs 4".
#[test]
fn pure_horror_when_attacking_it() {
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
    let (r1, r2) = (
        g.state.table.model(id(2)).unwrap().radius(),
        g.state.table.model(id(4)).unwrap().radius(),
    );
    put(&mut g, 4, 12.0, 6.0 + r1 + r2 + 0.001);
    ok(
        &mut g,
        1,
        attack(2, 4, AttackType::Punch, None, false),
        &[3, 6],
    );
    assert!((gap(&g, 2, 4) - 4.0).abs() < 0.3, "ran {}", gap(&g, 2, 4));
    assert!(g.state.pending.is_none(), "frozen: no attack");
}

/// "cannot move except for opposite direction they are being fired on": a charge too.
#[test]
fn a_unit_pinned_by_a_hit_charges_only_away_from_the_shooter() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 1, 12.0, 6.0);
    put(&mut g, 2, 12.0, 10.0);
    put(&mut g, 6, 12.0, 13.0);
    stage(
        &mut g,
        Event::Pinned {
            model: id(6),
            pin: Pin::Hit { from: id(1) },
        },
    );
    let e = refused(&mut g, 2, attack(6, 2, AttackType::Punch, None, true));
    assert!(e.contains("away from"), "{e}");
    // Straight away from the Captain, at the other Joe: the charge goes.
    put(&mut g, 3, 12.0, 16.0);
    ok(&mut g, 2, attack(6, 3, AttackType::Punch, None, true), &[]);
    assert!(gap(&g, 6, 3) < 0.05, "charged in");
    assert_eq!(g.state.models[&id(6)].charged, Some(id(3)));
}

/// "If one player wants to break off, and the other player lets him, this is an automatic pass,
/// even though it still costs the fleeing unit 1AP"; not let go, the attack goes on.
#[test]
fn an_agreed_break_off() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    ok(&mut g, 1, attack(2, 6, AttackType::Punch, None, false), &[]);
    refused(&mut g, 1, Command::AskBreakOff);
    ok(&mut g, 2, Command::AskBreakOff, &[]);
    assert_eq!(g.state.spent[1], 1);
    assert!(matches!(g.state.pending, Some(Pending::BreakOffAsked(_))));
    refused(&mut g, 2, Command::LetBreakOff { agree: true });
    ok(&mut g, 1, Command::LetBreakOff { agree: true }, &[]);
    assert!(
        (gap(&g, 2, 6) - 3.0).abs() < 0.3,
        "broke off {}",
        gap(&g, 2, 6)
    );
    assert!(g.state.pending.is_none());
    // Not let go: the roll to hit, then the defence type (its AP bought the active defence).
    put(&mut g, 6, 12.0, 12.001);
    ok(&mut g, 1, attack(2, 6, AttackType::Punch, None, false), &[]);
    ok(&mut g, 2, Command::AskBreakOff, &[]);
    ok(&mut g, 1, Command::LetBreakOff { agree: false }, &[1, 2, 1]);
    assert!(matches!(g.state.pending, Some(Pending::DefenceType(_))));
    assert_eq!(g.state.spent[1], 2);
    // A leg sweep: "opponent cannot use break off maneuver", let go or as a defence. The
    // defender asks before it knows the attack (step 1 comes before step 2); the attacker
    // cannot let it go.
    // Its three dice (1, 2, 1) against the Thrall's CC 3 hit nothing: the Thrall breaks off, its
    // Speed 3 away.
    ok(&mut g, 2, defend(Defence::BreakOff), &[]);
    assert!(g.state.pending.is_none());
    assert!(
        (gap(&g, 2, 6) - 3.0).abs() < 0.3,
        "broke off {}",
        gap(&g, 2, 6)
    );
    assert!(
        journal(&g).contains("Thrall 3 breaks off"),
        "{}",
        journal(&g)
    );
    put(&mut g, 6, 12.0, 12.001);
    ok(
        &mut g,
        1,
        attack(2, 6, AttackType::LegSweep, None, false),
        &[],
    );
    ok(&mut g, 2, Command::AskBreakOff, &[]);
    let e = refused(&mut g, 1, Command::LetBreakOff { agree: true });
    assert!(e.contains("a leg sweep"), "{e}");
    ok(&mut g, 1, Command::LetBreakOff { agree: false }, &[1, 2, 1]);
    let e = refused(&mut g, 2, defend(Defence::BreakOff));
    assert!(e.contains("a leg sweep"), "{e}");
}

/// The Earth Confederate's Captain and an Average Joe with a knife, the Possessed's Wraith Lord
/// and a Thrall with `thrall_kit`, the Joe and the Thrall in base contact.
fn knife_at_thrall(thrall_kit: &[&str]) -> KryGame {
    let mut g = game_with(
        open_level(&[]),
        kitted(EC, &[("Captain", &[]), ("Average Joe", &["Knife"])]),
        kitted(POSSESSED, &[("Wraith Lord", &[]), ("Thrall", thrall_kit)]),
    );
    start(
        &mut g,
        &[
            (1, 20.0, 10.0, 90.0),
            (2, 12.0, 11.0, 90.0),
            (3, 4.0, 22.0, 270.0),
            (4, 12.0, 14.0, 270.0),
        ],
        &[3, 3],
    );
    put(&mut g, 4, 12.0, 12.001);
    g
}

/// "a knife is +2cc/-1str ... add 2 to the units CC stat, and subtract 1 from the units
/// Strength": the Joe's knife attack rolls CC 2 + 2 (+1 for beginning the fight) = 5 dice and
/// keeps at most Str 2 - 1 = 1 of them. All five pass against the Thrall's CC 3: one hit.
#[test]
fn a_knife_adds_two_dice_and_keeps_one_fewer() {
    let mut g = knife_at_thrall(&[]);
    let joe = &g.state.models[&id(2)];
    assert_eq!((joe.profile.cc, joe.profile.strength), (Some(2), 2));
    ok(
        &mut g,
        1,
        attack(2, 4, AttackType::Weapon, Some("Knife"), false),
        &[],
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[5, 5, 5, 5, 5],
    );
    assert_eq!(roll_of(&g, "to hit").expr, "5d6!");
    let hits = match &g.state.pending {
        Some(wartable::rules::kry::state::Pending::DefenceType(a)) => a.hits,
        other => panic!("{other:?}"),
    };
    assert_eq!(hits, Some(1), "five passes, one kept");
}

/// The defender names the weapon that parries or deflects.
#[test]
fn the_defender_names_the_weapon_that_parries_or_deflects() {
    let mut g = knife_at_thrall(&["Axe"]);
    // The Joe's knife: CC 2 + 2 + 1 = 5 dice, keep 1: a hit. The Thrall parries with its axe
    // (-1): CC 3 - 1 = 2 dice, not the Bone Blade.
    ok(
        &mut g,
        1,
        attack(2, 4, AttackType::Weapon, Some("Knife"), false),
        &[],
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[3, 1, 1, 1, 1],
    );
    ok(
        &mut g,
        2,
        Command::DefenceType {
            defence: Defence::Parry,
            weapon: Some("Axe".into()),
        },
        &[1, 1, 1],
    );
    assert_eq!(roll_of(&g, "to avoid").expr, "2d6!");
    // The Captain deflects the Thrall with its pistol: CC 3 + 2 dice; one avoided, the d6 a 6:
    // the pistol breaks, the assault rifle does not.
    put(&mut g, 1, 13.001, 12.001);
    ok(&mut g, 2, attack(4, 1, AttackType::Punch, None, false), &[]);
    ok(
        &mut g,
        1,
        Command::DefenceClass { active: true },
        &[3, 1, 1, 1],
    );
    let named = |w: &str| Command::DefenceType {
        defence: Defence::Deflect,
        weapon: Some(w.into()),
    };
    let e = refused(&mut g, 1, named("Laser"));
    assert!(e.contains("no working Laser"), "{e}");
    ok(&mut g, 1, named("Pistol"), &[4, 1, 1, 1, 1, 6]);
    let c = &g.state.models[&id(1)];
    assert!(c.weapon("Pistol").unwrap().broken);
    assert!(!c.weapon("Assault Rifle").unwrap().broken);
}

/// "Snap Shot: -2 to RC Stat, but two attacks for base AP cost": the two at two targets.
#[test]
fn a_snap_shot_split_between_two_targets() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[4] = (5, 13.5, 13.0, 270.0);
    at[5] = (6, 11.0, 13.0, 270.0);
    start(&mut g, &at, &[3, 3]);
    let snap = |mode| Command::Shoot {
        shooter: id(1),
        target: id(6),
        weapon: "Assault Rifle".into(),
        mode,
        second: Some(id(5)),
    };
    let e = refused(&mut g, 1, snap(FireMode::Standard));
    assert!(e.contains("snap shot"), "{e}");
    ok(&mut g, 1, snap(FireMode::Snap), &[2, 2, 2, 2, 2, 2]);
    assert_eq!(g.state.spent[0], 1);
    let j = journal(&g);
    assert!(j.contains("shot 1) at Thrall"), "{j}");
    assert!(j.contains("shot 2) at Wraith"), "{j}");
    assert_eq!(g.state.measured.len(), 2);
}

/// "Very difficult terrain: Additional 2 AP per movement."
#[test]
fn very_difficult_ground_costs_two_more() {
    let (open, hard) = (".".repeat(24), "v".repeat(24));
    let mut g = small(&[&open, &open, &open, &open, &hard]);
    start(&mut g, &apart(), &[3, 3]);
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
    assert_eq!(g.state.spent[0], 2 + 2);
}

/// The Slaves are Steadfast: "They are rarely effected by willpower rolls": a failed roll is
/// rolled again once.
#[test]
fn steadfast_rolls_a_failed_will_again() {
    let mut g = game_with(
        open_level(&[]),
        team("The Slaves", &["Chainbreaker", "Slave"]),
        team(POSSESSED, &["Wraith Lord", "Wraith"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 12.0, 11.0, 90.0),
            (3, 4.0, 22.0, 270.0),
            (4, 12.0, 14.0, 270.0),
        ],
        &[3, 3],
    );
    put(&mut g, 4, 12.0, 12.001);
    // The Wraith attacks: WILL 4 against 6: 1, 1, 1, 1 fails; again: 6 + 1, 1, 1, 1: passes.
    ok(
        &mut g,
        2,
        attack(4, 2, AttackType::Punch, None, false),
        &[1, 1, 1, 1, 6, 1, 1, 1, 1],
    );
    assert_eq!(rolls_with(&g, "Steadfast"), 1);
    assert_eq!(g.state.models[&id(2)].afraid_of, None);
}

/// Close combat example #1 played in the game: the attacker "has CC 4 and Strength 3" and kicks;
/// the defender (CC 3, Speed 4, Body 2 and a flak jacket's +4) defends passively: "He rolls a 4,
/// 3 and a 5 ... One dice passed target 5, and so he removes 1 dice from the attacking player,
/// reducing it from 3 to 2." Then example #2's deflect, and the flak jacket's wound.
#[test]
fn the_close_combat_examples_through_the_game() {
    let mut g = game_with(
        open_level(&[]),
        team(EC, &["Captain", "Average Joe"]),
        team(EC, &["Sergeant", "Commando"]),
    );
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 12.0, 11.0, 90.0),
            (3, 4.0, 22.0, 270.0),
            (4, 12.0, 14.0, 270.0),
        ],
        &[3, 3],
    );
    put(&mut g, 4, 12.0, 12.001);
    {
        let joe = g.state.models.get_mut(&id(2)).unwrap();
        joe.profile.cc = Some(4);
        joe.profile.strength = 3;
        let c = g.state.models.get_mut(&id(4)).unwrap();
        c.profile.cc = Some(3);
        c.profile.speed = 4;
        c.profile.body = 2;
        assert_eq!((c.armour, c.speed()), (4, 4), "the flak jacket only");
    }
    // They have fought before: no initiator's +1 (the examples have none).
    stage(
        &mut g,
        Event::FirstAttackTaken {
            model: id(4),
            by: id(2),
        },
    );
    ok(&mut g, 1, attack(2, 4, AttackType::Kick, None, false), &[]);
    // To hit 5K3 against CC 3: 5, 4, 3 pass; to avoid 3K4 against 5: 4, 3, 5; to wound 6+: 6
    // (then 1) and 2: one wound.
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[5, 4, 3, 2, 1, 4, 3, 5, 6, 1, 2],
    );
    assert!(roll_of(&g, "to hit").purpose.contains("5K3 against CC 3"));
    assert!(roll_of(&g, "to avoid").purpose.contains("3K4 against CC 5"));
    assert!(journal(&g).contains("avoids 1: 2 of the attacker's dice left"));
    assert_eq!(g.state.models[&id(4)].wounds_taken, 1);
    // Example #2: "He chooses the defence 'deflect', adding +2CC. He rolls 5 dice, and gets 6, 4,
    // 1, 5, 3 ... He removes 2 dice from the attackers pool, leaving him with 1 ... He rolls a 4
    // and is ok." The wound die (target 6): a 3.
    ok(&mut g, 1, attack(2, 4, AttackType::Kick, None, false), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[5, 4, 3, 2, 1],
    );
    ok(
        &mut g,
        2,
        defend(Defence::Deflect),
        &[6, 2, 4, 1, 5, 3, 4, 3],
    );
    assert!(roll_of(&g, "to avoid").purpose.contains("5K4 against CC 5"));
    assert!(journal(&g).contains("avoids 2: 1 of the attacker's dice left"));
    assert!(
        !g.state.models[&id(4)]
            .weapon("Assault Rifle")
            .unwrap()
            .broken
    );
    assert_eq!(g.state.models[&id(4)].wounds_taken, 1);
}

/// Plays `cmd` with `dice` forced first (the rest from the seed); it must be accepted.
fn forced(g: &mut KryGame, side: u8, cmd: Command, dice: &[u32]) {
    g.dice.force(dice);
    if let Err(e) = g.play(side, cmd.clone()) {
        panic!("{cmd:?}: {e}");
    }
    g.dice.clear_queued();
}

fn pistol_at(s: u32, t: u32, weapon: &str) -> Command {
    Command::Shoot {
        shooter: id(s),
        target: id(t),
        weapon: weapon.into(),
        mode: FireMode::Standard,
        second: None,
    }
}

/// Two teams of two (a leader and one more each), 6 AP a side, the second model of each in base
/// contact (model 4 just north of model 2).
fn face_to_face(f1: KryForce, f2: KryForce) -> KryGame {
    let mut g = game_with(open_level(&[]), f1, f2);
    start(
        &mut g,
        &[
            (1, 4.0, 2.0, 90.0),
            (2, 12.0, 6.0, 90.0),
            (3, 4.0, 22.0, 270.0),
            (4, 12.0, 20.0, 270.0),
        ],
        &[6, 6],
    );
    let r =
        g.state.table.model(id(2)).unwrap().radius() + g.state.table.model(id(4)).unwrap().radius();
    put(&mut g, 4, 12.0, 6.0 + r + 0.001);
    g
}

/// "Any time a pure horror unit is attacked or attacks another unit in close combat, halve the
/// non-horror causing units WILL attribute": the Nightmare's second attack on the Rush Grunt
/// (the two never parted) tests its nerve again (fear alone would not).
#[test]
fn pure_horror_tests_at_every_attack() {
    let mut g = face_to_face(
        team(EC, &["Captain", "Rush Grunt"]),
        team(POSSESSED, &["Wraith Lord", "Nightmare"]),
    );
    g.state.models.get_mut(&id(2)).unwrap().wounds = 9;
    for n in 1..=2 {
        // WILL 2 halved: one die, a 6 holds.
        forced(
            &mut g,
            2,
            attack(4, 2, AttackType::Punch, None, false),
            &[6, 1],
        );
        assert_eq!(rolls_with(&g, "pure horror"), n, "attack {n}");
        // Halved: WILL 2 rolls one die (whole, it would roll two).
        assert_eq!(roll_of(&g, "pure horror").expr, "1d6!", "attack {n}");
        forced(&mut g, 1, Command::DefenceClass { active: false }, &[1; 12]);
        if let Some(Pending::BuyWounds { .. }) = g.state.pending {
            ok(&mut g, 2, Command::BuyWounds { extra: 0 }, &[]);
        }
        assert!(g.state.pending.is_none());
        assert!(gap(&g, 2, 4) < 0.05, "still in close combat");
    }
}

/// "halve the non-horror causing units WILL attribute": a Nightmare attacking a Nightmare (two
/// Possessed teams) is no non-horror causing unit, nor is its victim: neither tests.
#[test]
fn one_pure_horror_does_not_frighten_another() {
    let mut g = face_to_face(
        team(POSSESSED, &["Wraith Lord", "Nightmare"]),
        team(POSSESSED, &["Wraith Lord", "Nightmare"]),
    );
    ok(&mut g, 1, attack(2, 4, AttackType::Punch, None, false), &[]);
    assert_eq!(rolls_with(&g, "Willpower"), 0, "no test either way");
    assert_eq!(g.state.models[&id(2)].afraid_of, None);
    assert_eq!(g.state.models[&id(4)].afraid_of, None);
    assert!(matches!(g.state.pending, Some(Pending::DefenceClass(_))));
}

/// "cannot move except for opposite direction they are being fired on ... What happens if the
/// unit is being fired on from so many directions, there is no opposite way to retreat? Then
/// that unit is well and truly boned." Pinned by the Captain's hit from the south, the Thrall
/// may not go south, though the Captain falls; hit again from the north by the Joe, it may go
/// neither north nor east: nowhere.
#[test]
fn a_unit_pinned_by_a_hit_moves_only_away_from_every_shot() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[5] = (6, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    put(&mut g, 2, 12.0, 18.0);
    ok(
        &mut g,
        1,
        Command::Turn {
            model: id(2),
            facing: 270.0,
        },
        &[],
    );
    g.state.models.get_mut(&id(6)).unwrap().wounds = 9;
    let to = |x: f32, y: f32| Command::Move {
        model: id(6),
        to: Pt::new(x, y),
        kind: MoveKind::Normal,
    };
    // Pistol: 5 dice, one 5 hits; the wound die 1; the Thrall's WILL 4 all 1s: pinned.
    forced(
        &mut g,
        1,
        pistol_at(1, 6, "Pistol"),
        &[5, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    assert_eq!(
        g.state.models[&id(6)].pinned,
        Some(Pin::Hit { from: id(1) })
    );
    let e = refused(&mut g, 2, to(12.0, 11.0));
    assert!(e.contains("away from Captain"), "{e}");
    stage(
        &mut g,
        Event::Killed {
            model: id(1),
            by: None,
        },
    );
    let e = refused(&mut g, 2, to(12.0, 11.0));
    assert!(
        e.contains("away from"),
        "the Captain fell, its shot stands: {e}"
    );
    // The Joe's carbine from the north: 2 dice, a 5 hits; the wound die 1. No new test.
    forced(&mut g, 1, pistol_at(2, 6, "Carbine"), &[5, 1, 1]);
    assert_eq!(rolls_with(&g, "(hit by a ranged attack)"), 1);
    for (x, y) in [(12.0, 15.0), (14.0, 13.0), (10.0, 13.0), (12.0, 11.0)] {
        let e = refused(&mut g, 2, to(x, y));
        assert!(e.contains("fired on from 2 places"), "({x}, {y}): {e}");
    }
    // Unpinned, it goes where it likes.
    forced(&mut g, 2, Command::Unpin { model: id(6) }, &[5, 1, 1, 1]);
    ok(&mut g, 2, to(14.0, 13.0), &[]);
}

/// "the opponent does not have to use an AP combo, but the very next action anyone performs
/// should be another unit shooting at the same target": an order combo's shots go on the run
/// the Captain's miss began. The first Joe is its second unit firing: hit, the Thrall tests
/// against 5 + 1 = 6.
#[test]
fn an_order_combo_of_shots_goes_on_a_run_of_fire() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[1] = (2, 11.0, 8.0, 90.0);
    at[2] = (3, 13.0, 8.0, 90.0);
    at[5] = (6, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    g.state.models.get_mut(&id(6)).unwrap().wounds = 9;
    forced(&mut g, 1, pistol_at(1, 6, "Pistol"), &[2, 2, 2, 2, 2]);
    // The first Joe: 5 and 1, one hit; the wound die 1; the Thrall's WILL 4 (6, 6, 6, 6)
    // holds. The second Joe: 2, 2, a miss (the combo stops there).
    forced(
        &mut g,
        1,
        Command::Order {
            steps: vec![pistol_at(2, 6, "Carbine"), pistol_at(3, 6, "Carbine")],
        },
        &[5, 1, 1, 6, 6, 6, 6, 2, 2],
    );
    let test = roll_of(&g, "(hit by a ranged attack)");
    assert!(test.purpose.contains("against 6"), "{}", test.purpose);
}

/// "Note that Squad leaders can never be pinned": the Wraith Lord hit by a Joe's carbine rolls
/// no test.
#[test]
fn a_squad_leader_hit_is_never_pinned() {
    let mut g = small(&[]);
    let mut at = apart();
    at[1] = (2, 12.0, 8.0, 90.0);
    at[3] = (4, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    g.state.models.get_mut(&id(4)).unwrap().wounds = 9;
    // Two dice, a 5 hits; the wound die 1 fails.
    forced(&mut g, 1, pistol_at(2, 4, "Carbine"), &[5, 1, 1]);
    assert!(journal(&g).contains("1 hit"), "{}", journal(&g));
    assert_eq!(rolls_with(&g, "(hit by a ranged attack)"), 0);
    assert_eq!(g.state.models[&id(4)].pinned, None);
}

/// "Fist blood! You caused the first wound. +2 AP": the first wound of the game only; the
/// Possessed wounding a Joe afterwards earn nothing, in that round or the next.
#[test]
fn fist_blood_is_the_games_first_wound_only() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    let wound = |g: &mut KryGame, model: u32, by: u32| {
        stage(
            g,
            Event::Wounded {
                model: id(model),
                wounds: 1,
                by: Some(id(by)),
            },
        )
    };
    wound(&mut g, 6, 2);
    assert!(g.state.tally[0].first_blood);
    wound(&mut g, 3, 5);
    assert!(!g.state.tally[1].first_blood, "not the first wound");
    g.state.tally = Default::default();
    wound(&mut g, 2, 5);
    assert!(!g.state.tally[1].first_blood, "a later round: still not");
}

/// "The target has a speed attribute of over 5 - +1 to-hit": a Wraith of Speed 5 is shot at 5+.
#[test]
fn a_target_of_speed_five_is_not_fast() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[4] = (5, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    assert_eq!(g.state.models[&id(5)].speed(), 5);
    forced(&mut g, 1, pistol_at(1, 5, "Pistol"), &[2, 2, 2, 2, 2]);
    let hit = roll_of(&g, "to hit");
    assert!(hit.purpose.contains("to hit, 5+"), "{}", hit.purpose);
}

/// "Unit was hit by a ranged attack: ... roll against target 5": a unit pinned by misses that
/// is then hit tests as any unit hit, and failing is pinned by the hit (it may then move only
/// away, and its shots are +1); a unit pinned by a hit is not tested again. The unpin re-roll of
/// a unit pinned by a hit is against 5 and costs 1 AP.
#[test]
fn a_unit_pinned_by_misses_is_tested_again_when_hit() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[5] = (6, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    g.state.models.get_mut(&id(6)).unwrap().wounds = 9;
    stage(
        &mut g,
        Event::Pinned {
            model: id(6),
            pin: Pin::Missed,
        },
    );
    // Pistol: 5 dice, one 5 hits; the wound die; the Thrall's WILL 4 all 1s.
    forced(
        &mut g,
        1,
        pistol_at(1, 6, "Pistol"),
        &[5, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    assert_eq!(rolls_with(&g, "(hit by a ranged attack)"), 1);
    assert_eq!(
        g.state.models[&id(6)].pinned,
        Some(Pin::Hit { from: id(1) })
    );
    forced(
        &mut g,
        1,
        pistol_at(1, 6, "Pistol"),
        &[5, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    assert_eq!(
        rolls_with(&g, "(hit by a ranged attack)"),
        1,
        "pinned by a hit: no new test"
    );
    let before = g.state.spent[1];
    forced(&mut g, 2, Command::Unpin { model: id(6) }, &[5, 1, 1, 1]);
    assert!(roll_of(&g, "(unpin)").purpose.contains("against 5"));
    assert_eq!(g.state.models[&id(6)].pinned, None);
    assert_eq!(g.state.spent[1] - before, 1);
}

/// "Increase the target number by 1 for every unit over the first that is also firing (so two
/// units firing give a target number of 6 instead of 5)": through the game's own run of shots.
#[test]
fn a_second_unit_firing_raises_the_pin_test() {
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[1] = (2, 11.0, 8.0, 90.0);
    at[5] = (6, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    g.state.models.get_mut(&id(6)).unwrap().wounds = 9;
    forced(
        &mut g,
        1,
        pistol_at(1, 6, "Pistol"),
        &[5, 1, 1, 1, 1, 1, 6, 6, 6, 6],
    );
    assert!(
        roll_of(&g, "(hit by a ranged attack)")
            .purpose
            .contains("against 5")
    );
    assert_eq!(g.state.models[&id(6)].pinned, None);
    forced(
        &mut g,
        1,
        pistol_at(2, 6, "Carbine"),
        &[5, 1, 1, 6, 6, 6, 6],
    );
    assert_eq!(rolls_with(&g, "(hit by a ranged attack)"), 2);
    assert!(
        roll_of(&g, "(hit by a ranged attack)")
            .purpose
            .contains("against 6")
    );
}

/// "2 AP for the second wound, 3 AP for the third": three wound dice through, two extra wounds
/// bought for 5 AP, three wounds dealt; more than the dice allow is refused.
#[test]
fn buying_two_extra_wounds() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    g.state.models.get_mut(&id(6)).unwrap().wounds = 9;
    stage(
        &mut g,
        Event::PendingSet(Some(Pending::BuyWounds {
            attacker: id(2),
            target: id(6),
            passes: 3,
            critical: false,
        })),
    );
    let e = refused(&mut g, 1, Command::BuyWounds { extra: 3 });
    assert!(e.contains("at most 2"), "{e}");
    ok(&mut g, 1, Command::BuyWounds { extra: 2 }, &[]);
    assert_eq!(g.state.spent[0], 2 + 3);
    assert_eq!(g.state.models[&id(6)].wounds_taken, 3);
}

/// "If a score of 18 is received by rolling 6's, double damage is done to the enemy unit": a
/// critical blow with three wound dice through, one extra wound bought (2 AP): two wounds, doubled.
#[test]
fn a_critical_doubles_the_bought_wounds() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[6, 6]);
    g.state.models.get_mut(&id(6)).unwrap().wounds = 9;
    stage(
        &mut g,
        Event::PendingSet(Some(Pending::BuyWounds {
            attacker: id(2),
            target: id(6),
            passes: 3,
            critical: true,
        })),
    );
    ok(&mut g, 1, Command::BuyWounds { extra: 1 }, &[]);
    assert_eq!(g.state.spent[0], 2);
    assert_eq!(g.state.models[&id(6)].wounds_taken, 4);
}

/// "The targets body is at least half hidden by cover: +2": a low wall before the target, and
/// the game's shot rolls against 7.
#[test]
fn cover_raises_a_shot_in_the_game() {
    use wartable::rules::kry::shooting::sighting;
    use wartable::table::{Piece, PieceShape, Tag};
    let mut g = small(&[]);
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[5] = (6, 12.0, 14.0, 270.0);
    start(&mut g, &at, &[6, 6]);
    forced(&mut g, 1, pistol_at(1, 6, "Pistol"), &[1, 1, 1, 1, 2]);
    assert!(
        roll_of(&g, "to hit").purpose.contains("to hit, 5+"),
        "in the open"
    );
    let h = g.state.models[&id(6)].height;
    g.state.table.pieces.push(Piece {
        shape: PieceShape::Wall,
        at: Pt::new(12.0, 12.8),
        rotation: 0.0,
        size: (4.0, 0.3, h * 0.7),
        base_height: 0.0,
        tags: vec![Tag::BlocksSight],
        label: String::new(),
    });
    assert_eq!(sighting(&g.state, id(1), id(6)).map(|x| x.cover), Ok(true));
    forced(&mut g, 1, pistol_at(1, 6, "Pistol"), &[1, 1, 1, 1, 2]);
    assert!(
        roll_of(&g, "to hit").purpose.contains("to hit, 7+"),
        "{}",
        roll_of(&g, "to hit").purpose
    );
}

/// "Tackle: both combatants move Strength + passed to hit dice. If object is hit, enemy must
/// make inches traveled wound saves": a Thrall with its back to the table's edge, tackled, goes
/// nowhere and rolls one wound save against its Body 2: a 1 fails, a 2 wounds.
#[test]
fn a_tackle_into_an_object() {
    for (save, wounds) in [(1, 0), (2, 1)] {
        let mut g = small(&[]);
        start(&mut g, &apart(), &[6, 6]);
        g.state.models.get_mut(&id(6)).unwrap().wounds = 9;
        let rt = g.state.table.model(id(6)).unwrap().radius();
        let r = g.state.table.model(id(2)).unwrap().radius() + rt;
        put(&mut g, 6, 10.0, 24.0 - rt - 0.01);
        put(&mut g, 2, 10.0, 24.0 - rt - 0.01 - r - 0.001);
        let spot = g.state.table.model(id(6)).unwrap().pos;
        ok(
            &mut g,
            1,
            attack(2, 6, AttackType::Tackle, None, false),
            &[],
        );
        // CC 2 + 1 (initiator): 5, 5, 1 against CC 3, keep Str 2: two hits. The Thrall's three
        // dice avoid nothing. 2 + 2 = 4" wanted, none open: one wound save.
        ok(
            &mut g,
            2,
            Command::DefenceClass { active: false },
            &[5, 5, 1, 1, 1, 1, save],
        );
        assert!(journal(&g).contains("into an obstacle"), "{}", journal(&g));
        assert_eq!(
            roll_of(&g, "tackled into an obstacle, 1 wound roll").expr,
            "1d6!"
        );
        let m = g.state.table.model(id(6)).unwrap();
        assert!(m.pos.dist(spot) < 0.02, "moved to {:?}", m.pos);
        assert_eq!(g.state.models[&id(6)].wounds_taken, wounds, "save {save}");
    }
}

/// "Place a “Damaged structure” template on the area that the heavy weapon hit ... If any unit
/// stands in that spot, they must play the event": a model beside the one hit, on the new
/// marker, tests the floor too.
#[test]
fn others_on_a_new_damaged_structure_marker_test_the_floor() {
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
        &[6, 6],
    );
    g.state.models.get_mut(&id(4)).unwrap().wounds = 9;
    let r =
        g.state.table.model(id(3)).unwrap().radius() + g.state.table.model(id(4)).unwrap().radius();
    put(&mut g, 3, 12.0 + r + 0.01, 16.0);
    forced(
        &mut g,
        1,
        pistol_at(2, 4, "Autocannon"),
        &[5, 2, 2, 2, 1, 2, 2, 6, 6, 6, 6],
    );
    assert_eq!(g.state.hazards.len(), 1);
    assert_eq!(
        rolls_with(&g, "floor hold under Wraith Lord"),
        1,
        "the one beside"
    );
    assert_eq!(rolls_with(&g, "floor hold under Thrall"), 1, "the one hit");
}

/// "1) Choose defense class 2) Choose an attack": the defender's seat does not see the attack
/// type (nor its weapon) until it has chosen its class; the attacker's seat does; the journal
/// does not name it before; and the program's class is the same whatever the hidden attack.
#[test]
fn the_attack_type_is_hidden_from_the_defender_until_its_class() {
    let setup = |a: AttackType, w: Option<&str>| {
        let mut g = game_with(
            open_level(&[]),
            kitted(EC, &[("Captain", &[]), ("Average Joe", &[])]),
            kitted(POSSESSED, &[("Wraith Lord", &[]), ("Thrall", &["Axe"])]),
        );
        start(
            &mut g,
            &[
                (1, 20.0, 10.0, 90.0),
                (2, 12.0, 11.0, 90.0),
                (3, 4.0, 22.0, 270.0),
                (4, 12.0, 14.0, 270.0),
            ],
            &[6, 6],
        );
        let r = g.state.table.model(id(2)).unwrap().radius()
            + g.state.table.model(id(4)).unwrap().radius();
        put(&mut g, 4, 12.0, 11.0 + r + 0.001);
        ok(&mut g, 2, attack(4, 2, a, w, false), &[]);
        g
    };
    let axe = setup(AttackType::Weapon, Some("Axe"));
    let shove = setup(AttackType::Shove, None);
    // The defender (side 1) sees the same question either way; the attacker sees its own.
    assert_eq!(Kry::redact(&axe.state, 1), Kry::redact(&shove.state, 1));
    assert_ne!(Kry::redact(&axe.state, 2), Kry::redact(&shove.state, 2));
    // And so do the events that carried it to the defender's seat.
    let last = |g: &KryGame, seat: u8| {
        let before = {
            let mut s = g.state.clone();
            s.pending = None;
            s
        };
        let e = Event::PendingSet(g.state.pending.clone());
        Kry::redact_event(&before, seat, &e)
    };
    assert_eq!(last(&axe, 1), last(&shove, 1));
    for g in [&axe, &shove] {
        let j = journal(g);
        assert!(!j.contains("CC weapon") && !j.contains("shove"), "{j}");
    }
    // The program answers from what it sees.
    let (mut a, mut b) = (axe, shove);
    let ca = wartable::rules::kry::ai::play(&mut a, 1);
    let cb = wartable::rules::kry::ai::play(&mut b, 1);
    assert!(matches!(ca, Some(Command::DefenceClass { .. })), "{ca:?}");
    assert_eq!(ca, cb);
}

/// "Any forced movement incurs no cost": a shove's knock-back costs neither side anything beyond
/// the attack's 1 AP, and a pure horror's 4" panic run costs the runner's side nothing beyond the
/// attack it was making.
#[test]
fn forced_moves_cost_no_ap() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    ok(&mut g, 1, attack(2, 6, AttackType::Shove, None, false), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 3, 1, 1, 1, 1, 1, 1, 2, 2],
    );
    assert!((gap(&g, 2, 6) - 2.0).abs() < 0.01, "knocked back");
    assert_eq!(g.state.spent, [1, 0], "the attack's 1 AP only");

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
    let (r1, r2) = (
        g.state.table.model(id(2)).unwrap().radius(),
        g.state.table.model(id(4)).unwrap().radius(),
    );
    put(&mut g, 4, 12.0, 6.0 + r1 + r2 + 0.001);
    ok(
        &mut g,
        1,
        attack(2, 4, AttackType::Punch, None, false),
        &[3, 6],
    );
    assert!((gap(&g, 2, 4) - 4.0).abs() < 0.3, "ran {}", gap(&g, 2, 4));
    assert_eq!(g.state.spent, [1, 0], "the attack's 1 AP only");
}

/// The Joe's punch at the Thrall in base contact, defended actively, hits once (3, 1, 1): the
/// Thrall picks its defence type next.
fn punch_hits_thrall_once() -> KryGame {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    ok(&mut g, 1, attack(2, 6, AttackType::Punch, None, false), &[]);
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[3, 1, 1],
    );
    g
}

/// "Counter attack: ... If you fail, the attacker gets one attack for free." The Joe's punch hits
/// once (3, 1, 1); the Thrall's counter (1, 1, 1) gets no success: the Joe strikes again free, a
/// punch at a passive Thrall: hits (3, 3), nothing avoided (1, 1, 1), one wound die of two passes
/// (6 then 1, 1). The punch's own die then fails to wound (1).
#[test]
fn a_failed_counter_attack_gives_the_attacker_a_free_attack() {
    let mut g = punch_hits_thrall_once();
    ok(
        &mut g,
        2,
        defend(Defence::CounterAttack),
        &[1, 1, 1, 3, 3, 1, 1, 1, 6, 1, 1, 1],
    );
    assert!(
        journal(&g).contains("Average Joe 2 gets a free attack"),
        "{}",
        journal(&g)
    );
    assert_eq!(
        g.state.models[&id(6)].wounds_taken,
        1,
        "the free attack's wound"
    );
    assert_eq!(g.state.models[&id(2)].wounds_taken, 0);
}

/// "If you get more successes than the attacker, you can attack once for free. If you fail, the
/// attacker gets one attack for free": a tie is not more, so the attacker strikes free. As the
/// test above, but the Thrall's counter passes once (4, 1, 1) against the punch's one hit: the
/// same free attack follows, by the Joe, not the Thrall.
#[test]
fn a_counter_attack_that_only_ties_gives_the_attacker_the_free_attack() {
    let mut g = punch_hits_thrall_once();
    ok(
        &mut g,
        2,
        defend(Defence::CounterAttack),
        &[4, 1, 1, 3, 3, 1, 1, 1, 6, 1, 1, 1],
    );
    // The counter's roll passed once: its target (the Joe's CC) is 4 or under, above 1.
    let counter = g
        .dice
        .log()
        .iter()
        .find(|r| r.purpose.contains("to avoid"))
        .expect("the counter attack's roll")
        .clone();
    let target: u32 = counter
        .purpose
        .rsplit("against CC ")
        .next()
        .and_then(|t| t.trim().parse().ok())
        .unwrap_or_else(|| panic!("{}", counter.purpose));
    assert!((2..=4).contains(&target), "{}", counter.purpose);
    let text = journal(&g);
    assert!(text.contains("Average Joe 2 gets a free attack"), "{text}");
    let thrall = format!("{} gets a free attack", g.state.models[&id(6)].name);
    assert!(!text.contains(&thrall), "{text}");
    assert_eq!(
        g.state.models[&id(6)].wounds_taken,
        1,
        "the Joe's free wound"
    );
    assert_eq!(g.state.models[&id(2)].wounds_taken, 0);
}

/// "Break off: If the attacker misses in their attempt to hit you, you can remove yourself from
/// combat": a defender that picks break off after a hit stays. It rolls to avoid as any active
/// defence without a bonus (its 3 CC dice: 1, 1, 1, nothing avoided), and the hit rolls to wound
/// (1, failing): no move away, no "breaks off".
#[test]
fn a_break_off_after_a_hit_stays_and_rolls_to_avoid() {
    let mut g = punch_hits_thrall_once();
    let at = g.state.table.model(id(6)).unwrap().pos;
    assert_eq!(
        g.state.pending.as_ref().map(|p| match p {
            wartable::rules::kry::state::Pending::DefenceType(a) => a.hits,
            _ => None,
        }),
        Some(Some(1)),
        "one hit"
    );
    ok(&mut g, 2, defend(Defence::BreakOff), &[1, 1, 1, 1]);
    let avoid = roll_of(&g, "to avoid");
    assert_eq!(avoid.dice.len(), 3, "{}", avoid.purpose);
    let thrall = g.state.models[&id(6)].name.to_string();
    assert!(roll_of(&g, "to wound").purpose.contains(&thrall));
    assert_eq!(g.state.table.model(id(6)).unwrap().pos, at, "it stays");
    assert!(gap(&g, 2, 6) < 0.05);
    let text = journal(&g);
    assert!(!text.contains("breaks off"), "{text}");
}

/// "The scenario being played is in the dark - +2 to-hit", through the game: a level lit dark
/// raises the Captain's pistol shot from 5 to 7.
#[test]
fn a_shot_in_the_dark_is_two_harder() {
    let mut level = open_level(&[]);
    level.lighting = wartable::data::level::Lighting::Dark;
    let mut g = game_with(
        level,
        team(EC, &["Captain", "Average Joe", "Average Joe"]),
        team(POSSESSED, &["Wraith Lord", "Wraith", "Thrall"]),
    );
    let mut at = apart();
    at[0] = (1, 12.0, 8.0, 90.0);
    at[5] = (6, 12.0, 13.0, 270.0);
    start(&mut g, &at, &[3, 3]);
    assert!(g.state.dark);
    ok(
        &mut g,
        1,
        Command::Shoot {
            shooter: id(1),
            target: id(6),
            weapon: "Pistol".into(),
            mode: FireMode::Standard,
            second: None,
        },
        &[1, 1, 1, 1, 2],
    );
    let hit = roll_of(&g, "to hit");
    assert!(hit.purpose.contains("to hit, 7+"), "{}", hit.purpose);
}

/// "Models which are charging move at their normal movement distance PLUS their BOD stat. In the
/// first round of combat, the charger receives a +2 bonus to their CC characteristic, but receives
/// a body stat of -2 for the first attack the opponent has": a charge is a move into the fight.
/// From base contact it is refused (a 0" charge would buy the +2 CC, and a -2 Body the opponent's
/// attack already made could never meet); the standard attack is the way to fight from there.
#[test]
fn a_charge_from_base_contact_is_refused() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    // The Thrall punches first; the Joe answers with a "charge" where it stands.
    ok(&mut g, 2, attack(6, 2, AttackType::Punch, None, false), &[]);
    forced(&mut g, 1, Command::DefenceClass { active: false }, &[2; 8]);
    assert!(g.state.pending.is_none());
    let e = refused(&mut g, 1, attack(2, 6, AttackType::Punch, None, true));
    assert!(e.contains("already touches"), "{e}");
    // The standard attack: CC 2, no +2 (and no initiator's +1: the Thrall began this fight).
    ok(&mut g, 1, attack(2, 6, AttackType::Punch, None, false), &[]);
    forced(&mut g, 2, Command::DefenceClass { active: false }, &[2; 8]);
    assert_eq!(roll_of(&g, "to hit").expr, "2d6!");
    assert_eq!(g.state.models[&id(2)].charged, None);
}

/// Break off is the defender's own move: "stuck until D6/2 ... AP's are spent on that unit to
/// remove him from the hole", pinned by misses "The unit cannot move", pinned by a hit "cannot
/// move except for opposite direction they are being fired on", down "1AP must be spent to stand
/// back up". Such a defender may not ask to break off nor defend with Break off.
#[test]
fn a_stuck_pinned_or_fallen_defender_cannot_break_off() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    put(&mut g, 1, 12.0, 16.0);
    ok(&mut g, 1, attack(2, 6, AttackType::Punch, None, false), &[]);
    let asks = |g: &mut KryGame, why: &str| {
        let e = refused(g, 2, Command::AskBreakOff);
        assert!(e.contains(why), "{why}: {e}");
    };
    stage(
        &mut g,
        Event::Stuck {
            model: id(6),
            ap: 2,
        },
    );
    asks(&mut g, "stuck");
    stage(
        &mut g,
        Event::Stuck {
            model: id(6),
            ap: 0,
        },
    );
    stage(
        &mut g,
        Event::Pinned {
            model: id(6),
            pin: Pin::Missed,
        },
    );
    asks(&mut g, "pinned");
    // Pinned by the Captain's hit from beyond it: away from the Joe is toward the Captain.
    stage(
        &mut g,
        Event::Pinned {
            model: id(6),
            pin: Pin::Hit { from: id(1) },
        },
    );
    asks(&mut g, "away from");
    stage(&mut g, Event::Unpinned { model: id(6) });
    stage(
        &mut g,
        Event::KnockedDown {
            model: id(6),
            down: true,
        },
    );
    asks(&mut g, "down");
    stage(
        &mut g,
        Event::KnockedDown {
            model: id(6),
            down: false,
        },
    );
    // Free again it may ask; stuck, the defence type is refused too once the Joe misses.
    stage(
        &mut g,
        Event::Stuck {
            model: id(6),
            ap: 2,
        },
    );
    ok(
        &mut g,
        2,
        Command::DefenceClass { active: true },
        &[1, 2, 1],
    );
    assert!(matches!(&g.state.pending, Some(Pending::DefenceType(a)) if a.hits == Some(0)));
    let e = refused(&mut g, 2, defend(Defence::BreakOff));
    assert!(e.contains("stuck"), "{e}");
    forced(&mut g, 2, defend(Defence::Dodge), &[]);
    assert!(gap(&g, 2, 6) < 0.05, "still in the fight");
}

/// "the unit becomes stuck until D6/2 ... AP's are spent on that unit to remove him from the
/// hole": a shove does not push a stuck model out of its hole (nor leave it marked stuck on
/// open floor).
#[test]
fn a_stuck_model_is_not_shoved_out_of_its_hole() {
    let mut g = small(&[]);
    start(&mut g, &apart(), &[3, 3]);
    put(&mut g, 2, 12.0, 11.0);
    put(&mut g, 6, 12.0, 12.001);
    stage(
        &mut g,
        Event::Stuck {
            model: id(6),
            ap: 2,
        },
    );
    ok(&mut g, 1, attack(2, 6, AttackType::Shove, None, false), &[]);
    // The dice of `a_shoved_model_is_free_to_move_next`, which push a free Thrall 2" back.
    forced(
        &mut g,
        2,
        Command::DefenceClass { active: false },
        &[3, 3, 1, 1, 1, 1, 1, 1, 2, 2],
    );
    assert!(gap(&g, 2, 6) < 0.05, "shoved {}", gap(&g, 2, 6));
    assert_eq!(g.state.models[&id(6)].stuck, 2);
}
