//! `gen` and `validate` for the judge problems played under a rule: S-Nim
//! (hdu1536), whose cases bring their own subtraction sets, and HDU 1848,
//! lines of three heaps ended by `0 0 0`.

use super::*;

/// The words `solve` prints for `input`, one per case (S-Nim: per
/// position).
fn verdicts(problem: &str, input: &[u8]) -> String {
    let out = nimstream(&["solve", problem, "-"], input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    stdout(&out).to_string()
}

#[test]
fn gen_plants_the_losing_share_and_validate_counts_what_solve_says() {
    for seed in ["1", "2", "3"] {
        for (losing, lost) in [("0", 0), ("0.25", 6), ("1", 24)] {
            let flags = ["--seed", seed, "--losing", losing];
            // S-Nim: 4 cases of 6 positions, so the share is of 24 positions.
            let set_args = ["--cases", "4", "--positions", "6", "--heaps", "3"];
            let input = gen("hdu1536", &[&flags[..], &set_args[..]].concat());
            let words = verdicts("hdu1536", &input);
            assert_eq!(words.lines().count(), 4);
            assert!(words.lines().all(|line| line.len() == 6), "{words}");
            assert_eq!(words.matches('L').count(), lost, "{words}");
            let summary = stdout(&assert_valid("hdu1536", &input, &["--summary"])).to_string();
            let wins = 24 - lost;
            assert!(
                summary.contains(&format!("first player wins: {wins} of 24 positions\n")),
                "{summary}"
            );
            // HDU 1848: 24 lines of three heaps.
            let input = gen("hdu1848", &[&flags[..], &["--cases", "24"]].concat());
            assert!(input.ends_with(b"\n0 0 0\n"));
            let words = verdicts("hdu1848", &input);
            assert_eq!(words.matches("Nacci").count(), lost, "{words}");
            let summary = stdout(&assert_valid("hdu1848", &input, &["--summary"])).to_string();
            assert!(
                summary.contains(&format!("first player wins: {wins} of 24 cases\n")),
                "{summary}"
            );
        }
    }
}

#[test]
fn gen_draws_distinct_sorted_sets_and_refuses_what_it_cannot_draw() {
    let input = gen(
        "snim",
        &["--set-size", "5", "--second-max", "5", "--cases", "3"],
    );
    let text = String::from_utf8(input).unwrap();
    // Every set is 1..=5, the only five distinct removals allowed.
    assert_eq!(text.matches("5 1 2 3 4 5\n").count(), 3, "{text}");
    for (args, words) in [
        (
            &["--set-size", "6", "--second-max", "5"][..],
            "k = 6 distinct",
        ),
        (&["--set-size", "0"], "--set-size must be at least 1"),
        (&["--second-min", "0"], "removals must be from 1"),
        (&["--second-max", "1000001"], "removals must be from 1"),
    ] {
        let out = nimstream(&[&["gen", "hdu1536"][..], args].concat(), b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
    }
    for (args, words) in [
        (&["gen", "hdu1848", "--heaps", "4"][..], "--heaps must be 3"),
        (
            &["gen", "hdu1848", "--min", "0", "--max", "0"],
            "--max must be at least 1",
        ),
        (&["gen", "nim", "--positions", "3"], "apply to hdu1536"),
        (
            &["validate", "nim", "-", "--set-size-max", "3"],
            "has no subtraction sets",
        ),
    ] {
        let out = nimstream(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(words), "{args:?}: {}", stderr(&out));
    }
    // Past the limits: written with a warning that names validate's flag.
    let out = nimstream(
        &["gen", "hdu1536", "--set-size", "101", "--second-max", "200"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--set-size-max 101"),
        "{}",
        stderr(&out)
    );
    assert_valid("hdu1536", &out.stdout, &["--set-size-max", "101"]);
}

#[test]
fn snim_files_fail_where_they_go_wrong() {
    let good = "2 2 5\n2\n2 5 12\n1 7\n0\n";
    assert_valid("hdu1536", good.as_bytes(), &[]);
    for (input, offset, words) in [
        (
            "2 2 5\n1\n3 5 12\n0\n",
            14,
            "l = 3 heaps were declared for position 1 of case 1 but the line ends after 2",
        ),
        (
            "2 2 5\n2\n2 5 12\n1 10001\n0\n",
            17,
            "heap size h = 10001 is outside [0, 10000] (case 1, position 2, heap 1)",
        ),
        (
            "2 0 5\n1\n1 1\n0\n",
            2,
            "subtraction s = 0 is outside [1, 10000] (case 1)",
        ),
        (
            "2 2 5\n0\n0\n",
            6,
            "number of positions m = 0 is outside [1, 100]",
        ),
        (
            "2 2 5\n1\n0\n0\n",
            8,
            "number of heaps l = 0 is outside [1, 100]",
        ),
        (
            "2 2 5\n1\n1 5\n",
            12,
            "expected k of case 2 or the 0 that ends the input",
        ),
        (
            "2 2\n1\n1 5\n0\n",
            3,
            "expected a single space and another number after s",
        ),
        ("2 2 5\n1\n1 5\n0\n\n", 14, "expected the end of input"),
        ("2 2 5\n1\n1 5 \n0\n", 11, "trailing space"),
    ] {
        assert_invalid_at("hdu1536", input.as_bytes(), &[], offset, words);
    }
    // A set of two where the limits allow one.
    assert_invalid_at(
        "hdu1536",
        good.as_bytes(),
        &["--set-size-max", "1"],
        0,
        "set size k = 2 is outside [1, 1] (case 1)",
    );
    // Positions without heaps, with the limits opened to allow them: lost.
    let empty = b"1 1\n2\n0\n1 1\n0\n";
    let out = assert_valid("hdu1536", empty, &["--heaps-min", "0", "--summary"]);
    assert!(
        stdout(&out).contains("first player wins: 1 of 2 positions"),
        "{}",
        stdout(&out)
    );
    assert_eq!(verdicts("hdu1536", empty), "LW\n");
}

#[test]
fn heap_triples_fail_where_they_go_wrong() {
    for (input, offset, words) in [
        (
            "1 1 1\n0 0 0",
            11,
            "expected a newline at the end of the file",
        ),
        ("1 1 1\n0 0 0\n1 1 1\n", 12, "expected the end of input"),
        (
            "1 1\n0 0 0\n",
            3,
            "case 1 must have 3 heaps, but the line ends after 2",
        ),
        (
            "1 1 1 1\n0 0 0\n",
            5,
            "found ' ' and more than the 3 heaps of a case",
        ),
        (
            "1 1 1001\n0 0 0\n",
            4,
            "heap size m = 1001 is outside [1, 1000] (case 1, heap 3)",
        ),
        (
            "0 1 1\n0 0 0\n",
            0,
            "heap size m = 0 is outside [1, 1000] (case 1, heap 1)",
        ),
        (
            "1 1 1\n0 0 00\n",
            6,
            "heap size m = 0 is outside [1, 1000] (case 2, heap 1)",
        ),
        ("1 1 1\n", 6, "or the line 0 0 0 that ends the input"),
    ] {
        assert_invalid_at("hdu1848", input.as_bytes(), &[], offset, words);
    }
}

/// A summary never guesses: heaps past what a table decides are counted
/// as undecided, the file stays valid, and `--upto` decides them.
#[test]
fn heaps_past_the_table_are_undecided_in_the_summary() {
    let input = b"1 1 2000\n1 4 1\n0 0 0\n";
    let wide = ["--value-max", "2000", "--summary"];
    let out = validate("hdu1848", input, &[&wide[..], &["--upto", "1024"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("first player wins: 0 of 2 cases (1 undecided"),
        "{}",
        stdout(&out)
    );
    assert!(
        stderr(&out).contains("<stdin>:1:5: solve will refuse this heap"),
        "{}",
        stderr(&out)
    );
    let out = assert_valid("hdu1848", input, &wide);
    let words = verdicts("hdu1848", input);
    let wins = words.matches("Fibo").count();
    assert!(
        stdout(&out).contains(&format!("first player wins: {wins} of 2 cases\n")),
        "{}",
        stdout(&out)
    );
}

/// A game given by its rule has a summary that names the rule (`kayles` is
/// `0.77`), on the file and on `gen`'s own output.
#[test]
fn a_rule_game_has_a_summary_named_after_its_rule() {
    let out = assert_valid("0.77", b"1\n2\n1 2\n", &["--summary"]);
    assert_eq!(
        stdout(&out),
        "0.77: valid under the limits of a rule given on the command line\n\
         T = 1 (= limit), allowed [1, 2^64-1]\n\
         N: min 2, max 2, allowed [1, 2^64-1]\n\
         a: min 1, max 2, allowed [0, 2^64-1]\n\
         heaps: 2 in total\n\
         first player wins: 1 of 1 case\n"
    );
    for (rule, name) in [
        ("kayles", "0.77"),
        ("sub:1,3,4", "sub:1,3,4"),
        ("4.07", "4.07"),
    ] {
        let input = gen(rule, &["--cases", "8", "--losing", "0.25", "--max", "200"]);
        let out = assert_valid(rule, &input, &["--summary"]);
        let summary = stdout(&out);
        assert!(
            summary.starts_with(&format!("{name}: valid under the limits of a rule")),
            "{summary}"
        );
        assert!(
            summary.contains("first player wins: 6 of 8 cases\n"),
            "{summary}"
        );
    }
}

/// A heap the limits allow but past what a rule decides (its values with no
/// period proven among them) makes a valid file that `solve` refuses:
/// `validate` says so, at the place `solve` names, and the file stays
/// valid. Heaps `solve` decides get no such word.
#[test]
fn validate_warns_of_the_first_heap_solve_will_refuse() {
    let input = b"2\n1\n5\n3\n1 2000 3000\n";
    let upto = ["--upto", "1024"];
    let out = validate("0.6", input, &upto);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let warning = stderr(&out);
    assert!(
        warning.contains("warning: <stdin>:5:3: solve will refuse this heap: "),
        "{warning}"
    );
    let solved = nimstream(&["solve", "0.6", "-", "--upto", "1024"], input);
    assert_eq!(solved.status.code(), Some(2));
    let refusal = stderr(&solved);
    assert!(refusal.contains("<stdin>:5:3: "), "{refusal}");
    // The same reason, in the same words.
    let why = "a heap of 2000 is beyond the ";
    assert!(
        warning.contains(why) && refusal.contains(why),
        "{warning}\n{refusal}"
    );
    assert_valid("0.6", b"1\n2\n1 1000\n", &upto);
}

/// A wrong limit option is said at once, before standard input is read
/// ahead for a rule's largest heap: here the input never ends. (It was
/// checked after the read, so the command waited for the end of input.)
#[test]
fn a_wrong_limit_option_is_said_before_standard_input_is_read() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args([
            "validate",
            "0.6",
            "-",
            "--heaps-min",
            "5",
            "--heaps-max",
            "2",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Held open and never written: reading it ahead would wait forever.
    let stdin = child.stdin.take();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let exited = child.try_wait().unwrap().is_some();
    if !exited {
        child.kill().unwrap();
    }
    let output = child.wait_with_output().unwrap();
    drop(stdin);
    assert!(exited, "still waiting for standard input after 60 s");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the smallest allowed"), "{stderr}");
}
