//! `nimstream judge`: a program run on every test under limits, each run
//! given its verdict; and `nimstream check`, the checker alone, called by
//! judge systems ([`check`]).
//!
//! A test's expected answers are `NAME.out` or `NAME.ans` beside
//! `NAME.in`, or, without one, nimstream's own, which it computes anyway
//! to time itself on the input next to the program. With `--interactive`
//! the program plays each test against the interactor instead
//! ([`interactive`]).

mod aim;
pub mod check;
mod draws;
mod interactive;
pub mod limits;
mod report;
mod stress;

pub(crate) use aim::parse_span;

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use clap::Args;
use nimstream::games::Game;
use nimstream::input::{Input, MmapChoice};
use nimstream::judge::{self, Mode, Verdict};
use nimstream::output::VerdictWriter;
use nimstream::pipeline::Job;
use nimstream::problem::Problem;
use nimstream::sandbox::{self, Ending, Program, Scratch};
use nimstream::Error;

use crate::inputs;
use crate::{pick_problem, ProblemArgs};
pub use limits::parse_size;
use limits::LimitArgs;
use report::{Report, TestResult, UntilReaderGone};

/// `--max-moves`'s and `--move-time`'s defaults (the latter's also in its
/// `#[arg]`, which takes a string).
const DEFAULT_MAX_MOVES: u64 = 1_000_000;
const DEFAULT_MOVE_SECONDS: u64 = 10;

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream judge nim tests/ -- ./sol
  nimstream judge lasker tests/ --time-limit 1 --memory-limit 64M -- ./sol
  nimstream judge nim tests/ --move -- ./sol       any winning move accepted
  nimstream judge --problem kayles.toml tests/ --json -- python3 sol.py
  nimstream judge misere --stress -- ./sol         1000 drawn tests, shrunk
  nimstream judge nim --stress --heaps 900..1100 --min 9000 --seed 7 -- ./sol
  nimstream judge misere --stress --interactive -- ./player   drawn games

Verdicts: AC accepted, WA wrong answer, PE presentation error (output that
is no answer of the problem), TLE time limit (CPU or wall clock), MLE
memory limit, OLE output limit, RE run-time error (exit status or signal).
Each test runs in a box of its own (namespaces, a user of its own, control
groups where nimstream runs as root); judge warns before the first test
where this machine allows less.
Exit status 0 when every test is accepted, 1 when one is not, 2 on a usage,
input or I/O error, or the jury at fault: an answer file (NAME.out,
NAME.ans) with a token no answer has or another number of cases than the
input's, or a --stress --reference whose answers are not nimstream's.")]
pub struct JudgeArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// The tests: input files, and folders whose *.in files are run in
    /// name order.
    #[arg(value_name = "TESTS")]
    tests: Vec<PathBuf>,
    /// The program to judge and its arguments, after `--`. It runs in a
    /// box of its own, in an empty folder; the program and the files its
    /// words name are shown in the box, read-only, at their paths
    /// (relative ones made absolute). A program without a `/` is looked
    /// for in the box's PATH, /usr/bin:/bin.
    #[arg(last = true, required = true, value_name = "CMD")]
    command: Vec<OsString>,
    /// Adds NAME=VALUE to the program's environment, which is otherwise
    /// only PATH=/usr/bin:/bin and HOME=/box; may be given again.
    #[arg(long, value_name = "NAME=VALUE")]
    env: Vec<OsString>,
    #[command(flatten)]
    limits: LimitArgs,
    /// Tests run at once (default 1). Parallel runs share the cores, so
    /// their times are noisier and a run near its limit may go over.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = crate::threads)]
    jobs: usize,
    /// Compare answers line by line, byte for byte, not as tokens.
    #[arg(long)]
    strict: bool,
    /// The output names a winning move after each winning verdict, as
    /// `solve --move` writes it; any winning move is accepted.
    #[arg(long = "move", conflicts_with = "strict")]
    moves: bool,
    /// Play each test's cases as games against the program, as
    /// `nimstream interact` plays them (docs/usage.md, Interactive
    /// problems): the program's standard input and output are nimstream's
    /// moves and its own. No answer files are read; a program that writes
    /// nothing in time for a move gets TLE (idle). With --stress, each
    /// drawn test is played so, and a lost one shrunk.
    #[arg(long, conflicts_with_all = ["moves", "strict"])]
    interactive: bool,
    /// With --interactive: the most moves one game may take, both
    /// players' together; a game that reaches it is the program's wrong
    /// answer. Past half of it, nimstream plays a lost position to end the
    /// game soon. Default 1000000; with --stress, as `package` sets it,
    /// 2000 and 10 for each heap a drawn case may hold, which keeps long
    /// games, and the wall-clock time they take, short.
    #[arg(long, value_name = "N", value_parser = crate::at_least_one, requires = "interactive")]
    max_moves: Option<u64>,
    /// With --interactive: the moves of a game after which nimstream plays
    /// a lost position to end the game soon, rather than to leave the
    /// program the fewest winning replies. Default half of --max-moves;
    /// with --stress, 1000.
    #[arg(long, value_name = "N", requires = "interactive")]
    hurry_after: Option<u64>,
    /// With --interactive: seconds the program may take to write a line it
    /// owes (its side or a move), counted from the interactor's last line;
    /// past it the verdict is TLE (idle).
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = crate::seconds, requires = "interactive")]
    move_time: Duration,
    /// Print the results as one JSON object, not a line a test.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    stress: stress::StressArgs,
}

/// What every test of a judging shares.
struct Context<'a> {
    problem: &'static Problem,
    game: &'a Game,
    program: Program,
    limits: sandbox::Limits,
    mode: Mode,
    /// The problem file the problem was read from, if it was.
    problem_file: Option<PathBuf>,
    /// Whether answers name a winning move, checked by the game.
    moves: bool,
    /// Whether each test is played against the program, not answered.
    interactive: bool,
    /// What bounds each game played, and the interactor's seed.
    play: nimstream::interact::Limits,
}

pub fn judge_command(mut args: JudgeArgs) -> Result<ExitCode, Error> {
    args.problem.shift_inputs(&mut args.tests)?;
    if args.stress.seed.is_some() && !args.stress.stress && !args.interactive {
        return Err(Error::Usage(
            "--seed is the seed of --stress's draws or of --interactive's moves: give one \
             of them"
                .into(),
        ));
    }
    if args.stress.stress {
        return stress_command(&args);
    }
    if args.tests.is_empty() {
        return Err(Error::Usage(
            "name the tests: files or folders of *.in files, before `-- CMD`".into(),
        ));
    }
    if args.tests.iter().any(|t| t.as_os_str() == "-") {
        return Err(Error::Usage(
            "a test is a file or a folder: the program reads it as its standard input".into(),
        ));
    }
    let usage = "nimstream judge PROBLEM TESTS -- CMD";
    let (problem, game, inputs) =
        pick_problem(&args.problem, &args.tests, usage, MmapChoice::never())?;
    // Only the tests' names and largest number are wanted: each is read
    // again by path, so what was read ahead is dropped here.
    let tests: Vec<PathBuf> = inputs
        .sources()
        .iter()
        .map(|s| s.path().to_owned())
        .collect();
    drop(inputs);
    let context = Context::new(&args, problem, &game)?;
    let mut report = Report::new(args.json);
    let mut stdout = UntilReaderGone::new(io::stdout().lock());
    judge_all(&context, &tests, args.jobs, |result| {
        report.add(result, &mut stdout)
    })?;
    report.finish(&context.limits, &mut stdout)?;
    stdout.flush().map_err(crate::stdout_error)?;
    Ok(report.exit_code())
}

impl<'a> Context<'a> {
    /// What the arguments say of every test, for `problem` played as
    /// `game`; `--move` is refused for a game whose moves cannot be checked.
    fn new(
        args: &JudgeArgs,
        problem: &'static Problem,
        game: &'a Game,
    ) -> Result<Context<'a>, Error> {
        if let Some(why) = args
            .moves
            .then(|| judge::move_refusal(problem, game))
            .flatten()
        {
            return Err(Error::Usage(why));
        }
        if let Some(why) = args
            .interactive
            .then(|| nimstream::interact::refusal(problem, game))
            .flatten()
        {
            return Err(Error::Usage(why));
        }
        let mut program = Program::resolved(&args.command);
        program.env = args.env.clone();
        program
            .check()
            .map_err(|why| Error::Usage(format!("the program cannot be run: {why}")))?;
        warn_of_isolation();
        sandbox::guard_interrupts();
        Ok(Context {
            problem,
            game,
            program,
            limits: args.limits.limits()?,
            mode: if args.strict {
                Mode::Strict
            } else {
                Mode::Tokens
            },
            problem_file: args.problem.problem_file.clone(),
            moves: args.moves,
            interactive: args.interactive,
            play: nimstream::interact::Limits {
                max_moves: args.max_moves.unwrap_or(DEFAULT_MAX_MOVES),
                hurry_after: args.hurry_after,
                move_time: args.move_time,
                // A stress run plays each drawn test with its draws' seed,
                // which the command it prints to replay a test then gives.
                seed: match args.stress.stress {
                    true => args.stress.draws_seed(),
                    false => args.stress.seed.unwrap_or(0),
                },
            },
        })
    }
}

/// Says once, before the first test, what a box here does not isolate,
/// where it is not the whole box root gets.
fn warn_of_isolation() {
    let isolation = sandbox::Isolation::detect();
    if !isolation.is_full() {
        crate::messages::warning(format!(
            "programs run with less isolation here: {}",
            isolation.describe()
        ));
    }
}

/// `judge --stress`: tests drawn, not read.
fn stress_command(args: &JudgeArgs) -> Result<ExitCode, Error> {
    if !args.tests.is_empty() {
        return Err(Error::Usage(format!(
            "--stress draws its own tests; give no TESTS ('{}')",
            args.tests[0].display()
        )));
    }
    if args.json || args.jobs != 1 {
        return Err(Error::Usage(
            "--json and --jobs judge TESTS; --stress runs one test at a time and prints its finding"
                .into(),
        ));
    }
    let usage = "nimstream judge PROBLEM --stress -- CMD";
    let (problem, game, _) = pick_problem(&args.problem, &[], usage, MmapChoice::never())?;
    let mut context = Context::new(args, problem, &game)?;
    if args.interactive && args.max_moves.is_none() {
        context.play.max_moves = stress::max_moves(&args.stress, problem)?;
    }
    if args.interactive && args.hurry_after.is_none() {
        context.play.hurry_after = Some(stress::HURRY_AFTER);
    }
    let command: Vec<String> = args
        .command
        .iter()
        .map(|word| stress::shell_word(&word.to_string_lossy()))
        .collect();
    let mut verdict_words = args.limits.words();
    verdict_words.extend(
        args.env
            .iter()
            .map(|pair| format!("--env {}", stress::shell_word(&pair.to_string_lossy()))),
    );
    let flags = [
        (args.strict, "--strict"),
        (args.moves, "--move"),
        (args.interactive, "--interactive"),
    ];
    verdict_words.extend(
        flags
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, flag)| flag.to_string()),
    );
    verdict_words.extend(play_words(args, &context.play));
    stress::stress(&context, &args.stress, &command.join(" "), &verdict_words)
}

/// With `--interactive`, the move limit and the move the interactor
/// hurries from (which `--stress` sets where not given, and `judge
/// --interactive` would not) and `--move-time` where it is not its
/// default, as words of a command line.
fn play_words(args: &JudgeArgs, play: &nimstream::interact::Limits) -> Vec<String> {
    if !args.interactive {
        return Vec::new();
    }
    let mut words = vec![format!("--max-moves {}", play.max_moves)];
    if let Some(hurry_after) = play.hurry_after {
        words.push(format!("--hurry-after {hurry_after}"));
    }
    if args.move_time != Duration::from_secs(DEFAULT_MOVE_SECONDS) {
        words.push(format!("--move-time {}", args.move_time.as_secs_f64()));
    }
    words
}

/// Judges `tests` on `jobs` threads, handing each result to `done` in the
/// tests' order.
fn judge_all(
    context: &Context,
    tests: &[PathBuf],
    jobs: usize,
    mut done: impl FnMut(TestResult) -> Result<(), Error>,
) -> Result<(), Error> {
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(tests.len()) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || {
                // One folder a thread, its files written anew by each test:
                // a folder made and removed with three files in it was a
                // twentieth of what a box cost.
                let scratch = Scratch::new();
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(test) = tests.get(at) else { return };
                    let result = match &scratch {
                        Ok(scratch) => judge_test(context, test, scratch),
                        Err(error) => Err(scratch_error(error)),
                    };
                    if send.send((at, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(send);
        let mut waiting = std::collections::BTreeMap::new();
        let mut written = 0;
        for (at, result) in receive {
            waiting.insert(at, result);
            while let Some(result) = waiting.remove(&written) {
                written += 1;
                // An error stops the judging: the other threads end at
                // their next test, when sending finds no receiver.
                done(result?)?;
            }
        }
        Ok(())
    })
}

fn scratch_error(error: &io::Error) -> Error {
    Error::Io {
        path: std::env::temp_dir().display().to_string(),
        source: io::Error::new(error.kind(), error.to_string()),
    }
}

/// Runs the program on one test and judges what it wrote; its files and
/// the program's go to `scratch`, replacing an earlier test's.
fn judge_test(context: &Context, test: &Path, scratch: &Scratch) -> Result<TestResult, Error> {
    if context.interactive {
        return interactive::judge_interactive_test(context, test, scratch);
    }
    let name = test.display().to_string();
    let input = plain_input(test, scratch)?;
    let input_bytes = std::fs::metadata(&input).map_err(io_error(&input))?.len();
    let own = scratch.file("own.ans");
    let (own_seconds, cases) = solve_into(context, &input, test, &own)?;
    let expected = expected_answers(test).unwrap_or(own);
    let output = scratch.file("out");
    let outcome = sandbox::run(
        &context.program,
        &input,
        &output,
        &scratch.file("err"),
        &context.limits,
    )
    .map_err(io_error(&scratch.path))?;
    let answers = (expected.as_path(), Some(cases));
    let (verdict, message) = verdict_of(context, &outcome, &input, answers, &output)?;
    Ok(TestResult {
        name,
        verdict,
        message,
        outcome,
        input_bytes,
        own_seconds,
    })
}

/// The verdict of a run: its limits first, then its exit, then its answers,
/// compared with the `expected` ones, which must have the input's `cases`
/// when they are known (a fault of theirs is an error, not a verdict).
fn verdict_of(
    context: &Context,
    outcome: &sandbox::Outcome,
    input: &Path,
    (expected, cases): (&Path, Option<u64>),
    output: &Path,
) -> Result<(Verdict, String), Error> {
    let limits = &context.limits;
    let ended = outcome.describe_ending();
    if let Ending::NotStarted(why) = &outcome.ending {
        // The same for every test, and no doing of the program's: the
        // setter's to mend.
        return Err(Error::Usage(format!(
            "the program could not be started in its box: {why}"
        )));
    }
    if outcome.time_limited(limits) {
        let message = match outcome.ending {
            Ending::WallClock => format!(
                "killed after {:.2} s of wall-clock time ({:.2} s of CPU)",
                outcome.wall.as_secs_f64(),
                outcome.cpu.as_secs_f64()
            ),
            _ => format!("{:.2} s of CPU ({ended})", outcome.cpu.as_secs_f64()),
        };
        return Ok((Verdict::TimeLimit, message));
    }
    if outcome.output_limited(limits) {
        return Ok((
            Verdict::OutputLimit,
            format!("wrote over {} bytes ({ended})", limits.output),
        ));
    }
    if outcome.memory_limited() {
        return Ok((Verdict::MemoryLimit, with_stderr(ended, outcome)));
    }
    if outcome.ending != Ending::Exited(0) {
        return Ok((Verdict::RuntimeError, with_stderr(ended, outcome)));
    }
    let open = |path: &Path| File::open(path).map(BufReader::new).map_err(io_error(path));
    let (expected_file, output_file) = (open(expected)?, open(output)?);
    let problem = context.problem;
    let checked = match context.moves {
        true => {
            let bytes = std::fs::read(input).map_err(io_error(input))?;
            judge::compare_moves(problem, context.game, &bytes, expected_file, output_file)
        }
        false => judge::compare(problem, expected_file, output_file, context.mode, cases),
    };
    // The jury's fault, or a file that cannot be read: the judging stops.
    let shown = |path: &Path| path.display().to_string();
    let checked = checked
        .map_err(|failure| failure.naming(&shown(input), &shown(expected), &shown(output)))?;
    Ok((checked.verdict, checked.message))
}

/// How a run ended and the last lines of its standard error.
fn with_stderr(ended: String, outcome: &sandbox::Outcome) -> String {
    let lines: Vec<&str> = outcome.stderr_tail.lines().collect();
    let last = &lines[lines.len().saturating_sub(5)..];
    match last.is_empty() {
        true => ended,
        false => format!(
            "{ended}; its standard error ends:\n    {}",
            last.join("\n    ")
        ),
    }
}

/// `NAME.out` or `NAME.ans` beside the test `NAME.in`, if there is one.
fn expected_answers(test: &Path) -> Option<PathBuf> {
    let stem = inputs::input_stem(test.file_name()?)?.to_owned();
    ["out", "ans"].into_iter().find_map(|extension| {
        let mut name = stem.clone();
        name.push(".");
        name.push(extension);
        let path = test.with_file_name(name);
        path.is_file().then_some(path)
    })
}

/// The test as a plain file the program can read: itself, or its data
/// decompressed into the scratch folder.
fn plain_input(test: &Path, scratch: &Scratch) -> Result<PathBuf, Error> {
    let mut input = Input::open(test, MmapChoice::never())?;
    if input.kind().codec().is_none() {
        return Ok(test.to_path_buf());
    }
    let plain = scratch.file("in");
    let mut buffer = Vec::new();
    let bytes = input.bytes(&mut buffer).map_err(io_error(test))?;
    std::fs::write(&plain, bytes).map_err(io_error(&plain))?;
    Ok(plain)
}

/// nimstream's own answers to `input`, written to `answers`; the seconds
/// it took and the input's cases.
fn solve_into(
    context: &Context,
    input: &Path,
    test: &Path,
    answers: &Path,
) -> Result<(f64, u64), Error> {
    let file = File::create(answers).map_err(io_error(answers))?;
    let mut out = VerdictWriter::for_problem(file, &context.problem.verdicts);
    let mut job = Job::new(context.problem);
    job.threads = 1;
    job.moves = context.moves;
    let mut game = context.game.clone();
    let started = Instant::now();
    let mut opened = Input::open(input, MmapChoice::never())?;
    // Errors name the test, not a decompressed copy of it.
    let solved = job.solve_opened(&mut opened, test, &mut game, &mut out, &mut ())?;
    out.flush().map_err(io_error(answers))?;
    Ok((started.elapsed().as_secs_f64(), solved.report.cases))
}

fn io_error(path: &Path) -> impl Fn(io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.display().to_string(),
        source,
    }
}
