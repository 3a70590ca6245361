//! The words of the line protocol, besides the moves
//! ([`Board::read_move`](super::board::Board::read_move) reads those), and
//! the position line a problem's [`Protocol`](crate::problem::Protocol)
//! may have the interactor answer with.

use std::fmt::Write;

use super::board::{quote, Board};
use crate::stress::Case;

/// The default protocol's line when the game is over and the program won it: it
/// goes on to the next case, or to the end of the input.
pub const WON: &str = "0";

/// The default protocol's line when the program lost the game, or broke the
/// protocol (a line that is no move, an illegal move, too many moves): the
/// session is over and the program should exit.
pub const LOST: &str = "-1";

/// Who the program chose to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The program moves first.
    First,
    /// The interactor moves first.
    Second,
}

impl Side {
    /// The word the program writes for it.
    pub fn word(self) -> &'static str {
        match self {
            Side::First => "First",
            Side::Second => "Second",
        }
    }
}

/// The side the program chose on `line`: `First` or `Second`, spelt so,
/// spaces around it allowed.
pub fn read_side(line: &[u8]) -> Result<Side, String> {
    match line.trim_ascii() {
        b"First" => Ok(Side::First),
        b"Second" => Ok(Side::Second),
        _ => Err(format!(
            "{} is not a side: expected First or Second",
            quote(line)
        )),
    }
}

/// Whether `line` holds nothing but spaces: the session skips such lines.
pub fn is_blank(line: &[u8]) -> bool {
    line.trim_ascii().is_empty()
}

/// The whole position on `board` as one line, with its line feed: the
/// number of heaps and the heaps (a heap of 0 kept), a pile, or two piles
/// (`two_piles`). A position game's parameter (Bash's `m`) and the limit
/// of Fibonacci Nim's next take are not written: the case and the moves
/// tell them.
pub fn position_line(board: &Board, two_piles: bool) -> String {
    let mut line = String::new();
    match board {
        Board::Heaps(heaps) => {
            let _ = write!(line, "{}", heaps.len());
            for heap in heaps {
                let _ = write!(line, " {heap}");
            }
        }
        Board::Position(a, b) if two_piles => {
            let _ = write!(line, "{a} {b}");
        }
        Board::Position(a, _) => {
            let _ = write!(line, "{a}");
        }
        Board::Limited(pile) => {
            let _ = write!(line, "{}", pile.pile);
        }
    }
    line.push('\n');
    line
}

/// A case as one line, with its line feed, for a protocol that sends each
/// game so: the number of heaps and the heaps, or the case's one or two
/// numbers; `None` for a case of another kind (no game plays it yet).
pub fn case_line(case: &Case) -> Option<String> {
    let mut line = match case {
        Case::Heaps(heaps) => {
            let mut line = heaps.len().to_string();
            for heap in heaps {
                let _ = write!(line, " {heap}");
            }
            line
        }
        Case::Number(n) => n.to_string(),
        Case::Pair(a, b) => format!("{a} {b}"),
        _ => return None,
    };
    line.push('\n');
    Some(line)
}
