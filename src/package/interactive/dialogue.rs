//! The sample's dialogue: a real session of the interactor against
//! nimstream's own player, for the `.interaction` file and the statement.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::rc::Rc;
use std::time::Duration;

use crate::error::Error;
use crate::games::Game;
use crate::interact::board::Board;
use crate::interact::player::Player;
use crate::interact::{self, Heard, Limits, Lines, Verdict};
use crate::problem::Problem;
use crate::stress::{Case, TestFile};

use super::{max_moves, most_heaps};

/// The dialogue of the sample `test`, as the `.interaction` file has it:
/// `<` before the judge's lines and `>` before the program's, the program
/// being nimstream's own player, which chooses the winning side.
pub fn sample_dialogue(
    problem: &Problem,
    game: &Game,
    test: &TestFile,
) -> Result<Vec<String>, Error> {
    let talk = Rc::new(RefCell::new(Talk::default()));
    let mut program = Scripted {
        talk: Rc::clone(&talk),
        game: game.clone(),
        cases: test.cases.clone().into(),
        board: None,
        player: Player::new(0),
        two_piles: interact::two_piles(game),
    };
    let mut judge = JudgeSide {
        talk: Rc::clone(&talk),
    };
    let limits = Limits {
        max_moves: max_moves(most_heaps(test)),
        hurry_after: None,
        move_time: Duration::from_secs(1),
        seed: 0,
    };
    let outcome = interact::play(problem, game, test, &mut program, &mut judge, &limits)
        .map_err(|why| Error::Usage(format!("the sample's dialogue: {why}")))?;
    if outcome.verdict != Verdict::Accepted {
        return Err(Error::Usage(format!(
            "the sample's dialogue: nimstream's own player was not accepted: {}",
            outcome.message
        )));
    }
    let lines = std::mem::take(&mut talk.borrow_mut().lines);
    Ok(lines)
}

/// Both sides of the sample's dialogue.
#[derive(Default)]
struct Talk {
    /// Every line, marked.
    lines: Vec<String>,
    /// The judge's lines the program has not read.
    unread: VecDeque<String>,
    /// The judge's line being written.
    partial: Vec<u8>,
}

/// The judge's side: what it writes goes to the talk.
struct JudgeSide {
    talk: Rc<RefCell<Talk>>,
}

impl Write for JudgeSide {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut talk = self.talk.borrow_mut();
        for &byte in buf {
            match byte {
                b'\n' => {
                    let line =
                        String::from_utf8_lossy(&std::mem::take(&mut talk.partial)).into_owned();
                    talk.lines.push(format!("<{line}"));
                    talk.unread.push_back(line);
                }
                byte => talk.partial.push(byte),
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The program's side: nimstream's player, following the judge's moves.
struct Scripted {
    talk: Rc<RefCell<Talk>>,
    game: Game,
    cases: VecDeque<Case>,
    /// The game being played, once its side is chosen.
    board: Option<Board>,
    player: Player,
    two_piles: bool,
}

impl Scripted {
    fn say(&self, line: String) -> Heard {
        self.talk.borrow_mut().lines.push(format!(">{line}"));
        Heard::Line(line.into_bytes())
    }
}

impl Lines for Scripted {
    fn next_line(&mut self, _wait: Duration) -> Heard {
        let unread: Vec<String> = self.talk.borrow_mut().unread.drain(..).collect();
        if let Some(board) = &mut self.board {
            for line in unread {
                if line == interact::WON || line == interact::LOST {
                    // The game is over; what follows is the next case.
                    self.board = None;
                    break;
                }
                match board.read_move(&mut self.game, line.as_bytes(), self.two_piles) {
                    Ok(mv) => board.apply(&mv),
                    Err(_) => return Heard::Failed(format!("the judge's move {line}")),
                }
            }
        }
        let mut board = match self.board.take() {
            Some(board) => board,
            None => {
                let Some(case) = self.cases.pop_front() else {
                    return Heard::Ended;
                };
                let Some(board) = Board::of_case(&case, &self.game) else {
                    return Heard::Failed("a case that is no position".into());
                };
                let first = board.mover_wins(&mut self.game).unwrap_or(false);
                self.board = Some(board);
                let side = if first { "First" } else { "Second" };
                return self.say(side.to_string());
            }
        };
        match self.player.choose(&mut self.game, &board) {
            Ok(Some(mv)) => {
                board.apply(&mv);
                self.board = Some(board);
                self.say(mv.to_string())
            }
            _ => Heard::Failed("no move for the program".into()),
        }
    }
}
