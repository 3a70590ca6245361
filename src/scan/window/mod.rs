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
//!    with its start, four tokens per step while there are four, then two,
//!    then one. A kernel converts a step's runs together
//!    ([`Window::short_runs4`], [`Window::short_runs`]: on AVX2 two runs per
//!    register, one per 128-bit lane), and the visitor then sees them in
//!    order: one at a time, or a step of four at once
//!    ([`Visitor::visit4`]) when it cannot refuse a token. A typical window
//!    of ten-digit heap sizes holds six tokens: one step of four and one of
//!    two.
//!
//! Nothing carries from one token to the next except the bit masks, so the
//! CPU overlaps the conversions of neighbouring tokens. Runs of more than
//! sixteen digits (values of 10^16 and more, or leading zeros) are
//! `long_runs`' concern: for a visitor that expects them
//! ([`Visitor::LONG_TOKENS`]), a step of four runs of up to twenty digits
//! converts each as two short runs; any other step holding a long run takes
//! its tokens one at a time, up to twenty digits as three SWAR words and a
//! checked multiply-add, longer ones by the SWAR loop. So does
//! any window holding a byte that is neither digit nor whitespace (the
//! one-token path finds the fault and its exact position), the first tokens
//! of the slice (a conversion reads the 16 bytes before a token's end) and
//! the last partial window. These paths are kept out of line: inlined, they
//! cost the walk registers it needs.
//!
//! Each window first asks for the bytes [`PREFETCH`] ahead of it: walking a
//! mapped file, a CPU whose prefetcher lags makes every window wait on its
//! load, and the walk does so little per byte that the wait was half its
//! time on one development machine.

use crate::scan::{accept, is_space, word, Folded, Stop, Token, Visitor};

mod long_runs;

use long_runs::{long_or_short, wide_runs2, wide_runs4};

/// Bytes per window: one bit of a `u64` mask each.
pub(crate) const WIDTH: usize = 64;

/// How far ahead of the window being classified its bytes are asked for.
///
/// Some CPUs' prefetchers do not run far enough ahead of a walk through a
/// mapped file on their own: on the 2.6 GHz Intel Xeon of one development
/// machine, half of the walk's time waited on the window's load, and one
/// prefetch a window halved the run. A page ahead was the best distance
/// measured there (2 KiB and 8 KiB slightly slower, 16 KiB much slower:
/// prefetches to pages not yet mapped are dropped).
const PREFETCH: usize = 4096;

/// Asks for the cache line [`PREFETCH`] bytes past `pos` in `bytes`, which
/// may lie past its end: a prefetch never faults, and the address is only
/// computed, never read.
#[inline(always)]
pub(crate) fn prefetch(bytes: &[u8], pos: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let ahead = bytes.as_ptr().wrapping_add(pos.wrapping_add(PREFETCH));
        // SAFETY: SSE is part of x86-64, and a prefetch reads no memory the
        // program sees, so any address will do.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(ahead as *const i8) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (bytes, pos);
}

/// Classification of a window of bytes, and conversion of short digit runs:
/// what a kernel brings to the shared loop.
pub(crate) trait Window {
    /// Digit and whitespace masks of the `WIDTH` bytes at `ptr`.
    ///
    /// # Safety
    /// `ptr` must be valid for reading `WIDTH` bytes and the CPU must support
    /// the kernel's instructions.
    unsafe fn classify(ptr: *const u8) -> (u64, u64);

    /// The masks of [`Window::classify`], and a third of the bytes that are
    /// `'0'`: what a census (`scan::census`) counts tokens with.
    ///
    /// # Safety
    /// As for [`Window::classify`].
    unsafe fn classify_zeros(ptr: *const u8) -> (u64, u64, u64);

    /// Value of the `len` (1..=16) digits that end just before `end`.
    ///
    /// # Safety
    /// The 16 bytes before `end` must be valid for reading, the last `len`
    /// of them ASCII digits, and the CPU must support the kernel's
    /// instructions.
    unsafe fn short_run(end: *const u8, len: usize) -> u64;

    /// Values of two runs, as [`Window::short_run`] of each. A kernel that
    /// can convert several at once overrides this and
    /// [`Window::short_runs4`].
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

    /// Values of four runs, as [`Window::short_runs`] of each half.
    ///
    /// # Safety
    /// As for [`Window::short_run`], for all four runs.
    #[inline(always)]
    unsafe fn short_runs4(ends: [*const u8; 4], lens: [usize; 4]) -> [u64; 4] {
        // SAFETY: the caller's guarantees are those of `short_run`.
        let ([a, b], [c, d]) = unsafe {
            (
                Self::short_runs([ends[0], ends[1]], [lens[0], lens[1]]),
                Self::short_runs([ends[2], ends[3]], [lens[2], lens[3]]),
            )
        };
        [a, b, c, d]
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
    word::next_token(bytes, pos)
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
    word::read_digits(bytes, pos + start)
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
        prefetch(bytes, pos);
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
            Err(halt) => {
                return Folded {
                    pos: previous_end(bytes, halt.at, floor),
                    read: read(left) + (count - halt.left),
                    stop: Some(halt.stop),
                };
            }
        }
    }
    let from = cursor.next();
    let tail = crate::scan::visit_tokens::<V, OutOfLine>(bytes, from, left, visitor);
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

/// Why a window's walk stopped before its last token.
struct Halt {
    /// Tokens of the walk not visited, the one it stopped at included.
    left: u64,
    /// Offset of that token's first digit.
    at: usize,
    /// The stop.
    stop: Stop,
}

/// Visits the first `count` tokens that end in the window at `cursor.pos`,
/// and returns the start of the run after them.
///
/// `starts` and `ends` are the window's run starts and ends, where an end is
/// the first non-digit after a run. Runs are visited four at a time while
/// there are four, then two, then one: each step takes the next ends and
/// their starts, converts the runs together, and visits them in order.
///
/// Offsets are relative to the window (an open run's start is before it:
/// a wrapped negative offset, which only ever meets an end in a
/// subtraction), so the hot loop keeps only the window's address and the
/// masks.
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
) -> Result<usize, Halt> {
    let pos = cursor.pos;
    // SAFETY: the window lies inside `bytes`.
    let window = unsafe { bytes.as_ptr().add(pos) };
    let next = |mask: &mut u64| {
        let offset = mask.trailing_zeros() as usize;
        *mask &= mask.wrapping_sub(1);
        offset
    };
    let mut start = if cursor.open {
        cursor.start.wrapping_sub(pos)
    } else {
        next(&mut starts)
    };
    let mut left = count;
    let halt = |left, start: usize, stop| Halt {
        left,
        at: pos.wrapping_add(start),
        stop,
    };
    let refused = |left, start: usize, value| {
        let at = pos.wrapping_add(start);
        halt(left, start, Stop::Refused { at, value })
    };
    // One token, by `long_or_short`: the first of a step that holds a run
    // too long to convert with the others.
    macro_rules! one_token {
        ($end:expr) => {{
            let end = $end;
            let (at, end_at) = (pos.wrapping_add(start), pos + end);
            // SAFETY: the run starts at 16 or later.
            let value = unsafe { long_or_short::<W>(bytes, at, end_at, V::LONG_TOKENS) }
                .map_err(|stop| halt(left, start, stop))?;
            if !accept(visitor, value) {
                return Err(refused(left, start, value));
            }
            left -= 1;
        }};
    }
    while left >= 4 {
        let (e0, s1, e1) = (next(&mut ends), next(&mut starts), next(&mut ends));
        let (s2, e2, s3, e3) = (
            next(&mut starts),
            next(&mut ends),
            next(&mut starts),
            next(&mut ends),
        );
        let lens = [e0.wrapping_sub(start), e1 - s1, e2 - s2, e3 - s3];
        // SAFETY: the ends are inside the window.
        let run_ends = unsafe {
            [
                window.add(e0),
                window.add(e1),
                window.add(e2),
                window.add(e3),
            ]
        };
        let values = if lens.iter().all(|&len| len <= 16) {
            // SAFETY: every run starts at 16 or later and is at most 16
            // long, so the 16 bytes before each end are inside `bytes`.
            Some(unsafe { W::short_runs4(run_ends, lens) })
        } else if V::LONG_TOKENS {
            // SAFETY: every run starts at 16 or later.
            unsafe { wide_runs4::<W>(run_ends, lens) }
        } else {
            None
        };
        let Some(values) = values else {
            // The first token alone; the other three go back for the next
            // step.
            ends |= (1 << e1) | (1 << e2) | (1 << e3);
            starts |= (1 << s2) | (1 << s3);
            one_token!(e0);
            start = s1;
            continue;
        };
        if V::MAY_REFUSE {
            let run_starts = [start, s1, s2, s3];
            for i in 0..4 {
                if !accept(visitor, values[i]) {
                    return Err(refused(left - i as u64, run_starts[i], values[i]));
                }
            }
        } else {
            visitor.visit4(values);
        }
        start = next(&mut starts);
        left -= 4;
    }
    if left >= 2 {
        let (e0, s1, e1) = (next(&mut ends), next(&mut starts), next(&mut ends));
        let lens = [e0.wrapping_sub(start), e1 - s1];
        // SAFETY: the ends are inside the window.
        let run_ends = unsafe { [window.add(e0), window.add(e1)] };
        let values = if lens[0] <= 16 && lens[1] <= 16 {
            // SAFETY: as for four runs above.
            Some(unsafe { W::short_runs(run_ends, lens) })
        } else if V::LONG_TOKENS {
            // SAFETY: every run starts at 16 or later.
            unsafe { wide_runs2::<W>(run_ends, lens) }
        } else {
            None
        };
        if let Some([first, second]) = values {
            if !accept(visitor, first) {
                return Err(refused(left, start, first));
            }
            if !accept(visitor, second) {
                return Err(refused(left - 1, s1, second));
            }
            start = next(&mut starts);
            left -= 2;
        } else {
            ends |= 1 << e1;
            one_token!(e0);
            start = s1;
        }
    }
    // At most two tokens are left here (one, or two after a long run).
    while left > 0 {
        one_token!(next(&mut ends));
        start = next(&mut starts);
    }
    Ok(pos.wrapping_add(start))
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
        match next_token_out_of_line(bytes, stepped.pos) {
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

/// [`word::next_token`], not inlined: for the first bytes, faulty windows and
/// the last bytes.
#[inline(never)]
fn next_token_out_of_line(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
    word::next_token(bytes, pos)
}

/// The one-token SWAR path through [`next_token_out_of_line`].
struct OutOfLine;

impl crate::scan::NextToken for OutOfLine {
    #[inline(always)]
    fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
        next_token_out_of_line(bytes, pos)
    }
}
