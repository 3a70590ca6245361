//! The pairs with old rare heaps, for a block of heaps at once.
//!
//! A game with hundreds or thousands of rare heaps (Officers, 0.14) spends
//! most of a heap's time on the pairs `(r, m - r)` with each rare heap `r`.
//! Looked up one heap at a time, the partners `m - r` lie far apart, one
//! cache line each. But for consecutive heaps `n0, n0 + 1, …, n0 + K - 1`
//! the partners of one rare heap are consecutive too: one load of `K`
//! values gives its pair with every heap of the block. Only the partners
//! must already be known, which holds for every rare heap from `K` up to
//! `n0` less the largest removal; the few rare heaps outside that range
//! (the smallest, the newest) are paired heap by heap as before.
//!
//! Each heap of the block gets a row of bytes, one per value, where a pair
//! marks its value; the heap's own step then reads its row as its option
//! set ([`RowMarks`]).

use super::mex::Marks;
use super::split::{Class, Split};
use super::values::Cell;

/// Heaps a block holds.
pub(super) const HEAPS: usize = 32;

/// The option rows of a block of heaps, marked by the old rare heaps.
#[derive(Clone, Debug, Default)]
pub(super) struct Block {
    /// Bytes per row: every value below `2^bits`.
    width: usize,
    rows: Vec<u8>,
    /// For each class, the range of its rare list the block covered; each
    /// heap pairs the rest itself.
    pub covered: [(usize, usize); 2],
    /// The heaps `a` whose pairs `(a, m - a)`, for every splitting removal,
    /// are marked in every row ([`Block::sweep`]): a heap's search for its
    /// candidates skips them.
    pub swept: (usize, usize),
}

impl Block {
    /// Empties the rows for heaps `n0 .. n0 + len` (`len <= HEAPS`), one
    /// byte for every value below `2^bits`.
    pub fn begin(&mut self, len: usize, bits: u32) {
        self.width = (1usize << bits).max(64);
        self.rows.clear();
        self.rows.resize(len * self.width, 0);
        self.swept = (0, 0);
    }

    /// The heaps in the block.
    pub fn len(&self) -> usize {
        self.rows.len().checked_div(self.width).unwrap_or(0)
    }

    /// Marks, in the rows of heaps `n0 .. n0 + len` (`n0 = g.len()`, `len <=
    /// HEAPS`), every pair with a rare heap from `HEAPS` up to `n0` less the
    /// class's largest removal, except each class's `done` range of its rare
    /// list (marked already, by [`Ahead`](super::ahead)); returns the pairs
    /// marked.
    ///
    /// Not for games whose split parts must differ (Grundy's game), where
    /// the equal pair would need leaving out of one row.
    pub fn prepare<T: Cell>(&mut self, g: &[T], split: &Split, done: [(usize, usize); 2]) -> u64 {
        let n0 = g.len();
        let mut marked = 0;
        for (d, class) in split.classes.iter().enumerate() {
            let (lo, hi) = covered(class, n0);
            self.covered[d] = (lo, hi);
            let (from, to) = (done[d].0.clamp(lo, hi), done[d].1.clamp(lo, hi));
            for (a, b) in [(lo, from), (to.max(from), hi)] {
                marked += self.mark_range(
                    g,
                    n0,
                    &class.moves,
                    &class.rare[a..b],
                    &class.rare_values[a..b],
                );
            }
        }
        marked
    }

    /// Marks, in the rows of heaps `n0 .. n0 + len`, the pairs of each of
    /// `moves` with each `rare` heap (of value `values`); returns the pairs
    /// marked.
    ///
    /// Every partner `n0 + j - b - r` must be inside `g`: at least 1, which
    /// [`covered`] ensures, and below `g.len()`, which holds for `r >=
    /// HEAPS` when `g.len() = n0` and for `r >= 2 * HEAPS` when `g` is
    /// the values below the block before it.
    pub fn mark_range<T: Cell>(
        &mut self,
        g: &[T],
        n0: usize,
        moves: &[usize],
        rare: &[u32],
        values: &[u32],
    ) -> u64 {
        let len = self.len();
        let mut marked = 0;
        for &b in moves {
            for (&r, &value) in rare.iter().zip(values) {
                let from = n0 - b - r as usize;
                self.mark_all(&g[from..from + len], value);
                marked += len as u64;
            }
        }
        marked
    }

    /// Marks, in the row of each heap `n` of `n0 .. n0 + len`, every pair
    /// `(a, n - b - a)` with `a` in `from..to` and `b` each of `moves`;
    /// returns the pairs marked.
    ///
    /// Every partner must be inside `g` and no `a` past its heap's mirror
    /// pair: see [`sweepable`]. Like [`Block::prepare`], not for games
    /// whose split parts must differ: the mirror pair would be marked.
    pub fn sweep<T: Cell>(
        &mut self,
        g: &[T],
        n0: usize,
        moves: &[usize],
        (from, to): (usize, usize),
    ) -> u64 {
        let len = self.len();
        for &b in moves {
            for a in from..to {
                let partner = n0 - b - a;
                self.mark_all(&g[partner..partner + len], g[a].get());
            }
        }
        (moves.len() * to.saturating_sub(from) * len) as u64
    }

    /// Marks `partners[j] ^ value` in row `j`.
    #[inline(always)]
    fn mark_all<T: Cell>(&mut self, partners: &[T], value: u32) {
        let width = self.width;
        let rows = &mut self.rows[..partners.len() * width];
        for (j, partner) in partners.iter().enumerate() {
            let at = j * width + (partner.get() ^ value) as usize;
            debug_assert!(at < rows.len());
            // SAFETY: `partner ^ value` is below `2^bits <= width`, so `at`
            // is inside row `j`, and there are `partners.len()` rows.
            unsafe { *rows.get_unchecked_mut(at) = 1 };
        }
    }

    /// The option row of heap `n0 + j`.
    pub fn row(&mut self, j: usize) -> RowMarks<'_> {
        RowMarks(&mut self.rows[j * self.width..(j + 1) * self.width])
    }
}

/// The range of `class`'s rare list a block from `n0` can mark: the rare
/// heaps from `HEAPS` on, whose partners in the block are all known, up to
/// those whose partners are at least 1 for every removal of the class.
pub(super) fn covered(class: &Class, n0: usize) -> (usize, usize) {
    let last_move = class.moves.last().copied().unwrap_or(0);
    let lo = class.rare.partition_point(|&r| (r as usize) < HEAPS);
    let hi = class
        .rare
        .partition_point(|&r| (r as usize) + last_move < n0)
        .max(lo);
    (lo, hi)
}

/// The heaps `a` a block of `len` heaps from `n0` can [`Block::sweep`]
/// with the values below `known`, for splitting removals from `first` to
/// `last`: from the first `a` whose partners are all known, at most `span`
/// of them, and none past the smallest heap's mirror pair, so that every
/// `a` swept is one each heap's search would visit.
pub(super) fn sweepable(
    (first, last): (usize, usize),
    n0: usize,
    len: usize,
    known: usize,
    span: usize,
) -> (usize, usize) {
    // The partner of `a` in the last row, `n0 + len - 1 - b - a`, is
    // largest for the smallest removal, and must be below `known`.
    let from = (n0 + len).saturating_sub(known + first).max(1);
    let to = (from + span).min(n0.saturating_sub(last) / 2 + 1);
    if to > from {
        (from, to)
    } else {
        (0, 0)
    }
}

/// A heap's row of a [`Block`], as its option set: a byte per value.
pub(super) struct RowMarks<'a>(&'a mut [u8]);

impl Marks for RowMarks<'_> {
    #[inline(always)]
    fn mark(&mut self, value: u32) {
        debug_assert!((value as usize) < self.0.len());
        // SAFETY: marked values are below `2^bits`, the row's width.
        unsafe { *self.0.get_unchecked_mut(value as usize) = 1 };
    }

    #[inline]
    fn first_absent_from(&self, from: u32) -> u32 {
        let from = from as usize;
        if from >= self.0.len() {
            return from as u32;
        }
        match memchr::memchr(0, &self.0[from..]) {
            Some(at) => (from + at) as u32,
            None => self.0.len() as u32,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn a_sweep_marks_the_pairs_of_its_heaps_in_every_row_and_no_other() {
        let mut rng = SplitMix64::new(0x5eef);
        for _ in 0..300 {
            let known = 100 + rng.between(0, 400) as usize;
            let g: Vec<u16> = (0..known).map(|_| rng.between(0, 511) as u16).collect();
            let mut moves: Vec<usize> = (1..=6).filter(|_| rng.between(0, 2) == 0).collect();
            if moves.is_empty() {
                moves.push(1 + rng.between(0, 5) as usize);
            }
            let len = 1 + rng.between(0, HEAPS as u64 - 1) as usize;
            let n0 = known + rng.between(0, HEAPS as u64) as usize;
            let span = rng.between(0, 300) as usize;
            let range = (moves[0], moves[moves.len() - 1]);
            let (from, to) = sweepable(range, n0, len, known, span);
            assert!(to - from <= span);
            let mut block = Block::default();
            block.begin(len, 9);
            // Only `known` values: a partner past them would panic.
            let marked = block.sweep(&g, n0, &moves, (from, to));
            assert_eq!(marked, (moves.len() * (to - from) * len) as u64);
            for j in 0..len {
                let n = n0 + j;
                let mut expected = vec![0u8; 512];
                for &b in &moves {
                    for a in from..to {
                        assert!(a <= (n - b) / 2, "a = {a} is past heap {n}'s mirror pair");
                        expected[usize::from(g[a] ^ g[n - b - a])] = 1;
                    }
                }
                assert_eq!(block.row(j).0, expected, "row {j}");
            }
            if from > 1 {
                // Sweeping from one heap earlier would need an unknown value.
                assert!(n0 + len - 1 - moves[0] - (from - 1) >= known);
            }
        }
    }
}
