//! A coin on an `n × m` board starts in the top right corner and moves one
//! cell left, one down, or one diagonally down-left; whoever cannot move
//! loses (HDU 2147, kiki's game).
//!
//! Closed form: the first player loses iff `n` and `m` are both odd.
//!
//! Why: the coin is `n − 1` rows above and `m − 1` columns right of the
//! bottom left corner, where it cannot move. From a cell where both
//! distances are even, every move makes one of them odd; from any other
//! cell, one step left, down or diagonally (whichever undoes exactly the
//! odd distances) makes both even again. Both distances are even, the coin
//! stuck in the corner, exactly when `n` and `m` are odd.
//!
//! A position is the board, `(n, m)`: a move is to the board the coin
//! still has ahead of it, one narrower, one shorter, or both.

use super::legality::{played, two_piles, Played};
use super::{Game, GameSpec, PositionGame, PositionMove, PositionRanges};
use crate::rng::SplitMix64;

/// The corner walk as a [`PositionGame`]: `a` rows, `b` columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CornerWalk;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "corner-walk",
    parameters: &[],
    build: |_| Ok(Game::CornerWalk(CornerWalk)),
};

/// Whether the player to move wins on an `n × m` board. A board with no
/// cell (`0` rows or columns) has no coin to move and is lost like the
/// corner.
pub fn first_player_wins(n: u64, m: u64) -> bool {
    n > 0 && m > 0 && (n.is_multiple_of(2) || m.is_multiple_of(2))
}

impl PositionGame for CornerWalk {
    fn first_player_wins(&mut self, n: u64, m: u64) -> bool {
        first_player_wins(n, m)
    }

    /// The step that leaves both sides odd: one shorter where a side is
    /// even.
    fn winning_move(&mut self, n: u64, m: u64) -> Option<PositionMove> {
        if !first_player_wins(n, m) {
            return None;
        }
        let step = |side: u64| side - u64::from(side.is_multiple_of(2));
        Some(PositionMove::Piles {
            from: (n, m),
            to: (step(n), step(m)),
        })
    }

    /// One step left, down or both: a side one shorter, never below 1.
    fn check_move(&mut self, n: u64, m: u64, mv: &PositionMove) -> Played {
        played(two_piles(n, m, mv).and_then(|(n2, m2)| {
            let step = |side: u64, after: u64| after == side || after.checked_add(1) == Some(side);
            let moved = (n2, m2) != (n, m) && step(n, n2) && step(m, m2);
            match moved && n2 >= 1 && m2 >= 1 {
                true => Ok(first_player_wins(n2, m2)),
                false => Err(format!(
                    "the coin steps one cell left, down or both: {n} {m} cannot become {n2} {m2}"
                )),
            }
        }))
    }

    /// Odd sides near the drawn ones, within the ranges.
    fn losing_position(
        &mut self,
        drawn: (u64, u64),
        ranges: &PositionRanges,
        _: &mut SplitMix64,
    ) -> Option<(u64, u64)> {
        let odd = |x: u64, range: &std::ops::RangeInclusive<u64>| {
            let x = x.max(1) | 1;
            let x = if range.contains(&x) {
                x
            } else {
                x.checked_sub(2)?
            };
            (range.contains(&x) && x % 2 == 1).then_some(x)
        };
        Some((odd(drawn.0, &ranges.first)?, odd(drawn.1, &ranges.second)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the player to move wins each board up to `max × max`, by
    /// trying the three steps of the statement.
    fn searched(max: usize) -> Vec<Vec<bool>> {
        let mut wins = vec![vec![false; max + 1]; max + 1];
        for n in 1..=max {
            for m in 1..=max {
                let steps = [(n - 1, m), (n, m - 1), (n - 1, m - 1)];
                // A step off the board (to no row or no column) is no move.
                wins[n][m] = steps.iter().any(|&(a, b)| a >= 1 && b >= 1 && !wins[a][b]);
            }
        }
        wins
    }

    #[test]
    fn verdicts_and_moves_match_the_search() {
        let wins = searched(60);
        for n in 0..=60usize {
            for m in 0..=60usize {
                let (a, b) = (n as u64, m as u64);
                assert_eq!(CornerWalk.first_player_wins(a, b), wins[n][m], "{n} {m}");
                match CornerWalk.winning_move(a, b) {
                    None => assert!(!wins[n][m], "{n} {m}"),
                    Some(PositionMove::Piles { from, to }) => {
                        assert_eq!(from, (a, b));
                        let (dn, dm) = (a - to.0, b - to.1);
                        assert!(dn <= 1 && dm <= 1 && dn + dm >= 1, "{n} {m} -> {to:?}");
                        assert!(to.0 >= 1 && to.1 >= 1, "{n} {m} -> {to:?}");
                        assert!(!wins[to.0 as usize][to.1 as usize], "{n} {m} -> {to:?}");
                    }
                    Some(other) => panic!("{other}"),
                }
            }
        }
    }

    #[test]
    fn losing_positions_are_lost_and_in_range() {
        let mut rng = SplitMix64::new(7);
        for (lo, hi) in [(1, 1), (1, 2000), (2, 3), (4, 9), (6, 6)] {
            let ranges = PositionRanges {
                first: lo..=hi,
                second: lo..=hi,
            };
            for _ in 0..200 {
                let drawn = (rng.between(lo, hi), rng.between(lo, hi));
                match CornerWalk.losing_position(drawn, &ranges, &mut rng) {
                    Some((a, b)) => {
                        assert!(ranges.first.contains(&a) && ranges.second.contains(&b));
                        assert!(!first_player_wins(a, b), "{a} {b}");
                    }
                    // Only a range with no odd number has no losing board.
                    None => assert_eq!((lo, hi), (6, 6)),
                }
            }
        }
    }
}
