//! `wartable matchup`: two styles of the program opponent play each other over many seeds, each
//! taking either side half the time; prints the tally as JSON.

use std::process::ExitCode;
use wartable::rules::core::{QuickSetup, RuleSet};
use wartable::rules::kry::Kry;
use wartable::rules::kry::ai::{Style, matchup};

macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

#[derive(clap::Args, Debug)]
pub struct MatchupArgs {
    /// The rule set: kry-gothic.
    #[arg(long, default_value = "kry-gothic")]
    pub rules: String,
    /// The first style: program, legacy, naive or random.
    #[arg(long, default_value = "program")]
    pub a: String,
    /// The second style.
    #[arg(long, default_value = "naive")]
    pub b: String,
    /// Games to play (the first style takes side 1 in even games, side 2 in odd ones).
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// The first game's seed; the others follow.
    #[arg(long, default_value_t = 1)]
    pub first_seed: u64,
    /// The scenario (deathmatch, dark, breach or random).
    #[arg(long)]
    pub scenario: Option<String>,
    /// Level file (default: the rule set's own).
    #[arg(long)]
    pub level: Option<std::path::PathBuf>,
    /// Side 1's team file (default: the rule set's own); the styles swap sides, not teams.
    #[arg(long)]
    pub side1: Option<std::path::PathBuf>,
    /// Side 2's team file (default: the rule set's own).
    #[arg(long)]
    pub side2: Option<std::path::PathBuf>,
}

pub fn run(a: &MatchupArgs) -> ExitCode {
    if a.rules != "kry-gothic" {
        eprintln!("error: matchups are played for kry-gothic only so far");
        return ExitCode::from(2);
    }
    let (Some(sa), Some(sb)) = (Style::from_name(&a.a), Style::from_name(&a.b)) else {
        eprintln!("error: the styles are program, legacy, naive or random");
        return ExitCode::from(2);
    };
    let default =
        |i: usize| std::path::PathBuf::from(wartable::rules::kry::rule_set::DEFAULT_FORCES[i]);
    let forces = match (&a.side1, &a.side2) {
        (None, None) => Vec::new(),
        (x, y) => vec![
            x.clone().unwrap_or_else(|| default(0)),
            y.clone().unwrap_or_else(|| default(1)),
        ],
    };
    let setup = |seed: u64| {
        Kry::quick_setup(&QuickSetup {
            seed,
            level: a.level.clone(),
            forces: forces.clone(),
            scenario: a.scenario.clone(),
            rounds: Some(8),
            players: None,
        })
    };
    match matchup(sa, sb, a.games, a.first_seed, setup) {
        Ok(m) => {
            let g = m.games.max(1) as f64;
            say!(
                "{{\"rules\": \"{}\", \"a\": \"{}\", \"b\": \"{}\", \"games\": {}, \"a_wins\": {}, \"b_wins\": {}, \"draws\": {}, \"a_win_rate\": {:.3}, \"b_win_rate\": {:.3}, \"commands\": {}}}",
                a.rules,
                sa.name(),
                sb.name(),
                m.games,
                m.wins[0],
                m.wins[1],
                m.draws,
                m.wins[0] as f64 / g,
                m.wins[1] as f64 / g,
                m.commands
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            for l in e {
                eprintln!("{l}");
            }
            ExitCode::FAILURE
        }
    }
}
