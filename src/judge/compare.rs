//! The expected answers and a program's output, compared case by case.
//!
//! Tokens are what testlib's `wcmp` reads: runs of bytes between spaces,
//! tabs, carriage returns and line feeds (a vertical tab or a form feed is
//! part of a token, as there), and a UTF-8 byte order mark at the very start
//! of the output is skipped, as testlib skips it.
//!
//! The expected answers are the jury's, and their faults are not the
//! program's: a token no answer of the problem has, or a number of cases
//! other than the input's, is a [`Failure::Jury`], found whatever the output
//! holds (they are read to their end before any verdict is given).

use std::collections::HashSet;
use std::io::{self, BufRead};

use super::tokens::{is_space, read_line_bounded, Next, Tokens, BOM, LONGEST};
use super::{Checked, Failure, JuryFault, Verdict};
use crate::plural::count;
use crate::problem::{Answer, Layout, LinePrefix, Problem};

/// How answers compare.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// As tokens: any whitespace between them, blank lines anywhere.
    #[default]
    Tokens,
    /// Line by line, byte for byte (a missing newline at the very end
    /// aside); a line that differs only in its spacing is a presentation
    /// error.
    Strict,
}

/// Compares `output`, a program's answers to an input of `problem` with
/// `input_cases` cases (`None`: not known), with `expected`, the right ones.
/// A failure is one of reading, or the expected answers' fault.
pub fn compare(
    problem: &Problem,
    expected: impl BufRead,
    output: impl BufRead,
    mode: Mode,
    input_cases: Option<u64>,
) -> Result<Checked, Failure> {
    let mut comparison = Comparison {
        problem,
        expected,
        line: Vec::new(),
        expected_line: 0,
        input_cases,
        cases: Cases::new(problem),
        words: Words::new(problem),
    };
    let checked = match mode {
        Mode::Tokens => comparison.tokens(Tokens::new(output))?,
        Mode::Strict => comparison.strict(output)?,
    };
    comparison.settle(checked)
}

struct Comparison<'a, E> {
    problem: &'a Problem,
    expected: E,
    /// The expected line being compared, without its newline.
    line: Vec<u8>,
    /// The expected answers' lines read so far.
    expected_line: u64,
    /// The input's cases, which the expected answers must have.
    input_cases: Option<u64>,
    cases: Cases,
    words: Words,
}

/// A failure to read the output.
fn out<T>(read: io::Result<T>) -> Result<T, Failure> {
    read.map_err(Failure::Output)
}

impl<E: BufRead> Comparison<'_, E> {
    /// Reads the next expected line, refusing one that holds a token no
    /// answer has; false at the end.
    fn next_line(&mut self) -> Result<bool, Failure> {
        self.line.clear();
        let read = self.expected.read_until(b'\n', &mut self.line);
        if read.map_err(Failure::Expected)? == 0 {
            return Ok(false);
        }
        self.expected_line += 1;
        if self.line.last() == Some(&b'\n') {
            self.line.pop();
        }
        if self.expected_line == 1 && self.line.starts_with(BOM) {
            self.line.drain(..BOM.len());
        }
        let bad = split(&self.line).find(|token| !self.words.readable(token));
        if let Some(bad) = bad.map(quote) {
            let name = self.problem.name;
            return Err(self.jury(format!(
                "{bad} is no answer {name} gives: the expected answers are at fault, not \
                 the output; mend them, or write them again with `nimstream solve`"
            )));
        }
        Ok(true)
    }

    /// A fault of the expected answers, at the line last read.
    fn jury(&self, message: String) -> Failure {
        Failure::Jury(JuryFault {
            line: self.expected_line,
            message,
        })
    }

    /// The case of the expected line of `tokens`, refused past the input's
    /// last.
    fn case_of(&mut self, tokens: &[&[u8]]) -> Result<u64, Failure> {
        let case = self.cases.line(tokens);
        match self.input_cases {
            Some(cases) if case > cases => Err(self.jury(format!(
                "case {case} of the expected answers, but the input has {}: they are \
                 another input's answers; write them again with `nimstream solve`",
                count(cases, "case")
            ))),
            _ => Ok(case),
        }
    }

    /// Reads the expected answers to their end, so that a fault of theirs
    /// shows whatever the output holds: `checked` stands only if there is
    /// none and their cases are the input's.
    fn settle(&mut self, checked: Checked) -> Result<Checked, Failure> {
        while self.next_line()? {
            let line = std::mem::take(&mut self.line);
            let tokens: Vec<&[u8]> = split(&line).collect();
            if !tokens.is_empty() {
                self.case_of(&tokens)?;
            }
            self.line = line;
        }
        match self.input_cases {
            Some(cases) if cases != self.cases.count => Err(Failure::Jury(JuryFault {
                line: self.expected_line + 1,
                message: format!(
                    "the expected answers end after {} of the input's {cases}: they are cut \
                     short or another input's; write them again with `nimstream solve`",
                    count(self.cases.count, "case")
                ),
            })),
            _ => Ok(checked),
        }
    }

    fn tokens(&mut self, mut output: Tokens<impl BufRead>) -> Result<Checked, Failure> {
        while self.next_line()? {
            let line = std::mem::take(&mut self.line);
            let wanted: Vec<&[u8]> = split(&line).collect();
            if wanted.is_empty() {
                self.line = line;
                continue;
            }
            let case = self.case_of(&wanted)?;
            for (at, want) in wanted.iter().enumerate() {
                match out(output.next())? {
                    Next::End => return Ok(missing(case, &line)),
                    Next::TooLong(out_line) => return Ok(self.too_long(case, out_line)),
                    Next::Token(out_line) if output.text() != *want => {
                        let mut found: Vec<Vec<u8>> =
                            wanted[..at].iter().map(|t| t.to_vec()).collect();
                        found.push(output.text().to_vec());
                        let mut all_readable = self.words.readable(output.text());
                        for _ in at + 1..wanted.len() {
                            match out(output.next())? {
                                Next::Token(_) => {
                                    all_readable &= self.words.readable(output.text());
                                    found.push(output.text().to_vec());
                                }
                                _ => break,
                            }
                        }
                        let found = found.join(&b' ');
                        return Ok(mismatch(
                            self.problem,
                            case,
                            out_line,
                            &line,
                            &found,
                            all_readable,
                        ));
                    }
                    Next::Token(_) => {}
                }
            }
            self.line = line;
        }
        let cases = self.cases.count;
        Ok(match out(output.next())? {
            Next::End => Checked::accepted(cases),
            Next::Token(line) => extra(cases, line, &quote(output.text())),
            Next::TooLong(line) => extra(cases, line, "a token of over 4096 bytes"),
        })
    }

    fn strict(&mut self, mut output: impl BufRead) -> Result<Checked, Failure> {
        let mut found = Vec::new();
        let mut out_line = 0;
        while self.next_line()? {
            let line = std::mem::take(&mut self.line);
            let wanted: Vec<&[u8]> = split(&line).collect();
            let case = match wanted.is_empty() {
                true => self.cases.count.max(1),
                false => self.case_of(&wanted)?,
            };
            // A line far longer than the expected one differs anyway; the
            // rest of it is skipped, not held.
            let most = line.len() + 64;
            let Some(cut) = output_line(&mut output, &mut found, most, out_line == 0)? else {
                return Ok(missing(case, &line));
            };
            out_line += 1;
            if !cut && found == line {
                self.line = line;
                continue;
            }
            let same_tokens = !cut && split(&found).eq(wanted.iter().copied());
            if same_tokens {
                return Ok(Checked {
                    verdict: Verdict::PresentationError,
                    message: format!(
                        "case {case} (output line {out_line}): the spacing differs: \
                         expected {}, found {}",
                        quote(&line),
                        quote(&found)
                    ),
                    cases: case - 1,
                });
            }
            let readable = split(&found).all(|token| self.words.readable(token));
            return Ok(mismatch(
                self.problem,
                case,
                out_line,
                &line,
                &found,
                readable && !cut,
            ));
        }
        let cases = self.cases.count;
        match output_line(&mut output, &mut found, LONGEST, out_line == 0)? {
            None => Ok(Checked::accepted(cases)),
            Some(_) => {
                let mut rest = found.clone();
                while out(read_line_bounded(&mut output, &mut found, LONGEST))?.is_some() {
                    rest.extend_from_slice(&found);
                    if rest.len() > LONGEST {
                        break;
                    }
                }
                let shown = split(&rest).next().map(quote);
                let what = shown.unwrap_or_else(|| "blank lines".to_string());
                let mut checked = extra(cases, out_line + 1, &what);
                if split(&rest).next().is_none() {
                    checked.verdict = Verdict::PresentationError;
                }
                Ok(checked)
            }
        }
    }
}

/// Reads an output line as [`read_line_bounded`] does, without the byte
/// order mark that may begin the `first` line.
fn output_line(
    output: &mut impl BufRead,
    found: &mut Vec<u8>,
    most: usize,
    first: bool,
) -> Result<Option<bool>, Failure> {
    let bom = if first { BOM.len() } else { 0 };
    let read = out(read_line_bounded(output, found, most + bom))?;
    if first && found.starts_with(BOM) {
        found.drain(..BOM.len());
    }
    Ok(read)
}

/// The output ends where case `case`'s expected `line` should be.
pub(super) fn missing(case: u64, line: &[u8]) -> Checked {
    Checked {
        verdict: Verdict::WrongAnswer,
        message: format!(
            "case {case}: the output ends where {} is expected ({} answered)",
            quote(line),
            count(case - 1, "case")
        ),
        cases: case - 1,
    }
}

impl<E: BufRead> Comparison<'_, E> {
    fn too_long(&self, case: u64, out_line: u64) -> Checked {
        Checked {
            verdict: Verdict::PresentationError,
            message: format!(
                "case {case} (output line {out_line}): a token of over {LONGEST} bytes, \
                 which no answer of {} has",
                self.problem.name
            ),
            cases: case - 1,
        }
    }
}

/// Case `case`'s answer is `found`, not the expected `line`: a wrong
/// answer, or a presentation error when `found` is not `readable` as an
/// answer of `problem`.
pub(super) fn mismatch(
    problem: &Problem,
    case: u64,
    out_line: u64,
    line: &[u8],
    found: &[u8],
    readable: bool,
) -> Checked {
    let (verdict, tail) = match readable {
        true => (Verdict::WrongAnswer, String::new()),
        false => (
            Verdict::PresentationError,
            format!(", which is not an answer {} gives", problem.name),
        ),
    };
    Checked {
        verdict,
        message: format!(
            "case {case} (output line {out_line}): expected {}, found {}{tail}",
            quote(line),
            quote(found)
        ),
        cases: case - 1,
    }
}

/// More output after the last case's answer.
pub(super) fn extra(cases: u64, line: u64, what: &str) -> Checked {
    Checked {
        verdict: Verdict::WrongAnswer,
        message: format!(
            "output line {line}: {what} after the last case's answer ({})",
            count(cases, "case")
        ),
        cases,
    }
}

/// The tokens of a line.
pub(super) fn split(line: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    line.split(|&b| is_space(b))
        .filter(|token| !token.is_empty())
}

/// Bytes in quotes for a message: cut short when long, with what is not
/// printable text escaped, a byte that is no UTF-8 as `\xNN`.
pub(crate) fn quote(bytes: &[u8]) -> String {
    const LONG: usize = 60;
    let pieces = bytes.utf8_chunks().flat_map(|chunk| {
        let text = chunk.valid().chars().map(|c| c.escape_debug().to_string());
        text.chain(chunk.invalid().iter().map(|b| format!("\\x{b:02x}")))
    });
    let mut shown = String::new();
    for (at, piece) in pieces.enumerate() {
        if at == LONG {
            shown.push('…');
            break;
        }
        shown.push_str(&piece);
    }
    format!("'{shown}'")
}

/// Which case each expected line belongs to, from the answer's kind: most
/// answers are a line a case; those that list moves start a case with the
/// verdict's word and go on with lines of numbers; P1247's winning case is
/// a move line and a line of heaps.
struct Cases {
    answer: Answer,
    /// The verdicts' words as tokens, which start a case that lists moves:
    /// HDU 2177's are `1` and `0`, numbers like the pairs that follow them,
    /// so only the whole word tells a case's first line.
    words: [Vec<Vec<u8>>; 2],
    count: u64,
    /// Whether the last line was P1247's move line, which a line of heaps
    /// follows.
    after_take: bool,
}

impl Cases {
    fn new(problem: &Problem) -> Cases {
        let tokens = |word: &str| split(word.as_bytes()).map(<[u8]>::to_vec).collect();
        Cases {
            answer: problem.answer,
            words: [tokens(problem.verdicts.win), tokens(problem.verdicts.lose)],
            count: 0,
            after_take: false,
        }
    }

    /// The case of the next non-blank expected line.
    fn line(&mut self, tokens: &[&[u8]]) -> u64 {
        let numeric = tokens.first().is_some_and(|t| is_number(t));
        let starts = match self.answer {
            Answer::AllMoves | Answer::PairsLeft => {
                let word = self.words.iter().any(|word| {
                    word.len() == tokens.len() && word.iter().zip(tokens).all(|(a, b)| a == b)
                });
                word || self.count == 0
            }
            Answer::MoveAndHeaps => {
                let starts = !self.after_take;
                self.after_take = starts && numeric;
                starts
            }
            _ => true,
        };
        if starts {
            self.count += 1;
        }
        self.count
    }
}

/// A number as answers spell it: `0`, or digits that do not start with
/// `0`, perhaps after `-`. `01`, `+1`, `-0` or `1.0` may mean a number, but
/// no answer is written so: they are unreadable, not wrong.
fn is_number(token: &[u8]) -> bool {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    match digits {
        [b'0'] => digits.len() == token.len(),
        _ => is_natural(digits),
    }
}

/// Digits that do not start with `0`, or `0` alone.
fn is_natural(digits: &[u8]) -> bool {
    match digits {
        [b'0'] => true,
        [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// A move as `solve --move` and the answers that list moves write it:
/// `i:a->b`, `i:a->b+c`, `a->b`, or the middle of `a b->c d`.
fn is_move(token: &[u8]) -> bool {
    let body = match token.iter().position(|&b| b == b':') {
        Some(colon) if is_natural(&token[..colon]) => &token[colon + 1..],
        Some(_) => return false,
        None => token,
    };
    let Some(arrow) = body.windows(2).position(|pair| pair == b"->") else {
        return false;
    };
    is_natural(&body[..arrow]) && body[arrow + 2..].split(|&b| b == b'+').all(is_natural)
}

/// The tokens a problem's answers can hold: its words, numbers, `Case i:`
/// and moves, each as the answers spell it. Anything else in an output is
/// no answer at all: a presentation error, not a wrong answer; and in the
/// expected answers, the jury's fault.
pub(super) struct Words {
    known: HashSet<Vec<u8>>,
    /// The words' pieces between spaces, where a case's line is a word for
    /// each position written without spaces (S-Nim's `WLLW`): a token is
    /// then any run of them. Pieces join in any order, so a run that no
    /// line of words makes is readable too: a wrong answer, not a
    /// presentation error.
    pieces: Vec<Vec<u8>>,
}

impl Words {
    pub(super) fn new(problem: &Problem) -> Words {
        let mut known = HashSet::new();
        let verdicts = &problem.verdicts;
        for word in split(verdicts.win.as_bytes()).chain(split(verdicts.lose.as_bytes())) {
            known.insert(word.to_vec());
        }
        if verdicts.prefix == LinePrefix::CaseNumber {
            known.insert(b"Case".to_vec());
        }
        let pieces = match problem.layout {
            Layout::SubtractionSetCases => known.iter().cloned().collect(),
            _ => Vec::new(),
        };
        Words { known, pieces }
    }

    pub(super) fn readable(&self, token: &[u8]) -> bool {
        if self.known.contains(token) || is_number(token) {
            return true;
        }
        // `Case 3:`, and moves: `3:7->4`, `2:9->1+5`, `a->b`.
        let numbered = token.strip_suffix(b":").is_some_and(is_natural);
        numbered || is_move(token) || self.is_run(token)
    }

    /// Whether `token` is one piece of a word after another, from
    /// [`Words::pieces`].
    fn is_run(&self, token: &[u8]) -> bool {
        if self.pieces.is_empty() || token.is_empty() {
            return false;
        }
        // ends[i]: the first i bytes are whole pieces.
        let mut ends = vec![false; token.len() + 1];
        ends[0] = true;
        for at in 0..token.len() {
            if !ends[at] {
                continue;
            }
            for piece in &self.pieces {
                if token[at..].starts_with(piece) {
                    ends[at + piece.len()] = true;
                }
            }
        }
        ends[token.len()]
    }
}
