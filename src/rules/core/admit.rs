//! Whether a seat may act now, with the error a command from another seat is refused with.

use super::error::RuleError;
use super::seat::{Seat, Waiting};

impl Waiting {
    /// Whether `by` may act now: `GameOver` when the game is over, `NotYourTurn` (naming who is
    /// waited on with `seat_name`) when another seat is.
    pub fn admit(&self, by: Seat, seat_name: impl Fn(Seat) -> String) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(RuleError::GameOver);
        }
        if !self.allows(by) {
            return Err(RuleError::NotYourTurn(by, self.describe(seat_name)));
        }
        Ok(())
    }
}
