//! Moves that leave three heaps (hexadecimal digits 8 to f), through the set
//! of values each total splits into.
//!
//! A heap of `m` broken into three non-empty heaps `a + b + c` is worth
//! `G(a) ^ G(b) ^ G(c)`, and there are about `m²/12` such triples. With
//! `P(k)`, the set of `G(x) ^ G(k - x)` over `1 <= x < k` (every way to break
//! `k` into two heaps), the three-heap options of `m` are the union over
//! `a` of `G(a) ^ P(m - a)`: `m` translations of a bit set instead of `m²`
//! triples. `P(m)` is also exactly the set of two-heap options of `m`, so
//! rules with three-heap moves take their two-heap options from it too.
//!
//! The sparse space does not help here: three common values can xor to a
//! common one, so the rare heaps do not bound the three-heap options.

use super::mex::Mex;
use super::values::Cell;

/// `P(k)` for every `k` so far, as bit sets of values.
#[derive(Clone, Debug, Default)]
pub(super) struct PairSets {
    /// 64-bit words per set: every value below `64 · words`.
    words: usize,
    /// `P(k)` is `sets[k · words .. (k + 1) · words]`.
    sets: Vec<u64>,
}

impl PairSets {
    /// How many totals have their set.
    fn len(&self) -> usize {
        self.sets.len().checked_div(self.words).unwrap_or(0)
    }

    /// `P(k)`.
    fn set(&self, k: usize) -> &[u64] {
        &self.sets[k * self.words..(k + 1) * self.words]
    }

    /// Makes the sets hold values below `2^bits`, copying them into wider
    /// ones if needed.
    fn widen(&mut self, bits: u32) {
        let words = (1usize << bits).div_ceil(64).max(1);
        if words <= self.words {
            return;
        }
        let len = self.len();
        let mut sets = vec![0u64; len * words];
        for k in 0..len {
            sets[k * words..k * words + self.words].copy_from_slice(self.set(k));
        }
        (self.words, self.sets) = (words, sets);
    }

    /// Computes `P(k)` for every `k <= g.len()` not yet done, for values
    /// below `2^bits`.
    pub fn extend<T: Cell>(&mut self, g: &[T], bits: u32) {
        self.widen(bits);
        for k in self.len()..=g.len() {
            let at = self.sets.len();
            self.sets.resize(at + self.words, 0);
            for x in 1..=k / 2 {
                let v = (g[x].get() ^ g[k - x].get()) as usize;
                self.sets[at + v / 64] |= 1 << (v % 64);
            }
        }
    }

    /// Marks every two-heap option of a heap of `m`.
    pub fn mark_two(&self, m: usize, mex: &mut Mex) {
        mark_all(self.set(m), mex);
    }

    /// Marks every three-heap option of a heap of `m` that is below
    /// `2^bits`, the most any xor of values reaches.
    ///
    /// A translation by `c` moves whole words by `c >> 6` and bits within
    /// each word by `c & 63`; the second is the costly part, so the sets
    /// are first gathered by `c & 63` with only their words moved, and each
    /// of the 64 gatherings has its bits moved once.
    pub fn mark_three<T: Cell>(&self, g: &[T], m: usize, bits: u32, mex: &mut Mex) {
        let words = self.words;
        let mut by_low = vec![0u64; 64 * words];
        let mut lows = 0u64;
        for (a, value) in g.iter().enumerate().take(m.saturating_sub(1)).skip(1) {
            let c = value.get();
            let (high, low) = ((c >> 6) as usize, (c & 63) as usize);
            lows |= 1 << low;
            let into = &mut by_low[low * words..(low + 1) * words];
            for (w, &word) in self.set(m - a).iter().enumerate() {
                into[w ^ high] |= word;
            }
        }
        let mut union = vec![0u64; words];
        while lows != 0 {
            let low = lows.trailing_zeros();
            let gathered = &by_low[low as usize * words..(low as usize + 1) * words];
            xor_translate_into(gathered, low, &mut union);
            lows &= lows - 1;
        }
        let full = full_set(words, bits);
        for (u, f) in union.iter_mut().zip(&full) {
            *u &= f;
        }
        mark_all(&union, mex);
    }
}

/// The set of every value below `2^bits`, in `words` words.
fn full_set(words: usize, bits: u32) -> Vec<u64> {
    let mut set = vec![0u64; words];
    let count = 1usize << bits;
    for (w, word) in set.iter_mut().enumerate() {
        let below = count.saturating_sub(w * 64).min(64);
        *word = if below == 64 {
            u64::MAX
        } else {
            (1u64 << below) - 1
        };
    }
    set
}

fn mark_all(set: &[u64], mex: &mut Mex) {
    for (w, &word) in set.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            mex.mark_any((w * 64) as u32 + bits.trailing_zeros());
            bits &= bits - 1;
        }
    }
}

/// `out |= { v ^ c : v in set }`: the set's bits moved to the positions
/// xored with `c`. The words are permuted by `c`'s bits from 6 up, and the
/// bits within each word by its low six bits, one swap of blocks per bit.
fn xor_translate_into(set: &[u64], c: u32, out: &mut [u64]) {
    const HALVES: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    let (high, low) = ((c >> 6) as usize, c & 63);
    for (w, &word) in set.iter().enumerate() {
        let mut x = word;
        for (j, &half) in HALVES.iter().enumerate() {
            if low >> j & 1 != 0 {
                let s = 1 << j;
                x = ((x >> s) & half) | ((x & half) << s);
            }
        }
        out[w ^ high] |= x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translation_moves_every_bit_to_its_xor() {
        for c in [0u32, 1, 5, 63, 64, 77, 200, 255] {
            for v in [0u32, 1, 2, 63, 64, 100, 129, 254, 255] {
                let mut set = vec![0u64; 4];
                set[v as usize / 64] |= 1 << (v % 64);
                let mut out = vec![0u64; 4];
                xor_translate_into(&set, c, &mut out);
                let w = (v ^ c) as usize;
                let mut expected = vec![0u64; 4];
                expected[w / 64] |= 1 << (w % 64);
                assert_eq!(out, expected, "{v} ^ {c}");
            }
        }
    }

    #[test]
    fn the_sets_survive_widening() {
        let g: Vec<u32> = vec![0, 1, 2, 3, 1];
        let mut sets = PairSets::default();
        sets.extend(&g[..4], 2);
        sets.extend(&g, 8);
        // P(4) = {G(1)^G(3), G(2)^G(2)} = {2, 0}; P(3) = {G(1)^G(2)} = {3}.
        assert_eq!(sets.set(4)[0], 0b101);
        assert_eq!(sets.set(3)[0], 0b1000);
        assert_eq!(sets.set(3).len(), 4);
    }
}
