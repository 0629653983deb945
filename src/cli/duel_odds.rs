//! `wartable odds ktog ...` and `wartable odds krig ...`: the exact odds of one KtOG roll to hit
//! (or to disarm) and of one Krig attack, from the same code as the overlays.

use std::process::ExitCode;
use wartable::rules::krig::odds::{Attack, attack};
use wartable::rules::ktog::odds::{Strike, strike};
use wartable::rules::ktog::state::strike_need;

macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

#[derive(clap::Args, Debug)]
pub struct KtogOddsArgs {
    /// An attempt to disarm (17+, 16+ with --bless) instead of a strike.
    #[arg(long)]
    pub disarm: bool,
    /// Bless in effect (-2 to hit, -1 to disarm).
    #[arg(long)]
    pub bless: bool,
    /// The target is disarmed (+2 to hit it).
    #[arg(long)]
    pub target_disarmed: bool,
    /// The attacker is disarmed: bare-handed, -1 to hit and -2 damage.
    #[arg(long)]
    pub bare_handed: bool,
    /// The attacker is a Fighter, better to hit by this much (the game's default is 2).
    #[arg(long)]
    pub fighter: Option<i32>,
    /// A Mighty Blow doubles the damage.
    #[arg(long)]
    pub mighty: bool,
    /// The Q&A's option: a 1 on the roll to drop the weapon loses it.
    #[arg(long)]
    pub lost_weapon: bool,
    #[arg(long)]
    pub json: bool,
}

fn dist(v: &[f64]) -> String {
    v.iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(k, p)| format!("{k}: {:.2}%", p * 100.0))
        .collect::<Vec<_>>()
        .join("  ")
}

fn json_list(v: &[f64]) -> String {
    v.iter()
        .map(|p| format!("{p:.6}"))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn ktog(a: &KtogOddsArgs) -> ExitCode {
    let need = if a.disarm {
        if a.bless { 16 } else { 17 }
    } else {
        strike_need(a.fighter, a.bless, a.target_disarmed, a.bare_handed)
    };
    let o = strike(&Strike {
        need,
        disarm: a.disarm,
        mighty: a.mighty,
        bare: a.bare_handed,
        lost_weapon: a.lost_weapon,
    });
    if a.json {
        say!(
            "{{\"need\": {need}, \"hit\": {:.6}, \"critical\": {:.6}, \"fumble\": {:.6}, \"drops_weapon\": {:.6}, \"damage\": [{}], \"self_damage\": [{}]}}",
            o.hit,
            o.critical,
            o.fumble,
            o.drops_weapon,
            json_list(&o.damage),
            json_list(&o.self_damage)
        );
        return ExitCode::SUCCESS;
    }
    let what = if a.disarm { "to disarm" } else { "to hit" };
    say!(
        "d20 {what}: needs {need}+ (a 20 {}, a 1 is a critical miss)",
        if a.disarm {
            "succeeds"
        } else {
            "is a critical hit: 2d6"
        }
    );
    say!(
        "  success {:.2}%   critical hit {:.2}%   critical miss {:.2}%",
        o.hit * 100.0,
        o.critical * 100.0,
        o.fumble * 100.0
    );
    if !a.disarm {
        say!(
            "  damage  {}   (mean {:.2}{})",
            dist(&o.damage),
            o.mean_damage(),
            if a.mighty { ", Mighty Blow" } else { "" }
        );
    }
    say!(
        "  to self {}   weapon dropped {:.2}%",
        dist(&o.self_damage),
        o.drops_weapon * 100.0
    );
    ExitCode::SUCCESS
}

#[derive(clap::Args, Debug)]
pub struct KrigOddsArgs {
    /// A charged attack: d6 + d8, and it cannot be parried.
    #[arg(long)]
    pub charge: bool,
    /// What the defender's d8 in the defence position shows (0: no defence).
    #[arg(long, default_value_t = 0)]
    pub defence: u8,
    #[arg(long)]
    pub json: bool,
}

pub fn krig(a: &KrigOddsArgs) -> ExitCode {
    if a.defence > 8 {
        eprintln!("error: --defence is what a d8 shows: 0 to 8");
        return ExitCode::from(2);
    }
    let with = |parry| {
        attack(&Attack {
            charged: a.charge,
            defence: a.defence,
            parry,
        })
    };
    let (plain, parried) = (with(false), with(true));
    if a.json {
        say!(
            "{{\"miss\": {:.6}, \"critical\": {:.6}, \"health\": [{}], \"parried\": {:.6}, \"health_if_parried\": [{}]}}",
            plain.miss,
            plain.critical,
            json_list(&plain.health),
            parried.parried,
            json_list(&parried.health)
        );
        return ExitCode::SUCCESS;
    }
    say!(
        "{} against a defence of {}: miss {:.1}%, critical {:.1}%",
        if a.charge {
            "charged attack (d6 + d8, d10)"
        } else {
            "attack (d6, d10)"
        },
        a.defence,
        plain.miss * 100.0,
        plain.critical * 100.0
    );
    say!(
        "  health lost, no parry: {}   (mean {:.2})",
        dist(&plain.health),
        plain.mean()
    );
    if a.charge {
        say!("  a charge cannot be parried");
    } else {
        say!(
            "  health lost, parried:  {}   (mean {:.2}; parried {:.1}%, parry failed {:.1}%)",
            dist(&parried.health),
            parried.mean(),
            parried.parried * 100.0,
            parried.parry_failed * 100.0
        );
    }
    ExitCode::SUCCESS
}
