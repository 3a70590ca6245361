//! Contestant programs for judging: the C programs of `tests/suite/programs/`
//! (listed with their bugs in its README.md), built with `cc -O2` once per
//! test process by [`program`], and run by [`run`] under a timeout.
//!
//! The tests here need no judge. They check the programs themselves, so that
//! a judge's test can rely on them: each right program answers exactly as
//! `nimstream solve` on the problem's sample and on generated files up to
//! the problem's limits; each program wrong in its answers differs from
//! `solve` on a generated file named here, and agrees with it on a file that
//! avoids its bug (the bug alone decides); each small bug already shows on a
//! hand-written file of at most 2 cases and 3 heaps or pairs, which a
//! shrinker can therefore reach. The programs that loop, fork, write or
//! allocate without end are not run here: the judge runs them under limits.

use std::collections::HashMap;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::{Mutex, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use crate::common::{nimstream, stderr, stdout};

/// How long a program may run in [`run`] before it is killed: far above
/// what the programs run here need, even in a loaded debug test run.
const RUN_TIMEOUT: Duration = Duration::from_secs(20);

/// The executable of `tests/suite/programs/NAME.c` (or of `NAME.c` when
/// NAME is a path from the crate's root, such as `bench/fread_lasker`),
/// compiled with `cc -O2` into the tests' temporary folder on the first
/// call for NAME in this process. Panics with cc's message when it cannot
/// be compiled: the tests need cc, and skipping them would hide the
/// judge's tests.
pub fn program(name: &str) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(match name.contains('/') {
        // A path from the crate's root: the benchmarks' C readers.
        true => format!("{name}.c"),
        false => format!("tests/suite/programs/{name}.c"),
    });
    built(&source, &["cc", "-O2"], &[], &name.replace('/', "-"))
}

/// The executable of `src/package/solutions/NAME.cpp` (NAME such as
/// `accepted/nim`), compiled with `g++ -O2 -std=c++17` and `defines` (such
/// as `-DMAX_TAKE=5`), as [`program`] compiles C: once per process, and
/// a panic with g++'s message when it cannot be compiled (the package
/// ships these solutions).
pub fn cpp_program(name: &str, defines: &[&str]) -> PathBuf {
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/package/solutions")
        .join(format!("{name}.cpp"));
    let file_name = format!("{}{}", name.replace('/', "-"), defines.concat());
    built(&source, &["g++", "-O2", "-std=c++17"], defines, &file_name)
}

/// `source` compiled by `compiler` with `flags` into `file_name` in the
/// tests' temporary folder, on the first call for that name in this
/// process.
fn built(source: &Path, compiler: &[&str], flags: &[&str], file_name: &str) -> PathBuf {
    static BUILT: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    // A test that panicked while holding the lock cannot have left a wrong
    // entry (entries are added once compiled), so a poisoned map is usable.
    let mut built = BUILT
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(path) = built.get(file_name) {
        return path.clone();
    }
    let path = compile(source, compiler, flags, file_name);
    built.insert(file_name.to_string(), path.clone());
    path
}

/// Compiles `source` under a name of this process's own, then renames it
/// into place, so that test processes running at once never run a
/// half-written executable.
fn compile(source: &Path, compiler: &[&str], flags: &[&str], file_name: &str) -> PathBuf {
    assert!(source.is_file(), "no program {}", source.display());
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("programs");
    std::fs::create_dir_all(&folder).unwrap();
    let executable = folder.join(file_name);
    let partial = folder.join(format!("{file_name}.{}.partial", std::process::id()));
    let compiled = Command::new(compiler[0])
        .args(&compiler[1..])
        .args(flags)
        .arg("-o")
        .arg(&partial)
        .arg(source)
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run {} on {}: {error}",
                compiler[0],
                source.display()
            )
        });
    assert!(
        compiled.status.success(),
        "{} failed on {}:\n{}",
        compiler.join(" "),
        source.display(),
        String::from_utf8_lossy(&compiled.stderr)
    );
    std::fs::rename(&partial, &executable).unwrap();
    executable
}

/// Runs `program` with standard input from the file `input`, and returns
/// what it wrote and its exit status. Panics when it runs over 20 s, after
/// killing it.
pub fn run(program: &Path, input: &Path) -> Output {
    let mut child = Command::new(program)
        .stdin(File::open(input).unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot run {}: {error}", program.display()));
    // Readers of their own, so that a full pipe cannot stop the program.
    let stdout = drain(child.stdout.take().unwrap());
    let stderr = drain(child.stderr.take().unwrap());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > RUN_TIMEOUT {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!(
                "{} ran over {RUN_TIMEOUT:?} on {}: killed",
                program.display(),
                input.display()
            );
        }
        thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// Reads `from` to its end on a thread of its own.
fn drain(mut from: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        from.read_to_end(&mut bytes).unwrap();
        bytes
    })
}

/// The path of the testdata sample NAME.in.
fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(format!("{name}.in"))
}

/// Writes `nimstream gen PROBLEM ARGS` to a file in `folder`.
pub fn generate(folder: &Path, problem: &str, args: &[&str]) -> PathBuf {
    let file = folder.join(format!("{problem} {}.in", args.join(" ")));
    let mut gen = vec!["gen", problem, "-o", file.to_str().unwrap()];
    gen.extend_from_slice(args);
    let output = nimstream(&gen, b"");
    assert!(output.status.success(), "gen {args:?}: {}", stderr(&output));
    file
}

/// Writes `text` to a file in `folder`, as a test case written by hand.
fn write(folder: &Path, text: &str) -> PathBuf {
    let file = folder.join(format!("{}.in", text.replace(['\n', ' '], "_")));
    std::fs::write(&file, text).unwrap();
    file
}

/// `nimstream solve PROBLEM` on `input`: the expected answers. Inputs past
/// the problem's limits are solved too (with a warning).
pub fn solve(problem: &str, input: &Path) -> String {
    let output = nimstream(&["solve", problem, input.to_str().unwrap()], b"");
    assert!(output.status.success(), "solve: {}", stderr(&output));
    stdout(&output).to_string()
}

/// What `name` prints on `input`, asserting that it exits with status 0.
fn answers(name: &str, input: &Path) -> String {
    let output = run(&program(name), input);
    assert!(
        output.status.success(),
        "{name} on {}: {}: {}",
        input.display(),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Asserts that `name` prints exactly `solve`'s answers on `input`.
fn agrees(name: &str, problem: &str, input: &Path) {
    assert_eq!(
        answers(name, input),
        solve(problem, input),
        "{name} on {}",
        input.display()
    );
}

/// Asserts that `name`'s answers on `input` are not `solve`'s.
fn differs(name: &str, problem: &str, input: &Path) {
    assert_ne!(
        answers(name, input),
        solve(problem, input),
        "{name} on {}",
        input.display()
    );
}

/// Asserts that `name` agrees with `solve` on the file of each `gen` call.
fn agrees_on_generated(name: &str, problem: &str, calls: &[&[&str]]) {
    let folder = tempfile::tempdir().unwrap();
    for args in calls {
        agrees(name, problem, &generate(folder.path(), problem, args));
    }
}

#[test]
fn right_programs_answer_the_samples_as_solve() {
    for (name, problem, stem) in [
        ("nim_right", "nim", "nim-p2197"),
        ("misere_right", "misere", "misere-hdu1907"),
        ("lasker_right", "lasker", "lasker-hdu3032"),
        ("bash_right", "bash", "bash-hdu1846"),
        ("wythoff_right", "wythoff", "wythoff-poj1067"),
    ] {
        agrees(name, problem, &sample(stem));
    }
}

/// Up to T = 10 cases of N = 10000 heaps of up to 9999 (seed 59 holds a win
/// whose xor is a multiple of 256, see nim_int_overflow), single heaps, heaps
/// of 0 and 1, and past the limits the 2 * 10^5 heaps that make
/// nim_quadratic too slow.
#[test]
fn nim_right_answers_as_solve_up_to_the_limits() {
    agrees_on_generated(
        "nim_right",
        "nim",
        &[
            &["--cases", "10", "--heaps", "10000", "--seed", "59"],
            &["--cases", "10", "--heaps", "10000", "--min", "9990"],
            &["--cases", "10", "--heaps", "1", "--seed", "2"],
            &["--cases", "10", "--heaps", "3", "--max", "1"],
            &["--cases", "1", "--heaps", "200000", "--losing", "1"],
        ],
    );
}

/// Up to T = 474 cases of N = 47 heaps of up to 4747, and the all-ones
/// cases of either parity.
#[test]
fn misere_right_answers_as_solve_up_to_the_limits() {
    agrees_on_generated(
        "misere_right",
        "misere",
        &[
            &["--cases", "474", "--heaps", "47", "--seed", "1"],
            &["--cases", "474", "--heaps", "1"],
            &["--cases", "474", "--heaps", "2", "--max", "2"],
            &[
                "--cases", "474", "--heaps", "4", "--max", "1", "--losing", "0",
            ],
            &[
                "--cases", "474", "--heaps", "3", "--max", "1", "--losing", "1",
            ],
        ],
    );
}

/// N = 10^6 heaps near 2^31 - 1 (whose values reach 2^31), T = 100 cases,
/// and small heaps of every residue modulo 4.
#[test]
fn lasker_right_answers_as_solve_up_to_the_limits() {
    agrees_on_generated(
        "lasker_right",
        "lasker",
        &[
            &["--cases", "1", "--heaps", "1000000", "--min", "2147480000"],
            &["--cases", "100", "--heaps", "2", "--min", "2147483640"],
            &["--cases", "100", "--heaps", "100", "--seed", "3"],
            &["--cases", "100", "--heaps", "4", "--max", "12"],
        ],
    );
}

#[test]
fn bash_right_answers_as_solve_up_to_the_limits() {
    agrees_on_generated(
        "bash_right",
        "bash",
        &[
            &["--cases", "100", "--seed", "4"],
            &["--cases", "100", "--min", "990", "--second-min", "990"],
            &["--cases", "100", "--max", "10", "--second-max", "10"],
            &["--cases", "100", "--second-max", "1"],
        ],
    );
}

/// 10^5 pairs up to 10^9, half of them lost (so floor(k * phi) is computed
/// exactly up to k = 3.8 * 10^8), pairs at a = 10^9, small pairs, and
/// written out: pairs with 0, and the two largest lost pairs within 10^9
/// (k = 381966011 and 381966010) with a neighbour that is not lost.
#[test]
fn wythoff_right_answers_as_solve_up_to_the_limits() {
    agrees_on_generated(
        "wythoff_right",
        "wythoff",
        &[
            &["--cases", "100000", "--seed", "5"],
            &["--cases", "1000", "--min", "1000000000", "--losing", "0"],
            &["--cases", "1000", "--max", "100", "--second-max", "100"],
        ],
    );
    let folder = tempfile::tempdir().unwrap();
    let edges = "0 0\n0 1\n1 0\n1 2\n2 1\n618033988 999999999\n999999996 618033986\n\
                 618033987 999999998\n1000000000 1000000000\n0 1000000000\n";
    let edges = write(folder.path(), edges);
    assert_eq!(solve("wythoff", &edges), "0\n1\n1\n0\n0\n0\n0\n1\n1\n1\n");
    agrees("wythoff_right", "wythoff", &edges);
}

#[test]
fn misere_no_all_ones_is_wrong_only_on_all_ones_cases() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let all_ones = ["--cases", "474", "--heaps", "2", "--max", "2"];
    differs(
        "misere_no_all_ones",
        "misere",
        &generate(folder, "misere", &all_ones),
    );
    let no_ones = ["--cases", "474", "--heaps", "47", "--min", "2"];
    agrees(
        "misere_no_all_ones",
        "misere",
        &generate(folder, "misere", &no_ones),
    );
    // One heap of 1: the first player must take it, and loses.
    differs("misere_no_all_ones", "misere", &write(folder, "1\n1\n1\n"));
}

#[test]
fn lasker_swapped_is_wrong_on_residues_0_and_3() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let random = ["--cases", "100", "--heaps", "100", "--seed", "6"];
    differs(
        "lasker_swapped",
        "lasker",
        &generate(folder, "lasker", &random),
    );
    // Values 4 ^ 2 (a win), where the swapped transform says 2 ^ 2.
    differs("lasker_swapped", "lasker", &write(folder, "1\n2\n3 2\n"));
}

#[test]
fn bash_off_by_one_is_wrong_on_multiples_of_m() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let random = ["--cases", "100", "--seed", "7"];
    differs(
        "bash_off_by_one",
        "bash",
        &generate(folder, "bash", &random),
    );
    // One object, take 1 to 1: the first player takes it and wins.
    differs("bash_off_by_one", "bash", &write(folder, "1\n1 1\n"));
}

#[test]
fn nim_fixed_array_is_wrong_past_100_heaps_only() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let large = ["--cases", "10", "--heaps", "10000", "--seed", "8"];
    differs("nim_fixed_array", "nim", &generate(folder, "nim", &large));
    let at_most_100 = ["--cases", "10", "--heaps", "100", "--seed", "8"];
    agrees(
        "nim_fixed_array",
        "nim",
        &generate(folder, "nim", &at_most_100),
    );
}

/// Heaps are truncated to 8 bits, and the xor of the truncated heaps is the
/// xor's low 8 bits: wrong only on a win whose xor is a multiple of 256,
/// about one random winning case in 256 (seed 59 is the first of
/// `gen nim --cases 10 --heaps 10000` to hold one).
#[test]
fn nim_int_overflow_is_wrong_on_heaps_of_256_and_more() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let large = ["--cases", "10", "--heaps", "10000", "--seed", "59"];
    differs("nim_int_overflow", "nim", &generate(folder, "nim", &large));
    let small = ["--cases", "10", "--heaps", "10000", "--max", "255"];
    agrees("nim_int_overflow", "nim", &generate(folder, "nim", &small));
    differs("nim_int_overflow", "nim", &write(folder, "1\n1\n256\n"));
}

/// Float first misjudges k = 2584 (a Fibonacci number: k * phi is within
/// 2.4e-4 of an integer, 4180.99976).
#[test]
fn wythoff_float_is_wrong_on_large_pairs() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let large = ["--cases", "1000", "--seed", "9"];
    differs(
        "wythoff_float",
        "wythoff",
        &generate(folder, "wythoff", &large),
    );
    let small = ["--cases", "1000", "--max", "2000", "--second-max", "2000"];
    agrees(
        "wythoff_float",
        "wythoff",
        &generate(folder, "wythoff", &small),
    );
    differs("wythoff_float", "wythoff", &write(folder, "4180 6764\n"));
}

/// Double first misjudges k = 102334155 (a Fibonacci number), within POJ
/// 1067's limits; right on a random draw up to them.
#[test]
fn wythoff_double_is_wrong_on_the_pair_of_a_large_fibonacci_difference() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let random = ["--cases", "1000", "--seed", "9"];
    let random = generate(folder, "wythoff", &random);
    agrees("wythoff_double", "wythoff", &random);
    let pair = write(folder, "165580140 267914295\n");
    differs("wythoff_double", "wythoff", &pair);
}

/// Plays the all-1s rule when at most one heap is above 1: wrong on one
/// heap above 1 among an odd number of 1s only.
#[test]
fn misere_big_le_one_is_wrong_on_one_big_heap_among_odd_ones() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    for heaps in [
        ["47", "--min", "2", "--seed", "1"],
        ["46", "--max", "1", "--losing", "0"],
        ["1", "--seed", "3", "--losing", "0.5"],
    ] {
        let args = [&["--cases", "474", "--heaps"][..], &heaps].concat();
        agrees(
            "misere_big_le_one",
            "misere",
            &generate(folder, "misere", &args),
        );
    }
    agrees(
        "misere_big_le_one",
        "misere",
        &write(folder, "1\n3\n5 1 1\n"),
    );
    differs("misere_big_le_one", "misere", &write(folder, "1\n2\n2 1\n"));
}

/// Answers from the first 1000 heaps of a case: right up to 1000 heaps,
/// wrong on 1000 heaps of 0 and a heap of 1.
#[test]
fn nim_first_1000_is_wrong_past_1000_heaps_only() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let at_most_1000 = ["--cases", "10", "--heaps", "1000", "--seed", "8"];
    agrees(
        "nim_first_1000",
        "nim",
        &generate(folder, "nim", &at_most_1000),
    );
    let past = folder.join("1001.in");
    std::fs::write(&past, format!("1\n1001\n{}1\n", "0 ".repeat(1000))).unwrap();
    differs("nim_first_1000", "nim", &past);
}

#[test]
fn nim_wrong_words_gives_the_right_verdicts_in_capitals() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let input = generate(folder, "nim", &["--cases", "10", "--seed", "10"]);
    let found = answers("nim_wrong_words", &input);
    let expected = solve("nim", &input);
    assert_ne!(found, expected);
    assert_eq!(found, expected.to_uppercase());
    differs("nim_wrong_words", "nim", &write(folder, "1\n1\n1\n"));
}

/// Right up to 3 heaps a case; a case of 4 heaps ends it with SIGSEGV.
#[test]
fn nim_crash_is_killed_by_a_signal_on_a_case_of_4_heaps() {
    use std::os::unix::process::ExitStatusExt;
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let small = ["--cases", "10", "--heaps", "3", "--seed", "11"];
    agrees("nim_crash", "nim", &generate(folder, "nim", &small));
    let output = run(&program("nim_crash"), &write(folder, "1\n4\n1 2 3 0\n"));
    assert_eq!(
        output.status.signal(),
        Some(libc::SIGSEGV),
        "{}",
        output.status
    );
}

#[test]
fn nim_exit_code_answers_right_and_exits_with_3() {
    let input = sample("nim-p2197");
    let output = run(&program("nim_exit_code"), &input);
    assert_eq!(output.status.code(), Some(3));
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        solve("nim", &input)
    );
}

#[test]
fn nim_silent_and_nim_no_read_exit_with_0_and_print_too_little() {
    let input = sample("nim-p2197");
    let silent = run(&program("nim_silent"), &input);
    assert!(silent.status.success());
    assert!(silent.stdout.is_empty());
    let no_read = run(&program("nim_no_read"), &input);
    assert!(no_read.status.success());
    assert_eq!(no_read.stdout, b"Yes\n");
}

/// The quadratic program's answers are right (its fault is time alone): on
/// 2000 heaps, where it is still quick, and on winning cases of any size.
#[test]
fn nim_quadratic_answers_right() {
    agrees_on_generated(
        "nim_quadratic",
        "nim",
        &[
            &["--cases", "10", "--heaps", "2000", "--seed", "12"],
            &["--cases", "10", "--heaps", "3", "--max", "3"],
        ],
    );
}
