//! SWAR ("SIMD within a register"): eight bytes at a time in a `u64`, one
//! token at a time.
//!
//! This is the tail path of every windowed kernel (tokens cut by a window's
//! end, long runs, faults), and its helpers serve the portable windowed
//! kernel in `arch::portable` and the validator. A token is classified and
//! converted eight bytes per step:
//!
//! 1. `xor` with `0x30` in every byte maps `'0'..='9'` to `0..=9`; a byte is
//!    a digit exactly when the result is below 10. The test for "below 10" is
//!    done in all eight bytes at once without letting one byte borrow from its
//!    neighbour (see `non_digit_mask`).
//! 2. The number of leading digits is the count of trailing zero bits of that
//!    mask divided by eight (the word is loaded little-endian, so the first
//!    byte in memory is the lowest).
//! 3. The digits are shifted to the top of the word, which puts zero bytes,
//!    read as leading zeros, below them, and three multiply-adds turn eight
//!    digit bytes into their value (`eight_digits`).

use super::{append_digits, finish_digits, Stop, Token, POW10};

pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
pub(crate) const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// Skips whitespace from `pos` and reads one token.
#[inline(always)]
pub fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
    let start = super::skip_space(bytes, pos);
    match bytes.get(start) {
        Some(&byte) if super::is_digit(byte) => read_digits(bytes, start),
        _ => Err(super::fault_at(bytes, start)),
    }
}

/// Reads the digit run known to begin at `start`.
#[inline(always)]
pub(crate) fn read_digits(bytes: &[u8], start: usize) -> Result<Token, Stop> {
    let mut value = 0u64;
    let mut pos = start;
    let mut overflow = false;
    while let Some(window) = bytes.get(pos..pos + 8) {
        let word: u64 = bytemuck::pod_read_unaligned(window);
        let digits = word ^ (0x30 * ONES);
        let count = (non_digit_mask(digits).trailing_zeros() / 8) as usize;
        if count == 0 {
            break;
        }
        // Move the `count` digits to the top; the bytes shifted in below read
        // as leading zeros.
        let aligned = if count == 8 {
            digits
        } else {
            digits << (64 - 8 * count)
        };
        match append_digits(value, eight_digits(aligned), count) {
            Some(v) => value = v,
            None => overflow = true,
        }
        pos += count;
        if count < 8 {
            if overflow {
                return Err(Stop::Overflow { at: start });
            }
            return Ok(Token {
                value,
                start,
                end: pos,
            });
        }
    }
    if overflow {
        // Keep consuming the run so that the error is the same as the
        // reference kernel's, which reports the run's start.
        let _ = finish_digits(bytes, start, pos, 0);
        return Err(Stop::Overflow { at: start });
    }
    finish_digits(bytes, start, pos, value)
}

/// A mask with the high bit set in every byte of `digits` (the input `xor`
/// `0x30`s) that was not an ASCII digit.
#[inline(always)]
pub(crate) fn non_digit_mask(digits: u64) -> u64 {
    // Adding 0x76 to a byte below 0x80 sets its high bit iff it is >= 10; the
    // high bits are cleared first so that no byte can carry into the next.
    let low = digits & !HIGH_BITS;
    ((low + 0x76 * ONES) | digits) & HIGH_BITS
}

/// The value of eight digit bytes (each 0..=9), the first in the lowest byte.
#[inline(always)]
pub(crate) fn eight_digits(digits: u64) -> u64 {
    // Pairs: each 16-bit lane becomes 10 * first + second.
    let pairs = digits.wrapping_mul(10).wrapping_add(digits >> 8);
    // Quads and then the whole: two multiplies place 100*a+b and
    // 1_000_000*c+10_000*d (in effect) in the top half of the product.
    const MASK: u64 = 0x0000_00FF_0000_00FF;
    let a = (pairs & MASK).wrapping_mul(100 + (1_000_000 << 32));
    let b = ((pairs >> 16) & MASK).wrapping_mul(1 + (10_000 << 32));
    a.wrapping_add(b) >> 32
}

/// The value of the `len` (17..=20) digits that end just before `end`, or
/// `None` if it exceeds `u64::MAX`: three words of eight bytes read back
/// from `end`, the first with only its last `len - 16` bytes kept.
///
/// # Safety
/// The 24 bytes before `end` must be valid for reading, and the last `len`
/// of them must be ASCII digits.
#[inline(always)]
pub(crate) unsafe fn up_to_twenty_digits(end: *const u8, len: usize) -> Option<u64> {
    debug_assert!((17..=20).contains(&len));
    // SAFETY: the caller guarantees the 24 bytes before `end`.
    let word = |back: usize| u64::from_le(unsafe { end.sub(back).cast::<u64>().read_unaligned() });
    let digits = |word: u64| word ^ (0x30 * ONES);
    // The first word's digits are its top `len - 16` bytes (words are read
    // little-endian); shifting them down leaves zeros above, which
    // `eight_digits` reads as leading zeros once moved back to the top.
    let kept = 8 * (len - 16);
    let high = eight_digits(digits(word(24)) >> (64 - kept) << (64 - kept));
    let middle = eight_digits(digits(word(16)));
    let low = eight_digits(digits(word(8)));
    high.checked_mul(POW10[16])?
        .checked_add(middle * POW10[8] + low)
}
