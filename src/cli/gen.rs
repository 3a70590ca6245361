//! `nimstream gen`: the command line of [`nimstream::gen`], its checks of
//! the options, and its warnings about values past a problem's limits.

use std::io;
use std::process::ExitCode;

use clap::Args;
use nimstream::games::misere_rule;
use nimstream::gen::{self, GenError, GenOptions};
use nimstream::grundy::rule::MAX_REMOVAL;
use nimstream::input::Codec;
use nimstream::output::atomic::AtomicFile;
use nimstream::plural::count;
use nimstream::problem::{Bounds, Layout, Problem};
use nimstream::Error;

use crate::judge::parse_span;
use crate::messages;
use crate::progress::CaseBar;
use crate::{
    check_stdout, default_threads, pick_params, share, threads, warn_threads, whole, ProblemArgs,
};

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream gen lasker --cases 100 --heaps 1000000 --seed 7 -o big.in
  nimstream gen lasker --cases 100 --heaps 1..9 -o varied.in
  nimstream gen nim --cases 5 --losing 0 -o all-won.in
  nimstream gen wythoff --cases 1000 --max 1000000000 -o pairs.in.zst")]
pub struct GenArgs {
    #[command(flatten)]
    problem: ProblemArgs,
    /// Number of cases (default: 10, or the problem's maximum if smaller).
    #[arg(long, value_name = "T", value_parser = whole, allow_hyphen_values = true)]
    cases: Option<u64>,
    /// Heaps per case, for heap cases (items per row for row games): N,
    /// or MIN..MAX for each case to draw its own, uniformly and by the seed
    /// (default: 10, or the problem's maximum if smaller).
    #[arg(long, value_name = "N|MIN..MAX", value_parser = parse_span, allow_hyphen_values = true)]
    heaps: Option<Bounds>,
    /// Smallest heap size or first number, and for hdu2177 second number
    /// too (default: the problem's minimum).
    #[arg(long, value_parser = whole, allow_hyphen_values = true)]
    min: Option<u64>,
    /// Largest heap size or first number, and for hdu2177 second number
    /// too (default: the problem's maximum).
    #[arg(long, value_parser = whole, allow_hyphen_values = true)]
    max: Option<u64>,
    /// Smallest second number of a case: m, k or b (default: the problem's).
    #[arg(long, value_name = "MIN", value_parser = whole, allow_hyphen_values = true)]
    second_min: Option<u64>,
    /// Largest second number of a case: m, k or b (default: the problem's).
    #[arg(long, value_name = "MAX", value_parser = whole, allow_hyphen_values = true)]
    second_max: Option<u64>,
    /// For hdu1536: removals in each case's subtraction set, drawn distinct
    /// from [--second-min, --second-max]; for hdu1524: the most moves from a
    /// position (default: 10).
    #[arg(long, value_name = "K", value_parser = whole, allow_hyphen_values = true)]
    set_size: Option<u64>,
    /// For hdu1536: positions per case, each of --heaps heaps; for hdu1524:
    /// queries per graph, each of --heaps pieces (default: 10).
    #[arg(long, value_name = "M", value_parser = whole, allow_hyphen_values = true)]
    positions: Option<u64>,
    /// Seed of the random numbers: the same arguments give the same bytes.
    #[arg(long, default_value_t = 1, value_parser = whole, allow_hyphen_values = true)]
    seed: u64,
    /// Share of cases made losing for the first player, from 0 to 1.
    #[arg(long, default_value_t = 0.5, value_parser = share, allow_hyphen_values = true)]
    losing: f64,
    /// Write here instead of standard output (`-` is standard output); a
    /// name ending in .gz, .zst or .xz is written compressed in that format.
    /// The file is replaced only once it is written whole: a run that fails
    /// or is killed leaves what was there.
    #[arg(short, long, value_name = "PATH")]
    output: Option<std::path::PathBuf>,
    /// Threads generating cases, 1 to 1024 (default: all cores); the bytes
    /// are the same for any number.
    #[arg(long, value_name = "N", value_parser = threads, allow_hyphen_values = true)]
    threads: Option<usize>,
}

/// Each bound defaults to the original problem's limit.
pub fn gen_command(args: GenArgs) -> Result<ExitCode, Error> {
    let (problem, mut params, sized) = pick_params(&args.problem, &[], "nimstream gen PROBLEM")?;
    let defaults = GenOptions::within_limits(problem);
    // A misère quotient costs far more a heap than a nim-sequence: without
    // --upto it is computed no further than the largest heap drawn needs
    // (or its period).
    if sized && problem.game == misere_rule::SPEC {
        params.largest_heap = Some(args.max.unwrap_or(defaults.max));
    }
    let mut game = problem.build_game(&params)?;
    let (second_min, second_max) = second_range(problem, &args, &defaults);
    let options = GenOptions {
        cases: args.cases.unwrap_or(defaults.cases),
        heaps: args.heaps.map_or(defaults.heaps, |heaps| heaps.min),
        most_heaps: args.heaps.map(|heaps| heaps.max),
        min: args.min.unwrap_or(defaults.min),
        max: args.max.unwrap_or(defaults.max),
        second_min,
        second_max,
        set_size: args.set_size.unwrap_or(defaults.set_size),
        positions: args.positions.unwrap_or(defaults.positions),
        seed: args.seed,
        losing: args.losing,
    };
    let only_sets = args.set_size.is_some() || args.positions.is_some();
    let per_case = matches!(
        problem.layout,
        Layout::SubtractionSetCases | Layout::GraphCases
    );
    if only_sets && !per_case {
        return Err(Error::Usage(format!(
            "--set-size and --positions apply to hdu1536 and hdu1524, not {}",
            problem.name
        )));
    }
    check_gen_options(problem, &options)?;
    warn_beyond_limits(problem, &options);
    let threads = args.threads.unwrap_or_else(default_threads);
    let target = args
        .output
        .as_deref()
        .filter(|path| path.as_os_str() != "-");
    let name = target.map_or("<stdout>".into(), |path| path.display().to_string());
    let io_error = |source| Error::Io {
        path: name.clone(),
        source,
    };
    let bar = CaseBar::new(options.cases);
    let mut progress = |written| bar.update(written);
    let generated = match target {
        None => {
            check_stdout()?;
            gen::generate(
                problem,
                &mut game,
                &options,
                bar.counting(io::stdout().lock()),
                threads,
                &mut progress,
            )
        }
        Some(path) => {
            // FILE is replaced only by a whole file: a run that fails or is
            // killed leaves what was there.
            let file = AtomicFile::create(path).map_err(io_error)?;
            match Codec::for_output(path) {
                None => {
                    let mut file = file;
                    gen::generate(
                        problem,
                        &mut game,
                        &options,
                        bar.counting(&mut file),
                        threads,
                        &mut progress,
                    )
                    .and_then(|used| Ok(file.commit().map(|()| used)?))
                }
                Some(codec) => {
                    let mut encoder = codec.encoder(io::BufWriter::new(file)).map_err(io_error)?;
                    gen::generate(
                        problem,
                        &mut game,
                        &options,
                        bar.counting(&mut encoder),
                        threads,
                        &mut progress,
                    )
                    .and_then(|used| {
                        let file = encoder.finish()?.into_inner().map_err(|e| e.into_error())?;
                        file.commit()?;
                        Ok(used)
                    })
                }
            }
        }
    };
    bar.finish();
    let used = match generated {
        Ok(used) => used,
        Err(GenError::Io(source)) => return Err(io_error(source)),
        Err(GenError::Impossible(message) | GenError::OutOfMemory(message)) => {
            return Err(Error::Usage(message))
        }
    };
    warn_threads(used.used, used.wanted);
    Ok(ExitCode::SUCCESS)
}

/// The range of a case's second number. HDU 2177's `a ≤ b` are both piles,
/// so there `--min` and `--max` bound `b` too, unless `--second-min` and
/// `--second-max` say otherwise.
fn second_range(problem: &Problem, args: &GenArgs, defaults: &GenOptions) -> (u64, u64) {
    let (min, max) = match problem.layout {
        Layout::PairsToZero { ordered: true } => (args.min, args.max),
        _ => (None, None),
    };
    (
        args.second_min.or(min).unwrap_or(defaults.second_min),
        args.second_max.or(max).unwrap_or(defaults.second_max),
    )
}

fn check_gen_options(problem: &Problem, o: &GenOptions) -> Result<(), Error> {
    let most_heaps = o.heaps_at_most();
    let heaps = match o.most_heaps {
        Some(most) => format!("{}..{most}", o.heaps),
        None => o.heaps.to_string(),
    };
    if o.most_heaps.is_some_and(|most| most < o.heaps) {
        return Err(Error::Usage(format!(
            "--heaps {heaps}: the fewest heaps, {}, is above the most, {}",
            o.heaps,
            o.most_heaps.unwrap_or(0)
        )));
    }
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
    // Before the warnings: a file refused is not one validate could accept.
    gen::check_end_marker(problem, o).map_err(|error| Error::Usage(error.to_string()))?;
    // Other counts beyond the limits are only warned of, but a test of no
    // cases where the limits ask for some holds nothing to judge.
    let least = problem.limits.cases.min;
    if o.cases == 0 && least > 0 {
        let name = if problem.layout.has_case_count() {
            "T"
        } else {
            "cases"
        };
        return Err(Error::Usage(format!(
            "--cases 0: a test of {} holds at least {} ({name} ≥ {least})",
            problem.name,
            count(least, "case")
        )));
    }
    if problem.layout == Layout::HeapTriplesToZero && (o.heaps, most_heaps) != (3, 3) {
        return Err(Error::Usage(format!(
            "--heaps {heaps}: {} cases are three heaps, so --heaps must be 3",
            problem.name
        )));
    }
    if most_heaps > o.heaps && !problem.layout.has_count() {
        return Err(Error::Usage(format!(
            "--heaps {heaps}: the cases of {} hold no count of heaps to vary",
            problem.name
        )));
    }
    if problem.layout == Layout::SubtractionSetCases {
        check_sets(o)?;
    }
    Ok(())
}

/// S-Nim's removals: those the rule engine takes.
fn check_sets(o: &GenOptions) -> Result<(), Error> {
    if o.second_min == 0 || o.second_max > MAX_REMOVAL as u64 {
        return Err(Error::Usage(format!(
            "removals must be from 1 to {MAX_REMOVAL}; --second-min and --second-max bound them"
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
    if problem.layout.has_count() {
        let n = Bounds::new(o.heaps, o.heaps_at_most());
        checks.push((problem.vars.heaps.name, "heaps", n, limits.heaps));
    }
    if let Some(second) = problem.vars.second {
        let asked = Bounds::new(o.second_min, o.second_max);
        checks.push((second.label, "second", asked, limits.second));
    }
    if problem.layout == Layout::GraphCases {
        let x = Bounds::new(0, o.set_size);
        checks.push(("X", "set-size", x, limits.set_size));
    }
    if problem.layout == Layout::SubtractionSetCases {
        let k = Bounds::new(o.set_size, o.set_size);
        checks.push(("k", "set-size", k, limits.set_size));
        let m = Bounds::new(o.positions, o.positions);
        checks.push(("m", "positions", m, limits.positions));
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
            messages::warning(format_args!(
                "{} is outside {source}'s limits {allowed}; \
                 validate accepts the file with --{flag}-min {}",
                what(asked.min),
                asked.min
            ));
        }
        if asked.max > allowed.max {
            messages::warning(format_args!(
                "{} is outside {source}'s limits {allowed}; \
                 validate accepts the file with --{flag}-max {}",
                what(asked.max),
                asked.max
            ));
        }
    }
}
