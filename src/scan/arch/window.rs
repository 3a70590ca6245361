//! The windowed tokenizer loop shared by the vector kernels.
//!
//! A vector kernel classifies `WIDTH` bytes at once into two bit masks (bit
//! `i` set when byte `i` is a digit, or whitespace). One classification then
//! serves every token that starts and ends inside the window, so for typical
//! ten-digit heap sizes a 64-byte window yields about five tokens per load.
//! Tokens that run past the window, or are longer than sixteen digits (which
//! only leading zeros or values above 10^16 produce), go through the SWAR
//! path, as does the last partial window of the slice.

use crate::games::{CaseSummary, HeapFold};
use crate::scan::{swar, Folded, Stop, Token};

/// Classification of one window of bytes, and conversion of a short digit run.
pub(crate) trait Window {
    /// Bytes per window: 32 or 64.
    const WIDTH: usize;

    /// Digit and whitespace masks of `WIDTH` bytes at `ptr`.
    ///
    /// # Safety
    /// `ptr` must be valid for reading `WIDTH` bytes and the CPU must support
    /// the kernel's instructions.
    unsafe fn classify(ptr: *const u8) -> (u64, u64);

    /// Value of the `len` (1..=16) digits at `ptr`.
    ///
    /// # Safety
    /// `ptr` must be valid for reading 16 bytes, the first `len` of which are
    /// ASCII digits, and the CPU must support the kernel's instructions.
    unsafe fn short_run(ptr: *const u8, len: usize) -> u64;
}

/// Bits at and above `WIDTH` set, so that "no more digits in this window"
/// shows up as a run ending at `WIDTH`.
#[inline(always)]
fn beyond<W: Window>() -> u64 {
    if W::WIDTH >= 64 {
        0
    } else {
        !0u64 << W::WIDTH
    }
}

/// Reads one token with window classification.
///
/// # Safety
/// The CPU must support the kernel's instructions.
#[inline(always)]
pub(crate) unsafe fn next_token<W: Window>(bytes: &[u8], mut pos: usize) -> Result<Token, Stop> {
    while pos + W::WIDTH <= bytes.len() {
        let (digits, spaces) = W::classify(bytes.as_ptr().add(pos));
        let others = !spaces & !beyond::<W>();
        if others == 0 {
            pos += W::WIDTH;
            continue;
        }
        let start = others.trailing_zeros() as usize;
        return token_in_window::<W>(bytes, pos, start, digits);
    }
    swar::next_token(bytes, pos)
}

/// The token whose first non-space byte is at `pos + start`.
#[inline(always)]
unsafe fn token_in_window<W: Window>(
    bytes: &[u8],
    pos: usize,
    start: usize,
    digits: u64,
) -> Result<Token, Stop> {
    if digits & (1 << start) == 0 {
        return Err(Stop::Invalid {
            at: pos + start,
            byte: bytes[pos + start],
        });
    }
    let end = ((!digits | beyond::<W>()) & (!0u64 << start)).trailing_zeros() as usize;
    let len = end - start;
    if end < W::WIDTH && len <= 16 && pos + start + 16 <= bytes.len() {
        let value = W::short_run(bytes.as_ptr().add(pos + start), len);
        return Ok(Token {
            value,
            start: pos + start,
            end: pos + end,
        });
    }
    swar::read_digits(bytes, pos + start)
}

/// [`crate::scan::Kernel::fold`] with window classification.
///
/// # Safety
/// The CPU must support the kernel's instructions.
#[inline(always)]
pub(crate) unsafe fn fold<W: Window, F: HeapFold>(
    bytes: &[u8],
    mut pos: usize,
    limit: u64,
    fold: &F,
    acc: &mut CaseSummary,
) -> Folded {
    let mut read = 0;
    'windows: while read < limit && pos + W::WIDTH <= bytes.len() {
        let (digits, spaces) = W::classify(bytes.as_ptr().add(pos));
        let mut at = 0;
        while read < limit {
            let others = !spaces & !beyond::<W>() & (!0u64 << at);
            if others == 0 {
                pos += W::WIDTH;
                continue 'windows;
            }
            let start = others.trailing_zeros() as usize;
            let token = match token_in_window::<W>(bytes, pos, start, digits) {
                Ok(token) => token,
                Err(stop) => {
                    return Folded {
                        pos: pos + at,
                        read,
                        stop: Some(stop),
                    }
                }
            };
            fold.fold(acc, token.value);
            read += 1;
            if token.end >= pos + W::WIDTH {
                pos = token.end;
                continue 'windows;
            }
            at = token.end - pos;
        }
        pos += at;
    }
    let tail = crate::scan::fold_tokens(bytes, pos, limit - read, fold, acc, swar::next_token);
    Folded {
        pos: tail.pos,
        read: read + tail.read,
        stop: tail.stop,
    }
}
