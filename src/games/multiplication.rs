//! The multiplication game (HDU 1517, POJ 2505): `p` starts at 1, the
//! players in turn multiply it by a number from 2 to 9, and the first to
//! make `p ≥ n` wins.
//!
//! Closed form: the first player wins iff `n ≤ 9` or `18^k < n ≤ 9·18^k`
//! for some `k ≥ 1`; equivalently, replacing `n` by `⌈n/18⌉` until it is
//! at most 18 leaves a number at most 9.
//!
//! Why: from `p` the game is the game from 1 towards `⌈n/p⌉`, since
//! `p·y ≥ n` iff `y ≥ ⌈n/p⌉`. The first player wins `(1, 9]` at once and
//! loses `(9, 18]` (every move leaves a pile in `(1, 9]` to the opponent).
//! If the first player wins `(a, b]` and loses `(b, c]`, a move by 2 to 9
//! answered by 9 to 2 multiplies `p` by exactly 18 over two moves, which
//! carries each interval to the next: the first player wins
//! `(18a, 18b]` and loses `(18b, 18c]`. The unit test checks the form
//! against a search of every move for each `n` up to 4,000.
//!
//! `n ≤ 1` is reached before any move; the first move, which must be made,
//! wins it.

use super::legality::Played;
use super::{Game, GameSpec, PositionGame, PositionMove, PositionRanges};
use crate::rng::SplitMix64;

/// The multiplication game as a [`PositionGame`]: `a` is `n`. A winning
/// move is written as `p` going from 1 to the multiplier, `1->x`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MultiplicationGame;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "multiplication",
    parameters: &[],
    build: |_| Ok(Game::Multiplication(MultiplicationGame)),
};

/// Whether the player to move from `p = 1` wins towards `n`.
pub fn first_player_wins(mut n: u64) -> bool {
    while n > 18 {
        n = n.div_ceil(18);
    }
    n <= 9
}

impl PositionGame for MultiplicationGame {
    fn first_player_wins(&mut self, n: u64, _: u64) -> bool {
        first_player_wins(n)
    }

    /// The smallest multiplier that reaches `n` or leaves the opponent a
    /// lost game towards `⌈n/x⌉`.
    fn winning_move(&mut self, n: u64, _: u64) -> Option<PositionMove> {
        let x = (2..=9).find(|&x| x >= n || !first_player_wins(n.div_ceil(x)))?;
        Some(PositionMove::Pile { from: 1, to: x })
    }

    /// `p` from 1 to a multiplier from 2 to 9: a move that reaches `n` ends
    /// the game, won; any other leaves the game towards `⌈n/x⌉`.
    fn check_move(&mut self, n: u64, _: u64, mv: &PositionMove) -> Played {
        match *mv {
            PositionMove::Pile {
                from: 1,
                to: x @ 2..=9,
            } => Played::Legal {
                opponent_wins: x < n && first_player_wins(n.div_ceil(x)),
            },
            _ => Played::Illegal(format!(
                "the first move multiplies p = 1 by 2 to 9, written 1->x, not {mv}"
            )),
        }
    }

    /// A random `n` in a lost interval `(9·18^k, 18^(k+1)]` within the range.
    fn losing_position(
        &mut self,
        _: (u64, u64),
        ranges: &PositionRanges,
        rng: &mut SplitMix64,
    ) -> Option<(u64, u64)> {
        let (min, max) = (*ranges.first.start(), *ranges.first.end());
        let mut lost = Vec::new();
        let mut power: u64 = 1;
        while let Some(next) = power.checked_mul(18) {
            let (lo, hi) = ((9 * power + 1).max(min), next.min(max));
            if lo <= hi {
                lost.push((lo, hi));
            }
            power = next;
        }
        let (lo, hi) = *lost.get(rng.between(0, lost.len().checked_sub(1)? as u64) as usize)?;
        Some((rng.between(lo, hi), 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the player to move at `p` wins, for every `p < n`, by
    /// trying every multiplier: `wins[p]`.
    fn searched(n: u64) -> Vec<bool> {
        let mut wins = vec![false; n as usize];
        for p in (1..n).rev() {
            wins[p as usize] = (2..=9).any(|x| p * x >= n || !wins[(p * x) as usize]);
        }
        wins
    }

    #[test]
    fn verdicts_and_moves_match_the_search() {
        for n in 2..4000 {
            let wins = searched(n);
            assert_eq!(first_player_wins(n), wins[1], "{n}");
            match MultiplicationGame.winning_move(n, 0) {
                None => assert!(!wins[1], "{n}"),
                Some(PositionMove::Pile { from: 1, to }) => {
                    assert!(to >= n || !wins[to as usize], "{n}: 1->{to}");
                }
                Some(other) => panic!("{other}"),
            }
        }
    }

    #[test]
    fn losing_positions_are_lost() {
        let mut rng = SplitMix64::new(1517);
        for (min, max) in [
            (2, 20),
            (2, u64::MAX),
            (1000, 5000),
            (u64::MAX - 5, u64::MAX),
        ] {
            let ranges = PositionRanges {
                first: min..=max,
                second: 0..=0,
            };
            for _ in 0..50 {
                if let Some((n, _)) = MultiplicationGame.losing_position((0, 0), &ranges, &mut rng)
                {
                    assert!((min..=max).contains(&n) && !first_player_wins(n), "{n}");
                }
            }
        }
    }
}
