//! Counting tokens without converting them.
//!
//! The position games' split (`parallel::positions`) must know, before it
//! answers a block, how many tokens come before it; only a few values
//! matter at that stage (a block's first token, and the place of its first
//! `0`). Converting every token to learn that cost as much as answering the
//! block, so the first pass was as slow as the second. A census needs the
//! window masks alone:
//!
//! * a token starts at a digit whose previous byte is not one, so a
//!   window's count is one `popcnt` of its digit mask against itself
//!   shifted by one (the previous window's last bit shifted in);
//! * a fault is a byte that is neither digit nor whitespace: a window whose
//!   two masks do not cover it;
//! * a zero is a run of `'0'` bytes alone: a third mask marks those bytes,
//!   and only runs starting with one are looked at.
//!
//! A run too long for a `u64` is counted like any other token and not
//! checked: the pass that converts the block meets it, and the caller
//! answers from there (checking every twenty-digit run here took three
//! quarters of the census's time on files drawn across the `u64` range).
//! Only the first token is converted, so its overflow is a fault here.
//!
//! Each kernel that walks windows counts with the same masks; the reference
//! kernel's census is a walk of every token, one byte at a time, which the
//! tests compare them to.

use super::window::{prefetch, Window, WIDTH};
use super::{is_digit, Stop, Token};

/// What a census of a slice's tokens found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Census {
    /// How many tokens there are.
    pub tokens: u64,
    /// The first token's value.
    pub first: Option<u64>,
    /// The index of the first token worth 0.
    pub first_zero: Option<u64>,
}

impl Census {
    const EMPTY: Census = Census {
        tokens: 0,
        first: None,
        first_zero: None,
    };
}

/// The census of the first token, read as `first`, and where the rest
/// begins; `Err` with the whole census when nothing is left to count (no
/// token, or a fault).
fn after_first(first: Result<Token, Stop>) -> Result<(Census, usize), Option<Census>> {
    match first {
        Ok(token) => Ok((
            Census {
                tokens: 1,
                first: Some(token.value),
                first_zero: (token.value == 0).then_some(0),
            },
            token.end,
        )),
        Err(Stop::End) => Err(Some(Census::EMPTY)),
        Err(_) => Err(None),
    }
}

/// The census of the tokens from `pos`, one byte at a time: what the
/// reference kernel runs, and what the windowed census must agree with.
pub(crate) fn by_walking(bytes: &[u8], pos: usize) -> Option<Census> {
    let (mut census, mut at) = match after_first(super::reference::next_token(bytes, pos)) {
        Ok(started) => started,
        Err(whole) => return whole,
    };
    loop {
        while at < bytes.len() && super::is_space(bytes[at]) {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && is_digit(bytes[at]) {
            at += 1;
        }
        if at == start {
            return (at == bytes.len()).then_some(census);
        }
        if census.first_zero.is_none() && bytes[start..at].iter().all(|&b| b == b'0') {
            census.first_zero = Some(census.tokens);
        }
        census.tokens += 1;
    }
}

/// The census of the tokens from `pos` by window masks; `None` if a byte is
/// neither digit nor whitespace or the first token overflows.
///
/// # Safety
/// The CPU must support the kernel's instructions.
#[inline(always)]
pub(crate) unsafe fn by_windows<W: Window>(bytes: &[u8], pos: usize) -> Option<Census> {
    // The first token is read on its own, for its value; the windows start
    // right after it, at a byte that is not a digit.
    // SAFETY: the caller vouches for the CPU.
    let (mut census, first_end) =
        match after_first(unsafe { super::window::next_token::<W>(bytes, pos) }) {
            Ok(started) => started,
            Err(whole) => return whole,
        };
    // The digit mask of the window before, for a run that crosses into the
    // next one.
    let mut carry = 0;
    let mut at = first_end;
    while at + WIDTH <= bytes.len() {
        prefetch(bytes, at);
        // SAFETY: the window lies inside `bytes`; the caller vouches for the CPU.
        let masks = unsafe { W::classify_zeros(bytes.as_ptr().add(at)) };
        count_window(bytes, at, masks, &mut carry, &mut census)?;
        at += WIDTH;
    }
    if at < bytes.len() {
        // The last bytes, padded with spaces to a whole window: its runs are
        // checked against `bytes` itself, where they end.
        let mut tail = [b' '; WIDTH];
        tail[..bytes.len() - at].copy_from_slice(&bytes[at..]);
        // SAFETY: `tail` is one window; the caller vouches for the CPU.
        let masks = unsafe { W::classify_zeros(tail.as_ptr()) };
        count_window(bytes, at, masks, &mut carry, &mut census)?;
    }
    Some(census)
}

/// Counts the tokens that start in the window at `at`, whose digit,
/// whitespace and `'0'` masks are `masks`; `carry` is the digit mask of
/// the window before.
#[inline(always)]
fn count_window(
    bytes: &[u8],
    at: usize,
    (digits, spaces, zeros): (u64, u64, u64),
    carry: &mut u64,
    census: &mut Census,
) -> Option<()> {
    if digits | spaces != !0 {
        return None;
    }
    let starts = digits & !(digits << 1 | *carry >> 63);
    *carry = digits;
    if census.first_zero.is_none() && starts & zeros != 0 {
        find_zero(bytes, at, starts, zeros, census);
    }
    census.tokens += u64::from(starts.count_ones());
    Some(())
}

/// Finds the first run of zeros among the runs of the window at `at` that
/// start with `'0'`, and records its index.
#[cold]
fn find_zero(bytes: &[u8], at: usize, starts: u64, zeros: u64, census: &mut Census) {
    let mut candidates = starts & zeros;
    while candidates != 0 {
        let bit = candidates.trailing_zeros();
        candidates &= candidates - 1;
        let start = at + bit as usize;
        let run = bytes[start..].iter().take_while(|&&b| is_digit(b));
        if run.clone().all(|&b| b == b'0') {
            let before = starts & ((1u64 << bit) - 1);
            census.first_zero = Some(census.tokens + u64::from(before.count_ones()));
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::scan::{is_space, Kernel};

    /// The census spelled out: tokens split at whitespace, none of them
    /// converted but the first.
    fn naive(bytes: &[u8], pos: usize) -> Option<Census> {
        let text = &bytes[pos..];
        if !text.iter().all(|&b| b.is_ascii_digit() || is_space(b)) {
            return None;
        }
        let runs: Vec<&[u8]> = text
            .split(|&b| is_space(b))
            .filter(|run| !run.is_empty())
            .collect();
        let first = match runs.first() {
            None => return Some(Census::EMPTY),
            Some(run) => std::str::from_utf8(run).ok()?.parse::<u64>().ok()?,
        };
        Some(Census {
            tokens: runs.len() as u64,
            first: Some(first),
            first_zero: runs
                .iter()
                .position(|run| run.iter().all(|&b| b == b'0'))
                .map(|i| i as u64),
        })
    }

    fn assert_census_agrees(bytes: &[u8], pos: usize) {
        let expected = naive(bytes, pos);
        for kernel in Kernel::available() {
            assert_eq!(
                kernel.census(bytes, pos),
                expected,
                "{} at {pos} of {:?}",
                kernel.name(),
                String::from_utf8_lossy(bytes)
            );
        }
    }

    #[test]
    fn long_runs_at_every_offset_across_windows() {
        for run in [
            "18446744073709551615",
            "18446744073709551616",
            "18446744073709551614",
            "18446745000000000000",
            "18446743999999999999",
            "99999999999999999999",
            "10000000000000000000",
            "100000000000000000000",
            "000000000000000000000018446744073709551615",
            "000000000000000000000018446744073709551616",
            "0000000000000000000000",
            "0000000000000000000001",
            "1844674407370955161",
            "0",
            "00",
        ] {
            for pad in 0..140 {
                for after in ["", " ", " 0", " 7 0 5", "\nx"] {
                    let text = format!("5{}{run}{after}", " ".repeat(pad + 1));
                    assert_census_agrees(text.as_bytes(), 0);
                    assert_census_agrees(text.as_bytes(), 1);
                }
            }
        }
    }

    #[test]
    fn runs_that_fill_whole_windows() {
        for len in [63, 64, 65, 127, 128, 129, 200] {
            for lead in ["0", "1"] {
                let run = format!("{lead}{}", "0".repeat(len - 1));
                for pad in 0..70 {
                    let text = format!("3 {}{run} 4", " ".repeat(pad));
                    assert_census_agrees(text.as_bytes(), 0);
                }
            }
        }
    }

    fn soup() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            6 => "[1-9][0-9]{0,18}".prop_map(String::into_bytes),
            2 => "0{1,3}".prop_map(String::into_bytes),
            1 => "0{0,3}[0-9]{1,3}".prop_map(String::into_bytes),
            2 => "1844674407370955161[0-9]".prop_map(String::into_bytes),
            1 => "[1-9][0-9]{19,22}".prop_map(String::into_bytes),
            6 => prop::sample::select(vec![" ", "\n", "\r\n", "\t", "  ", "\x0b"])
                .prop_map(|s| s.as_bytes().to_vec()),
            1 => prop::sample::select(vec![" ".repeat(64), " ".repeat(30)])
                .prop_map(String::into_bytes),
        ];
        prop::collection::vec(piece, 0..120).prop_map(|parts| parts.join(&b' '))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(crate::testing::proptest_cases(2000)))]

        #[test]
        fn every_kernel_counts_as_the_reference_reads(bytes in soup(), pos in 0usize..8) {
            assert_census_agrees(&bytes, pos.min(bytes.len()));
        }

        #[test]
        fn a_stray_byte_anywhere_is_a_fault(
            bytes in soup(),
            at in any::<prop::sample::Index>(),
            stray in any::<u8>(),
        ) {
            let mut bytes = bytes;
            if !bytes.is_empty() {
                let at = at.index(bytes.len());
                bytes[at] = stray;
            }
            assert_census_agrees(&bytes, 0);
        }
    }
}
