//! A ranged weapon's statistics as the text writes them, `nKmSx`: "one before the K, one after
//! the K, and one after the S".

use serde::{Deserialize, Serialize};
use std::fmt;

/// `3K2S1`: `aim` dice may pass the to-hit roll, each hit has `damage` (taken off the wound
/// target), and at most `strength` wounds are caused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponStats {
    /// The number before the K: "how high of a chance you have of hitting someone".
    pub aim: u8,
    /// The number after the K: "how much damage one of those bullets will inflict".
    pub damage: u8,
    /// The number after the S: "you cause one wound each to a maximum of the number after the S".
    pub strength: u8,
}

impl WeaponStats {
    /// Reads `3K2S1` (case does not matter; spaces are ignored).
    pub fn parse(text: &str) -> Result<Self, String> {
        let t: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        let bad =
            || format!("'{text}' is not a weapon's stats like 3K2S1 (aim K damage S strength)");
        let (aim, rest) = t.split_once('K').ok_or_else(bad)?;
        let (damage, strength) = rest.split_once('S').ok_or_else(bad)?;
        let num = |s: &str| -> Result<u8, String> {
            let v: u8 = s.parse().map_err(|_| bad())?;
            if (1..=12).contains(&v) {
                Ok(v)
            } else {
                Err(format!(
                    "'{text}': each number of a weapon's stats is 1 to 12 ({v} given)"
                ))
            }
        };
        Ok(WeaponStats {
            aim: num(aim)?,
            damage: num(damage)?,
            strength: num(strength)?,
        })
    }
}

impl fmt::Display for WeaponStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}K{}S{}", self.aim, self.damage, self.strength)
    }
}
