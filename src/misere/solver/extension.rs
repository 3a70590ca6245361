//! Conservative extension: the new heap acting as an element the quotient
//! already has, tried for each element whose outcome alone matches the
//! heap's, cheapest test first (the least word of each element beside the
//! heap), then by [`least_failure`](crate::misere::search::least_failure)
//! over the words that hold the heap.

use super::super::monoid::Table;
use super::super::pretension::{letters, step, Letter};
use super::{Solver, Stuck};

impl Solver {
    /// An element of the quotient heap `heap` can act as, if any.
    pub(super) fn conservative(&self, heap: usize) -> Result<Option<u32>, Stuck> {
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
                let next = step(&*current.table, y as u32, targets, &letter);
                let lost = !next.is_empty() && next.iter().all(|&t| !current.losing[t as usize]);
                lost == current.losing[current.table.product(y as u32, x) as usize]
            })
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
