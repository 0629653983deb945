//! `wartable odds kry-gothic`: the exact odds of one Kry-Gothic ranged attack, from the code the
//! game's preview uses.

use std::process::ExitCode;
use wartable::rules::kry::dice::HighTargets;
use wartable::rules::kry::ranged::{BlindSide, FireMode, Shot, ShotRules, shot_odds};
use wartable::rules::kry::stats::WeaponStats;

macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

#[derive(clap::Args, Debug)]
pub struct KryOddsArgs {
    /// The shooter's RC.
    #[arg(long)]
    pub rc: u8,
    /// The weapon's stats as the text writes them, e.g. 3K2S1.
    #[arg(long)]
    pub weapon: String,
    /// The target's Body now.
    #[arg(long)]
    pub body: u8,
    /// The target's armour that counts against this shot.
    #[arg(long, default_value_t = 0)]
    pub armour: u8,
    /// snap, standard, aimed or suppressive.
    #[arg(long, default_value = "standard")]
    pub mode: String,
    /// The distance measured after the shot is called, in inches (left out: medium range).
    #[arg(long)]
    pub range: Option<f32>,
    /// The weapon's short range (with --range).
    #[arg(long, default_value_t = 2.0)]
    pub sr: f32,
    /// The weapon's long range (with --range).
    #[arg(long, default_value_t = 6.0)]
    pub lr: f32,
    /// The target is at least half hidden by cover (+2 to hit).
    #[arg(long)]
    pub cover: bool,
    /// The target's Speed is over 5 (+1 to hit).
    #[arg(long)]
    pub fast_target: bool,
    /// The scenario is in the dark (+2 to hit).
    #[arg(long)]
    pub dark: bool,
    /// The target is sprinting (+1 to hit).
    #[arg(long)]
    pub sprinting: bool,
    /// The shooter is pinned (+1 to hit).
    #[arg(long)]
    pub pinned: bool,
    /// The shooter is on the target's blind side.
    #[arg(long)]
    pub blind_side: bool,
    /// Read the blind side's +2 as the S value (default: the number after the K).
    #[arg(long)]
    pub blind_side_strength: bool,
    /// Targets of 7 and over by the printed table (default: a die's total, as example 3).
    #[arg(long)]
    pub table_targets: bool,
    /// Print JSON: {"hits": [p0, p1, ...], "wounds": [p0, p1, ...]}.
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &KryOddsArgs) -> ExitCode {
    let weapon = match WeaponStats::parse(&a.weapon) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("error: --weapon: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(mode) = FireMode::from_name(&a.mode) else {
        eprintln!(
            "error: --mode '{}': expected snap, standard, aimed or suppressive",
            a.mode
        );
        return ExitCode::from(2);
    };
    let (range, short, long) = match a.range {
        Some(r) if r.is_finite() && r >= 0.0 => (r, a.sr, a.lr),
        Some(r) => {
            eprintln!("error: --range {r} is not a distance");
            return ExitCode::from(2);
        }
        None => (0.0, -1.0, f32::INFINITY),
    };
    let shot = Shot {
        rc: a.rc,
        weapon,
        short,
        long,
        mode,
        range,
        cover: a.cover,
        fast_target: a.fast_target,
        dark: a.dark,
        sprinting: a.sprinting,
        pinned: a.pinned,
        blind_side: a.blind_side,
        body: a.body,
        armour: a.armour,
    };
    let rules = ShotRules {
        high_targets: if a.table_targets {
            HighTargets::Table
        } else {
            HighTargets::Sum
        },
        blind_side: if a.blind_side_strength {
            BlindSide::Strength
        } else {
            BlindSide::Damage
        },
    };
    let n = match shot.numbers(rules) {
        Ok(n) => n,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let o = shot_odds(&n, rules);
    if a.json {
        let v = serde_json::json!({ "hits": o.hits, "wounds": o.wounds });
        say!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    say!(
        "RC {} with {} ({}): {} dice to hit {}+, keep up to {}{}{}",
        a.rc,
        weapon,
        mode.label(),
        n.dice,
        n.target,
        n.cap,
        if n.short_range {
            ", short range +2 RC"
        } else {
            ""
        },
        if n.long_steps > 0 {
            format!(", long range -{}K +{} to hit", n.long_steps, n.long_steps)
        } else {
            String::new()
        }
    );
    say!(
        "  to wound {}+ (Body {} + armour {} - damage), at most {} wound(s){}",
        n.wound_target,
        a.body,
        a.armour,
        n.wound_cap,
        if n.wounds_rolled {
            ""
        } else {
            "; suppressive: wounds only on a critical"
        }
    );
    let row = |v: &[f64]| -> String {
        v.iter()
            .enumerate()
            .map(|(k, p)| format!("{k}: {:.2}%", p * 100.0))
            .collect::<Vec<_>>()
            .join("  ")
    };
    say!("  hits    {}", row(&o.hits));
    say!("  wounds  {}", row(&o.wounds));
    say!(
        "  critical (a die totalling 18) {:.3}%   all 1s {:.3}%",
        o.critical * 100.0,
        o.fumble * 100.0
    );
    ExitCode::SUCCESS
}
