//! The `nimstream` command line: argument parsing and exit statuses. The
//! work itself lives in the library.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use nimstream::gen::{self, GenOptions};
use nimstream::input::{Input, StreamSource};
use nimstream::limits::Limits;
use nimstream::output::VerdictWriter;
use nimstream::scan::Kernel;
use nimstream::solve::{self, Game, Report};
use nimstream::Error;

#[derive(Parser)]
#[command(
    name = "nimstream",
    version,
    about = "Solve, generate and validate judge files for Nim-family games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print who wins each case, one line per case, in the judge's words.
    Solve(SolveArgs),
    /// Write a reproducible test file in the problem's strict format.
    Gen(GenArgs),
    /// Check that a file is exactly in the problem's format and limits.
    ///
    /// Exit status 0 if it is, 1 if not (the first violation is printed as
    /// PATH:LINE:COLUMN: message), 2 on a usage or I/O error. Standard input
    /// is read into memory before it is checked.
    Validate(ValidateArgs),
}

/// Each bound defaults to the original problem's limit.
#[derive(Args)]
struct ValidateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Smallest allowed number of cases: T, or for fibonacci and wythoff
    /// (which have no T) the number of lines before the end.
    #[arg(long, value_name = "T")]
    cases_min: Option<u64>,
    /// Largest allowed number of cases (see --cases-min).
    #[arg(long, value_name = "T")]
    cases_max: Option<u64>,
    /// Smallest allowed N, the heaps in a case (nim, lasker, misere, bounded).
    #[arg(long, value_name = "N")]
    heaps_min: Option<u64>,
    /// Largest allowed N (see --heaps-min).
    #[arg(long, value_name = "N")]
    heaps_max: Option<u64>,
    /// Smallest allowed heap size (s for lasker, a for nim and bounded, A for
    /// misere) or first number of a line (n for bash, fibonacci and
    /// kmultiple, a for wythoff).
    #[arg(long, value_name = "V")]
    value_min: Option<u64>,
    /// Largest allowed heap size or first number (see --value-min).
    #[arg(long, value_name = "V")]
    value_max: Option<u64>,
    /// Smallest allowed second number of a line: m for bash, k for
    /// kmultiple, b for wythoff.
    #[arg(long, value_name = "V")]
    second_min: Option<u64>,
    /// Largest allowed second number (see --second-min).
    #[arg(long, value_name = "V")]
    second_max: Option<u64>,
    /// For a valid file, print the range each variable reaches, marking the
    /// problem's bounds it hits, and how many cases each player wins.
    #[arg(long)]
    summary: bool,
}

#[derive(Args)]
struct GenArgs {
    /// nim, lasker, misere, bounded, bash, fibonacci, kmultiple or wythoff.
    game: String,
    /// Number of cases (default: 10, or fewer if the problem allows fewer).
    #[arg(long, value_name = "T")]
    cases: Option<u64>,
    /// Heaps per case, for the heap games (default: 10, or the problem's maximum if smaller).
    #[arg(long, value_name = "N")]
    heaps: Option<u64>,
    /// Smallest heap size or first number (default: the problem's minimum).
    #[arg(long)]
    min: Option<u64>,
    /// Largest heap size or first number (default: the problem's maximum).
    #[arg(long)]
    max: Option<u64>,
    /// Range of the second number of a pair (m, k or b; default: the problem's).
    #[arg(long, value_name = "MIN")]
    second_min: Option<u64>,
    #[arg(long, value_name = "MAX")]
    second_max: Option<u64>,
    /// Seed of the random numbers: the same arguments give the same bytes.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Share of cases made losing for the first player, from 0 to 1.
    #[arg(long, default_value_t = 0.5)]
    losing: f64,
    /// For `bounded`: a move removes 1 to K objects from one heap.
    #[arg(long, value_name = "K")]
    max_take: Option<u64>,
    /// Write here instead of standard output.
    #[arg(short, long, value_name = "PATH")]
    output: Option<String>,
    /// Threads generating cases (default: all cores); the bytes are the same
    /// for any number.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
}

#[derive(Args)]
struct GameArgs {
    /// nim, lasker, misere, bounded, bash, fibonacci, kmultiple or wythoff.
    game: String,
    /// The input file; `-` or nothing reads standard input.
    path: Option<String>,
    /// For `bounded`: a move removes 1 to K objects from one heap.
    #[arg(long, value_name = "K")]
    max_take: Option<u64>,
}

#[derive(Args)]
struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Replace the winning and losing words, e.g. `--words First,Second`.
    #[arg(long, value_name = "WIN,LOSE")]
    words: Option<String>,
    /// Worker threads for large files (default: all cores).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Print bytes, cases, heaps, seconds and GB/s to standard error.
    #[arg(long)]
    stats: bool,
    /// Tokenizer kernel: reference, swar, avx2 or avx512 (default: the
    /// fastest this CPU runs). For benchmarking and testing.
    #[arg(long, value_name = "NAME")]
    kernel: Option<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve_command(args),
        Command::Gen(args) => gen_command(args),
        Command::Validate(args) => validate_command(args),
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

/// The name errors use for the input.
fn display_path(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

fn pick_kernel(name: Option<&str>) -> Result<Kernel, Error> {
    let Some(name) = name else {
        return Ok(Kernel::detect());
    };
    let kernel = Kernel::from_name(name).ok_or_else(|| {
        Error::Usage(format!(
            "unknown kernel '{}'; expected reference, swar, avx2 or avx512",
            name
        ))
    })?;
    if !kernel.is_available() {
        return Err(Error::Usage(format!(
            "this CPU cannot run the {} kernel",
            name
        )));
    }
    Ok(kernel)
}

fn parse_words(words: Option<&str>, game: Game) -> Result<(String, String), Error> {
    let Some(words) = words else {
        let (win, lose) = game.words();
        return Ok((win.to_string(), lose.to_string()));
    };
    match words.split_once(',') {
        Some((win, lose)) if !win.contains(['\n', ',']) && !lose.contains(['\n', ',']) => {
            Ok((win.to_string(), lose.to_string()))
        }
        _ => Err(Error::Usage(
            "--words takes two words separated by one comma, e.g. --words Yes,No".into(),
        )),
    }
}

fn solve_command(args: SolveArgs) -> Result<ExitCode, Error> {
    let game = Game::from_name(&args.game.game, args.game.max_take)?;
    let (win, lose) = parse_words(args.words.as_deref(), game)?;
    let kernel = pick_kernel(args.kernel.as_deref())?;
    if args.threads == Some(0) {
        return Err(Error::Usage("--threads must be at least 1".into()));
    }
    let path = args.game.path.as_deref().unwrap_or("-");
    let name = display_path(path);
    let input = Input::open(path)?;
    let started = Instant::now();

    let stdout = io::stdout().lock();
    let mut out = VerdictWriter::new(stdout, &win, &lose, game.line_prefix());
    let bar = ProgressBar::new(input.as_slice().map(|s| s.len() as u64));
    let mut progress = |bytes| bar.update(bytes);
    let result = match input.as_slice() {
        Some(bytes) => {
            let threads = args.threads.unwrap_or_else(default_threads);
            solve::solve_bytes(game, bytes, kernel, threads, &mut out, name, &mut progress)
        }
        None => {
            let Input::Stream(reader) = input else {
                unreachable!("only streams have no slice")
            };
            let mut source = StreamSource::new(reader, kernel);
            let result = solve::solve(game, &mut source, &mut out, name, &mut progress);
            finish(result, &mut out, &bar, started, args.stats, game)?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    finish(result, &mut out, &bar, started, args.stats, game)?;
    input.check_unchanged(path)?;
    Ok(ExitCode::SUCCESS)
}

fn gen_command(args: GenArgs) -> Result<ExitCode, Error> {
    let game = Game::from_name(&args.game, args.max_take)?;
    let limits = Limits::of(game);
    let options = GenOptions {
        cases: args.cases.unwrap_or(limits.cases.max.min(10)),
        heaps: args.heaps.unwrap_or(limits.heaps.max.min(10)),
        min: args.min.unwrap_or(limits.value.min),
        max: args.max.unwrap_or(limits.value.max),
        second_min: args.second_min.unwrap_or(limits.second.min),
        second_max: args.second_max.unwrap_or(limits.second.max),
        seed: args.seed,
        losing: args.losing,
    };
    if options.min > options.max || options.second_min > options.second_max {
        return Err(Error::Usage("--min must not exceed --max".into()));
    }
    if !(0.0..=1.0).contains(&options.losing) {
        return Err(Error::Usage("--losing takes a share from 0 to 1".into()));
    }
    if game == Game::Fibonacci && options.min == 0 {
        return Err(Error::Usage(
            "fibonacci inputs end at the first 0, so --min must be at least 1".into(),
        ));
    }
    let threads = args.threads.unwrap_or_else(default_threads).max(1);
    let target = args.output.as_deref().filter(|&path| path != "-");
    let written = match target {
        None => gen::generate_with_threads(game, &options, io::stdout().lock(), threads),
        Some(path) => std::fs::File::create(path)
            .and_then(|file| gen::generate_with_threads(game, &options, file, threads)),
    };
    written.map_err(|source| Error::Io {
        path: target.unwrap_or("<stdout>").to_string(),
        source,
    })?;
    Ok(ExitCode::SUCCESS)
}

fn validate_command(args: ValidateArgs) -> Result<ExitCode, Error> {
    use nimstream::validate::{self, Detail, Overrides, Range};
    let game = Game::from_name(&args.game.game, args.game.max_take)?;
    let range = |min, max| Range { min, max };
    let overrides = Overrides {
        cases: range(args.cases_min, args.cases_max),
        heaps: range(args.heaps_min, args.heaps_max),
        value: range(args.value_min, args.value_max),
        second: range(args.second_min, args.second_max),
    };
    let limits = validate::limits(game, &overrides)?;
    let path = args.game.path.as_deref().unwrap_or("-");
    let detail = if args.summary {
        Detail::Summary
    } else {
        Detail::Check
    };
    match validate::validate_path(game, path, display_path(path), &limits, detail) {
        Ok(Some(summary)) => {
            write!(io::stdout().lock(), "{summary}").map_err(|source| Error::Io {
                path: "<stdout>".into(),
                source,
            })?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(_) => Ok(ExitCode::SUCCESS),
        // An invalid file is the answer, not a failure of the command.
        Err(invalid @ Error::Input { .. }) => {
            eprintln!("nimstream: {}", invalid);
            Ok(ExitCode::from(1))
        }
        Err(error) => Err(error),
    }
}

/// Flushes the verdicts written so far, then reports the error or the stats.
fn finish<W: Write>(
    result: Result<Report, Error>,
    out: &mut VerdictWriter<W>,
    bar: &ProgressBar,
    started: Instant,
    stats: bool,
    game: Game,
) -> Result<(), Error> {
    bar.finish();
    let flushed = out.flush().map_err(|source| Error::Io {
        path: "<stdout>".into(),
        source,
    });
    let report = result?;
    flushed?;
    if stats {
        let seconds = started.elapsed().as_secs_f64();
        let values = if game.has_heap_cases() {
            "heaps"
        } else {
            "numbers"
        };
        eprintln!(
            "nimstream: {} bytes, {} cases, {} {}, {:.3} s, {:.2} GB/s",
            report.bytes,
            report.cases,
            report.values,
            values,
            seconds,
            report.bytes as f64 / seconds.max(1e-9) / 1e9
        );
    }
    Ok(())
}

/// A progress bar on standard error, shown only when it is a terminal and
/// the work is large enough to wait for.
struct ProgressBar {
    bar: Option<indicatif::ProgressBar>,
    last: std::cell::Cell<u64>,
}

impl ProgressBar {
    const STEP: u64 = 16 << 20;

    fn new(total: Option<u64>) -> ProgressBar {
        let wanted = io::stderr().is_terminal() && total.is_none_or(|t| t >= 4 * Self::STEP);
        let bar = wanted.then(|| {
            let bar = match total {
                Some(total) => indicatif::ProgressBar::new(total),
                None => indicatif::ProgressBar::new_spinner(),
            };
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            let template = match total {
                Some(_) => "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
                None => "{spinner} {bytes} {bytes_per_sec}",
            };
            if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        ProgressBar {
            bar,
            last: std::cell::Cell::new(0),
        }
    }

    fn update(&self, bytes: u64) {
        if let Some(bar) = &self.bar {
            if bytes >= self.last.get() + Self::STEP {
                self.last.set(bytes);
                bar.set_position(bytes);
            }
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
