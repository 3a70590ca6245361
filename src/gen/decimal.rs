//! Decimal numbers written fast: `gen`'s hot path, where a general
//! formatter took over half the time.

use std::io::{self, Write};

/// A buffer of text that is written out in large blocks.
pub(super) struct Lines<W: Write> {
    pub(super) out: W,
    pub(super) buf: Vec<u8>,
}

impl<W: Write> Lines<W> {
    pub(super) const BLOCK: usize = 1 << 20;

    #[inline]
    pub(super) fn number(&mut self, value: u64) {
        push_decimal(&mut self.buf, value);
    }

    pub(super) fn byte(&mut self, byte: u8) {
        self.buf.push(byte);
    }

    /// Writes the buffer out once it holds a block.
    pub(super) fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= Self::BLOCK {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    pub(super) fn finish(mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.out.flush()
    }
}

/// Eight ASCII digits of `value` (below 10^8, with leading zeros), the first
/// in the lowest byte: the reverse of parsing's SWAR step. Two multiplies
/// split the value into 4-digit, then 2-digit, then 1-digit lanes of one
/// `u64`, with constants that divide exactly in these ranges: `x * 10486 >>
/// 20` is `x / 100` for `x < 10^4`, and `y * 103 >> 10` is `y / 10` for
/// `y < 100`. No lane can carry into the next.
#[inline(always)]
fn eight_ascii(value: u64) -> u64 {
    let quads = (value / 10_000) | ((value % 10_000) << 32);
    let hundreds = ((quads * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let pairs = hundreds | ((quads - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    let digits = tens | ((pairs - tens * 10) << 8);
    digits | 0x3030_3030_3030_3030
}

/// Number of decimal digits of `value`.
#[inline(always)]
fn digit_count(value: u64) -> usize {
    value.checked_ilog10().unwrap_or(0) as usize + 1
}

/// Appends `value` in decimal: eight digits per step as one `u64` store into
/// the vector's spare capacity. This is the generator's hot path, where a
/// general formatter took over half the time.
#[inline(always)]
pub fn push_decimal(buf: &mut Vec<u8>, value: u64) {
    const E8: u64 = 100_000_000;
    // Up to three 8-byte stores, the last starting at most 12 bytes in.
    buf.reserve(24);
    let old = buf.len();
    let out = buf.spare_capacity_mut().as_mut_ptr() as *mut u8;
    // The leading group is stored with its leading zeros shifted out; the
    // bytes past its digits are overwritten by the next group or left
    // beyond the new length.
    let lead = |group: u64| eight_ascii(group) >> (8 * (8 - digit_count(group)));
    let (groups, len): ([u64; 3], usize) = if value < E8 {
        ([lead(value), 0, 0], digit_count(value))
    } else if value < E8 * E8 {
        let high = value / E8;
        let len = digit_count(high);
        ([lead(high), eight_ascii(value % E8), 0], len + 8)
    } else {
        let top = value / (E8 * E8);
        let len = digit_count(top);
        let middle = eight_ascii(value / E8 % E8);
        ([lead(top), middle, eight_ascii(value % E8)], len + 16)
    };
    let lead_len = len - 8 * (len.saturating_sub(1) / 8);
    // SAFETY: 24 bytes are reserved after `old`; the stores below end at
    // most at `lead_len + 16 <= 20` bytes, and `len` bytes are written.
    unsafe {
        for (i, &group) in groups.iter().enumerate().take(1 + (len - 1) / 8) {
            let at = if i == 0 { 0 } else { lead_len + 8 * (i - 1) };
            std::ptr::write_unaligned(out.add(at) as *mut u64, group.to_le());
        }
        buf.set_len(old + len);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn decimal_matches_the_standard_formatter() {
        let mut buf = Vec::new();
        let mut expected = String::new();
        let mut rng = SplitMix64::new(7);
        let mut values = vec![
            0,
            1,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
        ];
        values.extend((0..20).map(|i| 10u64.pow(i)));
        values.extend((1..20).map(|i| 10u64.pow(i) - 1));
        values.extend((0..1000).map(|_| rng.next_u64() >> (rng.next_u64() % 64)));
        for v in values {
            push_decimal(&mut buf, v);
            buf.push(b' ');
            expected += &format!("{v} ");
        }
        assert_eq!(String::from_utf8(buf).unwrap(), expected);
    }
}
