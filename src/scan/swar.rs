//! SWAR ("SIMD within a register"): eight bytes at a time in a `u64`.
//!
//! This is the portable fast path and the fallback on every CPU. A token is
//! classified and converted eight bytes per step:
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

use super::{append_digits, finish_digits, Stop, Token};

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The SWAR kernel, for [`super::fold_tokens`].
pub(crate) struct Swar;

impl super::NextToken for Swar {
    #[inline(always)]
    fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
        next_token(bytes, pos)
    }
}

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

/// The SWAR kernel's window for the shared windowed loop
/// ([`super::window`]): 64 bytes classified as eight words, each
/// word's per-byte flags gathered into eight mask bits with one multiply.
/// The same loop as the vector kernels, so the per-token work is only the
/// conversion, with no dependency from one token's end to the next one's
/// start.
pub(crate) struct SwarWindow;

impl super::window::Window for SwarWindow {
    const WIDTH: usize = 64;

    #[inline(always)]
    unsafe fn classify(ptr: *const u8) -> (u64, u64) {
        let (mut digits, mut spaces) = (0, 0);
        for i in 0..8 {
            let word = u64::from_le(ptr.add(8 * i).cast::<u64>().read_unaligned());
            let (d, s) = classify_word(word);
            digits |= d << (8 * i);
            spaces |= s << (8 * i);
        }
        (digits, spaces)
    }

    #[inline(always)]
    unsafe fn short_run(end: *const u8, len: usize) -> u64 {
        let load = |at: *const u8| u64::from_le(at.cast::<u64>().read_unaligned());
        let high = (load(end.sub(16)) ^ (0x30 * ONES)) & keep_last(len.saturating_sub(8));
        let low = (load(end.sub(8)) ^ (0x30 * ONES)) & keep_last(len.min(8));
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

/// One bit per byte of `word`: (is an ASCII digit, is ASCII whitespace).
#[inline(always)]
fn classify_word(word: u64) -> (u64, u64) {
    let digit = !non_digit_mask(word ^ (0x30 * ONES)) & HIGH_BITS;
    // Bytes equal to a space: a byte is zero after the xor exactly when
    // neither its low seven bits (added to 0x7F) nor its high bit are set.
    let x = word ^ (0x20 * ONES);
    let nonzero = (((x & !HIGH_BITS) + (0x7F * ONES)) | x) & HIGH_BITS;
    // Bytes from \t (9) to \r (13): subtract 9 with every high bit set, so
    // that no byte borrows from its neighbour; below 5 is the range. Bytes
    // with the high bit set to begin with are never whitespace.
    let c = ((word | HIGH_BITS) - (0x09 * ONES)) ^ HIGH_BITS;
    let five_or_more = (((c & !HIGH_BITS) + (0x7B * ONES)) | c) & HIGH_BITS;
    let control = !five_or_more & !word & HIGH_BITS;
    (gather(digit), gather((!nonzero & HIGH_BITS) | control))
}

/// The high bits of the eight bytes of `flags` as eight bits, byte 0 in bit 0.
/// The multiply moves the flag of byte k to bit 56 + k; no two partial
/// products land on the same bit, so nothing carries.
#[inline(always)]
fn gather(flags: u64) -> u64 {
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}
