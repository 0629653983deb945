//! `wartable simulate`: the same seed gives the same games on one thread and on two, and the
//! Wilson intervals match known binomial cases.

use wartable::rules::core::simulate::{Simulation, simulate, wilson};
use wartable::rules::core::{QuickSetup, RulesId};

fn sim(rules: RulesId, games: u64, threads: usize) -> Simulation {
    Simulation {
        rules,
        games,
        threads,
        seed: 40,
        setup: QuickSetup::default(),
        max_commands: 100_000,
    }
}

#[test]
fn the_same_seed_gives_the_same_games_on_one_thread_and_on_two() {
    for (rules, games) in [
        (RulesId::Ktog, 300),
        (RulesId::Krig, 300),
        (RulesId::Dndalike, 40),
    ] {
        let one = simulate(&sim(rules, games, 1), &|_| {}).unwrap();
        let two = simulate(&sim(rules, games, 2), &|_| {}).unwrap();
        assert_eq!(one.results, two.results, "{rules}");
        assert_eq!(one.games(), games);
        let seeds: Vec<u64> = one.results.iter().map(|r| r.seed).collect();
        assert_eq!(
            seeds,
            (40..40 + games).collect::<Vec<_>>(),
            "game i has seed + i"
        );
        let won = one
            .results
            .iter()
            .filter(|r| r.over && !r.winners.is_empty())
            .count() as u64;
        assert_eq!(
            won + one.draws() + one.unfinished(),
            games,
            "{rules}: one outcome a game"
        );
        assert!(one.seats.iter().all(|s| one.wins(*s) <= won));
        // The sides are apart: each ended game with winners is one side's win.
        let sides: u64 = (0..one.sides.len()).map(|i| one.side_wins(i)).sum();
        assert_eq!(sides, won, "{rules}: one side wins each game");
        // Another seed, other games.
        let mut other = sim(rules, games, 1);
        other.seed = 41;
        let other = simulate(&other, &|_| {}).unwrap();
        assert_ne!(other.results, one.results);
    }
}

/// Every game is heard once by the progress callback, whatever the threads.
#[test]
fn progress_counts_every_game() {
    let seen = std::sync::Mutex::new(Vec::new());
    simulate(&sim(RulesId::Krig, 50, 2), &|n| {
        seen.lock().unwrap().push(n)
    })
    .unwrap();
    let mut v = seen.into_inner().unwrap();
    v.sort();
    assert_eq!(v, (1..=50).collect::<Vec<_>>());
}

/// Known cases of the 95% Wilson score interval.
#[test]
fn wilson_intervals_match_known_cases() {
    let close = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5;
    assert!(
        close(wilson(5, 10), (0.2366, 0.7634)),
        "{:?}",
        wilson(5, 10)
    );
    assert!(close(wilson(0, 10), (0.0, 0.2775)), "{:?}", wilson(0, 10));
    assert!(close(wilson(10, 10), (0.7225, 1.0)), "{:?}", wilson(10, 10));
    // 81 of 263 (a textbook case): 0.2553 to 0.3662.
    assert!(
        close(wilson(81, 263), (0.2553, 0.3662)),
        "{:?}",
        wilson(81, 263)
    );
    assert_eq!(wilson(0, 0), (0.0, 1.0));
}
