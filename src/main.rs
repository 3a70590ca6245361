//! The `nimstream` command line: arguments, messages and exit statuses. The
//! work itself lives in the library; the problems come from its catalogue.

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
use nimstream::gen::{self, GenError, GenOptions};
use nimstream::input::{Codec, MmapChoice};
use nimstream::output::VerdictWriter;
use nimstream::pipeline::Job;
use nimstream::problem::{self, Bounds, Problem};
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
    Gen(GenArgs),
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
    /// Replace the winning and losing words, e.g. `--words First,Second`.
    #[arg(long, value_name = "WIN,LOSE")]
    words: Option<String>,
    /// Worker threads for large files, 1 to 1024 (default: all cores).
    #[arg(long, value_name = "N", value_parser = threads, allow_hyphen_values = true)]
    threads: Option<usize>,
    /// After each winning verdict, print one space and a winning move:
    /// `i:a->b` (heap i from a to b objects) or `i:a->b+c` (a split) for heap
    /// games, `a->b` for one pile, `a b->c d` for two.
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
    /// fastest this CPU runs). For benchmarking and testing.
    #[arg(long, value_name = "NAME")]
    kernel: Option<String>,
}

#[derive(Args)]
struct GenArgs {
    #[command(flatten)]
    problem: ProblemArgs,
    /// Number of cases (default: 10, or the problem's maximum if smaller).
    #[arg(long, value_name = "T", value_parser = whole, allow_hyphen_values = true)]
    cases: Option<u64>,
    /// Heaps per case, for heap cases (default: 10, or the problem's
    /// maximum if smaller).
    #[arg(long, value_name = "N", value_parser = whole, allow_hyphen_values = true)]
    heaps: Option<u64>,
    /// Smallest heap size or first number (default: the problem's minimum).
    #[arg(long, value_parser = whole, allow_hyphen_values = true)]
    min: Option<u64>,
    /// Largest heap size or first number (default: the problem's maximum).
    #[arg(long, value_parser = whole, allow_hyphen_values = true)]
    max: Option<u64>,
    /// Smallest second number of a case: m, k or b (default: the problem's).
    #[arg(long, value_name = "MIN", value_parser = whole, allow_hyphen_values = true)]
    second_min: Option<u64>,
    /// Largest second number of a case: m, k or b (default: the problem's).
    #[arg(long, value_name = "MAX", value_parser = whole, allow_hyphen_values = true)]
    second_max: Option<u64>,
    /// Seed of the random numbers: the same arguments give the same bytes.
    #[arg(long, default_value_t = 1, value_parser = whole, allow_hyphen_values = true)]
    seed: u64,
    /// Share of cases made losing for the first player, from 0 to 1.
    #[arg(long, default_value_t = 0.5, value_parser = share, allow_hyphen_values = true)]
    losing: f64,
    /// Write here instead of standard output (`-` is standard output); a
    /// name ending in .gz, .zst or .xz is written compressed in that format.
    #[arg(short, long, value_name = "PATH")]
    output: Option<String>,
    /// Threads generating cases, 1 to 1024 (default: all cores); the bytes
    /// are the same for any number.
    #[arg(long, value_name = "N", value_parser = threads, allow_hyphen_values = true)]
    threads: Option<usize>,
}

/// Each bound defaults to the original problem's limit.
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
        Command::Gen(args) => gen_command(args),
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

fn solve_command(args: SolveArgs) -> Result<ExitCode, Error> {
    let (problem, mut game) = pick_problem(&args.problem)?;
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

fn gen_command(args: GenArgs) -> Result<ExitCode, Error> {
    let (problem, mut game) = pick_problem(&args.problem)?;
    problem.expect_generator("gen")?;
    let defaults = GenOptions::within_limits(problem);
    let options = GenOptions {
        cases: args.cases.unwrap_or(defaults.cases),
        heaps: args.heaps.unwrap_or(defaults.heaps),
        min: args.min.unwrap_or(defaults.min),
        max: args.max.unwrap_or(defaults.max),
        second_min: args.second_min.unwrap_or(defaults.second_min),
        second_max: args.second_max.unwrap_or(defaults.second_max),
        seed: args.seed,
        losing: args.losing,
    };
    check_gen_options(problem, &options)?;
    warn_beyond_limits(problem, &options);
    let threads = args.threads.unwrap_or_else(default_threads);
    let target = args.output.as_deref().filter(|&path| path != "-");
    let name = target.unwrap_or("<stdout>");
    let io_error = |source| Error::Io {
        path: name.to_string(),
        source,
    };
    let generated = match target {
        None => {
            check_stdout()?;
            gen::generate(problem, &mut game, &options, io::stdout().lock(), threads)
        }
        Some(path) => {
            if std::path::Path::new(path).is_dir() {
                return Err(io_error(io::Error::other("is a directory")));
            }
            let file = std::fs::File::create(path).map_err(io_error)?;
            match Codec::for_output(path) {
                None => gen::generate(problem, &mut game, &options, file, threads),
                Some(codec) => {
                    let mut encoder = codec.encoder(io::BufWriter::new(file)).map_err(io_error)?;
                    gen::generate(problem, &mut game, &options, &mut encoder, threads).and_then(
                        |used| {
                            encoder.finish()?.into_inner().map_err(|e| e.into_error())?;
                            Ok(used)
                        },
                    )
                }
            }
        }
    };
    let used = match generated {
        Ok(used) => used,
        Err(GenError::Io(source)) => return Err(io_error(source)),
        Err(GenError::Impossible(message)) => return Err(Error::Usage(message)),
    };
    warn_threads(used.used, used.wanted);
    Ok(ExitCode::SUCCESS)
}

fn check_gen_options(problem: &Problem, o: &GenOptions) -> Result<(), Error> {
    if o.min > o.max {
        return Err(Error::Usage(format!(
            "--min {} exceeds --max {}",
            o.min, o.max
        )));
    }
    if o.second_min > o.second_max {
        return Err(Error::Usage(format!(
            "--second-min {} exceeds --second-max {}",
            o.second_min, o.second_max
        )));
    }
    if problem.layout == problem::Layout::ZeroTerminated && o.min == 0 {
        return Err(Error::Usage(format!(
            "{} inputs end at the first 0, so --min must be at least 1",
            problem.name
        )));
    }
    Ok(())
}

/// Warns about each argument past the original problem's limits: the file is
/// written as asked, and `validate` needs the named flag to accept it.
fn warn_beyond_limits(problem: &Problem, o: &GenOptions) {
    let limits = problem.limits;
    let mut checks = vec![
        ("T", "cases", Bounds::new(o.cases, o.cases), limits.cases),
        (
            problem.vars.value.label,
            "value",
            Bounds::new(o.min, o.max),
            limits.value,
        ),
    ];
    if problem.layout.has_heaps() {
        checks.push(("N", "heaps", Bounds::new(o.heaps, o.heaps), limits.heaps));
    }
    if let Some(second) = problem.vars.second {
        let asked = Bounds::new(o.second_min, o.second_max);
        checks.push((second.label, "second", asked, limits.second));
    }
    for (name, flag, asked, allowed) in checks {
        let what = |value| match asked.min == asked.max {
            true => format!("{name} = {value}"),
            false => format!(
                "{name} {} {value}",
                if value == asked.min {
                    "down to"
                } else {
                    "up to"
                }
            ),
        };
        let source = problem.source;
        if asked.min < allowed.min {
            eprintln!(
                "nimstream: warning: {} is outside {source}'s limits {allowed}; \
                 validate accepts the file with --{flag}-min {}",
                what(asked.min),
                asked.min
            );
        }
        if asked.max > allowed.max {
            eprintln!(
                "nimstream: warning: {} is outside {source}'s limits {allowed}; \
                 validate accepts the file with --{flag}-max {}",
                what(asked.max),
                asked.max
            );
        }
    }
}

fn validate_command(args: ValidateArgs) -> Result<ExitCode, Error> {
    let (problem, mut game) = pick_problem(&args.problem)?;
    problem.expect_generator("validate")?;
    let range = |min, max| Range { min, max };
    let overrides = Overrides {
        cases: range(args.cases_min, args.cases_max),
        heaps: range(args.heaps_min, args.heaps_max),
        value: range(args.value_min, args.value_max),
        second: range(args.second_min, args.second_max),
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
