//! How much of a stream or of compressed data `validate` reads into memory.
//!
//! The checker works on one slice, so standard input and decompressed text
//! are held in memory (a file is mapped instead). Compressed data can expand
//! a thousandfold: 134 KB of zstd make 4 GiB of spaces, which took 6.3 GB of
//! memory before the checker found the error in its second line. So the
//! text is read a piece at a time ([`Input::bytes_until`]) and no further
//! once its verdict is sure:
//!
//! * after a byte or a pair of bytes that no valid file holds (anything but
//!   digits, single spaces and line ends: a second space, a space before or
//!   after a line end, an empty line where no case can have an empty line
//!   of heaps), the checker's first violation is at or before it;
//! * past the largest file the limits in force allow ([`largest_valid`]),
//!   the text is too long to be valid, whatever follows.
//!
//! Each stops [`MARGIN`] bytes later, so that the checker sees what follows
//! the violation as it would in the whole text. If the checker finds nothing
//! wrong before that point, the reason for the cut is the error: the
//! refused byte, or a text longer than the largest valid file.
//!
//! Limits without a bound on the number of cases (`wythoff`'s lines to the
//! end, or limits widened by the options) allow files of any size: a text
//! that reads as valid is then read whole, in memory reserved fallibly, so
//! that a text too large for it is an error rather than an abort.

use crate::error::{Error, Position};
use crate::input::Input;
use crate::problem::{Layout, Limits, Problem};

/// Bytes read past the point where the verdict is sure.
pub(crate) const MARGIN: usize = 1 << 16;

/// The text to check: all of it, or a prefix long enough to be sure.
pub(crate) struct Text<'a> {
    /// The bytes read.
    pub(crate) bytes: &'a [u8],
    /// Why the text was cut, if it was.
    cut: Option<Cut>,
}

/// Why the text was cut short.
#[derive(Clone, Copy, Debug)]
enum Cut {
    /// At this offset is a byte, or the second of a pair, that no valid file
    /// holds.
    Refused(usize),
    /// It goes on past this many bytes, the largest valid file's size.
    TooLong(u64),
}

/// Reads `input`'s text, or as much of it as decides its validity under
/// `limits`.
pub(crate) fn read<'a>(
    input: &'a mut Input,
    buffer: &'a mut Vec<u8>,
    problem: &Problem,
    limits: &Limits,
) -> std::io::Result<Text<'a>> {
    let largest = largest_valid(problem.layout, limits);
    let past = |text: &[u8], at: u64| text.len() as u64 > at.saturating_add(MARGIN as u64);
    // A case of no heaps has an empty line of heaps, as a row of no numbers
    // has an empty row; HDU 1524's sample puts one between two graphs.
    let one_line = match problem.layout {
        Layout::Rows(rows) => !rows.pairs,
        layout => layout.has_heaps(),
    };
    let empty_lines = (one_line && limits.heaps.min == 0) || problem.layout == Layout::GraphCases;
    let mut refused_at = None;
    let mut enough = |text: &[u8], new: usize| {
        if refused_at.is_none() {
            let previous = new.checked_sub(1).map_or(b'\n', |last| text[last]);
            refused_at = first_refused(previous, &text[new..], empty_lines).map(|at| new + at);
        }
        refused_at.is_some_and(|at| past(text, at as u64))
            || largest.is_some_and(|largest| past(text, largest))
    };
    let (bytes, cut) = input.bytes_until(buffer, &mut enough)?;
    let cut = match (cut, refused_at) {
        (false, _) => None,
        (true, Some(at)) if past(bytes, at as u64) => Some(Cut::Refused(at)),
        (true, _) => largest.map(Cut::TooLong),
    };
    Ok(Text { bytes, cut })
}

impl Text<'_> {
    /// The checker's verdict on the bytes read, as it stands for the whole
    /// text. An error the checker found before the point where the text's
    /// fate was sealed is the whole text's first violation too, since the
    /// checker saw [`MARGIN`] bytes past it; anything it made of the rest
    /// (the cut, or a number cut in two) is not, and the reason for the cut
    /// is the error instead.
    pub(crate) fn verdict<T>(&self, checked: Result<T, Error>, path: &str) -> Result<T, Error> {
        let Some(cut) = self.cut else {
            return checked;
        };
        let sealed = match cut {
            Cut::Refused(at) => at as u64,
            Cut::TooLong(largest) => largest,
        };
        match &checked {
            Err(Error::Input { offset, .. }) if *offset <= sealed => return checked,
            Err(Error::Input { .. }) | Ok(_) => {}
            Err(_) => return checked,
        }
        let message = match cut {
            Cut::Refused(at) => format!(
                "expected a digit, one space or a line end, found {}",
                describe_refused(&self.bytes[at.saturating_sub(1)..=at])
            ),
            Cut::TooLong(largest) => {
                format!(
                    "the text goes on past {largest} bytes, more than any file within the limits"
                )
            }
        };
        Err(Error::Input {
            path: path.to_string(),
            offset: sealed,
            position: Position::in_bytes(self.bytes, sealed as usize),
            message,
        })
    }
}

/// What is wrong with the refused byte, the last of `pair`.
fn describe_refused(pair: &[u8]) -> String {
    match pair {
        [b' ', b' '] => "a second space".to_string(),
        [b' ', b'\n'] => "a line end after a space".to_string(),
        [b'\n', b' '] => "a space at the start of a line".to_string(),
        [.., byte] => crate::error::describe_byte(*byte),
        [] => unreachable!("a refused byte is in the text"),
    }
}

/// Where in `bytes` the first byte is that no valid file holds, alone or
/// after the one before it (`previous` before the first: a line end at the
/// start of the text). An empty line is refused unless `empty_lines`.
fn first_refused(previous: u8, bytes: &[u8], empty_lines: bool) -> Option<usize> {
    let befores = std::iter::once(&previous).chain(bytes);
    bytes.iter().zip(befores).position(|(&byte, &before)| {
        !matches!(byte, b'0'..=b'9' | b' ' | b'\n')
            || matches!([before, byte], [b' ', b' '] | [b' ', b'\n'] | [b'\n', b' '])
            || (!empty_lines && [before, byte] == *b"\n\n")
    })
}

/// The most bytes a valid file can have under `limits`, or `None` when
/// there is no such bound (or it does not fit in 63 bits). Numbers have no
/// leading zeros, so each takes at most the digits of its largest value,
/// and a line of no heaps is one byte.
pub(crate) fn largest_valid(layout: Layout, limits: &Limits) -> Option<u64> {
    // In 128 bits, saturating: the bounds of unbounded limits overflow.
    let mul = |a: u128, b: u128| a.saturating_mul(b);
    let wide = u128::from;
    let digits = |max: u64| u128::from(max.checked_ilog10().unwrap_or(0) + 1);
    // A line of up to `count` numbers up to `value`, with its line end.
    let line = |count: u64, value: u64| mul(wide(count), digits(value) + 1).max(1);
    let (cases, value, second, heaps) = (
        wide(limits.cases.max),
        limits.value.max,
        limits.second.max,
        limits.heaps.max,
    );
    let case_line = digits(limits.cases.max) + 1;
    let heap_case = (digits(heaps) + 1).saturating_add(line(heaps, value));
    let pair = digits(value) + digits(second) + 2;
    let size: u128 = match layout {
        Layout::HeapCases => mul(cases, heap_case).saturating_add(case_line),
        Layout::HeapCasesToEnd => mul(cases, heap_case),
        Layout::HeapCasesToZero { .. } => mul(cases, heap_case).saturating_add(2),
        Layout::CountedPairs => mul(cases, pair).saturating_add(case_line),
        Layout::PairsToEnd => mul(cases, pair),
        Layout::PairsToZero { .. } => mul(cases, pair).saturating_add(4),
        Layout::ZeroTerminated => mul(cases, digits(value) + 1).saturating_add(2),
        Layout::NumbersToEnd => mul(cases, digits(value) + 1),
        Layout::Rows(rows) => {
            let head = match rows.parameter {
                true => digits(heaps) + digits(second) + 2,
                false => digits(heaps) + 1,
            };
            let row = match rows.pairs {
                true => mul(wide(heaps), 2 * digits(value) + 2),
                false => line(heaps, value),
            };
            let all = mul(cases, head.saturating_add(row));
            match rows.counted {
                true => all.saturating_add(case_line),
                false => all,
            }
        }
        Layout::HeapTriplesToZero => mul(cases, line(3, value)).saturating_add(6),
        // Queries per graph are unbounded.
        Layout::GraphCases => return None,
        Layout::SubtractionSetCases => {
            let k = limits.set_size.max;
            let set = (digits(k) + 1).saturating_add(line(k, second));
            let m = limits.positions.max;
            let positions = (digits(m) + 1).saturating_add(mul(wide(m), heap_case));
            mul(cases, set.saturating_add(positions)).saturating_add(2)
        }
    };
    u64::try_from(size).ok().filter(|&size| size < 1 << 63)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::CATALOGUE;

    #[test]
    fn refused_bytes_and_pairs_are_found_first_first() {
        let refused = |bytes: &[u8]| first_refused(b'\n', bytes, false);
        assert_eq!(refused(b"1 2\n3 4\n"), None);
        assert_eq!(refused(b"1  2"), Some(2));
        assert_eq!(refused(b"1 \n2"), Some(2));
        assert_eq!(refused(b"1\n 2"), Some(2));
        assert_eq!(refused(b"12x  "), Some(2));
        assert_eq!(refused(b"1  2x"), Some(2));
        assert_eq!(refused(b"\r\n"), Some(0));
        assert_eq!(refused(b" 1"), Some(0), "a space starts no line");
        assert_eq!(refused(b"1 2\n\n3"), Some(4));
        assert_eq!(refused(b"\n1"), Some(0));
        assert_eq!(first_refused(b'\n', b"1 2\n\n3\n", true), None);
        // A pair across two pieces.
        assert_eq!(first_refused(b' ', b"\n1", true), Some(0));
    }

    fn error_at(bytes: &[u8], offset: u64) -> Result<(), Error> {
        Err(Error::Input {
            path: "f".to_string(),
            offset,
            position: Position::in_bytes(bytes, offset as usize),
            message: "the checker's".to_string(),
        })
    }

    /// The checker's errors before the point where the text was sealed
    /// stand; what it made of the cut does not.
    #[test]
    fn the_reason_for_the_cut_replaces_what_the_checker_made_of_it() {
        let bytes = [b"1\n".as_slice(), &[b'7'; 100]].concat();
        let text = |cut| Text {
            bytes: &bytes,
            cut: Some(cut),
        };
        let message = |result: Result<(), Error>| result.unwrap_err().to_string();
        let long = text(Cut::TooLong(50));
        assert_eq!(
            message(long.verdict(error_at(&bytes, 50), "f")),
            "f:2:49: the checker's"
        );
        for checked in [Ok(()), error_at(&bytes, 51), error_at(&bytes, 102)] {
            assert_eq!(
                message(long.verdict(checked, "f")),
                "f:2:49: the text goes on past 50 bytes, more than any file within the limits"
            );
        }
        let refused = text(Cut::Refused(3));
        assert_eq!(
            message(refused.verdict(error_at(&bytes, 2), "f")),
            "f:2:1: the checker's"
        );
        assert!(message(refused.verdict(Ok(()), "f")).starts_with("f:2:2: expected a digit"));
        let whole = Text {
            bytes: &bytes,
            cut: None,
        };
        assert!(whole.verdict(Ok(()), "f").is_ok());
    }

    /// Each catalogue problem's largest file, by its own limits, against the
    /// size of a file made of its largest numbers. Only the problems whose
    /// number of cases is bounded have one.
    #[test]
    fn the_largest_valid_file_is_the_one_of_largest_numbers() {
        let nim = Problem::find("nim").unwrap();
        // 10 cases of N = 10000 heaps of 9999: "10\n", then per case
        // "10000\n" and 10000 numbers of four digits and a separator.
        assert_eq!(
            largest_valid(nim.layout, &nim.limits),
            Some(3 + 10 * (6 + 10_000 * 5))
        );
        let bash = Problem::find("bash").unwrap();
        assert_eq!(largest_valid(bash.layout, &bash.limits), Some(4 + 100 * 10));
        for problem in CATALOGUE.iter() {
            let bounded = problem.limits.cases.max < u64::MAX;
            let largest = largest_valid(problem.layout, &problem.limits);
            assert_eq!(largest.is_some(), bounded, "{}", problem.name);
        }
    }
}
