//! Division by the powers of ten a number's digits are cut at, as
//! multiplications by rounded-up reciprocals: the vector writers have no
//! integer division, and multiplying is what they have most of.
//!
//! Each constant is `⌈2^s / d⌉` for a shift `s` large enough that the
//! rounding error stays below `1 / d` for every dividend in range, so
//! `v * C >> s` is exactly `v / d`; the tests check each range's edges and
//! every dividend of the two small ones.

/// `v * TO_1E8 >> SHIFT_1E8` is `v / 10^8` for every `v < 2^32`.
pub(super) const TO_1E8: i64 = 1_441_151_881;
/// The shift that goes with [`TO_1E8`].
pub(super) const SHIFT_1E8: i32 = 57;
/// `v * TO_1E4 >> SHIFT_1E4` is `v / 10^4` for every `v < 10^8`.
pub(super) const TO_1E4: i64 = 109_951_163;
/// The shift that goes with [`TO_1E4`].
pub(super) const SHIFT_1E4: i32 = 40;
/// `v * TO_100 >> (16 + SHIFT_100)` (the high 16 bits of the product,
/// shifted right by `SHIFT_100`) is `v / 100` for every `v < 10^4`.
pub(super) const TO_100: i16 = 5243;
/// The shift that goes with [`TO_100`], after the high 16 bits are taken.
pub(super) const SHIFT_100: i32 = 3;
/// `v * TO_10 >> 16` (the high 16 bits of the product) is `v / 10` for
/// every `v < 100`.
pub(super) const TO_10: i16 = 6554;
/// `(v << 8) - (v / 10) * DIGIT_PAIR` is `256 (v % 10) + v / 10` for every
/// `v < 100`: its two digits in two bytes, the tens in the low one (the
/// first in memory), with one multiplication and one subtraction.
pub(super) const DIGIT_PAIR: i16 = 10 * 256 - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_small_divisions_are_exact_for_every_dividend() {
        for v in 0..10_000u64 {
            assert_eq!((v * TO_100 as u64) >> (16 + SHIFT_100), v / 100, "{v}");
            assert_eq!((v * TO_1E4 as u64) >> SHIFT_1E4, v / 10_000, "{v}");
        }
        for v in 0..100u64 {
            assert_eq!((v * TO_10 as u64) >> 16, v / 10, "{v}");
            let pair = (v << 8) - (v / 10) * DIGIT_PAIR as u64;
            assert_eq!(pair.to_le_bytes()[..3], [v as u8 / 10, v as u8 % 10, 0]);
        }
    }

    #[test]
    fn the_large_divisions_are_exact_at_every_edge_and_a_stride() {
        // The error grows with the dividend, so it is largest just below
        // each multiple of the divisor and at the top of the range.
        let below = |d: u64, top: u64| (1..=top / d).flat_map(move |k| [k * d - 1, k * d]);
        let strided = |top: u64| (0..top).step_by(9_973);
        for v in below(10_000, 100_000_000).chain(strided(100_000_000)) {
            assert_eq!((v * TO_1E4 as u64) >> SHIFT_1E4, v / 10_000, "{v}");
        }
        let top = u64::from(u32::MAX);
        for v in below(100_000_000, top)
            .chain(strided(top).step_by(7))
            .chain([top, top - 1])
        {
            assert_eq!((v * TO_1E8 as u64) >> SHIFT_1E8, v / 100_000_000, "{v}");
        }
    }
}
