//! One heap's value by the sparse space: the pairs with a rare heap, the
//! ceiling they leave, and the search for the candidates below it.
//!
//! See [`split`](super::split) for why the pairs with a rare heap give
//! every common option, and [`check`] for the search.

use super::check::{self, Candidates, Scan, Scanner};
use super::mex::Marks;
use super::split::{low_bits, Class, Split};
use super::values::Cell;
use super::work::Work;

/// `G(n)` for `n = g.len()`, given the options of moves that leave at most
/// one heap already in `marks`, and those of the pairs with the rare heaps
/// of each class's `covered` range of its list ([`Block`]), and of every
/// pair `(a, m - a)` with `a` in `swept`.
///
/// [`Block`]: super::block::Block
#[inline]
#[allow(clippy::too_many_arguments)]
pub(super) fn value<T: Scan, M: Marks>(
    scanner: Scanner,
    marks: &mut M,
    g: &[T],
    split: &mut Split,
    covered: [(usize, usize); 2],
    swept: (usize, usize),
    unequal: bool,
    bits: u32,
    candidates: &mut Candidates,
    work: &mut Work,
) -> u32 {
    let n = g.len();
    for (class, covered) in split.classes.iter().zip(covered) {
        for &b in &class.moves {
            if b + 2 > n {
                break;
            }
            let m = n - b;
            work.naive_pairs += (m / 2) as u64;
            work.rare_pairs += mark_rare_pairs(marks, g, class, m, unequal, covered);
        }
    }
    // The smallest unmarked value common in every class bounds G(n), as
    // does 2^bits, beyond every xor of two values; below that bound, the
    // unmarked values that are not common everywhere are the candidates.
    let odd = n % 2 == 1;
    if let Some(marked) = marks.as_word() {
        // Every value below 64: the same, a word at a time.
        let free = !marked & low_bits(1 << bits);
        let (sure, unsure) = split.small_masks(free, odd);
        let ceiling = (free & sure).trailing_zeros().min(1 << bits);
        let wanted = free & low_bits(ceiling) & !sure;
        if wanted == 0 {
            return ceiling;
        }
        let by_class = [wanted & unsure[0], wanted & unsure[1]];
        let (left, looked) =
            check::search_small(scanner, g, &split.classes, unequal, swept, wanted, by_class);
        work.checked_pairs += looked;
        // Every candidate is below the ceiling.
        return if left == 0 {
            ceiling
        } else {
            left.trailing_zeros()
        };
    }
    candidates.begin();
    let mut v = 0;
    let ceiling = loop {
        v = marks.first_absent_from(v);
        if v >= 1 << bits {
            break v;
        }
        match split.unsure_classes(v, odd) {
            0 => break v,
            classes => candidates.add(v, classes),
        }
        v += 1;
    };
    if candidates.is_empty() {
        return ceiling;
    }
    work.checked_pairs += check::search(scanner, g, &split.classes, unequal, swept, candidates);
    candidates.smallest_left().unwrap_or(ceiling)
}

/// Marks the value of every pair of a heap of `m` with a rare heap of
/// `class` outside its `covered` range, and 0 when `m` splits into two
/// equal heaps; returns the pairs.
#[inline]
fn mark_rare_pairs<T: Cell, M: Marks>(
    marks: &mut M,
    g: &[T],
    class: &Class,
    m: usize,
    unequal: bool,
    covered: (usize, usize),
) -> u64 {
    // Rare heaps are mostly early ones, all below `m`.
    let count = match class.rare.last() {
        Some(&last) if (last as usize) < m => class.rare.len(),
        _ => class.rare.partition_point(|&r| (r as usize) < m),
    };
    if m.is_multiple_of(2) && !unequal {
        // The mirror split: two equal heaps are worth 0.
        marks.mark(0);
    }
    let (lo, hi) = (covered.0.min(count), covered.1.min(count));
    let top = &g[..m];
    for (from, to) in [(0, lo), (hi, count)] {
        let (mut rare, mut values) = (&class.rare[from..to], &class.rare_values[from..to]);
        if unequal && m.is_multiple_of(2) {
            if let Ok(at) = rare.binary_search(&((m / 2) as u32)) {
                // Equal parts are no move: every pair but the mirror one.
                mark_pairs(marks, top, &rare[..at], &values[..at]);
                (rare, values) = (&rare[at + 1..], &values[at + 1..]);
            }
        }
        mark_pairs(marks, top, rare, values);
    }
    (lo + count - hi) as u64
}

/// Marks `G(r) ^ G(m - r)` for each rare heap `r < m = top.len()`.
#[inline(always)]
fn mark_pairs<T: Cell, M: Marks>(marks: &mut M, top: &[T], rare: &[u32], values: &[u32]) {
    let m = top.len();
    for (&r, &value) in rare.iter().zip(values) {
        debug_assert!((1..m).contains(&(r as usize)));
        // SAFETY: the rare heaps given are from 1 up and below `m`, so
        // `m - r` is inside `top`.
        let partner = unsafe { top.get_unchecked(m - r as usize) };
        marks.mark(value ^ partner.get());
    }
}
