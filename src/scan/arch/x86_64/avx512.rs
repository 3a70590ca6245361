//! The AVX-512BW kernel: 64-byte windows classified straight into mask
//! registers, which are exactly the bit masks the windowed loop wants. It
//! converts runs with the AVX2 kernel's sequences.

use core::arch::x86_64::*;

use crate::scan::census::{self, Census};
use crate::scan::window::{self, Window};
use crate::scan::{Folded, Stop, Token, Visitor};

pub(crate) fn is_available() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("sse4.1")
}

pub(crate) struct Avx512;

impl Window for Avx512 {
    #[inline(always)]
    unsafe fn classify(ptr: *const u8) -> (u64, u64) {
        // SAFETY: the caller guarantees the readable bytes and the CPU features (`Window`).
        unsafe {
            let bytes = _mm512_loadu_si512(ptr as *const _);
            let below = |lo: u8, count: u8| {
                let shifted = _mm512_sub_epi8(bytes, _mm512_set1_epi8(lo as i8));
                _mm512_cmplt_epu8_mask(shifted, _mm512_set1_epi8(count as i8))
            };
            let digits = below(b'0', 10);
            let blank = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b' ' as i8));
            (digits, blank | below(b'\t', b'\r' - b'\t' + 1))
        }
    }

    #[inline(always)]
    unsafe fn classify_zeros(ptr: *const u8) -> (u64, u64, u64) {
        // SAFETY: the caller guarantees the readable bytes and the CPU features (`Window`).
        unsafe {
            let (digits, spaces) = Self::classify(ptr);
            let bytes = _mm512_loadu_si512(ptr as *const _);
            let zeros = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b'0' as i8));
            (digits, spaces, zeros)
        }
    }

    #[inline(always)]
    unsafe fn short_run(end: *const u8, len: usize) -> u64 {
        // SAFETY: the caller guarantees the readable bytes and the CPU features (`Window`).
        unsafe { super::sixteen_digits(end, len) }
    }

    // The AVX2 conversions (AVX-512BW implies AVX2), tested wherever the
    // AVX2 kernel runs.

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
/// The CPU must support AVX-512F/BW, BMI1 and SSE4.1 ([`is_available`]).
#[target_feature(enable = "avx512f,avx512bw,avx2,bmi1,bmi2,popcnt,sse4.1,ssse3")]
pub(crate) unsafe fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
    // SAFETY: the caller guarantees the CPU features this function enables.
    unsafe { window::next_token::<Avx512>(bytes, pos) }
}

/// # Safety
/// The CPU must support AVX-512F/BW, BMI1 and SSE4.1 ([`is_available`]).
#[target_feature(enable = "avx512f,avx512bw,avx2,bmi1,bmi2,popcnt,sse4.1,ssse3")]
pub(crate) unsafe fn visit<V: Visitor>(
    bytes: &[u8],
    pos: usize,
    limit: u64,
    visitor: &mut V,
) -> Folded {
    // SAFETY: the caller guarantees the CPU features this function enables.
    unsafe { window::visit::<Avx512, V>(bytes, pos, limit, visitor) }
}

/// # Safety
/// The CPU must support AVX-512F/BW, BMI1 and SSE4.1 ([`is_available`]).
#[target_feature(enable = "avx512f,avx512bw,avx2,bmi1,bmi2,popcnt,sse4.1,ssse3")]
pub(crate) unsafe fn census(bytes: &[u8], pos: usize) -> Option<Census> {
    // SAFETY: the caller guarantees the CPU features this function enables.
    unsafe { census::by_windows::<Avx512>(bytes, pos) }
}
