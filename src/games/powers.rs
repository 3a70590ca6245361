//! One pile of `n` objects; a move takes a power of two (1, 2, 4, 8, …),
//! and whoever takes the last object wins (HDU 1847).
//!
//! Closed form: the first player loses iff `n mod 3 == 0`.
//!
//! Why: no power of two is a multiple of 3, so every move from a multiple
//! of 3 leaves a pile that is not one; from any other pile, taking
//! `n mod 3` (1 or 2, both powers of two) leaves a multiple of 3. The
//! empty pile, a multiple of 3, has no move and is lost.

use super::legality::{played, take_from_pile, Played};
use super::{Game, GameSpec, PositionGame, PositionMove, PositionRanges};
use crate::rng::SplitMix64;

/// The powers-of-two take game as a [`PositionGame`]: `a` is the pile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PowersOfTwo;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "powers-of-two",
    parameters: &[],
    build: |_| Ok(Game::PowersOfTwo(PowersOfTwo)),
};

impl PositionGame for PowersOfTwo {
    fn first_player_wins(&mut self, n: u64, _: u64) -> bool {
        !n.is_multiple_of(3)
    }

    /// Take `n mod 3`, leaving a multiple of 3.
    fn winning_move(&mut self, n: u64, _: u64) -> Option<PositionMove> {
        let take = n % 3;
        (take > 0).then_some(PositionMove::Pile {
            from: n,
            to: n - take,
        })
    }

    /// A take of a power of two.
    fn check_move(&mut self, n: u64, _: u64, mv: &PositionMove) -> Played {
        played(
            take_from_pile(n, mv, None).and_then(|to| match (n - to).is_power_of_two() {
                true => Ok(!to.is_multiple_of(3)),
                false => Err(format!("a move takes a power of two, not {}", n - to)),
            }),
        )
    }

    /// A random multiple of 3 in the pile's range.
    fn losing_position(
        &mut self,
        _: (u64, u64),
        ranges: &PositionRanges,
        rng: &mut SplitMix64,
    ) -> Option<(u64, u64)> {
        let (min, max) = (*ranges.first.start(), *ranges.first.end());
        let (lo, hi) = (min.div_ceil(3), max / 3);
        (lo <= hi).then(|| (rng.between(lo, hi) * 3, 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the player to move wins each pile up to `max`, by trying
    /// every power of two.
    fn searched(max: u64) -> Vec<bool> {
        let mut wins: Vec<bool> = Vec::new();
        for n in 0..=max {
            let mut takes = (0..64).map(|i| 1u64 << i).take_while(|&t| t <= n);
            let win = takes.any(|t| !wins[(n - t) as usize]);
            wins.push(win);
        }
        wins
    }

    #[test]
    fn verdicts_and_moves_match_the_search() {
        let wins = searched(3000);
        for (n, &win) in wins.iter().enumerate() {
            let n = n as u64;
            assert_eq!(PowersOfTwo.first_player_wins(n, 0), win, "{n}");
            match PowersOfTwo.winning_move(n, 0) {
                None => assert!(!win, "{n}"),
                Some(PositionMove::Pile { from, to }) => {
                    assert_eq!(from, n);
                    assert!((n - to).is_power_of_two(), "{n}->{to}");
                    assert!(!wins[to as usize], "{n}->{to}");
                }
                Some(other) => panic!("{other}"),
            }
        }
    }
}
