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
}

impl Block {
    /// Empties the rows for heaps `n0 .. n0 + len` (`len <= HEAPS`), one
    /// byte for every value below `2^bits`.
    pub fn begin(&mut self, len: usize, bits: u32) {
        self.width = (1usize << bits).max(64);
        self.rows.clear();
        self.rows.resize(len * self.width, 0);
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
