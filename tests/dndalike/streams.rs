//! Random command streams, whole self-played fights replayed, and the roster files.

use super::*;
use rand::{Rng, SeedableRng};
use wartable::rules::core::{Game, QuickSetup, RuleSet};
use wartable::rules::dndalike::setup::parse_roster;
use wartable::rules::dndalike::{Dndalike, ai, answers};

/// Random commands from what the program could do, what it could answer and some nonsense:
/// a refused one changes nothing, an accepted one replays to the same state.
#[test]
fn random_command_streams_never_break_the_game() {
    for seed in 1..=12u64 {
        let setup = Dndalike::quick_setup(&QuickSetup {
            seed,
            ..Default::default()
        })
        .unwrap();
        let mut g = Game::<Dndalike>::new(setup.clone()).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..600 {
            if g.is_over() {
                break;
            }
            let seats = g.waiting().seats();
            let seat = seats[rng.random_range(0..seats.len())];
            let n = g.state.chars.len();
            let who = rng.random_range(0..n);
            let mut options = answers::responses(&g.state, who);
            options.extend(ai::choose(&g.state, seat));
            options.push(Command::Pass);
            options.push(Command::EndTurn);
            options.push(act(
                who,
                wartable::rules::dndalike::Ability::Jab {
                    target: rng.random_range(0..n + 1),
                },
            ));
            options.push(act(
                who,
                wartable::rules::dndalike::Ability::Move {
                    to: Pt::new(rng.random_range(-2.0..30.0), rng.random_range(-2.0..30.0)),
                },
            ));
            for i in 0..n {
                assert_eq!(
                    answers::has_pressing(&g.state, i),
                    !answers::pressing(&g.state, i).is_empty(),
                    "the quick test and the list disagree for character {i}"
                );
            }
            let cmd = options[rng.random_range(0..options.len())].clone();
            let before = g.hash();
            let rolls = g.dice.log().len();
            if g.play(seat, cmd).is_err() {
                assert_eq!(g.hash(), before, "a refused command changed the game");
                assert_eq!(g.dice.log().len(), rolls);
            }
        }
        let replay = Game::<Dndalike>::replay(setup, &g.log).unwrap();
        assert_eq!(replay.hash(), g.hash());
    }
}

/// The program plays whole fights on both sides to an end, every one replaying to its hash.
#[test]
fn self_played_fights_end_and_replay() {
    for seed in 1..=10u64 {
        let setup = Dndalike::quick_setup(&QuickSetup {
            seed,
            ..Default::default()
        })
        .unwrap();
        let mut g = Game::<Dndalike>::new(setup.clone()).unwrap();
        g.self_play(20_000);
        let wartable::rules::core::Waiting::Over(end) = g.waiting() else {
            panic!(
                "seed {seed} did not end: {}",
                Dndalike::phase_label(&g.state)
            );
        };
        // One party is all dead; the winners are the seats of the other's living characters.
        let (mut living, mut dead_parties) = (Vec::new(), 0);
        for p in [Party::Heroes, Party::Monsters] {
            let alive: Vec<usize> = g.state.alive(p).collect();
            if alive.is_empty() {
                dead_parties += 1;
            }
            living.extend(alive.iter().map(|i| g.state.chars[*i].seat));
        }
        living.sort();
        living.dedup();
        assert_eq!(dead_parties, 1, "seed {seed}: {}", end.text);
        assert_eq!(end.winners, living, "seed {seed}");
        let replay = Game::<Dndalike>::replay(setup, &g.log).unwrap();
        assert_eq!(replay.hash(), g.hash());
    }
}

/// A roster with a bad field names its file, line, column and field; bad RON too.
#[test]
fn roster_files_are_checked_with_located_errors() {
    let text =
        std::fs::read_to_string(crate::common::repo().join("assets/forces/dndalike/party.ron"))
            .unwrap();
    assert!(parse_roster("party.ron", &text).is_ok());
    let bad = text.replacen("wis: 11", "wis: 19", 1);
    let e = parse_roster("party.ron", &bad).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(
        (e[0].file.as_str(), e[0].field.as_str()),
        ("party.ron", "members[0].stats.wis")
    );
    let line = bad.lines().position(|l| l.contains("wis: 19")).unwrap() + 1;
    assert_eq!(e[0].line, line);
    assert!(e[0].message.contains("19"));
    // A spell the grimoire lacks.
    let unknown = text.replacen("\"Firebolt\"", "\"Firebalt\"", 1);
    assert_ne!(unknown, text, "Osric knows Firebolt");
    let e = parse_roster("party.ron", &unknown).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].field, "members[2].spells[0]");
    let line = unknown
        .lines()
        .position(|l| l.contains("Firebalt"))
        .unwrap()
        + 1;
    assert_eq!(e[0].line, line);
    let broken = text.replacen("powers: [Trip, Riposte]", "powers: [Trip, Ripost]", 1);
    let e = parse_roster("party.ron", &broken).unwrap_err();
    assert!(e[0].line > 1 && e[0].message.contains("Ripost"), "{}", e[0]);
}
