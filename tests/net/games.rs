//! Whole games through the in-memory host: every seat's view checked against the host's
//! after every step, and the whole game replayed at the end with the seed revealed.

use wartable::net::host::OnDrop;
use wartable::net::loopback::Loopback;
use wartable::rules::core::{Player, QuickSetup, RulesId};

/// The quick setup for a two-seat game of `rules`.
pub fn two_seats(seed: u64) -> QuickSetup {
    QuickSetup {
        seed,
        players: Some(2),
        rounds: Some(8),
        ..Default::default()
    }
}

/// A game of `rules` with the program at the host on seat 1 and a program-played seat online
/// on seat 2, run to its end.
fn play_online(rules: RulesId, seed: u64) -> Loopback {
    let mut net = Loopback::new(
        rules,
        &two_seats(seed),
        &[Player::Program, Player::Remote],
        OnDrop::Program,
    )
    .unwrap();
    net.connect("Ann", true);
    let rounds = net.run(20_000);
    let c = &net.seats[0].client;
    assert!(
        net.host.is_over(),
        "{rules} seed {seed}: not over after {rounds} rounds, {} steps; seat said {:?}",
        net.host.step_count(),
        c.lines.last()
    );
    net
}

#[test]
fn every_rule_set_plays_to_the_end_online_with_equal_views() {
    for &rules in RulesId::ALL {
        for seed in [1, 2, 7] {
            let net = play_online(rules, seed);
            let c = &net.seats[0].client;
            assert_eq!(c.error, None, "{rules} seed {seed}");
            assert_eq!(
                c.applied as usize,
                net.host.step_count(),
                "{rules} seed {seed}"
            );
            let end = c.ending.as_ref().expect("the seat learns the end");
            assert_eq!(end.host_hash, net.game.hash());
            assert_eq!(end.replayed, Ok(net.game.hash()), "{rules} seed {seed}");
            assert!(
                !c.lines
                    .iter()
                    .any(|l| l.contains("asking the host for the game again")),
                "{rules} seed {seed}: a view went wrong: {:?}",
                c.lines
            );
        }
    }
}

#[test]
fn a_seat_that_joins_late_gets_the_game_so_far_and_plays_on() {
    for &rules in RulesId::ALL {
        let mut net = Loopback::new(
            rules,
            &two_seats(7),
            &[Player::Program, Player::Remote],
            OnDrop::Program,
        )
        .unwrap();
        for _ in 0..20 {
            net.step();
        }
        let before = net.host.step_count();
        net.connect("Ann", true);
        net.run(20_000);
        let c = &net.seats[0].client;
        assert!(net.host.is_over(), "{rules}: {:?}", c.lines);
        assert!(
            c.lines[0].contains(&format!("step {before}")),
            "{:?}",
            c.lines
        );
        assert_eq!(c.ending.as_ref().unwrap().replayed, Ok(net.game.hash()));
    }
}

/// A game played for a while at one screen, then hosted: the seat that joins gets the steps
/// played before hosting began too, and its view agrees with the host's to the end.
#[test]
fn a_game_hosted_after_some_play_sends_its_earlier_steps() {
    for &rules in RulesId::ALL {
        let mut game = wartable::net::headless::host_game(
            rules,
            &two_seats(3),
            &[Player::Program, Player::Program],
        )
        .unwrap();
        let mut played = 0;
        while played < 6 && game.program_step() {
            played += 1;
        }
        assert!(played > 0, "{rules}");
        game.set_player(2, Player::Remote);
        let mut net = Loopback::hosting(game, OnDrop::Program);
        assert_eq!(net.host.step_count(), played, "{rules}: the steps so far");
        net.connect("Ann", true);
        net.run(20_000);
        let c = &net.seats[0].client;
        assert!(net.host.is_over(), "{rules}: {:?}", c.lines);
        assert!(
            !c.lines
                .iter()
                .any(|l| l.contains("asking the host for the game again")),
            "{rules}: a view went wrong: {:?}",
            c.lines
        );
        assert_eq!(c.applied as usize, net.host.step_count(), "{rules}");
        assert_eq!(c.ending.as_ref().unwrap().replayed, Ok(net.game.hash()));
    }
}

/// A game hosted once it is over: a seat that joins gets the whole game and its end, and its
/// replay reaches the host's hash.
#[test]
fn a_finished_game_hosted_tells_a_joining_seat_it_is_over() {
    let mut game = wartable::net::headless::host_game(
        RulesId::Krig,
        &two_seats(3),
        &[Player::Program, Player::Program],
    )
    .unwrap();
    while game.program_step() {}
    assert!(game.waiting().is_over());
    game.set_player(2, Player::Remote);
    let mut net = Loopback::hosting(game, OnDrop::Program);
    net.connect("Ann", false);
    net.run(50);
    let c = &net.seats[0].client;
    assert_eq!(c.applied as usize, net.host.step_count(), "{:?}", c.lines);
    let end = c.ending.as_ref().expect("told the game is over");
    assert_eq!(end.replayed, Ok(net.game.hash()));
}
