//! x86-64 kernels: AVX2 (64-byte windows as two 32-byte halves) and
//! AVX-512BW (64-byte windows in one register).
//!
//! Both convert a run of up to sixteen digits with the same SSE sequence,
//! `sixteen_digits`: load the 16 bytes that end where the run ends, turn its
//! digits into their values and the bytes before it into zeros with one
//! saturating subtract (of `'0'` under the run, of 0xFF before it), then
//! three multiply-add steps (pairs, quads, eights) and one scalar
//! multiply-add join the two halves. `two_runs` does the same for two runs
//! at once, one in each 128-bit lane of an AVX2 register, and `four_runs`
//! for four in two registers, which share the steps after the quads (one
//! `packus` packs both into one register). The shared loop hands tokens
//! over four or two at a time; the fewer instructions per token are what
//! make the AVX2 kernel faster than converting them one by one.

pub mod avx2;
pub mod avx512;

use core::arch::x86_64::*;

/// `ZERO_OF[len]`, subtracted with unsigned saturation from 16 bytes whose
/// last `len` are ASCII digits, leaves those digits' values and zeros
/// before them: `'0'` in the last `len` bytes, 0xFF in the others.
static ZERO_OF: [[u8; 16]; 17] = {
    let mut table = [[0xFFu8; 16]; 17];
    let mut len = 0;
    while len <= 16 {
        let mut i = 16 - len;
        while i < 16 {
            table[len][i] = b'0';
            i += 1;
        }
        len += 1;
    }
    table
};

/// Value of the `len` (1..=16) ASCII digits that end just before `end`.
///
/// The 16 bytes loaded end at the token's end, so its digits are already
/// where a right-aligned number wants them; the bytes before the token
/// (whitespace, or the previous token) are cleared to read as leading zeros.
/// An `and` with a mask replaces a byte shuffle, which only one execution
/// port can run.
///
/// # Safety
/// The 16 bytes before `end` must be valid for reading, and the CPU must
/// support SSSE3 and SSE4.1 (every AVX2 CPU does).
#[inline(always)]
pub(crate) unsafe fn sixteen_digits(end: *const u8, len: usize) -> u64 {
    // SAFETY: the caller guarantees the 16 readable bytes and SSSE3/SSE4.1.
    unsafe {
        let raw = _mm_loadu_si128(end.sub(16) as *const __m128i);
        let zero = _mm_loadu_si128(ZERO_OF[len].as_ptr() as *const __m128i);
        let aligned = _mm_subs_epu8(raw, zero);
        let pairs = _mm_maddubs_epi16(
            aligned,
            _mm_setr_epi8(10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1, 10, 1),
        );
        let quads = _mm_madd_epi16(pairs, _mm_setr_epi16(100, 1, 100, 1, 100, 1, 100, 1));
        let quads = _mm_packus_epi32(quads, quads);
        let eights = _mm_madd_epi16(
            quads,
            _mm_setr_epi16(10_000, 1, 10_000, 1, 10_000, 1, 10_000, 1),
        );
        let high = _mm_cvtsi128_si32(eights) as u32 as u64;
        let low = _mm_extract_epi32::<1>(eights) as u32 as u64;
        high * 100_000_000 + low
    }
}

/// Values of two runs of 1..=16 ASCII digits, those ending just before
/// `ends[0]` and `ends[1]`, `lens` digits long: [`sixteen_digits`] with one
/// run in each 128-bit lane of an AVX2 register.
///
/// The lanes meet only at the end: `maddubs`, `madd` and `packus` keep to
/// their lane, so each holds its run's high and low eight digits as two
/// 32-bit numbers, and one 32x32-bit multiply per 64-bit lane joins them.
///
/// # Safety
/// The 16 bytes before each end must be valid for reading, the last `lens`
/// of them ASCII digits, and the CPU must support AVX2.
#[inline(always)]
pub(crate) unsafe fn two_runs(ends: [*const u8; 2], lens: [usize; 2]) -> [u64; 2] {
    // SAFETY: the caller guarantees the readable bytes and AVX2.
    unsafe {
        let quads = quads_of_two(ends, lens);
        let quads = _mm256_packus_epi32(quads, quads);
        // Each 64-bit lane: the high eight digits' value in its low half,
        // the low eight digits' in its high half.
        let eights = _mm256_madd_epi16(quads, _mm256_set1_epi32(0x0001_2710));
        let high = _mm256_mul_epu32(eights, _mm256_set1_epi64x(100_000_000));
        let values = _mm256_add_epi64(high, _mm256_srli_epi64::<32>(eights));
        [
            _mm256_extract_epi64::<0>(values) as u64,
            _mm256_extract_epi64::<2>(values) as u64,
        ]
    }
}

/// Values of four runs, as [`two_runs`] of the first two and of the last
/// two, sharing the steps after the quads: one `packus` packs both
/// registers' quads into one.
///
/// # Safety
/// As for [`two_runs`], for all four runs.
#[inline(always)]
pub(crate) unsafe fn four_runs(ends: [*const u8; 4], lens: [usize; 4]) -> [u64; 4] {
    // SAFETY: the caller guarantees the readable bytes and AVX2.
    unsafe {
        // Lane 0 holds runs 0 and 2, lane 1 runs 1 and 3.
        let quads = _mm256_packus_epi32(
            quads_of_two([ends[0], ends[1]], [lens[0], lens[1]]),
            quads_of_two([ends[2], ends[3]], [lens[2], lens[3]]),
        );
        let eights = _mm256_madd_epi16(quads, _mm256_set1_epi32(0x0001_2710));
        let high = _mm256_mul_epu32(eights, _mm256_set1_epi64x(100_000_000));
        let values = _mm256_add_epi64(high, _mm256_srli_epi64::<32>(eights));
        [
            _mm256_extract_epi64::<0>(values) as u64,
            _mm256_extract_epi64::<2>(values) as u64,
            _mm256_extract_epi64::<1>(values) as u64,
            _mm256_extract_epi64::<3>(values) as u64,
        ]
    }
}

/// The values of each four digits of two runs, as 32-bit numbers, one run
/// per 128-bit lane (see [`two_runs`]).
///
/// # Safety
/// As for [`two_runs`].
#[inline(always)]
unsafe fn quads_of_two(ends: [*const u8; 2], lens: [usize; 2]) -> __m256i {
    // SAFETY: the caller guarantees the readable bytes and AVX2.
    unsafe {
        let raw = _mm256_loadu2_m128i(
            ends[1].sub(16) as *const __m128i,
            ends[0].sub(16) as *const __m128i,
        );
        let zero = _mm256_loadu2_m128i(
            ZERO_OF[lens[1]].as_ptr() as *const __m128i,
            ZERO_OF[lens[0]].as_ptr() as *const __m128i,
        );
        let digits = _mm256_subs_epu8(raw, zero);
        let pairs = _mm256_maddubs_epi16(digits, _mm256_set1_epi16(0x010A));
        _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x0001_0064))
    }
}
