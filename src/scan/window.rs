//! The windowed tokenizer loop shared by the SWAR and vector kernels.
//!
//! The loop works in two steps, after simdjson's two stages, but fused window
//! by window instead of over the whole input:
//!
//! 1. *Index*: a kernel classifies 64 bytes at once into a digit mask (bit
//!    `i` set when byte `i` is an ASCII digit) and a whitespace mask. Token
//!    starts and ends fall out of the digit mask with a shift: a start is a
//!    digit after a non-digit, an end is a non-digit after a digit. Windows
//!    are consecutive and never overlap: the bit "the last byte of the
//!    previous window was a digit" is carried into the next, so a token cut
//!    by a window's end simply ends in the next window, whose walk still
//!    knows where it started.
//! 2. *Convert*: the window's ends are walked with `tzcnt`/`blsr`, each paired
//!    with its start, two tokens per step. A kernel converts both runs at
//!    once ([`Window::short_runs`]: on AVX2 one per 128-bit lane), and the
//!    visitor then sees them one at a time, in order.
//!
//! Nothing carries from one token to the next except the bit masks, so the
//! CPU overlaps the conversions of neighbouring tokens. Runs longer than
//! sixteen digits (only leading zeros or values of 10^16 and more make them)
//! go through the one-token SWAR path, which also detects overflow; so does
//! any window holding a byte that is neither digit nor whitespace (the
//! one-token path finds the fault and its exact position), the first tokens
//! of the slice (a conversion reads the 16 bytes before a token's end) and
//! the last partial window.

use crate::scan::{accept, is_space, swar, Folded, Stop, Token, Visitor};

/// Bytes per window: one bit of a `u64` mask each.
pub(crate) const WIDTH: usize = 64;

/// Classification of a window of bytes, and conversion of short digit runs:
/// what a kernel brings to the shared loop.
pub(crate) trait Window {
    /// Digit and whitespace masks of the `WIDTH` bytes at `ptr`.
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

    /// Values of two runs, as [`Window::short_run`] of each. A kernel that
    /// can convert both at once overrides this.
    ///
    /// # Safety
    /// As for [`Window::short_run`], for both runs.
    #[inline(always)]
    unsafe fn short_runs(ends: [*const u8; 2], lens: [usize; 2]) -> [u64; 2] {
        // SAFETY: the caller's guarantees are those of `short_run`.
        unsafe {
            [
                Self::short_run(ends[0], lens[0]),
                Self::short_run(ends[1], lens[1]),
            ]
        }
    }
}

/// Reads one token with window classification.
///
/// # Safety
/// The CPU must support the kernel's instructions.
#[inline(always)]
pub(crate) unsafe fn next_token<W: Window>(bytes: &[u8], mut pos: usize) -> Result<Token, Stop> {
    while pos + WIDTH <= bytes.len() {
        // SAFETY: the window lies inside `bytes`; the caller vouches for the CPU.
        let (digits, spaces) = unsafe { W::classify(bytes.as_ptr().add(pos)) };
        if spaces == !0 {
            pos += WIDTH;
            continue;
        }
        let start = (!spaces).trailing_zeros() as usize;
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
    // A run that reaches the window's end may go on: only the SWAR path sees
    // where it ends.
    let end = (!digits & (!0u64 << start)).trailing_zeros() as usize;
    let len = end - start;
    if end < WIDTH && len <= 16 && pos + end >= 16 {
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

/// The state of the walk between windows.
#[derive(Clone, Copy)]
struct Cursor {
    /// Offset of the next window.
    pos: usize,
    /// Whether the byte before `pos` is a digit whose run goes on at `pos`.
    open: bool,
    /// Where the open run started (meaningless when `open` is false).
    start: usize,
}

/// # Safety
/// The CPU must support the kernel's instructions.
#[inline(always)]
unsafe fn visit_windows<W: Window, V: Visitor>(
    bytes: &[u8],
    pos: usize,
    limit: u64,
    visitor: &mut V,
) -> Folded {
    // The first tokens one at a time, so that every token the walk converts
    // starts at 16 or later and has 16 readable bytes before its end.
    let head = one_at_a_time(bytes, pos, |at| at < 16, limit, visitor);
    if head.stop.is_some() {
        return Folded {
            pos: head.pos,
            read: head.read,
            stop: head.stop,
        };
    }
    let mut left = limit - head.read;
    // Where a caller resumes is the end of the last token visited. The walk
    // does not keep it: every way out finds it from the first byte not
    // visited (see `previous_end`), never below `floor`, the last place the
    // one-token paths reported.
    let mut floor = head.pos;
    let mut cursor = Cursor {
        pos: head.pos,
        open: false,
        start: 0,
    };
    let read = |left: u64| limit - left;
    while left > 0 && cursor.pos + WIDTH <= bytes.len() {
        let pos = cursor.pos;
        // SAFETY: the window lies inside `bytes`; the caller vouches for the CPU.
        let (digits, spaces) = unsafe { W::classify(bytes.as_ptr().add(pos)) };
        if digits | spaces != !0 {
            // The one-token path finds the fault before leaving the window.
            let from = cursor.next();
            let window_end = pos + WIDTH;
            let slow = one_at_a_time(bytes, from, |at| at < window_end, left, visitor);
            left -= slow.read;
            if slow.read > 0 {
                floor = slow.pos;
            }
            if slow.stop.is_some() {
                return Folded {
                    pos: previous_end(bytes, slow.pos, floor),
                    read: read(left),
                    stop: slow.stop,
                };
            }
            cursor = Cursor {
                pos: slow.pos,
                open: false,
                start: 0,
            };
            continue;
        }
        // Bit i: byte i - 1 is a digit (for bit 0, the last byte before).
        let after_digit = (digits << 1) | u64::from(cursor.open);
        let ends = !digits & after_digit;
        let available = u64::from(ends.count_ones());
        let count = available.min(left);
        // SAFETY: every run walked starts at 16 or later (see `head`); the
        // caller vouches for the CPU.
        let walked = unsafe {
            walk_window::<W, V>(bytes, cursor, digits & !after_digit, ends, count, visitor)
        };
        match walked {
            Ok(next_start) if count < available => {
                // `limit` stopped the walk before `next_start`.
                return Folded {
                    pos: previous_end(bytes, next_start, floor),
                    read: limit,
                    stop: None,
                };
            }
            Ok(next_start) => {
                left -= count;
                cursor = Cursor {
                    pos: pos + WIDTH,
                    open: digits >> 63 != 0,
                    start: next_start,
                };
            }
            Err((visited, at, stop)) => {
                return Folded {
                    pos: previous_end(bytes, at, floor),
                    read: read(left) + visited,
                    stop: Some(stop),
                };
            }
        }
    }
    let from = cursor.next();
    let tail = crate::scan::visit_tokens::<V, swar::Swar>(bytes, from, left, visitor);
    Folded {
        pos: if tail.read == 0 {
            previous_end(bytes, from, floor)
        } else {
            tail.pos
        },
        read: read(left) + tail.read,
        stop: tail.stop,
    }
}

impl Cursor {
    /// The first byte not yet visited: the open run's start, or the next
    /// window.
    #[inline(always)]
    fn next(self) -> usize {
        if self.open {
            self.start
        } else {
            self.pos
        }
    }
}

/// The end of the last token before `at`, when only whitespace lies between
/// it and `at`: just past the last non-space byte before `at`, but not below
/// `floor`.
#[cold]
fn previous_end(bytes: &[u8], mut at: usize, floor: usize) -> usize {
    while at > floor && is_space(bytes[at - 1]) {
        at -= 1;
    }
    at
}

/// Visits the first `count` tokens that end in the window at `cursor.pos`,
/// and returns the start of the run after them.
///
/// `starts` and `ends` are the window's run starts and ends, where an end is
/// the first non-digit after a run. Runs are visited in pairs: each step
/// takes the next two ends and their starts, converts both, and visits them
/// in order. On a stop, says how many were visited before it and the start
/// of the token it stopped at.
///
/// # Safety
/// Every run must start at 16 or later, and the CPU must support the
/// kernel's instructions.
#[inline(always)]
unsafe fn walk_window<W: Window, V: Visitor>(
    bytes: &[u8],
    cursor: Cursor,
    mut starts: u64,
    mut ends: u64,
    count: u64,
    visitor: &mut V,
) -> Result<usize, (u64, usize, Stop)> {
    let pos = cursor.pos;
    let next_start = |starts: &mut u64| {
        let start = pos + starts.trailing_zeros() as usize;
        *starts &= starts.wrapping_sub(1);
        start
    };
    let next_end = |ends: &mut u64| {
        let end = pos + ends.trailing_zeros() as usize;
        *ends &= ends.wrapping_sub(1);
        end
    };
    let mut start = if cursor.open {
        cursor.start
    } else {
        next_start(&mut starts)
    };
    let mut left = count;
    let refused = |at, value| Stop::Refused { at, value };
    while left >= 2 {
        let end = next_end(&mut ends);
        let second_start = next_start(&mut starts);
        let second_end = next_end(&mut ends);
        let lens = [end - start, second_end - second_start];
        if lens[0] > 16 || lens[1] > 16 {
            // One token, the long one or the one before it, then on.
            // SAFETY: the run starts at 16 or later.
            let value = unsafe { long_or_short::<W>(bytes, start, end) }
                .map_err(|stop| (count - left, start, stop))?;
            if !accept(visitor, value) {
                return Err((count - left, start, refused(start, value)));
            }
            // The second token is read again by the next step.
            ends |= 1u64 << (second_end - pos);
            start = second_start;
            left -= 1;
            continue;
        }
        debug_assert!(start >= 16 && second_start >= 16);
        let ptr = bytes.as_ptr();
        // SAFETY: both runs start at 16 or later and are at most 16 long,
        // so the 16 bytes before each end are inside `bytes`.
        let [first, second] = unsafe { W::short_runs([ptr.add(end), ptr.add(second_end)], lens) };
        if !accept(visitor, first) {
            return Err((count - left, start, refused(start, first)));
        }
        if !accept(visitor, second) {
            return Err((
                count - left + 1,
                second_start,
                refused(second_start, second),
            ));
        }
        start = next_start(&mut starts);
        left -= 2;
    }
    if left == 1 {
        let end = next_end(&mut ends);
        // SAFETY: the run starts at 16 or later.
        let value = unsafe { long_or_short::<W>(bytes, start, end) }
            .map_err(|stop| (count - 1, start, stop))?;
        if !accept(visitor, value) {
            return Err((count - 1, start, refused(start, value)));
        }
        start = next_start(&mut starts);
    }
    Ok(start)
}

/// Value of the run from `start` to `end`: converted directly when at most
/// 16 digits long, else by the SWAR path, which also detects overflow.
///
/// # Safety
/// `start` must be at least 16, and the CPU must support the kernel's
/// instructions.
#[inline(always)]
unsafe fn long_or_short<W: Window>(bytes: &[u8], start: usize, end: usize) -> Result<u64, Stop> {
    debug_assert!(start >= 16);
    let len = end - start;
    if len <= 16 {
        // SAFETY: `start >= 16`, so the 16 bytes before `end` are in `bytes`.
        Ok(unsafe { W::short_run(bytes.as_ptr().add(end), len) })
    } else {
        swar::read_digits(bytes, start).map(|token| token.value)
    }
}

/// What [`one_at_a_time`] did.
struct Stepped {
    /// End of the last token visited (the start offset if none).
    pos: usize,
    /// Tokens visited.
    read: u64,
    /// Why it stopped, if it did.
    stop: Option<Stop>,
}

/// Visits tokens one at a time with the SWAR path while `before(offset)`
/// holds of the offset reached and fewer than `limit` were visited.
#[inline(always)]
fn one_at_a_time<V: Visitor>(
    bytes: &[u8],
    at: usize,
    before: impl Fn(usize) -> bool,
    limit: u64,
    visitor: &mut V,
) -> Stepped {
    let mut stepped = Stepped {
        pos: at,
        read: 0,
        stop: None,
    };
    while before(stepped.pos) && stepped.read < limit {
        match swar::next_token(bytes, stepped.pos) {
            Ok(token) if accept(visitor, token.value) => {
                stepped.pos = token.end;
                stepped.read += 1;
            }
            Ok(token) => {
                stepped.stop = Some(Stop::Refused {
                    at: token.start,
                    value: token.value,
                });
                break;
            }
            Err(stop) => {
                stepped.stop = Some(stop);
                break;
            }
        }
    }
    stepped
}
