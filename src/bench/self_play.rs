//! `wartable bench self-play`: times the program playing whole games of a rule set against
//! itself through the shared game core (every command checked, resolved, applied and logged),
//! seeds 1 to N, several runs; the setups are made before the clock starts. Prints JSON.

use super::median;
use crate::rules::core::{Game, QuickSetup, RuleSet, RulesId, RulesVisitor};
use std::time::Instant;

/// Runs the benchmark and returns its JSON report, or what stopped it.
pub fn self_play(rules: RulesId, seeds: u64, runs: usize) -> Result<String, Vec<String>> {
    struct Bench(u64, usize);
    impl RulesVisitor for Bench {
        type Out = Result<String, Vec<String>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let Bench(seeds, runs) = self;
            let setups = (1..=seeds.max(1))
                .map(|seed| {
                    R::quick_setup(&QuickSetup {
                        seed,
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
                    commands += g.self_play(100_000);
                    finished += usize::from(g.is_over());
                    std::hint::black_box(g.hash());
                }
                run_ms.push(t.elapsed().as_secs_f64() * 1e3);
            }
            let ms = median(run_ms.clone());
            Ok(format!(
                "{{\"rules\": \"{}\", \"games\": {}, \"finished\": {finished}, \"commands\": {commands}, \"runs\": {}, \"median_ms\": {ms:.1}, \"median_ms_per_game\": {:.2}, \"median_us_per_command\": {:.1}, \"run_ms\": [{}]}}",
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
    rules.visit(Bench(seeds, runs))
}
