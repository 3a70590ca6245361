//! The quotient of a rule's heaps, found one heap at a time.
//!
//! The quotient of heaps `0..n` and its pretending function are known; heap
//! `n` is added. First as a *conservative extension*: heap `n` may act as an
//! element the quotient already has, which is tried for each element whose
//! outcome alone matches the heap's, cheapest test first (the least word of
//! each element beside the heap), then by [`least_failure`] over the words
//! that hold the heap. Otherwise the quotient grows: a candidate product
//! of the old quotient and a cyclic monoid `x⁴ = x²` for the new heap is
//! marked, reduced and searched; while the search finds a wrong claim, the
//! heaps of that word are given cyclic monoids of their own, large enough
//! for the word's powers (the fewest heaps first), until one candidate
//! claims that word rightly, and the search runs again. This follows the
//! course Plambeck and Siegel's MisereSolver takes (*Misère quotients for
//! impartial games*, 2008); whatever course is taken, the quotient that
//! comes out is the one [`least_failure`] found no wrong claim in, which
//! is what proves it.
//!
//! A period is proven as for normal play: when `Φ(k + p) = Φ(k)` for every
//! `k` from `n0` to the last heap, and the heaps reach the bound of
//! [`proof_length`], heap `k ≥ bound` has the same element and the same
//! option elements as heap `k - p` (its moves' larger parts fall in the
//! periodic range, by induction), so it acts exactly as heap `k - p` in
//! every position, and the quotient and `Φ` hold for every heap.

use std::cell::Cell;
use std::sync::Arc;

use super::memory::{vector, Held, Memory, OverBudget};
use super::monoid::{Factor, Product, Table};
use super::options::heap_options;
use super::pretension::{letters, mark, reduce, Letter, Monoid, Pretension};
use super::quotient::{Element, Quotient, MAX_ORDER};
use super::search::{least_failure, state_bytes, Limits, Stopped, Word, STATE_BUDGET};
pub use super::stuck::{word_text, Stuck};
use super::stuck::{CANDIDATE_LIMIT, ROUNDS};
use crate::grundy::period::proof_length;
use crate::grundy::{Period, Rule};

/// Heaps searched for a period when no bound is given: enough for every
/// period proven in the tests (Kayles needs 170), few enough that a rule
/// whose quotient keeps growing is refused in minutes, not hours.
pub const DEFAULT_HEAPS: usize = 400;

/// The quotient of a rule's heaps, one heap at a time.
pub struct Solver {
    rule: Rule,
    options: Vec<Vec<Vec<usize>>>,
    current: Pretension,
    /// The heaps at which the quotient grew, with its order after.
    growth: Vec<(usize, usize)>,
    /// For each `p`, how many heaps up to the last have `Φ(k) = Φ(k - p)`
    /// in a row.
    runs: Vec<usize>,
    period: Option<Period>,
    /// The states one search may keep.
    budget: usize,
    /// The bytes one search's states may take, if bounded: a state holds
    /// a bit for each element of the quotient searched, so a larger
    /// quotient keeps fewer states ([`Solver::with_search_memory`]).
    search_memory: Option<usize>,
    /// The steps all searches and candidates together may take: a bound
    /// on time ([`Solver::with_work_budget`]).
    work_budget: usize,
    /// The steps taken so far (searches are run from methods that only
    /// read the solver, hence a cell).
    work: Cell<usize>,
    /// What the tables may take ([`Solver::with_memory`]).
    memory: Memory,
    /// The bytes taken for `current`.
    resident: usize,
    /// Whether the heap being added is to be given up.
    interrupt: Option<fn() -> bool>,
}

impl Solver {
    /// A solver that knows heap 0 (the empty heap, the identity).
    pub fn new(rule: Rule) -> Solver {
        let mut current = Pretension::trivial();
        current.images.push(0);
        Solver {
            options: vec![heap_options(&rule, 0)],
            rule,
            current,
            growth: Vec::new(),
            runs: vec![0],
            period: None,
            budget: STATE_BUDGET,
            search_memory: None,
            work_budget: usize::MAX,
            work: Cell::new(0),
            memory: Memory::unbounded(),
            resident: 0,
            interrupt: None,
        }
        .holding_current()
    }

    /// Takes from the memory budget what `current` holds, when it fits;
    /// a budget too small for it leaves it unaccounted, and the next heap
    /// that needs anything stops.
    fn holding_current(mut self) -> Solver {
        self.memory.give(self.resident);
        self.resident = 0;
        let bytes = self.current.bytes();
        if self.memory.take(bytes).is_ok() {
            self.resident = bytes;
        }
        self
    }

    /// A solver that knows what `current` says of heaps
    /// `0..current.images.len()`, its quotient grown at `growth`, after
    /// `work` steps: one carried on from a checkpoint
    /// ([`super::checkpoint`]), which adds the next heaps as the solver
    /// it was saved from would have.
    pub(super) fn resumed(
        rule: Rule,
        current: Pretension,
        growth: Vec<(usize, usize)>,
        work: usize,
    ) -> Solver {
        let mut solver = Solver::new(rule);
        solver.options = (0..current.images.len())
            .map(|heap| heap_options(&solver.rule, heap))
            .collect();
        solver.current = current;
        solver.growth = growth;
        solver.work.set(work);
        // The runs of equal elements, and the period, follow from `Φ`.
        solver.track_period(true);
        solver.holding_current()
    }

    /// The quotient, `Φ` and the least words' targets it keeps.
    pub(super) fn current(&self) -> &Pretension {
        &self.current
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The same solver, its tables (the quotient it keeps, a search's
    /// states, a candidate's marking and reduction) taking at most about
    /// `bytes` bytes: a heap that would need more is refused with
    /// [`Stuck::Memory`], and the solver keeps the heaps before it.
    pub fn with_memory(mut self, bytes: usize) -> Solver {
        self.memory = Memory::new(bytes);
        self.resident = 0;
        self.holding_current()
    }

    /// The same solver, giving up the heap it is adding with
    /// [`Stuck::Interrupted`] when `asked` returns true (it is called
    /// every few thousand states a search meets).
    pub fn with_interrupt(mut self, asked: fn() -> bool) -> Solver {
        self.interrupt = Some(asked);
        self
    }

    /// The memory budget and the most its tables took at once.
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// The same solver, its searches keeping at most `states` states.
    pub fn with_state_budget(mut self, states: usize) -> Solver {
        self.budget = states;
        self
    }

    /// The same solver, each search's states taking about `bytes` bytes
    /// at most, as well as being at most the state budget.
    pub fn with_search_memory(mut self, bytes: usize) -> Solver {
        self.search_memory = Some(bytes);
        self
    }

    /// The states a search of a quotient of `order` elements may keep.
    fn state_limit(&self, order: usize) -> usize {
        let bytes = state_bytes(order);
        let by_memory = self.search_memory.map_or(usize::MAX, |m| m / bytes);
        self.budget.min(by_memory).max(1)
    }

    /// The same solver, taking at most `steps` steps over every heap
    /// added (unbounded by default): a step is a state a search meets, or
    /// an element times a letter of a candidate reduced. Those take
    /// nearly all of a quotient's time, so this bounds the time (and the
    /// candidates' memory), where the state budget bounds a search's
    /// memory; unlike a clock, it stops at the same heap on every machine.
    pub fn with_work_budget(mut self, steps: usize) -> Solver {
        self.work_budget = steps;
        self
    }

    /// The steps taken so far ([`Solver::with_work_budget`]).
    pub fn work(&self) -> usize {
        self.work.get()
    }

    /// How many heaps are known: `0..heaps()`.
    pub fn heaps(&self) -> usize {
        self.current.images.len()
    }

    /// The order of the quotient of the heaps known.
    pub fn order(&self) -> usize {
        self.current.losing.len()
    }

    /// The heaps at which the quotient grew, and its order after each.
    pub fn growth(&self) -> &[(usize, usize)] {
        &self.growth
    }

    /// The period proven so far, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Adds the next heap; after an error the solver is as it was, but for
    /// the work spent.
    pub fn add_heap(&mut self) -> Result<(), Stuck> {
        let heap = self.heaps();
        self.options.push(heap_options(&self.rule, heap));
        let grew = self.place(heap).inspect_err(|_| {
            self.options.pop();
        })?;
        self.track_period(grew);
        Ok(())
    }

    /// Gives heap `heap` its element; whether the quotient grew for it.
    fn place(&mut self, heap: usize) -> Result<bool, Stuck> {
        if self.options[heap].is_empty() {
            self.current.images.push(0);
            return Ok(false);
        }
        if let Some(x) = self.conservative(heap)? {
            self.current.images.push(x);
            return Ok(false);
        }
        let grown = self.grow(heap)?;
        if grown.losing.len() > MAX_ORDER {
            return Err(Stuck::TooLarge {
                heap,
                order: grown.losing.len(),
            });
        }
        // The old quotient is still held: both are, until it is dropped.
        let bytes = grown.bytes();
        self.memory.take(bytes).map_err(|_| self.over(heap))?;
        self.current = grown;
        self.memory.give(self.resident);
        self.resident = bytes;
        self.growth.push((heap, self.order()));
        Ok(true)
    }

    /// The quotient of the heaps known, with the period if one is proven.
    pub fn quotient(&self) -> Quotient {
        let table = self
            .current
            .table
            .products()
            .iter()
            .map(|&x| x as Element)
            .collect();
        let images = self.current.images.iter().map(|&x| x as Element).collect();
        Quotient::from_parts(table, self.current.losing.clone(), images, self.period)
            .expect("a solver's quotient has the shape of one")
    }

    /// An element of the quotient heap `heap` can act as, if any.
    fn conservative(&self, heap: usize) -> Result<Option<u32>, Stuck> {
        let current = &self.current;
        let table = &*current.table;
        let targets = option_images(table, &current.images, &self.options[heap]);
        let lost_alone = targets.iter().all(|&t| !current.losing[t as usize]);
        let mut images = current.images.clone();
        images.push(0);
        let candidates = (0..table.order() as u32)
            .filter(|&x| current.losing[x as usize] == lost_alone)
            .filter(|&x| self.beside_least_words(x, &targets));
        for x in candidates {
            images[heap] = x;
            let letters = letters(table, &images, &self.options);
            // A heap that acts as a smaller one adds no position.
            if letters.last().is_none_or(|l| l.heap != heap) {
                return Ok(Some(x));
            }
            let failure = self.search(heap, table, &current.losing, &letters, true)?;
            if failure.is_none() {
                return Ok(Some(x));
            }
        }
        Ok(None)
    }

    /// Whether, with the new heap as `x`, each element's least word beside
    /// the heap is claimed rightly: a quick test most wrong `x` fail.
    fn beside_least_words(&self, x: u32, heap_targets: &[u32]) -> bool {
        let current = &self.current;
        let letter = Letter {
            heap: 0,
            image: x,
            targets: heap_targets.to_vec(),
        };
        current
            .least_targets
            .iter()
            .enumerate()
            .all(|(y, targets)| {
                let next = super::pretension::step(&*current.table, y as u32, targets, &letter);
                let lost = !next.is_empty() && next.iter().all(|&t| !current.losing[t as usize]);
                lost == current.losing[current.table.product(y as u32, x) as usize]
            })
    }

    /// The quotient once heap `heap` is given an element of its own.
    fn grow(&self, heap: usize) -> Result<Pretension, Stuck> {
        let old = Factor::Table(self.current.table.clone());
        let product = Product::new(
            vec![
                old,
                Factor::Cyclic {
                    index: 2,
                    period: 2,
                },
            ],
            CANDIDATE_LIMIT,
        )
        .ok_or_else(|| Stuck::TooLarge {
            heap,
            order: self.order() * 4,
        })?;
        let mut images: Vec<u32> = self
            .current
            .images
            .iter()
            .map(|&x| product.embed(0, x))
            .collect();
        images.push(product.embed(1, 1));
        let (mut trial, mut _held) = self.build(heap, &product, &images)?;
        for _ in 0..ROUNDS {
            let letters = letters(&*trial.table, &trial.images, &self.options);
            let failure = self.search(heap, &trial.table, &trial.losing, &letters, false)?;
            match failure {
                None => return Ok(trial),
                Some(word) => (trial, _held) = self.recalibrate(&trial, heap, word)?,
            }
        }
        Err(Stuck::Rounds { heap })
    }

    /// [`least_failure`] within the budgets, for heap `heap`: the work
    /// budget left bounds the search too, and which one it passed names
    /// the refusal.
    fn search(
        &self,
        heap: usize,
        table: &Table,
        losing: &[bool],
        letters: &[Letter],
        new_letter: bool,
    ) -> Result<Option<Word>, Stuck> {
        let left = self.work_budget.saturating_sub(self.work.get());
        let states = self.state_limit(table.order());
        let limits = Limits {
            states: states.min(left),
            memory: &self.memory,
            interrupt: self.interrupt,
        };
        let found = least_failure(table, losing, letters, new_letter, limits);
        match found {
            Ok(searched) => {
                self.charge(heap, searched.states)?;
                Ok(searched.failure)
            }
            Err(Stopped::Memory) => Err(self.over(heap)),
            Err(Stopped::Interrupted) => Err(Stuck::Interrupted { heap }),
            Err(Stopped::States) if left < states => self.charge(heap, left + 1).map(|()| None),
            Err(Stopped::States) => Err(Stuck::Search {
                heap,
                budget: states,
            }),
        }
    }

    /// The refusal of heap `heap` for want of memory.
    fn over(&self, heap: usize) -> Stuck {
        Stuck::Memory {
            heap,
            budget: self.memory.budget(),
        }
    }

    /// The candidate `monoid` makes of the heaps, for heap `heap`, and the
    /// memory it holds. Its reduction keeps a product for each element
    /// reached and letter: those are charged to the work budget first, so
    /// that a candidate of millions of elements is refused before it takes
    /// gigabytes.
    fn build<M: Monoid>(
        &self,
        heap: usize,
        monoid: &M,
        images: &[u32],
    ) -> Result<(Pretension, Held<'_>), Stuck> {
        let over = |_: OverBudget| self.over(heap);
        let letters = letters(monoid, images, &self.options);
        let marking = mark(monoid, &letters, &self.memory).map_err(over)?;
        self.charge(heap, marking.order.len().saturating_mul(letters.len()))?;
        let pretension = reduce(monoid, &marking, &letters, images, &self.memory).map_err(over)?;
        drop(marking);
        let mut held = Held::new(&self.memory);
        held.grow(pretension.bytes()).map_err(over)?;
        Ok((pretension, held))
    }

    /// Adds `steps` to the work done; past the work budget, the refusal
    /// at heap `heap`.
    fn charge(&self, heap: usize, steps: usize) -> Result<(), Stuck> {
        let work = self.work.get().saturating_add(steps);
        if work > self.work_budget {
            self.work.set(self.work_budget);
            return Err(Stuck::Work {
                heap,
                budget: self.work_budget,
            });
        }
        self.work.set(work);
        Ok(())
    }

    /// A candidate that claims `word` rightly: the trial's own claim for
    /// it is wrong, and every smaller word's is right.
    fn recalibrate(
        &self,
        trial: &Pretension,
        heap: usize,
        word: Word,
    ) -> Result<(Pretension, Held<'_>), Stuck> {
        let table = &*trial.table;
        let should_lose = !trial.losing[word_element(table, &trial.images, &word) as usize];
        let involved: Vec<(usize, u32)> = word.clone();
        for size in 1..=involved.len() {
            for chosen in combinations(involved.len(), size) {
                let own: Vec<(usize, u32)> = chosen.iter().map(|&i| involved[i]).collect();
                let mut base_held = Held::new(&self.memory);
                let Some((product, images)) = self.separate(trial, &own, &mut base_held)? else {
                    continue;
                };
                let (candidate, held) = self.build(heap, &product, &images)?;
                let element = word_element(&*candidate.table, &candidate.images, &word);
                if candidate.losing[element as usize] == should_lose {
                    return Ok((candidate, held));
                }
            }
        }
        Err(Stuck::NoCandidate { heap, word })
    }

    /// The candidate where each heap of `own` gets a cyclic monoid of its
    /// own, beside the submonoid the other heaps generate in `trial`, its
    /// table held in `held`; `None` when it has too many elements.
    fn separate(
        &self,
        trial: &Pretension,
        own: &[(usize, u32)],
        held: &mut Held,
    ) -> Result<Option<(Product, Vec<u32>)>, Stuck> {
        let table = &*trial.table;
        let heap = trial.images.len() - 1;
        // The submonoid is at most the whole table: that is taken first,
        // and what it does not need given back.
        let most = vector::<u32>(table.order() * table.order()) + vector::<u32>(table.order());
        held.grow(most).map_err(|_| self.over(heap))?;
        let is_own = |h: usize| own.iter().any(|&(o, _)| o == h);
        let generators: Vec<u32> = (0..trial.images.len())
            .filter(|&h| !is_own(h) && !self.options[h].is_empty())
            .map(|h| trial.images[h])
            .collect();
        let (base, new_of) = table.generated_by(&generators);
        held.shrink(most - vector::<u32>(base.order() * base.order()));
        let mut factors = vec![Factor::Table(Arc::new(base))];
        for &(h, copies) in own {
            let (index, period) = table.index_and_period(trial.images[h]);
            let index = index.max(copies.saturating_sub(1)).max(1);
            let period = lcm(period, 2.max(2 * (index.saturating_sub(4) / 2)));
            factors.push(Factor::Cyclic { index, period });
        }
        let Some(product) = Product::new(factors, CANDIDATE_LIMIT) else {
            return Ok(None);
        };
        let images = (0..trial.images.len())
            .map(|h| match own.iter().position(|&(o, _)| o == h) {
                Some(j) => product.embed(j + 1, 1),
                None if self.options[h].is_empty() => 0,
                None => product.embed(0, new_of[trial.images[h] as usize]),
            })
            .collect();
        Ok(Some((product, images)))
    }

    /// Updates the runs of equal elements and looks for a proven period.
    fn track_period(&mut self, grew: bool) {
        let images = &self.current.images;
        let last = images.len() - 1;
        if grew {
            self.runs = vec![0; last + 1];
            for k in 1..=last {
                for p in 1..=k {
                    self.runs[p] = if images[k] == images[k - p] {
                        self.runs[p] + 1
                    } else {
                        0
                    };
                }
            }
        } else {
            self.runs.push(0);
            for p in 1..=last {
                self.runs[p] = if images[last] == images[last - p] {
                    self.runs[p] + 1
                } else {
                    0
                };
            }
        }
        if self.period.is_some() {
            return;
        }
        let splits = self.rule.max_parts() > 1;
        self.period = (1..=last).find_map(|p| {
            let run = self.runs[p];
            if run == 0 {
                return None;
            }
            // Pairs (k, k + p) agree for k from n0 to last - p.
            let n0 = last + 1 - p - run;
            let proof_from = if splits { n0.max(1) } else { n0 };
            (proof_length(&self.rule, proof_from, p) <= last + 1).then_some(Period {
                preperiod: n0 as u64,
                period: p as u64,
            })
        });
    }
}

fn option_images(table: &Table, images: &[u32], options: &[Vec<usize>]) -> Vec<u32> {
    let mut targets: Vec<u32> = options
        .iter()
        .map(|parts| {
            parts
                .iter()
                .fold(0, |acc, &part| table.product(acc, images[part]))
        })
        .collect();
    targets.sort_unstable();
    targets.dedup();
    targets
}

fn word_element<M: Monoid>(monoid: &M, images: &[u32], word: &Word) -> u32 {
    word.iter().fold(0, |acc, &(heap, copies)| {
        (0..copies).fold(acc, |acc, _| monoid.product(acc, images[heap]))
    })
}

fn lcm(a: u32, b: u32) -> u32 {
    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    a / gcd(a, b) * b
}

/// Each `size`-subset of `0..n`, in lexicographic order.
fn combinations(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut all = Vec::new();
    let mut chosen: Vec<usize> = (0..size).collect();
    loop {
        all.push(chosen.clone());
        let Some(i) = (0..size).rev().find(|&i| chosen[i] < n - size + i) else {
            return all;
        };
        chosen[i] += 1;
        for j in i + 1..size {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}
