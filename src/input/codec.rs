//! The compression formats nimstream reads and writes: gzip, zstd and xz.
//!
//! Judge files of many gigabytes are usually kept compressed. A file to read
//! is recognized by its first bytes, its *magic*, never by its name:
//! `cases.in` may hold gzip data and `cases.gz` plain text, and standard
//! input has no name at all. Every magic begins with a byte that is neither
//! a digit nor whitespace, so no input the solver accepts is mistaken for
//! compressed data, and a file that merely looks compressed fails with a
//! message about its compression rather than about a stray byte.
//!
//! A file to write has no magic yet, so `gen -o` goes by the name's
//! extension instead ([`Codec::for_output`]), as `tar -a` does.
//!
//! Decoding errors are turned into messages a person can act on
//! ([`Decoding`]): which format, what its decoder said, and how much text
//! came out before the damage. An error from reading the compressed file
//! itself is passed on as it is, since it says nothing about the data.
//! Every byte of text a decoder produced before its error comes out first:
//! xz goes through a decoder of its own for that (the `xz` module), and
//! the compressed bytes reach each decoder in the same pieces from a file
//! as from a pipe, so both give the same text up to the damage.

use std::fmt;
use std::io::{self, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::xz::XzText;

/// The most bytes any magic takes; [`Codec::sniff`] needs no more.
pub const MAGIC_LEN: usize = 6;

/// The buffer between the compressed file and its decoder.
const RAW_BUFFER: usize = 128 << 10;

/// A compression format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Codec {
    /// gzip (RFC 1952), one member or several concatenated, as `gzip -dc`
    /// reads them.
    Gzip,
    /// Zstandard (RFC 8878), one frame or several.
    Zstd,
    /// xz, one stream or several.
    Xz,
}

impl Codec {
    /// Every codec, in the order messages list them.
    pub const ALL: [Codec; 3] = [Codec::Gzip, Codec::Zstd, Codec::Xz];

    /// The format's usual name: `gzip`, `zstd` or `xz`.
    pub fn name(self) -> &'static str {
        match self {
            Codec::Gzip => "gzip",
            Codec::Zstd => "zstd",
            Codec::Xz => "xz",
        }
    }

    /// The file name extension that asks for this format when writing,
    /// without its dot.
    pub fn extension(self) -> &'static str {
        match self {
            Codec::Gzip => "gz",
            Codec::Zstd => "zst",
            Codec::Xz => "xz",
        }
    }

    /// The format whose magic `head` begins with, if any. `head` should hold
    /// the input's first [`MAGIC_LEN`] bytes, or all of a shorter input.
    pub fn sniff(head: &[u8]) -> Option<Codec> {
        // gzip: ID1 ID2 and CM = 8 (deflate), the only method defined.
        if head.starts_with(&[0x1F, 0x8B, 0x08]) {
            return Some(Codec::Gzip);
        }
        // zstd: a frame's magic, 0xFD2FB528 little-endian, or a skippable
        // frame's, 0x184D2A50 to 0x184D2A5F.
        if head.starts_with(&[0x28, 0xB5, 0x2F, 0xFD])
            || (head.len() >= 4 && head[0] & 0xF0 == 0x50 && head[1..4] == [0x2A, 0x4D, 0x18])
        {
            return Some(Codec::Zstd);
        }
        if head.starts_with(&[0xFD, b'7', b'z', b'X', b'Z', 0x00]) {
            return Some(Codec::Xz);
        }
        None
    }

    /// The format a file written at `path` should have, by the extension of
    /// its name (`.gz`, `.zst`, `.xz`, in any case); `None` for plain text.
    pub fn for_output(path: impl AsRef<std::path::Path>) -> Option<Codec> {
        let extension = path.as_ref().extension()?.to_str()?;
        Codec::ALL
            .into_iter()
            .find(|codec| extension.eq_ignore_ascii_case(codec.extension()))
    }

    /// Compresses what is written to it into `out` as the format's own
    /// command does by default (gzip 6, zstd 3 with a checksum, xz 6), so
    /// that the file is the size a person expects and damage to it is found.
    /// [`Encoder::finish`] ends the data.
    pub fn encoder<W: Write>(self, out: W) -> io::Result<Encoder<W>> {
        Ok(match self {
            Codec::Gzip => Encoder::Gzip(Blocks::new(flate2::write::GzEncoder::new(
                out,
                flate2::Compression::default(),
            ))),
            Codec::Zstd => {
                let mut encoder = zstd::stream::write::Encoder::new(out, 0)?;
                // The library leaves the checksum out; the `zstd` command
                // puts it in, and damage is then found when a frame ends.
                encoder.include_checksum(true)?;
                Encoder::Zstd(encoder)
            }
            Codec::Xz => Encoder::Xz(liblzma::write::XzEncoder::new(out, 6)),
        })
    }
}

impl fmt::Display for Codec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text in a compressed input, read through its decoder.
///
/// A decoder's error becomes `corrupt FORMAT data: what the decoder said
/// (after N bytes of text)`, of kind [`io::ErrorKind::InvalidData`]; data
/// that ends early is one such error, since each format marks its own end.
/// An error from reading the compressed bytes is returned as it was.
pub struct Decoding {
    codec: Codec,
    decoder: Box<dyn Read + Send>,
    /// Bytes of text produced so far.
    produced: u64,
    /// Set when reading the compressed bytes failed.
    raw_failed: Arc<AtomicBool>,
}

impl Decoding {
    /// Decodes `raw`, the compressed bytes, as `codec`.
    pub fn new(codec: Codec, raw: Box<dyn Read + Send>) -> Decoding {
        let raw_failed = Arc::new(AtomicBool::new(false));
        let raw = BufReader::with_capacity(
            RAW_BUFFER,
            Watched {
                inner: raw,
                failed: Arc::clone(&raw_failed),
                pending: None,
            },
        );
        let decoder: Box<dyn Read + Send> = match codec {
            Codec::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
            Codec::Zstd => match zstd::stream::read::Decoder::with_buffer(raw) {
                Ok(decoder) => Box::new(decoder),
                Err(error) => Box::new(Failed(Some(error))),
            },
            Codec::Xz => match XzText::new(raw) {
                Ok(decoder) => Box::new(decoder),
                Err(error) => Box::new(Failed(Some(error))),
            },
        };
        Decoding {
            codec,
            decoder,
            produced: 0,
            raw_failed,
        }
    }

    fn explain(&self, error: io::Error) -> io::Error {
        if self.raw_failed.load(Ordering::Relaxed) {
            return error;
        }
        let what = match error.kind() {
            io::ErrorKind::UnexpectedEof => {
                "unexpected end of data (is the file truncated?)".into()
            }
            _ => error.to_string(),
        };
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "corrupt {} data: {} (after {} bytes of text)",
                self.codec, what, self.produced
            ),
        )
    }
}

impl Read for Decoding {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match self.decoder.read(buf) {
                Ok(n) => {
                    self.produced += n as u64;
                    return Ok(n);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.explain(e)),
            }
        }
    }
}

/// The compressed bytes, noting whether reading them failed.
///
/// Each read fills the buffer unless the bytes end or fail, so that the
/// decoder sees the same pieces from a file and from a pipe (which hands
/// over what it holds, 64 KiB or less): where damage stops a decoder inside
/// a piece, the text it gave up with then does not depend on the source.
struct Watched {
    inner: Box<dyn Read + Send>,
    failed: Arc<AtomicBool>,
    /// An error met after some bytes, returned by the next read.
    pending: Option<io::Error>,
}

impl Read for Watched {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(error) = self.pending.take() {
            return Err(error);
        }
        let mut filled = 0;
        while filled < buf.len() {
            match self.inner.read(&mut buf[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed.store(true, Ordering::Relaxed);
                    if filled == 0 {
                        return Err(e);
                    }
                    self.pending = Some(e);
                    break;
                }
            }
        }
        Ok(filled)
    }
}

/// A decoder that could not be set up: its error, once.
struct Failed(Option<io::Error>);

impl Read for Failed {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(self
            .0
            .take()
            .unwrap_or_else(|| io::Error::other("the decoder could not be set up")))
    }
}

/// Compresses into a writer in one of the [`Codec`]s.
pub enum Encoder<W: Write> {
    /// gzip, given its text in fixed blocks ([`Blocks`]).
    Gzip(Blocks<flate2::write::GzEncoder<W>>),
    /// zstd.
    Zstd(zstd::stream::write::Encoder<'static, W>),
    /// xz.
    Xz(liblzma::write::XzEncoder<W>),
}

impl<W: Write> Encoder<W> {
    /// Writes the end of the compressed data and returns the writer (not
    /// flushed). Without this the file is truncated.
    pub fn finish(self) -> io::Result<W> {
        match self {
            Encoder::Gzip(encoder) => encoder.into_inner()?.finish(),
            Encoder::Zstd(encoder) => encoder.finish(),
            Encoder::Xz(encoder) => encoder.finish(),
        }
    }
}

impl<W: Write> Write for Encoder<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Encoder::Gzip(encoder) => encoder.write(buf),
            Encoder::Zstd(encoder) => encoder.write(buf),
            Encoder::Xz(encoder) => encoder.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Encoder::Gzip(encoder) => encoder.write_all(buf),
            Encoder::Zstd(encoder) => encoder.write_all(buf),
            Encoder::Xz(encoder) => encoder.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Encoder::Gzip(encoder) => encoder.flush(),
            Encoder::Zstd(encoder) => encoder.flush(),
            Encoder::Xz(encoder) => encoder.flush(),
        }
    }
}

/// A writer that passes its bytes on in blocks of [`Blocks::SIZE`], the
/// last one at a flush or at the end.
///
/// A deflate encoder's output depends on how its input was cut into writes,
/// not only on the input: `gen`'s cases came in pieces whose sizes depend
/// on the number of threads, and `gen lasker --cases 4 --heaps 100000 -o
/// x.gz` wrote other bytes on 2 threads than on 1 (the same text). Cut the
/// same way, the same text makes the same bytes.
pub struct Blocks<W: Write> {
    inner: W,
    pending: Vec<u8>,
}

impl<W: Write> Blocks<W> {
    /// The size of every block but the last.
    pub const SIZE: usize = 1 << 16;

    fn new(inner: W) -> Blocks<W> {
        Blocks {
            inner,
            pending: Vec::new(),
        }
    }

    /// Passes on what is pending, and gives the writer back (not flushed).
    fn into_inner(mut self) -> io::Result<W> {
        self.inner.write_all(&self.pending)?;
        Ok(self.inner)
    }
}

impl<W: Write> Write for Blocks<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, mut buf: &[u8]) -> io::Result<()> {
        while !buf.is_empty() {
            if self.pending.is_empty() && buf.len() >= Self::SIZE {
                let (block, rest) = buf.split_at(Self::SIZE);
                self.inner.write_all(block)?;
                buf = rest;
                continue;
            }
            let (taken, rest) = buf.split_at((Self::SIZE - self.pending.len()).min(buf.len()));
            self.pending.extend_from_slice(taken);
            buf = rest;
            if self.pending.len() == Self::SIZE {
                self.inner.write_all(&self.pending)?;
                self.pending.clear();
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.write_all(&self.pending)?;
        self.pending.clear();
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &[u8] = b"2\n3\n2 2 3\n2\n3 3\n";

    /// However the text is cut into writes, each codec makes the same
    /// bytes of it.
    #[test]
    fn the_bytes_do_not_depend_on_how_the_text_was_written() {
        let mut text = Vec::new();
        let mut state = 5u64;
        while text.len() < 1 << 19 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            text.extend_from_slice(format!("{} ", state >> 40).as_bytes());
        }
        for codec in Codec::ALL {
            let whole = compress(codec, &text);
            for piece in [1000, 65_537, 100_001] {
                let mut encoder = codec.encoder(Vec::new()).unwrap();
                for (i, chunk) in text.chunks(piece).enumerate() {
                    // Uneven writes: a piece, or a piece in two.
                    let (a, b) = chunk.split_at(if i % 2 == 0 {
                        chunk.len()
                    } else {
                        chunk.len() / 3
                    });
                    encoder.write_all(a).unwrap();
                    encoder.write_all(b).unwrap();
                }
                let bytes = encoder.finish().unwrap();
                assert!(bytes == whole, "{codec} in writes of {piece}");
            }
        }
    }

    fn compress(codec: Codec, text: &[u8]) -> Vec<u8> {
        let mut encoder = codec.encoder(Vec::new()).unwrap();
        encoder.write_all(text).unwrap();
        encoder.finish().unwrap()
    }

    fn decode(codec: Codec, data: Vec<u8>) -> io::Result<Vec<u8>> {
        let mut text = Vec::new();
        Decoding::new(codec, Box::new(io::Cursor::new(data))).read_to_end(&mut text)?;
        Ok(text)
    }

    #[test]
    fn each_codec_round_trips_and_is_recognized_by_its_magic() {
        for codec in Codec::ALL {
            let data = compress(codec, TEXT);
            assert_eq!(Codec::sniff(&data[..MAGIC_LEN]), Some(codec));
            assert_eq!(decode(codec, data).unwrap(), TEXT, "{codec}");
        }
    }

    #[test]
    fn concatenated_members_are_read_to_the_end() {
        for codec in Codec::ALL {
            let mut data = compress(codec, b"1 2\n");
            data.extend(compress(codec, b"3 4\n"));
            assert_eq!(decode(codec, data).unwrap(), b"1 2\n3 4\n", "{codec}");
        }
    }

    #[test]
    fn text_has_no_magic() {
        for head in [
            &b"2\n3\n2 2"[..],
            b"",
            b"\xEF\xBB\xBF1",
            b"\x1F",
            b"\x1F\x8B",
        ] {
            assert_eq!(Codec::sniff(head), None, "{head:?}");
        }
        assert_eq!(Codec::sniff(&[0x5E, 0x2A, 0x4D, 0x18]), Some(Codec::Zstd));
    }

    #[test]
    fn outputs_are_chosen_by_extension() {
        assert_eq!(Codec::for_output("big.in.zst"), Some(Codec::Zstd));
        assert_eq!(Codec::for_output("dir/big.GZ"), Some(Codec::Gzip));
        assert_eq!(Codec::for_output("big.xz"), Some(Codec::Xz));
        assert_eq!(Codec::for_output("big.in"), None);
        assert_eq!(Codec::for_output("zst"), None);
        assert_eq!(Codec::for_output("big.zst.d/x"), None);
    }

    #[test]
    fn truncated_and_damaged_data_are_errors_that_name_the_format() {
        let text: Vec<u8> = (0..20_000u32)
            .flat_map(|i| format!("{} {}\n", i * 7919 % 10007, i).into_bytes())
            .collect();
        for codec in Codec::ALL {
            let data = compress(codec, &text);
            for cut in [data.len() - 1, data.len() / 2, MAGIC_LEN + 1] {
                let error = decode(codec, data[..cut].to_vec()).unwrap_err();
                assert_eq!(error.kind(), io::ErrorKind::InvalidData, "{codec} {cut}");
                let message = error.to_string();
                assert!(
                    message.starts_with(&format!("corrupt {codec} data: ")),
                    "{codec} cut at {cut}: {message}"
                );
            }
            let mut damaged = data.clone();
            let middle = damaged.len() / 2;
            for byte in &mut damaged[middle..middle + 16] {
                *byte ^= 0x5A;
            }
            let message = decode(codec, damaged).unwrap_err().to_string();
            assert!(
                message.starts_with(&format!("corrupt {codec} data: ")),
                "{codec} damaged: {message}"
            );
        }
    }

    #[test]
    fn an_error_reading_the_compressed_bytes_is_passed_on() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("the disk is on fire"))
            }
        }
        for codec in Codec::ALL {
            let mut text = Vec::new();
            let error = Decoding::new(codec, Box::new(Broken))
                .read_to_end(&mut text)
                .unwrap_err();
            assert_eq!(error.to_string(), "the disk is on fire", "{codec}");
        }
    }
}
