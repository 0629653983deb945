//! Dice: one seeded generator per game, dice expressions, a log of every roll with its purpose,
//! and results that can be forced (tests) or typed in by players rolling real dice.

pub mod die;
pub mod entered;
pub mod expr;

pub use die::{DiceError, Die, DieSource, Dies};
pub use expr::{DiceExpr, Keep};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::borrow::Cow;
use std::collections::VecDeque;

/// A logged roll: what was rolled, why, every die, and the total.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Roll {
    /// Position in the game's roll log, from 1.
    pub seq: u64,
    /// What was rolled (written out as `2d6+1` and the like when shown).
    pub expr: DiceExpr,
    pub purpose: Cow<'static, str>,
    pub dice: Dies,
    pub total: i64,
    /// The seat this roll is a secret of (a hidden damage die): only that seat may see it.
    pub secret: Option<u8>,
}

impl Roll {
    /// Whether `seat` may see this roll (every roll but another seat's secret).
    pub fn visible_to(&self, seat: u8) -> bool {
        self.secret.is_none_or(|s| s == seat)
    }

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

/// A point to rewind the dice to ([`Dice::mark`]).
#[derive(Debug, Clone)]
pub struct DiceMark {
    pos: u128,
    rolls: usize,
    forced: VecDeque<(u32, DieSource)>,
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

    /// Where the dice stand now (generator position, rolls logged, results queued), to go back
    /// to with [`Dice::rewind`] without cloning the whole roll log.
    pub fn mark(&self) -> DiceMark {
        DiceMark {
            pos: self.rng.get_word_pos(),
            rolls: self.log.len(),
            forced: self.forced.clone(),
        }
    }

    /// Puts the dice back where [`Dice::mark`] found them: the rolls since are forgotten and the
    /// generator draws them again.
    pub fn rewind(&mut self, m: DiceMark) {
        self.rng.set_word_pos(m.pos);
        self.log.truncate(m.rolls);
        self.forced = m.forced;
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

    /// Adds a roll made elsewhere (by an online game's host) to the log.
    pub fn record(&mut self, roll: Roll) {
        self.log.push(roll);
    }

    /// Rolls an expression such as `3d6`, `4d6kh3`, `2d20kl1`, `3d6r1`, `2d6!` or `d6+2`.
    pub fn roll(&mut self, expr: &str, purpose: &str) -> Result<Roll, DiceError> {
        let e = DiceExpr::parse(expr)?;
        self.roll_expr(&e, purpose)
    }

    pub fn roll_expr(&mut self, e: &DiceExpr, purpose: &str) -> Result<Roll, DiceError> {
        let i = self.roll_logged(e, Cow::Owned(purpose.to_string()))?;
        Ok(self.log[i].clone())
    }

    /// Rolls `e` for a fixed purpose and gives its total (nothing copied out of the log: the
    /// roll is in [`Dice::log`]).
    pub fn roll_total(&mut self, e: &DiceExpr, purpose: &'static str) -> Result<i64, DiceError> {
        let i = self.roll_logged(e, Cow::Borrowed(purpose))?;
        Ok(self.log[i].total)
    }

    /// [`Self::roll_total`] for a roll only `seat` may see (a hidden damage die).
    pub fn roll_secret(
        &mut self,
        e: &DiceExpr,
        purpose: &'static str,
        seat: u8,
    ) -> Result<i64, DiceError> {
        let i = self.roll_logged(e, Cow::Borrowed(purpose))?;
        self.log[i].secret = Some(seat);
        Ok(self.log[i].total)
    }

    /// Rolls `e`, logs it, and gives its index in the log.
    fn roll_logged(
        &mut self,
        e: &DiceExpr,
        purpose: Cow<'static, str>,
    ) -> Result<usize, DiceError> {
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
        self.push(e, purpose, dice.unwrap_or_default());
        Ok(self.log.len() - 1)
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
        self.push(&e, Cow::Owned(purpose.to_string()), dice);
        Ok(self.log[self.log.len() - 1].clone())
    }

    fn push(&mut self, e: &DiceExpr, purpose: Cow<'static, str>, dice: Dies) {
        let total = dice
            .iter()
            .filter(|d| d.kept)
            .map(|d| d.value as i64)
            .sum::<i64>()
            + e.modifier as i64;
        let roll = Roll {
            seq: self.log.len() as u64 + 1,
            expr: e.clone(),
            purpose,
            dice,
            total,
            secret: None,
        };
        self.log.push(roll);
    }
}
