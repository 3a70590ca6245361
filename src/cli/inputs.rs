//! A look at the inputs before solving them: the largest number in them,
//! so that a game given by its rule computes the values its heaps need and
//! no more (a one-heap file under 0.007 took 107 s computing 2^20 values
//! for a heap of 5). Plain files are read by their paths; `solve`'s one
//! input from standard input or compressed data, once opened, is read ahead
//! into memory up to the same bound ([`largest_read_ahead`]) and then
//! solved from there.

use std::fs;
use std::path::Path;

use nimstream::input::{display_name, Input, InputKind};
use nimstream::Error;

/// Plain files up to this size are read ahead; beyond it the second read
/// costs more than the values it could save.
const READ_AHEAD: u64 = 64 << 20;

/// The largest number in `inputs`, when each is a plain file small enough
/// to read twice; `None` when any is not (standard input, a folder, a
/// compressed file, a large one) or holds a number past `u64`.
pub fn largest_number(inputs: &[String]) -> Option<u64> {
    let mut largest = 0;
    for input in inputs {
        let path = Path::new(input);
        let compressed = matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("gz" | "zst" | "xz")
        );
        if input == "-" || compressed || fs::metadata(path).ok()?.len() > READ_AHEAD {
            return None;
        }
        if !fs::metadata(path).ok()?.is_file() {
            return None;
        }
        largest = largest.max(largest_in(&fs::read(path).ok()?)?);
    }
    (!inputs.is_empty()).then_some(largest)
}

/// The largest number in `input`'s text, when it is a stream or compressed
/// data whose text is at most [`READ_AHEAD`] bytes: that text is read ahead
/// into memory, and solving `input` reads it again, then the rest. `None`
/// for other inputs (plain files go by [`largest_number`]), for longer
/// texts, and for a number past `u64`.
pub fn largest_read_ahead(input: &mut Input, path: &Path) -> Result<Option<u64>, Error> {
    if !matches!(input.kind(), InputKind::Stream | InputKind::Compressed(_)) {
        return Ok(None);
    }
    let text = input
        .read_ahead(READ_AHEAD as usize)
        .map_err(|source| Error::Io {
            path: display_name(path).into_owned(),
            source,
        })?;
    Ok(text.and_then(largest_in))
}

/// The largest run of digits in `bytes`, read as a number; `None` if one
/// does not fit in `u64`.
fn largest_in(bytes: &[u8]) -> Option<u64> {
    let (mut largest, mut number) = (0u64, 0u64);
    for &b in bytes {
        if b.is_ascii_digit() {
            number = number.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
        } else {
            largest = largest.max(number);
            number = 0;
        }
    }
    Some(largest.max(number))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_run_of_digits_wins() {
        assert_eq!(largest_in(b"3\n1 5\n2 17 9"), Some(17));
        assert_eq!(largest_in(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(largest_in(b"1 18446744073709551616"), None);
        assert_eq!(largest_in(b""), Some(0));
    }
}
