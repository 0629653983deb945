//! The exact odds of one Krig attack (or charged attack) against the defender's defence die,
//! with and without their parry, every d6, d8, d10 and d4 counted. The overlay and
//! `wartable odds krig` print these.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Attack {
    /// A charged attack: d6 + d8, and it cannot be parried.
    pub charged: bool,
    /// What the defender's d8 in the defence position has left (0: none).
    pub defence: u8,
    /// Whether the defender parries (when the attack can be parried).
    pub parry: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttackOdds {
    /// The d10 shows 1.
    pub miss: f64,
    /// The d10 shows 10: straight to the health.
    pub critical: f64,
    /// The d4 beats (or equals) the d6.
    pub parried: f64,
    /// A parry tried and failed: the attacker goes again.
    pub parry_failed: f64,
    /// `health[k]`: the chance the defender's health drops by exactly k.
    pub health: Vec<f64>,
}

impl AttackOdds {
    pub fn mean(&self) -> f64 {
        self.health
            .iter()
            .enumerate()
            .map(|(k, p)| k as f64 * p)
            .sum()
    }
}

fn add(v: &mut Vec<f64>, k: usize, p: f64) {
    if v.len() <= k {
        v.resize(k + 1, 0.0);
    }
    v[k] += p;
}

pub fn attack(a: &Attack) -> AttackOdds {
    let mut o = AttackOdds {
        miss: 0.0,
        critical: 0.0,
        parried: 0.0,
        parry_failed: 0.0,
        health: vec![0.0],
    };
    let d8s: Vec<u32> = if a.charged {
        (1..=8).collect()
    } else {
        vec![0]
    };
    let p8 = 1.0 / d8s.len() as f64;
    for d6 in 1..=6u32 {
        for &d8 in &d8s {
            for d10 in 1..=10u32 {
                let p = p8 / 60.0;
                let power = (d6 + d8) as i32;
                if d10 == 1 {
                    o.miss += p;
                    add(&mut o.health, 0, p);
                    continue;
                }
                if d10 == 10 {
                    o.critical += p;
                    add(&mut o.health, power as usize, p);
                    continue;
                }
                let through = (power - a.defence as i32).max(0) as usize;
                if a.charged || !a.parry {
                    add(&mut o.health, through, p);
                    continue;
                }
                for d4 in 1..=4u32 {
                    let q = p / 4.0;
                    if d4 >= d6 {
                        o.parried += q;
                        add(&mut o.health, 0, q);
                    } else {
                        o.parry_failed += q;
                        add(&mut o.health, through, q);
                    }
                }
            }
        }
    }
    o
}
