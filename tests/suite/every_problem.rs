//! Every problem of the catalogue, end to end: nimstream's own answers,
//! judged by nimstream, are accepted (a checker that refuses the answers
//! `solve` writes is a jury error on every right program), and `gen
//! --cases 0` writes an empty test or refuses with the problem's least.

use std::path::Path;
use std::process::Output;

use nimstream::problem::CATALOGUE;

use crate::common::{nimstream, stderr, stdout};

const NIMSTREAM: &str = env!("CARGO_BIN_EXE_nimstream");

/// Options `solve`, `gen` and `judge` need for `problem`, or that keep its
/// runs short in a debug build: K for bounded; hdu1848's values decided
/// no further than its heaps (≤ 1000) need, not to 2^20; the k-multiple
/// games' drawn n small, so that their tables are. The first are for
/// every command, the second for `judge --stress` only (`gen` could not
/// make a winning case of every draw from so small a range).
fn options(problem: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match problem {
        "bounded" => (&["--max-take", "3"], &[]),
        "hdu1848" => (&["--upto", "1024"], &[]),
        "kmultiple" | "poj3922" => (&[], &["--max", "1000"]),
        _ => (&[], &[]),
    }
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `judge PROBLEM ARGS -- nimstream solve PROBLEM -`.
fn judge_own_answers(problem: &str, args: &[&str]) -> Output {
    let (every, _) = options(problem);
    let mut words = vec!["judge", problem];
    words.extend_from_slice(every);
    words.extend_from_slice(args);
    words.extend_from_slice(&["--", NIMSTREAM, "solve", problem]);
    words.extend_from_slice(every);
    words.push("-");
    nimstream(&words, b"")
}

#[test]
fn stress_finds_nimstream_right_on_every_problem() {
    for problem in CATALOGUE.iter().map(|p| p.name) {
        let dir = tempfile::tempdir().unwrap();
        let (_, sized) = options(problem);
        let mut args = vec!["--stress", "--cases", "10", "--out-dir", p(dir.path())];
        args.extend_from_slice(sized);
        let run = judge_own_answers(problem, &args);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{problem}: {}{}",
            stdout(&run),
            stderr(&run)
        );
    }
}

#[test]
fn nimstream_answers_pass_judge_on_every_problem() {
    for problem in CATALOGUE.iter().map(|p| p.name) {
        let dir = tempfile::tempdir().unwrap();
        let (every, _) = options(problem);
        for (name, seed) in [("1.in", "1"), ("2.in", "2")] {
            let file = dir.path().join(name);
            let mut args = vec!["gen", problem, "--cases", "3", "--seed", seed];
            args.extend_from_slice(every);
            args.extend_from_slice(&["-o", p(&file)]);
            let made = nimstream(&args, b"");
            assert_eq!(made.status.code(), Some(0), "{args:?}: {}", stderr(&made));
        }
        let run = judge_own_answers(problem, &[p(dir.path())]);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{problem}: {}{}",
            stdout(&run),
            stderr(&run)
        );
    }
}

#[test]
fn no_cases_is_an_empty_valid_test_or_a_usage_error_naming_the_least() {
    for problem in CATALOGUE.iter() {
        let name = problem.name;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("empty.in");
        let (every, _) = options(name);
        let mut args = vec!["gen", name, "--cases", "0", "-o", p(&file)];
        args.extend_from_slice(every);
        let made = nimstream(&args, b"");
        let least = problem.limits.cases.min;
        if least > 0 {
            assert_eq!(made.status.code(), Some(2), "{name}: {}", stderr(&made));
            let said = stderr(&made);
            assert!(said.contains(&format!("≥ {least})")), "{name}: {said}");
            assert!(!file.exists(), "{name}");
            continue;
        }
        assert_eq!(made.status.code(), Some(0), "{name}: {}", stderr(&made));
        let mut args = vec!["validate", name, p(&file)];
        args.extend_from_slice(every);
        let valid = nimstream(&args, b"");
        assert_eq!(valid.status.code(), Some(0), "{name}: {}", stderr(&valid));
        let answers = nimstream(&["solve", name, p(&file)], b"");
        assert_eq!(
            answers.status.code(),
            Some(0),
            "{name}: {}",
            stderr(&answers)
        );
        assert!(answers.stdout.is_empty(), "{name}: {}", stdout(&answers));
    }
}
