//! The layouts of the judge problems played under a rule: fixed groups of
//! heaps ended by a group of zeros (HDU 1848), and S-Nim's cases, each with
//! its own subtraction set (HDU 1536).

use std::io::Write;

use super::{input_error, refused, stdout_error, Expected, Run};
use crate::error::Error;
use crate::games::rule::SET_CASE_VALUES;
use crate::games::{CaseSummary, HeapGame, HeapMove, MoveTrace, Trace};
use crate::grundy::{rule::MAX_REMOVAL, Method, NimSequence, Rule};
use crate::source::TokenSource;

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    /// A token and its offset, or the error that says what was expected.
    fn token(&mut self, expected: Expected) -> Result<(u64, u64), Error> {
        self.source
            .next_token()
            .map_err(|fault| input_error(self.source, self.path, fault, expected))
    }

    /// Cases of `width` heaps each, until a case of zeros only.
    pub(super) fn heap_groups_to_zero<F: HeapGame>(
        &mut self,
        fold: &F,
        width: usize,
        names: [&'static str; 3],
    ) -> Result<(), Error> {
        let mut group = Vec::with_capacity(width);
        for case in 1.. {
            group.clear();
            for (i, &name) in names.iter().enumerate().take(width) {
                let expected = if i == 0 {
                    Expected::NextOrZero { name, case }
                } else {
                    Expected::Field { name, case }
                };
                group.push(self.token(expected)?);
            }
            if group.iter().all(|&(heap, _)| heap == 0) {
                break;
            }
            let mut summary = CaseSummary::default();
            for (&(heap, at), &name) in group.iter().zip(&names) {
                if !fold.decides(heap) {
                    let expected = Expected::Field { name, case };
                    return Err(refused(
                        self.source,
                        self.path,
                        at,
                        expected,
                        &fold.refusal(heap),
                    ));
                }
                fold.fold(&mut summary, heap);
            }
            self.report.values += width as u64;
            let wins = fold.first_player_wins(&summary);
            // The game's own move, which may split a heap in three.
            let heaps: Vec<u64> = group.iter().map(|&(heap, _)| heap).collect();
            let mv = (self.moves && wins)
                .then(|| fold.winning_move_in(&heaps, &summary))
                .flatten();
            self.verdict_and(wins, mv.as_ref().map(|m| m as &dyn std::fmt::Display))?;
            self.tick(case);
        }
        self.expect_end()
    }

    /// S-Nim: cases until a lone `0`, each a subtraction set `k s1 … sk`,
    /// then `m` positions `l h1 … hl`, answered by one line of `m` words,
    /// and with `--move` a winning move of each won position after them.
    pub(super) fn subtraction_set_cases(&mut self) -> Result<(), Error> {
        let mut set = Vec::new();
        let mut line = Vec::new();
        let mut moves = Vec::new();
        for case in 1.. {
            let (k, _) = self.token(Expected::NextOrZero { name: "k", case })?;
            if k == 0 {
                break;
            }
            set.clear();
            for _ in 0..k {
                let (s, at) = self.token(Expected::Field { name: "s", case })?;
                if !(1..=MAX_REMOVAL as u64).contains(&s) {
                    let why = format!("a subtraction must be from 1 to {MAX_REMOVAL}");
                    let expected = Expected::Field { name: "s", case };
                    return Err(refused(self.source, self.path, at, expected, &why));
                }
                set.push(s as usize);
            }
            let mut seq = NimSequence::new(Rule::subtraction(&set), Method::Auto);
            // Smallest first, so that a move takes the smallest removal that wins.
            set.sort_unstable();
            let (positions, _) = self.token(Expected::Field { name: "m", case })?;
            line.clear();
            moves.clear();
            for position in 1..=positions {
                let (heaps, _) = self.token(Expected::Field { name: "l", case })?;
                let mut xor = 0u32;
                let mut trace = MoveTrace::default();
                for _ in 0..heaps {
                    let expected = Expected::Field { name: "h", case };
                    let (heap, at) = self.token(expected)?;
                    let Some(value) = seq.value_within(heap, SET_CASE_VALUES) else {
                        let why = format!(
                            "a heap of {heap} is beyond the {SET_CASE_VALUES} values computed \
                             for this set, and no period is proven within them"
                        );
                        return Err(refused(self.source, self.path, at, expected, &why));
                    };
                    xor ^= value;
                    if self.moves {
                        trace.note(u64::from(value), 0, heap);
                    }
                }
                self.report.values += heaps;
                line.push(xor != 0);
                if self.moves && xor != 0 {
                    let mv = subtraction_move(&seq, &set, &trace, xor);
                    moves.push(PositionMove { position, mv });
                }
            }
            self.report.cases += 1;
            let written = match self.moves {
                true => self.out.word_line_and(&line, &PositionMoves(&moves)),
                false => self.out.word_line(&line),
            };
            written.map_err(stdout_error)?;
            self.tick(case);
        }
        self.expect_end()
    }
}

/// A winning move of a position whose values xor to `xor` (not 0), in the
/// subtraction game `seq` on `set` (sorted): the first heap whose value has
/// the xor's highest bit, less the smallest removal that leaves a heap of
/// value `g ^ xor`. One exists, since `g ^ xor < g` and `g` is the mex of
/// the values a removal leaves.
fn subtraction_move(seq: &NimSequence, set: &[usize], trace: &MoveTrace, xor: u32) -> HeapMove {
    let top = 31 - xor.leading_zeros();
    let first = trace
        .first_with(top)
        .expect("a value has each bit of the xor");
    let from = first.heap;
    let value = seq.value(from).expect("a traced heap's value is known");
    let target = value ^ xor;
    let to = set
        .iter()
        .map(|&s| s as u64)
        .take_while(|&s| s <= from)
        .map(|s| from - s)
        .find(|&to| seq.value(to) == Some(target))
        .expect("a heap's value is the mex of the values its removals leave");
    HeapMove {
        heap: first.index + 1,
        from,
        to,
        and: None,
        third: None,
    }
}

/// A move in position `position` (counted from 1) of an S-Nim case.
struct PositionMove {
    position: u64,
    mv: HeapMove,
}

/// The moves of a case's won positions, each ` p:i:a->b`: in position `p`,
/// heap `i` goes from `a` objects to `b`.
struct PositionMoves<'a>(&'a [PositionMove]);

impl std::fmt::Display for PositionMoves<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for PositionMove { position, mv } in self.0 {
            write!(f, " {position}:{mv}")?;
        }
        Ok(())
    }
}
