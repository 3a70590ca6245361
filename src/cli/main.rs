//! The `nimstream` command line: arguments, messages and exit statuses. The
//! work itself lives in the library; the problems come from its catalogue.

mod gen;
mod grundy;
mod problems;
mod progress;
mod solve;
mod stats;
mod stdout_probe;
mod validate;

use std::io;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use nimstream::games::rule::FIBONACCI_SUBTRACTION;
use nimstream::games::{bounded, Game, GameParams};
use nimstream::problem::{self, Problem};
use nimstream::scan::Kernel;
use nimstream::Error;

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
    Solve(solve::SolveArgs),
    /// Write a reproducible test file in the problem's strict format.
    ///
    /// Exit status 0 on success, 2 on a usage or I/O error. Arguments past
    /// the problem's limits are written as asked, with a warning.
    Gen(gen::GenArgs),
    /// Check that a file is exactly in the problem's format and limits.
    ///
    /// Exit status 0 if it is, 1 if not (the first violation is printed as
    /// PATH:LINE:COLUMN: message), 2 on a usage or I/O error. Standard input
    /// is read into memory before it is checked.
    Validate(validate::ValidateArgs),
    /// List the problems nimstream knows: names, input, words and limits.
    Problems(problems::ProblemsArgs),
    /// Compute the nim-sequence of a game given by its rule, and prove its
    /// period.
    ///
    /// Exit status 0 on success, 1 when `--period` proves no period within
    /// `--upto` values, 2 on a usage or I/O error.
    Grundy(grundy::GrundyArgs),
}

#[derive(Args)]
pub(crate) struct ProblemArgs {
    /// The problem, by name or judge id (see `nimstream problems`).
    #[arg(value_name = "PROBLEM", help = problem_help())]
    pub(crate) problem: String,
    /// For `bounded`: a move removes 1 to K objects from one heap.
    #[arg(long, value_name = "K", value_parser = at_least_one, allow_hyphen_values = true)]
    pub(crate) max_take: Option<u64>,
    /// For a game given by its rule: values computed while looking for its
    /// period (default 1048576, at most 67108864); without a period, heaps
    /// from N on are an error. For hdu1848: heaps below N are decided.
    #[arg(long, value_name = "N", value_parser = grundy::value_count)]
    pub(crate) upto: Option<usize>,
}

fn problem_help() -> String {
    format!(
        "The problem: {} (or a judge id; see `nimstream problems`), or a game \
         given by its rule: an octal code such as 0.77, a subtraction set such as sub:1,3,4, \
         or a name ({})",
        problem::names(),
        nimstream::grundy::rule::rule_names()
    )
}

pub(crate) fn whole(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not a whole number from 0 to {}", u64::MAX))
}

pub(crate) fn at_least_one(text: &str) -> Result<u64, String> {
    match whole(text) {
        Ok(0) | Err(_) => Err(format!("'{text}' is not a whole number of at least 1")),
        Ok(n) => Ok(n),
    }
}

pub(crate) fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<u64>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n as usize),
        _ => Err(format!(
            "'{text}' is not a whole number from 1 to {MAX_THREADS}"
        )),
    }
}

pub(crate) fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("'{text}' is not a share from 0 to 1")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve::solve_command(args),
        Command::Gen(args) => gen::gen_command(args),
        Command::Validate(args) => validate::validate_command(args),
        Command::Problems(args) => problems::problems_command(args),
        Command::Grundy(args) => grundy::grundy_command(args),
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

pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The problem and its game, built from the arguments.
pub(crate) fn pick_problem(args: &ProblemArgs) -> Result<(&'static Problem, Game), Error> {
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

pub(crate) fn pick_kernel(name: Option<&str>) -> Result<Kernel, Error> {
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

/// Standard output must be open: a closed descriptor 1 would turn a lost
/// answer into success ([`stdout_probe`]).
pub(crate) fn check_stdout() -> Result<(), Error> {
    if stdout_probe::closed() {
        return Err(Error::Io {
            path: "<stdout>".into(),
            source: io::Error::other("standard output is closed"),
        });
    }
    Ok(())
}

pub(crate) fn stdout_error(source: io::Error) -> Error {
    Error::Io {
        path: "<stdout>".into(),
        source,
    }
}

pub(crate) fn warn_threads(used: usize, wanted: usize) {
    if used < wanted {
        eprintln!(
            "nimstream: warning: the system started only {used} of {wanted} threads; continuing with {used}"
        );
    }
}
