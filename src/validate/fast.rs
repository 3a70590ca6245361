//! The hot loop over a line of heaps: nearly every byte of a large file is
//! in one, so this recognizes ordinary heaps (short, in range, followed by
//! the right byte) and never explains anything; the first heap that is not
//! ordinary goes to the careful path in `messages`.

use crate::games::{CaseSummary, HeapFold};
use crate::scan::{word, POW10};

/// The state of the hot loop over a line of heaps, kept apart from
/// the checker so that it fits in registers.
pub(super) struct Run {
    /// Where heap `heap` begins.
    pub(super) pos: usize,
    pub(super) heap: u64,
    /// The heap size bounds as `low` and `span = high - low`, so that one
    /// wrapping compare checks both.
    pub(super) low: u64,
    pub(super) span: u64,
    pub(super) tally: Tally,
}

/// What `--summary` needs from the heaps of a line.
#[derive(Clone, Copy)]
pub(super) struct Tally {
    pub(super) acc: CaseSummary,
    pub(super) min: u64,
    pub(super) max: u64,
    /// Whether a heap was past what the fold decides (a rule's table with
    /// no proven period), which leaves the line's verdict unknown.
    pub(super) undecided: bool,
}

impl Tally {
    /// Records one heap; nothing at all unless `SUMMARY`.
    #[inline(always)]
    pub(super) fn add<F: HeapFold, const SUMMARY: bool>(&mut self, fold: &F, value: u64) {
        if SUMMARY {
            if F::MAY_REFUSE && !fold.decides(value) {
                self.undecided = true;
            } else {
                fold.fold(&mut self.acc, value);
            }
            self.min = self.min.min(value);
            self.max = self.max.max(value);
        }
    }
}

impl Run {
    /// Checks heaps `heap..=n` while they are ordinary: short, in range,
    /// and followed by the one byte the format wants. Stops at the first
    /// that is not, leaving it to the careful path, or after heap `n` (then
    /// `heap == n + 1`).
    ///
    /// Not inlined: called once per line, it gets the registers to itself.
    #[inline(never)]
    pub(super) fn ordinary_heaps<F: HeapFold, const SUMMARY: bool>(
        &mut self,
        bytes: &[u8],
        n: u64,
        fold: &F,
    ) {
        // Locals stay in registers; fields behind `&mut self` might not.
        let (mut pos, mut heap, mut tally) = (self.pos, self.heap, self.tally);
        let (low, span) = (self.low, self.span);
        // All heaps but the last are followed by a space ...
        while heap < n {
            // As in the tokenizer's walk: without it, a CPU whose own
            // prefetcher lags waits on memory at every line of a mapped file.
            crate::scan::window::prefetch(bytes, pos);
            let Some((value, end)) = ordinary_heap(bytes, pos, low, span, b' ') else {
                break;
            };
            tally.add::<F, SUMMARY>(fold, value);
            (pos, heap) = (end, heap + 1);
        }
        // ... and the last one by the end of the line.
        if heap == n {
            if let Some((value, end)) = ordinary_heap(bytes, pos, low, span, b'\n') {
                tally.add::<F, SUMMARY>(fold, value);
                (pos, heap) = (end, heap + 1);
            }
        }
        (self.pos, self.heap, self.tally) = (pos, heap, tally);
    }
}

/// The heap at `pos` if it is ordinary: a short number in `low..=low+span`
/// followed by `then`. Its value, and where the next number begins.
#[inline(always)]
fn ordinary_heap(bytes: &[u8], pos: usize, low: u64, span: u64, then: u8) -> Option<(u64, usize)> {
    let (value, len, next) = fast_number(bytes, pos)?;
    // One compare checks both bounds.
    let ordinary = value.wrapping_sub(low) <= span && next == then;
    ordinary.then_some((value, pos + len + 1))
}

/// Reads a number of 1 to 15 digits, without a leading zero, from the 16
/// bytes at `pos`: its value, its length, and the byte after it. `None`
/// sends the caller to the careful path, which handles everything else.
#[inline(always)]
pub(super) fn fast_number(bytes: &[u8], pos: usize) -> Option<(u64, usize, u8)> {
    let window = bytes.get(pos..pos + 16)?;
    let word = |at: usize| {
        let eight: [u8; 8] = window[at..at + 8].try_into().expect("eight bytes");
        u64::from_le_bytes(eight) ^ 0x3030_3030_3030_3030
    };
    let (low, high) = (word(0), word(8));
    let (low_mask, high_mask) = (word::non_digit_mask(low), word::non_digit_mask(high));
    // Bytes before the first non-digit; 16 when there is none.
    let len = if low_mask != 0 {
        low_mask.trailing_zeros() / 8
    } else {
        8 + high_mask.trailing_zeros() / 8
    } as usize;
    // With 16 digits the window does not show where the number ends.
    if !(1..16).contains(&len) || (len > 1 && window[0] == b'0') {
        return None;
    }
    // Move the digits of a word to its top; the zero bytes shifted in below
    // read as leading zeros.
    let value = if len <= 8 {
        word::eight_digits(low << (64 - 8 * len))
    } else {
        let rest = len - 8;
        word::eight_digits(low) * POW10[rest] + word::eight_digits(high << (64 - 8 * rest))
    };
    Some((value, len, window[len]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_number_agrees_with_parse_at_every_length() {
        // Both sides of the eight-digit split, and digits that differ by place.
        for len in 1..16 {
            let numbers = ["9".repeat(len), "123456789012345"[..len].to_string(), {
                let mut n = "1".to_string();
                n.extend(std::iter::repeat_n('0', len - 1));
                n
            }];
            for number in numbers {
                for then in [b' ', b'\n', b'x'] {
                    let mut bytes = number.clone().into_bytes();
                    bytes.push(then);
                    // Digits after the window's first non-digit must not count.
                    bytes.extend_from_slice(b"98765432109876543");
                    let expected = number.parse().unwrap();
                    let found = fast_number(&bytes, 0);
                    assert_eq!(found, Some((expected, len, then)), "{number}");
                }
            }
        }
    }

    #[test]
    fn fast_number_declines_what_it_cannot_judge() {
        for case in ["01 ", "x", " 1", "1234567890123456 ", "12"] {
            let padded = format!("{case}................");
            let bytes = if case == "12" {
                case.as_bytes()
            } else {
                padded.as_bytes()
            };
            assert_eq!(fast_number(bytes, 0), None, "{case:?}");
        }
    }
}
