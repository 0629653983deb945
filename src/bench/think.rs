//! `wartable bench think`: times Hard's decisions at a think budget. Normal plays a game of the
//! rule set against itself (seed given); at each decision where Hard has two or more orders to
//! weigh, Hard's thinking over it is timed (the game goes on with Normal's command), until the
//! number of decisions asked for is timed. Prints JSON: median, 95th percentile and the most,
//! in milliseconds, and the rollouts played per decision.

use crate::rules::core::think::decide;
use crate::rules::core::{Game, QuickSetup, RuleSet, RulesId, Think};
use crate::rules::registry::RulesVisitor;
use std::time::Instant;

/// Times `decisions` of Hard's decisions in the game of `seed` at `budget`: its JSON report.
pub fn think(
    rules: RulesId,
    seed: u64,
    decisions: usize,
    budget: Think,
) -> Result<String, Vec<String>> {
    struct Bench(u64, usize, Think);
    impl RulesVisitor for Bench {
        type Out = Result<String, Vec<String>>;
        fn visit<R: RuleSet>(self) -> Self::Out {
            let (seed, want, budget) = (self.0, self.1.max(1), self.2);
            let mut ms = Vec::new();
            let mut rollouts = Vec::new();
            let mut game = 0;
            while ms.len() < want && game < 50 {
                let mut g = Game::<R>::new(R::quick_setup(&QuickSetup {
                    seed: seed + game,
                    ..Default::default()
                })?)?;
                g.keep_journal = false;
                game += 1;
                let mut n = 0;
                while ms.len() < want && !g.is_over() && n < 20_000 {
                    let seats = g.waiting().seats();
                    for seat in seats {
                        if R::program_options(&g, seat).len() >= 2 {
                            let t = Instant::now();
                            let d = decide(&g, seat, budget);
                            ms.push(t.elapsed().as_secs_f64() * 1000.0);
                            rollouts.push(d.map_or(0, |d| d.reasons.rollouts) as f64);
                            break;
                        }
                    }
                    if g.self_play(1) == 0 {
                        break;
                    }
                    n += 1;
                }
            }
            if ms.is_empty() {
                return Err(vec!["no decision with two or more orders to weigh".into()]);
            }
            let mut sorted = ms.clone();
            sorted.sort_by(f64::total_cmp);
            let at = |q: f64| {
                sorted[((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1]
            };
            let budget = match budget.steps {
                Some(s) => format!("\"think_steps\": {s}"),
                None => format!("\"think_ms\": {}", budget.ms),
            };
            Ok(format!(
                "{{\"rules\": \"{}\", \"decisions\": {}, {budget}, \"median_ms\": {:.1}, \"p95_ms\": {:.1}, \"max_ms\": {:.1}, \"rollouts_median\": {:.0}}}",
                R::ID.key(),
                ms.len(),
                at(0.5),
                at(0.95),
                sorted[sorted.len() - 1],
                super::stats::median(rollouts)
            ))
        }
    }
    rules.visit(Bench(seed, decisions, budget))
}
