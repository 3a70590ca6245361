//! Whether a pretension is right about every position: the least word of
//! heaps (in the order of [`super::pretension`], largest heap most
//! significant) whose claimed outcome disagrees with the outcomes claimed
//! for its options.
//!
//! There are infinitely many words, but a word's future depends only on its
//! state: its element and the set of its options' elements. Words are
//! visited in order, depth-first, one heap size at a time from the
//! largest; a state already met at the same depth has had every completion
//! by the smaller heaps visited, so it is not visited again, and the
//! powers of a heap stop at the first state met before. The states are
//! finitely many, so the search ends. When it finds nothing, every
//! position's outcome is the one claimed, by induction over the order
//! (each option of a word comes before it). When it finds a word, every
//! smaller word is claimed rightly, so the word's own claim is the wrong
//! one.

use std::collections::HashSet;

use super::monoid::Table;
use super::pretension::Letter;

/// A word of heaps: each heap's size and how many copies, ascending.
pub type Word = Vec<(usize, u32)>;

/// The most states one search keeps by default (a few hundred MB at
/// most): past it the search stops rather than take the machine's memory.
pub const STATE_BUDGET: usize = 3_000_000;

/// A search that met more states than its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyStates;

/// What a search found, and the states it met: the work it took, which a
/// solver adds up to bound the time a quotient may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched {
    /// The least word claimed wrongly, if any.
    pub failure: Option<Word>,
    /// The states met.
    pub states: usize,
}

/// The least word whose claim is wrong; `None` when every claim is right.
/// With `new_letter`, only words holding that letter (the last) are
/// searched: the others were searched before it was added. At most
/// `budget` states are kept.
pub fn least_failure(
    table: &Table,
    losing: &[bool],
    letters: &[Letter],
    new_letter: bool,
    budget: usize,
) -> Result<Searched, TooManyStates> {
    let words = losing.len().div_ceil(64);
    let mut losing_bits = vec![0u64; words];
    for (x, _) in losing.iter().enumerate().filter(|(_, &l)| l) {
        losing_bits[x / 64] |= 1 << (x % 64);
    }
    let mut search = Search {
        table,
        losing,
        losing_bits,
        letters,
        seen: vec![HashSet::new(); letters.len() + 1],
        states: 0,
        budget,
        exponents: vec![0; letters.len()],
    };
    let empty = vec![0u64; words];
    let found = match (new_letter, letters.len().checked_sub(1)) {
        (true, None) => {
            return Ok(Searched {
                failure: None,
                states: 0,
            })
        }
        (true, Some(top)) => search.powers(top, 0, empty),
        (false, _) => search.visit(letters.len(), 0, empty),
    };
    if search.states > budget {
        return Err(TooManyStates);
    }
    let failure = found.then(|| {
        search
            .exponents
            .iter()
            .zip(letters)
            .filter(|(&k, _)| k > 0)
            .map(|(&k, letter)| (letter.heap, k))
            .collect()
    });
    Ok(Searched {
        failure,
        states: search.states,
    })
}

struct Search<'a> {
    table: &'a Table,
    losing: &'a [bool],
    losing_bits: Vec<u64>,
    letters: &'a [Letter],
    /// The states met at each depth.
    seen: Vec<HashSet<(u32, Vec<u64>)>>,
    /// How many, in all.
    states: usize,
    /// How many may be kept.
    budget: usize,
    /// The word being visited: each letter's exponent.
    exponents: Vec<u32>,
}

impl Search<'_> {
    /// Visits the completions over `letters[..depth]` of a prefix in state
    /// (`element`, `targets`); true when a wrong claim was found (the word
    /// is then left in `exponents`), or when the budget is spent.
    fn visit(&mut self, depth: usize, element: u32, targets: Vec<u64>) -> bool {
        if !self.seen[depth].insert((element, targets.clone())) {
            return false;
        }
        self.states += 1;
        if self.states > self.budget {
            return true;
        }
        if depth == 0 {
            return self.wrong(element, &targets);
        }
        self.visit(depth - 1, element, targets.clone()) || self.powers(depth - 1, element, targets)
    }

    /// Visits the prefixes with one or more of letter `index` added.
    fn powers(&mut self, index: usize, element: u32, targets: Vec<u64>) -> bool {
        let letter = &self.letters[index];
        let (mut element, mut targets) = (element, targets);
        loop {
            let next_targets = self.step(element, &targets, letter);
            element = self.table.product(element, letter.image);
            targets = next_targets;
            self.exponents[index] += 1;
            if self.seen[index].contains(&(element, targets.clone())) {
                self.exponents[index] = 0;
                return false;
            }
            if self.visit(index, element, targets.clone()) {
                return true;
            }
        }
    }

    fn step(&self, element: u32, targets: &[u64], letter: &Letter) -> Vec<u64> {
        let mut next = vec![0u64; targets.len()];
        let mut set = |x: u32| next[x as usize / 64] |= 1 << (x % 64);
        for (w, &bits) in targets.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let x = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                set(self.table.product(x, letter.image));
            }
        }
        for &t in &letter.targets {
            set(self.table.product(element, t));
        }
        next
    }

    /// Whether the claim for a word of this state disagrees with its
    /// options' claims.
    fn wrong(&self, element: u32, targets: &[u64]) -> bool {
        let has_move = targets.iter().any(|&w| w != 0);
        let to_losing = targets
            .iter()
            .zip(&self.losing_bits)
            .any(|(&t, &l)| t & l != 0);
        let lost = has_move && !to_losing;
        lost != self.losing[element as usize]
    }
}
