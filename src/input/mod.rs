//! Where the bytes come from: a memory-mapped file, bytes in memory, a
//! reader, or compressed data.
//!
//! Every input opened by [`Input::open`] is first sniffed for the magic of a
//! compression format ([`codec`]): judge files are often stored as `.gz`,
//! `.zst` or `.xz`, and a pipe or standard input has no name to tell. A
//! compressed input is never mapped; [`crate::pipeline`] reads it through
//! its decoder on a thread of its own ([`background`]), which feeds the same
//! bounded streaming path as a pipe. The first [`codec::MAGIC_LEN`] bytes
//! read to sniff a stream are put back in front of it.
//!
//! A regular file is memory-mapped only when the caller opts in with
//! [`MmapChoice::auto`], which is `unsafe` because of what a mapping is: it
//! shows the file as it is on disk now, not as it was when opened. The
//! contract the caller accepts:
//!
//! * if another process truncates the file while it is mapped, touching a
//!   page past the new end raises `SIGBUS` and the process dies with that
//!   signal (exit status 135 in a shell): loudly, never with a wrong answer;
//! * if the file is rewritten in place or grown, the bytes read may mix both
//!   versions. [`Input`] remembers the file's size and modification time
//!   when it was opened, and [`Input::check_unchanged`] compares them once
//!   the work is done, turning a change it can see into an error.
//!
//! The `nimstream` binary accepts that contract for the files it is given,
//! as `grep` and `ripgrep` do. Everything else (standard input, pipes,
//! special files, files whose size reads as 0 although they have content,
//! as in `/proc`) is read as a stream.

pub mod background;
pub mod codec;
mod xz;

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::time::SystemTime;

use crate::error::Error;
pub use background::Background;
pub use codec::Codec;
use codec::{Decoding, MAGIC_LEN};

/// Whether regular files may be memory-mapped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MmapChoice {
    enabled: bool,
}

impl MmapChoice {
    /// Never map: every file is read as a stream. Always safe.
    pub fn never() -> MmapChoice {
        MmapChoice { enabled: false }
    }

    /// Map regular files when the system allows it.
    ///
    /// # Safety
    /// The caller accepts the contract in the [module documentation](self):
    /// a file truncated while mapped kills the process with `SIGBUS`, and a
    /// file changed while mapped may be read as a mix of its versions (which
    /// [`Input::check_unchanged`] reports when it can see it).
    pub unsafe fn auto() -> MmapChoice {
        MmapChoice { enabled: true }
    }
}

/// An opened input.
pub enum Input {
    /// A memory-mapped regular file.
    Mapped {
        /// The mapping.
        map: memmap2::Mmap,
        /// The file, kept open to check it afterwards.
        file: File,
        /// Its size and modification time when it was opened.
        stamp: (u64, Option<SystemTime>),
    },
    /// Bytes held in memory.
    Bytes(Vec<u8>),
    /// Standard input, a pipe, or a file that is not mapped.
    Stream(Box<dyn Read + Send>),
    /// Compressed data, from a file or a stream, still compressed.
    Compressed {
        /// Its format, recognized by its magic.
        codec: Codec,
        /// The compressed bytes, from the first.
        reader: Box<dyn Read + Send>,
    },
    /// A stream whose first bytes were read ahead ([`Input::read_ahead`]).
    StreamAhead {
        /// The bytes read ahead, which come first.
        ahead: Vec<u8>,
        /// The rest of the stream.
        rest: Box<dyn Read + Send>,
    },
    /// Compressed data being decoded on a thread of its own
    /// ([`background`]), whose first bytes of text were read ahead
    /// ([`Input::read_ahead`]).
    Decoding {
        /// Its format.
        codec: Codec,
        /// The text read ahead, which comes first.
        ahead: Vec<u8>,
        /// The rest of the text, and the failure that may end it.
        text: Background,
    },
}

/// What kind of input was read, for statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// A memory-mapped file.
    Mapped,
    /// Bytes in memory.
    Memory,
    /// A stream read through a bounded buffer.
    Stream,
    /// Compressed data, decoded as it was read.
    Compressed(Codec),
}

impl InputKind {
    /// `mapped`, `memory`, `stream` or `compressed`.
    pub fn name(self) -> &'static str {
        match self {
            InputKind::Mapped => "mapped",
            InputKind::Memory => "memory",
            InputKind::Stream => "stream",
            InputKind::Compressed(_) => "compressed",
        }
    }

    /// The compression format, for compressed input.
    pub fn codec(self) -> Option<Codec> {
        match self {
            InputKind::Compressed(codec) => Some(codec),
            _ => None,
        }
    }
}

/// The name messages use for an input path: `<stdin>` for `-`. A name
/// that is not UTF-8 is shown with U+FFFD in place of its odd bytes; the
/// path itself is opened as the bytes it is.
pub fn display_name(path: &Path) -> Cow<'_, str> {
    if path == Path::new("-") {
        Cow::Borrowed("<stdin>")
    } else {
        path.to_string_lossy()
    }
}

impl Input {
    /// Opens `path`; `-` is standard input. Compressed data is recognized
    /// by its first bytes, whatever the name.
    pub fn open(path: impl AsRef<Path>, mmap: MmapChoice) -> Result<Input, Error> {
        let path = path.as_ref();
        let io_error = |source| Error::Io {
            path: display_name(path).into_owned(),
            source,
        };
        if path == Path::new("-") {
            return Input::sniff(Box::new(io::stdin())).map_err(io_error);
        }
        let file = File::open(path).map_err(io_error)?;
        let meta = file.metadata().map_err(io_error)?;
        if meta.is_dir() {
            return Err(io_error(io::Error::other("is a directory")));
        }
        // A size of 0 may be a lie (`/proc`, `/sys`, some FUSE file
        // systems): read such files as streams, which also reads an empty
        // file correctly.
        if !mmap.enabled || !meta.is_file() || meta.len() == 0 {
            return Input::sniff(Box::new(file)).map_err(io_error);
        }
        // SAFETY: the caller of `MmapChoice::auto` accepted the contract in
        // the module documentation; the mapping is read-only.
        match unsafe { memmap2::MmapOptions::new().map(&file) } {
            Ok(map) => {
                if let Some(codec) = Codec::sniff(&map[..map.len().min(MAGIC_LEN)]) {
                    // Read through the file instead: the decoder wants a
                    // stream, and a stream cannot be cut short by SIGBUS.
                    // Mapping does not move the file's position.
                    drop(map);
                    let reader = Box::new(file);
                    return Ok(Input::Compressed { codec, reader });
                }
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
            Err(_) => Input::sniff(Box::new(file)).map_err(io_error),
        }
    }

    /// A stream, or compressed data if it begins with a compression
    /// format's magic. The bytes read to tell are put back in front.
    pub fn sniff(mut reader: Box<dyn Read + Send>) -> io::Result<Input> {
        let mut head = [0; MAGIC_LEN];
        let mut got = 0;
        while got < head.len() {
            match reader.read(&mut head[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        let codec = Codec::sniff(&head[..got]);
        let reader = Box::new(io::Cursor::new(head[..got].to_vec()).chain(reader));
        Ok(match codec {
            Some(codec) => Input::Compressed { codec, reader },
            None => Input::Stream(reader),
        })
    }

    /// What kind of input this is.
    pub fn kind(&self) -> InputKind {
        match self {
            Input::Mapped { .. } => InputKind::Mapped,
            Input::Bytes(_) => InputKind::Memory,
            Input::Stream(_) | Input::StreamAhead { .. } => InputKind::Stream,
            Input::Compressed { codec, .. } | Input::Decoding { codec, .. } => {
                InputKind::Compressed(*codec)
            }
        }
    }

    /// For compressed data, its text: the part read ahead, if any, and the
    /// rest, decoded on a thread of its own ([`background`]); the input is
    /// left empty. A failure to decode ends the text and must be asked for
    /// ([`Background::failure`]). `None` for other inputs.
    pub fn decode_in_background(&mut self) -> Option<(Vec<u8>, Background)> {
        if !matches!(self, Input::Compressed { .. } | Input::Decoding { .. }) {
            return None;
        }
        match std::mem::replace(self, Input::Bytes(Vec::new())) {
            Input::Compressed { codec, reader } => Some((
                Vec::new(),
                Background::spawn(Box::new(Decoding::new(codec, reader))),
            )),
            Input::Decoding { ahead, text, .. } => Some((ahead, text)),
            _ => unreachable!("matched above"),
        }
    }

    /// The input's text when it is at most `limit` bytes, `None` when it is
    /// longer. A stream's or compressed data's text is read into memory for
    /// this, at most `limit + 1` bytes of it, and is given again, then the
    /// rest, when the input is solved or read; a failure to decode ends the
    /// text read ahead and is reported then. After an error reading the
    /// stream, the input is left empty.
    pub fn read_ahead(&mut self, limit: usize) -> io::Result<Option<&[u8]>> {
        *self = match std::mem::replace(self, Input::Bytes(Vec::new())) {
            Input::Stream(mut rest) => {
                let ahead = read_at_most(&mut rest, limit)?;
                Input::StreamAhead { ahead, rest }
            }
            Input::Compressed { codec, reader } => {
                let mut text = Background::spawn(Box::new(Decoding::new(codec, reader)));
                let ahead = read_at_most(&mut text, limit)?;
                Input::Decoding { codec, ahead, text }
            }
            other => other,
        };
        let text: &[u8] = match self {
            Input::Mapped { map, .. } => map,
            Input::Bytes(bytes) => bytes,
            Input::StreamAhead { ahead, .. } | Input::Decoding { ahead, .. } => ahead,
            Input::Stream(_) | Input::Compressed { .. } => unreachable!("read ahead above"),
        };
        Ok((text.len() <= limit).then_some(text))
    }

    /// The whole input as one slice, when it is in memory or mapped.
    pub fn as_slice(&self) -> Option<&[u8]> {
        match self {
            Input::Mapped { map, .. } => Some(map),
            Input::Bytes(bytes) => Some(bytes),
            _ => None,
        }
    }

    /// The whole input in memory: the slice of a mapped file or of bytes, or
    /// a stream read to its end into `buffer`, decompressed if it was
    /// compressed (the whole text is then held in memory).
    pub fn bytes<'a>(&'a mut self, buffer: &'a mut Vec<u8>) -> io::Result<&'a [u8]> {
        match self {
            Input::Stream(reader) => {
                reader.read_to_end(buffer)?;
                Ok(buffer)
            }
            Input::Compressed { codec, reader } => {
                let raw = std::mem::replace(reader, Box::new(io::empty()));
                Decoding::new(*codec, raw).read_to_end(buffer)?;
                Ok(buffer)
            }
            Input::StreamAhead { ahead, rest } => {
                buffer.append(ahead);
                rest.read_to_end(buffer)?;
                Ok(buffer)
            }
            Input::Decoding { ahead, text, .. } => {
                buffer.append(ahead);
                text.read_to_end(buffer)?;
                text.failure().map_or(Ok(buffer), Err)
            }
            Input::Mapped { map, .. } => Ok(map),
            Input::Bytes(bytes) => Ok(bytes),
        }
    }

    /// The input's text in memory, as [`Input::bytes`] gives it, but a
    /// stream's or compressed data's read a piece at a time and no further
    /// than `enough` asks: after each piece it is given the text so far and
    /// the offset where the piece began, and says whether that is enough.
    /// Also whether the text was cut short. A mapped file or bytes in memory
    /// are already whole, and given as they are.
    ///
    /// Memory for the text is reserved fallibly: a text too large to hold
    /// is an [`io::ErrorKind::OutOfMemory`] error, not an abort.
    pub fn bytes_until<'a>(
        &'a mut self,
        buffer: &'a mut Vec<u8>,
        enough: &mut dyn FnMut(&[u8], usize) -> bool,
    ) -> io::Result<(&'a [u8], bool)> {
        let cut = match self {
            Input::Mapped { map, .. } => return Ok((map, false)),
            Input::Bytes(bytes) => return Ok((bytes, false)),
            Input::Stream(reader) => read_until(reader, buffer, enough)?,
            Input::Compressed { codec, reader } => {
                let raw = std::mem::replace(reader, Box::new(io::empty()));
                read_until(&mut Decoding::new(*codec, raw), buffer, enough)?
            }
            Input::StreamAhead { ahead, rest } => {
                let ahead = std::mem::take(ahead);
                read_until(&mut io::Cursor::new(ahead).chain(rest), buffer, enough)?
            }
            Input::Decoding { ahead, text, .. } => {
                let ahead = std::mem::take(ahead);
                let cut = read_until(
                    &mut io::Cursor::new(ahead).chain(&mut *text),
                    buffer,
                    enough,
                )?;
                if let Some(failure) = text.failure() {
                    return Err(failure);
                }
                cut
            }
        };
        Ok((buffer, cut))
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

/// How much of a stream [`Input::bytes_until`] reads before it asks again.
const PIECE: usize = 1 << 20;

/// The first `limit + 1` bytes of `reader`, or all of them if fewer.
fn read_at_most(reader: &mut dyn Read, limit: usize) -> io::Result<Vec<u8>> {
    let mut ahead = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut ahead)?;
    Ok(ahead)
}

/// Reads `reader` into `buffer` a piece at a time until it ends (`false`)
/// or `enough` says so (`true`).
fn read_until(
    reader: &mut dyn Read,
    buffer: &mut Vec<u8>,
    enough: &mut dyn FnMut(&[u8], usize) -> bool,
) -> io::Result<bool> {
    loop {
        let start = buffer.len();
        buffer.try_reserve(PIECE).map_err(|_| {
            io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!("out of memory: the text does not fit in memory past {start} bytes"),
            )
        })?;
        if reader.take(PIECE as u64).read_to_end(buffer)? == 0 {
            return Ok(false);
        }
        if enough(buffer, start) {
            return Ok(true);
        }
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
        // SAFETY: the test owns the file; it appends to it on purpose.
        let input = Input::open(name, unsafe { MmapChoice::auto() }).unwrap();
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
    fn compressed_files_are_told_by_their_magic_mapped_or_not() {
        let dir = tempfile::tempdir().unwrap();
        let text = b"1\n2\n3 4\n";
        for codec in Codec::ALL {
            // A name that says nothing, or says something else.
            let path = dir
                .path()
                .join(format!("cases.{}", Codec::Gzip.extension()));
            let mut encoder = codec.encoder(Vec::new()).unwrap();
            encoder.write_all(text).unwrap();
            std::fs::write(&path, encoder.finish().unwrap()).unwrap();
            let name = path.to_str().unwrap();
            // SAFETY: the test owns the file and leaves it alone.
            for mmap in [MmapChoice::never(), unsafe { MmapChoice::auto() }] {
                let mut input = Input::open(name, mmap).unwrap();
                assert_eq!(input.kind(), InputKind::Compressed(codec));
                let mut buffer = Vec::new();
                assert_eq!(input.bytes(&mut buffer).unwrap(), text);
            }
        }
        let path = dir.path().join("plain.gz");
        std::fs::write(&path, text).unwrap();
        let name = path.to_str().unwrap();
        let input = Input::open(name, MmapChoice::never()).unwrap();
        assert_eq!(input.kind(), InputKind::Stream);
        // SAFETY: as above.
        let input = Input::open(name, unsafe { MmapChoice::auto() }).unwrap();
        assert_eq!(input.kind(), InputKind::Mapped);
    }

    #[test]
    fn text_read_ahead_is_read_again_with_the_rest() {
        let text = b"3\n1 2\n3 4\n";
        let gzip = {
            let mut encoder = Codec::Gzip.encoder(Vec::new()).unwrap();
            encoder.write_all(text).unwrap();
            encoder.finish().unwrap()
        };
        for data in [text.to_vec(), gzip] {
            for (limit, whole) in [(text.len(), true), (5, false)] {
                let mut input = Input::sniff(Box::new(io::Cursor::new(data.clone()))).unwrap();
                let kind = input.kind();
                let ahead = input.read_ahead(limit).unwrap();
                assert_eq!(ahead, whole.then_some(&text[..]), "{kind:?} {limit}");
                assert_eq!(input.kind(), kind, "read ahead, still what it was");
                let mut buffer = Vec::new();
                assert_eq!(input.bytes(&mut buffer).unwrap(), text, "{kind:?} {limit}");
            }
        }
    }

    #[test]
    fn a_decoding_failure_in_text_read_ahead_is_kept_for_the_end() {
        let mut encoder = Codec::Gzip.encoder(Vec::new()).unwrap();
        encoder.write_all(b"2\n1 2\n3 4\n").unwrap();
        let mut data = encoder.finish().unwrap();
        data.truncate(data.len() - 4);
        let mut input = Input::sniff(Box::new(io::Cursor::new(data))).unwrap();
        assert!(input.read_ahead(1 << 20).unwrap().is_some());
        let mut buffer = Vec::new();
        assert!(input.bytes(&mut buffer).is_err(), "the damage is reported");
    }

    #[test]
    fn files_are_streamed_unless_mapping_is_chosen() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cases.in");
        std::fs::write(&path, "1\n1\n5\n").unwrap();
        let input = Input::open(path.to_str().unwrap(), MmapChoice::never()).unwrap();
        assert!(matches!(input, Input::Stream(_)));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_whose_size_reads_as_zero_is_read_as_a_stream() {
        let path = "/proc/self/cmdline";
        assert_eq!(std::fs::metadata(path).unwrap().len(), 0);
        // SAFETY: /proc files are not truncated under us in a way that matters.
        let mut input = Input::open(path, unsafe { MmapChoice::auto() }).unwrap();
        let mut buffer = Vec::new();
        assert!(!input.bytes(&mut buffer).unwrap().is_empty());
    }
}
