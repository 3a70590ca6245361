//! `nimstream interact`: nimstream as the jury's interactor, in the two
//! calling conventions of judge systems.
//!
//! * testlib's: `interact PROBLEM INPUT OUTPUT [ANSWER [REPORT]]`, as
//!   `registerInteraction` takes them (ANSWER is not read); the program's
//!   output on standard input, its input on standard output. Exit 0
//!   accepted, 1 wrong answer (idleness too: testlib has no other status
//!   for it), 2 presentation error, 3 when the interactor itself fails.
//!   The verdict line goes to standard error and, with the transcript of a
//!   game not won, into OUTPUT (testlib's `tout`, which a checker may
//!   read) and REPORT when it is named.
//! * The ICPC package format's interactive output validator, as Kattis
//!   and DOMjudge run it: `interact PROBLEM INPUT ANSWER FEEDBACK_DIR
//!   [FLAGS...]`, told apart by its third argument, a folder; exit 42
//!   accepted, 43 rejected, and `FEEDBACK_DIR/judgemessage.txt` says why.
//!   ANSWER is not read: the game itself is the answer.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use nimstream::games::Game;
use nimstream::interact::{self, Limits, Listener, Outcome, Verdict};
use nimstream::plural::count;
use nimstream::problem::Problem;
use nimstream::stress::TestFile;
use nimstream::Error;

use crate::judge::check::{input_bytes, input_cases, io_error, FAILED};
use crate::{messages, pick_params, ProblemArgs};

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream interact nim 1.in tout.txt                      testlib's order
  nimstream interact nim 1.in 1.ans feedback/               an ICPC output validator
  mkfifo p; ./sol < p | nimstream interact nim 1.in tout.txt > p

Each case of INPUT is a game. The interactor writes the case as the
problem's input has it (the number of cases before the first); the program
answers First or Second; then the two alternate moves, one a line, in the
game's --move notation (i:a->b for heap i from a objects to b, i:a->b+c for
a split, a->b for a pile, a b->c d for two). When the player to move has
none, the game is over: the interactor writes 0 when the program won and
goes on to the next case, or -1 when it lost, and the session ends. -1 also
answers a line that is no move, an illegal move, a game past --max-moves.
That is the default protocol; a problem file's [interactive] section may
send each case on a line (send = \"line\"), fix the side (side =
\"first\" or \"second\": no side line), have the interactor answer with
the whole position (reply = \"position\") and name the end lines (won,
lost). docs/usage.md has each game's moves and a
whole session.

Exit status (testlib): 0 accepted, 1 wrong answer or idleness, 2
presentation error, 3 when the interactor fails (an input it cannot play,
a usage error). As an ICPC output validator: 42 accepted, 43 rejected, 3
when the interactor fails.")]
pub struct InteractArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// INPUT OUTPUT [ANSWER [REPORT]] (testlib: ANSWER is not read, REPORT
    /// gets what OUTPUT gets), or INPUT ANSWER FEEDBACK_DIR (ICPC); words
    /// after FEEDBACK_DIR (a problem's validator flags) are ignored.
    #[arg(value_name = "FILES")]
    files: Vec<PathBuf>,
    /// The most moves one game may take, both players' together; a game
    /// that reaches it is the program's wrong answer. Past half of it,
    /// nimstream plays a lost position to end the game soon.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = crate::at_least_one)]
    max_moves: u64,
    /// Seconds the program may take to write a line it owes (its side or
    /// a move), counted from the interactor's last line; past it the
    /// verdict is idleness.
    #[arg(long, value_name = "SECONDS", default_value = "10", value_parser = crate::seconds)]
    move_time: Duration,
    /// The seed of the interactor's draws among equally good moves in a
    /// lost position; the same seed plays the same game against the same
    /// moves.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
}

const USAGE: &str = "nimstream interact PROBLEM INPUT OUTPUT [ANSWER [REPORT]]";

/// Where the verdict goes.
enum Convention {
    Testlib {
        output: PathBuf,
        report: Option<PathBuf>,
    },
    Icpc {
        feedback: PathBuf,
    },
}

pub fn interact_command(mut args: InteractArgs) -> ExitCode {
    match interact(&mut args) {
        Ok(code) => code,
        Err(error) => {
            messages::error(&error);
            ExitCode::from(FAILED)
        }
    }
}

fn interact(args: &mut InteractArgs) -> Result<ExitCode, Error> {
    args.problem.shift_inputs(&mut args.files)?;
    let (input, convention) = files(&args.files)?;
    let (problem, game, test) = load(&args.problem, input, USAGE)?;
    let limits = Limits {
        max_moves: args.max_moves,
        hurry_after: None,
        move_time: args.move_time,
        seed: args.seed,
    };
    let mut lines = Listener::spawn(io::stdin());
    let mut to_program = io::stdout().lock();
    let outcome = interact::play(problem, &game, &test, &mut lines, &mut to_program, &limits)
        .map_err(|why| Error::Usage(format!("{}: {why}", input.display())))?;
    match convention {
        Convention::Testlib { output, report } => testlib(&outcome, &output, report.as_deref()),
        Convention::Icpc { feedback } => icpc(&outcome, &feedback),
    }
}

/// The problem, its game and the test `input` holds, checked to be
/// playable: a usage error when it is not.
pub(crate) fn load(
    args: &ProblemArgs,
    input: &Path,
    usage: &str,
) -> Result<(&'static Problem, Game, TestFile), Error> {
    let (problem, params, sized_by_input) = pick_params(args, &[input.to_owned()], usage)?;
    let (game, _) = input_cases(problem, params, sized_by_input, input)?;
    if let Some(why) = interact::refusal(problem, &game) {
        return Err(Error::Usage(why));
    }
    let test = TestFile::read(problem, &input_bytes(input)?).map_err(|error| match error {
        Error::Input { .. } => Error::Usage(format!("{}: {error}", input.display())),
        error => error,
    })?;
    Ok((problem, game, test))
}

/// The input and the convention, from the files.
fn files(files: &[PathBuf]) -> Result<(&Path, Convention), Error> {
    match files {
        [input, _answer, third, ..] if third.is_dir() => {
            let feedback = third.clone();
            Ok((input, Convention::Icpc { feedback }))
        }
        [input, output, rest @ ..] if rest.len() <= 2 => {
            let output = output.clone();
            let report = rest.get(1).cloned();
            Ok((input, Convention::Testlib { output, report }))
        }
        _ => Err(Error::Usage(format!(
            "interact takes INPUT OUTPUT [ANSWER [REPORT]] (testlib) or INPUT ANSWER \
             FEEDBACK_DIR, a folder (ICPC), not {}; usage: {USAGE}",
            count(files.len() as u64, "file")
        ))),
    }
}

/// The verdict's line: "ok won 3 games", or the verdict's words and why.
fn verdict_line(outcome: &Outcome) -> String {
    match outcome.verdict {
        Verdict::Accepted => format!("ok {}", outcome.message),
        Verdict::WrongAnswer => format!("wrong answer {}", outcome.message),
        Verdict::PresentationError => format!("wrong output format {}", outcome.message),
        Verdict::Idleness => format!("idleness limit exceeded {}", outcome.message),
    }
}

/// The verdict line and the transcript, as the files hold them.
fn report(outcome: &Outcome) -> String {
    let mut text = verdict_line(outcome);
    text.push('\n');
    if !outcome.transcript.is_empty() {
        text.push_str("the game's last lines (> nimstream, < the program):\n");
        for line in &outcome.transcript {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// The verdict line on standard error, and the report in OUTPUT and in
/// REPORT when it is named.
fn testlib(
    outcome: &Outcome,
    output: &Path,
    report_file: Option<&Path>,
) -> Result<ExitCode, Error> {
    let text = report(outcome);
    eprintln!("{}", verdict_line(outcome));
    for path in [Some(output), report_file].into_iter().flatten() {
        std::fs::write(path, &text).map_err(io_error(path))?;
    }
    Ok(ExitCode::from(match outcome.verdict {
        Verdict::Accepted => 0,
        Verdict::PresentationError => 2,
        Verdict::WrongAnswer | Verdict::Idleness => 1,
    }))
}

fn icpc(outcome: &Outcome, feedback: &Path) -> Result<ExitCode, Error> {
    let path = feedback.join("judgemessage.txt");
    let text = report(outcome);
    std::fs::write(&path, text).map_err(io_error(&path))?;
    Ok(ExitCode::from(match outcome.verdict {
        Verdict::Accepted => 42,
        _ => 43,
    }))
}
