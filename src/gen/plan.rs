//! Which cases are losing: exactly `round(P·T)` of the `T` cases, in an
//! order that looks random and is the same for the same seed.
//!
//! Case `i` is losing when its rank under a seeded permutation of `0..T` is
//! below the count. The permutation is a four-round Feistel network on the
//! smallest even number of bits that covers `T`, walked until it lands below
//! `T` ("cycle walking": a permutation of a larger power of two, restricted
//! to `0..T`, is still a permutation). It needs no memory, and any thread can
//! ask about any case.

use crate::rng::SplitMix64;

/// The losing cases of a file.
#[derive(Clone, Debug)]
pub(super) struct LosingPlan {
    cases: u64,
    losing: u64,
    half_bits: u32,
    keys: [u64; 4],
}

impl LosingPlan {
    /// `round(share * cases)` losing cases, placed by `seed`.
    pub(super) fn new(cases: u64, share: f64, seed: u64) -> LosingPlan {
        let losing = ((share * cases as f64).round() as u64).min(cases);
        let bits = 64 - cases.saturating_sub(1).leading_zeros();
        let half_bits = bits.div_ceil(2).max(1);
        let mut rng = SplitMix64::new(seed ^ 0x6C6F_7369_6E67_2121);
        let keys = [
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
        ];
        LosingPlan {
            cases,
            losing,
            half_bits,
            keys,
        }
    }

    /// Whether case `case` (from 0) is to be losing for the first player.
    pub(super) fn is_losing(&self, case: u64) -> bool {
        self.rank(case) < self.losing
    }

    /// The case's place in the permutation of `0..cases`.
    fn rank(&self, case: u64) -> u64 {
        let mut x = case;
        loop {
            x = self.feistel(x);
            if x < self.cases {
                return x;
            }
        }
    }

    fn feistel(&self, x: u64) -> u64 {
        let mask = (1u64 << self.half_bits) - 1;
        let (mut left, mut right) = (x >> self.half_bits, x & mask);
        for key in self.keys {
            let mixed = SplitMix64::new(right ^ key).next_u64() & mask;
            (left, right) = (right, left ^ mixed);
        }
        (left << self.half_bits) | right
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_the_rounded_share_is_losing_for_every_size() {
        for cases in (0..300).chain([1000, 4096, 4097, 65_537]) {
            for share in [0.0, 0.1, 0.5, 0.77, 1.0] {
                let plan = LosingPlan::new(cases, share, 7);
                let count = (0..cases).filter(|&i| plan.is_losing(i)).count() as u64;
                assert_eq!(
                    count,
                    (share * cases as f64).round() as u64,
                    "{cases} {share}"
                );
            }
        }
    }

    #[test]
    fn ranks_are_a_permutation_that_depends_on_the_seed() {
        let ranks = |seed| {
            let plan = LosingPlan::new(1000, 0.5, seed);
            (0..1000).map(|i| plan.rank(i)).collect::<Vec<_>>()
        };
        let mut sorted = ranks(1);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..1000).collect::<Vec<_>>());
        assert_ne!(ranks(1), ranks(2));
        assert_eq!(ranks(3), ranks(3));
    }
}
