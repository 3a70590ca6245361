//! Bash's game: one pile of `n` objects, a move takes between 1 and `m`, and
//! whoever takes the last object wins.
//!
//! Closed form: the first player loses iff `n mod (m+1) == 0`.
//!
//! Why: whatever the opponent takes, `t`, the reply `m+1-t` is legal, so a
//! player facing a multiple of `m+1` can be kept on multiples of `m+1` until
//! they face 0 and have lost. From any other pile, taking `n mod (m+1)` hands
//! the opponent a multiple.
//!
//! At the limits: `m = 0` allows no move, so the first player loses every
//! pile, which `n mod 1 == 0` says. `m = u64::MAX` overflows `m+1`, but then
//! every pile can be taken whole, so only `n = 0` loses.

use super::legality::{played, take_from_pile, Played};
use super::{Game, GameSpec, PositionGame, PositionMove, PositionRanges};
use crate::rng::SplitMix64;

/// Whether the player to move wins a pile of `n` when each move takes
/// `1..=m` objects.
pub fn first_player_wins(n: u64, m: u64) -> bool {
    match m.checked_add(1) {
        Some(period) => !n.is_multiple_of(period),
        None => n != 0,
    }
}

/// Bash's game as a [`PositionGame`]: `a` is the pile `n`, `b` the largest
/// take `m`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BashGame;

/// Bash's game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "bash",
    parameters: &[],
    build: |_| Ok(Game::Bash(BashGame)),
};

impl PositionGame for BashGame {
    fn first_player_wins(&mut self, n: u64, m: u64) -> bool {
        first_player_wins(n, m)
    }

    /// Take `n mod (m+1)`, leaving a multiple of `m+1`.
    fn winning_move(&mut self, n: u64, m: u64) -> Option<PositionMove> {
        let take = m.checked_add(1).map_or(n, |period| n % period);
        (take > 0).then_some(PositionMove::Pile {
            from: n,
            to: n - take,
        })
    }

    /// A take of 1 to `m`.
    fn check_move(&mut self, n: u64, m: u64, mv: &PositionMove) -> Played {
        played(take_from_pile(n, mv, Some(m)).map(|to| first_player_wins(to, m)))
    }

    /// A random multiple of `m+1` in the pile's range, keeping `m`.
    fn losing_position(
        &mut self,
        (_, m): (u64, u64),
        ranges: &PositionRanges,
        rng: &mut SplitMix64,
    ) -> Option<(u64, u64)> {
        let (min, max) = (*ranges.first.start(), *ranges.first.end());
        let d = m.checked_add(1)?;
        let (lo, hi) = (min.div_ceil(d).max(1), max / d);
        (lo <= hi).then(|| (rng.between(lo, hi) * d, m))
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute::subtraction_wins;
    use super::*;

    #[test]
    fn matches_game_search() {
        let max_takes = (0..=12).chain([1 << 32, u64::MAX - 1, u64::MAX]);
        for m in max_takes {
            for (n, &wins) in subtraction_wins(60, m).iter().enumerate() {
                assert_eq!(first_player_wins(n as u64, m), wins, "n {n}, m {m}");
            }
        }
    }

    #[test]
    fn extreme_piles() {
        assert!(first_player_wins(u64::MAX, u64::MAX));
        assert!(!first_player_wins(0, u64::MAX));
        assert!(!first_player_wins(u64::MAX, 0));
        // u64::MAX = 2^64 - 1 is divisible by 2^32 + 1 and by 2^32 - 1.
        assert!(!first_player_wins(u64::MAX, 1 << 32));
        assert!(!first_player_wins(u64::MAX, (1 << 32) - 2));
        // A pile one larger than the largest take is the first loss.
        assert!(!first_player_wins(u64::MAX, u64::MAX - 1));
        assert!(!first_player_wins(u64::MAX - 1, u64::MAX - 2));
        assert!(first_player_wins(u64::MAX - 1, u64::MAX - 1));
    }
}
