//! The traps of each family of games: tests made of the positions where
//! typical wrong solutions go wrong, which a uniform draw reaches too
//! rarely to find them within a default run.
//!
//! - Every game: a window of 16 numbers at the top of a limit, and across
//!   2^31 and 2^32 where the limits reach them. Sixteen consecutive heaps
//!   hold every residue modulo 2, 4, 8 and 16, which is where the Grundy
//!   values of Lasker's Nim (period 4, with 4k+3 and 4k+4 swapped) and of
//!   other periodic games turn; `gen` plants losing cases among them as
//!   the draw's share says.
//! - Misère Nim (and misère rules on heaps): one heap above 1 among 1s,
//!   with an odd and an even number of 1s, beside all-1s cases. A solution
//!   that takes "at most one heap above 1" for the all-1s case (or misses
//!   it) fails exactly there.
//! - Wythoff's game: the losing pairs whose difference is a Fibonacci
//!   number (where `k·φ` comes closest to an integer, so a floating-point
//!   `φ` rounds to the wrong side first) and the largest within the
//!   limits, each as it is or with a pile one more or one less.
//! - S-Nim: subtraction sets written out of increasing order, with heaps
//!   around their removals. The input never says a set is sorted, and a
//!   solution that stops at the first removal larger than the heap (as if
//!   it were) misses the smaller ones after it.

use super::edges::{count, WRAPS};
use super::{Case, TestFile};
use crate::games::wythoff;
use crate::gen::GenOptions;
use crate::problem::{Bounds, Layout, Limits, Problem};
use crate::rng::SplitMix64;

/// Heaps in a window at a trap.
pub(super) const WINDOW: u64 = 16;

/// A test at a trap.
#[derive(Clone, Debug)]
pub(super) enum Trap {
    /// `gen`'s options with their values in a window at a trap.
    Window(GenOptions),
    /// A test made case by case.
    Test(TestFile),
}

/// A trap test for `problem` within `limits`, shaped as `options` (its
/// counts of cases and heaps); `None` when no trap fits the limits.
pub(super) fn trap(
    problem: &Problem,
    limits: &Limits,
    options: &GenOptions,
    rng: &mut SplitMix64,
) -> Option<Trap> {
    let heap_cases = matches!(
        problem.layout,
        Layout::HeapCases | Layout::HeapCasesToEnd | Layout::HeapCasesToZero { .. }
    );
    let pairs = matches!(
        problem.layout,
        Layout::CountedPairs | Layout::PairsToEnd | Layout::PairsToZero { .. }
    );
    let own = match problem.game.name {
        "misere" | "misere rule" if heap_cases => one_big_among_ones(limits, options, rng),
        "wythoff" if pairs => wythoff_pairs(problem.layout, limits, options, rng),
        _ if problem.layout == Layout::SubtractionSetCases => unsorted_sets(limits, options, rng),
        _ => None,
    };
    // The game's own traps, where it has some, two times in three.
    match own {
        Some(test) if rng.between(0, 2) > 0 => Some(Trap::Test(test)),
        _ => windows(limits, options, rng).map(Trap::Window),
    }
}

/// `options` with the values (and, one time in two, the second numbers)
/// in a window at the top of their limits or across a 32-bit edge.
fn windows(limits: &Limits, options: &GenOptions, rng: &mut SplitMix64) -> Option<GenOptions> {
    let mut options = options.clone();
    (options.min, options.max) = window(limits.value, rng)?;
    if rng.chance(0.5) {
        if let Some((lo, hi)) = window(limits.second, rng) {
            (options.second_min, options.second_max) = (lo, hi);
        }
    }
    Some(options)
}

/// A window of [`WINDOW`] numbers within `bounds`: at their top, or
/// across 2^31 or 2^32 where the bounds reach past it.
fn window(bounds: Bounds, rng: &mut SplitMix64) -> Option<(u64, u64)> {
    if bounds.max == u64::MAX && bounds.min == 0 {
        // A variable of no bound is no number of the input's.
        return None;
    }
    let mut centres = vec![bounds.max];
    centres.extend(WRAPS.into_iter().filter(|&edge| bounds.contains(edge - 1)));
    let centre = centres[rng.between(0, centres.len() as u64 - 1) as usize];
    let hi = centre.saturating_add(WINDOW / 2 - 1).min(bounds.max);
    let lo = hi.saturating_sub(WINDOW - 1).max(bounds.min);
    Some((lo, hi))
}

/// Cases of misère Nim's trap: one heap above 1 among 1s, an odd number
/// of them in one case and an even number in the next; one case in five
/// all 1s.
fn one_big_among_ones(
    limits: &Limits,
    options: &GenOptions,
    rng: &mut SplitMix64,
) -> Option<TestFile> {
    let (value, heaps) = (limits.value, limits.heaps);
    let big = Bounds::new(value.min.max(2), value.max);
    if !value.contains(1) || big.min > big.max || heaps.max < 2 {
        return None;
    }
    // At least a heap above 1 and a 1, however small the test.
    let most = options.heaps.max(3).clamp(heaps.min, heaps.max);
    let (fewest_ones, most_ones) = (heaps.min.max(2) - 1, most - 1);
    let parity = rng.between(0, 1);
    let cases = (0..options.cases.max(1))
        .map(|case| {
            // Odd and even by turns, where the heap count leaves room.
            let odd = (case + parity) % 2;
            let mut ones = rng.between(fewest_ones, most_ones);
            if ones % 2 != odd {
                match ones < most_ones {
                    true => ones += 1,
                    false => ones -= u64::from(ones > fewest_ones),
                }
            }
            let mut heaps = vec![1; ones as usize + 1];
            if rng.between(0, 4) > 0 {
                let at = rng.between(0, ones) as usize;
                heaps[at] = match rng.between(0, 2) {
                    0 => big.min,
                    1 => big.max,
                    _ => rng.between(big.min, big.max),
                };
            }
            Case::Heaps(heaps)
        })
        .collect();
    Some(TestFile { cases })
}

/// Cases of Wythoff's game at the pairs where floating point fails.
fn wythoff_pairs(
    layout: Layout,
    limits: &Limits,
    options: &GenOptions,
    rng: &mut SplitMix64,
) -> Option<TestFile> {
    let ordered = matches!(layout, Layout::PairsToZero { ordered: true });
    let fits = |(a, b): (u64, u64)| {
        limits.value.contains(a) && limits.second.contains(b) && (a, b) != (0, 0)
    };
    // The differences whose losing pair fits: Fibonacci numbers, and the
    // largest (the pair grows with its difference).
    let mut fibonacci = Vec::new();
    let (mut k, mut next) = (1u64, 2u64);
    while wythoff::losing_pair(k).is_some_and(fits) {
        fibonacci.push(k);
        (k, next) = (next, k.saturating_add(next));
    }
    let largest = largest_fitting(&fits);
    if fibonacci.is_empty() || largest == 0 {
        return None;
    }
    let count = count(limits.cases, options.cases.max(1), rng);
    let mut cases = Vec::new();
    while (cases.len() as u64) < count {
        // The largest Fibonacci differences are where `f64` fails.
        let last = fibonacci.len() as u64 - 1;
        let k = match rng.between(0, 3) {
            0 => fibonacci[rng.between(last.saturating_sub(3), last) as usize],
            1 => fibonacci[rng.between(0, last) as usize],
            2 => largest,
            _ => rng.between(1, largest),
        };
        let Some((a, b)) = wythoff::losing_pair(k) else {
            continue;
        };
        let (a, b) = match rng.between(0, 5) {
            0 => (a + 1, b),
            1 => (a.saturating_sub(1), b),
            2 => (a, b + 1),
            3 => (a, b.saturating_sub(1)),
            _ => (a, b),
        };
        let (a, b) = match !ordered && rng.chance(0.5) {
            true => (b, a),
            false => (a, b),
        };
        if fits((a, b)) && (!ordered || a <= b) {
            cases.push(Case::Pair(a, b));
        }
    }
    Some(TestFile { cases })
}

/// Cases of S-Nim whose sets are out of increasing order: distinct small
/// removals in a shuffled order (never the sorted one), and positions of
/// heaps up to twice the largest removal, where the removals skipped by a
/// solution that stops at the first too large one still fit. Half the
/// tests have sets as large as the limits allow.
fn unsorted_sets(limits: &Limits, options: &GenOptions, rng: &mut SplitMix64) -> Option<TestFile> {
    let (removals, sizes) = (limits.second, limits.set_size);
    // One time in two, sets as large as the limits allow, dense, whose
    // Grundy values pass 20 (a `mex` searched in a small array misses
    // them), in few cases of the most positions, each of two or more
    // heaps past the largest removal (where the largest values are).
    let large = rng.chance(0.5);
    let (most, cases, most_positions, fewest_heaps) = match large {
        true => (
            sizes.max,
            options.cases.clamp(1, 10),
            limits.positions.max,
            limits.heaps.min.max(2).min(limits.heaps.max),
        ),
        false => (
            sizes.max.min(options.set_size.max(2)),
            options.cases.max(1),
            options.positions.max(1),
            limits.heaps.min,
        ),
    };
    let most = most.min(removals.max - removals.min + 1);
    if most < 2 || most < sizes.min {
        return None;
    }
    let fewest = match large {
        true => (most / 2).max(sizes.min).max(2),
        false => sizes.min.max(2),
    };
    let heap_counts = Bounds::new(fewest_heaps, limits.heaps.max);
    let cases = (0..cases)
        .map(|_| {
            let k = rng.between(fewest, most);
            // Small removals, so that heaps beside them are in range.
            let span = if large { 2 * k } else { 4 * k + 12 };
            let top = removals.max.min(removals.min.saturating_add(span));
            let mut set: Vec<u64> = Vec::new();
            while (set.len() as u64) < k {
                let removal = rng.between(removals.min, top);
                if !set.contains(&removal) {
                    set.push(removal);
                }
            }
            if set.is_sorted() {
                set.reverse();
            }
            let largest = set.iter().max().copied().unwrap_or(0);
            let heap_top = limits.value.max.min(2 * largest).max(limits.value.min);
            let heap_low = match large {
                true => largest.clamp(limits.value.min, heap_top),
                false => limits.value.min,
            };
            let positions = count(limits.positions, most_positions, rng);
            let positions = (0..positions)
                .map(|_| {
                    let heaps = count(heap_counts, options.heaps.max(1), rng);
                    (0..heaps)
                        .map(|_| rng.between(heap_low, heap_top))
                        .collect()
                })
                .collect();
            Case::Sets { set, positions }
        })
        .collect();
    Some(TestFile { cases })
}

/// The largest difference whose losing pair fits (0 if none): the pair
/// grows with it, so a binary search finds it.
fn largest_fitting(fits: &dyn Fn((u64, u64)) -> bool) -> u64 {
    let fits_k = |k: u64| wythoff::losing_pair(k).is_some_and(fits);
    if !fits_k(1) {
        return 0;
    }
    let (mut lo, mut hi) = (1u64, 1u64 << 62);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        match fits_k(mid) {
            true => lo = mid,
            false => hi = mid - 1,
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::super::{draw, Drawn};
    use super::*;

    /// Windows across 2^31 and 2^32 where the bounds reach past them, at
    /// the top only where they do not.
    #[test]
    fn windows_straddle_the_32_bit_edges_within_the_bounds() {
        let mut rng = SplitMix64::new(1);
        let mut drawn = |bounds| {
            let mut windows: Vec<(u64, u64)> =
                (0..100).filter_map(|_| window(bounds, &mut rng)).collect();
            windows.sort();
            windows.dedup();
            windows
        };
        let wide = Bounds::new(0, 1 << 40);
        let straddling = [(1 << 31) - 8, (1 << 32) - 8, (1 << 40) - 15];
        let lows: Vec<u64> = drawn(wide).iter().map(|w| w.0).collect();
        assert_eq!(lows, straddling);
        let int = Bounds::new(1, (1 << 31) - 1);
        assert_eq!(drawn(int), [((1 << 31) - 16, (1 << 31) - 1)]);
        assert_eq!(drawn(Bounds::new(3, 5)), [(3, 5)]);
        assert_eq!(drawn(Bounds::ANY), []);
    }

    /// Grundy values of S-Nim heaps `0..=top` under `set`, each by its
    /// options; `sorted_break` plays the bug that stops at the first
    /// removal larger than the heap.
    fn set_values(set: &[u64], top: u64, sorted_break: bool) -> Vec<u64> {
        set_values_below(set, top, sorted_break, u64::MAX)
    }

    /// [`set_values`] by a solution whose `mex` looks only below `cap`
    /// (an array of `cap` flags): a value of `cap` or more is `cap`.
    fn set_values_below(set: &[u64], top: u64, sorted_break: bool, cap: u64) -> Vec<u64> {
        let mut values: Vec<u64> = Vec::new();
        for n in 0..=top {
            let mut options = Vec::new();
            for &s in set {
                if s > n {
                    match sorted_break {
                        true => break,
                        false => continue,
                    }
                }
                options.push(values[(n - s) as usize]);
            }
            values.push((0..cap).find(|g| !options.contains(g)).unwrap_or(cap));
        }
        values
    }

    /// Where a position holds one heap at most, the traps' positions do
    /// too, however large their sets.
    #[test]
    fn s_nim_traps_keep_to_narrow_limits() {
        let problem = Problem::find("hdu1536").unwrap();
        let mut limits = problem.limits;
        limits.heaps = Bounds::new(1, 1);
        limits.second = Bounds::new(3, 5);
        let options = GenOptions::within_limits(problem);
        let mut rng = SplitMix64::new(3);
        for _ in 0..50 {
            let file = unsorted_sets(&limits, &options, &mut rng).unwrap();
            for case in &file.cases {
                let Case::Sets { set, positions } = case else {
                    panic!("{case:?}");
                };
                assert!(set.len() >= 2 && set.iter().all(|s| (3..=5).contains(s)));
                assert!(positions.iter().all(|heaps| heaps.len() == 1));
            }
        }
    }

    /// Among the first 100 tests of a stress run of HDU 1536, the traps
    /// hold sets out of order, and a solution that takes them as sorted
    /// answers some position of them wrongly, as does one whose `mex`
    /// looks below 20 only.
    #[test]
    fn s_nim_traps_write_sets_out_of_order_where_the_sorted_bug_fails() {
        let problem = Problem::find("hdu1536").unwrap();
        let (mut caught, mut caught_below_20) = (0, 0);
        for test in 0..100 {
            let Drawn::Test(file) = draw(problem, &problem.limits, 7, test, 0) else {
                continue;
            };
            for case in &file.cases {
                let Case::Sets { set, positions } = case else {
                    panic!("an S-Nim test holds S-Nim cases: {case:?}");
                };
                assert!(!set.is_sorted(), "{set:?}");
                let mut unique = set.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), set.len(), "{set:?}");
                assert!(problem.limits.set_size.contains(set.len() as u64));
                let top = positions.iter().flatten().max().copied().unwrap_or(0);
                let (right, wrong) = (set_values(set, top, false), set_values(set, top, true));
                let xor = |values: &[u64], heaps: &Vec<u64>| {
                    heaps.iter().fold(0, |x, &h| x ^ values[h as usize]) != 0
                };
                caught += positions
                    .iter()
                    .filter(|heaps| xor(&right, heaps) != xor(&wrong, heaps))
                    .count();
                let below_20 = set_values_below(set, top, false, 20);
                caught_below_20 += positions
                    .iter()
                    .filter(|heaps| xor(&right, heaps) != xor(&below_20, heaps))
                    .count();
            }
            let bytes = file.to_bytes(problem);
            let mut game = problem.build_game(&Default::default()).unwrap();
            let checked = crate::validate::validate(
                problem,
                &mut game,
                &bytes,
                &problem.limits,
                "trap",
                crate::validate::Detail::Check,
            );
            assert!(checked.is_ok(), "{}", String::from_utf8_lossy(&bytes));
        }
        assert!(
            caught >= 3,
            "{caught} positions answered wrongly by the bug"
        );
        assert!(
            caught_below_20 >= 3,
            "{caught_below_20} positions answered wrongly with a mex below 20"
        );
    }
}
