//! The C++ solutions of `src/package/solutions/` for the first half of the
//! catalogue (nim to wythoff, hdu2176, hdu1850, poj3922, hdu1536, hdu1848,
//! poj2975 and hdu5795), which a problem package submits to the judge: each
//! accepted one prints exactly `nimstream solve`'s answers on the problem's
//! sample and on generated files up to the problem's limits; each
//! wrong_answer one differs from `solve` on a file named here and agrees on
//! one that avoids its bug; each time_limit_exceeded one answers right on a
//! small file (its slowness on the largest files is not run here).
//!
//! The solutions are compiled with `g++ -O2 -std=c++17` once per test
//! process by [`cpp_program`], and run under `programs::run`'s timeout.

use std::path::{Path, PathBuf};

use crate::common::{nimstream, stderr, stdout};
use crate::programs::{cpp_program, run};

/// The path of the testdata sample NAME.in.
fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(format!("{name}.in"))
}

/// Writes `nimstream gen PROBLEM ARGS` to a file in `folder`.
fn generate(folder: &Path, problem: &str, args: &[&str]) -> PathBuf {
    let file = folder.join(format!("{problem} {}.in", args.join(" ")));
    let mut gen = vec!["gen", "--quiet", problem, "-o", file.to_str().unwrap()];
    gen.extend_from_slice(args);
    let output = nimstream(&gen, b"");
    assert!(
        output.status.success(),
        "gen {problem} {args:?}: {}",
        stderr(&output)
    );
    file
}

/// Writes `text` to a file in `folder`, as a test written by hand, after
/// checking that `validate PROBLEM` accepts it: the solutions answer valid
/// inputs only.
fn write_valid(folder: &Path, problem: &str, text: &str) -> PathBuf {
    let file = folder.join(format!("{problem} {}.in", text.replace(['\n', ' '], "_")));
    std::fs::write(&file, text).unwrap();
    let output = nimstream(&["validate", problem, file.to_str().unwrap()], b"");
    assert!(
        output.status.success(),
        "validate {problem} on {text:?}: {}",
        stderr(&output)
    );
    file
}

/// `nimstream solve PROBLEM SOLVE_ARGS` on `input`: the expected answers.
fn solve(problem: &str, solve_args: &[&str], input: &Path) -> String {
    let mut args = vec!["solve", problem];
    args.extend_from_slice(solve_args);
    args.push(input.to_str().unwrap());
    let output = nimstream(&args, b"");
    assert!(output.status.success(), "solve: {}", stderr(&output));
    stdout(&output).to_string()
}

/// One solution and how to check it: its file, its problem, the options
/// that `gen` and `solve` need for the problem (bounded's `--max-take K`,
/// which the solution gets as `-DMAX_TAKE=K`), and `gen`'s arguments for
/// the sweep of seeds in [`Solution::agrees_on_generated`].
struct Solution<'a> {
    name: &'a str,
    problem: &'a str,
    options: &'a [&'a str],
    defines: &'a [&'a str],
    sweep: &'a [&'a str],
}

impl<'a> Solution<'a> {
    fn new(name: &'a str, problem: &'a str) -> Self {
        Solution {
            name,
            problem,
            options: &[],
            defines: &[],
            sweep: &[],
        }
    }

    /// What the solution prints on `input`, asserting that it exits with
    /// status 0.
    fn answers(&self, input: &Path) -> String {
        let output = run(&cpp_program(self.name, self.defines), input);
        assert!(
            output.status.success(),
            "{} on {}: {}: {}",
            self.name,
            input.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    }

    fn expected(&self, input: &Path) -> String {
        solve(self.problem, self.options, input)
    }

    /// Asserts that the solution prints exactly `solve`'s answers.
    fn agrees(&self, input: &Path) {
        let found = self.answers(input);
        assert!(
            found == self.expected(input),
            "{} on {}: not solve's answers",
            self.name,
            input.display()
        );
    }

    /// Asserts that the solution's answers are not `solve`'s.
    fn differs(&self, input: &Path) {
        let found = self.answers(input);
        assert!(
            found != self.expected(input),
            "{} on {}: solve's answers, where its bug should show",
            self.name,
            input.display()
        );
    }

    /// `gen PROBLEM OPTIONS ARGS` into `folder`.
    fn generate(&self, folder: &Path, args: &[&str]) -> PathBuf {
        let mut all = self.options.to_vec();
        all.extend_from_slice(args);
        generate(folder, self.problem, &all)
    }

    /// Asserts agreement on the file of each `gen` call, and on seeds 1 to
    /// 3 with every case lost, every case won and half of each.
    fn agrees_on_generated(&self, calls: &[&[&str]]) {
        let folder = tempfile::tempdir().unwrap();
        for seed in ["1", "2", "3"] {
            for losing in ["0", "1", "0.5"] {
                let mut args = self.sweep.to_vec();
                args.extend_from_slice(&["--seed", seed, "--losing", losing]);
                self.agrees(&self.generate(folder.path(), &args));
            }
        }
        for args in calls {
            self.agrees(&self.generate(folder.path(), args));
        }
    }
}

fn accepted<'a>(name: &'a str) -> Solution<'a> {
    Solution {
        name: match name {
            "nim" => "accepted/nim",
            "lasker" => "accepted/lasker",
            "misere" => "accepted/misere",
            "bounded" => "accepted/bounded",
            "bash" => "accepted/bash",
            "fibonacci" => "accepted/fibonacci",
            "kmultiple" => "accepted/kmultiple",
            "wythoff" => "accepted/wythoff",
            "hdu2176" => "accepted/hdu2176",
            "hdu1850" => "accepted/hdu1850",
            "poj3922" => "accepted/poj3922",
            "hdu1536" => "accepted/hdu1536",
            "hdu1848" => "accepted/hdu1848",
            "poj2975" => "accepted/poj2975",
            "hdu5795" => "accepted/hdu5795",
            _ => panic!("no accepted solution of {name} in this module"),
        },
        ..Solution::new("", name)
    }
}

#[test]
fn accepted_solutions_answer_the_samples_as_solve() {
    for (problem, stem) in [
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
    ] {
        accepted(problem).agrees(&sample(stem));
    }
    let bounded = Solution {
        options: &["--max-take", "3"],
        defines: &["-DMAX_TAKE=3"],
        ..accepted("bounded")
    };
    bounded.agrees(&sample("bounded-k3"));
}

/// T = 10 cases of N = 10^4 heaps, heaps of 9990 to 9999, of 0 and 1, and
/// single heaps.
#[test]
fn nim_accepted_answers_as_solve_up_to_the_limits() {
    accepted("nim").agrees_on_generated(&[
        &["--cases", "10", "--heaps", "10000", "--seed", "4"],
        &["--cases", "10", "--heaps", "10000", "--min", "9990"],
        &["--cases", "10", "--heaps", "7", "--max", "1"],
        &["--cases", "10", "--heaps", "1", "--min", "0", "--max", "3"],
    ]);
}

/// N = 10^6 heaps near 2^31 - 1 (whose Grundy values reach 2^31), T = 100
/// cases, the single heap 2^31 - 1, and small heaps of every residue mod 4.
#[test]
fn lasker_accepted_answers_as_solve_up_to_the_limits() {
    accepted("lasker").agrees_on_generated(&[
        &["--cases", "1", "--heaps", "1000000", "--min", "2147480000"],
        &["--cases", "100", "--heaps", "2", "--min", "2147483640"],
        &[
            "--cases",
            "100",
            "--heaps",
            "1",
            "--min",
            "2147483647",
            "--losing",
            "0",
        ],
        &["--cases", "100", "--heaps", "100", "--max", "12"],
    ]);
}

/// T = 474 cases of N = 47 heaps up to 4747, and the all-ones cases of
/// either parity (won with an even count, lost with an odd one).
#[test]
fn misere_accepted_answers_as_solve_up_to_the_limits() {
    accepted("misere").agrees_on_generated(&[
        &["--cases", "474", "--heaps", "47", "--seed", "4"],
        &[
            "--cases", "474", "--heaps", "47", "--min", "4700", "--losing", "0",
        ],
        &["--cases", "474", "--heaps", "1"],
        &[
            "--cases", "474", "--heaps", "46", "--max", "1", "--losing", "0",
        ],
        &[
            "--cases", "474", "--heaps", "47", "--max", "1", "--losing", "1",
        ],
        &[
            "--cases", "474", "--heaps", "3", "--max", "2", "--losing", "0",
        ],
    ]);
}

/// K = 1, 3, 100 and 10^4 (past every heap: plain Nim), at the limits.
#[test]
fn bounded_accepted_answers_as_solve_up_to_the_limits() {
    for (k, define) in [
        ("1", "-DMAX_TAKE=1"),
        ("3", "-DMAX_TAKE=3"),
        ("100", "-DMAX_TAKE=100"),
        ("10000", "-DMAX_TAKE=10000"),
    ] {
        let options = ["--max-take", k];
        let defines = [define];
        let bounded = Solution {
            options: &options,
            defines: &defines,
            ..accepted("bounded")
        };
        bounded.agrees_on_generated(&[
            &["--cases", "10", "--heaps", "10000", "--min", "9000"],
            &[
                "--cases", "10", "--heaps", "10000", "--min", "9990", "--losing", "0",
            ],
            &["--cases", "10", "--heaps", "5", "--min", "0", "--max", "8"],
        ]);
    }
}

#[test]
fn bash_accepted_answers_as_solve_up_to_the_limits() {
    accepted("bash").agrees_on_generated(&[
        &["--cases", "100", "--min", "990", "--second-min", "990"],
        &["--cases", "100", "--max", "10", "--second-max", "10"],
        &["--cases", "100", "--second-max", "1"],
        &["--cases", "100", "--min", "1000", "--second-min", "999"],
    ]);
}

/// n up to 2^31 - 1, and written out: the Fibonacci numbers 2, 3 and
/// 1836311903 (the largest below 2^31) with their neighbours.
#[test]
fn fibonacci_accepted_answers_as_solve_up_to_the_limits() {
    let fibonacci = accepted("fibonacci");
    fibonacci.agrees_on_generated(&[
        &["--cases", "1000", "--min", "2147480000", "--losing", "0"],
        &["--cases", "1000", "--min", "1000000000"],
        &["--cases", "1000", "--max", "100"],
    ]);
    let folder = tempfile::tempdir().unwrap();
    let edges = "2\n3\n4\n1836311902\n1836311903\n1836311904\n2147483647\n0\n";
    let edges = write_valid(folder.path(), "fibonacci", edges);
    assert_eq!(
        fibonacci.expected(&edges),
        "Second win\nSecond win\nFirst win\nFirst win\nSecond win\nFirst win\nFirst win\n"
    );
    fibonacci.agrees(&edges);
}

/// T = 20 cases of n near 10^8 with k = 1, 2, 7 and 10^5 (k = 10^5 has the
/// longest sequence): won piles from 99 * 10^6, lost ones from 5 * 10^7
/// (for k = 1, the powers of 2, any); small piles, where n <= k + 1 is lost.
/// The sweep of seeds keeps k <= 1000: 20 sequences of k up to 10^5 each
/// take a debug `solve` 0.6 s.
fn k_multiple_answers_as_solve_up_to_the_limits(solution: Solution) {
    let solution = Solution {
        sweep: &["--second-max", "1000"],
        ..solution
    };
    solution.agrees_on_generated(&[
        &["--cases", "20", "--seed", "4"],
        &["--cases", "20", "--max", "300", "--second-max", "20"],
    ]);
    let folder = tempfile::tempdir().unwrap();
    for k in ["1", "2", "7", "100000"] {
        for (losing, min) in [("0", "99000000"), ("1", "50000000")] {
            let min = if k == "1" && losing == "1" { "2" } else { min };
            let near_the_limit = [
                "--cases",
                "20",
                "--min",
                min,
                "--second-min",
                k,
                "--second-max",
                k,
                "--losing",
                losing,
            ];
            solution.agrees(&solution.generate(folder.path(), &near_the_limit));
        }
    }
    let edges = "5\n100000000 100000\n100000000 1\n2 1\n100001 100000\n100002 100000\n";
    solution.agrees(&write_valid(folder.path(), solution.problem, edges));
}

#[test]
fn kmultiple_accepted_answers_as_solve_up_to_the_limits() {
    k_multiple_answers_as_solve_up_to_the_limits(accepted("kmultiple"));
}

#[test]
fn poj3922_accepted_answers_as_solve_up_to_the_limits() {
    k_multiple_answers_as_solve_up_to_the_limits(accepted("poj3922"));
}

/// 10^5 pairs up to 10^9, pairs at a = 10^9, small pairs, and written out:
/// pairs with 0, the largest lost pairs within 10^9, and the lost pairs at
/// gaps k = 102334155 and 370248451 (the first and the last of the 14 within
/// the limits where floor(k * phi) in doubles is one too many), with a
/// neighbour.
#[test]
fn wythoff_accepted_answers_as_solve_up_to_the_limits() {
    let wythoff = accepted("wythoff");
    wythoff.agrees_on_generated(&[
        &["--cases", "100000", "--seed", "5"],
        &["--cases", "1000", "--min", "1000000000", "--losing", "0"],
        &["--cases", "1000", "--max", "100", "--second-max", "100"],
    ]);
    let folder = tempfile::tempdir().unwrap();
    let edges = "0 0\n0 1\n1 2\n2 1\n618033988 999999999\n999999996 618033986\n\
                 165580140 267914295\n267914295 165580140\n165580141 267914296\n\
                 969323028 599074577\n599074578 969323029\n1000000000 1000000000\n\
                 0 1000000000\n";
    let edges = write_valid(folder.path(), "wythoff", edges);
    assert_eq!(
        wythoff.expected(&edges),
        "0\n1\n0\n0\n0\n0\n0\n0\n1\n0\n1\n1\n1\n"
    );
    wythoff.agrees(&edges);
}

/// m = 2 * 10^5 heaps near 2^31 - 1, several cases, equal heaps (each gets
/// its line), and small heaps.
#[test]
fn hdu2176_accepted_answers_as_solve_up_to_the_limits() {
    let hdu2176 = accepted("hdu2176");
    hdu2176.agrees_on_generated(&[
        &["--cases", "2", "--heaps", "200000", "--min", "2147400000"],
        &["--cases", "100", "--heaps", "5", "--max", "7"],
        &["--cases", "100", "--heaps", "1", "--losing", "0"],
    ]);
    let folder = tempfile::tempdir().unwrap();
    let equal = write_valid(folder.path(), "hdu2176", "3 5 5 1\n1 2147483647\n0\n");
    assert_eq!(
        hdu2176.expected(&equal),
        "Yes\n5 4\n5 4\n1 0\nYes\n2147483647 0\n"
    );
    hdu2176.agrees(&equal);
}

#[test]
fn hdu1850_accepted_answers_as_solve_up_to_the_limits() {
    accepted("hdu1850").agrees_on_generated(&[
        &["--cases", "100", "--heaps", "100", "--min", "999000"],
        &["--cases", "100", "--heaps", "2", "--max", "4"],
    ]);
}

#[test]
fn poj2975_accepted_answers_as_solve_up_to_the_limits() {
    accepted("poj2975").agrees_on_generated(&[
        &["--cases", "100", "--heaps", "1000", "--min", "990000000"],
        &[
            "--cases",
            "100",
            "--heaps",
            "1000",
            "--min",
            "999000000",
            "--losing",
            "0",
        ],
        &[
            "--cases", "100", "--heaps", "1", "--max", "4", "--losing", "0",
        ],
        &[
            "--cases", "100", "--heaps", "3", "--max", "4", "--losing", "0",
        ],
    ]);
}

/// Sets of 100 removals up to 10^4, 100 positions of 100 heaps up to 10^4,
/// sets of one removal, and small heaps with heaps of 0.
#[test]
fn hdu1536_accepted_answers_as_solve_up_to_the_limits() {
    accepted("hdu1536").agrees_on_generated(&[
        &[
            "--cases",
            "3",
            "--set-size",
            "100",
            "--positions",
            "100",
            "--heaps",
            "100",
            "--min",
            "9900",
            "--losing",
            "1",
        ],
        &[
            "--cases",
            "3",
            "--set-size",
            "100",
            "--positions",
            "100",
            "--heaps",
            "100",
            "--min",
            "9000",
            "--losing",
            "0",
        ],
        &[
            "--cases",
            "3",
            "--set-size",
            "100",
            "--positions",
            "100",
            "--heaps",
            "100",
        ],
        &[
            "--cases",
            "10",
            "--set-size",
            "1",
            "--max",
            "30",
            "--second-max",
            "5",
        ],
        &[
            "--cases",
            "10",
            "--set-size",
            "3",
            "--max",
            "20",
            "--second-max",
            "5",
        ],
    ]);
}

#[test]
fn hdu1848_accepted_answers_as_solve_up_to_the_limits() {
    accepted("hdu1848").agrees_on_generated(&[
        &["--cases", "1000", "--min", "900"],
        &["--cases", "1000", "--max", "10"],
    ]);
}

/// N = 10^6 heaps near 10^9, and small heaps of every residue mod 8.
#[test]
fn hdu5795_accepted_answers_as_solve_up_to_the_limits() {
    accepted("hdu5795").agrees_on_generated(&[
        &["--cases", "1", "--heaps", "1000000", "--min", "999990000"],
        &["--cases", "100", "--heaps", "3", "--max", "17"],
        &[
            "--cases",
            "100",
            "--heaps",
            "1",
            "--min",
            "999999990",
            "--losing",
            "0",
        ],
    ]);
}

fn wrong_answer<'a>(name: &'a str, problem: &'a str) -> Solution<'a> {
    Solution::new(name, problem)
}

#[test]
fn nim_no_reset_is_wrong_after_a_case_with_a_nonzero_xor() {
    let solution = wrong_answer("wrong_answer/nim-no-reset", "nim");
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    solution.differs(&solution.generate(folder, &["--cases", "10", "--seed", "2"]));
    solution.agrees(&solution.generate(folder, &["--cases", "1", "--seed", "2"]));
    // The first case leaves xor 1 behind, which the lost second case takes.
    solution.differs(&write_valid(folder, "nim", "2\n1\n1\n3\n1 1 1\n"));
}

#[test]
fn lasker_swapped_residues_is_wrong_on_residues_0_and_3() {
    let solution = wrong_answer("wrong_answer/lasker-swapped-residues", "lasker");
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    solution.differs(&solution.generate(folder, &["--cases", "100", "--heaps", "100"]));
    // 1 and 2 mod 4 only: heaps 4k+1 and 4k+2 for k up to 3.
    let no_swap = "3\n4\n1 2 5 6\n3\n9 10 13\n2\n14 14\n";
    solution.agrees(&write_valid(folder, "lasker", no_swap));
    // Values 4 ^ 2 (a win), where the swapped values are 2 ^ 2.
    solution.differs(&write_valid(folder, "lasker", "1\n2\n3 2\n"));
}

#[test]
fn lasker_int_overflow_is_wrong_on_a_heap_of_2_pow_31_minus_1() {
    let solution = wrong_answer("wrong_answer/lasker-int-overflow", "lasker");
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let largest = [
        "--cases",
        "10",
        "--heaps",
        "1",
        "--min",
        "2147483647",
        "--losing",
        "0",
    ];
    solution.differs(&solution.generate(folder, &largest));
    let below = ["--cases", "100", "--heaps", "100", "--max", "2147483646"];
    solution.agrees(&solution.generate(folder, &below));
    solution.differs(&write_valid(folder, "lasker", "1\n1\n2147483647\n"));
}

#[test]
fn misere_no_all_ones_is_wrong_only_on_all_ones_cases() {
    let solution = wrong_answer("wrong_answer/misere-no-all-ones", "misere");
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let even_ones = [
        "--cases", "10", "--heaps", "4", "--max", "1", "--losing", "0",
    ];
    solution.differs(&solution.generate(folder, &even_ones));
    let no_ones = ["--cases", "474", "--heaps", "47", "--min", "2"];
    solution.agrees(&solution.generate(folder, &no_ones));
    // One heap of 1: the first player must take it, and loses.
    solution.differs(&write_valid(folder, "misere", "1\n1\n1\n"));
}

/// Doubles misjudge 14 gaps k of pairs within 10^9, from k = 102334155: the
/// lost pair (165580140, 267914295) and the won (165580141, 267914296).
#[test]
fn wythoff_float_phi_is_wrong_at_gap_102334155() {
    let solution = wrong_answer("wrong_answer/wythoff-float-phi", "wythoff");
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    let below = [
        "--cases",
        "10000",
        "--max",
        "100000000",
        "--second-max",
        "100000000",
    ];
    solution.agrees(&solution.generate(folder, &below));
    solution.differs(&write_valid(folder, "wythoff", "165580140 267914295\n"));
    solution.differs(&write_valid(folder, "wythoff", "165580141 267914296\n"));
}

#[test]
fn hdu2176_moves_unordered_is_wrong_when_winning_heaps_decrease() {
    let solution = wrong_answer("wrong_answer/hdu2176-moves-unordered", "hdu2176");
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    solution.differs(&solution.generate(folder, &["--cases", "10", "--heaps", "100"]));
    // Lost cases list no move, so there is nothing to put out of order.
    let lost = ["--cases", "10", "--heaps", "100", "--losing", "1"];
    solution.agrees(&solution.generate(folder, &lost));
    solution.differs(&write_valid(folder, "hdu2176", "3 10 9 8\n0\n"));
}

/// The slow solutions' answers are right (their fault is time alone), on
/// files where they are still quick.
#[test]
fn time_limit_exceeded_solutions_answer_small_files_right() {
    let folder = tempfile::tempdir().unwrap();
    let folder = folder.path();
    for (name, problem, args) in [
        (
            "time_limit_exceeded/lasker-quadratic",
            "lasker",
            &["--cases", "10", "--heaps", "1000", "--max", "300"][..],
        ),
        (
            "time_limit_exceeded/misere-brute-force",
            "misere",
            &["--cases", "100", "--heaps", "3", "--max", "3"][..],
        ),
        (
            "time_limit_exceeded/wythoff-linear-search",
            "wythoff",
            &[
                "--cases",
                "100",
                "--max",
                "100000",
                "--second-max",
                "100000",
            ][..],
        ),
        (
            "time_limit_exceeded/hdu2176-quadratic",
            "hdu2176",
            &["--cases", "10", "--heaps", "1000"][..],
        ),
    ] {
        let solution = Solution::new(name, problem);
        for losing in ["0", "1", "0.5"] {
            let mut all = args.to_vec();
            all.extend_from_slice(&["--losing", losing]);
            solution.agrees(&solution.generate(folder, &all));
        }
    }
}
