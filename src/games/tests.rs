//! The games' shared machinery under test: folding and merging case
//! summaries, for every heap game.

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
fn check_splits<H: HeapFold + Copy>(game: H) {
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
    check_splits(super::split_three::SplitThree);
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
