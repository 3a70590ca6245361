//! Visiting pairs 32 (one-byte values) or 16 (two-byte values) at a time
//! with AVX2.
//!
//! A block of heaps `a, a + 1, …` is loaded as it lies, and the block of
//! their partners `m - a, m - a - 1, …` is loaded from below and reversed
//! with a byte shuffle and a swap of the two 128-bit halves; their xor is a
//! vector of pair values. Each value is tested against the bit map of the
//! candidates still wanted:
//!
//! * one-byte values by table lookup: the map's 32 bytes are two 16-byte
//!   tables, `vpshufb` fetches the byte `x >> 3` from each (an index pushed
//!   past 127 reads as zero, which picks the right table), and a third
//!   shuffle makes the bit `1 << (x & 7)`;
//! * two-byte values by gathering the map's word `x >> 5` for eight values
//!   at a time, then shifting by `x & 31`.
//!
//! The lanes that hit go to [`Candidates::found`] one by one, in order, and
//! the tables are loaded again since the map changed; most blocks hit
//! nothing. Candidates below 64 fit one table, which
//! [`scan_small_bytes`] keeps in a register.

use std::arch::x86_64::*;

use super::{portable, Candidates};

/// Whether this CPU runs these scanners.
pub(super) fn is_available() -> bool {
    is_x86_feature_detected!("avx2")
}

/// [`Scan::scan`](super::Scan::scan) for one-byte values.
///
/// # Safety
///
/// The CPU must run AVX2 ([`is_available`]).
#[target_feature(enable = "avx2")]
pub(super) unsafe fn scan_bytes(
    g: &[u8],
    m: usize,
    from: usize,
    to: usize,
    candidates: &mut Candidates,
) -> bool {
    assert!(to <= m / 2 + 1 && m < g.len() + 1);
    let base = g.as_ptr();
    let reverse = reverse_bytes();
    let mut map = ByteMap::load(candidates.map());
    let mut a = from;
    while a + 32 <= to {
        // SAFETY: `a + 31 < to <= m / 2 + 1` keeps `a + 31 <= m / 2 < n` and
        // `m - a - 31 >= 1`, and `m - a <= m - 1 < n`: both loads are inside
        // `g`.
        let (near, far) = unsafe {
            (
                _mm256_loadu_si256(base.add(a).cast()),
                _mm256_loadu_si256(base.add(m - a - 31).cast()),
            )
        };
        let far = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(far, reverse), 0x4e);
        let mut hits = map.hits(_mm256_xor_si256(near, far));
        if hits != 0 {
            while hits != 0 {
                let j = hits.trailing_zeros() as usize;
                if candidates.found(u32::from(g[a + j] ^ g[m - a - j])) {
                    return true;
                }
                hits &= hits - 1;
            }
            map = ByteMap::load(candidates.map());
        }
        a += 32;
    }
    portable::scan(g, m, a, to, candidates)
}

/// [`Scan::scan_small`](super::Scan::scan_small) for one-byte values: the
/// candidates below 64 are one 8-byte table, held in a register.
///
/// # Safety
///
/// The CPU must run AVX2 ([`is_available`]).
#[target_feature(enable = "avx2")]
pub(super) unsafe fn scan_small_bytes(
    g: &[u8],
    m: usize,
    from: usize,
    to: usize,
    wanted: u64,
) -> u64 {
    assert!(to <= m / 2 + 1 && m < g.len() + 1);
    let base = g.as_ptr();
    let reverse = reverse_bytes();
    let powers = bit_powers();
    // Bytes 8..16 of each half are 0, so values 64..128 (index 8..16) miss;
    // indices from 16 up are pushed to 128 and above, which reads 0.
    let table = |wanted: u64| _mm256_setr_epi64x(wanted as i64, 0, wanted as i64, 0);
    let (mut wanted, mut map) = (wanted, table(wanted));
    let mut a = from;
    while a + 32 <= to {
        // SAFETY: as in `scan_bytes`.
        let (near, far) = unsafe {
            (
                _mm256_loadu_si256(base.add(a).cast()),
                _mm256_loadu_si256(base.add(m - a - 31).cast()),
            )
        };
        let far = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(far, reverse), 0x4e);
        let x = _mm256_xor_si256(near, far);
        let index = _mm256_and_si256(_mm256_srli_epi16(x, 3), _mm256_set1_epi8(0x1f));
        let byte = _mm256_shuffle_epi8(map, _mm256_adds_epu8(index, _mm256_set1_epi8(0x70)));
        let bit = _mm256_shuffle_epi8(powers, _mm256_and_si256(x, _mm256_set1_epi8(7)));
        let missing = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), _mm256_setzero_si256());
        if _mm256_movemask_epi8(missing) != -1 {
            // Some lane hit: the candidates are few, so each is compared
            // with every lane rather than each hit lane read back (often
            // many lanes of one value, each a load from a fresh store).
            let mut rest = wanted;
            while rest != 0 {
                let v = rest.trailing_zeros();
                let equal = _mm256_cmpeq_epi8(x, _mm256_set1_epi8(v as i8));
                if _mm256_movemask_epi8(equal) != 0 {
                    wanted &= !(1u64 << v);
                }
                rest &= rest - 1;
            }
            if wanted == 0 {
                return 0;
            }
            map = table(wanted);
        }
        a += 32;
    }
    portable::scan_small(g, m, a, to, wanted)
}

/// The candidates' bit map below 256, as two byte tables in every lane.
#[derive(Clone, Copy)]
struct ByteMap {
    low: __m256i,
    high: __m256i,
    powers: __m256i,
}

impl ByteMap {
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(map: &[u32]) -> ByteMap {
        assert!(map.len() >= 8);
        // SAFETY: the map holds at least 32 bytes.
        let (low, high) = unsafe {
            let bytes = map.as_ptr().cast::<__m128i>();
            (_mm_loadu_si128(bytes), _mm_loadu_si128(bytes.add(1)))
        };
        ByteMap {
            low: _mm256_broadcastsi128_si256(low),
            high: _mm256_broadcastsi128_si256(high),
            powers: bit_powers(),
        }
    }

    /// A bit per byte of `x` whose value is in the map.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn hits(&self, x: __m256i) -> u32 {
        let index = _mm256_and_si256(_mm256_srli_epi16(x, 3), _mm256_set1_epi8(0x1f));
        // Indices 0..15 read `low`; 16..31, xored with 16, read `high`. The
        // other table's index is pushed to 128 and above, which reads 0.
        let push = _mm256_set1_epi8(0x70);
        let from_low = _mm256_shuffle_epi8(self.low, _mm256_adds_epu8(index, push));
        let flipped = _mm256_xor_si256(index, _mm256_set1_epi8(0x10));
        let from_high = _mm256_shuffle_epi8(self.high, _mm256_adds_epu8(flipped, push));
        let byte = _mm256_or_si256(from_low, from_high);
        let bit = _mm256_shuffle_epi8(self.powers, _mm256_and_si256(x, _mm256_set1_epi8(7)));
        let missing = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), _mm256_setzero_si256());
        !(_mm256_movemask_epi8(missing) as u32)
    }
}

/// [`Scan::scan`](super::Scan::scan) for two-byte values.
///
/// # Safety
///
/// The CPU must run AVX2 ([`is_available`]).
#[target_feature(enable = "avx2")]
pub(super) unsafe fn scan_shorts(
    g: &[u16],
    m: usize,
    from: usize,
    to: usize,
    candidates: &mut Candidates,
) -> bool {
    assert!(to <= m / 2 + 1 && m < g.len() + 1);
    assert!(
        candidates.map().len() >= 1 << 11,
        "the map covers every u16"
    );
    // Values below 512 (the map's first 64 bytes, four byte tables) are
    // looked up 32 at a time; wider ones are gathered 16 at a time.
    if candidates.all_below(512) {
        // SAFETY: the caller's.
        return unsafe { scan_shorts_below_512(g, m, from, to, candidates) };
    }
    let base = g.as_ptr();
    let reverse = reverse_shorts();
    let mut a = from;
    while a + 16 <= to {
        // SAFETY: as for bytes, with 16 values a block.
        let (near, far) = unsafe {
            (
                _mm256_loadu_si256(base.add(a).cast()),
                _mm256_loadu_si256(base.add(m - a - 15).cast()),
            )
        };
        let far = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(far, reverse), 0x4e);
        let x = _mm256_xor_si256(near, far);
        let map = candidates.map().as_ptr().cast::<i32>();
        // SAFETY: every index is a u16 shifted right by 5, and the map
        // covers every u16.
        let mut hits = unsafe {
            word_hits(map, _mm256_cvtepu16_epi32(_mm256_castsi256_si128(x)))
                | word_hits(map, _mm256_cvtepu16_epi32(_mm256_extracti128_si256(x, 1))) << 8
        };
        while hits != 0 {
            let j = hits.trailing_zeros() as usize;
            if candidates.found(u32::from(g[a + j] ^ g[m - a - j])) {
                return true;
            }
            hits &= hits - 1;
        }
        a += 16;
    }
    portable::scan(g, m, a, to, candidates)
}

/// The shuffle that reverses the sixteen bytes of each half.
#[inline]
#[target_feature(enable = "avx2")]
fn reverse_bytes() -> __m256i {
    _mm256_setr_epi8(
        15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
        5, 4, 3, 2, 1, 0,
    )
}

/// The table that turns `x & 7` into the bit `1 << (x & 7)` by a byte
/// shuffle, in each half (indices 8..16 read 0).
#[inline]
#[target_feature(enable = "avx2")]
fn bit_powers() -> __m256i {
    _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0,
        0, 0, 0, 0, 0, 0,
    )
}

/// The shuffle that reverses the eight two-byte values of each half.
#[inline]
#[target_feature(enable = "avx2")]
fn reverse_shorts() -> __m256i {
    _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7,
        4, 5, 2, 3, 0, 1,
    )
}

/// [`scan_shorts`] when every candidate is below 512: 32 pairs a step, their
/// values' bytes `x >> 3` and bits `x & 7` packed into byte vectors and
/// looked up in four 16-byte tables. Pairs of 512 and more read as misses,
/// which is right, since no candidate is that large.
///
/// # Safety
///
/// As [`scan_shorts`].
#[target_feature(enable = "avx2")]
unsafe fn scan_shorts_below_512(
    g: &[u16],
    m: usize,
    from: usize,
    to: usize,
    candidates: &mut Candidates,
) -> bool {
    let base = g.as_ptr();
    let reverse = reverse_shorts();
    let mut map = WideByteMap::load(candidates.map());
    let mut a = from;
    while a + 32 <= to {
        // SAFETY: `a + 31 < to <= m / 2 + 1`: the near values end at
        // `m / 2 < n`, the far ones start at `m - a - 31 >= 1`.
        let (near_low, near_high, far_low, far_high) = unsafe {
            (
                _mm256_loadu_si256(base.add(a).cast()),
                _mm256_loadu_si256(base.add(a + 16).cast()),
                _mm256_loadu_si256(base.add(m - a - 15).cast()),
                _mm256_loadu_si256(base.add(m - a - 31).cast()),
            )
        };
        let far_low = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(far_low, reverse), 0x4e);
        let far_high = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(far_high, reverse), 0x4e);
        let low = _mm256_xor_si256(near_low, far_low);
        let high = _mm256_xor_si256(near_high, far_high);
        let mut hits = map.hits(low, high);
        if hits != 0 {
            while hits != 0 {
                let j = hits.trailing_zeros() as usize;
                if candidates.found(u32::from(g[a + j] ^ g[m - a - j])) {
                    return true;
                }
                hits &= hits - 1;
            }
            map = WideByteMap::load(candidates.map());
        }
        a += 32;
    }
    portable::scan(g, m, a, to, candidates)
}

/// The candidates' bit map below 512, as four byte tables in every lane.
#[derive(Clone, Copy)]
struct WideByteMap {
    tables: [__m256i; 4],
    powers: __m256i,
}

impl WideByteMap {
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(map: &[u32]) -> WideByteMap {
        assert!(map.len() >= 16);
        let bytes = map.as_ptr().cast::<__m128i>();
        // SAFETY: the map holds at least 64 bytes.
        let table =
            |i: usize| unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(bytes.add(i))) };
        WideByteMap {
            tables: [table(0), table(1), table(2), table(3)],
            powers: bit_powers(),
        }
    }

    /// A bit per lane of `low` then `high` (16 values each) in the map.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn hits(&self, low: __m256i, high: __m256i) -> u32 {
        // `x >> 3` is below 8192, positive as a signed 16-bit number, so
        // packing saturates the indices of values of 512 and more to 64 and
        // above, which every table reads as 0 below: no hit.
        let index16 = |x: __m256i| _mm256_srli_epi16(x, 3);
        // packus takes the 128-bit halves in turn; the permute restores
        // lane order, so byte j is pair j.
        let index =
            _mm256_permute4x64_epi64(_mm256_packus_epi16(index16(low), index16(high)), 0xd8);
        let bit_index = _mm256_permute4x64_epi64(
            _mm256_packus_epi16(
                _mm256_and_si256(low, _mm256_set1_epi16(7)),
                _mm256_and_si256(high, _mm256_set1_epi16(7)),
            ),
            0xd8,
        );
        let push = _mm256_set1_epi8(0x70);
        let mut byte = _mm256_setzero_si256();
        for (t, table) in self.tables.iter().enumerate() {
            // Only the indices of table `t` fall in 0..16 after the xor;
            // every other one is pushed to 128 and above, which reads 0.
            let local = _mm256_xor_si256(index, _mm256_set1_epi8((t as i8) << 4));
            byte = _mm256_or_si256(
                byte,
                _mm256_shuffle_epi8(*table, _mm256_adds_epu8(local, push)),
            );
        }
        let bit = _mm256_shuffle_epi8(self.powers, bit_index);
        let missing = _mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), _mm256_setzero_si256());
        !(_mm256_movemask_epi8(missing) as u32)
    }
}

/// A bit per lane of `x` (eight values below 65,536) whose bit is set in
/// `map`.
///
/// # Safety
///
/// `map` must hold 2,048 words.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn word_hits(map: *const i32, x: __m256i) -> u32 {
    // SAFETY: the caller's map covers every index `x >> 5`.
    let words = unsafe { _mm256_i32gather_epi32::<4>(map, _mm256_srli_epi32(x, 5)) };
    let bits = _mm256_srlv_epi32(words, _mm256_and_si256(x, _mm256_set1_epi32(31)));
    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(bits, 31))) as u32
}
