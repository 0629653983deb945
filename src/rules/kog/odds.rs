//! The exact odds of one attack: the hits, the damage and how the target ends (unharmed,
//! crippled or destroyed). The in-game attack preview and `wartable odds` both call [`odds`].

use super::attack::AttackSpec;
use serde::Serialize;

/// Exact probabilities for one attack on its target.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    /// `hits[k]`: the chance of exactly k hits on the target (before Defense).
    pub hits: Vec<f64>,
    /// `damage[k]`: the chance of exactly k damage on the target (hits not cancelled).
    pub damage: Vec<f64>,
    /// The chance that the target takes no damage (0 when it was already crippled: it stays
    /// crippled, counted under `crippled`).
    pub unharmed: f64,
    /// The chance that the target ends crippled.
    pub crippled: f64,
    /// The chance that the target ends destroyed (or eliminated).
    pub destroyed: f64,
    /// `friendly_fire[k]`: the chance of exactly k hits on friendly models (Friendly Fire).
    pub friendly_fire: Vec<f64>,
    /// The chance that at least one hit lands, which sets off a blast on the models around.
    pub blast_triggers: f64,
}

/// Works out the odds of `spec` exactly, by convolving the per-die chances.
pub fn odds(spec: &AttackSpec) -> Odds {
    let hits = spec.attack.total_distribution();
    let saves = if spec.counterattack {
        vec![1.0]
    } else {
        spec.defense.total_distribution()
    };
    let mut damage = vec![0.0; hits.len()];
    for (h, ph) in hits.iter().enumerate() {
        for (s, ps) in saves.iter().enumerate() {
            damage[h - s.min(h)] += ph * ps;
        }
    }
    while damage.len() > 1 && damage.last() == Some(&0.0) {
        damage.pop();
    }
    let d0 = damage[0];
    let d1 = damage.get(1).copied().unwrap_or(0.0);
    let (unharmed, crippled, destroyed) = if spec.target_crippled {
        (0.0, d0, 1.0 - d0)
    } else {
        (d0, d1, (1.0 - d0 - d1).max(0.0))
    };
    let friendly_fire = if spec.attack.friendly_fire {
        spec.attack.friendly_fire_distribution()
    } else {
        vec![1.0]
    };
    Odds {
        blast_triggers: 1.0 - hits[0],
        hits,
        damage,
        unharmed,
        crippled,
        destroyed,
        friendly_fire,
    }
}

impl Odds {
    /// The expected number of hits.
    pub fn mean_hits(&self) -> f64 {
        self.hits
            .iter()
            .enumerate()
            .map(|(k, p)| k as f64 * p)
            .sum()
    }

    /// The JSON object `wartable odds --json` prints: the inputs named, then the odds.
    pub fn to_json(&self, inputs: serde_json::Value) -> serde_json::Value {
        serde_json::json!({
            "inputs": inputs,
            "unharmed": self.unharmed,
            "crippled": self.crippled,
            "destroyed": self.destroyed,
            "hits": self.hits,
            "damage": self.damage,
            "friendly_fire": self.friendly_fire,
            "blast_triggers": self.blast_triggers,
            "mean_hits": self.mean_hits(),
        })
    }
}

/// The flags of `wartable odds kog-light`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OddsQuery {
    pub attacker: String,
    pub weapon: String,
    pub target: String,
    pub range: f32,
    /// Upgrades of the attacker (e.g. "BlitzKämpfer"), so their weapons can be named.
    pub attacker_upgrades: Vec<String>,
    pub situation: super::attack::Situation,
}

/// Works out the odds of a query: the spec built exactly as in play, and its odds, with the
/// inputs named for the JSON.
pub fn query(
    cat: &super::catalogue::Catalogue,
    q: &OddsQuery,
) -> Result<(AttackSpec, Odds, serde_json::Value), String> {
    if !(q.range.is_finite() && q.range >= 0.0) {
        return Err(format!(
            "--range must be 0 or more inches (got {})",
            q.range
        ));
    }
    let a = cat.loadout(&q.attacker, &q.attacker_upgrades)?;
    let t = cat.loadout(&q.target, &[])?;
    let w = a.weapon(&q.weapon).cloned().ok_or_else(|| {
        let names: Vec<&str> = a.weapons.iter().map(|w| w.name.as_str()).collect();
        format!(
            "the {} has no weapon '{}' (it has {})",
            a.profile,
            q.weapon,
            names.join(", ")
        )
    })?;
    if w.is_assault() && q.range > 1.0 {
        return Err(format!(
            "the {} is a Close Assault weapon: it reaches targets within 1\" (--range {})",
            w.name, q.range
        ));
    }
    if !w.is_assault() && q.range <= 1.0 {
        return Err(format!(
            "Ranged Shooting is at targets more than 1\" away (--range {})",
            q.range
        ));
    }
    if w.indirect && q.range < 12.0 {
        return Err(format!(
            "indirect fire needs the target at least 12\" away (--range {})",
            q.range
        ));
    }
    let mut sit = q.situation.clone();
    sit.range = q.range;
    // "target models count as having Cover" against indirect fire.
    sit.cover |= w.indirect;
    let spec = super::attack::build(&w, &t, &sit);
    let o = odds(&spec);
    let s = &sit;
    let inputs = serde_json::json!({
        "rules": "kog-light",
        "attacker": a.profile,
        "attacker_upgrades": a.upgrades,
        "weapon": w.name,
        "weapon_profile": w.describe(),
        "target": t.profile,
        "range": q.range,
        "cover": s.cover,
        "charge": s.charge,
        "hold_position": s.hold_position,
        "fire_support": s.fire_support,
        "concentrated": s.concentrated,
        "attacker_crippled": s.attacker_crippled,
        "target_crippled": s.target_crippled,
        "counterattack": s.counterattack,
        "friendly_near_target": s.friendly_near_target,
        "attack_rerolls": spec.attack.rerolls.describe(),
        "defense_rerolls": if spec.counterattack { None } else { spec.defense.rerolls.describe() },
        "notes": spec.notes,
    });
    Ok((spec, o, inputs))
}
