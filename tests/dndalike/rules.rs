//! Each rule with forced dice.

use super::*;
use wartable::rules::core::Waiting;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::core::{RuleSet, Seat};
use wartable::rules::dndalike::odds::{AttackQuery, attack};
use wartable::rules::dndalike::{DieKind, Dndalike, Event, Phase};

/// Georgia (hero, 0) in base contact with an orc (monster, 1) wearing light armour (AC 2);
/// the heroes' turn.
fn georgia_and_the_orc() -> DndGame {
    fight(
        vec![plain(
            "Georgia",
            Armour::Heavy,
            Pack::FreeHand,
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Heroes,
    )
}

/// "Georgia rolls a 2 on her attack roll against an orc with an armour of 2. This would be a
/// success, but the orc uses a dodge action in response, rolling a 3. By the time Georgia's
/// attack resolves the orc's armour has risen to 3, and her attack of 2 is a miss."
#[test]
fn the_texts_example_of_georgia_and_the_orcs_dodge() {
    let mut g = georgia_and_the_orc();
    assert_eq!(g.state.chars[1].ac(), 2);
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[2]);
    assert!(matches!(g.state.phase, Phase::Respond { .. }));
    assert!(g.waiting().allows(1), "the orc may respond");
    exec(&mut g, 1, act(1, Ability::Dodge), &[3]);
    assert_eq!(g.state.chars[1].fatigue, 1, "Dodge costs F");
    assert_eq!(g.state.stack.len(), 2);
    // All decline: the dodge (on top) resolves first, then the attack.
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[1].ac(), 3, "the orc's armour has risen to 3");
    pass_all(&mut g, &[]);
    assert!(g.state.stack.is_empty());
    let judged: Vec<_> = g
        .journal
        .iter()
        .filter(|l| l.text.contains("attack on Orc"))
        .map(|l| l.text.clone())
        .collect();
    assert_eq!(
        judged,
        ["Georgia's attack on Orc: A 2 against AC 3: a miss"]
    );
    assert_eq!(g.state.chars[1].wounds, 0);
    // Without the dodge, the same 2 hits.
    let mut g = georgia_and_the_orc();
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[2]);
    pass_all(&mut g, &[4]);
    assert_eq!(g.state.chars[1].wounds, 1);
    assert_eq!(
        g.state.chars[1].damage, 4,
        "d6 damage for the wound, in secret"
    );
}

/// "a goblin puts a move action on the stack, stating that he will run past Georgia ... Georgia
/// merges an attack action with the goblin's move action ... he moves the stated direction
/// until his movement brings him within range of Georgia's attack, and Georgia's attack action
/// is immediately resolved. Once the interrupting action is complete the goblin may then
/// complete the rest of his move action."
#[test]
fn the_texts_example_of_an_attack_merged_into_a_move() {
    let mut goblin = sheet("Goblin", &[], Armour::Light, Pack::FreeHand);
    goblin.lesser = true;
    goblin.health = Some(5);
    let mut g = fight(
        vec![plain(
            "Georgia",
            Armour::Heavy,
            Pack::FreeHand,
            2,
            11.05,
            17.0,
        )],
        vec![member(goblin, 1, 10.0, 20.0)],
        Party::Monsters,
    );
    exec(
        &mut g,
        1,
        act(
            1,
            Ability::Move {
                to: Pt::new(10.0, 14.0),
            },
        ),
        &[1],
    );
    let onto = g.state.stack[0].id;
    let events = settle(
        &mut g,
        2,
        Command::Merge {
            who: 0,
            onto,
            finish: false,
        },
        &[5],
    );
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, Event::Announced { entry, .. } if entry.by == 0)),
        "merged into the move, not put on the stack"
    );
    let moves: Vec<Pt> = events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { who: 1, to } => Some(*to),
            _ => None,
        })
        .collect();
    assert_eq!(moves.len(), 2, "to the contact point, then on: {events:?}");
    let contact = moves[0];
    let gap = contact.dist(Pt::new(11.05, 17.0)) - 1.0;
    assert!(
        gap.abs() < 0.11,
        "stopped as it came within reach: gap {gap}"
    );
    assert!(contact.y > 14.0 && contact.y < 20.0);
    assert_eq!(moves[1], Pt::new(10.0, 14.0), "the move completes");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Judged {
            by: 0,
            target: 1,
            roll: 5,
            hit: true,
            ..
        }
    )));
    assert_eq!(
        g.state.chars[1].wounds, 1,
        "a lesser character's wound is counted openly"
    );
    assert_eq!(g.state.chars[1].damage, 0, "and no damage is kept");
}

/// "Any attack roll of a natural 6 is an automatic hit. Similarly, a natural 1 is an automatic
/// miss."
#[test]
fn natural_six_always_hits_natural_one_always_misses() {
    let mut g = fight(
        vec![plain(
            "Georgia",
            Armour::None,
            Pack::FreeHand,
            2,
            10.0,
            10.0,
        )],
        vec![member(
            Sheet {
                stats: Stats { cha: 18, ..stats() },
                ..sheet("Knight", &[], Armour::FullPlate, Pack::FreeHand)
            },
            1,
            11.0,
            10.0,
        )],
        Party::Heroes,
    );
    assert_eq!(
        g.state.chars[1].ac(),
        8,
        "full plate 4 + CHA 18's modifier 4"
    );
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[6]);
    pass_all(&mut g, &[1]);
    assert_eq!(g.state.chars[1].wounds, 1);
    let mut g = georgia_and_the_orc();
    std::sync::Arc::make_mut(&mut g.state.chars[1].sheet).armour = Armour::None;
    std::sync::Arc::make_mut(&mut g.state.chars[1].sheet)
        .stats
        .cha = 3;
    assert_eq!(g.state.chars[1].ac(), 0);
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[1]);
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[1].wounds, 0, "a natural 1 misses even AC 0");
}

/// "To kill someone, you need a finishing blow ... If it is equal to or greater than their
/// health then they die immediately." Damage stays secret: the other seats see none of it.
#[test]
fn damage_is_secret_and_only_a_finishing_blow_kills() {
    let mut g = georgia_and_the_orc();
    let health = g.state.chars[1].sheet.max_health();
    assert_eq!(health, 4, "no powers, CON 10: 4");
    for d in [6, 5] {
        exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[4]);
        pass_all(&mut g, &[d]);
        exec(&mut g, 2, Command::EndTurn, &[]);
        exec(&mut g, 1, Command::EndTurn, &[]);
    }
    assert_eq!(g.state.chars[1].damage, 11);
    assert!(
        !g.state.chars[1].dead,
        "damage alone cannot kill, even past the health"
    );
    assert_eq!(
        Dndalike::redact(&g.state, 2).chars[1].damage,
        0,
        "hidden from the heroes"
    );
    assert_eq!(
        Dndalike::redact(&g.state, 1).chars[1].damage,
        11,
        "known to the DM"
    );
    assert!(
        g.journal
            .iter()
            .all(|l| !l.text.contains("11") && !l.text.contains(" 6 damage")),
        "the log never shows the amount"
    );
    exec(&mut g, 2, act(0, Ability::Finish { target: 1 }), &[3]);
    pass_all(&mut g, &[]);
    assert!(g.state.chars[1].dead);
    assert!(
        g.journal
            .iter()
            .any(|l| l.text == "finishing blow on Orc: damage 11 against health 4: dies")
    );
    assert!(matches!(g.waiting(), Waiting::Over(ref e) if e.winners == vec![2]));
}

/// "When they are dealt a finishing blow, then the player responsible may roll all the wounds
/// as damage immediately ... If not, their damage is still not recorded."
#[test]
fn a_lesser_characters_wounds_are_rolled_at_each_finishing_blow() {
    let mut g = georgia_and_the_orc();
    std::sync::Arc::make_mut(&mut g.state.chars[1].sheet).lesser = true;
    std::sync::Arc::make_mut(&mut g.state.chars[1].sheet).health = Some(9);
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[5]);
    pass_all(&mut g, &[]);
    assert_eq!((g.state.chars[1].wounds, g.state.chars[1].damage), (1, 0));
    exec(&mut g, 2, Command::EndTurn, &[]);
    exec(&mut g, 1, Command::EndTurn, &[]);
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[5]);
    pass_all(&mut g, &[]);
    exec(&mut g, 2, Command::EndTurn, &[]);
    exec(&mut g, 1, Command::EndTurn, &[]);
    // Two wounds rolled: 3 + 4 = 7 < 9, it lives and nothing is kept.
    exec(&mut g, 2, act(0, Ability::Finish { target: 1 }), &[5]);
    pass_all(&mut g, &[3, 4]);
    assert!(!g.state.chars[1].dead);
    assert_eq!(g.state.chars[1].damage, 0);
    exec(&mut g, 2, Command::EndTurn, &[]);
    exec(&mut g, 1, Command::EndTurn, &[]);
    // Rolled again: 5 + 6 = 11: dead.
    exec(&mut g, 2, act(0, Ability::Finish { target: 1 }), &[5]);
    pass_all(&mut g, &[5, 6]);
    assert!(g.state.chars[1].dead);
}

/// "When a character suffers a wound with any abilities on the stack, they must immediately
/// make a saving throw or cancel all of their stacked abilities ... An ability that is already
/// being resolved cannot be cancelled".
#[test]
fn a_wound_with_abilities_on_the_stack_needs_a_save() {
    // The orc jabs; Georgia dodges (fatigue 1); the orc's quick answer would be a wound to her
    // from elsewhere: here a second attacker with a bow shoots her while her Dodge waits.
    let mut g = fight(
        vec![plain(
            "Georgia",
            Armour::Light,
            Pack::FreeHand,
            2,
            10.0,
            10.0,
        )],
        vec![
            plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0),
            plain("Archer", Armour::Light, Pack::Bow, 1, 10.0, 16.0),
        ],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
    exec(&mut g, 2, act(0, Ability::Dodge), &[2]);
    // A bow makes the slow attack quick; the target is in melee with the orc: the archer gains
    // a fatigue and saves (6: a success, the target stands).
    exec(&mut g, 1, act(2, Ability::Jab { target: 0 }), &[5, 6]);
    assert_eq!(g.state.chars[2].fatigue, 1);
    assert_eq!(g.state.stack.len(), 3);
    // The arrow resolves: a hit, a wound (d6 3), Georgia saves against fatigue 1 with a 1: her
    // Dodge is cancelled.
    pass_all(&mut g, &[3, 1]);
    assert_eq!(g.state.chars[0].wounds, 1);
    assert_eq!(
        g.state.stack.len(),
        1,
        "the dodge is gone, the orc's jab waits"
    );
    pass_all(&mut g, &[2]);
    assert_eq!(g.state.chars[0].wounds, 2, "the jab of 4 hits AC 2");
    // The same with saves that are no natural 1 or 6: a 3 reaches fatigue 3 and the dodge
    // stays; a 3 against fatigue 4 fails and it goes.
    for (fatigue, stays) in [(3, true), (4, false)] {
        let mut g = fight(
            vec![plain(
                "Georgia",
                Armour::Light,
                Pack::FreeHand,
                2,
                10.0,
                10.0,
            )],
            vec![
                plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0),
                plain("Archer", Armour::Light, Pack::Bow, 1, 10.0, 16.0),
            ],
            Party::Monsters,
        );
        exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
        exec(&mut g, 2, act(0, Ability::Dodge), &[2]);
        g.state.chars[0].fatigue = fatigue;
        exec(&mut g, 1, act(2, Ability::Jab { target: 0 }), &[5, 6]);
        pass_all(&mut g, &[3, 3]);
        assert_eq!(g.state.chars[0].wounds, 1);
        assert_eq!(
            g.state.stack.len(),
            if stays { 2 } else { 1 },
            "fatigue {fatigue}"
        );
    }
}

/// "You must take a wound for each fatigue you gain beyond your maximum"; voluntary fatigue
/// stops at the maximum.
#[test]
fn fatigue_beyond_the_maximum_wounds() {
    let mut g = georgia_and_the_orc();
    let max = g.state.chars[1].sheet.max_fatigue();
    assert_eq!(max, 6, "WIS 10: 0 + 6");
    g.state.chars[1].fatigue = max;
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[2, 4]);
    let dodge = act(1, Ability::Dodge);
    assert!(
        !g.waiting().allows(1),
        "with no answer left, the orc is not asked"
    );
    assert!(!wartable::rules::dndalike::check::check_answer(
        &g.state, 1, &dodge
    ));
    g.state.chars[1].fatigue = max - 1;
    assert!(wartable::rules::dndalike::check::check_answer(
        &g.state, 1, &dodge
    ));
    // Heavy Hitter forces a fatigue on the target, hit or miss: past the maximum, a wound.
    let mut g = fight(
        vec![member(
            sheet(
                "Brute",
                &[Power::HeavyHitter],
                Armour::Heavy,
                Pack::FreeHand,
            ),
            2,
            10.0,
            10.0,
        )],
        vec![plain(
            "Orc",
            Armour::FullPlate,
            Pack::FreeHand,
            1,
            11.0,
            10.0,
        )],
        Party::Heroes,
    );
    g.state.chars[1].fatigue = 6;
    settle(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[2, 4]);
    assert_eq!(g.state.chars[1].fatigue, 7);
    assert_eq!(
        g.state.chars[1].wounds, 1,
        "a miss, but the fatigue past the maximum wounds"
    );
    // The maximum follows WIS: 14 gives 8, so 7 to 8 is no wound and 8 to 9 is; a Dodge by
    // choice is allowed at 7 and refused at 8.
    let mut g = fight(
        vec![member(
            sheet(
                "Brute",
                &[Power::HeavyHitter],
                Armour::Heavy,
                Pack::TwoWeapons,
            ),
            2,
            10.0,
            10.0,
        )],
        vec![member(
            Sheet {
                stats: Stats { wis: 14, ..stats() },
                ..sheet("Orc", &[], Armour::FullPlate, Pack::FreeHand)
            },
            1,
            11.0,
            10.0,
        )],
        Party::Heroes,
    );
    assert_eq!(g.state.chars[1].sheet.max_fatigue(), 8);
    g.state.chars[1].fatigue = 7;
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[2]);
    assert!(wartable::rules::dndalike::check::check_answer(
        &g.state,
        1,
        &act(1, Ability::Dodge)
    ));
    pass_all(&mut g, &[]);
    assert_eq!((g.state.chars[1].fatigue, g.state.chars[1].wounds), (8, 0));
    assert!(!g.state.chars[1].may_tire(), "no Dodge by choice at 8");
    // Nothing to answer with: the second jab resolves at once (a miss; the wound's die 4).
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[2, 4]);
    assert!(g.state.stack.is_empty());
    assert_eq!((g.state.chars[1].fatigue, g.state.chars[1].wounds), (9, 1));
}

/// "Actions can be slow, meaning that they can only be performed on that character's turn";
/// Tumble: "gain fatigue to perform slow Movement Actions as if they were quick".
#[test]
fn slow_actions_only_on_your_turn_unless_a_power_makes_them_quick() {
    let mut g = georgia_and_the_orc();
    let e = refuse(&mut g, 1, act(1, Ability::Jab { target: 0 }));
    assert!(
        matches!(e, wartable::rules::core::RuleError::NotYourTurn(..)),
        "{e}"
    );
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[3]);
    assert!(g.waiting().allows(1), "the orc is asked: it may dodge");
    let e = refuse(&mut g, 1, act(1, Ability::Jab { target: 0 }));
    assert!(e.to_string().contains("slow"), "{e}");
    let e = refuse(
        &mut g,
        1,
        act(
            1,
            Ability::Move {
                to: Pt::new(14.0, 10.0),
            },
        ),
    );
    assert!(e.to_string().contains("slow"), "{e}");
    std::sync::Arc::make_mut(&mut g.state.chars[1].sheet)
        .powers
        .push(Power::Tumble);
    exec(
        &mut g,
        1,
        act(
            1,
            Ability::Move {
                to: Pt::new(14.0, 10.0),
            },
        ),
        &[2],
    );
    assert_eq!(
        g.state.chars[1].fatigue, 1,
        "Tumble: a fatigue for the quick move"
    );
    // The orc's move (on top) resolves first; then Georgia's jab finds it gone: "If the target
    // is not within range when the attack resolves then the attack is an automatic failure."
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[1].pos, Pt::new(14.0, 10.0));
    pass_all(&mut g, &[]);
    assert!(g.state.stack.is_empty());
    assert_eq!(g.state.chars[1].wounds, 0);
    assert!(
        g.journal
            .iter()
            .any(|l| l.text == "Georgia's attack on Orc: A 3 against AC 2: a miss (out of reach)"),
        "{:?}",
        g.journal.iter().map(|l| &l.text).collect::<Vec<_>>()
    );
}

/// "BLOCK - quick. S: Cancel a melee attack with a target within melee range and an A of S or
/// less"; "Cancel a ranged attack ... Return a S die to your available pool."
#[test]
fn block_cancels_a_weaker_melee_attack_and_any_ranged_one() {
    let mut g = fight(
        vec![
            plain("Georgia", Armour::Heavy, Pack::Shield, 2, 10.0, 10.0),
            plain("Osric", Armour::None, Pack::FreeHand, 2, 9.0, 10.0),
        ],
        vec![
            plain("Orc", Armour::Light, Pack::FreeHand, 1, 9.5, 10.866),
            plain("Archer", Armour::Light, Pack::Bow, 1, 9.0, 16.0),
        ],
        Party::Monsters,
    );
    exec(&mut g, 1, act(2, Ability::Jab { target: 1 }), &[4]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Block { entry: jab }), &[5]);
    pass_all(&mut g, &[]);
    assert_eq!(g.state.stack.len(), 0, "A 4 against S 5: blocked");
    assert_eq!(g.state.chars[1].wounds, 0);
    assert_eq!(
        g.state.chars[0].free(DieKind::Shield),
        0,
        "the S die is spent"
    );
    exec(&mut g, 1, act(3, Ability::Jab { target: 0 }), &[6, 4]);
    let shot = g.state.stack[0].id;
    // The program's yes-or-no questions leave the reason unwritten, and only for themselves:
    // the refusal that follows still gives it.
    let block = act(0, Ability::Block { entry: shot });
    assert!(!wartable::rules::dndalike::check::allowed(
        &g.state, 2, &block
    ));
    assert!(!wartable::rules::dndalike::check::check_answer(
        &g.state, 2, &block
    ));
    assert!(wartable::rules::dndalike::check::allowed(
        &g.state,
        2,
        &Command::Pass
    ));
    let e = refuse(&mut g, 2, block);
    assert!(e.to_string().contains("no S die"), "{e}");
    g.state.chars[0]
        .dice
        .iter_mut()
        .for_each(|d| d.spent = false);
    exec(&mut g, 2, act(0, Ability::Block { entry: shot }), &[1]);
    pass_all(&mut g, &[]);
    assert!(
        g.state.stack.is_empty(),
        "a ranged attack is blocked whatever the dice"
    );
    assert_eq!(
        g.state.chars[0].free(DieKind::Shield),
        1,
        "and the S die comes back"
    );
    // A stronger melee attack is not blocked.
    exec(&mut g, 1, Command::EndTurn, &[]);
    exec(&mut g, 2, Command::EndTurn, &[]);
    exec(&mut g, 1, act(2, Ability::Jab { target: 0 }), &[5]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Block { entry: jab }), &[4]);
    pass_all(&mut g, &[]);
    pass_all(&mut g, &[2]);
    assert_eq!(
        g.state.chars[0].wounds, 1,
        "A 5 against S 4: it lands on AC 3"
    );
    assert!(
        g.journal
            .iter()
            .any(|l| l.text == "Georgia: Block fails: the attack's A 5 is above S 4"),
        "the log says why the Block did nothing"
    );
}

/// A Riposte whose A is below the attack's cancels nothing, and the log says why.
#[test]
fn a_riposte_below_the_attacks_a_cancels_nothing() {
    let mut g = fight(
        vec![member(
            sheet("Georgia", &[Power::Riposte], Armour::Heavy, Pack::FreeHand),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Riposte { entry: jab }), &[3]);
    pass_all(&mut g, &[]);
    pass_all(&mut g, &[4]);
    assert_eq!(g.state.chars[0].wounds, 1, "A 4 lands on AC 3");
    assert!(
        g.journal.iter().any(|l| l
            .text
            .contains("A 3 against AC 2: a miss (the attack's A is above the riposte's)")),
        "{:?}",
        g.journal.iter().map(|l| &l.text).collect::<Vec<_>>()
    );
}

/// "TRIP - quick. A: On a hit, cancel target movement ability"; "RIPOSTE - quick. A: On a hit,
/// cancel target melee attack that has an A equal to or less than your A."
#[test]
fn trip_cancels_a_move_and_riposte_a_weaker_attack() {
    let mut g = fight(
        vec![member(
            sheet(
                "Georgia",
                &[Power::Trip, Power::Riposte],
                Armour::Heavy,
                Pack::TwoWeapons,
            ),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Monsters,
    );
    exec(
        &mut g,
        1,
        act(
            1,
            Ability::Move {
                to: Pt::new(15.0, 10.0),
            },
        ),
        &[1],
    );
    let mv = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Trip { entry: mv }), &[3]);
    pass_all(&mut g, &[]);
    assert!(g.state.stack.is_empty(), "tripped: A 3 against AC 2");
    assert_eq!(
        g.state.chars[1].pos,
        Pt::new(11.0, 10.0),
        "the orc never moved"
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
    let jab = g.state.stack[0].id;
    exec(&mut g, 2, act(0, Ability::Riposte { entry: jab }), &[4]);
    pass_all(&mut g, &[]);
    assert!(
        g.state.stack.is_empty(),
        "riposted: its A 4 is not above Georgia's 4"
    );
    assert_eq!(g.state.chars[0].wounds, 0);
}

/// "EXERT - quick. F: Regain a lost action die."; "At the end of the turn ... the active party's
/// action dice are replenished"; "Raise your AC to M until the end of the turn".
#[test]
fn exert_and_the_end_of_the_turn() {
    let mut g = fight(
        vec![member(
            sheet("Osric", &[Power::Exert], Armour::None, Pack::FreeHand),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 11.0, 10.0)],
        Party::Heroes,
    );
    settle(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[1]);
    assert_eq!(g.state.chars[0].free(DieKind::Attack), 0);
    settle(
        &mut g,
        2,
        act(
            0,
            Ability::Exert {
                die: DieKind::Attack,
            },
        ),
        &[],
    );
    assert_eq!(g.state.chars[0].free(DieKind::Attack), 1);
    assert_eq!(g.state.chars[0].fatigue, 1);
    settle(
        &mut g,
        2,
        act(
            0,
            Ability::Move {
                to: Pt::new(10.0, 7.0),
            },
        ),
        &[5],
    );
    assert_eq!(
        g.state.chars[0].ac(),
        5,
        "the move raised the armour class to M"
    );
    assert_eq!(g.state.chars[0].free(DieKind::Movement), 1);
    exec(&mut g, 2, Command::EndTurn, &[]);
    assert_eq!(g.state.chars[0].ac(), 1, "back to the armour's class");
    assert_eq!(
        g.state.chars[0].free(DieKind::Movement),
        2,
        "dice replenished"
    );
    assert_eq!((g.state.active, g.state.round), (Party::Monsters, 1));
    exec(&mut g, 1, Command::EndTurn, &[]);
    assert_eq!((g.state.active, g.state.round), (Party::Heroes, 2));
}

/// The odds of an attack against the rules' own resolution: every attack die and every Dodge
/// die played through the core with forced dice.
#[test]
fn odds_match_the_rules_dice_by_dice() {
    for ac in 0..=7 {
        let (mut hit, mut dodged) = (0, 0);
        for a in 1..=6u32 {
            let mut g = georgia_and_the_orc();
            std::sync::Arc::make_mut(&mut g.state.chars[1].sheet).armour = Armour::None;
            std::sync::Arc::make_mut(&mut g.state.chars[1].sheet).health = None;
            g.state.chars[1].raised_ac = Some(ac);
            exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[a]);
            let mut h = g.clone();
            let hit_now = wound_after(&mut h);
            hit += usize::from(hit_now);
            for m in 1..=6u32 {
                let mut d = g.clone();
                exec(&mut d, 1, act(1, Ability::Dodge), &[m]);
                pass_all(&mut d, &[]);
                dodged += usize::from(wound_after(&mut d));
            }
        }
        let o = attack(&AttackQuery {
            ac,
            advantage: 0,
            wounds: 1,
            ..Default::default()
        });
        assert!((o.hit - hit as f64 / 6.0).abs() < 1e-12, "AC {ac}");
        assert!(
            (o.hit_if_dodged - dodged as f64 / 36.0).abs() < 1e-12,
            "AC {ac} dodged"
        );
    }
    // Advantage: the higher of two.
    let o = attack(&AttackQuery {
        ac: 4,
        advantage: 1,
        wounds: 1,
        ..Default::default()
    });
    assert!((o.hit - 27.0 / 36.0).abs() < 1e-12);
    let o = attack(&AttackQuery {
        ac: 4,
        advantage: -1,
        wounds: 1,
        ..Default::default()
    });
    assert!((o.hit - 9.0 / 36.0).abs() < 1e-12);
}

/// Passes until the stack is empty (the wound's d6 forced to 3); whether a wound landed.
fn wound_after(g: &mut DndGame) -> bool {
    let before = g.state.chars[1].wounds;
    while !g.state.stack.is_empty() {
        let seats: Vec<Seat> = g.waiting().seats();
        for s in seats {
            g.dice.force(&[3]);
            g.play(s, Command::Pass).unwrap();
            g.dice.clear_queued();
        }
    }
    g.state.chars[1].wounds > before
}

/// "Ranged attackers must be able to see their target": a wall between them on the table's own
/// geometry stops the shot; "Melee attackers must be next to their target".
#[test]
fn reach_is_the_tables_sight_for_a_bow_and_base_contact_for_melee() {
    use wartable::table::piece::{Piece, PieceShape, Tag};
    let mut g = fight(
        vec![plain("Hale", Armour::Light, Pack::Bow, 2, 12.0, 4.0)],
        vec![
            plain("Orc", Armour::Light, Pack::FreeHand, 1, 12.0, 20.0),
            plain("Goblin", Armour::Light, Pack::FreeHand, 1, 3.0, 20.0),
        ],
        Party::Heroes,
    );
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[3]);
    pass_all(&mut g, &[4]);
    assert_eq!(g.state.chars[1].wounds, 1, "seen across the open table");
    let mut table = (*g.state.table).clone();
    table.pieces.push(Piece {
        shape: PieceShape::Box,
        at: Pt::new(12.0, 12.0),
        rotation: 0.0,
        size: (6.0, 1.0, 4.0),
        base_height: 0.0,
        tags: vec![Tag::BlocksSight],
        label: "wall".into(),
    });
    g.state.set_table(table);
    exec(&mut g, 2, Command::EndTurn, &[]);
    exec(&mut g, 1, Command::EndTurn, &[]);
    let e = refuse(&mut g, 2, act(0, Ability::Jab { target: 1 }));
    assert!(e.to_string().contains("cannot see"), "{e}");
    exec(&mut g, 2, act(0, Ability::Jab { target: 2 }), &[3]);
    // Melee: an inch apart is not next to.
    let mut g = georgia_and_the_orc();
    g.state.chars[1].pos = Pt::new(12.0, 10.0);
    let e = refuse(&mut g, 2, act(0, Ability::Jab { target: 1 }));
    assert!(e.to_string().contains("not next to"), "{e}");
}

/// The secret d6 of a wound is that seat's secret in the roll log too: the other seats' view of
/// the dice leaves it out.
#[test]
fn the_secret_damage_die_is_hidden_from_the_other_seats() {
    let mut g = georgia_and_the_orc();
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[4]);
    pass_all(&mut g, &[5]);
    let last = g.dice.log().last().unwrap();
    assert_eq!(
        (last.total, last.secret),
        (5, Some(1)),
        "the orc's damage, the DM's secret"
    );
    assert!(last.visible_to(1));
    assert!(!last.visible_to(2));
    let attack = &g.dice.log()[0];
    assert!(
        attack.secret.is_none() && attack.visible_to(2),
        "the attack die is open"
    );
}

/// A move goes in a straight line: a wall across the way stops it (checked when announced).
#[test]
fn a_wall_across_the_way_stops_a_move() {
    use wartable::table::piece::{Piece, PieceShape, Tag};
    let mut g = georgia_and_the_orc();
    let mut table = (*g.state.table).clone();
    table.pieces.push(Piece {
        shape: PieceShape::Box,
        at: Pt::new(10.0, 13.0),
        rotation: 0.0,
        size: (6.0, 0.5, 3.0),
        base_height: 0.0,
        tags: vec![Tag::BlocksSight],
        label: "wall".into(),
    });
    g.state.set_table(table);
    let e = refuse(
        &mut g,
        2,
        act(
            0,
            Ability::Move {
                to: Pt::new(10.0, 15.5),
            },
        ),
    );
    assert!(e.to_string().contains("blocked"), "{e}");
    settle(
        &mut g,
        2,
        act(
            0,
            Ability::Move {
                to: Pt::new(6.0, 10.0),
            },
        ),
        &[3],
    );
    assert_eq!(
        g.state.chars[0].pos,
        Pt::new(6.0, 10.0),
        "along the wall, the way is clear"
    );
}

/// A merged attack needs a point where the move comes within reach: a move that never passes
/// the attacker cannot take one (and nobody is asked to respond to it).
#[test]
fn a_merge_needs_a_move_that_comes_within_reach() {
    let mut g = fight(
        vec![plain(
            "Georgia",
            Armour::Heavy,
            Pack::FreeHand,
            2,
            3.0,
            17.0,
        )],
        vec![plain(
            "Goblin",
            Armour::Light,
            Pack::FreeHand,
            1,
            10.0,
            20.0,
        )],
        Party::Monsters,
    );
    let events = exec(
        &mut g,
        1,
        act(
            1,
            Ability::Move {
                to: Pt::new(10.0, 14.0),
            },
        ),
        &[1],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Moved { who: 1, .. })),
        "nobody could answer: the move resolved at once: {events:?}"
    );
    assert!(g.state.stack.is_empty());
    // With Wren beside its way, the move waits on the stack: Wren may merge, Georgia may not.
    let mut g = fight(
        vec![
            plain("Georgia", Armour::Heavy, Pack::FreeHand, 2, 3.0, 17.0),
            plain("Wren", Armour::Light, Pack::FreeHand, 2, 11.05, 17.0),
        ],
        vec![plain(
            "Goblin",
            Armour::Light,
            Pack::FreeHand,
            1,
            10.0,
            20.0,
        )],
        Party::Monsters,
    );
    exec(
        &mut g,
        1,
        act(
            2,
            Ability::Move {
                to: Pt::new(10.0, 14.0),
            },
        ),
        &[1],
    );
    let onto = g.state.stack[0].id;
    let merge = |who| Command::Merge {
        who,
        onto,
        finish: false,
    };
    assert!(g.check(2, &merge(1)).is_ok());
    let e = g.check(2, &merge(0)).unwrap_err();
    assert!(e.to_string().contains("never comes within"), "{e}");
}

/// Seen at the table: a merged jab judged "out of reach" at the very point the mover came
/// within reach (the point was found at exactly the reach, and rounding put it outside). Over
/// many starting places the attack always takes over within reach.
#[test]
fn a_merged_attack_takes_over_within_reach() {
    let (mut out_of_reach, mut ran) = (0, 0);
    for k in 0..300u32 {
        let f = |m: u32| ((k.wrapping_mul(m) % 997) as f32) / 997.0;
        let georgia = Pt::new(15.0 + 0.3 * f(31), 10.0 + 0.3 * f(57));
        let from = Pt::new(15.0 + 0.4 * f(73), 11.7 + 0.3 * f(89));
        let mut g = fight(
            vec![plain(
                "Georgia",
                Armour::Heavy,
                Pack::Shield,
                2,
                georgia.x,
                georgia.y,
            )],
            vec![plain(
                "Goblin",
                Armour::None,
                Pack::FreeHand,
                1,
                from.x,
                from.y,
            )],
            Party::Monsters,
        );
        let to = Pt::new(from.x, georgia.y + 1.02);
        if g.check(1, &act(1, Ability::Move { to })).is_err() {
            continue;
        }
        exec(&mut g, 1, act(1, Ability::Move { to }), &[3]);
        let Some(onto) = g.state.stack.first().map(|e| e.id) else {
            continue;
        };
        let merge = Command::Merge {
            who: 0,
            onto,
            finish: false,
        };
        if g.check(2, &merge).is_err() {
            continue;
        }
        // The A die, then the hit's secret damage die.
        let events = settle(&mut g, 2, merge, &[3, 4]);
        ran += 1;
        out_of_reach += events
            .iter()
            .filter(|e| matches!(e, Event::Judged { why, .. } if why.contains("out of reach")))
            .count();
        assert_eq!(
            g.state.chars[1].wounds, 1,
            "the merged jab hits: {events:?}"
        );
    }
    assert_eq!(out_of_reach, 0, "merged attacks judged out of reach");
    assert!(ran >= 150, "only {ran} of the 300 places gave a merge");
}

/// "The character may forgo the fatigue and the saving throw to just let the DM choose."
#[test]
fn a_bow_may_forgo_the_fatigue_and_save_and_let_the_dm_choose_among_the_melee() {
    let mut g = fight(
        vec![
            plain("Hale", Armour::Light, Pack::Bow, 2, 10.0, 10.0),
            plain("Georgia", Armour::Heavy, Pack::Shield, 2, 21.05, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
    );
    let shot = |target| Command::DmChooses {
        who: 0,
        ability: Ability::Jab { target },
    };
    // The A die 4, then the DM's choice among the orc and Georgia: the second.
    let events = exec(&mut g, 2, shot(2), &[4, 2]);
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, Event::Tired { .. } | Event::Saved { .. })),
        "no fatigue and no save: {events:?}"
    );
    assert_eq!(g.state.chars[0].fatigue, 0);
    assert_eq!(g.state.stack[0].ability, Ability::Jab { target: 1 });
    // The same shot with the fatigue and the save (a 1 fails): the DM picks among the others
    // only (Georgia, a die of one).
    let mut g2 = fight(
        vec![
            plain("Hale", Armour::Light, Pack::Bow, 2, 10.0, 10.0),
            plain("Georgia", Armour::Heavy, Pack::Shield, 2, 21.05, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
    );
    exec(&mut g2, 2, act(0, Ability::Jab { target: 2 }), &[4, 1, 1]);
    assert_eq!(g2.state.chars[0].fatigue, 1);
    assert_eq!(g2.state.stack[0].ability, Ability::Jab { target: 1 });
    // Nobody else in the melee, or a melee weapon: refused.
    let mut g = fight(
        vec![plain("Hale", Armour::Light, Pack::Bow, 2, 10.0, 10.0)],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
    );
    let e = refuse(&mut g, 2, shot(1));
    assert!(e.to_string().contains("nobody else is in melee"), "{e}");
    let mut g = georgia_and_the_orc();
    let e = refuse(
        &mut g,
        2,
        Command::DmChooses {
            who: 0,
            ability: Ability::Jab { target: 1 },
        },
    );
    assert!(e.to_string().contains("no ranged weapon"), "{e}");
}
