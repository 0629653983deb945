//! The two sides of a Kry-Gothic game, numbered 1 and 2.

/// A side: 1 or 2.
pub type Side = u8;

pub fn ix(side: Side) -> usize {
    (side as usize).saturating_sub(1).min(1)
}

pub fn enemy(side: Side) -> Side {
    3 - side
}
