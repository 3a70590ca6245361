//! One session: every case of a test played as a game against the program,
//! over its standard output (read as [`Lines`]) and standard input.

use std::collections::VecDeque;
use std::io::Write;

use crate::games::Game;
use crate::plural::count;
use crate::problem::{Opening, Problem, Protocol, Reply, SideRule};
use crate::stress::TestFile;

use super::board::{Board, Fault, Move};
use super::listen::{Heard, Lines};
use super::player::{self, Player};
use super::protocol::{case_line, is_blank, position_line, read_side, Side};
use super::tally::Tally;
use super::{two_piles, Limits, Outcome, Verdict};

/// How many lines of a game the transcript keeps: its last ones.
const KEPT_LINES: usize = 40;

/// The longest line the transcript shows whole.
const SHOWN_BYTES: usize = 100;

/// Plays every case of `test`, an input of `problem`, as a game of `game`
/// against the program, whose lines come from `lines`, writing to it on
/// `to_program`. The program must win every game. An error is the jury's
/// (a game nimstream cannot play, a heap its game cannot decide), never
/// the program's.
pub fn play(
    problem: &Problem,
    game: &Game,
    test: &TestFile,
    lines: &mut impl Lines,
    to_program: &mut impl Write,
    limits: &Limits,
) -> Result<Outcome, String> {
    if let Some(why) = super::refusal(problem, game) {
        return Err(why);
    }
    let mut session = Session {
        game: game.clone(),
        two_piles: two_piles(game),
        protocol: problem.fixed.protocol,
        player: Player::new(limits.seed),
        lines,
        to_program,
        limits,
        transcript: VecDeque::new(),
        line: Vec::new(),
    };
    let as_input = problem.fixed.protocol.send == Opening::Input;
    let mut head = Vec::new();
    match as_input {
        true => test.write_head(problem, &mut head),
        false => head = format!("{}\n", test.cases.len()).into_bytes(),
    }
    for (at, case) in test.cases.iter().enumerate() {
        let number = at as u64 + 1;
        let board = Board::of_case(case, game).ok_or("a case that is no position")?;
        let mut text = std::mem::take(&mut head);
        match as_input {
            true => TestFile::write_case(problem, case, &mut text),
            false => text.extend(case_line(case).ok_or("a case that is no position")?.bytes()),
        }
        if let Err(end) = session.game_of(&text, board)? {
            return Ok(Outcome {
                verdict: end.verdict,
                message: format!("game {number}: {}", end.message),
                games: at as u64,
                transcript: session.transcript.into(),
            });
        }
    }
    let mut end = head;
    if as_input {
        TestFile::write_end(problem, &mut end);
    }
    // Every game is won: a program that has already exited misses only the
    // end marker, or nothing.
    let _ = session.to_program.write_all(&end);
    let _ = session.to_program.flush();
    let games = test.cases.len() as u64;
    Ok(Outcome {
        verdict: Verdict::Accepted,
        message: format!("won {}", count(games, "game")),
        games,
        transcript: Vec::new(),
    })
}

/// How a game ended that the program did not win.
struct Ended {
    verdict: Verdict,
    message: String,
}

fn ended(verdict: Verdict, message: String) -> Ended {
    Ended { verdict, message }
}

struct Session<'a, L, W> {
    game: Game,
    two_piles: bool,
    protocol: Protocol,
    player: Player,
    lines: &'a mut L,
    to_program: &'a mut W,
    limits: &'a Limits,
    /// The current game's last lines, `>` the interactor's and `<` the
    /// program's.
    transcript: VecDeque<String>,
    /// The interactor's move as it is sent.
    line: Vec<u8>,
}

impl<L: Lines, W: Write> Session<'_, L, W> {
    /// Plays one game from `board`, sent to the program as `text`: `Ok`
    /// when the program won it, or how it did not.
    fn game_of(&mut self, text: &[u8], mut board: Board) -> Result<Result<(), Ended>, String> {
        self.transcript.clear();
        if let Err(end) = self.send(text) {
            return Ok(Err(end));
        }
        let side = match self.protocol.side {
            SideRule::Chosen => match self.hear().and_then(|line| {
                read_side(&line).map_err(|why| ended(Verdict::PresentationError, why))
            }) {
                Ok(side) => side,
                Err(end) => return Ok(Err(self.lost(end))),
            },
            SideRule::First => Side::First,
            SideRule::Second => Side::Second,
        };
        let mut program_moves = side == Side::First;
        // Kept up to date move by move: no move folds the whole position.
        let mut tally = player::tally(&self.game, &board)?;
        // The program's first slip: where a position it won became lost.
        let won = self.mover_wins(&board, tally.as_ref())? == program_moves;
        let mut slip: Option<String> = match won {
            true => None,
            false if self.protocol.side == SideRule::Chosen => {
                Some(format!("it chose {} from {board}", side.word()))
            }
            // The test, not the program, gave it a lost position.
            false => Some(format!(
                "it moves {} from {board}, a position it cannot win",
                side.word().to_lowercase()
            )),
        };
        let mut moves: u64 = 0;
        loop {
            if !player::has_move_in(&mut self.game, &board, tally.as_ref()) {
                let mover_wins = self.mover_wins(&board, tally.as_ref())?;
                if mover_wins == program_moves {
                    // A program that won its last game may be gone before
                    // reading this; one that had more to play is caught at
                    // the next case.
                    let _ = self.send(format!("{}\n", self.protocol.won).as_bytes());
                    return Ok(Ok(()));
                }
                let why = slip.map_or(String::new(), |slip| format!(" ({slip})"));
                let message = format!("the program lost, after {}{why}", count(moves, "move"));
                return Ok(Err(self.lost(ended(Verdict::WrongAnswer, message))));
            }
            if moves == self.limits.max_moves {
                let message = format!(
                    "the game reached {}, the most a game may have, without an end",
                    count(moves, "move")
                );
                return Ok(Err(self.lost(ended(Verdict::WrongAnswer, message))));
            }
            if program_moves {
                let line = match self.hear() {
                    Ok(line) => line,
                    Err(end) => return Ok(Err(self.lost(end))),
                };
                let mv = match board.read_move(&mut self.game, &line, self.two_piles) {
                    Ok(mv) => mv,
                    Err(fault) => {
                        let end = match fault {
                            Fault::Wrong(why) => ended(Verdict::WrongAnswer, why),
                            Fault::Unreadable(why) => ended(Verdict::PresentationError, why),
                        };
                        let end = Ended {
                            message: format!("move {}: {}", moves + 1, end.message),
                            ..end
                        };
                        return Ok(Err(self.lost(end)));
                    }
                };
                let won_before = slip.is_none();
                self.play(&mut board, tally.as_mut(), &mv)?;
                if won_before && self.mover_wins(&board, tally.as_ref())? {
                    slip = Some(format!("its move {}, {mv}, left a won position", moves + 1));
                }
            } else {
                // Past half the limit nimstream plays to end the game, so a
                // game that reaches the limit is the program's doing.
                let hurry_after = self.limits.hurry_after;
                self.player
                    .hurry(moves >= hurry_after.unwrap_or(self.limits.max_moves / 2));
                let chosen = self
                    .player
                    .choose_in(&mut self.game, &board, tally.as_mut())?;
                let Some(mv) = chosen else {
                    return Err("the interactor found no move where it has one".into());
                };
                self.play(&mut board, tally.as_mut(), &mv)?;
                // One buffer for every move's line: a move costs no
                // allocation of its own.
                let mut line = std::mem::take(&mut self.line);
                line.clear();
                match self.protocol.reply {
                    Reply::Move => {
                        // A vector takes every write.
                        let _ = writeln!(line, "{mv}");
                    }
                    Reply::Position => {
                        line.extend_from_slice(position_line(&board, self.two_piles).as_bytes());
                    }
                }
                let sent = self.send(&line);
                self.line = line;
                if let Err(end) = sent {
                    return Ok(Err(end));
                }
            }
            moves += 1;
            program_moves = !program_moves;
        }
    }

    /// Whether the player to move on `board` wins.
    fn mover_wins(&mut self, board: &Board, tally: Option<&Tally>) -> Result<bool, String> {
        player::mover_wins(&mut self.game, board, tally)
    }

    /// Plays `mv` on `board` and keeps `tally` up with it.
    fn play(&self, board: &mut Board, tally: Option<&mut Tally>, mv: &Move) -> Result<(), String> {
        board.apply(mv);
        match tally {
            Some(tally) => player::keep_up(&self.game, tally, board, mv),
            None => Ok(()),
        }
    }

    /// Ends the session on `end`: tells the program it lost.
    fn lost(&mut self, end: Ended) -> Ended {
        // The verdict stands whether or not the program still listens.
        let _ = self.send(format!("{}\n", self.protocol.lost).as_bytes());
        end
    }

    /// Writes `text` to the program and flushes it.
    fn send(&mut self, text: &[u8]) -> Result<(), Ended> {
        for line in text.split(|&b| b == b'\n').filter(|line| !line.is_empty()) {
            self.note('>', line);
        }
        let sent = self.to_program.write_all(text);
        sent.and_then(|()| self.to_program.flush())
            .map_err(|error| {
                let message = format!("the program stopped reading its input ({error})");
                ended(Verdict::WrongAnswer, message)
            })
    }

    /// The program's next line that is not blank.
    fn hear(&mut self) -> Result<Vec<u8>, Ended> {
        let wait = self.limits.move_time;
        loop {
            let line = match self.lines.next_line(wait) {
                Heard::Line(line) => line,
                Heard::TooLong => {
                    let message = format!(
                        "a line of over {} bytes, which no move has",
                        super::listen::LONGEST
                    );
                    return Err(ended(Verdict::PresentationError, message));
                }
                Heard::Ended => {
                    let message = "the program's output ended before the game did".into();
                    return Err(ended(Verdict::PresentationError, message));
                }
                Heard::Silent => {
                    let message = format!(
                        "the program wrote nothing in the {:?} a line may take when it \
                         was to write one",
                        wait
                    );
                    return Err(ended(Verdict::Idleness, message));
                }
                Heard::Failed(why) => {
                    let message = format!("the program's output could not be read: {why}");
                    return Err(ended(Verdict::WrongAnswer, message));
                }
            };
            if !is_blank(&line) {
                self.note('<', &line);
                return Ok(line);
            }
        }
    }

    /// Keeps a line of the game in the transcript.
    fn note(&mut self, mark: char, line: &[u8]) {
        // The line dropped makes room for the line kept: a move costs no
        // allocation here once the transcript is full.
        let mut kept = match self.transcript.len() == KEPT_LINES {
            true => self.transcript.pop_front().unwrap_or_default(),
            false => String::new(),
        };
        kept.clear();
        kept.push(mark);
        kept.push(' ');
        kept.push_str(&String::from_utf8_lossy(
            &line[..line.len().min(SHOWN_BYTES)],
        ));
        if line.len() > SHOWN_BYTES {
            kept.push_str(" …");
        }
        self.transcript.push_back(kept);
    }
}
