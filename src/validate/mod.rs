//! Strict checking of judge input files: `nimstream validate`.
//!
//! `solve` is lenient in the way judges' readers are (any whitespace, a BOM,
//! leading zeros). A validator is the opposite: a test file must be exactly
//! what the problem statement describes, so that every contestant's reader,
//! however naive, sees the same numbers. The accepted format is the one
//! [`crate::gen`] writes:
//!
//! * heap cases (nim, lasker, misere, bounded): `T`, then per case a line
//!   `N` and a line of `N` heap sizes;
//! * counted pairs (bash, kmultiple): `T`, then `T` lines of two numbers;
//! * zero-terminated (fibonacci): one `n` per line, then a line `0`;
//! * pairs to the end (wythoff): lines of two numbers until the end of the
//!   file;
//! * heap triples (hdu1848): lines of three heaps, then a line `0 0 0`;
//! * S-Nim's cases (hdu1536): a line `k s1 … sk`, a line `m`, then `m` lines
//!   `l h1 … hl`; a line `0` ends the input (`sets`);
//! * rows (poj1704): a line `N` (and a parameter), then a line of `N`
//!   numbers or `N` lines of pairs, which the game checks too (`rows`).
//! * graphs (hdu1524): per graph a line `N`, `N` lines `X v1 … vX`, query
//!   lines `M p1 … pM` and a line `0`, to the end of the file (`graphs`).
//!
//! Numbers on a line are separated by one space; every line, the last one
//! included, ends in `\n`; nothing else is allowed: no `\r`, tabs, BOM,
//! leading zeros, trailing spaces or empty lines. (The one exception is a
//! case with `N = 0` heaps, allowed only when the limits are widened: its
//! heap line is empty, as `gen` writes it.) Every number must lie within the
//! problem's limits ([`Problem::limits`]), which can be overridden
//! ([`limits`]).
//!
//! # Design
//!
//! The whole input is one `&[u8]`: a mapped file, or standard input read into
//! memory (a validator's inputs are test files, so holding one in memory is
//! acceptable, and it keeps one code path with exact positions). A stream is
//! read no further than decides its verdict (`reading`), so that a few
//! kilobytes of compressed data cannot make gigabytes of text. There is no
//! tokenizer: the format is so rigid that the checker knows, at every byte
//! offset, which one byte may follow a number, so it reads a number and
//! compares the next byte with what the format wants.
//!
//! Nearly every byte of a large file is in a line of heaps, so that loop is
//! the one that is fast (`fast::Run::ordinary_heaps`). It reads each heap from a
//! 16-byte window: two SWAR words classified with `word::non_digit_mask`
//! give the length of the digit run, and `word::eight_digits` converts up
//! to eight digits per word. The byte after the digits is already in the
//! window, so checking the separator costs one compare, and one wrapping
//! compare checks both bounds. The loop only *recognizes* ordinary heaps
//! (short, in range, followed by the right byte) and never explains
//! anything: at the first heap that is not ordinary it stops, and a careful
//! byte at a time path takes that one heap, which either turns out fine (a
//! number of 16 or more digits, the last bytes of the file) or becomes a
//! precise message. The fast path may therefore decline anything it likes;
//! it must only never accept what the careful path would reject.
//!
//! Folding heaps for `--summary` (the verdicts and the ranges reached) costs
//! about a tenth of the time, so it is compiled in only when asked for
//! ([`Detail`]).
//!
//! Errors carry a byte offset only; the line and column are counted from it
//! when the error is reported ([`Position::in_bytes`](crate::Position::in_bytes)).
//!
//! The files: `checker` holds the layouts, `sets` S-Nim's, `messages` the
//! careful path and every message, `fast` the hot loop over a line of heaps,
//! `summary` what `--summary` prints.

mod checker;
mod fast;
mod graphs;
mod messages;
pub(crate) mod reading;
mod rows;
mod sets;
mod summary;

use crate::error::Error;
use crate::games::{Game, HeapFold};
use crate::grundy::rule::MAX_REMOVAL;
use crate::problem::{Bounds, Layout, Limits, Problem};

pub use summary::{Stat, Summary};

/// Overrides of the problem's limits, one optional bound per variable.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// `T`.
    pub cases: Range,
    /// `N`.
    pub heaps: Range,
    /// Heap sizes, or the first number of a case.
    pub value: Range,
    /// The second number of a case.
    pub second: Range,
    /// S-Nim's set size `k`.
    pub set_size: Range,
    /// S-Nim's positions per case `m`.
    pub positions: Range,
}

/// An optional minimum and maximum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Range {
    /// The smallest allowed value, if overridden.
    pub min: Option<u64>,
    /// The largest allowed value, if overridden.
    pub max: Option<u64>,
}

impl Range {
    fn is_set(self) -> bool {
        self.min.is_some() || self.max.is_some()
    }

    fn apply(self, bounds: Bounds) -> Bounds {
        Bounds::new(
            self.min.unwrap_or(bounds.min),
            self.max.unwrap_or(bounds.max),
        )
    }
}

/// The limits `problem` is checked against: its own, with `overrides`.
///
/// An override of a variable the problem does not have is an error rather
/// than silently ignored, since the user expected it to mean something; so is
/// a minimum above a maximum.
pub fn limits(problem: &Problem, overrides: &Overrides) -> Result<Limits, Error> {
    let layout = problem.layout;
    let missing = |what: &str| {
        Error::Usage(format!(
            "{} has no {what}, so its bounds cannot be changed",
            problem.name
        ))
    };
    if overrides.heaps.is_set() && !layout.has_count() {
        return Err(missing("number of heaps N"));
    }
    if overrides.second.is_set() && !layout.has_second() {
        return Err(missing("second number per case"));
    }
    let sets = layout == Layout::SubtractionSetCases;
    if overrides.set_size.is_set() && !sets && layout != Layout::GraphCases {
        return Err(missing("subtraction sets or moves per position"));
    }
    if overrides.positions.is_set() && !sets {
        return Err(missing("subtraction sets and positions"));
    }
    let mut limits = problem.limits;
    limits.cases = overrides.cases.apply(limits.cases);
    limits.heaps = overrides.heaps.apply(limits.heaps);
    limits.value = overrides.value.apply(limits.value);
    limits.second = overrides.second.apply(limits.second);
    limits.set_size = overrides.set_size.apply(limits.set_size);
    limits.positions = overrides.positions.apply(limits.positions);
    if sets && (limits.second.min == 0 || limits.second.max > MAX_REMOVAL as u64) {
        return Err(Error::Usage(format!(
            "S-Nim's removals s are from 1 to at most {MAX_REMOVAL}; \
             --second-min and --second-max must stay within that"
        )));
    }
    let vars = Vars::of(problem, &limits);
    let mut ranges = vec![vars.cases, vars.value];
    ranges.extend(layout.has_count().then_some(vars.heaps));
    ranges.extend(vars.second);
    if sets {
        ranges.extend([vars.set_size, vars.positions]);
    }
    for var in ranges {
        if var.bounds.min > var.bounds.max {
            return Err(Error::Usage(format!(
                "the smallest allowed {} ({}) exceeds the largest ({})",
                var.label, var.bounds.min, var.bounds.max
            )));
        }
    }
    Ok(limits)
}

/// How much [`validate`] finds out besides whether the input is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Validity only. The fastest: heaps are checked but not folded.
    Check,
    /// Also what `--summary` prints: the ranges reached and the verdicts.
    Summary,
}

/// Validates `bytes`, the whole input of `problem` played as `game`. The
/// first violation is returned as an [`Error::Input`] naming `path`. A valid
/// input gives its summary if `detail` asks for one.
pub fn validate(
    problem: &Problem,
    game: &mut Game,
    bytes: &[u8],
    limits: &Limits,
    path: &str,
    detail: Detail,
) -> Result<Option<Summary>, Error> {
    let mut checker = Checker {
        bytes,
        pos: 0,
        path,
        vars: Vars::of(problem, limits),
        summary: Summary::new(problem, limits),
        verdicts: detail == Detail::Summary,
        fixed_heaps: problem.layout == Layout::HeapTriplesToZero,
    };
    // Verdicts are computed only for a summary: the heap games' folds are
    // compiled out of the check, and a position game is not asked.
    if problem.layout == Layout::SubtractionSetCases {
        // Each case brings its own set, and with it its own game.
        match detail {
            Detail::Check => checker.subtraction_set_cases::<false>()?,
            Detail::Summary => checker.subtraction_set_cases::<true>()?,
        }
        return Ok((detail == Detail::Summary).then_some(checker.summary));
    }
    if problem.layout == Layout::GraphCases {
        // Each case brings its own graph.
        match detail {
            Detail::Check => checker.graph_cases::<false>()?,
            Detail::Summary => checker.graph_cases::<true>()?,
        }
        return Ok((detail == Detail::Summary).then_some(checker.summary));
    }
    crate::with_game!(game,
        heap fold => match (problem.layout, detail) {
            (Layout::HeapTriplesToZero, Detail::Check) => {
                checker.heap_triples_to_zero::<_, false>(&*fold)
            }
            (Layout::HeapTriplesToZero, Detail::Summary) => {
                checker.heap_triples_to_zero::<_, true>(&*fold)
            }
            (Layout::HeapCasesToZero { same_line }, Detail::Check) => {
                checker.heap_cases_to_zero::<_, false>(&*fold, same_line)
            }
            (Layout::HeapCasesToZero { same_line }, Detail::Summary) => {
                checker.heap_cases_to_zero::<_, true>(&*fold, same_line)
            }
            (Layout::HeapCasesToEnd, Detail::Check) => {
                checker.heap_cases_to_end::<_, false>(&*fold)
            }
            (Layout::HeapCasesToEnd, Detail::Summary) => {
                checker.heap_cases_to_end::<_, true>(&*fold)
            }
            (_, Detail::Check) => checker.heap_cases::<_, false>(&*fold),
            (_, Detail::Summary) => checker.heap_cases::<_, true>(&*fold),
        },
        position game => match problem.layout {
            Layout::CountedPairs => checker.counted_pairs(game),
            Layout::ZeroTerminated => checker.zero_terminated(game),
            Layout::PairsToEnd => checker.pairs_to_end(game),
            Layout::PairsToZero { ordered } => checker.pairs_to_zero(game, ordered),
            Layout::NumbersToEnd => checker.numbers_to_end(game),
            _ => {
                unreachable!("the catalogue pairs heap cases with heap games")
            }
        },
        row game => match problem.layout {
            Layout::Rows(rows) => checker.row_cases(rows, game),
            _ => unreachable!("the catalogue pairs rows with row games"),
        }
    )?;
    Ok((detail == Detail::Summary).then_some(checker.summary))
}

/// The first heap in `bytes`, a valid input, that `solve` will refuse
/// because `game` cannot decide it (a rule's values with no period proven
/// among them), as an error at its place that says why; `None` if every
/// heap is decided.
///
/// Such a file is valid (the problem allows the heap, and `--summary`
/// counts it as undecided), but the user has to hear that `solve` will not
/// answer it. The limits allow no such heap unless the game stops deciding
/// below their largest heap; then the file is checked again with the
/// largest allowed heap lowered to the last one decided, and the first
/// heap past it is the one.
pub fn first_refused_heap(
    problem: &Problem,
    game: &mut Game,
    bytes: &[u8],
    limits: &Limits,
    path: &str,
) -> Option<Error> {
    if matches!(
        problem.layout,
        Layout::SubtractionSetCases | Layout::GraphCases
    ) {
        return None;
    }
    let first = crate::with_game!(&*game,
        heap fold => first_undecided(fold, limits.value),
        position _game => None,
        row _game => None
    )?;
    let mut decided = *limits;
    decided.value.max = first.checked_sub(1)?;
    let Err(Error::Input {
        path,
        offset,
        position,
        ..
    }) = validate(problem, game, bytes, &decided, path, Detail::Check)
    else {
        return None;
    };
    let digits = bytes[offset as usize..]
        .iter()
        .take_while(|b| b.is_ascii_digit());
    let heap = digits.fold(0u64, |v, &d| {
        v.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    });
    let why = crate::with_game!(&*game,
        heap fold => fold.refusal(heap),
        position _game => unreachable!("only heap games leave heaps undecided"),
        row _game => unreachable!("only heap games leave heaps undecided")
    );
    Some(Error::Input {
        path,
        offset,
        position,
        message: format!("solve will refuse this heap: {why} (raise --upto)"),
    })
}

/// The smallest heap within `bounds` that `fold` does not decide, if any.
fn first_undecided<F: HeapFold>(fold: &F, bounds: Bounds) -> Option<u64> {
    if !F::MAY_REFUSE || fold.decides(bounds.max) {
        return None;
    }
    // Deciding is monotone in the heap: the first undecided one lies in
    // [low, high], and `high` is undecided.
    let (mut low, mut high) = (bounds.min, bounds.max);
    while low < high {
        let mid = low + (high - low) / 2;
        if fold.decides(mid) {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    Some(low)
}

/// One of the problem's variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Var {
    /// The name in the problem statement: `T`, `N`, `s`, `n`, ...
    pub(crate) name: &'static str,
    /// How range messages introduce it: "heap size s", "number of cases T".
    pub(crate) label: &'static str,
    pub(crate) bounds: Bounds,
}

/// The variables of one game's input, with the bounds in force.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Vars {
    pub(crate) cases: Var,
    pub(crate) heaps: Var,
    pub(crate) value: Var,
    pub(crate) second: Option<Var>,
    /// S-Nim's set size `k` and positions per case `m` (unbounded in
    /// every other problem, which has neither).
    pub(crate) set_size: Var,
    pub(crate) positions: Var,
}

impl Vars {
    pub(crate) fn of(problem: &Problem, limits: &Limits) -> Vars {
        let var = |name, label, bounds| Var {
            name,
            label,
            bounds,
        };
        let names = problem.vars;
        let value = var(names.value.name, names.value.label, limits.value);
        let second = names.second.map(|s| var(s.name, s.label, limits.second));
        Vars {
            cases: var("T", "number of cases T", limits.cases),
            heaps: var(names.heaps.name, names.heaps.label, limits.heaps),
            value,
            second,
            set_size: var("k", "set size k", limits.set_size),
            positions: var("m", "number of positions m", limits.positions),
        }
    }
}

/// The state of one validation: where it is, and what it has seen.
struct Checker<'a> {
    bytes: &'a [u8],
    /// The next byte to check; always the start of a line or of a number.
    pos: usize,
    path: &'a str,
    vars: Vars,
    summary: Summary,
    /// Whether verdicts are wanted (for the summary).
    verdicts: bool,
    /// Whether every case has the same number of heaps, which no line
    /// declares (HDU 1848's three), for messages.
    fixed_heaps: bool,
}
