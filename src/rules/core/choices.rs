//! Where a command stream's choices come from, as a rule set's soak setup draws them.

/// Where a stream's choices come from: a seeded generator (the soak run) or a list of numbers
/// (property tests, which shrink the list).
pub trait Choices {
    /// A number in `0..n` (`n` > 0).
    fn pick(&mut self, n: usize) -> usize;
}
