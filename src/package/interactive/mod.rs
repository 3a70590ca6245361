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
//! DIR/data/*/*.desc, data/generate.sh   as the batch package's (empty answers)
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
//! heaps, since each is played move by move (a rule's to [`RULE_MAX_HEAPS`]
//! heaps of at most [`RULE_MAX_HEAP`], the k-multiple game's
//! piles with `k = 1` to [`K1_MAX_PILE`]), and the interactor's move limit
//! is set from the largest case.
//!
//! The sample's dialogue ([`dialogue`]) is a session of the interactor
//! against nimstream's own player; the statement ([`statement`]) gives the
//! protocol and the game's move notation. The submissions ([`players`])
//! are C++ players kept in `solutions/interactive/`: of the heap games
//! laid out as `T`, then `N` and the heaps (Nim, Lasker's Nim, misère Nim,
//! a rule's game), of Bash's game, of Wythoff's game, and of Fibonacci
//! Nim and the k-multiple game. The batch package's crafted tests
//! ([`crafted`]: Wythoff's float traps, Fibonacci Nim's wrapped table)
//! follow the plan's, cut to games of the same size.

pub mod dialogue;
pub mod players;
pub mod statement;

use std::path::Path;

use super::{Options, Written};
use crate::error::Error;
use crate::games::Game;
use crate::interact;
use crate::problem::Problem;
use crate::stress::{Case, TestFile};
use crate::validate::{self, Detail, Overrides};
pub use players::submissions;

/// The most games (cases) a secret test has.
pub const MAX_GAMES: u64 = 10;

/// The most heaps a game of a secret test starts with.
pub const MAX_HEAPS: u64 = 100;

/// The largest pile of a k-multiple game with `k = 1`: such a game lasts
/// up to a move an object, within [`max_moves`].
pub const K1_MAX_PILE: u64 = 1000;

/// The largest heap of a rule's game: its moves may take one object at a
/// time, so a game lasts up to a move an object, and the player computes
/// its values up to the largest heap.
pub const RULE_MAX_HEAP: u64 = 100;

/// The most heaps of a rule's game, which with [`RULE_MAX_HEAP`] keeps its
/// objects within [`max_moves`].
pub const RULE_MAX_HEAPS: u64 = 20;

/// About how many bytes the plan the secret tests are cut from may take.
const PLAN_BYTES: u64 = 16 << 10;

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
    if problem.fixed.protocol != crate::problem::Protocol::DEFAULT {
        // The statement, the dialogue and the kept players speak the default.
        return Err(refuse(format!(
            "its [interactive] protocol ({}) is not the default one, the only one the \
             statement and the kept players speak",
            problem.fixed.protocol.describe()
        )));
    }
    let largest_allowed = problem.limits.value.max.min(RULE_MAX_HEAP);
    // Only whether a player is kept: the players are written once the
    // tests' largest heap is known.
    submissions(problem, game, largest_allowed).map_err(refuse)?;
    super::check_empty(dir)?;
    let mut written = Written::default();
    let planned = plan(problem, options.seed);
    let made = super::making::make_or_refuse(
        problem,
        game,
        planned,
        (options.max_bytes, options.allow_missing),
        &mut written.dropped,
        refuse,
    )?;
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
    let mut largest = 0u64;
    let mut dialogue = Vec::new();
    // Every test's path in the package and how it was made, for its
    // `.desc` and data/generate.sh, as the batch package has them.
    let mut recorded: Vec<(String, String, Option<crate::gen::GenOptions>)> = Vec::new();
    for (at, (name, input, made)) in super::sample_inputs(problem, game)?.into_iter().enumerate() {
        recorded.push((format!("data/sample/{name}"), name.clone(), made));
        let path = dir.join("data/sample").join(format!("{name}.in"));
        let test = write_test(problem, game, &path, &input)?;
        heaps = heaps.max(most_heaps(&test));
        largest = largest.max(largest_heap(&test));
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
        largest = largest.max(largest_heap(&test));
        let options = Some(planned.options.clone());
        recorded.push((
            format!("data/secret/{}", planned.name),
            planned.name.clone(),
            options,
        ));
        written.tests.push((planned, input.len() as u64));
    }
    for (name, cases) in crafted(problem) {
        let name = format!(
            "{:02}-{name}",
            written.tests.len() + written.crafted.len() + written.dropped.len() + 1
        );
        let input = TestFile { cases }.to_bytes(problem);
        let path = dir.join("data/secret").join(format!("{name}.in"));
        let test = write_test(problem, game, &path, &input)?;
        heaps = heaps.max(most_heaps(&test));
        largest = largest.max(largest_heap(&test));
        recorded.push((format!("data/secret/{name}"), name.clone(), None));
        written.crafted.push((name, input.len() as u64));
    }
    let limit = max_moves(heaps);
    let statement = statement::statement(problem, game, rule, limit, &dialogue);
    super::write_file(
        &dir.join("problem_statement/problem.en.tex"),
        statement.as_bytes(),
    )?;
    written.rendered = Some(super::render::write(dir, &statement, &written.samples)?);
    super::write_records(problem, dir, options, &recorded, true)?;
    super::write_validator(&dir.join("input_validators/nimstream"), options)?;
    write_interactor(&dir.join("output_validators/nimstream"), options, limit)?;
    for (folder, name, source) in submissions(problem, game, largest).map_err(refuse)? {
        let folder_path = dir.join("submissions").join(folder);
        crate::output::create_folder(&folder_path).map_err(|source| Error::Io {
            path: folder_path.display().to_string(),
            source,
        })?;
        super::write_file(&folder_path.join(&name), source.as_bytes())?;
        written.submissions.push(format!("{folder}/{name}"));
    }
    // Timed as the batch package's reference, but each accepted player
    // against the interactor.
    written.time_limit = match options.time_limit {
        Some(seconds) => seconds,
        None => {
            let measured = super::timing::measure_interactive(dir, &written.submissions);
            let limit = measured
                .as_ref()
                .map_or(super::FALLBACK_TIME_LIMIT, |t| t.limit);
            written.timing = Some(measured);
            limit
        }
    };
    let note = match &written.timing {
        Some(Ok(t)) => format!(
            "the slowest accepted run against the interactor, {:.3} s ({}), times {}, \
             rounded up",
            t.slowest.0,
            t.slowest.1,
            super::timing::TIME_MULTIPLIER
        ),
        Some(Err(_)) => "not measured (the players could not be run)".to_string(),
        None => "given with --time-limit".to_string(),
    };
    let note = format!("{} s: {note}", written.time_limit);
    super::write_file(
        &dir.join("problem.yaml"),
        problem_yaml(problem, options, &note).as_bytes(),
    )?;
    let seconds = format!("{}\n", written.time_limit);
    super::write_file(&dir.join(".timelimit"), seconds.as_bytes())?;
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
        if problem.game.name == "rule" {
            // A rule's move takes an object or two: a game lasts about
            // its objects, kept within [`max_moves`].
            o.max = o.max.min(RULE_MAX_HEAP.max(limits.value.min));
            o.min = o.min.min(o.max);
            o.heaps = o.heaps.min(RULE_MAX_HEAPS).max(limits.heaps.min);
        }
        if problem.game.name == "kmultiple" {
            // With k = 1 no take grows past the first, so a game lasts
            // about the pile over it, whoever plays it: such games are
            // kept to small piles, and k = 1 to the tests that ask for it.
            match o.second_max <= 1 {
                true => {
                    o.max = o.max.min(K1_MAX_PILE.max(limits.value.min));
                    o.min = o.min.min(o.max);
                }
                false => o.second_min = o.second_min.max(2),
            }
        }
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

/// The batch package's tests written case by case (Wythoff's
/// floating-point traps, Fibonacci Nim's wrapped table, …), each cut into
/// tests of at most [`MAX_GAMES`] games and [`MAX_HEAPS`] heaps a game:
/// random plans never hold these cases, and wrong players are caught on
/// them only.
pub fn crafted(problem: &Problem) -> Vec<(String, Vec<Case>)> {
    let pairs = super::plan::crafted(problem)
        .into_iter()
        .map(|(name, pairs)| {
            let cases = pairs.iter().map(|&(a, b)| Case::Pair(a, b));
            (name, cases.collect::<Vec<_>>())
        });
    let mut tests = Vec::new();
    for (name, cases) in pairs.chain(super::traps::traps(problem)) {
        let cases: Vec<Case> = cases
            .into_iter()
            .filter(|case| !matches!(case, Case::Heaps(h) if h.len() as u64 > MAX_HEAPS))
            .collect();
        let parts = cases.chunks(MAX_GAMES as usize);
        let many = parts.len() > 1;
        for (at, part) in parts.enumerate() {
            let name = match many {
                true => format!("{name}-{}", at + 1),
                false => name.clone(),
            };
            tests.push((name, part.to_vec()));
        }
    }
    tests
}

/// The largest heap of `test`'s cases (0 for a position game's).
fn largest_heap(test: &TestFile) -> u64 {
    let largest = test.cases.iter().map(|case| match case {
        Case::Heaps(heaps) => heaps.iter().copied().max().unwrap_or(0),
        _ => 0,
    });
    largest.max().unwrap_or(0)
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
