//! The tests a stress run draws: `gen`'s options for the `index`-th test of
//! a seeded run, from tiny to the problem's limits, with each limit's
//! extremes drawn often.
//!
//! Bugs live at the edges: the smallest and largest number a limit allows,
//! one below the largest, 2^31 − 1 and 2^32 where the limits reach them,
//! heaps of 0 and 1, all heaps equal, a single heap or case, and the
//! largest count of cases. Each of those is drawn for about one test in
//! ten; the rest draw from the whole range. The first tests are tiny,
//! since a bug that shows on a tiny test is the cheapest to find and to
//! read; later tests grow, up to [`MOST_NUMBERS`] numbers, which keeps a
//! run of a program on one well under a second.

use crate::gen::GenOptions;
use crate::problem::{Bounds, Problem};
use crate::rng::SplitMix64;

/// The most numbers (cases times heaps) a drawn test holds.
pub const MOST_NUMBERS: u64 = 1 << 16;

/// `gen`'s options for test `index` of the stress run seeded `seed`.
pub fn draw(problem: &Problem, seed: u64, index: u64) -> GenOptions {
    let mut rng = SplitMix64::for_case(seed, index);
    let limits = problem.limits;
    // Growing sizes: 3, then 10, then 100, then as large as the cap allows.
    let size = match index {
        0..=99 => 3,
        100..=299 => 10,
        300..=599 => 100,
        _ => MOST_NUMBERS,
    };
    let heaps = count(limits.heaps, size, &mut rng);
    let per_case = heaps.max(1);
    let cases_cap = (MOST_NUMBERS / per_case).clamp(1, size.max(1));
    let cases = count(limits.cases, cases_cap, &mut rng);
    let (min, max) = range(limits.value, &mut rng);
    let (second_min, second_max) = range(limits.second, &mut rng);
    let losing = match rng.between(0, 3) {
        0 => 0.0,
        1 => 1.0,
        _ => 0.5,
    };
    GenOptions {
        cases,
        heaps,
        min,
        max,
        second_min,
        second_max,
        set_size: count(limits.set_size, size.min(8), &mut rng),
        positions: count(limits.positions, size.min(8), &mut rng),
        seed: rng.next_u64(),
        losing,
    }
}

/// A count within `bounds` and at most `cap` (unless the bounds' least is
/// more): the least, 1, the cap, or any.
fn count(bounds: Bounds, cap: u64, rng: &mut SplitMix64) -> u64 {
    let top = bounds.max.min(cap.max(bounds.min));
    let pick = match rng.between(0, 9) {
        0 => bounds.min,
        1 => 1,
        2 => top,
        _ => rng.between(bounds.min, top),
    };
    pick.clamp(bounds.min, top)
}

/// A range of values within `bounds`: the whole, or one of its edges.
fn range(bounds: Bounds, rng: &mut SplitMix64) -> (u64, u64) {
    let Bounds { min, max } = bounds;
    let edges = [
        (min, min),
        (max, max),
        (max.saturating_sub(1).max(min), max),
        (min, min.saturating_add(10).min(max)),
        (0, 1),
        (1, 1),
        ((1 << 31) - 1, (1 << 31) - 1),
        (1 << 32, 1 << 32),
        (max - (max - min) / 2, max),
    ];
    if rng.chance(0.6) {
        let (lo, hi) = edges[rng.between(0, edges.len() as u64 - 1) as usize];
        if bounds.contains(lo) && bounds.contains(hi) && lo <= hi {
            return (lo, hi);
        }
    }
    if rng.chance(0.2) {
        // All equal.
        let value = rng.between(min, max);
        return (value, value);
    }
    (min, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_stay_within_the_limits_and_reach_their_edges() {
        for problem in &crate::problem::CATALOGUE {
            let limits = problem.limits;
            let mut seen_min = false;
            let mut seen_max = false;
            for index in 0..800 {
                let o = draw(problem, 7, index);
                assert!(limits.cases.contains(o.cases), "{} {o:?}", problem.name);
                assert!(limits.heaps.contains(o.heaps), "{} {o:?}", problem.name);
                assert!(limits.value.contains(o.min) && limits.value.contains(o.max));
                assert!(o.min <= o.max && o.second_min <= o.second_max);
                assert!(
                    o.cases.saturating_mul(o.heaps.max(1)) <= MOST_NUMBERS.max(limits.cases.min)
                );
                seen_min |= o.min == limits.value.min && o.max == limits.value.min;
                seen_max |= o.min == limits.value.max;
            }
            assert!(seen_min && seen_max, "{}: edges not drawn", problem.name);
        }
    }

    #[test]
    fn the_first_tests_are_tiny_and_a_seed_repeats_its_draws() {
        let nim = crate::problem::Problem::find("nim").unwrap();
        for index in 0..100 {
            let o = draw(nim, 1, index);
            assert!(o.cases <= 3 && o.heaps <= 3, "{o:?}");
        }
        assert_eq!(
            format!("{:?}", draw(nim, 5, 42)),
            format!("{:?}", draw(nim, 5, 42))
        );
        assert_ne!(
            format!("{:?}", draw(nim, 5, 42)),
            format!("{:?}", draw(nim, 6, 42))
        );
    }
}
