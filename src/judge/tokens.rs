//! A program's output read as tokens, each with its line, never holding
//! more than one token of bounded length.

use std::io::{self, BufRead};

/// The longest token read whole: no answer comes near it, and a longer one
/// is junk that must not be held.
pub(super) const LONGEST: usize = 4096;

/// What [`Tokens::next`] found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// A token, now in [`Tokens::text`], starting on this line (from 1).
    Token(u64),
    /// A token longer than [`LONGEST`] bytes, on this line.
    TooLong(u64),
    /// The output has ended.
    End,
}

/// The UTF-8 byte order mark, which testlib skips at the start of a file.
pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Whether `byte` separates tokens: testlib's `wcmp` separates them by
/// these four only, so a vertical tab or a form feed is part of a token.
pub(super) fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r')
}

/// Tokens of a reader.
pub(super) struct Tokens<R> {
    reader: R,
    token: Vec<u8>,
    line: u64,
    /// Whether nothing has been read yet (a byte order mark may come).
    at_start: bool,
}

impl<R: BufRead> Tokens<R> {
    pub(super) fn new(reader: R) -> Tokens<R> {
        Tokens {
            reader,
            token: Vec::new(),
            line: 1,
            at_start: true,
        }
    }

    /// The last token read.
    pub(super) fn text(&self) -> &[u8] {
        &self.token
    }

    /// Reads the next token.
    pub(super) fn next(&mut self) -> io::Result<Next> {
        self.token.clear();
        // Bytes that only began like a byte order mark begin a token.
        let at_start = std::mem::take(&mut self.at_start);
        let begun = at_start && !self.skip_bom()? && !self.token.is_empty();
        if !begun && !self.skip_space()? {
            return Ok(Next::End);
        }
        let line = self.line;
        let mut too_long = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buf.is_empty() {
                break;
            }
            let end = buf.iter().position(|&b| is_space(b)).unwrap_or(buf.len());
            let room = LONGEST + 1 - self.token.len().min(LONGEST + 1);
            self.token.extend_from_slice(&buf[..end.min(room)]);
            too_long |= self.token.len() > LONGEST;
            let done = end < buf.len();
            self.reader.consume(end);
            if done {
                break;
            }
        }
        Ok(if too_long {
            Next::TooLong(line)
        } else {
            Next::Token(line)
        })
    }

    /// Skips a byte order mark at the start of the output: true when there
    /// was one, false with what bytes of one there were in the token.
    fn skip_bom(&mut self) -> io::Result<bool> {
        while self.token.len() < BOM.len() {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buf.first() != Some(&BOM[self.token.len()]) {
                return Ok(false);
            }
            self.token.push(BOM[self.token.len()]);
            self.reader.consume(1);
        }
        self.token.clear();
        Ok(true)
    }

    /// Skips whitespace, counting lines; false at the end of the output.
    fn skip_space(&mut self) -> io::Result<bool> {
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buf.is_empty() {
                return Ok(false);
            }
            let spaces = buf.iter().take_while(|&&b| is_space(b)).count();
            self.line += buf[..spaces].iter().filter(|&&b| b == b'\n').count() as u64;
            let more = spaces < buf.len();
            self.reader.consume(spaces);
            if more {
                return Ok(true);
            }
        }
    }
}

/// Reads one line into `line` (without its `\n`), keeping at most `most`
/// bytes of it and skipping the rest; whether the line was cut, and `None`
/// at the end of the reader.
pub(crate) fn read_line_bounded(
    reader: &mut impl BufRead,
    line: &mut Vec<u8>,
    most: usize,
) -> io::Result<Option<bool>> {
    line.clear();
    let mut read_any = false;
    let mut cut = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buf.is_empty() {
            return Ok(read_any.then_some(cut));
        }
        read_any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let end = newline.unwrap_or(buf.len());
        let room = most - line.len().min(most);
        cut |= end > room;
        line.extend_from_slice(&buf[..end.min(room)]);
        let used = newline.map_or(end, |at| at + 1);
        reader.consume(used);
        if newline.is_some() {
            return Ok(Some(cut));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &[u8]) -> Vec<(String, u64)> {
        let mut tokens = Tokens::new(io::BufReader::with_capacity(3, text));
        let mut found = Vec::new();
        loop {
            match tokens.next().unwrap() {
                Next::Token(line) => {
                    found.push((String::from_utf8_lossy(tokens.text()).into(), line))
                }
                Next::TooLong(line) => found.push(("<long>".into(), line)),
                Next::End => return found,
            }
        }
    }

    #[test]
    fn tokens_carry_their_lines_across_any_buffer_cut() {
        let found = all(b"  Alice\r\n\nBob  Carol\t\n x");
        let want = [("Alice", 1), ("Bob", 3), ("Carol", 3), ("x", 4)];
        assert_eq!(found, want.map(|(t, l)| (t.to_string(), l)));
        assert!(all(b" \n\t ").is_empty());
    }

    #[test]
    fn a_token_past_the_longest_is_reported_not_held() {
        let mut text = vec![b'7'; LONGEST * 3];
        text.extend_from_slice(b"\nok");
        let found = all(&text);
        assert_eq!(found, [("<long>".to_string(), 1), ("ok".to_string(), 2)]);
        let mut exact = vec![b'7'; LONGEST];
        exact.push(b' ');
        assert_eq!(all(&exact)[0].0.len(), LONGEST);
    }

    #[test]
    fn bounded_lines_are_cut_and_the_rest_skipped() {
        let mut reader = io::BufReader::with_capacity(2, &b"abcdef\nxy\nlast"[..]);
        let mut line = Vec::new();
        assert_eq!(
            read_line_bounded(&mut reader, &mut line, 3).unwrap(),
            Some(true)
        );
        assert_eq!(line, b"abc");
        assert_eq!(
            read_line_bounded(&mut reader, &mut line, 3).unwrap(),
            Some(false)
        );
        assert_eq!(line, b"xy");
        assert_eq!(
            read_line_bounded(&mut reader, &mut line, 3).unwrap(),
            Some(true)
        );
        assert_eq!(line, b"las");
        assert_eq!(read_line_bounded(&mut reader, &mut line, 3).unwrap(), None);
    }
}
