//! Normal Nim: a move removes any positive number of objects from one heap,
//! and whoever takes the last object wins.
//!
//! Closed form: the first player wins iff the xor of the heap sizes is
//! nonzero.
//!
//! Why: from a zero xor every move changes exactly one heap and so makes the
//! xor nonzero; from a nonzero xor with highest set bit `d`, some heap `h` has
//! bit `d` set, and replacing it by `h ^ xor < h` makes the xor zero. The empty
//! position has xor zero and no moves, so zero-xor positions are the losses.
//! (Equivalently, a heap's Sprague–Grundy value is its size.)

use std::ops::RangeInclusive;

use super::legality::{self, Legality};
use super::{CaseSummary, Game, GameSpec, HeapFold, HeapGame};
use crate::rng::SplitMix64;

/// Normal Nim, folded as the xor of the heap sizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NormalNim;

impl HeapFold for NormalNim {
    #[inline(always)]
    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        acc.xor ^= heap;
    }

    #[inline]
    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        summary.xor != 0
    }
}

/// Nim as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "nim",
    parameters: &[],
    build: |_| Ok(Game::Nim(NormalNim)),
};

impl HeapGame for NormalNim {
    /// To `heap xor x`, when that is smaller.
    fn move_from(&self, heap: u64, summary: &CaseSummary) -> Option<(u64, Option<u64>)> {
        let to = heap ^ summary.xor;
        (to < heap).then_some((to, None))
    }

    fn xor_moves(&self, summary: &CaseSummary) -> Option<u64> {
        Some(summary.xor)
    }

    fn legality(&self, from: u64, parts: &[u64]) -> Legality {
        legality::removal(from, parts)
    }

    /// The heap equal to the xor of the others.
    fn losing_last_heap(
        &self,
        rest: &CaseSummary,
        range: RangeInclusive<u64>,
        _rng: &mut SplitMix64,
    ) -> Option<u64> {
        Some(rest.xor).filter(|heap| range.contains(heap))
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute::{
        fold_heaps, for_each_position, grundy_values, nim_moves, HeapGameSearch,
    };
    use super::*;

    #[test]
    fn grundy_value_is_heap_size() {
        let values = grundy_values(200, nim_moves);
        for (heap, &value) in values.iter().enumerate() {
            assert_eq!(value, heap as u64, "heap {heap}");
        }
    }

    #[test]
    fn xor_moves_say_what_move_from_does() {
        let mut rng = SplitMix64::new(41);
        for _ in 0..2000 {
            let top = 1u64 << rng.between(1, 63);
            let heaps: Vec<u64> = (0..5).map(|_| rng.between(0, top)).collect();
            let summary = fold_heaps(NormalNim, &heaps);
            let x = NormalNim.xor_moves(&summary).unwrap();
            for heap in heaps.iter().copied().chain([0, top, u64::MAX]) {
                let by_xor = (heap ^ x < heap).then_some((heap ^ x, None));
                assert_eq!(NormalNim.move_from(heap, &summary), by_xor, "{heaps:?}");
            }
        }
    }

    #[test]
    fn verdict_matches_game_search() {
        let mut search = HeapGameSearch::new(nim_moves, false);
        let mut checked = 0;
        for_each_position(3, 0, 7, |heaps| {
            let summary = fold_heaps(NormalNim, heaps);
            assert_eq!(
                NormalNim.first_player_wins(&summary),
                search.first_player_wins(heaps),
                "heaps {heaps:?}",
            );
            checked += 1;
        });
        // 1 empty + 8 + 36 + 120 multisets of sizes 0..=7.
        assert_eq!(checked, 165);
    }

    #[test]
    fn extreme_heaps() {
        let summary = fold_heaps(NormalNim, &[u64::MAX, u64::MAX]);
        assert!(!NormalNim.first_player_wins(&summary));
        let summary = fold_heaps(NormalNim, &[u64::MAX, u64::MAX - 1]);
        assert!(NormalNim.first_player_wins(&summary));
        let summary = fold_heaps(NormalNim, &[u64::MAX, 1 << 63, (1 << 63) - 1]);
        assert!(!NormalNim.first_player_wins(&summary));
        assert_eq!(summary.carry, 0);
    }
}
