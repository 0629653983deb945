//! Hardening: command streams of every rule set as property tests, the soak run, the mutation
//! fuzzer over every loader, limits on files, and saves killed half-way.

mod crash;
mod fuzz;
mod limits;
mod streams;

use wartable::rules::core::{QuickSetup, RulesId};
use wartable::rules::headless::{SelfPlay, StopAt, self_play};

/// Plays `commands` commands of rule set `id` from `seed` and saves the game at `out`: the
/// state hash it was saved with.
pub fn self_played(id: RulesId, seed: u64, commands: usize, out: &std::path::Path) -> u64 {
    self_play(
        id,
        &SelfPlay {
            setup: QuickSetup {
                seed,
                ..Default::default()
            },
            commands,
            stop_at: StopAt::End,
            after: 0,
            out: Some(out.to_path_buf()),
            lineup: Default::default(),
        },
    )
    .expect("a self-played game saves")
    .hash
}
