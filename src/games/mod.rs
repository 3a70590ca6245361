//! Closed forms for the impartial games a judge file can ask about.
//!
//! Every game here is decided without searching, in `O(1)` per heap or per
//! case (the k-multiple game amortizes a per-`k` table):
//!
//! * [`nim`]: normal Nim. The first player wins iff the xor of the heaps is
//!   nonzero.
//! * [`lasker`]: Lasker's Nim (remove, or split a heap in two). Grundy value
//!   `g(4k+1) = 4k+1`, `g(4k+2) = 4k+2`, `g(4k+3) = 4k+4`, `g(4k+4) = 4k+3`;
//!   the first player wins iff the xor of those is nonzero.
//! * [`misere`]: misère Nim. If every heap is at most 1, the first player wins
//!   iff the number of 1-heaps is even; otherwise iff the xor is nonzero.
//! * [`bounded`]: Nim where a move takes at most `K`. Grundy value
//!   `heap mod (K+1)`; the first player wins iff the xor of those is nonzero.
//! * [`bash`]: one pile of `n`, take `1..=m`. The first player loses iff
//!   `n mod (m+1) == 0`.
//! * [`fibonacci`]: Fibonacci Nim. The first player loses iff `n` is a
//!   Fibonacci number.
//! * [`kmultiple`]: the k-multiple game, Fibonacci Nim's generalization. The
//!   first player loses iff `n` is in a sequence built greedily from `k`.
//! * [`wythoff`]: Wythoff's game. With `a <= b`, the first player loses iff
//!   `a == floor((b - a) * φ)`.
//!
//! The heap games are played on many heaps at once, so they are exposed as
//! [`HeapFold`] implementations that reduce heaps into a [`CaseSummary`]. The
//! other games are one position per case, so they are plain functions.

pub mod bash;
pub mod bounded;
pub mod fibonacci;
pub mod kmultiple;
pub mod lasker;
pub mod misere;
pub mod nim;
pub mod wythoff;

#[cfg(test)]
mod brute;

/// What a case's heaps reduce to.
///
/// A monoid: `merge` is associative with `CaseSummary::default()` as
/// identity, so a case can be split anywhere and its parts reduced
/// separately.
///
/// Which fields mean something depends on the [`HeapFold`] that produced the
/// summary; fields a fold does not use stay zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaseSummary {
    /// The xor of the heaps' Grundy values (their low 64 bits).
    pub xor: u64,
    /// The xor of bit 64 of the heaps' Grundy values, for folds whose Grundy
    /// values can reach `2^64`.
    pub carry: u64,
    /// How many heaps hold exactly one object (wrapping).
    pub ones: u64,
    /// How many heaps hold more than one object (wrapping).
    pub big: u64,
}

impl CaseSummary {
    /// Combine the summaries of two adjacent runs of heaps into the summary
    /// of both.
    ///
    /// Every field is combined by a commutative, associative operation whose
    /// identity is zero, so the order and grouping of merges never matters.
    #[inline]
    pub fn merge(self, other: CaseSummary) -> CaseSummary {
        CaseSummary {
            xor: self.xor ^ other.xor,
            carry: self.carry ^ other.carry,
            ones: self.ones.wrapping_add(other.ones),
            big: self.big.wrapping_add(other.big),
        }
    }
}

/// A per-variant value transform folded into a [`CaseSummary`].
///
/// `fold` sits in the innermost loop of the scanner, so implementations must
/// be branch-free in the heap value: comparisons are turned into integers
/// instead of being branched on. Branching on the implementation's own fixed
/// parameters is fine, since those never change within a loop.
pub trait HeapFold: Copy + Send + Sync {
    /// Add one heap to the summary.
    fn fold(&self, acc: &mut CaseSummary, heap: u64);

    /// Whether the player to move wins the position whose heaps were folded
    /// into `summary`.
    fn first_player_wins(&self, summary: &CaseSummary) -> bool;
}

#[cfg(test)]
mod tests {
    use super::bounded::BoundedNim;
    use super::brute::fold_heaps;
    use super::lasker::LaskerSwap;
    use super::misere::MisereNim;
    use super::nim::NormalNim;
    use super::*;

    fn sequences() -> Vec<Vec<u64>> {
        let mut sequences = vec![
            vec![],
            vec![0],
            vec![1],
            vec![u64::MAX],
            vec![u64::MAX, 0, 1, u64::MAX, 1, 2, 3, 4, 5],
            vec![1, 1, 1, 0, 0, 1],
            vec![u64::MAX - 1, u64::MAX - 2, u64::MAX - 3, 1 << 63, 7, 8, 9],
        ];
        let mut x: u64 = 0x0123_4567_89AB_CDEF;
        let random = (0..40)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // Mix in small heaps, which misère Nim counts separately.
                if x.is_multiple_of(3) {
                    x % 4
                } else {
                    x
                }
            })
            .collect();
        sequences.push(random);
        sequences
    }

    /// Folding a whole sequence must equal merging the folds of its parts,
    /// for every way of cutting it into three parts.
    fn check_splits<H: HeapFold>(game: H) {
        for heaps in sequences() {
            let whole = fold_heaps(game, &heaps);
            assert_eq!(whole.merge(CaseSummary::default()), whole);
            assert_eq!(CaseSummary::default().merge(whole), whole);
            for i in 0..=heaps.len() {
                for j in i..=heaps.len() {
                    let left = fold_heaps(game, &heaps[..i]);
                    let middle = fold_heaps(game, &heaps[i..j]);
                    let right = fold_heaps(game, &heaps[j..]);
                    assert_eq!(
                        left.merge(middle).merge(right),
                        whole,
                        "{heaps:?} at {i}, {j}"
                    );
                    assert_eq!(
                        left.merge(middle.merge(right)),
                        whole,
                        "{heaps:?} at {i}, {j}"
                    );
                    assert_eq!(
                        game.first_player_wins(&left.merge(middle).merge(right)),
                        game.first_player_wins(&whole),
                    );
                }
            }
        }
    }

    #[test]
    fn merge_agrees_with_folding_for_every_game() {
        check_splits(NormalNim);
        check_splits(LaskerSwap);
        check_splits(MisereNim);
        for max_take in [0, 1, 2, 3, 7, 1 << 40, u64::MAX - 1, u64::MAX] {
            check_splits(BoundedNim::new(max_take));
        }
    }

    #[test]
    fn merge_wraps_counts_and_xors_the_rest() {
        let a = CaseSummary {
            xor: 0b1100,
            carry: 1,
            ones: u64::MAX,
            big: 5,
        };
        let b = CaseSummary {
            xor: 0b1010,
            carry: 1,
            ones: 2,
            big: u64::MAX,
        };
        let merged = a.merge(b);
        assert_eq!(
            merged,
            CaseSummary {
                xor: 0b0110,
                carry: 0,
                ones: 1,
                big: 4
            }
        );
        assert_eq!(merged, b.merge(a));
    }
}
