//! "Dice and their use": D6 only; "Whenever a 6 is rolled, the player can re-roll that dice and
//! add the new roll to the 6"; targets of 7 and over; keep dice (`4K3`); attribute checks. Both
//! the rolling (with the game's seeded, logged dice) and the exact chances the odds are built on.

use crate::dice::{Dice, DiceError, Roll};
use serde::{Deserialize, Serialize};

/// How a target of 7 or more is passed. The text's table ("7+: Pass on a roll of 3 or higher"
/// after a 6) and its worked example 3 (dice of 7 and 8 pass a target of 7 as 6+1 and 6+2)
/// disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum HighTargets {
    /// A die's total (6 plus its re-rolls) against the target, as example 3 and "Rolling 6's"
    /// read: 7 is 6+1.
    Sum,
    /// The printed table: 7+ is a 6 then 3 or higher, 8+ a 6 then 4+, ... 10+ a 6 then 6+, 11+ two
    /// 6s then 3+, "This pattern repeats". The default: the section and the example's own note
    /// ("remember to hit 7 you need to roll a 6 and then a 3") both read it so.
    #[default]
    Table,
}

impl HighTargets {
    pub fn label(self) -> &'static str {
        match self {
            HighTargets::Sum => "a die's total (6 + re-roll), as worked example 3",
            HighTargets::Table => "the printed table (7+: a 6, then 3 or higher)",
        }
    }
}

/// The total a die's total must reach to pass `target` under `reading`.
pub fn threshold(target: i32, reading: HighTargets) -> i32 {
    match reading {
        HighTargets::Sum => target,
        HighTargets::Table if target >= 7 => {
            // k sixes needed, then the last die at least target - 4k: a total of target + 2k.
            let k = (target - 7) / 4 + 1;
            target + 2 * k
        }
        HighTargets::Table => target,
    }
}

/// Whether a die whose total is `value` passes `target`.
pub fn passes(value: u32, target: i32, reading: HighTargets) -> bool {
    value as i64 >= threshold(target, reading) as i64
}

/// The chance that one exploding d6 totals at least `t`.
pub fn p_at_least(t: i32) -> f64 {
    if t <= 1 {
        1.0
    } else if t <= 6 {
        (7 - t) as f64 / 6.0
    } else {
        p_at_least(t - 6) / 6.0
    }
}

/// The chance that one die passes `target`.
pub fn p_pass(target: i32, reading: HighTargets) -> f64 {
    p_at_least(threshold(target, reading))
}

/// A roll of exploding d6s, each die's total with the faces it took.
#[derive(Debug, Clone, PartialEq)]
pub struct Rolled {
    /// Each die's total (a 6 plus its re-rolls).
    pub totals: Vec<u32>,
    /// Each die's first face.
    pub faces: Vec<u32>,
    /// The logged roll's place in the game's dice log.
    pub seq: u64,
}

impl Rolled {
    /// Groups a logged `Nd6!` roll into dice: a die and the explosions after it.
    pub fn from_roll(r: &Roll) -> Self {
        let mut totals = Vec::new();
        let mut faces = Vec::new();
        for d in &r.dice {
            if d.from_explosion {
                if let Some(t) = totals.last_mut() {
                    *t += d.value;
                }
            } else {
                totals.push(d.value);
                faces.push(d.value);
            }
        }
        Rolled {
            totals,
            faces,
            seq: r.seq,
        }
    }

    /// How many dice pass `target`.
    pub fn passing(&self, target: i32, reading: HighTargets) -> usize {
        self.totals
            .iter()
            .filter(|v| passes(**v, target, reading))
            .count()
    }

    /// "If at any point you roll all 1's": every die's face a 1 (and at least one die).
    pub fn all_ones(&self) -> bool {
        !self.faces.is_empty() && self.faces.iter().all(|f| *f == 1)
    }

    /// "If a score of 18 is received by rolling 6's": one die totals 18 or more (three 6s in a
    /// row). Three dice showing a 6 are not one: worked example 2 of ranged combat rolls "6, 8,
    /// 1, 5, 6" and causes 1 wound, not double.
    pub fn critical(&self) -> bool {
        self.totals.iter().any(|t| *t >= CRITICAL_TOTAL)
    }

    /// The highest die (0 with no dice).
    pub fn highest(&self) -> u32 {
        self.totals.iter().copied().max().unwrap_or(0)
    }
}

/// A die's total that is a critical pass: "a score of 18 is received by rolling 6's".
pub const CRITICAL_TOTAL: u32 = 18;

/// Rolls `n` exploding d6s for `purpose` (no dice: an empty roll, nothing logged).
pub fn roll(dice: &mut Dice, n: u32, purpose: &str) -> Result<Rolled, DiceError> {
    if n == 0 {
        return Ok(Rolled {
            totals: Vec::new(),
            faces: Vec::new(),
            seq: 0,
        });
    }
    let r = dice.roll(&format!("{n}d6!"), purpose)?;
    Ok(Rolled::from_roll(&r))
}

/// "If an attribute roll is called, roll the amount of dice as per the attribute number ... and
/// compare the highest roll to the target number."
pub fn attribute_check(
    dice: &mut Dice,
    attribute: u32,
    target: i32,
    reading: HighTargets,
    purpose: &str,
) -> Result<(bool, Rolled), DiceError> {
    let r = roll(dice, attribute, purpose)?;
    let pass = passes(r.highest(), target, reading) && attribute > 0;
    Ok((pass, r))
}

/// The binomial distribution of passes among `n` dice that each pass with chance `p`.
pub fn binomial(n: u32, p: f64) -> Vec<f64> {
    let mut d = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; d.len() + 1];
        for (k, q) in d.iter().enumerate() {
            next[k] += q * (1.0 - p);
            next[k + 1] += q * p;
        }
        d = next;
    }
    d
}
