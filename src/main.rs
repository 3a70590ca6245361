//! The `nimstream` command line: arguments, messages and exit statuses. The
//! work itself lives in the library; the problems come from its catalogue.

mod gen_command;
mod grundy_command;
mod progress;
mod stats;
mod stdout_probe;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use nimstream::games::rule::FIBONACCI_SUBTRACTION;
use nimstream::games::{bounded, Game, GameParams};
use nimstream::input::MmapChoice;
use nimstream::output::VerdictWriter;
use nimstream::pipeline::Job;
use nimstream::problem::{self, Answer, Problem};
use nimstream::scan::Kernel;
use nimstream::validate::{self, Detail, Overrides, Range};
use nimstream::Error;

use progress::ProgressBar;
use stats::StatsFormat;

/// The most threads any command starts.
const MAX_THREADS: u64 = 1024;

#[derive(Parser)]
#[command(
    name = "nimstream",
    version,
    about = "Solve, generate and validate judge files for Nim-family games",
    after_help = "Exit status: 0 on success, 2 on a usage, input or I/O error \
                  (validate: 1 for an invalid file)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print who wins each case, one line per case, in the judge's words.
    ///
    /// Exit status 0 on success, 2 on a usage, input or I/O error (the
    /// verdicts before a bad input are printed first).
    Solve(SolveArgs),
    /// Write a reproducible test file in the problem's strict format.
    ///
    /// Exit status 0 on success, 2 on a usage or I/O error. Arguments past
    /// the problem's limits are written as asked, with a warning.
    Gen(gen_command::GenArgs),
    /// Check that a file is exactly in the problem's format and limits.
    ///
    /// Exit status 0 if it is, 1 if not (the first violation is printed as
    /// PATH:LINE:COLUMN: message), 2 on a usage or I/O error. Standard input
    /// is read into memory before it is checked.
    Validate(ValidateArgs),
    /// List the problems nimstream knows: names, input, words and limits.
    Problems(ProblemsArgs),
    /// Compute the nim-sequence of a game given by its rule, and prove its
    /// period.
    ///
    /// Exit status 0 on success, 1 when `--period` proves no period within
    /// `--upto` values, 2 on a usage or I/O error.
    Grundy(grundy_command::GrundyArgs),
}

#[derive(Args)]
struct ProblemArgs {
    /// The problem, by name or judge id (see `nimstream problems`).
    #[arg(value_name = "PROBLEM", help = problem_help())]
    problem: String,
    /// For `bounded`: a move removes 1 to K objects from one heap.
    #[arg(long, value_name = "K", value_parser = at_least_one, allow_hyphen_values = true)]
    max_take: Option<u64>,
    /// For a game given by its rule: values computed while looking for its
    /// period (default 1048576, at most 67108864); without a period, heaps
    /// from N on are an error. For hdu1848: heaps below N are decided.
    #[arg(long, value_name = "N", value_parser = grundy_command::value_count)]
    upto: Option<usize>,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    problem: ProblemArgs,
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
    /// games, `a->b` for one pile, `a b->c d` for two. Not for hdu2176,
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

#[derive(Args)]
struct ValidateArgs {
    #[command(flatten)]
    problem: ProblemArgs,
    /// The input file; `-` or nothing reads standard input.
    path: Option<String>,
    /// Smallest allowed number of cases: T, or for formats without T the
    /// number of lines before the end.
    #[arg(long, value_name = "T", value_parser = whole, allow_hyphen_values = true)]
    cases_min: Option<u64>,
    /// Largest allowed number of cases (see --cases-min).
    #[arg(long, value_name = "T", value_parser = whole, allow_hyphen_values = true)]
    cases_max: Option<u64>,
    /// Smallest allowed N, the heaps in a case (heap cases only).
    #[arg(long, value_name = "N", value_parser = whole, allow_hyphen_values = true)]
    heaps_min: Option<u64>,
    /// Largest allowed N (see --heaps-min).
    #[arg(long, value_name = "N", value_parser = whole, allow_hyphen_values = true)]
    heaps_max: Option<u64>,
    /// Smallest allowed heap size or first number of a case.
    #[arg(long, value_name = "V", value_parser = whole, allow_hyphen_values = true)]
    value_min: Option<u64>,
    /// Largest allowed heap size or first number (see --value-min).
    #[arg(long, value_name = "V", value_parser = whole, allow_hyphen_values = true)]
    value_max: Option<u64>,
    /// Smallest allowed second number of a case (m, k or b).
    #[arg(long, value_name = "V", value_parser = whole, allow_hyphen_values = true)]
    second_min: Option<u64>,
    /// Largest allowed second number (see --second-min).
    #[arg(long, value_name = "V", value_parser = whole, allow_hyphen_values = true)]
    second_max: Option<u64>,
    /// Smallest allowed size k of a subtraction set (hdu1536 only).
    #[arg(long, value_name = "K", value_parser = whole, allow_hyphen_values = true)]
    set_size_min: Option<u64>,
    /// Largest allowed set size k (see --set-size-min).
    #[arg(long, value_name = "K", value_parser = whole, allow_hyphen_values = true)]
    set_size_max: Option<u64>,
    /// Smallest allowed number m of positions in a case (hdu1536 only).
    #[arg(long, value_name = "M", value_parser = whole, allow_hyphen_values = true)]
    positions_min: Option<u64>,
    /// Largest allowed number of positions m (see --positions-min).
    #[arg(long, value_name = "M", value_parser = whole, allow_hyphen_values = true)]
    positions_max: Option<u64>,
    /// For a valid file, print the range each variable reaches, marking the
    /// problem's bounds it hits, and how many cases each player wins.
    #[arg(long)]
    summary: bool,
}

#[derive(Args)]
struct ProblemsArgs {
    /// Print the Markdown table the README shows.
    #[arg(long)]
    markdown: bool,
}

fn problem_help() -> String {
    format!(
        "The problem: {} (or a judge id; see `nimstream problems`), or a game \
         given by its rule: an octal code such as 0.77 or a subtraction set such as sub:1,3,4",
        problem::names()
    )
}

fn whole(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not a whole number from 0 to {}", u64::MAX))
}

fn at_least_one(text: &str) -> Result<u64, String> {
    match whole(text) {
        Ok(0) | Err(_) => Err(format!("'{text}' is not a whole number of at least 1")),
        Ok(n) => Ok(n),
    }
}

fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<u64>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n as usize),
        _ => Err(format!(
            "'{text}' is not a whole number from 1 to {MAX_THREADS}"
        )),
    }
}

fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("'{text}' is not a share from 0 to 1")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve_command(args),
        Command::Gen(args) => gen_command::gen_command(args),
        Command::Validate(args) => validate_command(args),
        Command::Problems(args) => problems_command(args),
        Command::Grundy(args) => grundy_command::grundy_command(args),
    };
    match result {
        Ok(code) => code,
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("nimstream: {}", error);
            ExitCode::from(2)
        }
    }
}

fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The problem and its game, built from the arguments.
fn pick_problem(args: &ProblemArgs) -> Result<(&'static Problem, Game), Error> {
    let (problem, rule) = Problem::find_or_rule(&args.problem)?;
    let takes_k = problem.game.parameters.contains(&bounded::MAX_TAKE);
    match (takes_k, args.max_take) {
        (true, None) => {
            return Err(Error::Usage(format!(
                "{} needs --max-take K ({})",
                problem.name,
                bounded::MAX_TAKE.meaning
            )))
        }
        (false, Some(_)) => {
            return Err(Error::Usage(format!(
                "--max-take applies to bounded only, not to {}",
                problem.name
            )))
        }
        _ => {}
    }
    if args.upto.is_some() && rule.is_none() && problem.game.name != FIBONACCI_SUBTRACTION.name {
        return Err(Error::Usage(format!(
            "--upto applies to games given by a rule and to hdu1848, not to {}",
            problem.name
        )));
    }
    let params = GameParams {
        max_take: args.max_take,
        rule,
        upto: args.upto,
    };
    Ok((problem, problem.build_game(&params)?))
}

fn pick_kernel(name: Option<&str>) -> Result<Kernel, Error> {
    let Some(name) = name else {
        return Ok(Kernel::detect());
    };
    if !Kernel::NAMES.contains(&name) {
        return Err(Error::Usage(format!(
            "unknown kernel '{}'; expected one of: {}",
            name,
            Kernel::NAMES.join(", ")
        )));
    }
    Kernel::by_name(name)
        .ok_or_else(|| Error::Usage(format!("this CPU cannot run the {name} kernel")))
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

/// Standard output must be open: a closed descriptor 1 would turn a lost
/// answer into success ([`stdout_probe`]).
fn check_stdout() -> Result<(), Error> {
    if stdout_probe::closed() {
        return Err(Error::Io {
            path: "<stdout>".into(),
            source: io::Error::other("standard output is closed"),
        });
    }
    Ok(())
}

fn stdout_error(source: io::Error) -> Error {
    Error::Io {
        path: "<stdout>".into(),
        source,
    }
}

fn warn_threads(used: usize, wanted: usize) {
    if used < wanted {
        eprintln!(
            "nimstream: warning: the system started only {used} of {wanted} threads; continuing with {used}"
        );
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

fn solve_command(args: SolveArgs) -> Result<ExitCode, Error> {
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

fn validate_command(args: ValidateArgs) -> Result<ExitCode, Error> {
    let (problem, mut game) = pick_problem(&args.problem)?;
    let range = |min, max| Range { min, max };
    let overrides = Overrides {
        cases: range(args.cases_min, args.cases_max),
        heaps: range(args.heaps_min, args.heaps_max),
        value: range(args.value_min, args.value_max),
        second: range(args.second_min, args.second_max),
        set_size: range(args.set_size_min, args.set_size_max),
        positions: range(args.positions_min, args.positions_max),
    };
    let limits = validate::limits(problem, &overrides)?;
    let path = args.path.as_deref().unwrap_or("-");
    let detail = if args.summary {
        Detail::Summary
    } else {
        Detail::Check
    };
    let mut job = Job::new(problem);
    // SAFETY: as in `solve_command`.
    job.mmap = unsafe { MmapChoice::auto() };
    match job.validate_path(path, &mut game, &limits, detail) {
        Ok(Some(summary)) => {
            check_stdout()?;
            write!(io::stdout().lock(), "{summary}").map_err(stdout_error)?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(None) => Ok(ExitCode::SUCCESS),
        // An invalid file is the answer, not a failure of the command.
        Err(invalid @ Error::Input { .. }) => {
            eprintln!("nimstream: {}", invalid);
            Ok(ExitCode::from(1))
        }
        Err(error) => Err(error),
    }
}

fn problems_command(args: ProblemsArgs) -> Result<ExitCode, Error> {
    check_stdout()?;
    let mut text = String::new();
    if args.markdown {
        text = problem::markdown_table();
    } else {
        for p in &problem::CATALOGUE {
            let prefix = match p.verdicts.prefix {
                problem::LinePrefix::None => "",
                problem::LinePrefix::CaseNumber => "Case i: ",
            };
            text += &format!("{}: {}, {}\n", p.names(), p.source, p.title);
            for parameter in p.game.parameters {
                text += &format!(
                    "    needs --max-take {}: {}\n",
                    parameter.name, parameter.meaning
                );
            }
            text += &format!(
                "    input:  {}\n",
                p.layout.describe(&p.vars).replace('`', "")
            );
            text += &format!(
                "    output: {prefix}{} / {prefix}{}\n",
                p.verdicts.win, p.verdicts.lose
            );
            text += &format!("    limits: {}\n", p.limits_text());
        }
    }
    io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}
