//! `nimstream judge --stress` on the contestant programs: each wrong one
//! found and its failing test shrunk to a few cases and heaps where its bug
//! allows, written with its answers; right ones pass every drawn test.

use std::path::Path;
use std::process::Output;

use nimstream::problem::Problem;
use nimstream::stress::{Case, TestFile};

use crate::common::{nimstream, stderr, stdout};
use crate::programs::program;

/// `judge PROBLEM --stress --out-dir DIR OPTIONS -- PROGRAM`.
fn stress(problem: &str, dir: &Path, options: &[&str], name: &str) -> Output {
    let program = program(name);
    let mut args = vec![
        "judge",
        problem,
        "--stress",
        "--out-dir",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(options);
    args.push("--");
    args.push(program.to_str().unwrap());
    nimstream(&args, b"")
}

/// The numbers a case holds: heaps, or a pair.
fn size(case: &Case) -> usize {
    match case {
        Case::Heaps(heaps) => heaps.len(),
        Case::Number(_) => 1,
        Case::Pair(..) => 1,
        other => panic!("no heap case: {other:?}"),
    }
}

#[test]
fn each_wrong_program_is_found_and_shrunk_to_a_small_test() {
    // (problem, program, verdict, most heaps a case keeps: the bug's own
    // need where it has one).
    let cases = [
        ("misere", "misere_no_all_ones", "WA", 3),
        ("lasker", "lasker_swapped", "WA", 3),
        ("bash", "bash_off_by_one", "WA", 1),
        ("wythoff", "wythoff_float", "WA", 1),
        ("nim", "nim_int_overflow", "WA", 3),
        ("nim", "nim_wrong_words", "PE", 3),
        ("nim", "nim_silent", "WA", 3),
        ("nim", "nim_crash", "RE", 4),
    ];
    for (problem, name, verdict, most_heaps) in cases {
        let dir = tempfile::tempdir().unwrap();
        let run = stress(
            problem,
            dir.path(),
            &["--cases", "3000", "--seed", "7"],
            name,
        );
        let out = stdout(&run);
        assert_eq!(run.status.code(), Some(1), "{name}: {out}{}", stderr(&run));
        let shrunk_line = out.lines().find(|l| l.starts_with("shrunk in ")).unwrap();
        assert!(
            shrunk_line.contains(&format!(": {verdict}: ")),
            "{name}: {out}"
        );
        let runs: usize = shrunk_line["shrunk in ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(runs <= 400, "{name}: {runs} runs");
        let failing = std::fs::read(dir.path().join("failing.in")).unwrap();
        let test = TestFile::read(Problem::find(problem).unwrap(), &failing).unwrap();
        assert!(test.cases.len() <= 2, "{name}: {test:?}");
        assert!(
            test.cases.iter().all(|c| size(c) <= most_heaps),
            "{name}: {test:?}"
        );
        for file in ["failing.ans", "failing.got"] {
            assert!(dir.path().join(file).is_file(), "{name}: no {file}");
        }
        // The printed command reproduces the failure on the file written.
        let again = nimstream(
            &[
                "judge",
                problem,
                dir.path().join("failing.in").to_str().unwrap(),
                "--",
                program(name).to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(again.status.code(), Some(1), "{name}");
        assert!(
            stdout(&again).contains(&format!(": {verdict} ")),
            "{name}: {}",
            stdout(&again)
        );
        assert!(out.contains("reproduce: nimstream judge "), "{name}: {out}");
    }
}

#[test]
fn right_programs_pass_every_drawn_test() {
    for (problem, name) in [
        ("nim", "nim_right"),
        ("lasker", "lasker_right"),
        ("wythoff", "wythoff_right"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let run = stress(problem, dir.path(), &["--cases", "400"], name);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{name}: {}{}",
            stdout(&run),
            stderr(&run)
        );
        assert!(
            stdout(&run).contains("tests passed (seed 1, "),
            "{}",
            stdout(&run)
        );
        assert!(!dir.path().join("failing.in").exists());
    }
}

#[test]
fn a_reference_program_gives_the_expected_answers() {
    let dir = tempfile::tempdir().unwrap();
    let reference = program("nim_right");
    let options = [
        "--cases",
        "3000",
        "--reference",
        reference.to_str().unwrap(),
    ];
    let run = stress("nim", dir.path(), &options, "nim_int_overflow");
    assert_eq!(
        run.status.code(),
        Some(1),
        "{}{}",
        stdout(&run),
        stderr(&run)
    );
    assert!(stdout(&run).contains("shrunk in "), "{}", stdout(&run));
    // A reference that fails is the setter's problem, not the program's.
    let crashing = program("nim_crash");
    let options = ["--cases", "3000", "--reference", crashing.to_str().unwrap()];
    let run = stress("nim", dir.path(), &options, "nim_right");
    assert_eq!(run.status.code(), Some(2), "{}", stdout(&run));
    assert!(
        stderr(&run).contains("the reference program failed"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn stress_refuses_tests_of_its_own_and_options_without_it() {
    let run = nimstream(&["judge", "nim", "x.in", "--stress", "--", "true"], b"");
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("--stress draws its own tests"),
        "{}",
        stderr(&run)
    );
    let run = nimstream(&["judge", "nim", "x.in", "--seed", "3", "--", "true"], b"");
    assert_eq!(run.status.code(), Some(2));
    let run = nimstream(
        &["judge", "nim", "--stress", "--for", "1y", "--", "true"],
        b"",
    );
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("is not a duration"),
        "{}",
        stderr(&run)
    );
}
