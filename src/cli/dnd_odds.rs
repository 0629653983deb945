//! `wartable odds dndalike ...`: the exact odds of one DnDalike attack against an armour class,
//! with advantage or disadvantage and the target's possible Dodge, from the same code as the
//! rules.

use std::process::ExitCode;
use wartable::rules::dndalike::odds::{AttackQuery, attack};
use wartable::rules::dndalike::sheet::modifier;

macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

#[derive(clap::Args, Debug)]
pub struct DndOddsArgs {
    /// The target's armour class at resolution (0 to 12).
    #[arg(long)]
    pub ac: i32,
    /// The attacker has advantage (rolls twice, keeps the higher).
    #[arg(long)]
    pub advantage: bool,
    /// The attacker has disadvantage (rolls twice, keeps the lower); with --advantage they cancel.
    #[arg(long)]
    pub disadvantage: bool,
    /// A two-handed weapon: double wounds.
    #[arg(long)]
    pub two_handed: bool,
    /// The attacker's Strength score (3 to 18): its bonus is added to the attack die.
    #[arg(long, default_value_t = 10)]
    pub str: i32,
    /// The target's Dexterity score (3 to 18): its bonus is added to a Dodge's M die.
    #[arg(long, default_value_t = 10)]
    pub dex: i32,
    #[arg(long)]
    pub json: bool,
}

pub fn run(a: &DndOddsArgs) -> ExitCode {
    if !(0..=12).contains(&a.ac) {
        eprintln!("error: --ac is an armour class from 0 to 12");
        return ExitCode::from(2);
    }
    if !(3..=18).contains(&a.str) || !(3..=18).contains(&a.dex) {
        eprintln!("error: --str and --dex are 3d6 totals (3 to 18)");
        return ExitCode::from(2);
    }
    let (bonus, dodge_bonus) = (modifier(a.str), modifier(a.dex));
    let o = attack(&AttackQuery {
        ac: a.ac,
        advantage: i32::from(a.advantage) - i32::from(a.disadvantage),
        wounds: if a.two_handed { 2 } else { 1 },
        bonus,
        dodge_bonus,
    });
    if a.json {
        say!(
            "{{\"ac\": {}, \"str_bonus\": {bonus}, \"dex_bonus\": {dodge_bonus}, \"hit\": {:.6}, \"hit_if_dodged\": {:.6}, \"dodge_saves\": {:.6}, \"mean_damage\": {:.6}, \"mean_damage_if_dodged\": {:.6}}}",
            o.ac,
            o.hit,
            o.hit_if_dodged,
            o.dodge_saves,
            o.mean_damage,
            o.mean_damage_if_dodged
        );
        return ExitCode::SUCCESS;
    }
    let adv = match (a.advantage, a.disadvantage) {
        (true, false) => ", with advantage",
        (false, true) => ", with disadvantage",
        _ => "",
    };
    say!(
        "attack die (d6{adv}) {} STR bonus against AC {}: a natural 6 always hits, a natural 1 always misses",
        signed(bonus),
        o.ac
    );
    say!(
        "  hit {:.1}%; secret damage {:.2} on average ({} a hit)",
        o.hit * 100.0,
        o.mean_damage,
        if a.two_handed { "2 wounds" } else { "1 wound" }
    );
    say!(
        "  if the target dodges (its M die {} DEX bonus raises the AC): hit {:.1}%, damage {:.2}; the dodge saves {:.1}% of the hits",
        signed(dodge_bonus),
        o.hit_if_dodged * 100.0,
        o.mean_damage_if_dodged,
        o.dodge_saves * 100.0
    );
    ExitCode::SUCCESS
}

/// A bonus as "+ 2" or "- 1".
fn signed(b: i32) -> String {
    if b < 0 {
        format!("- {}", -b)
    } else {
        format!("+ {b}")
    }
}
