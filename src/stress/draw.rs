//! The tests a stress run draws: for the `test`-th test of a seeded run,
//! `gen`'s options, from tiny to the limits, with each limit's extremes
//! drawn often, or one of the problem's traps.
//!
//! Bugs live at the edges: the smallest and largest number a limit allows,
//! one below the largest, 2^31 − 1, 2^31 and 2^32 where the limits reach
//! them, heaps of 0 and 1, all heaps equal, a single heap or case, just
//! past a power of ten heaps, and the largest count of cases. Each of those
//! is drawn for about one test in ten; the rest draw from the whole range.
//! The first tests are tiny, since a bug that shows on a tiny test is the
//! cheapest to find and to read; later tests grow, up to [`MOST_NUMBERS`]
//! numbers, which keeps a run of a program on one well under a second.
//!
//! One test in [`TRAP_EVERY`] is drawn from the game's traps instead
//! (`traps`): the positions where its typical wrong solutions go wrong,
//! which a uniform draw reaches too rarely.
//!
//! The limits a draw keeps to are the caller's: the problem's own, or
//! narrower ones that aim the draw.

use super::traps;
use super::TestFile;
use crate::gen::GenOptions;
use crate::problem::{Bounds, Limits, Problem};
use crate::rng::SplitMix64;

/// The most numbers (cases times heaps) a drawn test holds.
pub const MOST_NUMBERS: u64 = 1 << 16;

/// Every how many tests one is a trap, from the first such test on.
pub const TRAP_EVERY: u64 = 4;

/// A drawn test: options for `gen`, or a file made whole.
#[derive(Clone, Debug)]
pub enum Drawn {
    /// Options `gen` writes a file from.
    Gen(GenOptions),
    /// A test made case by case, valid within the limits it was drawn in.
    Test(TestFile),
}

/// Test `test` of the stress run seeded `seed`, within `limits`; `attempt`
/// draws another one in its place, where the first cannot be written (a
/// losing case impossible within the ranges drawn) or was drawn before.
pub fn draw(problem: &Problem, limits: &Limits, seed: u64, test: u64, attempt: u64) -> Drawn {
    let mut rng = SplitMix64::for_case(seed, test ^ attempt.rotate_right(20));
    // Growing sizes: 3, then 10, then 100, then as large as the cap allows.
    let size = match test {
        0..=99 => 3,
        100..=299 => 10,
        300..=599 => 100,
        _ => MOST_NUMBERS,
    };
    let options = options(limits, size, &mut rng);
    if test % TRAP_EVERY == TRAP_EVERY - 1 {
        if let Some(trap) = traps::trap(problem, limits, &options, &mut rng) {
            return trap;
        }
    }
    Drawn::Gen(options)
}

/// `gen`'s options for a test of about `size` cases and heaps.
fn options(limits: &Limits, size: u64, rng: &mut SplitMix64) -> GenOptions {
    let heaps = count(limits.heaps, size, rng);
    let per_case = heaps.max(1);
    let cases_cap = (MOST_NUMBERS / per_case).clamp(1, size.max(1));
    let cases = count(limits.cases, cases_cap, rng);
    let (min, max) = range(limits.value, rng);
    let (second_min, second_max) = range(limits.second, rng);
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
        set_size: count(limits.set_size, size.min(8), rng),
        positions: count(limits.positions, size.min(8), rng),
        seed: rng.next_u64(),
        losing,
    }
}

/// A count within `bounds` and at most `cap` (unless the bounds' least is
/// more): the least, 1, the cap, one past a power of ten, or any.
pub(super) fn count(bounds: Bounds, cap: u64, rng: &mut SplitMix64) -> u64 {
    let top = bounds.max.min(cap.max(bounds.min));
    let pick = match rng.between(0, 9) {
        0 => bounds.min,
        1 => 1,
        2 => top,
        3 => past_a_power_of_ten(top, rng),
        _ => rng.between(bounds.min, top),
    };
    pick.clamp(bounds.min, top)
}

/// 10^j + 1 for some `j` with 10^j + 1 at most `top` (arrays sized for a
/// round number), or `top` when none is.
fn past_a_power_of_ten(top: u64, rng: &mut SplitMix64) -> u64 {
    let powers = (1..=18).map(|j| 10u64.pow(j) + 1).take_while(|&n| n <= top);
    let powers: Vec<u64> = powers.collect();
    match powers.len() {
        0 => top,
        n => powers[rng.between(0, n as u64 - 1) as usize],
    }
}

/// Where 32-bit integers end: a number just past one wraps in a program
/// that keeps it in an `int` or an `unsigned`.
pub(super) const WRAPS: [u64; 2] = [1 << 31, 1 << 32];

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
        (WRAPS[0] - 1, WRAPS[0] - 1),
        (WRAPS[0], WRAPS[0]),
        (WRAPS[1] - 1, WRAPS[1] - 1),
        (WRAPS[1], WRAPS[1]),
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

    fn options_of(drawn: Drawn) -> Option<GenOptions> {
        match drawn {
            Drawn::Gen(options) => Some(options),
            Drawn::Test(_) => None,
        }
    }

    #[test]
    fn draws_stay_within_the_limits_and_reach_their_edges() {
        for problem in &crate::problem::CATALOGUE {
            let limits = problem.limits;
            let mut seen_min = false;
            let mut seen_max = false;
            for index in 0..800 {
                let Some(o) = options_of(draw(problem, &limits, 7, index, 0)) else {
                    continue;
                };
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
    fn narrower_limits_aim_every_draw() {
        let lasker = Problem::find("lasker").unwrap();
        let mut aimed = lasker.limits;
        aimed.value = Bounds::new(100, 200);
        aimed.heaps = Bounds::new(2, 4);
        aimed.cases = Bounds::new(5, 5);
        for index in 0..400 {
            match draw(lasker, &aimed, 3, index, 0) {
                Drawn::Gen(o) => {
                    assert!(aimed.value.contains(o.min) && aimed.value.contains(o.max));
                    assert!(aimed.heaps.contains(o.heaps) && o.cases == 5, "{o:?}");
                }
                Drawn::Test(test) => panic!("no trap of lasker is a file: {test:?}"),
            }
        }
    }

    #[test]
    fn the_first_tests_are_tiny_and_a_seed_repeats_its_draws() {
        let nim = crate::problem::Problem::find("nim").unwrap();
        for index in 0..100 {
            if let Some(o) = options_of(draw(nim, &nim.limits, 1, index, 0)) {
                assert!(o.cases <= 3 && o.heaps <= 3, "{o:?}");
            }
        }
        let again = |seed, attempt| format!("{:?}", draw(nim, &nim.limits, seed, 42, attempt));
        assert_eq!(again(5, 0), again(5, 0));
        assert_ne!(again(5, 0), again(6, 0));
        assert_ne!(again(5, 0), again(5, 1));
    }
}
