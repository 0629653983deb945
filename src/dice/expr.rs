//! Dice expressions: `NdX` with keep highest/lowest, re-roll, exploding maximums and a modifier.

use super::die::{DiceError, Die, DieSource, Dies};
use std::fmt;

/// The sides a die may have.
pub const SIDES: [u32; 6] = [4, 6, 8, 10, 20, 100];
/// Most dice in one expression.
pub const MAX_DICE: u32 = 200;
/// Most extra dice one exploding die may add.
pub const MAX_EXPLOSIONS: u32 = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Keep {
    Highest(u32),
    Lowest(u32),
}

/// A parsed dice expression.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DiceExpr {
    pub count: u32,
    pub sides: u32,
    pub keep: Option<Keep>,
    /// Re-roll once any die showing this value or lower.
    pub reroll_at_most: Option<u32>,
    /// A die showing its maximum adds another die (exploding sixes on a d6).
    pub explode: bool,
    pub modifier: i32,
}

impl PartialEq<&str> for DiceExpr {
    /// Compares with a written form, e.g. `roll.expr == "2d6!"` (read as an expression).
    fn eq(&self, other: &&str) -> bool {
        DiceExpr::parse(other).is_ok_and(|e| e == *self)
    }
}

impl DiceExpr {
    pub const fn new(count: u32, sides: u32) -> Self {
        Self {
            count,
            sides,
            keep: None,
            reroll_at_most: None,
            explode: false,
            modifier: 0,
        }
    }

    /// Parses `[N]dX[khK|klK][rK][!][+M|-M]`, case-insensitive, spaces ignored.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        let s: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        let err = |why: &str| DiceError::Parse {
            expr: text.to_string(),
            why: why.to_string(),
        };
        let mut p = Cursor {
            s: s.as_bytes(),
            i: 0,
        };
        let count = p.number().unwrap_or(1);
        if !p.eat(b'd') {
            return Err(err("expected 'd' as in 3d6"));
        }
        let sides = p
            .number()
            .ok_or_else(|| err("expected the number of sides after 'd'"))?;
        if !SIDES.contains(&sides) {
            return Err(err("dice have 4, 6, 8, 10, 20 or 100 sides"));
        }
        if count == 0 || count > MAX_DICE {
            return Err(err("roll between 1 and 200 dice"));
        }
        let mut e = DiceExpr::new(count, sides);
        while p.i < p.s.len() {
            if p.eat(b'k') {
                let hi = if p.eat(b'h') {
                    true
                } else if p.eat(b'l') {
                    false
                } else {
                    return Err(err("'k' is followed by 'h' (highest) or 'l' (lowest)"));
                };
                let n = p
                    .number()
                    .ok_or_else(|| err("expected how many dice to keep"))?;
                if n == 0 || n > count {
                    return Err(err("keep at least 1 and at most all of the dice"));
                }
                e.keep = Some(if hi {
                    Keep::Highest(n)
                } else {
                    Keep::Lowest(n)
                });
            } else if p.eat(b'r') {
                let n = p
                    .number()
                    .ok_or_else(|| err("expected the value to re-roll, as in r1"))?;
                if n == 0 || n >= sides {
                    return Err(err("re-roll a value from 1 to one below the die's sides"));
                }
                e.reroll_at_most = Some(n);
            } else if p.eat(b'!') {
                e.explode = true;
            } else if p.s[p.i] == b'+' || p.s[p.i] == b'-' {
                let neg = p.s[p.i] == b'-';
                p.i += 1;
                let n = p
                    .number()
                    .ok_or_else(|| err("expected a number after + or -"))?;
                let n = i32::try_from(n).map_err(|_| err("modifier too large"))?;
                e.modifier = if neg { -n } else { n };
            } else {
                return Err(err("unexpected text after the dice"));
            }
        }
        Ok(e)
    }

    /// Resolves the expression, drawing each die from `draw`; `None` when `draw` runs out.
    pub(crate) fn resolve(
        &self,
        draw: &mut dyn FnMut() -> Option<(u32, DieSource)>,
    ) -> Option<Dies> {
        let mut dice = Dies::new();
        for _ in 0..self.count {
            let (mut v, mut src) = draw()?;
            if let Some(r) = self.reroll_at_most
                && v <= r
            {
                dice.push(Die {
                    value: v,
                    kept: false,
                    rerolled: true,
                    from_explosion: false,
                    source: src,
                });
                (v, src) = draw()?;
            }
            dice.push(Die {
                value: v,
                kept: true,
                rerolled: false,
                from_explosion: false,
                source: src,
            });
            if self.explode {
                let mut n = 0;
                while v == self.sides && n < MAX_EXPLOSIONS {
                    (v, src) = draw()?;
                    dice.push(Die {
                        value: v,
                        kept: true,
                        rerolled: false,
                        from_explosion: true,
                        source: src,
                    });
                    n += 1;
                }
            }
        }
        if let Some(k) = self.keep {
            let mut idx: Vec<usize> = (0..dice.len()).filter(|&i| dice[i].kept).collect();
            // Stable: among equal values the earlier die is kept.
            match k {
                Keep::Highest(_) => idx.sort_by(|&a, &b| dice[b].value.cmp(&dice[a].value)),
                Keep::Lowest(_) => idx.sort_by(|&a, &b| dice[a].value.cmp(&dice[b].value)),
            }
            let n = match k {
                Keep::Highest(n) | Keep::Lowest(n) => n as usize,
            };
            for &i in idx.iter().skip(n) {
                dice[i].kept = false;
            }
        }
        Some(dice)
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.keep {
            Some(Keep::Highest(n)) => write!(f, "kh{n}")?,
            Some(Keep::Lowest(n)) => write!(f, "kl{n}")?,
            None => {}
        }
        if let Some(r) = self.reroll_at_most {
            write!(f, "r{r}")?;
        }
        if self.explode {
            write!(f, "!")?;
        }
        match self.modifier {
            0 => Ok(()),
            m if m > 0 => write!(f, "+{m}"),
            m => write!(f, "{m}"),
        }
    }
}

struct Cursor<'a> {
    s: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn eat(&mut self, c: u8) -> bool {
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.i;
        while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .parse()
            .ok()
    }
}
