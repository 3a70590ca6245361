//! The built binary on the problem statements' samples, their whitespace
//! variants, and each kind of bad input.

use std::io::Write;
use std::path::{Path, PathBuf};
mod common;

use common::{nimstream, stderr, stdout};
use std::process::{Command, Output, Stdio};

const SAMPLES: [(&str, &str); 7] = [
    ("nim", "nim-p2197"),
    ("lasker", "lasker-hdu3032"),
    ("misere", "misere-hdu1907"),
    ("bash", "bash-hdu1846"),
    ("fibonacci", "fibonacci-hdu2516"),
    ("kmultiple", "kmultiple-poj3922"),
    ("wythoff", "wythoff-poj1067"),
];

fn testdata(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(name)
}

/// Solves `input` for `game` from a file and from standard input; both must
/// agree, and the result is returned.
fn solve(game: &str, input: &[u8], extra: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input.txt");
    std::fs::write(&path, input).unwrap();
    let path = path.to_str().unwrap();
    let mut args = vec!["solve", game, path];
    args.extend_from_slice(extra);
    let from_file = nimstream(&args, b"");
    let mut args = vec!["solve", game, "-"];
    args.extend_from_slice(extra);
    let from_stdin = nimstream(&args, input);
    assert_eq!(from_file.stdout, from_stdin.stdout);
    assert_eq!(from_file.status.code(), from_stdin.status.code());
    let normalized = stderr(&from_file).replace(path, "<stdin>");
    assert_eq!(normalized, stderr(&from_stdin));
    from_stdin
}

#[test]
fn samples_from_the_problem_statements() {
    for (game, name) in SAMPLES {
        let input = std::fs::read(testdata(&format!("{name}.in"))).unwrap();
        let expected = std::fs::read_to_string(testdata(&format!("{name}.out"))).unwrap();
        let output = solve(game, &input, &[]);
        assert!(output.status.success(), "{name}: {}", stderr(&output));
        assert_eq!(stdout(&output), expected, "{name}");
    }
}

#[test]
fn whitespace_variants_give_the_same_answers() {
    for (game, name) in SAMPLES {
        let input = std::fs::read_to_string(testdata(&format!("{name}.in"))).unwrap();
        let expected = std::fs::read_to_string(testdata(&format!("{name}.out"))).unwrap();
        let variants = [
            input.replace('\n', "\r\n"),
            input.replace(' ', "\t").replace('\n', " \t\x0b\x0c\n"),
            format!("\u{feff}{input}"),
            input.trim_end().to_string(),
            input.replace(' ', " 000"),
            format!("\n\n  {}  \n\n", input),
        ];
        for variant in variants {
            let output = solve(game, variant.as_bytes(), &[]);
            assert!(
                output.status.success(),
                "{name} {variant:?}: {}",
                stderr(&output)
            );
            assert_eq!(stdout(&output), expected, "{name} {variant:?}");
        }
    }
}

/// Runs a bad input and checks the exit status, the place and the words of
/// the error, and the verdicts printed before it.
fn assert_fails(game: &str, input: &str, place: &str, words: &str, partial: &str) {
    let output = solve(game, input.as_bytes(), &[]);
    assert_eq!(output.status.code(), Some(2), "{input:?}");
    let err = stderr(&output);
    let prefix = format!("nimstream: <stdin>:{place}: ");
    assert!(err.starts_with(&prefix), "{input:?}: {err}");
    assert!(err.contains(words), "{input:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(stdout(&output), partial, "{input:?}");
}

#[test]
fn bad_bytes_are_reported_where_they_are() {
    assert_fails("nim", "2\n2\n1 1\n2\n1 -1\n", "5:3", "found '-'", "No\n");
    assert_fails("nim", "2\n2\n1 1\n2\n+1 1\n", "5:1", "found '+'", "No\n");
    assert_fails(
        "lasker",
        "1\n3\n2 2 3x\n",
        "3:6",
        "end of input after the last case, found 'x'",
        "Alice\n",
    );
    assert_fails(
        "lasker",
        "1\n3\n2 2x 3\n",
        "3:4",
        "heap 3 of 3 in case 1 (digits 0-9), found 'x'",
        "",
    );
    assert_fails("lasker", "1\n3\n2 2.5 3\n", "3:4", "found '.'", "");
    assert_fails("misere", "1\n1\n\0\n", "3:1", "NUL", "");
    assert_fails("misere", "1\n2\n1\x001\n", "3:2", "NUL", "");
    assert_fails("misere", "1\n1\n\u{e9}\n", "3:1", "non-ASCII byte 0xC3", "");
    assert_fails("wythoff", "1 2\r\n3 a\r\n", "2:3", "b of case 2", "0\n");
}

#[test]
fn overflow_is_reported_at_the_first_digit() {
    assert_fails(
        "nim",
        "1\n2\n5 18446744073709551616\n",
        "3:3",
        "heap 2 of 2 in case 1, found a number larger than 18446744073709551615",
        "",
    );
    let output = solve("nim", b"1\n2\n5 18446744073709551615\n", &[]);
    assert_eq!(stdout(&output), "Yes\n");
    assert_fails(
        "bash",
        "1\n99999999999999999999 1\n",
        "2:1",
        "n of case 1",
        "",
    );
}

#[test]
fn missing_numbers_are_reported_at_the_end_of_input() {
    assert_fails(
        "nim",
        "3\n1\n1\n2\n1",
        "5:2",
        "heap 2 of 2 in case 2, found the end",
        "Yes\n",
    );
    assert_fails(
        "lasker",
        "3\n1\n1\n",
        "4:1",
        "number of heaps of case 2",
        "Alice\n",
    );
    assert_fails("bash", "2\n4 3\n", "3:1", "n of case 2", "second\n");
    assert_fails("kmultiple", "1\n16", "2:3", "k of case 1", "");
    assert_fails(
        "fibonacci",
        "13\n",
        "2:1",
        "the 0 that ends the input",
        "Second win\n",
    );
    assert_fails("wythoff", "1 2\n3", "2:2", "b of case 2", "0\n");
    assert_fails("nim", "", "1:1", "the number of cases", "");
}

#[test]
fn anything_after_the_last_case_is_an_error() {
    assert_fails(
        "nim",
        "1\n1\n1\n7\n",
        "4:1",
        "end of input after the last case",
        "Yes\n",
    );
    assert_fails("nim", "1\n1\n1\nx", "4:1", "found 'x'", "Yes\n");
    assert_fails(
        "fibonacci",
        "2\n0\n5\n",
        "3:1",
        "end of input",
        "Second win\n",
    );
    assert_fails(
        "bash",
        "1\n1 1\n 99999999999999999999999",
        "3:2",
        "found another number",
        "first\n",
    );
}

#[test]
fn words_can_be_replaced() {
    let input = std::fs::read(testdata("nim-p2197.in")).unwrap();
    let output = solve("nim", &input, &["--words", "First,Second"]);
    assert_eq!(stdout(&output), "Second\nFirst\n");
    let input = std::fs::read(testdata("kmultiple-poj3922.in")).unwrap();
    let output = solve("kmultiple", &input, &["--words", "W,L"]);
    assert_eq!(stdout(&output), "Case 1: L\nCase 2: W\n");
}

#[test]
fn bounded_needs_max_take() {
    let output = nimstream(&["solve", "bounded", "-"], b"1 1 5");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--max-take"));
    let output = nimstream(&["solve", "bounded", "--max-take", "4", "-"], b"1 2 5 7");
    assert_eq!(stdout(&output), "Yes\n", "{}", stderr(&output));
    let output = nimstream(&["solve", "bounded", "--max-take", "4", "-"], b"1 2 5 10");
    assert_eq!(stdout(&output), "No\n");
}

#[test]
fn usage_and_io_errors_exit_2() {
    for args in [
        &["solve", "chess", "-"][..],
        &["solve", "nim", "/no/such/file"],
        &["solve", "nim", "-", "--threads", "0"],
        &["solve", "nim", "-", "--kernel", "nope"],
        &["solve", "nim", "-", "--words", "Yes"],
        &["solve", "nim", "-", "--max-take", "3"],
        &["frobnicate"],
    ] {
        let output = nimstream(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&output).is_empty());
    }
    let output = nimstream(&["solve", "nim", "/no/such/file"], b"");
    assert!(stderr(&output).starts_with("nimstream: /no/such/file: "));
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let mut input = String::from("200000\n");
    for _ in 0..200_000 {
        input += "1\n1\n";
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(["solve", "nim", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success());
    assert_eq!(stderr(&output), "");
}

#[test]
fn every_kernel_and_thread_count_agree_on_a_generated_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.in");
    let path = path.to_str().unwrap();
    let gen = nimstream(
        &[
            "gen",
            "lasker",
            "--cases",
            "20",
            "--heaps",
            "100000",
            "--max",
            "2147483647",
            "-o",
            path,
        ],
        b"",
    );
    assert!(gen.status.success(), "{}", stderr(&gen));
    let reference = nimstream(
        &[
            "solve",
            "lasker",
            path,
            "--kernel",
            "reference",
            "--threads",
            "1",
        ],
        b"",
    );
    assert!(reference.status.success());
    assert_eq!(stdout(&reference).lines().count(), 20);
    for kernel in ["swar", "avx2", "avx512"] {
        for threads in ["1", "2", "3"] {
            let output = nimstream(
                &[
                    "solve",
                    "lasker",
                    path,
                    "--kernel",
                    kernel,
                    "--threads",
                    threads,
                ],
                b"",
            );
            if stderr(&output).contains("cannot run") {
                continue;
            }
            assert_eq!(output.stdout, reference.stdout, "{kernel} {threads}");
        }
    }
}
