//! Sorcery with forced dice: spell stones drawn from the bag (M, M), spells cast (O, M) with
//! the casting save and its natural 6, the end-of-turn save and its choice, Powerful's stone
//! as a die, each shipped spell effect, and the grimoire checked on load.

use super::*;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::core::{RuleSet, Waiting};
use wartable::rules::dndalike::spells::{Grimoire, parse_grimoire, shipped_grimoire};
use wartable::rules::dndalike::{DieKind, Dndalike, Event, Phase};

fn grimoire() -> Grimoire {
    shipped_grimoire().expect("the shipped grimoire loads")
}

fn spell(name: &str) -> u8 {
    grimoire()
        .spell(name)
        .unwrap_or_else(|| panic!("no spell {name}")) as u8
}

fn school(name: &str) -> u8 {
    grimoire().school(name).unwrap() as u8
}

/// A sorcerer knowing `spells` with menhirs of `stones`.
fn sorcerer(name: &str, powers: &[Power], spells: &[&str], stones: &[&str]) -> Sheet {
    Sheet {
        spells: spells.iter().map(|s| s.to_string()).collect(),
        stones: stones.iter().map(|s| s.to_string()).collect(),
        ..sheet(name, powers, Armour::None, Pack::FreeHand)
    }
}

fn fight_with(heroes: Vec<Member>, monsters: Vec<Member>, first: Party) -> DndGame {
    super::fight_in(heroes, monsters, first, grimoire())
}

/// `who` casts the spell named `name` at `target` (a character, or a stack entry's id).
fn cast(who: usize, name: &str, target: u32) -> Command {
    act(
        who,
        Ability::Cast {
            spell: spell(name),
            target,
        },
    )
}

/// Osric (hero 0, seat 2) knowing Firebolt and Rime ward, stones Fire and Frost, four inches
/// from an orc (monster 1, seat 1, light armour); the heroes' turn.
fn osric_and_the_orc() -> DndGame {
    fight_with(
        vec![member(
            sorcerer(
                "Osric",
                &[Power::Spell, Power::Spell],
                &["Firebolt", "Rime ward"],
                &["Fire", "Frost"],
            ),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 15.0, 10.0)],
        Party::Heroes,
    )
}

/// A draw by `who` on seat 2: M 3, M 4, and `pick` (1-based) in the bag.
fn draw(g: &mut DndGame, who: usize, pick: u32) {
    exec(g, 2, act(who, Ability::Draw), &[3, 4, pick]);
}

#[test]
fn a_draw_pays_two_movement_dice_and_moves_a_stone_from_the_bag_to_the_pool() {
    let mut g = osric_and_the_orc();
    let c = &g.state.chars[0];
    assert_eq!(c.stones.bag.as_slice(), &[school("Fire"), school("Frost")]);
    assert!(c.stones.pool.is_empty(), "every stone starts in the bag");
    // M 3, M 4, then the draw: the second stone in the bag.
    draw(&mut g, 0, 2);
    let c = &g.state.chars[0];
    assert_eq!(c.free(DieKind::Movement), 0, "M, M: both movement dice");
    assert_eq!(c.stones.pool.as_slice(), &[school("Frost")]);
    assert_eq!(c.stones.bag.as_slice(), &[school("Fire")]);
    let rolled: Vec<Option<u32>> = c.dice.iter().map(|d| d.rolled).collect();
    assert!(rolled.contains(&Some(3)) && rolled.contains(&Some(4)));
    assert!(
        g.journal
            .iter()
            .any(|l| l.text == "Osric draws a Frost stone into the active pool"),
        "{:?}",
        g.journal.iter().map(|l| &l.text).collect::<Vec<_>>()
    );
    // No second draw: the M dice are spent.
    let e = refuse(&mut g, 2, act(0, Ability::Draw));
    assert!(e.to_string().contains("not 2 M dice"), "{e}");
}

#[test]
fn a_draw_is_a_slow_spell_action_for_sorcerers_only() {
    let mut g = osric_and_the_orc();
    // Not on the monsters' turn.
    let e = refuse(&mut g, 1, act(1, Ability::Draw));
    assert!(e.to_string().contains("cannot act now"), "{e}");
    // A shield pack has one M die: not enough.
    let mut g = fight_with(
        vec![member(
            Sheet {
                pack: Pack::Shield,
                ..sorcerer("Osric", &[Power::Spell], &["Firebolt"], &["Fire"])
            },
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 15.0, 10.0)],
        Party::Heroes,
    );
    let e = refuse(&mut g, 2, act(0, Ability::Draw));
    assert!(e.to_string().contains("not 2 M dice"), "{e}");
    // Tumble makes slow movement actions quick, but a draw "is not a movement action".
    let mut g = fight_with(
        vec![member(
            sorcerer(
                "Wren",
                &[Power::Tumble, Power::Spell],
                &["Firebolt"],
                &["Fire"],
            ),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::Bow, 1, 15.0, 10.0)],
        Party::Monsters,
    );
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[5]);
    assert!(g.waiting().allows(2), "Wren may respond (a dodge)");
    let e = refuse(&mut g, 2, act(0, Ability::Draw));
    assert!(e.to_string().contains("slow"), "{e}");
}

#[test]
fn a_spell_takes_its_level_in_stones_one_of_its_school() {
    let mut g = osric_and_the_orc();
    draw(&mut g, 0, 2); // Frost into the pool
    let bolt = cast(0, "Firebolt", 1);
    // Next turn (Osric's end-of-turn save: 4), the M dice fresh: a Frost stone cannot pay.
    exec(&mut g, 2, Command::EndTurn, &[4]);
    exec(&mut g, 1, Command::EndTurn, &[]);
    let e = refuse(&mut g, 2, bolt.clone());
    assert!(e.to_string().contains("one of them Fire"), "{e}");
    // The Fire stone drawn too (a bag of one).
    draw(&mut g, 0, 1);
    assert_eq!(
        g.state.chars[0].stones.pool.as_slice(),
        &[school("Frost"), school("Fire")]
    );
    // Nothing left to draw with, but a cast needs one M: spent on the draw.
    let e = refuse(&mut g, 2, bolt);
    assert!(e.to_string().contains("no M die"), "{e}");
}

/// Osric with both stones in the pool and his M dice fresh, at the start of his next turn.
fn osric_ready() -> DndGame {
    let mut g = osric_and_the_orc();
    draw(&mut g, 0, 1);
    exec(&mut g, 2, Command::EndTurn, &[5]); // the end-of-turn save: 5 against fatigue 0
    exec(&mut g, 1, Command::EndTurn, &[]);
    draw_free(&mut g);
    g
}

/// The second stone comes by a draw on a bag of one (still a d1 roll, logged).
fn draw_free(g: &mut DndGame) {
    exec(g, 2, act(0, Ability::Draw), &[2, 2, 1]);
    exec(g, 2, Command::EndTurn, &[5]);
    exec(g, 1, Command::EndTurn, &[]);
}

#[test]
fn casting_pays_stones_and_an_m_die_saves_with_the_level_as_penalty_and_works_either_way() {
    let mut g = osric_ready();
    let c = &g.state.chars[0];
    assert_eq!(c.stones.pool.len(), 2);
    assert_eq!(c.free(DieKind::Movement), 2);
    // Firebolt (level 1): M 2, the casting save 1 (a natural 1 fails), the orc's secret damage 4.
    let events = exec(&mut g, 2, cast(0, "Firebolt", 1), &[2, 1, 4]);
    let c = &g.state.chars[0];
    assert_eq!(c.fatigue, 1, "a failed casting save: a fatigue");
    assert_eq!(g.state.chars[1].wounds, 1, "the spell is still cast");
    assert_eq!(g.state.chars[1].damage, 4);
    assert_eq!(
        c.stones.pool.as_slice(),
        &[school("Frost")],
        "the Fire stone paid"
    );
    assert_eq!(c.stones.discard.as_slice(), &[school("Fire")]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Saved {
            roll: 1,
            need: 1,
            ok: false,
            ..
        }
    )));
}

#[test]
fn the_casting_penalty_is_the_spells_level() {
    // Immolate (level 2) with fatigue 1 (heavy armour's permanent fatigue): d6 - 2 >= 1.
    let heavy = |roll: u32| {
        let mut g = fight_with(
            vec![member(
                Sheet {
                    armour: Armour::Heavy,
                    stones: vec!["Fire".into(), "Frost".into()],
                    spells: vec!["Immolate".into()],
                    ..sheet("Osric", &[Power::Spell], Armour::Heavy, Pack::FreeHand)
                },
                2,
                10.0,
                10.0,
            )],
            vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 15.0, 10.0)],
            Party::Heroes,
        );
        draw(&mut g, 0, 1);
        exec(&mut g, 2, Command::EndTurn, &[5]);
        exec(&mut g, 1, Command::EndTurn, &[]);
        draw_free(&mut g);
        assert_eq!(g.state.chars[0].fatigue, 1);
        // M 3, the save, then two wounds: damage 2 and 3.
        exec(&mut g, 2, cast(0, "Immolate", 1), &[3, roll, 2, 3]);
        assert_eq!(g.state.chars[1].wounds, 2, "Immolate: two wounds");
        assert!(
            g.state.chars[0].stones.pool.is_empty(),
            "level 2: both stones"
        );
        g.state.chars[0].fatigue
    };
    assert_eq!(heavy(3), 1, "3 - 2 reaches fatigue 1: no fatigue gained");
    assert_eq!(heavy(2), 2, "2 - 2 falls short of fatigue 1: a fatigue");
}

#[test]
fn a_natural_six_when_casting_puts_a_free_copy_on_the_stack_and_tires() {
    let mut g = osric_ready();
    // M 5, the save a natural 6; the copy (on top) resolves first: damage 2, then the
    // original: damage 3.
    let events = exec(&mut g, 2, cast(0, "Firebolt", 1), &[5, 6, 2, 3]);
    let announced = events
        .iter()
        .filter(|e| matches!(e, Event::Announced { .. }))
        .count();
    assert_eq!(announced, 2, "the spell and its copy");
    assert_eq!(g.state.chars[0].fatigue, 1, "a natural 6: a fatigue");
    assert_eq!(
        g.state.chars[0].stones.discard.len(),
        1,
        "the copy costs nothing"
    );
    assert_eq!(g.state.chars[1].wounds, 2);
    assert_eq!(g.state.chars[1].damage, 5);
}

#[test]
fn the_end_of_turn_save_failed_means_a_fatigue_or_the_stones() {
    let mut g = osric_and_the_orc();
    draw(&mut g, 0, 2);
    // A natural 1 on the end-of-turn save: the turn waits on Osric's choice.
    exec(&mut g, 2, Command::EndTurn, &[1]);
    assert_eq!(g.state.phase, Phase::Backlash { who: vec![0] });
    assert_eq!(Dndalike::waiting(&g.state), Waiting::Each(vec![2]));
    refuse(&mut g, 2, Command::EndTurn);
    refuse(&mut g, 2, act(0, Ability::Dodge));
    refuse(
        &mut g,
        1,
        Command::Backlash {
            who: 0,
            lose_stones: true,
        },
    );
    let mut tired = g.clone();
    exec(
        &mut tired,
        2,
        Command::Backlash {
            who: 0,
            lose_stones: false,
        },
        &[],
    );
    assert_eq!(tired.state.chars[0].fatigue, 1);
    assert_eq!(tired.state.chars[0].stones.pool.len(), 1, "the stones kept");
    assert_eq!(tired.state.active, Party::Monsters, "then the turn ends");
    exec(
        &mut g,
        2,
        Command::Backlash {
            who: 0,
            lose_stones: true,
        },
        &[],
    );
    let c = &g.state.chars[0];
    assert_eq!(c.fatigue, 0);
    assert!(c.stones.pool.is_empty());
    assert_eq!(
        c.stones.lost.as_slice(),
        &[school("Frost")],
        "removed from the game"
    );
    assert_eq!(
        c.stones.bag.as_slice(),
        &[school("Fire")],
        "the bag is kept"
    );
    assert_eq!(g.state.active, Party::Monsters);
}

#[test]
fn at_the_fatigue_maximum_the_stones_must_go() {
    let mut g = osric_and_the_orc();
    g.state.chars[0].fatigue = g.state.chars[0].sheet.max_fatigue();
    exec(&mut g, 2, Command::EndTurn, &[1]);
    let e = refuse(
        &mut g,
        2,
        Command::Backlash {
            who: 0,
            lose_stones: false,
        },
    );
    assert!(e.to_string().contains("stones must go"), "{e}");
}

#[test]
fn a_ward_cast_in_answer_lifts_the_armour_class_before_the_attack_resolves() {
    // The orc (A 4) attacks Osric (AC 1); Osric answers with Rime ward (armour class 5).
    let mut g = osric_ready();
    exec(&mut g, 2, Command::EndTurn, &[5]);
    g.state.chars[1].pos = Pt::new(11.0, 10.0);
    exec(&mut g, 1, act(1, Ability::Jab { target: 0 }), &[4]);
    assert!(
        g.waiting().allows(2),
        "Osric is asked: he has a quick spell"
    );
    let ward = cast(0, "Rime ward", 0);
    // M 2, the casting save 4.
    exec(&mut g, 2, ward, &[2, 4]);
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[0].ac(), 5);
    pass_all(&mut g, &[]);
    assert_eq!(
        g.state.chars[0].wounds, 0,
        "A 4 against the warded AC 5: a miss"
    );
}

#[test]
fn unweave_cancels_a_spell_on_the_stack() {
    let mut hexer = sorcerer("Hexer", &[Power::Spell], &["Firebolt"], &["Fire"]);
    hexer.lesser = true;
    let mut g = fight_with(
        vec![member(
            sorcerer("Osric", &[Power::Spell], &["Unweave"], &["Frost", "Frost"]),
            2,
            10.0,
            10.0,
        )],
        vec![member(hexer, 1, 15.0, 10.0)],
        Party::Heroes,
    );
    draw(&mut g, 0, 1);
    exec(&mut g, 2, Command::EndTurn, &[5]);
    exec(&mut g, 1, act(1, Ability::Draw), &[1, 1, 1]);
    exec(&mut g, 1, Command::EndTurn, &[5]);
    exec(&mut g, 2, act(0, Ability::Draw), &[1, 1, 1]);
    exec(&mut g, 2, Command::EndTurn, &[5]);
    // The hexer's Firebolt at Osric; Osric answers with Unweave (level 2: both Frost stones).
    exec(&mut g, 1, cast(1, "Firebolt", 0), &[3, 4]);
    assert!(g.waiting().allows(2), "Osric may unweave it");
    let id = g.state.stack[0].id;
    exec(&mut g, 2, cast(0, "Unweave", id), &[2, 5]);
    pass_all(&mut g, &[]);
    assert!(
        g.state.stack.is_empty(),
        "the bolt left the stack unresolved"
    );
    assert_eq!(g.state.chars[0].wounds, 0);
    assert!(
        g.journal
            .iter()
            .any(|l| l.text.contains("unwoven by Osric's Unweave"))
    );
    // Unweave aims at spells only.
    let mut g2 = osric_ready();
    g2.state.chars[0].spells.push(spell("Unweave"));
    let e = refuse(&mut g2, 2, cast(0, "Unweave", 99));
    assert!(e.to_string().contains("nothing numbered 99"), "{e}");
}

#[test]
fn friend_and_enemy_spells_keep_to_their_side_and_mend_stops_at_the_armours_fatigue() {
    let mut g = osric_ready();
    let e = refuse(&mut g, 2, cast(0, "Firebolt", 0));
    assert!(e.to_string().contains("on your side"), "{e}");
    let e = refuse(&mut g, 2, cast(0, "Rime ward", 1));
    assert!(e.to_string().contains("on a friend"), "{e}");
    // Kindle (Fire, quick, -2 fatigue) on a friend in heavy armour (permanent fatigue 1) with 2.
    let mut g = fight_with(
        vec![
            member(
                sorcerer("Osric", &[Power::Spell], &["Kindle"], &["Fire"]),
                2,
                10.0,
                10.0,
            ),
            plain("Georgia", Armour::Heavy, Pack::Shield, 2, 12.0, 10.0),
        ],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 10.0)],
        Party::Heroes,
    );
    draw(&mut g, 0, 1);
    exec(&mut g, 2, Command::EndTurn, &[5]);
    exec(&mut g, 1, Command::EndTurn, &[]);
    g.state.chars[1].fatigue = 2;
    exec(&mut g, 2, cast(0, "Kindle", 1), &[3, 4]);
    assert_eq!(g.state.chars[1].fatigue, 1, "not below heavy armour's 1");
}

#[test]
fn death_knell_is_a_finishing_blow_and_numbing_chill_tires_past_the_maximum() {
    let mut g = fight_with(
        vec![member(
            sorcerer(
                "Morwen",
                &[Power::Spell, Power::Spell],
                &["Death knell", "Numbing chill"],
                &["Necromancy", "Frost", "Frost"],
            ),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 15.0, 10.0)],
        Party::Heroes,
    );
    for (pick, save) in [(1, 5), (1, 5), (1, 5)] {
        exec(&mut g, 2, act(0, Ability::Draw), &[1, 1, pick]);
        exec(&mut g, 2, Command::EndTurn, &[save]);
        exec(&mut g, 1, Command::EndTurn, &[]);
    }
    assert_eq!(g.state.chars[0].stones.pool.len(), 3);
    // The orc: 5 fatigue of 6, a wound of damage 3 (health 4).
    g.state.chars[1].fatigue = 5;
    g.state.chars[1].wounds = 1;
    g.state.chars[1].damage = 3;
    // Numbing chill: two fatigue; the second is beyond the maximum: a wound (damage 2).
    exec(&mut g, 2, cast(0, "Numbing chill", 1), &[4, 5, 2]);
    assert_eq!(g.state.chars[1].fatigue, 7);
    assert_eq!(g.state.chars[1].wounds, 2);
    assert_eq!(g.state.chars[1].damage, 5);
    exec(&mut g, 2, Command::EndTurn, &[5]);
    exec(&mut g, 1, Command::EndTurn, &[]);
    // Death knell (Necromancy, level 2): the Necromancy stone and a Frost one.
    exec(&mut g, 2, cast(0, "Death knell", 1), &[4, 5]);
    assert!(g.state.chars[1].dead, "damage 5 against health 4: dead");
    assert!(matches!(g.state.phase, Phase::Over(_)));
}

#[test]
fn powerful_pays_a_stone_as_a_natural_six_with_a_casting_save() {
    let mut g = fight_with(
        vec![member(
            sorcerer(
                "Osric",
                &[Power::Spell, Power::Powerful],
                &["Firebolt"],
                &["Fire"],
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
    let jab = Command::Empowered {
        who: 0,
        ability: Ability::Jab { target: 1 },
        stone: None,
    };
    let e = refuse(&mut g, 2, jab.clone());
    assert!(e.to_string().contains("no spell stone"), "{e}");
    draw(&mut g, 0, 1);
    // The A die first (a 2 against full plate's AC 4: a miss), then a stone as a natural 6.
    exec(&mut g, 2, act(0, Ability::Jab { target: 1 }), &[2]);
    pass_all(&mut g, &[]);
    assert_eq!(g.state.chars[1].wounds, 0);
    // The stone: the casting save (a 1: a fatigue), then the hit's damage 3.
    exec(&mut g, 2, jab.clone(), &[1]);
    pass_all(&mut g, &[3]);
    assert_eq!(g.state.chars[1].wounds, 1, "a natural 6 always hits");
    let c = &g.state.chars[0];
    assert_eq!(c.fatigue, 1, "the failed save");
    assert!(c.stones.pool.is_empty());
    assert_eq!(c.free(DieKind::Attack), 0, "the A die stays spent");
    // A save of 4 against fatigue 1 with the level-1 penalty (3 >= 1): no fatigue.
    let fire = g.state.chars[0].stones.discard[0];
    g.state.chars[0].stones.pool.push(fire);
    exec(&mut g, 2, jab.clone(), &[4]);
    assert_eq!(g.state.chars[0].fatigue, 1, "the save held");
    assert_eq!(g.state.stack.len(), 1, "the stone's jab");
    pass_all(&mut g, &[2]);
    assert_eq!(g.state.chars[1].wounds, 2);
    // A natural 6: a fatigue, and no copy (there is no spell to copy).
    g.state.chars[0].stones.pool.push(fire);
    let events = exec(&mut g, 2, jab.clone(), &[6]);
    assert_eq!(
        g.state.chars[0].fatigue, 2,
        "a natural 6 when casting tires"
    );
    assert_eq!(g.state.stack.len(), 1, "no copy: {events:?}");
    // A save of 2 against fatigue 2 with the penalty (1 < 2): a fatigue.
    pass_all(&mut g, &[1]);
    g.state.chars[0].stones.pool.push(fire);
    exec(&mut g, 2, jab, &[2]);
    assert_eq!(g.state.chars[0].fatigue, 3, "the save failed");
    // Without the power, no stone for a die.
    let mut g = osric_ready();
    let e = refuse(
        &mut g,
        2,
        Command::Empowered {
            who: 0,
            ability: Ability::Dodge,
            stone: None,
        },
    );
    assert!(e.to_string().contains("Powerful"), "{e}");
}

#[test]
fn sheets_name_spells_and_schools_of_the_grimoire() {
    let bad = DndGame::new(DndSetup {
        seed: 1,
        level: None,
        heroes: vec![member(
            sorcerer(
                "Osric",
                &[Power::Spell],
                &["Fireball", "Firebolt"],
                &["Earth"],
            ),
            2,
            1.0,
            1.0,
        )],
        monsters: vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 5.0, 5.0)],
        first: Party::Heroes,
        grimoire: grimoire(),
        delve: None,
    })
    .err()
    .expect("refused");
    let text = bad.join("\n");
    assert!(
        text.contains("heroes[0].sheet.spells[0]: no spell is named \"Fireball\""),
        "{text}"
    );
    assert!(
        text.contains("heroes[0].sheet.spells: 2 spells but 1 Spell powers"),
        "{text}"
    );
    assert!(
        text.contains("heroes[0].sheet.stones[0]: no school is named \"Earth\""),
        "{text}"
    );
}

#[test]
fn a_bad_grimoire_is_refused_with_located_errors() {
    let text = "Grimoire(\n  schools: [(name: \"Fire\", colour: (200, 0, 0))],\n  spells: [\n    (name: \"Bolt\", school: \"Ice\", level: 4, effect: Bolt(wounds: 1)),\n  ],\n)\n";
    let errs = parse_grimoire("spells.ron", text).expect_err("refused");
    let fields: Vec<(&str, usize)> = errs.iter().map(|e| (e.field.as_str(), e.line)).collect();
    assert!(fields.contains(&("spells[0].school", 4)), "{fields:?}");
    assert!(fields.contains(&("spells[0].level", 4)), "{fields:?}");
    assert!(errs.iter().all(|e| e.file == "spells.ron"));
    let broken =
        parse_grimoire("spells.ron", "Grimoire(schools: [), spells: [])").expect_err("refused");
    assert_eq!(broken[0].line, 1, "{}", broken[0]);
}

#[test]
fn the_program_draws_and_casts_in_self_play() {
    use wartable::rules::core::QuickSetup;
    let mut casts = 0;
    let mut draws = 0;
    for seed in 1..=6 {
        let setup = Dndalike::quick_setup(&QuickSetup {
            seed,
            ..Default::default()
        })
        .unwrap();
        let mut g = DndGame::new(setup).unwrap();
        g.self_play(20_000);
        assert!(matches!(g.state.phase, Phase::Over(_)), "seed {seed} ended");
        casts += g
            .journal
            .iter()
            .filter(|l| l.text.contains("announces Cast"))
            .count();
        draws += g
            .journal
            .iter()
            .filter(|l| l.text.contains("into the active pool"))
            .count();
    }
    assert!(draws > 0, "no stone was ever drawn");
    assert!(casts > 0, "no spell was ever cast");
    // What it chooses, on a fight of its own: with the pool empty it draws; with a Fire stone
    // in the pool and the orc in sight but out of reach, it casts Firebolt at the orc.
    let mut g = osric_and_the_orc();
    assert_eq!(
        wartable::rules::dndalike::ai::choose(&g.state, 2),
        Some(act(0, Ability::Draw))
    );
    let fire = school("Fire");
    let at = g.state.chars[0]
        .stones
        .bag
        .iter()
        .position(|k| *k == fire)
        .unwrap();
    g.state.chars[0].stones.bag.remove(at);
    g.state.chars[0].stones.pool.push(fire);
    g.state.memo.clear();
    assert_eq!(
        wartable::rules::dndalike::ai::choose(&g.state, 2),
        Some(cast(0, "Firebolt", 1))
    );
}

/// "Powerful - you may spend spell stones as if they were action dice of any type": a stone
/// pays a Cast's M die (with its own casting save), and the spell's stones come from the rest
/// of the pool. Before, a stone could not pay for a spell action.
#[test]
fn powerful_pays_a_casts_m_die_with_a_stone() {
    let mut g = fight_with(
        vec![member(
            sorcerer(
                "Osric",
                &[Power::Spell, Power::Powerful],
                &["Firebolt"],
                &["Fire", "Fire"],
            ),
            2,
            10.0,
            10.0,
        )],
        vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 15.0, 10.0)],
        Party::Heroes,
    );
    let fire = school("Fire");
    g.state.chars[0].stones.bag.clear();
    g.state.chars[0].stones.pool.push(fire);
    for d in g.state.chars[0].dice.iter_mut() {
        if d.kind == DieKind::Movement {
            d.spent = true;
        }
    }
    let bolt = Command::Empowered {
        who: 0,
        ability: Ability::Cast {
            spell: spell("Firebolt"),
            target: 1,
        },
        stone: None,
    };
    let e = refuse(&mut g, 2, bolt.clone());
    assert!(
        e.to_string().contains("Firebolt takes a stone"),
        "one stone cannot pay M and O: {e}"
    );
    g.state.chars[0].stones.pool.push(fire);
    // The stone's save (4), the spell's casting save (4); nobody has an answer, so the bolt
    // resolves at once: a wound (damage 2).
    exec(&mut g, 2, bolt, &[4, 4, 2]);
    let c = &g.state.chars[0];
    assert!(c.stones.pool.is_empty());
    assert_eq!(c.stones.discard.len(), 2);
    assert_eq!(c.fatigue, 0);
    assert_eq!(g.state.chars[1].wounds, 1);
}
