//! `nimstream grundy`: nim-sequences of games given by their rules.

mod watch;

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use nimstream::games::rule::DEFAULT_UPTO;
use nimstream::grundy::plot::{render_svg, PlotRequest};
use nimstream::grundy::sequence::Stop;
use nimstream::grundy::{Method, NimSequence, Rule, Values, MAX_VALUES};
use nimstream::plural::count;
use nimstream::Error;

use crate::check_stdout;
use watch::{finish_output, open_output, Checkpoint, Pace, ProgressLine};

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream grundy kayles                  preperiod 71 period 12
  nimstream grundy 0.16 --stats
  nimstream grundy sub:1,3,4 --values 20
  nimstream grundy dawson --plot dawson.svg
  nimstream grundy grundy --upto 65536 --plot g.svg --from 60000 --to 61000
  nimstream grundy 0.6 --values 16777216 --out officers.u16 --format u16le
  nimstream grundy 0.454 --upto 500000000 --checkpoint 0.454.ckpt")]
pub struct GrundyArgs {
    /// The rule: an octal code (`0.77` Kayles, `0.07` Dawson's Kayles,
    /// `4.07`: a leading 4 allows splitting without removing), a
    /// subtraction set (`sub:1,3,4`), a hexadecimal code (digits 8-f also
    /// leave three heaps: `0.8`, `4.0f`), `grundy` (Grundy's game), or a
    /// name: kayles, dawson, dawson-chess, officers, treblecross or guiles.
    #[arg(
        value_name = "RULE",
        value_parser = crate::completion::rules(),
        hide_possible_values = true
    )]
    rule: String,
    /// Print G(0) … G(N-1), one per line.
    #[arg(long, value_name = "N", value_parser = value_count)]
    values: Option<usize>,
    /// Compute values until the period is proven and print
    /// `preperiod A period B` (exit 0), or `no period proven up to N`
    /// (exit 1). The default when --values is not given.
    #[arg(long)]
    period: bool,
    /// With --period or --plot: give up looking for the period after this
    /// many values (default 1048576, at most 4294967296 = 2^32).
    #[arg(long, value_name = "N", value_parser = value_count)]
    upto: Option<usize>,
    /// Draw the nim-sequence (value against heap size, the period marked)
    /// as an SVG file: the --values, or every value computed for --period
    /// (the default with --plot alone).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// With --plot: draw the heaps from N on (default 0).
    #[arg(long, value_name = "N", requires = "plot")]
    from: Option<usize>,
    /// With --plot: draw the heaps up to N, computing values that far
    /// (default: up to the last value of --values or of the period search).
    #[arg(long, value_name = "N", requires = "plot", value_parser = last_heap)]
    to: Option<usize>,
    /// How values are computed: auto (the sparse space where the game has
    /// one, else the naive mex), naive or sparse (refused for a game that
    /// never splits a heap, which has no sparse space).
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = method)]
    method: Method,
    /// When done, print to standard error how many values were computed,
    /// how, and in how many seconds.
    #[arg(long)]
    stats: bool,
    /// With --values: write the values to FILE (replaced whole, or left
    /// as it was if the run fails) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// How --values are written: text (one per line) or u16le (two bytes
    /// each, little-endian; an error if a value is 65536 or more).
    #[arg(long, value_name = "FORMAT", default_value = "text")]
    format: Format,
    /// Resume from FILE if it holds a checkpoint of the same rule, and
    /// save the values computed to it every --checkpoint-every seconds,
    /// on SIGINT or SIGTERM (then stop), and at the end. A damaged file
    /// or one of another rule is an error.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Threads to compute on, 1 to 1024 (default: the cores the machine
    /// leaves free, asked again every 4096 values: the cores less the other
    /// tasks ready to run, and one core fewer while the CPU pressure is 20%
    /// or more, as /proc shows them). Games with many rare heaps (officers,
    /// 0.14) use two: one marks the next block of heaps' pairs, and sweeps
    /// its early ones, while the other finishes this block; on a busy
    /// machine, while the second thread gets no core of its own, the first
    /// works alone. The values are the same on any number.
    #[arg(long, value_name = "N", value_parser = crate::threads, allow_hyphen_values = true)]
    threads: Option<usize>,
    /// Seconds between checkpoints.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 300,
        requires = "checkpoint"
    )]
    checkpoint_every: u64,
}

/// How `--values` are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// One decimal value per line.
    Text,
    /// Two bytes per value, little-endian.
    U16le,
}

pub fn value_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_VALUES).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{text}' is not a whole number from 1 to {MAX_VALUES}"
        )),
    }
}

/// A heap a plot may end at: one whose value can be computed.
fn last_heap(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n < MAX_VALUES => Ok(n),
        _ => Err(format!(
            "'{text}' is not a whole number from 0 to {}",
            MAX_VALUES - 1
        )),
    }
}

fn method(text: &str) -> Result<Method, String> {
    Method::by_name(text).ok_or_else(|| format!("'{text}' is not auto, naive or sparse"))
}

/// What the command was asked for, checked before any work.
struct Plan {
    want_period: bool,
    search: bool,
    upto: usize,
    target: usize,
    /// Values the plot's `--to` needs.
    plot_values: Option<usize>,
}

fn plan(args: &GrundyArgs, rule: &Rule) -> Result<Plan, Error> {
    let not_svg = |path: &&Path| {
        !path
            .extension()
            .is_some_and(|extension| extension.eq_ignore_ascii_case("svg"))
    };
    if let Some(path) = args.plot.as_deref().filter(not_svg) {
        return Err(Error::Usage(format!(
            "--plot writes SVG; name the file with .svg, not '{}'",
            path.display()
        )));
    }
    if args.method == Method::Sparse && rule.leave_two().is_empty() {
        return Err(Error::Usage(format!(
            "--method sparse: {rule} never splits a heap, so it has no sparse space; \
             use --method auto or naive"
        )));
    }
    if args.values.is_none() && (args.out.is_some() || args.format != Format::Text) {
        return Err(Error::Usage("--out and --format go with --values".into()));
    }
    let want_period = args.period || args.values.is_none();
    // A plot marks the period, so it is looked for even when not printed.
    let search = want_period || args.plot.is_some();
    if args.upto.is_some() && !search {
        return Err(Error::Usage("--upto goes with --period or --plot".into()));
    }
    if let (Some(from), Some(to)) = (args.from, args.to) {
        if from > to {
            return Err(Error::Usage(format!(
                "--from {from} is past --to {to}: the plot needs a heap range"
            )));
        }
    }
    let upto = args.upto.unwrap_or(DEFAULT_UPTO);
    // Without --to the plot ends at the values computed, at most these: a
    // --from past them is refused before hours of work, not after.
    if let (Some(from), None) = (args.from, args.to) {
        let most = args.values.unwrap_or(upto);
        if from >= most {
            return Err(from_past_plot(from, most));
        }
    }
    let plot_values = args.to.map(|to| to + 1);
    let target = if search { upto } else { 0 }
        .max(args.values.unwrap_or(0))
        .max(plot_values.unwrap_or(0));
    Ok(Plan {
        want_period,
        search,
        upto,
        target,
        plot_values,
    })
}

/// `--from` at or past `end`, where a plot without `--to` ends.
fn from_past_plot(from: usize, end: usize) -> Error {
    Error::Usage(format!(
        "--from {from}: the plot ends at heap {}; give --to N to draw further",
        end.saturating_sub(1)
    ))
}

pub fn grundy_command(args: GrundyArgs) -> Result<ExitCode, Error> {
    let rule = Rule::parse(&args.rule).map_err(|e| crate::rule_error(&args.rule, e))?;
    let plan = plan(&args, &rule)?;
    if plan.want_period || (args.values.is_some() && args.out.is_none()) {
        check_stdout()?;
    }
    // Files the run ends with are opened first: a path that cannot be
    // written is an error before hours of work, not after.
    let plot_file = args.plot.as_deref().map(open_output).transpose()?;
    let out_file = args.out.as_deref().map(open_output).transpose()?;
    let started = Instant::now();
    let mut checkpoint = args
        .checkpoint
        .as_deref()
        .map(|path| Checkpoint::new(path, Duration::from_secs(args.checkpoint_every)));
    let mut seq = match &mut checkpoint {
        Some(checkpoint) => checkpoint.load(rule, args.method)?,
        None => NimSequence::new(rule, args.method),
    };
    match args.threads {
        Some(threads) => seq.set_threads(threads),
        None => seq.set_threads_by(nimstream::parallel::threads_now),
    }
    let computed = compute(&mut seq, &plan, args.values, checkpoint.as_mut());
    if let Some(checkpoint) = &mut checkpoint {
        checkpoint.save(&seq)?;
    }
    let period = match computed {
        Ok(period) => period,
        Err(Halt::Error(e)) => return Err(e),
        Err(Halt::Signal(signal)) => {
            let path = checkpoint.as_ref().map(|c| c.path().display().to_string());
            crate::messages::report(format_args!(
                "stopped at {}; saved to {}: the same command resumes",
                count(seq.values().len() as u64, "value"),
                path.unwrap_or_default()
            ));
            return Ok(ExitCode::from((128 + signal) as u8));
        }
    };
    let values = args.values.map(|n| (n, seq.values()));
    // A checkpoint may hold values past --upto; the search used none of them.
    let searched = period.map(|found| (found, seq.values().len().min(plan.upto)));
    let code = print(values, searched, args.format, out_file, args.out.as_deref())?;
    if let (Some(file), Some(path)) = (plot_file, &args.plot) {
        let computed = args.values.unwrap_or(plan.upto).min(seq.values().len());
        let end = args.to.map_or(computed, |to| to + 1);
        let from = args.from.unwrap_or(0);
        if from >= end {
            return Err(from_past_plot(from, end));
        }
        let request = PlotRequest {
            title: &seq.rule().to_string(),
            values: seq.values(),
            heaps: from..end,
            searched: seq.values().len().min(plan.upto),
            period: seq.period(),
        };
        let svg = render_svg(&request).map_err(|e| Error::Io {
            path: path.display().to_string(),
            source: io::Error::other(e),
        })?;
        finish_output(file, path, svg.as_bytes())?;
    }
    if args.stats {
        crate::messages::report(format_args!(
            "{} of {} in {:.3} s ({})",
            count(seq.values().len() as u64, "value"),
            seq.rule(),
            started.elapsed().as_secs_f64(),
            seq.method()
        ));
    }
    Ok(code)
}

/// Why a computation ended early.
enum Halt {
    Error(Error),
    /// A signal asked it to stop (the checkpoint is saved).
    Signal(i32),
}

/// Computes what `plan` asks for: `Some(period search)` when it asks for
/// one (`None` inside when none was proven).
fn compute(
    seq: &mut NimSequence,
    plan: &Plan,
    values: Option<usize>,
    mut checkpoint: Option<&mut Checkpoint>,
) -> Result<Option<Option<nimstream::grundy::Period>>, Halt> {
    let start = seq.values().len();
    let line = ProgressLine::new(Pace {
        start,
        total: plan.target,
        resumed_from: checkpoint
            .as_ref()
            .filter(|_| start > 0)
            .map(|c| c.path().to_path_buf()),
    });
    let mut failure = None;
    let mut progress = |seq: &NimSequence| {
        line.show(seq);
        match checkpoint.as_mut().map(|c| c.tick(seq)) {
            None | Some(Ok(ControlFlow::Continue(()))) => ControlFlow::Continue(()),
            Some(Ok(ControlFlow::Break(()))) => ControlFlow::Break(()),
            Some(Err(e)) => {
                failure = Some(e);
                ControlFlow::Break(())
            }
        }
    };
    let run = |seq: &mut NimSequence, progress: &mut dyn FnMut(&NimSequence) -> ControlFlow<()>| {
        let found = match plan.search {
            true => Some(seq.find_period(plan.upto, progress)?),
            false => None,
        };
        for n in values.into_iter().chain(plan.plot_values) {
            seq.extend_to(n, progress)?;
        }
        Ok::<_, Stop>(found.filter(|_| plan.want_period))
    };
    let result = run(seq, &mut progress);
    line.finish();
    match result {
        Ok(found) => Ok(found),
        Err(Stop::Asked) => match (failure, crate::signals::stopped_by()) {
            (Some(e), _) => Err(Halt::Error(e)),
            (None, Some(signal)) => Err(Halt::Signal(signal)),
            (None, None) => Err(Halt::Error(Error::Usage("stopped".into()))),
        },
        Err(stop @ Stop::OutOfMemory { .. }) => {
            Err(Halt::Error(Error::Usage(format!("{}: {stop}", seq.rule()))))
        }
    }
}

/// Writes the values asked for and the period line (the search's outcome
/// and how many values it covered); the exit status.
fn print(
    values: Option<(usize, &Values)>,
    searched: Option<(Option<nimstream::grundy::Period>, usize)>,
    format: Format,
    out_file: Option<nimstream::output::atomic::AtomicFile>,
    out_path: Option<&Path>,
) -> Result<ExitCode, Error> {
    let write = |e: io::Error| Error::Io {
        path: "<stdout>".into(),
        source: e,
    };
    if let Some((n, values)) = values {
        if format == Format::U16le {
            fits_u16(values, n)?;
        }
        // Streamed: the text of 2^32 values is tens of gigabytes.
        match (out_file, out_path) {
            (Some(mut file), Some(path)) => {
                let io_error = |source| Error::Io {
                    path: path.display().to_string(),
                    source,
                };
                let mut buffered = io::BufWriter::with_capacity(1 << 16, &mut file);
                encode(values, n, format, &mut buffered).map_err(io_error)?;
                buffered.flush().map_err(io_error)?;
                drop(buffered);
                file.commit().map_err(io_error)?;
            }
            _ => {
                let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
                encode(values, n, format, &mut out).map_err(write)?;
                out.flush().map_err(write)?;
            }
        }
    }
    let mut out = io::stdout().lock();
    let code = match searched {
        Some((Some(p), _)) => {
            writeln!(out, "preperiod {} period {}", p.preperiod, p.period).map_err(write)?;
            ExitCode::SUCCESS
        }
        Some((None, len)) => {
            writeln!(out, "no period proven up to {len}").map_err(write)?;
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    };
    out.flush().map_err(write)?;
    Ok(code)
}

/// An error unless the first `n` values fit in `u16`.
fn fits_u16(values: &Values, n: usize) -> Result<(), Error> {
    match (0..n).find(|&i| values.get(i) > u32::from(u16::MAX)) {
        Some(i) => Err(Error::Usage(format!(
            "G({i}) = {} does not fit in u16le; write --format text",
            values.get(i)
        ))),
        None => Ok(()),
    }
}

/// Writes the first `n` values in `format`.
fn encode(values: &Values, n: usize, format: Format, out: &mut impl Write) -> io::Result<()> {
    let mut buffer = itoa::Buffer::new();
    for i in 0..n {
        let value = values.get(i);
        match format {
            Format::Text => {
                out.write_all(buffer.format(value).as_bytes())?;
                out.write_all(b"\n")?;
            }
            Format::U16le => out.write_all(&(value as u16).to_le_bytes())?,
        }
    }
    Ok(())
}
