//! The transposition table of [`crate::AlphaBeta`]: a fixed-size table keyed by the position
//! hash, in shards behind locks so that threads can share it (no unsafe code).

use std::sync::Mutex;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is the value.
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<A> {
    pub key: u64,
    pub depth: i32,
    pub bound: Bound,
    pub score: i32,
    pub best: Option<A>,
}

const SHARD_BITS: u32 = 6;

/// The table. Replacement keeps the deeper entry of the same position and always takes a new
/// position's.
#[derive(Debug)]
pub(crate) struct Table<A> {
    shards: Vec<Mutex<Vec<Option<Entry<A>>>>>,
    slot_mask: u64,
}

impl<A: Copy> Table<A> {
    /// A table of about `2^bits` entries.
    pub(crate) fn new(bits: u32) -> Self {
        let per_shard = 1usize << bits.saturating_sub(SHARD_BITS).max(4);
        Table {
            shards: (0..1 << SHARD_BITS)
                .map(|_| Mutex::new(vec![None; per_shard]))
                .collect(),
            slot_mask: per_shard as u64 - 1,
        }
    }

    fn place(&self, key: u64) -> (usize, usize) {
        let shard = (key & ((1 << SHARD_BITS) - 1)) as usize;
        let slot = ((key >> SHARD_BITS) & self.slot_mask) as usize;
        (shard, slot)
    }

    /// The entry stored for `key`, if any.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<A>> {
        let (shard, slot) = self.place(key);
        let shard = self.shards[shard].lock().unwrap_or_else(|e| e.into_inner());
        shard[slot].filter(|e| e.key == key)
    }

    /// Stores `entry`, unless a deeper result for the same position is there.
    pub(crate) fn store(&self, entry: Entry<A>) {
        let (shard, slot) = self.place(entry.key);
        let mut shard = self.shards[shard].lock().unwrap_or_else(|e| e.into_inner());
        let keep_old =
            shard[slot].is_some_and(|old| old.key == entry.key && old.depth > entry.depth);
        if !keep_old {
            shard[slot] = Some(entry);
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&self) {
        for shard in &self.shards {
            let mut shard = shard.lock().unwrap_or_else(|e| e.into_inner());
            shard.iter_mut().for_each(|e| *e = None);
        }
    }
}

/// How many entries a table of `mib` MiB holds, as a power of two (rounded down, at least
/// 2^10): the bits to give [`Table::new`] for that much memory.
pub(crate) fn bits_for_mib<A>(mib: usize) -> u32 {
    let entry = std::mem::size_of::<Option<Entry<A>>>().max(1);
    let entries = (mib.max(1) << 20) / entry;
    entries.max(1 << 10).ilog2()
}
