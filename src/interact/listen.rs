//! The program's lines, waited for with a limit.
//!
//! A read from a pipe cannot be given up on, so a thread of its own reads
//! the program's output line by line and hands each over; the session
//! waits for the next one no longer than the time a move may take. A line
//! is kept to [`LONGEST`] bytes and at most 64 lines wait unread, so
//! junk costs no memory.

use std::io::{BufReader, Read};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use crate::judge::read_line_bounded;

/// The longest line kept: far more than any move or answer.
pub const LONGEST: usize = 1024;

/// How many lines the reader may read ahead of the session: a program
/// that floods its output waits for the session, not its memory.
const LINES_AHEAD: usize = 64;

/// What waiting for the program's next line gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// A line, without its line feed.
    Line(Vec<u8>),
    /// A line of over [`LONGEST`] bytes.
    TooLong,
    /// The end of the program's output.
    Ended,
    /// Nothing within the time allowed.
    Silent,
    /// The output could not be read: why.
    Failed(String),
}

/// Where the program's lines come from.
pub trait Lines {
    /// The next line, waited for at most `wait`.
    fn next_line(&mut self, wait: Duration) -> Heard;
}

/// The lines of a reader, read on a thread of their own.
pub struct Listener {
    heard: Receiver<Heard>,
}

impl Listener {
    /// Starts reading `reader`. The thread ends at its end, at an error or
    /// when the listener is dropped and the next line is read.
    pub fn spawn<R: Read + Send + 'static>(reader: R) -> Listener {
        let (tell, heard) = mpsc::sync_channel(LINES_AHEAD);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(reader);
            let mut line = Vec::new();
            loop {
                let next = match read_line_bounded(&mut reader, &mut line, LONGEST) {
                    Ok(Some(false)) => Heard::Line(std::mem::take(&mut line)),
                    Ok(Some(true)) => Heard::TooLong,
                    Ok(None) => Heard::Ended,
                    Err(error) => Heard::Failed(error.to_string()),
                };
                let last = matches!(next, Heard::Ended | Heard::Failed(_));
                if tell.send(next).is_err() || last {
                    return;
                }
            }
        });
        Listener { heard }
    }
}

impl Lines for Listener {
    fn next_line(&mut self, wait: Duration) -> Heard {
        match self.heard.recv_timeout(wait) {
            Ok(heard) => heard,
            Err(RecvTimeoutError::Timeout) => Heard::Silent,
            Err(RecvTimeoutError::Disconnected) => Heard::Ended,
        }
    }
}
