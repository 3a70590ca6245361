//! The largest heap of an input, read by its layout: what a game given by
//! its rule computes its values or its misère quotient up to.
//!
//! The largest *number* of a file is not its largest heap: `300` cases of
//! heaps at most 9 would have misère `0.07`'s quotient computed to heap 300,
//! which no search settles, where heap 9 takes well under a second. So the
//! counts a layout puts before the heaps (the case count `T`, each case's
//! `N`) are skipped. Wherever the text does not follow the layout (a word
//! that is not a number, a count past the end, text after the last case),
//! the largest number of what is left counts as a heap: too large a bound
//! only costs time, too small one would refuse a heap the input has.

use super::Layout;

impl Layout {
    /// The largest heap in `text`, laid out as `self`; `None` when a number
    /// does not fit in `u64`. Layouts whose cases are not lists of heaps
    /// count every number.
    pub fn largest_heap(self, text: &[u8]) -> Option<u64> {
        let mut numbers = Numbers::new(text);
        let counted = match self {
            Layout::HeapCases => numbers.next_number()?.map(|t| (Some(t), None)),
            Layout::HeapCasesToEnd => Some((None, None)),
            Layout::HeapCasesToZero { .. } => Some((None, Some(0))),
            _ => None,
        };
        let Some((cases, end)) = counted else {
            return largest_number(text);
        };
        let heaps = numbers.counted_cases(cases, end)?;
        Some(heaps.max(largest_number(numbers.rest())?))
    }
}

/// The whitespace-separated numbers of a text, one at a time.
struct Numbers<'a> {
    text: &'a [u8],
    at: usize,
}

impl<'a> Numbers<'a> {
    fn new(text: &'a [u8]) -> Self {
        Numbers { text, at: 0 }
    }

    /// What is not read yet.
    fn rest(&self) -> &'a [u8] {
        &self.text[self.at..]
    }

    /// The next word as a number: `Ok(None)` at the end of the text or at
    /// a word that is not a whole number (then left unread), `None` when
    /// it does not fit in `u64`.
    fn next_number(&mut self) -> Option<Option<u64>> {
        let start = self.at
            + self
                .rest()
                .iter()
                .take_while(|b| b.is_ascii_whitespace())
                .count();
        let len = self.text[start..]
            .iter()
            .take_while(|b| !b.is_ascii_whitespace())
            .count();
        let word = &self.text[start..start + len];
        if word.is_empty() || !word.iter().all(u8::is_ascii_digit) {
            return Some(None);
        }
        self.at = start + len;
        std::str::from_utf8(word).ok()?.parse().ok().map(Some)
    }

    /// The largest heap of up to `cases` cases (all of them when `None`),
    /// each a count and that many heaps, stopping at a count of `end`;
    /// `None` when a number does not fit in `u64`. Stops where the text
    /// does not follow, leaving the rest unread.
    fn counted_cases(&mut self, cases: Option<u64>, end: Option<u64>) -> Option<u64> {
        let mut largest = 0;
        let mut read = 0;
        while cases.is_none_or(|t| read < t) {
            let Some(count) = self.next_number()? else {
                break;
            };
            if Some(count) == end {
                break;
            }
            for _ in 0..count {
                match self.next_number()? {
                    Some(heap) => largest = largest.max(heap),
                    None => return Some(largest),
                }
            }
            read += 1;
        }
        Some(largest)
    }
}

/// The largest run of digits in `text`, read as a number; `None` if one
/// does not fit in `u64`.
pub fn largest_number(text: &[u8]) -> Option<u64> {
    let (mut largest, mut number) = (0u64, 0u64);
    for &b in text {
        if b.is_ascii_digit() {
            number = number.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
        } else {
            largest = largest.max(number);
            number = 0;
        }
    }
    Some(largest.max(number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_case_count_and_heap_counts_are_not_heaps() {
        // 300 cases of heaps at most 9: the quotient goes to heap 9.
        let mut text = String::from("300\n");
        for i in 0..300 {
            text.push_str(&format!("{} {}\n", 1 + i % 4, i % 10));
        }
        // The heap counts repeat 1 to 4 and the case count is 300; only
        // the heaps, 0 to 9, count.
        assert_eq!(Layout::HeapCases.largest_heap(text.as_bytes()), Some(9));
        assert_eq!(
            Layout::HeapCases.largest_heap(b"2\n3 1 2 5\n1 4\n"),
            Some(5)
        );
    }

    #[test]
    fn cases_to_the_end_or_to_zero_skip_their_counts() {
        assert_eq!(
            Layout::HeapCasesToEnd.largest_heap(b"12\n1 2 3 4 5 6 7 8 9 10 11 3\n"),
            Some(11)
        );
        let to_zero = Layout::HeapCasesToZero { same_line: true };
        assert_eq!(to_zero.largest_heap(b"7 1 1 1 1 1 1 2\n0\n"), Some(2));
    }

    #[test]
    fn text_off_the_layout_counts_every_number_left() {
        // Text after the last case, and a case cut short by a word.
        assert_eq!(Layout::HeapCases.largest_heap(b"1\n1 3\n40\n"), Some(40));
        assert_eq!(Layout::HeapCases.largest_heap(b"1\n2 3 x 50\n"), Some(50));
        // A count past the end of the text: the heaps there are counted.
        assert_eq!(Layout::HeapCases.largest_heap(b"9\n2 3 4\n"), Some(4));
        assert_eq!(Layout::HeapCases.largest_heap(b"-1\n1 60\n"), Some(60));
    }

    #[test]
    fn other_layouts_count_every_number() {
        let triples = Layout::HeapTriplesToZero;
        assert_eq!(triples.largest_heap(b"1 2 30\n0 0 0\n"), Some(30));
        assert_eq!(Layout::CountedPairs.largest_heap(b"100\n1 2\n"), Some(100));
    }

    #[test]
    fn a_number_past_u64_is_unknown() {
        assert_eq!(
            Layout::HeapCases.largest_heap(b"1\n1 18446744073709551616\n"),
            None
        );
        assert_eq!(largest_number(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(largest_number(b""), Some(0));
    }
}
