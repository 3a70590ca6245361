//! The budgets a heap is added within: the states a search may keep, the
//! work all searches and candidates may take, and the memory.

use super::super::monoid::Table;
use super::super::pretension::Letter;
use std::cell::Cell;

use super::super::search::{least_failure, Limits, Stopped, Tally, Word};
use super::{Solver, Stuck};

impl Solver {
    /// [`least_failure`] within the budgets, for heap `heap`: the work
    /// budget left bounds the search too, and which one it passed names
    /// the refusal.
    pub(super) fn search(
        &self,
        heap: usize,
        table: &Table,
        losing: &[bool],
        letters: &[Letter],
        new_letter: bool,
    ) -> Result<Option<Word>, Stuck> {
        let left = self.work_budget.saturating_sub(self.work.get());
        let tally = Cell::new(Tally::default());
        let states = self.budget.max(1);
        let limits = Limits {
            states: states.min(left),
            bytes: self.search_memory.unwrap_or(usize::MAX),
            memory: &self.memory,
            interrupt: self.interrupt,
            tally: Some(&tally),
        };
        let found = least_failure(table, losing, letters, new_letter, limits);
        if tally.get().kept >= self.largest.get().kept {
            self.largest.set(tally.get());
        }
        match found {
            Ok(searched) => {
                self.charge(heap, searched.states)?;
                Ok(searched.failure)
            }
            Err(Stopped::Memory) => Err(self.over(heap)),
            // Past the bytes a search may take, as past the states: the
            // search is too large for this solver.
            Err(Stopped::Bytes) => Err(Stuck::Search {
                heap,
                budget: tally.get().states,
            }),
            Err(Stopped::Interrupted) => Err(Stuck::Interrupted { heap }),
            Err(Stopped::States) if left < states => self.charge(heap, left + 1).map(|()| None),
            Err(Stopped::States) => Err(Stuck::Search {
                heap,
                budget: states,
            }),
        }
    }

    /// The refusal of heap `heap` for want of memory.
    pub(super) fn over(&self, heap: usize) -> Stuck {
        Stuck::Memory {
            heap,
            budget: self.memory.budget(),
        }
    }

    /// Adds `steps` to the work done; past the work budget, the refusal
    /// at heap `heap`.
    pub(super) fn charge(&self, heap: usize, steps: usize) -> Result<(), Stuck> {
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
}
