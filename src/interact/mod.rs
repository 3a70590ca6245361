//! Interactive play: nimstream as the jury's interactor, playing a game
//! against the contestant's program over its standard input and output.
//!
//! The protocol, for each case of the test in turn:
//!
//! 1. The interactor writes the case as the problem's input has it (the
//!    number of cases first, before the first case, when the layout
//!    counts them; the layout's end marker after the last game).
//! 2. The program writes `First` or `Second`: whether it moves first.
//! 3. The two alternate moves, one a line, in the `--move` notation of the
//!    game: `i:a->b` (heap `i`, from 1, from `a` objects to `b`), `i:a->b+c`
//!    or `i:a->b+c+d` for a split, whose parts take the heap's place; a
//!    heap taken to nothing stays as a heap of 0. A position game's move
//!    is `a->b` for its pile, or `a b->c d` for its two numbers. In
//!    Fibonacci Nim and the k-multiple game a move `a->b` takes `a - b`:
//!    the first at most `a - 1`, every later one at most `k` times (twice
//!    in Fibonacci Nim) the take before ([`limited_pile`]).
//! 4. When the player to move has no move, the game is over: the
//!    interactor writes [`WON`] (`0`) when the program won it, and the next
//!    case follows. When the program lost it, or wrote a line that is no
//!    move or an illegal move, or went silent past the limit, the
//!    interactor writes [`LOST`] (`-1`) and the session ends. `0` comes
//!    only when the player to move has no move, so a program following
//!    the position tells it from a move that starts with 0 (`0 5->0 3`).
//!
//! That is the default protocol, every catalogue problem's; a problem
//! file's [`Protocol`](crate::problem::Protocol) may send each case on one line
//! ([`protocol::case_line`]), fix the side (no side line), have the
//! interactor answer with the whole position after its move
//! ([`protocol::position_line`]) and name other end lines.
//!
//! The program must win every game: one lost is a wrong answer. The
//! interactor plays to win ([`player`]), so a program wins only from a
//! won position (it chooses its side) and only with a winning move every
//! time. Every move of the program is checked as `judge --move` checks a
//! claimed move, with its messages ([`board`]).
//!
//! Played: the heap games whose moves nimstream can check (Nim, misère
//! Nim, Lasker's Nim, HDU 5795's splits, bounded Nim, any octal or
//! subtraction rule in normal or misère play), the position games whose
//! position is all there is to know (Bash's game, powers of two,
//! Wythoff's game and HDU 2147's corner walk), and Fibonacci Nim and the
//! k-multiple game, whose board keeps the take before as well, since it
//! bounds the next. Not yet: the multiplication game (its position is the
//! product so far), the cutting game (a cut leaves two sheets), the row
//! games, S-Nim's sets and the graphs ([`refusal`] says which).

pub mod board;
pub mod limited_pile;
pub mod listen;
pub mod player;
pub mod protocol;
mod session;
pub mod tally;

use std::time::Duration;

use crate::games::Game;
use crate::problem::{Layout, Problem, SideRule};
use crate::stress::Case;

pub use listen::{Heard, Lines, Listener};
pub use protocol::{LOST, WON};
pub use session::play;

/// What bounds a game, and the interactor's seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most moves, both players' together, one game may take.
    pub max_moves: u64,
    /// The moves of a game after which the interactor plays a lost
    /// position to end it soon; `None`: half of `max_moves`.
    pub hurry_after: Option<u64>,
    /// How long the program may take to write a line it owes.
    pub move_time: Duration,
    /// The seed of the interactor's draws among equal moves.
    pub seed: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_moves: 1_000_000,
            hurry_after: None,
            move_time: Duration::from_secs(10),
            seed: 0,
        }
    }
}

/// What the interactor says of a session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every game won.
    Accepted,
    /// A game lost, an illegal move, a game too long.
    WrongAnswer,
    /// A line that is no side and no move, or the output's end mid-game.
    PresentationError,
    /// Idleness: no line within the time a move may take.
    Idleness,
}

impl Verdict {
    /// The short name judges use: AC, WA, PE, IL.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::Idleness => "IL",
        }
    }
}

/// How a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// What happened, naming the game: "game 2: move 3: '1:4->5' is illegal:
    /// …".
    pub message: String,
    /// How many games the program won.
    pub games: u64,
    /// The last lines of the game that was not won, `>` before the
    /// interactor's and `<` before the program's; empty when accepted.
    pub transcript: Vec<String>,
}

/// Why `problem`, played as `game`, cannot be played interactively, if it
/// cannot.
pub fn refusal(problem: &Problem, game: &Game) -> Option<String> {
    let name = problem.name;
    let not_yet = |why: &str| Some(format!("{name} cannot be played interactively yet: {why}"));
    match problem.layout {
        Layout::SubtractionSetCases | Layout::GraphCases => {
            return not_yet("each case brings a game of its own (a set, a graph)")
        }
        Layout::Rows(_) => return not_yet("its case is a row, whose moves have no notation yet"),
        _ => {}
    }
    match game {
        Game::Multiplication(_) => not_yet("its position is the product so far, not the case"),
        Game::Cutting(_) => not_yet("a cut leaves two sheets, which its notation does not carry"),
        Game::Bash(_)
        | Game::PowersOfTwo(_)
        | Game::Fibonacci(_)
        | Game::KMultiple(_)
        | Game::Wythoff(_)
        | Game::CornerWalk(_) => None,
        _ if !game.is_heap_game() => not_yet("its game is not played move by move"),
        _ if !game.checks_moves() => not_yet("its game cannot check a move"),
        _ => None,
    }
}

/// Whether the program can win `case` under `problem`'s protocol: always
/// when it chooses its side; with a side the problem fixes, only where
/// that side wins. A test of a case it cannot win blames the test, so a
/// stress run draws and shrinks to such cases only.
pub fn winnable(problem: &Problem, game: &Game, case: &Case) -> Result<bool, String> {
    let program_first = match problem.fixed.protocol.side {
        SideRule::Chosen => return Ok(true),
        SideRule::First => true,
        SideRule::Second => false,
    };
    let mut game = game.clone();
    let board = board::Board::of_case(case, &game).ok_or("a case that is no position")?;
    let tally = player::tally(&game, &board)?;
    Ok(player::mover_wins(&mut game, &board, tally.as_ref())? == program_first)
}

/// Whether a position game's moves are written `a b->c d`, its position
/// being two piles, rather than `a->b`.
pub fn two_piles(game: &Game) -> bool {
    matches!(game, Game::Wythoff(_) | Game::CornerWalk(_))
}

#[cfg(test)]
mod limited_pile_tests;
#[cfg(test)]
mod protocol_tests;
#[cfg(test)]
mod tally_tests;
#[cfg(test)]
mod tests;
