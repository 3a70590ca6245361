//! `nimstream check`: the checker alone, in the two calling conventions of
//! judge systems.
//!
//! * testlib's: `check PROBLEM INPUT OUTPUT ANSWER [REPORT]`; exit 0
//!   accepted, 1 wrong answer, 2 presentation error, 3 when the checker
//!   itself fails (the jury's files are at fault, a usage error). The
//!   verdict line goes to standard error and standard output (which
//!   online-judge-tools shows as the judge's output), and into REPORT
//!   when it is named; a failure's line starts `FAIL`.
//! * The ICPC package format's output validator, as Kattis and DOMjudge
//!   call it: `check PROBLEM INPUT ANSWER FEEDBACK_DIR [FLAGS...] <
//!   OUTPUT`, told apart by its third argument, a folder; exit 42
//!   accepted, 43 wrong (a presentation error too: the format has no
//!   other), 3 when the checker fails, and `FEEDBACK_DIR/judgemessage.txt`
//!   says why. The validator flags a problem may add are accepted and
//!   ignored.
//!
//! The input is read as `nimstream validate` reads it, and one it would
//! refuse is refused; the expected answers must be answers of the problem
//! and have the input's number of cases. A fault of the jury's is never
//! the program's: it is a failure of the checker, whatever the output.

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use nimstream::games::{Game, GameParams};
use nimstream::input::{Input, MmapChoice};
use nimstream::judge::{self, Checked, Failure, Mode, Verdict};
use nimstream::pipeline::Job;
use nimstream::plural::count;
use nimstream::problem::Problem;
use nimstream::validate::{self, Detail, Overrides};
use nimstream::Error;

use crate::{look_and_build, messages, pick_params, ProblemArgs};

/// The exit status of a checker that fails, in both conventions: testlib's
/// FAIL, and for the ICPC format anything but 42 and 43.
pub const FAILED: u8 = 3;

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream check nim 1.in 1.out 1.ans                 testlib's order
  nimstream check nim 1.in 1.out 1.ans report.txt      the verdict line also in report.txt
  nimstream check nim 1.in 1.ans feedback/ < 1.out     an ICPC output validator
  oj test -c ./sol -d tests --judge-command 'nimstream check nim'
  nimstream check nim --move 1.in 1.out 1.ans          any winning move accepted

Answers compare as testlib's wcmp reads tokens: separated by spaces, tabs,
CR and LF (a vertical tab or form feed is part of a token), a UTF-8 BOM at
the start skipped. A token that is no answer's spelling (NO for No, 01 or
+1 for 1) is a presentation error.

The input must be one `nimstream validate` accepts, and the answer file
must hold the problem's answers, one for each of the input's cases: when
they do not, the jury is at fault and the checker fails (exit 3).

Exit status (testlib): 0 accepted, 1 wrong answer, 2 presentation error,
3 when the checker fails. As an ICPC output validator: 42 accepted, 43
wrong, 3 when the checker fails.")]
pub struct CheckArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// INPUT OUTPUT ANSWER [REPORT] (testlib), or INPUT ANSWER FEEDBACK_DIR
    /// with the output on standard input (ICPC); flags after FEEDBACK_DIR
    /// are ignored.
    #[arg(value_name = "FILES", allow_hyphen_values = true)]
    files: Vec<PathBuf>,
    /// Compare answers line by line, byte for byte, not as tokens.
    #[arg(long)]
    strict: bool,
    /// The output names a winning move after each winning verdict, as
    /// `solve --move` writes it; any winning move is accepted.
    #[arg(long = "move", conflicts_with = "strict")]
    moves: bool,
}

/// Where the program's output is and where the verdict goes.
enum Convention {
    Testlib {
        output: PathBuf,
        report: Option<PathBuf>,
    },
    Icpc {
        feedback: PathBuf,
    },
}

pub fn check_command(mut args: CheckArgs) -> ExitCode {
    match check(&mut args) {
        Ok(code) => code,
        Err(error) => {
            messages::error(&error);
            fail_line(&error, &args.files);
            ExitCode::from(FAILED)
        }
    }
}

/// testlib's `FAIL` line, on standard output and in the report file if
/// one is named, where a verdict line would go.
fn fail_line(error: &Error, files: &[PathBuf]) {
    let line = format!("FAIL {error}\n");
    // The exit status says the checker failed; these are its courtesy
    // copies, and failing to write them changes nothing.
    let _ = io::stdout().write_all(line.as_bytes());
    if let [_, _, third, report] = files {
        if !third.is_dir() {
            let _ = std::fs::write(report, &line);
        }
    }
}

const USAGE: &str = "nimstream check PROBLEM INPUT OUTPUT ANSWER [REPORT]";

fn check(args: &mut CheckArgs) -> Result<ExitCode, Error> {
    args.problem.shift_inputs(&mut args.files)?;
    let (problem, params, sized_by_input) = pick_params(&args.problem, &args.files, USAGE)?;
    let (input, answer, convention) = files(&args.files)?;
    let (game, cases) = input_cases(problem, params, sized_by_input, input)?;
    let expected = open(answer)?;
    let mode = match (args.moves, args.strict) {
        (true, _) => {
            if let Some(why) = judge::move_refusal(problem, &game) {
                return Err(Error::Usage(why));
            }
            let input = input_bytes(input)?;
            Compared::Moves { game, input }
        }
        (false, true) => Compared::Text(Mode::Strict),
        (false, false) => Compared::Text(Mode::Tokens),
    };
    let (output, shown): (Box<dyn io::BufRead>, String) = match &convention {
        Convention::Testlib { output, .. } => {
            let shown = output.display().to_string();
            (Box::new(open(output)?), shown)
        }
        Convention::Icpc { .. } => {
            let stdin = BufReader::new(io::stdin().lock());
            (Box::new(stdin), "standard input".into())
        }
    };
    let names = [
        input.display().to_string(),
        answer.display().to_string(),
        shown,
    ];
    let checked = compare(problem, expected, output, &mode, cases, names)?;
    match convention {
        Convention::Testlib { report, .. } => testlib(&checked, report.as_deref()),
        Convention::Icpc { feedback } => icpc(&checked, &feedback),
    }
}

/// The input, the expected answers and the convention, from the files.
fn files(files: &[PathBuf]) -> Result<(&Path, &Path, Convention), Error> {
    let [input, second, third, rest @ ..] = files else {
        return Err(Error::Usage(format!(
            "check takes three files: INPUT OUTPUT ANSWER (testlib), or INPUT ANSWER \
             FEEDBACK_DIR with the output on standard input (ICPC); usage: {USAGE}"
        )));
    };
    if third.is_dir() {
        let feedback = third.clone();
        return Ok((input, second, Convention::Icpc { feedback }));
    }
    if rest.len() > 1 {
        return Err(Error::Usage(format!(
            "check takes three files and a report file, not {}: INPUT OUTPUT ANSWER \
             [REPORT], or INPUT ANSWER FEEDBACK_DIR (a folder) and flags",
            files.len()
        )));
    }
    let output = second.clone();
    let report = rest.first().cloned();
    Ok((input, third, Convention::Testlib { output, report }))
}

/// Opens `path` to read. A folder is refused by name here: opening one
/// works, and reading it fails later with no word of which file it was.
fn open(path: &Path) -> Result<BufReader<File>, Error> {
    if path.is_dir() {
        return Err(Error::Io {
            path: path.display().to_string(),
            source: io::Error::new(io::ErrorKind::IsADirectory, "is a directory: give a file"),
        });
    }
    File::open(path).map(BufReader::new).map_err(io_error(path))
}

/// The game and the number of the input's cases, read as `validate` reads
/// the input (an input it would refuse is refused, with its position): the
/// expected answers must answer each case.
pub(crate) fn input_cases(
    problem: &'static Problem,
    params: GameParams,
    sized_by_input: bool,
    input: &Path,
) -> Result<(Game, u64), Error> {
    open(input)?;
    let limits = validate::limits(problem, &Overrides::default())?;
    let paths = [input.to_path_buf()];
    let mmap = MmapChoice::never();
    let (mut game, inputs) = look_and_build(problem, params, sized_by_input, &paths, mmap, USAGE)?;
    let mut opened = inputs.sources()[0].open(mmap)?;
    let job = Job::new(problem);
    let validated = job.validate_opened(&mut opened, input, &mut game, &limits, Detail::Summary)?;
    Ok((game, validated.summary.map_or(0, |summary| summary.cases)))
}

/// How answers are compared: as text, or with moves checked by the game on
/// the input's cases.
enum Compared {
    Text(Mode),
    Moves { game: Game, input: Vec<u8> },
}

/// The input's bytes, decompressed if it is compressed (the one copy the
/// move checker holds).
pub(crate) fn input_bytes(input: &Path) -> Result<Vec<u8>, Error> {
    let mut opened = Input::open(input, MmapChoice::never())?;
    if opened.kind().codec().is_none() {
        return std::fs::read(input).map_err(io_error(input));
    }
    let mut buffer = Vec::new();
    let bytes = opened.bytes(&mut buffer).map_err(io_error(input))?;
    Ok(bytes.to_vec())
}

/// Compares, naming the file at fault when there is no verdict: `names`
/// are the input's, the expected answers' and the output's.
fn compare(
    problem: &Problem,
    expected: impl io::BufRead,
    output: impl io::BufRead,
    compared: &Compared,
    cases: u64,
    [input, answer, output_name]: [String; 3],
) -> Result<Checked, Error> {
    let checked = match compared {
        Compared::Text(mode) => judge::compare(problem, expected, output, *mode, Some(cases)),
        Compared::Moves { game, input } => {
            judge::compare_moves(problem, game, input, expected, output)
        }
    };
    checked.map_err(|failure: Failure| failure.naming(&input, &answer, &output_name))
}

/// testlib's verdict line, on standard error as testlib writes it, on
/// standard output (online-judge-tools shows the judge's output) and in
/// the `report` file if one is named.
fn testlib(checked: &Checked, report: Option<&Path>) -> Result<ExitCode, Error> {
    let (code, words) = match checked.verdict {
        Verdict::Accepted => (0, "ok"),
        Verdict::PresentationError => (2, "wrong output format"),
        _ => (1, "wrong answer"),
    };
    let line = match checked.verdict {
        Verdict::Accepted => format!("ok {}\n", count(checked.cases, "case")),
        _ => format!("{words} {}\n", checked.message),
    };
    eprint!("{line}");
    // The exit status is the verdict; a judge that closed standard output
    // still has it.
    let _ = io::stdout().write_all(line.as_bytes());
    if let Some(report) = report {
        std::fs::write(report, &line).map_err(io_error(report))?;
    }
    Ok(ExitCode::from(code))
}

fn icpc(checked: &Checked, feedback: &Path) -> Result<ExitCode, Error> {
    let path = feedback.join("judgemessage.txt");
    let message = match checked.verdict {
        Verdict::Accepted => format!("accepted: {}\n", count(checked.cases, "case")),
        verdict => format!("{}: {}\n", verdict.words(), checked.message),
    };
    std::fs::write(&path, message).map_err(io_error(&path))?;
    Ok(ExitCode::from(match checked.verdict {
        Verdict::Accepted => 42,
        _ => 43,
    }))
}

pub(crate) fn io_error(path: &Path) -> impl Fn(io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.display().to_string(),
        source,
    }
}
