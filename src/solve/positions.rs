//! The layouts of one position per case (bash, kmultiple, fibonacci,
//! wythoff), read in batches.
//!
//! A position is one or two numbers, so asking the source for one token at a
//! time would spend most of the run in the call and the window set up for
//! each token. The cases are instead collected a batch at a time through
//! the kernels' bulk walk, as heaps are, and answered from the batch. A
//! fault ends a batch early with the tokens before it, so the verdicts
//! written before an error, and the error itself (which field of which
//! case), are those of reading one token at a time.

use std::io::Write;

use super::{input_error, refused, stdout_error, Expected, Run};
use crate::error::Error;
use crate::games::{decides_position, PositionGame};
use crate::problem::Answer;
use crate::source::{Fault, FaultKind, TokenSource};

/// Tokens per batch: 128 KiB of them, which stays in the L2 cache.
const BATCH: u64 = 1 << 14;

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    /// `T`, then `T` cases of two numbers.
    pub(super) fn counted_pairs(
        &mut self,
        first: &'static str,
        second: &'static str,
        game: &mut impl PositionGame,
    ) -> Result<(), Error> {
        let cases = self.read(Expected::CaseCount)?;
        let (mut tokens, mut lines) = (Vec::new(), Vec::new());
        let mut case = 0;
        while case < cases {
            let want = (cases - case).min(BATCH / 2) * 2;
            let result = collect(self.source, game, want, &mut tokens, false);
            case = self.answer_cases(game, &tokens, 2, case, &mut lines)?;
            if let Err((read, fault)) = result {
                return Err(self.pair_fault(game, fault, read, case, [first, second]));
            }
        }
        self.expect_end()
    }

    /// Cases of two numbers until the input ends, which it may only do
    /// between two cases.
    pub(super) fn pairs_to_end(
        &mut self,
        first: &'static str,
        second: &'static str,
        game: &mut impl PositionGame,
    ) -> Result<(), Error> {
        let (mut tokens, mut lines) = (Vec::new(), Vec::new());
        let mut case = 0;
        loop {
            let result = collect(self.source, game, BATCH, &mut tokens, false);
            case = self.answer_cases(game, &tokens, 2, case, &mut lines)?;
            match result {
                Ok(()) => {}
                Err((
                    read,
                    Fault {
                        kind: FaultKind::End,
                        ..
                    },
                )) if read % 2 == 0 => return Ok(()),
                Err((read, fault)) if read % 2 == 0 && !refuses(&fault) => {
                    let expected = Expected::NextOrEnd {
                        name: first,
                        case: case + 1,
                    };
                    return Err(input_error(self.source, self.path, fault, expected));
                }
                Err((read, fault)) => {
                    return Err(self.pair_fault(game, fault, read, case, [first, second]))
                }
            }
        }
    }

    /// Cases of two numbers until a case `0 0`, read a pair at a time:
    /// a `0` alone does not end the input (Wythoff's `0 5` is a case), so
    /// the batch reader's stop at the first `0` does not apply.
    pub(super) fn pairs_to_zero(
        &mut self,
        names: [&'static str; 2],
        game: &mut impl PositionGame,
    ) -> Result<(), Error> {
        for case in 1.. {
            let mut pair = [(0, 0); 2];
            for (i, name) in names.into_iter().enumerate() {
                let expected = match i {
                    0 => Expected::NextOrZeros { name, case },
                    _ => Expected::Field { name, case },
                };
                pair[i] = self
                    .source
                    .next_token()
                    .map_err(|fault| input_error(self.source, self.path, fault, expected))?;
            }
            let [(a, a_at), (b, b_at)] = pair;
            if (a, b) == (0, 0) {
                return self.expect_end();
            }
            for ((n, at), name) in [(a, a_at), (b, b_at)].into_iter().zip(names) {
                if !decides_position(game, n, n, false) {
                    let expected = Expected::Field { name, case };
                    let why = game.refusal(n);
                    return Err(refused(self.source, self.path, at, expected, &why));
                }
            }
            self.report.values += 2;
            self.position_verdict(game, a, b)?;
            self.tick(case);
        }
        unreachable!("the loop returns")
    }

    /// One number per case until the input ends.
    pub(super) fn numbers_to_end(
        &mut self,
        name: &'static str,
        game: &mut impl PositionGame,
    ) -> Result<(), Error> {
        let (mut tokens, mut lines) = (Vec::new(), Vec::new());
        let mut case = 0;
        loop {
            let result = collect(self.source, game, BATCH, &mut tokens, false);
            case = self.answer_cases(game, &tokens, 1, case, &mut lines)?;
            match result {
                Ok(()) => {}
                Err((
                    _,
                    Fault {
                        kind: FaultKind::End,
                        ..
                    },
                )) => return Ok(()),
                Err((_, fault)) => {
                    let expected = Expected::NextOrEnd {
                        name,
                        case: case + 1,
                    };
                    return Err(self.fault(game, fault, expected));
                }
            }
        }
    }

    /// One number per case until a `0`.
    pub(super) fn zero_terminated(
        &mut self,
        name: &'static str,
        game: &mut impl PositionGame,
    ) -> Result<(), Error> {
        let (mut tokens, mut lines) = (Vec::new(), Vec::new());
        let mut case = 0;
        loop {
            let result = collect(self.source, game, BATCH, &mut tokens, true);
            case = self.answer_cases(game, &tokens, 1, case, &mut lines)?;
            let expected = Expected::NextOrZero {
                name,
                case: case + 1,
            };
            match result {
                Ok(()) => {}
                Err((_, fault)) if matches!(fault.kind, FaultKind::Refused(0)) => {
                    // The 0 is still unread.
                    self.read(expected)?;
                    return self.expect_end();
                }
                Err((_, fault)) => return Err(self.fault(game, fault, expected)),
            }
        }
    }

    /// Answers the whole cases among `tokens`, `width` numbers each (a
    /// one-number case's second is 0), the cases after `case`; returns the
    /// last case answered. Plain verdicts are written a batch at a time
    /// through [`ShortLines`](crate::output::ShortLines), with `lines` as the batch's buffer.
    fn answer_cases(
        &mut self,
        game: &mut impl PositionGame,
        tokens: &[u64],
        width: usize,
        case: u64,
        lines: &mut Vec<u8>,
    ) -> Result<u64, Error> {
        let cases = tokens.len() / width;
        let second = |i: usize| if width == 2 { tokens[i * width + 1] } else { 0 };
        let plain = !self.moves && self.answer == Answer::Verdict;
        if let Some(short) = self.out.short_lines().filter(|_| plain) {
            lines.clear();
            short.append(lines, cases, |i| {
                game.first_player_wins(tokens[i * width], second(i))
            });
            self.out.lines(lines).map_err(stdout_error)?;
            self.out.count_lines(cases as u64);
            self.report.cases += cases as u64;
            self.report.values += (cases * width) as u64;
            (self.progress)(self.source.consumed());
            return Ok(case + cases as u64);
        }
        for i in 0..cases {
            self.report.values += width as u64;
            self.position_verdict(game, tokens[i * width], second(i))?;
            self.tick(case + i as u64 + 1);
        }
        Ok(case + cases as u64)
    }

    /// The error for `fault`, met after `read` tokens of a batch that began
    /// a case, when `case` cases are answered: the first or the second
    /// number of the next case was expected.
    fn pair_fault(
        &self,
        game: &impl PositionGame,
        fault: Fault,
        read: u64,
        case: u64,
        names: [&'static str; 2],
    ) -> Error {
        let expected = Expected::Field {
            name: names[(read % 2) as usize],
            case: case + 1,
        };
        self.fault(game, fault, expected)
    }

    /// The error for `fault` where `expected` was: the game's own reason
    /// when it refused a number.
    fn fault(&self, game: &impl PositionGame, fault: Fault, expected: Expected) -> Error {
        match fault.kind {
            FaultKind::Refused(n) => refused(
                self.source,
                self.path,
                fault.offset,
                expected,
                &game.refusal(n),
            ),
            _ => input_error(self.source, self.path, fault, expected),
        }
    }
}

/// Collects up to `count` numbers (to the first 0 if `zero_ends`), refusing
/// the first one `game` does not decide.
fn collect<S: TokenSource>(
    source: &mut S,
    game: &impl PositionGame,
    count: u64,
    tokens: &mut Vec<u64>,
    zero_ends: bool,
) -> Result<(), (u64, Fault)> {
    match (game.decided(), zero_ends) {
        (Some(range), _) => source.collect_within(count, tokens, range, zero_ends),
        (None, true) => source.collect_to_zero(count, tokens),
        (None, false) => source.collect_numbers(count, tokens),
    }
}

/// Whether `fault` is a number the game refused (where a 0 does not end
/// the input, which its layout tells apart first).
fn refuses(fault: &Fault) -> bool {
    matches!(fault.kind, FaultKind::Refused(_))
}
