//! Dice: one seeded generator per game, dice expressions, a log of every roll with its purpose,
//! and results that can be forced (tests) or typed in by players rolling real dice.

pub mod expr;

pub use expr::{DiceExpr, Keep};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;
use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq)]
pub enum DiceError {
    #[error("cannot read dice expression '{expr}': {why}")]
    Parse { expr: String, why: String },
    #[error("a d{sides} cannot show {value}")]
    BadResult { sides: u32, value: u32 },
    #[error("the roll needs more dice results than were entered ({given} given)")]
    NotEnoughResults { given: usize },
    #[error("{extra} entered results were not used")]
    TooManyResults { extra: usize },
}

/// Where a die's result came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DieSource {
    /// The game's seeded generator.
    Seeded,
    /// Forced in advance (tests and scripted scenes).
    Forced,
    /// Typed in by a player who rolled a physical die.
    Entered,
}

/// One die as rolled.
#[derive(Debug, Clone, PartialEq)]
pub struct Die {
    pub value: u32,
    /// False when a keep-highest/lowest dropped it, or it was re-rolled.
    pub kept: bool,
    /// True when this die was re-rolled (its replacement follows it).
    pub rerolled: bool,
    /// True when this die was added by an exploding maximum.
    pub from_explosion: bool,
    pub source: DieSource,
}

/// A logged roll: what was rolled, why, every die, and the total.
#[derive(Debug, Clone, PartialEq)]
pub struct Roll {
    /// Position in the game's roll log, from 1.
    pub seq: u64,
    pub expr: String,
    pub purpose: String,
    pub dice: Vec<Die>,
    pub total: i64,
}

impl Roll {
    /// The values of the dice that count.
    pub fn kept(&self) -> Vec<u32> {
        self.dice
            .iter()
            .filter(|d| d.kept)
            .map(|d| d.value)
            .collect()
    }

    /// A one-line account: `#3 2d6+1 (Rough landing): [4, 6] +1 = 11`.
    pub fn describe(&self) -> String {
        let dice: Vec<String> = self
            .dice
            .iter()
            .map(|d| {
                let mut s = d.value.to_string();
                if d.rerolled {
                    s = format!("{s} re-rolled");
                } else if !d.kept {
                    s = format!("({s})");
                }
                if d.from_explosion {
                    s.push('!');
                }
                s
            })
            .collect();
        format!(
            "#{} {} ({}): [{}] = {}",
            self.seq,
            self.expr,
            self.purpose,
            dice.join(", "),
            self.total
        )
    }
}

/// The game's single source of randomness.
#[derive(Debug, Clone)]
pub struct Dice {
    seed: u64,
    rng: ChaCha8Rng,
    /// Results queued for the next dice, with where each came from.
    forced: VecDeque<(u32, DieSource)>,
    log: Vec<Roll>,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            forced: VecDeque::new(),
            log: Vec::new(),
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The generator's position, saved with a game so that a load continues the same sequence.
    pub fn word_pos(&self) -> u128 {
        self.rng.get_word_pos()
    }

    /// Restores a saved position of the generator for this seed.
    pub fn set_word_pos(&mut self, pos: u128) {
        self.rng.set_word_pos(pos);
    }

    /// Queues results that the next dice drawn will show, in order, before the generator is used.
    pub fn force(&mut self, values: &[u32]) {
        self.forced
            .extend(values.iter().map(|v| (*v, DieSource::Forced)));
    }

    /// Queues results a player rolled on real dice and typed in; the next dice drawn show them.
    pub fn enter(&mut self, values: &[u32]) {
        self.forced
            .extend(values.iter().map(|v| (*v, DieSource::Entered)));
    }

    /// Drops any queued results not yet used.
    pub fn clear_queued(&mut self) -> usize {
        let n = self.forced.len();
        self.forced.clear();
        n
    }

    pub fn forced_pending(&self) -> usize {
        self.forced.len()
    }

    pub fn log(&self) -> &[Roll] {
        &self.log
    }

    /// Rolls an expression such as `3d6`, `4d6kh3`, `2d20kl1`, `3d6r1`, `2d6!` or `d6+2`.
    pub fn roll(&mut self, expr: &str, purpose: &str) -> Result<Roll, DiceError> {
        let e = DiceExpr::parse(expr)?;
        self.roll_expr(&e, purpose)
    }

    pub fn roll_expr(&mut self, e: &DiceExpr, purpose: &str) -> Result<Roll, DiceError> {
        let sides = e.sides;
        let forced = &mut self.forced;
        let rng = &mut self.rng;
        let mut bad = None;
        let dice = e.resolve(&mut || {
            if let Some((v, source)) = forced.pop_front() {
                if v == 0 || v > sides {
                    bad = Some(v);
                    return Some((1, source));
                }
                Some((v, source))
            } else {
                Some((rng.random_range(1..=sides), DieSource::Seeded))
            }
        });
        if let Some(value) = bad {
            return Err(DiceError::BadResult { sides, value });
        }
        Ok(self.push(e, purpose, dice.unwrap_or_default()))
    }

    /// Rolls with results typed in by a player: `values` are the dice in the order the roll needs
    /// them (re-rolls and explosions included). Nothing is logged unless they fit exactly.
    pub fn roll_entered(
        &mut self,
        expr: &str,
        purpose: &str,
        values: &[u32],
    ) -> Result<Roll, DiceError> {
        let e = DiceExpr::parse(expr)?;
        if let Some(&value) = values.iter().find(|v| **v == 0 || **v > e.sides) {
            return Err(DiceError::BadResult {
                sides: e.sides,
                value,
            });
        }
        let mut it = values.iter().copied();
        let dice = e
            .resolve(&mut || it.next().map(|v| (v, DieSource::Entered)))
            .ok_or(DiceError::NotEnoughResults {
                given: values.len(),
            })?;
        let extra = it.count();
        if extra > 0 {
            return Err(DiceError::TooManyResults { extra });
        }
        Ok(self.push(&e, purpose, dice))
    }

    fn push(&mut self, e: &DiceExpr, purpose: &str, dice: Vec<Die>) -> Roll {
        let total = dice
            .iter()
            .filter(|d| d.kept)
            .map(|d| d.value as i64)
            .sum::<i64>()
            + e.modifier as i64;
        let roll = Roll {
            seq: self.log.len() as u64 + 1,
            expr: e.to_string(),
            purpose: purpose.to_string(),
            dice,
            total,
        };
        self.log.push(roll.clone());
        roll
    }
}
