//! Bounded Nim: a move removes between 1 and `K` objects from one heap, and
//! whoever takes the last object wins.
//!
//! Closed form: a heap's Sprague–Grundy value is `heap mod (K+1)`, and the
//! first player wins iff the xor of those values is nonzero.
//!
//! Why: from a heap `h` a move reaches `h-1, …, h-K` (those that are not
//! negative), whose residues mod `K+1` are every residue except `h`'s own,
//! down to 0 when `h <= K`. So the mex is `h mod (K+1)`, by induction.
//!
//! Two limits need care. `K = u64::MAX` overflows `K+1`, but then every move
//! of plain Nim is allowed and the value is the heap itself. `K = 0` allows no
//! move at all, so every heap is worth 0 and the player to move always loses,
//! which is `heap mod 1`.

use std::ops::RangeInclusive;

use super::legality::{self, Legality};
use super::{CaseSummary, Game, GameSpec, HeapFold, HeapGame, Parameter};
use crate::rng::SplitMix64;

/// Bounded Nim, folded as the xor of `heap mod (K+1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoundedNim {
    /// `K+1`, the period of the Grundy values; `None` when `K+1` would be
    /// `2^64`, meaning the value of a heap is the heap itself.
    pub modulus: Option<u64>,
}

impl BoundedNim {
    /// Bounded Nim where a move takes at most `max_take` objects.
    ///
    /// `max_take = 0` means no move is possible; every heap is then worth 0,
    /// which is what modulus 1 computes.
    pub fn new(max_take: u64) -> BoundedNim {
        // 0 + 1 = 1 already gives the "no move" modulus; only u64::MAX + 1
        // needs the `None` case.
        BoundedNim {
            modulus: max_take.checked_add(1),
        }
    }

    /// The Sprague–Grundy value of a single heap.
    #[inline(always)]
    pub fn grundy(&self, heap: u64) -> u64 {
        // This branches on the game's fixed parameter, never on the heap, so
        // inside a scan loop it is perfectly predicted (or hoisted out).
        match self.modulus {
            Some(modulus) => heap % modulus,
            None => heap,
        }
    }
}

impl HeapFold for BoundedNim {
    #[inline(always)]
    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        acc.xor ^= self.grundy(heap);
    }

    #[inline]
    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        summary.xor != 0
    }
}

/// `K`, the parameter of bounded Nim.
pub const MAX_TAKE: Parameter = Parameter {
    name: "K",
    meaning: "a move removes 1 to K objects from one heap",
};

/// Bounded Nim as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "bounded",
    parameters: &[MAX_TAKE],
    build: |params| match params.max_take {
        Some(k) if k >= 1 => Ok(Game::Bounded(BoundedNim::new(k))),
        Some(_) => Err("bounded Nim needs K of at least 1".to_string()),
        None => Err(format!("bounded Nim needs K: {}", MAX_TAKE.meaning)),
    },
};

impl HeapGame for BoundedNim {
    /// The residue changed to `residue xor x`: removing `(g - t) mod (K+1)`
    /// objects, between 1 and K, which the heap must have. A heap of at
    /// least K+1 reaches every other residue, above its own too.
    fn move_from(&self, heap: u64, summary: &CaseSummary) -> Option<(u64, Option<u64>)> {
        let value = self.grundy(heap);
        let target = value ^ summary.xor;
        if target == value {
            return None;
        }
        let take = match self.modulus {
            // The xor of residues can pass K; no heap has such a residue.
            Some(modulus) if target >= modulus => return None,
            Some(_) if target < value => value - target,
            // value + (K+1) - target, which is at most K.
            Some(modulus) => modulus - (target - value),
            None if target < value => value - target,
            None => return None,
        };
        (take <= heap).then(|| (heap - take, None))
    }

    /// A removal of 1 to K objects.
    fn legality(&self, from: u64, parts: &[u64]) -> Legality {
        let max_take = self.modulus.map_or(u64::MAX, |modulus| modulus - 1);
        match (legality::removal(from, parts), parts) {
            (Legality::Legal, [to]) if from - to > max_take => Legality::Illegal(format!(
                "a move takes 1 to {max_take} objects, not {}",
                from - to
            )),
            (legality, _) => legality,
        }
    }

    /// A heap whose residue is the xor of the others' residues, lifted by a
    /// random multiple of `K+1` so that its size stays random. The xor of
    /// residues can reach past `K`, and no heap has such a residue: then
    /// there is none.
    fn losing_last_heap(
        &self,
        rest: &CaseSummary,
        range: RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<u64> {
        let x = rest.xor;
        let lift = match self.modulus {
            Some(modulus) if x >= modulus => return None,
            Some(modulus) => rng.between(0, range.end().saturating_sub(x) / modulus) * modulus,
            None => 0,
        };
        Some(x + lift).filter(|heap| range.contains(heap))
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute::{
        bounded_moves, fold_heaps, for_each_position, grundy_values, HeapGameSearch,
    };
    use super::*;

    const MAX_TAKES: [u64; 12] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 1 << 32, u64::MAX - 1, u64::MAX];

    #[test]
    fn grundy_matches_mex_over_all_moves() {
        for max_take in MAX_TAKES {
            let game = BoundedNim::new(max_take);
            let values = grundy_values(200, bounded_moves(max_take));
            for (heap, &value) in values.iter().enumerate() {
                assert_eq!(game.grundy(heap as u64), value, "K {max_take}, heap {heap}");
            }
        }
    }

    #[test]
    fn verdict_matches_game_search() {
        for max_take in MAX_TAKES {
            let game = BoundedNim::new(max_take);
            let mut search = HeapGameSearch::new(bounded_moves(max_take), false);
            for_each_position(3, 0, 7, |heaps| {
                let summary = fold_heaps(game, heaps);
                assert_eq!(
                    game.first_player_wins(&summary),
                    search.first_player_wins(heaps),
                    "K {max_take}, heaps {heaps:?}",
                );
            });
        }
    }

    #[test]
    fn modulus_at_the_limits() {
        assert_eq!(BoundedNim::new(0).modulus, Some(1));
        assert_eq!(BoundedNim::new(1).modulus, Some(2));
        assert_eq!(BoundedNim::new(u64::MAX - 1).modulus, Some(u64::MAX));
        assert_eq!(BoundedNim::new(u64::MAX).modulus, None);
        for heap in [0, 1, 2, u64::MAX - 1, u64::MAX] {
            assert_eq!(BoundedNim::new(0).grundy(heap), 0);
            assert_eq!(BoundedNim::new(u64::MAX).grundy(heap), heap);
            // Every heap below K+1 = u64::MAX is its own value, and
            // u64::MAX itself wraps around to 0.
            assert_eq!(BoundedNim::new(u64::MAX - 1).grundy(heap), heap % u64::MAX);
        }
    }
}
