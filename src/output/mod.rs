//! What nimstream writes: verdict lines, in the judge's words, through one
//! large buffer ([`VerdictWriter`]), and files that are replaced whole or
//! not at all ([`atomic`]).

pub mod atomic;

use std::io::{self, Write};
use std::path::Path;

use crate::problem::{LinePrefix, Verdicts};

/// Makes the folder `path` and its parents where missing. A file where the
/// folder should be is "not a directory", the error a person can act on,
/// where [`std::fs::create_dir_all`] says "file exists".
pub fn create_folder(path: &Path) -> io::Result<()> {
    if path.exists() && !path.is_dir() {
        return Err(io::Error::from_raw_os_error(libc::ENOTDIR));
    }
    std::fs::create_dir_all(path)
}

/// Writes one line per case: the winning or the losing word. `W` is written
/// a few bytes at a time, so it should be a buffer or memory: the
/// constructors wrap it in a large [`io::BufWriter`].
pub struct VerdictWriter<W: Write> {
    out: W,
    /// The winning line, newline included: most lines are one word, written
    /// in one copy.
    win: Vec<u8>,
    lose: Vec<u8>,
    prefix: LinePrefix,
    written: u64,
}

impl<W: Write> VerdictWriter<W> {
    /// A writer of the problem's verdict lines, in its own words.
    pub fn for_problem(out: W, verdicts: &Verdicts) -> VerdictWriter<io::BufWriter<W>> {
        VerdictWriter::new(out, verdicts.win, verdicts.lose, verdicts.prefix)
    }

    /// A writer of lines `win` or `lose`, each after `prefix`.
    pub fn new(
        out: W,
        win: &str,
        lose: &str,
        prefix: LinePrefix,
    ) -> VerdictWriter<io::BufWriter<W>> {
        VerdictWriter {
            out: io::BufWriter::with_capacity(1 << 16, out),
            win: [win.as_bytes(), b"\n"].concat(),
            lose: [lose.as_bytes(), b"\n"].concat(),
            prefix,
            written: 0,
        }
    }

    /// Writes the verdict of the next case.
    #[inline]
    pub fn verdict(&mut self, first_player_wins: bool) -> io::Result<()> {
        self.written += 1;
        self.prefix()?;
        let line = if first_player_wins {
            &self.win
        } else {
            &self.lose
        };
        self.out.write_all(line)
    }

    /// Writes the verdict of the next case, then one space and `also` (a
    /// winning move) when there is one.
    pub fn verdict_and(
        &mut self,
        first_player_wins: bool,
        also: Option<&dyn std::fmt::Display>,
    ) -> io::Result<()> {
        self.word(first_player_wins)?;
        if let Some(also) = also {
            write!(self.out, " {also}")?;
        }
        self.out.write_all(b"\n")
    }

    /// Writes the next case's line as `text` after the prefix, in place of a
    /// word (a count, a take).
    pub fn answer(&mut self, text: &dyn std::fmt::Display) -> io::Result<()> {
        self.written += 1;
        self.prefix()?;
        writeln!(self.out, "{text}")
    }

    /// Writes a line that belongs to the case before it (a listed move).
    pub fn more(&mut self, text: &dyn std::fmt::Display) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    /// Writes a line `a b` that belongs to the case before it (a listed
    /// move), formatted without `fmt`: a case can list 10^5 of them.
    #[inline]
    pub fn pair(&mut self, a: u64, b: u64) -> io::Result<()> {
        let mut digits = itoa::Buffer::new();
        self.out.write_all(digits.format(a).as_bytes())?;
        self.out.write_all(b" ")?;
        self.out.write_all(digits.format(b).as_bytes())?;
        self.out.write_all(b"\n")
    }

    /// Writes the next case's line as one word per position, with nothing
    /// between them (S-Nim's `WLW`).
    pub fn word_line(&mut self, wins: &[bool]) -> io::Result<()> {
        self.word_line_and(wins, &"")
    }

    /// Writes the next case's line as [`VerdictWriter::word_line`] does,
    /// with `also` (S-Nim's winning moves) between the words and the newline.
    pub fn word_line_and(&mut self, wins: &[bool], also: &dyn std::fmt::Display) -> io::Result<()> {
        self.written += 1;
        self.prefix()?;
        for &w in wins {
            let line = if w { &self.win } else { &self.lose };
            self.out.write_all(&line[..line.len() - 1])?;
        }
        writeln!(self.out, "{also}")
    }

    /// Writes lines already formatted, each ending in a newline, that
    /// belong to the case before them (a case's listed moves, in one write).
    pub fn lines(&mut self, lines: &[u8]) -> io::Result<()> {
        self.out.write_all(lines)
    }

    fn prefix(&mut self) -> io::Result<()> {
        if self.prefix == LinePrefix::CaseNumber {
            self.out.write_all(b"Case ")?;
            self.out
                .write_all(itoa::Buffer::new().format(self.written).as_bytes())?;
            self.out.write_all(b": ")?;
        }
        Ok(())
    }

    /// The line's prefix and word.
    #[inline]
    fn word(&mut self, first_player_wins: bool) -> io::Result<()> {
        self.written += 1;
        self.prefix()?;
        let line = if first_player_wins {
            &self.win
        } else {
            &self.lose
        };
        self.out.write_all(&line[..line.len() - 1])
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// A writer in the same words into `out`, whose first case is case
    /// `written + 1`: one block's lines, written by another thread.
    pub(crate) fn sibling(&self, out: Vec<u8>, written: u64) -> VerdictWriter<Vec<u8>> {
        VerdictWriter {
            out,
            win: self.win.clone(),
            lose: self.lose.clone(),
            prefix: self.prefix,
            written,
        }
    }

    /// A writer in the same words into this one's, which drops the first
    /// `skip` bytes written to it: those of the last `cases` cases, already
    /// written here. The cases it writes are counted here when `run` is
    /// done with it. Also returns how many bytes it passed on.
    pub(crate) fn skipping<T>(
        &mut self,
        skip: u64,
        cases: u64,
        run: impl FnOnce(&mut VerdictWriter<Skip<'_, W>>) -> T,
    ) -> (T, u64) {
        let mut skipping = VerdictWriter {
            out: Skip {
                out: &mut self.out,
                skip,
                passed: 0,
            },
            win: self.win.clone(),
            lose: self.lose.clone(),
            prefix: self.prefix,
            written: self.written - cases,
        };
        let result = run(&mut skipping);
        self.written = skipping.written;
        (result, skipping.out.passed)
    }

    /// How many cases have been answered.
    pub(crate) fn cases_written(&self) -> u64 {
        self.written
    }

    /// The writer underneath.
    pub(crate) fn into_inner(self) -> W {
        self.out
    }

    /// The two verdict lines as [`ShortLines`], when every line is a bare
    /// word (no case number) of at most 15 bytes and its newline.
    pub(crate) fn short_lines(&self) -> Option<ShortLines> {
        let fits = |line: &[u8]| line.len() <= ShortLines::WIDTH;
        if self.prefix != LinePrefix::None || !fits(&self.win) || !fits(&self.lose) {
            return None;
        }
        let pad = |line: &[u8]| {
            let mut padded = [0; ShortLines::WIDTH];
            padded[..line.len()].copy_from_slice(line);
            padded
        };
        Some(ShortLines {
            lines: [pad(&self.lose), pad(&self.win)],
            lens: [self.lose.len(), self.win.len()],
        })
    }

    /// Counts `cases` lines written by a sibling and passed on with
    /// [`VerdictWriter::lines`], so that the next case's number follows.
    pub(crate) fn count_lines(&mut self, cases: u64) {
        self.written += cases;
    }
}

/// A writer that drops the first `skip` bytes written to it and passes the
/// rest on: for reading a file again from its start when its first lines
/// are written already.
pub(crate) struct Skip<'a, W> {
    out: &'a mut W,
    skip: u64,
    /// Bytes passed on.
    passed: u64,
}

impl<W: Write> Write for Skip<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.skip == 0 {
            let passed = self.out.write(bytes)?;
            self.passed += passed as u64;
            return Ok(passed);
        }
        // A short write: the rest comes in the next call, so that an error
        // from `out` never follows bytes already taken.
        let dropped = bytes
            .len()
            .min(usize::try_from(self.skip).unwrap_or(usize::MAX));
        self.skip -= dropped as u64;
        Ok(dropped)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The losing and the winning line, each padded to [`ShortLines::WIDTH`]
/// bytes, for appending many verdict lines with one fixed-size copy each
/// and no branch: a verdict that goes either way at random (a generated
/// file plants about half its cases lost) costs a mispredicted branch and a
/// call to `memcpy` per line otherwise.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShortLines {
    lines: [[u8; ShortLines::WIDTH]; 2],
    lens: [usize; 2],
}

impl ShortLines {
    /// The longest line, newline included.
    const WIDTH: usize = 16;

    /// Appends to `out` the lines of `count` verdicts, `wins(i)` for the
    /// `i`-th.
    pub(crate) fn append(
        &self,
        out: &mut Vec<u8>,
        count: usize,
        mut wins: impl FnMut(usize) -> bool,
    ) {
        out.reserve(count * Self::WIDTH);
        let mut len = out.len();
        let base = out.as_mut_ptr();
        for i in 0..count {
            let won = usize::from(wins(i));
            // SAFETY: `len` grows by at most `WIDTH` a line, so each write of
            // `WIDTH` bytes stays inside the capacity reserved above.
            unsafe {
                base.add(len)
                    .cast::<[u8; Self::WIDTH]>()
                    .write_unaligned(self.lines[won])
            };
            len += self.lens[won];
        }
        // SAFETY: every byte below `len` was written just above, or before.
        unsafe { out.set_len(len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_append_what_verdict_writes() {
        for (win, lose) in [
            ("First", "Second"),
            ("Yes", "No"),
            ("", "x"),
            ("fourteen chars", "a"),
        ] {
            let mut one_by_one = VerdictWriter::new(Vec::new(), win, lose, LinePrefix::None);
            let sibling = one_by_one.sibling(Vec::new(), 0);
            let short = sibling.short_lines().expect("short words");
            let wins = |i: usize| i.is_multiple_of(3) || i % 7 == 1;
            let mut appended = b"kept ".to_vec();
            short.append(&mut appended, 1000, wins);
            for i in 0..1000 {
                one_by_one.verdict(wins(i)).expect("to memory");
            }
            let expected = [
                &b"kept "[..],
                &one_by_one.into_inner().into_inner().expect("flushed"),
            ]
            .concat();
            assert_eq!(appended, expected, "{win} / {lose}");
        }
    }

    #[test]
    fn long_words_and_case_numbers_have_no_short_lines() {
        let words =
            |win, prefix| VerdictWriter::new(Vec::new(), win, "No", prefix).sibling(Vec::new(), 0);
        assert!(words("sixteen chars...", LinePrefix::None)
            .short_lines()
            .is_none());
        assert!(words("Yes", LinePrefix::CaseNumber).short_lines().is_none());
    }
}

#[cfg(test)]
mod folder_tests {
    use super::*;

    #[test]
    fn a_file_where_a_folder_should_be_is_not_a_directory() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, "").unwrap();
        let error = create_folder(&file).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotADirectory);
        create_folder(&dir.path().join("a/b")).unwrap();
        assert!(dir.path().join("a/b").is_dir());
        create_folder(&dir.path().join("a/b")).unwrap();
    }
}
