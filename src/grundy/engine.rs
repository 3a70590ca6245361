//! Computing `G(n)` from `G(0) … G(n-1)`: the naive mex over every option,
//! and the sparse space.
//!
//! # The naive mex
//!
//! Every option of a heap of `n` is marked and the smallest unmarked value
//! is `G(n)`. Removals that leave one heap cost one lookup each, but the
//! moves that leave two heaps `a + b = n - i` cost `(n - i) / 2` lookups
//! each, so a sequence of `N` values costs about `N²/4` per splitting digit.
//!
//! # The sparse space
//!
//! With a split of the values into common and rare ones (`split`),
//! every common option comes from a pair with a rare heap, so the rare
//! heaps give all of them (`rare` lookups a removal). The smallest value
//! that is common in every class and unmarked is then a ceiling on `G(n)`;
//! the unmarked values below it that are not common everywhere are the only
//! candidates left, and they are looked for among all the pairs, stopping
//! as soon as each is found (`check`). Two cheap facts keep that search
//! short:
//!
//! * a split of an even `m` into two equal heaps is worth 0, so 0 is an
//!   option whenever a splitting removal leaves an even number (unless the
//!   parts must differ), and never needs looking for;
//! * the pairs of every removal are visited together, `a = 1, 2, …`,
//!   rather than one removal after another: a candidate that only one
//!   removal's pairs give is then found as early in the search as that
//!   removal allows.
//!
//! Together they make Kayles-like games (0.77: every value's candidates are
//! found within the first few pairs) linear where a search removal by
//! removal, from the first pair, is quadratic.
//!
//! The result is the naive mex's for every split; the split only decides
//! the speed. [`Method::Auto`] keeps the split that costs fewer lookups,
//! rebuilds it as the values' frequencies shift, and computes naively while
//! no split is sparse enough to pay.

use std::time::Duration;

use super::ahead::{Ahead, Tuning};
use super::block::{self, Block};
use super::check::{Candidates, Scan, Scanner};
use super::mex::{Marks, Mex, SmallMarks};
use super::rule::Rule;
use super::sparse;
use super::split::{self, Split, SymbolCounts};
use super::three::PairSets;
use super::values::{with_cells, Cell, Values};
pub use super::work::Work;

/// How values are computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The sparse space where the game has one, else the naive mex.
    #[default]
    Auto,
    /// The naive mex, always.
    Naive,
    /// The sparse space, even where it is no faster (for benchmarks).
    Sparse,
}

impl Method {
    /// The method called `name` (`auto`, `naive`, `sparse`).
    pub fn by_name(name: &str) -> Option<Method> {
        match name {
            "auto" => Some(Method::Auto),
            "naive" => Some(Method::Naive),
            "sparse" => Some(Method::Sparse),
            _ => None,
        }
    }
}

/// The heaps computed naively before a split is first chosen: enough for
/// the choice to mean something. [`Method::Sparse`] chooses much earlier,
/// so that small sequences (the tests') run through the sparse path too.
const CHOOSE_FROM: usize = 1024;
const CHOOSE_FROM_WHEN_FORCED: usize = 16;

/// The rare lookups a heap must cost before blocks pay.
const BLOCK_COST: usize = 64;

/// Computes a nim-sequence one value at a time.
#[derive(Clone, Debug, Default)]
pub struct Engine {
    method: Method,
    mex: Mex,
    /// Bits of the largest value so far: every option value is below
    /// `2^bits`, since xor never sets a bit neither side has.
    bits: u32,
    counts: SymbolCounts,
    split: Option<Split>,
    /// The heap at which the split is next reconsidered.
    next_choice: usize,
    candidates: Candidates,
    block: Block,
    scanner: Scanner,
    pair_sets: Option<PairSets>,
    /// Since the split was last reconsidered.
    work: Work,
    /// Over the whole sequence.
    total: Work,
    /// Threads to compute with: with two or more, a second thread marks
    /// the next block's far pairs and sweeps its early ones ([`Ahead`]).
    threads: usize,
    /// Asked for the threads before each stretch of values instead, where
    /// set ([`Engine::with_threads_by`]).
    threads_by: Option<fn() -> usize>,
    /// Counts the splits taken, so that rows marked ahead under one are
    /// never used under another.
    epoch: u64,
    /// How long the second thread sleeps after each job: zero, but in
    /// tests that play a machine that gives it no core.
    second_thread_delay: Duration,
    /// What the pipeline learned of the machine in the last stretch.
    tuning: Tuning,
}

impl Engine {
    /// An engine that computes with `method`.
    pub fn new(method: Method) -> Engine {
        let first = match method {
            Method::Sparse => CHOOSE_FROM_WHEN_FORCED,
            _ => CHOOSE_FROM,
        };
        Engine {
            method,
            next_choice: first,
            threads: 1,
            ..Engine::default()
        }
    }

    /// The same engine, computing on up to `threads` threads (two are used
    /// at most, in a pipeline of two stages: see `grundy::ahead`). The
    /// values are the same on any number.
    pub fn with_threads(self, threads: usize) -> Engine {
        Engine {
            threads: threads.max(1),
            threads_by: None,
            ..self
        }
    }

    /// The same engine, computing each stretch of values on as many
    /// threads as `threads` says then (such as
    /// `nimstream::parallel::threads_now`, which follows the machine's
    /// load): a run of minutes uses the second core while it is free, and
    /// leaves it while another process has it. It is asked only before a
    /// stretch that could use two.
    pub fn with_threads_by(self, threads: fn() -> usize) -> Engine {
        Engine {
            threads_by: Some(threads),
            ..self
        }
    }

    /// The same engine with a second thread that sleeps `delay` after
    /// each block it marks, as one that gets no core of its own would.
    #[cfg(test)]
    pub(super) fn with_slow_second_thread(self, delay: Duration) -> Engine {
        Engine {
            second_thread_delay: delay,
            ..self
        }
    }

    /// The same engine, whose second thread's rows are always waited for
    /// and used (see `Tuning::patient`): the two-thread path is then taken
    /// for every block however busy the machine.
    #[cfg(test)]
    pub(super) fn with_patient_second_thread(mut self) -> Engine {
        self.tuning.patient = true;
        self
    }

    /// An engine that visits pairs with `scanner` (for tests and benches;
    /// [`Engine::new`] takes the widest the CPU runs).
    pub fn with_scanner(method: Method, scanner: Scanner) -> Engine {
        Engine {
            scanner,
            ..Engine::new(method)
        }
    }

    /// `G(n)` for `n = values.len()`.
    pub fn next(&mut self, rule: &Rule, values: &Values) -> u32 {
        with_cells!(values, g => self.next_in(rule, g))
    }

    /// Appends values to `g` until it holds `until`, or returns the first
    /// value too wide for its cells (not appended).
    pub(super) fn extend<T: Scan + Sync>(
        &mut self,
        rule: &Rule,
        g: &mut Vec<T>,
        until: usize,
    ) -> Option<u32> {
        // The second thread reads `g` while this one appends to it, so `g`
        // must not move: its room is reserved first, or one thread works.
        // One thread works too when the system will not start the second.
        let ahead = !rule.unequal_parts()
            && self.split.as_ref().is_some_and(|s| s.cost() >= BLOCK_COST)
            && self.threads_by.map_or(self.threads, |threads| threads()) > 1
            && g.try_reserve(until.saturating_sub(g.len())).is_ok();
        if ahead {
            return std::thread::scope(|scope| {
                let tuning = std::mem::take(&mut self.tuning);
                let mut ahead = Ahead::start(scope, self.second_thread_delay, tuning);
                let wide = self.extend_with(rule, g, until, ahead.as_mut());
                if let Some(ahead) = ahead {
                    self.tuning = ahead.tuning();
                    self.total.waited_blocks += ahead.waits;
                    self.total.taken_blocks += ahead.taken_over;
                    self.total.alone_blocks += ahead.alone;
                }
                wide
            });
        }
        self.extend_with(rule, g, until, None)
    }

    fn extend_with<T: Scan + Sync>(
        &mut self,
        rule: &Rule,
        g: &mut Vec<T>,
        until: usize,
        mut ahead: Option<&mut Ahead<T>>,
    ) -> Option<u32> {
        while g.len() < until {
            if self.blocks_pay(rule, g.len()) {
                if let Some(wide) = self.extend_block(rule, g, until, ahead.as_deref_mut()) {
                    return Some(wide);
                }
                continue;
            }
            let value = self.next_in(rule, g);
            if value > T::MAX {
                return Some(value);
            }
            g.push(T::narrow(value));
        }
        None
    }

    /// Whether heaps from `n` on are best computed a [`Block`] at a time:
    /// with a split of many rare heaps, far enough into the sequence.
    fn blocks_pay(&self, rule: &Rule, n: usize) -> bool {
        n >= 16 * block::HEAPS
            && n < self.next_choice
            && !rule.unequal_parts()
            && self.split.as_ref().is_some_and(|s| s.cost() >= BLOCK_COST)
    }

    /// The heaps of the block from `n0`: up to [`block::HEAPS`], below
    /// `until` and the next choice of split.
    fn block_len(&self, n0: usize, until: usize) -> usize {
        block::HEAPS
            .min(until.saturating_sub(n0))
            .min(self.next_choice.saturating_sub(n0))
    }

    /// Computes up to [`block::HEAPS`] values, below `until`, with the pairs
    /// of the old rare heaps marked for all of them first; stops early when
    /// a value needs another bit, or returns one too wide for `T`.
    fn extend_block<T: Scan + Sync>(
        &mut self,
        rule: &Rule,
        g: &mut Vec<T>,
        until: usize,
        mut ahead: Option<&mut Ahead<T>>,
    ) -> Option<u32> {
        let n0 = g.len();
        let len = self.block_len(n0, until);
        let bits = self.bits;
        let prepared = ahead
            .as_deref_mut()
            .and_then(|ahead| ahead.take(n0, len, bits, self.epoch));
        let (mut rows, done) = match prepared {
            Some(prepared) => {
                self.work.rare_pairs += prepared.marked;
                self.work.ahead_pairs += prepared.marked;
                self.work.swept_pairs += prepared.swept;
                (prepared.rows, prepared.done)
            }
            None => {
                let mut rows = std::mem::take(&mut self.block);
                rows.begin(len, bits);
                (rows, [(0, 0); 2])
            }
        };
        let split = self.split.as_ref().expect("blocks need a split");
        self.work.rare_pairs += rows.prepare(g, split, done);
        let (covered, swept) = (rows.covered, rows.swept);
        let next = n0 + len;
        if let Some(ahead) = ahead.filter(|_| self.blocks_pay(rule, next)) {
            let next_len = self.block_len(next, until);
            if next_len > 0 && ahead.pipelines() {
                let spare = std::mem::take(&mut self.block);
                ahead.send(g, next, next_len, bits, split, self.epoch, spare);
            }
        }
        for j in 0..len {
            let mut marks = rows.row(j);
            mark_one_heap_options(&mut marks, rule, g);
            let split = self.split.as_mut().expect("blocks need a split");
            let value = sparse::value(
                self.scanner,
                &mut marks,
                g,
                split,
                covered,
                swept,
                false,
                bits,
                &mut self.candidates,
                &mut self.work,
            );
            // Recorded before anything else: a value too wide for `T` is
            // pushed by the caller, and the next block's rows are as wide
            // as the values recorded.
            self.record(n0 + j, value);
            if value > T::MAX {
                self.block = rows;
                return Some(value);
            }
            g.push(T::narrow(value));
            if self.bits != bits {
                break;
            }
        }
        self.block = rows;
        None
    }

    /// `G(n)` for `n = g.len()`.
    pub(super) fn next_in<T: Scan>(&mut self, rule: &Rule, g: &[T]) -> u32 {
        let n = g.len();
        if n >= self.next_choice && rule.max_parts() == 2 {
            self.reconsider(rule, g);
        }
        let value = self.value(rule, g);
        self.record(n, value);
        value
    }

    /// Takes in `values`, the first values of the sequence, computed
    /// elsewhere (a checkpoint's): the counts and widths they give, with no
    /// split yet, which the next value's choice builds from them.
    pub fn learn(&mut self, values: &Values) {
        for n in 0..values.len() {
            self.record(n, values.get(n));
        }
    }

    /// Counts `G(n) = value` and tells the split.
    fn record(&mut self, n: usize, value: u32) {
        let bits = 32 - value.leading_zeros();
        if bits > self.bits {
            self.bits = bits;
            if let Some(split) = &mut self.split {
                split::widen(split, bits);
            }
        }
        self.counts.add(n, value);
        if let Some(split) = &mut self.split {
            split.record(n, value);
        }
    }

    /// What the engine is doing, in a few words, for `--stats`.
    pub fn describe(&self) -> String {
        let total = self.total_work();
        let work = format!(
            "{} rare pairs ({} marked ahead), {} checked pairs ({} swept ahead), {} rebuilds, \
             {} blocks waited for the second thread, {} taken back from it and {} marked alone \
             while it had no core",
            total.rare_pairs,
            total.ahead_pairs,
            total.checked_pairs,
            total.swept_pairs,
            total.rebuilds,
            total.waited_blocks,
            total.taken_blocks,
            total.alone_blocks,
        );
        match self.pair_sets {
            Some(_) => self.brief(),
            None => format!("{} ({work})", self.brief()),
        }
    }

    /// The method and the split, shortly, for a progress line.
    pub fn brief(&self) -> String {
        if self.pair_sets.is_some() {
            return "pair sets (three-heap moves)".to_string();
        }
        match &self.split {
            None => "naive mex".to_string(),
            Some(split) => format!(
                "sparse space{}, {} rare heaps",
                if split.by_parity() {
                    " with heap parity"
                } else {
                    ""
                },
                split.rare_heaps(),
            ),
        }
    }

    /// The work done over the whole sequence.
    pub fn total_work(&self) -> Work {
        let (a, b) = (self.total, self.work);
        Work {
            rare_pairs: a.rare_pairs + b.rare_pairs,
            checked_pairs: a.checked_pairs + b.checked_pairs,
            naive_pairs: a.naive_pairs + b.naive_pairs,
            ahead_pairs: a.ahead_pairs + b.ahead_pairs,
            swept_pairs: a.swept_pairs + b.swept_pairs,
            rebuilds: a.rebuilds,
            waited_blocks: a.waited_blocks,
            taken_blocks: a.taken_blocks,
            alone_blocks: a.alone_blocks,
        }
    }

    fn value<T: Scan>(&mut self, rule: &Rule, g: &[T]) -> u32 {
        if rule.max_parts() == 3 {
            return self.value_by_pair_sets(rule, g);
        }
        if self.bits <= 6 {
            let mut marks = SmallMarks(0);
            return self.value_with(&mut marks, rule, g);
        }
        let mut mex = std::mem::take(&mut self.mex);
        mex.begin(self.bits);
        let value = self.value_with(&mut mex, rule, g);
        self.mex = mex;
        value
    }

    /// `G(n)`, marking options in `marks`.
    #[inline(always)]
    fn value_with<T: Scan, M: Marks>(&mut self, marks: &mut M, rule: &Rule, g: &[T]) -> u32 {
        let n = g.len();
        mark_one_heap_options(marks, rule, g);
        if let Some(split) = &mut self.split {
            return sparse::value(
                self.scanner,
                marks,
                g,
                split,
                [(0, 0); 2],
                (0, 0),
                rule.unequal_parts(),
                self.bits,
                &mut self.candidates,
                &mut self.work,
            );
        }
        for &i in rule.leave_two() {
            if i + 2 > n {
                break;
            }
            let m = n - i;
            let last = if rule.unequal_parts() {
                (m - 1) / 2
            } else {
                m / 2
            };
            self.work.naive_pairs += last as u64;
            for a in 1..=last {
                marks.mark(g[a].get() ^ g[m - a].get());
            }
        }
        marks.first_absent_from(0)
    }

    fn value_by_pair_sets<T: Cell>(&mut self, rule: &Rule, g: &[T]) -> u32 {
        let n = g.len();
        self.mex.begin(self.bits);
        mark_one_heap_options(&mut self.mex, rule, g);
        let sets = self.pair_sets.get_or_insert_with(PairSets::default);
        sets.extend(g, self.bits);
        for &i in rule.leave_two() {
            if i + 2 <= n {
                sets.mark_two(n - i, &mut self.mex);
            }
        }
        for &i in rule.leave_three() {
            if i + 3 <= n {
                sets.mark_three(g, n - i, self.bits, &mut self.mex);
            }
        }
        self.mex.first_absent_from(0)
    }

    /// Chooses the split anew from the counts, and keeps it if it saves
    /// enough lookups to pay for listing the rare heaps again; or goes
    /// naive when no split pays.
    fn reconsider<T: Cell>(&mut self, rule: &Rule, g: &[T]) {
        let n = g.len();
        self.next_choice = n + (n / 16).max(256);
        if self.method == Method::Naive || self.bits > 20 {
            return;
        }
        let work = std::mem::take(&mut self.work);
        self.total.rare_pairs += work.rare_pairs;
        self.total.checked_pairs += work.checked_pairs;
        self.total.naive_pairs += work.naive_pairs;
        self.total.ahead_pairs += work.ahead_pairs;
        self.total.swept_pairs += work.swept_pairs;
        if self.method == Method::Auto
            && self.split.is_some()
            && (work.rare_pairs + work.checked_pairs) * 10 > work.naive_pairs * 7
        {
            // Not sparse enough to pay this time; naive until the next
            // choice, which tries the sparse space again.
            self.split = None;
            self.epoch += 1;
            return;
        }
        let Some((mut chosen, cost)) = split::choose(rule.leave_two(), &self.counts, self.bits)
        else {
            return;
        };
        let naive: usize = rule
            .leave_two()
            .iter()
            .map(|&b| n.saturating_sub(b) / 2)
            .sum();
        if self.method == Method::Auto && cost * 2 > naive {
            self.split = None;
            self.epoch += 1;
            return;
        }
        let now = self.split.as_ref().map_or(usize::MAX, Split::cost);
        if cost.saturating_mul(11) / 10 + 8 < now {
            split::fill_rare(&mut chosen, g);
            self.split = Some(chosen);
            self.epoch += 1;
            self.total.rebuilds += 1;
        }
    }
}

/// Marks the options of the moves that leave no heap or one heap.
#[inline(always)]
fn mark_one_heap_options<T: Cell, M: Marks>(marks: &mut M, rule: &Rule, g: &[T]) {
    let n = g.len();
    if rule.takes_all(n) {
        marks.mark(0);
    }
    for &i in rule.leave_one() {
        if i >= n {
            break;
        }
        marks.mark(g[n - i].get());
    }
}
