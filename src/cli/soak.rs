//! `wartable soak`: games of every rule set with random options and chaos commands mixed in;
//! reports panics (with the command that reproduces each) and broken checks, exits 1 if any.

use std::process::ExitCode;
use wartable::rules::core::RulesId;
use wartable::rules::soak::{Soak, SoakOutcome, soak};

#[derive(clap::Args, Debug)]
pub struct SoakArgs {
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The rule sets, taken in turn (default: every one).
    #[arg(long, value_delimiter = ',')]
    pub rules: Vec<RulesId>,
    /// The first game's seed (game i has seed + i).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// At most this many commands a game.
    #[arg(long, default_value_t = 1500)]
    pub commands: usize,
    /// Percent of steps that try a chaos command instead of the program's.
    #[arg(long, default_value_t = 20)]
    pub mix: usize,
}

pub fn run(a: &SoakArgs) -> ExitCode {
    let rules = if a.rules.is_empty() {
        RulesId::ALL.to_vec()
    } else {
        a.rules.clone()
    };
    let s = Soak {
        rules: rules.clone(),
        games: a.games,
        seed: a.seed,
        threads: a
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        max_commands: a.commands,
        mix: a.mix.min(100),
    };
    let bar = super::progress_bar(a.games);
    let t = std::time::Instant::now();
    let games = soak(&s, &|n| {
        if let Some(b) = &bar {
            b.set_position(n);
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = t.elapsed().as_secs_f64();
    let mut bad = 0;
    println!("rule set      games  ended  commands  chaos  refused  panics  broken");
    for id in &rules {
        let mine: Vec<_> = games.iter().filter(|g| g.rules == *id).collect();
        let (mut ended, mut cmds, mut chaos, mut refused, mut panics, mut broken) =
            (0, 0, 0, 0, 0, 0);
        for g in &mine {
            match &g.outcome {
                SoakOutcome::Held(r) => {
                    ended += usize::from(r.over);
                    cmds += r.commands;
                    chaos += r.chaos;
                    refused += r.refused;
                }
                SoakOutcome::Panicked(_) => panics += 1,
                _ => broken += 1,
            }
        }
        println!(
            "{:<12} {:>6} {:>6} {:>9} {:>6} {:>8} {:>7} {:>7}",
            id.key(),
            mine.len(),
            ended,
            cmds,
            chaos,
            refused,
            panics,
            broken
        );
    }
    // Games that held every check but reached no end: cut off at the command limit, or left
    // where nobody could act.
    for g in &games {
        if let SoakOutcome::Held(r) = &g.outcome
            && !r.over
        {
            let why = if r.commands >= a.commands {
                "reached the command limit"
            } else {
                "stuck: the program had no command to give"
            };
            println!(
                "not ended: {} seed {} after {} commands ({why})\n  reproduce: wartable soak --rules {} --seed {} --games 1 --commands {}",
                g.rules.key(),
                g.seed,
                r.commands,
                g.rules.key(),
                g.seed,
                a.commands
            );
        }
    }
    for g in &games {
        let (kind, text) = match &g.outcome {
            SoakOutcome::Held(_) => continue,
            SoakOutcome::Panicked(t) => ("panic", t),
            SoakOutcome::Broken(t) => ("broken", t),
            SoakOutcome::NoSetup(t) => ("no setup", t),
        };
        bad += 1;
        println!(
            "{kind}: {} seed {}: {text}\n  reproduce: wartable soak --rules {} --seed {} --games 1",
            g.rules.key(),
            g.seed,
            g.rules.key(),
            g.seed
        );
    }
    println!(
        "{} games in {secs:.1} s on {} threads: {bad} with a panic or a broken check",
        games.len(),
        s.threads
    );
    if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
