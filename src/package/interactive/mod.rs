//! The package of an interactive problem: the contestant's program plays
//! the game against nimstream's interactor ([`crate::interact`]) instead
//! of printing who wins.
//!
//! ```text
//! DIR/problem.yaml                      validation: custom interactive
//! DIR/problem_statement/problem.en.tex  the game, the protocol, its moves
//! DIR/problem.pdf (or problem.html)     as the batch package's
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
//!
//! The sample's dialogue ([`dialogue`]) is a session of the interactor
//! against nimstream's own player; the statement ([`statement`]) gives the
//! protocol and the game's move notation. The submissions are C++ players
//! kept in `solutions/interactive/`: of the heap games laid out as `T`,
//! then `N` and the heaps (Nim, Lasker's Nim, misère Nim), and of Bash's
//! game.

pub mod dialogue;
pub mod statement;

use std::path::Path;

use super::{Options, Submission, Written};
use crate::error::Error;
use crate::games::Game;
use crate::interact;
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
const HEAP_PLAYER: &str = include_str!("../solutions/interactive/heap_player.cpp");

/// The C++ player of Bash's game, by a `#define STYLE` line above it.
const BASH_PLAYER: &str = include_str!("../solutions/interactive/bash_player.cpp");

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
    let planned = plan(problem, options.seed);
    let made = super::making::make_all(
        problem,
        game,
        planned,
        options.max_bytes,
        &mut written.dropped,
    )?;
    if let Some(why) = super::making::missing(&written.dropped, options.allow_missing) {
        return Err(refuse(why));
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
    for (at, (name, input, _)) in super::sample_inputs(problem, game)?.into_iter().enumerate() {
        let path = dir.join("data/sample").join(format!("{name}.in"));
        let test = write_test(problem, game, &path, &input)?;
        heaps = heaps.max(most_heaps(&test));
        let lines = dialogue::sample_dialogue(problem, game, &test)?;
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
    let statement = statement::statement(problem, game, rule, limit, &dialogue);
    super::write_file(
        &dir.join("problem_statement/problem.en.tex"),
        statement.as_bytes(),
    )?;
    written.rendered = Some(super::render::write(dir, &statement, &written.samples)?);
    // The batch package times its reference on the tests; a player needs
    // the interactor beside it, which that timing does not run.
    written.time_limit = options.time_limit.unwrap_or(super::FALLBACK_TIME_LIMIT);
    let note = match options.time_limit {
        Some(seconds) => format!("{seconds} s: given with --time-limit"),
        None => {
            let why = "an interactive package's players are not timed against the interactor";
            written.timing = Some(Err(why.to_string()));
            format!("{} s: not measured ({why})", written.time_limit)
        }
    };
    super::write_file(
        &dir.join("problem.yaml"),
        problem_yaml(problem, options, &note).as_bytes(),
    )?;
    let seconds = format!("{}\n", written.time_limit);
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
    // The player's source and its first line, which says which game.
    let (source, game_line) = match (game, problem.layout) {
        (Game::Nim(_), Layout::HeapCases) => (HEAP_PLAYER, "#define GAME 0\n"),
        (Game::Lasker(_), Layout::HeapCases) => (HEAP_PLAYER, "#define GAME 1\n"),
        (Game::Misere(_), Layout::HeapCases) => (HEAP_PLAYER, "#define GAME 2\n"),
        (Game::Bash(_), Layout::CountedPairs) => (BASH_PLAYER, ""),
        _ => {
            return Err(
                "no interactive player is kept for its game and input: there are players \
                 of Nim, Lasker's Nim and misère Nim laid out as T, then N and the heaps \
                 per case (nim, lasker, misere), and of Bash's game laid out as T, then n m \
                 per case (bash)"
                    .into(),
            )
        }
    };
    let stem = super::submissions::file_stem(problem.name);
    let player = |style: u8| format!("{game_line}#define STYLE {style}\n{source}");
    let mut list = vec![
        ("accepted", format!("{stem}.cpp"), player(0)),
        ("wrong_answer", format!("{stem}-random-move.cpp"), player(2)),
        (
            "time_limit_exceeded",
            format!("{stem}-never-flushes.cpp"),
            player(3),
        ),
    ];
    match game {
        Game::Lasker(_) => list.push(("wrong_answer", format!("{stem}-nim-xor.cpp"), player(1))),
        Game::Misere(_) => list.push(("wrong_answer", format!("{stem}-as-nim.cpp"), player(1))),
        _ => {}
    }
    Ok(list)
}

/// `problem.yaml`: the batch package's keys, but validated by the
/// interactor (no flags for the default output validator), with a uuid of
/// its own and comments of its own; `time_note` says what the time limit
/// in `.timelimit` is and whence.
fn problem_yaml(problem: &Problem, options: &Options, time_note: &str) -> String {
    let batch = super::problem_yaml(problem, options, 0, time_note);
    let mut yaml = String::new();
    for (at, line) in batch.lines().enumerate() {
        let skipped = ["validation:", "validator_flags:", "#"];
        if at > 0 && skipped.iter().any(|start| line.starts_with(start)) {
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
        if at == 0 {
            yaml.push_str(&format!(
                "# The seed above writes the same tests again (the batch plan cut to small\n\
                 # games). Time limit (.timelimit, for DOMjudge): {time_note}.\n"
            ));
        }
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

#[cfg(test)]
mod tests;
