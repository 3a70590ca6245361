//! A reader through a bounded buffer: standard input, pipes, and files that
//! cannot be mapped usefully.

use std::io::{self, Read};

use super::{token_source_over_chunks, Chunks, Fault, FaultKind, BOM};
use crate::error::Position;
use crate::scan::{is_digit, Kernel};

/// The size of the streaming reader's buffer.
pub const STREAM_BUFFER: usize = 1 << 20;

/// The buffer's size before the input shows it needs more: a judge's test
/// of a few bytes then costs four zeroed pages, not 256 (a 1 MiB buffer
/// zeroed for every test was a tenth of `judge`'s time on small tests).
const FIRST_BUFFER: usize = 16 << 10;

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
    /// Doubled, up to `capacity`, each time a read finds it full.
    buf: Vec<u8>,
    capacity: usize,
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
    /// A source reading `reader` through a buffer of [`STREAM_BUFFER`] bytes.
    pub fn new(reader: R, kernel: Kernel) -> io::Result<StreamSource<R>> {
        StreamSource::with_capacity(reader, kernel, STREAM_BUFFER)
    }

    /// A source with a buffer of up to `capacity` bytes (at least 64);
    /// small ones let tests put tokens across refills. The buffer starts
    /// small and doubles while reads fill it; a size that does not fit in
    /// memory is an [`io::ErrorKind::OutOfMemory`] error, not an abort.
    pub fn with_capacity(
        reader: R,
        kernel: Kernel,
        capacity: usize,
    ) -> io::Result<StreamSource<R>> {
        let capacity = capacity.max(64);
        let mut buf = Vec::new();
        grow(&mut buf, capacity.min(FIRST_BUFFER))?;
        Ok(StreamSource {
            reader,
            buf,
            capacity,
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
        })
    }

    /// Whether the kernel has seen everything: the cut is the true end.
    fn at_end(&self) -> bool {
        self.started && self.eof && self.cut == self.filled
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

    /// Reads until the buffer is full at its capacity or the input ends.
    fn fill(&mut self) -> io::Result<()> {
        while !self.eof {
            if self.filled == self.buf.len() {
                if self.buf.len() == self.capacity {
                    break;
                }
                let doubled = (self.buf.len() * 2).min(self.capacity);
                grow(&mut self.buf, doubled)?;
            }
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

    fn position(&self, offset: u64) -> Position {
        let upto = (offset.saturating_sub(self.base) as usize).min(self.filled);
        let here = &self.buf[..upto];
        let newlines = self.newlines + memchr::memchr_iter(b'\n', here).count() as u64;
        let line_start =
            memchr::memrchr(b'\n', here).map_or(self.line_start, |i| self.base + i as u64 + 1);
        Position::from_counts(offset, newlines, line_start)
    }

    fn consumed_bytes(&self) -> u64 {
        self.base + self.pos as u64
    }
}

/// Zero-extends `buf` to `len` bytes; a size that does not fit in memory
/// is an [`io::ErrorKind::OutOfMemory`] error, not an abort.
fn grow(buf: &mut Vec<u8>, len: usize) -> io::Result<()> {
    if buf.try_reserve_exact(len - buf.len()).is_err() {
        return Err(io::Error::new(
            io::ErrorKind::OutOfMemory,
            format!("out of memory for a read buffer of {len} bytes"),
        ));
    }
    buf.resize(len, 0);
    Ok(())
}

impl<R: Read> Chunks for StreamSource<R> {
    fn kernel(&self) -> Kernel {
        self.kernel
    }

    fn chunk(&self) -> (&[u8], usize) {
        (&self.buf[..self.cut], self.pos)
    }

    fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }

    fn base(&self) -> u64 {
        self.base
    }

    fn end(&self) -> u64 {
        self.base + self.filled as u64
    }

    fn advance(&mut self) -> Result<bool, Fault> {
        if self.at_end() {
            // Only whitespace was left: all of it is consumed.
            self.pos = self.filled;
            return Ok(false);
        }
        self.refill()?;
        Ok(true)
    }

    fn take_pending(&mut self) -> Option<Result<(u64, u64), Fault>> {
        self.pending.take()
    }
}

token_source_over_chunks!([R: Read] StreamSource<R>);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::TokenSource;

    #[test]
    fn stream_positions_count_lines_across_refills() {
        let mut text = String::new();
        for i in 0..500 {
            text += &format!("{i}\r\n");
        }
        text += "x";
        let mut source = StreamSource::with_capacity(text.as_bytes(), Kernel::SWAR, 64).unwrap();
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

    #[test]
    fn a_buffer_too_large_for_memory_is_an_error() {
        let error = grow(&mut Vec::new(), 1 << 60).expect_err("2^60 bytes are not to be had");
        assert_eq!(error.kind(), io::ErrorKind::OutOfMemory);
        assert!(error
            .to_string()
            .contains("read buffer of 1152921504606846976 bytes"));
    }

    /// The buffer grows only as far as the input needs, and a long input
    /// still fills the whole capacity before tokens are handed out.
    #[test]
    fn the_buffer_grows_with_the_input_up_to_its_capacity() {
        let short = StreamSource::with_capacity(&b"1 2\n"[..], Kernel::SWAR, 1 << 40).unwrap();
        assert_eq!(short.buf.len(), FIRST_BUFFER);
        let text = "12345 ".repeat(100_000);
        for capacity in [64, FIRST_BUFFER + 1, 3 * FIRST_BUFFER, STREAM_BUFFER] {
            let mut source =
                StreamSource::with_capacity(text.as_bytes(), Kernel::SWAR, capacity).unwrap();
            for _ in 0..100_000 {
                assert_eq!(source.next_token().unwrap().0, 12345, "capacity {capacity}");
            }
            let end = source.next_token().unwrap_err();
            assert!(matches!(end.kind, FaultKind::End), "capacity {capacity}");
            assert_eq!(source.buf.len(), capacity, "capacity {capacity}");
        }
    }
}
