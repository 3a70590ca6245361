//! Checkpoints: a nim-sequence's values saved, so that a computation of
//! hours carries on where it stopped instead of starting again.
//!
//! A checkpoint holds the rule and the values, nothing else: the engine's
//! state follows from the values ([`NimSequence::resume`]), so a resumed
//! run computes exactly what an uninterrupted one does. The layout, all
//! integers little-endian:
//!
//! ```text
//! "nimstream grundy checkpoint\n"   28 bytes
//! version                           u32, 1
//! rule length, rule                 u32, UTF-8 (as the rule prints itself)
//! width                             u8: 1, 2 or 4 bytes per value
//! count                             u64
//! values                            count × width bytes
//! checksum                          u64 over every byte before it
//! ```
//!
//! Reading checks everything: a file that is not a checkpoint, of another
//! version, cut short, or whose checksum disagrees is an error that says
//! which and at which byte, never a sequence with a wrong value in it.
//! Writing it whole or not at all is the caller's part (the command line
//! writes through `output::atomic`).

use std::fmt;
use std::io::{self, Read, Write};

use super::sequence::NimSequence;
use super::values::{with_cells, Values};

const MAGIC: &[u8; 28] = b"nimstream grundy checkpoint\n";
const VERSION: u32 = 1;

/// A checkpoint read back: the rule as written, and the values.
#[derive(Debug)]
pub struct Saved {
    /// The rule, as [`Rule`](super::Rule) prints itself.
    pub rule: String,
    /// `G(0), G(1), …` as far as they were computed.
    pub values: Values,
}

/// Why a file could not be read as a checkpoint.
#[derive(Debug)]
pub enum CheckpointError {
    /// The file could not be read.
    Io(io::Error),
    /// What is wrong, and at which byte.
    Bad {
        /// Byte offset of the fault.
        at: u64,
        /// What was found there.
        what: String,
    },
    /// The file's values do not fit in memory; nothing says it is damaged.
    OutOfMemory {
        /// How many values it holds.
        values: usize,
    },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Io(e) => f.write_str(&crate::error::describe_io(e)),
            CheckpointError::Bad { at, what } => write!(f, "byte {at}: {what}"),
            CheckpointError::OutOfMemory { values } => {
                write!(f, "not enough memory for its {values} values")
            }
        }
    }
}

impl std::error::Error for CheckpointError {}

/// Writes the rule and values of `seq` to `out`.
pub fn write(seq: &NimSequence, out: &mut impl Write) -> io::Result<()> {
    let mut out = Summing::new(out);
    let rule = seq.rule().to_string();
    let values = seq.values();
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    out.write_all(&(rule.len() as u32).to_le_bytes())?;
    out.write_all(rule.as_bytes())?;
    out.write_all(&[values.width() as u8])?;
    out.write_all(&(values.len() as u64).to_le_bytes())?;
    // A stretch at a time, so that a big-endian machine's copy stays small.
    with_cells!(values, v => for chunk in v.chunks(1 << 16) {
        let bytes: Vec<u8> = chunk.iter().flat_map(|x| le_bytes(*x)).collect();
        out.write_all(&bytes)?;
    });
    let sum = out.sum;
    out.inner.write_all(&sum.to_le_bytes())
}

/// Reads a checkpoint from `input`.
pub fn read(input: &mut impl Read) -> Result<Saved, CheckpointError> {
    let mut input = Summing::new(input);
    let rule = input.header(MAGIC, "grundy", VERSION)?;
    let width_at = input.offset;
    let [width] = input.array("the width")?;
    let count = u64::from_le_bytes(input.array("the count")?);
    let values = read_values(&mut input, width, width_at, count)?;
    let sum = input.sum;
    let stored = u64::from_le_bytes(input.array("the checksum")?);
    if stored != sum {
        let what = "the checksum disagrees: the file is damaged".into();
        return Err(input.bad(input.offset - 8, what));
    }
    let mut extra = [0u8; 1];
    if input.inner.read(&mut extra).map_err(CheckpointError::Io)? != 0 {
        return Err(input.bad(input.offset, "bytes after the checksum".into()));
    }
    Ok(Saved { rule, values })
}

fn read_values<R: Read>(
    input: &mut Summing<R>,
    width: u8,
    width_at: u64,
    count: u64,
) -> Result<Values, CheckpointError> {
    let mut values = match width {
        1 => Values::Byte(Vec::new()),
        2 => Values::Short(Vec::new()),
        4 => Values::Wide(Vec::new()),
        w => return Err(input.bad(width_at, format!("a width of {w}, not 1, 2 or 4"))),
    };
    let count =
        usize::try_from(count).map_err(|_| input.bad(width_at + 1, "too many values".into()))?;
    values
        .try_reserve(count)
        .map_err(|_| CheckpointError::OutOfMemory { values: count })?;
    let mut bytes = vec![0u8; (1 << 16) * usize::from(width)];
    let mut left = count;
    while left > 0 {
        let take = left.min(1 << 16);
        let chunk = &mut bytes[..take * usize::from(width)];
        input.exact(chunk, "the values")?;
        with_cells!(&mut values, v => extend_le(v, chunk));
        left -= take;
    }
    Ok(values)
}

trait LeBytes: Sized {
    fn to_le(self) -> [u8; 4];
    fn from_le(bytes: &[u8]) -> Self;
}

impl LeBytes for u8 {
    fn to_le(self) -> [u8; 4] {
        [self, 0, 0, 0]
    }
    fn from_le(bytes: &[u8]) -> u8 {
        bytes[0]
    }
}

impl LeBytes for u16 {
    fn to_le(self) -> [u8; 4] {
        let [a, b] = self.to_le_bytes();
        [a, b, 0, 0]
    }
    fn from_le(bytes: &[u8]) -> u16 {
        u16::from_le_bytes([bytes[0], bytes[1]])
    }
}

impl LeBytes for u32 {
    fn to_le(self) -> [u8; 4] {
        self.to_le_bytes()
    }
    fn from_le(bytes: &[u8]) -> u32 {
        u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
    }
}

/// The little-endian bytes of a cell, as many as it has.
fn le_bytes<T: LeBytes>(x: T) -> impl Iterator<Item = u8> {
    let width = std::mem::size_of::<T>();
    x.to_le().into_iter().take(width)
}

/// Appends the cells whose little-endian bytes `bytes` holds.
fn extend_le<T: LeBytes>(cells: &mut Vec<T>, bytes: &[u8]) {
    let width = std::mem::size_of::<T>();
    cells.extend(bytes.chunks_exact(width).map(T::from_le));
}

/// A reader or writer that keeps a checksum of the bytes through it and
/// counts them (a multiply-rotate hash: a flipped bit or a swapped stretch
/// changes it, which is all a checkpoint needs; not a defence against
/// someone forging one). Misère checkpoints are summed the same way
/// ([`crate::misere::checkpoint`]).
pub(crate) struct Summing<T> {
    pub(crate) inner: T,
    pub(crate) sum: u64,
    pub(crate) offset: u64,
}

impl<T> Summing<T> {
    pub(crate) fn new(inner: T) -> Summing<T> {
        Summing {
            inner,
            sum: 0x6e69_6d73_7472_6561,
            offset: 0,
        }
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.sum = (self.sum.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
        self.offset += bytes.len() as u64;
    }

    pub(crate) fn bad(&self, at: u64, what: String) -> CheckpointError {
        CheckpointError::Bad { at, what }
    }
}

impl<R: Read> Summing<R> {
    /// Reads the header every checkpoint starts with: its 28-byte magic
    /// (that of a `kind` checkpoint), its version, and the rule's text,
    /// which it returns.
    pub(crate) fn header(
        &mut self,
        magic: &[u8; 28],
        kind: &str,
        version: u32,
    ) -> Result<String, CheckpointError> {
        let found: [u8; 28] = self.array("the header")?;
        if &found != magic {
            return Err(self.bad(0, format!("not a nimstream {kind} checkpoint")));
        }
        let found = u32::from_le_bytes(self.array("the version")?);
        if found != version {
            let what = format!("version {found}; this nimstream reads version {version}");
            return Err(self.bad(28, what));
        }
        let rule_len = u32::from_le_bytes(self.array("the rule's length")?);
        if rule_len > 1 << 16 {
            return Err(self.bad(32, format!("a rule of {rule_len} bytes")));
        }
        let mut rule = vec![0; rule_len as usize];
        self.exact(&mut rule, "the rule")?;
        String::from_utf8(rule).map_err(|_| self.bad(36, "the rule is not UTF-8".into()))
    }

    pub(crate) fn exact(&mut self, buf: &mut [u8], what: &str) -> Result<(), CheckpointError> {
        match self.inner.read_exact(buf) {
            Ok(()) => {
                self.add(buf);
                Ok(())
            }
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                Err(self.bad(self.offset, format!("the file ends inside {what}")))
            }
            Err(e) => Err(CheckpointError::Io(e)),
        }
    }

    pub(crate) fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], CheckpointError> {
        let mut buf = [0; N];
        self.exact(&mut buf, what)?;
        Ok(buf)
    }
}

impl<W: Write> Write for Summing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.add(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grundy::sequence::no_progress;
    use crate::grundy::{Method, Rule};

    fn saved(code: &str, len: usize) -> (NimSequence, Vec<u8>) {
        let mut seq = NimSequence::new(Rule::parse(code).unwrap(), Method::Auto);
        seq.extend_to(len, &mut no_progress).unwrap();
        let mut bytes = vec![];
        write(&seq, &mut bytes).unwrap();
        (seq, bytes)
    }

    #[test]
    fn values_of_every_width_read_back_as_written() {
        // 0.6's first values are below 256; 0.66666666's pass 256 early.
        for (code, len, width) in [("0.6", 3000, 1), ("0.66666666", 3000, 2)] {
            let (seq, bytes) = saved(code, len);
            assert_eq!(seq.values().width(), width, "{code}");
            let read = read(&mut bytes.as_slice()).unwrap();
            assert_eq!(read.rule, code);
            assert_eq!(&read.values, seq.values());
        }
        let wide: Values = [0, 70_000, 3].into_iter().collect();
        let mut bytes = vec![];
        let seq = NimSequence::resume(Rule::parse("0.6").unwrap(), Method::Auto, wide.clone());
        write(&seq, &mut bytes).unwrap();
        assert_eq!(read(&mut bytes.as_slice()).unwrap().values, wide);
    }

    #[test]
    fn a_resumed_sequence_computes_what_an_uninterrupted_one_does() {
        for code in ["0.6", "0.14", "0.8", "grundy", "sub:2,5"] {
            let rule = Rule::parse(code).unwrap();
            let (whole, _) = saved(code, 5000);
            let (half, _) = saved(code, 2345);
            let values = half.values().clone();
            let mut resumed = NimSequence::resume(rule, Method::Auto, values);
            resumed.extend_to(5000, &mut no_progress).unwrap();
            assert_eq!(resumed.values(), whole.values(), "{code}");
        }
    }

    #[test]
    fn every_damage_is_an_error_never_a_value() {
        let (_, bytes) = saved("0.6", 1000);
        let error = |bytes: &[u8]| read(&mut &bytes[..]).unwrap_err().to_string();
        assert!(error(&bytes[..10]).contains("ends inside the header"));
        assert!(error(&bytes[..bytes.len() - 20]).contains("ends inside the values"));
        assert!(error(b"hello").contains("ends inside"));
        let mut other = bytes.clone();
        other[3] = b'X';
        assert!(error(&other).contains("byte 0: not a nimstream"));
        let mut newer = bytes.clone();
        newer[28] = 2;
        assert!(error(&newer).contains("version 2"));
        let mut width = bytes.clone();
        width[28 + 4 + 4 + 3] = 3;
        assert!(error(&width).contains("a width of 3"));
        // Every single flipped bit in the values or the checksum is caught.
        for at in (48..bytes.len()).step_by(7) {
            let mut flipped = bytes.clone();
            flipped[at] ^= 1 << (at % 8);
            let message = error(&flipped);
            assert!(message.contains("checksum"), "{at}: {message}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(error(&longer).contains("after the checksum"));
    }
}
