//! Misère Nim: a move removes any positive number of objects from one heap,
//! and whoever takes the last object loses. Empty heaps are allowed and play
//! no part.
//!
//! Closed form (Bouton): if no heap holds more than one object, the first
//! player wins iff the number of 1-heaps is even; otherwise the first player
//! wins iff the xor of the heaps is nonzero, exactly as in normal Nim.
//!
//! Why: with only 1-heaps every move removes one heap, so the player to move
//! takes the last object iff the count is odd. Otherwise, a position with xor
//! zero cannot have exactly one big heap (its high bits would survive the
//! xor), so it has at least two, and every move from it leaves a big heap and
//! a nonzero xor. From a nonzero xor the player to move wins: with exactly one
//! big heap, shrink it to 0 or 1 so that an odd number of 1-heaps remains;
//! with more, make the normal Nim move to xor zero, which keeps at least one,
//! and therefore at least two, big heaps.
//!
//! HDU 2509 plays rows of apples, where a move takes any run of
//! consecutive apples from one row and so may leave two rows. Its verdicts
//! are the same: the argument above uses only that a move changes one
//! heap's Nim value (a run leaves parts `a + b < n`, worth `a xor b < n`),
//! that a move from a big heap may leave any smaller heap, and that a move
//! touches one heap, so the other big heap stays. A unit test searches that
//! game's moves too.
//!
//! An empty position counts as zero 1-heaps: the opponent took the last
//! object, so the player to move has won.

use std::ops::RangeInclusive;

use super::legality::{self, Legality};
use super::nim::NormalNim;
use super::{CaseSummary, Game, GameSpec, HeapFold, HeapGame, HeapMove, MoveTrace};
use crate::rng::SplitMix64;

/// Misère Nim, folded as the xor of the heaps together with counts of the
/// heaps of exactly one object and of more than one.
///
/// The counts wrap, so a case of `2^64` or more heaps would be misjudged;
/// no input can be that long.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MisereNim;

impl HeapFold for MisereNim {
    #[inline(always)]
    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        acc.xor ^= heap;
        acc.ones = acc.ones.wrapping_add(u64::from(heap == 1));
        acc.big = acc.big.wrapping_add(u64::from(heap > 1));
    }

    #[inline]
    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        if summary.big == 0 {
            summary.ones.is_multiple_of(2)
        } else {
            summary.xor != 0
        }
    }
}

/// Misère Nim as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "misere",
    parameters: &[],
    build: |_| Ok(Game::Misere(MisereNim)),
};

impl HeapGame for MisereNim {
    /// With two heaps above 1 or more, Nim's move; with one, only that heap
    /// moves (to 0 or 1, leaving an odd number of 1s); with none, any 1 is
    /// taken while the number of 1s is even.
    fn move_from(&self, heap: u64, summary: &CaseSummary) -> Option<(u64, Option<u64>)> {
        match summary.big {
            0 => (heap == 1 && self.first_player_wins(summary)).then_some((0, None)),
            1 => (heap > 1).then_some((u64::from(summary.ones.is_multiple_of(2)), None)),
            _ => NormalNim.move_from(heap, summary),
        }
    }

    /// Nim's removals: only the end of the game differs.
    fn legality(&self, from: u64, parts: &[u64]) -> Legality {
        legality::removal(from, parts)
    }

    /// With only 0s and 1s and an even number of 1s, take a 1 (an empty
    /// position is won with no move). With one heap above 1, which is the
    /// only heap with a bit above bit 0, leave it at 0 or 1 so that an odd
    /// number of 1s remains. Otherwise the normal move, which leaves at
    /// least two heaps above 1 (see the module documentation).
    fn winning_move(&self, summary: &CaseSummary, trace: &MoveTrace) -> Option<HeapMove> {
        if !self.first_player_wins(summary) {
            return None;
        }
        let move_to = |bit: u32, to: u64| {
            let first = trace.first_with(bit)?;
            Some(HeapMove {
                heap: first.index + 1,
                from: first.heap,
                to,
                and: None,
                third: None,
            })
        };
        match summary.big {
            0 if summary.ones == 0 => None,
            0 => move_to(0, 0),
            1 => {
                let top = trace.seen().ilog2();
                move_to(top, u64::from(summary.ones.is_multiple_of(2)))
            }
            _ => NormalNim.winning_move(summary, trace),
        }
    }

    /// With a heap above 1 elsewhere, the misère rule is the normal one;
    /// with only 0s and 1s, the first player loses on an odd count of 1s.
    fn losing_last_heap(
        &self,
        rest: &CaseSummary,
        range: RangeInclusive<u64>,
        _rng: &mut SplitMix64,
    ) -> Option<u64> {
        let heap = if rest.big > 0 {
            rest.xor
        } else if rest.ones.is_multiple_of(2) {
            1
        } else {
            0
        };
        Some(heap).filter(|heap| range.contains(heap))
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute::{
        fold_heaps, for_each_position, nim_moves, run_moves, HeapGameSearch,
    };
    use super::*;

    #[test]
    fn verdict_matches_game_search_with_empty_heaps() {
        let mut search = HeapGameSearch::new(nim_moves, true);
        let mut checked = 0;
        for_each_position(4, 0, 6, |heaps| {
            let summary = fold_heaps(MisereNim, heaps);
            assert_eq!(
                MisereNim.first_player_wins(&summary),
                search.first_player_wins(heaps),
                "heaps {heaps:?}",
            );
            checked += 1;
        });
        // Multisets of at most 4 heaps drawn from 7 sizes: 1 + 7 + 28 + 84 + 210.
        assert_eq!(checked, 330);
    }

    #[test]
    fn verdict_matches_game_search_up_to_three_heaps_of_seven() {
        let mut search = HeapGameSearch::new(nim_moves, true);
        for_each_position(3, 0, 7, |heaps| {
            let summary = fold_heaps(MisereNim, heaps);
            assert_eq!(
                MisereNim.first_player_wins(&summary),
                search.first_player_wins(heaps),
                "heaps {heaps:?}",
            );
        });
    }

    #[test]
    fn verdict_matches_a_search_of_taking_runs_from_rows() {
        let mut search = HeapGameSearch::new(run_moves, true);
        for_each_position(3, 0, 9, |heaps| {
            let summary = fold_heaps(MisereNim, heaps);
            assert_eq!(
                MisereNim.first_player_wins(&summary),
                search.first_player_wins(heaps),
                "rows {heaps:?}",
            );
        });
    }

    #[test]
    fn counts_ones_and_big_heaps() {
        let heaps = [0, 1, 1, 2, u64::MAX, 0, 1];
        let summary = fold_heaps(MisereNim, &heaps);
        assert_eq!(summary.ones, 3);
        assert_eq!(summary.big, 2);
        assert_eq!(summary.xor, heaps.iter().fold(0, |acc, &heap| acc ^ heap));
        assert_eq!(summary.carry, 0);
    }
}
