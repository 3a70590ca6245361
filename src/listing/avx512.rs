//! The AVX-512 line writer (with VBMI2's byte compress), for lines `a b`
//! whose numbers are below 2^32, and the gathering of Nim's moves with
//! AVX-512F's compress.
//!
//! Each number becomes a 16-byte record in a 128-bit lane: twelve digits,
//! leading zeros included, its separator and three zero bytes. The digits
//! come from the same multiplications by reciprocals as the AVX2 writer's,
//! laid out so that the record needs no shuffling: a lane holds the
//! number's hundred-millions, ten-thousands and units below ten thousand
//! in three 32-bit fields, each then split into two 16-bit fields of two
//! digits. A byte compare with `'0'` finds the zeros, and a little
//! arithmetic on that mask drops each record's leading ones and its
//! padding; one compress packs what is left of two lines into the low
//! bytes, and one store writes them. Unlike the AVX2 writer, nothing is
//! placed number by number.

use core::arch::x86_64::*;

use super::reciprocals::{
    DIGIT_PAIR, SHIFT_100, SHIFT_1E4, SHIFT_1E8, TO_10, TO_100, TO_1E4, TO_1E8,
};
use super::{CHUNK, MOST_PER_MOVE};

/// The bytes a store may write past the last line: a whole register.
pub(super) const OVERHANG: usize = 64;

/// In each 16-bit group of a mask (one per record byte), the 11 leading
/// digits that may be dropped; the twelfth always stays.
const DROPPABLE: u64 = 0x07FF_07FF_07FF_07FF;
/// In each 16-bit group, the twelve digits and the separator.
const RECORD: u64 = 0x1FFF_1FFF_1FFF_1FFF;
/// The lowest bit of each 16-bit group.
const GROUP_ONES: u64 = 0x0001_0001_0001_0001;

/// Whether this CPU runs the vector writer.
pub(super) fn is_available() -> bool {
    is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vbmi2")
        && is_x86_feature_detected!("popcnt")
}

/// Writes the line `from[i] to[i]` for each `i < n` at `at` in `buf`, and
/// returns where the lines end. Numbers of 2^32 and above are written
/// wrong (the caller sends them to the portable writer); bytes past the
/// end, up to [`OVERHANG`], are overwritten.
///
/// A step takes four lines. Their eight numbers are divided by 10^8 and
/// 10^4 together, in 64-bit lanes; the parts are then spread to two
/// registers, a number to a 128-bit lane, in line order.
///
/// # Panics
/// When `n > CHUNK`, or `buf` has fewer than `at + n * MOST_PER_MOVE +
/// OVERHANG` bytes.
///
/// # Safety
/// The CPU must run AVX-512F, AVX-512BW and AVX-512VBMI2.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
pub(super) unsafe fn write_plain(
    from: &[u64; CHUNK],
    to: &[u64; CHUNK],
    n: usize,
    buf: &mut [u8],
    at: usize,
) -> usize {
    assert!(n <= CHUNK && at + n * MOST_PER_MOVE + OVERHANG <= buf.len());
    // `a0 a2 b0 b2 a1 a3 b1 b3`: the low 64-bit lanes of the 128-bit lanes
    // are then `a0 b0 a1 b1`, the high ones `a2 b2 a3 b3`.
    let interleave = _mm512_set_epi64(11, 9, 3, 1, 10, 8, 2, 0);
    let mut end = at;
    for i in (0..n).step_by(4) {
        // SAFETY: `i + 4 <= CHUNK`, as `i < n <= CHUNK` and both are
        // multiples of 4 or `CHUNK`; `end` moves at most 88 bytes a step,
        // so each store's 64 bytes are in `buf` (checked above).
        unsafe {
            let froms = _mm512_castsi256_si512(_mm256_loadu_si256(from.as_ptr().add(i).cast()));
            let tos = _mm512_castsi256_si512(_mm256_loadu_si256(to.as_ptr().add(i).cast()));
            let numbers = _mm512_permutex2var_epi64(froms, interleave, tos);
            let (first, second) = parts(numbers);
            let lines = n - i;
            end = pack_two_lines(first, lines.min(2), buf, end);
            end = pack_two_lines(second, lines.saturating_sub(2).min(2), buf, end);
        }
    }
    end
}

/// Each number of `numbers` (below 2^32) cut into its hundred-millions,
/// ten-thousands and units below ten thousand, as the 32-bit fields 0, 1
/// and 2 of a 128-bit lane: the even 64-bit lanes' numbers in the first
/// register, the odd ones' in the second.
#[inline]
#[target_feature(enable = "avx512f")]
fn parts(numbers: __m512i) -> (__m512i, __m512i) {
    let high = _mm512_srli_epi64(
        _mm512_mul_epu32(numbers, _mm512_set1_epi64(TO_1E8)),
        SHIFT_1E8 as u32,
    );
    let rest = _mm512_sub_epi64(
        numbers,
        _mm512_mul_epu32(high, _mm512_set1_epi64(100_000_000)),
    );
    let mid = _mm512_srli_epi64(
        _mm512_mul_epu32(rest, _mm512_set1_epi64(TO_1E4)),
        SHIFT_1E4 as u32,
    );
    let low = _mm512_sub_epi64(rest, _mm512_mul_epu32(mid, _mm512_set1_epi64(10_000)));
    let upper = _mm512_or_si512(high, _mm512_slli_epi64(mid, 32));
    (
        _mm512_unpacklo_epi64(upper, low),
        _mm512_unpackhi_epi64(upper, low),
    )
}

/// Writes the first `lines` (0 to 2) of the lines `a b` whose numbers'
/// [`parts`] are in the four lanes of `parts`, at `at` in `buf`, and
/// returns where they end.
///
/// # Safety
/// `buf` has 64 bytes from `at`; the CPU runs AVX-512F, AVX-512BW and
/// AVX-512VBMI2.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
unsafe fn pack_two_lines(parts: __m512i, lines: usize, buf: &mut [u8], at: usize) -> usize {
    // A space after `a`, a newline after `b`, at byte 12 of each lane.
    let ascii = _mm512_set_epi32(
        0x0A, DIGIT, DIGIT, DIGIT, 0x20, DIGIT, DIGIT, DIGIT, 0x0A, DIGIT, DIGIT, DIGIT, 0x20,
        DIGIT, DIGIT, DIGIT,
    );
    let records = _mm512_add_epi8(digits(parts), ascii);
    let zeros = _mm512_cmpeq_epi8_mask(records, _mm512_set1_epi8(b'0' as i8));
    let whole = match lines {
        0 => 0,
        1 => u64::from(u32::MAX),
        _ => u64::MAX,
    };
    let keep = kept_bytes(zeros) & whole;
    let packed = _mm512_maskz_compress_epi8(keep, records);
    // SAFETY: the caller's promise.
    unsafe { _mm512_storeu_si512(buf.as_mut_ptr().add(at).cast(), packed) };
    at + keep.count_ones() as usize
}

/// `'0'` in each byte of a 32-bit field.
const DIGIT: i32 = 0x3030_3030;

/// The twelve digit values of each 128-bit lane's [`parts`], the first in
/// the lowest byte, and four zero bytes after them.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
fn digits(parts: __m512i) -> __m512i {
    // Each part as its hundreds and the rest in two 16-bit fields, and
    // each of those as two digits in bytes.
    let hundreds = _mm512_srli_epi16(
        _mm512_mulhi_epu16(parts, _mm512_set1_epi16(TO_100)),
        SHIFT_100 as u32,
    );
    let below = _mm512_sub_epi16(parts, _mm512_mullo_epi16(hundreds, _mm512_set1_epi16(100)));
    let quarters = _mm512_or_si512(hundreds, _mm512_slli_epi32(below, 16));
    let tens = _mm512_mulhi_epu16(quarters, _mm512_set1_epi16(TO_10));
    let tens_out = _mm512_mullo_epi16(tens, _mm512_set1_epi16(DIGIT_PAIR));
    _mm512_sub_epi16(_mm512_slli_epi16(quarters, 8), tens_out)
}

/// Gathers the moves "to `heap xor x`, when that is smaller" from `heaps`
/// (at most [`CHUNK`]) into `from` and `to`, eight heaps a step; returns
/// how many there are, and every heap and `heap xor x` or'ed together
/// (the bits of every number on their lines, and more).
///
/// # Safety
/// The CPU must run AVX-512F.
#[target_feature(enable = "avx512f,popcnt")]
pub(super) unsafe fn gather_xor(
    heaps: &[u64],
    x: u64,
    from: &mut [u64; CHUNK],
    to: &mut [u64; CHUNK],
) -> (usize, u64) {
    assert!(heaps.len() <= CHUNK);
    let xs = _mm512_set1_epi64(x as i64);
    let (mut n, mut bits) = (0, _mm512_setzero_si512());
    for start in (0..heaps.len()).step_by(8) {
        let present = lanes(heaps.len() - start);
        // SAFETY: the masked loads and stores touch only the lanes that are
        // in `heaps`, and in `from` and `to` (no more moves than heaps come
        // before them).
        unsafe {
            let eight = _mm512_maskz_loadu_epi64(present, heaps.as_ptr().add(start).cast());
            let smaller = _mm512_xor_si512(eight, xs);
            // A lane past the heaps holds 0, which has no move.
            let moves = _mm512_cmplt_epu64_mask(smaller, eight);
            let count = moves.count_ones() as usize;
            let written = lanes(count);
            let compressed = _mm512_maskz_compress_epi64(moves, eight);
            _mm512_mask_storeu_epi64(from.as_mut_ptr().add(n).cast(), written, compressed);
            let compressed = _mm512_maskz_compress_epi64(moves, smaller);
            _mm512_mask_storeu_epi64(to.as_mut_ptr().add(n).cast(), written, compressed);
            bits = _mm512_or_si512(bits, _mm512_or_si512(eight, smaller));
            n += count;
        }
    }
    (n, _mm512_reduce_or_epi64(bits) as u64)
}

/// The mask of the first `count` of eight lanes.
#[inline(always)]
fn lanes(count: usize) -> __mmask8 {
    ((1u16 << count.min(8)) - 1) as u8
}

/// The bytes of four records to keep, from the mask of their `'0'`
/// bytes: each record's digits from its first significant one (the last
/// always counts), and its separator.
#[inline(always)]
fn kept_bytes(zeros: u64) -> u64 {
    let droppable = zeros & DROPPABLE;
    // Adding 1 to a group turns its run of low ones to zeros (it never
    // carries out of the group, whose top bits are clear).
    let leading = droppable & !(droppable + GROUP_ONES);
    RECORD & !leading
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_bytes_drop_leading_zeros_only() {
        // Records of 0, 7, 10 and 123456789012 (as twelve digits).
        let zeros = |record: &[u8; 12]| {
            let bits = record.iter().enumerate().filter(|(_, &d)| d == b'0');
            bits.fold(0u64, |mask, (i, _)| mask | 1 << i)
        };
        let records = [
            b"000000000000",
            b"000000000007",
            b"000000000010",
            b"123456789012",
        ];
        let mask = (0..4).fold(0, |mask, r| mask | zeros(records[r]) << (16 * r));
        let kept = kept_bytes(mask);
        let count = |r: usize| (kept >> (16 * r) & 0xFFFF).count_ones();
        assert_eq!([count(0), count(1), count(2), count(3)], [2, 2, 3, 13]);
    }
}
