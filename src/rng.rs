//! The random numbers of `nimstream gen`: SplitMix64, defined here rather
//! than taken from a crate whose stream might change, so that the same
//! arguments give the same bytes in every version that keeps it.

/// SplitMix64 (Steele, Lea and Flood): small, fast, and fully specified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

/// What each draw adds to the state: the stream's whole history is its
/// starting state plus a multiple of this, so any point can be reached at
/// once.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The generator of case `case` of a file seeded with `seed`, so that a
    /// case's contents do not depend on how the file is split for writing.
    pub fn for_case(seed: u64, case: u64) -> SplitMix64 {
        let mut mix = SplitMix64(seed ^ case.wrapping_mul(0xD1B5_4A32_D192_ED03));
        SplitMix64(mix.next_u64())
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The generator as it will be after `draws` more calls of
    /// [`next_u64`](Self::next_u64), without making them.
    pub fn skip(&self, draws: u64) -> SplitMix64 {
        SplitMix64(self.0.wrapping_add(draws.wrapping_mul(GAMMA)))
    }

    /// Whether [`between`](Self::between)`(lo, hi)` takes more than one
    /// draw at most once in `2^24` calls: then a run of calls can be started
    /// where it would begin if none took more, and be checked afterwards.
    pub fn rarely_redraws(lo: u64, hi: u64) -> bool {
        let span = hi.wrapping_sub(lo).wrapping_add(1);
        span == 0 || span.wrapping_neg() % span < 1 << 40
    }

    /// Uniform in `lo..=hi`, without bias (Lemire's multiply-and-reject).
    #[inline]
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        let span = (hi - lo).wrapping_add(1);
        if span == 0 {
            return self.next_u64();
        }
        let mut wide = u128::from(self.next_u64()) * u128::from(span);
        // The rejection threshold needs a division; it can only matter when
        // the low half is below `span`, which is rare for small spans.
        if (wide as u64) < span {
            let threshold = span.wrapping_neg() % span;
            while (wide as u64) < threshold {
                wide = u128::from(self.next_u64()) * u128::from(span);
            }
        }
        lo + (wide >> 64) as u64
    }

    /// Uniform in `range`.
    #[inline]
    pub fn within(&mut self, range: &std::ops::RangeInclusive<u64>) -> u64 {
        self.between(*range.start(), *range.end())
    }

    /// True with probability `p`.
    #[inline]
    pub fn chance(&mut self, p: f64) -> bool {
        // 53 random bits as a fraction in [0, 1).
        ((self.next_u64() >> 11) as f64) * (1.0 / (1u64 << 53) as f64) < p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_stays_in_range_and_covers_it() {
        let mut rng = SplitMix64::new(3);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = rng.between(10, 16);
            assert!((10..=16).contains(&v));
            seen[(v - 10) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(
            SplitMix64::new(1).between(0, u64::MAX),
            SplitMix64::new(1).next_u64()
        );
    }

    #[test]
    fn skip_lands_where_the_draws_would() {
        let start = SplitMix64::for_case(7, 3);
        let mut drawn = start.clone();
        for draws in 0..100 {
            assert_eq!(start.skip(draws), drawn);
            drawn.next_u64();
        }
    }

    /// Spans that redraw about once in 4 (3 * 2^62) or never (2^k, all of
    /// u64) against a count of the redraws.
    #[test]
    fn rarely_redraws_matches_the_redraws_counted() {
        for (lo, hi) in [(0, (3 << 62) - 1), (0, u64::MAX), (1, 1 << 31), (0, 9)] {
            let mut rng = SplitMix64::new(11);
            let mut draws = 0u64;
            for _ in 0..10_000 {
                let before = rng.clone();
                rng.between(lo, hi);
                draws += (0..).find(|&n| before.skip(n) == rng).unwrap();
            }
            let redraws = draws - 10_000;
            assert_eq!(
                SplitMix64::rarely_redraws(lo, hi),
                redraws == 0,
                "{lo}..={hi}: {redraws}"
            );
        }
    }
}
