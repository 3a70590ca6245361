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

use super::edges::{count, WRAPS};
use super::traps::{self, Trap};
use super::TestFile;
use crate::gen::GenOptions;
use crate::problem::{Bounds, Limits, Problem};
use crate::rng::SplitMix64;

/// The most numbers (cases times heaps) a drawn test holds.
pub const MOST_NUMBERS: u64 = 1 << 16;

/// Every how many tests one is a trap, from the first such test on.
pub const TRAP_EVERY: u64 = 4;

/// Every how many tests, once sizes have grown, one is as large as the
/// limits allow (`largest`).
pub const LARGEST_EVERY: u64 = 100;

/// The most numbers a largest test holds: past [`MOST_NUMBERS`], so that
/// an array sized 10^5 for a limit of 10^6, or a read buffer of 1 MiB, is
/// overrun; a file of about 20 MB, read in well under a second.
pub const LARGEST_NUMBERS: u64 = 1 << 21;

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
    let mut options = options(&problem.limits, limits, size, &mut rng);
    if problem.layout.has_count() {
        options.most_heaps = varied_count(limits, &options, &mut rng);
    }
    if test >= 600 && test % LARGEST_EVERY == LARGEST_EVERY - 1 && attempt.is_multiple_of(2) {
        return Drawn::Gen(largest(limits, options));
    }
    // Every other attempt is no trap, so that a trap `gen` cannot write
    // within the limits (a losing case in a window that holds none) gives
    // way to an ordinary test.
    if test % TRAP_EVERY == TRAP_EVERY - 1 && attempt.is_multiple_of(2) {
        match traps::trap(problem, limits, &options, &mut rng) {
            Some(Trap::Window(options)) => return Drawn::Gen(options),
            Some(Trap::Test(file)) => return Drawn::Test(file),
            None => {}
        }
    }
    Drawn::Gen(options)
}

/// `gen`'s options for a test of about `size` cases and heaps, within
/// `limits`, narrowed from the problem's `own`. A count the caller
/// narrowed is drawn across its whole range from the first test: sizes
/// grow only where it did not aim.
fn options(own: &Limits, limits: &Limits, size: u64, rng: &mut SplitMix64) -> GenOptions {
    let grown = |aimed: Bounds, own: Bounds| if aimed == own { size } else { u64::MAX };
    let heaps = count(limits.heaps, grown(limits.heaps, own.heaps), rng);
    let per_case = heaps.max(1);
    let cases_cap = (MOST_NUMBERS / per_case).clamp(1, grown(limits.cases, own.cases).max(1));
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
        most_heaps: None,
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

/// `options` grown to the limits: as many heaps a case as allowed, as
/// many cases as fit beside them in [`LARGEST_NUMBERS`], the largest sets
/// and positions (S-Nim's). The growing sizes stop at [`MOST_NUMBERS`]
/// and the sets at 8, where arrays sized below the limits still hold.
fn largest(limits: &Limits, options: GenOptions) -> GenOptions {
    let heaps = limits.heaps.max.min(LARGEST_NUMBERS).max(limits.heaps.min);
    let per_case = heaps
        .max(1)
        .saturating_mul(limits.positions.max.clamp(1, 1 << 10));
    let cases = (LARGEST_NUMBERS / per_case).max(1).min(limits.cases.max);
    GenOptions {
        cases: cases.max(limits.cases.min),
        heaps,
        most_heaps: None,
        set_size: limits.set_size.max,
        positions: limits.positions.max,
        ..options
    }
}

/// For one test in three, the most heaps a case of `options` may hold, each
/// case drawing its own count from `options.heaps` up to it, as a testlib
/// generator varies `N` case by case: a program that sizes its arrays by
/// the first case, or keeps state from one case to the next, fails only
/// where the counts differ. Within `limits` and [`MOST_NUMBERS`].
fn varied_count(limits: &Limits, options: &GenOptions, rng: &mut SplitMix64) -> Option<u64> {
    let cap = MOST_NUMBERS / options.cases.max(1);
    let room = Bounds::new(options.heaps, limits.heaps.max.min(cap));
    if options.cases < 2 || room.min >= room.max || !rng.chance(1.0 / 3.0) {
        return None;
    }
    Some(count(room, room.max, rng)).filter(|&most| most > options.heaps)
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
    use crate::games::{wythoff, GameParams};
    use crate::problem::CATALOGUE;
    use crate::stress::Case;
    use crate::validate::{validate, Detail};

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
                    o.cases.saturating_mul(o.heaps.max(1)) <= LARGEST_NUMBERS.max(limits.cases.min)
                );
                seen_min |= o.min == limits.value.min && o.max == limits.value.min;
                seen_max |= o.min == limits.value.max;
            }
            assert!(seen_min && seen_max, "{}: edges not drawn", problem.name);
        }
    }

    /// A test whose cases hold different counts of heaps catches a program
    /// that sizes its arrays by the first case; the draw makes such tests,
    /// within the limits and the cap on numbers.
    #[test]
    fn some_tests_vary_the_count_of_heaps_case_by_case() {
        let nim = Problem::find("nim").unwrap();
        let varied: Vec<GenOptions> = (0..400)
            .filter_map(|index| options_of(draw(nim, &nim.limits, 5, index, 0)))
            .filter(|o| o.most_heaps.is_some())
            .collect();
        assert!(varied.len() >= 20, "{} varied tests", varied.len());
        for o in &varied {
            let most = o.heaps_at_most();
            assert!(o.heaps < most && nim.limits.heaps.contains(most), "{o:?}");
            assert!(o.cases >= 2 && o.cases * most <= MOST_NUMBERS, "{o:?}");
        }
        // A problem whose cases hold no count of heaps never varies one.
        let wythoff = Problem::find("wythoff").unwrap();
        assert!((0..400)
            .filter_map(|index| options_of(draw(wythoff, &wythoff.limits, 5, index, 0)))
            .all(|o| o.most_heaps.is_none()));
    }

    /// Arrays sized below a limit past the growing sizes' cap (10^5 for
    /// Lasker's 10^6 heaps, S-Nim's 10 removals for 100) are overrun by
    /// the largest tests, drawn once sizes have grown.
    #[test]
    fn the_largest_tests_reach_the_limits_past_the_growing_cap() {
        let lasker = Problem::find("lasker").unwrap();
        let drawn: Vec<GenOptions> = (600..1000)
            .filter_map(|index| options_of(draw(lasker, &lasker.limits, 3, index, 0)))
            .filter(|o| o.heaps > MOST_NUMBERS)
            .collect();
        assert!(drawn.len() >= 3, "{} largest tests", drawn.len());
        for o in &drawn {
            assert_eq!(o.heaps, lasker.limits.heaps.max.min(LARGEST_NUMBERS));
            assert!(lasker.limits.cases.contains(o.cases));
            assert!(o.cases * o.heaps <= LARGEST_NUMBERS, "{o:?}");
        }
        let snim = Problem::find("hdu1536").unwrap();
        assert!((600..1000)
            .filter_map(|index| options_of(draw(snim, &snim.limits, 3, index, 0)))
            .any(|o| o.set_size == snim.limits.set_size.max
                && o.positions == snim.limits.positions.max));
    }

    /// Arrays sized for a round number overflow one past it.
    #[test]
    fn heap_counts_one_past_a_power_of_ten_are_drawn() {
        let nim = Problem::find("nim").unwrap();
        let counts: Vec<u64> = (0..1000)
            .filter_map(|index| options_of(draw(nim, &nim.limits, 2, index, 0)))
            .map(|o| o.heaps)
            .collect();
        for past in [11, 101, 1001] {
            assert!(counts.contains(&past), "{past}");
        }
    }

    /// Heaps aimed at 990..1010 reach past 1000 in the first tests, which
    /// the growing sizes would keep at 990 for hundreds of them.
    #[test]
    fn an_aimed_count_is_drawn_across_its_range_from_the_first_tests() {
        let nim = Problem::find("nim").unwrap();
        let mut aimed = nim.limits;
        aimed.heaps = Bounds::new(990, 1010);
        let past = (0..100)
            .filter_map(|index| options_of(draw(nim, &aimed, 1, index, 0)))
            .filter(|o| o.heaps > 1000)
            .count();
        assert!(past >= 10, "{past} tests past 1000 heaps");
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

    /// The trap files of the first `tests` tests of seed `seed`.
    fn trap_files(problem: &Problem, seed: u64, tests: u64) -> Vec<TestFile> {
        (0..tests)
            .filter_map(|test| match draw(problem, &problem.limits, seed, test, 0) {
                Drawn::Test(file) => Some(file),
                Drawn::Gen(_) => None,
            })
            .collect()
    }

    #[test]
    fn every_trap_file_is_valid_within_the_limits() {
        let params = GameParams {
            max_take: Some(3),
            upto: Some(1 << 12),
            ..GameParams::default()
        };
        for problem in &CATALOGUE {
            let mut game = problem.build_game(&params).unwrap();
            for test in trap_files(problem, 3, 1000) {
                let bytes = test.to_bytes(problem);
                let valid = validate(
                    problem,
                    &mut game,
                    &bytes,
                    &problem.limits,
                    "t",
                    Detail::Check,
                );
                assert!(valid.is_ok(), "{}: {valid:?}", problem.name);
            }
        }
    }

    /// A heap above 1 among an odd and among an even number of 1s, in the
    /// first hundred tests of every seed tried.
    #[test]
    fn misere_draws_one_big_heap_among_odd_and_even_ones_early() {
        let misere = Problem::find("misere").unwrap();
        for seed in 1..=20 {
            let mut parities = [false; 2];
            for test in trap_files(misere, seed, 100) {
                for case in &test.cases {
                    let Case::Heaps(heaps) = case else { continue };
                    let ones = heaps.iter().filter(|&&h| h == 1).count();
                    if heaps.len() - ones == 1 && ones > 0 {
                        parities[ones % 2] = true;
                    }
                }
            }
            assert_eq!(parities, [true; 2], "seed {seed}");
        }
    }

    /// Every residue modulo 4 among the heaps at the top of Lasker's
    /// limit, 2^31 − 1, in the first thousand tests.
    #[test]
    fn lasker_draws_every_residue_at_its_largest_heaps() {
        let lasker = Problem::find("lasker").unwrap();
        let top = lasker.limits.value.max;
        for seed in 1..=5 {
            let windows = (0..1000)
                .filter(|test| test % TRAP_EVERY == TRAP_EVERY - 1)
                .filter_map(|test| match draw(lasker, &lasker.limits, seed, test, 0) {
                    Drawn::Gen(o) => Some((o.min, o.max)),
                    Drawn::Test(_) => None,
                })
                .filter(|&(lo, hi)| hi == top && hi - lo == traps::WINDOW - 1)
                .count();
            assert!(windows >= 20, "seed {seed}: {windows} windows at the top");
        }
    }

    /// The losing pair of the largest Fibonacci difference within POJ
    /// 1067's limits, where `f64` first goes wrong, and pairs next to it.
    #[test]
    fn wythoff_draws_the_pairs_where_floating_point_fails() {
        let wythoff_problem = Problem::find("wythoff").unwrap();
        // 102334155 is the first difference `f64` gets wrong.
        let (a, b) = wythoff::losing_pair(102_334_155).unwrap();
        let mut seen = [false; 2];
        for test in trap_files(wythoff_problem, 1, 1000) {
            for case in &test.cases {
                let &Case::Pair(x, y) = case else { continue };
                let (x, y) = (x.min(y), x.max(y));
                seen[0] |= (x, y) == (a, b);
                seen[1] |= (x, y) != (a, b) && x.abs_diff(a) + y.abs_diff(b) == 1;
            }
        }
        assert_eq!(seen, [true; 2]);
    }
}
