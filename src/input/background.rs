//! A reader of text produced on a thread of its own.
//!
//! Decompressing and parsing are each about as fast as the other, so a
//! compressed input is decoded on a second thread while the first one parses
//! the text: on two cores the run takes about as long as the slower of the
//! two, not their sum. The decoder fills chunks of [`CHUNK`] bytes and hands
//! them over through a channel that holds at most [`DEPTH`]; when it is
//! full, the decoder waits. Drained chunks go back to the decoder to be
//! filled again, so after the first few nothing is allocated and no page is
//! faulted in. At most `DEPTH + 2` chunks exist at once (those in the
//! channel, the one being filled, the one being read): 1.5 MiB.
//!
//! # Failures end the text, at a token boundary, and are kept
//!
//! When the decoder fails (damaged or truncated data), the cases whose text
//! came out whole should still be answered, and no other. So:
//!
//! * A failure ends the text: [`Background`] reports the end, and keeps the
//!   error for [`Background::failure`], which its owner must ask for once
//!   reading stops ([`crate::pipeline`] does). Returning the error from
//!   `read` instead would lose the bytes read before it, which a reader of a
//!   [`Read`] commonly drops with the error.
//! * The text ends where a token is known to have ended. Each chunk is
//!   handed over only up to its last byte that is not a digit; the digits
//!   after it wait at the front of the next chunk, since they may be a
//!   number the failure cut short (`12` of `123`), which must not be read
//!   as whole. Only a digit run longer than a chunk (leading zeros allow
//!   that) is handed over unfinished; if a failure then cuts it, twenty
//!   nines are appended to it, which no 64-bit number can hold, so it is
//!   refused rather than read.
//!
//! The end of the input is a message of its own, so a thread that stops
//! without sending it (which would be a bug) is a failure too, never an
//! input silently cut short.

use std::io::{self, Read};
use std::sync::mpsc::{self, Receiver, RecvError, SyncSender};
use std::sync::{Arc, Mutex, PoisonError};

use crate::scan::is_digit;

/// The size of a chunk of text.
pub const CHUNK: usize = 256 << 10;

/// How many filled chunks may wait in the channel.
pub const DEPTH: usize = 4;

/// Appended to a digit run cut by a failure: more than `u64::MAX`.
const POISON: &[u8] = b"99999999999999999999";

/// What the producing side hands over.
enum Message {
    /// A chunk and how many of its bytes are text.
    Data(Box<[u8]>, usize),
    /// The text ended cleanly.
    End,
    /// Reading failed; nothing follows.
    Failed(io::Error),
}

/// Text read on its own thread, in order; a failure ends it at a token
/// boundary and is kept ([module documentation](self)).
pub struct Background {
    state: State,
    chunk: Box<[u8]>,
    len: usize,
    pos: usize,
    /// The failure that ended the text, until it is taken.
    failure: Option<io::Error>,
    /// Bytes of text read from this so far.
    read: u64,
}

enum State {
    /// The thread runs; `full` brings chunks, `empty` takes them back.
    Running {
        full: Receiver<Message>,
        empty: SyncSender<Box<[u8]>>,
    },
    /// The thread could not be started: the chunks are filled here.
    Inline(Producer),
    /// The end, or a failure, was reached.
    Over,
}

impl Background {
    /// Starts reading `reader` on a new thread. If the system will not start
    /// one, `reader` is read on the calling thread instead, which only costs
    /// speed.
    pub fn spawn(reader: Box<dyn Read + Send>) -> Background {
        let (full_tx, full) = mpsc::sync_channel(DEPTH);
        let (empty, empty_rx) = mpsc::sync_channel(DEPTH + 2);
        // The producer is handed over through a slot, so that it can be
        // taken back if the thread does not start.
        let slot = Arc::new(Mutex::new(Some(Producer::new(reader))));
        let theirs = Arc::clone(&slot);
        let spawned = std::thread::Builder::new()
            .name("nimstream-decode".into())
            .spawn(move || {
                let producer = theirs.lock().unwrap_or_else(PoisonError::into_inner).take();
                if let Some(producer) = producer {
                    producer.run(&full_tx, &empty_rx);
                }
            });
        let mut failure = None;
        let state = match spawned {
            Ok(_) => State::Running { full, empty },
            Err(error) => match slot.lock().unwrap_or_else(PoisonError::into_inner).take() {
                Some(producer) => State::Inline(producer),
                None => {
                    failure = Some(error);
                    State::Over
                }
            },
        };
        Background {
            state,
            chunk: Box::default(),
            len: 0,
            pos: 0,
            failure,
            read: 0,
        }
    }

    /// The failure that ended the text, if one did; taken once.
    pub fn failure(&mut self) -> Option<io::Error> {
        self.failure.take()
    }

    /// How many bytes of text have been read from this: once it is read to
    /// its end, the length of the text.
    pub fn text_read(&self) -> u64 {
        self.read
    }

    /// Moves to the next chunk; `false` at the end (or at a failure).
    fn next_chunk(&mut self) -> bool {
        let drained = std::mem::take(&mut self.chunk);
        let message = match &mut self.state {
            State::Running { full, empty } => {
                if !drained.is_empty() {
                    // The channel has room for every chunk there is; if the
                    // thread is gone, the chunk is simply dropped.
                    let _ = empty.try_send(drained);
                }
                full.recv()
            }
            State::Inline(producer) => Ok(producer.next(Some(drained))),
            State::Over => return false,
        };
        match message {
            Ok(Message::Data(chunk, len)) => {
                self.chunk = chunk;
                self.len = len;
                self.pos = 0;
                return true;
            }
            Ok(Message::End) => self.state = State::Over,
            Ok(Message::Failed(error)) => {
                self.failure = Some(error);
                self.state = State::Over;
            }
            Err(RecvError) => {
                self.failure = Some(io::Error::other(
                    "the decoding thread stopped before the end of the input",
                ));
                self.state = State::Over;
            }
        }
        false
    }
}

impl Read for Background {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        while self.pos == self.len {
            if !self.next_chunk() {
                return Ok(0);
            }
        }
        let n = buf.len().min(self.len - self.pos);
        buf[..n].copy_from_slice(&self.chunk[self.pos..self.pos + n]);
        self.pos += n;
        self.read += n as u64;
        Ok(n)
    }
}

/// Fills chunks from the reader, each ending at a token boundary.
struct Producer {
    reader: Box<dyn Read + Send>,
    /// Digits after the last chunk's boundary, which begin the next chunk.
    carry: Vec<u8>,
    /// Whether the text handed over so far ends inside a digit run.
    open_run: bool,
    /// A message to hand over after the one just returned.
    queued: Option<Message>,
}

impl Producer {
    fn new(reader: Box<dyn Read + Send>) -> Producer {
        Producer {
            reader,
            carry: Vec::new(),
            open_run: false,
            queued: None,
        }
    }

    /// The thread's loop: hands over messages until the end, a failure, or
    /// the receiving side going away.
    fn run(mut self, full: &SyncSender<Message>, empty: &Receiver<Box<[u8]>>) {
        loop {
            let message = self.next(empty.try_recv().ok());
            let last = !matches!(message, Message::Data(..));
            if full.send(message).is_err() || last {
                return;
            }
        }
    }

    /// The next message, filling `chunk` (or a new one).
    fn next(&mut self, chunk: Option<Box<[u8]>>) -> Message {
        if let Some(message) = self.queued.take() {
            return message;
        }
        let mut chunk = match chunk {
            Some(chunk) if chunk.len() == CHUNK => chunk,
            _ => vec![0; CHUNK].into_boxed_slice(),
        };
        let mut len = self.carry.len();
        chunk[..len].copy_from_slice(&self.carry);
        self.carry.clear();
        let mut failure = None;
        let mut ended = false;
        while len < CHUNK {
            match self.reader.read(&mut chunk[len..]) {
                Ok(0) => {
                    ended = true;
                    break;
                }
                Ok(n) => len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        let boundary = chunk[..len]
            .iter()
            .rposition(|&b| !is_digit(b))
            .map_or(0, |i| i + 1);
        let handed = if ended {
            self.queued = Some(Message::End);
            len
        } else if let Some(error) = failure {
            self.queued = Some(Message::Failed(error));
            if boundary == 0 && self.open_run {
                // A long digit run was cut: make it unreadable. The poison
                // may replace the chunk's last digits, which are lost anyway.
                let cut = len.min(CHUNK - POISON.len());
                chunk[cut..cut + POISON.len()].copy_from_slice(POISON);
                cut + POISON.len()
            } else {
                boundary
            }
        } else if boundary == 0 {
            // A whole chunk of digits: hand it over, still open.
            self.open_run = true;
            return Message::Data(chunk, len);
        } else {
            self.carry.extend_from_slice(&chunk[boundary..len]);
            boundary
        };
        if handed > 0 {
            self.open_run = is_digit(chunk[handed - 1]);
            return Message::Data(chunk, handed);
        }
        self.queued.take().unwrap_or(Message::End)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that gives `text` in pieces of `step` bytes, then fails if
    /// `fail` says so.
    struct Pieces {
        text: Vec<u8>,
        at: usize,
        step: usize,
        fail: bool,
    }

    impl Pieces {
        fn new(text: &[u8], step: usize, fail: bool) -> Box<Pieces> {
            Box::new(Pieces {
                text: text.to_vec(),
                at: 0,
                step,
                fail,
            })
        }
    }

    impl Read for Pieces {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.at == self.text.len() {
                if self.fail {
                    return Err(io::Error::new(io::ErrorKind::InvalidData, "damaged"));
                }
                return Ok(0);
            }
            let n = buf.len().min(self.step).min(self.text.len() - self.at);
            buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    /// Numbers and spaces, with a few bytes of all kinds.
    fn text(len: usize) -> Vec<u8> {
        (0..len)
            .map(|i| match i % 7 {
                3 => b' ',
                6 => (i * 31 % 251) as u8,
                _ => b'0' + (i % 10) as u8,
            })
            .collect()
    }

    fn read_all(background: &mut Background) -> Vec<u8> {
        let mut got = Vec::new();
        background.read_to_end(&mut got).unwrap();
        got
    }

    #[test]
    fn every_byte_arrives_in_order() {
        let long_run = [vec![b'0'; 3 * CHUNK], b"12 3".to_vec()].concat();
        for text in [
            text(0),
            text(1),
            text(CHUNK - 1),
            text(CHUNK),
            text(CHUNK + 1),
            text(3 * CHUNK * DEPTH + 17),
            long_run,
        ] {
            let mut background = Background::spawn(Pieces::new(&text, 100_003, false));
            assert!(read_all(&mut background) == text, "length {}", text.len());
            assert!(background.failure().is_none());
        }
    }

    #[test]
    fn a_failure_ends_the_text_after_its_last_whole_token() {
        let text = [text(CHUNK + 5), b" 12 345".to_vec()].concat();
        let mut background = Background::spawn(Pieces::new(&text, 4096, true));
        assert!(read_all(&mut background) == text[..text.len() - 3]);
        assert_eq!(background.failure().unwrap().to_string(), "damaged");
        assert!(background.failure().is_none());
        assert_eq!(background.read(&mut [0; 16]).unwrap(), 0);
    }

    #[test]
    fn a_digit_run_longer_than_a_chunk_cut_by_a_failure_is_unreadable() {
        let text = [b"7 ".to_vec(), vec![b'0'; CHUNK + 10], b"5".to_vec()].concat();
        let mut background = Background::spawn(Pieces::new(&text, 1000, true));
        let got = read_all(&mut background);
        assert!(got.starts_with(&text[..CHUNK]));
        assert!(got.ends_with(POISON), "{:?}", &got[got.len() - 30..]);
        assert!(got[2..].iter().all(|&b| is_digit(b)));
        assert!(background.failure().is_some());
    }

    #[test]
    fn the_producer_alone_gives_the_same_text() {
        // What the thread does, done here: the inline fallback's path.
        let text = [text(2 * CHUNK + 9), b"4 56".to_vec()].concat();
        for fail in [false, true] {
            let mut producer = Producer::new(Pieces::new(&text, 70_000, fail));
            let mut got = Vec::new();
            let last = loop {
                match producer.next(None) {
                    Message::Data(chunk, len) => got.extend_from_slice(&chunk[..len]),
                    other => break other,
                }
            };
            let expected = if fail { &text[..text.len() - 2] } else { &text };
            assert!(got == expected, "fail: {fail}");
            assert_eq!(matches!(last, Message::Failed(_)), fail);
        }
    }

    #[test]
    fn a_reader_dropped_early_stops_the_thread() {
        let mut background = Background::spawn(Pieces::new(&text(40 * CHUNK), CHUNK, false));
        let mut got = [0; 10];
        background.read_exact(&mut got).unwrap();
        drop(background);
        // Nothing to join: the thread's next send fails and it returns. The
        // test passes by not hanging or panicking.
    }
}
