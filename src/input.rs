//! Where the bytes come from, and the token sources built on them.
//!
//! A regular file is memory-mapped and scanned as one `&[u8]`, with no copy
//! ([`SliceSource`]). Standard input, pipes, and files that cannot be mapped
//! are read through a bounded buffer ([`StreamSource`]), so memory stays flat
//! whatever the input size.
//!
//! Both sources serve the same [`TokenSource`] API, report faults at absolute
//! byte offsets, and can turn an offset into a line and column after the
//! fact.
//!
//! # Files that change while mapped
//!
//! A mapping shows the file as it is on disk, not as it was when opened. If
//! another process truncates the file while nimstream reads it, touching a
//! page past the new end raises `SIGBUS` and the process dies with that
//! signal (exit status 135 in a shell): loudly, never with a wrong answer.
//! A file rewritten in place, or grown, is caught afterwards: [`Input`]
//! remembers the file's size and modification time when it was opened, and
//! [`Input::check_unchanged`] compares them once the work is done, turning a
//! change into an error.

use std::fs::File;
use std::io::{self, Read};
use std::time::SystemTime;

use crate::error::{Error, Position};
use crate::games::{CaseSummary, HeapFold};
use crate::scan::{is_digit, Kernel, Stop};

/// The UTF-8 byte order mark, skipped at the start of the input.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The size of the streaming reader's buffer.
pub const STREAM_BUFFER: usize = 1 << 20;

/// An opened input.
pub enum Input {
    /// A memory-mapped regular file.
    Mapped {
        map: memmap2::Mmap,
        file: File,
        stamp: (u64, Option<SystemTime>),
    },
    /// Bytes held in memory: an empty file, or data from a test.
    Bytes(Vec<u8>),
    /// Standard input, a pipe, or a file that could not be mapped.
    Stream(Box<dyn Read + Send>),
}

impl Input {
    /// Opens `path`; `-` is standard input.
    pub fn open(path: &str) -> Result<Input, Error> {
        if path == "-" {
            return Ok(Input::Stream(Box::new(io::stdin())));
        }
        let io_error = |source| Error::Io {
            path: path.to_string(),
            source,
        };
        let file = File::open(path).map_err(io_error)?;
        let meta = file.metadata().map_err(io_error)?;
        if meta.is_dir() {
            return Err(io_error(io::Error::other("is a directory")));
        }
        if !meta.is_file() {
            return Ok(Input::Stream(Box::new(file)));
        }
        if meta.len() == 0 {
            return Ok(Input::Bytes(Vec::new()));
        }
        // SAFETY: the mapping is read-only; a concurrent truncation is the
        // documented hazard above (SIGBUS, never a silent wrong answer).
        match unsafe { memmap2::MmapOptions::new().map(&file) } {
            Ok(map) => {
                // Read ahead, and ask for the whole file now: with several
                // threads reading different blocks, the kernel's readahead
                // would otherwise see scattered faults and read little at a
                // time from a cold disk.
                #[cfg(unix)]
                {
                    let _ = map.advise(memmap2::Advice::Sequential);
                    let _ = map.advise(memmap2::Advice::WillNeed);
                }
                let stamp = (meta.len(), meta.modified().ok());
                Ok(Input::Mapped { map, file, stamp })
            }
            Err(_) => Ok(Input::Stream(Box::new(file))),
        }
    }

    /// The whole input as one slice, when it is in memory or mapped.
    pub fn as_slice(&self) -> Option<&[u8]> {
        match self {
            Input::Mapped { map, .. } => Some(map),
            Input::Bytes(bytes) => Some(bytes),
            Input::Stream(_) => None,
        }
    }

    /// Fails if a mapped file's size or modification time changed since it
    /// was opened, since the answers may then describe neither version.
    pub fn check_unchanged(&self, path: &str) -> Result<(), Error> {
        if let Input::Mapped { file, stamp, .. } = self {
            let now = file
                .metadata()
                .map(|m| (m.len(), m.modified().ok()))
                .map_err(|source| Error::Io {
                    path: path.to_string(),
                    source,
                })?;
            if now != *stamp {
                return Err(Error::Io {
                    path: path.to_string(),
                    source: io::Error::other(
                        "the file changed while it was being read; the output above may be wrong",
                    ),
                });
            }
        }
        Ok(())
    }
}

/// What stopped a source from producing the next token, at which offset.
#[derive(Debug)]
pub struct Fault {
    pub offset: u64,
    pub kind: FaultKind,
}

#[derive(Debug)]
pub enum FaultKind {
    /// The input ended (only whitespace was left).
    End,
    /// A byte that is neither a digit nor whitespace.
    Invalid(u8),
    /// A digit run beginning here whose value exceeds `u64::MAX`.
    Overflow,
    /// Reading failed.
    Io(io::Error),
}

impl Fault {
    pub(crate) fn from_stop(stop: Stop, base: u64, end: u64) -> Fault {
        match stop {
            Stop::End => Fault {
                offset: end,
                kind: FaultKind::End,
            },
            Stop::Invalid { at, byte } => Fault {
                offset: base + at as u64,
                kind: FaultKind::Invalid(byte),
            },
            Stop::Overflow { at } => Fault {
                offset: base + at as u64,
                kind: FaultKind::Overflow,
            },
        }
    }
}

/// A sequence of `u64` tokens read from some input.
pub trait TokenSource {
    /// The next token's value and its offset.
    fn next_token(&mut self) -> Result<(u64, u64), Fault>;

    /// Folds the next `count` tokens into `acc`. On a fault, also says how
    /// many tokens were folded before it.
    fn fold<F: HeapFold>(
        &mut self,
        count: u64,
        fold: &F,
        acc: &mut CaseSummary,
    ) -> Result<(), (u64, Fault)>;

    /// Line and column of an offset at or after the last token returned
    /// (where every fault lies).
    fn locate(&self, offset: u64) -> Position;

    /// How many bytes have been consumed, for progress reports.
    fn consumed(&self) -> u64;
}

/// Tokens from one slice holding the whole input.
pub struct SliceSource<'a> {
    bytes: &'a [u8],
    pos: usize,
    kernel: Kernel,
}

impl<'a> SliceSource<'a> {
    pub fn new(bytes: &'a [u8], kernel: Kernel) -> SliceSource<'a> {
        let pos = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
        SliceSource { bytes, pos, kernel }
    }

    fn fault(&self, stop: Stop) -> Fault {
        Fault::from_stop(stop, 0, self.bytes.len() as u64)
    }
}

impl TokenSource for SliceSource<'_> {
    #[inline]
    fn next_token(&mut self) -> Result<(u64, u64), Fault> {
        match self.kernel.next_token(self.bytes, self.pos) {
            Ok(token) => {
                self.pos = token.end;
                Ok((token.value, token.start as u64))
            }
            Err(stop) => Err(self.fault(stop)),
        }
    }

    #[inline]
    fn fold<F: HeapFold>(
        &mut self,
        count: u64,
        fold: &F,
        acc: &mut CaseSummary,
    ) -> Result<(), (u64, Fault)> {
        let folded = self.kernel.fold(self.bytes, self.pos, count, fold, acc);
        self.pos = folded.pos;
        match folded.stop {
            None => Ok(()),
            Some(stop) => Err((folded.read, self.fault(stop))),
        }
    }

    fn locate(&self, offset: u64) -> Position {
        Position::in_bytes(self.bytes, offset as usize)
    }

    fn consumed(&self) -> u64 {
        self.pos as u64
    }
}

/// Tokens from a reader, through a bounded buffer.
///
/// The buffer is handed to the kernels only up to its *cut*: just after the
/// last byte that is not a digit, so that no token is split by a refill. The
/// digits after the cut are carried to the front of the buffer on the next
/// refill. A digit run longer than the whole buffer (leading zeros allow
/// that) is read digit by digit into `pending` instead, so memory stays
/// bounded by the buffer size whatever the input.
pub struct StreamSource<R> {
    reader: R,
    buf: Box<[u8]>,
    pos: usize,
    cut: usize,
    filled: usize,
    eof: bool,
    /// Absolute offset of `buf[0]`.
    base: u64,
    /// Newlines before `base`, and the offset just after the last of them.
    newlines: u64,
    line_start: u64,
    /// A token too long for the buffer, already read, or its fault.
    pending: Option<Result<(u64, u64), Fault>>,
    started: bool,
    kernel: Kernel,
}

impl<R: Read> StreamSource<R> {
    pub fn new(reader: R, kernel: Kernel) -> StreamSource<R> {
        StreamSource::with_capacity(reader, kernel, STREAM_BUFFER)
    }

    /// A source with a buffer of `capacity` bytes (at least 64); small ones
    /// let tests put tokens across refills.
    pub fn with_capacity(reader: R, kernel: Kernel, capacity: usize) -> StreamSource<R> {
        StreamSource {
            reader,
            buf: vec![0; capacity.max(64)].into_boxed_slice(),
            pos: 0,
            cut: 0,
            filled: 0,
            eof: false,
            base: 0,
            newlines: 0,
            line_start: 0,
            pending: None,
            started: false,
            kernel,
        }
    }

    /// Whether the kernel has seen everything: the cut is the true end.
    fn at_end(&self) -> bool {
        self.eof && self.cut == self.filled
    }

    fn end_offset(&self) -> u64 {
        self.base + self.filled as u64
    }

    fn io_fault(&self, error: io::Error) -> Fault {
        Fault {
            offset: self.base + self.pos as u64,
            kind: FaultKind::Io(error),
        }
    }

    /// Drops `buf[..pos]`, keeping count of its lines.
    fn discard_consumed(&mut self) {
        let gone = &self.buf[..self.pos];
        self.newlines += memchr::memchr_iter(b'\n', gone).count() as u64;
        if let Some(i) = memchr::memrchr(b'\n', gone) {
            self.line_start = self.base + i as u64 + 1;
        }
        self.buf.copy_within(self.pos..self.filled, 0);
        self.filled -= self.pos;
        self.base += self.pos as u64;
        self.pos = 0;
    }

    /// Reads until the buffer is full or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        while self.filled < self.buf.len() && !self.eof {
            match self.reader.read(&mut self.buf[self.filled..]) {
                Ok(0) => self.eof = true,
                Ok(n) => self.filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// Moves past the consumed bytes and reads more, then sets the cut.
    fn refill(&mut self) -> Result<(), Fault> {
        self.pos = self.pos.max(self.cut);
        self.discard_consumed();
        self.fill().map_err(|e| self.io_fault(e))?;
        if !self.started {
            self.started = true;
            if self.buf[..self.filled].starts_with(BOM) {
                self.pos = BOM.len();
            }
        }
        self.cut = self.find_cut();
        if self.cut <= self.pos && !self.eof {
            // Nothing but one digit run from `pos` to the end of a full buffer.
            self.pending = Some(self.read_long_run());
            self.cut = self.find_cut().max(self.pos);
        }
        Ok(())
    }

    /// Just after the last non-digit byte, or the end of the data at EOF.
    fn find_cut(&self) -> usize {
        if self.eof {
            return self.filled;
        }
        self.buf[..self.filled]
            .iter()
            .rposition(|&b| !is_digit(b))
            .map_or(0, |i| i + 1)
    }

    /// Reads a digit run that begins at `pos` and fills the buffer, across as
    /// many refills as it takes. Leaves `pos` just after the run.
    fn read_long_run(&mut self) -> Result<(u64, u64), Fault> {
        let start = self.base + self.pos as u64;
        let mut value: u128 = 0;
        loop {
            while self.pos < self.filled && is_digit(self.buf[self.pos]) {
                value = (value * 10 + u128::from(self.buf[self.pos] - b'0'))
                    .min(u128::from(u64::MAX) + 1);
                self.pos += 1;
            }
            if self.pos < self.filled || self.eof {
                break;
            }
            self.discard_consumed();
            self.fill().map_err(|e| self.io_fault(e))?;
        }
        u64::try_from(value).map(|v| (v, start)).map_err(|_| Fault {
            offset: start,
            kind: FaultKind::Overflow,
        })
    }

    fn fault(&self, stop: Stop) -> Fault {
        Fault::from_stop(stop, self.base, self.end_offset())
    }
}

impl<R: Read> TokenSource for StreamSource<R> {
    fn next_token(&mut self) -> Result<(u64, u64), Fault> {
        loop {
            if let Some(pending) = self.pending.take() {
                return pending;
            }
            match self.kernel.next_token(&self.buf[..self.cut], self.pos) {
                Ok(token) => {
                    self.pos = token.end;
                    return Ok((token.value, self.base + token.start as u64));
                }
                Err(Stop::End) if !self.at_end() || !self.started => self.refill()?,
                Err(Stop::End) => {
                    // Only whitespace was left: all of it is consumed.
                    self.pos = self.filled;
                    return Err(self.fault(Stop::End));
                }
                Err(stop) => return Err(self.fault(stop)),
            }
        }
    }

    fn fold<F: HeapFold>(
        &mut self,
        count: u64,
        fold: &F,
        acc: &mut CaseSummary,
    ) -> Result<(), (u64, Fault)> {
        let mut done = 0;
        while done < count {
            if let Some(pending) = self.pending.take() {
                let (value, _) = pending.map_err(|fault| (done, fault))?;
                fold.fold(acc, value);
                done += 1;
                continue;
            }
            let buf = &self.buf[..self.cut];
            let folded = self.kernel.fold(buf, self.pos, count - done, fold, acc);
            self.pos = folded.pos;
            done += folded.read;
            match folded.stop {
                None => {}
                Some(Stop::End) if !self.at_end() || !self.started => {
                    self.refill().map_err(|fault| (done, fault))?
                }
                Some(stop) => return Err((done, self.fault(stop))),
            }
        }
        Ok(())
    }

    fn locate(&self, offset: u64) -> Position {
        let upto = (offset.saturating_sub(self.base) as usize).min(self.filled);
        let here = &self.buf[..upto];
        let newlines = self.newlines + memchr::memchr_iter(b'\n', here).count() as u64;
        let line_start =
            memchr::memrchr(b'\n', here).map_or(self.line_start, |i| self.base + i as u64 + 1);
        Position::from_counts(offset, newlines, line_start)
    }

    fn consumed(&self) -> u64 {
        self.base + self.pos as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_mapped_file_that_grows_or_is_rewritten_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cases.in");
        std::fs::write(&path, "1\n1\n5\n").unwrap();
        let name = path.to_str().unwrap();
        let input = Input::open(name).unwrap();
        assert!(matches!(input, Input::Mapped { .. }));
        input.check_unchanged(name).unwrap();
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b"7\n")
            .unwrap();
        let error = input.check_unchanged(name).unwrap_err().to_string();
        assert!(error.contains("changed while it was being read"), "{error}");
    }

    #[test]
    fn stream_positions_count_lines_across_refills() {
        let mut text = String::new();
        for i in 0..500 {
            text += &format!("{i}\r\n");
        }
        text += "x";
        let mut source = StreamSource::with_capacity(text.as_bytes(), Kernel::Swar, 64);
        let fault = loop {
            match source.next_token() {
                Ok(_) => {}
                Err(fault) => break fault,
            }
        };
        assert_eq!(fault.offset, text.len() as u64 - 1);
        assert_eq!(
            source.locate(fault.offset),
            Position {
                line: 501,
                column: 1
            }
        );
    }
}
