//! The portable windowed kernel: the shared window loop with 64 bytes
//! classified as eight `u64` words, each word's per-byte flags gathered into
//! eight mask bits with one multiply. The same loop as the vector kernels, so
//! the per-token work is only the conversion, with no dependency from one
//! token's end to the next one's start. It needs no particular CPU, which
//! makes it every machine's fallback and the twin the vector kernels are
//! measured against.

use crate::scan::census::{self, Census};
use crate::scan::window::{self, Window};
use crate::scan::word::{eight_digits, non_digit_mask, HIGH_BITS, ONES};
use crate::scan::{Folded, Stop, Token, Visitor};

/// Skips whitespace from `pos` and reads one token.
#[inline]
pub(crate) fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
    // SAFETY: the windowed loop reads only inside `bytes`, and this window
    // needs no particular CPU.
    unsafe { window::next_token::<SwarWindow>(bytes, pos) }
}

/// Visits up to `limit` tokens from `pos`.
#[inline]
pub(crate) fn visit<V: Visitor>(bytes: &[u8], pos: usize, limit: u64, visitor: &mut V) -> Folded {
    // SAFETY: as in `next_token`.
    unsafe { window::visit::<SwarWindow, V>(bytes, pos, limit, visitor) }
}

/// The census of the tokens from `pos` (see [`Census`]), by the portable window.
#[inline]
pub(crate) fn census(bytes: &[u8], pos: usize) -> Option<Census> {
    // SAFETY: as in `next_token`.
    unsafe { census::by_windows::<SwarWindow>(bytes, pos) }
}

/// The window of eight words.
pub(crate) struct SwarWindow;

impl Window for SwarWindow {
    #[inline(always)]
    unsafe fn classify(ptr: *const u8) -> (u64, u64) {
        let (mut digits, mut spaces) = (0, 0);
        for i in 0..8 {
            // SAFETY: the caller guarantees 64 readable bytes at `ptr`.
            let word = u64::from_le(unsafe { ptr.add(8 * i).cast::<u64>().read_unaligned() });
            let (d, s) = classify_word(word);
            digits |= d << (8 * i);
            spaces |= s << (8 * i);
        }
        (digits, spaces)
    }

    #[inline(always)]
    unsafe fn classify_zeros(ptr: *const u8) -> (u64, u64, u64) {
        // SAFETY: the caller guarantees 64 readable bytes at `ptr`.
        let (digits, spaces) = unsafe { Self::classify(ptr) };
        let mut zeros = 0;
        for i in 0..8 {
            // SAFETY: as above.
            let word = u64::from_le(unsafe { ptr.add(8 * i).cast::<u64>().read_unaligned() });
            zeros |= gather(zero_bytes(word ^ (0x30 * ONES))) << (8 * i);
        }
        (digits, spaces, zeros)
    }

    #[inline(always)]
    unsafe fn short_run(end: *const u8, len: usize) -> u64 {
        // SAFETY: the caller guarantees the 16 bytes before `end`.
        let load = |at: *const u8| u64::from_le(unsafe { at.cast::<u64>().read_unaligned() });
        // SAFETY: both loads lie in those 16 bytes.
        let (high, low) = unsafe { (load(end.sub(16)), load(end.sub(8))) };
        let high = (high ^ (0x30 * ONES)) & keep_last(len.saturating_sub(8));
        let low = (low ^ (0x30 * ONES)) & keep_last(len.min(8));
        eight_digits(high) * 100_000_000 + eight_digits(low)
    }
}

/// A mask of the last `n` (0..=8) bytes of a word in memory order (its top
/// bytes, as words are read little-endian).
#[inline(always)]
fn keep_last(n: usize) -> u64 {
    if n == 0 {
        0
    } else {
        !0u64 << (8 * (8 - n))
    }
}

/// The high bit of every byte of `x` that is zero: a byte's low seven bits
/// plus 0x7F set its high bit unless they are all zero, and no byte carries
/// into the next.
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    !(((x & !HIGH_BITS) + (0x7F * ONES)) | x) & HIGH_BITS
}

/// One bit per byte of `word`: (is an ASCII digit, is ASCII whitespace).
#[inline(always)]
fn classify_word(word: u64) -> (u64, u64) {
    let digit = !non_digit_mask(word ^ (0x30 * ONES)) & HIGH_BITS;
    // Bytes equal to a space are the zero bytes after the xor.
    let spaces = zero_bytes(word ^ (0x20 * ONES));
    // Bytes from \t (9) to \r (13): subtract 9 with every high bit set, so
    // that no byte borrows from its neighbour; below 5 is the range. Bytes
    // with the high bit set to begin with are never whitespace.
    let c = ((word | HIGH_BITS) - (0x09 * ONES)) ^ HIGH_BITS;
    let five_or_more = (((c & !HIGH_BITS) + (0x7B * ONES)) | c) & HIGH_BITS;
    let control = !five_or_more & !word & HIGH_BITS;
    (gather(digit), gather(spaces | control))
}

/// The high bits of the eight bytes of `flags` as eight bits, byte 0 in bit 0.
/// The multiply moves the flag of byte k to bit 56 + k; no two partial
/// products land on the same bit, so nothing carries.
#[inline(always)]
fn gather(flags: u64) -> u64 {
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}
