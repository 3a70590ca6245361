//! Climbing the Hill (HDU 4315): people on the cells of a hill, the top
//! being cell 0, one of them the king, `k`-th from the top. A move takes a
//! person not at the top up any number of cells, past nobody; only the
//! top holds more than one. Whoever takes the king to the top wins.
//!
//! Closed form: if `k = 1` the first player wins (the king goes up at
//! once). Otherwise, with the cells `a1 < … < an`, pair the people from
//! the bottom as in staircase Nim: the gaps `a_i − a_(i−1) − 1` for `i =
//! n, n−2, …`, and when `n` is odd the top person's pair is the hilltop,
//! with gap `a1`, or `a1 − 1` when that person stands just above the king
//! (`k = 2`). The first player wins iff the xor is nonzero.
//!
//! Why: taking the person just above the king to the top loses at once
//! (the king follows), so nobody does; the game is then staircase Nim
//! towards the top, where the person above the king can only go as far as
//! cell 1. When that person's pair is the hilltop (`n` odd) this shortens
//! the pile by one; when it is paired with the king (`n` even) the pile is
//! the gap between them and the hilltop never counts. The unit test checks
//! the form against a search of every move of up to 5 people on 8 cells.

use std::ops::RangeInclusive;

use super::row::{distinct, RowFault, RowGame, RowPlace};
use super::{Game, GameSpec};
use crate::rng::SplitMix64;

/// Climbing the Hill as a [`RowGame`]: the parameter is `k`, the row the
/// cells in increasing order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hill;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "hill",
    parameters: &[],
    build: |_| Ok(Game::Hill(Hill)),
};

/// The xor of the piles, for `k ≥ 2`.
fn piles(k: u64, cells: &[u64]) -> u64 {
    let mut xor = 0;
    let mut i = cells.len();
    while i >= 2 {
        xor ^= cells[i - 1] - cells[i - 2] - 1;
        i -= 2;
    }
    if i == 1 {
        xor ^= cells[0] - u64::from(k == 2);
    }
    xor
}

impl RowGame for Hill {
    fn check(&self, k: u64, cells: &[u64]) -> Result<(), RowFault> {
        for (i, &cell) in cells.iter().enumerate() {
            if cell == 0 {
                let why = "cell 0 is the hilltop, where nobody stands at the start".to_string();
                return Err(RowFault::number(i, why));
            }
            if i > 0 && cell <= cells[i - 1] {
                let why = format!(
                    "the cells must increase, and {cell} is not above the {} before it",
                    cells[i - 1]
                );
                return Err(RowFault::number(i, why));
            }
        }
        if k == 0 || k > cells.len() as u64 {
            return Err(RowFault {
                at: RowPlace::Parameter,
                why: format!(
                    "the king is k-th from the top, so k = {k} must be from 1 to the {} people",
                    cells.len()
                ),
            });
        }
        Ok(())
    }

    fn first_player_wins(&self, k: u64, cells: &[u64]) -> bool {
        k == 1 || piles(k, cells) != 0
    }

    /// The king among the `count` people.
    fn random_parameter(
        &self,
        count: u64,
        range: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<u64> {
        let (lo, hi) = ((*range.start()).max(1), (*range.end()).min(count));
        (lo <= hi).then(|| rng.between(lo, hi))
    }

    fn random_row(
        &self,
        count: u64,
        _: u64,
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<Vec<u64>> {
        let cells = (*values.start()).max(1)..=*values.end();
        let mut row = distinct(count, &cells, rng)?;
        row.sort_unstable();
        Some(row)
    }

    /// Moves the bottom person so that the bottom gap, which always
    /// counts when `n ≥ 2`, is the xor of the other piles.
    fn make_losing(
        &self,
        k: u64,
        cells: &mut [u64],
        values: &RangeInclusive<u64>,
        _: &mut SplitMix64,
    ) -> bool {
        let n = cells.len();
        if k == 1 || n < 2 {
            return false;
        }
        let above = cells[n - 2];
        cells[n - 1] = above + 1;
        let want = above
            .checked_add(1)
            .and_then(|cell| cell.checked_add(piles(k, cells)));
        match want {
            Some(cell) if values.contains(&cell) => {
                cells[n - 1] = cell;
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

    /// Whether the player to move wins, the king being person `king` (from
    /// 0) and `cells` each person's cell (0 for the top), by trying every
    /// move the statement allows.
    fn search(cells: Vec<u64>, king: usize, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&known) = memo.get(&cells) {
            return known;
        }
        let mut wins = false;
        for i in 0..cells.len() {
            if cells[i] == 0 {
                continue;
            }
            // Up to the cell below the person above, or to the top when
            // everyone above is there.
            let lowest = match i {
                0 => 0,
                _ if cells[i - 1] == 0 => 0,
                _ => cells[i - 1] + 1,
            };
            for to in lowest..cells[i] {
                if i == king && to == 0 {
                    wins = true;
                    continue;
                }
                let mut next = cells.clone();
                next[i] = to;
                if !search(next, king, memo) {
                    wins = true;
                }
            }
        }
        memo.insert(cells, wins);
        wins
    }

    #[test]
    fn verdicts_match_the_search() {
        let max = 8u64;
        for n in 1..=5usize {
            for k in 1..=n {
                let mut memo = HashMap::new();
                for mask in 1u64..1 << max {
                    let cells: Vec<u64> = (1..=max).filter(|c| mask >> (c - 1) & 1 == 1).collect();
                    if cells.len() != n {
                        continue;
                    }
                    let k = k as u64;
                    assert_eq!(Hill.check(k, &cells), Ok(()));
                    let wins = search(cells.clone(), k as usize - 1, &mut memo);
                    assert_eq!(Hill.first_player_wins(k, &cells), wins, "{cells:?} k={k}");
                }
            }
        }
        assert!(!Hill.first_player_wins(3, &[1, 2, 4]));
        assert!(Hill.first_player_wins(1, &[100, 200]));
    }

    #[test]
    fn malformed_rows_are_refused_at_their_place() {
        assert_eq!(Hill.check(1, &[3, 3]).unwrap_err().at, RowPlace::Number(1));
        assert_eq!(Hill.check(1, &[0, 3]).unwrap_err().at, RowPlace::Number(0));
        assert_eq!(Hill.check(1, &[5, 3]).unwrap_err().at, RowPlace::Number(1));
        assert_eq!(Hill.check(3, &[1, 2]).unwrap_err().at, RowPlace::Parameter);
        assert_eq!(Hill.check(0, &[1, 2]).unwrap_err().at, RowPlace::Parameter);
    }

    #[test]
    fn losing_rows_are_lost_and_valid() {
        let mut rng = SplitMix64::new(4315);
        let mut made = 0;
        for count in [2u64, 3, 4, 7, 1000] {
            let kings = [1, 2, 3, count].into_iter().filter(|&k| k <= count);
            for k in kings.flat_map(|k| [k; 10]) {
                let values = 1..=99_999;
                let mut row = Hill.random_row(count, k, &values, &mut rng).unwrap();
                if Hill.make_losing(k, &mut row, &values, &mut rng) {
                    made += 1;
                    assert_eq!(Hill.check(k, &row), Ok(()), "{row:?}");
                    assert!(!Hill.first_player_wins(k, &row), "{row:?} k={k}");
                }
            }
        }
        // Few people far down cannot always be made losing on the hill.
        assert!(made >= 50, "{made}");
    }
}
