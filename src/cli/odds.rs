//! `wartable odds RULES ...`: the exact odds of one attack, from the same code as the game's
//! preview.

use clap::Subcommand;
use std::process::ExitCode;

/// Prints a line to standard output; a closed pipe is not an error worth a panic.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

#[derive(Subcommand, Debug)]
pub enum OddsRules {
    /// KOG light: how likely the target ends unharmed, crippled or destroyed.
    KogLight(KogOddsArgs),
    /// Kry-Gothic: the hits kept and the wounds of one ranged attack (or one close-combat attack
    /// with --close-combat).
    KryGothic(super::kry_odds::KryOddsArgs),
    /// KtOG: one roll to hit (or to disarm): success, criticals, the damage dealt and suffered.
    Ktog(super::duel_odds::KtogOddsArgs),
    /// Krig: one attack (or charged attack) against a defence die, with and without a parry.
    Krig(super::duel_odds::KrigOddsArgs),
    /// DnDalike: one attack die against an armour class, with the target's possible Dodge.
    Dndalike(super::dnd_odds::DndOddsArgs),
}

pub fn run(r: &OddsRules) -> ExitCode {
    match r {
        OddsRules::KogLight(a) => kog(a),
        OddsRules::KryGothic(a) => super::kry_odds::run(a),
        OddsRules::Ktog(a) => super::duel_odds::ktog(a),
        OddsRules::Krig(a) => super::duel_odds::krig(a),
        OddsRules::Dndalike(a) => super::dnd_odds::run(a),
    }
}

#[derive(clap::Args, Debug)]
pub struct KogOddsArgs {
    /// The attacking model, as named in the text ("Kampfer" finds "Kämpfer").
    #[arg(long)]
    pub attacker: String,
    /// An upgrade of the attacker (repeat for more), e.g. BlitzKämpfer.
    #[arg(long = "upgrade")]
    pub upgrades: Vec<String>,
    #[arg(long)]
    pub weapon: String,
    #[arg(long)]
    pub target: String,
    /// Base edge to base edge, in inches.
    #[arg(long)]
    pub range: f32,
    /// The target has cover (re-roll failed Defense).
    #[arg(long)]
    pub cover: bool,
    /// The attacker charged (re-roll failed attacks in Close Assault).
    #[arg(long)]
    pub charge: bool,
    /// The attacker held position (re-roll failed shots).
    #[arg(long)]
    pub hold_position: bool,
    /// A Commander gave Fire Support (re-roll failed shots).
    #[arg(long)]
    pub fire_support: bool,
    /// The target was a target earlier this turn (re-roll successful Defense).
    #[arg(long)]
    pub concentrated: bool,
    #[arg(long)]
    pub attacker_crippled: bool,
    #[arg(long)]
    pub target_crippled: bool,
    /// The target counterattacks instead of defending (no Defense roll).
    #[arg(long)]
    pub counterattack: bool,
    /// A model friendly to the attacker is within 1" of the target (Friendly Fire on 1s).
    #[arg(long)]
    pub friendly_near: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

fn kog(a: &KogOddsArgs) -> ExitCode {
    use wartable::rules::kog::{attack::Situation, catalogue, odds};
    let cat = match catalogue::shipped() {
        Ok(c) => c,
        Err(errs) => {
            for e in errs {
                eprintln!("{e}");
            }
            return ExitCode::FAILURE;
        }
    };
    let q = odds::OddsQuery {
        attacker: a.attacker.clone(),
        weapon: a.weapon.clone(),
        target: a.target.clone(),
        range: a.range,
        attacker_upgrades: a.upgrades.clone(),
        situation: Situation {
            cover: a.cover,
            charge: a.charge,
            hold_position: a.hold_position,
            fire_support: a.fire_support,
            concentrated: a.concentrated,
            attacker_crippled: a.attacker_crippled,
            target_crippled: a.target_crippled,
            counterattack: a.counterattack,
            friendly_near_target: a.friendly_near,
            ..Default::default()
        },
    };
    match odds::query(&cat, &q) {
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Ok((_, o, inputs)) if a.json => {
            let v = o.to_json(inputs);
            say!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Ok((spec, o, inputs)) => {
            say!(
                "{} ({}) with {} at {} {}\" away",
                inputs["attacker"].as_str().unwrap_or(""),
                inputs["weapon_profile"].as_str().unwrap_or(""),
                inputs["weapon"].as_str().unwrap_or(""),
                inputs["target"].as_str().unwrap_or(""),
                a.range
            );
            if let Some(r) = spec.attack.rerolls.describe() {
                say!("  attack: {r}");
            }
            if !spec.counterattack
                && let Some(r) = spec.defense.rerolls.describe()
            {
                say!("  defense: {r}");
            }
            for n in &spec.notes {
                say!("  {n}");
            }
            say!(
                "  unharmed {:.1}%  crippled {:.1}%  destroyed {:.1}%",
                o.unharmed * 100.0,
                o.crippled * 100.0,
                o.destroyed * 100.0
            );
            let hits: Vec<String> = o
                .hits
                .iter()
                .enumerate()
                .map(|(k, p)| format!("{k}: {:.1}%", p * 100.0))
                .collect();
            say!("  hits    {}", hits.join("  "));
            let dmg: Vec<String> = o
                .damage
                .iter()
                .enumerate()
                .map(|(k, p)| format!("{k}: {:.1}%", p * 100.0))
                .collect();
            say!("  damage  {}", dmg.join("  "));
            ExitCode::SUCCESS
        }
    }
}
