//! `judge --interactive`: each test played as `nimstream interact` plays
//! it, against the program in its box, over two pipes.
//!
//! The interactor runs on a thread of its own while the box runs; the
//! program's verdict is idleness first (no line within the move time:
//! TLE, "idle"), then its limits' (TLE, OLE, MLE), then the interactor's
//! rejection (a game lost or an illegal move: WA), then its exit (RE),
//! then the interactor's presentation error, and AC when every game was
//! won.

use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::path::Path;

use nimstream::interact::{self, Listener, Outcome, Verdict as Said};
use nimstream::judge::Verdict;
use nimstream::sandbox::{self, Ending, Scratch};
use nimstream::stress::TestFile;
use nimstream::Error;

use super::report::TestResult;
use super::{io_error, plain_input, solve_into, with_stderr, Context};

/// How many of a failed game's last lines the verdict's message shows.
const SHOWN_LINES: usize = 12;

/// Plays every case of `test` against the program and judges the run.
pub(super) fn judge_interactive_test(
    context: &Context,
    test: &Path,
    scratch: &Scratch,
) -> Result<TestResult, Error> {
    let (result, _) = play_test(context, test, &test.display().to_string(), scratch)?;
    Ok(result)
}

/// Plays every case of `test`, which results and errors call `name`,
/// against the program and judges the run; with the last lines of the
/// game the program did not win (none when it won them all), which
/// `--stress --interactive` writes beside the test it shrank.
pub(super) fn play_test(
    context: &Context,
    test: &Path,
    name: &str,
    scratch: &Scratch,
) -> Result<(TestResult, Vec<String>), Error> {
    let name = name.to_owned();
    let input = plain_input(test, scratch)?;
    let bytes = std::fs::read(&input).map_err(io_error(&input))?;
    // Solving reads the test as strictly as `solve` does, and times it.
    let (own_seconds, _) = solve_into(context, &input, test, &scratch.file("own.ans"))?;
    let cases = TestFile::read(context.problem, &bytes)
        .map_err(|error| Error::Usage(format!("{name}: {error}")))?;
    let (from_program, program_stdout) = io::pipe().map_err(io_error(&scratch.path))?;
    let (program_stdin, mut to_program) = io::pipe().map_err(io_error(&scratch.path))?;
    let limits = context.play.clone();
    let (said, outcome) = std::thread::scope(|scope| {
        let interactor = scope.spawn(move || {
            let mut lines = Listener::spawn(from_program);
            interact::play(
                context.problem,
                context.game,
                &cases,
                &mut lines,
                &mut to_program,
                &limits,
            )
        });
        let outcome = sandbox::run_connected(
            &context.program,
            File::from(OwnedFd::from(program_stdin)),
            File::from(OwnedFd::from(program_stdout)),
            &scratch.file("err"),
            &context.limits,
        );
        let said = interactor.join().expect("the interactor does not panic");
        (said, outcome)
    });
    let outcome = outcome.map_err(io_error(&scratch.path))?;
    let said = said.map_err(|why| Error::Usage(format!("{name}: {why}")))?;
    let (verdict, message) = verdict_of(context, &outcome, &said)?;
    let result = TestResult {
        name,
        verdict,
        message,
        outcome,
        input_bytes: bytes.len() as u64,
        own_seconds,
    };
    Ok((result, said.transcript))
}

/// The run's verdict from what the box and the interactor said.
fn verdict_of(
    context: &Context,
    outcome: &sandbox::Outcome,
    said: &Outcome,
) -> Result<(Verdict, String), Error> {
    let limits = &context.limits;
    let ended = outcome.describe_ending();
    if let Ending::NotStarted(why) = &outcome.ending {
        return Err(Error::Usage(format!(
            "the program could not be started in its box: {why}"
        )));
    }
    // The interactor gave up on a silent program before its box's clock
    // ran out, which the box, not told, still waits for.
    if said.verdict == Said::Idleness {
        return Ok((
            Verdict::TimeLimit,
            format!("idle: {}", with_transcript(said)),
        ));
    }
    if outcome.time_limited(limits) {
        let message = format!(
            "{:.2} s of CPU, {:.2} s of wall-clock time ({ended})",
            outcome.cpu.as_secs_f64(),
            outcome.wall.as_secs_f64()
        );
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
    let game = || with_transcript(said);
    Ok(match said.verdict {
        Said::WrongAnswer => (Verdict::WrongAnswer, game()),
        Said::Idleness => unreachable!("idleness is judged first"),
        _ if outcome.ending != Ending::Exited(0) => {
            (Verdict::RuntimeError, with_stderr(ended, outcome))
        }
        Said::PresentationError => (Verdict::PresentationError, game()),
        Said::Accepted => (Verdict::Accepted, String::new()),
    })
}

/// The interactor's message and the game's last lines.
fn with_transcript(said: &Outcome) -> String {
    let lines = &said.transcript[said.transcript.len().saturating_sub(SHOWN_LINES)..];
    match lines.is_empty() {
        true => said.message.clone(),
        false => format!(
            "{}; the game ends:\n    {}",
            said.message,
            lines.join("\n    ")
        ),
    }
}
