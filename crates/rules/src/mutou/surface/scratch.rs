//! Scratch space kept per thread, so that listings and edits allocate nothing once warm.
//!
//! A buffer is taken out for the length of one use and put back after, so a use nested in
//! another (a sink that lists again) finds none and starts its own.

use std::cell::Cell;

thread_local! {
    static WORDS: Cell<Vec<u64>> = const { Cell::new(Vec::new()) };
    static CLEAN: Cell<Vec<u64>> = const { Cell::new(Vec::new()) };
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

/// Runs `f` with `len` zeroed words that `f` must leave zeroed again, kept for the thread's
/// next call: for sets indexed by a large id space of which a use touches few entries, which
/// it clears one by one at the end instead of zeroing them all at the start.
pub(super) fn with_clean_words<R>(len: usize, f: impl FnOnce(&mut [u64]) -> R) -> R {
    let mut words = CLEAN.take();
    if words.len() < len {
        words.resize(len, 0);
    }
    let result = f(&mut words[..len]);
    debug_assert!(
        words.iter().all(|&w| w == 0),
        "clean scratch words left set"
    );
    CLEAN.set(words);
    result
}
