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
        let runs = shrink_runs(out);
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

/// The figure after "shrunk in " on the shrunk line of a run's output.
fn shrink_runs(out: &str) -> usize {
    let line = out.lines().find(|l| l.starts_with("shrunk in ")).unwrap();
    line["shrunk in ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// Bugs at the games' traps, which a uniform draw finds only thousands of
/// tests in (misère Nim's `big <= 1` at test 1723), are found within the
/// default run of 1000 tests.
#[test]
fn the_traps_of_misere_nim_and_wythoffs_game_are_found_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let run = stress("misere", dir.path(), &[], "misere_big_le_one");
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}{}", stderr(&run));
    let failing = std::fs::read(dir.path().join("failing.in")).unwrap();
    let test = TestFile::read(Problem::find("misere").unwrap(), &failing).unwrap();
    // The bug shows only on one heap above 1 among an odd number of 1s.
    let [Case::Heaps(heaps)] = &test.cases[..] else {
        panic!("{test:?}")
    };
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    assert!(heaps.len() - ones == 1 && ones % 2 == 1, "{heaps:?}");

    let run = stress("wythoff", dir.path(), &[], "wythoff_double");
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}{}", stderr(&run));
    assert!(out.contains(": WA: "), "{out}");
}

/// A program that takes the first case's count of heaps for every case is
/// right on any file whose cases hold one count; the draw varies the count
/// case by case in some tests, so the default run finds it, and shrinking
/// keeps two cases of different counts.
#[test]
fn counts_varied_case_by_case_find_a_program_that_reads_one_count() {
    let dir = tempfile::tempdir().unwrap();
    let run = stress("nim", dir.path(), &[], "nim_first_count");
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}{}", stderr(&run));
    let failing = std::fs::read(dir.path().join("failing.in")).unwrap();
    let test = TestFile::read(Problem::find("nim").unwrap(), &failing).unwrap();
    let counts: Vec<usize> = test.cases.iter().map(size).collect();
    assert!(
        counts.len() == 2 && counts[0] != counts[1] && counts.iter().all(|&n| n <= 3),
        "{counts:?}"
    );
}

/// A program wrong only past 1000 heaps, on a losing case (which losing
/// any chunk of heaps would make a win it gets right), shrinks to about
/// 1001 heaps within the cap of 400 runs.
#[test]
fn a_program_wrong_past_1000_heaps_shrinks_to_about_1001() {
    let dir = tempfile::tempdir().unwrap();
    let run = stress(
        "nim",
        dir.path(),
        &["--heaps", "2000..8000"],
        "nim_first_1000",
    );
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}{}", stderr(&run));
    assert!(shrink_runs(out) <= 400, "{out}");
    let failing = std::fs::read(dir.path().join("failing.in")).unwrap();
    let test = TestFile::read(Problem::find("nim").unwrap(), &failing).unwrap();
    let [Case::Heaps(heaps)] = &test.cases[..] else {
        panic!("{} cases", test.cases.len())
    };
    assert!(
        (1001..=1010).contains(&heaps.len()),
        "{} heaps",
        heaps.len()
    );
}

/// `--cases N` runs N different tests, where the limits allow them; where
/// they do not, the run says so.
#[test]
fn cases_runs_that_many_tests_or_says_why_fewer() {
    let dir = tempfile::tempdir().unwrap();
    let run = stress("nim", dir.path(), &["--cases", "300"], "nim_right");
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(
        stdout(&run).starts_with("300 tests passed (seed 1, "),
        "{}",
        stdout(&run)
    );
    // One heap of 1 in one case is the only test these limits allow.
    let options = [
        "--cases",
        "5",
        "--min",
        "1",
        "--max",
        "1",
        "--heaps",
        "1",
        "--cases-per-test",
        "1",
    ];
    let run = stress("nim", dir.path(), &options, "nim_right");
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(out.starts_with("1 test passed (seed 1, "), "{out}");
    assert!(
        out.contains("5 tests were asked") && out.contains("the limits allow few different tests"),
        "{out}"
    );
    let options = [&options[2..], &["--for", "1h"]].concat();
    let run = stress("nim", dir.path(), &options, "nim_right");
    let out = stdout(&run);
    assert!(out.starts_with("1 test passed (seed 1, "), "{out}");
    assert!(
        out.contains("; more were asked, but the last 1000 draws"),
        "{out}"
    );
}

/// The printed command runs the same tests: run again, it fails at the same
/// test, with every option that aims the draw.
#[test]
fn the_same_run_is_printed_with_every_option_and_fails_at_the_same_test() {
    let dir = tempfile::tempdir().unwrap();
    let options = [
        "--cases",
        "400",
        "--seed",
        "3",
        "--min",
        "1",
        "--max",
        "3",
        "--heaps",
        "2..5",
        "--cases-per-test",
        "1..2",
        // A limit other than its default (a roomier one: the machine may
        // be busy), which the same run must carry too.
        "--time-limit",
        "5",
    ];
    let run = stress("misere", dir.path(), &options, "misere_big_le_one");
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}{}", stderr(&run));
    let first = out.lines().next().unwrap();
    let again = out
        .lines()
        .find_map(|l| l.strip_prefix("the same run: nimstream "))
        .unwrap();
    for option in [
        "--cases 400",
        "--seed 3",
        "--min 1",
        "--max 3",
        "--heaps 2..5",
    ] {
        assert!(again.contains(option), "{option}: {again}");
    }
    assert!(again.contains("--cases-per-test 1..2") && again.contains("--time-limit 5"));
    let again_dir = tempfile::tempdir().unwrap();
    let mut words: Vec<&str> = again.split(' ').collect();
    words.extend(["--out-dir", again_dir.path().to_str().unwrap()]);
    let at = words.iter().position(|w| *w == "--").unwrap();
    let out_dir = words.split_off(words.len() - 2);
    words.splice(at..at, out_dir);
    let rerun = nimstream(&words, b"");
    assert_eq!(
        rerun.status.code(),
        Some(1),
        "{words:?}: {}",
        stderr(&rerun)
    );
    assert_eq!(stdout(&rerun).lines().next(), Some(first));
}

#[test]
fn aims_outside_the_problems_limits_are_refused_and_inside_them_obeyed() {
    let dir = tempfile::tempdir().unwrap();
    for (options, message) in [
        (
            &["--min", "0"][..],
            "--min 0: heap size A = 0 is outside HDU 1907's limits",
        ),
        (&["--max", "4748"][..], "--max 4748: "),
        (&["--heaps", "3..48"][..], "--heaps 48: "),
        (&["--heaps", "5..3"][..], "--heaps 5 is above --heaps 3"),
        (&["--cases-per-test", "475"][..], "--cases-per-test 475: "),
        (&["--heaps", "x"][..], "is not a count or a range"),
    ] {
        let run = stress("misere", dir.path(), options, "misere_right");
        assert_eq!(run.status.code(), Some(2), "{options:?}");
        assert!(
            stderr(&run).contains(message),
            "{options:?}: {}",
            stderr(&run)
        );
    }
    // Without 1s among the heaps the bug never shows.
    let run = stress(
        "misere",
        dir.path(),
        &["--min", "2", "--cases", "300"],
        "misere_big_le_one",
    );
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
}

/// A reference program that answers otherwise than nimstream on a problem
/// of its list is the jury's error: the run stops with status 2 and says
/// so, rather than blame the program judged.
#[test]
fn a_wrong_reference_for_a_listed_problem_is_the_jurys_error() {
    let dir = tempfile::tempdir().unwrap();
    let reference = program("misere_big_le_one");
    let options = ["--reference", reference.to_str().unwrap()];
    let run = stress("misere", dir.path(), &options, "misere_right");
    assert_eq!(run.status.code(), Some(2), "{}", stdout(&run));
    assert!(
        stderr(&run).contains("the reference program is wrong, not the program judged"),
        "{}",
        stderr(&run)
    );
    assert!(!stdout(&run).contains("shrunk"), "{}", stdout(&run));
    assert!(dir.path().join("reference.in").is_file());
    assert!(!dir.path().join("failing.in").exists());
}

/// Bash's game, right except on the one test of a single case `1 1`, which
/// bash_off_by_one's failing test of seed 3 shrinks to.
const WRONG_ON_THE_SHRUNK_TEST: &str = r#"read t
i=0
while [ "$i" -lt "$t" ]; do
    read n m
    if [ "$t" -eq 1 ] && [ "$n" -eq 1 ] && [ "$m" -eq 1 ]; then
        echo second
    elif [ $((n % (m + 1))) -ne 0 ]; then
        echo first
    else
        echo second
    fi
    i=$((i + 1))
done
"#;

/// A reference found wrong on a test the shrinker made ends the run as the
/// jury's error too, rather than leave that test out of the shrink.
#[test]
fn a_reference_wrong_on_a_shrunk_test_is_the_jurys_error() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("reference.sh");
    std::fs::write(&script, WRONG_ON_THE_SHRUNK_TEST).unwrap();
    let reference = format!("sh {}", script.display());
    let options = ["--seed", "3", "--reference", &reference];
    let run = stress("bash", dir.path(), &options, "bash_off_by_one");
    assert_eq!(run.status.code(), Some(2), "{}", stdout(&run));
    assert!(
        stderr(&run).contains(
            "the reference program is wrong, not the program judged: on a test shrunk from test 1"
        ),
        "{}",
        stderr(&run)
    );
    let kept = std::fs::read_to_string(dir.path().join("reference.in")).unwrap();
    assert_eq!(kept, "1\n1 1\n");
    assert!(!dir.path().join("failing.in").exists());
}

/// nimstream's own answers, as a program: right on every problem.
fn own_solver(problem: &str) -> Vec<String> {
    let binary = env!("CARGO_BIN_EXE_nimstream").to_string();
    vec![binary, "solve".into(), problem.into()]
}

/// Problems whose tests may hold no case, or whose traps `gen` cannot
/// always write (a losing case in a window holding none), run every test
/// asked for: no panic on a file of no cases, no run cut short.
#[test]
fn every_test_asked_is_run_where_cases_may_be_none_or_traps_unwritable() {
    for problem in [
        "hdu2176",
        "hdu1850",
        "hdu1848",
        "poj2975",
        "fibonacci",
        "hdu1517",
        "hdu3595",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec!["judge", problem, "--stress", "--cases", "24", "--out-dir"];
        args.push(dir.path().to_str().unwrap());
        args.push("--");
        let solver = own_solver(problem);
        args.extend(solver.iter().map(String::as_str));
        let run = nimstream(&args, b"");
        assert_eq!(run.status.code(), Some(0), "{problem}: {}", stderr(&run));
        assert!(
            stdout(&run).starts_with("24 tests passed (seed 1, "),
            "{problem}: {}",
            stdout(&run)
        );
    }
}
