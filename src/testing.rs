//! Helpers shared by the unit tests, the integration tests, the benchmarks
//! and the fuzz targets, so that none of them keeps its own copy. Not part
//! of the supported API.

use crate::games::{Game, GameParams};
use crate::output::VerdictWriter;
use crate::pipeline::{Job, Split};
use crate::problem::{Answer, Layout, Problem};
use crate::scan::{Kernel, Stop, Token};
use crate::Error;

/// Property-test case count: `PROPTEST_CASES` when set (CI sets it to
/// 10,000 or more), else `default`.
pub fn proptest_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// All tokens and the final stop, as `kernel` reads them one at a time.
pub fn tokens(kernel: Kernel, bytes: &[u8]) -> (Vec<Token>, Stop) {
    let mut pos = 0;
    let mut out = Vec::new();
    loop {
        match kernel.next_token(bytes, pos) {
            Ok(token) => {
                assert!(token.start >= pos && token.end > token.start && token.end <= bytes.len());
                pos = token.end;
                out.push(token);
            }
            Err(stop) => return (out, stop),
        }
    }
}

/// A way to read an input.
#[derive(Clone, Copy, Debug)]
pub enum Mode {
    /// The whole input as one slice.
    Slice(Kernel),
    /// Through a stream buffer of this many bytes.
    Stream(Kernel, usize),
    /// Split in blocks of `block` bytes on `threads` threads.
    Split(Kernel, usize, usize),
}

/// Every mode worth comparing: each kernel on a slice and through small
/// stream buffers, and many splits.
pub fn modes() -> Vec<Mode> {
    let mut modes = Vec::new();
    for k in Kernel::available() {
        modes.push(Mode::Slice(k));
        modes.push(Mode::Stream(k, 64));
        modes.push(Mode::Stream(k, 97));
    }
    let fast = Kernel::detect();
    for (threads, block) in [(1, 1), (2, 3), (3, 7), (2, 16), (2, 64), (3, 1000)] {
        modes.push(Mode::Split(fast, threads, block));
    }
    modes.push(Mode::Split(Kernel::SWAR, 2, 5));
    modes
}

/// Where an input error was reported, and what it said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorAt {
    /// The byte offset.
    pub offset: u64,
    /// The 1-based line.
    pub line: u64,
    /// The 1-based column.
    pub column: u64,
    /// The message.
    pub message: String,
}

/// What a run printed, and the input error it ended with.
pub type Outcome = (String, Option<ErrorAt>);

/// Solves `bytes` for `problem` (with `params`) in `mode`, in the
/// problem's words.
pub fn outcome(problem: &Problem, params: &GameParams, bytes: &[u8], mode: Mode) -> Outcome {
    let mut game = problem.build_game(params).expect("the game builds");
    outcome_of(problem, &mut game, bytes, mode)
}

/// [`outcome`] with a winning move after each win.
pub fn outcome_with_moves(
    problem: &Problem,
    params: &GameParams,
    bytes: &[u8],
    mode: Mode,
) -> Outcome {
    let mut game = problem.build_game(params).expect("the game builds");
    run(problem, &mut game, bytes, mode, true)
}

/// [`outcome`] with a game already built (which may carry state).
pub fn outcome_of(problem: &Problem, game: &mut Game, bytes: &[u8], mode: Mode) -> Outcome {
    run(problem, game, bytes, mode, false)
}

fn run(problem: &Problem, game: &mut Game, bytes: &[u8], mode: Mode, moves: bool) -> Outcome {
    let mut stdout = Vec::new();
    let result = {
        let mut out = VerdictWriter::for_problem(&mut stdout, &problem.verdicts);
        let mut job = Job::new(problem);
        job.moves = moves;
        let result = match mode {
            Mode::Slice(kernel) => {
                job.kernel = kernel;
                job.split = Split::Never;
                job.solve_bytes(bytes, "t", game, &mut out, &mut ())
            }
            Mode::Stream(kernel, capacity) => {
                job.kernel = kernel;
                job.solve_reader(bytes, capacity, "t", game, &mut out, &mut ())
            }
            Mode::Split(kernel, threads, block) => {
                job.kernel = kernel;
                job.threads = threads;
                job.split = Split::Always { block };
                job.solve_bytes(bytes, "t", game, &mut out, &mut ())
            }
        };
        out.flush().expect("writing to a Vec");
        result
    };
    let error = match result {
        Ok(_) => None,
        Err(Error::Input {
            offset,
            position,
            message,
            ..
        }) => Some(ErrorAt {
            offset,
            line: position.line,
            column: position.column,
            message,
        }),
        Err(other) => panic!("unexpected error {other}"),
    };
    (String::from_utf8(stdout).expect("verdicts are text"), error)
}

/// How many cases a solve's output answers, and how many of them the first
/// player wins, read by the problem's kind of answer.
///
/// S-Nim answers each case with one word per position, and its positions
/// are counted, as `validate --summary` counts them.
pub fn count_wins(problem: &Problem, stdout: &str) -> (u64, u64) {
    let (win, lose) = (problem.verdicts.win, problem.verdicts.lose);
    let (mut cases, mut wins) = (0, 0);
    if problem.layout == Layout::SubtractionSetCases {
        let words = stdout
            .lines()
            .flat_map(|line| line.as_bytes().chunks(win.len()));
        for word in words {
            cases += 1;
            wins += u64::from(word == win.as_bytes());
        }
        return (cases, wins);
    }
    if problem.answer == Answer::MoveAndHeaps {
        // A won case is a move and a line of heaps; a word is a case alone.
        let mut lines = stdout.lines();
        while let Some(line) = lines.next() {
            cases += 1;
            if line != lose {
                wins += 1;
                if line != win {
                    lines.next();
                }
            }
        }
        return (cases, wins);
    }
    for line in stdout.lines() {
        let (is_case, won) = match problem.answer {
            Answer::Verdict => (true, word(line) == win),
            Answer::LoseOrTake => (true, word(line) != lose),
            Answer::MoveCount => (true, line != "0"),
            // The lines after a case's word list its moves.
            Answer::AllMoves | Answer::PairsLeft => (line == win || line == lose, line == win),
            Answer::MoveAndHeaps => unreachable!("counted above"),
        };
        cases += u64::from(is_case);
        wins += u64::from(is_case && won);
    }
    (cases, wins)
}

/// The word after a `Case i: ` prefix, or the whole line.
fn word(line: &str) -> &str {
    line.rsplit(": ").next().unwrap_or(line)
}

/// `G(0) … G(len-1)` of the octal or hexadecimal game whose digit for
/// removing `i` is `digit(i)`, by enumerating every move: the brute force
/// the engine's values are checked against, sharing nothing with it.
pub fn brute_force_grundy(digit: impl Fn(usize) -> u8, len: usize) -> Vec<u32> {
    brute_force_splits(digit, len, |_, _| true)
}

/// Like [`brute_force_grundy`], with the two heaps a split leaves allowed
/// only when `two_allowed(a, b)` (`a <= b`): Grundy's game is `4.` with
/// `a != b`.
pub fn brute_force_splits(
    digit: impl Fn(usize) -> u8,
    len: usize,
    two_allowed: impl Fn(usize, usize) -> bool,
) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut options = std::collections::HashSet::new();
        for i in 0..=n {
            let (d, rest) = (digit(i), n - i);
            if d & 1 != 0 && rest == 0 && i > 0 {
                options.insert(0);
            }
            if d & 2 != 0 && rest > 0 && i > 0 {
                options.insert(g[rest]);
            }
            if d & 4 != 0 {
                options.extend(
                    (1..rest)
                        .filter(|&a| two_allowed(a.min(rest - a), a.max(rest - a)))
                        .map(|a| g[a] ^ g[rest - a]),
                );
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in 1..rest - a {
                        options.insert(g[a] ^ g[b] ^ g[rest - a - b]);
                    }
                }
            }
        }
        g.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    g
}
