//! Answers that name a winning move (`--move`), checked by the game rather
//! than as text: any move that is legal and leaves the opponent a lost
//! position is accepted, whatever move the expected answers name.
//!
//! A case's answer is its line: the verdict words, which must be the
//! expected ones (compared as [`compare`](super::compare()) compares tokens,
//! with its messages, a word no answer has being a presentation error),
//! then, on a winning case, a move as `solve --move` writes it: `i:a->b`
//! (`i:a->b+c`, `i:a->b+c+d` for splits) for heap games, `a->b` for one
//! pile, `a b->c d` for two. The move must parse (a presentation error if
//! not), name the case's heap or position as it is, be a move of the game
//! ([`HeapGame::legality`], [`PositionGame::check_move`]) and leave a
//! position the opponent loses, which for heaps is the case folded again
//! with the moved heap replaced by its parts. A losing case has nothing
//! after its word, and neither has a won case with no object left (misère
//! Nim's, won because the opponent took the last one).
//!
//! The expected answers and the output are read a line at a time, a line
//! of output kept to [`LONGEST`] bytes past the expected one, so junk
//! output costs no memory. The input is read whole, as [`TestFile`]'s
//! cases: 8 bytes a number on top of the file's own bytes, so checking a
//! 10^8-heap test holds about 0.8 GB (plus the file). A game that cannot
//! check its moves, and the layouts whose game comes with each case
//! (S-Nim's sets, HDU 1524's graphs), are refused ([`move_refusal`]).
//!
//! [`HeapGame::legality`]: crate::games::HeapGame::legality
//! [`PositionGame::check_move`]: crate::games::PositionGame::check_move

use std::io::BufRead;

use super::compare::{extra, mismatch, missing, quote, split, Words};
use super::tokens::{read_line_bounded, BOM, LONGEST};
use super::{Checked, Failure, JuryFault, Verdict};
use crate::games::{
    CaseSummary, Game, HeapGame, HeapMove, Legality, Played, PositionGame, PositionMove,
};
use crate::plural::count;
use crate::problem::{Layout, LinePrefix, Problem};
use crate::stress::{Case, TestFile};

/// Why `--move` answers of `problem` cannot be checked, if they cannot.
pub fn move_refusal(problem: &Problem, game: &Game) -> Option<String> {
    let name = problem.name;
    if !problem.takes_moves() {
        return Some(format!(
            "{name}'s answers are not a verdict that a move may follow, so --move does not apply"
        ));
    }
    if matches!(
        problem.layout,
        Layout::SubtractionSetCases | Layout::GraphCases
    ) {
        return Some(format!(
            "{name}'s game comes with each case, and its moves cannot be checked"
        ));
    }
    (!game.checks_moves()).then(|| {
        format!(
            "the moves of {name}'s game ({}) cannot be checked: give its answers without --move",
            problem.game.name
        )
    })
}

/// Compares `output`, a program's answers with moves to `input`, an input
/// of `problem` played as `game`, with `expected`, the right answers (whose
/// moves are not looked at). An error is one of reading, or of the jury's
/// files: an input that is not one of `problem`'s, expected answers that
/// do not fit it, or a problem whose moves cannot be checked.
pub fn compare_moves(
    problem: &Problem,
    game: &Game,
    input: &[u8],
    expected: impl BufRead,
    output: impl BufRead,
) -> Result<Checked, Failure> {
    if let Some(why) = move_refusal(problem, game) {
        return Err(Failure::Input(why));
    }
    let test = TestFile::read(problem, input).map_err(|error| Failure::Input(error.to_string()))?;
    let mut check = MoveCheck {
        problem,
        game: game.clone(),
        words: Words::new(problem),
        expected,
        expected_line: 0,
        output,
        out_line: 0,
        line: Vec::new(),
    };
    for (at, case) in test.cases.iter().enumerate() {
        if let Some(checked) = check.case(at as u64 + 1, case)? {
            return Ok(checked);
        }
    }
    check.end(test.cases.len() as u64)
}

/// A case the game cannot check: the input's fault, or nimstream's.
fn invalid(message: String) -> Failure {
    Failure::Input(message)
}

/// What is wrong with a case's move.
enum Fault {
    /// A wrong answer: why.
    Wrong(String),
    /// Not a move at all: why.
    Unreadable(String),
}

struct MoveCheck<'a, E, O> {
    problem: &'a Problem,
    game: Game,
    words: Words,
    expected: E,
    /// The expected answers' lines read so far.
    expected_line: u64,
    output: O,
    /// The output's lines read so far.
    out_line: u64,
    /// The output line being checked.
    line: Vec<u8>,
}

impl<E: BufRead, O: BufRead> MoveCheck<'_, E, O> {
    /// Checks case `number`: `None` when its answer is accepted.
    fn case(&mut self, number: u64, case: &Case) -> Result<Option<Checked>, Failure> {
        let Some(want) = self.next_expected()? else {
            return Err(self.jury_at_end(format!(
                "the expected answers end before case {number} of the input: they are cut \
                 short or another input's; write them again with `nimstream solve --move`"
            )));
        };
        let want: Vec<Vec<u8>> = split(&want).map(<[u8]>::to_vec).collect();
        let (words, expect_win) = self.expected_verdict(number, &want)?;
        let wanted: Vec<&[u8]> = want[..words].iter().map(Vec::as_slice).collect();
        let verdict_line = wanted.join(&b' ');
        let Some(cut) = self.next_output_line(verdict_line.len() + LONGEST)? else {
            return Ok(Some(missing(number, &verdict_line)));
        };
        let (line, at) = (std::mem::take(&mut self.line), self.out_line);
        let found: Vec<&[u8]> = split(&line).collect();
        if cut {
            return Ok(Some(Checked {
                verdict: Verdict::PresentationError,
                message: format!(
                    "case {number} (output line {at}): a line of over {} bytes, which no \
                     answer of {} has",
                    verdict_line.len() + LONGEST,
                    self.problem.name
                ),
                cases: number - 1,
            }));
        }
        if found.len() < words || found[..words] != wanted[..] {
            let shown = &found[..found.len().min(words)];
            let readable = shown.iter().all(|token| self.words.readable(token));
            let checked = mismatch(
                self.problem,
                number,
                at,
                &verdict_line,
                &shown.join(&b' '),
                readable,
            );
            return Ok(Some(checked));
        }
        let claimed = &found[words..];
        let fault = match (expect_win, claimed.is_empty()) {
            (false, true) => return Ok(None),
            (false, false) => Fault::Wrong(format!(
                "{} is followed by {}, but the player to move loses: no move follows a \
                 losing verdict",
                quote(&verdict_line),
                quote(&claimed.join(&b' '))
            )),
            // Misère Nim's empty position is won with no move to make, as
            // is a misère game's position of heaps that have no move.
            (true, true) if no_move_left(&self.game, case) => return Ok(None),
            (true, true) => Fault::Wrong(format!(
                "expected a winning move after {}",
                quote(&verdict_line)
            )),
            (true, false) => match self.check_move(case, claimed)? {
                None => return Ok(None),
                Some(fault) => fault,
            },
        };
        let (verdict, why) = match fault {
            Fault::Wrong(why) => (Verdict::WrongAnswer, why),
            Fault::Unreadable(why) => (Verdict::PresentationError, why),
        };
        Ok(Some(Checked {
            verdict,
            message: format!("case {number} (output line {at}): {why}"),
            cases: number - 1,
        }))
    }

    /// How many of the expected line's tokens are its verdict (a `Case i:`
    /// prefix and the words), and whether they say the first player wins.
    fn expected_verdict(&self, number: u64, want: &[Vec<u8>]) -> Result<(usize, bool), Failure> {
        let verdicts = &self.problem.verdicts;
        let prefix = match verdicts.prefix {
            LinePrefix::None => 0,
            LinePrefix::CaseNumber => 2,
        };
        let rest = &want[prefix.min(want.len())..];
        let says = |words: &str| {
            let words: Vec<&[u8]> = split(words.as_bytes()).collect();
            let says = rest.len() >= words.len() && rest[..words.len()] == words[..];
            says.then_some(words.len())
        };
        // The longer first: one problem's words may begin the other's.
        let mut verdicts = [(says(verdicts.win), true), (says(verdicts.lose), false)];
        verdicts.sort_by_key(|(words, _)| std::cmp::Reverse(*words));
        match verdicts.into_iter().find_map(|(w, win)| Some((w?, win))) {
            Some((words, win)) => Ok((prefix + words, win)),
            None => Err(self.jury(format!(
                "case {number} of the expected answers, {}, is no verdict of {}: the \
                 expected answers are at fault, not the output",
                quote(&want.join(&b' ')),
                self.problem.name
            ))),
        }
    }

    /// Reads the next output line that is not blank into `self.line`, kept
    /// to `most` bytes: whether it was cut, or `None` at the end.
    fn next_output_line(&mut self, most: usize) -> Result<Option<bool>, Failure> {
        loop {
            let first = self.out_line == 0;
            let most = most + if first { BOM.len() } else { 0 };
            let read = read_line_bounded(&mut self.output, &mut self.line, most);
            let Some(cut) = read.map_err(Failure::Output)? else {
                return Ok(None);
            };
            self.out_line += 1;
            // testlib skips a byte order mark at the start of the output.
            if first && self.line.starts_with(BOM) {
                self.line.drain(..BOM.len());
            }
            if cut || split(&self.line).next().is_some() {
                return Ok(Some(cut));
            }
        }
    }

    /// Checks the move `claimed` on a winning `case`.
    fn check_move(&mut self, case: &Case, claimed: &[&[u8]]) -> Result<Option<Fault>, Failure> {
        let shown = quote(&claimed.join(&b' '));
        crate::with_game!(&mut self.game,
            heap game => match case {
                Case::Heaps(heaps) => heap_move(&*game, heaps, claimed, &shown),
                _ => Err(invalid("a heap game's case is not heaps".into())),
            },
            position game => {
                let (a, b) = match *case {
                    Case::Number(n) => (n, 0),
                    Case::Pair(a, b) => (a, b),
                    _ => return Err(invalid("a position game's case is not a position".into())),
                };
                Ok(position_move(game, (a, b), claimed, &shown))
            },
            row _game => Err(invalid("the moves of a row's game are not checked".into()))
        )
    }

    /// After the last case: expected answers past it are the jury's fault,
    /// output past it a wrong answer.
    fn end(&mut self, cases: u64) -> Result<Checked, Failure> {
        if self.next_expected()?.is_some() {
            return Err(self.jury(format!(
                "the expected answers go on after the input's {}: they are another \
                 input's; write them again with `nimstream solve --move`",
                count(cases, "case")
            )));
        }
        Ok(match self.next_output_line(LONGEST)? {
            None => Checked::accepted(cases),
            Some(_) => {
                let first = split(&self.line).next().unwrap_or_default();
                extra(cases, self.out_line, &quote(first))
            }
        })
    }
}

impl<E: BufRead, O> MoveCheck<'_, E, O> {
    /// The next expected line that is not blank, or `None` at the end.
    fn next_expected(&mut self) -> Result<Option<Vec<u8>>, Failure> {
        let mut line = Vec::new();
        loop {
            let read = read_line_bounded(&mut self.expected, &mut line, LONGEST);
            if read.map_err(Failure::Expected)?.is_none() {
                return Ok(None);
            }
            self.expected_line += 1;
            if split(&line).next().is_some() {
                return Ok(Some(line));
            }
        }
    }

    /// A fault of the expected answers, at the line last read.
    fn jury(&self, message: String) -> Failure {
        Failure::Jury(JuryFault {
            line: self.expected_line,
            message,
        })
    }

    /// A fault of the expected answers at their end.
    fn jury_at_end(&self, message: String) -> Failure {
        Failure::Jury(JuryFault {
            line: self.expected_line + 1,
            message,
        })
    }
}

/// Whether `case` is heaps none of which `game` can move
/// ([`HeapGame::can_move`]).
fn no_move_left(game: &Game, case: &Case) -> bool {
    let Case::Heaps(heaps) = case else {
        return false;
    };
    crate::with_game!(game,
        heap game => heaps.iter().all(|&heap| !game.can_move(heap)),
        position _p => false,
        row _r => false)
}

/// Checks a heap move claimed on the winning case `heaps`.
fn heap_move<G: HeapGame>(
    game: &G,
    heaps: &[u64],
    claimed: &[&[u8]],
    shown: &str,
) -> Result<Option<Fault>, Failure> {
    let Some(mv) = parse_heap_move(claimed) else {
        return Ok(Some(Fault::Unreadable(format!(
            "{shown} is not a move: expected i:a->b (heap i from a objects to b), or \
             i:a->b+c for a split"
        ))));
    };
    let index = mv.heap.checked_sub(1).and_then(|i| usize::try_from(i).ok());
    let Some(&size) = index.and_then(|i| heaps.get(i)) else {
        return Ok(Some(Fault::Wrong(format!(
            "{shown} names heap {}, but the case has {}",
            mv.heap,
            count(heaps.len() as u64, "heap")
        ))));
    };
    if size != mv.from {
        return Ok(Some(Fault::Wrong(format!(
            "{shown}: heap {} has {}, not {}",
            mv.heap,
            count(size, "object"),
            mv.from
        ))));
    }
    let parts: Vec<u64> = [Some(mv.to), mv.and, mv.third]
        .into_iter()
        .flatten()
        .collect();
    match game.legality(mv.from, &parts) {
        Legality::Legal => {}
        Legality::Illegal(why) => {
            return Ok(Some(Fault::Wrong(format!("{shown} is illegal: {why}"))))
        }
        Legality::Unchecked => return Err(invalid("the game cannot check its moves".into())),
    }
    let index = (mv.heap - 1) as usize;
    let after = heaps[..index]
        .iter()
        .chain(&parts)
        .chain(&heaps[index + 1..]);
    let mut summary = CaseSummary::default();
    for &heap in after.clone() {
        if !game.decides(heap) {
            return Err(invalid(game.refusal(heap)));
        }
        game.fold(&mut summary, heap);
    }
    Ok(game.first_player_wins(&summary).then(|| {
        let around = window(after.copied(), index, parts.len());
        Fault::Wrong(format!(
            "{shown} leaves heaps {around}, a winning position for the opponent"
        ))
    }))
}

/// The heaps a few either side of the parts that stand at `index`.
fn window(heaps: impl Iterator<Item = u64> + Clone, index: usize, parts: usize) -> String {
    const SIDE: usize = 3;
    let first = index.saturating_sub(SIDE);
    let last = index + parts + SIDE;
    let mut shown: Vec<String> = Vec::new();
    if first > 0 {
        shown.push("…".into());
    }
    shown.extend(
        heaps
            .clone()
            .skip(first)
            .take(last - first)
            .map(|h| h.to_string()),
    );
    if heaps.count() > last {
        shown.push("…".into());
    }
    shown.join(" ")
}

/// `i:a->b`, `i:a->b+c` or `i:a->b+c+d`, one token.
pub(crate) fn parse_heap_move(claimed: &[&[u8]]) -> Option<HeapMove> {
    let [token] = claimed else { return None };
    let text = std::str::from_utf8(token).ok()?;
    let (heap, rest) = text.split_once(':')?;
    let (from, parts) = rest.split_once("->")?;
    let parts: Vec<u64> = parts.split('+').map(number).collect::<Option<_>>()?;
    let (&to, more) = parts.split_first()?;
    if more.len() > 2 {
        return None;
    }
    Some(HeapMove {
        heap: number(heap)?,
        from: number(from)?,
        to,
        and: more.first().copied(),
        third: more.get(1).copied(),
    })
}

/// A decimal number of digits only.
fn number(text: &str) -> Option<u64> {
    match text.bytes().all(|b| b.is_ascii_digit()) {
        true => text.parse().ok(),
        false => None,
    }
}

/// Checks a move claimed from the winning position `(a, b)`.
fn position_move(
    game: &mut impl PositionGame,
    (a, b): (u64, u64),
    claimed: &[&[u8]],
    shown: &str,
) -> Option<Fault> {
    // The case wins, so the game names a move: of the shape to expect.
    let two = matches!(game.winning_move(a, b), Some(PositionMove::Piles { .. }));
    let Some(mv) =
        parse_position_move(claimed).filter(|mv| two == matches!(mv, PositionMove::Piles { .. }))
    else {
        let form = match two {
            true => "a b->c d (the two numbers before and after)",
            false => "a->b (the pile before and after)",
        };
        return Some(Fault::Unreadable(format!(
            "{shown} is not a move: expected {form}"
        )));
    };
    match game.check_move(a, b, &mv) {
        Played::Legal {
            opponent_wins: false,
        } => None,
        Played::Legal {
            opponent_wins: true,
        } => Some(Fault::Wrong(format!(
            "{shown} leaves a winning position for the opponent"
        ))),
        Played::Illegal(why) => Some(Fault::Wrong(format!("{shown} is illegal: {why}"))),
        Played::Unchecked => Some(Fault::Wrong(format!("{shown} cannot be checked"))),
    }
}

/// `a->b` (one token) or `a b->c d` (three).
pub(crate) fn parse_position_move(claimed: &[&[u8]]) -> Option<PositionMove> {
    let text = |token: &[u8]| std::str::from_utf8(token).ok().map(str::to_owned);
    match claimed {
        [one] => {
            let one = text(one)?;
            let (from, to) = one.split_once("->")?;
            Some(PositionMove::Pile {
                from: number(from)?,
                to: number(to)?,
            })
        }
        [a, middle, d] => {
            let middle = text(middle)?;
            let (b, c) = middle.split_once("->")?;
            Some(PositionMove::Piles {
                from: (number(&text(a)?)?, number(b)?),
                to: (number(c)?, number(&text(d)?)?),
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
