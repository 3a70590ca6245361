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
//! * `extension` tries the new heap as an element the quotient has;
//! * `growth` builds and recalibrates the candidates it grows into;
//! * `budget` runs the searches within the states, work and memory
//!   allowed;
//! * `period` proves a period once the heaps repeat long enough.

mod budget;
mod extension;
mod growth;
mod period;

use std::cell::Cell;

use super::memory::Memory;
use super::options::heap_options;
use super::pretension::Pretension;
use super::quotient::{Element, Quotient, MAX_ORDER};
#[cfg(doc)]
use super::search::least_failure;
use super::search::{Tally, STATE_BUDGET};
pub use super::stuck::{word_text, Stuck};
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
    /// The bytes one search's records and table may take, if bounded
    /// ([`Solver::with_search_memory`]).
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
    /// The search of the last heap added (or refused) that kept the most
    /// records.
    largest: Cell<Tally>,
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
            largest: Cell::new(Tally::default()),
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

    /// The same solver, each search's records and table taking at most
    /// `bytes` bytes, as well as its states being at most the state
    /// budget: a search past either stops the heap with
    /// [`Stuck::Search`].
    pub fn with_search_memory(mut self, bytes: usize) -> Solver {
        self.search_memory = Some(bytes);
        self
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

    /// The search of the last heap added, or refused, that kept the most
    /// records: how many states it met, in how many records and bytes.
    pub fn largest_search(&self) -> Tally {
        self.largest.get()
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
        self.largest.set(Tally::default());
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
        let table = self.current.table.products().to_vec();
        let images = self.current.images.iter().map(|&x| x as Element).collect();
        Quotient::from_parts(table, self.current.losing.clone(), images, self.period)
            .expect("a solver's quotient has the shape of one")
    }
}
