//! The AVX2 line writer, for lines `a b` whose numbers are below 2^32.
//!
//! The portable writer spends its time on arithmetic: per number a division
//! by 10^8 and one by 10^4 (each a multiplication), two table lookups and
//! the shifts that drop the leading zeros. Here the arithmetic is done four
//! numbers at a time, in two passes over a chunk:
//!
//! 1. Each number becomes a 16-byte *record*: its ten digits, leading zeros
//!    included, then its separator (a space after `a`, a newline after
//!    `b`). The digits come from multiplications by reciprocals: 10^8
//!    and 10^4 in 64-bit lanes, then 100 and 10 in 16-bit lanes. A byte
//!    compare with `'0'` also gives each record a mask of its zero digits.
//! 2. Each record is copied into place from its first significant digit,
//!    which the mask's trailing ones count: one 16-byte load and one store
//!    per number. The bytes a store writes past the separator are scratch,
//!    overwritten by the next number.

use core::arch::x86_64::*;
use core::mem::MaybeUninit;

use super::reciprocals::{
    DIGIT_PAIR, SHIFT_100, SHIFT_1E4, SHIFT_1E8, TO_10, TO_100, TO_1E4, TO_1E8,
};
use super::{CHUNK, MOST_PER_MOVE};

/// The bytes the last store may write past the last line.
pub(super) const OVERHANG: usize = RECORD;

/// A record's bytes: [`DIGITS`] digits, the separator, five of padding.
const RECORD: usize = 16;

/// The digits of a record: as many as 2^32 - 1 has.
const DIGITS: usize = 10;

/// The records of a chunk, and one more that is always zero: placing the
/// last record reads up to 9 bytes past it.
type Records = [MaybeUninit<[u8; RECORD]>; CHUNK + 1];

/// Whether this CPU runs the vector writer and gather: every feature their
/// `target_feature` attributes enable, as AVX2 does not imply POPCNT.
pub(super) fn is_available() -> bool {
    is_x86_feature_detected!("avx2") && is_x86_feature_detected!("popcnt")
}

/// Writes the line `from[i] to[i]` for each `i < n` at `at` in `buf`, and
/// returns where the lines end. Numbers of 2^32 and above are written
/// wrong (the caller sends them to the portable writer); bytes past the
/// end, up to [`OVERHANG`], are overwritten.
///
/// # Panics
/// When `n > CHUNK`, or `buf` has fewer than `at + n * MOST_PER_MOVE +
/// OVERHANG` bytes.
///
/// # Safety
/// The CPU must run AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn write_plain(
    from: &[u64; CHUNK],
    to: &[u64; CHUNK],
    n: usize,
    buf: &mut [u8],
    at: usize,
) -> usize {
    assert!(n <= CHUNK && at + n * MOST_PER_MOVE + OVERHANG <= buf.len());
    let mut records = [[MaybeUninit::uninit(); CHUNK + 1]; 2];
    let mut masks = [[0u16; CHUNK]; 2];
    let [from_records, to_records] = &mut records;
    let [from_masks, to_masks] = &mut masks;
    // SAFETY: AVX2 runs (the caller's promise); each array holds `CHUNK`.
    unsafe {
        make_records(from, n, b' ', from_records, from_masks);
        make_records(to, n, b'\n', to_records, to_masks);
    }
    let mut end = at;
    for i in 0..n {
        // SAFETY: `records` holds records `0..=i` written, `masks` holds
        // their masks, and `buf` has room past `end` for the 22 bytes of a
        // line and the 16 a store writes (checked above, as `end` moves at
        // most 22 bytes a line).
        unsafe {
            end = place(&from_records[..], from_masks[i], i, buf, end);
            end = place(&to_records[..], to_masks[i], i, buf, end);
        }
    }
    end
}

/// Gathers the moves "to `heap xor x`, when that is smaller" from `heaps`
/// (at most [`CHUNK`]) into `from` and `to`, four heaps a step; returns
/// how many there are, and every heap and `heap xor x` or'ed together
/// (the bits of every number on their lines, and more).
///
/// AVX2 has no compress: the lanes of a step's moves are moved to the
/// front by a permutation looked up by their mask, and all four lanes are
/// stored (those past the moves are overwritten by the next step).
///
/// # Safety
/// The CPU must run AVX2.
#[target_feature(enable = "avx2,popcnt")]
pub(super) unsafe fn gather_xor(
    heaps: &[u64],
    x: u64,
    from: &mut [u64; CHUNK],
    to: &mut [u64; CHUNK],
) -> (usize, u64) {
    assert!(heaps.len() <= CHUNK);
    let xs = _mm256_set1_epi64x(x as i64);
    // Unsigned order is signed order once the top bits are flipped.
    let top = _mm256_set1_epi64x(i64::MIN);
    let (mut n, mut bits) = (0, _mm256_setzero_si256());
    let quads = heaps.chunks_exact(4);
    let rest = quads.remainder();
    for quad in quads {
        // SAFETY: `quad` has 4 values; 4 lanes stored from `n` are in
        // `from` and `to`, as `n` is at most the index of `quad`'s first,
        // which is at most `CHUNK - 4`.
        unsafe {
            let four = _mm256_loadu_si256(quad.as_ptr().cast());
            let smaller = _mm256_xor_si256(four, xs);
            let is_move =
                _mm256_cmpgt_epi64(_mm256_xor_si256(four, top), _mm256_xor_si256(smaller, top));
            let mask = _mm256_movemask_pd(_mm256_castsi256_pd(is_move)) as usize;
            let order = _mm256_loadu_si256(FRONT[mask & 15].as_ptr().cast());
            let at = from.as_mut_ptr().add(n).cast();
            _mm256_storeu_si256(at, _mm256_permutevar8x32_epi32(four, order));
            let at = to.as_mut_ptr().add(n).cast();
            _mm256_storeu_si256(at, _mm256_permutevar8x32_epi32(smaller, order));
            bits = _mm256_or_si256(bits, _mm256_or_si256(four, smaller));
            n += mask.count_ones() as usize;
        }
    }
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` has 32 bytes.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), bits) };
    let mut bits = lanes.iter().fold(0, |all, lane| all | lane);
    for &heap in rest {
        let smaller = heap ^ x;
        // `n` is at most this heap's index, below `CHUNK`.
        if let (Some(a), Some(b)) = (from.get_mut(n), to.get_mut(n)) {
            (*a, *b) = (heap, smaller);
        }
        bits |= heap | smaller;
        n += usize::from(smaller < heap);
    }
    (n, bits)
}

/// For each mask of four 64-bit lanes, the 32-bit lane indices that move
/// the lanes it selects to the front, in order.
static FRONT: [[u32; 8]; 16] = {
    let mut table = [[0; 8]; 16];
    let mut mask = 0;
    while mask < 16 {
        let (mut lane, mut out) = (0, 0);
        while lane < 4 {
            if mask >> lane & 1 == 1 {
                table[mask][2 * out] = 2 * lane as u32;
                table[mask][2 * out + 1] = 2 * lane as u32 + 1;
                out += 1;
            }
            lane += 1;
        }
        mask += 1;
    }
    table
};

/// Pass 1: writes the records of `values[..n]` (rounded up to a multiple
/// of 4) and their zero masks, and zeroes the record after them.
///
/// # Safety
/// The CPU must run AVX2; `n <= CHUNK`.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn make_records(
    values: &[u64; CHUNK],
    n: usize,
    separator: u8,
    records: &mut Records,
    masks: &mut [u16; CHUNK],
) {
    let rounded = n.div_ceil(4) * 4;
    for group in (0..rounded).step_by(4) {
        // SAFETY: `group + 4 <= CHUNK`, so the 4 values, the 4 records and
        // the 4 masks are in their arrays.
        unsafe {
            let quad = _mm256_loadu_si256(values.as_ptr().add(group).cast());
            let (first, second) = four_records(quad, separator);
            let zeros = _mm256_set1_epi8(b'0' as i8);
            let out = records.as_mut_ptr().add(group).cast::<__m256i>();
            _mm256_storeu_si256(out, first);
            _mm256_storeu_si256(out.add(1), second);
            let mask_out = masks.as_mut_ptr().add(group).cast::<i32>();
            mask_out.write_unaligned(_mm256_movemask_epi8(_mm256_cmpeq_epi8(first, zeros)));
            mask_out
                .add(1)
                .write_unaligned(_mm256_movemask_epi8(_mm256_cmpeq_epi8(second, zeros)));
        }
    }
    if let Some(after) = records.get_mut(rounded) {
        after.write([0; RECORD]);
    }
}

/// The records of the four numbers in the 64-bit lanes of `quad`, two in
/// each result.
#[inline]
#[target_feature(enable = "avx2")]
fn four_records(quad: __m256i, separator: u8) -> (__m256i, __m256i) {
    // quad = 10^8 high + 10^4 mid + low, each lane on its own.
    let high = _mm256_srli_epi64(
        _mm256_mul_epu32(quad, _mm256_set1_epi64x(TO_1E8)),
        SHIFT_1E8,
    );
    let rest = _mm256_sub_epi64(
        quad,
        _mm256_mul_epu32(high, _mm256_set1_epi64x(100_000_000)),
    );
    let mid = _mm256_srli_epi64(
        _mm256_mul_epu32(rest, _mm256_set1_epi64x(TO_1E4)),
        SHIFT_1E4,
    );
    let low = _mm256_sub_epi64(rest, _mm256_mul_epu32(mid, _mm256_set1_epi64x(10_000)));
    // Four-digit halves in the two 32-bit halves of each lane, then
    // their two-digit quarters in 16-bit fields, then digits in bytes.
    let halves = _mm256_or_si256(mid, _mm256_slli_epi64(low, 32));
    let hundreds = _mm256_srli_epi16(
        _mm256_mulhi_epu16(halves, _mm256_set1_epi16(TO_100)),
        SHIFT_100,
    );
    let below = _mm256_sub_epi16(halves, _mm256_mullo_epi16(hundreds, _mm256_set1_epi16(100)));
    let quarters = _mm256_or_si256(hundreds, _mm256_slli_epi32(below, 16));
    let eight = _mm256_add_epi8(digit_pairs(quarters), _mm256_set1_epi8(b'0' as i8));
    let two = _mm256_add_epi64(digit_pairs(high), _mm256_set1_epi64x(0x3030));
    // Bytes 0-7 of a record: 2 digits and 6 of the eight; bytes 8-15:
    // the last 2 of the eight, the separator and zeros.
    let front = _mm256_or_si256(two, _mm256_slli_epi64(eight, 16));
    let back = _mm256_or_si256(
        _mm256_srli_epi64(eight, 48),
        _mm256_set1_epi64x(i64::from(separator) << 16),
    );
    let even = _mm256_unpacklo_epi64(front, back);
    let odd = _mm256_unpackhi_epi64(front, back);
    (
        _mm256_permute2x128_si256(even, odd, 0x20),
        _mm256_permute2x128_si256(even, odd, 0x31),
    )
}

/// Each 16-bit field below 100 as its two digit values, the tens in the
/// low byte (the first in memory).
#[inline]
#[target_feature(enable = "avx2")]
fn digit_pairs(fields: __m256i) -> __m256i {
    let tens = _mm256_mulhi_epu16(fields, _mm256_set1_epi16(TO_10));
    let tens_out = _mm256_mullo_epi16(tens, _mm256_set1_epi16(DIGIT_PAIR));
    _mm256_sub_epi16(_mm256_slli_epi16(fields, 8), tens_out)
}

/// Pass 2: copies record `i` into `buf` at `at` from its first significant
/// digit (the last digit always counts), and returns where its separator
/// ends.
///
/// # Safety
/// Records `0..=i` are written and record `i + 1` is initialized; `buf`
/// has 16 bytes from `at`.
#[inline(always)]
unsafe fn place(
    records: &[MaybeUninit<[u8; RECORD]>],
    zero_mask: u16,
    i: usize,
    buf: &mut [u8],
    at: usize,
) -> usize {
    let skip = (!u32::from(zero_mask) | 1 << (DIGITS - 1)).trailing_zeros() as usize;
    // SAFETY: the 16 bytes read lie within records `i` and `i + 1`, and
    // the 16 written within `buf` (the caller's promises).
    unsafe {
        let record = records.as_ptr().add(i).cast::<u8>().add(skip);
        let bytes = _mm_loadu_si128(record.cast());
        _mm_storeu_si128(buf.as_mut_ptr().add(at).cast(), bytes);
    }
    at + DIGITS + 1 - skip
}
