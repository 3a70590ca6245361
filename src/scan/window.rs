//! The windowed tokenizer loop shared by the SWAR and vector kernels.
//!
//! A kernel classifies `WIDTH` bytes at once into two bit masks (bit `i` set
//! when byte `i` is a digit, or whitespace): with vector compares, or for
//! SWAR eight words at a time. One classification then serves every token
//! that starts and ends inside the window, so for typical ten-digit heap
//! sizes a 64-byte window yields about five tokens per load. Tokens that run
//! past the window, or are longer than sixteen digits (which only leading
//! zeros or values above 10^16 produce), go through the one-token-at-a-time
//! SWAR path, as does the last partial window of the slice.

use crate::scan::{accept, swar, Folded, Stop, Token, Visitor};

/// Classification of one window of bytes, and conversion of a short digit
/// run: what a kernel brings to the shared loop.
pub(crate) trait Window {
    /// Bytes per window: 32 or 64.
    const WIDTH: usize;

    /// Digit and whitespace masks of `WIDTH` bytes at `ptr`.
    ///
    /// # Safety
    /// `ptr` must be valid for reading `WIDTH` bytes and the CPU must support
    /// the kernel's instructions.
    unsafe fn classify(ptr: *const u8) -> (u64, u64);

    /// Value of the `len` (1..=16) digits that end just before `end`.
    ///
    /// # Safety
    /// The 16 bytes before `end` must be valid for reading, the last `len`
    /// of them ASCII digits, and the CPU must support the kernel's
    /// instructions.
    unsafe fn short_run(end: *const u8, len: usize) -> u64;
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
        // SAFETY: the window lies inside `bytes`; the caller vouches for the CPU.
        let (digits, spaces) = unsafe { W::classify(bytes.as_ptr().add(pos)) };
        let others = !spaces & !beyond::<W>();
        if others == 0 {
            pos += W::WIDTH;
            continue;
        }
        let start = others.trailing_zeros() as usize;
        // SAFETY: as above.
        return unsafe { token_in_window::<W>(bytes, pos, start, digits) };
    }
    swar::next_token(bytes, pos)
}

/// The token whose first non-space byte is at `pos + start`.
///
/// # Safety
/// The CPU must support the kernel's instructions.
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
    if end < W::WIDTH && len <= 16 && pos + end >= 16 {
        // SAFETY: the 16 bytes before `pos + end` are inside `bytes`, and the
        // last `len` of them are the run's digits.
        let value = unsafe { W::short_run(bytes.as_ptr().add(pos + end), len) };
        return Ok(Token {
            value,
            start: pos + start,
            end: pos + end,
        });
    }
    swar::read_digits(bytes, pos + start)
}

/// [`crate::scan::Kernel::visit`] with window classification.
///
/// Each window's token starts and ends come out of its digit mask as two
/// bit masks, and the loop walks both with `tzcnt`/`blsr`. Unlike finding
/// each token's end from the previous one's, this leaves no dependency from
/// one token to the next, so the CPU converts several at once. A window with
/// a byte that is neither digit nor space goes through the one-token-at-a-time
/// path, which finds the fault and its exact position.
///
/// # Safety
/// The CPU must support the kernel's instructions.
#[inline(always)]
pub(crate) unsafe fn visit<W: Window, V: Visitor>(
    bytes: &[u8],
    pos: usize,
    limit: u64,
    visitor: &mut V,
) -> Folded {
    // A local copy stays in registers; visiting through `visitor` would put a
    // store and a reload on every token's dependency chain.
    let mut local = *visitor;
    // SAFETY: the caller vouches for the CPU.
    let folded = unsafe { visit_windows::<W, V>(bytes, pos, limit, &mut local) };
    *visitor = local;
    folded
}

/// # Safety
/// The CPU must support the kernel's instructions.
#[inline(always)]
unsafe fn visit_windows<W: Window, V: Visitor>(
    bytes: &[u8],
    mut pos: usize,
    limit: u64,
    visitor: &mut V,
) -> Folded {
    let mut read = 0;
    // Where a caller resumes: the end of the last token visited. `pos` runs
    // ahead of it over whitespace, always at a token boundary.
    let mut resume = pos;
    let stopped = |resume, read, stop| Folded {
        pos: resume,
        read,
        stop: Some(stop),
    };
    let refused = |at, value| Stop::Refused { at, value };
    while read < limit && pos + W::WIDTH <= bytes.len() {
        // SAFETY: the window lies inside `bytes`; the caller vouches for the CPU.
        let (digits, spaces) = unsafe { W::classify(bytes.as_ptr().add(pos)) };
        let in_window = !beyond::<W>();
        if (!(digits | spaces) & in_window) != 0 {
            // The one-token path finds the fault before leaving the window.
            let window_end = pos + W::WIDTH;
            while pos < window_end && read < limit {
                match swar::next_token(bytes, pos) {
                    Ok(token) if accept(visitor, token.value) => {
                        pos = token.end;
                        resume = pos;
                        read += 1;
                    }
                    Ok(token) => return stopped(resume, read, refused(token.start, token.value)),
                    Err(stop) => return stopped(resume, read, stop),
                }
            }
            continue;
        }
        let mut starts = digits & !(digits << 1);
        // Bit e: byte e ends a run (is not a digit, byte e - 1 is).
        let mut ends = !digits & (digits << 1) & in_window;
        let complete = u64::from(ends.count_ones()).min(limit - read);
        if complete == 0 {
            // One token fills the window, or only spaces are left in it.
            if starts == 0 {
                pos += W::WIDTH;
                continue;
            }
            let start = pos + starts.trailing_zeros() as usize;
            match swar::read_digits(bytes, start) {
                Ok(token) if accept(visitor, token.value) => {
                    pos = token.end;
                    resume = pos;
                    read += 1;
                    continue;
                }
                Ok(token) => return stopped(resume, read, refused(token.start, token.value)),
                Err(stop) => return stopped(resume, read, stop),
            }
        }
        let mut end = 0;
        for _ in 0..complete {
            let start = starts.trailing_zeros() as usize;
            end = ends.trailing_zeros() as usize;
            starts &= starts - 1;
            ends &= ends - 1;
            let len = end - start;
            // The 16 bytes before the token's end lie in the window or
            // before it, so the read stays inside `bytes` past its first 16.
            let value = if len <= 16 && pos + end >= 16 {
                // SAFETY: see the comment above; the run's digits end there.
                unsafe { W::short_run(bytes.as_ptr().add(pos + end), len) }
            } else {
                match swar::read_digits(bytes, pos + start) {
                    Ok(token) => token.value,
                    Err(stop) => return stopped(resume, read, stop),
                }
            };
            if !accept(visitor, value) {
                return stopped(resume, read, refused(pos + start, value));
            }
            resume = pos + end;
            read += 1;
        }
        // Past the window if every token in it is read; else at the first
        // unread one (cut by the window's end, or beyond `limit`).
        pos += if read == limit {
            end
        } else if starts == 0 {
            W::WIDTH
        } else {
            starts.trailing_zeros() as usize
        };
    }
    // `pos` may be far past `resume` after a long run of whitespace; the
    // tail starts there, but a caller resumes after the last token read.
    let tail = crate::scan::visit_tokens::<V, swar::Swar>(bytes, pos, limit - read, visitor);
    Folded {
        pos: if tail.read == 0 { resume } else { tail.pos },
        read: read + tail.read,
        stop: tail.stop,
    }
}
