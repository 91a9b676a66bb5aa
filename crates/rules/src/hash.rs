//! Hashing helpers shared by the games.

/// The 64-bit finaliser of SplitMix64: a bijection that spreads every input bit over every output
/// bit. Games fold their bitboards through it to build position hashes.
#[inline(always)]
pub fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::mix;

    #[test]
    fn mixing_spreads_a_single_bit_over_the_word() {
        assert_eq!(mix(0), 0, "zero is a fixed point of the finaliser");
        let spread = mix(1).count_ones();
        assert!((16..=48).contains(&spread), "one bit in, {spread} bits out");
        assert_ne!(mix(1), mix(2));
    }
}
