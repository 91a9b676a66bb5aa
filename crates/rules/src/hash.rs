//! Hashing helpers shared by the games.

/// The 64-bit finaliser of SplitMix64: a bijection that spreads every input bit over every output
/// bit. Games fold their bitboards through it to build position hashes.
#[inline(always)]
pub fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// A [`Hasher`](std::hash::Hasher) with a fixed algorithm, for position hashes that are stored
/// (a record's `Hashes` header) and compared by a later build: unlike
/// `std::collections::hash_map::DefaultHasher`, whose algorithm may change between Rust
/// releases, it folds every word in by a fixed multiply-and-rotate and finishes with [`mix`], and it writes
/// `usize` and `isize` as 64-bit words, so the result is the same on every platform.
///
/// What it is fed still comes from the `Hash` implementations of the types hashed; a game that
/// stores hashes hashes its own fields, integers and byte strings, not library types whose
/// `Hash` could change.
#[derive(Clone, Copy, Debug)]
pub struct FixedHasher {
    state: u64,
}

impl Default for FixedHasher {
    fn default() -> Self {
        FixedHasher {
            state: 0x6d75_7374_6572_0001,
        }
    }
}

impl FixedHasher {
    #[inline(always)]
    fn word(&mut self, x: u64) {
        // One multiply per word (a bijection of the word for any state), then `mix` once in
        // `finish` to spread the bits.
        self.state = (self.state ^ x)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(26);
    }
}

impl std::hash::Hasher for FixedHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.word(u64::from_le_bytes(word));
        }
        self.word(bytes.len() as u64);
    }

    fn write_u8(&mut self, i: u8) {
        self.word(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.word(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.word(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.word(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.word(i as u64);
    }

    fn write_isize(&mut self, i: isize) {
        self.word(i as i64 as u64);
    }

    fn finish(&self) -> u64 {
        mix(self.state)
    }
}

#[cfg(test)]
mod tests {
    use std::hash::{Hash, Hasher};

    use super::{mix, FixedHasher};

    fn fixed<T: Hash>(value: &T) -> u64 {
        let mut h = FixedHasher::default();
        value.hash(&mut h);
        h.finish()
    }

    #[test]
    fn the_fixed_hasher_gives_the_same_values_in_every_build() {
        // Stored in records: these values must never change.
        assert_eq!(fixed(&0u64), 0x0746_24fe_a9b8_ddb5);
        assert_eq!(fixed(&(1u8, 2u32, "t17")), 0xce70_8396_3a1d_6ec5);
        assert_ne!(fixed(&(1u8, 2u8)), fixed(&(2u8, 1u8)), "order matters");
        assert_ne!(fixed(&"ab"), fixed(&"ab\0"));
        assert_eq!(
            fixed(&7usize),
            fixed(&7u64),
            "usize is a 64-bit word everywhere"
        );
    }

    #[test]
    fn mixing_spreads_a_single_bit_over_the_word() {
        assert_eq!(mix(0), 0, "zero is a fixed point of the finaliser");
        let spread = mix(1).count_ones();
        assert!((16..=48).contains(&spread), "one bit in, {spread} bits out");
        assert_ne!(mix(1), mix(2));
    }
}
