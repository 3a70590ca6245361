//! The shrinker on generated files, with predicates that play wrong
//! programs: each compares a typical bug's answers with the crate's games
//! and, as the judge does, counts only a candidate `validate` accepts.

use super::*;
use crate::games::bash::BashGame;
use crate::games::misere::MisereNim;
use crate::games::wythoff::WythoffGame;
use crate::games::{CaseSummary, GameParams, HeapFold, PositionGame};
use crate::gen::{generate, GenOptions};
use crate::problem::{Layout, Problem, CATALOGUE};
use crate::validate::{validate, Detail};

/// More calls than any shrink below needs: each asserts its own count.
const BUDGET: usize = 2000;

fn params() -> GameParams {
    GameParams {
        max_take: Some(3),
        upto: Some(1 << 12),
        ..GameParams::default()
    }
}

fn problem(name: &str) -> &'static Problem {
    Problem::find(name).unwrap()
}

/// `gen`'s file of `cases` cases of `heaps` heaps (where the layout has a
/// count; HDU 1848's are three), drawn from the problem's limits.
fn generated(problem: &Problem, cases: u64, heaps: u64, seed: u64) -> TestFile {
    let mut options = GenOptions::within_limits(problem);
    options.cases = cases;
    options.heaps = match problem.layout {
        Layout::HeapTriplesToZero => 3,
        _ => heaps,
    };
    options.seed = seed;
    let mut game = problem.build_game(&params()).unwrap();
    let mut bytes = Vec::new();
    generate(problem, &mut game, &options, &mut bytes, 1, &mut |_| {}).unwrap();
    TestFile::read(problem, &bytes)
        .unwrap_or_else(|e| panic!("{}: {e}\n{}", problem.name, String::from_utf8_lossy(&bytes)))
}

/// Whether `validate` accepts `test` within `problem`'s own limits.
fn valid(problem: &Problem, test: &TestFile) -> bool {
    let mut game = problem.build_game(&params()).unwrap();
    let bytes = test.to_bytes(problem);
    validate(
        problem,
        &mut game,
        &bytes,
        &problem.limits,
        "t",
        Detail::Check,
    )
    .is_ok()
}

/// Shrinks `test`, which must fail and be valid, checking that the result
/// still fails, in at most `most_runs` calls.
fn shrunk_failing(
    problem: &Problem,
    test: TestFile,
    wrong: &dyn Fn(&Case) -> bool,
    most_runs: usize,
) -> TestFile {
    let mut fails = |t: &TestFile| valid(problem, t) && t.cases.iter().any(wrong);
    assert!(
        fails(&test),
        "{}: the test to shrink must fail",
        problem.name
    );
    let result = shrink(problem, test, &mut fails, BUDGET);
    assert!(
        fails(&result.test),
        "{}: the shrunk test passes",
        problem.name
    );
    assert!(
        result.runs <= most_runs,
        "{}: {} runs, more than {most_runs}",
        problem.name,
        result.runs
    );
    result.test
}

fn heaps(case: &Case) -> &[u64] {
    match case {
        Case::Heaps(heaps) => heaps,
        _ => &[],
    }
}

#[test]
fn misere_nim_without_the_all_ones_case_shrinks_to_one_heap_of_one() {
    let misere = problem("misere");
    let right = |heaps: &[u64]| {
        let mut summary = CaseSummary::default();
        heaps.iter().for_each(|&h| MisereNim.fold(&mut summary, h));
        MisereNim.first_player_wins(&summary)
    };
    // The bug: normal play's rule, the xor, everywhere.
    let wrong = |case: &Case| {
        let heaps = heaps(case);
        right(heaps) != (heaps.iter().fold(0, |x, h| x ^ h) != 0)
    };
    let mut test = generated(misere, 10, 10, 7);
    assert!(
        !test.cases.iter().any(wrong),
        "no heaps of one drawn by chance"
    );
    test.cases[6] = Case::Heaps(vec![1; 10]);
    let shrunk = shrunk_failing(misere, test, &wrong, 40);
    assert_eq!(shrunk.cases, [Case::Heaps(vec![1])]);
}

#[test]
fn a_heap_past_a_threshold_shrinks_to_one_heap_just_past_it() {
    let nim = problem("nim");
    let wrong = |case: &Case| heaps(case).iter().any(|&h| h > 1000);
    let shrunk = shrunk_failing(nim, generated(nim, 10, 10, 3), &wrong, 60);
    assert_eq!(shrunk.cases, [Case::Heaps(vec![1001])]);
    // Halving takes a large file apart in few more runs.
    let shrunk = shrunk_failing(nim, generated(nim, 10, 10_000, 3), &wrong, 100);
    assert_eq!(shrunk.cases, [Case::Heaps(vec![1001])]);
}

#[test]
fn too_many_heaps_keep_one_more_than_the_bug_allows_each_of_the_smallest_value() {
    for (name, smallest) in [("nim", 0), ("lasker", 1)] {
        let problem = problem(name);
        let wrong = |case: &Case| heaps(case).len() > 5;
        let shrunk = shrunk_failing(problem, generated(problem, 10, 10, 5), &wrong, 80);
        assert_eq!(shrunk.cases, [Case::Heaps(vec![smallest; 6])], "{name}");
    }
}

#[test]
fn pairs_shrink_their_numbers() {
    let wythoff = problem("poj1067");
    let wrong = |case: &Case| matches!(case, Case::Pair(a, b) if a + b > 100);
    let shrunk = shrunk_failing(wythoff, generated(wythoff, 10, 0, 2), &wrong, 80);
    assert_eq!(shrunk.cases, [Case::Pair(0, 101)]);

    // Bash's game with the period m instead of m + 1.
    let bash = problem("bash");
    let wrong = |case: &Case| match *case {
        Case::Pair(n, m) => BashGame.first_player_wins(n, m) != (n % m != 0),
        _ => false,
    };
    let shrunk = shrunk_failing(bash, generated(bash, 10, 0, 4), &wrong, 80);
    assert_eq!(shrunk.cases, [Case::Pair(1, 1)]);
}

/// A Wythoff solution on single-precision floats fails on large losing
/// positions only, which no smaller number leads to: one case is left,
/// each of its numbers as small as one less lets pass.
#[test]
fn wythoff_on_floats_shrinks_to_one_pair() {
    let wythoff = problem("wythoff");
    let float_loses = |a: u64, b: u64| {
        let (a, b) = (a.min(b), a.max(b));
        let golden = (1.0 + 5f32.sqrt()) / 2.0;
        a == ((b - a) as f32 * golden).floor() as u64
    };
    let wrong = |case: &Case| match *case {
        Case::Pair(a, b) => WythoffGame.first_player_wins(a, b) == float_loses(a, b),
        _ => false,
    };
    let shrunk = shrunk_failing(wythoff, generated(wythoff, 10, 0, 1), &wrong, 80);
    let [Case::Pair(a, b)] = shrunk.cases[..] else {
        panic!("{:?}", shrunk.cases)
    };
    let passes = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (Some(a), Some(b)) => !wrong(&Case::Pair(a, b)),
        _ => true,
    };
    assert!(passes(a.checked_sub(1), Some(b)) && passes(Some(a), b.checked_sub(1)));
}

#[test]
fn sets_rows_and_graphs_shrink_their_lists_and_numbers() {
    let sets = problem("hdu1536");
    let wrong = |case: &Case| match case {
        Case::Sets { positions, .. } => positions.iter().flatten().any(|&h| h > 50),
        _ => false,
    };
    let shrunk_sets = shrunk_failing(sets, generated(sets, 5, 5, 1), &wrong, 100);
    let expected = Case::Sets {
        set: vec![1],
        positions: vec![vec![51]],
    };
    assert_eq!(shrunk_sets.cases, [expected]);

    let strip = problem("poj1704");
    let wrong =
        |case: &Case| matches!(case, Case::Row { numbers, .. } if numbers.iter().any(|&p| p > 100));
    let shrunk_row = shrunk_failing(strip, generated(strip, 10, 10, 1), &wrong, 80);
    let expected = Case::Row {
        parameter: None,
        numbers: vec![101],
    };
    assert_eq!(shrunk_row.cases, [expected]);

    let graphs = problem("hdu1524");
    let wrong = |case: &Case| match case {
        Case::Graph { queries, .. } => queries.iter().flatten().any(|&p| p >= 5),
        _ => false,
    };
    let shrunk_graph = shrunk_failing(graphs, generated(graphs, 3, 3, 1), &wrong, 100);
    let expected = Case::Graph {
        moves: vec![vec![]; 6],
        queries: vec![vec![5]],
    };
    assert_eq!(shrunk_graph.cases, [expected]);
}

/// A predicate that is always true leaves no case: the smallest file the
/// layout can write, its end marker alone.
#[test]
fn always_failing_shrinks_to_the_layouts_smallest_file() {
    for problem in &CATALOGUE {
        let test = generated(problem, problem.limits.cases.max.min(10), 4, 1);
        let result = shrink(problem, test, &mut |_| true, BUDGET);
        let smallest: &[u8] = match problem.layout {
            Layout::PairsToZero { .. } => b"0 0\n",
            Layout::HeapTriplesToZero => b"0 0 0\n",
            Layout::ZeroTerminated
            | Layout::HeapCasesToZero { .. }
            | Layout::SubtractionSetCases => b"0\n",
            layout if layout.has_case_count() => b"0\n",
            _ => b"",
        };
        assert!(result.test.cases.is_empty(), "{}", problem.name);
        assert_eq!(result.test.to_bytes(problem), smallest, "{}", problem.name);
        assert!(result.runs <= 2, "{}: {} runs", problem.name, result.runs);
    }
}

/// A predicate that only validates keeps the smallest valid file: the
/// fewest cases the limits allow (none, for most files with an end
/// marker), of the fewest and smallest numbers.
#[test]
fn failing_whenever_valid_shrinks_to_the_smallest_valid_file() {
    let smallest: &[(&str, &[u8])] = &[
        ("nim", b"1\n1\n0\n"),
        ("misere", b"1\n1\n1\n"),
        ("hdu1850", b"0\n"),
        ("hdu1848", b"0 0 0\n"),
        ("fibonacci", b"0\n"),
        ("bash", b"1\n1 1\n"),
        ("wythoff", b"0 0\n"),
        ("hdu2509", b"1\n1\n"),
        ("poj1704", b"1\n1\n1\n"),
        ("hdu1524", b"1\n0\n0\n"),
    ];
    for problem in &CATALOGUE {
        let test = generated(problem, problem.limits.cases.max.min(10), 4, 2);
        let mut fails = |t: &TestFile| valid(problem, t);
        let result = shrink(problem, test, &mut fails, BUDGET);
        assert!(fails(&result.test), "{}", problem.name);
        let cases = result.test.cases.len() as u64;
        assert_eq!(cases, problem.limits.cases.min, "{}", problem.name);
        assert!(result.runs <= 100, "{}: {} runs", problem.name, result.runs);
        if let Some((_, bytes)) = smallest.iter().find(|(name, _)| *name == problem.name) {
            let written = result.test.to_bytes(problem);
            assert_eq!(
                String::from_utf8_lossy(&written),
                String::from_utf8_lossy(bytes),
                "{}",
                problem.name
            );
        }
    }
}

/// The budget is a hard bound on the calls, and what it leaves is the
/// smallest failing test found so far.
#[test]
fn the_budget_bounds_the_calls() {
    let nim = problem("nim");
    let test = generated(nim, 10, 10, 3);
    for budget in [0, 1, 5, 40] {
        let mut calls = 0;
        let mut fails = |t: &TestFile| {
            calls += 1;
            t.cases.iter().any(|c| heaps(c).iter().any(|&h| h > 1000))
        };
        let result = shrink(nim, test.clone(), &mut fails, budget);
        assert_eq!(calls, result.runs);
        assert!(result.runs <= budget);
        assert!(result.runs == budget || budget == 40);
        assert!(result.test.cases.len() <= test.cases.len());
        assert!(result
            .test
            .cases
            .iter()
            .any(|c| heaps(c).iter().any(|&h| h > 1000)));
    }
}

#[test]
fn a_failure_that_hangs_on_the_xor_of_several_heaps_comes_down_to_one() {
    // nim_int_overflow's bug: heaps kept in 8 bits, so a non-zero xor that
    // is a multiple of 256 reads as zero. No heap can be dropped or lowered
    // alone; masking and merging by xor bring it down.
    let nim = problem("nim");
    let wrong = |case: &Case| {
        let xor = heaps(case).iter().fold(0, |x, h| x ^ h);
        xor != 0 && xor % 256 == 0
    };
    let heaps = vec![495, 1604, 1729, 1951, 1905, 1328, 316, 1028, 1420];
    assert!(wrong(&Case::Heaps(heaps.clone())));
    let test = TestFile {
        cases: vec![Case::Heaps(heaps)],
    };
    let shrunk = shrunk_failing(nim, test, &wrong, 200);
    // One heap, some multiple of 256: lowering it by one no longer fails,
    // so which multiple depends on the order of the tries.
    assert!(
        matches!(shrunk.cases.as_slice(), [Case::Heaps(h)] if h.len() == 1),
        "{:?}",
        shrunk.cases
    );
}

/// A program that answers from the first 1000 heaps of a case only, on a
/// losing case of 8057 heaps whose first 1000 do not xor to 0: any chunk
/// removed makes the case a win, which the program then gets right, so
/// only chunks replaced by their xor bring it down, by halves, to about
/// 1001 heaps within the 400 runs `judge --stress` allows.
#[test]
fn a_losing_case_wrong_past_1000_heaps_halves_to_about_1001_heaps() {
    let nim = problem("nim");
    let xor = |heaps: &[u64]| heaps.iter().fold(0, |x, h| x ^ h);
    let wrong = |case: &Case| {
        let heaps = heaps(case);
        (xor(&heaps[..heaps.len().min(1000)]) != 0) != (xor(heaps) != 0)
    };
    let test = (1..)
        .find_map(|seed| {
            let mut test = generated(nim, 1, 8057, seed);
            let Case::Heaps(heaps) = &mut test.cases[0] else {
                unreachable!()
            };
            let last = heaps.len() - 1;
            heaps[last] = xor(&heaps[..last]);
            (heaps[last] <= nim.limits.value.max && wrong(&test.cases[0])).then_some(test)
        })
        .unwrap();
    let mut fails = |t: &TestFile| valid(nim, t) && t.cases.iter().any(wrong);
    let result = shrink(nim, test, &mut fails, 400);
    assert!(fails(&result.test));
    let [Case::Heaps(heaps)] = &result.test.cases[..] else {
        panic!("{} cases", result.test.cases.len())
    };
    assert!(
        (1001..=1010).contains(&heaps.len()),
        "{} heaps",
        heaps.len()
    );
}
