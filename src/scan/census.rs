//! Counting tokens without converting them.
//!
//! The position games' split (`parallel::positions`) must know, before it
//! answers a block, how many tokens come before it, and whether the file
//! reads without a fault; only a few values matter at that stage (a block's
//! first token, and the place of its first `0`). Converting every token to
//! learn that cost as much as answering the block, so the first pass was as
//! slow as the second. A census needs the window masks alone:
//!
//! * a token starts at a digit whose previous byte is not one, so a
//!   window's count is one `popcnt` of its digit mask against itself
//!   shifted by one (the previous window's last bit shifted in);
//! * a fault is a byte that is neither digit nor whitespace: a window whose
//!   two masks do not cover it;
//! * a run overflows only if it is twenty digits or more. The bits where a
//!   digit is the twentieth of its run come from the two windows' digit
//!   masks and five shifts; such a run (a fifth of the tokens of a file
//!   drawn across the `u64` range, which start with `1`) is compared with
//!   `18446744073709551615` by its first eight bytes, rarely more;
//! * a zero is a run of zeros, so it starts with `'0'`: a third mask marks
//!   those bytes, and only runs starting with one are read.
//!
//! Each kernel that walks windows counts with the same masks; the reference
//! kernel's census is a walk of every token, which the tests compare them to.

use super::window::{Window, WIDTH};
use super::{is_digit, swar, Kernel, Stop, Visitor};

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

/// The visitor of the walking census: what the reference kernel runs, and
/// what the windowed census must agree with.
#[derive(Clone, Copy)]
struct Walk(Census);

impl Visitor for Walk {
    const LONG_TOKENS: bool = true;

    #[inline(always)]
    fn visit(&mut self, value: u64) -> bool {
        let census = &mut self.0;
        if census.tokens == 0 {
            census.first = Some(value);
        }
        if value == 0 && census.first_zero.is_none() {
            census.first_zero = Some(census.tokens);
        }
        census.tokens += 1;
        true
    }
}

/// The census of the tokens from `pos` by converting each of them; `None`
/// if the walk meets a fault.
pub(crate) fn by_walking(kernel: Kernel, bytes: &[u8], pos: usize) -> Option<Census> {
    let mut walk = Walk(Census::EMPTY);
    let walked = kernel.visit(bytes, pos, u64::MAX, &mut walk);
    matches!(walked.stop, Some(Stop::End) | None).then_some(walk.0)
}

/// `u64::MAX` in decimal: a twenty-digit run above it overflows.
const MAX_DIGITS: &[u8; 20] = b"18446744073709551615";

/// The digit masks of the window before the current one, for the runs that
/// cross into it.
#[derive(Clone, Copy, Default)]
struct Carry {
    digits: u64,
    twentieth: u64,
}

/// The census of the tokens from `pos` by window masks; `None` if a byte is
/// neither digit nor whitespace or a run overflows.
///
/// # Safety
/// The CPU must support the kernel's instructions.
#[inline(always)]
pub(crate) unsafe fn by_windows<W: Window>(bytes: &[u8], pos: usize) -> Option<Census> {
    // The first token is read on its own, for its value; the windows start
    // right after it, at a byte that is not a digit.
    // SAFETY: the caller vouches for the CPU.
    let first = match unsafe { super::window::next_token::<W>(bytes, pos) } {
        Ok(token) => token,
        Err(Stop::End) => return Some(Census::EMPTY),
        Err(_) => return None,
    };
    let mut census = Census {
        tokens: 1,
        first: Some(first.value),
        first_zero: (first.value == 0).then_some(0),
    };
    let mut carry = Carry::default();
    let mut at = first.end;
    while at + WIDTH <= bytes.len() {
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
/// whitespace and `'0'` masks are `masks`.
#[inline(always)]
fn count_window(
    bytes: &[u8],
    at: usize,
    (digits, spaces, zeros): (u64, u64, u64),
    carry: &mut Carry,
    census: &mut Census,
) -> Option<()> {
    if digits | spaces != !0 {
        return None;
    }
    let starts = digits & !(digits << 1 | carry.digits >> 63);
    let twentieth = twentieth_digits(digits, carry.digits);
    // Only the first twentieth digit of a run: a longer run is checked once.
    let long_runs = twentieth & !(twentieth << 1 | carry.twentieth >> 63);
    *carry = Carry { digits, twentieth };
    if long_runs != 0 {
        check_long_runs(bytes, at, long_runs)?;
    }
    if census.first_zero.is_none() && starts & zeros != 0 {
        find_zero(bytes, at, starts, zeros, census)?;
    }
    census.tokens += u64::from(starts.count_ones());
    Some(())
}

/// The bits of `digits` that are at least the twentieth digit of their run,
/// counting the run back into `previous`, the window before.
#[inline(always)]
fn twentieth_digits(digits: u64, previous: u64) -> u64 {
    let both = u128::from(digits) << 64 | u128::from(previous);
    // Bit i of `n` is set when bytes i-k+1..=i are all digits, k = 2, 4, 8,
    // 16, then 20.
    let two = both & both << 1;
    let four = two & two << 2;
    let eight = four & four << 4;
    let sixteen = eight & eight << 8;
    let twenty = sixteen & four << 16;
    (twenty >> 64) as u64
}

/// Checks every run whose twentieth digit is a bit of `long_runs`, in the
/// window at `at`: `None` if one overflows.
#[inline]
fn check_long_runs(bytes: &[u8], at: usize, mut long_runs: u64) -> Option<()> {
    while long_runs != 0 {
        let start = at + long_runs.trailing_zeros() as usize - 19;
        long_runs &= long_runs - 1;
        if !fits_u64(bytes, start) {
            return None;
        }
    }
    Some(())
}

/// Whether the run of twenty or more digits at `start` fits in a `u64`.
#[inline]
fn fits_u64(bytes: &[u8], start: usize) -> bool {
    if bytes.get(start + 20).copied().is_some_and(is_digit) {
        // Longer than twenty: only leading zeros can make it fit.
        return swar::read_digits(bytes, start).is_ok();
    }
    let run = &bytes[start..start + 20];
    let head = |digits: &[u8]| u64::from_be_bytes(digits[..8].try_into().expect("eight bytes"));
    match head(run).cmp(&head(MAX_DIGITS)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => run <= &MAX_DIGITS[..],
    }
}

/// Finds the first run of zeros among the runs of the window at `at` that
/// start with `'0'`, and records its index; `None` if a run read overflows.
#[cold]
fn find_zero(bytes: &[u8], at: usize, starts: u64, zeros: u64, census: &mut Census) -> Option<()> {
    let mut candidates = starts & zeros;
    while candidates != 0 {
        let bit = candidates.trailing_zeros();
        candidates &= candidates - 1;
        let token = swar::read_digits(bytes, at + bit as usize).ok()?;
        if token.value == 0 {
            let before = starts & ((1u64 << bit) - 1);
            census.first_zero = Some(census.tokens + u64::from(before.count_ones()));
            return Some(());
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::tokens;

    /// The census spelled out from the reference kernel's tokens.
    fn naive(bytes: &[u8], pos: usize) -> Option<Census> {
        let (found, stop) = tokens(Kernel::REFERENCE, &bytes[pos..]);
        (stop == Stop::End).then(|| Census {
            tokens: found.len() as u64,
            first: found.first().map(|t| t.value),
            first_zero: found.iter().position(|t| t.value == 0).map(|i| i as u64),
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
