//! Lasker's Nim: a move either removes any positive number of objects from
//! one heap, or splits one heap into two non-empty heaps. Whoever makes the
//! last move wins.
//!
//! Closed form: the Sprague–Grundy value of a heap is `g(0) = 0` and
//!
//! ```text
//! g(4k+1) = 4k+1,   g(4k+2) = 4k+2,   g(4k+3) = 4k+4,   g(4k+4) = 4k+3,
//! ```
//!
//! and the first player wins iff the xor of the heaps' values is nonzero.
//!
//! Why, by induction on `h`: removals from `h` reach exactly the values of
//! the heaps below it, which the formula makes `{0, …, h-1}`, except that for
//! `h = 4k+4` they are `{0, …, 4k+2, 4k+4}`. Splits depend on `h mod 4` in
//! their low two bits: splitting `h ≡ 1` always yields low bits `10`, `h ≡ 2`
//! or `h ≡ 0` yield `00` or `01`, and `h ≡ 3` yields `11`. So no split
//! reaches `h` itself when `h ≡ 1, 2`, none reaches `h - 1 ≡ 3` when
//! `h ≡ 0`, and for `h ≡ 3` the split `1 + (h-1)` reaches `h` while nothing
//! reaches `h + 1 ≡ 0`. Taking the mex in each case gives the table.
//!
//! `g(u64::MAX) = 2^64` does not fit in a `u64`, so the fold keeps bit 64 of
//! the xor in [`CaseSummary::carry`].

use std::ops::RangeInclusive;

use super::legality::{self, Legality};
use super::{CaseSummary, Game, GameSpec, HeapFold, HeapGame};
use crate::rng::SplitMix64;

/// Lasker's Nim, folded as the xor of the heaps' Grundy values.
///
/// The low 64 bits of the xor go in `xor` and bit 64 in `carry`; only a heap
/// of `u64::MAX` has a Grundy value with bit 64 set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LaskerSwap;

impl HeapFold for LaskerSwap {
    #[inline(always)]
    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        // With y = heap + 1 the swapped pairs (4k+3, 4k+4) become
        // (4k+4, 4k+5): y's lowest bit flips exactly when its bit 1 is clear.
        // That also flips y = 1 (heap 0) to 0, and the saturating subtract
        // maps it back to g(0) = 0. heap = u64::MAX wraps to y = 0, which
        // flips to 1 and gives 0, the low 64 bits of g = 2^64; the wrap itself
        // is bit 64. About half the instructions of a compare per residue,
        // which shows on the reference workload (HDU 3032).
        let (y, wrapped) = heap.overflowing_add(1);
        let swapped = y ^ (!(y >> 1) & 1);
        acc.xor ^= swapped.saturating_sub(1);
        acc.carry ^= u64::from(wrapped);
    }

    #[inline]
    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        summary.xor != 0 || summary.carry != 0
    }
}

/// The heap whose Grundy value is `value`: the swap, undone.
fn heap_worth(value: u128) -> u128 {
    match value % 4 {
        _ if value == 0 => 0,
        3 => value + 1,
        0 => value - 1,
        _ => value,
    }
}

/// The exact Sprague–Grundy value of a heap of `heap` objects in Lasker's Nim.
pub fn grundy(heap: u64) -> u128 {
    let heap = u128::from(heap);
    match heap % 4 {
        _ if heap == 0 => 0,
        3 => heap + 1,
        0 => heap - 1,
        _ => heap,
    }
}

/// Lasker's Nim as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "lasker",
    parameters: &[],
    build: |_| Ok(Game::Lasker(LaskerSwap)),
};

impl HeapGame for LaskerSwap {
    const MOST_PARTS: usize = 2;

    /// To the heap worth `g(heap) xor x`, when that value is smaller: by a
    /// removal, except from `h = 4k+3` (worth `4k+4`) to value `4k+3`, whose
    /// heap `4k+4` is larger: that one is the split `1 + (4k+2)`, worth
    /// `1 xor (4k+2) = 4k+3`. Unlike Nim, Lasker's Nim can
    /// also win by raising a heap's value (4 goes to 3, worth 4; 5 splits
    /// into 2 + 3, worth 6) and can have several winning moves from one heap:
    /// this names the value-lowering one only, so it does not count all
    /// winning moves, and no catalogue problem lists Lasker's.
    fn move_from(&self, heap: u64, summary: &CaseSummary) -> Option<(u64, Option<u64>)> {
        let xor = u128::from(summary.xor) | u128::from(summary.carry) << 64;
        let target = grundy(heap) ^ xor;
        if target >= grundy(heap) {
            return None;
        }
        Some(match u64::try_from(heap_worth(target)) {
            Ok(to) if to < heap => (to, None),
            _ => (1, Some(heap - 1)),
        })
    }

    fn legality(&self, from: u64, parts: &[u64]) -> Legality {
        legality::removal_or_split(from, parts, 2)
    }

    /// The heap whose Grundy value is the xor of the others'. The swap is its
    /// own inverse, so the heap worth `x` is `g(x)`.
    fn losing_last_heap(
        &self,
        rest: &CaseSummary,
        range: RangeInclusive<u64>,
        _rng: &mut SplitMix64,
    ) -> Option<u64> {
        if rest.carry != 0 {
            return None;
        }
        u64::try_from(grundy(rest.xor))
            .ok()
            .filter(|heap| range.contains(heap))
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute::{
        fold_heaps, for_each_position, grundy_values, lasker_moves, HeapGameSearch,
    };
    use super::*;

    #[test]
    fn grundy_matches_mex_over_all_moves() {
        let values = grundy_values(200, lasker_moves);
        for (heap, &value) in values.iter().enumerate() {
            assert_eq!(grundy(heap as u64), u128::from(value), "heap {heap}");
        }
    }

    #[test]
    fn fold_splits_grundy_into_low_bits_and_carry() {
        let mut heaps: Vec<u64> = (0..=64).collect();
        heaps.extend((0..=64).map(|i| u64::MAX - i));
        heaps.extend((1..64).flat_map(|bit| [(1 << bit) - 1, 1 << bit, (1 << bit) + 1]));
        for heap in heaps {
            let summary = fold_heaps(LaskerSwap, &[heap]);
            let g = grundy(heap);
            assert_eq!(
                u128::from(summary.xor),
                g & u128::from(u64::MAX),
                "heap {heap}"
            );
            assert_eq!(u128::from(summary.carry), g >> 64, "heap {heap}");
            assert_eq!(
                LaskerSwap.first_player_wins(&summary),
                g != 0,
                "heap {heap}"
            );
        }
        assert_eq!(grundy(u64::MAX), 1 << 64);
    }

    #[test]
    fn verdict_matches_game_search() {
        let mut search = HeapGameSearch::new(lasker_moves, false);
        for_each_position(3, 0, 7, |heaps| {
            let summary = fold_heaps(LaskerSwap, heaps);
            assert_eq!(
                LaskerSwap.first_player_wins(&summary),
                search.first_player_wins(heaps),
                "heaps {heaps:?}",
            );
        });
    }

    #[test]
    fn verdict_matches_exact_xor_near_the_top() {
        let near_top: Vec<u64> = (0..8).map(|i| u64::MAX - i).chain(0..8).collect();
        for_each_position(3, 0, near_top.len() as u64 - 1, |picks| {
            let heaps: Vec<u64> = picks.iter().map(|&i| near_top[i as usize]).collect();
            let exact = heaps.iter().fold(0u128, |acc, &heap| acc ^ grundy(heap));
            let summary = fold_heaps(LaskerSwap, &heaps);
            assert_eq!(
                LaskerSwap.first_player_wins(&summary),
                exact != 0,
                "heaps {heaps:?}"
            );
        });
    }
}
