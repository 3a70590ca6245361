//! Tests written case by case for the wrong programs a random draw almost
//! never catches: misère Nim's cases of one heap above 1 among heaps of 1
//! (an odd and an even count of them), and Fibonacci Nim's largest
//! Fibonacci numbers with the values a table of `int` reaches once it
//! wraps past 2^31 (512559680 first); S-Nim's subtraction sets that hold
//! a removal more than once, unsorted; and HDU 3595's won games of Euclid
//! near 2^31, where `2 * y` in `int` wraps.

use crate::problem::{Layout, Problem};
use crate::stress::Case;

/// The trap tests of `problem`: names and cases, within its limits.
pub fn traps(problem: &Problem) -> Vec<(String, Vec<Case>)> {
    match (problem.game.name, problem.layout) {
        ("misere", Layout::HeapCases) => misere_ones(problem),
        ("fibonacci", Layout::ZeroTerminated) => fibonacci_top(problem),
        (_, Layout::SubtractionSetCases) => repeated_removals(problem),
        ("every-euclid", Layout::Rows(rows)) if rows.pairs && !rows.parameter => {
            euclid_top(problem)
        }
        _ => Vec::new(),
    }
}

/// Cases of `k` heaps of 1 and at most one larger heap, for every `k` the
/// limits allow up to 12: all ones decide by the parity of `k`, one larger
/// heap wins whatever `k` is, a rule a program may get right for one parity
/// only.
fn misere_ones(problem: &Problem) -> Vec<(String, Vec<Case>)> {
    let limits = problem.limits;
    if !limits.value.contains(1) {
        return Vec::new();
    }
    let larger = [2, 3, limits.value.max]
        .into_iter()
        .filter(|&v| v > 1 && limits.value.contains(v));
    let mut cases = Vec::new();
    for big in larger.map(Some).chain([None]) {
        for ones in 0..=12u64 {
            let heaps = ones + u64::from(big.is_some());
            if !limits.heaps.contains(heaps) {
                continue;
            }
            let mut case = vec![1; ones as usize];
            case.extend(big);
            cases.push(Case::Heaps(case));
        }
    }
    cases.truncate(limits.cases.max as usize);
    match cases.is_empty() {
        true => Vec::new(),
        false => vec![("ones-and-one-larger".to_string(), cases)],
    }
}

/// The Fibonacci numbers from 10^8 up, each with its neighbours, and the
/// positive values a table of 100 terms in 32-bit `int` holds after it
/// wraps, that the limits allow.
fn fibonacci_top(problem: &Problem) -> Vec<(String, Vec<Case>)> {
    let value = problem.limits.value;
    let mut numbers = Vec::new();
    let (mut a, mut b) = (1u64, 2u64);
    while a <= value.max {
        if a >= 100_000_000 {
            numbers.extend([a - 1, a, a + 1]);
        }
        (a, b) = (b, a + b);
    }
    // The table as `int` holds it beside the true one: past 1836311903 the
    // sums wrap, and the positive ones that differ are not Fibonacci's.
    let (mut a, mut b) = (1i32, 2i32);
    let (mut x, mut y) = (1u128, 2u128);
    for _ in 0..100 {
        if a > 0 && a as u128 != x {
            numbers.push(a as u64);
        }
        (a, b) = (b, a.wrapping_add(b));
        (x, y) = (y, x + y);
    }
    numbers.retain(|n| value.contains(*n) && *n != 0);
    numbers.sort_unstable();
    numbers.dedup();
    match numbers.is_empty() {
        true => Vec::new(),
        false => vec![(
            "fibonacci-top".to_string(),
            numbers.into_iter().map(Case::Number).collect(),
        )],
    }
}

/// S-Nim cases whose subtraction set names a removal more than once, out
/// of order (the format does not ask for distinct removals, nor sorted
/// ones): a program that keeps the distinct ones but still counts `k` of
/// them, or that stops at the first removal not above the last one, goes
/// wrong. Each set's positions are the single heaps from 0 up (lost and won
/// ones), a few of several heaps, and the largest heap allowed.
fn repeated_removals(problem: &Problem) -> Vec<(String, Vec<Case>)> {
    let limits = problem.limits;
    let (value, second) = (limits.value, limits.second);
    let top = second.max.min(value.max);
    let sets: [Vec<u64>; 5] = [
        vec![2, 2, 5],
        vec![1, 1, 1],
        vec![4, 3, 4, 7, 3, 7],
        vec![top, top, top.saturating_sub(1), 1],
        // The most removals a set may have, two values repeated.
        (0..limits.set_size.max.min(100))
            .map(|i| 1 + i % 2)
            .collect(),
    ];
    let most = limits.positions.max.min(24) as usize;
    let mut cases = Vec::new();
    for set in sets {
        let fits = |s: &u64| second.contains(*s);
        if !set.iter().all(fits) || !limits.set_size.contains(set.len() as u64) {
            continue;
        }
        let mut positions: Vec<Vec<u64>> = (0..16).map(|h| vec![h]).collect();
        positions.extend([vec![1, 4], vec![3, 7, 9], vec![2, 2], vec![value.max]]);
        positions.retain(|heaps| {
            limits.heaps.contains(heaps.len() as u64) && heaps.iter().all(|h| value.contains(*h))
        });
        positions.truncate(most);
        if limits.positions.contains(positions.len() as u64) {
            cases.push(Case::Sets { set, positions });
        }
    }
    cases.truncate(limits.cases.max as usize);
    match cases.is_empty() {
        true => Vec::new(),
        false => vec![("repeated-removals".to_string(), cases)],
    }
}

/// Rows of Euclid's games (HDU 3595) whose larger pile is within 2^20 of
/// the largest allowed and whose smaller one is above half of it, where a
/// program that tests `x >= 2 * y` in 32-bit `int` wraps: half the rows won
/// and half lost, each of 1, 2, 5 or 10 games. With both piles that near
/// the top every game is lost (the one move leaves a small pile), so a
/// random draw there makes no won row; with the smaller pile lower, one
/// does, and the rows are drawn from a fixed seed until each has the
/// verdict wanted.
fn euclid_top(problem: &Problem) -> Vec<(String, Vec<Case>)> {
    use crate::games::every_euclid::first_player_wins;
    let limits = problem.limits;
    let top = limits.value.max;
    if top < 1 << 21 {
        return Vec::new();
    }
    let large = top - (1 << 20)..=top;
    let mut rng = crate::rng::SplitMix64::new(0x3595);
    let mut cases = Vec::new();
    for (i, count) in [1u64, 1, 2, 2, 5, 5, 10, 10, 10, 10]
        .into_iter()
        .enumerate()
    {
        if !limits.heaps.contains(count) {
            continue;
        }
        let won = i % 2 == 0;
        for _ in 0..10_000 {
            let mut row = Vec::new();
            for _ in 0..count {
                let x = rng.within(&large);
                let y = rng.within(&(x / 2 + 1..=x));
                row.extend([x, y]);
            }
            if first_player_wins(&row) == won {
                cases.push(Case::Row {
                    parameter: None,
                    numbers: row,
                });
                break;
            }
        }
    }
    cases.truncate(limits.cases.max as usize);
    match cases.is_empty() {
        true => Vec::new(),
        false => vec![("near-int-max".to_string(), cases)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fibonacci_top_holds_the_wrapped_table_and_the_largest_fibonacci_numbers() {
        let fibonacci = Problem::find("fibonacci").unwrap();
        let traps = traps(fibonacci);
        let numbers: Vec<u64> = traps[0]
            .1
            .iter()
            .map(|case| match case {
                Case::Number(n) => *n,
                other => panic!("{other:?}"),
            })
            .collect();
        for n in [512_559_680, 1_836_311_903, 1_836_311_904, 1_134_903_170] {
            assert!(numbers.contains(&n), "{n} missing from {numbers:?}");
        }
        assert!(numbers.iter().all(|&n| fibonacci.limits.value.contains(n)));
    }

    #[test]
    fn misere_ones_has_odd_and_even_counts_of_ones_beside_a_larger_heap() {
        let misere = Problem::find("misere").unwrap();
        let made = traps(misere);
        let with_one_larger = |ones: usize| {
            made[0].1.iter().any(|case| match case {
                Case::Heaps(h) => {
                    h.iter().filter(|&&x| x == 1).count() == ones && h.len() == ones + 1
                }
                _ => false,
            })
        };
        assert!(with_one_larger(3) && with_one_larger(4), "{made:?}");
        assert!(traps(Problem::find("nim").unwrap()).is_empty());
    }

    #[test]
    fn s_nim_sets_repeat_removals_within_the_limits() {
        let snim = Problem::find("hdu1536").unwrap();
        let made = traps(snim);
        let [(name, cases)] = made.as_slice() else {
            panic!("{made:?}");
        };
        assert_eq!(name, "repeated-removals");
        assert!(cases.len() >= 4, "{cases:?}");
        let limits = snim.limits;
        for case in cases {
            let Case::Sets { set, positions } = case else {
                panic!("{case:?}");
            };
            let mut distinct = set.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert!(distinct.len() < set.len(), "{set:?} repeats nothing");
            assert!(set.iter().all(|s| limits.second.contains(*s)), "{set:?}");
            assert!(limits.set_size.contains(set.len() as u64));
            assert!(limits.positions.contains(positions.len() as u64));
            let heaps = positions.iter().flatten();
            assert!(heaps.clone().all(|h| limits.value.contains(*h)));
        }
    }

    #[test]
    fn hdu3595_gets_won_and_lost_rows_near_the_top_where_twice_y_wraps() {
        use crate::games::every_euclid::first_player_wins;
        let hdu3595 = Problem::find("hdu3595").unwrap();
        let made = traps(hdu3595);
        let [(name, cases)] = made.as_slice() else {
            panic!("{made:?}");
        };
        assert_eq!(name, "near-int-max");
        let mut verdicts = Vec::new();
        let mut wraps = false;
        for case in cases {
            let Case::Row { numbers, .. } = case else {
                panic!("{case:?}");
            };
            assert!(numbers.iter().all(|x| hdu3595.limits.value.contains(*x)));
            for pair in numbers.chunks(2) {
                let small = pair[0].min(pair[1]);
                wraps |= (small as i32).wrapping_mul(2) < 0;
            }
            verdicts.push(first_player_wins(numbers));
        }
        assert!(wraps, "no smaller pile above 2^30");
        assert_eq!(
            verdicts.iter().filter(|&&won| won).count(),
            5,
            "{verdicts:?}"
        );
        assert_eq!(verdicts.len(), 10);
    }
}
