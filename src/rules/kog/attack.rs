//! One attack's dice as the rules set them: which re-rolls apply to the attack and to the
//! Defense, and why. Built from a [`Situation`] (read off the game, or typed on the command line),
//! so that play, the preview and `wartable odds` share one reading of "Resolve Attacks".

use super::catalogue::{Loadout, Weapon};
use super::pool::{Crit, PoolSpec, Rerolls};
use serde::{Deserialize, Serialize};

/// What the attacker's player does with the re-rolls of failed dice that the rules offer
/// ("may re-roll any failed shots": Hold Position, Fire Support; "may re-roll any failed
/// attacks": Charge!). Chosen when the attack is declared.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RerollChoice {
    /// Every failed die is re-rolled.
    #[default]
    Failures,
    /// Only failed dice showing a 1 are re-rolled: under Friendly Fire a 1 already hits a
    /// friend, so its re-roll can only help, while re-rolling a 2 risks a new 1.
    OnlyOnes,
    /// The player keeps every die as rolled.
    Decline,
}

impl RerollChoice {
    pub fn is_default(&self) -> bool {
        *self == RerollChoice::Failures
    }

    pub fn label(self) -> &'static str {
        match self {
            RerollChoice::Failures => "re-roll failed dice",
            RerollChoice::OnlyOnes => "re-roll only the 1s",
            RerollChoice::Decline => "keep the dice (no re-roll)",
        }
    }
}

/// Everything about an attack that is not in the profiles.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Situation {
    /// Base edge to base edge, in inches.
    pub range: f32,
    /// The target has cover from the attacker (in Close Assault as in Ranged Shooting; indirect
    /// fire gives it, unless a Forward Observer sees the target in the open).
    pub cover: bool,
    /// The attacker made a Charge! move this turn.
    pub charge: bool,
    /// The attacker made a Hold Position move this turn.
    pub hold_position: bool,
    /// A Commander gave the attacker Fire Support this turn.
    pub fire_support: bool,
    /// The target was a target earlier this turn.
    pub concentrated: bool,
    pub attacker_crippled: bool,
    pub target_crippled: bool,
    /// The target counterattacks instead of defending.
    pub counterattack: bool,
    /// A model friendly to the attacker is within 1" of the target (ranged attacks).
    pub friendly_near_target: bool,
    /// What the player does with the optional re-rolls of failed dice (Charge!, Hold Position,
    /// Fire Support).
    #[serde(default, skip_serializing_if = "RerollChoice::is_default")]
    pub reroll: RerollChoice,
}

/// The two pools of an attack and what decides the outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct AttackSpec {
    pub attack: PoolSpec,
    pub defense: PoolSpec,
    pub counterattack: bool,
    pub target_crippled: bool,
    /// Rules weighed that change no die (for the log): "Heavy Armor: Concentrated Attack has
    /// no effect", "Indirect: no critical hits".
    pub notes: Vec<String>,
}

/// The attack with `weapon` on `target` in `s`.
pub fn build(weapon: &Weapon, target: &Loadout, s: &Situation) -> AttackSpec {
    let mut notes = Vec::new();
    let assault = weapon.is_assault();
    let mut hit = Rerolls::default();
    // "may re-roll any failed attacks" / "may re-roll any failed shots": offered, not imposed.
    let mut offered: Vec<String> = Vec::new();
    if assault {
        if s.charge {
            offered.push("Charge!".into());
        }
    } else {
        if s.hold_position {
            offered.push("Hold Position".into());
        }
        if s.fire_support {
            offered.push("Fire Support".into());
        }
    }
    if !offered.is_empty() {
        match s.reroll {
            RerollChoice::Failures => hit.failures = offered,
            RerollChoice::OnlyOnes => {
                hit.failures = offered;
                hit.only_ones = true;
            }
            RerollChoice::Decline => notes.push(format!(
                "{}: the player keeps the dice (\"may re-roll\")",
                offered.join(", ")
            )),
        }
    }
    if !assault {
        if s.range > weapon.range + 1e-4 {
            hit.successes.push("Long Range".into());
        }
    }
    if s.attacker_crippled {
        hit.successes.push("Crippled attacker".into());
    }
    let crit = if weapon.piercing {
        Crit::All
    } else if assault || !weapon.indirect {
        Crit::Sixes
    } else {
        notes.push(
            "Indirect: a 6 is no Critical Hit (\"If a direct fire die result is a 6\")".into(),
        );
        Crit::None
    };
    let friendly_fire = !assault && s.friendly_near_target;
    if friendly_fire {
        notes.push("Friendly Fire: a friendly model is within 1\" of the target".into());
    }
    let mut def = Rerolls::default();
    if s.cover {
        def.failures.push("Cover".to_string());
    }
    if s.concentrated {
        if target.is_tank() {
            notes.push("Heavy Armor: Concentrated Attacks have no effect on Tanks".into());
        } else {
            def.successes.push("Concentrated Attack".into());
        }
    }
    if weapon.precise {
        def.successes.push("Precise".into());
    }
    if s.target_crippled {
        def.successes.push("Crippled target".into());
    }
    if s.counterattack {
        notes.push("Counterattack: the target rolls no Defense".into());
    }
    AttackSpec {
        attack: PoolSpec {
            dice: weapon.dice(),
            target: weapon.hit,
            rerolls: hit,
            crit,
            friendly_fire,
        },
        defense: PoolSpec::defense(target.defense, target.save, def),
        counterattack: s.counterattack,
        target_crippled: s.target_crippled,
        notes,
    }
}

/// The Defense of a model that suffers hits without being the target (a blast, friendly fire):
/// Cover and Crippled apply; Concentrated Attack does not, as it is no target.
pub fn bystander_defense(model: &Loadout, cover: bool, crippled: bool) -> PoolSpec {
    let mut def = Rerolls::default();
    if cover {
        def.failures.push("Cover".into());
    }
    if crippled {
        def.successes.push("Crippled".into());
    }
    PoolSpec::defense(model.defense, model.save, def)
}
