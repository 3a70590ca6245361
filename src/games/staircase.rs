//! Chessmen on a strip of cells numbered from 1 (POJ 1704, Georgia and
//! Bob): a move takes one chessman at least one cell to the left, over no
//! other chessman and not past cell 1, one chessman a cell; whoever cannot
//! move loses.
//!
//! Closed form: sort the cells `p1 < … < pn` and let `p0 = 0`; the first
//! player wins iff the xor of the gaps `p_i − p_(i−1) − 1` over `i = n,
//! n−2, n−4, …` (every other gap, from the right) is nonzero.
//!
//! Why: pair each chessman with the one to its left, from the right (the
//! leftmost alone, when `n` is odd, is paired with the edge). Moving the
//! right one of a pair shrinks that pair's gap, a Nim move; moving the left
//! one widens its own pair's gap, but the opponent can move the right one
//! by as much and restore it, and such moves cannot go on forever. The gaps
//! between pairs never matter. The unit test checks the form against a
//! search of every move on strips of up to 9 cells.

use std::ops::RangeInclusive;

use super::row::{distinct, first_repeat, RowFault, RowGame};
use super::{Game, GameSpec};
use crate::rng::SplitMix64;

/// Staircase Nim on chessmen's cells, as a [`RowGame`]: the row is the
/// cells, in any order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Staircase;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "staircase",
    parameters: &[],
    build: |_| Ok(Game::Staircase(Staircase)),
};

/// The xor of every other gap from the right, of cells in increasing order.
fn paired_gaps(sorted: &[u64]) -> u64 {
    let mut xor = 0;
    let mut i = sorted.len();
    while i > 0 {
        let left = if i >= 2 { sorted[i - 2] } else { 0 };
        xor ^= sorted[i - 1] - left - 1;
        i = i.saturating_sub(2);
    }
    xor
}

fn sorted(row: &[u64]) -> Vec<u64> {
    let mut cells = row.to_vec();
    cells.sort_unstable();
    cells
}

impl RowGame for Staircase {
    fn check(&self, _: u64, row: &[u64]) -> Result<(), RowFault> {
        if let Some(i) = row.iter().position(|&p| p == 0) {
            return Err(RowFault::number(i, "the cells are numbered from 1".into()));
        }
        match first_repeat(row) {
            Some((i, j)) => Err(RowFault::number(
                i,
                format!(
                    "cell {} holds chessman {} already (one chessman a cell)",
                    row[i],
                    j + 1
                ),
            )),
            None => Ok(()),
        }
    }

    fn first_player_wins(&self, _: u64, row: &[u64]) -> bool {
        paired_gaps(&sorted(row)) != 0
    }

    fn random_row(
        &self,
        count: u64,
        _: u64,
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<Vec<u64>> {
        let cells = (*values.start()).max(1)..=*values.end();
        distinct(count, &cells, rng)
    }

    /// Moves the rightmost chessman so that its gap, which always counts,
    /// is the xor of the others.
    fn make_losing(
        &self,
        _: u64,
        row: &mut [u64],
        values: &RangeInclusive<u64>,
        _: &mut SplitMix64,
    ) -> bool {
        let Some(last) = (0..row.len()).max_by_key(|&i| row[i]) else {
            return true;
        };
        let mut cells = sorted(row);
        let left = cells.len().checked_sub(2).map_or(0, |i| cells[i]);
        // With the last gap 0, the xor is the other gaps'.
        *cells.last_mut().expect("the row is not empty") = left + 1;
        let want = left
            .checked_add(1)
            .and_then(|cell| cell.checked_add(paired_gaps(&cells)));
        match want {
            Some(cell) if values.contains(&cell) => {
                row[last] = cell;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the player to move wins on `cells` (increasing), by trying
    /// every move the statement allows.
    fn search(cells: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&known) = memo.get(&cells) {
            return known;
        }
        let mut wins = false;
        for i in 0..cells.len() {
            let left = if i == 0 { 0 } else { cells[i - 1] };
            for to in left + 1..cells[i] {
                let mut next = cells.clone();
                next[i] = to;
                if !search(next, memo) {
                    wins = true;
                }
            }
        }
        memo.insert(cells, wins);
        wins
    }

    /// Every set of cells within 1..=max.
    fn every_set(max: u64) -> Vec<Vec<u64>> {
        (1u64..1 << max)
            .map(|mask| (1..=max).filter(|c| mask >> (c - 1) & 1 == 1).collect())
            .collect()
    }

    #[test]
    fn verdicts_match_the_search() {
        let mut memo = HashMap::new();
        let mut rng = SplitMix64::new(1704);
        for cells in every_set(9) {
            let wins = search(cells.clone(), &mut memo);
            // In the input's order, which need not be sorted.
            let mut row = cells.clone();
            let shift = rng.between(0, row.len() as u64 - 1) as usize;
            row.rotate_left(shift);
            row.reverse();
            assert_eq!(Staircase.check(0, &row), Ok(()));
            assert_eq!(Staircase.first_player_wins(0, &row), wins, "{row:?}");
        }
        assert!(!Staircase.first_player_wins(0, &[1, 2, 3]));
        assert!(Staircase.first_player_wins(0, &[1, 5, 6, 7, 9, 12, 14, 17]));
    }

    #[test]
    fn malformed_rows_are_refused_at_their_place() {
        let fault = Staircase.check(0, &[4, 2, 9, 2]).unwrap_err();
        assert_eq!(fault.at, super::super::row::RowPlace::Number(3));
        assert!(fault.why.contains("chessman 2"), "{}", fault.why);
        assert_eq!(
            Staircase.check(0, &[3, 0]).unwrap_err().at,
            super::super::row::RowPlace::Number(1)
        );
    }

    #[test]
    fn losing_rows_are_lost_and_valid() {
        let mut rng = SplitMix64::new(17);
        let mut made = 0;
        for count in [1, 2, 3, 8, 100] {
            for _ in 0..100 {
                let values = 1..=10_000;
                let mut row = Staircase.random_row(count, 0, &values, &mut rng).unwrap();
                if Staircase.make_losing(0, &mut row, &values, &mut rng) {
                    made += 1;
                    assert_eq!(Staircase.check(0, &row), Ok(()), "{row:?}");
                    assert!(row.iter().all(|p| values.contains(p)));
                    assert!(!Staircase.first_player_wins(0, &row), "{row:?}");
                }
            }
        }
        // Two chessmen far right cannot always be made losing within the strip.
        assert!(made > 300, "{made}");
    }
}
