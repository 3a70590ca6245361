//! Wythoff's game (POJ 1067): two piles; a move takes any positive number of
//! objects from one pile, or the same positive number from both. Whoever
//! takes the last object wins.
//!
//! Closed form: with `a <= b` and `k = b - a`, the first player loses iff
//! `a == floor(k * φ)`, where `φ = (1 + √5) / 2`.
//!
//! Why: the losing positions are built greedily. The `k`-th one takes the
//! smallest pile size `a` not used by an earlier one and pairs it with
//! `a + k`; every pile size is then used exactly once and every difference
//! exactly once, so no move (which keeps the difference or changes only one
//! pile) joins two losing positions, and every other position has a move into
//! one. The two sequences `a` and `a + k` partition the positive integers,
//! and Beatty's theorem identifies them as `floor(k φ)` and `floor(k φ²)`.
//!
//! Deciding `a == floor(k φ)` in floating point is wrong for large `k` (from
//! `k = 102334155` on, in `f64`), so the comparison is done exactly in
//! integers. Since `floor(k φ) = k + floor(k / φ)`, the question becomes
//! whether `c = a - k` equals `floor(k / φ)`, which squares out to
//!
//! ```text
//! c <= k / φ      <=>  c (1 + √5) <= 2k      <=>  5 c²       <= (2k - c)²
//! k / φ < c + 1   <=>  2k < (c+1) (1 + √5)   <=>  (2k - c - 1)² < 5 (c+1)²
//! ```
//!
//! where squaring is valid because every base is non-negative. See
//! the comments in `is_losing` for why none of this overflows a `u128`.

use super::legality::{played, two_piles, Played};
use super::{Game, GameSpec, PositionGame, PositionMove, PositionRanges};
use crate::rng::SplitMix64;

/// Whether the player to move wins Wythoff's game from piles `a` and `b`.
pub fn first_player_wins(a: u64, b: u64) -> bool {
    let (small, large) = if a <= b { (a, b) } else { (b, a) };
    !is_losing(small, large - small)
}

/// The losing position with pile difference `k`: `(floor(kφ), floor(kφ) + k)`,
/// or `None` when its larger pile would not fit (`k > 2^62`, kept simple).
///
/// `c = floor(k/φ)` is the largest `c` with `5c² <= (2k - c)²` (see the
/// module doc), found by binary search; for `k <= 2^62` every square is below
/// `5 * (2^62)² < 2^127`.
pub fn losing_pair(k: u64) -> Option<(u64, u64)> {
    if k > 1 << 62 {
        return None;
    }
    let k = u128::from(k);
    let fits = |c: u128| 5 * c * c <= (2 * k - c) * (2 * k - c);
    // fits(0) holds and fits(k) fails for k >= 1 (5k² > k²).
    let (mut lo, mut hi) = (0u128, k);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let a = u64::try_from(k + lo).ok()?;
    let b = a.checked_add(k as u64)?;
    Some((a, b))
}

/// Whether `c <= j/φ`, exactly, for any `c, j < 2^64`: `5c² <= (2j - c)²`.
/// The squares can pass `2^128`, so the comparison goes through the
/// quotient `q = (2j - c) / c`: below 2 it fails, above 2 it holds (9 > 5),
/// and at 2 it is `r (4c + r) >= c²` for the remainder `r`, where a product
/// too large for a `u128` is certainly larger than `c² < 2^128`.
fn at_most_over_phi(c: u128, j: u128) -> bool {
    if c == 0 {
        return true;
    }
    let Some(d) = (2 * j).checked_sub(c) else {
        return false;
    };
    match d / c {
        0 | 1 => false,
        2 => {
            let r = d % c;
            r.checked_mul(4 * c + r)
                .is_none_or(|product| product >= c * c)
        }
        _ => true,
    }
}

/// `floor(jφ)`, the smaller pile of the losing pair with difference `j`,
/// for any `j`; `None` when it does not fit in a `u64`.
pub fn floor_phi(j: u64) -> Option<u64> {
    // floor(jφ) = j + floor(j/φ), and floor(j/φ) is the largest c with
    // c <= j/φ, found by binary search (j/φ < j for j >= 1).
    let j128 = u128::from(j);
    let (mut lo, mut hi) = (0u128, j128);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if at_most_over_phi(mid, j128) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    u64::try_from(j128 + lo).ok()
}

/// The other pile of the losing pair that contains a pile of `s`, if it
/// fits in a `u64`. Every positive size is in exactly one pair (Beatty), as
/// `floor(jφ)` with `j` near `s/φ`, or as `floor(jφ) + j` with `j` near
/// `s/φ²`; the candidates are checked exactly.
fn partner(s: u64) -> Option<u64> {
    let over_phi = floor_phi(s)? - s;
    for j in [over_phi, over_phi + 1] {
        if floor_phi(j) == Some(s) {
            return s.checked_add(j);
        }
    }
    // s/φ² = s - s/φ.
    let base = s - over_phi;
    for j in [base.saturating_sub(1), base, base + 1] {
        if let Some(low) = floor_phi(j) {
            if low.checked_add(j) == Some(s) {
                return Some(low);
            }
        }
    }
    None
}

/// Whether piles `small` and `small + gap` lose for the player to move, that
/// is, whether `small == floor(gap * φ)`.
fn is_losing(small: u64, gap: u64) -> bool {
    if gap == 0 {
        return small == 0;
    }
    // floor(gap φ) >= gap, so a smaller pile can't be a loss.
    let Some(c) = small.checked_sub(gap) else {
        return false;
    };
    let (c, k) = (u128::from(c), u128::from(gap));
    // From here k >= 1, and c + k = small <= 2^64 - 1.
    //
    // First a cheap bracket, using 3/5 < 1/φ < 5/8: a loss needs
    // c <= k/φ < 5k/8 and c + 1 > k/φ > 3k/5. Both sides of each test are
    // below 2^67. The bracket is not needed for correctness, only to bound
    // the numbers in the exact test.
    if 8 * c >= 5 * k || 5 * (c + 1) <= 3 * k {
        return false;
    }
    // Past the bracket, 8c < 5k and 5c >= 3k - 4. Combined with
    // c <= 2^64 - 1 - k the second gives 8k <= 5 * 2^64 - 1, so
    //
    //   k < 5 * 2^61,  c < 5k/8 < 25 * 2^58,  c + 1 <= 25 * 2^58,
    //   5 c² < 5 (c+1)² <= 3125 * 2^116 < 4096 * 2^116 = 2^128,
    //   2k - c >= 2k - 5k/8 > k >= 1,
    //   2k - c <= (7k + 4) / 5 < 7 * 2^61, so (2k - c)² < 49 * 2^122 < 2^128.
    //
    // So every product below fits, and 2k - c - 1 >= 1 does not underflow.
    let twice_k_minus_c = 2 * k - c;
    let c_at_most_k_over_phi = 5 * c * c <= twice_k_minus_c * twice_k_minus_c;
    let k_over_phi_below_c_plus_1 =
        (twice_k_minus_c - 1) * (twice_k_minus_c - 1) < 5 * (c + 1) * (c + 1);
    c_at_most_k_over_phi && k_over_phi_below_c_plus_1
}

/// The positions, smaller pile first, that the winning moves from `(a, b)`
/// leave, each once (HDU 2177's answer): the move that takes the same from
/// both piles first, then those that take from one pile, by their smaller
/// pile. Empty when the player to move loses.
///
/// With `s <= l`, a move from both keeps the difference `k = l - s`, so it
/// wins only to `(floor(kφ), floor(kφ) + k)`, when `s` is larger. A move
/// from one pile keeps the other: lowering `l` wins only to `s`'s partner
/// (when it is below `l`), and lowering `s` only to `l`'s partner (when it
/// is below `s`). Two of the three may leave the same pair (`2 2` leaves
/// `1 2` by taking from either pile), which is listed once.
pub fn winning_leaves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let (s, l) = (a.min(b), a.max(b));
    let mut leaves = Vec::with_capacity(3);
    if let Some(low) = floor_phi(l - s).filter(|&low| low < s) {
        leaves.push((low, low + (l - s)));
    }
    let mut single = Vec::with_capacity(2);
    if let Some(p) = partner(s).filter(|&p| p < l) {
        single.push((s.min(p), s.max(p)));
    }
    if let Some(q) = partner(l).filter(|&q| q < s) {
        single.push((q, l));
    }
    single.sort_unstable();
    for pair in single {
        if !leaves.contains(&pair) {
            leaves.push(pair);
        }
    }
    leaves
}

/// Wythoff's game as a [`PositionGame`] of two piles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WythoffGame;

/// Wythoff's game as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "wythoff",
    parameters: &[],
    build: |_| Ok(Game::Wythoff(WythoffGame)),
};

impl PositionGame for WythoffGame {
    fn first_player_wins(&mut self, a: u64, b: u64) -> bool {
        first_player_wins(a, b)
    }

    /// With `s <= l` and `k = l - s`: if `s > floor(kφ)`, take the
    /// difference from both piles to reach `(floor(kφ), floor(kφ) + k)`.
    /// Otherwise `s` belongs to the losing pair of some smaller difference
    /// `j`, as its smaller pile `floor(jφ)` or its larger one
    /// `floor(jφ) + j`; lower `l` to the pair's other pile.
    fn winning_move(&mut self, a: u64, b: u64) -> Option<PositionMove> {
        if !first_player_wins(a, b) {
            return None;
        }
        let (s, l) = (a.min(b), a.max(b));
        let (s2, l2) = match floor_phi(l - s) {
            Some(low) if s > low => (low, low + (l - s)),
            _ => (s, partner(s)?),
        };
        let to = if a <= b { (s2, l2) } else { (l2, s2) };
        Some(PositionMove::Piles { from: (a, b), to })
    }

    fn winning_leaves(&mut self, a: u64, b: u64) -> Option<Vec<(u64, u64)>> {
        Some(winning_leaves(a, b))
    }

    /// A take from one pile, or the same take from both.
    fn check_move(&mut self, a: u64, b: u64, mv: &PositionMove) -> Played {
        played(two_piles(a, b, mv).and_then(|(a2, b2)| {
            let legal = match (a2 <= a, b2 <= b) {
                (true, true) => (a2 == a) != (b2 == b) || (a2 < a && a - a2 == b - b2),
                _ => false,
            };
            match legal {
                true => Ok(first_player_wins(a2, b2)),
                false => Err(format!(
                    "a move takes from one pile or the same from both: {a} {b} cannot \
                     become {a2} {b2}"
                )),
            }
        }))
    }

    /// A random losing pair whose piles fit the ranges, in either order.
    fn losing_position(
        &mut self,
        _drawn: (u64, u64),
        ranges: &PositionRanges,
        rng: &mut SplitMix64,
    ) -> Option<(u64, u64)> {
        let top = (*ranges.first.end()).min(*ranges.second.end());
        let (a, b) = losing_pair(rng.between(0, top / 3))?;
        let fits = |x: u64, y: u64| ranges.first.contains(&x) && ranges.second.contains(&y);
        match (rng.chance(0.5), fits(a, b), fits(b, a)) {
            (true, true, _) | (false, true, false) => Some((a, b)),
            (_, _, true) => Some((b, a)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {

    /// Every pair, smaller pile first, that a move of the statement (any
    /// number from one pile, or the same from both) leaves and that the
    /// search calls lost, from every position up to 40 × 40: the listing
    /// holds exactly those, each once, the move from both piles first.
    #[test]
    fn winning_leaves_are_every_move_to_a_lost_position() {
        const MAX: usize = 40;
        let mut lost = vec![vec![false; MAX + 1]; MAX + 1];
        for a in 0..=MAX {
            for b in 0..=MAX {
                let mut moves = (1..=a).map(|t| (a - t, b));
                let wins = moves.any(|(x, y)| lost[x][y])
                    || (1..=b).any(|t| lost[a][b - t])
                    || (1..=a.min(b)).any(|t| lost[a - t][b - t]);
                lost[a][b] = !wins;
            }
        }
        for a in 0..=MAX {
            for b in 0..=MAX {
                let sorted = |(x, y): (usize, usize)| (x.min(y) as u64, x.max(y) as u64);
                let from_one = (1..=a)
                    .map(|t| (a - t, b))
                    .chain((1..=b).map(|t| (a, b - t)));
                let from_both = (1..=a.min(b)).map(|t| (a - t, b - t));
                let both: Vec<_> = from_both.filter(|&(x, y)| lost[x][y]).map(sorted).collect();
                let mut all: Vec<_> = from_one.filter(|&(x, y)| lost[x][y]).map(sorted).collect();
                all.extend(&both);
                all.sort_unstable();
                all.dedup();
                let listed = super::winning_leaves(a as u64, b as u64);
                let mut seen = listed.clone();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), listed.len(), "{a} {b}: {listed:?} repeats");
                assert_eq!(seen, all, "{a} {b}");
                assert_eq!(listed.is_empty(), lost[a][b], "{a} {b}");
                if let Some(&first) = both.first() {
                    assert_eq!(listed[0], first, "{a} {b}");
                }
                assert!(listed.iter().all(|&(x, y)| x <= y), "{a} {b}");
            }
        }
    }

    #[test]
    fn losing_pair_is_losing_and_its_neighbours_are_not() {
        let mut ks: Vec<u64> = (0..2000).collect();
        ks.extend([102_334_155, 1 << 40, (1 << 62) - 1, 1 << 62]);
        for k in ks {
            let (a, b) = losing_pair(k).unwrap();
            assert_eq!(b - a, k);
            assert!(!first_player_wins(a, b), "k {k}");
            assert!(first_player_wins(a + 1, b + 1), "k {k}");
            if a > 0 {
                assert!(first_player_wins(a - 1, b - 1), "k {k}");
            }
        }
        assert_eq!(losing_pair((1 << 62) + 1), None);
    }

    use super::super::brute::wythoff_wins;
    use super::*;

    /// `FIB[i] = F(i)`, with `F(0) = 0` and `F(1) = F(2) = 1`, up to the
    /// first one past `u64::MAX`.
    const FIB: [u128; 95] = {
        let mut table = [0; 95];
        table[1] = 1;
        let mut i = 2;
        while i < 95 {
            table[i] = table[i - 1] + table[i - 2];
            i += 1;
        }
        table
    };

    /// The Zeckendorf representation of `n` as Fibonacci indices, each at
    /// least 2 (so `F(2) = 1` is the smallest term), largest first.
    fn zeckendorf(mut n: u128) -> Vec<usize> {
        let mut indices = Vec::new();
        let mut i = FIB.len() - 1;
        while n > 0 {
            while FIB[i] > n {
                i -= 1;
            }
            indices.push(i);
            n -= FIB[i];
            // Greedy never takes two adjacent Fibonacci numbers.
            i -= 1;
        }
        indices
    }

    /// `floor(k φ)` by way of Zeckendorf, independent of the closed form's
    /// arithmetic: shifting each term `F(i)` of `k` to `F(i+1)` gives `k φ`
    /// up to an error, since `F(i) φ = F(i+1) - (-1/φ)^i`. Over the indices
    /// of a Zeckendorf representation those errors sum to something in
    /// `(0, 1)` when the smallest index is even and in `(-1, 0)` when it is
    /// odd, so the floor is the shifted sum, less one in the even case.
    fn lower_wythoff(k: u64) -> u128 {
        if k == 0 {
            return 0;
        }
        let indices = zeckendorf(u128::from(k));
        let shifted: u128 = indices.iter().map(|&i| FIB[i + 1]).sum();
        let smallest = *indices.last().unwrap();
        shifted - u128::from(smallest.is_multiple_of(2))
    }

    /// Whether `(x, y)` is a losing position, by way of [`lower_wythoff`].
    fn losing_by_zeckendorf(x: u64, y: u64) -> bool {
        let (small, large) = (x.min(y), x.max(y));
        lower_wythoff(large - small) == u128::from(small)
    }

    /// The first `count` losing positions `(a, a + k)` for `k = 0, 1, …`,
    /// built greedily: `a` is the smallest pile size no earlier position
    /// used.
    fn greedy_losing_positions(count: usize) -> Vec<(u64, u64)> {
        let mut used = vec![false; 3 * count + 3];
        let mut positions = Vec::with_capacity(count);
        let mut smallest_unused = 0;
        for k in 0..count {
            while used[smallest_unused] {
                smallest_unused += 1;
            }
            let a = smallest_unused;
            used[a] = true;
            used[a + k] = true;
            positions.push((a as u64, (a + k) as u64));
        }
        positions
    }

    /// Check every position within 2 of `(x, y)` in each pile, both ways
    /// round, against [`losing_by_zeckendorf`].
    fn check_around(x: u64, y: u64) {
        for dx in 0..=4 {
            for dy in 0..=4 {
                let (Some(x), Some(y)) = (
                    x.checked_sub(2).map_or(Some(dx), |low| low.checked_add(dx)),
                    y.checked_sub(2).map_or(Some(dy), |low| low.checked_add(dy)),
                ) else {
                    continue;
                };
                let expected = !losing_by_zeckendorf(x, y);
                assert_eq!(first_player_wins(x, y), expected, "({x}, {y})");
                assert_eq!(first_player_wins(y, x), expected, "({y}, {x})");
            }
        }
    }

    /// Check the positions around the losing one with difference `k`, or,
    /// when that is out of range, positions with difference `k` at the top.
    fn check_gap(k: u64) {
        let a = lower_wythoff(k);
        match u64::try_from(a + u128::from(k)) {
            Ok(b) => {
                let a = a as u64;
                assert!(!first_player_wins(a, b), "k {k}, a {a}");
                check_around(a, b);
            }
            Err(_) => {
                let top = u64::MAX - k;
                for x in [0, 1, top / 2, top.saturating_sub(1), top]
                    .into_iter()
                    .filter(|&x| x <= top)
                {
                    assert!(first_player_wins(x, x + k), "k {k}, x {x}");
                    assert!(first_player_wins(x + k, x), "k {k}, x {x}");
                }
                check_around(top, u64::MAX);
            }
        }
    }

    #[test]
    fn matches_game_search() {
        let wins = wythoff_wins(100);
        for (a, row) in (0..).zip(&wins) {
            for (b, &win) in (0..).zip(row) {
                assert_eq!(first_player_wins(a, b), win, "a {a}, b {b}");
            }
        }
    }

    #[test]
    fn matches_greedy_construction() {
        let positions = greedy_losing_positions(100_000);
        let mut losing_partner = vec![None; 300_000];
        for (k, &(a, b)) in positions.iter().enumerate() {
            // Also validates the Zeckendorf method the other tests rely on.
            assert_eq!(lower_wythoff(k as u64), u128::from(a), "k {k}");
            losing_partner[a as usize] = Some(b);
            losing_partner[b as usize] = Some(a);
        }
        for a in 0..100_000u64 {
            let partner = losing_partner[a as usize].unwrap();
            assert!(!first_player_wins(a, partner), "a {a}, b {partner}");
            assert!(!first_player_wins(partner, a), "a {partner}, b {a}");
            for b in [
                partner.wrapping_sub(1),
                partner + 1,
                partner + 2,
                a,
                a + 1,
                2 * a,
            ] {
                if b != partner && b != u64::MAX {
                    assert!(first_player_wins(a, b), "a {a}, b {b}");
                    assert!(first_player_wins(b, a), "a {b}, b {a}");
                }
            }
        }
    }

    #[test]
    fn exact_at_large_gaps() {
        // The first gap where f64 arithmetic gets floor(k φ) wrong.
        let k = 102_334_155;
        assert_eq!(u128::from(k), FIB[40]);
        assert_eq!(lower_wythoff(k), FIB[41] - 1);
        check_gap(k);
        // Fibonacci gaps are where k φ comes closest to an integer.
        for &f in &FIB[2..94] {
            let f = f as u64;
            for k in [f - 1, f, f.saturating_add(1)] {
                check_gap(k);
            }
        }
        // Gaps spread over the whole range, and at both ends.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..2_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            check_gap(x);
            check_gap(x >> (x % 64));
        }
        for k in (0..300).chain((0..300).map(|i| u64::MAX - i)) {
            check_gap(k);
        }
    }

    #[test]
    fn exact_at_the_largest_losing_position() {
        // lower_wythoff grows with k, so binary search for the last gap whose
        // losing pair fits in a u64.
        let fits = |k: u64| lower_wythoff(k) + u128::from(k) <= u128::from(u64::MAX);
        let (mut lo, mut hi) = (0u64, u64::MAX);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        let last = lo;
        assert!(fits(last) && !fits(last + 1));
        for k in last - 300..=last + 300 {
            check_gap(k);
        }
    }

    #[test]
    fn largest_numbers_past_the_bracket() {
        // With c = small - k, the bracket lets through k up to just below
        // 5 * 2^61 with c near 3 * 2^61, where the squares are largest.
        let k_top: u64 = 5 << 61;
        for k in k_top - 40..=k_top + 40 {
            for small in u64::MAX - 40 - k..=u64::MAX - k {
                let expected = !losing_by_zeckendorf(small, small + k);
                assert_eq!(
                    first_player_wins(small, small + k),
                    expected,
                    "({small}, +{k})"
                );
            }
        }
    }

    #[test]
    fn extremes() {
        let edges = [
            0,
            1,
            2,
            3,
            u64::MAX / 2,
            u64::MAX - 2,
            u64::MAX - 1,
            u64::MAX,
        ];
        for a in edges {
            for b in edges {
                check_around(a, b);
            }
        }
    }
}
