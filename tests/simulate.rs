//! `wartable simulate`: the same seed gives the same games on one thread and on two, and the
//! Wilson intervals match known binomial cases.

use wartable::rules::core::{QuickSetup, RulesId};
use wartable::rules::simulate::{Simulation, simulate, wilson};

fn sim(rules: RulesId, games: u64, threads: usize) -> Simulation {
    Simulation {
        rules,
        games,
        threads,
        seed: 40,
        setup: QuickSetup::default(),
        max_commands: 100_000,
        lineup: Default::default(),
        swap: false,
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

/// A matchup matrix plays each ordered pair with the row's force as side 1: a cell is the same
/// run as simulating that pair directly, and a force's overall record adds its games on both
/// sides.
#[test]
fn the_matrix_pits_every_force_against_every_other() {
    use std::path::PathBuf;
    use wartable::rules::simulate::matrix;
    let forces: Vec<PathBuf> = [
        "assets/forces/kry-gothic/earth-confederate.ron",
        "assets/forces/kry-gothic/the-possessed.ron",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    let s = Simulation {
        setup: QuickSetup {
            rounds: Some(2),
            ..QuickSetup::default()
        },
        ..sim(RulesId::KryGothic, 3, 2)
    };
    let done = std::sync::atomic::AtomicU64::new(0);
    let m = matrix(&s, &forces, &|n| {
        done.fetch_max(n, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(
        done.into_inner(),
        12,
        "progress counts the games of every cell"
    );
    assert_eq!((m.cells.len(), m.cells[0].len()), (2, 2));
    let direct = simulate(
        &Simulation {
            setup: QuickSetup {
                forces: vec![forces[1].clone(), forces[0].clone()],
                ..s.setup.clone()
            },
            ..s.clone()
        },
        &|_| {},
    )
    .unwrap();
    assert_eq!(m.cells[1][0].results, direct.results, "row 1 is side 1");
    let (won, games) = m.overall(0);
    assert_eq!(games, 3 + 3 + 3);
    assert_eq!(
        won,
        m.cells[0][0].side_wins(0) + m.cells[0][1].side_wins(0) + m.cells[1][0].side_wins(1)
    );
    let [won, drawn, cut, stuck] = m.ends(s.max_commands);
    assert_eq!(
        (won + drawn, cut, stuck),
        (12, 0, 0),
        "two rounds end every game"
    );
    let short = Simulation {
        max_commands: 20,
        ..s.clone()
    };
    let m = matrix(&short, &forces, &|_| {}).unwrap();
    assert_eq!(
        m.ends(20),
        [0, 0, 12, 0],
        "twenty commands do not deploy two teams of twelve"
    );
    let one = forces[..1].to_vec();
    assert!(matrix(&s, &one, &|_| {}).is_err(), "one force is no matrix");
    let krig = Simulation {
        rules: RulesId::Krig,
        ..s.clone()
    };
    let e = matrix(&krig, &forces, &|_| {}).unwrap_err();
    assert!(e[0].contains("do not read force lists"), "{e:?}");
}

/// Game lengths are binned evenly from the shortest game to the longest.
#[test]
fn game_lengths_fall_into_even_bins() {
    use wartable::plot::length_bins;
    assert_eq!(
        length_bins(&[10, 10, 12, 30], 4),
        vec![(10, 16, 3), (16, 22, 0), (22, 28, 0), (28, 34, 1)]
    );
    assert_eq!(length_bins(&[7, 7], 24), vec![(7, 8, 2)]);
}

/// The PNG's win-rate bars grow with the win rate: a report where side 1 wins most games has
/// more of side 1's colour than one where it wins few.
#[test]
fn the_plot_draws_the_win_rates() {
    use wartable::rules::simulate::{GameResult, Report};
    let report = |side1_wins: usize| Report {
        rules: RulesId::Krig,
        seats: vec![1, 2],
        sides: vec![("seat 1".into(), vec![1]), ("seat 2".into(), vec![2])],
        results: (0..100)
            .map(|i| GameResult {
                seed: i as u64,
                winners: vec![if i < side1_wins { 1 } else { 2 }],
                over: true,
                commands: 20 + i % 7,
                rounds: 3,
                first: 1,
                units: Default::default(),
                skills: Vec::new(),
            })
            .collect(),
        seconds: 1.0,
    };
    let blue = |side1_wins| {
        let (w, h, px) = wartable::plot::render(&report(side1_wins), None).unwrap();
        assert_eq!((w, h), (1280, 480));
        // Side 1's bar colour (0, 114, 178) at 85% over white, in the left panel only.
        px.chunks(3)
            .enumerate()
            .filter(|(i, p)| {
                (*i as u32 % w) < w / 2 && p[0] < 60 && p[1] > 110 && p[1] < 150 && p[2] > 170
            })
            .count()
    };
    let (many, few) = (blue(80), blue(20));
    assert!(many > few * 3, "{many} against {few}");
}

/// `wartable simulate --plot` writes a PNG of the plots.
#[test]
fn simulate_writes_a_png_plot() {
    let dir = crate::common::temp_dir("plot");
    let out = dir.join("krig.png");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_wartable"))
        .args([
            "simulate",
            "--rules",
            "krig",
            "--games",
            "60",
            "--threads",
            "1",
            "--plot",
        ])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
    let reader = decoder.read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (1280, 480));
}

/// The Balance window's run goes on a background thread and ends with the same report as
/// `simulate` with the same settings.
#[test]
fn the_balance_window_runs_in_the_background() {
    let mut b = wartable::app::screens::balance::Balance::default();
    (b.rules, b.games, b.seed) = (RulesId::Krig, 80, 40);
    b.start();
    assert!(b.is_running());
    for _ in 0..600 {
        b.collect();
        if !b.is_running() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let got = b.report.expect("the run ends with a report");
    let direct = simulate(&sim(RulesId::Krig, 80, 1), &|_| {}).unwrap();
    assert_eq!(got.results, direct.results);
}

/// Each unit type's record: the points fielded are the forces' own, and every wound dealt by a
/// model is a wound taken by one (a hazard's wound is taken without a dealer).
#[test]
fn unit_records_add_up() {
    use wartable::rules::core::RuleSet;
    use wartable::rules::kry::Kry;
    for (rules, games) in [(RulesId::KogLight, 6), (RulesId::KryGothic, 20)] {
        let r = simulate(
            &Simulation {
                setup: QuickSetup::default(),
                seed: 1,
                ..sim(rules, games, 2)
            },
            &|_| {},
        )
        .unwrap();
        for g in &r.results {
            let dealt: u64 = g.units.values().map(|u| u.dealt).sum();
            let taken: u64 = g.units.values().map(|u| u.taken).sum();
            assert!(
                dealt <= taken,
                "{rules} seed {}: dealt {dealt}, taken {taken}",
                g.seed
            );
            assert!(taken > 0, "{rules} seed {}: no damage at all", g.seed);
        }
        let units = r.units();
        assert!(
            units.values().all(|u| u.fielded > 0 && u.points > 0),
            "{units:?}"
        );
    }
    // Kry-Gothic: the points fielded in one game are the two teams' costs.
    let setup = Kry::quick_setup(&QuickSetup {
        seed: 3,
        ..QuickSetup::default()
    })
    .unwrap();
    let mut g = wartable::rules::core::Game::<Kry>::new(setup.clone()).unwrap();
    g.keep_tally();
    let points: u64 = g.tally.as_ref().unwrap().values().map(|u| u.points).sum();
    let cost: u64 = setup
        .forces
        .iter()
        .map(|f| u64::from(f.cost(&setup.catalogue)))
        .sum();
    assert_eq!(points, cost);
}

/// A simulation builds the setup once and gives each game its own seed where the rule set says
/// the quick setup reads the seed for the dice alone: that must be the setup built anew.
#[test]
fn a_reseeded_setup_is_the_setup_built_for_that_seed() {
    use wartable::rules::core::RuleSet;
    use wartable::rules::dndalike::Dndalike;
    use wartable::rules::kog::Kog;
    use wartable::rules::kry::Kry;
    fn check<R: RuleSet>(q: QuickSetup) -> bool {
        let first = R::quick_setup(&QuickSetup {
            seed: 1,
            ..q.clone()
        })
        .unwrap();
        let mut differs = false;
        for seed in 2..12 {
            let anew = R::quick_setup(&QuickSetup { seed, ..q.clone() }).unwrap();
            let mut reseeded = first.clone();
            R::set_seed(&mut reseeded, seed);
            if R::seed_only(&q) {
                assert_eq!(reseeded, anew, "{} seed {seed}", R::ID);
            }
            differs |= reseeded != anew;
        }
        differs
    }
    let scenario = |s: &str| QuickSetup {
        scenario: Some(s.into()),
        ..Default::default()
    };
    check::<Kog>(QuickSetup::default());
    check::<Kog>(scenario("linebreaker"));
    check::<Kry>(QuickSetup::default());
    check::<Dndalike>(QuickSetup::default());
    // Kry-Gothic's random mission is drawn from the seed: not reseeded, and rightly so.
    assert!(!Kry::seed_only(&scenario("random")));
    assert!(
        check::<Kry>(scenario("random")),
        "the mission follows the seed"
    );
}

/// A pairing's score with sides swapped: the force's wins on either side, plus half of the
/// draws and of the games cut off, over both cells' games; the band names the pairings outside.
#[test]
fn a_pairing_scores_both_sides_with_draws_and_cut_off_games_as_half() {
    use wartable::rules::simulate::{GameResult, Matrix, Report};
    let game = |winners: Vec<u8>, over: bool| GameResult {
        seed: 1,
        winners,
        over,
        commands: 10,
        rounds: 1,
        first: 1,
        units: Default::default(),
        skills: Vec::new(),
    };
    let report = |results: Vec<GameResult>| Report {
        rules: RulesId::KryGothic,
        seats: vec![1, 2],
        sides: vec![("side 1".into(), vec![1]), ("side 2".into(), vec![2])],
        results,
        seconds: 1.0,
    };
    // Force 0 as side 1: two wins and a draw. Force 1 as side 1: one win, one loss (force 0
    // wins as side 2), one game cut off.
    let a = report(vec![
        game(vec![1], true),
        game(vec![1], true),
        game(vec![], true),
    ]);
    let b = report(vec![
        game(vec![1], true),
        game(vec![2], true),
        game(vec![], false),
    ]);
    let m = Matrix {
        forces: vec!["a.ron".into(), "b.ron".into()],
        cells: vec![vec![report(vec![]), a], vec![b, report(vec![])]],
    };
    assert_eq!(m.pairing(0, 1), Some((4.0 / 6.0, 6)));
    assert_eq!(m.pairing(1, 0), Some((2.0 / 6.0, 6)));
    assert_eq!(m.pairing(0, 0), None);
    let out = m.outside(0.45, 0.55);
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].0, out[0].1), (0, 1));
    assert!(m.outside(0.3, 0.7).is_empty());
}
