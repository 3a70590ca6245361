//! x86-64 kernels: AVX2 (64-byte windows as two 32-byte halves) and
//! AVX-512BW (64-byte windows in one register).
//!
//! Both convert a run of up to sixteen digits with the same SSE sequence,
//! `sixteen_digits`: load the 16 bytes that end where the run ends, turn its
//! digits into their values and the bytes before it into zeros with one
//! saturating subtract (of `'0'` under the run, of 0xFF before it), then
//! three multiply-add steps (pairs, quads, eights) and one scalar
//! multiply-add join the two halves.

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
