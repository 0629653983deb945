//! The exact odds of one KtOG roll to hit (or to disarm), every d20 and d6 counted: the chance to
//! hit, to hit critically, to fumble, and the damage dealt and suffered. The overlay and
//! `wartable odds ktog` print these.

use serde::Serialize;

/// What the attack is.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Strike {
    /// The number needed on the d20 ([`super::state::strike_need`], or 17/16 to disarm).
    pub need: i32,
    /// An attempt to disarm instead of a strike.
    pub disarm: bool,
    /// A Mighty Blow will double the damage.
    pub mighty: bool,
    /// Bare-handed: -2 damage (and no weapon to drop on a fumble).
    pub bare: bool,
    /// The Q&A's option: a 1 on the roll to drop the weapon loses it.
    pub lost_weapon: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StrikeOdds {
    /// A hit (or a disarm), criticals included.
    pub hit: f64,
    /// A natural 20 on a strike (2d6 damage).
    pub critical: f64,
    /// A natural 1: a critical miss.
    pub fumble: f64,
    /// `damage[k]`: the chance the target takes exactly k (no Dodge).
    pub damage: Vec<f64>,
    /// `self_damage[k]`: the chance the attacker hits themself for exactly k.
    pub self_damage: Vec<f64>,
    /// The chance the attacker loses the weapon on a fumble.
    pub drops_weapon: f64,
}

fn add(v: &mut Vec<f64>, k: usize, p: f64) {
    if v.len() <= k {
        v.resize(k + 1, 0.0);
    }
    v[k] += p;
}

/// Counts every die of the roll to hit, the damage, and a fumble's rolls.
pub fn strike(a: &Strike) -> StrikeOdds {
    let mut o = StrikeOdds {
        hit: 0.0,
        critical: 0.0,
        fumble: 0.0,
        damage: vec![0.0],
        self_damage: vec![0.0],
        drops_weapon: 0.0,
    };
    let hurt = |sum: i32, doubled: bool| -> usize {
        let d = if doubled { sum * 2 } else { sum };
        (if a.bare { (d - 2).max(0) } else { d }) as usize
    };
    for r in 1..=20 {
        let p = 1.0 / 20.0;
        if r == 1 {
            o.fumble += p;
            // Hit yourself on 17+ for a d6; else (with a weapon) drop it on 17+ (or a 1).
            for s in 1..=20 {
                let q = p / 20.0;
                if s >= 17 {
                    for d in 1..=6 {
                        add(&mut o.self_damage, hurt(d, false), q / 6.0);
                    }
                } else {
                    add(&mut o.self_damage, 0, q);
                    if !a.bare {
                        let drops = (17..=20).count() + usize::from(a.lost_weapon);
                        o.drops_weapon += q * drops as f64 / 20.0;
                    }
                }
            }
            add(&mut o.damage, 0, p);
            continue;
        }
        add(&mut o.self_damage, 0, p);
        let critical = r == 20 && !a.disarm;
        if !(critical || r >= a.need) {
            add(&mut o.damage, 0, p);
            continue;
        }
        o.hit += p;
        if a.disarm {
            add(&mut o.damage, 0, p);
        } else if critical {
            o.critical += p;
            for d1 in 1..=6 {
                for d2 in 1..=6 {
                    add(&mut o.damage, hurt(d1 + d2, a.mighty), p / 36.0);
                }
            }
        } else {
            for d in 1..=6 {
                add(&mut o.damage, hurt(d, a.mighty), p / 6.0);
            }
        }
    }
    o
}

impl StrikeOdds {
    /// The mean damage dealt.
    pub fn mean_damage(&self) -> f64 {
        self.damage
            .iter()
            .enumerate()
            .map(|(k, p)| k as f64 * p)
            .sum()
    }
}
