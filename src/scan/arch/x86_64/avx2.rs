//! The AVX2 kernel: 32-byte windows classified with byte compares.

use core::arch::x86_64::*;

use crate::scan::census::{self, Census};
use crate::scan::window::{self, Window};
use crate::scan::{Folded, Stop, Token, Visitor};

pub(crate) fn is_available() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("sse4.1")
}

pub(crate) struct Avx2;

/// Digit and whitespace masks of the 32 bytes at `ptr`.
///
/// Two instructions per class. Adding 0x46 moves exactly the digits to
/// 0x76..=0x7F, the top of the signed byte range, so one signed compare
/// finds them. The six whitespace bytes have six different low nibbles, so a
/// byte shuffle indexed by the low nibble yields the one whitespace byte a
/// byte could be, and a byte is whitespace when it equals it (a byte with
/// its high bit set shuffles to 0, which it never equals).
///
/// # Safety
/// `ptr` must be valid for reading 32 bytes, and the CPU must support AVX2.
#[inline(always)]
unsafe fn classify_half(ptr: *const u8) -> (u64, u64) {
    // SAFETY: the caller guarantees the readable bytes and AVX2.
    unsafe {
        let bytes = _mm256_loadu_si256(ptr as *const __m256i);
        let shifted = _mm256_add_epi8(bytes, _mm256_set1_epi8(0x46));
        let digits = _mm256_cmpgt_epi8(shifted, _mm256_set1_epi8(0x75));
        let whitespace_like = _mm256_shuffle_epi8(
            _mm256_broadcastsi128_si256(_mm_loadu_si128(
                WHITESPACE_BY_LOW_NIBBLE.as_ptr() as *const __m128i
            )),
            bytes,
        );
        let spaces = _mm256_cmpeq_epi8(bytes, whitespace_like);
        (
            _mm256_movemask_epi8(digits) as u32 as u64,
            _mm256_movemask_epi8(spaces) as u32 as u64,
        )
    }
}

/// The whitespace byte whose low nibble is the index, or 0x80 (no byte the
/// shuffle compares it with, as a byte with its high bit set shuffles to 0).
static WHITESPACE_BY_LOW_NIBBLE: [u8; 16] = {
    let mut table = [0x80u8; 16];
    table[0] = b' ';
    let mut byte = b'\t';
    while byte <= b'\r' {
        table[byte as usize] = byte;
        byte += 1;
    }
    table
};

impl Window for Avx2 {
    #[inline(always)]
    unsafe fn classify(ptr: *const u8) -> (u64, u64) {
        // SAFETY: the caller guarantees 64 readable bytes and the CPU features (`Window`).
        let ((low_digits, low_spaces), (high_digits, high_spaces)) =
            unsafe { (classify_half(ptr), classify_half(ptr.add(32))) };
        (
            low_digits | high_digits << 32,
            low_spaces | high_spaces << 32,
        )
    }

    #[inline(always)]
    unsafe fn classify_zeros(ptr: *const u8) -> (u64, u64, u64) {
        // SAFETY: the caller guarantees 64 readable bytes and the CPU features (`Window`).
        unsafe {
            let zeros = |at: *const u8| {
                let bytes = _mm256_loadu_si256(at as *const __m256i);
                let zeros = _mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(b'0' as i8));
                _mm256_movemask_epi8(zeros) as u32 as u64
            };
            let (digits, spaces) = Self::classify(ptr);
            (digits, spaces, zeros(ptr) | zeros(ptr.add(32)) << 32)
        }
    }

    #[inline(always)]
    unsafe fn short_run(end: *const u8, len: usize) -> u64 {
        // SAFETY: the caller guarantees the readable bytes and the CPU features (`Window`).
        unsafe { super::sixteen_digits(end, len) }
    }

    #[inline(always)]
    unsafe fn short_runs(ends: [*const u8; 2], lens: [usize; 2]) -> [u64; 2] {
        // SAFETY: the caller guarantees the readable bytes and the CPU features (`Window`).
        unsafe { super::two_runs(ends, lens) }
    }

    #[inline(always)]
    unsafe fn short_runs4(ends: [*const u8; 4], lens: [usize; 4]) -> [u64; 4] {
        // SAFETY: the caller guarantees the readable bytes and the CPU features (`Window`).
        unsafe { super::four_runs(ends, lens) }
    }
}

/// # Safety
/// The CPU must support AVX2, BMI1 and SSE4.1 ([`is_available`]).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,sse4.1,ssse3")]
pub(crate) unsafe fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
    // SAFETY: the caller guarantees the CPU features this function enables.
    unsafe { window::next_token::<Avx2>(bytes, pos) }
}

/// # Safety
/// The CPU must support AVX2, BMI1 and SSE4.1 ([`is_available`]).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,sse4.1,ssse3")]
pub(crate) unsafe fn visit<V: Visitor>(
    bytes: &[u8],
    pos: usize,
    limit: u64,
    visitor: &mut V,
) -> Folded {
    // SAFETY: the caller guarantees the CPU features this function enables.
    unsafe { window::visit::<Avx2, V>(bytes, pos, limit, visitor) }
}

/// # Safety
/// The CPU must support AVX2, BMI1 and SSE4.1 ([`is_available`]).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,sse4.1,ssse3")]
pub(crate) unsafe fn census(bytes: &[u8], pos: usize) -> Option<Census> {
    // SAFETY: the caller guarantees the CPU features this function enables.
    unsafe { census::by_windows::<Avx2>(bytes, pos) }
}
