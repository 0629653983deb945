//! Property tests (proptest) of every rule set's command streams: the program's commands with
//! stale, wrong-seat and mangled ones mixed in. For each: a refused command leaves the state and
//! dice unchanged, the log replays to the same hash, and save, load and continue ends where the
//! uninterrupted game does ([`check_stream`]).

use proptest::prelude::*;
use wartable::rules::core::chaos::{Choices, ListChoices, check_stream, mangle};
use wartable::rules::core::{RuleSet, RulesId};
use wartable::rules::dndalike::Dndalike;
use wartable::rules::kog::Kog;
use wartable::rules::krig::Krig;
use wartable::rules::kry::Kry;
use wartable::rules::ktog::Ktog;
use wartable::rules::soak::{Soak, SoakOutcome, soak, soak_one};

/// A stream of rule set `R` from the soak options the list's first choices draw.
fn stream<R: RuleSet>(seed: u64, choices: Vec<u32>, max: usize) -> Result<(), TestCaseError> {
    let mut ch = ListChoices::new(choices);
    let q = R::soak_setup(seed, &mut ch);
    let setup = R::quick_setup(&q).map_err(|e| TestCaseError::fail(e.join("; ")))?;
    check_stream::<R>(setup, &mut ch, max, 40)
        .map(|_| ())
        .map_err(TestCaseError::fail)
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(6))]

    #[test]
    fn kog_light_streams(seed in 1u64..1_000_000, choices in prop::collection::vec(any::<u32>(), 0..600)) {
        stream::<Kog>(seed, choices, 300)?;
    }

    #[test]
    fn kry_gothic_streams(seed in 1u64..1_000_000, choices in prop::collection::vec(any::<u32>(), 0..600)) {
        stream::<Kry>(seed, choices, 300)?;
    }

    #[test]
    fn dndalike_streams(seed in 1u64..1_000_000, choices in prop::collection::vec(any::<u32>(), 0..600)) {
        stream::<Dndalike>(seed, choices, 400)?;
    }
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn ktog_streams(seed in 1u64..1_000_000, choices in prop::collection::vec(any::<u32>(), 0..400)) {
        stream::<Ktog>(seed, choices, 300)?;
    }

    #[test]
    fn krig_streams(seed in 1u64..1_000_000, choices in prop::collection::vec(any::<u32>(), 0..400)) {
        stream::<Krig>(seed, choices, 300)?;
    }
}

/// The mangler swaps a number of a command for an odd one, and keeps only what parses as a
/// command of the rule set.
#[test]
fn mangled_commands_are_commands_with_one_number_changed() {
    struct Fixed(Vec<usize>);
    impl Choices for Fixed {
        fn pick(&mut self, n: usize) -> usize {
            self.0.pop().unwrap_or(0) % n
        }
    }
    let cmd = wartable::rules::ktog::Command::Attack { target: 2 };
    // The only number is taken; the odd number 7 (index 4) fits a seat.
    let out = mangle::<Ktog>(&cmd, &mut Fixed(vec![4, 0])).expect("a seat of 7 is a command");
    assert_eq!(out, wartable::rules::ktog::Command::Attack { target: 7 });
    // 4294967295 (index 7) does not fit a seat: every try fails, so no command.
    assert_eq!(
        mangle::<Ktog>(&cmd, &mut Fixed(vec![7, 0, 7, 0, 7, 0, 7, 0])),
        None
    );
    // A command without numbers cannot be mangled.
    assert_eq!(
        mangle::<Ktog>(
            &wartable::rules::ktog::Command::Scramble,
            &mut Fixed(vec![])
        ),
        None
    );
}

/// The soak run plays the rule sets in turn, game i with seed + i, every check holding and
/// chaos mixed in; one game played alone from its rule set and seed is the same game (the
/// reproduce line it prints is true). The checks catching a planted bug are tested in
/// `tests/core.rs`.
#[test]
fn the_soak_run_reports_every_rule_set_and_reproduces_by_seed() {
    let run = Soak {
        rules: RulesId::ALL.to_vec(),
        games: 10,
        seed: 40,
        threads: 2,
        max_commands: 400,
        mix: 25,
    };
    let games = soak(&run, &|_| {});
    assert_eq!(games.len(), 10);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.rules, RulesId::ALL[i % RulesId::ALL.len()]);
        assert_eq!(g.seed, 40 + i as u64);
        let SoakOutcome::Held(r) = &g.outcome else {
            panic!("{:?} seed {}: {:?}", g.rules, g.seed, g.outcome);
        };
        assert!(r.chaos > 0 && r.commands > 0, "{r:?}");
        // One game alone, from its rule set and seed, is the same game.
        assert_eq!(soak_one(g.rules, g.seed, 400, 25), *g);
    }
}
