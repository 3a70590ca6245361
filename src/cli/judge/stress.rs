//! `nimstream judge PROBLEM --stress -- CMD`: tests drawn with `gen` from a
//! seed, run until one fails; that one is shrunk to a small test that
//! still fails the same way, and written with its answers and the
//! program's output. With `--interactive` each test is played against the
//! program as `judge --interactive` plays it (`interactive::play_test`),
//! the same verdict playing it is what a shrunk test must keep, and the
//! game's last lines are written beside it.

use std::cell::RefCell;
use std::io::IsTerminal;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;
use nimstream::interact::winnable;
use nimstream::judge::Verdict;
use nimstream::plural::count;
use nimstream::problem::Problem;
use nimstream::sandbox::{self, Ending, Program, Scratch};
use nimstream::stress::{self, TestFile};
use nimstream::validate::{self, Detail, Overrides};
use nimstream::Error;

use super::aim::AimArgs;
use super::draws::{Drawer, REDRAWS};
use super::limits::parse_seconds;
use super::report::UntilReaderGone;
use super::{interactive, io_error, solve_into, verdict_of, Context};

/// Calls of the program a shrink may make: a failure that shows in its
/// answers shrinks in a few hundred; one of time or memory costs a limit's
/// worth a call, and a small test is rarely what shows it.
const SHRINK_RUNS: usize = 400;
const SHRINK_RUNS_OVER_LIMITS: usize = 30;

/// Tests drawn when neither `--cases` nor `--for` says.
const DEFAULT_CASES: u64 = 1000;

#[derive(Args)]
#[command(next_help_heading = "Stress testing")]
pub struct StressArgs {
    /// Draw tests with gen, from tiny to the problem's limits, instead of
    /// reading TESTS, one in four at the game's traps (the top of each
    /// limit, 2^31 and 2^32; misère Nim's one heap above 1 among 1s;
    /// Wythoff's pairs where floating point fails); stop at the first that
    /// fails, shrink it (by halves first), and write failing.in,
    /// failing.ans and failing.got (with --interactive, failing.in and
    /// failing.game, the game's last lines).
    #[arg(long)]
    pub stress: bool,
    /// Tests to run (default 1000, unless --for is given), all different:
    /// fewer only where the limits allow fewer, which the run then says.
    #[arg(long, value_name = "N", requires = "stress", value_parser = crate::at_least_one)]
    cases: Option<u64>,
    /// Draw tests for this long: seconds, or 90s, 10m, 2h.
    #[arg(long = "for", value_name = "DURATION", requires = "stress", value_parser = parse_duration)]
    duration: Option<Duration>,
    /// The seed: with --stress, of the draws (default 1; the same seed
    /// draws the same tests); with --interactive, of the interactor's
    /// draws among equally good moves in a lost position (default 0; the
    /// same seed plays the same game against the same moves); with both,
    /// of both (default 1).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Judge against this program's answers, not nimstream's (its words
    /// split at spaces), e.g. a setter's model solution to a problem file.
    /// For a problem of nimstream's list its answers are checked against
    /// nimstream's on every test: where they differ, the reference is
    /// wrong, and the run stops with status 2 (a jury error).
    #[arg(long, value_name = "CMD", requires = "stress")]
    reference: Option<String>,
    /// Where failing.in, failing.ans and failing.got are written (default
    /// the current folder).
    #[arg(long, value_name = "DIR", requires = "stress", default_value = ".")]
    out_dir: PathBuf,
    #[command(flatten)]
    aim: AimArgs,
}

impl StressArgs {
    /// The seed of the draws.
    pub fn draws_seed(&self) -> u64 {
        self.seed.unwrap_or(1)
    }
}

/// The move of a game from which `--stress --interactive`'s interactor,
/// where not told otherwise, plays a lost position to end the game. A
/// game of half a million moves is seconds of round trips, which the wall
/// clock counts, and tells a wrong strategy from a right one no better
/// than its first thousand moves: hurried, nimstream still plays only
/// lost positions, and the program must still answer every move right.
pub const HURRY_AFTER: u64 = 1000;

/// `--stress --interactive`'s move limit where none is given: the one
/// `package` gives a game, for the most heaps a drawn case may hold, which
/// leaves a player that wins room to end the game once hurried.
pub fn max_moves(args: &StressArgs, problem: &Problem) -> Result<u64, Error> {
    let heaps = args.aim.limits(problem)?.heaps.max;
    let heaps = heaps.clamp(1, nimstream::stress::draw::MOST_NUMBERS);
    let limit = nimstream::package::interactive::max_moves(heaps);
    Ok(limit.min(super::DEFAULT_MAX_MOVES))
}

/// A test run and judged.
struct Judged {
    verdict: Verdict,
    message: String,
    /// With `--interactive`, the last lines of the game not won.
    game: Vec<String>,
}

/// The files of a stress run, in its scratch folder.
struct Files {
    scratch: Scratch,
}

impl Files {
    fn test(&self) -> PathBuf {
        self.scratch.file("test.in")
    }
    fn expected(&self) -> PathBuf {
        self.scratch.file("test.ans")
    }
    fn output(&self) -> PathBuf {
        self.scratch.file("test.got")
    }
}

pub fn stress(
    context: &Context,
    args: &StressArgs,
    command: &str,
    verdict_words: &[String],
) -> Result<ExitCode, Error> {
    let problem = context.problem;
    if context.interactive && args.reference.is_some() {
        return Err(Error::Usage(
            "--reference gives the right answers, and an interactive test has none: with \
             --interactive the interactor judges every move, so give no --reference"
                .into(),
        ));
    }
    let aimed = args.aim.limits(problem)?;
    let files = Files {
        scratch: Scratch::new().map_err(io_error(&std::env::temp_dir()))?,
    };
    let reference = args.reference.as_deref().map(|words| {
        let words: Vec<std::ffi::OsString> = words.split_whitespace().map(Into::into).collect();
        Program::resolved(&words)
    });
    let runner = Runner {
        context,
        files: &files,
        reference,
        limits: validate::limits(problem, &Overrides::default())?,
        out_dir: &args.out_dir,
        wrong_reference: RefCell::new(None),
    };
    let total = args.cases.unwrap_or(match args.duration {
        Some(_) => u64::MAX,
        None => DEFAULT_CASES,
    });
    let started = Instant::now();
    let mut shown = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let mut drawer = Drawer::new(context, aimed, args.draws_seed());
    let mut run = 0;
    let mut exhausted = false;
    while run < total {
        if args.duration.is_some_and(|most| started.elapsed() > most) {
            break;
        }
        let Some(test) = drawer.next(run)? else {
            exhausted = true;
            break;
        };
        let judged = runner.judge(&test, &format!("test {}", run + 1))?;
        run += 1;
        if terminal && shown.elapsed() > Duration::from_millis(500) {
            eprint!(
                "\rnimstream: stress: {} passed, {:.0} s",
                count(run, "test"),
                started.elapsed().as_secs_f64()
            );
            shown = Instant::now();
        }
        if judged.verdict != Verdict::Accepted {
            if terminal {
                eprintln!();
            }
            let commands = Commands {
                program: command,
                verdicts: verdict_words,
            };
            return runner.failed(test, judged, run - 1, args, &commands);
        }
    }
    if terminal {
        eprintln!();
    }
    let mut out = UntilReaderGone::new(std::io::stdout().lock());
    let asked = match args.duration {
        Some(_) if args.cases.is_none() => "more were asked".to_string(),
        _ => format!("{} were asked", count(total, "test")),
    };
    let why_fewer = match exhausted {
        true => format!(
            "; {asked}, but the last {REDRAWS} draws gave no test gen could write \
             that was not run before: the limits allow few different tests"
        ),
        false => String::new(),
    };
    writeln!(
        out,
        "{} passed (seed {}, {:.1} s): no failure found{why_fewer}",
        count(run, "test"),
        args.draws_seed(),
        started.elapsed().as_secs_f64()
    )
    .map_err(crate::stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// What the commands printed after a failure repeat of the command line.
struct Commands<'a> {
    /// The program judged and its arguments, quoted for a shell.
    program: &'a str,
    /// The options that shape the verdicts (limits, `--move`), as given.
    verdicts: &'a [String],
}

/// The command that runs the same tests again: every option that shapes
/// the draw or the verdicts, the seed always.
fn same_run(context: &Context, args: &StressArgs, commands: &Commands) -> String {
    let mut words = vec![
        "nimstream judge".to_string(),
        problem_words(context.problem, context),
        "--stress".to_string(),
        format!("--seed {}", args.draws_seed()),
    ];
    if let Some(cases) = args.cases {
        words.push(format!("--cases {cases}"));
    }
    if let Some(duration) = args.duration {
        words.push(format!("--for {}s", duration.as_secs_f64()));
    }
    words.extend(args.aim.words());
    if let Some(reference) = &args.reference {
        words.push(format!("--reference {}", shell_word(reference)));
    }
    words.extend(commands.verdicts.iter().cloned());
    words.push(format!("-- {}", commands.program));
    words.join(" ")
}

struct Runner<'a> {
    context: &'a Context<'a>,
    files: &'a Files,
    reference: Option<Program>,
    limits: nimstream::problem::Limits,
    out_dir: &'a Path,
    /// Why the reference program is wrong, once a test showed it: found
    /// while shrinking, it ends the run after the shrink.
    wrong_reference: RefCell<Option<String>>,
}

impl Runner<'_> {
    /// Runs the program on `test`, which messages call `which`, and judges
    /// it.
    fn judge(&self, test: &[u8], which: &str) -> Result<Judged, Error> {
        let (input, expected, output) = (
            self.files.test(),
            self.files.expected(),
            self.files.output(),
        );
        std::fs::write(&input, test).map_err(io_error(&input))?;
        if self.context.interactive {
            let (result, game) =
                interactive::play_test(self.context, &input, which, &self.files.scratch)?;
            return Ok(Judged {
                verdict: result.verdict,
                message: result.message,
                game,
            });
        }
        let cases = self.expect(&input, &expected, which)?;
        let outcome = sandbox::run(
            &self.context.program,
            &input,
            &output,
            &self.files.scratch.file("err"),
            &self.context.limits,
        )
        .map_err(io_error(&input))?;
        let answers = (expected.as_path(), cases);
        let (verdict, message) = verdict_of(self.context, &outcome, &input, answers, &output)?;
        Ok(Judged {
            verdict,
            message,
            game: Vec::new(),
        })
    }

    /// Writes the right answers to `input` into `expected`: nimstream's, or
    /// the reference program's, which must run well (and, for a problem of
    /// nimstream's list, answer as nimstream does); the input's cases when
    /// nimstream solved it.
    fn expect(&self, input: &Path, expected: &Path, which: &str) -> Result<Option<u64>, Error> {
        let Some(reference) = &self.reference else {
            let (_, cases) = solve_into(self.context, input, input, expected)?;
            return Ok(Some(cases));
        };
        let errors = self.files.scratch.file("reference.err");
        let outcome = sandbox::run(reference, input, expected, &errors, &self.context.limits)
            .map_err(io_error(input))?;
        let limits = &self.context.limits;
        if outcome.ending != Ending::Exited(0)
            || outcome.time_limited(limits)
            || outcome.output_limited(limits)
            || outcome.memory_limited()
        {
            return Err(Error::Usage(format!(
                "the reference program failed on a drawn test ({}, {:.2} s of CPU): {}",
                outcome.describe_ending(),
                outcome.cpu.as_secs_f64(),
                outcome.stderr_tail.lines().last().unwrap_or("no message")
            )));
        }
        if self.context.problem_file.is_some() {
            // A problem file's statement is the setter's: its reference
            // is the only judge of it.
            return Ok(None);
        }
        let own = self.files.scratch.file("own.ans");
        let (_, cases) = solve_into(self.context, input, input, &own)?;
        let (verdict, message) =
            verdict_of(self.context, &outcome, input, (&own, Some(cases)), expected)?;
        if verdict == Verdict::Accepted {
            return Ok(Some(cases));
        }
        self.reference_is_wrong(which, verdict, &message)
    }

    /// Keeps the first test the reference program answers wrong, with
    /// both answers, and says so: the jury's error, not the program's.
    fn reference_is_wrong(
        &self,
        which: &str,
        verdict: Verdict,
        message: &str,
    ) -> Result<Option<u64>, Error> {
        if let Some(why) = self.wrong_reference.borrow().as_ref() {
            return Err(Error::Usage(why.clone()));
        }
        let dir = self.out_dir;
        nimstream::output::create_folder(dir).map_err(io_error(dir))?;
        let kept = [
            ("reference.in", self.files.test()),
            ("reference.ans", self.files.scratch.file("own.ans")),
            ("reference.got", self.files.expected()),
        ];
        for (name, from) in &kept {
            let to = dir.join(name);
            std::fs::copy(from, &to).map_err(io_error(&to))?;
        }
        let why = format!(
            "the reference program is wrong, not the program judged: on {which} its answers \
             are not nimstream's ({verdict}: {message}); written: {}, reference.ans \
             (nimstream's answers), reference.got (the reference's)",
            dir.join("reference.in").display()
        );
        *self.wrong_reference.borrow_mut() = Some(why.clone());
        Err(Error::Usage(why))
    }

    /// Whether the program can win every case of `candidate`: with a side
    /// the problem fixes, a shrunk case that side cannot win would fail
    /// for the test's fault.
    fn winnable(&self, candidate: &TestFile) -> bool {
        let (problem, game) = (self.context.problem, self.context.game);
        let wins = |case| winnable(problem, game, case).unwrap_or(false);
        !self.context.interactive || candidate.cases.iter().all(wins)
    }

    /// Whether `candidate`, shrunk from the `index`th test (from 0), is a
    /// valid test on which the program still fails with `verdict`.
    fn still_fails(&self, candidate: &TestFile, verdict: Verdict, index: u64) -> bool {
        let bytes = candidate.to_bytes(self.context.problem);
        let mut game = self.context.game.clone();
        let valid = validate::validate(
            self.context.problem,
            &mut game,
            &bytes,
            &self.limits,
            "candidate",
            Detail::Check,
        );
        // An error of nimstream's own while judging a candidate leaves it
        // unproven, so it is not kept; once the reference is known wrong,
        // no candidate is worth a run.
        valid.is_ok()
            && self.winnable(candidate)
            && self.wrong_reference.borrow().is_none()
            && self
                .judge(&bytes, &format!("a test shrunk from test {}", index + 1))
                .is_ok_and(|judged| judged.verdict == verdict)
    }

    /// Shrinks the failing `test` and writes and prints what it found.
    fn failed(
        &self,
        test: Vec<u8>,
        judged: Judged,
        index: u64,
        args: &StressArgs,
        commands: &Commands,
    ) -> Result<ExitCode, Error> {
        let problem = self.context.problem;
        let mut out = UntilReaderGone::new(std::io::stdout().lock());
        writeln!(
            out,
            "test {} of the run seeded {}: {}: {}",
            index + 1,
            args.draws_seed(),
            judged.verdict,
            judged.message
        )
        .map_err(crate::stdout_error)?;
        let verdict = judged.verdict;
        let budget = match verdict {
            Verdict::TimeLimit | Verdict::MemoryLimit | Verdict::OutputLimit => {
                SHRINK_RUNS_OVER_LIMITS
            }
            _ => SHRINK_RUNS,
        };
        let drawn = TestFile::read(problem, &test)?;
        let shrunk = stress::shrink(
            problem,
            drawn,
            &mut |candidate| self.still_fails(candidate, verdict, index),
            budget,
        );
        if let Some(why) = self.wrong_reference.take() {
            return Err(Error::Usage(why));
        }
        let bytes = shrunk.test.to_bytes(problem);
        // Run once more on the shrunk test, for its files and message.
        let last = self.judge(&bytes, &format!("the test shrunk from test {}", index + 1))?;
        let dir = &args.out_dir;
        let also = self.write_failing(dir, &last)?;
        writeln!(
            out,
            "shrunk in {} to {}, {}: {}: {}",
            count(shrunk.runs as u64, "run"),
            count(shrunk.test.cases.len() as u64, "case"),
            count(bytes.len() as u64, "byte"),
            last.verdict,
            last.message
        )
        .and_then(|()| match self.context.interactive {
            // The transcript's lines are indented too.
            true => writeln!(out, "the test:"),
            false => Ok(()),
        })
        .and_then(|()| print_small(&mut out, &bytes))
        .map_err(crate::stdout_error)?;
        let failing = dir.join("failing.in");
        // The interactor's seed is the draws': the game replays only with it.
        let seed = match self.context.interactive {
            true => format!(" --seed {}", self.context.play.seed),
            false => String::new(),
        };
        writeln!(
            out,
            "written: {}{also}\n\
             reproduce: nimstream judge {} {}{}{seed} -- {}\n\
             the same run: {}",
            failing.display(),
            problem_words(problem, self.context),
            shell_word(&failing.display().to_string()),
            commands
                .verdicts
                .iter()
                .map(|w| format!(" {w}"))
                .collect::<String>(),
            commands.program,
            same_run(self.context, args, commands),
        )
        .map_err(crate::stdout_error)?;
        Ok(ExitCode::from(1))
    }

    /// Writes the failing test, judged `last`, into `dir` as failing.in,
    /// with the right answers and the program's output beside it, or, for
    /// a game, its last lines; what else was written, for the report.
    fn write_failing(&self, dir: &Path, last: &Judged) -> Result<&'static str, Error> {
        nimstream::output::create_folder(dir).map_err(io_error(dir))?;
        let copy = |name: &str, from: PathBuf| {
            let to = dir.join(name);
            std::fs::copy(&from, &to).map(drop).map_err(io_error(&to))
        };
        copy("failing.in", self.files.test())?;
        if !self.context.interactive {
            copy("failing.ans", self.files.expected())?;
            copy("failing.got", self.files.output())?;
            return Ok(", failing.ans (the right answers), failing.got (the program's)");
        }
        if last.game.is_empty() {
            return Ok("");
        }
        let to = dir.join("failing.game");
        let mut lines = last.game.join("\n");
        lines.push('\n');
        std::fs::write(&to, lines).map_err(io_error(&to))?;
        Ok(", failing.game (the game's last lines: > nimstream's, < the program's)")
    }
}

/// A short test, printed whole, indented.
fn print_small(out: &mut impl Write, bytes: &[u8]) -> std::io::Result<()> {
    let text = String::from_utf8_lossy(bytes);
    if text.lines().count() <= 12 && text.len() <= 600 {
        for line in text.lines() {
            writeln!(out, "    {line}")?;
        }
    }
    Ok(())
}

/// How the command line named the problem, for the commands printed.
fn problem_words(problem: &Problem, context: &Context) -> String {
    match &context.problem_file {
        Some(path) => format!("--problem {}", shell_word(&path.to_string_lossy())),
        None => problem.name.to_string(),
    }
}

/// `word` as a shell reads it back: quoted when it holds anything but
/// letters, digits and `-_./:=+,`.
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=+,".contains(c));
    match plain {
        true => word.to_string(),
        false => format!("'{}'", word.replace('\'', r"'\''")),
    }
}

/// A duration: seconds, or a number with s, m or h.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, scale) = match text.char_indices().last() {
        Some((at, 's')) => (&text[..at], 1.0),
        Some((at, 'm')) => (&text[..at], 60.0),
        Some((at, 'h')) => (&text[..at], 3600.0),
        _ => (text, 1.0),
    };
    let seconds = number
        .parse::<f64>()
        .ok()
        .map(|n| n * scale)
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 7.0 * 86400.0);
    match seconds {
        Some(seconds) => parse_seconds(&seconds.min(86400.0).to_string())
            .map(|_| Duration::from_secs_f64(seconds)),
        None => Err(format!(
            "'{text}' is not a duration: give seconds (90) or a unit (90s, 10m, 2h), up to a week"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_take_units() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("1.5m"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("2h"), Ok(Duration::from_secs(7200)));
        for bad in ["", "m", "-1s", "0", "1y", "9999h"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn shell_words_are_quoted_when_needed() {
        assert_eq!(shell_word("./a.out"), "./a.out");
        assert_eq!(shell_word("my sol"), "'my sol'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
