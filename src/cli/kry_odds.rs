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
    #[arg(long, required_unless_present = "close_combat")]
    pub rc: Option<u8>,
    /// The weapon's stats as the text writes them, e.g. 3K2S1.
    #[arg(long, required_unless_present = "close_combat")]
    pub weapon: Option<String>,
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
    /// Targets of 7 and over by the printed table: the default (kept for older scripts).
    #[arg(long)]
    pub table_targets: bool,
    /// Targets of 7 and over by a die's total, as example 3's dice (default: the printed table).
    #[arg(long, conflicts_with = "table_targets")]
    pub sum_targets: bool,
    /// Print JSON: {"hits": [p0, p1, ...], "wounds": [p0, p1, ...]} (close combat adds
    /// "through": the attacker's dice left after the roll to avoid).
    #[arg(long)]
    pub json: bool,
    /// One close-combat attack instead of a shot.
    #[arg(long)]
    pub close_combat: bool,
    /// Close combat: the attacker's CC.
    #[arg(long, default_value_t = 2)]
    pub cc: u8,
    /// Close combat: the attacker's Strength.
    #[arg(long = "str", default_value_t = 2)]
    pub strength: u8,
    /// Close combat: the attack type (weapon, leg sweep, head butt, tackle, shove, punch, kick,
    /// bunt, point blank).
    #[arg(long, default_value = "punch")]
    pub attack: String,
    /// Close combat: the attacker's weapon as the text writes it, e.g. -1cc/+2str.
    #[arg(long)]
    pub cc_weapon: Option<String>,
    /// Close combat: the attacker's weapon is armour piercing.
    #[arg(long)]
    pub armour_piercing: bool,
    /// Close combat: the defence (passive, parry, deflect, dodge, break off, block, counter
    /// attack).
    #[arg(long, default_value = "passive")]
    pub defence: String,
    /// Close combat: the defender's CC, Speed and Strength.
    #[arg(long, default_value_t = 2)]
    pub def_cc: u8,
    #[arg(long, default_value_t = 3)]
    pub def_speed: u8,
    #[arg(long, default_value_t = 2)]
    pub def_str: u8,
    /// Close combat: the defender's weapon, e.g. +2cc/-1str (for a parry).
    #[arg(long)]
    pub def_weapon: Option<String>,
    /// Close combat: the attacker charged (+2 CC).
    #[arg(long)]
    pub charged: bool,
    /// Close combat: the attacker started this combat and it is the first round (+1 CC).
    #[arg(long)]
    pub initiator: bool,
}

/// Reads "-1cc/+2str".
fn cc_weapon(s: &str) -> Result<(i8, i8), String> {
    let t = s.to_ascii_lowercase().replace(' ', "");
    let (a, b) = t
        .split_once('/')
        .ok_or_else(|| format!("'{s}' is not a close-combat weapon's stats like -1cc/+2str"))?;
    let num = |x: &str, unit: &str| -> Result<i8, String> {
        x.trim_end_matches(unit)
            .trim_start_matches('+')
            .parse::<i8>()
            .map_err(|_| format!("'{s}' is not a close-combat weapon's stats like -1cc/+2str"))
    };
    Ok((num(a, "cc")?, num(b, "str")?))
}

fn close(a: &KryOddsArgs, reading: HighTargets) -> ExitCode {
    use wartable::rules::kry::close::{
        AttackType, Circumstances, Defence, Fighter, close_odds, numbers,
    };
    let fail = |m: String| {
        eprintln!("error: {m}");
        ExitCode::from(2)
    };
    let Some(attack) = AttackType::from_name(&a.attack) else {
        return fail(format!("--attack '{}' is no attack type", a.attack));
    };
    let Some(defence) = Defence::from_name(&a.defence) else {
        return fail(format!("--defence '{}' is no defence type", a.defence));
    };
    let weapon = match a.cc_weapon.as_deref().map(cc_weapon).transpose() {
        Ok(w) => w,
        Err(e) => return fail(format!("--cc-weapon: {e}")),
    };
    let def_weapon = match a.def_weapon.as_deref().map(cc_weapon).transpose() {
        Ok(w) => w,
        Err(e) => return fail(format!("--def-weapon: {e}")),
    };
    let att = Fighter {
        cc: a.cc,
        strength: a.strength,
        speed: 0,
        body: 0,
        armour: 0,
        weapon,
        armour_piercing: a.armour_piercing,
        multiple_wounds: false,
        wrap: false,
    };
    let def = Fighter {
        cc: a.def_cc,
        strength: a.def_str,
        speed: a.def_speed,
        body: a.body,
        armour: a.armour,
        weapon: def_weapon,
        armour_piercing: false,
        multiple_wounds: false,
        wrap: false,
    };
    let c = Circumstances {
        initiator_first_round: a.initiator,
        charged: a.charged,
        ..Default::default()
    };
    let n = match numbers(&att, &def, attack, defence, c) {
        Ok(n) => n,
        Err(e) => return fail(e.to_string()),
    };
    let o = close_odds(&n, reading);
    if a.json {
        let v = serde_json::json!({ "hits": o.hits, "through": o.through, "wounds": o.wounds });
        say!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    say!(
        "{} against {}: to hit {}K{} against CC {}; to avoid {}K{} against CC {}{}",
        attack.label(),
        defence.label(),
        n.hit_dice,
        n.hit_keep,
        n.hit_target,
        n.avoid_dice,
        n.avoid_keep,
        n.avoid_target,
        if n.avoid_removes {
            ""
        } else {
            " (takes no dice away)"
        }
    );
    say!("  to wound {}+", n.wound_target);
    let row = |v: &[f64]| -> String {
        v.iter()
            .enumerate()
            .map(|(k, p)| format!("{k}: {:.2}%", p * 100.0))
            .collect::<Vec<_>>()
            .join("  ")
    };
    say!("  hits     {}", row(&o.hits));
    say!("  through  {}", row(&o.through));
    say!(
        "  {} {}",
        if attack == AttackType::Shove {
            "knock-back"
        } else {
            "wounds "
        },
        row(&o.wounds)
    );
    ExitCode::SUCCESS
}

pub fn run(a: &KryOddsArgs) -> ExitCode {
    let reading = if a.sum_targets {
        HighTargets::Sum
    } else {
        HighTargets::Table
    };
    if a.close_combat {
        return close(a, reading);
    }
    let (Some(rc), Some(weapon)) = (a.rc, a.weapon.as_deref()) else {
        eprintln!("error: a shot needs --rc and --weapon");
        return ExitCode::from(2);
    };
    let weapon = match WeaponStats::parse(weapon) {
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
        rc,
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
        high_targets: reading,
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
        rc,
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
