//! The cutting game (POJ 2311): a sheet of `W × H` unit squares; a move
//! cuts one piece in two along a grid line, and whoever first cuts out a
//! `1 × 1` piece wins.
//!
//! Whoever leaves a strip (`1 × k` or `k × 1`, `k ≥ 2`) loses, since the
//! opponent cuts a `1 × 1` from it at once. So, between players who see
//! that, a cut leaves two pieces with both sides at least 2, and a piece
//! with no such cut (`2 × 2`, `2 × 3`, `3 × 2`) is a lost end: the player
//! to move must leave a strip. That game is a sum of pieces, so its
//! Grundy value is
//!
//! `g(w, h) = mex { g(i, h) ⊕ g(w−i, h) : 2 ≤ i ≤ w−2 } ∪ { g(w, j) ⊕ g(w, h−j) : 2 ≤ j ≤ h−2 }`,
//!
//! and the first player wins `W × H` iff `g(W, H) ≠ 0`. There is no closed
//! form: the values are computed once, for every side from 2 to
//! [`MAX_SIDE`] (O(n³), a few milliseconds), and kept for the life of the
//! process. A side outside that table is refused ([`PositionGame::decided`]),
//! never guessed. The unit tests check the table against a search of the
//! game itself (every cut of every piece, a `1 × 1` winning at once) on
//! every sheet up to `7 × 7`.

use std::ops::RangeInclusive;
use std::sync::OnceLock;

use super::{Game, GameSpec, PositionGame, PositionMove, PositionRanges};
use crate::rng::SplitMix64;

/// The largest side the table covers: POJ 2311's limit.
pub const MAX_SIDE: usize = 200;

/// The sides the table covers.
pub const SIDES: RangeInclusive<u64> = 2..=MAX_SIDE as u64;

/// Grundy values, `MAX_SIDE + 1` squared, indexed `w * (MAX_SIDE + 1) + h`;
/// sides below 2 are unused. Every value is below 256: a mex over at most
/// `2 · MAX_SIDE` options is at most `2 · MAX_SIDE` (the test checks the
/// values fit).
type Table = Vec<u16>;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        const N: usize = MAX_SIDE + 1;
        let mut g = vec![0u16; N * N];
        let mut seen = vec![0usize; 2 * N + 2];
        let mut stamp = 0;
        for w in 2..N {
            for h in 2..N {
                stamp += 1;
                for i in 2..=w.saturating_sub(2) {
                    seen[usize::from(g[i * N + h] ^ g[(w - i) * N + h])] = stamp;
                }
                for j in 2..=h.saturating_sub(2) {
                    seen[usize::from(g[w * N + j] ^ g[w * N + h - j])] = stamp;
                }
                g[w * N + h] = (0..).find(|&v| seen[v] != stamp).unwrap_or(0) as u16;
            }
        }
        g
    })
}

/// The Grundy value of a `w × h` sheet, if the table covers it.
pub fn grundy(w: u64, h: u64) -> Option<u16> {
    (SIDES.contains(&w) && SIDES.contains(&h))
        .then(|| table()[w as usize * (MAX_SIDE + 1) + h as usize])
}

/// The cutting game as a [`PositionGame`]: `a` is `W`, `b` is `H`. It
/// keeps the lost sheets within the ranges `gen` last asked about, so that
/// a file of many losing cases lists them once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CuttingGame {
    lost: Option<(PositionRanges, Vec<(u64, u64)>)>,
}

/// The game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "cutting",
    parameters: &[],
    build: |_| {
        table();
        Ok(Game::Cutting(CuttingGame::default()))
    },
};

impl PositionGame for CuttingGame {
    /// Outside the table, false: callers refuse such sheets first
    /// ([`PositionGame::decided`]).
    fn first_player_wins(&mut self, w: u64, h: u64) -> bool {
        grundy(w, h).is_some_and(|g| g != 0)
    }

    /// The first cut, across the width then across the height, that leaves
    /// two pieces whose values cancel.
    fn winning_move(&mut self, w: u64, h: u64) -> Option<PositionMove> {
        if grundy(w, h)? == 0 {
            return None;
        }
        let across = (2..=w.saturating_sub(2)).map(|i| ((i, h), (w - i, h)));
        let along = (2..=h.saturating_sub(2)).map(|j| ((w, j), (w, h - j)));
        let (first, second) = across
            .chain(along)
            .find(|&((a, b), (c, d))| grundy(a, b) == grundy(c, d))?;
        Some(PositionMove::Cut {
            from: (w, h),
            first,
            second,
        })
    }

    /// A random lost sheet within the ranges and the table.
    fn losing_position(
        &mut self,
        _: (u64, u64),
        ranges: &PositionRanges,
        rng: &mut SplitMix64,
    ) -> Option<(u64, u64)> {
        if self.lost.as_ref().is_none_or(|(known, _)| known != ranges) {
            let within = |r: &RangeInclusive<u64>| {
                (*r.start()).max(*SIDES.start())..=(*r.end()).min(*SIDES.end())
            };
            let (ws, hs) = (within(&ranges.first), within(&ranges.second));
            let lost = ws
                .flat_map(|w| hs.clone().map(move |h| (w, h)))
                .filter(|&(w, h)| grundy(w, h) == Some(0))
                .collect();
            self.lost = Some((ranges.clone(), lost));
        }
        let lost = &self.lost.as_ref()?.1;
        let last = lost.len().checked_sub(1)?;
        Some(lost[rng.between(0, last as u64) as usize])
    }

    fn decided(&self) -> Option<RangeInclusive<u64>> {
        Some(SIDES)
    }

    fn refusal(&self, side: u64) -> String {
        format!(
            "a side of {side} is outside the cutting game's table, which covers sides \
             {} to {}",
            SIDES.start(),
            SIDES.end()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the player to move wins the pieces `sheets` (each `(w, h)`
    /// with `w ≤ h`, sorted), by trying every cut of every piece: a cut
    /// that makes a `1 × 1` wins at once.
    fn wins(sheets: Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
        if let Some(&known) = memo.get(&sheets) {
            return known;
        }
        let mut result = false;
        'search: for (k, &(w, h)) in sheets.iter().enumerate() {
            let cuts = (1..w).map(|i| ((i, h), (w - i, h)));
            let cuts = cuts.chain((1..h).map(|j| ((w, j), (w, h - j))));
            for (a, b) in cuts {
                if a == (1, 1) || b == (1, 1) {
                    result = true;
                    break 'search;
                }
                let mut next = sheets.clone();
                next.remove(k);
                for (x, y) in [a, b] {
                    next.push((x.min(y), x.max(y)));
                }
                next.sort_unstable();
                if !wins(next, memo) {
                    result = true;
                    break 'search;
                }
            }
        }
        memo.insert(sheets, result);
        result
    }

    #[test]
    fn the_table_is_the_searchs_verdict() {
        let mut memo = HashMap::new();
        for w in 2..=7 {
            for h in 2..=7 {
                let searched = wins(vec![(w.min(h), w.max(h))], &mut memo);
                assert_eq!(
                    CuttingGame::default().first_player_wins(w, h),
                    searched,
                    "{w} x {h}"
                );
            }
        }
    }

    #[test]
    fn the_statements_sample() {
        let verdicts: Vec<bool> = [(2, 2), (3, 2), (4, 2)]
            .iter()
            .map(|&(w, h)| CuttingGame::default().first_player_wins(w, h))
            .collect();
        assert_eq!(verdicts, [false, false, true]);
    }

    #[test]
    fn the_table_is_symmetric_and_fits_a_byte() {
        for w in SIDES {
            for h in SIDES {
                assert_eq!(grundy(w, h), grundy(h, w));
                assert!(grundy(w, h).unwrap() < 256);
            }
        }
        for outside in [0, 1, 201, u64::MAX] {
            assert_eq!(grundy(outside, 5), None);
            assert_eq!(grundy(5, outside), None);
            assert!(!CuttingGame::default().first_player_wins(outside, 5));
            assert_eq!(CuttingGame::default().winning_move(5, outside), None);
        }
    }

    /// Every winning move leaves two pieces of sides at least 2 whose sum
    /// the search calls lost, on small sheets; on every sheet, two pieces
    /// whose values cancel.
    #[test]
    fn winning_moves_leave_lost_positions() {
        let mut memo = HashMap::new();
        for w in SIDES {
            for h in SIDES {
                let Some(PositionMove::Cut {
                    from,
                    first,
                    second,
                }) = CuttingGame::default().winning_move(w, h)
                else {
                    assert!(!CuttingGame::default().first_player_wins(w, h), "{w} x {h}");
                    continue;
                };
                assert_eq!(from, (w, h));
                let across = first.1 == h && second.1 == h && first.0 + second.0 == w;
                let along = first.0 == w && second.0 == w && first.1 + second.1 == h;
                assert!(across || along, "{w} x {h}: {first:?} {second:?}");
                assert_eq!(grundy(first.0, first.1), grundy(second.0, second.1));
                if w <= 7 && h <= 7 {
                    let mut left: Vec<(u64, u64)> = [first, second]
                        .iter()
                        .map(|&(x, y)| (x.min(y), x.max(y)))
                        .collect();
                    left.sort_unstable();
                    assert!(!wins(left, &mut memo), "{w} x {h}");
                }
            }
        }
    }

    #[test]
    fn losing_positions_are_lost_and_within_the_ranges() {
        let mut rng = SplitMix64::new(2311);
        let mut game = CuttingGame::default();
        for (first, second) in [
            (2..=200, 2..=200),
            (2..=10, 5..=7),
            (0..=1000, 150..=u64::MAX),
        ] {
            let ranges = PositionRanges {
                first: first.clone(),
                second: second.clone(),
            };
            for _ in 0..50 {
                let (w, h) = game.losing_position((0, 0), &ranges, &mut rng).unwrap();
                assert!(first.contains(&w) && second.contains(&h), "{w} {h}");
                assert!(!CuttingGame::default().first_player_wins(w, h) && grundy(w, h).is_some());
            }
        }
        let outside = PositionRanges {
            first: 201..=300,
            second: 2..=200,
        };
        assert_eq!(game.losing_position((0, 0), &outside, &mut rng), None);
    }
}
