//! The loop that turns tokens into verdicts, one per case, for each of the
//! catalogue's layouts ([`Layout`]):
//!
//! | layout | input |
//! |---|---|
//! | heap cases | `T`, then per case `N` and `N` heap sizes |
//! | heap cases to the end | per case `N` and `N` heap sizes until the input ends |
//! | counted pairs | `T`, then `T` pairs |
//! | zero-terminated | one `n` per case, a `0` ends the input |
//! | pairs to the end | pairs until the input ends |
//! | numbers to the end | one `n` per case until the input ends |
//! | rows | a line `N` (and a parameter), then a row of `N` numbers or pairs, read whole |
//! | graphs (HDU 1524) | graphs to the end, each with its queries (`graphs`) |
//!
//! A fault from the source is turned into an [`Error`] here, because only the
//! layout knows what was expected at that point ("heap 17 of 20 in case 3").
//! Which source is read (a slice, a stream, the blocks of a parallel split)
//! is [`crate::pipeline`]'s choice.

use std::fmt;
use std::io::Write;

mod first_move;
mod graphs;
mod heap_moves;
mod kept;
mod positions;
mod rows;
mod rules;

use crate::error::{describe_byte, Error};
use crate::games::{
    CaseSummary, EveryMove, FoldHeaps, Game, HeapGame, MoveTrace, NoTrace, PositionGame,
    PositionMove, Trace,
};
use crate::listing::LineWriter;
use crate::output::VerdictWriter;
use crate::problem::{Answer, Layout, Problem};
use crate::source::{Ahead, Fault, FaultKind, TokenSource};

/// What was expected where a fault happened; names the problem's variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// `T`.
    CaseCount,
    /// `N` of a case.
    HeapCount {
        /// The case, counted from 1.
        case: u64,
    },
    /// A heap of a case.
    Heap {
        /// The case, counted from 1.
        case: u64,
        /// The heap, counted from 1.
        heap: u64,
        /// How many heaps the case has.
        of: u64,
    },
    /// A named number of a case.
    Field {
        /// The variable's name.
        name: &'static str,
        /// The case, counted from 1.
        case: u64,
    },
    /// The next case's number, or the `0` that ends the input.
    NextOrZero {
        /// The variable's name.
        name: &'static str,
        /// The case, counted from 1.
        case: u64,
    },
    /// The next case's first number, or the line `0 0` that ends the
    /// input.
    NextOrZeros {
        /// The variable's name.
        name: &'static str,
        /// The case, counted from 1.
        case: u64,
    },
    /// Number `index` of the `of` numbers of a case's row.
    RowNumber {
        /// The variable's name.
        name: &'static str,
        /// The case, counted from 1.
        case: u64,
        /// The number, counted from 1.
        index: u64,
        /// How many numbers the row has.
        of: u64,
    },
    /// The next case's first number, or the end of the input.
    NextOrEnd {
        /// The variable's name.
        name: &'static str,
        /// The case, counted from 1.
        case: u64,
    },
    /// A number of HDU 1524's graphs.
    Graph(graphs::GraphPlace),
    /// Nothing more.
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
            Expected::NextOrZero { name, case } => {
                write!(f, "{} of case {} or the 0 that ends the input", name, case)
            }
            Expected::NextOrZeros { name, case } => {
                write!(f, "{name} of case {case} or the 0 0 that ends the input")
            }
            Expected::RowNumber {
                name,
                case,
                index,
                of,
            } => write!(f, "{name} {index} of {of} in case {case}"),
            Expected::NextOrEnd { name, case } => {
                write!(f, "{} of case {} or the end of input", name, case)
            }
            Expected::Graph(place) => write!(f, "{place}"),
            Expected::EndOfInput => write!(f, "the end of input after the last case"),
        }
    }
}

/// Counts for `--stats`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Cases solved.
    pub cases: u64,
    /// Heaps (heap games; HDU 1524: pieces) or numbers (other games) read,
    /// headers excluded.
    pub values: u64,
    /// Bytes of input read.
    pub bytes: u64,
    /// Threads that read the input.
    pub threads: usize,
    /// Threads there was work for; more than `threads` when the system
    /// would not start them all.
    pub threads_wanted: usize,
}

/// Turns a fault into an error message that says what was expected.
pub(crate) fn input_error<S: TokenSource>(
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
        FaultKind::Refused(value) => format!(
            "expected {}, found {} which cannot be decided",
            expected, value
        ),
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

/// The error for a heap the game's fold cannot decide.
fn refused<S: TokenSource>(
    source: &S,
    path: &str,
    offset: u64,
    expected: Expected,
    why: &str,
) -> Error {
    Error::Input {
        path: path.to_string(),
        offset,
        position: source.locate(offset),
        message: format!("{expected}: {why}"),
    }
}

/// How a run answers, and on how many threads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings<'a> {
    /// Whether a winning move follows each win.
    pub moves: bool,
    /// The most threads to use; a second one lists the moves of large
    /// cases while the next case is read.
    pub threads: usize,
    /// The blocks of the input the source reads, when they are converted
    /// ahead ([`crate::source::AheadSource`]): the second thread converts
    /// them too when it has no moves to list.
    pub ahead: Option<&'a Ahead<'a>>,
    /// What writes the lines of winning moves (`hdu2176`).
    pub writer: LineWriter,
}

/// Reads the input of `problem`, played as `game`, from `source` and writes
/// one verdict per case, with a winning move after each win if asked.
///
/// Verdicts of the cases completed before an error are written (the caller
/// flushes them before reporting the error).
pub(crate) fn solve<S: TokenSource, W: Write>(
    problem: &Problem,
    game: &mut Game,
    source: &mut S,
    out: &mut VerdictWriter<W>,
    path: &str,
    progress: &mut dyn FnMut(u64),
    settings: Settings<'_>,
) -> Result<Report, Error> {
    let mut run = Run {
        source,
        out,
        path,
        report: Report::default(),
        progress,
        moves: settings.moves,
        threads: settings.threads,
        ahead: settings.ahead,
        writer: settings.writer,
        answer: problem.answer,
    };
    let names = problem.vars;
    let second = names.second.map_or("", |v| v.name);
    crate::with_game!(game,
        heap fold => match problem.layout {
            Layout::HeapCases => run.heap_cases(&*fold),
            Layout::HeapCasesToEnd => run.heap_cases_to_end(&*fold, names.heaps.name),
            Layout::HeapCasesToZero { .. } => run.heap_cases_to_zero(&*fold, names.heaps.name),
            Layout::HeapTriplesToZero => run.heap_groups_to_zero(&*fold, 3, TRIPLE_NAMES),
            Layout::SubtractionSetCases => run.subtraction_set_cases(),
            Layout::GraphCases => run.graph_cases(),
            _ => Err(mismatch(problem)),
        },
        position game => match problem.layout {
            Layout::CountedPairs => run.counted_pairs(names.value.name, second, game),
            Layout::ZeroTerminated => run.zero_terminated(names.value.name, game),
            Layout::PairsToEnd => run.pairs_to_end(names.value.name, second, game),
            Layout::PairsToZero { .. } => run.pairs_to_zero([names.value.name, second], game),
            Layout::NumbersToEnd => run.numbers_to_end(names.value.name, game),
            _ => Err(mismatch(problem)),
        },
        row game => match problem.layout {
            Layout::Rows(rows) => run.row_cases(rows, &names, game),
            _ => Err(mismatch(problem)),
        }
    )?;
    run.report.bytes = run.source.consumed();
    // One, unless the layout started threads of its own and said so.
    run.report.threads = run.report.threads.max(1);
    run.report.threads_wanted = run.report.threads_wanted.max(1);
    Ok(run.report)
}

/// The three heaps of HDU 1848's cases, as its statement names them.
const TRIPLE_NAMES: [&str; 3] = ["m", "n", "p"];

/// Writes the line of a position's case: its verdict (with a winning move
/// if `moves`), or for [`Answer::LoseOrTake`] the smallest winning take.
pub(crate) fn write_position<W: Write>(
    out: &mut VerdictWriter<W>,
    game: &mut impl PositionGame,
    answer: Answer,
    moves: bool,
    a: u64,
    b: u64,
) -> Result<(), Error> {
    let wins = game.first_player_wins(a, b);
    let mv = if (moves || answer == Answer::LoseOrTake) && wins {
        game.winning_move(a, b)
    } else {
        None
    };
    if answer == Answer::PairsLeft {
        let Some(leaves) = game.winning_leaves(a, b) else {
            let message = format!("the game lists no winning moves from {a} {b}");
            return Err(Error::Usage(message));
        };
        let mut written = out.verdict(wins);
        for (x, y) in leaves {
            written = written.and_then(|()| out.pair(x, y));
        }
        return written.map_err(stdout_error);
    }
    let written = match (answer, mv) {
        (Answer::LoseOrTake, Some(PositionMove::Pile { from, to })) => out.answer(&(from - to)),
        (Answer::LoseOrTake, _) if wins => {
            let message = format!("no winning first take is known for {a} {b}");
            return Err(Error::Usage(message));
        }
        (_, Some(mv)) => out.verdict_and(wins, Some(&mv)),
        (_, None) => out.verdict(wins),
    };
    written.map_err(stdout_error)
}

/// The error for a failed write of the verdicts.
pub(crate) fn stdout_error(source: std::io::Error) -> Error {
    Error::Io {
        path: "<stdout>".into(),
        source,
    }
}

/// The error for a catalogue entry whose game does not fit its layout; the
/// catalogue's tests keep this from happening.
#[cold]
fn mismatch(problem: &Problem) -> Error {
    Error::Usage(format!(
        "{} pairs the {} game with a layout it cannot read",
        problem.name, problem.game.name
    ))
}

struct Run<'a, S, W: Write> {
    source: &'a mut S,
    out: &'a mut VerdictWriter<W>,
    path: &'a str,
    report: Report,
    progress: &'a mut dyn FnMut(u64),
    /// Whether a winning move follows each win.
    moves: bool,
    /// The most threads to use.
    threads: usize,
    /// The input's blocks, when converted ahead.
    ahead: Option<&'a Ahead<'a>>,
    /// What writes the lines of winning moves.
    writer: LineWriter,
    /// What each case's line says.
    answer: Answer,
}

/// The most heaps a case may have when they are kept to list its moves:
/// 2^27 heaps of 8 bytes, 1 GiB (HDU 2176 allows 200,000).
pub const MAX_KEPT_HEAPS: u64 = 1 << 27;

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    fn read(&mut self, expected: Expected) -> Result<u64, Error> {
        match self.source.next_token() {
            Ok((value, _)) => Ok(value),
            Err(fault) => Err(input_error(self.source, self.path, fault, expected)),
        }
    }

    /// Writes a verdict, and `mv` after it.
    fn verdict_and(&mut self, wins: bool, mv: Option<&dyn fmt::Display>) -> Result<(), Error> {
        self.report.cases += 1;
        let written = match mv {
            None => self.out.verdict(wins),
            Some(mv) => self.out.verdict_and(wins, Some(mv)),
        };
        written.map_err(stdout_error)
    }

    /// Decides a position, and names a winning move if asked to.
    fn position_verdict(
        &mut self,
        game: &mut impl PositionGame,
        a: u64,
        b: u64,
    ) -> Result<(), Error> {
        self.report.cases += 1;
        write_position(self.out, game, self.answer, self.moves, a, b)
    }

    fn heap_cases<F: HeapGame>(&mut self, fold: &F) -> Result<(), Error> {
        let cases = self.read(Expected::CaseCount)?;
        for case in 1..=cases {
            let heaps = self.read(Expected::HeapCount { case })?;
            self.fold_any_case(fold, case, heaps)?;
        }
        self.expect_end()
    }

    /// Cases of `N` heaps until the input ends.
    fn heap_cases_to_end<F: EveryMove>(
        &mut self,
        fold: &F,
        count: &'static str,
    ) -> Result<(), Error> {
        if self.answer == Answer::MoveAndHeaps {
            return self.first_move_cases_to_end(fold, count);
        }
        let mut case = 0;
        loop {
            case += 1;
            let heaps = match self.source.next_token() {
                Ok((heaps, _)) => heaps,
                Err(Fault {
                    kind: FaultKind::End,
                    ..
                }) => return Ok(()),
                Err(fault) => {
                    let expected = Expected::NextOrEnd { name: count, case };
                    return Err(input_error(self.source, self.path, fault, expected));
                }
            };
            self.fold_any_case(fold, case, heaps)?;
        }
    }

    /// [`Run::fold_case`], tracing moves when they are printed.
    fn fold_any_case<F: HeapGame>(&mut self, fold: &F, case: u64, heaps: u64) -> Result<(), Error> {
        if self.moves && F::MOVES_NEED_HEAPS {
            self.kept_move_case(fold, case, heaps)
        } else if self.moves {
            self.fold_case::<F, MoveTrace>(fold, case, heaps)
        } else {
            self.fold_case::<F, NoTrace>(fold, case, heaps)
        }
    }

    /// Folds the `heaps` heaps of case `case` and writes its verdict (and a
    /// winning move, if `T` traces them).
    fn fold_case<F: HeapGame, T: Trace>(
        &mut self,
        fold: &F,
        case: u64,
        heaps: u64,
    ) -> Result<(), Error> {
        {
            let mut folded = FoldHeaps::<F, T>::new(fold, CaseSummary::default());
            if let Err((read, fault)) = self.source.fold_heaps(heaps, &mut folded) {
                let expected = Expected::Heap {
                    case,
                    heap: read + 1,
                    of: heaps,
                };
                if let FaultKind::Refused(heap) = fault.kind {
                    return Err(refused(
                        self.source,
                        self.path,
                        fault.offset,
                        expected,
                        &fold.refusal(heap),
                    ));
                }
                return Err(input_error(self.source, self.path, fault, expected));
            }
            self.report.values += heaps;
            let wins = fold.first_player_wins(&folded.acc);
            let mv = match folded.trace.moves() {
                Some(trace) if wins => fold.winning_move(&folded.acc, trace),
                _ => None,
            };
            self.verdict_and(wins, mv.as_ref().map(|m| m as &dyn fmt::Display))?;
            (self.progress)(self.source.consumed());
        }
        Ok(())
    }

    /// Cases of `m` heaps until `m = 0`. The heaps of a case are kept when
    /// the answer lists or counts moves (at most [`MAX_KEPT_HEAPS`]), else
    /// folded as in [`Run::heap_cases`].
    fn heap_cases_to_zero<F: EveryMove>(
        &mut self,
        fold: &F,
        count: &'static str,
    ) -> Result<(), Error> {
        if self.answer != Answer::Verdict {
            return self.kept_cases_to_zero(fold, count);
        }
        for case in 1.. {
            let m = self.read(Expected::NextOrZero { name: count, case })?;
            if m == 0 {
                break;
            }
            self.fold_any_case(fold, case, m)?;
        }
        self.expect_end()
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
