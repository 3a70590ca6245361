//! The Northcott game (HDU 1730): a board of `n` rows of `m` cells, each
//! row with one black and one white piece. A player moves one of their own
//! pieces along its row to any empty cell, without crossing the other
//! piece of the row; black moves first, and whoever cannot move loses.
//!
//! Closed form: black wins iff the xor of `|a − b| − 1` over the rows (the
//! empty cells between the two pieces) is nonzero.
//!
//! Why: a move towards the other piece takes from that row's gap, a Nim
//! move. A move away widens it, but the opponent follows with their own
//! piece and restores the gap, and such retreats end at the board's edge;
//! so the widening moves change nothing, and the game is Nim on the gaps.
//! The game is partisan and may go on forever, so the unit test checks the
//! form by retrograde analysis of every position on small boards (wins,
//! losses and draws), which also finds that no position is drawn.

use std::ops::RangeInclusive;

use super::row::{RowFault, RowGame};
use super::{Game, GameSpec};
use crate::rng::SplitMix64;

/// The Northcott game as a [`RowGame`]: the parameter is the width `m`,
/// the row the pairs (black, white) of columns from 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Northcott;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "northcott",
    parameters: &[],
    build: |_| Ok(Game::Northcott(Northcott)),
};

/// The xor of the gaps of the rows of `pairs`.
fn gaps(pairs: &[u64]) -> u64 {
    pairs
        .chunks(2)
        .map(|pair| pair[0].abs_diff(pair[1]) - 1)
        .fold(0, |xor, gap| xor ^ gap)
}

impl RowGame for Northcott {
    fn check(&self, width: u64, pairs: &[u64]) -> Result<(), RowFault> {
        for (i, &column) in pairs.iter().enumerate() {
            if column == 0 || column > width {
                let why = format!("column {column} is off the board of columns 1 to m = {width}");
                return Err(RowFault::number(i, why));
            }
            if !i.is_multiple_of(2) && column == pairs[i - 1] {
                let why = format!("the white piece is on the black piece's column {column}");
                return Err(RowFault::number(i, why));
            }
        }
        Ok(())
    }

    fn first_player_wins(&self, _: u64, pairs: &[u64]) -> bool {
        gaps(pairs) != 0
    }

    fn random_row(
        &self,
        count: u64,
        width: u64,
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<Vec<u64>> {
        let (lo, hi) = ((*values.start()).max(1), (*values.end()).min(width));
        if lo >= hi {
            return None;
        }
        let mut pairs = Vec::with_capacity(usize::try_from(count).ok()?.checked_mul(2)?);
        for _ in 0..count {
            let black = rng.between(lo, hi);
            let mut white = rng.between(lo, hi - 1);
            if white >= black {
                white += 1;
            }
            pairs.extend([black, white]);
        }
        Some(pairs)
    }

    /// Sets the last row's gap to the xor of the others', on either side.
    fn make_losing(
        &self,
        width: u64,
        pairs: &mut [u64],
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> bool {
        let Some(last) = pairs.len().checked_sub(2) else {
            return true;
        };
        let gap = gaps(&pairs[..last]);
        let (lo, hi) = ((*values.start()).max(1), (*values.end()).min(width));
        // The left piece, with `gap` empty cells and the right piece after it.
        let Some(right_of_lo) = lo.checked_add(gap).and_then(|c| c.checked_add(1)) else {
            return false;
        };
        if right_of_lo > hi {
            return false;
        }
        let left = rng.between(lo, hi - gap - 1);
        let right = left + gap + 1;
        let (black, white) = if rng.between(0, 1) == 0 {
            (left, right)
        } else {
            (right, left)
        };
        pairs[last] = black;
        pairs[last + 1] = white;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Outcome {
        Win,
        Loss,
        Draw,
    }

    /// Every board of `rows` rows of `width` cells, as (black, white) per
    /// row.
    fn boards(rows: usize, width: u64) -> Vec<Vec<(u64, u64)>> {
        let pairs: Vec<(u64, u64)> = (1..=width)
            .flat_map(|b| (1..=width).filter(move |&w| w != b).map(move |w| (b, w)))
            .collect();
        let mut boards = vec![Vec::new()];
        for _ in 0..rows {
            boards = boards
                .into_iter()
                .flat_map(|board| {
                    pairs.iter().map(move |&pair| {
                        let mut next = board.clone();
                        next.push(pair);
                        next
                    })
                })
                .collect();
        }
        boards
    }

    /// The boards one move of `player` (0 black, 1 white) away.
    fn moves(board: &[(u64, u64)], player: usize, width: u64) -> Vec<Vec<(u64, u64)>> {
        let mut next = Vec::new();
        for (i, &(b, w)) in board.iter().enumerate() {
            let (mine, theirs) = if player == 0 { (b, w) } else { (w, b) };
            let cells = match mine < theirs {
                true => 1..theirs,
                false => theirs + 1..width + 1,
            };
            for cell in cells.filter(|&c| c != mine) {
                let mut after = board.to_vec();
                after[i] = if player == 0 { (cell, w) } else { (b, cell) };
                next.push(after);
            }
        }
        next
    }

    /// Retrograde analysis: the outcome for the player to move, of every
    /// board and player, until nothing changes; what is left is a draw.
    fn solve(rows: usize, width: u64) -> HashMap<(Vec<(u64, u64)>, usize), Outcome> {
        let states: Vec<(Vec<(u64, u64)>, usize)> = boards(rows, width)
            .into_iter()
            .flat_map(|b| [(b.clone(), 0), (b, 1)])
            .collect();
        let mut known: HashMap<(Vec<(u64, u64)>, usize), Outcome> = HashMap::new();
        loop {
            let mut changed = false;
            for (board, player) in &states {
                if known.contains_key(&(board.clone(), *player)) {
                    continue;
                }
                let after: Vec<Option<Outcome>> = moves(board, *player, width)
                    .into_iter()
                    .map(|next| known.get(&(next, 1 - player)).copied())
                    .collect();
                let outcome = if after.contains(&Some(Outcome::Loss)) {
                    Some(Outcome::Win)
                } else if after.iter().all(|o| *o == Some(Outcome::Win)) {
                    Some(Outcome::Loss)
                } else {
                    None
                };
                if let Some(outcome) = outcome {
                    known.insert((board.clone(), *player), outcome);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for state in states {
            known.entry(state).or_insert(Outcome::Draw);
        }
        known
    }

    #[test]
    fn verdicts_match_the_retrograde_analysis() {
        for (rows, width) in [(1, 2), (1, 7), (2, 2), (2, 5), (3, 4)] {
            let solved = solve(rows, width);
            for ((board, player), outcome) in &solved {
                assert_ne!(*outcome, Outcome::Draw, "{board:?} {player}");
                if *player == 1 {
                    continue;
                }
                let row: Vec<u64> = board.iter().flat_map(|&(b, w)| [b, w]).collect();
                assert_eq!(Northcott.check(width, &row), Ok(()));
                let wins = Northcott.first_player_wins(width, &row);
                assert_eq!(wins, *outcome == Outcome::Win, "{board:?}");
            }
        }
    }

    #[test]
    fn pieces_off_the_board_or_on_one_cell_are_refused() {
        use super::super::row::RowPlace;
        assert_eq!(
            Northcott.check(6, &[4, 5, 7, 2]).unwrap_err().at,
            RowPlace::Number(2)
        );
        assert_eq!(
            Northcott.check(6, &[4, 5, 3, 3]).unwrap_err().at,
            RowPlace::Number(3)
        );
        assert_eq!(
            Northcott.check(6, &[0, 5]).unwrap_err().at,
            RowPlace::Number(0)
        );
        assert!(!Northcott.first_player_wins(6, &[4, 5, 1, 2, 1, 2]));
        assert!(Northcott.first_player_wins(6, &[4, 5, 1, 3, 1, 2]));
    }

    #[test]
    fn losing_rows_are_lost_and_valid() {
        let mut rng = SplitMix64::new(1730);
        let mut made = 0;
        for width in [2, 3, 6, 100] {
            for count in [1, 2, 5, 1000] {
                let values = 1..=100;
                let mut row = Northcott
                    .random_row(count, width, &values, &mut rng)
                    .unwrap();
                if Northcott.make_losing(width, &mut row, &values, &mut rng) {
                    made += 1;
                    assert_eq!(Northcott.check(width, &row), Ok(()), "{row:?}");
                    assert!(!Northcott.first_player_wins(width, &row), "{row:?}");
                }
            }
        }
        assert!(made >= 10, "{made}");
    }
}
