//! KOG light on the shared game core: which side the game waits on at each step of "Order of
//! Battle" and of a player turn, commands from the wrong side refused, saves of the format
//! before the core still loading and replaying to their hash, and `check-save`.

use super::*;
use crate::common::{repo, temp_dir};
use wartable::rules::core::testing::{exec_and_check, refuse};
use wartable::rules::core::{Player, RuleSet, Waiting};
use wartable::rules::headless::check_save;
use wartable::rules::kog::Kog;
use wartable::rules::kog::force::BattleSize;
use wartable::rules::kog::state::Phase;

fn duel() -> KogGame {
    new_game(
        Scenario::Standard,
        singles("German", BattleSize::Duel, &["Kämpfer"]),
        singles("German", BattleSize::Duel, &["Kämpfer"]),
    )
}

/// "Both players roll a D6 ..., rolling again in the case of any ties. The player who rolls
/// highest may choose to be the Attacker or Defender": either side may call for the dice-off,
/// a tie is rolled again, and only the winner chooses.
#[test]
fn the_dice_off_waits_on_either_side_and_the_winner_alone_chooses() {
    let mut g = duel();
    assert_eq!(g.waiting(), Waiting::Any(vec![1, 2]));
    exec_and_check(
        &mut g,
        2,
        Command::RollOff,
        &[3, 3, 2, 5],
        &[
            Event::DiceOff {
                what: "Attacker and Defender".into(),
                rolls: [3, 3],
            },
            Event::DiceOff {
                what: "Attacker and Defender".into(),
                rolls: [2, 5],
            },
            Event::PhaseSet(Phase::ChooseRole { chooser: 2 }),
        ],
    );
    assert_eq!(g.waiting(), Waiting::One(2));
    let e = refuse(&mut g, 1, Command::ChooseRole { attacker: true });
    assert!(matches!(e, RuleError::NotYourTurn(1, _)), "{e}");
    exec_and_check(
        &mut g,
        2,
        Command::ChooseRole { attacker: true },
        &[],
        &[
            Event::RolesSet(wartable::rules::kog::state::Roles {
                attacker: 2,
                defender: 1,
            }),
            Event::PhaseSet(Phase::ChooseTerritory),
        ],
    );
    assert_eq!(
        g.waiting(),
        Waiting::One(1),
        "the Defender divides the table"
    );
}

/// "Each player then nominates one model as their Commander": each side names its own, in
/// either order, once; the game waits on those that have not.
#[test]
fn each_side_names_its_own_commander_once() {
    let mut g = duel();
    start(&mut g, &[(1, 10.0, 5.0), (2, 10.0, 30.0)]);
    g.state.phase = Phase::NameCommanders;
    g.state.commanders = [None, None];
    assert_eq!(g.waiting(), Waiting::Each(vec![1, 2]));
    let e = refuse(&mut g, 2, Command::NameCommander { model: id(1) });
    assert!(e.to_string().contains("not yours"), "{e}");
    ok(&mut g, Command::NameCommander { model: id(2) });
    assert_eq!(g.waiting(), Waiting::Each(vec![1]));
    let e = refuse(&mut g, 2, Command::NameCommander { model: id(2) });
    assert!(matches!(e, RuleError::NotYourTurn(2, _)), "{e}");
    ok(&mut g, Command::NameCommander { model: id(1) });
    assert_eq!(g.state.phase, Phase::Turn);
}

/// In a player turn only the side whose turn it is acts; either side may concede for itself at
/// any moment, never for the other.
#[test]
fn only_the_active_side_acts_and_each_concedes_for_itself() {
    let mut g = duel();
    start(&mut g, &[(1, 10.0, 5.0), (2, 10.0, 30.0)]);
    assert_eq!(g.waiting(), Waiting::One(1));
    let e = refuse(&mut g, 2, Command::EndMovement);
    assert!(matches!(e, RuleError::NotYourTurn(2, _)), "{e}");
    refuse(&mut g, 1, Command::Concede { side: 2 });
    g.play(2, Command::Concede { side: 2 })
        .expect("side 2 concedes");
    match g.waiting() {
        Waiting::Over(end) => assert_eq!(end.winners, vec![1]),
        w => panic!("not over: {w:?}"),
    }
}

/// A save written before the shared core (format 1, `KogSave`) loads: its commands are given by
/// the side the game waited on, its hash of that format is checked, and the side the program
/// played is kept. Saved again, it is a format-2 save that loads to the same state.
#[test]
fn a_save_of_the_format_before_the_core_still_loads() {
    let path = repo().join("tests/data/kog-save-v1.ron");
    let g = KogGame::load(&path).expect("the format-1 save loads and reaches its hash");
    assert_eq!(g.log.len(), 60);
    assert_eq!(g.players, [Player::Human, Player::Program]);
    assert_eq!(g.state.phase, Phase::Turn);
    assert_eq!(g.state.round, 2);
    let report = check_save(&path).expect("check-save accepts it");
    assert_eq!(report.commands, 60);
    // Its hash is checked: a changed one is refused, naming the file.
    let text = std::fs::read_to_string(&path).unwrap();
    let dir = temp_dir("kog-v1");
    let changed = dir.join("changed.ron");
    std::fs::write(
        &changed,
        text.replacen("state_hash: \"", "state_hash: \"0", 1),
    )
    .unwrap();
    let e = check_save(&changed).expect_err("refused");
    assert!(e[0].to_string().contains("changed.ron"), "{}", e[0]);
    assert!(e[0].message.contains("another version"), "{}", e[0].message);
    // Saved again, in the current format.
    let again = dir.join("again.ron");
    g.save(&again).unwrap();
    let text = std::fs::read_to_string(&again).unwrap();
    assert!(text.starts_with("Save("), "{}", &text[..40]);
    assert!(text.contains("version: 2"));
    let g2 = KogGame::load(&again).expect("loads");
    assert_eq!(g2.hash(), g.hash());
    assert_eq!(g2.players, g.players);
    assert_eq!(
        g2.log.iter().map(|l| l.seat).collect::<Vec<_>>(),
        g.log.iter().map(|l| l.seat).collect::<Vec<_>>()
    );
}

/// `check-save` refuses, with the file named: a save of another rule set or of an unknown
/// version, one that is not a save, one whose replay is refused.
#[test]
fn check_save_names_the_file_of_each_problem() {
    let dir = temp_dir("check-save");
    let mut g = duel();
    g.submit(Command::RollOff).unwrap();
    let good = dir.join("good.ron");
    g.save(&good).unwrap();
    let text = std::fs::read_to_string(&good).unwrap();
    let cases = [
        (
            "other.ron",
            text.replacen("rules: \"kog-light\"", "rules: \"chess\"", 1),
            "no rule set 'chess'",
        ),
        (
            "future.ron",
            text.replacen("version: 2", "version: 9", 1),
            "format 9, made by a newer version",
        ),
        ("level.ron", "Level(name: \"x\")".into(), "level.ron:1:"),
        (
            "seat.ron",
            text.replacen("seat: 1,", "seat: 7,", 1),
            "command 1",
        ),
    ];
    for (name, body, needle) in cases {
        let p = dir.join(name);
        std::fs::write(&p, body).unwrap();
        let e = check_save(&p)
            .err()
            .unwrap_or_else(|| panic!("{name} accepted"));
        let text = e[0].to_string();
        assert!(text.contains(name), "{text}");
        assert!(text.contains(needle), "{name}: {text}");
    }
    assert!(check_save(&good).is_ok());
}

/// The hash is taken over the whole state: a field the format-1 digest left out (the forces'
/// names, the options) changes it.
#[test]
fn the_hash_covers_what_the_old_digest_left_out() {
    let mut g = duel();
    let (h, old) = (
        g.hash(),
        wartable::rules::kog::legacy::digest_hash(&g.state, &g.dice),
    );
    g.state.options_mut().deployment_gap += 1.0;
    assert_ne!(g.hash(), h);
    assert_eq!(
        wartable::rules::kog::legacy::digest_hash(&g.state, &g.dice),
        old,
        "the old digest missed it"
    );
    assert!(Kog::check(&g.state, 1, &Command::RollOff).is_ok());
}
