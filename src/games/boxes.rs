//! Cards in boxes numbered 1 to `n` (HDU 3389): a move takes any number of
//! cards, at least one, from a box `A` to a box `B < A` with `A + B` odd
//! and a multiple of 3; whoever cannot move loses.
//!
//! Closed form: the first player wins iff the xor of the cards in the
//! boxes `i` with `i mod 6` in {0, 2, 5} is nonzero.
//!
//! Why: `A + B` odd and a multiple of 3 is `A + B ≡ 3 (mod 6)`, so a move
//! goes from a box of class `A mod 6` to one of class `(3 − A) mod 6`:
//! classes 0, 2 and 5 to 3, 1 and 4, and back. Boxes 1, 3 and 4 have no
//! move, and every move changes class, so the boxes of classes 0, 2 and 5
//! are an odd number of moves from a dead box and the others an even
//! number: staircase Nim, where only the cards on the odd steps count
//! (cards moved onto an odd step, the opponent moves on at once). The unit
//! test checks the form against a search of every move with up to 9 boxes.

use std::ops::RangeInclusive;

use super::row::{RowFault, RowGame};
use super::{Game, GameSpec};
use crate::rng::SplitMix64;

/// The boxes game as a [`RowGame`]: the row is the cards of boxes 1 to `n`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Boxes;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "boxes",
    parameters: &[],
    build: |_| Ok(Game::Boxes(Boxes)),
};

/// Whether box `index` (from 0) is one whose cards count.
fn counts(index: usize) -> bool {
    matches!((index + 1) % 6, 0 | 2 | 5)
}

fn xor(cards: &[u64]) -> u64 {
    let counted = cards.iter().enumerate().filter(|&(i, _)| counts(i));
    counted.fold(0, |xor, (_, &c)| xor ^ c)
}

impl RowGame for Boxes {
    fn check(&self, _: u64, _: &[u64]) -> Result<(), RowFault> {
        Ok(())
    }

    fn first_player_wins(&self, _: u64, cards: &[u64]) -> bool {
        xor(cards) != 0
    }

    fn random_row(
        &self,
        count: u64,
        _: u64,
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<Vec<u64>> {
        let count = usize::try_from(count).ok()?;
        Some((0..count).map(|_| rng.within(values)).collect())
    }

    /// Fills the last box that counts with the xor of the others that do.
    fn make_losing(
        &self,
        _: u64,
        cards: &mut [u64],
        values: &RangeInclusive<u64>,
        _: &mut SplitMix64,
    ) -> bool {
        let Some(last) = (0..cards.len()).rev().find(|&i| counts(i)) else {
            return true;
        };
        cards[last] = 0;
        let want = xor(cards);
        cards[last] = want;
        values.contains(&want)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the player to move wins, by trying every move the statement
    /// allows.
    fn search(cards: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&known) = memo.get(&cards) {
            return known;
        }
        let mut wins = false;
        for a in 1..=cards.len() {
            for b in (1..a).filter(|b| !(a + b).is_multiple_of(2) && (a + b).is_multiple_of(3)) {
                for moved in 1..=cards[a - 1] {
                    let mut next = cards.clone();
                    next[a - 1] -= moved;
                    next[b - 1] += moved;
                    if !search(next, memo) {
                        wins = true;
                    }
                }
            }
        }
        memo.insert(cards, wins);
        wins
    }

    /// Every row of `n` boxes of at most `max` cards.
    fn rows(n: usize, max: u64) -> Vec<Vec<u64>> {
        let mut rows = vec![Vec::new()];
        for _ in 0..n {
            rows = rows
                .into_iter()
                .flat_map(|row: Vec<u64>| {
                    (0..=max).map(move |c| {
                        let mut next = row.clone();
                        next.push(c);
                        next
                    })
                })
                .collect();
        }
        rows
    }

    #[test]
    fn verdicts_match_the_search() {
        let mut memo = HashMap::new();
        for (n, max) in [(1, 3), (4, 3), (7, 2), (9, 1)] {
            for row in rows(n, max) {
                let wins = search(row.clone(), &mut memo);
                assert_eq!(Boxes.first_player_wins(0, &row), wins, "{row:?}");
            }
        }
        assert!(Boxes.first_player_wins(0, &[1, 2]));
        assert!(!Boxes.first_player_wins(0, &[1, 3, 3, 2, 2, 1, 2]));
    }

    #[test]
    fn losing_rows_are_lost() {
        let mut rng = SplitMix64::new(3389);
        let mut made = 0;
        for count in [1, 2, 6, 10_000] {
            for _ in 0..20 {
                let values = 0..=100;
                let mut row = Boxes.random_row(count, 0, &values, &mut rng).unwrap();
                if Boxes.make_losing(0, &mut row, &values, &mut rng) {
                    made += 1;
                    assert!(row.iter().all(|c| values.contains(c)));
                    assert!(!Boxes.first_player_wins(0, &row), "{row:?}");
                }
            }
        }
        assert!(made >= 60, "{made}");
    }
}
