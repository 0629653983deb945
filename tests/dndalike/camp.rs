//! Between fights with forced dice: skills (progress attempts limited by rank, completion
//! against the requirement) and resting with a watch (success, ambush, a reduced rest).

use super::*;
use wartable::dice::Dice;
use wartable::rules::dndalike::Character;
use wartable::rules::dndalike::camp::{
    CampEvent, RestPlan, Task, WATCH, complete, complete_by, max_attempts, progress, rank, rest,
};

/// The heroes of a fight on a bare table: Georgia (0, heavy armour: permanent fatigue 1), Hale
/// (1, a rank in Watch) and Osric (2, a sorcerer with a Fire and a Frost stone).
fn party() -> Vec<Character> {
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
    let g = DndGame::new(DndSetup {
        seed: 1,
        level: None,
        heroes: vec![
            plain("Georgia", Armour::Heavy, Pack::Shield, 2, 5.0, 5.0),
            member(hale, 2, 7.0, 5.0),
            member(osric, 2, 9.0, 5.0),
        ],
        monsters: vec![plain("Orc", Armour::Light, Pack::FreeHand, 1, 20.0, 20.0)],
        first: Party::Heroes,
        grimoire: wartable::rules::dndalike::spells::shipped_grimoire().unwrap(),
        delve: None,
    })
    .unwrap();
    g.state.chars[..3].to_vec()
}

fn forced(values: &[u32]) -> Dice {
    let mut d = Dice::new(1);
    d.force(values);
    d
}

#[test]
fn progress_attempts_are_saving_throws_limited_by_rank() {
    let chars = party();
    assert_eq!(rank(&chars[1], WATCH), 1);
    assert_eq!(rank(&chars[0], WATCH), 0);
    assert_eq!((max_attempts(0), max_attempts(1)), (1, 2));
    // Difficulty 2 against Georgia's fatigue 1: a 3 is needed.
    let mut t = Task::new(WATCH, 5, 2);
    let mut dice = forced(&[3]);
    assert_eq!(
        progress(&mut t, &chars, 0, &mut dice).unwrap(),
        CampEvent::Progress {
            who: 0,
            roll: 3,
            need: 3,
            ok: true
        }
    );
    assert_eq!(t.progress, 1);
    let e = progress(&mut t, &chars, 0, &mut forced(&[6])).unwrap_err();
    assert!(e.0.contains("all 1 progress attempts"), "{e}");
    // Hale (rank 1, fatigue 0): two attempts; a 2 reaches difficulty 2, a natural 1 never
    // succeeds.
    let mut dice = forced(&[2, 1]);
    assert!(matches!(
        progress(&mut t, &chars, 1, &mut dice).unwrap(),
        CampEvent::Progress { ok: true, .. }
    ));
    assert!(matches!(
        progress(&mut t, &chars, 1, &mut dice).unwrap(),
        CampEvent::Progress { ok: false, .. }
    ));
    assert!(progress(&mut t, &chars, 1, &mut forced(&[6])).is_err());
    assert_eq!(t.progress, 2);
    // Completion: a die for each progress against the requirement 5.
    assert_eq!(
        complete(&t, &mut forced(&[2, 3])).unwrap(),
        CampEvent::Completion {
            dice: vec![2, 3],
            bonus: 0,
            total: 5,
            requirement: 5,
            ok: true
        }
    );
    assert!(matches!(
        complete(&t, &mut forced(&[2, 2])).unwrap(),
        CampEvent::Completion { ok: false, .. }
    ));
}

/// Georgia tired (3, of which 1 is her armour's) and wounded twice (damage 7); Osric tired (2)
/// with his stones spent and lost.
fn worn() -> Vec<Character> {
    let mut c = party();
    c[0].fatigue = 3;
    c[0].wounds = 2;
    c[0].damage = 7;
    c[2].fatigue = 2;
    let st = &mut c[2].stones;
    let fire = st.bag.remove(0);
    st.discard.push(fire);
    let frost = st.bag.remove(0);
    st.lost.push(frost);
    c
}

#[test]
fn a_watch_that_holds_lets_the_others_recuperate() {
    let mut c = worn();
    let plan = RestPlan {
        watch: vec![1],
        keep: vec![],
        dungeon_level: 1,
    };
    // Hale gains a fatigue (1) and makes two progress attempts against 1 + 2 = 3: a 4 and a 5.
    // The requirement: the fatigue the resters lose, 2 + 2 = 4; completion 1 + 3 = 4.
    let events = rest(&mut c, &plan, &mut forced(&[4, 5, 1, 3])).unwrap();
    assert!(events.contains(&CampEvent::Completion {
        dice: vec![1, 3],
        bonus: 0,
        total: 4,
        requirement: 4,
        ok: true
    }));
    assert_eq!(c[1].fatigue, 1, "the watcher forgoes the rest and tires");
    assert_eq!(c[0].fatigue, 1, "all fatigue but the armour's");
    assert_eq!(
        (c[0].wounds, c[0].damage),
        (1, 4),
        "one wound, its share of 7 (3)"
    );
    assert_eq!(c[2].fatigue, 0);
    assert_eq!(c[2].stones.bag.len(), 2, "every stone back in the bag");
    assert!(c[2].stones.lost.is_empty() && c[2].stones.discard.is_empty());
}

#[test]
fn a_watch_that_fails_is_an_ambush_and_nobody_recuperates() {
    let mut c = worn();
    let plan = RestPlan {
        watch: vec![1],
        keep: vec![],
        dungeon_level: 1,
    };
    // One progress of two, completion 3 against 4.
    let events = rest(&mut c, &plan, &mut forced(&[4, 1, 3])).unwrap();
    assert_eq!(events.last(), Some(&CampEvent::Ambushed));
    assert_eq!((c[0].fatigue, c[0].wounds, c[2].fatigue), (3, 2, 2));
    assert_eq!(c[1].fatigue, 1);
    // Nobody on watch: no roll, an ambush.
    let mut c = worn();
    let mut dice = forced(&[]);
    let events = rest(&mut c, &RestPlan::default(), &mut dice).unwrap();
    assert_eq!(events, vec![CampEvent::Ambushed]);
    assert!(dice.log().is_empty());
}

#[test]
fn a_reduced_rest_lowers_the_requirement_but_heals_no_wound_and_returns_no_stone() {
    let mut c = worn();
    let plan = RestPlan {
        watch: vec![1],
        keep: vec![(0, 2)],
        dungeon_level: 0,
    };
    // The requirement: Georgia loses 0 (keeps 2), Osric 2: 2. Attempts against 1 + 1 = 2: a 2
    // and a 1; completion with one die: 2.
    let events = rest(&mut c, &plan, &mut forced(&[2, 1, 2])).unwrap();
    assert!(events.contains(&CampEvent::Completion {
        dice: vec![2],
        bonus: 0,
        total: 2,
        requirement: 2,
        ok: true
    }));
    assert_eq!(c[0].fatigue, 3, "the 2 kept and the armour's 1");
    assert_eq!(c[0].wounds, 2, "no wound removed");
    assert_eq!(c[2].fatigue, 0);
    assert_eq!(c[2].stones.bag.len(), 0, "no stone regained");
    // Keeping more than there is to lose, or watching at the maximum, is refused.
    let mut c = worn();
    assert!(
        rest(
            &mut c,
            &RestPlan {
                watch: vec![1],
                keep: vec![(0, 3)],
                dungeon_level: 0
            },
            &mut forced(&[])
        )
        .is_err()
    );
    c[1].fatigue = c[1].sheet.max_fatigue();
    let e = rest(
        &mut c,
        &RestPlan {
            watch: vec![1],
            ..Default::default()
        },
        &mut forced(&[]),
    )
    .unwrap_err();
    assert!(e.0.contains("too tired"), "{e}");
}

/// INT's bonus goes to "all skill rolls": "A character may attempt to complete a task by ...
/// rolling a die for each progress", so the completer's INT is added to the dice.
#[test]
fn the_completers_int_is_added_to_the_completion_roll() {
    let mut c = party();
    let mut clever = (*c[2].sheet).clone();
    clever.stats.int = 16;
    c[2].sheet = std::sync::Arc::new(clever);
    let mut t = Task::new("Lockpicking", 7, 0);
    t.progress = 2;
    assert_eq!(
        complete_by(&t, &c[2], &mut forced(&[2, 3])).unwrap(),
        CampEvent::Completion {
            dice: vec![2, 3],
            bonus: 3,
            total: 8,
            requirement: 7,
            ok: true
        }
    );
    assert!(matches!(
        complete_by(&t, &c[0], &mut forced(&[2, 3])).unwrap(),
        CampEvent::Completion {
            total: 5,
            ok: false,
            ..
        }
    ));
}

/// "Lucky - You have advantage on all saving throws": a progress attempt (a saving throw) rolls
/// twice and keeps the higher.
#[test]
fn lucky_has_advantage_on_skill_progress() {
    let mut c = party();
    let mut t = Task::new("Lockpicking", 3, 2);
    // Georgia (fatigue 1) without Lucky: a 1 fails.
    assert!(matches!(
        progress(&mut t, &c, 0, &mut forced(&[1])).unwrap(),
        CampEvent::Progress { ok: false, .. }
    ));
    let mut lucky = (*c[0].sheet).clone();
    lucky.powers.push(Power::Lucky);
    c[0].sheet = std::sync::Arc::new(lucky);
    let mut t = Task::new("Lockpicking", 3, 2);
    // 1 and 4: the 4 is kept, against fatigue 1 + difficulty 2.
    assert!(matches!(
        progress(&mut t, &c, 0, &mut forced(&[1, 4])).unwrap(),
        CampEvent::Progress {
            roll: 4,
            ok: true,
            ..
        }
    ));
}
