//! The reference tokenizer: one byte at a time, with nothing clever in it.
//!
//! Every fast kernel is tested against this one on the same inputs, so it is
//! written to be read, not to be fast. It accumulates the value in a `u128`,
//! which cannot overflow before the digit run is known to be too long.

use super::{Stop, Token};

/// The reference kernel, for [`super::visit_tokens`].
pub(crate) struct Reference;

impl super::NextToken for Reference {
    #[inline(always)]
    fn next_token(bytes: &[u8], pos: usize) -> Result<Token, Stop> {
        next_token(bytes, pos)
    }
}

/// Skips whitespace from `pos` and reads one token.
pub fn next_token(bytes: &[u8], mut pos: usize) -> Result<Token, Stop> {
    while pos < bytes.len() && super::is_space(bytes[pos]) {
        pos += 1;
    }
    if pos == bytes.len() {
        return Err(Stop::End);
    }
    if !bytes[pos].is_ascii_digit() {
        return Err(Stop::Invalid {
            at: pos,
            byte: bytes[pos],
        });
    }
    let start = pos;
    let mut value: u128 = 0;
    while pos < bytes.len() && bytes[pos].is_ascii_digit() {
        value = value * 10 + u128::from(bytes[pos] - b'0');
        // Saturate just above u64::MAX so that long runs cannot overflow u128.
        value = value.min(u128::from(u64::MAX) + 1);
        pos += 1;
    }
    match u64::try_from(value) {
        Ok(value) => Ok(Token {
            value,
            start,
            end: pos,
        }),
        Err(_) => Err(Stop::Overflow { at: start }),
    }
}
