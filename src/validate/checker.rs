//! The layouts, checked line by line: the one path that knows where in the
//! format each byte is.

use super::fast::{Run, Tally};
use super::messages::{show, Place, Then};
use super::summary::{note, Stat};
use super::{Checker, Var};
use crate::error::Error;
use crate::games::{CaseSummary, HeapFold, PositionGame};
use crate::plural::count;

impl Checker<'_> {
    /// Heap games: `T`, then per case `N` and a line of `N` heaps. The heaps
    /// are folded and their range kept only if `SUMMARY`.
    pub(super) fn heap_cases<F: HeapFold, const SUMMARY: bool>(
        &mut self,
        fold: &F,
    ) -> Result<(), Error> {
        let cases = self.cases_line()?;
        for case in 1..=cases {
            let heaps = self.vars.heaps;
            let n = self.field(&heaps, Place::Case(case), Then::Newline { last: false })?;
            note(&mut self.summary.heaps, n);
            let acc = self.heap_line::<F, SUMMARY>(fold, case, None, n, case == cases)?;
            self.summary.total_heaps += n;
            if SUMMARY {
                self.count_verdict(fold, acc);
            }
        }
        self.expect_end()
    }

    /// Heap cases until the input ends: per case `N` and a line of `N`
    /// heaps.
    pub(super) fn heap_cases_to_end<F: HeapFold, const SUMMARY: bool>(
        &mut self,
        fold: &F,
    ) -> Result<(), Error> {
        let count = self.vars.heaps;
        let mut case = 0;
        while self.pos < self.bytes.len() {
            case += 1;
            self.count_case(self.pos, case)?;
            let n = self.field(&count, Place::Case(case), Then::Newline { last: false })?;
            note(&mut self.summary.heaps, n);
            let acc = self.heap_line::<F, SUMMARY>(fold, case, None, n, true)?;
            self.summary.total_heaps += n;
            if SUMMARY {
                self.count_verdict(fold, acc);
            }
        }
        self.check_case_count(self.pos, case)
    }

    /// Heap cases until `m = 0`: per case `m` and `m` heaps, on `m`'s line
    /// (`same_line`) or on the next. The `0` is not subject to `m`'s limits.
    pub(super) fn heap_cases_to_zero<F: HeapFold, const SUMMARY: bool>(
        &mut self,
        fold: &F,
        same_line: bool,
    ) -> Result<(), Error> {
        let count = self.vars.heaps;
        for case in 1.. {
            if self.pos == self.bytes.len() {
                let message = format!(
                    "expected {} of case {case} or the 0 that ends the input, found the end of input",
                    count.name
                );
                return Err(self.fail(self.pos, message));
            }
            let start = self.pos;
            let place = Place::Case(case);
            let (m, len) = self.number(start, &count, place)?;
            if m == 0 {
                self.expect(start + len, Then::Newline { last: true }, &count, place)?;
                self.pos = start + len + 1;
                self.check_case_count(start, case - 1)?;
                return self.expect_end();
            }
            self.count_case(start, case)?;
            self.in_range(start, &count, place, m)?;
            let then = if same_line && m > 0 {
                Then::Space
            } else {
                Then::Newline { last: false }
            };
            self.expect(start + len, then, &count, place)?;
            self.pos = start + len + 1;
            note(&mut self.summary.heaps, m);
            let acc = self.heap_line::<F, SUMMARY>(fold, case, None, m, false)?;
            self.summary.total_heaps += m;
            if SUMMARY {
                self.count_verdict(fold, acc);
            }
        }
        unreachable!("the loop returns")
    }

    /// Counts the verdict of a case (or position) whose heaps folded to
    /// `acc`, or `None` when the fold could not decide one of them.
    pub(super) fn count_verdict<F: HeapFold>(&mut self, fold: &F, acc: Option<CaseSummary>) {
        match acc {
            Some(acc) => self.summary.wins += u64::from(fold.first_player_wins(&acc)),
            None => self.summary.undecided += 1,
        }
    }

    /// Lines of three heaps until `0 0 0` (HDU 1848). The terminating line
    /// is not subject to the heaps' limits; any other line is three heaps.
    pub(super) fn heap_triples_to_zero<F: HeapFold, const SUMMARY: bool>(
        &mut self,
        fold: &F,
    ) -> Result<(), Error> {
        const END: &[u8] = b"0 0 0";
        for case in 1.. {
            let start = self.pos;
            if start == self.bytes.len() {
                let message = format!(
                    "expected the heaps of case {case} or the line 0 0 0 that ends the input, \
                     found the end of input"
                );
                return Err(self.fail(start, message));
            }
            if self.at_end_line(start, END) {
                return self.end_line(start, END, case);
            }
            self.count_case(start, case)?;
            note(&mut self.summary.heaps, 3);
            let acc = self.heap_line::<F, SUMMARY>(fold, case, None, 3, false)?;
            self.summary.total_heaps += 3;
            if SUMMARY {
                self.count_verdict(fold, acc);
            }
        }
        unreachable!("the loop returns")
    }

    /// Whether the byte at `at` is a digit: `0 0 00` is not the end line.
    fn continues_number(&self, at: usize) -> bool {
        self.bytes.get(at).is_some_and(u8::is_ascii_digit)
    }

    /// Checks one line of `n` heaps at `self.pos` (of S-Nim's `position`,
    /// if given), and folds them if `SUMMARY`: `None` if the fold could not
    /// decide one of them.
    pub(super) fn heap_line<F: HeapFold, const SUMMARY: bool>(
        &mut self,
        fold: &F,
        case: u64,
        position: Option<u64>,
        n: u64,
        last: bool,
    ) -> Result<Option<CaseSummary>, Error> {
        if n == 0 {
            // Only reachable with widened limits; `gen` writes an empty line.
            if self.bytes.get(self.pos) != Some(&b'\n') {
                return Err(self.nonempty_heap_line(case));
            }
            self.pos += 1;
            return Ok(Some(CaseSummary::default()));
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
                undecided: false,
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
            let place = Place::Heap {
                case,
                position,
                heap,
                of: n,
            };
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
        Ok((!run.tally.undecided).then_some(run.tally.acc))
    }

    #[cold]
    fn nonempty_heap_line(&self, case: u64) -> Error {
        let found = match self.bytes.get(self.pos) {
            None => "the end of input".to_string(),
            Some(&byte) => show(byte),
        };
        let message = format!(
            "{} = 0 heaps were declared for case {case}, so its heap line must be empty; found {found}",
            self.vars.heaps.name
        );
        self.fail(self.pos, message)
    }

    /// Counted pairs: `T`, then `T` lines of two numbers.
    pub(super) fn counted_pairs(&mut self, game: &mut impl PositionGame) -> Result<(), Error> {
        let cases = self.cases_line()?;
        for case in 1..=cases {
            let (a, b) = self.pair_line(game, case, case == cases)?;
            self.tally(game, a, b);
        }
        self.expect_end()
    }

    /// Counts a first-player win for the summary, if verdicts are wanted.
    pub(super) fn tally(&mut self, game: &mut impl PositionGame, a: u64, b: u64) {
        if self.verdicts {
            self.summary.wins += u64::from(game.first_player_wins(a, b));
        }
    }

    /// Pairs to the end: lines of two numbers until the end of the file.
    pub(super) fn pairs_to_end(&mut self, game: &mut impl PositionGame) -> Result<(), Error> {
        let mut case = 0;
        while self.pos < self.bytes.len() {
            case += 1;
            self.count_case(self.pos, case)?;
            let (a, b) = self.pair_line(game, case, true)?;
            self.tally(game, a, b);
        }
        self.check_case_count(self.pos, case)
    }

    /// Whether the line at `start` is `end`, the line that ends the input
    /// (and not a number that begins like it).
    fn at_end_line(&self, start: usize, end: &[u8]) -> bool {
        self.bytes[start..].starts_with(end) && !self.continues_number(start + end.len())
    }

    /// Checks the end line `end` at `start`, before case `case`: its
    /// newline, the cases before it, and nothing after it.
    fn end_line(&mut self, start: usize, end: &[u8], case: u64) -> Result<(), Error> {
        let place = Place::Case(case);
        self.expect(
            start + end.len(),
            Then::Newline { last: true },
            &self.vars.value,
            place,
        )?;
        self.pos = start + end.len() + 1;
        self.check_case_count(start, case - 1)?;
        self.expect_end()
    }

    /// Lines of two numbers until a line `0 0`, which is not subject to
    /// the numbers' limits (HDU 2147 asks `0 < n, m`).
    pub(super) fn pairs_to_zero(
        &mut self,
        game: &mut impl PositionGame,
        ordered: bool,
    ) -> Result<(), Error> {
        const END: &[u8] = b"0 0";
        for case in 1.. {
            let start = self.pos;
            if start == self.bytes.len() {
                let message = format!(
                    "expected {} of case {case} or the line 0 0 that ends the input, found the \
                     end of input",
                    self.vars.value.name
                );
                return Err(self.fail(start, message));
            }
            if self.at_end_line(start, END) {
                return self.end_line(start, END, case);
            }
            self.count_case(start, case)?;
            let (a, b) = self.pair_line(game, case, false)?;
            if ordered && a > b {
                // b's digits end just before the newline pair_line read.
                let mut second_at = self.pos - 1;
                while self.bytes[second_at - 1].is_ascii_digit() {
                    second_at -= 1;
                }
                let first = self.vars.value.name;
                let second = self.vars.second.map_or("", |v| v.name);
                let message = format!(
                    "{first} = {a} is more than {second} = {b} (case {case}); the statement \
                     asks {first} ≤ {second}"
                );
                return Err(self.fail(second_at, message));
            }
            self.tally(game, a, b);
        }
        unreachable!("the loop returns")
    }

    /// One `n` per line until the input ends.
    pub(super) fn numbers_to_end(&mut self, game: &mut impl PositionGame) -> Result<(), Error> {
        let var = self.vars.value;
        let mut case = 0;
        while self.pos < self.bytes.len() {
            case += 1;
            self.count_case(self.pos, case)?;
            let n = self.decided_field(game, &var, case, Then::Newline { last: true })?;
            note(&mut self.summary.value, n);
            self.tally(game, n, 0);
        }
        self.check_case_count(self.pos, case)
    }

    /// Zero-terminated: one `n` per line, then a line `0`.
    pub(super) fn zero_terminated(&mut self, game: &mut impl PositionGame) -> Result<(), Error> {
        let var = self.vars.value;
        for case in 1.. {
            if self.pos == self.bytes.len() {
                let message = format!(
                    "expected {} of case {} or the 0 that ends the input, found the end of input",
                    var.name, case
                );
                return Err(self.fail(self.pos, message));
            }
            let start = self.pos;
            // The terminating 0 is not subject to n's limits: read it first.
            let (n, len) = self.number(start, &var, Place::Case(case))?;
            if n != 0 {
                self.count_case(start, case)?;
                self.in_range(start, &var, Place::Case(case), n)?;
                self.decides(game, start, &var, case, n)?;
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
            self.tally(game, n, 0);
        }
        unreachable!("the loop returns")
    }

    /// The first line, `T`; returns `T`.
    pub(super) fn cases_line(&mut self) -> Result<u64, Error> {
        let var = self.vars.cases;
        let cases = self.field(&var, Place::Top, Then::Newline { last: false })?;
        self.summary.cases = cases;
        Ok(cases)
    }

    /// A line `x y` of case `case`, the first and second variables.
    fn pair_line(
        &mut self,
        game: &impl PositionGame,
        case: u64,
        last: bool,
    ) -> Result<(u64, u64), Error> {
        let first = self.vars.value;
        let second = self.vars.second.expect("a pair game has a second variable");
        let a = self.decided_field(game, &first, case, Then::Space)?;
        let b = self.decided_field(game, &second, case, Then::Newline { last })?;
        note(&mut self.summary.value, a);
        note(&mut self.summary.second, b);
        Ok((a, b))
    }

    /// A number of case `case`, as [`Checker::field`] reads it, that `game`
    /// must also decide.
    fn decided_field(
        &mut self,
        game: &impl PositionGame,
        var: &Var,
        case: u64,
        then: Then,
    ) -> Result<u64, Error> {
        let start = self.pos;
        let n = self.field(var, Place::Case(case), then)?;
        self.decides(game, start, var, case, n)?;
        Ok(n)
    }

    /// Refuses `n`, a number of case `case` at `at`, if `game` does not
    /// decide it: `solve` would refuse it, so the file is no test of it
    /// (the limits allow no such number unless they are widened).
    fn decides(
        &self,
        game: &impl PositionGame,
        at: usize,
        var: &Var,
        case: u64,
        n: u64,
    ) -> Result<(), Error> {
        match game.decided() {
            Some(range) if !range.contains(&n) => {
                let message = format!(
                    "{} = {n}{}: {}",
                    var.label,
                    Place::Case(case).suffix(),
                    game.refusal(n)
                );
                Err(self.fail(at, message))
            }
            _ => Ok(()),
        }
    }

    /// Counts case `case`, which begins at `at`, of a format without `T`:
    /// the number of cases must not exceed the maximum.
    pub(super) fn count_case(&mut self, at: usize, case: u64) -> Result<(), Error> {
        if case > self.vars.cases.bounds.max {
            let message = format!(
                "case {} is one too many: the number of cases must be within {}",
                case, self.vars.cases.bounds
            );
            return Err(self.fail(at, message));
        }
        self.summary.cases = case;
        Ok(())
    }

    /// Checks the number of cases of a format without `T` where it ends:
    /// at `at`, the terminating 0 (fibonacci) or the end of the file.
    pub(super) fn check_case_count(&self, at: usize, cases: u64) -> Result<(), Error> {
        let bounds = self.vars.cases.bounds;
        if cases < bounds.min {
            let message = format!(
                "the input ends after {}; the number of cases must be within {}",
                count(cases, "case"),
                bounds
            );
            return Err(self.fail(at, message));
        }
        Ok(())
    }
}
