//! The program's orders of a stage given one at a time, best first, each weighed no further than
//! its place in the order needs: a run-and-charge combo's spot (the costly part of weighing it)
//! is found only when the combo could come before the best order known.

use super::closing::Charging;
use crate::rules::kry::command::Command;
use crate::rules::kry::state::KryState;

/// Orders best first, as a stable sort by worth leaves them: the ones whose worth is known, and
/// the run-and-charge combos whose spot is not found yet, each with the most it can be worth
/// ([`Charging::bound`]). A combo's spot is found only when the combo could
/// come before the best order known: the order is the same as with every spot found first.
pub struct Ranked {
    /// (worth, place weighed, order), in order.
    pub(super) known: std::collections::VecDeque<(f64, usize, Command)>,
    /// (place weighed, combo), the places after all of `known`'s.
    pending: Vec<(usize, Charging)>,
    seed: u64,
}

/// Whether `a` (worth, place weighed) comes before `b` in the order.
fn before(a: (f64, usize), b: (f64, usize)) -> bool {
    match b.0.total_cmp(&a.0) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => a.1 < b.1,
    }
}

impl Ranked {
    pub(super) fn new(scored: Vec<(f64, Command)>, pending: Vec<Charging>, seed: u64) -> Self {
        let n = scored.len();
        let mut known: Vec<(f64, usize, Command)> = scored
            .into_iter()
            .enumerate()
            .map(|(i, (w, c))| (w, i, c))
            .collect();
        known.sort_by(|a, b| b.0.total_cmp(&a.0));
        Ranked {
            known: known.into(),
            pending: pending
                .into_iter()
                .enumerate()
                .map(|(k, c)| (n + k, c))
                .collect(),
            seed,
        }
    }

    /// Finds spots until the first known order comes before every combo still to be weighed.
    fn settle(&mut self, s: &KryState) {
        loop {
            let Some(p) = (0..self.pending.len()).reduce(|i, j| {
                let (a, b) = (&self.pending[i], &self.pending[j]);
                if before((b.1.bound(), b.0), (a.1.bound(), a.0)) {
                    j
                } else {
                    i
                }
            }) else {
                return;
            };
            let (place, c) = &self.pending[p];
            if let Some(k) = self.known.front()
                && before((k.0, k.1), (c.bound(), *place))
            {
                return;
            }
            let (place, c) = self.pending.remove(p);
            if let Some((w, cmd)) = c.resolve(s, self.seed) {
                let at = self
                    .known
                    .iter()
                    .position(|k| before((w, place), (k.0, k.1)))
                    .unwrap_or(self.known.len());
                self.known.insert(at, (w, place, cmd));
            }
        }
    }
}

/// A stage's orders, given one at a time best first: a few known in order, then the ranked ones.
/// Each is asked of the state the stage was weighed on (the program tries them in turn, and a
/// refused order changes nothing).
pub struct Wishes {
    pub(super) head: std::collections::VecDeque<Command>,
    pub(super) ranked: Ranked,
}

impl Wishes {
    /// The orders `v`, in order.
    pub fn of(v: Vec<Command>) -> Self {
        Wishes {
            head: v.into(),
            ranked: Ranked::new(Vec::new(), Vec::new(), 0),
        }
    }

    /// The first order, weighed as far as it takes to know it.
    pub fn first(&mut self, s: &KryState) -> Option<&Command> {
        if self.head.is_empty() {
            self.ranked.settle(s);
            self.ranked.known.front().map(|k| &k.2)
        } else {
            self.head.front()
        }
    }

    /// Puts `v` before the orders, in order.
    pub(super) fn before(&mut self, v: Vec<Command>) {
        for c in v.into_iter().rev() {
            self.head.push_front(c);
        }
    }

    /// The next order.
    pub fn next(&mut self, s: &KryState) -> Option<Command> {
        if let Some(c) = self.head.pop_front() {
            return Some(c);
        }
        self.ranked.settle(s);
        self.ranked.known.pop_front().map(|k| k.2)
    }

    /// All the orders, in order.
    pub fn all(mut self, s: &KryState) -> Vec<Command> {
        let mut out = Vec::new();
        while let Some(c) = self.next(s) {
            out.push(c);
        }
        out
    }
}
