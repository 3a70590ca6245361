//! `nimstream check`: the checker alone, in the two calling conventions of
//! judge systems.
//!
//! * testlib's: `check PROBLEM INPUT OUTPUT ANSWER`; exit 0 accepted, 1
//!   wrong answer, 2 presentation error, 3 when the checker itself fails
//!   (the jury's answer cannot be read, a usage error); a line on standard
//!   error says why.
//! * The ICPC package format's output validator, as Kattis and DOMjudge
//!   call it: `check PROBLEM INPUT ANSWER FEEDBACK_DIR [FLAGS...] <
//!   OUTPUT`, told apart by its third argument, a folder; exit 42
//!   accepted, 43 wrong (a presentation error too: the format has no
//!   other), and `FEEDBACK_DIR/judgemessage.txt` says why. The validator
//!   flags a problem may add are accepted and ignored.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use nimstream::games::Game;
use nimstream::input::{Input, MmapChoice};
use nimstream::judge::{self, Checked, Mode, Verdict};
use nimstream::plural::count;
use nimstream::problem::Problem;
use nimstream::Error;

use crate::{messages, pick_params, ProblemArgs};

/// The exit status of a checker that fails, in both conventions: testlib's
/// FAIL, and for the ICPC format anything but 42 and 43.
pub const FAILED: u8 = 3;

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream check nim 1.in 1.out 1.ans                 testlib's order
  nimstream check nim 1.in 1.ans feedback/ < 1.out     an ICPC output validator
  oj test -c ./sol -d tests --judge-command 'nimstream check nim'
  nimstream check nim --move 1.in 1.out 1.ans          any winning move accepted

Exit status (testlib): 0 accepted, 1 wrong answer, 2 presentation error,
3 when the checker fails. As an ICPC output validator: 42 accepted, 43
wrong, 3 when the checker fails.")]
pub struct CheckArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// INPUT OUTPUT ANSWER (testlib), or INPUT ANSWER FEEDBACK_DIR with the
    /// output on standard input (ICPC); flags after FEEDBACK_DIR are
    /// ignored.
    #[arg(value_name = "FILES", allow_hyphen_values = true)]
    files: Vec<String>,
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
    Testlib { output: PathBuf },
    Icpc { feedback: PathBuf },
}

pub fn check_command(mut args: CheckArgs) -> ExitCode {
    match check(&mut args) {
        Ok(code) => code,
        Err(error) => {
            messages::error(&error);
            ExitCode::from(FAILED)
        }
    }
}

fn check(args: &mut CheckArgs) -> Result<ExitCode, Error> {
    args.problem.shift_inputs(&mut args.files)?;
    let usage = "nimstream check PROBLEM INPUT OUTPUT ANSWER";
    let (problem, mut params, sized_by_input) = pick_params(&args.problem, &args.files, usage)?;
    let [input, second, third, rest @ ..] = args.files.as_slice() else {
        return Err(Error::Usage(format!(
            "check takes three files: INPUT OUTPUT ANSWER (testlib), or INPUT ANSWER \
             FEEDBACK_DIR with the output on standard input (ICPC); usage: {usage}"
        )));
    };
    let (answer, convention) = if Path::new(third).is_dir() {
        let feedback = PathBuf::from(third);
        (second, Convention::Icpc { feedback })
    } else {
        if !rest.is_empty() {
            return Err(Error::Usage(format!(
                "check takes three files, not {}: INPUT OUTPUT ANSWER, or INPUT ANSWER \
                 FEEDBACK_DIR (a folder) and flags",
                args.files.len()
            )));
        }
        let output = PathBuf::from(second);
        (third, Convention::Testlib { output })
    };
    // The input is not needed to compare words, but a judge that names a
    // missing one is misconfigured, and hearing it now beats later.
    File::open(input).map_err(io_error(input))?;
    let expected = File::open(answer)
        .map(BufReader::new)
        .map_err(io_error(answer))?;
    let mode = match (args.moves, args.strict) {
        (true, _) => {
            let input = input_bytes(input)?;
            // The input is in memory whole: its heaps size the game.
            if sized_by_input {
                params.largest_heap = problem.layout.largest_heap(&input);
            }
            let game = problem.build_game(&params)?;
            Compared::Moves { game, input }
        }
        (false, true) => Compared::Text(Mode::Strict),
        (false, false) => Compared::Text(Mode::Tokens),
    };
    if let Compared::Moves { game, .. } = &mode {
        if let Some(why) = judge::move_refusal(problem, game) {
            return Err(Error::Usage(why));
        }
    }
    let checked = match &convention {
        Convention::Testlib { output } => {
            let display = output.display().to_string();
            let output = File::open(output)
                .map(BufReader::new)
                .map_err(io_error(&display))?;
            compare(problem, expected, output, &mode, answer, &display)?
        }
        Convention::Icpc { .. } => {
            let output = BufReader::new(io::stdin().lock());
            compare(problem, expected, output, &mode, answer, "standard input")?
        }
    };
    Ok(match convention {
        Convention::Testlib { .. } => testlib(&checked),
        Convention::Icpc { feedback } => icpc(&checked, &feedback)?,
    })
}

/// How answers are compared: as text, or with moves checked by the game on
/// the input's cases.
enum Compared {
    Text(Mode),
    Moves { game: Game, input: Vec<u8> },
}

/// The input's bytes, decompressed if it is compressed (the one copy the
/// move checker holds).
fn input_bytes(input: &str) -> Result<Vec<u8>, Error> {
    let mut opened = Input::open(Path::new(input), MmapChoice::never())?;
    if opened.kind().codec().is_none() {
        return std::fs::read(input).map_err(io_error(input));
    }
    let mut buffer = Vec::new();
    let bytes = opened.bytes(&mut buffer).map_err(io_error(input))?;
    Ok(bytes.to_vec())
}

/// Compares, telling a fault of the jury's answer from one of reading the
/// output.
fn compare(
    problem: &Problem,
    expected: impl io::BufRead,
    output: impl io::BufRead,
    compared: &Compared,
    answer: &str,
    output_name: &str,
) -> Result<Checked, Error> {
    let checked = match compared {
        Compared::Text(mode) => judge::compare(problem, expected, output, *mode),
        Compared::Moves { game, input } => {
            judge::compare_moves(problem, game, input, expected, output)
        }
    };
    checked.map_err(|source| Error::Io {
        path: format!("{answer} or {output_name}"),
        source,
    })
}

fn testlib(checked: &Checked) -> ExitCode {
    let (code, words) = match checked.verdict {
        Verdict::Accepted => (0, "ok"),
        Verdict::PresentationError => (2, "wrong output format"),
        _ => (1, "wrong answer"),
    };
    match checked.verdict {
        Verdict::Accepted => eprintln!("ok {}", count(checked.cases, "case")),
        _ => eprintln!("{words} {}", checked.message),
    }
    ExitCode::from(code)
}

fn icpc(checked: &Checked, feedback: &Path) -> Result<ExitCode, Error> {
    let path = feedback.join("judgemessage.txt");
    let message = match checked.verdict {
        Verdict::Accepted => format!("accepted: {}\n", count(checked.cases, "case")),
        verdict => format!("{}: {}\n", verdict.words(), checked.message),
    };
    std::fs::write(&path, message).map_err(io_error(&path.display().to_string()))?;
    Ok(ExitCode::from(match checked.verdict {
        Verdict::Accepted => 42,
        _ => 43,
    }))
}

fn io_error(path: &str) -> impl Fn(io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.to_string(),
        source,
    }
}
