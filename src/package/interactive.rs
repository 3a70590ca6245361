//! The package of an interactive problem: the contestant's program plays
//! the game against nimstream's interactor ([`crate::interact`]) instead
//! of printing who wins.
//!
//! ```text
//! DIR/problem.yaml                      validation: custom interactive
//! DIR/problem_statement/problem.en.tex  the game, the protocol, its moves
//! DIR/data/sample/*.in, *.interaction   a sample and a game played on it
//! DIR/data/secret/*.in                  the test plan, in small games
//! DIR/input_validators/nimstream/       as the batch package's
//! DIR/output_validators/nimstream/      build, run, nimstream, problem.toml
//! DIR/submissions/accepted/             a player that wins every game
//! DIR/submissions/wrong_answer/         players the interactor beats
//! DIR/submissions/time_limit_exceeded/  a player that never flushes
//! ```
//!
//! The output validator is the interactor: the same copy of nimstream as
//! the input validator, whose `run` calls `interact` on the problem's file
//! in the ICPC convention (`run INPUT ANSWER FEEDBACK_DIR`, the program's
//! output on standard input, its input on standard output; exit 42 or
//! 43). Every case of a test is one game; the answer files are empty, the
//! game being the answer. The secret tests follow the batch package's plan
//! ([`super::plan`]) cut to [`MAX_GAMES`] games of at most [`MAX_HEAPS`]
//! heaps, since each is played move by move, and the interactor's move
//! limit is set from the largest case.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::Path;
use std::rc::Rc;
use std::time::Duration;

use super::{Options, Submission, Written};
use crate::error::Error;
use crate::games::Game;
use crate::interact::board::Board;
use crate::interact::player::Player;
use crate::interact::{self, Heard, Limits, Lines, Verdict};
use crate::problem::{Layout, Problem};
use crate::stress::{Case, TestFile};
use crate::validate::{self, Detail, Overrides};

/// The most games (cases) a secret test has.
pub const MAX_GAMES: u64 = 10;

/// The most heaps a game of a secret test starts with.
pub const MAX_HEAPS: u64 = 100;

/// About how many bytes the plan the secret tests are cut from may take.
const PLAN_BYTES: u64 = 16 << 10;

/// The C++ player the submissions are made of, by `#define GAME` and
/// `#define STYLE` lines above it.
const HEAP_PLAYER: &str = include_str!("solutions/interactive/heap_player.cpp");

/// The interactor's move limit for games of at most `heaps` heaps: room
/// for a player that wins to end a game once the interactor hurries (past
/// half of it), which costs about a few moves a heap.
pub fn max_moves(heaps: u64) -> u64 {
    2000 + 10 * heaps
}

/// Writes the interactive package of `problem`, played as `game`, into
/// `dir` (new or empty). `rule` is the game's rule as written, when it is
/// given by one.
pub fn write(
    problem: &Problem,
    game: &Game,
    rule: Option<&str>,
    dir: &Path,
    options: &Options,
) -> Result<Written, Error> {
    let refuse = |why: String| {
        Error::Usage(format!(
            "no interactive package for {}: {why}",
            problem.name
        ))
    };
    if let Some(why) = interact::refusal(problem, game) {
        return Err(refuse(why));
    }
    let submissions = submissions(problem, game).map_err(refuse)?;
    super::check_empty(dir)?;
    let mut written = Written::default();
    let mut made: Vec<(super::Planned, Vec<u8>)> = Vec::new();
    let mut spent = 0u64;
    for planned in plan(problem, options.seed) {
        let room = options.max_bytes.saturating_sub(spent);
        match super::generate(problem, game, planned, room)? {
            Ok((planned, input)) => {
                spent += input.len() as u64;
                made.push((planned, input));
            }
            Err(dropped) => written.dropped.push(dropped),
        }
    }
    if !written.dropped.is_empty() && !options.allow_missing {
        let list: Vec<String> = written
            .dropped
            .iter()
            .map(|(name, why)| format!("{name} ({why})"))
            .collect();
        return Err(refuse(format!(
            "{} of its plan cannot be made: {}; --allow-missing writes the package without them",
            crate::plural::count(list.len() as u64, "test"),
            list.join("; ")
        )));
    }
    for folder in [
        "problem_statement",
        "data/sample",
        "data/secret",
        "input_validators/nimstream",
        "output_validators/nimstream",
        "submissions",
    ] {
        let path = dir.join(folder);
        crate::output::create_folder(&path).map_err(|source| Error::Io {
            path: path.display().to_string(),
            source,
        })?;
    }
    let mut heaps = 1u64;
    let mut dialogue = Vec::new();
    for (at, (name, input)) in super::sample_inputs(problem, game)?.into_iter().enumerate() {
        let path = dir.join("data/sample").join(format!("{name}.in"));
        let test = write_test(problem, game, &path, &input)?;
        heaps = heaps.max(most_heaps(&test));
        let lines = sample_dialogue(problem, game, &test)?;
        if at == 0 {
            dialogue = lines.clone();
        }
        let text: String = lines.iter().map(|line| format!("{line}\n")).collect();
        super::write_file(&path.with_extension("interaction"), text.as_bytes())?;
        written.samples.push(name);
    }
    for (planned, input) in made {
        let path = dir.join("data/secret").join(format!("{}.in", planned.name));
        let test = write_test(problem, game, &path, &input)?;
        heaps = heaps.max(most_heaps(&test));
        written.tests.push((planned, input.len() as u64));
    }
    let limit = max_moves(heaps);
    let statement = statement(problem, game, rule, limit, &dialogue);
    super::write_file(
        &dir.join("problem_statement/problem.en.tex"),
        statement.as_bytes(),
    )?;
    super::write_file(
        &dir.join("problem.yaml"),
        problem_yaml(problem, options).as_bytes(),
    )?;
    let seconds = format!("{}\n", options.time_limit);
    super::write_file(&dir.join(".timelimit"), seconds.as_bytes())?;
    super::write_validator(&dir.join("input_validators/nimstream"), options)?;
    write_interactor(&dir.join("output_validators/nimstream"), options, limit)?;
    for (folder, name, source) in submissions {
        let folder_path = dir.join("submissions").join(folder);
        crate::output::create_folder(&folder_path).map_err(|source| Error::Io {
            path: folder_path.display().to_string(),
            source,
        })?;
        super::write_file(&folder_path.join(&name), source.as_bytes())?;
        written.submissions.push(format!("{folder}/{name}"));
    }
    Ok(written)
}

/// The secret tests: the batch package's plan, each test cut to
/// [`MAX_GAMES`] games of at most [`MAX_HEAPS`] heaps, and a test the cut
/// makes the same as one before left out.
pub fn plan(problem: &Problem, seed: u64) -> Vec<super::Planned> {
    let limits = problem.limits;
    let mut kept: Vec<super::Planned> = Vec::new();
    for mut planned in super::plan::plan(problem, PLAN_BYTES, seed) {
        let o = &mut planned.options;
        o.cases = o.cases.min(MAX_GAMES).max(limits.cases.min);
        o.heaps = o.heaps.min(MAX_HEAPS).max(limits.heaps.min);
        let same = |other: &super::Planned| {
            let p = &other.options;
            (p.cases, p.heaps, p.min, p.max, p.second_min, p.second_max)
                == (o.cases, o.heaps, o.min, o.max, o.second_min, o.second_max)
                && p.losing == o.losing
        };
        if !kept.iter().any(same) {
            kept.push(planned);
        }
    }
    kept
}

/// The most heaps a case of `test` has (1 for a position game's).
fn most_heaps(test: &TestFile) -> u64 {
    let heaps = test.cases.iter().map(|case| match case {
        Case::Heaps(heaps) => heaps.len() as u64,
        _ => 1,
    });
    heaps.max().unwrap_or(1)
}

/// Validates a test's input, writes it and its empty answer file, and
/// reads it back as games.
fn write_test(
    problem: &Problem,
    game: &Game,
    path: &Path,
    input: &[u8],
) -> Result<TestFile, Error> {
    let limits = validate::limits(problem, &Overrides::default())?;
    let name = path.display().to_string();
    let mut checked = game.clone();
    validate::validate(problem, &mut checked, input, &limits, &name, Detail::Check)?;
    super::write_file(path, input)?;
    super::write_file(&path.with_extension("ans"), b"")?;
    TestFile::read(problem, input)
}

/// The submissions: per game family, a player that wins, and players the
/// interactor must beat.
pub fn submissions(problem: &Problem, game: &Game) -> Result<Vec<Submission>, String> {
    let family = match (game, problem.layout) {
        (Game::Nim(_), Layout::HeapCases) => 0,
        (Game::Lasker(_), Layout::HeapCases) => 1,
        (Game::Misere(_), Layout::HeapCases) => 2,
        _ => {
            return Err(
                "no interactive player is kept for its game and input: there are players \
                 of Nim, Lasker's Nim and misère Nim laid out as T, then N and the heaps \
                 per case (nim, lasker, misere)"
                    .into(),
            )
        }
    };
    let stem = super::submissions::file_stem(problem.name);
    let player = |style: u8| format!("#define GAME {family}\n#define STYLE {style}\n{HEAP_PLAYER}");
    let mut list = vec![
        ("accepted", format!("{stem}.cpp"), player(0)),
        ("wrong_answer", format!("{stem}-random-move.cpp"), player(2)),
        (
            "time_limit_exceeded",
            format!("{stem}-never-flushes.cpp"),
            player(3),
        ),
    ];
    if family == 1 {
        list.push(("wrong_answer", format!("{stem}-nim-xor.cpp"), player(1)));
    }
    Ok(list)
}

/// `problem.yaml`: the batch package's, but validated by the interactor
/// (no flags for the default output validator).
fn problem_yaml(problem: &Problem, options: &Options) -> String {
    let batch = super::problem_yaml(problem, options, 0);
    let mut yaml = String::new();
    for line in batch.lines() {
        if line.starts_with("validation:") || line.starts_with("validator_flags:") {
            continue;
        }
        let line = line.replacen(
            "(nimstream package ",
            "(nimstream package --interactive ",
            1,
        );
        // Another problem than the batch one: a judge must not take one
        // for the other.
        let line = match line.starts_with("uuid:") {
            true => format!(
                "uuid: {}",
                super::uuid(&format!("{}\ninteractive", options.problem_toml))
            ),
            false => line,
        };
        yaml.push_str(&line);
        yaml.push('\n');
        if line.starts_with("license:") {
            yaml.push_str("validation: custom interactive\n");
        }
    }
    if !yaml.contains("validation: custom interactive") {
        yaml.push_str("validation: custom interactive\n");
    }
    yaml
}

/// The output validator: nimstream's binary as the interactor, the
/// problem's file, and the `build` and `run` scripts; the move limit
/// `max_moves` is set in `run`.
fn write_interactor(folder: &Path, options: &Options, max_moves: u64) -> Result<(), Error> {
    std::fs::copy(&options.validator, folder.join("nimstream")).map_err(|source| Error::Io {
        path: options.validator.display().to_string(),
        source,
    })?;
    super::write_file(
        &folder.join("problem.toml"),
        options.problem_toml.as_bytes(),
    )?;
    let build = "#!/bin/sh\n\
                 # Nothing to compile: run calls the nimstream binary beside it.\n\
                 chmod +x run nimstream\n";
    let run = format!(
        "#!/bin/sh\n\
         # The interactor, as an output validator of the ICPC package format:\n\
         # run INPUT ANSWER FEEDBACK_DIR [FLAGS], the program's output on standard\n\
         # input, its input on standard output; exit 42 when it won every game,\n\
         # 43 when it did not, and FEEDBACK_DIR/judgemessage.txt says why.\n\
         here=$(dirname \"$0\")\n\
         exec \"$here/nimstream\" --quiet interact --problem \"$here/problem.toml\" \
         --max-moves {max_moves} \"$@\"\n"
    );
    super::write_executable(&folder.join("build"), build)?;
    super::write_executable(&folder.join("run"), &run)
}

/// The statement: the game, the input as the program reads it, the
/// protocol and the moves, and what the first sample's dialogue shows.
fn statement(
    problem: &Problem,
    game: &Game,
    rule: Option<&str>,
    max_moves: u64,
    dialogue: &[String],
) -> String {
    use super::statement::escape;
    let words = super::rules::game(problem, rule);
    let mut text = format!(
        "\\problemname{{{}}}\n\n",
        escape(&super::statement::title(problem))
    );
    text += &format!(
        "This is an interactive version of {}: {}. Your program plays the game \
         against the judge, and must win every game.\n\n",
        escape(problem.source),
        escape(problem.title)
    );
    text += &format!(
        "{} Here one of the two players is your program and the other the judge; \
         your program chooses which moves first.\n\n",
        escape(&words.rules)
    );
    text += "\\section*{Interaction}\n\n";
    text += &format!(
        "The judge first writes the number of games $T$ ($1 \\le T \\le {MAX_GAMES}$) on a \
         line. Then, for each game: the judge writes the game's position as {}, \
         at most {MAX_HEAPS} heaps. Your program writes \\texttt{{First}} to make the first \
         move or \\texttt{{Second}} to let the judge make it. Then the two players \
         alternate moves, one a line; the judge answers each of your moves with its own.\n\n",
        escape(&position_words(problem))
    );
    let value = problem.limits.value;
    text += &format!(
        "Every heap holds from {} to {} objects.\n\n",
        value.min, value.max
    );
    text += &format!("{}\n\n", move_words(game));
    text += "When the player to move has no move, the game is over. The judge writes \
             \\texttt{0} when you won it, and the next game follows (after the last \
             game, your program should exit). It writes \\texttt{-1} when you lost it, \
             or when your line is not a legal move, or after ";
    text += &format!(
        "{max_moves} moves in one game; then your program must exit. A move is \
         never \\texttt{{0}} or \\texttt{{-1}} alone, so these lines cannot be \
         mistaken for one.\n\n"
    );
    text += "Flush standard output after every line, or the judge does not see it \
             and your program waits for ever (in C++, \\texttt{fflush(stdout)} or \
             \\texttt{cout << endl}; in Python, \\texttt{print(..., flush=True)}). A \
             program that does not answer within the time limit is stopped.\n\n";
    if !dialogue.is_empty() {
        let shown = dialogue.len().min(12);
        text += "\\section*{Sample explanation}\n\n";
        text += "In the sample interaction the judge's lines are on the left, your \
                 program's on the right. It begins:\n\\begin{itemize}\n";
        for line in &dialogue[..shown] {
            let (who, said) = match line.split_at(1) {
                ("<", said) => ("the judge writes", said),
                (_, said) => ("your program writes", said),
            };
            text += &format!("\\item {who} \\texttt{{{}}}\n", escape(said));
        }
        text += "\\end{itemize}\n";
    }
    text
}

/// How a case's position is written, in words.
fn position_words(problem: &Problem) -> String {
    match problem.layout {
        Layout::HeapCases => "a line with the number of heaps N and a line of N heap sizes".into(),
        _ => problem.layout.describe(&problem.vars).replace('`', ""),
    }
}

/// How a move is written, in words, in LaTeX.
fn move_words(game: &Game) -> String {
    let split = matches!(game, Game::Lasker(_) | Game::SplitThree(_) | Game::Rule(_));
    let mut text = "A move is written \\texttt{i:a->b}: heap i (numbered from 1) goes from a \
                    objects to b (\\texttt{2:5->3} takes 2 objects from the second heap). \
                    A heap taken to nothing stays, as a heap of 0, so that the others \
                    keep their numbers."
        .to_string();
    if split {
        text += " A split is written \\texttt{i:a->b+c}: heap i, of a objects, becomes \
                 the two heaps b and c, which take its place in that order (the heaps \
                 after it move along): \\texttt{1:7->1+6}.";
    }
    text
}

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

#[cfg(test)]
#[path = "interactive_tests.rs"]
mod tests;
