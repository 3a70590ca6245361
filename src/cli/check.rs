//! `solve --check`: the answers compared, line by line as they are written,
//! with the expected answers in a `.out` file.
//!
//! Lines are compared as a judge's usual checker compares them: trailing
//! whitespace (a `\r` included) is ignored, and so are blank lines at the
//! end of the expected file. The answers are never held whole: a file of
//! hundreds of megabytes of moves is compared as it streams.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};

/// Differing lines listed in full per file; the rest are counted.
const LISTED: usize = 10;

/// One place where the answers and the expected file part ways.
#[derive(Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The line of the expected file, from 1.
    pub line: u64,
    /// The expected line, or `None` past the end of the expected file.
    pub expected: Option<String>,
    /// The answer's line, or `None` past the end of the answers.
    pub found: Option<String>,
}

/// Says whose each text is, the file's and nimstream's: "expected" and
/// "found" read backwards to a setter whose `.out` files are a
/// contestant's.
impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = match &self.expected {
            Some(text) => format!("the file says {}", quoted(text)),
            None => "the file has ended".to_string(),
        };
        let answers = match &self.found {
            Some(text) => format!("nimstream answers {}", quoted(text)),
            None => "nimstream's answers have ended".to_string(),
        };
        write!(f, "{}: {file}, {answers}", self.line)
    }
}

/// `text` in quotes, cut short when it is long.
fn quoted(text: &str) -> String {
    const LONG: usize = 60;
    match text.char_indices().nth(LONG) {
        Some((at, _)) => format!("'{}…'", &text[..at]),
        None => format!("'{text}'"),
    }
}

/// What a comparison found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Verdict {
    /// The first differing lines, at most [`LISTED`].
    pub listed: Vec<Mismatch>,
    /// How many lines differ in all.
    pub differing: u64,
}

impl Verdict {
    /// Whether the answers are the expected ones.
    pub fn matches(&self) -> bool {
        self.differing == 0
    }
}

/// A writer that compares what it is given with the expected answers.
pub struct AnswerCheck<R> {
    expected: R,
    /// Whether the expected file has ended.
    expected_done: bool,
    /// The answers' line being written, not yet ended by a newline.
    partial: Vec<u8>,
    /// Lines compared so far.
    line: u64,
    /// Where the answers ran past the expected file's end, if they did.
    past_end: bool,
    verdict: Verdict,
}

impl AnswerCheck<BufReader<File>> {
    /// A check against the file at `path`.
    pub fn open(path: &std::path::Path) -> io::Result<Self> {
        Ok(AnswerCheck::new(BufReader::with_capacity(
            1 << 16,
            File::open(path)?,
        )))
    }
}

impl<R: BufRead> AnswerCheck<R> {
    /// A check against the lines `expected` reads.
    pub fn new(expected: R) -> Self {
        AnswerCheck {
            expected,
            expected_done: false,
            partial: Vec::new(),
            line: 0,
            past_end: false,
            verdict: Verdict::default(),
        }
    }

    /// The next expected line, trailing whitespace removed.
    fn next_expected(&mut self) -> io::Result<Option<String>> {
        if self.expected_done {
            return Ok(None);
        }
        let mut line = Vec::new();
        if self.expected.read_until(b'\n', &mut line)? == 0 {
            self.expected_done = true;
            return Ok(None);
        }
        Ok(Some(trimmed(&line)))
    }

    /// Compares one line of the answers.
    fn compare(&mut self, found: String) -> io::Result<()> {
        self.line += 1;
        if self.past_end {
            self.verdict.differing += 1;
            return Ok(());
        }
        let expected = self.next_expected()?;
        if expected.as_ref() == Some(&found) {
            return Ok(());
        }
        self.past_end = expected.is_none();
        self.differ(Mismatch {
            line: self.line,
            expected,
            found: Some(found),
        });
        Ok(())
    }

    fn differ(&mut self, mismatch: Mismatch) {
        self.verdict.differing += 1;
        if self.verdict.listed.len() < LISTED {
            self.verdict.listed.push(mismatch);
        }
    }

    /// Ends the comparison: the answers are all written.
    pub fn finish(mut self) -> io::Result<Verdict> {
        if !self.partial.is_empty() {
            let last = trimmed(&std::mem::take(&mut self.partial));
            self.compare(last)?;
        }
        // Expected lines left over, blank ones at the end excepted.
        let mut line = self.line;
        let mut first_missing = None;
        let mut missing = 0;
        while let Some(expected) = self.next_expected()? {
            line += 1;
            if !expected.is_empty() {
                first_missing.get_or_insert((line, expected));
                missing = line - first_missing.as_ref().map_or(line, |(at, _)| *at) + 1;
            }
        }
        if let Some((line, expected)) = first_missing {
            self.differ(Mismatch {
                line,
                expected: Some(expected),
                found: None,
            });
            self.verdict.differing += missing - 1;
        }
        Ok(self.verdict)
    }
}

fn trimmed(line: &[u8]) -> String {
    let end = line
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    String::from_utf8_lossy(&line[..end]).into_owned()
}

impl<R: BufRead> Write for AnswerCheck<R> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut rest = buf;
        while let Some(end) = memchr::memchr(b'\n', rest) {
            let line = if self.partial.is_empty() {
                trimmed(&rest[..end])
            } else {
                self.partial.extend_from_slice(&rest[..end]);
                trimmed(&std::mem::take(&mut self.partial))
            };
            self.compare(line)?;
            rest = &rest[end + 1..];
        }
        self.partial.extend_from_slice(rest);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The verdict on `answers`, written in pieces of `piece` bytes,
    /// against `expected`.
    fn check(expected: &str, answers: &str, piece: usize) -> Verdict {
        let mut check = AnswerCheck::new(expected.as_bytes());
        for chunk in answers.as_bytes().chunks(piece.max(1)) {
            check.write_all(chunk).unwrap();
        }
        check.finish().unwrap()
    }

    #[test]
    fn the_same_lines_match_however_they_are_written() {
        for piece in [1, 2, 5, 100] {
            assert!(check("Alice\nBob\n", "Alice\nBob\n", piece).matches());
            // Trailing whitespace, CRLF, a missing final newline and blank
            // lines at the end of the expected file are not differences.
            assert!(check("Alice \r\nBob\r\n\n\n", "Alice\nBob", piece).matches());
        }
    }

    #[test]
    fn a_wrong_line_is_reported_with_its_number() {
        for piece in [1, 3, 100] {
            let verdict = check("Yes\nNo\nYes\n", "Yes\nYes\nYes\n", piece);
            assert_eq!(verdict.differing, 1);
            assert_eq!(
                verdict.listed[0].to_string(),
                "2: the file says 'No', nimstream answers 'Yes'"
            );
        }
    }

    #[test]
    fn too_few_and_too_many_answers_are_reported_once() {
        let short = check("a\nb\nc\nd\n", "a\n", 4);
        assert_eq!(short.differing, 3);
        assert_eq!(short.listed.len(), 1);
        assert_eq!(
            short.listed[0].to_string(),
            "2: the file says 'b', nimstream's answers have ended"
        );
        let long = check("a\n", "a\nb\nc\n", 4);
        assert_eq!(long.differing, 2);
        assert_eq!(
            long.listed[0].to_string(),
            "2: the file has ended, nimstream answers 'b'"
        );
    }

    #[test]
    fn many_differences_are_listed_up_to_a_limit_and_counted() {
        let expected = "x\n".repeat(100);
        let answers = "y\n".repeat(100);
        let verdict = check(&expected, &answers, 7);
        assert_eq!(verdict.differing, 100);
        assert_eq!(verdict.listed.len(), LISTED);
    }

    #[test]
    fn long_lines_are_cut_in_messages() {
        let long = "W ".repeat(100);
        let verdict = check(&long, "L", 10);
        let message = verdict.listed[0].to_string();
        assert!(message.len() < 120 && message.contains('…'), "{message}");
    }
}
