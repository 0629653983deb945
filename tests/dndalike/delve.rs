//! A delve: fights one after another with the party's wounds, fatigue, stones and dead carried
//! between them; resting at the table with a watch (forced dice) and the ambush on a failed
//! watch; saves taken between fights and inside a later fight replaying to the same hash; the
//! program playing a whole delve headless; the located errors of a bad sheet and a bad delve.

use super::*;
use wartable::rules::core::RuleSet;
use wartable::rules::core::testing::{exec, refuse};
use wartable::rules::core::{QuickSetup, Waiting};
use wartable::rules::dndalike::camp::{CampEvent, WATCH};
use wartable::rules::dndalike::delve::parse_delve;
use wartable::rules::dndalike::delve_plan::{DelvePlan, Encounter};
use wartable::rules::dndalike::setup::parse_roster;
use wartable::rules::dndalike::{Dndalike, Event, Phase};

fn pts(v: &[(f32, f32)]) -> Vec<Pt> {
    v.iter().map(|(x, y)| Pt::new(*x, *y)).collect()
}

fn encounter(name: &str, first: Party, heroes: &[(f32, f32)], monsters: Vec<Member>) -> Encounter {
    Encounter {
        name: name.into(),
        text: String::new(),
        first,
        heroes: pts(heroes),
        monsters,
    }
}

/// A delve on a bare table: the first encounter's orc (monster 3, damage 9: a finishing blow
/// kills it) next to Georgia (0); then two goblins; the ambush a ghoul next to Georgia's
/// place. The heroes: Georgia (heavy armour), Hale (a rank in Watch) and Osric (a sorcerer with
/// a Fire and a Frost stone), all on seat 2; the heroes act first in the first fight.
fn delve() -> DndGame {
    let hale = Sheet {
        skills: vec![WATCH.into()],
        ..sheet(
            "Hale",
            &[Power::HeavyHitter, Power::Skilled],
            Armour::Light,
            Pack::Bow,
        )
    };
    let osric = Sheet {
        spells: vec!["Firebolt".into()],
        stones: vec!["Fire".into(), "Frost".into()],
        ..sheet("Osric", &[Power::Spell], Armour::None, Pack::FreeHand)
    };
    let heroes = vec![
        plain("Georgia", Armour::Heavy, Pack::Shield, 2, 5.0, 5.0),
        member(hale, 2, 5.0, 8.0),
        member(osric, 2, 5.0, 11.0),
    ];
    let orc = vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 6.0, 5.0)];
    let plan = DelvePlan {
        name: "Test delve".into(),
        dungeon_level: 1,
        encounters: vec![
            encounter(
                "The gate",
                Party::Heroes,
                &[(5.0, 5.0), (5.0, 8.0), (5.0, 11.0)],
                orc.clone(),
            ),
            encounter(
                "The den",
                Party::Monsters,
                &[(2.0, 2.0), (4.0, 2.0), (6.0, 2.0)],
                vec![
                    plain("Goblin", Armour::Light, Pack::FreeHand, 1, 12.0, 12.0),
                    plain("Goblin boss", Armour::Light, Pack::FreeHand, 1, 14.0, 12.0),
                ],
            ),
        ],
        ambush: encounter(
            "Wanderers",
            Party::Monsters,
            &[(2.0, 20.0), (4.0, 20.0), (6.0, 20.0)],
            vec![plain("Ghoul", Armour::Light, Pack::FreeHand, 1, 2.0, 21.0)],
        ),
    };
    let mut g = DndGame::new(DndSetup {
        seed: 1,
        level: None,
        heroes,
        monsters: orc,
        first: Party::Heroes,
        grimoire: wartable::rules::dndalike::spells::shipped_grimoire().unwrap(),
        delve: Some(plan),
    })
    .unwrap();
    g.state.chars[3].damage = 9;
    g
}

/// Georgia tired (3, of which 1 is her armour's) and wounded twice (damage 7); Osric tired (2)
/// with one stone spent and one lost.
fn wear(g: &mut DndGame) {
    let c = &mut g.state.chars;
    c[0].fatigue = 3;
    c[0].wounds = 2;
    c[0].damage = 7;
    c[2].fatigue = 2;
    let st = &mut c[2].stones;
    let fire = st.bag.remove(0);
    st.discard.push(fire);
    let frost = st.bag.remove(0);
    st.lost.push(frost);
}

/// Georgia finishes the first fight's orc (A 5 against AC 2; damage 9 against health 4).
fn win_the_first_fight(g: &mut DndGame) {
    settle(g, 2, act(0, Ability::Finish { target: 3 }), &[5]);
    assert_eq!(g.state.phase, Phase::Camp, "{:?}", g.journal.last());
}

#[test]
fn the_party_carries_wounds_fatigue_stones_and_the_dead_into_the_next_fight() {
    let mut g = delve();
    wear(&mut g);
    g.state.chars[1].dead = true;
    g.state.chars[1].fatigue = 4;
    win_the_first_fight(&mut g);
    // Between fights: the party's seat decides; the stack is empty, every die is back.
    assert_eq!(g.waiting(), Waiting::Any(vec![2]));
    assert!(g.state.stack.is_empty());
    assert!(
        g.state
            .chars
            .iter()
            .all(|c| c.dice.iter().all(|d| !d.spent))
    );
    assert!(g.journal.iter().any(|l| l.text.contains("The gate is won")));
    // No fighting between fights, and no resting or going on during a fight.
    let e = refuse(&mut g, 2, act(0, Ability::Dodge));
    assert!(e.to_string().contains("between fights"), "{e}");
    refuse(&mut g, 2, Command::EndTurn);
    exec(&mut g, 2, Command::Onward, &[]);
    let st = &g.state;
    assert_eq!(st.phase, Phase::Act);
    assert_eq!(
        (st.active, st.first, st.round),
        (Party::Monsters, Party::Monsters, 1)
    );
    let names: Vec<&str> = st.chars.iter().map(|c| c.name()).collect();
    assert_eq!(names, ["Georgia", "Hale", "Osric", "Goblin", "Goblin boss"]);
    assert_eq!(
        (st.chars[0].fatigue, st.chars[0].wounds, st.chars[0].damage),
        (3, 2, 7),
        "Georgia's fatigue, wounds and damage carried"
    );
    assert!(
        st.chars[1].dead && st.chars[1].fatigue == 4,
        "Hale stays dead"
    );
    assert_eq!(st.chars[2].fatigue, 2);
    assert_eq!(
        (
            st.chars[2].stones.bag.len(),
            st.chars[2].stones.discard.len(),
            st.chars[2].stones.lost.len()
        ),
        (0, 1, 1),
        "Osric's stones stay spent and lost"
    );
    assert_eq!(
        st.chars[0].pos,
        Pt::new(2.0, 2.0),
        "the heroes come in at the places"
    );
    assert_eq!(st.chars[4].pos, Pt::new(14.0, 12.0));
    assert!(
        st.chars[3..]
            .iter()
            .all(|c| c.fatigue == 0 && c.wounds == 0 && !c.dead)
    );
    assert_eq!(
        g.waiting(),
        Waiting::Any(vec![1]),
        "the monsters were there first"
    );
    let e = refuse(
        &mut g,
        1,
        Command::Rest {
            watch: vec![0],
            keep: vec![],
        },
    );
    assert!(e.to_string().contains("between the fights"), "{e}");
}

#[test]
fn a_rest_at_the_table_rolls_the_watch_with_the_game_dice() {
    let mut g = delve();
    wear(&mut g);
    win_the_first_fight(&mut g);
    let before = g.dice.log().len();
    // Hale gains a fatigue (1) and makes two progress attempts against 1 + (1 + 1) = 3: a 4
    // and a 5; the requirement is the fatigue the resters lose, 2 + 2 = 4; completion 1 + 3.
    let events = exec(
        &mut g,
        2,
        Command::Rest {
            watch: vec![1],
            keep: vec![],
        },
        &[4, 5, 1, 3],
    );
    assert_eq!(events[0], Event::Resting { number: 1 });
    assert!(events.contains(&Event::Camp(CampEvent::Completion {
        dice: vec![1, 3],
        bonus: 0,
        total: 4,
        requirement: 4,
        ok: true
    })));
    let purposes: Vec<&str> = g.dice.log()[before..]
        .iter()
        .map(|r| r.purpose.as_ref())
        .collect();
    assert_eq!(
        purposes,
        ["progress", "progress", "completion", "completion"]
    );
    let c = &g.state.chars;
    assert_eq!(c[1].fatigue, 1, "the watcher tires");
    assert_eq!((c[0].fatigue, c[0].wounds, c[0].damage), (1, 1, 4));
    assert_eq!((c[2].fatigue, c[2].stones.bag.len()), (0, 2));
    assert_eq!(g.state.phase, Phase::Camp, "still between fights");
    assert_eq!(g.state.delve.as_ref().unwrap().rests, 1);
    assert!(
        g.journal
            .iter()
            .any(|l| l.text.contains("Hale keeps watch"))
    );
    assert!(g.journal.iter().any(|l| l.text.contains("the watch holds")));
    // Watching at the fatigue maximum is refused, nothing rolled.
    g.state.chars[1].fatigue = g.state.chars[1].sheet.max_fatigue();
    let e = refuse(
        &mut g,
        2,
        Command::Rest {
            watch: vec![1],
            keep: vec![],
        },
    );
    assert!(e.to_string().contains("too tired"), "{e}");
}

#[test]
fn a_failed_watch_starts_the_ambush_and_the_party_camps_again_after_it() {
    let mut g = delve();
    wear(&mut g);
    win_the_first_fight(&mut g);
    // One progress of two (4, then 1), completion 3 against 4: the ambush.
    let events = exec(
        &mut g,
        2,
        Command::Rest {
            watch: vec![1],
            keep: vec![],
        },
        &[4, 1, 3],
    );
    assert!(events.contains(&Event::Camp(CampEvent::Ambushed)));
    assert_eq!(
        events.last(),
        Some(&Event::Encounter {
            index: 0,
            ambush: true
        })
    );
    let st = &g.state;
    assert_eq!(
        (st.chars[0].fatigue, st.chars[0].wounds, st.chars[2].fatigue),
        (3, 2, 2),
        "nobody recuperates"
    );
    assert_eq!(st.chars[1].fatigue, 1, "the watcher still tired");
    assert_eq!(st.chars.len(), 4);
    assert_eq!(st.chars[3].name(), "Ghoul");
    assert_eq!(st.chars[0].pos, Pt::new(2.0, 20.0));
    assert_eq!((st.phase.clone(), st.active), (Phase::Act, Party::Monsters));
    // The ghoul does nothing; Georgia finishes it (damage 9 against health 4).
    exec(&mut g, 1, Command::EndTurn, &[]);
    g.state.chars[3].damage = 9;
    settle(&mut g, 2, act(0, Ability::Finish { target: 3 }), &[5]);
    assert_eq!(
        g.state.phase,
        Phase::Camp,
        "the ambush beaten, back to camp"
    );
    let d = g.state.delve.as_ref().unwrap();
    assert_eq!((d.encounter, d.ambush, d.rests, d.won), (0, true, 0, 2));
    // After an ambush the program goes on; so does the party here.
    assert_eq!(
        Dndalike::program_play(&mut g.clone(), 2, wartable::rules::core::Skill::Normal),
        Some(Command::Onward)
    );
    exec(&mut g, 2, Command::Onward, &[]);
    assert_eq!(g.state.chars[3].name(), "Goblin");
    assert_eq!(g.state.delve.as_ref().unwrap().encounter, 1);
    // Nobody on watch: no roll, an ambush.
}

#[test]
fn a_rest_without_a_watch_is_an_ambush_and_rolls_nothing() {
    let mut g = delve();
    wear(&mut g);
    win_the_first_fight(&mut g);
    let events = exec(
        &mut g,
        2,
        Command::Rest {
            watch: vec![],
            keep: vec![],
        },
        &[],
    );
    assert_eq!(
        events[1..],
        [
            Event::Camp(CampEvent::Ambushed),
            Event::Encounter {
                index: 0,
                ambush: true
            }
        ]
    );
}

/// The shipped delve with the program on every seat (seed `seed`).
fn shipped(seed: u64) -> DndGame {
    DndGame::new(
        Dndalike::quick_setup(&QuickSetup {
            seed,
            scenario: Some("delve".into()),
            players: Some(2),
            ..Default::default()
        })
        .unwrap(),
    )
    .unwrap()
}

/// Plays the program until `stop` holds (at most 20 000 commands).
fn play_until(g: &mut DndGame, stop: impl Fn(&DndGame) -> bool) {
    for _ in 0..20_000 {
        if stop(g) {
            return;
        }
        assert_eq!(
            g.self_play(1),
            1,
            "the program stopped: {:?}",
            g.state.phase
        );
    }
    panic!("not reached in 20 000 commands");
}

fn save_and_load(g: &DndGame) -> DndGame {
    let text = wartable::rules::core::save::ron_text(&g.to_save()).unwrap();
    let report = wartable::rules::headless::check_save_text("delve.ron", &text).unwrap();
    assert_eq!(report.hash, g.hash());
    DndGame::load_text("delve.ron", &text).unwrap()
}

#[test]
fn a_delve_saved_between_fights_and_inside_a_later_fight_replays_to_the_same_hash() {
    let mut g = shipped(3);
    play_until(&mut g, |g| g.state.phase == Phase::Camp);
    let camp = save_and_load(&g);
    assert_eq!(camp.hash(), g.hash());
    assert_eq!(camp.state.phase, Phase::Camp);
    assert!(Dndalike::phase_label(&camp.state).contains("between fights"));
    // Inside the second fight, some commands in.
    play_until(&mut g, |g| {
        g.state.delve.as_ref().unwrap().encounter == 1
            && g.state.phase != Phase::Camp
            && g.state.round >= 2
    });
    let mid = save_and_load(&g);
    assert_eq!(mid.hash(), g.hash());
    assert_eq!(mid.state.delve.as_ref().unwrap().encounter, 1);
    // The resumed game and the one played on reach the same end.
    let mut resumed = mid;
    g.self_play(20_000);
    resumed.self_play(20_000);
    assert!(g.is_over());
    assert_eq!(resumed.hash(), g.hash());
    assert_eq!(resumed.log, g.log);
}

#[test]
fn the_program_plays_a_whole_delve_headless() {
    let mut g = shipped(2);
    g.self_play(20_000);
    let Phase::Over(end) = &g.state.phase else {
        panic!("not over: {:?}", g.state.phase);
    };
    let d = g.state.delve.as_ref().unwrap();
    assert_eq!(end.winners, vec![2], "{}", end.text);
    assert!(end.text.contains("win the delve"), "{}", end.text);
    assert_eq!(d.encounter, 2, "the third encounter");
    assert!(d.won >= 3);
    let onward = g.log.iter().filter(|l| l.cmd == Command::Onward).count();
    assert_eq!(onward, 2);
    assert!(
        g.log.iter().any(|l| matches!(l.cmd, Command::Rest { .. })),
        "the program rests between fights"
    );
}

#[test]
fn a_sheet_with_a_spell_of_a_school_it_has_no_stone_for_is_refused_where_it_is_written() {
    let roster = |stones: &str| {
        format!(
            "Roster(\n  name: \"Bad\",\n  members: [\n    (\n      name: \"Osric\",\n      stats: (str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10),\n      powers: [Spell, Spell],\n      spells: [\"Rime ward\", \"Firebolt\"],\n      stones: [{stones}],\n    ),\n  ],\n)\n"
        )
    };
    let errs = parse_roster("bad.ron", &roster("\"Frost\"")).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    let e = &errs[0];
    assert_eq!(
        (e.file.as_str(), e.line, e.col, e.field.as_str()),
        ("bad.ron", 8, 29, "members[0].spells[1]"),
        "{e}"
    );
    assert!(e.message.contains("Firebolt is a Fire spell"), "{e}");
    assert!(e.message.contains("no Fire stone"), "{e}");
    // With a Fire stone the sheet loads.
    assert!(parse_roster("ok.ron", &roster("\"Frost\", \"Fire\"")).is_ok());
}

#[test]
fn a_bad_delve_file_gets_located_errors() {
    let text = r#"Delve(
  name: "Bad",
  level: "levels/dungeon-crypt.ron",
  party: "assets/forces/dndalike/party.ron",
  monsters: "assets/forces/dndalike/monsters.ron",
  encounters: [
    (
      name: "The vault",
      heroes: [(12.0, 1.8), (13.6, 1.8), (15.2, 1.8)],
      monsters: [(name: "Goblin stabber", at: (2.0, 2.0)), (name: "Goblin king", at: (20.5, 4.0))],
    ),
  ],
  ambush: (
    name: "Patrol",
    heroes: [(11.0, 12.0), (12.5, 12.0), (16.5, 12.0), (18.0, 12.0)],
    monsters: [(name: "Goblin stabber", at: (22.5, 13.3))],
  ),
)
"#;
    let errs = parse_delve("bad-delve.ron", text).unwrap_err();
    let at = |f: &str| {
        errs.iter()
            .find(|e| e.field == f)
            .unwrap_or_else(|| panic!("no error at {f}: {errs:?}"))
    };
    let places = at("encounters[0].heroes");
    assert_eq!(places.line, 9);
    assert!(
        places
            .message
            .contains("places for 3 heroes, and the party has 4")
    );
    let rock = at("encounters[0].monsters[0].at");
    assert_eq!(rock.line, 10);
    assert!(rock.message.contains("rock"), "{rock}");
    let name = at("encounters[0].monsters[1].name");
    assert_eq!(name.line, 10);
    assert!(name.message.contains("\"Goblin king\""), "{name}");
    assert_eq!(errs.len(), 3, "{errs:?}");
    assert!(errs.iter().all(|e| e.file == "bad-delve.ron"));
    // The shipped delve loads: three encounters and the ambush.
    let (_, plan) = wartable::rules::dndalike::delve::load_delve(std::path::Path::new(
        wartable::rules::dndalike::delve::DELVE_FILE,
    ))
    .unwrap();
    assert_eq!(plan.encounters.len(), 3);
}

/// "This total is hidden and cannot be revealed": the share of the damage a rest heals travels
/// as 0 to the other seats, and their view of the state still matches.
#[test]
fn the_damage_a_rest_heals_stays_secret_from_the_other_seats() {
    let mut g = delve();
    wear(&mut g);
    win_the_first_fight(&mut g);
    let before = g.state.clone();
    let events = exec(
        &mut g,
        2,
        Command::Rest {
            watch: vec![1],
            keep: vec![],
        },
        &[4, 5, 1, 3],
    );
    let mut view = Dndalike::redact(&before, 1);
    for e in &events {
        let r = Dndalike::redact_event(&view, 1, e);
        if let Event::Camp(CampEvent::Rested {
            who: 0,
            damage_healed,
            ..
        }) = &r
        {
            assert_eq!(*damage_healed, 0);
        }
        Dndalike::apply(&mut view, &r);
    }
    let want = Dndalike::redact(&g.state, 1);
    assert_eq!(
        serde_json::to_string(&view).unwrap(),
        serde_json::to_string(&want).unwrap()
    );
    assert_eq!(g.state.chars[0].damage, 4, "seat 2 sees its own total");
}
