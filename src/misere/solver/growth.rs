//! Growth: a candidate product of the old quotient and a cyclic monoid
//! `x⁴ = x²` for the new heap is marked, reduced and searched; while the
//! search finds a wrong claim, the heaps of that word are given cyclic
//! monoids of their own, large enough for the word's powers (the fewest
//! heaps first), until one candidate claims that word rightly, and the
//! search runs again.

use std::sync::Arc;

use super::super::memory::{vector, Held, OverBudget};
use super::super::monoid::{Factor, Product};
use super::super::pretension::{letters, mark, reduce, Monoid, Pretension, Unmade};
use super::super::search::Word;
use super::super::stuck::{CANDIDATE_LIMIT, ROUNDS};
use super::{Solver, Stuck};

impl Solver {
    /// The quotient once heap `heap` is given an element of its own.
    pub(super) fn grow(&self, heap: usize) -> Result<Pretension, Stuck> {
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
        let pretension =
            reduce(monoid, &marking, &letters, images, &self.memory).map_err(|why| match why {
                Unmade::Memory => self.over(heap),
                Unmade::TooLarge(order) => Stuck::TooLarge { heap, order },
            })?;
        drop(marking);
        // The quotient's copy is taken when the candidate is kept
        // (`Solver::place`): most candidates are dropped before.
        let mut held = Held::new(&self.memory);
        held.grow(pretension.own_bytes()).map_err(over)?;
        Ok((pretension, held))
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
        let is_own = |h: usize| own.iter().any(|&(o, _)| o == h);
        let generators: Vec<u32> = (0..trial.images.len())
            .filter(|&h| !is_own(h) && !self.options[h].is_empty())
            .map(|h| trial.images[h])
            .collect();
        // The submonoid's elements first, then its table, taken at its
        // size: a trial of tens of thousands of elements beside a whole
        // copy of its table would pass the budget for nothing.
        held.grow(2 * vector::<u32>(table.order()))
            .map_err(|_| self.over(heap))?;
        let reached = table.reached_by(&generators);
        held.grow(vector::<u16>(reached.order() * reached.order()))
            .map_err(|_| self.over(heap))?;
        let base = table.restricted_to(&reached);
        let new_of = reached.new_of;
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
