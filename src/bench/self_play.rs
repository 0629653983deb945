//! `wartable bench self-play`: times the program playing whole games of a rule set against
//! itself through the shared game core (every command checked, resolved, applied and logged),
//! seeds 1 to N, several runs; the setups are made before the clock starts. Prints JSON.

use super::stats::median;
use crate::rules::core::{Game, QuickSetup, RuleSet, RulesId};
use crate::rules::registry::RulesVisitor;
use std::time::Instant;

/// What to time.
#[derive(Debug, Clone, Copy)]
pub struct How {
    /// Games per run: seeds 1 to this.
    pub seeds: u64,
    pub runs: usize,
    /// Players, where the rule set allows a choice.
    pub players: Option<u8>,
    /// Whether the combat log is written.
    pub journal: bool,
}

/// Runs the benchmark and returns its JSON report, or what stopped it.
pub fn self_play(rules: RulesId, how: &How) -> Result<String, Vec<String>> {
    struct Bench(How);
    impl RulesVisitor for Bench {
        type Out = Result<String, Vec<String>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let How {
                seeds,
                runs,
                players,
                journal,
            } = self.0;
            let setups = (1..=seeds.max(1))
                .map(|seed| {
                    R::quick_setup(&QuickSetup {
                        seed,
                        players,
                        ..Default::default()
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let mut run_ms = Vec::new();
            let (mut commands, mut finished) = (0, 0);
            for _ in 0..runs.max(1) {
                let t = Instant::now();
                commands = 0;
                finished = 0;
                for setup in &setups {
                    let mut g = Game::<R>::new(setup.clone())?;
                    g.keep_journal = journal;
                    commands += g.self_play(100_000);
                    finished += usize::from(g.is_over());
                    std::hint::black_box(g.hash());
                }
                run_ms.push(t.elapsed().as_secs_f64() * 1e3);
            }
            let ms = median(run_ms.clone());
            Ok(format!(
                "{{\"rules\": \"{}\", \"journal\": {journal}, \"games\": {}, \"finished\": {finished}, \"commands\": {commands}, \"runs\": {}, \"median_ms\": {ms:.1}, \"median_ms_per_game\": {:.2}, \"median_us_per_command\": {:.1}, \"run_ms\": [{}]}}",
                R::ID.key(),
                setups.len(),
                run_ms.len(),
                ms / setups.len() as f64,
                ms * 1e3 / commands.max(1) as f64,
                run_ms
                    .iter()
                    .map(|m| format!("{m:.1}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        }
    }
    rules.visit(Bench(*how))
}
