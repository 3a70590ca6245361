//! The `nimstream` command line: arguments, messages and exit statuses. The
//! work itself lives in the library; the problems come from its catalogue.

mod batch;
mod check;
mod checkpoint;
mod completion;
mod gen;
mod grundy;
mod inputs;
mod interact;
mod judge;
mod manual;
mod messages;
mod misere;
mod package;
mod play;
mod problems;
mod progress;
mod signals;
mod solve;
mod stats;
mod stdout_probe;
mod validate;

use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use nimstream::games::rule::FIBONACCI_SUBTRACTION;
use nimstream::games::{bounded, Game, GameParams};
use nimstream::grundy::rule::RuleError;
use nimstream::input::MmapChoice;
use nimstream::problem::{self, spelling, Problem};
use nimstream::scan::Kernel;
use nimstream::Error;

use inputs::Inputs;

/// The most threads any command starts.
const MAX_THREADS: u64 = 1024;

/// The heading each command's help lists the options of every command
/// under, apart from its own.
const GLOBAL_OPTIONS: &str = "Global options";

#[derive(Parser)]
#[command(
    name = "nimstream",
    version,
    about = "Solve, generate and validate judge files for Nim-family games",
    after_help = "Exit status: 0 on success, 2 on a usage, input or I/O error, \
                  1 when the command's finding is negative: validate finds a file \
                  invalid, solve --check a wrong answer, judge a test not accepted, \
                  grundy or misere no period; 3 when misere stops at its --memory \
                  budget. check and interact answer as a judge's checker and \
                  interactor do (0/1/2/3 for testlib, 42/43 for an ICPC validator; \
                  see `nimstream help check`).

EXAMPLES:
  nimstream solve lasker testdata/lasker-hdu3032.in
  nimstream gen nim --cases 5 -o cases.in
  nimstream problems
  nimstream help solve"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print no warnings or hints on standard error, only errors.
    #[arg(short, long, global = true, help_heading = GLOBAL_OPTIONS)]
    quiet: bool,
    /// Colour messages and help: auto (when standard error is a terminal
    /// and NO_COLOR is unset), always or never.
    #[arg(
        long,
        value_name = "WHEN",
        global = true,
        default_value = "auto",
        help_heading = GLOBAL_OPTIONS
    )]
    color: messages::ColorChoice,
}

#[derive(Subcommand)]
enum Command {
    /// Print who wins each case, one line per case, in the judge's words.
    ///
    /// Several inputs, or a folder's *.in files, are answered in turn (small
    /// ones in parallel); --check compares each with its NAME.out. Exit
    /// status 0 on success, 1 when --check finds a difference, 2 on a usage,
    /// input or I/O error (the verdicts before a bad input are printed
    /// first; with several inputs, the others still run).
    Solve(solve::SolveArgs),
    /// Write a reproducible test file in the problem's strict format.
    ///
    /// Exit status 0 on success, 2 on a usage or I/O error. Arguments past
    /// the problem's limits are written as asked, with a warning. The
    /// options stand for the problem's own variables: `nimstream problems
    /// NAME` says what each means there (for hdu1524, --heaps is the pieces
    /// of a query and --second-min/--second-max the positions of a graph).
    Gen(gen::GenArgs),
    /// Check that a file is exactly in the problem's format and limits.
    ///
    /// Several files are checked in turn. Exit status 0 if every one is
    /// valid, 1 if one is not (its first violation is printed as
    /// PATH:LINE:COLUMN: message), 2 on a usage or I/O error. Standard input
    /// is read into memory before it is checked.
    Validate(validate::ValidateArgs),
    /// List the problems nimstream knows, or show one in full: names,
    /// input, output and limits.
    Problems(problems::ProblemsArgs),
    /// Run a program on every test under limits and give each run its
    /// verdict: AC, WA, PE, TLE, MLE, OLE or RE.
    ///
    /// Each test's expected answers are NAME.out or NAME.ans beside it, or
    /// nimstream's own. Exit status 0 when every test is accepted, 1 when
    /// one is not, 2 on a usage, input or I/O error.
    Judge(judge::JudgeArgs),
    /// Check a program's output against the expected answers, as a judge
    /// system's checker: testlib's convention, or an ICPC output
    /// validator's.
    ///
    /// Exit status 0 accepted, 1 wrong answer, 2 presentation error
    /// (testlib); 42 accepted, 43 wrong (ICPC, when the third file is a
    /// folder); 3 when the checker itself fails.
    Check(judge::check::CheckArgs),
    /// Play the problem's game against a program, as a judge system's
    /// interactor: testlib's convention, or an ICPC interactive output
    /// validator's.
    ///
    /// Each case of the input is a game the program must win. Exit status
    /// 0 accepted, 1 wrong answer or idleness, 2 presentation error
    /// (testlib); 42 accepted, 43 rejected (ICPC, when the third file is a
    /// folder); 3 when the interactor itself fails.
    Interact(interact::InteractArgs),
    /// Play the problem's game against nimstream at a terminal.
    ///
    /// Each case of the input is a game, played as `interact` plays one:
    /// the position and nimstream's moves on standard error, your side and
    /// moves on standard input. Exit status 0 when you won every game, 1
    /// when you lost one, 2 on a usage or input error.
    Play(play::PlayArgs),
    /// Write a judge-ready problem package in the ICPC format (for Kattis,
    /// DOMjudge and problemtools' verifyproblem).
    ///
    /// The statement, the samples, secret tests from a printed plan that
    /// covers the limits' edges, an input validator (nimstream itself), a
    /// reference solution in C++ and wrong ones. Exit status 0 when written,
    /// 2 on a usage or I/O error or when no reference can be written.
    Package(package::PackageArgs),
    /// Compute the nim-sequence of a game given by its rule, and prove its
    /// period.
    ///
    /// Exit status 0 on success, 1 when `--period` proves no period within
    /// `--upto` values, 2 on a usage or I/O error.
    Grundy(grundy::GrundyArgs),
    /// Compute the misère quotient of a game given by its rule: its order,
    /// P-portion, presentation, each heap's element and the period.
    ///
    /// Exit status 0 when a period proves the quotient for every heap, 1
    /// when none is proven within --upto heaps (the quotient of the heaps
    /// computed is printed), 2 on a usage error or when the search finds
    /// no quotient for a heap (the quotient of the heaps before is
    /// printed), 3 when the memory budget stops it (the same).
    Misere(misere::MisereArgs),
    /// Print a completion script for a shell, to be sourced by it.
    ///
    /// Commands, options, problem names, judge ids and named rules are
    /// completed (`solve las<TAB>`, `grundy kay<TAB>`). Bash reads the
    /// first example's path only through the bash-completion package
    /// (version 2 or later: `apt install bash-completion`, `brew install
    /// bash-completion@2`), which loads a command's script from there the
    /// first time the command is completed; without it, put `source
    /// <(nimstream completions bash)` in ~/.bashrc. Zsh reads ~/.zfunc when
    /// ~/.zshrc has `fpath=(~/.zfunc $fpath)` before `compinit`.
    Completions(manual::CompletionsArgs),
    /// Print a manual page in roff, for `man`: nimstream's, or a command's.
    Man(manual::ManArgs),
}

#[derive(Args)]
pub(crate) struct ProblemArgs {
    /// The problem, by name or judge id (see `nimstream problems`).
    #[arg(
        value_name = "PROBLEM",
        help = problem_help(),
        required_unless_present = "problem_file",
        value_parser = completion::problems_and_rules(),
        hide_possible_values = true
    )]
    pub(crate) problem: Option<std::ffi::OsString>,
    /// A problem file (TOML) in place of PROBLEM, e.g. one written by
    /// `nimstream problems NAME --toml` and edited; `-` reads standard input.
    #[arg(long = "problem", value_name = "FILE")]
    pub(crate) problem_file: Option<PathBuf>,
    /// For `bounded`: a move removes 1 to K objects from one heap.
    #[arg(long, value_name = "K", value_parser = at_least_one, allow_hyphen_values = true)]
    pub(crate) max_take: Option<u64>,
    /// For a game given by its rule: values computed while looking for its
    /// period (default 1048576, or fewer when the inputs' heaps are all
    /// smaller; at most 4294967296 = 2^32); without a period, heaps
    /// from N on are an error. In misère play (misere:RULE), as in
    /// `nimstream misere`: its quotient is computed for heaps 0 to N
    /// (default 400, or the inputs' largest heap if smaller, within a few
    /// seconds and a few hundred MB; --upto lifts those bounds). For
    /// hdu1848: heaps below N are decided.
    #[arg(long, value_name = "N", value_parser = grundy::value_count)]
    pub(crate) upto: Option<usize>,
}

impl ProblemArgs {
    /// With `--problem FILE` there is no PROBLEM, so the positional
    /// argument clap took for it is the first input: `solve --problem
    /// k.toml cases.in`. A problem's name there, which names no file, is
    /// an error rather than an input that cannot be opened.
    pub(crate) fn shift_inputs(&mut self, paths: &mut Vec<PathBuf>) -> Result<(), Error> {
        if self.problem_file.is_none() {
            return Ok(());
        }
        let Some(first) = self.problem.take() else {
            return Ok(());
        };
        let names_problem = first
            .to_str()
            .is_some_and(|name| Problem::find_or_rule(name).is_ok());
        if names_problem && !std::path::Path::new(&first).exists() {
            return Err(Error::Usage(format!(
                "give a problem by its name or with --problem FILE, not both ('{}')",
                first.to_string_lossy()
            )));
        }
        paths.insert(0, PathBuf::from(first));
        Ok(())
    }
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

/// A rule that does not parse; a near miss of a rule's name is answered
/// with the name.
pub(crate) fn rule_error(text: &str, error: RuleError) -> Error {
    match spelling::rule_meant(text) {
        Some(meant) => Error::Usage(format!("unknown rule '{text}'; did you mean '{meant}'?")),
        None => Error::Usage(error.to_string()),
    }
}

pub(crate) fn whole(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not a whole number from 0 to {}", u64::MAX))
}

/// A time in seconds, whole or not, above 0.
pub(crate) fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s <= 1e6 => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err(format!("'{text}' is not a number of seconds above 0")),
    }
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

/// The arguments, or the exit status of a run that ends at them: help,
/// the version, or a usage error in nimstream's style.
fn parse() -> Result<Cli, ExitCode> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let color = messages::color_from_args(&args);
    let command = Cli::command().color(color.for_clap());
    let parsed = command
        .try_get_matches_from(&args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    parsed.map_err(|error| {
        use clap::error::ErrorKind::*;
        if matches!(
            error.kind(),
            DisplayHelp | DisplayVersion | DisplayHelpOnMissingArgumentOrSubcommand
        ) {
            let _ = error.print();
            return ExitCode::from(error.exit_code() as u8);
        }
        messages::init(color, false);
        messages::error(messages::clap_error(&error));
        if error.kind() == MissingRequiredArgument {
            hint_at_missing_separator(&args);
        }
        // A checker's or an interactor's usage error is its own failure,
        // not the program's presentation error (testlib's 2).
        match args
            .get(1)
            .is_some_and(|word| word == "check" || word == "interact")
        {
            true => ExitCode::from(judge::check::FAILED),
            false => ExitCode::from(2),
        }
    })
}

/// `judge PROBLEM TESTS ./sol`: the program's command was taken for one
/// more test, since it comes only after `--`.
fn hint_at_missing_separator(args: &[std::ffi::OsString]) {
    let judging = args.get(1).is_some_and(|word| word == "judge");
    if !judging || args.iter().any(|word| word == "--") || args.len() < 4 {
        return;
    }
    let words: Vec<String> = args[1..]
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    let (last, rest) = words.split_last().expect("four words at least");
    messages::hint(format_args!(
        "the program's command comes after `--`: nimstream {} -- {last}",
        rest.join(" ")
    ));
}

fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    messages::init(cli.color, cli.quiet);
    let result = match cli.command {
        Command::Solve(args) => solve::solve_command(args),
        Command::Gen(args) => gen::gen_command(args),
        Command::Validate(args) => validate::validate_command(args),
        Command::Problems(args) => problems::problems_command(args),
        Command::Judge(args) => judge::judge_command(args),
        Command::Package(args) => package::package_command(args),
        Command::Check(args) => return judge::check::check_command(args),
        Command::Interact(args) => return interact::interact_command(args),
        Command::Play(args) => play::play_command(args),
        Command::Grundy(args) => grundy::grundy_command(args),
        Command::Misere(args) => misere::misere_command(args),
        Command::Completions(args) => manual::completions_command(args, Cli::command()),
        Command::Man(args) => manual::man_command(args, Cli::command()),
    };
    match result {
        Ok(code) => code,
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            report_error(&error);
            ExitCode::from(2)
        }
    }
}

/// Prints `error` on standard error, as every message of nimstream's.
pub(crate) fn report_error(error: &Error) {
    messages::error(error);
}

/// Says so when an input is read from a terminal, where nimstream would
/// otherwise seem to hang, waiting for the user to type the cases; `usage`
/// is the command's order of arguments.
pub(crate) fn hint_at_terminal(path: &std::path::Path, usage: &str) {
    use std::io::IsTerminal;
    if path == std::path::Path::new("-") && io::stdin().is_terminal() {
        messages::hint(format_args!(
            "reading the cases from the terminal: type them and end with Ctrl-D \
             (or name a file: {usage})"
        ));
    }
}

pub(crate) fn default_threads() -> usize {
    nimstream::parallel::cores()
}

/// The problem, its game and its inputs, from the arguments: `paths` are
/// the inputs it will read (folders included), opened by
/// [`inputs::Inputs::look`], where a game given by its rule learns how
/// far its values must go. `usage` is the command's order of arguments,
/// for a problem given after its file.
pub(crate) fn pick_problem(
    args: &ProblemArgs,
    paths: &[PathBuf],
    usage: &str,
    mmap: MmapChoice,
) -> Result<(&'static Problem, Game, Inputs), Error> {
    let (problem, params, sized_by_input) = pick_params(args, paths, usage)?;
    let (game, inputs) = look_and_build(problem, params, sized_by_input, paths, mmap, usage)?;
    Ok((problem, game, inputs))
}

/// The second half of [`pick_problem`], for a command that checks more of
/// its arguments in between: opens the inputs `paths`, reading them ahead
/// for their largest number when `sized_by_input`, and builds `problem`'s
/// game with `params` as far as they need.
pub(crate) fn look_and_build(
    problem: &'static Problem,
    mut params: GameParams,
    sized_by_input: bool,
    paths: &[PathBuf],
    mmap: MmapChoice,
    usage: &str,
) -> Result<(Game, Inputs), Error> {
    let inputs = Inputs::look(paths, sized_by_input.then_some(problem.layout), mmap, usage)?;
    params.largest_heap = inputs.largest();
    Ok((problem.build_game(&params)?, inputs))
}

/// The problem and its game's parameters, from the arguments, without
/// reading any input; also whether the game's values go as far as the
/// inputs' largest heap (a game given by its rule, without `--upto`),
/// which the caller then sets in `params.largest_heap`. `inputs` are only
/// for the message about a problem given after its file.
pub(crate) fn pick_params(
    args: &ProblemArgs,
    inputs: &[PathBuf],
    usage: &str,
) -> Result<(&'static Problem, GameParams, bool), Error> {
    let (problem, rule) = match (&args.problem_file, &args.problem) {
        (Some(_), Some(_)) => {
            return Err(Error::Usage(
                "give a problem by its name or with --problem FILE, not both".into(),
            ))
        }
        // A problem file is read once and lives as long as the run, as
        // the catalogue's entries do.
        (Some(path), None) => (&*Box::leak(Box::new(Problem::load(path)?)), None),
        (None, name) => {
            let name = name.as_deref().unwrap_or_default();
            // A name that is not UTF-8 is no problem's; the message names
            // it as well as it can.
            let name = &*name.to_string_lossy();
            Problem::find_or_rule(name)
                .map_err(|error| wrong_order(name, inputs, usage).unwrap_or(error))?
        }
    };
    let takes_k = problem.game.parameters.contains(&bounded::MAX_TAKE);
    match (takes_k, args.max_take.or(problem.fixed.max_take)) {
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
    let by_rule = rule.is_some() || problem.fixed.rule.is_some();
    if args.upto.is_some() && !by_rule && problem.game.name != FIBONACCI_SUBTRACTION.name {
        return Err(Error::Usage(format!(
            "--upto applies to games given by a rule and to hdu1848, not to {}",
            problem.name
        )));
    }
    let sized_by_input = by_rule && args.upto.is_none();
    let params = GameParams {
        max_take: args.max_take,
        rule,
        upto: args.upto,
        largest_heap: None,
    };
    Ok((problem, params, sized_by_input))
}

/// A file where the problem goes (`solve small.in lasker`) is answered
/// with the order of the arguments, not with why `small.in` is no rule:
/// `name` names a file, or a problem follows it.
fn wrong_order(name: &str, inputs: &[PathBuf], usage: &str) -> Option<Error> {
    let names_file = std::path::Path::new(name).exists();
    let problem_follows = inputs
        .first()
        .and_then(|input| input.to_str())
        .is_some_and(|input| Problem::find_or_rule(input).is_ok());
    (names_file || problem_follows).then(|| {
        Error::Usage(format!(
            "'{name}' is not a problem or rule; the problem comes first: {usage}"
        ))
    })
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
        messages::warning(format_args!(
            "the system started only {used} of {wanted} threads; continuing with {used}"
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 39: `validate` and `judge` build their game with
    /// [`pick_problem`], which sizes a rule's values by the inputs, a
    /// compressed one included (before, 0.007 computed 2^20 values for it:
    /// minutes in a debug build).
    #[test]
    fn a_rules_game_is_sized_by_a_compressed_input() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gzip.write_all(b"2\n1\n5\n2\n3 1\n").unwrap();
        let path = dir.path().join("cases.in.gz");
        std::fs::write(&path, gzip.finish().unwrap()).unwrap();
        let args = ProblemArgs {
            problem: Some("0.007".into()),
            problem_file: None,
            max_take: None,
            upto: None,
        };
        for input in [&path, dir.path()] {
            let inputs = [input.to_path_buf()];
            let (_, game, _) = pick_problem(&args, &inputs, "", MmapChoice::never()).unwrap();
            let Game::Rule(game) = game else {
                panic!("0.007 is a rule's game")
            };
            // Heaps 0 to 5.
            assert_eq!(game.table_len(), 6, "{input:?}");
        }
    }
}
