//! `nimstream solve`: one line per case, in the judge's words.

use std::io;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use nimstream::input::MmapChoice;
use nimstream::output::VerdictWriter;
use nimstream::pipeline::Job;
use nimstream::problem::{Answer, Problem};
use nimstream::Error;

use crate::progress::ProgressBar;
use crate::stats::{self, StatsFormat};
use crate::{
    check_stdout, default_threads, pick_kernel, pick_problem, stdout_error, threads, warn_threads,
    ProblemArgs,
};

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// The input file; `-` or nothing reads standard input.
    path: Option<String>,
    /// Replace the winning and losing words, e.g. `--words First,Second`
    /// (not for hdu1850, whose answer is a number).
    #[arg(long, value_name = "WIN,LOSE")]
    words: Option<String>,
    /// Worker threads for large files, 1 to 1024 (default: all cores).
    #[arg(long, value_name = "N", value_parser = threads, allow_hyphen_values = true)]
    threads: Option<usize>,
    /// After each winning verdict, print one space and a winning move:
    /// `i:a->b` (heap i from a to b objects) or `i:a->b+c` (a split) for heap
    /// games, `a->b` for one pile, `a b->c d` for two; for hdu1536, after a
    /// case's words, `p:i:a->b` for each won position p. Not for hdu2176,
    /// hdu1850 and poj3922, whose answers are already about moves.
    #[arg(long = "move")]
    moves: bool,
    /// When done, print statistics to standard error: bytes, cases, heaps
    /// or numbers, seconds, GB/s, the kernel and the threads; as one line,
    /// or with `--stats=json` as one JSON object that also says how the
    /// kernel was chosen and what kind of input was read.
    #[arg(
        long,
        value_name = "FORMAT",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "text"
    )]
    stats: Option<StatsFormat>,
    /// Tokenizer kernel: reference, swar, avx2 or avx512 (default: the
    /// widest this CPU runs). For benchmarking and testing.
    #[arg(long, value_name = "NAME")]
    kernel: Option<String>,
}

fn parse_words(words: &str) -> Result<(String, String), Error> {
    match words.split_once(',') {
        Some((win, lose))
            if !win.is_empty()
                && !lose.is_empty()
                && !win.contains(['\n', ','])
                && !lose.contains(['\n', ',']) =>
        {
            Ok((win.to_string(), lose.to_string()))
        }
        _ => Err(Error::Usage(
            "--words takes two non-empty words separated by one comma, e.g. --words Yes,No".into(),
        )),
    }
}

/// `--move` follows a verdict, and `--words` replaces the words an answer
/// prints: an answer with no verdict, or no words, has no place for them,
/// and ignoring them would leave the user believing they took effect.
fn check_answer_options(problem: &Problem, args: &SolveArgs) -> Result<(), Error> {
    let answer = match problem.answer {
        Answer::Verdict => return Ok(()),
        Answer::AllMoves => "lists every winning move",
        Answer::MoveCount => "is the number of winning moves",
        Answer::LoseOrTake => "is the losing word or the smallest winning take",
    };
    let name = problem.name;
    if args.moves {
        return Err(Error::Usage(format!(
            "--move applies to answers that are a verdict; {name}'s answer {answer}"
        )));
    }
    if args.words.is_some() && problem.answer == Answer::MoveCount {
        return Err(Error::Usage(format!(
            "--words does not apply to {name}, whose answer {answer}"
        )));
    }
    Ok(())
}

pub fn solve_command(args: SolveArgs) -> Result<ExitCode, Error> {
    let (problem, mut game) = pick_problem(&args.problem)?;
    check_answer_options(problem, &args)?;
    let (win, lose) = match args.words.as_deref() {
        Some(words) => parse_words(words)?,
        None => (problem.verdicts.win.into(), problem.verdicts.lose.into()),
    };
    let mut job = Job::new(problem);
    job.kernel = pick_kernel(args.kernel.as_deref())?;
    job.threads = args.threads.unwrap_or_else(default_threads);
    job.moves = args.moves;
    // SAFETY: the contract of `MmapChoice::auto` (a file truncated while it
    // is read kills the process with SIGBUS; a change is reported) is the
    // documented behaviour of this command.
    job.mmap = unsafe { MmapChoice::auto() };
    check_stdout()?;
    let path = args.path.as_deref().unwrap_or("-");
    let started = Instant::now();
    let mut out = VerdictWriter::new(io::stdout().lock(), &win, &lose, problem.verdicts.prefix);
    let mut bar = ProgressBar::default();
    let result = job.solve_path(path, &mut game, &mut out, &mut bar);
    bar.finish();
    // The verdicts before an error are kept.
    let flushed = out.flush().map_err(stdout_error);
    let solved = result?;
    flushed?;
    let report = &solved.report;
    warn_threads(report.threads, report.threads_wanted);
    if let Some(format) = args.stats {
        let kernel = (job.kernel, args.kernel.is_some());
        stats::print(format, &solved, started.elapsed(), problem, kernel);
    }
    Ok(ExitCode::SUCCESS)
}
