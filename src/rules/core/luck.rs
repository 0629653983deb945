//! Luck: how each logged roll compares with its exact odds, and how a side's rolls add up
//! against what they should have come to. Pure arithmetic on [`Roll`]s (no rendering): the
//! battle report and the replay viewer show the same figures.
//!
//! - [`Dist::of`] gives the exact distribution of a roll's total from its [`DiceExpr`] (count,
//!   sides, keep highest/lowest, one re-roll of low dice, exploding maximums, the modifier).
//! - [`roll_luck`] gives a roll's mid-percentile: `100 * (P(total < x) + P(total = x) / 2)`, so a
//!   2d6 roll of 10 stands at `100 * (30 + 3/2) / 36 = 87.5`. [`RollLuck::luck`] is the same seen
//!   from the side the roll counts for (`100 - percentile` when a low total is the good one).
//! - [`side_luck`] adds a side's rolls (optionally only one round's): the deviations from the
//!   expectations, counted in the side's favour, over the square root of the summed variances:
//!   a z-score, `+1.0` is one standard deviation luckier than expected.
//! - [`extremes`] names the luckiest and unluckiest rolls of a game.

use crate::dice::{DiceExpr, Keep, Roll};

/// Whose luck a roll measures ([`crate::rules::core::RuleSet::roll_readings`]): the seat it is
/// good for, and whether a high total is the good one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollFor {
    pub seat: u8,
    pub high_is_good: bool,
}

impl RollFor {
    /// Good for `seat` when high.
    pub const fn high(seat: u8) -> Self {
        Self {
            seat,
            high_is_good: true,
        }
    }

    /// Good for `seat` when low (a roll under a target, the damage a seat takes).
    pub const fn low(seat: u8) -> Self {
        Self {
            seat,
            high_is_good: false,
        }
    }
}

/// The seat a roll's purpose names as "side N" ("Dice-off for Attacker: side 2", "face-off:
/// side 1's d6"), in games whose sides are their seats.
pub fn side_named(purpose: &str) -> Option<u8> {
    let at = purpose.find("side ")? + 5;
    let digits: String = purpose[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The seat of the longest of `names` that `purpose` begins with ("Brute defends against
/// ..." is Brute's roll): the rule sets name the model a roll is for first.
pub fn named_seat<'a>(purpose: &str, names: impl IntoIterator<Item = (&'a str, u8)>) -> Option<u8> {
    names
        .into_iter()
        .filter(|(n, _)| !n.is_empty() && purpose.starts_with(n))
        .max_by_key(|(n, _)| n.len())
        .map(|(_, s)| s)
}

/// Probabilities below this are dropped from an exploding die's chain (a chain that long has
/// less chance than the float's own rounding).
const TAIL: f64 = 1e-15;
/// Most steps of arithmetic one distribution may take; a larger roll is skipped, not guessed.
const MAX_WORK: u64 = 40_000_000;

/// The exact distribution of a roll's total: `p[i]` is the chance of `min + i`.
#[derive(Debug, Clone, PartialEq)]
pub struct Dist {
    pub min: i64,
    pub p: Vec<f64>,
}

/// Why a roll has no luck figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// Keeping some dice of an exploding roll: the kept dice depend on how many the explosions
    /// added, which the exact count does not cover.
    KeepWithExplosions,
    /// Too many dice and sides to enumerate exactly in reasonable time.
    TooLarge,
    /// A roll with a single possible total tells nothing of luck.
    Certain,
    /// Another seat's secret that this report may not show.
    Secret,
}

impl std::fmt::Display for Skip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Skip::KeepWithExplosions => "keeps some dice of an exploding roll (not computed)",
            Skip::TooLarge => "too many dice to enumerate exactly",
            Skip::Certain => "only one possible total",
            Skip::Secret => "another seat's secret",
        })
    }
}

impl Dist {
    /// The exact distribution of `e`'s total.
    pub fn of(e: &DiceExpr) -> Result<Dist, Skip> {
        let n = e.count as usize;
        let s = e.sides as usize;
        if e.keep.is_some() && e.explode {
            return Err(Skip::KeepWithExplosions);
        }
        let die = one_die(e);
        let mut d = match e.keep {
            Some(k) => {
                let (high, k) = match k {
                    Keep::Highest(k) => (true, k as usize),
                    Keep::Lowest(k) => (false, k as usize),
                };
                let work = (s as u64) * (n as u64 + 1).pow(2) * (k * s + 1) as u64;
                if work > MAX_WORK {
                    return Err(Skip::TooLarge);
                }
                keep_dist(&die, n, k.min(n), high)
            }
            None => {
                let top = (die.p.len() * n) as u64;
                if (n as u64) * top * die.p.len() as u64 > MAX_WORK {
                    return Err(Skip::TooLarge);
                }
                let mut acc = Dist {
                    min: 0,
                    p: vec![1.0],
                };
                for _ in 0..n {
                    acc = acc.convolve(&die);
                }
                acc
            }
        };
        d.min += e.modifier as i64;
        Ok(d)
    }

    pub fn max(&self) -> i64 {
        self.min + self.p.len() as i64 - 1
    }

    /// The chance of exactly `x`.
    pub fn at(&self, x: i64) -> f64 {
        if x < self.min {
            return 0.0;
        }
        self.p.get((x - self.min) as usize).copied().unwrap_or(0.0)
    }

    /// The chance of less than `x`.
    pub fn below(&self, x: i64) -> f64 {
        let end = (x - self.min).clamp(0, self.p.len() as i64) as usize;
        self.p[..end].iter().sum()
    }

    /// `100 * (P(< x) + P(= x) / 2)`: 50 is the middle of the odds.
    pub fn percentile(&self, x: i64) -> f64 {
        100.0 * (self.below(x) + self.at(x) / 2.0)
    }

    pub fn mean(&self) -> f64 {
        self.p
            .iter()
            .enumerate()
            .map(|(i, p)| p * (self.min + i as i64) as f64)
            .sum()
    }

    pub fn variance(&self) -> f64 {
        let m = self.mean();
        self.p
            .iter()
            .enumerate()
            .map(|(i, p)| p * ((self.min + i as i64) as f64 - m).powi(2))
            .sum()
    }

    fn convolve(&self, o: &Dist) -> Dist {
        let mut p = vec![0.0; self.p.len() + o.p.len() - 1];
        for (i, a) in self.p.iter().enumerate() {
            for (j, b) in o.p.iter().enumerate() {
                p[i + j] += a * b;
            }
        }
        Dist {
            min: self.min + o.min,
            p,
        }
    }
}

/// One die of `e` as it counts: a die showing `reroll_at_most` or less rolled once more, and with
/// explosions the die's value plus the dice its maximums added (drawn without re-rolls).
fn one_die(e: &DiceExpr) -> Dist {
    let s = e.sides as usize;
    let f = 1.0 / s as f64;
    let r = e.reroll_at_most.unwrap_or(0) as usize;
    // p[v - 1]: the chance the die shows v after its re-roll.
    let first: Vec<f64> = (1..=s)
        .map(|v| (if v > r { f } else { 0.0 }) + r as f64 * f * f)
        .collect();
    if !e.explode {
        return Dist { min: 1, p: first };
    }
    // The total of a chain: the first value, and while the last showed `s`, another die.
    let mut p = vec![0.0; s];
    p[..s - 1].copy_from_slice(&first[..s - 1]);
    let mut carry = first[s - 1]; // the chance the chain so far is all maximums
    let mut base = s; // the total of those maximums
    let mut extra = 0;
    while carry > TAIL && extra < crate::dice::expr::MAX_EXPLOSIONS {
        extra += 1;
        p.resize(base + s, 0.0);
        for v in 1..s {
            p[base + v - 1] += carry * f;
        }
        carry *= f;
        base += s;
    }
    // A chain cut by the explosion limit stops on its last maximum.
    if p.len() < base {
        p.resize(base, 0.0);
    }
    p[base - 1] += carry;
    Dist { min: 1, p }
}

/// The total of the `k` highest (or lowest) of `n` dice that each follow `die` (values 1..).
/// Goes through the faces from the kept end, choosing how many dice show each face.
fn keep_dist(die: &Dist, n: usize, k: usize, high: bool) -> Dist {
    let faces: Vec<(usize, f64)> = {
        let mut f: Vec<(usize, f64)> = die.p.iter().enumerate().map(|(i, p)| (i + 1, *p)).collect();
        if high {
            f.reverse();
        }
        f
    };
    let top = k * die.p.len();
    // dp[m][t]: weight of m dice placed, kept total t.
    let mut dp = vec![vec![0.0; top + 1]; n + 1];
    dp[0][0] = 1.0;
    let binom = binomials(n);
    for (v, q) in faces {
        let mut next = vec![vec![0.0; top + 1]; n + 1];
        for m in 0..=n {
            for t in 0..=top {
                let w = dp[m][t];
                if w == 0.0 {
                    continue;
                }
                let mut qj = 1.0;
                for j in 0..=(n - m) {
                    let kept = j.min(k.saturating_sub(m));
                    next[m + j][t + kept * v] += w * binom[n - m][j] * qj;
                    qj *= q;
                }
            }
        }
        dp = next;
    }
    Dist {
        min: 0,
        p: dp.swap_remove(n),
    }
    .trimmed()
}

impl Dist {
    /// Drops impossible totals from both ends.
    fn trimmed(mut self) -> Dist {
        let lead = self.p.iter().take_while(|p| **p == 0.0).count();
        self.p.drain(..lead);
        self.min += lead as i64;
        while self.p.last() == Some(&0.0) {
            self.p.pop();
        }
        if self.p.is_empty() {
            self.p.push(1.0);
        }
        self
    }
}

fn binomials(n: usize) -> Vec<Vec<f64>> {
    let mut c = vec![vec![0.0; n + 1]; n + 1];
    for i in 0..=n {
        c[i][0] = 1.0;
        for j in 1..=i {
            c[i][j] = c[i - 1][j - 1] + if j < i { c[i - 1][j] } else { 0.0 };
        }
    }
    c
}

/// A roll as the report counts it: which side it is good for, in which round, and whether a
/// high total is the good one.
#[derive(Debug, Clone, PartialEq)]
pub struct Counted<'a> {
    pub roll: &'a Roll,
    /// The side (numbered from 1) whose luck the roll measures.
    pub side: u8,
    pub round: u32,
    /// A high total helps that side (false for a roll under a target).
    pub high_is_good: bool,
}

/// The luck figures of one roll.
#[derive(Debug, Clone, PartialEq)]
pub struct RollLuck {
    pub seq: u64,
    pub side: u8,
    pub round: u32,
    pub purpose: String,
    pub expr: String,
    pub total: i64,
    pub mean: f64,
    pub variance: f64,
    /// Where the total stands in its odds, 0 to 100 (mid-percentile, see the module's note).
    pub percentile: f64,
    /// The percentile seen from the roll's side: high is lucky for it.
    pub luck: f64,
    pub high_is_good: bool,
}

/// The figures of a roll, or why it has none.
pub fn roll_luck(c: &Counted) -> Result<RollLuck, Skip> {
    let d = Dist::of(&c.roll.expr)?;
    if d.p.len() < 2 {
        return Err(Skip::Certain);
    }
    let percentile = d.percentile(c.roll.total);
    Ok(RollLuck {
        seq: c.roll.seq,
        side: c.side,
        round: c.round,
        purpose: c.roll.purpose.to_string(),
        expr: c.roll.expr.to_string(),
        total: c.roll.total,
        mean: d.mean(),
        variance: d.variance(),
        percentile,
        luck: if c.high_is_good {
            percentile
        } else {
            100.0 - percentile
        },
        high_is_good: c.high_is_good,
    })
}

/// A side's rolls added up against their odds.
#[derive(Debug, Clone, PartialEq)]
pub struct SideLuck {
    pub side: u8,
    /// `None` for the whole game.
    pub round: Option<u32>,
    pub rolls: usize,
    /// The totals, and what they were expected to come to.
    pub sum: i64,
    pub expected: f64,
    /// The standard deviation of the sum.
    pub sd: f64,
    /// How many standard deviations in the side's favour (the deviation of each roll counted
    /// with its sign flipped where a low total is the good one); 0 with no rolls.
    pub z: f64,
}

/// Adds up the rolls of `side` (of one `round`, or all with `None`).
pub fn side_luck(rolls: &[RollLuck], side: u8, round: Option<u32>) -> SideLuck {
    let mine = rolls
        .iter()
        .filter(|r| r.side == side && round.is_none_or(|n| r.round == n));
    let (mut n, mut sum, mut expected, mut var, mut dev) = (0, 0, 0.0, 0.0, 0.0);
    for r in mine {
        n += 1;
        sum += r.total;
        expected += r.mean;
        var += r.variance;
        let d = r.total as f64 - r.mean;
        dev += if r.high_is_good { d } else { -d };
    }
    let sd = var.sqrt();
    SideLuck {
        side,
        round,
        rolls: n,
        sum,
        expected,
        sd,
        z: if sd > 0.0 { dev / sd } else { 0.0 },
    }
}

/// The `n` luckiest and the `n` unluckiest rolls (by [`RollLuck::luck`], ties by roll order).
pub fn extremes(rolls: &[RollLuck], n: usize) -> (Vec<&RollLuck>, Vec<&RollLuck>) {
    let mut v: Vec<&RollLuck> = rolls.iter().collect();
    v.sort_by(|a, b| b.luck.total_cmp(&a.luck).then(a.seq.cmp(&b.seq)));
    let lucky: Vec<&RollLuck> = v.iter().take(n).copied().collect();
    v.sort_by(|a, b| a.luck.total_cmp(&b.luck).then(a.seq.cmp(&b.seq)));
    let unlucky: Vec<&RollLuck> = v.iter().take(n).copied().collect();
    (lucky, unlucky)
}
