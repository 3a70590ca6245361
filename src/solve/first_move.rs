//! The answer that names the first winning move and the heaps it leaves
//! (Luogu P1247): `a b`, take `a` objects from heap `b`, then a line of
//! every heap after the move. Each case's heaps are kept, since that line
//! repeats them all.

use std::io::Write;

use super::{input_error, refused, stdout_error, Expected, Run, MAX_KEPT_HEAPS};
use crate::error::Error;
use crate::games::{CaseSummary, EveryMove};
use crate::source::{Fault, FaultKind, TokenSource};

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    /// Cases of `N` heaps until the input ends, each answered with its first
    /// winning move and the heaps it leaves, or the losing word.
    pub(super) fn first_move_cases_to_end<F: EveryMove>(
        &mut self,
        fold: &F,
        count: &'static str,
    ) -> Result<(), Error> {
        let (mut heaps, mut line) = (Vec::new(), Vec::new());
        let mut case = 0;
        loop {
            case += 1;
            let (n, at) = match self.source.next_token() {
                Ok(token) => token,
                Err(Fault {
                    kind: FaultKind::End,
                    ..
                }) => return Ok(()),
                Err(fault) => {
                    let expected = Expected::NextOrEnd { name: count, case };
                    return Err(input_error(self.source, self.path, fault, expected));
                }
            };
            let summary = self.read_heaps(fold, case, n, at, &mut heaps, count)?;
            self.report.cases += 1;
            let wins = fold.first_player_wins(&summary);
            let mv = wins.then(|| first_winning_move(fold, &heaps, &summary));
            let written = match mv.flatten() {
                Some((index, to)) => {
                    let taken = heaps[index] - to;
                    heaps[index] = to;
                    heaps_line(&heaps, &mut line);
                    self.out
                        .answer(&format_args!("{taken} {}", index + 1))
                        .and_then(|()| self.out.lines(&line))
                }
                // A misère position with nothing left is won with no move.
                _ => self.out.verdict(wins),
            };
            written.map_err(stdout_error)?;
            (self.progress)(self.source.consumed());
        }
    }

    /// Reads the `n` heaps of case `case` into `heaps` (the count was at
    /// `at`), and folds them; each is checked as it is read, so that a heap
    /// the game cannot decide is an error at its place.
    fn read_heaps<F: EveryMove>(
        &mut self,
        fold: &F,
        case: u64,
        n: u64,
        at: u64,
        heaps: &mut Vec<u64>,
        count: &'static str,
    ) -> Result<CaseSummary, Error> {
        let too_many = |why: String| Error::Input {
            path: self.path.to_string(),
            offset: at,
            position: self.source.locate(at),
            message: format!("{count} = {n} heaps in case {case}: {why}"),
        };
        if n > MAX_KEPT_HEAPS {
            return Err(too_many(format!(
                "the answer repeats a case's heaps, so they are kept, at most \
                 {MAX_KEPT_HEAPS} of them"
            )));
        }
        heaps.clear();
        if heaps.try_reserve(n as usize).is_err() {
            return Err(too_many("out of memory keeping them".to_string()));
        }
        let mut summary = CaseSummary::default();
        for heap in 1..=n {
            let expected = Expected::Heap { case, heap, of: n };
            let (value, offset) = self
                .source
                .next_token()
                .map_err(|fault| input_error(self.source, self.path, fault, expected))?;
            if F::MAY_REFUSE && !fold.decides(value) {
                let why = fold.refusal(value);
                return Err(refused(self.source, self.path, offset, expected, &why));
            }
            fold.fold(&mut summary, value);
            heaps.push(value);
        }
        self.report.values += n;
        Ok(summary)
    }
}

/// The winning move of the first heap that has one, taking the fewest
/// objects from it: the heap's index and what the move leaves of it. A
/// move that splits the heap is not one this answer can write, and the
/// games that make them are refused when the game is built.
fn first_winning_move<F: EveryMove>(
    fold: &F,
    heaps: &[u64],
    summary: &CaseSummary,
) -> Option<(usize, u64)> {
    heaps.iter().enumerate().find_map(|(index, &heap)| {
        let mut first = None;
        fold.each_move_from(heap, summary, &mut |to, and| {
            if first.is_none() && and.is_none() {
                first = Some(to);
            }
        });
        first.map(|to| (index, to))
    })
}

/// `heaps` as one line, separated by spaces, into `line`.
fn heaps_line(heaps: &[u64], line: &mut Vec<u8>) {
    line.clear();
    let mut digits = itoa::Buffer::new();
    for (i, &heap) in heaps.iter().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        line.extend_from_slice(digits.format(heap).as_bytes());
    }
    line.push(b'\n');
}
