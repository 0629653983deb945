//! The thread-local memos of pure functions the program opponent asks again and again (a shot's
//! mean wounds, a way, a sight verdict): one way to look up, make and keep, bounded in size.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::Hash;
use std::thread::LocalKey;

/// A memo's map: hashed with rustc's fast hasher (the keys are the program's own fingerprints
/// and numbers, looked up over a million times a game).
pub type MemoMap<K, V> = HashMap<K, V, rustc_hash::FxBuildHasher>;

/// A memo: a thread-local map from a function's arguments to its answer.
pub type Memo<K, V> = LocalKey<RefCell<MemoMap<K, V>>>;

/// Answers kept at most per memo; a full memo starts afresh.
const KEPT: usize = 8192;

/// The answer for `key` from `memo`, else `make`'s, kept for next time.
pub fn remembered<K: Hash + Eq, V: Clone>(
    memo: &'static Memo<K, V>,
    key: K,
    make: impl FnOnce() -> V,
) -> V {
    match try_remembered(memo, key, || Ok::<V, std::convert::Infallible>(make())) {
        Ok(v) => v,
        Err(never) => match never {},
    }
}

/// As [`remembered`], for a `make` that may fail: only answers are kept, not failures.
pub fn try_remembered<K: Hash + Eq, V: Clone, E>(
    memo: &'static Memo<K, V>,
    key: K,
    make: impl FnOnce() -> Result<V, E>,
) -> Result<V, E> {
    if let Some(v) = memo.with_borrow(|m| m.get(&key).cloned()) {
        return Ok(v);
    }
    let v = make()?;
    keep(memo, key, v.clone());
    Ok(v)
}

/// Keeps `v` as the answer for `key` (an answer found another way, e.g. by a narrower search
/// that settles the same).
pub fn keep<K: Hash + Eq, V>(memo: &'static Memo<K, V>, key: K, v: V) {
    memo.with_borrow_mut(|m| {
        if m.len() >= KEPT {
            m.clear();
        }
        m.insert(key, v);
    });
}
