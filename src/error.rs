//! Errors, each with the position a person needs to find the problem.
//!
//! Positions are computed only once an error has happened: the hot path
//! carries a byte offset and nothing else, and [`Position`] is derived from
//! it by counting newlines ([`crate::source::TokenSource::locate`]).

use std::fmt;
use std::io;

/// A 1-based line and column. Columns count bytes, so a tab or a multi-byte
/// character counts as one column per byte, as in most compilers' messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The line, counted from 1.
    pub line: u64,
    /// The column in bytes, counted from 1.
    pub column: u64,
}

impl Position {
    /// The position of `offset`, given the number of newlines before it and
    /// the offset just after the last of them.
    pub fn from_counts(offset: u64, newlines: u64, line_start: u64) -> Position {
        Position {
            line: newlines + 1,
            column: offset - line_start + 1,
        }
    }

    /// The position of `offset` in `bytes`: the slow path, run on error only.
    pub fn in_bytes(bytes: &[u8], offset: usize) -> Position {
        let before = &bytes[..offset.min(bytes.len())];
        let newlines = memchr::memchr_iter(b'\n', before).count() as u64;
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        Position::from_counts(offset as u64, newlines, line_start as u64)
    }
}

/// Everything that can stop a nimstream command.
#[derive(Debug)]
pub enum Error {
    /// Malformed input, at a known place.
    Input {
        /// What the input is called in messages.
        path: String,
        /// The byte offset of the problem.
        offset: u64,
        /// Its line and column.
        position: Position,
        /// What was expected and what was found.
        message: String,
    },
    /// A file that could not be opened, read or written.
    Io {
        /// The file, or `<stdin>` or `<stdout>`.
        path: String,
        /// What the system said.
        source: io::Error,
    },
    /// Arguments that do not make sense together.
    Usage(String),
}

impl Error {
    /// Whether this is a write to a reader that went away (`| head`), which
    /// ends the program quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io { source, .. } if source.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input {
                path,
                position,
                message,
                ..
            } => write!(
                f,
                "{}:{}:{}: {}",
                path, position.line, position.column, message
            ),
            Error::Io { path, source } => write!(f, "{}: {}", path, describe_io(source)),
            Error::Usage(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}

/// What an I/O error says to a person, in the same words for every
/// command: the system's message without its code, in lower case like
/// nimstream's own (`No such file or directory (os error 2)` reads `no
/// such file or directory`). Errors nimstream words itself are kept whole.
pub fn describe_io(error: &io::Error) -> String {
    let text = error.to_string();
    let Some(code) = error.raw_os_error() else {
        return text;
    };
    let words = text
        .strip_suffix(&format!(" (os error {code})"))
        .unwrap_or(&text);
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => text,
    }
}

/// Describes a byte the way a person would want to read it in a message.
pub fn describe_byte(byte: u8) -> String {
    match byte {
        0 => "a NUL byte".to_string(),
        b'\'' => "'\\''".to_string(),
        0x21..=0x7e => format!("'{}'", byte as char),
        0x80..=0xff => format!("the non-ASCII byte 0x{:02X}", byte),
        _ => format!("the control byte 0x{:02X}", byte),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_io_error_reads_without_its_code() {
        let missing = io::Error::from_raw_os_error(2);
        assert!(missing.to_string().contains("(os error 2)"), "{missing}");
        let error = Error::Io {
            path: "cases.in".into(),
            source: missing,
        };
        #[cfg(unix)]
        assert_eq!(error.to_string(), "cases.in: no such file or directory");
        assert!(!error.to_string().contains("os error"), "{error}");
        let own = io::Error::new(io::ErrorKind::NotFound, "missing: no expected answers");
        assert_eq!(describe_io(&own), "missing: no expected answers");
    }
}
