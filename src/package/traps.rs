//! Tests written case by case for the wrong programs a random draw almost
//! never catches: misère Nim's cases of one heap above 1 among heaps of 1
//! (an odd and an even count of them), and Fibonacci Nim's largest
//! Fibonacci numbers with the values a table of `int` reaches once it
//! wraps past 2^31 (512559680 first).

use crate::problem::{Layout, Problem};
use crate::stress::Case;

/// The trap tests of `problem`: names and cases, within its limits.
pub fn traps(problem: &Problem) -> Vec<(String, Vec<Case>)> {
    match (problem.game.name, problem.layout) {
        ("misere", Layout::HeapCases) => misere_ones(problem),
        ("fibonacci", Layout::ZeroTerminated) => fibonacci_top(problem),
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
}
