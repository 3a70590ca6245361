//! Judging a program's answers: the verdicts a judge gives, and the
//! checker that compares a program's output with the expected answers.
//!
//! The checker ([`compare()`]) streams both texts and holds one line of the
//! expected answers and one token of the output at a time, so judging a
//! file of millions of answers costs about what writing them cost, and no
//! output, however long its lines or strange its bytes, makes it read
//! without bound or fail: it is a wrong answer or a presentation error
//! with a message that names the case and the output's line.
//!
//! By default answers compare as tokens, as testlib's `wcmp` reads them
//! (spaces, tabs, CR and LF in any amount separate them; a byte order mark
//! starting the output is skipped); [`Mode::Strict`] compares lines byte
//! for byte. A token spelt as no answer is spelt (`NO` for `No`, `01` for
//! `1`) is a presentation error. The expected answers are checked too,
//! whole, before any verdict: a token no answer has, or another number of
//! cases than the input's, is the jury's fault ([`Failure::Jury`]), never
//! the program's. A case is what the problem's answer kind makes it: a
//! line, or for the answers that list moves, a verdict line and the move
//! lines after it.
//!
//! Where the answers name any winning move, [`compare_moves`] checks each
//! move by the game: legal, and leaving the opponent a lost position.
//!
//! Running the program is [`sandbox`](crate::sandbox)'s; the command line
//! puts the two together (`nimstream judge`, `nimstream check`).

mod compare;
mod moves;
mod tokens;

use std::{fmt, io};

use crate::Error;

pub use compare::{compare, Mode};
pub use moves::{compare_moves, move_refusal};
pub(crate) use moves::{parse_heap_move, parse_position_move};
pub(crate) use tokens::read_line_bounded;

/// What a judge says of one test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Accepted: every answer is right.
    Accepted,
    /// Wrong answer: an answer is another possible answer, or missing, or
    /// there is more output than answers.
    WrongAnswer,
    /// Presentation error: the output cannot be read as the problem's
    /// answers (a word that no answer has, a number spelt otherwise than
    /// answers spell it, bytes that are no text, a token of absurd length), or, with [`Mode::Strict`], differs only in
    /// spacing.
    PresentationError,
    /// Time limit exceeded (CPU or wall clock).
    TimeLimit,
    /// Memory limit exceeded.
    MemoryLimit,
    /// Output limit exceeded.
    OutputLimit,
    /// Run-time error: a non-zero exit status, a signal, or a program that
    /// could not be started.
    RuntimeError,
}

impl Verdict {
    /// Every verdict, in the order summaries list them.
    pub const ALL: [Verdict; 7] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::PresentationError,
        Verdict::TimeLimit,
        Verdict::MemoryLimit,
        Verdict::OutputLimit,
        Verdict::RuntimeError,
    ];

    /// The short name judges use: AC, WA, PE, TLE, MLE, OLE, RE.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError => "RE",
        }
    }

    /// The verdict in words.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::WrongAnswer => "wrong answer",
            Verdict::PresentationError => "presentation error",
            Verdict::TimeLimit => "time limit exceeded",
            Verdict::MemoryLimit => "memory limit exceeded",
            Verdict::OutputLimit => "output limit exceeded",
            Verdict::RuntimeError => "run-time error",
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A checker's finding: the verdict and, unless accepted, what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Accepted, wrong answer or presentation error.
    pub verdict: Verdict,
    /// What is wrong, where: "case 3 (output line 3): expected 'Bob',
    /// found 'Alice'"; empty when accepted.
    pub message: String,
    /// The cases compared.
    pub cases: u64,
}

impl Checked {
    fn accepted(cases: u64) -> Checked {
        Checked {
            verdict: Verdict::Accepted,
            message: String::new(),
            cases,
        }
    }
}

/// Why a checker gives no verdict: the jury's files are at fault, or a
/// file could not be read. Never the output's fault: whatever it holds is a
/// verdict.
#[derive(Debug)]
pub enum Failure {
    /// The expected answers cannot be the answers to the input.
    Jury(JuryFault),
    /// The input cannot be checked against: not one of the problem's, or
    /// (with moves) a case the game cannot decide.
    Input(String),
    /// Reading the expected answers failed.
    Expected(io::Error),
    /// Reading the output failed.
    Output(io::Error),
}

impl Failure {
    /// The failure as an error that names the file at fault, `input`,
    /// `expected` or `output` being what messages call them; the expected
    /// answers' fault names their line too.
    pub fn naming(self, input: &str, expected: &str, output: &str) -> Error {
        let invalid = |path: String, why: String| Error::Io {
            path,
            source: io::Error::new(io::ErrorKind::InvalidData, why),
        };
        match self {
            Failure::Jury(fault) => invalid(format!("{expected}:{}", fault.line), fault.message),
            Failure::Input(why) => invalid(input.to_string(), why),
            Failure::Expected(source) => Error::Io {
                path: expected.to_string(),
                source,
            },
            Failure::Output(source) => Error::Io {
                path: output.to_string(),
                source,
            },
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Jury(fault) => write!(
                f,
                "line {} of the expected answers: {}",
                fault.line, fault.message
            ),
            Failure::Input(why) => f.write_str(why),
            Failure::Expected(error) => write!(f, "reading the expected answers: {error}"),
            Failure::Output(error) => write!(f, "reading the output: {error}"),
        }
    }
}

/// A fault of the expected answers, where it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JuryFault {
    /// The line of the expected answers, from 1 (one past the last when
    /// they end too soon).
    pub line: u64,
    /// What is wrong, and what to do.
    pub message: String,
}

#[cfg(test)]
mod tests;
