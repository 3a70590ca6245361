//! Nim where a move may instead split a heap into three non-empty heaps
//! (HDU 5795, "A Simple Nim"). Whoever makes the last move wins.
//!
//! Closed form: the Sprague–Grundy value of a heap is `g(0) = 0` and
//!
//! ```text
//! g(8k+7) = 8k+8,   g(8k+8) = 8k+7,   g(h) = h otherwise,
//! ```
//!
//! and the first player wins iff the xor of the heaps' values is nonzero.
//!
//! Why, by induction on `h`: removals reach the values of every smaller
//! heap, `{0, …, h-1}` by the formula, except that for `h = 8k+8` they are
//! `{0, …, 8k+6, 8k+8}`. A split `a + b + c = h` into parts below `h` is
//! worth `g(a) xor g(b) xor g(c)`; xor agrees with the sum in parity, and
//! the swap of `8k+7` and `8k+8` changes a value by one only when it
//! changes its residue mod 8 between 7 and 0. Checking the low three bits,
//! no split of `h ≢ 7 (mod 8)` reaches `h` (nor, for `h = 8k+8`, `8k+7`),
//! while for `h = 8k+7` the split `1 + 2 + (8k+4)` reaches `8k+7` and none
//! reaches `8k+8`. The mex is then the table (the unit test checks it
//! against the mex of every move up to 200).
//!
//! `g(u64::MAX) = 2^64`, so the fold keeps bit 64 of the xor in
//! [`CaseSummary::carry`], as Lasker's Nim does.

use std::ops::RangeInclusive;

use super::legality::{self, Legality};
use super::{CaseSummary, Game, GameSpec, HeapFold, HeapGame, HeapMove, MoveTrace};
use crate::rng::SplitMix64;

/// Nim with three-way splits, folded as the xor of the heaps' Grundy
/// values (bit 64 in `carry`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitThree;

impl HeapFold for SplitThree {
    #[inline(always)]
    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        // With y = heap + 1 the swapped pairs (8k+7, 8k+8) become
        // (8k+8, 8k+9), whose bits 1 and 2 are clear: flip bit 0 there.
        // y = 1 (heap 0) flips to 0, which the saturating subtract keeps at
        // g(0) = 0; heap = u64::MAX wraps to y = 0, giving low bits 0 and
        // bit 64 from the wrap, g = 2^64 (as in Lasker's fold).
        let (y, wrapped) = heap.overflowing_add(1);
        let swapped = y ^ u64::from(y & 0b110 == 0);
        acc.xor ^= swapped.saturating_sub(1);
        acc.carry ^= u64::from(wrapped);
    }

    #[inline]
    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        summary.xor != 0 || summary.carry != 0
    }
}

/// The exact Sprague–Grundy value of a heap of `heap` objects.
pub fn grundy(heap: u64) -> u128 {
    let heap = u128::from(heap);
    match heap % 8 {
        _ if heap == 0 => 0,
        7 => heap + 1,
        0 => heap - 1,
        _ => heap,
    }
}

/// The swap is its own inverse: the heap worth `value` is `grundy(value)`.
fn heap_worth(value: u128) -> u128 {
    match value % 8 {
        _ if value == 0 => 0,
        7 => value + 1,
        0 => value - 1,
        _ => value,
    }
}

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "split-three",
    parameters: &[],
    build: |_| Ok(Game::SplitThree(SplitThree)),
};

/// The heap of `heap` objects reaching value `target < g(heap)` by a
/// removal, or `None` when only the split `1 + 2 + (heap - 3)` reaches it
/// (from `8k+7`, worth `8k+8`, to `8k+7`, whose heap is larger).
fn removal_to(heap: u64, target: u128) -> Option<u64> {
    u64::try_from(heap_worth(target))
        .ok()
        .filter(|&to| to < heap)
}

impl HeapGame for SplitThree {
    const MOST_PARTS: usize = 3;

    /// The value-lowering removal, when one reaches `g(heap) xor x`; the
    /// three-way split that alone reaches it from `8k+7` is named by
    /// [`HeapGame::winning_move`] only, since a move of this trait has two
    /// parts at most. The game never lists every move (it splits), so no
    /// answer counts on this one.
    fn move_from(&self, heap: u64, summary: &CaseSummary) -> Option<(u64, Option<u64>)> {
        let xor = u128::from(summary.xor) | u128::from(summary.carry) << 64;
        let target = grundy(heap) ^ xor;
        if target >= grundy(heap) {
            return None;
        }
        removal_to(heap, target).map(|to| (to, None))
    }

    /// The first heap whose value has the xor's highest bit, lowered to
    /// `value xor x` by a removal or by the split `1 + 2 + (8k+4)`.
    fn winning_move(&self, summary: &CaseSummary, trace: &MoveTrace) -> Option<HeapMove> {
        let xor = u128::from(summary.xor) | u128::from(summary.carry) << 64;
        let first = trace.first_with(xor.checked_ilog2()?)?;
        let heap = first.heap;
        let target = grundy(heap) ^ xor;
        let mv = |to, and, third| HeapMove {
            heap: first.index + 1,
            from: heap,
            to,
            and,
            third,
        };
        Some(match removal_to(heap, target) {
            Some(to) => mv(to, None, None),
            None => mv(1, Some(2), Some(heap - 3)),
        })
    }

    fn legality(&self, from: u64, parts: &[u64]) -> Legality {
        legality::removal_or_split(from, parts, 3)
    }

    /// The heap whose value is the xor of the others', as in Lasker's Nim.
    fn losing_last_heap(
        &self,
        rest: &CaseSummary,
        range: RangeInclusive<u64>,
        _rng: &mut SplitMix64,
    ) -> Option<u64> {
        if rest.carry != 0 {
            return None;
        }
        u64::try_from(heap_worth(u128::from(rest.xor)))
            .ok()
            .filter(|heap| range.contains(heap))
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute::{
        fold_heaps, for_each_position, grundy_values, split_three_moves, HeapGameSearch,
    };
    use super::*;

    #[test]
    fn grundy_matches_mex_over_all_moves() {
        let values = grundy_values(200, split_three_moves);
        for (heap, &value) in values.iter().enumerate() {
            assert_eq!(grundy(heap as u64), u128::from(value), "heap {heap}");
        }
    }

    #[test]
    fn fold_is_the_grundy_value_with_bit_64_in_carry() {
        let mut heaps: Vec<u64> = (0..=64).collect();
        heaps.extend((0..=64).map(|i| u64::MAX - i));
        heaps.extend((3..64).flat_map(|bit| [(1 << bit) - 1, 1 << bit, (1 << bit) + 1]));
        for heap in heaps {
            let summary = fold_heaps(SplitThree, &[heap]);
            let g = grundy(heap);
            assert_eq!(u128::from(summary.xor), g & u128::from(u64::MAX), "{heap}");
            assert_eq!(u128::from(summary.carry), g >> 64, "{heap}");
        }
        assert_eq!(grundy(u64::MAX), 1 << 64);
    }

    #[test]
    fn verdict_matches_game_search() {
        let mut search = HeapGameSearch::new(split_three_moves, false);
        for_each_position(3, 0, 10, |heaps| {
            let summary = fold_heaps(SplitThree, heaps);
            assert_eq!(
                SplitThree.first_player_wins(&summary),
                search.first_player_wins(heaps),
                "heaps {heaps:?}",
            );
        });
    }
}
