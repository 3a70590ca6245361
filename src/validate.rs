//! Strict checking of judge input files: `nimstream validate`.
//!
//! `solve` is lenient in the way judges' readers are (any whitespace, a BOM,
//! leading zeros). A validator is the opposite: a test file must be exactly
//! what the problem statement describes, so that every contestant's reader,
//! however naive, sees the same numbers. The accepted format is the one
//! [`crate::gen`] writes:
//!
//! * heap games (nim, lasker, misere, bounded): `T`, then per case a line `N`
//!   and a line of `N` heap sizes;
//! * bash and kmultiple: `T`, then `T` lines of two numbers;
//! * fibonacci: one `n` per line, then a line `0`;
//! * wythoff: lines of two numbers until the end of the file.
//!
//! Numbers on a line are separated by one space; every line, the last one
//! included, ends in `\n`; nothing else is allowed: no `\r`, tabs, BOM,
//! leading zeros, trailing spaces or empty lines. (The one exception is a
//! case with `N = 0` heaps, allowed only when the limits are widened: its
//! heap line is empty, as `gen` writes it.) Every number must lie within the
//! problem's limits ([`Limits::of`]), which flags can override.
//!
//! # Design
//!
//! The whole input is one `&[u8]`: a mapped file, or standard input read into
//! memory (a validator's inputs are test files, so holding one in memory is
//! acceptable, and it keeps one code path with exact positions). There is no
//! tokenizer: the format is so rigid that the checker knows, at every byte
//! offset, which one byte may follow a number, so it reads a number and
//! compares the next byte with what the format wants.
//!
//! Nearly every byte of a large file is in a line of heaps, so that loop is
//! the one that is fast (`Run::ordinary_heaps`). It reads each heap from a
//! 16-byte window: two SWAR words classified with `swar::non_digit_mask`
//! give the length of the digit run, and `swar::eight_digits` converts up
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
//! when the error is reported ([`Position::in_bytes`]).

use std::fmt;
use std::io::Read;

use crate::error::{describe_byte, Error, Position};
use crate::games::{bash, fibonacci, kmultiple::KMultiple, wythoff, CaseSummary, HeapFold};
use crate::input::{Input, BOM};
use crate::limits::{Bounds, Limits};
use crate::scan::{swar, POW10};
use crate::solve::Game;

/// Overrides of the problem's limits, one optional bound per flag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    pub cases: Range,
    pub heaps: Range,
    pub value: Range,
    pub second: Range,
}

/// An optional minimum and maximum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Range {
    pub min: Option<u64>,
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

/// The limits `game` is checked against: the problem's, with `overrides`.
///
/// A flag that names a variable the game does not have is a usage error
/// rather than silently ignored, since the user expected it to mean something.
pub fn limits(game: Game, overrides: &Overrides) -> Result<Limits, Error> {
    let pairs = matches!(game, Game::Bash | Game::KMultiple | Game::Wythoff);
    if overrides.heaps.is_set() && !game.has_heap_cases() {
        return Err(Error::Usage(
            "--heaps-min and --heaps-max apply to the heap games only".into(),
        ));
    }
    if overrides.second.is_set() && !pairs {
        return Err(Error::Usage(
            "--second-min and --second-max apply to bash, kmultiple and wythoff only".into(),
        ));
    }
    let mut limits = Limits::of(game);
    limits.cases = overrides.cases.apply(limits.cases);
    limits.heaps = overrides.heaps.apply(limits.heaps);
    limits.value = overrides.value.apply(limits.value);
    limits.second = overrides.second.apply(limits.second);
    let ranges = [
        ("cases", limits.cases),
        ("heaps", limits.heaps),
        ("value", limits.value),
        ("second", limits.second),
    ];
    for (flag, bounds) in ranges {
        if bounds.min > bounds.max {
            return Err(Error::Usage(format!(
                "--{flag}-min {} exceeds --{flag}-max {}",
                bounds.min, bounds.max
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

/// Validates the file at `path` (`-` is standard input); `name` is what
/// messages call it. An invalid input is an [`Error::Input`]; any other
/// error is about the file system or the arguments.
pub fn validate_path(
    game: Game,
    path: &str,
    name: &str,
    limits: &Limits,
    detail: Detail,
) -> Result<Option<Summary>, Error> {
    let input = Input::open(path)?;
    if let Some(bytes) = input.as_slice() {
        let summary = validate(game, bytes, limits, name, detail)?;
        input.check_unchanged(path)?;
        return Ok(summary);
    }
    let Input::Stream(mut reader) = input else {
        unreachable!("only streams have no slice")
    };
    // Standard input and pipes are held in memory: see the module docs.
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).map_err(|source| Error::Io {
        path: name.to_string(),
        source,
    })?;
    validate(game, &bytes, limits, name, detail)
}

/// Validates `bytes`, the whole input of `game`. The first violation is
/// returned as an [`Error::Input`] naming `path`. A valid input gives its
/// summary if `detail` asks for one.
pub fn validate(
    game: Game,
    bytes: &[u8],
    limits: &Limits,
    path: &str,
    detail: Detail,
) -> Result<Option<Summary>, Error> {
    let mut checker = Checker {
        bytes,
        pos: 0,
        path,
        vars: Vars::of(game, limits),
        summary: Summary::new(game, limits),
    };
    // The pair games are never large enough for their tally to matter; the
    // heap games fold only when asked to.
    crate::with_heap_fold!(game, fold => match detail {
        Detail::Check => checker.heap_cases::<_, false>(&fold),
        Detail::Summary => checker.heap_cases::<_, true>(&fold),
    }, else match game {
        Game::Bash => checker.counted_pairs(bash::first_player_wins),
        Game::KMultiple => {
            let mut kmultiple = KMultiple::new();
            checker.counted_pairs(|n, k| kmultiple.first_player_wins(n, k))
        }
        Game::Fibonacci => checker.zero_terminated(),
        _ => checker.pairs_to_end(),
    })?;
    Ok((detail == Detail::Summary).then_some(checker.summary))
}

/// The smallest and largest value a variable took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stat {
    pub min: u64,
    pub max: u64,
}

/// What a valid file covers, for `--summary`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub game: Game,
    pub limits: Limits,
    pub cases: u64,
    /// Heaps per case (heap games).
    pub heaps: Option<Stat>,
    pub total_heaps: u64,
    /// Heap sizes, or the first number of each case.
    pub value: Option<Stat>,
    /// The second number of each case (bash, kmultiple, wythoff).
    pub second: Option<Stat>,
    /// Cases the first player wins.
    pub wins: u64,
}

impl Summary {
    fn new(game: Game, limits: &Limits) -> Summary {
        Summary {
            game,
            limits: *limits,
            cases: 0,
            heaps: None,
            total_heaps: 0,
            value: None,
            second: None,
            wins: 0,
        }
    }
}

/// Records `value` in `stat`.
fn note(stat: &mut Option<Stat>, value: u64) {
    *stat = Some(match *stat {
        None => Stat {
            min: value,
            max: value,
        },
        Some(Stat { min, max }) => Stat {
            min: min.min(value),
            max: max.max(value),
        },
    });
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game;
        let limits = &self.limits;
        let changed = *limits != Limits::of(game);
        let note = if changed { ", as changed by flags" } else { "" };
        writeln!(
            f,
            "{}: valid under the limits of {}{}",
            game.name(),
            limits.problem,
            note
        )?;
        let vars = Vars::of(game, limits);
        if has_case_count(game) {
            write!(f, "T = {}", self.cases)?;
            mark(
                f,
                self.cases == limits.cases.min || self.cases == limits.cases.max,
            )?;
            writeln!(f, ", allowed {}", interval(limits.cases))?;
        } else {
            write!(f, "cases: {}", self.cases)?;
            if limits.cases != Bounds::new(0, u64::MAX) {
                write!(f, ", allowed {}", interval(limits.cases))?;
            }
            writeln!(f)?;
        }
        if game.has_heap_cases() {
            stat_line(f, "N", self.heaps, limits.heaps)?;
        }
        stat_line(f, vars.value.name, self.value, vars.value.bounds)?;
        if let Some(second) = vars.second {
            stat_line(f, second.name, self.second, second.bounds)?;
        }
        if game.has_heap_cases() {
            writeln!(f, "heaps: {} in total", self.total_heaps)?;
        }
        writeln!(
            f,
            "first player wins: {} of {} cases",
            self.wins, self.cases
        )
    }
}

/// One line `name: min X, max Y, allowed [lo, hi]`, with the extremes that
/// reach a bound marked, since those are the cases a setter must not miss.
fn stat_line(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    stat: Option<Stat>,
    bounds: Bounds,
) -> fmt::Result {
    let Some(stat) = stat else {
        return writeln!(f, "{}: no values, allowed {}", name, interval(bounds));
    };
    write!(f, "{}: min {}", name, stat.min)?;
    mark(f, stat.min == bounds.min)?;
    write!(f, ", max {}", stat.max)?;
    mark(f, stat.max == bounds.max)?;
    writeln!(f, ", allowed {}", interval(bounds))
}

fn mark(f: &mut fmt::Formatter<'_>, at_limit: bool) -> fmt::Result {
    if at_limit {
        f.write_str(" (= limit)")?;
    }
    Ok(())
}

/// `[lo, hi]`, with bounds written as powers of two where they are ones.
fn interval(bounds: Bounds) -> String {
    format!("[{}, {}]", bound(bounds.min), bound(bounds.max))
}

/// A bound as a person would write it in a statement: `2^31-1` rather than
/// `2147483647`, but `1000` rather than `2^10-2^4-2^3`.
fn bound(value: u64) -> String {
    const LARGE: u64 = 1 << 16;
    if value == u64::MAX {
        "2^64-1".to_string()
    } else if value >= LARGE && (value + 1).is_power_of_two() {
        format!("2^{}-1", (value + 1).trailing_zeros())
    } else if value >= LARGE && value.is_power_of_two() {
        format!("2^{}", value.trailing_zeros())
    } else {
        value.to_string()
    }
}

/// Whether the input starts with the number of cases `T`.
fn has_case_count(game: Game) -> bool {
    !matches!(game, Game::Fibonacci | Game::Wythoff)
}

/// One of the problem's variables.
#[derive(Clone, Copy, Debug)]
struct Var {
    /// The name in the problem statement: `T`, `N`, `s`, `n`, ...
    name: &'static str,
    /// How range messages introduce it: "heap size s", "number of cases T".
    label: &'static str,
    bounds: Bounds,
}

/// The variables of one game's input, with the bounds in force.
#[derive(Clone, Copy, Debug)]
struct Vars {
    cases: Var,
    heaps: Var,
    value: Var,
    second: Option<Var>,
}

impl Vars {
    fn of(game: Game, limits: &Limits) -> Vars {
        let var = |name, label, bounds| Var {
            name,
            label,
            bounds,
        };
        // One name per game, as in its problem statement.
        let (value, second) = match game {
            Game::Lasker => (var("s", "heap size s", limits.value), None),
            Game::Misere => (var("A", "heap size A", limits.value), None),
            Game::Nim | Game::Bounded { .. } => (var("a", "heap size a", limits.value), None),
            Game::Bash => (
                var("n", "n", limits.value),
                Some(var("m", "m", limits.second)),
            ),
            Game::KMultiple => (
                var("n", "n", limits.value),
                Some(var("k", "k", limits.second)),
            ),
            Game::Fibonacci => (var("n", "n", limits.value), None),
            Game::Wythoff => (
                var("a", "a", limits.value),
                Some(var("b", "b", limits.second)),
            ),
        };
        Vars {
            cases: var("T", "number of cases T", limits.cases),
            heaps: var("N", "number of heaps N", limits.heaps),
            value,
            second,
        }
    }
}

/// Where a number stands, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// `T`, alone on the first line.
    Top,
    /// A number of case `case` that is not a heap.
    Case(u64),
    /// Heap `heap` of the `of` heaps of case `case`.
    Heap { case: u64, heap: u64, of: u64 },
}

impl Place {
    /// `" (case 3, heap 17)"`: appended to messages about a value.
    fn suffix(self) -> String {
        match self {
            Place::Top => String::new(),
            Place::Case(case) => format!(" (case {case})"),
            Place::Heap { case, heap, .. } => format!(" (case {case}, heap {heap})"),
        }
    }

    /// `"heap 17 of case 3"`: the number itself, in "expected ..." messages.
    fn what(self, var: &Var) -> String {
        match self {
            Place::Top => var.name.to_string(),
            Place::Case(case) => format!("{} of case {}", var.name, case),
            Place::Heap { case, heap, .. } => format!("heap {heap} of case {case}"),
        }
    }
}

/// What the format wants right after a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Then {
    /// A single space and another number on the same line.
    Space,
    /// The end of the line. `last` when the file may end with this line,
    /// which only changes the words of a missing-newline message.
    Newline { last: bool },
}

impl Then {
    fn byte(self) -> u8 {
        match self {
            Then::Space => b' ',
            Then::Newline { .. } => b'\n',
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
}

impl Checker<'_> {
    /// Heap games: `T`, then per case `N` and a line of `N` heaps. The heaps
    /// are folded and their range kept only if `SUMMARY`.
    fn heap_cases<F: HeapFold, const SUMMARY: bool>(&mut self, fold: &F) -> Result<(), Error> {
        let cases = self.cases_line()?;
        for case in 1..=cases {
            let heaps = self.vars.heaps;
            let n = self.field(&heaps, Place::Case(case), Then::Newline { last: false })?;
            note(&mut self.summary.heaps, n);
            let acc = self.heap_line::<F, SUMMARY>(fold, case, n, case == cases)?;
            self.summary.total_heaps += n;
            if SUMMARY {
                self.summary.wins += u64::from(fold.first_player_wins(&acc));
            }
        }
        self.expect_end()
    }

    /// Checks one line of `n` heaps at `self.pos`, and folds them if
    /// `SUMMARY`.
    fn heap_line<F: HeapFold, const SUMMARY: bool>(
        &mut self,
        fold: &F,
        case: u64,
        n: u64,
        last: bool,
    ) -> Result<CaseSummary, Error> {
        if n == 0 {
            // Only reachable with widened limits; `gen` writes an empty line.
            if self.bytes.get(self.pos) != Some(&b'\n') {
                return Err(self.nonempty_heap_line(case));
            }
            self.pos += 1;
            return Ok(CaseSummary::default());
        }
        let var = self.vars.value;
        let mut run = Run {
            pos: self.pos,
            heap: 1,
            low: var.bounds.min,
            span: var.bounds.max - var.bounds.min,
            tally: Tally {
                acc: CaseSummary::default(),
                min: self.summary.value.map_or(u64::MAX, |s| s.min),
                max: self.summary.value.map_or(0, |s| s.max),
            },
        };
        loop {
            run.ordinary_heaps::<F, SUMMARY>(self.bytes, n, fold);
            if run.heap > n {
                break;
            }
            // Heap `run.heap` is out of the ordinary: a fault, a long number,
            // or the last bytes of the file. Check it the careful way.
            let (pos, heap) = (run.pos, run.heap);
            let place = Place::Heap { case, heap, of: n };
            let (value, len) = self.number(pos, &var, place)?;
            self.in_range(pos, &var, place, value)?;
            let then = if heap == n {
                Then::Newline { last }
            } else {
                Then::Space
            };
            self.expect(pos + len, then, &var, place)?;
            run.tally.add::<F, SUMMARY>(fold, value);
            run.pos = pos + len + 1;
            run.heap += 1;
        }
        self.pos = run.pos;
        if SUMMARY {
            let (min, max) = (run.tally.min, run.tally.max);
            self.summary.value = Some(Stat { min, max });
        }
        Ok(run.tally.acc)
    }

    #[cold]
    fn nonempty_heap_line(&self, case: u64) -> Error {
        let found = match self.bytes.get(self.pos) {
            None => "the end of input".to_string(),
            Some(&byte) => show(byte),
        };
        let message = format!(
            "N = 0 heaps were declared for case {case}, so its heap line must be empty; found {found}"
        );
        self.fail(self.pos, message)
    }

    /// bash and kmultiple: `T`, then `T` lines of two numbers.
    fn counted_pairs(&mut self, mut wins: impl FnMut(u64, u64) -> bool) -> Result<(), Error> {
        let cases = self.cases_line()?;
        for case in 1..=cases {
            let (a, b) = self.pair_line(case, case == cases)?;
            self.summary.wins += u64::from(wins(a, b));
        }
        self.expect_end()
    }

    /// wythoff: lines of two numbers until the end of the file.
    fn pairs_to_end(&mut self) -> Result<(), Error> {
        let mut case = 0;
        while self.pos < self.bytes.len() {
            case += 1;
            self.count_case(self.pos, case)?;
            let (a, b) = self.pair_line(case, true)?;
            self.summary.wins += u64::from(wythoff::first_player_wins(a, b));
        }
        self.check_case_count(self.pos, case)
    }

    /// fibonacci: one `n` per line, then a line `0`.
    fn zero_terminated(&mut self) -> Result<(), Error> {
        let var = self.vars.value;
        for case in 1.. {
            if self.pos == self.bytes.len() {
                let message = format!(
                    "expected n of case {} or the 0 that ends the input, found the end of input",
                    case
                );
                return Err(self.fail(self.pos, message));
            }
            let start = self.pos;
            // The terminating 0 is not subject to n's limits: read it first.
            let (n, len) = self.number(start, &var, Place::Case(case))?;
            if n != 0 {
                self.count_case(start, case)?;
                self.in_range(start, &var, Place::Case(case), n)?;
            }
            self.expect(
                start + len,
                Then::Newline { last: n == 0 },
                &var,
                Place::Case(case),
            )?;
            self.pos = start + len + 1;
            if n == 0 {
                self.check_case_count(start, case - 1)?;
                return self.expect_end();
            }
            note(&mut self.summary.value, n);
            self.summary.wins += u64::from(fibonacci::first_player_wins(n));
        }
        unreachable!("the loop returns")
    }

    /// The first line, `T`; returns `T`.
    fn cases_line(&mut self) -> Result<u64, Error> {
        let var = self.vars.cases;
        let cases = self.field(&var, Place::Top, Then::Newline { last: false })?;
        self.summary.cases = cases;
        Ok(cases)
    }

    /// A line `x y` of case `case`, the first and second variables.
    fn pair_line(&mut self, case: u64, last: bool) -> Result<(u64, u64), Error> {
        let first = self.vars.value;
        let second = self.vars.second.expect("a pair game has a second variable");
        let a = self.field(&first, Place::Case(case), Then::Space)?;
        let b = self.field(&second, Place::Case(case), Then::Newline { last })?;
        note(&mut self.summary.value, a);
        note(&mut self.summary.second, b);
        Ok((a, b))
    }

    /// Counts case `case`, which begins at `at`, of a format without `T`:
    /// the number of cases must not exceed the maximum.
    fn count_case(&mut self, at: usize, case: u64) -> Result<(), Error> {
        if case > self.vars.cases.bounds.max {
            let message = format!(
                "case {} is one too many: the number of cases must be within {}",
                case,
                interval(self.vars.cases.bounds)
            );
            return Err(self.fail(at, message));
        }
        self.summary.cases = case;
        Ok(())
    }

    /// Checks the number of cases of a format without `T` where it ends:
    /// at `at`, the terminating 0 (fibonacci) or the end of the file.
    fn check_case_count(&self, at: usize, cases: u64) -> Result<(), Error> {
        let bounds = self.vars.cases.bounds;
        if cases < bounds.min {
            let message = format!(
                "the input ends after {} cases; the number of cases must be within {}",
                cases,
                interval(bounds)
            );
            return Err(self.fail(at, message));
        }
        Ok(())
    }

    /// Reads one number of `var` with its bounds, and the byte after it.
    fn field(&mut self, var: &Var, place: Place, then: Then) -> Result<u64, Error> {
        let start = self.pos;
        let (value, len) = self.number(start, var, place)?;
        self.in_range(start, var, place, value)?;
        self.expect(start + len, then, var, place)?;
        self.pos = start + len + 1;
        Ok(value)
    }

    /// Reads the number at `pos`: its value and length.
    #[inline(always)]
    fn number(&self, pos: usize, var: &Var, place: Place) -> Result<(u64, usize), Error> {
        match fast_number(self.bytes, pos) {
            Some((value, len, _)) => Ok((value, len)),
            None => self.slow_number(pos, var, place),
        }
    }

    /// The byte at a time path of [`Checker::number`]: short windows at the
    /// end of the input, long numbers, and every fault.
    #[inline(never)]
    fn slow_number(&self, pos: usize, var: &Var, place: Place) -> Result<(u64, usize), Error> {
        let digits = digit_run(&self.bytes[pos..]);
        if digits.is_empty() {
            return Err(self.expected_number(pos, var, place));
        }
        if digits.len() > 1 && digits[0] == b'0' {
            let message = format!("leading zero in {}{}", var.label, place.suffix());
            return Err(self.fail(pos, message));
        }
        let value = digits.iter().try_fold(0u64, |v, &d| {
            v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        });
        match value {
            Some(value) => Ok((value, digits.len())),
            None => {
                let message = format!(
                    "{} = {} does not fit in 64 bits (the largest value is 2^64-1) and is outside {}{}",
                    var.label,
                    abbreviate(digits),
                    interval(var.bounds),
                    place.suffix()
                );
                Err(self.fail(pos, message))
            }
        }
    }

    fn in_range(&self, at: usize, var: &Var, place: Place, value: u64) -> Result<(), Error> {
        if var.bounds.contains(value) {
            Ok(())
        } else {
            Err(self.out_of_range(at, var, place, value))
        }
    }

    #[cold]
    fn out_of_range(&self, at: usize, var: &Var, place: Place, value: u64) -> Error {
        let message = format!(
            "{} = {} is outside {}{}",
            var.label,
            value,
            interval(var.bounds),
            place.suffix()
        );
        self.fail(at, message)
    }

    /// Checks that the byte at `at`, just after `var`, is the one `then` wants.
    fn expect(&self, at: usize, then: Then, var: &Var, place: Place) -> Result<(), Error> {
        if self.bytes.get(at) == Some(&then.byte()) {
            Ok(())
        } else {
            Err(self.separator_fault(at, then, var, place))
        }
    }

    /// After the last case: nothing at all.
    fn expect_end(&self) -> Result<(), Error> {
        match self.bytes.get(self.pos) {
            None => Ok(()),
            Some(&byte) => {
                let found = if byte == b'\n' {
                    "an empty line".to_string()
                } else {
                    show(byte)
                };
                let message =
                    format!("expected the end of input after the last case, found {found}");
                Err(self.fail(self.pos, message))
            }
        }
    }

    /// The error for the byte at `at` (or the end), where a number of `var`
    /// should begin.
    #[cold]
    fn expected_number(&self, at: usize, var: &Var, place: Place) -> Error {
        let what = place.what(var);
        let bytes = self.bytes;
        let after_space = at > 0 && bytes[at - 1] == b' ';
        let line_start = at == 0 || bytes[at - 1] == b'\n';
        let found = match bytes.get(at) {
            None => "the end of input".to_string(),
            Some(_) if at == 0 && bytes.starts_with(BOM) => "a byte order mark (BOM)".to_string(),
            Some(b'\n') if line_start => "an empty line".to_string(),
            Some(b' ') if after_space => {
                "a second space (numbers are separated by a single space)".to_string()
            }
            Some(&byte) => show(byte),
        };
        self.fail(at, format!("expected {what}, found {found}"))
    }

    /// The error for the byte at `at` (or the end), just after a number of
    /// `var`, which is not what `then` wants.
    #[cold]
    fn separator_fault(&self, at: usize, then: Then, var: &Var, place: Place) -> Error {
        let after = place.what(var);
        let found = self.bytes.get(at).copied();
        let message = match (then, place, found) {
            // Too few heaps on the line.
            (Then::Space, Place::Heap { case, heap, of }, None | Some(b'\n')) => {
                let ends = if found.is_none() { "input" } else { "line" };
                format!(
                    "N = {of} heaps were declared for case {case} but the {ends} ends after {heap}"
                )
            }
            (Then::Space, Place::Heap { .. }, Some(byte)) => format!(
                "expected a single space or the end of the line after {after}, found {}",
                show(byte)
            ),
            (Then::Space, _, None) => {
                format!("expected a single space after {after}, found the end of input")
            }
            (Then::Space, _, Some(b'\n')) => format!(
                "expected a single space and {} after {after}, found the end of the line",
                self.next_name(var)
            ),
            (Then::Space, _, Some(byte)) => format!(
                "expected a single space after {after}, found {}",
                show(byte)
            ),
            (Then::Newline { last: true }, _, None) => {
                "expected a newline at the end of the file, found the end of input".to_string()
            }
            (Then::Newline { .. }, _, None) => {
                format!(
                    "expected '\\n' at the end of the line after {after}, found the end of input"
                )
            }
            (Then::Newline { .. }, _, Some(b'\r')) => {
                "expected '\\n' at the end of the line, found '\\r'".to_string()
            }
            (Then::Newline { .. }, _, Some(b' ')) => match self.bytes.get(at + 1) {
                Some(b) if b.is_ascii_digit() => {
                    let more = match place {
                        Place::Heap { of, .. } => format!("more than the N = {of} heaps declared"),
                        _ => "an extra number".to_string(),
                    };
                    format!(
                        "expected '\\n' at the end of the line after {after}, found ' ' and {more}"
                    )
                }
                None | Some(b'\n' | b' ' | b'\r') => {
                    "trailing space at the end of the line".to_string()
                }
                Some(_) => {
                    format!("expected '\\n' at the end of the line after {after}, found ' '")
                }
            },
            (Then::Newline { .. }, _, Some(byte)) => {
                format!(
                    "expected '\\n' at the end of the line after {after}, found {}",
                    show(byte)
                )
            }
        };
        self.fail(at, message)
    }

    /// The variable that follows `var` on its line, for messages.
    fn next_name(&self, var: &Var) -> &'static str {
        match self.vars.second {
            Some(second) if var.name == self.vars.value.name => second.name,
            _ => "another number",
        }
    }

    fn fail(&self, offset: usize, message: String) -> Error {
        Error::Input {
            path: self.path.to_string(),
            offset: offset as u64,
            position: Position::in_bytes(self.bytes, offset),
            message,
        }
    }
}

/// The state of the hot loop over a line of heaps, kept apart from
/// [`Checker`] so that it fits in registers.
struct Run {
    /// Where heap `heap` begins.
    pos: usize,
    heap: u64,
    /// The heap size bounds as `low` and `span = high - low`, so that one
    /// wrapping compare checks both.
    low: u64,
    span: u64,
    tally: Tally,
}

/// What `--summary` needs from the heaps of a line.
#[derive(Clone, Copy)]
struct Tally {
    acc: CaseSummary,
    min: u64,
    max: u64,
}

impl Tally {
    /// Records one heap; nothing at all unless `SUMMARY`.
    #[inline(always)]
    fn add<F: HeapFold, const SUMMARY: bool>(&mut self, fold: &F, value: u64) {
        if SUMMARY {
            fold.fold(&mut self.acc, value);
            self.min = self.min.min(value);
            self.max = self.max.max(value);
        }
    }
}

impl Run {
    /// Checks heaps `heap..=n` while they are ordinary: short, in range,
    /// and followed by the one byte the format wants. Stops at the first
    /// that is not, leaving it to the careful path, or after heap `n` (then
    /// `heap == n + 1`).
    ///
    /// Not inlined: called once per line, it gets the registers to itself.
    #[inline(never)]
    fn ordinary_heaps<F: HeapFold, const SUMMARY: bool>(&mut self, bytes: &[u8], n: u64, fold: &F) {
        // Locals stay in registers; fields behind `&mut self` might not.
        let (mut pos, mut heap, mut tally) = (self.pos, self.heap, self.tally);
        let (low, span) = (self.low, self.span);
        // All heaps but the last are followed by a space ...
        while heap < n {
            let Some((value, end)) = ordinary_heap(bytes, pos, low, span, b' ') else {
                break;
            };
            tally.add::<F, SUMMARY>(fold, value);
            (pos, heap) = (end, heap + 1);
        }
        // ... and the last one by the end of the line.
        if heap == n {
            if let Some((value, end)) = ordinary_heap(bytes, pos, low, span, b'\n') {
                tally.add::<F, SUMMARY>(fold, value);
                (pos, heap) = (end, heap + 1);
            }
        }
        (self.pos, self.heap, self.tally) = (pos, heap, tally);
    }
}

/// The heap at `pos` if it is ordinary: a short number in `low..=low+span`
/// followed by `then`. Its value, and where the next number begins.
#[inline(always)]
fn ordinary_heap(bytes: &[u8], pos: usize, low: u64, span: u64, then: u8) -> Option<(u64, usize)> {
    let (value, len, next) = fast_number(bytes, pos)?;
    // One compare checks both bounds.
    let ordinary = value.wrapping_sub(low) <= span && next == then;
    ordinary.then_some((value, pos + len + 1))
}

/// Reads a number of 1 to 15 digits, without a leading zero, from the 16
/// bytes at `pos`: its value, its length, and the byte after it. `None`
/// sends the caller to the careful path, which handles everything else.
#[inline(always)]
fn fast_number(bytes: &[u8], pos: usize) -> Option<(u64, usize, u8)> {
    let window = bytes.get(pos..pos + 16)?;
    let word = |at: usize| {
        let eight: [u8; 8] = window[at..at + 8].try_into().expect("eight bytes");
        u64::from_le_bytes(eight) ^ 0x3030_3030_3030_3030
    };
    let (low, high) = (word(0), word(8));
    let (low_mask, high_mask) = (swar::non_digit_mask(low), swar::non_digit_mask(high));
    // Bytes before the first non-digit; 16 when there is none.
    let len = if low_mask != 0 {
        low_mask.trailing_zeros() / 8
    } else {
        8 + high_mask.trailing_zeros() / 8
    } as usize;
    // With 16 digits the window does not show where the number ends.
    if !(1..16).contains(&len) || (len > 1 && window[0] == b'0') {
        return None;
    }
    // Move the digits of a word to its top; the zero bytes shifted in below
    // read as leading zeros.
    let value = if len <= 8 {
        swar::eight_digits(low << (64 - 8 * len))
    } else {
        let rest = len - 8;
        swar::eight_digits(low) * POW10[rest] + swar::eight_digits(high << (64 - 8 * rest))
    };
    Some((value, len, window[len]))
}

/// The digits at the start of `bytes`.
fn digit_run(bytes: &[u8]) -> &[u8] {
    let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    &bytes[..len]
}

/// A long run of digits shortened for a message.
fn abbreviate(digits: &[u8]) -> String {
    const SHOWN: usize = 30;
    let text = String::from_utf8_lossy(digits);
    if digits.len() <= SHOWN {
        text.into_owned()
    } else {
        format!("{}... ({} digits)", &text[..SHOWN], digits.len())
    }
}

/// A byte as messages quote it: `'\t'`, `' '`, `'x'`, `a NUL byte`.
fn show(byte: u8) -> String {
    match byte {
        b' ' => "' '".to_string(),
        b'\t' => "'\\t'".to_string(),
        b'\r' => "'\\r'".to_string(),
        b'\n' => "'\\n'".to_string(),
        _ => describe_byte(byte),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_number_agrees_with_parse_at_every_length() {
        // Both sides of the eight-digit split, and digits that differ by place.
        for len in 1..16 {
            let numbers = ["9".repeat(len), "123456789012345"[..len].to_string(), {
                let mut n = "1".to_string();
                n.extend(std::iter::repeat_n('0', len - 1));
                n
            }];
            for number in numbers {
                for then in [b' ', b'\n', b'x'] {
                    let mut bytes = number.clone().into_bytes();
                    bytes.push(then);
                    // Digits after the window's first non-digit must not count.
                    bytes.extend_from_slice(b"98765432109876543");
                    let expected = number.parse().unwrap();
                    let found = fast_number(&bytes, 0);
                    assert_eq!(found, Some((expected, len, then)), "{number}");
                }
            }
        }
    }

    #[test]
    fn fast_number_declines_what_it_cannot_judge() {
        for case in ["01 ", "x", " 1", "1234567890123456 ", "12"] {
            let padded = format!("{case}................");
            let bytes = if case == "12" {
                case.as_bytes()
            } else {
                padded.as_bytes()
            };
            assert_eq!(fast_number(bytes, 0), None, "{case:?}");
        }
    }

    #[test]
    fn bounds_are_written_as_in_statements() {
        assert_eq!(bound((1 << 31) - 1), "2^31-1");
        assert_eq!(bound(u64::MAX), "2^64-1");
        assert_eq!(bound(1 << 32), "2^32");
        assert_eq!(bound(1000), "1000");
        assert_eq!(bound(1023), "1023");
        assert_eq!(bound(100_000_000), "100000000");
    }
}
