//! Shrinking a failing test, greedily, as proptest and Hypothesis do: try
//! a smaller file, keep it if it still fails, until no smaller one does.
//!
//! The caller's `fails` is the judge of everything: it writes the
//! candidate, validates it against the limits (a candidate outside them
//! does not fail), runs the program and says whether it fails the same way.
//! Each pass tries, in this order:
//!
//! 1. fewer cases: halves of them, then quarters, … then one at a time;
//! 2. within each case, fewer items of each of its lists (`parts`: heaps,
//!    a row's items, S-Nim's positions and removals and each position's
//!    heaps, a graph's queries, pieces, positions and moves), in the same
//!    way; a chunk of heaps that cannot go is tried replaced by its xor
//!    (one heap, or two where the xor is past the largest heap allowed),
//!    which keeps the outcome of Nim-like games, so that a failure on a
//!    losing case of many heaps, which losing any chunk would win, still
//!    comes down by halves; a fixed-size case (a pair, HDU 1848's three
//!    heaps) keeps its size, and a graph is first cut after the last
//!    position its pieces reach;
//! 3. smaller numbers, one at a time (below);
//! 4. on the first pass only, every number masked to its low `k` bits at
//!    once, for the smallest `k` that still fails (a failure that hangs on
//!    the xor of several numbers survives it, where lowering any one
//!    breaks it);
//! 5. two heaps of a small case replaced by their xor (in Nim-like games
//!    the outcome is the xor's, so a failure that needs several heaps to
//!    show comes down to fewer).
//!
//! A number is made smaller by trying the smallest the limits allow, then
//! 0 (which widened limits may allow), then one less; if one less still
//! fails, a binary search between the largest value known to pass and the
//! number finds the smallest that fails, when failing is monotone in the
//! number (a heap past a threshold), and some smaller failing number
//! otherwise.
//!
//! Passes repeat until one changes nothing or `budget` calls are spent; the
//! counts in the file follow the lists ([`TestFile::write`]). A candidate
//! equal to the file kept is never tried.

use std::ops::Range;

use super::parts::{
    fewest, len, numbers_mut, parts, remove, smallest_allowed, trimmed_graph, Part,
};
use super::test_file::{Case, TestFile};
use crate::problem::{Bounds, Problem};

/// The most heaps of a case whose heaps are merged by xor.
const MERGED_UP_TO: usize = 256;

/// A shrunk test and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    /// The smallest failing test found: the input itself if nothing
    /// smaller fails.
    pub test: TestFile,
    /// How many times `fails` was called.
    pub runs: usize,
}

/// Shrinks `test`, a test of `problem` on which `fails` is true, calling
/// `fails` at most `budget` times.
pub fn shrink(
    problem: &Problem,
    test: TestFile,
    fails: &mut dyn FnMut(&TestFile) -> bool,
    budget: usize,
) -> Shrunk {
    let mut shrinker = Shrinker {
        problem,
        best: test,
        fails,
        runs: 0,
        budget,
        changed: false,
    };
    let mut first = true;
    loop {
        shrinker.changed = false;
        shrinker.drop_cases();
        shrinker.drop_parts();
        shrinker.lower_numbers();
        if first {
            shrinker.mask_numbers();
            first = false;
        }
        shrinker.merge_heaps();
        if !shrinker.changed || shrinker.spent() {
            break;
        }
    }
    Shrunk {
        test: shrinker.best,
        runs: shrinker.runs,
    }
}

/// Replaces a chunk of a list by fewer items in a candidate: how many it
/// left, or `None` where it has no fewer to offer.
type Merge = dyn Fn(&mut TestFile, Range<usize>) -> Option<usize>;

/// Replaces the heaps `range` by their xor: one heap, or two where the xor
/// is past `value`'s largest (its highest bit, and the rest); how many
/// heaps it left, or `None` where that is not fewer, the xor is 0 (the
/// chunk's removal, tried first) or a heap would be outside `value`.
fn merged(heaps: &mut Vec<u64>, range: Range<usize>, value: Bounds) -> Option<usize> {
    let chunk = heaps.get(range.clone())?;
    let xor = chunk.iter().fold(0, |x, h| x ^ h);
    let high = 1u64 << xor.checked_ilog2()?;
    let by: Vec<u64> = match value.contains(xor) {
        true => vec![xor],
        false => [high, xor ^ high].into_iter().filter(|&h| h != 0).collect(),
    };
    if by.len() >= chunk.len() || !by.iter().all(|&h| value.contains(h)) {
        return None;
    }
    let left = by.len();
    heaps.splice(range, by);
    Some(left)
}

/// The state of one shrink: the smallest failing test so far.
struct Shrinker<'a> {
    problem: &'a Problem,
    best: TestFile,
    fails: &'a mut dyn FnMut(&TestFile) -> bool,
    runs: usize,
    budget: usize,
    /// Whether this pass kept a candidate.
    changed: bool,
}

impl Shrinker<'_> {
    fn spent(&self) -> bool {
        self.runs >= self.budget
    }

    /// Keeps `candidate` if it still fails; whether it was kept.
    fn keep_if_failing(&mut self, candidate: TestFile) -> bool {
        if self.spent() || candidate == self.best {
            return false;
        }
        self.runs += 1;
        if !(self.fails)(&candidate) {
            return false;
        }
        self.best = candidate;
        self.changed = true;
        true
    }

    fn drop_cases(&mut self) {
        let remove = |test: &mut TestFile, range| {
            test.cases.drain(range);
        };
        self.drop_chunks(0, &|test| test.cases.len(), &remove, None);
    }

    /// Drops items of each list of each case, outer lists first, then cuts
    /// a graph's unreachable positions.
    fn drop_parts(&mut self) {
        let layout = self.problem.layout;
        let mut case = 0;
        while case < self.best.cases.len() && !self.spent() {
            let mut index = 0;
            let value = self.problem.limits.value;
            let heaps = matches!(self.best.cases[case], Case::Heaps(_));
            let merge = move |test: &mut TestFile, range: Range<usize>| match &mut test.cases[case]
            {
                Case::Heaps(heaps) => merged(heaps, range, value),
                _ => None,
            };
            while let Some(&part) = parts(&self.best.cases[case], layout).get(index) {
                let merge: Option<&Merge> = match (heaps, part) {
                    (true, Part::Items) => Some(&merge),
                    _ => None,
                };
                self.drop_chunks(
                    fewest(part, layout),
                    &|test| len(&test.cases[case], part, layout),
                    &|test, range| remove(&mut test.cases[case], part, range, layout),
                    merge,
                );
                index += 1;
            }
            if let Some(trimmed) = trimmed_graph(&self.best.cases[case]) {
                let mut candidate = self.best.clone();
                candidate.cases[case] = trimmed;
                self.keep_if_failing(candidate);
            }
            case += 1;
        }
    }

    /// Drops chunks of a list of `len` items, keeping at least `fewest`:
    /// halves first, then chunks half as long, down to single items. A
    /// chunk that cannot go is tried `merge`d, where there is a merge.
    fn drop_chunks(
        &mut self,
        fewest: usize,
        len: &dyn Fn(&TestFile) -> usize,
        remove: &dyn Fn(&mut TestFile, Range<usize>),
        merge: Option<&Merge>,
    ) {
        let mut size = (len(&self.best) / 2).max(1);
        loop {
            let mut start = 0;
            while !self.spent() {
                let n = len(&self.best);
                if start >= n {
                    break;
                }
                let end = (start + size).min(n);
                if n - (end - start) >= fewest {
                    let mut candidate = self.best.clone();
                    remove(&mut candidate, start..end);
                    if self.keep_if_failing(candidate) {
                        continue;
                    }
                }
                if let Some(merge) = merge {
                    let mut candidate = self.best.clone();
                    if let Some(left) = merge(&mut candidate, start..end) {
                        if self.keep_if_failing(candidate) {
                            start += left;
                            continue;
                        }
                    }
                }
                start = end;
            }
            if size == 1 || self.spent() {
                return;
            }
            size /= 2;
        }
    }

    /// Keeps only the low `k` bits of every number at once, for the
    /// smallest `k` that still fails. Lowering one number at a time cannot
    /// shrink a failure that hangs on the xor of several (a winning move
    /// that exists, a sum of Grundy values that vanishes): any one number
    /// changed breaks it. Masking all of them with `2^k − 1` keeps their
    /// low bits, and with them the xor of the low bits and each number's
    /// residue modulo `2^j` for `j ≤ k`, which is what such bugs turn on.
    fn mask_numbers(&mut self) {
        let largest = numbers_mut(&mut self.best)
            .iter()
            .map(|(_, n)| **n)
            .max()
            .unwrap_or(0);
        for bits in 1..largest.checked_ilog2().unwrap_or(0) + 1 {
            if self.spent() {
                return;
            }
            let mask = (1u64 << bits) - 1;
            let mut candidate = self.best.clone();
            for (_, number) in numbers_mut(&mut candidate) {
                *number &= mask;
            }
            if self.keep_if_failing(candidate) {
                return;
            }
        }
    }

    /// Replaces two heaps of a case by one, their xor, while that still
    /// fails: in Nim-like games the sum keeps its Grundy value, so a
    /// failure that hangs on the xor of several heaps (none of which can be
    /// dropped alone) comes down to one heap. Cases of more than
    /// [`MERGED_UP_TO`] heaps are left to the other passes, which make them
    /// small first.
    fn merge_heaps(&mut self) {
        for case in 0..self.best.cases.len() {
            while let Case::Heaps(heaps) = &self.best.cases[case] {
                let n = heaps.len();
                if !(2..=MERGED_UP_TO).contains(&n) || self.spent() {
                    break;
                }
                let merged = (1..n).rev().any(|j| {
                    let mut candidate = self.best.clone();
                    if let Case::Heaps(heaps) = &mut candidate.cases[case] {
                        let last = heaps.remove(j);
                        heaps[j - 1] ^= last;
                    }
                    self.keep_if_failing(candidate)
                });
                if !merged {
                    break;
                }
            }
        }
    }

    fn lower_numbers(&mut self) {
        let count = numbers_mut(&mut self.best).len();
        for i in 0..count {
            if self.spent() {
                return;
            }
            self.lower_number(i);
        }
    }

    /// Lowers the `i`th number as far as the file still fails.
    fn lower_number(&mut self, i: usize) {
        let (kind, mut current) = {
            let numbers = numbers_mut(&mut self.best);
            (numbers[i].0, *numbers[i].1)
        };
        let smallest = smallest_allowed(&self.problem.limits, kind);
        for candidate in [smallest, 0] {
            if candidate < current && self.with_number(i, candidate) {
                current = candidate;
            }
        }
        // Both were tried and pass, or `current` is as small as they.
        if current <= smallest || !self.with_number(i, current - 1) {
            return;
        }
        current -= 1;
        let mut passes = smallest;
        while passes + 1 < current && !self.spent() {
            let middle = passes + (current - passes) / 2;
            match self.with_number(i, middle) {
                true => current = middle,
                false => passes = middle,
            }
        }
    }

    /// Keeps the file with its `i`th number set to `value` if it fails.
    fn with_number(&mut self, i: usize, value: u64) -> bool {
        let mut candidate = self.best.clone();
        *numbers_mut(&mut candidate)[i].1 = value;
        self.keep_if_failing(candidate)
    }
}
