//! The secret tests of a package: a plan of `gen` options that covers
//! what kills wrong solutions, within a budget of bytes.
//!
//! Each entry has a name that says what it tests and a seed, so the plan
//! is printed and reproduced exactly. In order: each number's least and
//! largest value and one below the largest, 2^31 − 1 and 2^32 where the
//! limits allow them, heaps of 0 and of 1, a single heap per case, equal
//! heaps, all cases losing and all winning, small random cases, random
//! cases over the whole range, the largest count of cases, the largest
//! case, and maximal files that take what is left of the budget. An entry
//! the limits do not allow (2^32 where values stop at 10^9) is left out;
//! one `gen` cannot make (a losing case where no value loses) is dropped
//! when it is generated.

use crate::gen::GenOptions;
use crate::problem::{Bounds, Layout, Problem};

/// One secret test: its name and how `gen` writes it.
#[derive(Clone, Debug)]
pub struct Planned {
    /// A name that says what the test covers (`max-values`).
    pub name: String,
    /// `gen`'s options for it.
    pub options: GenOptions,
}

/// Bytes a number takes in a file, with its separator, at most: a bound
/// for the size of a planned test before it is written.
fn bytes_per_number(max: u64) -> u64 {
    u64::from(max.checked_ilog10().unwrap_or(0)) + 2
}

/// The plan for `problem`, its tests together at most about `max_bytes`
/// (estimated from their counts and their largest numbers), from `seed`.
pub fn plan(problem: &Problem, max_bytes: u64, seed: u64) -> Vec<Planned> {
    let limits = problem.limits;
    let value = limits.value;
    let mut planned = Vec::new();
    let small = |cases: u64, heaps: u64| GenOptions {
        cases: limits.cases.max.min(cases).max(limits.cases.min),
        heaps: limits.heaps.max.min(heaps).max(limits.heaps.min),
        most_heaps: None,
        min: value.min,
        max: value.max,
        second_min: limits.second.min,
        second_max: limits.second.max,
        set_size: limits.set_size.max.min(5).max(limits.set_size.min),
        positions: limits.positions.max.min(5).max(limits.positions.min),
        seed: 0,
        losing: 0.5,
    };
    let add = |planned: &mut Vec<Planned>, name: &str, options: GenOptions| {
        let seed = seed
            .wrapping_mul(1_000_003)
            .wrapping_add(planned.len() as u64);
        planned.push(Planned {
            name: format!("{:02}-{name}", planned.len() + 1),
            options: GenOptions { seed, ..options },
        });
    };
    // An odd count of heaps: equal heaps then xor to one of them, not to 0,
    // which a value that overflows (2^31 - 1 in 32 bits) must meet. A row
    // has an even count: E&D's piles come in pairs.
    let rows = problem.layout.has_rows();
    let base = small(10, if rows { 10 } else { 9 });
    let graph = problem.layout == Layout::GraphCases;
    let values = |lo: u64, hi: u64| GenOptions {
        min: lo,
        max: hi,
        // A graph's pieces stand on its positions: a graph too small for
        // the values would hold none of them.
        second_min: match graph {
            true => hi
                .saturating_add(1)
                .clamp(limits.second.min, limits.second.max),
            false => base.second_min,
        },
        // S-Nim's removals no larger than the heaps (a set of large ones
        // leaves every position lost), and enough of them for the set.
        second_max: match problem.layout {
            Layout::SubtractionSetCases => hi
                .max(limits.second.min.saturating_add(base.set_size))
                .clamp(limits.second.min, limits.second.max),
            _ => base.second_max,
        },
        ..base.clone()
    };
    add(&mut planned, "min-values", values(value.min, value.min));
    add(&mut planned, "max-values", values(value.max, value.max));
    if value.max > value.min {
        add(
            &mut planned,
            "max-minus-one",
            values(value.max - 1, value.max),
        );
    }
    for (name, at) in [("int-max", (1u64 << 31) - 1), ("two-to-32", 1 << 32)] {
        if value.contains(at) && value.max != at {
            add(&mut planned, name, values(at, at));
        }
    }
    if value.contains(0) && value.min != 0 {
        add(&mut planned, "zeros", values(0, 0));
    }
    if value.contains(1) && value.min != 1 {
        add(&mut planned, "ones", values(1, 1));
    }
    if limits.second != Bounds::ANY {
        let mut second = limits.second;
        // HDU 2177's a ≤ b: a least b of 0 leaves only `0 0`, which ends
        // the input.
        if problem.layout == (Layout::PairsToZero { ordered: true }) && second.min == 0 {
            second.min = 1;
        }
        // S-Nim's removals are distinct: one value makes a set of one.
        let set_size = match problem.layout {
            Layout::SubtractionSetCases => base.set_size.min(1),
            _ => base.set_size,
        };
        add(
            &mut planned,
            "min-second",
            GenOptions {
                second_min: second.min,
                second_max: second.min,
                set_size,
                ..base.clone()
            },
        );
        add(
            &mut planned,
            "max-second",
            GenOptions {
                second_min: second.max,
                second_max: second.max,
                set_size,
                // HDU 4315's king k is one of the N people.
                heaps: match rows {
                    true => base.heaps.max(second.max.min(limits.heaps.max)),
                    false => base.heaps,
                },
                ..base.clone()
            },
        );
    }
    if problem.layout.has_heaps() && limits.heaps.contains(1) {
        add(
            &mut planned,
            "single-heap",
            GenOptions {
                heaps: 1,
                ..base.clone()
            },
        );
    }
    let middle = value.min + (value.max - value.min) / 3;
    // Equal heaps under S-Nim's random sets: a set whose removals all
    // share a factor can lose every such position of its case, and half
    // of them cannot be won, so S-Nim has none.
    if problem.layout != Layout::SubtractionSetCases {
        add(&mut planned, "equal-values", values(middle, middle));
    }
    add(
        &mut planned,
        "all-losing",
        GenOptions {
            losing: 1.0,
            ..base.clone()
        },
    );
    add(
        &mut planned,
        "all-winning",
        GenOptions {
            losing: 0.0,
            ..base.clone()
        },
    );
    add(
        &mut planned,
        "small-random",
        values(value.min, value.max.min(value.min.saturating_add(20))),
    );
    add(&mut planned, "random", base.clone());
    let spent: u64 = planned.iter().map(|p| size(problem, &p.options)).sum();
    let left = max_bytes.saturating_sub(spent);
    let per_number = bytes_per_number(value.max);
    // The largest count of cases, each as small as allowed.
    let one = GenOptions {
        cases: 1,
        heaps: limits.heaps.min.max(1),
        ..base.clone()
    };
    let most_cases = (left / 4 / size(problem, &one).max(1)).min(limits.cases.max);
    if most_cases > 10 {
        add(
            &mut planned,
            "max-cases",
            GenOptions {
                cases: most_cases,
                ..one
            },
        );
    }
    if rows {
        rows_by_size(problem, &mut planned, &base, left / 4, &add);
    }
    // The largest case the budget allows, alone.
    if problem.layout.has_heaps() {
        let most_heaps = (left / 4 / per_number).min(limits.heaps.max);
        if most_heaps > 10 {
            add(
                &mut planned,
                "max-heaps",
                // Won: a won case is the costly one where the answer
                // lists or counts its moves.
                GenOptions {
                    cases: limits.cases.min.max(1),
                    heaps: most_heaps,
                    losing: 0.0,
                    ..base.clone()
                },
            );
        }
        // Maximal files: what the budget has left, in two files of large
        // cases of random numbers, one won and one lost.
        let numbers = left / 4 / per_number;
        let heaps = limits.heaps.max.min(numbers).max(limits.heaps.min);
        // A case's size as the layout makes it (a graph's positions and
        // moves come with its pieces).
        let one = GenOptions {
            cases: 1,
            heaps,
            ..base.clone()
        };
        let per_case = size(problem, &one).saturating_sub(24).max(1);
        let cases = (left / 4 / per_case).clamp(limits.cases.min.max(1), limits.cases.max);
        if numbers > 100 {
            add(
                &mut planned,
                "maximal",
                GenOptions {
                    cases,
                    heaps,
                    losing: 0.0,
                    ..base.clone()
                },
            );
            add(
                &mut planned,
                "maximal-losing",
                GenOptions {
                    cases,
                    heaps,
                    losing: 1.0,
                    ..base.clone()
                },
            );
        }
    }
    planned
}

/// A row game's tests of its least and largest counts of items: the
/// least count in as many cases as allowed, and as many cases of the
/// largest count as `room` bytes hold (at least one). Counts stay even, as
/// E&D's pairs need.
fn rows_by_size(
    problem: &Problem,
    planned: &mut Vec<Planned>,
    base: &GenOptions,
    room: u64,
    add: &dyn Fn(&mut Vec<Planned>, &str, GenOptions),
) {
    let limits = problem.limits;
    let even = |n: u64| match n % 2 == 1 && limits.heaps.contains(n + 1) {
        true => n + 1,
        false => n,
    };
    let least = even(limits.heaps.min);
    add(
        planned,
        "min-items",
        GenOptions {
            cases: limits.cases.max.min(100),
            heaps: least,
            ..base.clone()
        },
    );
    let most = match limits.heaps.max % 2 == 1 && limits.heaps.contains(limits.heaps.max - 1) {
        true => limits.heaps.max - 1,
        false => limits.heaps.max,
    };
    // What one case may take of the room: the largest count, or as many
    // items as fit (named so: most-items).
    let numbers_per_item = match problem.layout {
        Layout::Rows(rows) if rows.pairs => 2,
        _ => 1,
    };
    let fits = room / bytes_per_number(base.max) / numbers_per_item;
    let heaps = most.min(fits & !1);
    if heaps <= base.heaps {
        return;
    }
    let one = GenOptions {
        cases: 1,
        heaps,
        ..base.clone()
    };
    let cases =
        (room / size(problem, &one).max(1)).clamp(limits.cases.min.max(1), limits.cases.max);
    let names = match heaps == most {
        true => [("max-items", 0.5), ("max-items-losing", 1.0)],
        false => [("most-items", 0.5), ("most-items-losing", 1.0)],
    };
    for (name, losing) in names {
        add(
            planned,
            name,
            GenOptions {
                cases,
                losing,
                ..one.clone()
            },
        );
    }
}

/// Gaps `k = b - a` of Wythoff's losing pairs `(floor(k φ), floor(k φ) + k)`
/// below 10^9 where `floor(k φ)` computed in `double` is wrong: `k φ` is
/// within rounding of an integer there (Fibonacci numbers and their
/// neighbours). Found by scanning every gap up to 10^9 against the exact
/// integer formula; a test checks each one still fails in `double`.
pub const FLOAT_PHI_TRAPS: [u64; 14] = [
    102_334_155,
    141_422_324,
    180_510_493,
    204_668_310,
    219_598_662,
    243_756_479,
    267_914_296,
    282_844_648,
    307_002_465,
    321_932_817,
    336_863_169,
    346_090_634,
    361_020_986,
    370_248_451,
];

/// `floor(k φ)`, exactly: `(k + isqrt(5 k^2)) / 2`.
pub fn wythoff_a(k: u64) -> u64 {
    let square = 5 * u128::from(k) * u128::from(k);
    (k + square.isqrt() as u64) / 2
}

/// Tests no random draw makes, written case by case: for Wythoff's game,
/// the losing pairs whose gap is a [`FLOAT_PHI_TRAPS`] entry and the
/// winning pairs one above each, within the limits; they reject a solution
/// that computes the golden ratio in floating point.
pub fn crafted(problem: &Problem) -> Vec<(String, Vec<(u64, u64)>)> {
    if problem.game.name != "wythoff" {
        return Vec::new();
    }
    let value = problem.limits.value;
    let mut pairs = Vec::new();
    for k in FLOAT_PHI_TRAPS {
        let a = wythoff_a(k);
        for (x, y) in [(a, a + k), (a + 1, a + k + 1)] {
            if value.contains(x) && problem.limits.second.contains(y) && value.contains(y) {
                pairs.push((x, y));
            }
        }
    }
    match pairs.is_empty() {
        true => Vec::new(),
        false => vec![("float-phi-traps".to_string(), pairs)],
    }
}

/// An upper bound on the bytes of the test `options` writes.
pub fn size(problem: &Problem, options: &GenOptions) -> u64 {
    let largest = match problem.layout.has_second() {
        true => options.max.max(options.second_max),
        false => options.max,
    };
    let per_number = bytes_per_number(largest);
    let numbers = match problem.layout {
        Layout::SubtractionSetCases => {
            options.set_size + options.positions * (options.heaps + 1) + 2
        }
        // A graph: each of its positions with its moves, then the queries.
        Layout::GraphCases => {
            let positions = options.second_max.min(1 << 20);
            positions * (options.set_size + 1) + options.positions * (options.heaps + 1) + 1
        }
        // A row of pairs (HDU 1730's rows, HDU 3595's games): two numbers
        // for each of its N.
        Layout::Rows(rows) if rows.pairs => 2 * options.heaps + 2,
        _ if problem.layout.has_heaps() || problem.layout.has_rows() => options.heaps + 2,
        _ => 2,
    };
    options
        .cases
        .saturating_mul(numbers)
        .saturating_mul(per_number)
        + 24
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_reaches_the_edges_and_keeps_to_its_budget() {
        let lasker = Problem::find("lasker").unwrap();
        let plan = plan(lasker, 8 << 20, 1);
        let names: Vec<&str> = plan.iter().map(|p| &p.name[3..]).collect();
        for name in [
            "min-values",
            "max-values",
            "max-minus-one",
            "single-heap",
            "all-losing",
            "max-cases",
            "max-heaps",
            "maximal",
        ] {
            assert!(names.contains(&name), "{name} missing from {names:?}");
        }
        // 2^31 - 1 is Lasker's largest value and 1 its least: max-values
        // and min-values cover them.
        assert!(!names.contains(&"ones"), "{names:?}");
        assert!(
            !names.contains(&"int-max") && !names.contains(&"two-to-32"),
            "{names:?}"
        );
        let total: u64 = plan.iter().map(|p| size(lasker, &p.options)).sum();
        assert!(total <= 8 << 20, "{total}");
        for planned in &plan {
            let o = &planned.options;
            assert!(lasker.limits.cases.contains(o.cases) && lasker.limits.heaps.contains(o.heaps));
            assert!(lasker.limits.value.contains(o.min) && lasker.limits.value.contains(o.max));
        }
    }

    #[test]
    fn each_float_phi_trap_is_where_double_goes_wrong() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        for k in FLOAT_PHI_TRAPS {
            let float = (k as f64 * phi).floor() as u64;
            assert_ne!(float, wythoff_a(k), "gap {k}");
        }
        // And where it is right, the exact formula agrees with it.
        for k in [1, 2, 1000, 123_456] {
            assert_eq!((k as f64 * phi).floor() as u64, wythoff_a(k));
        }
        let wythoff = Problem::find("wythoff").unwrap();
        let crafted = crafted(wythoff);
        assert_eq!(crafted.len(), 1);
        assert!(crafted[0].1.len() >= 14, "{crafted:?}");
        assert!(super::crafted(Problem::find("lasker").unwrap()).is_empty());
    }

    #[test]
    fn a_row_too_long_for_the_budget_gets_the_most_items_that_fit() {
        let p2148 = Problem::find("p2148").unwrap();
        let small = plan(p2148, 64 << 10, 1);
        let most = small
            .iter()
            .find(|p| p.name.ends_with("most-items"))
            .expect("most-items");
        assert!(most.options.heaps < 20_000 && most.options.heaps % 2 == 0);
        assert!(size(p2148, &most.options) < 64 << 10);
        let large = plan(p2148, 8 << 20, 1);
        assert!(large.iter().any(|p| p.name.ends_with("max-items")));
    }

    #[test]
    fn a_plan_is_the_same_for_the_same_seed() {
        let nim = Problem::find("nim").unwrap();
        let show = |seed| format!("{:?}", plan(nim, 1 << 20, seed));
        assert_eq!(show(3), show(3));
        assert_ne!(show(3), show(4));
        let names: Vec<String> = plan(nim, 1 << 20, 3).into_iter().map(|p| p.name).collect();
        // Nim's heaps start at 0: min-values is zeros, and ones is its own.
        assert!(names.iter().any(|n| n.ends_with("ones")), "{names:?}");
    }
}
