//! Why a solver could not add a heap: each limit it gives up at, and what
//! it says of it.

use std::fmt;

use super::memory::Bytes;
use super::quotient::MAX_ORDER;
use super::search::Word;

/// The most elements a candidate product may have.
pub const CANDIDATE_LIMIT: usize = 1 << 22;

/// How many wrong claims one heap may correct before the search gives up.
pub const ROUNDS: usize = 400;

/// Why no quotient was found for a heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// No candidate within the candidates' limit of elements claims a word
    /// rightly.
    NoCandidate {
        /// The heap being added.
        heap: usize,
        /// The word claimed wrongly.
        word: Word,
    },
    /// The quotient would have more elements than an [`Element`](super::Element) holds.
    TooLarge {
        /// The heap being added.
        heap: usize,
        /// Its order.
        order: usize,
    },
    /// A search of the positions met more states than it may keep.
    Search {
        /// The heap being added.
        heap: usize,
        /// The states it may keep.
        budget: usize,
    },
    /// The rounds of corrections allowed did not make every claim right.
    Rounds {
        /// The heap being added.
        heap: usize,
    },
    /// The tables the heap needs (a search's states, a candidate's
    /// marking and reduction, or the quotient itself) would pass the
    /// solver's memory budget ([`Solver::with_memory`](super::Solver::with_memory)).
    Memory {
        /// The heap being added.
        heap: usize,
        /// The budget, in bytes.
        budget: usize,
    },
    /// The solver was asked to stop
    /// ([`Solver::with_interrupt`](super::Solver::with_interrupt)).
    Interrupted {
        /// The heap being added.
        heap: usize,
    },
    /// The searches and candidates for all the heaps so far took more
    /// steps, together, than the solver's work budget
    /// ([`Solver::with_work_budget`](super::Solver::with_work_budget)).
    Work {
        /// The heap being added.
        heap: usize,
        /// The work budget, in steps.
        budget: usize,
    },
}

impl Stuck {
    /// The heap the solver was adding.
    pub fn heap(&self) -> usize {
        match *self {
            Stuck::NoCandidate { heap, .. }
            | Stuck::TooLarge { heap, .. }
            | Stuck::Search { heap, .. }
            | Stuck::Rounds { heap }
            | Stuck::Memory { heap, .. }
            | Stuck::Interrupted { heap }
            | Stuck::Work { heap, .. } => heap,
        }
    }
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stuck::NoCandidate { heap, word } => write!(
                f,
                "at heap {heap}, no candidate of at most {CANDIDATE_LIMIT} elements claims the position {} rightly",
                word_text(word)
            ),
            Stuck::TooLarge { heap, order } => write!(
                f,
                "at heap {heap} the quotient has {order} elements, more than {MAX_ORDER}"
            ),
            Stuck::Search { heap, budget } => write!(
                f,
                "at heap {heap}, the search of positions passed {budget} states"
            ),
            Stuck::Rounds { heap } => {
                write!(f, "at heap {heap}, {ROUNDS} corrections did not settle the quotient")
            }
            Stuck::Memory { heap, budget } => write!(
                f,
                "at heap {heap}, the quotient's tables would pass the memory budget of {}",
                Bytes(*budget)
            ),
            Stuck::Interrupted { heap } => write!(f, "at heap {heap}, asked to stop"),
            Stuck::Work { heap, budget } => write!(
                f,
                "at heap {heap}, the quotient passed its work budget of {budget} steps \
                 (states searched and candidate products, over all heaps)"
            ),
        }
    }
}

/// A word as text: heaps with their copies, `3 3 5`.
pub fn word_text(word: &Word) -> String {
    let heaps: Vec<String> = word
        .iter()
        .flat_map(|&(heap, k)| std::iter::repeat_n(heap.to_string(), k as usize))
        .collect();
    heaps.join(" ")
}
