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
//!    way; a fixed-size case (a pair, HDU 1848's three heaps) keeps its
//!    size, and a graph is first cut after the last position its pieces
//!    reach;
//! 3. smaller numbers, one at a time: the smallest the limits allow, then
//!    0 (which widened limits may allow), then one less; if one less still
//!    fails, a binary search between the largest value known to pass and
//!    the number finds the smallest that fails, when failing is monotone
//!    in the number (a heap past a threshold), and some smaller failing
//!    number otherwise.
//!
//! Passes repeat until one changes nothing or `budget` calls are spent; the
//! counts in the file follow the lists ([`TestFile::write`]). A candidate
//! equal to the file kept is never tried.

use std::ops::Range;

use super::parts::{fewest, len, numbers_mut, parts, remove, smallest_allowed, trimmed_graph};
use super::test_file::TestFile;
use crate::problem::Problem;

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
    loop {
        shrinker.changed = false;
        shrinker.drop_cases();
        shrinker.drop_parts();
        shrinker.lower_numbers();
        if !shrinker.changed || shrinker.spent() {
            break;
        }
    }
    Shrunk {
        test: shrinker.best,
        runs: shrinker.runs,
    }
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
        self.drop_chunks(0, &|test| test.cases.len(), &|test, range| {
            test.cases.drain(range);
        });
    }

    /// Drops items of each list of each case, outer lists first, then cuts
    /// a graph's unreachable positions.
    fn drop_parts(&mut self) {
        let layout = self.problem.layout;
        let mut case = 0;
        while case < self.best.cases.len() && !self.spent() {
            let mut index = 0;
            while let Some(&part) = parts(&self.best.cases[case], layout).get(index) {
                self.drop_chunks(
                    fewest(part, layout),
                    &|test| len(&test.cases[case], part, layout),
                    &|test, range| remove(&mut test.cases[case], part, range, layout),
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
    /// halves first, then chunks half as long, down to single items.
    fn drop_chunks(
        &mut self,
        fewest: usize,
        len: &dyn Fn(&TestFile) -> usize,
        remove: &dyn Fn(&mut TestFile, Range<usize>),
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
                start = end;
            }
            if size == 1 || self.spent() {
                return;
            }
            size /= 2;
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
