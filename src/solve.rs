//! The problems' case layouts, and the loop that turns tokens into verdicts.
//!
//! Each game reads its input in one of four shapes:
//!
//! | shape | games | input |
//! |---|---|---|
//! | heap cases | nim, lasker, misere, bounded | `T`, then per case `N` and `N` heap sizes |
//! | counted pairs | bash, kmultiple | `T`, then `T` pairs |
//! | zero-terminated | fibonacci | one `n` per case, a `0` ends the input |
//! | pairs to the end | wythoff | pairs until the input ends |
//!
//! A fault from the source is turned into an [`Error`] here, because only the
//! layout knows what was expected at that point ("heap 17 of 20 in case 3").

use std::fmt;
use std::io::Write;

use crate::error::{describe_byte, Error};
use crate::games::{self, bash, fibonacci, kmultiple, wythoff, HeapFold};
use crate::input::{Fault, FaultKind, SliceSource, TokenSource};
use crate::output::{LinePrefix, VerdictWriter};
use crate::parallel;
use crate::scan::Kernel;

/// The games nimstream solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Nim,
    Lasker,
    Misere,
    Bounded { max_take: u64 },
    Bash,
    Fibonacci,
    KMultiple,
    Wythoff,
}

/// Game names as the command line spells them.
pub const GAME_NAMES: [&str; 8] = [
    "nim",
    "lasker",
    "misere",
    "bounded",
    "bash",
    "fibonacci",
    "kmultiple",
    "wythoff",
];

impl Game {
    /// The game called `name`; `max_take` is required by `bounded` only.
    pub fn from_name(name: &str, max_take: Option<u64>) -> Result<Game, Error> {
        let game = match name {
            "nim" => Game::Nim,
            "lasker" => Game::Lasker,
            "misere" => Game::Misere,
            "bounded" => match max_take {
                Some(k) if k >= 1 => Game::Bounded { max_take: k },
                Some(_) => return Err(Error::Usage("--max-take must be at least 1".into())),
                None => {
                    return Err(Error::Usage(
                        "the bounded game needs --max-take K (a move removes 1 to K objects)"
                            .into(),
                    ))
                }
            },
            "bash" => Game::Bash,
            "fibonacci" => Game::Fibonacci,
            "kmultiple" => Game::KMultiple,
            "wythoff" => Game::Wythoff,
            _ => {
                return Err(Error::Usage(format!(
                    "unknown game '{}'; expected one of: {}",
                    name,
                    GAME_NAMES.join(", ")
                )))
            }
        };
        if max_take.is_some() && !matches!(game, Game::Bounded { .. }) {
            return Err(Error::Usage(
                "--max-take applies to the bounded game only".into(),
            ));
        }
        Ok(game)
    }

    pub fn name(self) -> &'static str {
        match self {
            Game::Nim => "nim",
            Game::Lasker => "lasker",
            Game::Misere => "misere",
            Game::Bounded { .. } => "bounded",
            Game::Bash => "bash",
            Game::Fibonacci => "fibonacci",
            Game::KMultiple => "kmultiple",
            Game::Wythoff => "wythoff",
        }
    }

    /// The judge's words for a first-player win and loss.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Game::Nim | Game::Bounded { .. } => ("Yes", "No"),
            Game::Lasker => ("Alice", "Bob"),
            Game::Misere => ("John", "Brother"),
            Game::Bash => ("first", "second"),
            Game::Fibonacci => ("First win", "Second win"),
            Game::KMultiple => ("win", "lose"),
            Game::Wythoff => ("1", "0"),
        }
    }

    pub fn line_prefix(self) -> LinePrefix {
        match self {
            Game::KMultiple => LinePrefix::CaseNumber,
            _ => LinePrefix::None,
        }
    }

    /// Whether the game's input is `T` cases of `N` heaps.
    pub fn has_heap_cases(self) -> bool {
        matches!(
            self,
            Game::Nim | Game::Lasker | Game::Misere | Game::Bounded { .. }
        )
    }
}

/// Calls `$body` with `$fold` bound to the heap game's value transform.
#[macro_export]
#[doc(hidden)]
macro_rules! with_heap_fold {
    ($game:expr, $fold:ident => $body:expr, else $other:expr) => {
        match $game {
            $crate::solve::Game::Nim => {
                let $fold = $crate::games::nim::NormalNim;
                $body
            }
            $crate::solve::Game::Lasker => {
                let $fold = $crate::games::lasker::LaskerSwap;
                $body
            }
            $crate::solve::Game::Misere => {
                let $fold = $crate::games::misere::MisereNim;
                $body
            }
            $crate::solve::Game::Bounded { max_take } => {
                let $fold = $crate::games::bounded::BoundedNim::new(max_take);
                $body
            }
            _ => $other,
        }
    };
}

/// What was expected where a fault happened; names the problem's variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    CaseCount,
    HeapCount {
        case: u64,
    },
    Heap {
        case: u64,
        heap: u64,
        of: u64,
    },
    Field {
        name: &'static str,
        case: u64,
    },
    /// Fibonacci's next `n`, or the `0` that ends the input.
    NextOrZero {
        case: u64,
    },
    /// Wythoff's next `a`, or the end of the input.
    NextOrEnd {
        case: u64,
    },
    EndOfInput,
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Expected::CaseCount => write!(f, "the number of cases"),
            Expected::HeapCount { case } => write!(f, "the number of heaps of case {}", case),
            Expected::Heap { case, heap, of } => {
                write!(f, "heap {} of {} in case {}", heap, of, case)
            }
            Expected::Field { name, case } => write!(f, "{} of case {}", name, case),
            Expected::NextOrZero { case } => {
                write!(f, "n of case {} or the 0 that ends the input", case)
            }
            Expected::NextOrEnd { case } => write!(f, "a of case {} or the end of input", case),
            Expected::EndOfInput => write!(f, "the end of input after the last case"),
        }
    }
}

/// Counts for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub cases: u64,
    /// Heaps (heap games) or numbers (other games) read, headers excluded.
    pub values: u64,
    pub bytes: u64,
}

/// Turns a fault into an error message that says what was expected.
pub fn input_error<S: TokenSource>(
    source: &S,
    path: &str,
    fault: Fault,
    expected: Expected,
) -> Error {
    let message = match fault.kind {
        FaultKind::End => format!("expected {}, found the end of input", expected),
        FaultKind::Invalid(byte) => {
            let wanted = match expected {
                Expected::EndOfInput => expected.to_string(),
                _ => format!("{} (digits 0-9)", expected),
            };
            format!("expected {}, found {}", wanted, describe_byte(byte))
        }
        FaultKind::Overflow => format!(
            "expected {}, found a number larger than {} (the largest 64-bit value)",
            expected,
            u64::MAX
        ),
        FaultKind::Io(source) => {
            return Error::Io {
                path: path.to_string(),
                source,
            }
        }
    };
    Error::Input {
        path: path.to_string(),
        offset: fault.offset,
        position: source.locate(fault.offset),
        message,
    }
}

/// Reads the input of `game` from `source` and writes one verdict per case.
///
/// Verdicts of the cases completed before an error are written (the caller
/// flushes them before reporting the error).
pub fn solve<S: TokenSource, W: Write>(
    game: Game,
    source: &mut S,
    out: &mut VerdictWriter<W>,
    path: &str,
    progress: &mut dyn FnMut(u64),
) -> Result<Report, Error> {
    let mut run = Run {
        source,
        out,
        path,
        report: Report::default(),
        progress,
    };
    with_heap_fold!(game, fold => run.heap_cases(&fold), else match game {
        Game::Bash => run.counted_pairs("n", "m", bash::first_player_wins),
        Game::KMultiple => {
            let mut kmultiple = kmultiple::KMultiple::new();
            run.counted_pairs("n", "k", |n, k| kmultiple.first_player_wins(n, k))
        }
        Game::Fibonacci => run.zero_terminated(),
        _ => run.pairs_to_end(),
    })?;
    run.report.bytes = run.source.consumed();
    Ok(run.report)
}

struct Run<'a, S, W: Write> {
    source: &'a mut S,
    out: &'a mut VerdictWriter<W>,
    path: &'a str,
    report: Report,
    progress: &'a mut dyn FnMut(u64),
}

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    fn read(&mut self, expected: Expected) -> Result<u64, Error> {
        match self.source.next_token() {
            Ok((value, _)) => Ok(value),
            Err(fault) => Err(input_error(self.source, self.path, fault, expected)),
        }
    }

    fn verdict(&mut self, wins: bool) -> Result<(), Error> {
        self.report.cases += 1;
        self.out.verdict(wins).map_err(|source| Error::Io {
            path: "<stdout>".into(),
            source,
        })
    }

    fn heap_cases<F: HeapFold>(&mut self, fold: &F) -> Result<(), Error> {
        let cases = self.read(Expected::CaseCount)?;
        for case in 1..=cases {
            let heaps = self.read(Expected::HeapCount { case })?;
            let mut acc = games::CaseSummary::default();
            if let Err((read, fault)) = self.source.fold(heaps, fold, &mut acc) {
                let expected = Expected::Heap {
                    case,
                    heap: read + 1,
                    of: heaps,
                };
                return Err(input_error(self.source, self.path, fault, expected));
            }
            self.report.values += heaps;
            self.verdict(fold.first_player_wins(&acc))?;
            (self.progress)(self.source.consumed());
        }
        self.expect_end()
    }

    fn counted_pairs(
        &mut self,
        first: &'static str,
        second: &'static str,
        mut wins: impl FnMut(u64, u64) -> bool,
    ) -> Result<(), Error> {
        let cases = self.read(Expected::CaseCount)?;
        for case in 1..=cases {
            let a = self.read(Expected::Field { name: first, case })?;
            let b = self.read(Expected::Field { name: second, case })?;
            self.report.values += 2;
            self.verdict(wins(a, b))?;
            self.tick(case);
        }
        self.expect_end()
    }

    fn zero_terminated(&mut self) -> Result<(), Error> {
        for case in 1.. {
            let n = self.read(Expected::NextOrZero { case })?;
            if n == 0 {
                break;
            }
            self.report.values += 1;
            self.verdict(fibonacci::first_player_wins(n))?;
            self.tick(case);
        }
        self.expect_end()
    }

    fn pairs_to_end(&mut self) -> Result<(), Error> {
        for case in 1.. {
            let a = match self.source.next_token() {
                Ok((value, _)) => value,
                Err(Fault {
                    kind: FaultKind::End,
                    ..
                }) => break,
                Err(fault) => {
                    let expected = Expected::NextOrEnd { case };
                    return Err(input_error(self.source, self.path, fault, expected));
                }
            };
            let b = self.read(Expected::Field { name: "b", case })?;
            self.report.values += 2;
            self.verdict(wythoff::first_player_wins(a, b))?;
            self.tick(case);
        }
        Ok(())
    }

    /// Reports progress every so many small cases.
    #[inline]
    fn tick(&mut self, case: u64) {
        if case.is_multiple_of(65536) {
            (self.progress)(self.source.consumed());
        }
    }

    fn expect_end(&mut self) -> Result<(), Error> {
        match self.source.next_token() {
            Err(Fault {
                kind: FaultKind::End,
                ..
            }) => Ok(()),
            Ok((_, offset)) => Err(trailing_number(self.source, self.path, offset)),
            Err(Fault {
                offset,
                kind: FaultKind::Overflow,
            }) => Err(trailing_number(self.source, self.path, offset)),
            Err(fault) => Err(input_error(
                self.source,
                self.path,
                fault,
                Expected::EndOfInput,
            )),
        }
    }
}

/// The error for a number after the last case.
fn trailing_number<S: TokenSource>(source: &S, path: &str, offset: u64) -> Error {
    Error::Input {
        path: path.to_string(),
        offset,
        position: source.locate(offset),
        message: format!("expected {}, found another number", Expected::EndOfInput),
    }
}

/// Solves an input held in memory, split across `threads` threads when the
/// game and the case sizes make that pay (see [`crate::parallel`]).
pub fn solve_bytes<W: Write>(
    game: Game,
    bytes: &[u8],
    kernel: Kernel,
    threads: usize,
    out: &mut VerdictWriter<W>,
    path: &str,
    progress: &mut dyn FnMut(u64),
) -> Result<Report, Error> {
    if game.has_heap_cases() && threads > 1 {
        let cases = SliceSource::new(bytes, kernel)
            .next_token()
            .map_or(0, |(cases, _)| cases);
        if parallel::worth_splitting(bytes.len(), cases, threads) {
            let split = parallel::Split {
                threads,
                block: parallel::BLOCK,
            };
            let report = parallel::solve_split(game, bytes, kernel, split, out, path, progress)?;
            return Ok(whole_input(report, bytes));
        }
    }
    let report = solve(
        game,
        &mut SliceSource::new(bytes, kernel),
        out,
        path,
        progress,
    )?;
    Ok(whole_input(report, bytes))
}

/// A report that counts all of `bytes`, the whitespace after the last token
/// included: a complete run read every byte.
fn whole_input(report: Report, bytes: &[u8]) -> Report {
    Report {
        bytes: bytes.len() as u64,
        ..report
    }
}
