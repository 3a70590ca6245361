//! The built binary on the problem statements' samples, their whitespace
//! variants, and each kind of bad input.

use crate::common;
use std::io::Write;
use std::path::{Path, PathBuf};

use common::{nimstream, stderr, stdout};
use std::process::{Command, Output, Stdio};

const SAMPLES: [(&str, &str); 29] = [
    ("nim", "nim-p2197"),
    ("lasker", "lasker-hdu3032"),
    ("misere", "misere-hdu1907"),
    ("bash", "bash-hdu1846"),
    ("fibonacci", "fibonacci-hdu2516"),
    ("kmultiple", "kmultiple-poj3922"),
    ("wythoff", "wythoff-poj1067"),
    ("hdu2176", "hdu2176"),
    ("hdu1850", "hdu1850"),
    ("poj3922", "poj3922"),
    ("hdu1536", "hdu1536"),
    ("hdu1848", "hdu1848"),
    ("poj2975", "poj2975"),
    ("hdu5795", "hdu5795"),
    ("hdu1847", "hdu1847"),
    ("hdu1517", "hdu1517"),
    ("poj2311", "poj2311"),
    ("hdu2509", "hdu2509"),
    ("poj1704", "poj1704"),
    ("hdu1730", "hdu1730"),
    ("hdu4315", "hdu4315"),
    ("hdu3389", "hdu3389"),
    ("p2148", "p2148"),
    ("p1247", "p1247-1"),
    ("p1247", "p1247-2-lose"),
    ("hdu2147", "hdu2147"),
    ("hdu1524", "hdu1524"),
    ("hdu2177", "hdu2177"),
    ("hdu3595", "hdu3595"),
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
fn options_an_answer_has_no_place_for_are_usage_errors() {
    // These answers are made of moves or a count, with no verdict for
    // `--move` to follow; hdu1850's has no words either.
    for (args, words) in [
        (
            &["hdu2176", "--move"][..],
            "hdu2176's answer lists every winning move",
        ),
        (
            &["hdu1850", "--move"],
            "hdu1850's answer is the number of winning moves",
        ),
        (&["poj3922", "--move"], "poj3922's answer is"),
        (
            &["hdu1850", "--words", "A,B"],
            "--words does not apply to hdu1850",
        ),
    ] {
        let args: Vec<&str> = ["solve"]
            .iter()
            .chain(args)
            .chain(&["-"])
            .copied()
            .collect();
        let output = nimstream(&args, b"1 1\n0\n");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
        assert!(
            stderr(&output).contains(words),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // The words of hdu2176 and poj3922 are theirs to replace.
    let output = nimstream(
        &["solve", "hdu2176", "--words", "Y,N", "-"],
        b"2 45 45\n0\n",
    );
    assert_eq!(stdout(&output), "N\n", "{}", stderr(&output));
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

/// Messages about a game given by its rule name the rule, not `rule`.
#[test]
fn options_a_rule_game_refuses_name_the_rule() {
    for (args, words) in [
        (
            &["solve", "0.77", "--max-take", "3", "-"][..],
            "--max-take applies to bounded only, not to 0.77",
        ),
        (
            &["validate", "kayles", "--second-min", "3", "-"],
            "0.77 has no second number per case",
        ),
        (
            &["gen", "sub:1,2", "--positions", "3"],
            "apply to hdu1536 and hdu1524, not sub:1,2",
        ),
    ] {
        let output = nimstream(args, b"1\n1\n1\n");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(words),
            "{args:?}: {}",
            stderr(&output)
        );
    }
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

/// Counts the verdict lines of `gen`'s output, as `solve` prints them.
fn losing_count(problem: &str, gen_args: &[&str]) -> (usize, usize) {
    let mut args = vec!["gen", problem];
    args.extend_from_slice(gen_args);
    let generated = nimstream(&args, b"");
    assert!(
        generated.status.success(),
        "{args:?}: {}",
        stderr(&generated)
    );
    let mut solve_args = vec!["solve", problem, "-"];
    if let Some(i) = gen_args.iter().position(|&a| a == "--max-take") {
        solve_args.extend_from_slice(&gen_args[i..i + 2]);
    }
    let solved = nimstream(&solve_args, &generated.stdout);
    assert!(solved.status.success(), "{}", stderr(&solved));
    let lose = nimstream::problem::Problem::find(problem)
        .unwrap()
        .verdicts
        .lose;
    let lines: Vec<&str> = stdout(&solved).lines().collect();
    let losing = lines
        .iter()
        .filter(|line| line.rsplit(": ").next() == Some(lose))
        .count();
    (losing, lines.len())
}

#[test]
fn gen_makes_exactly_the_losing_share() {
    let max = "18446744073709551615";
    let runs: &[(&str, &[&str], f64)] = &[
        ("nim", &["--heaps", "10", "--cases", "10"], 1.0),
        ("nim", &["--heaps", "1", "--cases", "10", "--min", "0"], 0.3),
        ("wythoff", &["--max", max, "--cases", "200"], 1.0),
        ("bounded", &["--max-take", "3", "--cases", "10"], 0.0),
        (
            "bounded",
            &["--max-take", "3", "--cases", "10", "--heaps", "7"],
            1.0,
        ),
        ("bash", &["--second-max", "3", "--cases", "100"], 0.0),
        ("bash", &["--cases", "100"], 0.37),
        ("lasker", &["--cases", "100", "--heaps", "3"], 0.5),
        (
            "misere",
            &["--cases", "100", "--heaps", "2", "--max", "2"],
            0.25,
        ),
        ("fibonacci", &["--cases", "100"], 0.61),
        ("kmultiple", &["--cases", "20"], 0.5),
    ];
    for &(problem, args, share) in runs {
        let share_text = share.to_string();
        let mut all = args.to_vec();
        all.extend(["--losing", &share_text, "--seed", "9"]);
        let (losing, cases) = losing_count(problem, &all);
        let expected = (share * cases as f64).round() as usize;
        assert_eq!(
            losing, expected,
            "{problem} {all:?}: {losing} of {cases} losing"
        );
    }
}

#[test]
fn gen_refuses_a_share_the_ranges_cannot_give() {
    // One heap of at least 1 is always a win in Nim; heaps of 0 always lose.
    for (args, verdict) in [
        (
            &["nim", "--heaps", "1", "--min", "1", "--losing", "0.5"][..],
            "losing",
        ),
        (
            &["nim", "--min", "0", "--max", "0", "--losing", "0.5"][..],
            "winning",
        ),
        (
            &["fibonacci", "--min", "4", "--max", "4", "--losing", "1"][..],
            "losing",
        ),
    ] {
        let mut all = vec!["gen"];
        all.extend_from_slice(args);
        let output = nimstream(&all, b"");
        assert_eq!(output.status.code(), Some(2), "{all:?}");
        assert!(stdout(&output).len() < 100, "{all:?} wrote a file");
        let err = stderr(&output);
        assert!(
            err.contains(&format!("{verdict} for the first player")),
            "{all:?}: {err}"
        );
    }
}

/// Runs `script` in `sh`, with `$N` standing for the binary.
#[cfg(unix)]
fn shell(script: &str) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .env("N", env!("CARGO_BIN_EXE_nimstream"))
        .output()
        .unwrap()
}

#[test]
fn thread_counts_are_checked_alike_everywhere() {
    for command in ["solve", "gen"] {
        for (value, words) in [
            ("0", "'0' is not a whole number from 1 to 1024"),
            ("-1", "'-1' is not a whole number from 1 to 1024"),
            ("1025", "from 1 to 1024"),
        ] {
            let output = nimstream(&[command, "nim", "--threads", value], b"1\n1\n1\n");
            assert_eq!(output.status.code(), Some(2), "{command} {value}");
            assert!(
                stderr(&output).contains(words),
                "{command} {value}: {}",
                stderr(&output)
            );
        }
    }
    let output = nimstream(&["gen", "nim", "--losing", "-0.1"], b"");
    assert!(
        stderr(&output).contains("'-0.1' is not a share from 0 to 1"),
        "{}",
        stderr(&output)
    );
}

/// Runs the binary with `args` under a limit on the user's processes
/// (threads count as processes), so that starting threads fails cleanly
/// with EAGAIN and nothing else runs short. Root ignores that limit, so as
/// root the command runs as `nobody`; otherwise the limit is set a few
/// threads above what the user already runs.
#[cfg(target_os = "linux")]
fn with_few_threads(args: &str) -> Output {
    with_threads_beyond(3, args)
}

/// [`with_few_threads`] with room for `more` threads beyond the first
/// (0: the system starts none).
#[cfg(target_os = "linux")]
fn with_threads_beyond(more: usize, args: &str) -> Output {
    let root = real_uid() == 0;
    let script = if root {
        format!("ulimit -u {}; exec \"$N\" {args}", more + 1)
    } else {
        let user = "$(ps -L -u \"$(id -u)\" --no-headers | wc -l)";
        format!("ulimit -u $(({user} + {})); exec \"$N\" {args}", more + 1)
    };
    let mut command = if root {
        let mut c = Command::new("setpriv");
        c.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "bash",
            "-c",
        ]);
        c
    } else {
        let mut c = Command::new("bash");
        c.arg("-c");
        c
    };
    command
        .arg(script)
        .env("N", env!("CARGO_BIN_EXE_nimstream"))
        .output()
        .unwrap()
}

/// The real user id, read from /proc (no libc in the tests).
#[cfg(target_os = "linux")]
fn real_uid() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Uid:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn threads_the_system_refuses_are_done_without() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    // Readable by `nobody`, who runs the command when the tests run as root.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = dir.path().join("big.in");
    let path = path.to_str().unwrap();
    // 20 MB in two cases: 80 blocks, so every one of 80 threads has work.
    let made = nimstream(
        &[
            "gen", "lasker", "--cases", "2", "--heaps", "1000000", "-o", path,
        ],
        b"",
    );
    assert!(made.status.success());
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let alone = nimstream(&["solve", "lasker", path, "--threads", "1"], b"");
    let limited = with_few_threads(&format!("solve lasker {path} --threads 80"));
    assert_eq!(limited.status.code(), Some(0), "{}", stderr(&limited));
    assert_eq!(limited.stdout, alone.stdout);
    assert!(
        stderr(&limited).contains("the system started only"),
        "{}",
        stderr(&limited)
    );
    let args = "gen nim --cases 1000 --heaps 2 --threads";
    let alone = nimstream(&format!("{args} 1").split(' ').collect::<Vec<_>>(), b"");
    let limited = with_few_threads(&format!("{args} 1024"));
    assert_eq!(limited.status.code(), Some(0), "{}", stderr(&limited));
    assert_eq!(limited.stdout, alone.stdout);
    // With no thread at all: the grundy pipeline's second stage (0.6 runs
    // blocks from 16 384 heaps on), and inputs answered side by side.
    let args = "grundy 0.6 --values 40000 --threads";
    let alone = nimstream(&format!("{args} 1").split(' ').collect::<Vec<_>>(), b"");
    let limited = with_threads_beyond(0, &format!("{args} 2"));
    assert_eq!(limited.status.code(), Some(0), "{}", stderr(&limited));
    assert_eq!(limited.stdout, alone.stdout);
    let sample = testdata("lasker-hdu3032.in");
    let sample = sample.to_str().unwrap();
    let args = format!("solve lasker {sample} {sample} {sample} --threads");
    let alone = nimstream(&format!("{args} 1").split(' ').collect::<Vec<_>>(), b"");
    let limited = with_threads_beyond(0, &format!("{args} 2"));
    assert_eq!(limited.status.code(), Some(0), "{}", stderr(&limited));
    assert_eq!(limited.stdout, alone.stdout);
}

#[cfg(unix)]
#[test]
fn a_closed_standard_output_is_an_error() {
    let sample = testdata("nim-p2197.in");
    let sample = sample.to_str().unwrap();
    for script in [
        format!("exec \"$N\" solve nim {sample} >&-"),
        "exec \"$N\" gen nim >&-".to_string(),
    ] {
        let output = shell(&script);
        assert_eq!(output.status.code(), Some(2), "{script}");
        assert!(
            stderr(&output).contains("standard output is closed"),
            "{}",
            stderr(&output)
        );
    }
    // A reader that goes away is not an error.
    let output =
        shell("\"$N\" gen nim --cases 10 --heaps 10000 --seed 3 | head -c 1 >/dev/null; exit 0");
    assert!(output.status.success());
}

#[cfg(target_os = "linux")]
#[test]
fn files_whose_size_reads_zero_are_read_whole() {
    let path = "/proc/sys/vm/overcommit_memory";
    if !Path::new(path).exists() {
        return;
    }
    let content = std::fs::read(path).unwrap();
    let from_file = nimstream(&["solve", "fibonacci", path], b"");
    let from_stdin = nimstream(&["solve", "fibonacci", "-"], &content);
    assert_eq!(from_file.status.code(), from_stdin.status.code());
    assert_eq!(from_file.stdout, from_stdin.stdout);
    assert_eq!(
        stderr(&from_file).replace(path, "<stdin>"),
        stderr(&from_stdin)
    );
    // The command line's NULs are the first thing a reader of it meets.
    let output = nimstream(&["solve", "wythoff", "/proc/self/cmdline"], b"");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn empty_words_are_refused() {
    for words in [",", "Yes,", ",No", "Yes", "a,b,c"] {
        let output = nimstream(&["solve", "nim", "--words", words], b"1\n1\n1\n");
        assert_eq!(output.status.code(), Some(2), "{words}");
        assert!(stderr(&output).contains("two non-empty words"), "{words}");
    }
}

#[test]
fn help_describes_every_option_and_the_exit_statuses() {
    for command in ["solve", "gen", "validate"] {
        let output = nimstream(&[command, "--help"], b"");
        let help = stdout(&output);
        assert!(help.contains("Exit status"), "{command}: {help}");
        let lines: Vec<&str> = help.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if !line.trim_start().starts_with("--") {
                continue;
            }
            // The text follows the flag, or (when long) is on the next line.
            let beside = line
                .split("  ")
                .filter(|part| !part.trim().is_empty())
                .count()
                > 1;
            let below = lines
                .get(i + 1)
                .is_some_and(|next| !next.trim().is_empty() && !next.trim_start().starts_with('-'));
            assert!(beside || below, "{command}: no help text for {line:?}");
        }
    }
}

/// The lines of `help` under the heading `heading`, to the next heading.
fn help_section<'a>(help: &'a str, heading: &str) -> Vec<&'a str> {
    help.lines()
        .skip_while(|line| *line != heading)
        .skip(1)
        .take_while(|line| line.is_empty() || line.starts_with(' '))
        .collect()
}

#[test]
fn every_help_lists_the_global_options_apart() {
    let commands = [
        "solve",
        "gen",
        "validate",
        "problems",
        "grundy",
        "completions",
        "man",
    ];
    for command in commands {
        let output = nimstream(&[command, "--help"], b"");
        assert!(output.status.success(), "{command}: {}", stderr(&output));
        let help = stdout(&output);
        let flags = |heading| -> Vec<&str> {
            help_section(help, heading)
                .into_iter()
                .filter_map(|line| line.trim_start().split([' ', ',']).next())
                .filter(|word| word.starts_with('-'))
                .collect()
        };
        let global = flags("Global options:");
        assert!(
            global.contains(&"-q") && global.contains(&"--color"),
            "{command}: {help}"
        );
        let own = flags("Options:");
        assert!(own.contains(&"-h"), "{command}: {help}");
        assert!(
            !own.contains(&"-q") && !own.contains(&"--color"),
            "{command}: {help}"
        );
    }
}

#[test]
fn gen_names_the_flags_it_objects_to() {
    let output = nimstream(
        &["gen", "bash", "--second-min", "5", "--second-max", "1"],
        b"",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--second-min 5 exceeds --second-max 1"),
        "{}",
        stderr(&output)
    );
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().to_str().unwrap();
    // (solve and validate read a folder's inputs; gen writes one file.)
    let gen = nimstream(&["gen", "nim", "-o", dir], b"");
    assert_eq!(gen.status.code(), Some(2));
    assert_eq!(stderr(&gen), format!("nimstream: {dir}: is a directory\n"));
}

/// The pairs `a b` of `gen hdu2177 ARGS`, without the closing `0 0`.
fn hdu2177_pairs(args: &[&str]) -> Vec<(u64, u64)> {
    let head = ["gen", "hdu2177", "--cases", "200", "--seed", "5"];
    let output = nimstream(&[&head[..], args].concat(), b"");
    assert!(output.status.success(), "{args:?}: {}", stderr(&output));
    let valid = nimstream(&["validate", "hdu2177", "-"], &output.stdout);
    assert!(valid.status.success(), "{args:?}: {}", stderr(&valid));
    let text = stdout(&output);
    let pairs: Vec<(u64, u64)> = text
        .strip_suffix("0 0\n")
        .unwrap()
        .lines()
        .map(|line| {
            let (a, b) = line.split_once(' ').unwrap();
            (a.parse().unwrap(), b.parse().unwrap())
        })
        .collect();
    assert_eq!(pairs.len(), 200, "{text}");
    pairs
}

#[test]
fn gen_hdu2177_bounds_both_piles_by_min_and_max() {
    let pairs = hdu2177_pairs(&["--max", "10"]);
    assert!(pairs.iter().all(|&(a, b)| a <= b && b <= 10), "{pairs:?}");
    let pairs = hdu2177_pairs(&["--min", "100", "--max", "300"]);
    let within = |x: u64| (100..=300).contains(&x);
    assert!(
        pairs.iter().all(|&(a, b)| within(a) && within(b)),
        "{pairs:?}"
    );
    // --second-min and --second-max still bound b alone.
    let pairs = hdu2177_pairs(&["--max", "10", "--second-max", "1000"]);
    assert!(pairs.iter().all(|&(a, _)| a <= 10), "{pairs:?}");
    assert!(pairs.iter().any(|&(_, b)| b > 10), "{pairs:?}");
}

#[test]
fn gen_past_the_limits_warns_and_validate_accepts_with_the_flag_named() {
    let output = nimstream(&["gen", "nim", "--cases", "20"], b"");
    assert!(output.status.success());
    let err = stderr(&output);
    assert!(
        err.contains("T = 20 is outside Luogu P2197's limits [1, 10]"),
        "{err}"
    );
    assert!(err.contains("--cases-max 20"), "{err}");
    let rejected = nimstream(&["validate", "nim", "-"], &output.stdout);
    assert_eq!(rejected.status.code(), Some(1));
    let accepted = nimstream(
        &["validate", "nim", "-", "--cases-max", "20"],
        &output.stdout,
    );
    assert_eq!(accepted.status.code(), Some(0), "{}", stderr(&accepted));
    let quiet = nimstream(&["gen", "nim", "--cases", "10"], b"");
    assert_eq!(stderr(&quiet), "");
}

#[cfg(unix)]
#[test]
fn writing_to_a_file_needs_no_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases.in");
    let values = dir.path().join("values.txt");
    for script in [
        format!("exec \"$N\" gen nim --cases 2 -o '{}' >&-", cases.display()),
        format!(
            "exec \"$N\" grundy kayles --values 5 --out '{}' >&-",
            values.display()
        ),
    ] {
        let output = shell(&script);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{script}: {}",
            stderr(&output)
        );
    }
    let gen = nimstream(&["gen", "nim", "--cases", "2"], b"");
    assert_eq!(std::fs::read(&cases).unwrap(), gen.stdout);
    assert_eq!(std::fs::read_to_string(&values).unwrap(), "0\n1\n2\n3\n1\n");
}

#[test]
fn arguments_in_the_wrong_order_say_the_problem_comes_first() {
    let sample = testdata("lasker-hdu3032.in");
    let sample = sample.to_str().unwrap();
    for (args, usage) in [
        (
            vec!["solve", sample, "lasker"],
            "nimstream solve PROBLEM FILE",
        ),
        (
            vec!["validate", sample, "lasker"],
            "nimstream validate PROBLEM FILE",
        ),
        // The file need not exist: the problem after it is enough to tell.
        (
            vec!["solve", "no-such.in", "lasker"],
            "nimstream solve PROBLEM FILE",
        ),
        (vec!["gen", sample, "--cases", "2"], "nimstream gen PROBLEM"),
    ] {
        let output = nimstream(&args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&output),
            format!(
                "nimstream: '{}' is not a problem or rule; the problem comes first: {usage}\n",
                args[1]
            ),
            "{args:?}"
        );
    }
    // A misspelt problem is still answered with the name it meant.
    let output = nimstream(&["solve", "laskr", sample], b"");
    assert!(
        stderr(&output).contains("did you mean 'lasker'?"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_top_level_exit_statuses_name_every_command_with_a_negative_finding() {
    let top = nimstream(&["--help"], b"");
    let top = stdout(&top);
    let exit = top
        .split("Exit status")
        .nth(1)
        .and_then(|rest| rest.split("EXAMPLES").next())
        .unwrap_or_else(|| panic!("no exit status in {top}"))
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for command in [
        "solve", "validate", "judge", "grundy", "misere", "check", "interact",
    ] {
        let own = nimstream(&[command, "--help"], b"");
        let own = stdout(&own)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let has_one = own.contains(" 1 when") || own.contains(" 1 if") || own.contains(" 1 wrong");
        assert!(has_one, "{command}'s help gives no exit status 1: {own}");
        assert!(exit.contains(command), "{command} is missing from: {exit}");
    }
}

/// The problems `solve --help` names as refused with `--move`.
fn refused_in_help() -> std::collections::BTreeSet<String> {
    let help = nimstream(&["solve", "--help"], b"");
    let text = stdout(&help)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let from = text.find("Not for").expect("--move's refusals");
    let to = from + text[from..].find("--").unwrap_or(text.len() - from);
    text[from..to]
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| word.len() > 3 && word.chars().any(|c| c.is_ascii_digit()))
        .map(String::from)
        .collect()
}

#[test]
fn solve_help_names_every_problem_that_refuses_move() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("case.in");
    let input = input.to_str().unwrap();
    let listing = nimstream(&["problems"], b"");
    let listing = stdout(&listing);
    let mut refused = std::collections::BTreeSet::new();
    for name in listing
        .lines()
        .filter_map(|line| line.split([' ', ':']).next())
    {
        let gen = nimstream(&["gen", name, "--cases", "1", "-o", input], b"");
        if !gen.status.success() {
            continue; // a family such as `bounded` needs its parameter
        }
        let solve = nimstream(&["solve", name, "--move", input], b"");
        if solve.status.code() == Some(2) {
            refused.insert(name.to_string());
        }
    }
    assert!(refused.len() > 5, "{refused:?}");
    assert_eq!(refused_in_help(), refused);
}

#[test]
fn an_out_dir_that_is_a_file_is_not_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "").unwrap();
    let input = dir.path().join("case.in");
    std::fs::write(&input, "1\n2\n1 2\n").unwrap();
    let (file, input) = (file.to_str().unwrap(), input.to_str().unwrap());
    for args in [
        vec!["solve", "nim", input, "--out-dir", file],
        vec!["package", "nim", file],
    ] {
        let run = nimstream(&args, b"");
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&run).contains("not a directory"),
            "{args:?}: {}",
            stderr(&run)
        );
    }
}

#[test]
fn a_judge_command_without_its_separator_gets_a_hint() {
    let run = nimstream(&["judge", "misere", "tests", "./sol"], b"");
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("nimstream judge misere tests -- ./sol"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn a_stress_out_dir_that_is_a_file_is_not_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "").unwrap();
    // `false` answers nothing: the first test fails, and its files go to
    // --out-dir.
    let run = nimstream(
        &[
            "judge",
            "nim",
            "--stress",
            "--cases",
            "3",
            "--out-dir",
            file.to_str().unwrap(),
            "--",
            "false",
        ],
        b"",
    );
    assert_eq!(
        run.status.code(),
        Some(2),
        "{}{}",
        stdout(&run),
        stderr(&run)
    );
    assert!(stderr(&run).contains("not a directory"), "{}", stderr(&run));
}
