//! "Undo, saves and replays": undo of steps that rolled no dice, atomic saves, and replays that
//! reach the same state hash.

use super::*;
use crate::common::temp_dir;
use wartable::rules::kog::force::BattleSize;
use wartable::rules::kog::state::{Half, MoveMode, Split};

/// Plays a short game through commands only: setup, a move, an attack.
fn played() -> KogGame {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer", "Kämpfer"]),
        singles("German", BattleSize::Duel, &["Panther"]),
    );
    for cmd in [Command::RollOff, Command::ChooseRole { attacker: false }] {
        let _ = g.submit(cmd);
    }
    if g.state.roles.is_none() {
        let _ = g.submit(Command::KeepRolls);
        let _ = g.submit(Command::ChooseRole { attacker: false });
    }
    let d = g.state.roles.unwrap().defender;
    let (near, far) = if d == 1 {
        (vec![1, 2], vec![3])
    } else {
        (vec![3], vec![1, 2])
    };
    ok(
        &mut g,
        Command::ChooseTerritory {
            split: Split::NearFar,
            half: Half::LeftOrNear,
        },
    );
    for (i, m) in near.iter().enumerate() {
        ok(
            &mut g,
            Command::Deploy {
                model: id(*m),
                at: Pt::new(20.0 + 3.0 * i as f32, 3.0),
                facing: 90.0,
            },
        );
    }
    ok(&mut g, Command::FinishDeployment);
    for (i, m) in far.iter().enumerate() {
        ok(
            &mut g,
            Command::Deploy {
                model: id(*m),
                at: Pt::new(22.0 + 3.0 * i as f32, 33.0),
                facing: 270.0,
            },
        );
    }
    ok(&mut g, Command::FinishDeployment);
    ok(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(24.0, 10.0),
        },
    );
    ok(
        &mut g,
        Command::PlaceObjective {
            at: Pt::new(24.0, 26.0),
        },
    );
    ok(&mut g, Command::NameCommander { model: id(1) });
    ok(&mut g, Command::NameCommander { model: id(3) });
    let mover = if g.state.active == 1 { 1 } else { 3 };
    let y = g.state.table.model(id(mover)).unwrap().pos.y;
    let dy = if y < 18.0 { 5.0 } else { -5.0 };
    let x = g.state.table.model(id(mover)).unwrap().pos.x;
    ok(
        &mut g,
        Command::Move {
            model: id(mover),
            mode: MoveMode::Combat,
            to: Pt::new(x, y + dy),
        },
    );
    ok(&mut g, Command::EndMovement);
    let target = if mover == 1 { 3 } else { 1 };
    let weapon = "Autocannon";
    ok(
        &mut g,
        Command::Attack {
            attacker: id(mover),
            weapon: weapon.into(),
            target: id(target),
            reroll: Default::default(),
        },
    );
    if g.state.pending.is_some() {
        ok(&mut g, Command::Respond { counter: None });
    }
    g
}

/// "Any step that rolled no dice can be undone."
#[test]
fn undo_steps_without_dice_but_not_rolls() {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    );
    start(&mut g, &[(1, 10.0, 5.0), (2, 30.0, 30.0)]);
    let h0 = g.hash();
    ok(
        &mut g,
        Command::Move {
            model: id(1),
            mode: MoveMode::Combat,
            to: Pt::new(10.0, 9.0),
        },
    );
    assert!(g.can_undo());
    assert!(matches!(g.undo(), Some(Command::Move { .. })));
    assert_eq!(g.hash(), h0, "undo restores the state exactly");
    assert!(g.log.is_empty());
    ok(&mut g, Command::EndMovement);
    ok(
        &mut g,
        Command::Attack {
            attacker: id(1),
            weapon: "Autocannon".into(),
            target: id(2),
            reroll: Default::default(),
        },
    );
    assert!(g.can_undo(), "declaring rolled nothing yet");
    ok(&mut g, Command::Respond { counter: None });
    assert!(!g.can_undo(), "a roll cannot be taken back");
    assert!(g.undo().is_none());
}

/// "A saved game's command log with its seed replays to the same state."
#[test]
fn save_load_and_replay_reach_the_same_state_hash() {
    let g = played();
    let dir = temp_dir("kog-saves");
    let path = dir.join("battle.ron");
    g.save(&path).expect("saves");
    let loaded = KogGame::load(&path).expect("loads");
    assert_eq!(loaded.hash(), g.hash());
    assert_eq!(loaded.state.models, g.state.models);
    assert_eq!(loaded.journal.len(), g.journal.len());
    let replayed = KogGame::replay(g.setup.clone(), &g.log).unwrap();
    assert_eq!(replayed.hash(), g.hash());
    // The same seed and commands give the same game, bit for bit; another seed does not.
    let mut other = g.setup.clone();
    other.seed += 1;
    if let Ok(o) = KogGame::replay(other, &g.log) {
        assert_ne!(o.hash(), g.hash());
    }
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
}

/// A save written while the state hash was taken over its RON form (format 2 before the hash was
/// streamed) still loads without a warning; a hash that is neither form is still caught.
#[test]
fn saves_with_the_earlier_ron_hash_still_load() {
    let g = played();
    assert_ne!(g.hash(), g.hash_ron(), "the two forms differ");
    let dir = temp_dir("kog-ron-hash");
    let path = dir.join("battle.ron");
    let mut save = g.to_save();
    save.state_hash = format!("{:016x}", g.hash_ron());
    wartable::rules::core::save::write_ron(&path, &save).unwrap();
    let loaded = KogGame::load(&path).expect("the RON hash is accepted");
    assert_eq!(loaded.hash(), g.hash());
    save.state_hash = format!("{:016x}", g.hash_ron() ^ 1);
    wartable::rules::core::save::write_ron(&path, &save).unwrap();
    assert!(KogGame::load(&path).is_err(), "a wrong hash is refused");
}

/// A changed or damaged save is refused with a located error, and never panics.
#[test]
fn tampered_or_broken_saves_are_refused() {
    let g = played();
    let dir = temp_dir("kog-bad-saves");
    let path = dir.join("battle.ron");
    g.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let tampered = text.replacen("seed: 7", "seed: 8", 1);
    assert_ne!(tampered, text);
    let e = KogGame::load_text("t.ron", &tampered)
        .err()
        .expect("refused");
    assert!(
        e[0].message.contains("replay") || e[0].message.contains("refused"),
        "{}",
        e[0]
    );
    let e = KogGame::load_text("t.ron", &text[..text.len() / 2])
        .err()
        .expect("refused");
    assert_eq!(e[0].file, "t.ron");
    assert!(e[0].line > 1);
    let e = KogGame::load_text("t.ron", "").err().expect("refused");
    assert!(e[0].message.contains("empty"));
    let e = KogGame::load(&dir.join("missing.ron"))
        .err()
        .expect("refused");
    assert!(e[0].message.contains("cannot read"));
    // The program itself opens a save whose replay plays through elsewhere, with a warning.
    let moved = text.replacen("state_hash: \"", "state_hash: \"0", 1);
    assert_ne!(moved, text);
    std::fs::write(dir.join("moved.ron"), moved).unwrap();
    assert!(
        KogGame::load(&dir.join("moved.ron")).is_err(),
        "the strict load refuses it"
    );
    let (g2, warning) = KogGame::load_with_warning(&dir.join("moved.ron")).expect("loads");
    assert_eq!(g2.hash(), g.hash());
    assert!(warning.is_some_and(|w| w.contains("another version")));
}

/// Dice typed in by players are kept with the command, so the replay shows the same rolls.
#[test]
fn entered_dice_are_replayed() {
    let mut g = new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    );
    g.submit_with(Command::RollOff, &[2, 5]).unwrap();
    assert_eq!(g.log[0].entered, vec![2, 5]);
    assert_eq!(
        g.dice.log()[0].dice[0].source,
        wartable::dice::DieSource::Entered
    );
    let r = KogGame::replay(g.setup.clone(), &g.log).unwrap();
    assert_eq!(r.hash(), g.hash());
}

/// A format-2 save written by the program while each model kept an `on_table` flag beside the
/// table's own list (a duel played to its end by the program, seed 2) still replays to its saved
/// hash, strictly: the state's serialised form writes each model's place on the table from the
/// table, where the flag stood.
#[test]
fn a_save_from_before_the_place_on_the_table_was_derived_replays_to_its_hash() {
    let path = crate::common::repo().join("tests/data/kog-save-v2-duel.ron");
    let g = KogGame::load(&path).expect("replays to the saved hash");
    let s = &g.state;
    let on: Vec<_> = s.models.keys().filter(|id| s.on_table(**id)).collect();
    let off: Vec<_> = s.models.keys().filter(|id| !s.on_table(**id)).collect();
    assert_eq!(on.len(), s.table.models.len());
    assert!(!on.is_empty() && !off.is_empty(), "{on:?} / {off:?}");
    assert!(off.iter().all(|id| s.models[id].removed));
    let form = ron::to_string(s).unwrap();
    assert_eq!(form.matches("on_table:true").count(), on.len());
    assert_eq!(form.matches("on_table:false").count(), off.len());
}
