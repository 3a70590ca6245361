//! `nimstream validate`, run as a binary on generated and hand-broken files.
//!
//! The validator accepts exactly what `gen` writes and nothing else, so the
//! tests come in two halves: every `gen` output must pass, and each way of
//! breaking a file must fail at the right byte with a message that names what
//! went wrong. Expected positions are computed from the input text (the
//! offset of a marker), so a test states *which byte* is wrong rather than a
//! hard-coded line and column.

use crate::common;
mod rules;

use common::{nimstream, stderr, stdout};
use std::process::Output;

use nimstream::problem::CATALOGUE;

/// Every problem's name, from the catalogue.
fn all_games() -> impl Iterator<Item = &'static str> {
    CATALOGUE.iter().map(|p| p.name)
}

/// The problems whose cases are lists of heaps.
fn is_heap_game(name: &str) -> bool {
    CATALOGUE
        .iter()
        .any(|p| p.name == name && p.layout.has_heaps())
}

/// `bounded` cannot be named without its move limit.
fn game_args(game: &str) -> Vec<&str> {
    match game {
        "bounded" => vec!["bounded", "--max-take", "3"],
        _ => vec![game],
    }
}

/// Validates `input` from a file and from standard input, which must agree
/// (the file is mapped, standard input is read into memory: two paths to the
/// same checker). Returns the standard input run, whose messages say
/// `<stdin>`.
fn validate(game: &str, input: &[u8], flags: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("case.in");
    std::fs::write(&path, input).unwrap();
    let path = path.to_str().unwrap();
    let run = |path: &str, stdin: &[u8]| {
        let mut args = vec!["validate"];
        args.extend(game_args(game));
        args.push(path);
        args.extend_from_slice(flags);
        nimstream(&args, stdin)
    };
    let from_file = run(path, b"");
    let from_stdin = run("-", input);
    assert_eq!(from_file.status.code(), from_stdin.status.code());
    assert_eq!(from_file.stdout, from_stdin.stdout);
    assert_eq!(
        stderr(&from_file).replace(path, "<stdin>"),
        stderr(&from_stdin)
    );
    from_stdin
}

fn assert_valid(game: &str, input: &[u8], flags: &[&str]) -> Output {
    let output = validate(game, input, flags);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{game} {flags:?} {:?}: {}",
        String::from_utf8_lossy(input),
        stderr(&output)
    );
    assert_eq!(stderr(&output), "");
    output
}

/// `LINE:COLUMN` of byte `offset`, both 1-based, columns in bytes.
fn position(input: &[u8], offset: usize) -> String {
    let before = &input[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    format!("{}:{}", line, offset - line_start + 1)
}

/// Checks that `input` is rejected with exit status 1 and one line on
/// standard error, at byte `offset`, with a message containing `words`.
fn assert_invalid_at(game: &str, input: &[u8], flags: &[&str], offset: usize, words: &str) {
    let output = validate(game, input, flags);
    let shown = String::from_utf8_lossy(input);
    let err = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{game} {shown:?}: {err}");
    let prefix = format!("nimstream: <stdin>:{}: ", position(input, offset));
    assert!(
        err.starts_with(&prefix),
        "{game} {shown:?}: want {prefix:?}, got {err:?}"
    );
    assert!(
        err.contains(words),
        "{game} {shown:?}: want {words:?}, got {err:?}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(stdout(&output), "");
}

/// [`assert_invalid_at`] at the first occurrence of `marker` in `input`.
fn assert_invalid(game: &str, input: &str, marker: &str, words: &str) {
    let offset = input.find(marker).expect("the marker is in the input");
    assert_invalid_at(game, input.as_bytes(), &[], offset, words);
}

fn gen(game: &str, flags: &[&str]) -> Vec<u8> {
    let mut args = vec!["gen"];
    args.extend(game_args(game));
    args.extend_from_slice(flags);
    let output = nimstream(&args, b"");
    assert!(output.status.success(), "gen {args:?}: {}", stderr(&output));
    output.stdout
}

#[test]
fn every_gen_output_is_valid() {
    for game in all_games() {
        for seed in ["1", "2", "3", "4"] {
            for cases in ["1", "3", "10"] {
                // Luogu P1247's input is one case.
                let most = nimstream::problem::Problem::find(game)
                    .map_or(u64::MAX, |p| p.limits.cases.max);
                if cases.parse::<u64>().unwrap() > most {
                    continue;
                }
                let mut flags = vec!["--seed", seed, "--cases", cases];
                if is_heap_game(game) {
                    // The fewest heaps the problem allows, or 47 (misere's
                    // most). A lone heap of at least 1 is a win in most of
                    // these games, so those files are all winning.
                    let limits = nimstream::problem::Problem::find(game).unwrap().limits;
                    let fewest = limits.heaps.min.max(1);
                    let heaps = if seed == "1" {
                        fewest
                    } else {
                        47.min(limits.heaps.max)
                    };
                    flags.push("--heaps");
                    flags.push(Box::leak(heaps.to_string().into_boxed_str()));
                    if heaps == 1 {
                        flags.extend(["--losing", "0"]);
                    }
                }
                let input = gen(game, &flags);
                assert_valid(game, &input, &[]);
            }
        }
        // gen's defaults, and both extremes of the losing share.
        for losing in ["0", "1"] {
            let input = gen(game, &["--losing", losing]);
            assert_valid(game, &input, &[]);
        }
    }
}

#[test]
fn spacing_faults_are_reported_at_the_offending_byte() {
    let cases = [
        ("1\n3\n1  2 3\n", "  2", 1, "found a second space"),
        (
            "1\n3\n1\t2 3\n",
            "\t",
            0,
            "expected a single space or the end of the line after heap 1 of case 1, found '\\t'",
        ),
        ("1\n3\n1 2 3 \n", " \n", 0, "trailing space"),
        ("1 \n1\n1\n", " ", 0, "trailing space"),
        (
            "1\n3\n 1 2 3\n",
            " 1",
            0,
            "expected heap 1 of case 1, found ' '",
        ),
        (
            "1\n3\n1 2 3\t\n",
            "\t",
            0,
            "expected '\\n' at the end of the line after heap 3 of case 1, found '\\t'",
        ),
    ];
    for (input, marker, skip, words) in cases {
        let offset = input.find(marker).unwrap() + skip;
        assert_invalid_at("lasker", input.as_bytes(), &[], offset, words);
    }
    let words = "expected m of case 1, found a second space";
    assert_invalid_at("bash", b"1\n3  4\n", &[], 4, words);
}

#[test]
fn line_end_faults_are_reported_at_the_offending_byte() {
    assert_invalid(
        "lasker",
        "1\r\n1\r\n1\r\n",
        "\r",
        "expected '\\n' at the end of the line, found '\\r'",
    );
    assert_invalid("wythoff", "1 2\n3 4\r\n", "\r", "found '\\r'");
    let input = "1\n3\n1 2 3";
    assert_invalid_at(
        "lasker",
        input.as_bytes(),
        &[],
        input.len(),
        "expected a newline at the end of the file, found the end of input",
    );
    let input = "4 5\n1 2";
    assert_invalid_at(
        "wythoff",
        input.as_bytes(),
        &[],
        input.len(),
        "expected a newline at the end of the file",
    );
    let input = "1\n3\n1 2 3\n\n";
    assert_invalid_at(
        "lasker",
        input.as_bytes(),
        &[],
        input.len() - 1,
        "expected the end of input after the last case, found an empty line",
    );
    assert_invalid_at("nim", b"1\n\n1\n5\n", &[], 2, "found an empty line");
    assert_invalid_at(
        "wythoff",
        b"1 2\n\n3 4\n",
        &[],
        4,
        "expected a of case 2, found an empty line",
    );
    assert_invalid_at("nim", b"", &[], 0, "expected T, found the end of input");
}

#[test]
fn a_bom_is_rejected_at_the_start() {
    for game in all_games() {
        let mut input = b"\xEF\xBB\xBF".to_vec();
        input.extend(gen(game, &["--cases", "2"]));
        assert_invalid_at(game, &input, &[], 0, "byte order mark");
    }
}

#[test]
fn leading_zeros_are_rejected_but_zero_is_not() {
    assert_invalid(
        "lasker",
        "1\n3\n1 02 3\n",
        "02",
        "leading zero in heap size s (case 1, heap 2)",
    );
    assert_invalid(
        "lasker",
        "01\n1\n1\n",
        "01",
        "leading zero in number of cases T",
    );
    assert_invalid("bash", "1\n5 007\n", "007", "leading zero in m (case 1)");
    assert_invalid("wythoff", "0 00\n", "00", "leading zero in b (case 1)");
    assert_valid("wythoff", b"0 0\n", &[]);
    assert_valid("nim", b"1\n3\n0 0 0\n", &[]);
}

#[test]
fn heap_counts_must_match_the_line() {
    let words = "N = 3 heaps were declared for case 1 but the line ends after 2";
    assert_invalid_at("lasker", b"1\n3\n1 2\n3\n", &[], 7, words);
    let input = "2\n2\n1 1\n4\n1 2 3\n";
    let offset = input.rfind('\n').unwrap();
    assert_invalid_at(
        "nim",
        input.as_bytes(),
        &[],
        offset,
        "N = 4 heaps were declared for case 2 but the line ends after 3",
    );
    assert_invalid(
        "lasker",
        "1\n3\n1 2 3 4\n",
        " 4",
        "more than the N = 3 heaps declared",
    );
    assert_invalid("bash", "1\n3 4 5\n", " 5", "found ' ' and an extra number");
    let words = "expected a single space and m after n of case 1";
    assert_invalid_at("bash", b"1\n3\n", &[], 3, words);
    let input = "1\n3\n1 2";
    assert_invalid_at(
        "lasker",
        input.as_bytes(),
        &[],
        input.len(),
        "N = 3 heaps were declared for case 1 but the input ends after 2",
    );
}

#[test]
fn anything_after_the_last_case_is_rejected() {
    assert_invalid(
        "lasker",
        "1\n1\n5\n7\n",
        "7\n",
        "expected the end of input after the last case, found '7'",
    );
    assert_invalid(
        "bash",
        "1\n1 1\n 9\n",
        " 9",
        "expected the end of input after the last case, found ' '",
    );
    assert_invalid(
        "fibonacci",
        "5\n0\n3\n",
        "3\n",
        "expected the end of input after the last case, found '3'",
    );
    let input = "1\n5 2\n5 2\n";
    assert_invalid_at("kmultiple", input.as_bytes(), &[], 6, "found '5'");
}

#[test]
fn bytes_other_than_digits_space_and_newline_are_rejected() {
    assert_invalid(
        "lasker",
        "1\n3\n1 x 3\n",
        "x",
        "expected heap 2 of case 1, found 'x'",
    );
    assert_invalid(
        "lasker",
        "1\n3\n1 2x 3\n",
        "x",
        "after heap 2 of case 1, found 'x'",
    );
    assert_invalid("misere", "1\n2\n1 -1\n", "-", "found '-'");
    assert_invalid(
        "misere",
        "1\n2\n1 \u{e9}\n",
        "\u{e9}",
        "non-ASCII byte 0xC3",
    );
    assert_invalid(
        "fibonacci",
        "5\n+3\n0\n",
        "+",
        "expected n of case 2, found '+'",
    );
    assert_invalid("wythoff", "1 2\n3 4\n\x0c", "\x0c", "control byte 0x0C");
    assert_invalid("nim", "1\n1\n5\0\n", "\0", "NUL");
    // Far enough into a long line that the fast path is the one reading.
    let mut input = String::from("1\n100\n");
    input += &vec!["2147483647"; 60].join(" ");
    input += " 5;5";
    input += &" 1".repeat(38);
    input += "\n";
    assert_invalid("lasker", &input, ";", "after heap 61 of case 1, found ';'");
}

/// One variable of one game: a file with `{}` where its value goes, its
/// name and its default bounds as messages print them.
struct Var {
    game: &'static str,
    template: &'static str,
    label: &'static str,
    min: u64,
    max: u64,
    shown: &'static str,
}

const VARS: &[Var] = &[
    Var {
        game: "nim",
        template: "{}\n1\n5\n",
        label: "number of cases T",
        min: 1,
        max: 10,
        shown: "[1, 10]",
    },
    Var {
        game: "nim",
        template: "1\n{}\n5\n",
        label: "number of heaps N",
        min: 1,
        max: 10_000,
        shown: "[1, 10000]",
    },
    Var {
        game: "nim",
        template: "1\n2\n5 {}\n",
        label: "heap size a",
        min: 0,
        max: 9_999,
        shown: "[0, 9999]",
    },
    Var {
        game: "bounded",
        template: "1\n2\n{} 5\n",
        label: "heap size a",
        min: 0,
        max: 9_999,
        shown: "[0, 9999]",
    },
    Var {
        game: "bounded",
        template: "{}\n1\n5\n",
        label: "number of cases T",
        min: 1,
        max: 10,
        shown: "[1, 10]",
    },
    Var {
        game: "lasker",
        template: "{}\n1\n5\n",
        label: "number of cases T",
        min: 1,
        max: 100,
        shown: "[1, 100]",
    },
    Var {
        game: "lasker",
        template: "1\n{}\n5\n",
        label: "number of heaps N",
        min: 1,
        max: 1_000_000,
        shown: "[1, 1000000]",
    },
    Var {
        game: "lasker",
        template: "1\n3\n5 {} 6\n",
        label: "heap size s",
        min: 1,
        max: (1 << 31) - 1,
        shown: "[1, 2^31-1]",
    },
    Var {
        game: "misere",
        template: "{}\n1\n5\n",
        label: "number of cases T",
        min: 1,
        max: 474,
        shown: "[1, 474]",
    },
    Var {
        game: "misere",
        template: "1\n{}\n5\n",
        label: "number of heaps N",
        min: 1,
        max: 47,
        shown: "[1, 47]",
    },
    Var {
        game: "misere",
        template: "1\n2\n{} 5\n",
        label: "heap size A",
        min: 1,
        max: 4747,
        shown: "[1, 4747]",
    },
    Var {
        game: "bash",
        template: "{}\n5 5\n",
        label: "number of cases T",
        min: 1,
        max: 100,
        shown: "[1, 100]",
    },
    Var {
        game: "bash",
        template: "1\n{} 5\n",
        label: "n",
        min: 1,
        max: 1000,
        shown: "[1, 1000]",
    },
    Var {
        game: "bash",
        template: "1\n5 {}\n",
        label: "m",
        min: 1,
        max: 1000,
        shown: "[1, 1000]",
    },
    Var {
        game: "fibonacci",
        template: "5\n{}\n0\n",
        label: "n",
        min: 2,
        max: (1 << 31) - 1,
        shown: "[2, 2^31-1]",
    },
    Var {
        game: "kmultiple",
        template: "{}\n5 2\n",
        label: "number of cases T",
        min: 1,
        max: 20,
        shown: "[1, 20]",
    },
    Var {
        game: "kmultiple",
        template: "1\n{} 2\n",
        label: "n",
        min: 2,
        max: 100_000_000,
        shown: "[2, 100000000]",
    },
    Var {
        game: "kmultiple",
        template: "1\n5 {}\n",
        label: "k",
        min: 1,
        max: 100_000,
        shown: "[1, 100000]",
    },
    Var {
        game: "wythoff",
        template: "{} 5\n",
        label: "a",
        min: 0,
        max: 1_000_000_000,
        shown: "[0, 1000000000]",
    },
    Var {
        game: "wythoff",
        template: "5 {}\n",
        label: "b",
        min: 0,
        max: 1_000_000_000,
        shown: "[0, 1000000000]",
    },
];

impl Var {
    fn with(&self, value: u64) -> String {
        self.template.replace("{}", &value.to_string())
    }

    /// Whether the template still describes a whole file with `value`: a
    /// count other than the one written in it would ask for more lines.
    fn fills_the_file(&self) -> bool {
        !self.label.starts_with("number of")
    }
}

#[test]
fn values_just_outside_the_limits_are_rejected() {
    for var in VARS {
        let offset = var.template.find("{}").unwrap();
        let below = var.min.checked_sub(1);
        let above = Some(var.max + 1);
        for bad in [below, above].into_iter().flatten() {
            let input = var.with(bad);
            let words = format!("{} = {} is outside {}", var.label, bad, var.shown);
            assert_invalid_at(var.game, input.as_bytes(), &[], offset, &words);
        }
    }
}

#[test]
fn values_at_the_limits_are_accepted() {
    for var in VARS.iter().filter(|var| var.fills_the_file()) {
        for good in [var.min, var.max] {
            assert_valid(var.game, var.with(good).as_bytes(), &[]);
        }
    }
}

#[test]
fn the_place_of_a_bad_heap_is_named() {
    let mut input = String::from("3\n1\n7\n2\n7 7\n");
    input += "20\n";
    input += &(1..=20)
        .map(|i| {
            if i == 17 {
                "0".to_string()
            } else {
                i.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    input += "\n";
    let offset = input.find(" 0 ").unwrap() + 1;
    let words = "heap size s = 0 is outside [1, 2^31-1] (case 3, heap 17)";
    assert_invalid_at("lasker", input.as_bytes(), &[], offset, words);
}

#[test]
fn values_must_fit_in_64_bits() {
    let input = "1\n2\n5 18446744073709551616\n";
    let words = "heap size a = 18446744073709551616 does not fit in 64 bits";
    assert_invalid("nim", input, "1844", words);
    assert_invalid(
        "bash",
        "99999999999999999999999\n5 5\n",
        "9",
        "number of cases T = 99999999999999999999999 does not fit",
    );
    // The largest 64-bit value is fine where the limits allow it: it is
    // also the longest number the careful path accepts.
    let input = b"1\n2\n5 18446744073709551615\n";
    assert_valid("nim", input, &["--value-max", "18446744073709551615"]);
    assert_invalid_at(
        "nim",
        input,
        &[],
        6,
        "heap size a = 18446744073709551615 is outside [0, 9999]",
    );
}

#[test]
fn fibonacci_counts_cases_without_t() {
    assert_valid("fibonacci", b"0\n", &[]);
    let input = "5\n8";
    assert_invalid_at(
        "fibonacci",
        input.as_bytes(),
        &[],
        input.len(),
        "expected '\\n' at the end of the line after n of case 2",
    );
    let input = "5\n8\n";
    assert_invalid_at(
        "fibonacci",
        input.as_bytes(),
        &[],
        input.len(),
        "the 0 that ends the input",
    );
    let input = "5\n8\n13\n0\n";
    assert_valid("fibonacci", input.as_bytes(), &[]);
    let output = validate("fibonacci", input.as_bytes(), &["--cases-max", "2"]);
    assert!(
        stderr(&output).contains("case 3 is one too many"),
        "{}",
        stderr(&output)
    );
    let output = validate("fibonacci", input.as_bytes(), &["--cases-min", "4"]);
    assert!(
        stderr(&output).contains("the input ends after 3 cases"),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains(&format!(
        ":{}:",
        position(input.as_bytes(), input.rfind('0').unwrap())
    )));
}

#[test]
fn flags_override_the_problem_limits() {
    // Invalid by default, valid with a widened bound.
    let cases = [
        (
            "nim",
            "11\n".to_string() + &"1\n5\n".repeat(11),
            vec!["--cases-max", "11"],
        ),
        (
            "nim",
            "1\n1\n10000\n".to_string(),
            vec!["--value-max", "10000"],
        ),
        (
            "lasker",
            "1\n2\n0 0\n".to_string(),
            vec!["--value-min", "0"],
        ),
        (
            "misere",
            "1\n48\n".to_string() + &vec!["1"; 48].join(" ") + "\n",
            vec!["--heaps-max", "48"],
        ),
        ("bash", "1\n5 0\n".to_string(), vec!["--second-min", "0"]),
        ("fibonacci", "1\n0\n".to_string(), vec!["--value-min", "1"]),
        (
            "kmultiple",
            "1\n5 100001\n".to_string(),
            vec!["--second-max", "200000"],
        ),
        (
            "wythoff",
            "1000000001 0\n".to_string(),
            vec!["--value-max", "2000000000"],
        ),
    ];
    for (game, input, flags) in &cases {
        let output = validate(game, input.as_bytes(), &[]);
        assert_eq!(output.status.code(), Some(1), "{game} {input:?}");
        assert_valid(game, input.as_bytes(), flags);
    }
    // Valid by default, invalid with a narrowed bound, which the message shows.
    let input = "2\n1\n5\n2\n5 9\n";
    assert_valid("lasker", input.as_bytes(), &[]);
    let output = validate("lasker", input.as_bytes(), &["--heaps-min", "2"]);
    assert!(
        stderr(&output).contains("<stdin>:2:1: number of heaps N = 1 is outside [2, 1000000]"),
        "{}",
        stderr(&output)
    );
    let output = validate("lasker", input.as_bytes(), &["--value-max", "8"]);
    assert!(
        stderr(&output).contains("<stdin>:5:3: heap size s = 9 is outside [1, 8] (case 2, heap 2)"),
        "{}",
        stderr(&output)
    );
    let output = validate("wythoff", b"1 2\n3 4\n", &["--cases-max", "1"]);
    assert!(
        stderr(&output).contains("<stdin>:2:1: case 2 is one too many"),
        "{}",
        stderr(&output)
    );
    // POJ 1067 has at least one line; --cases-min 0 allows none.
    assert_invalid_at("wythoff", b"", &[], 0, "the input ends after 0 cases");
    assert_valid("wythoff", b"", &["--cases-min", "0"]);
    // An empty heap line is how gen writes N = 0, allowed only when asked for.
    // Cases without heaps are all lost by the player to move.
    let input = gen("nim", &["--cases", "2", "--heaps", "0", "--losing", "1"]);
    assert_eq!(input, b"2\n0\n\n0\n\n");
    assert_valid("nim", &input, &["--heaps-min", "0"]);
    assert_invalid_at(
        "nim",
        b"1\n0\n5\n",
        &["--heaps-min", "0"],
        4,
        "N = 0 heaps were declared for case 1",
    );
}

/// The `name: ...` line of a summary.
fn summary_line<'a>(summary: &'a str, name: &str) -> &'a str {
    let prefix = format!("{name}: ");
    summary
        .lines()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no {name} line in {summary}"))
}

#[test]
fn the_summary_reports_the_ranges_reached() {
    let input = b"3\n1\n1\n2\n2147483647 5\n2\n3 3\n";
    let output = assert_valid("lasker", input, &["--summary"]);
    let summary = stdout(&output);
    assert!(summary.contains("T = 3, allowed [1, 100]\n"), "{summary}");
    assert_eq!(
        summary_line(summary, "N"),
        "N: min 1 (= limit), max 2, allowed [1, 1000000]"
    );
    assert_eq!(
        summary_line(summary, "s"),
        "s: min 1 (= limit), max 2147483647 (= limit), allowed [1, 2^31-1]"
    );
    assert_eq!(summary_line(summary, "heaps"), "heaps: 5 in total");
    // 1 wins; 2^31-1 (Grundy value 2^31) against 5 wins; 3 against 3 loses.
    assert_eq!(
        summary_line(summary, "first player wins"),
        "first player wins: 2 of 3 cases"
    );

    let output = assert_valid("bash", b"2\n1000 7\n3 1\n", &["--summary"]);
    let summary = stdout(&output);
    assert_eq!(
        summary_line(summary, "n"),
        "n: min 3, max 1000 (= limit), allowed [1, 1000]"
    );
    assert_eq!(
        summary_line(summary, "m"),
        "m: min 1 (= limit), max 7, allowed [1, 1000]"
    );

    // Nothing is printed without --summary.
    let output = assert_valid("bash", b"2\n1000 7\n3 1\n", &[]);
    assert_eq!(stdout(&output), "");
}

/// HDU 1524's queries place pieces on a graph: its summary counts pieces.
#[test]
fn the_summary_of_graph_queries_counts_pieces() {
    let sample =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/hdu1524.in")).unwrap();
    let output = assert_valid("hdu1524", &sample, &["--summary"]);
    let summary = stdout(&output);
    // Its five queries place 1 + 2 + 2 + 2 + 3 pieces.
    assert_eq!(summary_line(summary, "pieces"), "pieces: 10 in total");
    assert!(!summary.contains("heaps"), "{summary}");
}

#[test]
fn the_summary_of_a_generated_file_matches_its_numbers() {
    let input = gen("misere", &["--cases", "7", "--heaps", "9", "--seed", "5"]);
    let text = String::from_utf8(input.clone()).unwrap();
    // Every other line after the first holds heaps.
    let heaps: Vec<u64> = text
        .lines()
        .skip(2)
        .step_by(2)
        .flat_map(|line| line.split(' ').map(|h| h.parse::<u64>().unwrap()))
        .collect();
    let (min, max) = (heaps.iter().min().unwrap(), heaps.iter().max().unwrap());
    let output = assert_valid("misere", &input, &["--summary"]);
    let summary = stdout(&output);
    let line = summary_line(summary, "A");
    assert!(line.starts_with(&format!("A: min {min}")), "{line}");
    assert!(line.contains(&format!("max {max}")), "{line}");
    assert!(summary.contains("T = 7,"), "{summary}");
    assert_eq!(summary_line(summary, "heaps"), "heaps: 63 in total");
}

#[test]
fn usage_and_io_errors_exit_2() {
    for args in [
        &["validate", "nim", "/no/such/file"][..],
        &["validate", "chess", "-"],
        &["validate", "nim", "-", "--cases-max", "ten"],
        &["validate", "nim", "-", "--frobnicate"],
        &[
            "validate",
            "nim",
            "-",
            "--value-min",
            "5",
            "--value-max",
            "4",
        ],
        &["validate", "bash", "-", "--heaps-max", "4"],
        &["validate", "nim", "-", "--second-max", "4"],
        &["validate", "bounded", "-"],
    ] {
        let output = nimstream(args, b"1\n1\n1\n");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).is_empty(), "{args:?}");
    }
    let output = nimstream(&["validate", "nim", "/no/such/file"], b"");
    assert!(
        stderr(&output).starts_with("nimstream: /no/such/file: "),
        "{}",
        stderr(&output)
    );
}

/// The second case of [`one_line`]'s files: long enough that the fast path
/// reads all of the first case's line (it needs 16 bytes of window).
const SECOND_CASE: &str = "3\n1000 1000 1000\n";

/// A lasker file whose first case declares `declared` heaps and has `heaps`
/// on its line, and the offset of each heap in it.
fn one_line(declared: usize, heaps: &[&str]) -> (String, Vec<usize>) {
    let mut input = format!("2\n{declared}\n");
    let mut offsets = Vec::new();
    for (i, heap) in heaps.iter().enumerate() {
        if i > 0 {
            input.push(' ');
        }
        offsets.push(input.len());
        input += heap;
    }
    input.push('\n');
    input += SECOND_CASE;
    (input, offsets)
}

/// Short files are read by the careful path (the fast one needs 16 bytes of
/// window), so these faults sit deep inside long lines, where the fast path
/// meets them first and must hand them over.
#[test]
fn the_fast_path_checks_what_the_careful_one_does() {
    let mut heaps = ["2147483647", "1"].repeat(20);
    let (input, offsets) = one_line(40, &heaps);
    let output = assert_valid("lasker", input.as_bytes(), &["--summary"]);
    let s = summary_line(stdout(&output), "s");
    assert_eq!(
        s,
        "s: min 1 (= limit), max 2147483647 (= limit), allowed [1, 2^31-1]"
    );

    let faults = [
        (
            24,
            "0",
            "heap size s = 0 is outside [1, 2^31-1] (case 1, heap 25)",
        ),
        (
            25,
            "2147483648",
            "heap size s = 2147483648 is outside [1, 2^31-1] (case 1, heap 26)",
        ),
        (26, "05", "leading zero in heap size s (case 1, heap 27)"),
        (27, "7x", "after heap 28 of case 1, found 'x'"),
    ];
    for (i, bad, words) in faults {
        let saved = heaps[i];
        heaps[i] = bad;
        let (input, offsets) = one_line(40, &heaps);
        let at = offsets[i] + if bad == "7x" { 1 } else { 0 };
        assert_invalid_at("lasker", input.as_bytes(), &[], at, words);
        heaps[i] = saved;
    }

    let line_end = offsets[39] + heaps[39].len();
    let (input, _) = one_line(41, &heaps);
    let words = "N = 41 heaps were declared for case 1 but the line ends after 40";
    assert_invalid_at("lasker", input.as_bytes(), &[], line_end, words);
    // Heaps split over two lines, in the middle of the file.
    let (input, _) = one_line(40, &heaps);
    let mut split = input.into_bytes();
    split[offsets[20] - 1] = b'\n';
    let words = "N = 40 heaps were declared for case 1 but the line ends after 20";
    assert_invalid_at("lasker", &split, &[], offsets[20] - 1, words);
    let (input, _) = one_line(39, &heaps);
    let words = "more than the N = 39 heaps declared";
    assert_invalid_at("lasker", input.as_bytes(), &[], offsets[39] - 1, words);
}

/// Numbers of 16 to 20 digits leave the fast path and come back; both paths
/// must add to the same summary.
#[test]
fn long_numbers_in_long_lines_are_read_by_both_paths() {
    let max = "18446744073709551615";
    let mut heaps = vec!["7"; 40];
    heaps[3] = max;
    heaps[30] = max;
    let (input, _) = one_line(40, &heaps);
    let flags = ["--value-max", max, "--summary"];
    let output = validate("nim", input.as_bytes(), &flags);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let summary = stdout(&output);
    let line = summary_line(summary, "a");
    assert_eq!(
        line,
        format!("a: min 7, max {max} (= limit), allowed [0, 2^64-1]")
    );
    // 38 sevens and two equal heaps: the xor is zero, the first player
    // loses. (Three heaps of 1000 in the second case: a win.)
    assert_eq!(
        summary_line(summary, "first player wins"),
        "first player wins: 1 of 2 cases"
    );
    heaps[39] = "6";
    let (input, _) = one_line(40, &heaps);
    let output = validate("nim", input.as_bytes(), &flags);
    let summary = stdout(&output);
    assert_eq!(
        summary_line(summary, "first player wins"),
        "first player wins: 2 of 2 cases"
    );
}

/// The fuzz target's check on every sample (two of its first finds were
/// poj3922's takes and hdu2176's move lines, misread as verdict words):
/// what `validate --summary` counts is what `solve` prints.
#[test]
fn the_summary_counts_what_solve_prints_for_every_sample() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut checked = 0;
    for problem in CATALOGUE.iter() {
        let prefix = format!("{}-", problem.name);
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let ours = name == format!("{}.in", problem.name)
                || (name.starts_with(&prefix) && name.ends_with(".in"));
            if !ours {
                continue;
            }
            let input = std::fs::read(&path).unwrap();
            let args = game_args(problem.name);
            let solved = nimstream(&[&["solve"], &args[..], &["-"]].concat(), &input);
            let (cases, wins) = nimstream::testing::count_wins(problem, stdout(&solved));
            // Samples need not meet the original limits, so they are opened up.
            let open = [
                "--cases-min",
                "0",
                "--value-min",
                "0",
                "--value-max",
                "18446744073709551615",
            ];
            let validated = nimstream(
                &[&["validate"], &args[..], &["-", "--summary"], &open[..]].concat(),
                &input,
            );
            let summary = stdout(&validated);
            if validated.status.code() != Some(0) {
                // A sample written loosely (extra spaces) is not strict input.
                continue;
            }
            let line = summary_line(summary, "first player wins");
            // S-Nim gives a verdict per position, and counts positions;
            // HDU 1524 one per query.
            let unit = match (problem.layout, cases) {
                (nimstream::problem::Layout::SubtractionSetCases, 1) => "position",
                (nimstream::problem::Layout::SubtractionSetCases, _) => "positions",
                (nimstream::problem::Layout::GraphCases, 1) => "query",
                (nimstream::problem::Layout::GraphCases, _) => "queries",
                (_, 1) => "case",
                _ => "cases",
            };
            assert_eq!(
                line,
                format!("first player wins: {wins} of {cases} {unit}"),
                "{name}"
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 12,
        "only {checked} samples are strict enough to compare"
    );
}

/// Checking a file decides no case: a k-multiple query with k = 2^32 and n
/// near 2^64 takes about 15 s by design (see `games::kmultiple`), and
/// `validate` without `--summary` must not ask it. The run is killed after
/// a generous minute, so a regression fails instead of hanging.
#[test]
fn validate_decides_no_case_unless_the_summary_asks() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    // Eight such queries: about two minutes when each is decided.
    let mut input = b"8\n".to_vec();
    for i in 0..8u64 {
        input.extend(format!("18446744073709551615 {}\n", (1u64 << 32) - i).bytes());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args([
            "validate",
            "kmultiple",
            "-",
            "--value-max",
            "18446744073709551615",
        ])
        .args(["--second-max", "18446744073709551615"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(
        status.and_then(|s| s.code()),
        Some(0),
        "validate decided the case"
    );
}

#[test]
fn a_side_past_the_cutting_games_table_is_an_error_even_with_widened_limits() {
    let out = validate("poj2311", b"2 2\n300 4\n", &["--value-max", "400"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(
            "<stdin>:2:1: W = 300 (case 2): a side of 300 is outside the cutting game's table"
        ),
        "{err}"
    );
    let within = validate("poj2311", b"2 2\n200 4\n", &["--value-max", "400"]);
    assert_eq!(within.status.code(), Some(0), "{}", stderr(&within));
}
