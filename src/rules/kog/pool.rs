//! KOG light's dice: pools of d6 against a target number, with re-rolls, critical hits and
//! friendly fire; rolled through the game's dice (each die and re-roll logged with its reason) or
//! worked out exactly as probabilities. The same per-die rule serves both, so the odds shown are
//! the odds rolled.
//!
//! "A **1** is an automatic failure, while a **6** is an automatic success." "If directed to
//! re-roll both successes and failures, then the re-rolls cancel out, and the original result
//! stands. Regardless, no die may be re-rolled more than once."

use crate::dice::{Dice, DiceError};
use serde::{Deserialize, Serialize};

/// Whether a d6 showing `value` succeeds against `target`+.
pub fn success(value: u32, target: u32) -> bool {
    value == 6 || (value != 1 && value >= target)
}

/// Why dice are re-rolled: the rule names on each side.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rerolls {
    /// Rules that re-roll failed dice ("Charge", "Cover", ...).
    pub failures: Vec<String>,
    /// Rules that re-roll successful dice ("Long Range", "Crippled", ...).
    pub successes: Vec<String>,
    /// Of the failed dice, only those showing a 1 are re-rolled (the player's choice with an
    /// optional re-roll, see [`super::attack::RerollChoice`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub only_ones: bool,
}

/// The re-roll that applies once both sides are weighed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RerollMode {
    None,
    Failures,
    Successes,
}

impl Rerolls {
    pub fn mode(&self) -> RerollMode {
        match (self.failures.is_empty(), self.successes.is_empty()) {
            (false, true) => RerollMode::Failures,
            (true, false) => RerollMode::Successes,
            _ => RerollMode::None,
        }
    }

    /// Both kinds apply: they cancel out.
    pub fn cancelled(&self) -> bool {
        !self.failures.is_empty() && !self.successes.is_empty()
    }

    /// A short account: "re-roll failures (Charge)", "re-rolls cancel out (Cover / Precise)".
    pub fn describe(&self) -> Option<String> {
        match self.mode() {
            RerollMode::Failures if self.only_ones => Some(format!(
                "re-roll failed 1s only ({})",
                self.failures.join(", ")
            )),
            RerollMode::Failures => {
                Some(format!("re-roll failures ({})", self.failures.join(", ")))
            }
            RerollMode::Successes => {
                Some(format!("re-roll successes ({})", self.successes.join(", ")))
            }
            RerollMode::None if self.cancelled() => Some(format!(
                "re-rolls cancel out ({} / {})",
                self.failures.join(", "),
                self.successes.join(", ")
            )),
            RerollMode::None => None,
        }
    }
}

/// How successes turn into hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Crit {
    /// Every success is one hit (indirect fire: "If a direct fire die result is a 6").
    None,
    /// "Critical Hit – If the die result is a 6, then it causes 2 hits."
    Sixes,
    /// "Piercing – Any successful hits are Critical Hits."
    All,
}

/// One die of a pool as rolled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolDie {
    /// The first result.
    pub first: u32,
    /// The re-roll's result, if the die was re-rolled.
    pub reroll: Option<u32>,
    pub success: bool,
    /// Hits it causes (attack pools): 0, 1 or 2.
    pub hits: u32,
    /// It hit a friendly model instead ("any shot results of a 1").
    pub friendly_fire: bool,
}

impl PoolDie {
    pub fn value(&self) -> u32 {
        self.reroll.unwrap_or(self.first)
    }

    pub fn describe(&self) -> String {
        let mut s = match self.reroll {
            Some(r) => format!("{}\u{2192}{}", self.first, r),
            None => self.first.to_string(),
        };
        if self.hits == 2 {
            s.push('*');
        }
        if self.friendly_fire {
            s.push('!');
        }
        s
    }
}

/// What a pool is for, and its rules.
#[derive(Debug, Clone, PartialEq)]
pub struct PoolSpec {
    pub dice: u32,
    pub target: u32,
    pub rerolls: Rerolls,
    pub crit: Crit,
    /// Final results of 1 hit a friendly model.
    pub friendly_fire: bool,
}

impl PoolSpec {
    /// A defense pool: successes cancel hits; no criticals.
    pub fn defense(dice: u32, target: u32, rerolls: Rerolls) -> Self {
        Self {
            dice,
            target,
            rerolls,
            crit: Crit::None,
            friendly_fire: false,
        }
    }

    fn judge(&self, first: u32, reroll: Option<u32>) -> PoolDie {
        let v = reroll.unwrap_or(first);
        let ok = success(v, self.target);
        let hits = match (ok, self.crit) {
            (false, _) => 0,
            (true, Crit::All) => 2,
            (true, Crit::Sixes) if v == 6 => 2,
            (true, _) => 1,
        };
        PoolDie {
            first,
            reroll,
            success: ok,
            hits,
            friendly_fire: self.friendly_fire && v == 1,
        }
    }

    fn wants_reroll(&self, first: u32) -> bool {
        match self.rerolls.mode() {
            RerollMode::None => false,
            RerollMode::Failures => {
                !success(first, self.target) && (!self.rerolls.only_ones || first == 1)
            }
            RerollMode::Successes => success(first, self.target),
        }
    }

    /// Rolls the pool: all dice at once, then each re-roll on its own, every roll logged with
    /// `purpose` and the rule that asked for it.
    pub fn roll(&self, dice: &mut Dice, purpose: &str) -> Result<Vec<PoolDie>, DiceError> {
        if self.dice == 0 {
            return Ok(Vec::new());
        }
        let first = dice.roll(&format!("{}d6", self.dice), purpose)?.kept();
        let why = match self.rerolls.mode() {
            RerollMode::Failures => self.rerolls.failures.join(", "),
            RerollMode::Successes => self.rerolls.successes.join(", "),
            RerollMode::None => String::new(),
        };
        let mut out = Vec::with_capacity(first.len());
        for (k, v) in first.into_iter().enumerate() {
            let reroll = if self.wants_reroll(v) {
                let r = dice.roll(
                    "1d6",
                    &format!("{purpose}: re-roll of die {} ({v}) for {why}", k + 1),
                )?;
                Some(r.total.clamp(1, 6) as u32)
            } else {
                None
            };
            out.push(self.judge(v, reroll));
        }
        Ok(out)
    }

    /// The exact chance of each outcome of one die: (hits, friendly fire, probability).
    pub fn die_outcomes(&self) -> Vec<(u32, bool, f64)> {
        let mut out: Vec<(u32, bool, f64)> = Vec::new();
        let mut add = |d: PoolDie, p: f64| {
            let key = (d.hits, d.friendly_fire);
            match out.iter_mut().find(|o| (o.0, o.1) == key) {
                Some(o) => o.2 += p,
                None => out.push((key.0, key.1, p)),
            }
        };
        for first in 1..=6 {
            if self.wants_reroll(first) {
                for second in 1..=6 {
                    add(self.judge(first, Some(second)), 1.0 / 36.0);
                }
            } else {
                add(self.judge(first, None), 1.0 / 6.0);
            }
        }
        out
    }

    /// The exact distribution of the pool's total (hits for an attack pool, successes for a
    /// defense pool): index = total.
    pub fn total_distribution(&self) -> Vec<f64> {
        let per_die: Vec<(usize, f64)> = self
            .die_outcomes()
            .into_iter()
            .map(|(h, _, p)| (h as usize, p))
            .collect();
        let mut dist = vec![1.0];
        for _ in 0..self.dice {
            let mut next = vec![0.0; dist.len() + 2];
            for (t, p) in dist.iter().enumerate() {
                for (h, q) in &per_die {
                    next[t + h] += p * q;
                }
            }
            while next.len() > 1 && next.last() == Some(&0.0) {
                next.pop();
            }
            dist = next;
        }
        dist
    }

    /// The exact distribution of friendly-fire hits: index = hits on friendly models.
    pub fn friendly_fire_distribution(&self) -> Vec<f64> {
        let p1: f64 = self
            .die_outcomes()
            .iter()
            .filter(|o| o.1)
            .map(|o| o.2)
            .sum();
        let mut dist = vec![1.0];
        for _ in 0..self.dice {
            let mut next = vec![0.0; dist.len() + 1];
            for (t, p) in dist.iter().enumerate() {
                next[t] += p * (1.0 - p1);
                next[t + 1] += p * p1;
            }
            dist = next;
        }
        dist
    }
}

/// Successes for a defense pool.
pub fn successes(dice: &[PoolDie]) -> u32 {
    dice.iter().filter(|d| d.success).count() as u32
}

/// Hits for an attack pool.
pub fn hits(dice: &[PoolDie]) -> u32 {
    dice.iter().map(|d| d.hits).sum()
}

pub fn describe_dice(dice: &[PoolDie]) -> String {
    let v: Vec<String> = dice.iter().map(PoolDie::describe).collect();
    format!("[{}]", v.join(", "))
}
