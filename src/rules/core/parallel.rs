//! Many independent games on several threads, their results gathered in game order: game `i`
//! depends only on `i`, so the results are the same whatever the number of threads.

use std::sync::atomic::{AtomicU64, Ordering};

/// Plays games `0..games` with `play` on `threads` threads (each a consecutive share);
/// `progress` hears the number of games done so far, from any thread. The results in game
/// order, or `None` if a thread panicked.
pub fn in_game_order<T: Send>(
    games: u64,
    threads: usize,
    play: &(dyn Fn(u64) -> T + Sync),
    progress: &(dyn Fn(u64) + Sync),
) -> Option<Vec<T>> {
    let done = AtomicU64::new(0);
    let threads = threads.clamp(1, 64) as u64;
    let per = games.div_ceil(threads);
    let chunks: Vec<Option<Vec<T>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let (from, to) = (k * per, ((k + 1) * per).min(games));
                let done = &done;
                scope.spawn(move || {
                    (from..to)
                        .map(|i| {
                            let r = play(i);
                            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                            r
                        })
                        .collect::<Vec<T>>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().ok()).collect()
    });
    let mut out = Vec::with_capacity(games as usize);
    for c in chunks {
        out.extend(c?);
    }
    Some(out)
}
