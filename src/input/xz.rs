//! An xz decoder that hands over every byte liblzma produced before an
//! error.
//!
//! liblzma decodes as much as its input and output buffers allow in one
//! call, and a call that ends in an error has still written its output: the
//! end of a stream's last block, whose check has passed, then its index and
//! footer, then the damage after them (bad padding, a broken second
//! stream, a corrupt index). `liblzma::bufread::XzDecoder` returns the
//! error from such a call and drops that output, up to a whole read's worth
//! of text, verified, and how much depends on how the compressed bytes
//! happened to arrive. This reader returns the output first and the error
//! on the next call.

use std::io::{self, BufRead, Read};

use liblzma::stream::{Action, Status, Stream, CONCATENATED};

/// The text of xz data, one stream or several, read from `raw`.
pub struct XzText<R> {
    raw: R,
    stream: Stream,
    /// The error of a call whose output was returned first.
    pending: Option<io::Error>,
    ended: bool,
}

impl<R: BufRead> XzText<R> {
    /// Decodes `raw`, xz streams concatenated as `xz -dc` reads them.
    pub fn new(raw: R) -> io::Result<XzText<R>> {
        let stream = Stream::new_stream_decoder(u64::MAX, CONCATENATED)?;
        Ok(XzText {
            raw,
            stream,
            pending: None,
            ended: false,
        })
    }
}

impl<R: BufRead> Read for XzText<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(error) = self.pending.take() {
            return Err(error);
        }
        if buf.is_empty() || self.ended {
            return Ok(0);
        }
        loop {
            let input = self.raw.fill_buf()?;
            let eof = input.is_empty();
            let action = if eof { Action::Finish } else { Action::Run };
            let (in_before, out_before) = (self.stream.total_in(), self.stream.total_out());
            let result = self.stream.process(input, buf, action);
            let consumed = (self.stream.total_in() - in_before) as usize;
            let produced = (self.stream.total_out() - out_before) as usize;
            self.raw.consume(consumed);
            match result {
                Err(error) if produced > 0 => {
                    self.pending = Some(error.into());
                    return Ok(produced);
                }
                Err(error) => return Err(error.into()),
                Ok(Status::StreamEnd) => {
                    self.ended = true;
                    return Ok(produced);
                }
                Ok(_) if produced > 0 => return Ok(produced),
                Ok(_) if eof => {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the data ends inside a stream",
                    ))
                }
                Ok(_) if consumed == 0 => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        "the decoder makes no progress",
                    ))
                }
                Ok(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn xz(text: &[u8]) -> Vec<u8> {
        let mut encoder = liblzma::write::XzEncoder::new(Vec::new(), 6);
        encoder.write_all(text).unwrap();
        encoder.finish().unwrap()
    }

    /// Reads `data` in reads of `step` bytes, the compressed bytes arriving
    /// `feed` at a time: the text, and the error that ended it.
    fn decode(data: &[u8], step: usize, feed: usize) -> (Vec<u8>, Option<io::Error>) {
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = buf.len().min(self.1).min(self.0.len());
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let raw = io::BufReader::with_capacity(1 << 16, Trickle(data, feed));
        let mut text = XzText::new(raw).unwrap();
        let mut got = Vec::new();
        let mut buf = vec![0; step];
        loop {
            match text.read(&mut buf) {
                Ok(0) => return (got, None),
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(error) => return (got, Some(error)),
            }
        }
    }

    fn numbers(count: u32) -> Vec<u8> {
        (0..count)
            .flat_map(|i| format!("{} {}\n", i * 7919 % 100_003, i).into_bytes())
            .collect()
    }

    #[test]
    fn streams_are_read_to_their_end() {
        let text = numbers(30_000);
        let data = [xz(&text), xz(b"1 2\n")].concat();
        for (step, feed) in [(1 << 18, 1 << 20), (1000, 7), (1, 4096)] {
            let (got, error) = decode(&data, step, feed);
            assert!(error.is_none(), "{error:?}");
            assert!(got == [&text[..], b"1 2\n"].concat());
        }
    }

    #[test]
    fn the_text_before_damage_after_a_whole_stream_is_all_read() {
        let text = numbers(30_000);
        let whole = xz(&text);
        // Stream padding comes in fours: three bytes of it are damage.
        for damage in [&[0u8, 0, 0][..], b"garbage", &[0xFD, b'7', b'z', b'X']] {
            let data = [&whole[..], damage, &xz(b"1 2\n")].concat();
            for (step, feed) in [(1 << 18, 1 << 20), (100_000, 65_536), (4096, 3)] {
                let (got, error) = decode(&data, step, feed);
                assert!(error.is_some(), "{damage:?}");
                assert!(got == text, "{damage:?} {step} {feed}: {} bytes", got.len());
            }
        }
    }

    #[test]
    fn a_truncated_stream_is_an_unexpected_end() {
        let data = xz(&numbers(1000));
        let (_, error) = decode(&data[..data.len() - 5], 1 << 16, 1 << 16);
        assert!(error.is_some());
    }
}
