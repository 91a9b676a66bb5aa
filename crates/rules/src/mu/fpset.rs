//! A set of board fingerprints for the search of [`super::resolve::choice_matters`], which
//! usually holds a handful: the first few live in an inline array scanned linearly (nothing is
//! allocated), and only a larger set moves to a hash table.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::Fingerprint;

/// How many fingerprints the inline array holds before the set moves to a hash table.
const FEW: usize = 16;

/// A hasher for fingerprints, which are already uniformly spread: it folds the two halves.
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.0 ^= i as u64 ^ (i >> 64) as u64;
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A set of fingerprints: inline while small, a hash table once it has outgrown [`FEW`].
pub struct FingerprintSet {
    few: [Fingerprint; FEW],
    /// How many of `few` are members (while not spilled).
    len: usize,
    /// Whether the members live in `many` (and `few` is stale).
    spilled: bool,
    many: HashSet<Fingerprint, BuildHasherDefault<FoldHasher>>,
}

impl Default for FingerprintSet {
    fn default() -> Self {
        FingerprintSet {
            few: [0; FEW],
            len: 0,
            spilled: false,
            many: HashSet::default(),
        }
    }
}

impl FingerprintSet {
    /// How many members.
    #[inline]
    pub fn len(&self) -> usize {
        if self.spilled {
            self.many.len()
        } else {
            self.len
        }
    }

    /// Whether `fp` is a member.
    #[inline]
    pub fn contains(&self, fp: Fingerprint) -> bool {
        if self.spilled {
            self.many.contains(&fp)
        } else {
            self.few[..self.len].contains(&fp)
        }
    }

    /// Adds `fp`; returns whether it was not a member yet.
    #[inline]
    pub fn insert(&mut self, fp: Fingerprint) -> bool {
        if self.spilled {
            return self.many.insert(fp);
        }
        if self.few[..self.len].contains(&fp) {
            return false;
        }
        if self.len < FEW {
            self.few[self.len] = fp;
            self.len += 1;
            return true;
        }
        self.many.reserve(4 * FEW);
        self.many.extend(self.few.iter().copied());
        self.spilled = true;
        self.many.insert(fp)
    }

    /// Takes `fp` out of the set, if it is a member.
    #[inline]
    pub fn remove(&mut self, fp: Fingerprint) {
        if self.spilled {
            self.many.remove(&fp);
        } else if let Some(i) = self.few[..self.len].iter().position(|&f| f == fp) {
            self.len -= 1;
            self.few[i] = self.few[self.len];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_set_agrees_with_a_hash_set_before_and_after_it_spills() {
        let mut set = FingerprintSet::default();
        let mut model = HashSet::new();
        for i in 0..400u64 {
            let fp = Fingerprint::from(crate::hash::mix(i) % 97);
            match i % 3 {
                0 | 1 => assert_eq!(set.insert(fp), model.insert(fp), "insert {fp}"),
                _ => {
                    set.remove(fp);
                    model.remove(&fp);
                }
            }
            assert_eq!(set.len(), model.len());
            for probe in 0..100u128 {
                assert_eq!(set.contains(probe), model.contains(&probe), "probe {probe}");
            }
        }
    }
}
