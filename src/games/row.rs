//! Games whose case is a row of numbers read whole: chessmen on a strip,
//! people on a hill, boxes of cards, pairs of piles. Sorting, pairing or
//! the numbers' places turn each into Nim, but only once the whole row is
//! known, so a row is not folded a number at a time as heaps are.
//!
//! A row may come with a parameter from its case's first line (the king's
//! place, the board's width), and may be a row of pairs (two numbers to an
//! item, one item a line). Besides each number's limits, which `validate`
//! checks, a row must be what its statement says it is (different cells,
//! increasing places, an even count): [`RowGame::check`] says where it is
//! not, and `solve` and `validate` both report that at its place, since a
//! closed form read on a malformed row would answer a game that is not
//! there.

use std::ops::RangeInclusive;

use crate::rng::SplitMix64;

/// A game of one row of numbers per case.
pub trait RowGame {
    /// Whether the row is one the game is played on; if not, where and why.
    fn check(&self, parameter: u64, row: &[u64]) -> Result<(), RowFault>;

    /// Whether the player to move wins, on a row [`RowGame::check`] passed.
    fn first_player_wins(&self, parameter: u64, row: &[u64]) -> bool;

    /// A parameter from `range` for a row of `count` items, for `nimstream
    /// gen`; `None` when none fits.
    fn random_parameter(
        &self,
        count: u64,
        range: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<u64> {
        let _ = count;
        Some(rng.within(range))
    }

    /// A row of `count` items (of two numbers each in a row of pairs)
    /// from `values` for `nimstream gen`, which `check` passes; `None`
    /// when there is none.
    fn random_row(
        &self,
        count: u64,
        parameter: u64,
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<Vec<u64>>;

    /// Changes one item of `row` so that the player to move loses, keeping
    /// it within `values` and valid; false when this construction cannot.
    fn make_losing(
        &self,
        parameter: u64,
        row: &mut [u64],
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> bool;
}

/// Where a row is not one its game is played on, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowFault {
    /// The number at fault.
    pub at: RowPlace,
    /// Why, in words that name the other numbers by their place from 1.
    pub why: String,
}

/// A number of a case of a row game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowPlace {
    /// The count of the row's items.
    Count,
    /// The parameter on the count's line.
    Parameter,
    /// The row's number at this index, from 0.
    Number(usize),
}

impl RowFault {
    /// A fault at number `index` of the row.
    pub fn number(index: usize, why: String) -> RowFault {
        RowFault {
            at: RowPlace::Number(index),
            why,
        }
    }
}

/// `count` different numbers from `values`, in a random order; `None` when
/// the range holds fewer.
pub fn distinct(
    count: u64,
    values: &RangeInclusive<u64>,
    rng: &mut SplitMix64,
) -> Option<Vec<u64>> {
    let (lo, hi) = (*values.start(), *values.end());
    let size = hi.checked_sub(lo)?.checked_add(1);
    if size.is_some_and(|size| size < count) {
        return None;
    }
    let count = usize::try_from(count).ok()?;
    let mut row = Vec::with_capacity(count);
    match size {
        // A dense draw: a shuffle of the whole range, cut.
        Some(size) if size <= 4 * count as u64 => {
            row.extend(lo..=hi);
            for i in 0..count {
                let j = rng.between(i as u64, size - 1) as usize;
                row.swap(i, j);
            }
            row.truncate(count);
        }
        _ => {
            let mut seen = std::collections::HashSet::with_capacity(count);
            while row.len() < count {
                let value = rng.between(lo, hi);
                if seen.insert(value) {
                    row.push(value);
                }
            }
        }
    }
    Some(row)
}

/// The first number of `row` equal to one before it: its index and the
/// earlier one's.
pub fn first_repeat(row: &[u64]) -> Option<(usize, usize)> {
    let mut order: Vec<usize> = (0..row.len()).collect();
    order.sort_by_key(|&i| (row[i], i));
    order
        .windows(2)
        .filter(|pair| row[pair[0]] == row[pair[1]])
        .map(|pair| (pair[1], pair[0]))
        .min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_draws_differ_and_stay_in_range() {
        let mut rng = SplitMix64::new(1704);
        for (count, lo, hi) in [(5, 1, 5), (3, 1, 10), (10, 1, u64::MAX), (0, 4, 4)] {
            let row = distinct(count, &(lo..=hi), &mut rng).unwrap();
            assert_eq!(row.len() as u64, count);
            assert!(row.iter().all(|v| (lo..=hi).contains(v)), "{row:?}");
            assert_eq!(first_repeat(&row), None, "{row:?}");
        }
        assert_eq!(distinct(6, &(1..=5), &mut rng), None);
    }

    #[test]
    fn the_first_repeat_is_the_earliest_second_sight() {
        assert_eq!(first_repeat(&[3, 1, 2]), None);
        assert_eq!(first_repeat(&[5, 1, 5, 1]), Some((2, 0)));
        assert_eq!(first_repeat(&[1, 7, 7, 1]), Some((2, 1)));
        assert_eq!(first_repeat(&[]), None);
    }
}
