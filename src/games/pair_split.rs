//! E&D (Luogu P2148, SDOI 2009): `2n` piles in pairs (piles 1 and 2, 3
//! and 4, …). A move removes one pile of a pair and splits the other into
//! two non-empty piles, which become the pair; whoever cannot move (every
//! pile holds 1) loses.
//!
//! Closed form: the Grundy value of a pair `(a, b)` is the number of
//! trailing one bits of `(a − 1) | (b − 1)` (the place of its lowest zero
//! bit); the first player wins iff the xor over the pairs is nonzero.
//!
//! The unit test checks the values against the mex of every move for
//! piles up to 64, and the verdicts of whole rows against a search.

use std::ops::RangeInclusive;

use super::row::{RowFault, RowGame, RowPlace};
use super::{Game, GameSpec};
use crate::rng::SplitMix64;

/// E&D as a [`RowGame`]: the row is the piles, two by two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairSplit;

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "pair-split",
    parameters: &[],
    build: |_| Ok(Game::PairSplit(PairSplit)),
};

/// The Grundy value of a pair of piles, both at least 1.
pub fn value(a: u64, b: u64) -> u64 {
    u64::from(((a - 1) | (b - 1)).trailing_ones())
}

fn xor(piles: &[u64]) -> u64 {
    piles
        .chunks(2)
        .fold(0, |xor, pair| xor ^ value(pair[0], pair[1]))
}

impl RowGame for PairSplit {
    fn check(&self, _: u64, piles: &[u64]) -> Result<(), RowFault> {
        if !piles.len().is_multiple_of(2) {
            return Err(RowFault {
                at: RowPlace::Count,
                why: format!(
                    "{} piles do not make pairs: the count must be even",
                    piles.len()
                ),
            });
        }
        match piles.iter().position(|&pile| pile == 0) {
            Some(i) => Err(RowFault::number(i, "a pile holds at least 1".into())),
            None => Ok(()),
        }
    }

    fn first_player_wins(&self, _: u64, piles: &[u64]) -> bool {
        xor(piles) != 0
    }

    fn random_row(
        &self,
        count: u64,
        _: u64,
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<Vec<u64>> {
        let piles = (*values.start()).max(1)..=*values.end();
        let count = usize::try_from(count).ok()?;
        // `--max 0` leaves no pile to draw: no row, rather than a panic.
        (count.is_multiple_of(2) && !piles.is_empty())
            .then(|| (0..count).map(|_| rng.within(&piles)).collect())
    }

    /// Redraws the last pair with the value the others' xor: `a − 1` with
    /// its low bits set up to the value's place, and neither with that
    /// place's bit.
    fn make_losing(
        &self,
        _: u64,
        piles: &mut [u64],
        values: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> bool {
        let Some(last) = piles.len().checked_sub(2) else {
            return true;
        };
        let want = xor(&piles[..last]);
        if want >= 63 {
            return false;
        }
        let (low, bit) = ((1u64 << want) - 1, 1u64 << want);
        let a = (rng.within(values).saturating_sub(1) & !bit) | low;
        let b = rng.within(values).saturating_sub(1) & !bit;
        let (a, b) = (a + 1, b + 1);
        if !values.contains(&a) || !values.contains(&b) {
            return false;
        }
        piles[last] = a;
        piles[last + 1] = b;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The Grundy values of every pair up to `max`, by the mex of the
    /// values of every move: `values[a][b]`.
    fn mex_values(max: usize) -> Vec<Vec<u64>> {
        let mut values = vec![vec![0u64; max + 1]; max + 1];
        for total in 2..=2 * max {
            for a in 1..=max.min(total - 1) {
                let b = total - a;
                if b > max {
                    continue;
                }
                // Keep one pile and split the other.
                let mut seen = vec![false; 2 * max + 2];
                for split in [a, b] {
                    for part in 1..split {
                        seen[values[part][split - part] as usize] = true;
                    }
                }
                values[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        values
    }

    #[test]
    fn pair_values_are_the_mex_of_every_move() {
        let max = 64;
        let values = mex_values(max);
        for (a, row) in values.iter().enumerate().skip(1) {
            for (b, &mex) in row.iter().enumerate().skip(1) {
                assert_eq!(value(a as u64, b as u64), mex, "{a} {b}");
            }
        }
    }

    /// Whether the player to move wins on `piles`, by trying every move.
    fn search(piles: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&known) = memo.get(&piles) {
            return known;
        }
        let mut wins = false;
        for pair in 0..piles.len() / 2 {
            for (keep, split) in [(2 * pair, 2 * pair + 1), (2 * pair + 1, 2 * pair)] {
                for part in 1..piles[split] {
                    let mut next = piles.clone();
                    next[keep] = part;
                    next[split] -= part;
                    if !search(next, memo) {
                        wins = true;
                    }
                }
            }
        }
        memo.insert(piles, wins);
        wins
    }

    #[test]
    fn verdicts_match_the_search() {
        let mut memo = HashMap::new();
        for a in 1..=7 {
            for b in 1..=7 {
                for c in 1..=7 {
                    for d in 1..=7 {
                        let piles = vec![a, b, c, d];
                        let wins = search(piles.clone(), &mut memo);
                        assert_eq!(PairSplit.first_player_wins(0, &piles), wins, "{piles:?}");
                    }
                }
            }
        }
        assert!(PairSplit.first_player_wins(0, &[1, 2, 3, 1]));
        assert!(!PairSplit.first_player_wins(0, &[1, 1, 1, 1, 1, 1]));
    }

    #[test]
    fn odd_counts_and_empty_piles_are_refused() {
        assert_eq!(
            PairSplit.check(0, &[1, 2, 3]).unwrap_err().at,
            RowPlace::Count
        );
        assert_eq!(
            PairSplit.check(0, &[1, 0]).unwrap_err().at,
            RowPlace::Number(1)
        );
    }

    #[test]
    fn no_row_is_drawn_from_piles_of_only_zero() {
        let mut rng = SplitMix64::new(2148);
        assert_eq!(PairSplit.random_row(2, 0, &(0..=0), &mut rng), None);
        assert!(PairSplit.random_row(2, 0, &(0..=1), &mut rng).is_some());
    }

    #[test]
    fn losing_rows_are_lost_and_valid() {
        let mut rng = SplitMix64::new(2148);
        let mut made = 0;
        for count in [2, 4, 20_000] {
            for _ in 0..30 {
                let values = 1..=2_000_000_000;
                let mut row = PairSplit.random_row(count, 0, &values, &mut rng).unwrap();
                if PairSplit.make_losing(0, &mut row, &values, &mut rng) {
                    made += 1;
                    assert_eq!(PairSplit.check(0, &row), Ok(()));
                    assert!(!PairSplit.first_player_wins(0, &row), "{row:?}");
                }
            }
        }
        assert!(made >= 45, "{made}");
    }
}
