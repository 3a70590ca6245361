//! `nimstream solve`: one line per case, in the judge's words.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use nimstream::games::Game;
use nimstream::input::MmapChoice;
use nimstream::output::VerdictWriter;
use nimstream::pipeline::Job;
use nimstream::plural::{count, count_as};
use nimstream::problem::Problem;
use nimstream::Error;

use crate::batch::{self, Outcome, Target};
use crate::inputs::{write_name, Inputs};
use crate::progress::ProgressBar;
use crate::stats::{self, StatsFormat};
use crate::{
    check_stdout, default_threads, pick_kernel, pick_params, stdout_error, threads, warn_threads,
    ProblemArgs,
};

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream solve lasker testdata/lasker-hdu3032.in
  nimstream solve hdu3032 big.in --stats --threads 2
  nimstream solve nim tests/                          every tests/*.in, answers in order
  nimstream solve nim tests/ --out-dir tests/         tests/NAME.out for each tests/NAME.in
  nimstream solve nim tests/ --check                  compare with tests/NAME.out
  nimstream solve kayles cases.in --move              a game given by its rule")]
pub struct SolveArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// The inputs: files, and folders whose inputs (`*.in`, `*.in.gz`,
    /// `*.in.zst`, `*.in.xz`) are read in name order; `-` or nothing reads
    /// standard input.
    #[arg(value_name = "FILE")]
    paths: Vec<PathBuf>,
    /// Write each input's answers to DIR/NAME.out (NAME.in's or
    /// NAME.in.gz's answers to NAME.out), each file replaced whole or not at
    /// all; DIR is created if needed, and two inputs of one NAME are refused.
    /// With --check, the folder of the expected answers.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Compare each input's answers with the NAME.out beside it (or in
    /// --out-dir), line by line, ignoring trailing whitespace; print each
    /// difference as NAME.out:LINE: the file says …, nimstream answers …,
    /// and exit 1 if any.
    #[arg(long)]
    check: bool,
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
    /// hdu1850, poj3922, poj2975, p1247 and hdu2177, whose answers are not
    /// a verdict, nor for the row games poj1704, hdu1730, hdu4315, hdu3389,
    /// p2148 and hdu3595, whose moves it does not name.
    #[arg(long = "move")]
    moves: bool,
    /// When done, print statistics to standard error: bytes, cases, heaps
    /// or numbers, seconds, GB/s, the kernel and the threads; as one line,
    /// or with `--stats=json` as one JSON object that also says how the
    /// kernel was chosen and what kind of input was read. With several
    /// inputs, one for each input solved, after its answers, with its path.
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
    let name = problem.name;
    let answer = problem.answer_is().unwrap_or("is a verdict");
    if args.moves && problem.layout.has_rows() {
        return Err(Error::Usage(format!(
            "--move names moves of heap and position games; {name}'s cases are rows, \
             whose moves it does not name"
        )));
    }
    if args.moves && !problem.takes_moves() {
        return Err(Error::Usage(format!(
            "--move applies to answers that are a verdict; {name}'s answer {answer}"
        )));
    }
    if args.words.is_some() && !problem.takes_words() {
        return Err(Error::Usage(format!(
            "--words does not apply to {name}, whose answer {answer}"
        )));
    }
    Ok(())
}

/// `--stats json`, with a space where `--stats=json` has an equals sign,
/// reads `json` as an input; with no file of that name, it can only have
/// meant the format.
fn take_stats_format(args: &mut SolveArgs) {
    if args.stats != Some(StatsFormat::Text) {
        return;
    }
    let format = |path: &Path| match path.to_str() {
        Some("json") => Some(StatsFormat::Json),
        Some("text") => Some(StatsFormat::Text),
        _ => None,
    };
    let meant = args
        .paths
        .iter()
        .position(|p| format(p).is_some() && !p.exists());
    if let Some(at) = meant {
        args.stats = format(&args.paths.remove(at));
    }
}

pub fn solve_command(mut args: SolveArgs) -> Result<ExitCode, Error> {
    args.problem.shift_inputs(&mut args.paths)?;
    take_stats_format(&mut args);
    if args.paths.is_empty() {
        args.paths.push("-".into());
    }
    let usage = "nimstream solve PROBLEM FILE";
    let (problem, mut params, sized_by_input) = pick_params(&args.problem, &args.paths, usage)?;
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
    let target = batch_target(&args)?;
    // Only answers to `--out-dir` leave standard output unwritten.
    if !matches!(target, Some(Target::OutDir(_))) {
        check_stdout()?;
    }
    // Standard input and compressed data tell their largest heap only once
    // read; the game's values are computed after that.
    let sized = sized_by_input.then_some(problem.layout);
    let inputs = Inputs::look(&args.paths, sized, job.mmap, usage)?;
    params.largest_heap = inputs.largest();
    let game = problem.build_game(&params)?;
    let stats = args.stats.map(|format| stats::Run {
        format,
        problem,
        kernel: (job.kernel, args.kernel.is_some()),
        rule_values: match (&game, sized_by_input || args.problem.upto.is_some()) {
            (Game::Rule(game), true) => Some(game.table_len()),
            _ => None,
        },
    });
    if let Some(target) = target {
        return solve_several(&job, &game, &inputs, target, stats);
    }
    let source = &inputs.sources()[0];
    let path = source.path();
    let mut input = source.open(job.mmap)?;
    let mut game = game;
    let started = Instant::now();
    let mut out = VerdictWriter::new(io::stdout().lock(), &win, &lose, problem.verdicts.prefix);
    let mut bar = ProgressBar::default();
    let result = job.solve_opened(&mut input, path, &mut game, &mut out, &mut bar);
    bar.finish();
    // The verdicts before an error are kept.
    let flushed = out.flush().map_err(stdout_error);
    let solved = result?;
    flushed?;
    let report = &solved.report;
    warn_threads(report.threads, report.threads_wanted);
    if let Some(stats) = &stats {
        stats::print(stats, &solved, started.elapsed(), None);
    }
    Ok(ExitCode::SUCCESS)
}

/// Where the answers of several inputs go ([`batch`]), when there are
/// several, or `--out-dir` or `--check`; `None` for one input answered on
/// standard output.
fn batch_target(args: &SolveArgs) -> Result<Option<Target>, Error> {
    let target = match (&args.out_dir, args.check) {
        (dir, true) => Target::Check(dir.clone()),
        (Some(dir), false) => Target::OutDir(dir.clone()),
        (None, false) if Inputs::several(&args.paths) => Target::Stdout,
        (None, false) => return Ok(None),
    };
    if !matches!(target, Target::Stdout) && args.paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(Error::Usage(
            "--out-dir and --check name each answer after its input file; \
             standard input has no name"
                .into(),
        ));
    }
    Ok(Some(target))
}

/// `solve` with several inputs, `--out-dir` or `--check` ([`batch`]);
/// `stats`, when asked for, are printed for each input.
fn solve_several(
    job: &Job,
    game: &Game,
    inputs: &Inputs,
    target: Target,
    stats: Option<stats::Run>,
) -> Result<ExitCode, Error> {
    let sources = inputs.sources();
    if let Target::OutDir(dir) = &target {
        let paths: Vec<PathBuf> = sources.iter().map(|s| s.path().to_path_buf()).collect();
        batch::refuse_clashes(&paths, dir)?;
        nimstream::output::create_folder(dir).map_err(|source| Error::Io {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let mut tally = Tally {
        stats,
        ..Tally::default()
    };
    let mut stdout = io::stdout().lock();
    batch::run(job, game, sources, &target, |outcome| {
        tally.report(outcome, &mut stdout)
    })?;
    stdout.flush().map_err(stdout_error)?;
    if matches!(target, Target::Check(_)) {
        tally.summary();
    }
    Ok(tally.exit_code())
}

/// The outcomes of several inputs, as they are reported.
#[derive(Default)]
struct Tally<'a> {
    inputs: u64,
    failed: u64,
    differ: u64,
    /// The statistics asked for, printed for each input solved.
    stats: Option<stats::Run<'a>>,
}

impl Tally<'_> {
    /// Reports one input: its answers or differences on standard output,
    /// an error and the statistics asked for on standard error.
    fn report(&mut self, outcome: Outcome, out: &mut impl Write) -> Result<(), Error> {
        self.inputs += 1;
        out.write_all(&outcome.answers).map_err(stdout_error)?;
        if let Some((expected, verdict)) = &outcome.checked {
            if !verdict.matches() {
                self.differ += 1;
                for mismatch in &verdict.listed {
                    write_name(out, expected).map_err(stdout_error)?;
                    writeln!(out, ":{mismatch}").map_err(stdout_error)?;
                }
                let more = verdict.differing - verdict.listed.len() as u64;
                if more > 0 {
                    let lines = count_as(more, "more line differs", "more lines differ");
                    write_name(out, expected).map_err(stdout_error)?;
                    writeln!(out, ": {lines}").map_err(stdout_error)?;
                }
            }
        }
        if let (Some(stats), Some((solved, elapsed))) = (&self.stats, &outcome.solved) {
            // After the answers they are about.
            out.flush().map_err(stdout_error)?;
            stats::print(stats, solved, *elapsed, Some(outcome.input.path()));
        }
        if let Some(error) = outcome.error {
            if error.is_broken_pipe() {
                return Err(error);
            }
            self.failed += 1;
            // Answers and messages in the order they happened.
            out.flush().map_err(stdout_error)?;
            crate::report_error(&error);
        }
        Ok(())
    }

    /// The count of files checked, on standard error.
    fn summary(&self) {
        let matched = self.inputs - self.differ - self.failed;
        let mut parts = vec![count_as(matched, "matches", "match").to_string()];
        if self.differ > 0 {
            parts.push(count_as(self.differ, "differs", "differ").to_string());
        }
        if self.failed > 0 {
            parts.push(format!("{} could not be checked", self.failed));
        }
        crate::messages::report(format_args!(
            "{} checked: {}",
            count(self.inputs, "file"),
            parts.join(", ")
        ));
    }

    /// 2 if an input failed, else 1 if answers differ, else 0.
    fn exit_code(&self) -> ExitCode {
        match (self.failed, self.differ) {
            (0, 0) => ExitCode::SUCCESS,
            (0, _) => ExitCode::from(1),
            _ => ExitCode::from(2),
        }
    }
}
