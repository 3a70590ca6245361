//! `nimstream judge` on the contestant programs of `programs`: each right
//! one accepted on every test, each wrong one given its verdict with a
//! message that says what went wrong; and `nimstream check` in both of its
//! calling conventions, on right, wrong and junk outputs.

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::{nimstream, stderr, stdout};
use crate::programs::program;

/// A folder of tests: generated files and hand-written ones.
struct Tests {
    dir: tempfile::TempDir,
}

impl Tests {
    fn new() -> Tests {
        Tests {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    /// `NAME.in` from `nimstream gen PROBLEM ARGS`.
    fn gen(&self, name: &str, problem: &str, args: &[&str]) -> &Tests {
        let out = self.path().join(format!("{name}.in"));
        let mut all = vec!["gen", problem, "-o", out.to_str().unwrap()];
        all.extend_from_slice(args);
        let run = nimstream(&all, b"");
        assert!(run.status.success(), "{}", stderr(&run));
        self
    }

    /// `NAME` with the given text.
    fn write(&self, name: &str, text: &str) -> &Tests {
        std::fs::write(self.path().join(name), text).unwrap();
        self
    }
}

/// Runs `nimstream judge PROBLEM TESTS OPTIONS -- PROGRAM`.
fn judge(problem: &str, tests: &Path, options: &[&str], program: &Path) -> Output {
    let mut args = vec!["judge", problem, tests.to_str().unwrap()];
    args.extend_from_slice(options);
    args.push("--");
    args.push(program.to_str().unwrap());
    nimstream(&args, b"")
}

/// The tests every program of `problem` is judged on: the sample, small
/// random cases and cases at the limits.
fn folder(problem: &str, sample: &str) -> Tests {
    let tests = Tests::new();
    let sample_text = std::fs::read_to_string(Path::new("testdata").join(sample)).unwrap();
    tests.write("0-sample.in", &sample_text);
    tests.gen(
        "1-small",
        problem,
        &["--cases", "30", "--max", "1000", "--seed", "1"],
    );
    tests.gen("2-limits", problem, &["--seed", "2"]);
    tests
}

#[test]
fn right_programs_are_accepted_on_every_test() {
    let cases = [
        ("nim", "nim-p2197.in", "nim_right"),
        ("misere", "misere-hdu1907.in", "misere_right"),
        ("lasker", "lasker-hdu3032.in", "lasker_right"),
        // The benchmarks' C baselines run as contestants too.
        ("lasker", "lasker-hdu3032.in", "bench/scanf_lasker"),
        ("lasker", "lasker-hdu3032.in", "bench/fread_lasker"),
        ("bash", "bash-hdu1846.in", "bash_right"),
        ("wythoff", "wythoff-poj1067.in", "wythoff_right"),
    ];
    for (problem, sample, name) in cases {
        let tests = folder(problem, sample);
        let run = judge(problem, tests.path(), &[], &program(name));
        assert_eq!(
            run.status.code(),
            Some(0),
            "{name}: {}{}",
            stdout(&run),
            stderr(&run)
        );
        assert!(
            stdout(&run).ends_with("\n") && stdout(&run).contains("3 tests: 3 AC;"),
            "{name}: {}",
            stdout(&run)
        );
    }
}

/// A wrong program's judging: exit status 1, and a line with `verdict`
/// followed by a message holding `words`.
fn assert_caught(run: &Output, name: &str, verdict: &str, words: &str) {
    let out = stdout(run);
    assert_eq!(run.status.code(), Some(1), "{name}: {out}{}", stderr(run));
    let mut lines = out.lines();
    let found = lines.any(|line| line.contains(&format!(": {verdict} ")));
    assert!(found, "{name}: no {verdict} in\n{out}");
    assert!(out.contains(words), "{name}: no '{words}' in\n{out}");
}

#[test]
fn programs_with_wrong_answers_are_caught_with_the_case_that_shows_it() {
    let cases = [
        (
            "misere",
            "misere_no_all_ones",
            "1\n1\n1\n",
            "expected 'Brother', found 'John'",
        ),
        (
            "lasker",
            "lasker_swapped",
            "1\n2\n3 2\n",
            "case 1 (output line 1): expected",
        ),
        (
            "bash",
            "bash_off_by_one",
            "1\n1 1\n",
            "case 1 (output line 1): expected",
        ),
        (
            "nim",
            "nim_int_overflow",
            "1\n1\n256\n",
            "expected 'Yes', found 'No'",
        ),
        (
            "wythoff",
            "wythoff_float",
            "4180 6764\n",
            "expected '0', found '1'",
        ),
        (
            "nim",
            "nim_no_read",
            "2\n1\n1\n1\n0\n",
            "the output ends where 'No' is expected",
        ),
    ];
    for (problem, name, input, words) in cases {
        let tests = Tests::new();
        tests.write("1.in", input);
        let run = judge(problem, tests.path(), &[], &program(name));
        assert_caught(&run, name, "WA", words);
    }
}

#[test]
fn each_misbehaving_program_gets_its_verdict() {
    let tests = Tests::new();
    tests.gen(
        "1",
        "nim",
        &["--cases", "3", "--heaps", "150", "--seed", "3"],
    );
    let quick = ["--time-limit", "0.5", "--wall-limit", "3"];
    let cases: [(&str, &[&str], &str, &str); 9] = [
        ("nim_fixed_array", &[], "WA", "case "),
        (
            "nim_wrong_words",
            &[],
            "PE",
            "which is not an answer nim gives",
        ),
        ("nim_silent", &[], "WA", "the output ends where"),
        ("nim_crash", &[], "RE", "signal 11 (SIGSEGV)"),
        ("nim_exit_code", &[], "RE", "exit status 3"),
        ("nim_forever", &quick, "TLE", "killed at the CPU limit"),
        (
            "nim_huge_output",
            &["--output-limit", "1M"],
            "OLE",
            "wrote over 1048576 bytes",
        ),
        ("nim_memory_hog", &["--memory-limit", "256M"], "MLE", ""),
        ("nim_fork_bomb", &quick, "", ""),
    ];
    for (name, options, verdict, words) in cases {
        let started = Instant::now();
        let run = judge("nim", tests.path(), options, &program(name));
        if name == "nim_fork_bomb" {
            let out = stdout(&run);
            assert_eq!(run.status.code(), Some(1), "{out}{}", stderr(&run));
            assert!(out.contains(": TLE ") || out.contains(": RE "), "{out}");
            assert!(started.elapsed() < Duration::from_secs(60), "{out}");
            continue;
        }
        assert_caught(&run, name, verdict, words);
    }
}

#[test]
fn a_quadratic_program_passes_small_tests_and_times_out_on_a_large_one() {
    let tests = Tests::new();
    tests.gen(
        "1-small",
        "nim",
        &["--cases", "5", "--heaps", "10", "--seed", "4"],
    );
    tests.gen(
        "2-large",
        "nim",
        &[
            "--cases", "1", "--heaps", "200000", "--losing", "1", "--seed", "5",
        ],
    );
    let run = judge(
        "nim",
        tests.path(),
        &["--time-limit", "0.5"],
        &program("nim_quadratic"),
    );
    let out = stdout(&run);
    assert_eq!(run.status.code(), Some(1), "{out}");
    assert!(out.contains("1-small.in: AC "), "{out}");
    assert!(out.contains("2-large.in: TLE "), "{out}");
    assert!(out.contains("2 tests: 1 AC, 1 TLE;"), "{out}");
}

#[test]
fn answer_files_beside_the_tests_are_the_expected_answers() {
    let tests = Tests::new();
    tests.write("1.in", "1\n2\n1 1\n").write("1.ans", "Yes\n");
    tests.write("2.in", "1\n2\n1 2\n").write("2.out", "Yes\n");
    let run = judge("nim", tests.path(), &[], &program("nim_right"));
    let out = stdout(&run);
    // 1.ans is wrong on purpose: its word is what the program is held to.
    assert!(out.contains("1.in: WA "), "{out}");
    assert!(out.contains("expected 'Yes', found 'No'"), "{out}");
    assert!(out.contains("2.in: AC "), "{out}");
}

/// A thread's files are written anew by each test it judges: a program
/// silent on its second test is not judged on what it wrote on the first.
#[test]
fn a_test_is_judged_on_what_its_own_run_wrote() {
    let tests = Tests::new();
    tests
        .write("1.in", "1\n2\n1 2\n")
        .write("2.in", "1\n2\n2 3\n");
    let script = "read t; read n; read a b; [ \"$a\" = 1 ] && echo Yes; exit 0";
    let dir = tests.path().to_str().unwrap();
    let run = nimstream(&["judge", "nim", dir, "--", "sh", "-c", script], b"");
    let out = stdout(&run);
    assert!(out.contains("1.in: AC "), "{out}{}", stderr(&run));
    assert!(out.contains("2.in: WA "), "{out}{}", stderr(&run));
}

#[test]
fn json_says_every_test_and_the_count_of_each_verdict() {
    let tests = folder("nim", "nim-p2197.in");
    let run = judge(
        "nim",
        tests.path(),
        &["--json", "--jobs", "2"],
        &program("nim_silent"),
    );
    assert_eq!(run.status.code(), Some(1));
    let value: serde_json::Value = serde_json::from_str(stdout(&run)).unwrap();
    let tests = value["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 3);
    assert!(tests[0]["test"].as_str().unwrap().ends_with("0-sample.in"));
    assert!(tests.iter().all(|t| t["verdict"] == "WA"));
    assert_eq!(value["verdicts"]["WA"], 3);
    assert_eq!(value["accepted"], false);
    assert!(tests[2]["peak_memory_bytes"].as_u64().unwrap() > 0);
}

#[test]
fn judging_refuses_what_it_cannot_run() {
    let tests = folder("nim", "nim-p2197.in");
    let missing = judge("nim", tests.path(), &[], Path::new("/no/such/program"));
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("the program cannot be run: /no/such/program: no such file"));
    let no_tests = nimstream(&["judge", "nim", "--", "true"], b"");
    assert_eq!(no_tests.status.code(), Some(2));
    assert!(
        stderr(&no_tests).contains("name the tests"),
        "{}",
        stderr(&no_tests)
    );
    let bad_limit = nimstream(
        &["judge", "nim", "x", "--memory-limit", "lots", "--", "true"],
        b"",
    );
    assert_eq!(bad_limit.status.code(), Some(2));
    assert!(stderr(&bad_limit).contains("'lots' is not a size"));
}

/// A test's input, its right answer and an output, as files.
fn check_files(dir: &Path, output: &[u8]) -> [PathBuf; 3] {
    let input = dir.join("1.in");
    let answer = dir.join("1.ans");
    let out = dir.join("1.out");
    std::fs::write(&input, "3\n1\n1\n2\n1 1\n2\n2 3\n").unwrap();
    std::fs::write(&answer, "Yes\nNo\nYes\n").unwrap();
    std::fs::write(&out, output).unwrap();
    [input, out, answer]
}

/// `check nim` in testlib's order: its exit status and message.
fn testlib(output: &[u8]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let [input, out, answer] = check_files(dir.path(), output);
    let args = ["check", "nim", p(&input), p(&out), p(&answer)];
    let run = nimstream(&args, b"");
    (run.status.code(), stderr(&run).to_string())
}

/// `check nim` as an ICPC output validator: its exit status and
/// judgemessage.txt.
fn icpc(output: &[u8]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let [input, _, answer] = check_files(dir.path(), b"");
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let args = [
        "check",
        "nim",
        p(&input),
        p(&answer),
        p(&feedback),
        "case_sensitive",
    ];
    let run = nimstream(&args, output);
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
    assert!(!stderr(&run).contains("panicked"), "{}", stderr(&run));
    (run.status.code(), message)
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn check_speaks_testlib() {
    assert_eq!(testlib(b"Yes No\nYes"), (Some(0), "ok 3 cases\n".into()));
    let (code, message) = testlib(b"Yes\nYes\nYes\n");
    assert_eq!(code, Some(1));
    assert_eq!(
        message,
        "wrong answer case 2 (output line 2): expected 'No', found 'Yes'\n"
    );
    let (code, message) = testlib(b"Yes\nno\nYes\n");
    assert_eq!(code, Some(2), "{message}");
    assert!(
        message.starts_with("wrong output format case 2"),
        "{message}"
    );
}

#[test]
fn check_speaks_icpc() {
    assert_eq!(
        icpc(b"Yes\nNo\nYes\n"),
        (Some(42), "accepted: 3 cases\n".into())
    );
    let (code, message) = icpc(b"Yes\nNo\n");
    assert_eq!(code, Some(43));
    assert_eq!(
        message,
        "wrong answer: case 3: the output ends where 'Yes' is expected (2 cases answered)\n"
    );
}

#[test]
fn check_fails_as_a_checker_when_the_jury_is_at_fault() {
    let dir = tempfile::tempdir().unwrap();
    let [input, out, _] = check_files(dir.path(), b"Yes\n");
    let missing = dir.path().join("missing.ans");
    let run = nimstream(&["check", "nim", p(&input), p(&out), p(&missing)], b"");
    assert_eq!(run.status.code(), Some(3), "{}", stderr(&run));
    assert!(stderr(&run).contains("missing.ans"), "{}", stderr(&run));
    let usage = nimstream(&["check", "nim", p(&input)], b"");
    assert_eq!(usage.status.code(), Some(3));
    let unknown = nimstream(&["check", "nim", "--no-such-flag"], b"");
    assert_eq!(unknown.status.code(), Some(3));
}

/// `check nim` on check_files's input of 3 cases, `answer` as its expected
/// answers and `output` as the program's: in testlib's order, and as an
/// ICPC output validator.
fn check_answer(answer: &[u8], output: &[u8]) -> [Output; 2] {
    let dir = tempfile::tempdir().unwrap();
    let [input, out, answer_file] = check_files(dir.path(), output);
    std::fs::write(&answer_file, answer).unwrap();
    let testlib = nimstream(&["check", "nim", p(&input), p(&out), p(&answer_file)], b"");
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let args = ["check", "nim", p(&input), p(&answer_file), p(&feedback)];
    [testlib, nimstream(&args, output)]
}

/// A run that failed as a checker (exit 3), saying `words`.
fn assert_failed(run: &Output, words: &str) {
    let said = stderr(run);
    assert_eq!(run.status.code(), Some(3), "{said}");
    assert!(said.contains(words), "no '{words}' in {said}");
}

#[test]
fn an_answer_file_that_holds_no_answers_is_the_jurys_fault() {
    let answers: [(&[u8], &str); 3] = [
        (
            b"Yes\nMaybe\nYes\n",
            "1.ans:2: 'Maybe' is no answer nim gives",
        ),
        (
            b"Yes\nNo\n\x80\xff\x1b\n",
            "1.ans:3: '\\x80\\xff\\u{1b}' is no answer",
        ),
        (b"Yes\nNo\nYes\x0b\n", "1.ans:3: 'Yes\\u{b}' is no answer"),
    ];
    for (answer, words) in answers {
        // Whatever the output: the right one, the file itself, or wrong.
        for output in [&b"Yes\nNo\nYes\n"[..], answer, b"No\n"] {
            for run in check_answer(answer, output) {
                assert_failed(&run, words);
            }
        }
    }
}

#[test]
fn an_answer_file_for_another_number_of_cases_is_the_jurys_fault() {
    let words = "1.ans:3: the expected answers end after 2 cases of the input's 3";
    for output in [&b"Yes\nNo\nYes\n"[..], b"Yes\nNo\n", b""] {
        for run in check_answer(b"Yes\nNo\n", output) {
            assert_failed(&run, words);
        }
    }
    let long = b"Yes\nNo\nYes\nNo\n";
    for run in check_answer(long, long) {
        assert_failed(
            &run,
            "1.ans:4: case 4 of the expected answers, but the input has 3",
        );
    }
}

#[test]
fn check_reads_the_input_as_validate_does() {
    let dir = tempfile::tempdir().unwrap();
    let [input, out, answer] = check_files(dir.path(), b"Yes\nNo\nYes\n");
    let run = || nimstream(&["check", "nim", p(&input), p(&out), p(&answer)], b"");
    for (text, position) in [
        ("x\n", "1.in:1:1: "),
        ("3\n1\n1\n2\n1  1\n2\n2 3\n", "1.in:5:"),
    ] {
        std::fs::write(&input, text).unwrap();
        let said = nimstream(&["validate", "nim", p(&input)], b"");
        assert!(stderr(&said).contains(position), "{}", stderr(&said));
        assert_failed(&run(), position);
    }
}

#[test]
fn judging_stops_at_an_answer_file_for_another_number_of_cases() {
    let tests = Tests::new();
    tests.write("1.in", "5\n1\n1\n1\n2\n1\n3\n1\n4\n1\n5\n");
    tests.write("1.ans", "Yes\nYes\nYes\n");
    let dir = p(tests.path());
    let echo = ["sh", "-c", "printf 'Yes\\nYes\\nYes\\n'"];
    let right = program("nim_right");
    let programs: [&[&str]; 2] = [&[p(&right)], &echo];
    for program in programs {
        let mut args = vec!["judge", "nim", dir, "--"];
        args.extend_from_slice(program);
        let run = nimstream(&args, b"");
        let said = format!("{}{}", stdout(&run), stderr(&run));
        assert_eq!(run.status.code(), Some(2), "{said}");
        assert!(
            stderr(&run)
                .contains("1.ans:4: the expected answers end after 3 cases of the input's 5"),
            "{said}"
        );
        assert!(
            !stdout(&run).contains(": WA ") && !stdout(&run).contains(": AC "),
            "{said}"
        );
    }
}

#[test]
fn a_folder_where_a_file_belongs_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let [input, out, answer] = check_files(dir.path(), b"Yes\nNo\nYes\n");
    let folder = dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    let named = format!("{}: is a directory", p(&folder));
    let testlib = |files: [&Path; 3]| {
        let [a, b, c] = files.map(p);
        nimstream(&["check", "nim", a, b, c], b"")
    };
    for run in [
        testlib([&folder, &out, &answer]),
        testlib([&input, &folder, &answer]),
    ] {
        assert_failed(&run, &named);
        assert!(!stderr(&run).contains(" or "), "{}", stderr(&run));
    }
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let icpc = nimstream(
        &["check", "nim", p(&input), p(&folder), p(&feedback)],
        b"Yes\n",
    );
    assert_failed(&icpc, &named);
}

#[test]
fn check_writes_its_verdict_into_testlibs_report_file() {
    let dir = tempfile::tempdir().unwrap();
    let [input, out, answer] = check_files(dir.path(), b"Yes\nYes\nYes\n");
    let report = dir.path().join("report.txt");
    let run = |answer: &Path| {
        let args = ["check", "nim", p(&input), p(&out), p(answer), p(&report)];
        nimstream(&args, b"")
    };
    let wrong = run(&answer);
    assert_eq!(wrong.status.code(), Some(1), "{}", stderr(&wrong));
    let line = "wrong answer case 2 (output line 2): expected 'No', found 'Yes'\n";
    assert_eq!(std::fs::read_to_string(&report).unwrap(), line);
    let missing = run(&dir.path().join("missing.ans"));
    assert_eq!(missing.status.code(), Some(3), "{}", stderr(&missing));
    let failed = std::fs::read_to_string(&report).unwrap();
    assert!(
        failed.starts_with("FAIL ") && failed.contains("missing.ans"),
        "{failed}"
    );
    let too_many = [
        "check",
        "nim",
        p(&input),
        p(&out),
        p(&answer),
        p(&report),
        "x",
    ];
    assert_eq!(nimstream(&too_many, b"").status.code(), Some(3));
}

#[test]
fn check_says_its_verdict_on_standard_output_too() {
    for output in [
        &b"Yes\nNo\nYes\n"[..],
        b"Yes\nYes\nYes\n",
        b"Yes\nno\nYes\n",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let [input, out, answer] = check_files(dir.path(), output);
        let run = nimstream(&["check", "nim", p(&input), p(&out), p(&answer)], b"");
        assert!(!stdout(&run).is_empty());
        assert_eq!(stdout(&run), stderr(&run));
    }
}

#[test]
fn check_reads_tokens_as_testlibs_wcmp() {
    assert_eq!(testlib(b"\xef\xbb\xbfYes No\nYes").0, Some(0));
    let (code, message) = testlib(b"Yes\x0cNo\nYes");
    assert_eq!(code, Some(2), "{message}");
    assert!(message.contains("found 'Yes\\u{c}No"), "{message}");
}

#[test]
fn junk_outputs_are_wrong_never_a_crash() {
    let mut huge_line = vec![b'7'; 20 << 20];
    huge_line.push(b'\n');
    let junk: [&[u8]; 14] = [
        b"",
        b"\x80",
        b"\xff\xfe\x00Yes",
        b"NaN\n",
        b"-1\n",
        b"2147483648\n",
        b"18446744073709551616\n",
        b"1e400\n",
        b"Yes\nNo\n",
        b"Yes\nNo\nYes\nNo\n",
        b"\0\0\0\0",
        b"   \n\n\t",
        b"Yes\nNo\nYes\x00",
        &huge_line,
    ];
    for output in junk {
        let shown = String::from_utf8_lossy(&output[..output.len().min(20)]).to_string();
        let (code, message) = testlib(output);
        assert!(matches!(code, Some(1 | 2)), "{shown:?}: {code:?} {message}");
        assert!(message.starts_with("wrong"), "{shown:?}: {message}");
        let (code, message) = icpc(output);
        assert_eq!(code, Some(43), "{shown:?}: {message}");
    }
}

/// online-judge-tools' `oj`: `NIMSTREAM_OJ`, or `oj` on the `PATH`.
fn online_judge_tools() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("NIMSTREAM_OJ") {
        return Some(PathBuf::from(path));
    }
    let found = std::process::Command::new("oj").arg("--help").output();
    found
        .is_ok_and(|o| o.status.success())
        .then(|| PathBuf::from("oj"))
}

#[test]
fn online_judge_tools_runs_nimstream_as_its_judge_command() {
    let Some(oj) = online_judge_tools() else {
        // .ci/run installs it (pip install online-judge-tools) and sets
        // NIMSTREAM_OJ; a machine without it cannot run this test.
        eprintln!(
            "SKIPPED: online-judge-tools is not installed (pip install online-judge-tools, \
             or set NIMSTREAM_OJ to its oj)"
        );
        return;
    };
    let tests = Tests::new();
    for seed in ["1", "2"] {
        let name = format!("sample-{seed}");
        tests.gen(
            &name,
            "nim",
            &["--cases", "5", "--heaps", "4", "--seed", seed],
        );
        let input = tests.path().join(format!("{name}.in"));
        let answers = nimstream(&["solve", "nim", p(&input)], b"");
        std::fs::write(tests.path().join(format!("{name}.out")), &answers.stdout).unwrap();
    }
    let judge_command = format!("{} check nim", env!("CARGO_BIN_EXE_nimstream"));
    let oj_test = |name: &str| {
        std::process::Command::new(&oj)
            .args(["test", "-c", p(&program(name)), "-d", p(tests.path())])
            .args(["--judge-command", &judge_command])
            .output()
            .unwrap()
    };
    let right = oj_test("nim_right");
    let said = String::from_utf8_lossy(&right.stdout).to_string()
        + &String::from_utf8_lossy(&right.stderr);
    assert!(right.status.success(), "{said}");
    assert!(said.contains("test success: 2 cases"), "{said}");
    let wrong = oj_test("nim_wrong_words");
    let said = String::from_utf8_lossy(&wrong.stdout).to_string()
        + &String::from_utf8_lossy(&wrong.stderr);
    assert!(!wrong.status.success(), "{said}");
    assert!(said.contains("0 AC / 2 cases"), "{said}");
}

/// The problem is checked before the tests are looked for, as `solve`
/// does: a misspelt name beside an empty folder is reported as misspelt.
/// (The folders were expanded once for the `-` check and again for the
/// problem, so the empty folder came first.)
#[test]
fn a_wrong_problem_is_reported_before_the_tests_are_looked_for() {
    let empty = tempfile::tempdir().unwrap();
    let folder = empty.path().to_str().unwrap();
    let output = nimstream(&["judge", "lasktr", folder, "--", "true"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("unknown problem 'lasktr'; did you mean 'lasker'?"),
        "{}",
        stderr(&output)
    );
    let output = nimstream(&["judge", "lasker", folder, "--", "true"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("holds no *.in file"),
        "{}",
        stderr(&output)
    );
}

/// `nimstream ARGS` with its standard output a pipe nobody reads (`| head
/// -1` once head has gone): its exit status and standard error.
fn with_reader_gone(args: &[&str]) -> (Option<i32>, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A reader that goes away ends no judging: the verdicts are all found, the
/// exit status says a test failed, and nothing panics (`println!` did on
/// the broken pipe in --stress; the plain judging exited 0).
#[test]
fn a_reader_that_goes_away_leaves_the_exit_status_of_the_verdicts() {
    let tests = folder("misere", "misere-hdu1907.in");
    let wrong = program("misere_no_all_ones");
    let wrong = wrong.to_str().unwrap();
    let folder = tests.path().to_str().unwrap();
    let (status, said) = with_reader_gone(&["judge", "misere", folder, "--", wrong]);
    assert_eq!(status, Some(1), "{said}");
    let out = tempfile::tempdir().unwrap();
    let out = out.path().to_str().unwrap();
    let stress = ["judge", "misere", "--stress", "--out-dir", out, "--", wrong];
    let (status, said) = with_reader_gone(&stress);
    assert_eq!(status, Some(1), "{said}");
    assert!(!said.contains("panicked"), "{said}");
}
