//! "Chapter 5: Ranged Combat": one shot's numbers (dice, to-hit target, the K cap after long
//! range, the wound target and the S cap), rolled with the game's dice, and its exact odds. The
//! game, the model card's preview and `wartable odds kry-gothic` all use these.

use super::dice::{self, CRITICAL_TOTAL, HighTargets, Rolled, binomial, p_pass};
use super::stats::WeaponStats;
use crate::dice::{Dice, DiceError};
use serde::{Deserialize, Serialize};

/// "Nearly all the weapons in Kry-Gothic have 4 types of attacks".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FireMode {
    /// "-2 to RC Stat, but two attacks for base AP cost can be performed".
    Snap,
    Standard,
    /// "+2 to RC stat, but the player must spend 2 extra AP".
    Aimed,
    /// "+2 ... do NOT roll to wound. The only time you are allowed to roll to wound is if you get
    /// a critical hit."
    Suppressive,
}

impl FireMode {
    pub const ALL: [FireMode; 4] = [
        FireMode::Snap,
        FireMode::Standard,
        FireMode::Aimed,
        FireMode::Suppressive,
    ];

    pub fn label(self) -> &'static str {
        match self {
            FireMode::Snap => "snap shot",
            FireMode::Standard => "standard shot",
            FireMode::Aimed => "aimed shot",
            FireMode::Suppressive => "suppressive fire",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "snap" => Some(FireMode::Snap),
            "standard" => Some(FireMode::Standard),
            "aimed" => Some(FireMode::Aimed),
            "suppressive" => Some(FireMode::Suppressive),
            _ => None,
        }
    }

    /// The change to the RC dice.
    pub fn rc(self) -> i32 {
        match self {
            FireMode::Snap => -2,
            FireMode::Standard => 0,
            FireMode::Aimed | FireMode::Suppressive => 2,
        }
    }
}

/// Which number the blind side's "increase the strength of the weapon by two points" raises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum BlindSide {
    /// The number after the K, which the to-wound roll takes off Body + armour (the role the
    /// prose gives "strength": it "reduces the targets body score"): flanking beats armour.
    #[default]
    Damage,
    /// The number after the S (the text names it "strength"): more wounds at most.
    Strength,
}

/// Everything one shot depends on, known once it is called and the distance measured.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Shot {
    /// The shooter's RC.
    pub rc: u8,
    pub weapon: WeaponStats,
    /// Short range ("2 inches or under").
    pub short: f32,
    /// Long range ("6 inches or over").
    pub long: f32,
    pub mode: FireMode,
    /// Measured after the shot is called, base edge to base edge.
    pub range: f32,
    /// "The targets body is at least half hidden by cover".
    pub cover: bool,
    /// "The target has a speed attribute of over 5" (its modified Speed).
    pub fast_target: bool,
    /// "The scenario being played is in the dark".
    pub dark: bool,
    /// "The target is sprinting".
    pub sprinting: bool,
    /// The shooter is pinned: "Any time the unit fires, they must increase their target number to
    /// hit by 1".
    pub pinned: bool,
    /// The shooter is outside the target's 90° front arc.
    pub blind_side: bool,
    /// The target's Body now (after running and charging).
    pub body: u8,
    /// The target's armour that counts against this shot (front-only pieces do not from the
    /// blind side).
    pub armour: u8,
}

/// The rule readings a shot depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct ShotRules {
    pub high_targets: HighTargets,
    pub blind_side: BlindSide,
}

/// The numbers of a shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShotNumbers {
    /// Dice rolled to hit: RC with short range and the fire mode.
    pub dice: u32,
    /// The to-hit target: 5 and the situation.
    pub target: i32,
    /// Most dice kept: the number before the K after the long-range penalty.
    pub cap: u32,
    /// Inches-steps of long range: -1K and +1 to hit each.
    pub long_steps: u32,
    pub short_range: bool,
    /// Body + armour - the number after the K.
    pub wound_target: i32,
    /// Most wounds: the number after the S.
    pub wound_cap: u32,
    /// Whether wounds are rolled without a critical (not for suppressive fire).
    pub wounds_rolled: bool,
}

/// Why a shot cannot be taken as called.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShotError {
    #[error(
        "out of range: {range:.1}\" is {steps} long-range step(s) from LR {long}\", which takes {aim}K to {left}K"
    )]
    OutOfRange {
        range: f32,
        long: f32,
        steps: u32,
        aim: u8,
        left: i32,
    },
    #[error("no RC: a model with RC X cannot shoot")]
    NoRc,
}

/// "All To hit rolls start at 5".
pub const BASE_TO_HIT: i32 = 5;

impl Shot {
    /// The shot's numbers, or why it cannot be fired. `rc` of 0 is X.
    pub fn numbers(&self, rules: ShotRules) -> Result<ShotNumbers, ShotError> {
        if self.rc == 0 {
            return Err(ShotError::NoRc);
        }
        let short_range = self.range <= self.short + 1e-4;
        // "-1Kx ... AND increase the target number to hit by 1, PER inch over the long range
        // value": at LR itself one step (6" with LR 6": 2K1), at 7" two (example 3: 1K2S1, 7).
        let long_steps = if self.range + 1e-4 >= self.long {
            ((self.range - self.long + 1e-4).floor() as i32 + 1).max(1) as u32
        } else {
            0
        };
        let left = self.weapon.aim as i32 - long_steps as i32;
        if left <= 0 {
            return Err(ShotError::OutOfRange {
                range: self.range,
                long: self.long,
                steps: long_steps,
                aim: self.weapon.aim,
                left,
            });
        }
        let dice = (self.rc as i32 + if short_range { 2 } else { 0 } + self.mode.rc()).max(0);
        let target = BASE_TO_HIT
            + 2 * self.cover as i32
            + self.fast_target as i32
            + 2 * self.dark as i32
            + self.sprinting as i32
            + self.pinned as i32
            + long_steps as i32;
        let (mut damage, mut strength) = (self.weapon.damage as i32, self.weapon.strength as u32);
        if self.blind_side {
            match rules.blind_side {
                BlindSide::Damage => damage += 2,
                BlindSide::Strength => strength += 2,
            }
        }
        Ok(ShotNumbers {
            dice: dice as u32,
            target,
            cap: left as u32,
            long_steps,
            short_range,
            wound_target: self.body as i32 + self.armour as i32 - damage,
            wound_cap: strength,
            wounds_rolled: self.mode != FireMode::Suppressive,
        })
    }
}

/// One shot as rolled.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotRoll {
    pub to_hit: Rolled,
    /// Dice that passed the to-hit target.
    pub passed: usize,
    /// Hits: the passes kept, at most the cap.
    pub hits: u32,
    /// A die totalling 18: double damage.
    pub critical: bool,
    /// All 1s: "all damage is done to your own unit".
    pub fumble: bool,
    pub to_wound: Option<Rolled>,
    pub wounds: u32,
}

/// Rolls a shot with its numbers `n`; `who` names it in the dice log.
pub fn roll_shot(
    dice: &mut Dice,
    n: &ShotNumbers,
    rules: ShotRules,
    who: &str,
) -> Result<ShotRoll, DiceError> {
    let to_hit = dice::roll(
        dice,
        n.dice,
        &format!("{who}: to hit, {}+ (keep up to {})", n.target, n.cap),
    )?;
    let passed = to_hit.passing(n.target, rules.high_targets);
    let critical = to_hit.critical();
    // All 1s: "all damage is done to your own unit", none to the target.
    let fumble = to_hit.all_ones();
    let hits = if fumble {
        0
    } else {
        (passed as u32).min(n.cap)
    };
    let mut to_wound = None;
    let mut wounds = 0;
    if hits > 0 && (n.wounds_rolled || critical) {
        let r = dice::roll(
            dice,
            hits,
            &format!(
                "{who}: to wound, {}+ (at most {} wound(s){})",
                n.wound_target,
                n.wound_cap,
                if critical { ", doubled: critical" } else { "" }
            ),
        )?;
        let w = (r.passing(n.wound_target, rules.high_targets) as u32).min(n.wound_cap);
        wounds = if critical { 2 * w } else { w };
        to_wound = Some(r);
    }
    Ok(ShotRoll {
        to_hit,
        passed,
        hits,
        critical,
        fumble,
        to_wound,
        wounds,
    })
}

/// The exact odds of one shot.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotOdds {
    /// `hits[k]`: exactly k to-hit dice kept after the K cap.
    pub hits: Vec<f64>,
    /// `wounds[k]`: exactly k wounds after the S cap (and a critical's doubling).
    pub wounds: Vec<f64>,
    /// The chance of all 1s (the shooter's own unit takes the damage).
    pub fumble: f64,
    /// The chance of a critical (a die totalling 18).
    pub critical: f64,
}

/// Per die: (passes, totals 18 or more, shows a 1) with their chances.
fn die_outcomes(target: i32, reading: HighTargets) -> Vec<(bool, bool, bool, f64)> {
    let t = dice::threshold(target, reading);
    let mut out = Vec::new();
    for face in 1..=5 {
        out.push((face >= t, false, face == 1, 1.0 / 6.0));
    }
    // A 6 adds an exploding die X: a critical when X >= 12 (6 + 6 + 6), a pass when 6 + X >= t.
    let crit_x = (CRITICAL_TOTAL - 6) as i32;
    let p_crit = dice::p_at_least(crit_x);
    let p_crit_pass = dice::p_at_least((t - 6).max(crit_x));
    out.push((true, true, false, p_crit_pass / 6.0));
    out.push((false, true, false, (p_crit - p_crit_pass) / 6.0));
    let p_pass_x = dice::p_at_least(t - 6);
    let p_plain_pass = (p_pass_x - p_crit).max(0.0).min(p_pass_x);
    let p_plain_pass = if t - 6 >= crit_x { 0.0 } else { p_plain_pass };
    out.push((true, false, false, p_plain_pass / 6.0));
    out.push((false, false, false, (1.0 - p_crit - p_plain_pass) / 6.0));
    out
}

/// The exact odds of a shot with numbers `n`.
pub fn shot_odds(n: &ShotNumbers, rules: ShotRules) -> ShotOdds {
    let outcomes = die_outcomes(n.target, rules.high_targets);
    let dice = n.dice as usize;
    // state[passes][a critical so far][all ones so far]
    let mut st = vec![[[0.0f64; 2]; 2]; dice + 1];
    st[0][0][1] = 1.0;
    for _ in 0..dice {
        let mut next = vec![[[0.0f64; 2]; 2]; dice + 1];
        for (p, row) in st.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                for (ones, q) in cell.iter().enumerate() {
                    if *q == 0.0 {
                        continue;
                    }
                    for &(pass, crit, one, pr) in &outcomes {
                        let np = p + pass as usize;
                        let nc = (c == 1 || crit) as usize;
                        let no = (ones == 1 && one) as usize;
                        next[np][nc][no] += q * pr;
                    }
                }
            }
        }
        st = next;
    }
    let cap = n.cap as usize;
    let mut hits = vec![0.0; cap.min(dice) + 1];
    let max_wounds = 2 * n.wound_cap as usize;
    let mut wounds = vec![0.0; max_wounds + 1];
    let (mut fumble, mut critical) = (0.0, 0.0);
    let p_wound = p_pass(n.wound_target, rules.high_targets);
    for (p, row) in st.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            for (ones, q) in cell.iter().enumerate() {
                if *q == 0.0 {
                    continue;
                }
                if ones == 1 && dice > 0 {
                    fumble += q;
                }
                let crit = c == 1;
                if crit {
                    critical += q;
                }
                let h = p.min(cap);
                hits[h] += q;
                if h == 0 || !(n.wounds_rolled || crit) {
                    wounds[0] += q;
                    continue;
                }
                for (k, qw) in binomial(h as u32, p_wound).iter().enumerate() {
                    let w = k.min(n.wound_cap as usize);
                    let w = if crit { 2 * w } else { w };
                    wounds[w] += q * qw;
                }
            }
        }
    }
    while wounds.len() > 1 && wounds.last() == Some(&0.0) {
        wounds.pop();
    }
    ShotOdds {
        hits,
        wounds,
        fumble,
        critical,
    }
}
