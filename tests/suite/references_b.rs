//! The C++ solutions of the problem package (`src/package/solutions/`) for
//! hdu1847, hdu1517, poj2311, hdu2509, poj1704, hdu1730, hdu4315, hdu3389,
//! p2148, p1247, hdu2147, hdu1524, hdu2177 and hdu3595, built with
//! `g++ -O2 -std=c++17` once per test process by [`cpp_program`].
//!
//! Each accepted solution prints exactly what `nimstream solve` prints on
//! the problem's samples, on generated files (several seeds, each verdict
//! alone and mixed, the limits' extremes and largest counts) and on a few
//! hand-written edge cases, which `validate` accepts. Each wrong_answer
//! solution differs from `solve` on a file named here and agrees on one
//! that avoids its bug; the time_limit_exceeded one answers right on small
//! graphs (its slowness is measured by hand, not here: it would not end).

use std::path::{Path, PathBuf};

use crate::common::{nimstream, stderr};
use crate::programs::{cpp_program, generate, run, solve};

/// What the solution `name` prints on `input`, asserting that it exits
/// with status 0.
fn answers(name: &str, input: &Path) -> String {
    let output = run(&cpp_program(name, &[]), input);
    assert!(
        output.status.success(),
        "{name} on {}: {}: {}",
        input.display(),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Writes `text` as the hand-written test `folder/LABEL.in` of `problem`,
/// asserting that `validate` accepts it (a solution owes right answers on
/// valid input only).
fn valid_file(folder: &Path, problem: &str, label: &str, text: &str) -> PathBuf {
    let file = folder.join(format!("{label}.in"));
    std::fs::write(&file, text).unwrap();
    let output = nimstream(&["validate", problem, file.to_str().unwrap()], b"");
    assert!(output.status.success(), "{text:?}: {}", stderr(&output));
    file
}

/// The problem's samples in testdata/: `PROBLEM.in` and `PROBLEM-*.in`.
fn samples(problem: &str) -> Vec<PathBuf> {
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&testdata)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_str().unwrap();
            let stem = name.strip_suffix(".in").unwrap_or("");
            stem == problem || stem.starts_with(&format!("{problem}-"))
        })
        .collect();
    found.sort();
    assert!(!found.is_empty(), "no sample of {problem} in testdata/");
    found
}

/// The seeds of the gen files every problem's accepted solution is tried on,
/// each with `--losing` 0, 1 and 0.5.
const SEEDS: &[&str] = &["1", "2", "3"];

/// Asserts that `accepted/PROBLEM` prints exactly `solve`'s answers on the
/// samples, on gen files of each of `seeds` with `--losing` 0, 1 and 0.5,
/// on the file of each gen call of `extremes` (its arguments in one
/// string), and on each hand-written text of `edges`.
fn accepted_matches_solve(problem: &str, seeds: &[&str], extremes: &[&str], edges: &[&str]) {
    let name = format!("accepted/{problem}");
    let folder = tempfile::tempdir().unwrap();
    let mut inputs = samples(problem);
    for &seed in seeds {
        for losing in ["0", "1", "0.5"] {
            let args = ["--seed", seed, "--losing", losing];
            inputs.push(generate(folder.path(), problem, &args));
        }
    }
    for args in extremes {
        let args: Vec<&str> = args.split_whitespace().collect();
        inputs.push(generate(folder.path(), problem, &args));
    }
    for (i, text) in edges.iter().enumerate() {
        let label = format!("{problem}-edges-{}", i + 1);
        inputs.push(valid_file(folder.path(), problem, &label, text));
    }
    for input in &inputs {
        assert_eq!(
            answers(&name, input),
            solve(problem, input),
            "{name} on {}",
            input.display()
        );
    }
}

#[test]
fn hdu1847_matches_solve() {
    accepted_matches_solve(
        "hdu1847",
        SEEDS,
        &[
            "--cases 200000 --seed 4",
            "--cases 50 --min 1000 --losing 0",
            "--cases 50 --max 3",
        ],
        &["1\n2\n3\n999\n1000\n"],
    );
}

#[test]
fn hdu1517_matches_solve() {
    accepted_matches_solve(
        "hdu1517",
        SEEDS,
        &[
            "--cases 2000 --max 4294967294",
            "--cases 500 --min 4294967000 --losing 0",
            "--cases 2000 --max 400",
        ],
        &["2\n9\n10\n18\n19\n162\n163\n2916\n2917\n4294967294\n"],
    );
}

/// Every sheet from 2 x 2 to 200 x 200 in one file: the whole input space,
/// so one random file is enough besides (each run of gen and solve builds
/// the table, half a second in a debug build).
#[test]
fn poj2311_matches_solve_on_every_sheet() {
    let every_sheet: String = (2..=200)
        .flat_map(|w| (2..=200).map(move |h| format!("{w} {h}\n")))
        .collect();
    accepted_matches_solve(
        "poj2311",
        &[],
        &[
            "--cases 500 --seed 2",
            "--cases 20 --min 200 --second-min 200 --losing 0",
            "--cases 20 --max 3 --second-max 3 --losing 1",
        ],
        &[&every_sheet],
    );
}

#[test]
fn hdu2509_matches_solve() {
    accepted_matches_solve(
        "hdu2509",
        SEEDS,
        &[
            "--cases 2000 --heaps 100",
            "--cases 200 --heaps 100 --max 1 --losing 0",
            "--cases 200 --heaps 99 --max 1 --losing 1",
            "--cases 200 --heaps 3 --min 100 --losing 0",
            "--cases 500 --heaps 4 --max 3",
        ],
        &["1\n1\n2\n1 1\n1\n100\n3\n1 1 1\n"],
    );
}

#[test]
fn poj1704_matches_solve() {
    accepted_matches_solve(
        "poj1704",
        SEEDS,
        &[
            "--cases 20 --heaps 1000 --max 10000",
            "--cases 20 --heaps 1000 --max 1000 --losing 1",
            "--cases 20 --heaps 999 --max 1000",
            "--cases 20 --heaps 1 --min 10000 --losing 0",
            "--cases 20 --heaps 5 --max 12",
        ],
        &["3\n1\n1\n2\n10000 1\n3\n9998 10000 9999\n"],
    );
}

#[test]
fn hdu1730_matches_solve() {
    accepted_matches_solve(
        "hdu1730",
        SEEDS,
        &[
            "--cases 200 --heaps 1000 --max 100",
            "--cases 100 --heaps 1000 --second-max 2 --losing 1",
            "--cases 200 --heaps 1 --second-min 100",
            "--cases 200 --heaps 3 --max 6 --second-max 6",
        ],
        &["1 2\n1 2\n1 100\n100 1\n2 100\n1 100\n100 1\n"],
    );
}

#[test]
fn hdu4315_matches_solve() {
    accepted_matches_solve(
        "hdu4315",
        SEEDS,
        &[
            "--cases 100 --heaps 1000 --max 99999",
            "--cases 50 --heaps 1000 --min 98000 --second-min 2 --second-max 2",
            "--cases 50 --heaps 999 --second-min 2 --second-max 2",
            "--cases 200 --heaps 1 --max 5 --losing 0",
            "--cases 200 --heaps 3 --max 5 --second-max 3",
        ],
        &["1 1\n5\n3 2\n1 2 3\n3 2\n2 3 99999\n2 2\n1 99999\n"],
    );
}

#[test]
fn hdu3389_matches_solve() {
    accepted_matches_solve(
        "hdu3389",
        SEEDS,
        &[
            "--cases 100 --heaps 10000 --max 100",
            "--cases 10 --heaps 10000 --max 0 --losing 1",
            "--cases 100 --heaps 1 --losing 1",
            "--cases 100 --heaps 13 --max 3",
        ],
        &["2\n1\n100\n6\n0 100 0 0 100 0\n"],
    );
}

#[test]
fn p2148_matches_solve() {
    accepted_matches_solve(
        "p2148",
        SEEDS,
        &[
            "--cases 20 --heaps 20000 --max 2000000000",
            "--cases 20 --heaps 20000 --min 2000000000 --losing 1",
            "--cases 20 --heaps 2 --max 1 --losing 1",
            "--cases 20 --heaps 4 --max 16",
        ],
        &["2\n2\n1 1\n2\n2000000000 2000000000\n"],
    );
}

#[test]
fn p1247_matches_solve() {
    accepted_matches_solve(
        "p1247",
        SEEDS,
        &[
            "--cases 1 --heaps 500000",
            "--cases 1 --heaps 500000 --min 1000000000 --losing 1",
            "--cases 1 --heaps 1 --min 1000000000 --losing 0",
            "--cases 1 --heaps 1 --max 0",
            "--cases 1 --heaps 5 --max 20 --losing 0",
        ],
        &["3\n0 1000000000 0\n", "2\n1000000000 1000000000\n"],
    );
}

#[test]
fn hdu2147_matches_solve() {
    accepted_matches_solve(
        "hdu2147",
        SEEDS,
        &[
            "--cases 200000 --seed 4",
            "--cases 20 --min 2000 --second-min 2000 --losing 0",
            "--cases 20 --max 1 --second-max 1 --losing 1",
        ],
        &["1 1\n2000 2000\n1999 1999\n1 2000\n0 0\n"],
    );
}

#[test]
fn hdu1524_matches_solve() {
    accepted_matches_solve(
        "hdu1524",
        SEEDS,
        &[
            "--cases 5 --second-min 1000 --second-max 1000 --set-size 999 --heaps 10 --positions 100",
            "--cases 50 --second-min 1000 --second-max 1000 --min 999 --losing 1",
            "--cases 50 --second-max 1 --heaps 1 --losing 1",
            "--cases 20 --second-min 6 --second-max 12 --set-size 4 --heaps 3",
        ],
        &["1\n0\n1 0\n0\n"],
    );
}

#[test]
fn hdu2177_matches_solve() {
    accepted_matches_solve(
        "hdu2177",
        SEEDS,
        &[
            "--cases 20000 --seed 5",
            "--cases 200 --min 1000000 --losing 0",
            "--cases 200 --min 999000 --losing 0",
            "--cases 200 --max 0 --second-max 1000000 --losing 0",
            "--cases 500 --max 30",
        ],
        &["0 1\n1 1\n0 1000000\n1000000 1000000\n999999 1000000\n618033 1000000\n0 0\n"],
    );
}

#[test]
fn hdu3595_matches_solve() {
    accepted_matches_solve(
        "hdu3595",
        SEEDS,
        &[
            "--cases 50 --heaps 1000 --max 2147483647",
            "--cases 50 --heaps 1000 --min 2147483647 --losing 0",
            "--cases 200 --heaps 3 --max 12",
        ],
        &["1\n0 0\n2\n0 5\n2147483647 1\n1\n2147483647 2147483646\n"],
    );
}

/// One graph (0 moves to 1) and the query of two pieces on 0: each of
/// value 1, a lost sum that `|` calls won.
const TWO_EQUAL_PIECES: &str = "2\n1 1\n0\n2 0 0\n0\n";

/// Two graphs: in the first, position 0 moves to 1 (value 1); in the
/// second, it has no move (value 0). A memo kept from the first graph
/// answers the second graph's query with the first's value.
const TWO_GRAPHS: &str = "2\n1 1\n0\n1 0\n0\n2\n0\n0\n1 0\n0\n";

#[test]
fn or_not_xor_is_wrong_on_two_pieces_of_one_value_only() {
    let name = "wrong_answer/hdu1524-or-not-xor";
    let folder = tempfile::tempdir().unwrap();
    let hand = valid_file(
        folder.path(),
        "hdu1524",
        "two-equal-pieces",
        TWO_EQUAL_PIECES,
    );
    assert_eq!(solve("hdu1524", &hand), "LOSE\n");
    assert_eq!(answers(name, &hand), "WIN\n");
    let generated = generate(folder.path(), "hdu1524", &["--seed", "1"]);
    assert_ne!(answers(name, &generated), solve("hdu1524", &generated));
    // One piece a query: nothing to combine.
    let one_piece = generate(folder.path(), "hdu1524", &["--heaps", "1"]);
    assert_eq!(answers(name, &one_piece), solve("hdu1524", &one_piece));
}

#[test]
fn stale_memo_is_wrong_from_the_second_graph_on_only() {
    let name = "wrong_answer/hdu1524-stale-memo";
    let folder = tempfile::tempdir().unwrap();
    let hand = valid_file(folder.path(), "hdu1524", "two-graphs", TWO_GRAPHS);
    assert_eq!(solve("hdu1524", &hand), "WIN\nLOSE\n");
    assert_eq!(answers(name, &hand), "WIN\nWIN\n");
    let generated = generate(folder.path(), "hdu1524", &["--seed", "1"]);
    assert_ne!(answers(name, &generated), solve("hdu1524", &generated));
    // One graph: the memo is fresh.
    let one_graph = generate(folder.path(), "hdu1524", &["--cases", "1"]);
    assert_eq!(answers(name, &one_graph), solve("hdu1524", &one_graph));
}

/// The answers are right; only the time is wrong, on deep dense graphs
/// (measured by hand: see the file's comment).
#[test]
fn no_memo_answers_right_on_small_graphs() {
    let name = "time_limit_exceeded/hdu1524-no-memo";
    let folder = tempfile::tempdir().unwrap();
    let mut inputs = samples("hdu1524");
    inputs.push(valid_file(
        folder.path(),
        "hdu1524",
        "two-graphs",
        TWO_GRAPHS,
    ));
    for seed in ["1", "2"] {
        let args = [
            "--seed",
            seed,
            "--second-min",
            "10",
            "--second-max",
            "25",
            "--set-size",
            "3",
        ];
        inputs.push(generate(folder.path(), "hdu1524", &args));
    }
    for input in &inputs {
        assert_eq!(answers(name, input), solve("hdu1524", input));
    }
}
