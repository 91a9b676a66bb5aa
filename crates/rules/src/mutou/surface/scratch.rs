//! Scratch space kept per thread, so that listings and edits allocate nothing once warm.
//!
//! A buffer is taken out for the length of one use and put back after, so a use nested in
//! another (a sink that lists again) finds none and starts its own.

use std::cell::Cell;

thread_local! {
    static WORDS: Cell<Vec<u64>> = const { Cell::new(Vec::new()) };
}

/// Runs `f` with `len` zeroed words, kept for the thread's next call.
pub(super) fn with_zeroed_words<R>(len: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    let mut words = WORDS.take();
    words.clear();
    words.resize(len, 0);
    let result = f(&mut words);
    WORDS.set(words);
    result
}
