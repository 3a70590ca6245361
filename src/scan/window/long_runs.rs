//! Runs longer than 16 digits, which one vector conversion does not
//! cover: numbers of 10^16 and more, and runs with leading zeros.
//!
//! The walk converts up to 16 digits per run in one step
//! ([`Window::short_run`]). A file of numbers drawn across the `u64` range
//! is almost all 19- and 20-digit runs, so the walk converts those four at
//! a time, or two at a time, as two short runs each ([`wide_runs4`],
//! [`wide_runs2`]); a step that holds a run
//! past 20 digits, or a 20-digit run too large, falls to the one-token path
//! ([`long_or_short`]), which finds exactly where it stops.

use super::Window;
use crate::scan::{word, Stop};

/// The values of four runs that end at `ends`, `lens` digits long, when
/// none is longer than 20 digits or too large: each as its last 16 digits
/// and the up to four before them, eight conversions of at most 16 digits
/// done together. `None` sends the step to the one-token path, which finds
/// the run that does not fit.
///
/// # Safety
/// Every run must start at 16 or later and end at its `end`, and the CPU
/// must support the kernel's instructions.
#[inline(always)]
pub(super) unsafe fn wide_runs4<W: Window>(
    ends: [*const u8; 4],
    lens: [usize; 4],
) -> Option<[u64; 4]> {
    if lens.iter().any(|&len| len > 20) {
        return None;
    }
    // SAFETY: as the caller vouches (see `high_parts`).
    let (lows, highs) = unsafe {
        let (high_ends, high_lens) = high_parts(ends, lens);
        (
            W::short_runs4(ends, lens.map(|len| len.min(16))),
            W::short_runs4(high_ends, high_lens),
        )
    };
    combine(lows, highs, lens)
}

/// [`wide_runs4`] for two runs: four conversions, done together.
///
/// # Safety
/// As for [`wide_runs4`].
#[inline(always)]
pub(super) unsafe fn wide_runs2<W: Window>(
    ends: [*const u8; 2],
    lens: [usize; 2],
) -> Option<[u64; 2]> {
    if lens.iter().any(|&len| len > 20) {
        return None;
    }
    // SAFETY: as the caller vouches (see `high_parts`).
    let [low0, low1, high0, high1] = unsafe {
        let (high_ends, high_lens) = high_parts(ends, lens);
        W::short_runs4(
            [ends[0], ends[1], high_ends[0], high_ends[1]],
            [lens[0].min(16), lens[1].min(16), high_lens[0], high_lens[1]],
        )
    };
    combine([low0, low1], [high0, high1], lens)
}

/// Where the digits before each run's last 16 end, and how many there are.
/// A run of 16 digits or fewer names its own last digit, converted and
/// then dropped: 16 bytes before its end are readable, 16 before its start
/// may not be.
///
/// # Safety
/// Every run must start at 16 or later and end at its `end`: a run of 17
/// to 20 digits then has the 16 bytes before `end - 16` inside the slice.
#[inline(always)]
unsafe fn high_parts<const N: usize>(
    ends: [*const u8; N],
    lens: [usize; N],
) -> ([*const u8; N], [usize; N]) {
    let high_ends = std::array::from_fn(|i| match lens[i] > 16 {
        // SAFETY: the run's first digit is at `ends[i] - lens[i]`, before
        // `ends[i] - 16`.
        true => unsafe { ends[i].sub(16) },
        false => ends[i],
    });
    (high_ends, lens.map(|len| len.saturating_sub(16).max(1)))
}

/// Each run's value from its last 16 digits and the digits before them, or
/// `None` if one is too large for a `u64`.
#[inline(always)]
fn combine<const N: usize>(lows: [u64; N], highs: [u64; N], lens: [usize; N]) -> Option<[u64; N]> {
    const TEN_TO_16: u64 = 10_000_000_000_000_000;
    let mut values = [0; N];
    let mut fits = true;
    for i in 0..N {
        let high = if lens[i] > 16 { highs[i] } else { 0 };
        let (scaled, over) = high.overflowing_mul(TEN_TO_16);
        let (value, carry) = scaled.overflowing_add(lows[i]);
        fits &= !(over | carry);
        values[i] = value;
    }
    fits.then_some(values)
}

/// Value of the run from `start` to `end`: converted directly when at most
/// 16 digits long, else out of line ([`long_run`]), but for a visitor that
/// expects long tokens (`long_expected`, its
/// [`Visitor::LONG_TOKENS`](crate::scan::Visitor::LONG_TOKENS)).
///
/// # Safety
/// `start` must be at least 16, and the CPU must support the kernel's
/// instructions.
#[inline(always)]
pub(super) unsafe fn long_or_short<W: Window>(
    bytes: &[u8],
    start: usize,
    end: usize,
    long_expected: bool,
) -> Result<u64, Stop> {
    debug_assert!(start >= 16);
    let len = end - start;
    if len <= 16 {
        // SAFETY: `start >= 16`, so the 16 bytes before `end` are in `bytes`.
        Ok(unsafe { W::short_run(bytes.as_ptr().add(end), len) })
    } else if long_expected && len <= 20 {
        // Inline for numbers across the whole `u64` range, mostly 19 and
        // 20 digits long, which out of line took half the time of their
        // files. Heaps, which are shorter, compile this branch out: in
        // their walk it cost the reference workload 3 to 5%.
        // SAFETY: `start >= 16` and `len >= 17`, so the 24 bytes before
        // `end` begin at `start + len - 24 >= start - 7`, inside `bytes`.
        unsafe { word::up_to_twenty_digits(bytes.as_ptr().add(end), len) }
            .ok_or(Stop::Overflow { at: start })
    } else {
        long_run(bytes, start, end)
    }
}

/// The value of the run from `start` (16 or later) to `end`, longer than 16
/// digits.
///
/// Every `u64` has at most 20 digits: up to that, three SWAR words and a
/// checked multiply-add (where 20-digit runs overflow); longer runs, which
/// only leading zeros keep in range, by the SWAR loop. Out of line, like
/// the other one-token paths below: kept apart from the walk, they leave its
/// registers to the hot loop.
#[cold]
#[inline(never)]
fn long_run(bytes: &[u8], start: usize, end: usize) -> Result<u64, Stop> {
    assert!(start >= 16 && end <= bytes.len());
    let len = end - start;
    if len <= 20 {
        // SAFETY: the 24 bytes before `end` start at `start + len - 24`,
        // which is at least `start - 7`, and the last `len` are the run.
        unsafe { word::up_to_twenty_digits(bytes.as_ptr().add(end), len) }
            .ok_or(Stop::Overflow { at: start })
    } else {
        word::read_digits(bytes, start).map(|token| token.value)
    }
}
