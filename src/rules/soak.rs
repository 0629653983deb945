//! The soak run: games of every rule set with random options, the program on every seat and
//! chaos commands mixed in ([`super::core::chaos`]), each checked by [`check_stream`]. A panic is
//! caught and reported with the rule set and seed that reproduce it.

use super::core::chaos::{RngChoices, StreamReport, check_stream};
use super::core::game::RuleSet;
use super::core::rules_id::RulesId;
use super::registry::RulesVisitor;
use rand::SeedableRng;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// How one soaked game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SoakOutcome {
    /// Every check held.
    Held(StreamReport),
    /// A check failed: what broke.
    Broken(String),
    /// The game panicked: the message and where.
    Panicked(String),
    /// The random options made no game (a bug in the options drawn).
    NoSetup(String),
}

/// One soaked game: which rule set, which seed, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SoakGame {
    pub rules: RulesId,
    pub seed: u64,
    pub outcome: SoakOutcome,
}

/// What a soak run plays.
#[derive(Debug, Clone)]
pub struct Soak {
    /// The rule sets, taken in turn: game i is of `rules[i % len]`, with seed `seed + i`.
    pub rules: Vec<RulesId>,
    pub games: u64,
    pub seed: u64,
    pub threads: usize,
    /// At most this many commands a game.
    pub max_commands: usize,
    /// Percent of steps that try a chaos command instead of the program's.
    pub mix: usize,
}

thread_local! {
    /// The last panic's message and place on this thread, kept by the soak run's hook.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Plays one game of rule set `id` from `seed`, catching a panic.
pub fn soak_one(id: RulesId, seed: u64, max_commands: usize, mix: usize) -> SoakGame {
    struct One(u64, usize, usize);
    impl RulesVisitor for One {
        type Out = SoakOutcome;
        fn visit<R: RuleSet>(self) -> SoakOutcome {
            let (seed, max, mix) = (self.0, self.1, self.2);
            let mut ch = RngChoices(rand_chacha::ChaCha8Rng::seed_from_u64(seed));
            let q = R::soak_setup(seed, &mut ch);
            let setup = match R::quick_setup(&q) {
                Ok(s) => s,
                Err(e) => return SoakOutcome::NoSetup(format!("{q:?}: {}", e.join("; "))),
            };
            match check_stream::<R>(setup, &mut ch, max, mix) {
                Ok(r) => SoakOutcome::Held(r),
                Err(e) => SoakOutcome::Broken(e),
            }
        }
    }
    let outcome = catch_unwind(AssertUnwindSafe(|| id.visit(One(seed, max_commands, mix))))
        .unwrap_or_else(|payload| {
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic without a message".into());
            let place = LAST_PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_default();
            SoakOutcome::Panicked(format!("{text}{place}"))
        });
    SoakGame {
        rules: id,
        seed,
        outcome,
    }
}

/// Plays the soak run on `threads` threads; `progress` hears the number of games done. The
/// games come back in game order, whatever the thread count.
pub fn soak(s: &Soak, progress: &(dyn Fn(u64) + Sync)) -> Vec<SoakGame> {
    if s.rules.is_empty() {
        return Vec::new();
    }
    // While the run lasts, a panic is recorded for its report instead of printed.
    let old_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(place));
    }));
    let games = super::core::parallel::in_game_order(
        s.games,
        s.threads,
        &|i| {
            let id = s.rules[(i % s.rules.len() as u64) as usize];
            soak_one(id, s.seed.wrapping_add(i), s.max_commands, s.mix)
        },
        progress,
    );
    std::panic::set_hook(old_hook);
    // Every game catches its own panic: no thread stops early.
    games.unwrap_or_default()
}
