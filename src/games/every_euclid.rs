//! Games of Euclid played all at once (HDU 3595, GG and MM): each game is
//! two piles `x y`, and a move in it takes a positive multiple of the
//! smaller pile from the larger; a game whose pile is empty is over. A
//! turn moves in every game that is not over, and whoever cannot move
//! (every game over) loses.
//!
//! This is an Every-SG game: the sum is decided by the last game to end,
//! so each player wins what they can of each game as slowly as they can
//! and loses it as fast as they can. A game's step count is 0 when it is
//! over; for a game the player to move wins, 1 more than the largest
//! count among the lost positions a move reaches; for one they lose, 1
//! more than the smallest count among all the positions a move reaches.
//! The player to move wins the sum iff the largest step count is odd.
//!
//! In Euclid's game, with `x ≥ y > 0`, `x = q y + r`: when `r = 0` taking
//! all of `x` ends the game at once, and every other move leaves a game
//! the opponent ends so (count 1). When `q = 1` the one move is to
//! `(y, r)`. When `q ≥ 2` the mover picks between `(y, r)` and
//! `(y + r, y)`, whose one move is to `(y, r)`: exactly one of them is
//! lost, and the mover goes there, one step later by the second. Every
//! other move (to `(r + j y, y)`, `j ≥ 2`) is a win for the opponent.

use std::ops::RangeInclusive;

use super::row::{RowFault, RowGame};
use super::{Game, GameSpec};
use crate::rng::SplitMix64;

/// Euclid's games played all at once, as a [`super::row::RowGame`] of
/// pairs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EveryEuclid;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "every-euclid",
    parameters: &[],
    build: |_| Ok(Game::EveryEuclid(EveryEuclid)),
};

/// Whether the player to move wins Euclid's game `(x, y)` alone, and its
/// step count.
pub fn steps(x: u64, y: u64) -> (bool, u64) {
    let (large, small) = (x.max(y), x.min(y));
    if small == 0 {
        return (false, 0);
    }
    let (q, r) = (large / small, large % small);
    if r == 0 {
        return (true, 1);
    }
    let (next_wins, next) = steps(small, r);
    match (q, next_wins) {
        (1, _) => (!next_wins, next + 1),
        (_, false) => (true, next + 1),
        // (y + r, y) is lost, one step before (y, r).
        _ => (true, next + 2),
    }
}

/// Whether the player to move wins the games `row` (pairs, flattened).
pub fn first_player_wins(row: &[u64]) -> bool {
    let most = row.chunks(2).map(|p| steps(p[0], p[1]).1).max();
    most.unwrap_or(0) % 2 == 1
}

impl RowGame for EveryEuclid {
    fn check(&self, _: u64, _: &[u64]) -> Result<(), RowFault> {
        Ok(())
    }

    fn first_player_wins(&self, _: u64, row: &[u64]) -> bool {
        first_player_wins(row)
    }

    fn random_row(
        &self,
        count: u64,
        _: u64,
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<Vec<u64>> {
        let numbers = usize::try_from(count.checked_mul(2)?).ok()?;
        Some((0..numbers).map(|_| rng.within(values)).collect())
    }

    /// Every game made `(3c, 2c)` in some order, whose count is 2 (to
    /// `(2c, c)`, then to an empty pile): the largest count is even.
    fn make_losing(
        &self,
        _: u64,
        row: &mut [u64],
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> bool {
        let (lo, hi) = (values.start().div_ceil(2).max(1), values.end() / 3);
        if lo > hi {
            return false;
        }
        for pair in row.chunks_mut(2) {
            let c = rng.between(lo, hi);
            let (a, b) = match rng.chance(0.5) {
                true => (3 * c, 2 * c),
                false => (2 * c, 3 * c),
            };
            pair[0] = a;
            if let Some(second) = pair.get_mut(1) {
                *second = b;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// Every move of Euclid's game from `(x, y)`.
    fn moves(x: u64, y: u64) -> Vec<(u64, u64)> {
        let (large, small) = (x.max(y), x.min(y));
        if small == 0 {
            return Vec::new();
        }
        (1..=large / small)
            .map(|k| (large - k * small, small))
            .collect()
    }

    /// Whether the player to move wins the games `games` played all at
    /// once, by trying every choice of one move in each game not over.
    fn joint_wins(games: Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
        if let Some(&known) = memo.get(&games) {
            return known;
        }
        let mut choices: Vec<Vec<(u64, u64)>> = vec![Vec::new()];
        for &(x, y) in &games {
            let options = match moves(x, y) {
                none if none.is_empty() => vec![(x, y)],
                some => some,
            };
            choices = choices
                .iter()
                .flat_map(|c| {
                    options.iter().map(move |&o| {
                        let mut next = c.clone();
                        next.push(o);
                        next
                    })
                })
                .collect();
        }
        let over = games.iter().all(|&(x, y)| moves(x, y).is_empty());
        let wins = !over
            && choices.into_iter().any(|mut next| {
                next.sort_unstable();
                !joint_wins(next, memo)
            });
        memo.insert(games, wins);
        wins
    }

    #[test]
    fn one_game_verdicts_match_the_search() {
        let mut memo = HashMap::new();
        for x in 0..=40 {
            for y in 0..=40 {
                let wins = joint_wins(vec![(x, y)], &mut memo);
                assert_eq!(steps(x, y).0, wins, "{x} {y}");
            }
        }
    }

    /// The largest step count's parity against a search of the games
    /// moved all at once: every set of up to three games of piles up to 7.
    #[test]
    fn the_largest_step_count_decides_the_games_played_at_once() {
        let mut memo = HashMap::new();
        let pairs: Vec<(u64, u64)> = (0..=7).flat_map(|x| (0..=7).map(move |y| (x, y))).collect();
        let mut rng = SplitMix64::new(3595);
        for size in 1..=3 {
            for _ in 0..400 {
                let games: Vec<(u64, u64)> = (0..size)
                    .map(|_| pairs[rng.between(0, pairs.len() as u64 - 1) as usize])
                    .collect();
                let row: Vec<u64> = games.iter().flat_map(|&(x, y)| [x, y]).collect();
                let mut sorted = games.clone();
                sorted.sort_unstable();
                assert_eq!(
                    first_player_wins(&row),
                    joint_wins(sorted, &mut memo),
                    "{games:?}"
                );
            }
        }
    }

    #[test]
    fn losing_rows_for_gen_are_lost() {
        let mut rng = SplitMix64::new(7);
        for (lo, hi) in [(0, 9), (1, 1000), (5, 30)] {
            for count in 1..=5u64 {
                let mut row = EveryEuclid
                    .random_row(count, 0, &(lo..=hi), &mut rng)
                    .unwrap();
                assert!(EveryEuclid.make_losing(0, &mut row, &(lo..=hi), &mut rng));
                assert!(row.iter().all(|v| (lo..=hi).contains(v)), "{row:?}");
                assert!(!first_player_wins(&row), "{row:?}");
            }
        }
        assert!(!EveryEuclid.make_losing(0, &mut [4, 4], &(4..=5), &mut rng));
    }
}
