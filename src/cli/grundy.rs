//! `nimstream grundy`: nim-sequences of games given by their rules.

use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use nimstream::games::rule::DEFAULT_UPTO;
use nimstream::grundy::plot::{render_svg, PlotRequest};
use nimstream::grundy::{Method, NimSequence, Rule, MAX_VALUES};
use nimstream::output::atomic;
use nimstream::Error;

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream grundy kayles                  preperiod 71 period 12
  nimstream grundy 0.16 --stats
  nimstream grundy sub:1,3,4 --values 20
  nimstream grundy dawson --plot dawson.svg")]
pub struct GrundyArgs {
    /// The rule: an octal code (`0.77` Kayles, `0.07` Dawson's Kayles,
    /// `4.07`: a leading 4 allows splitting without removing), a
    /// subtraction set (`sub:1,3,4`), or a name: kayles, dawson,
    /// dawson-chess, officers, treblecross or guiles.
    #[arg(value_name = "RULE")]
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
    /// many values (default 1048576, at most 67108864).
    #[arg(long, value_name = "N", value_parser = value_count)]
    upto: Option<usize>,
    /// Draw the nim-sequence (value against heap size, the period marked)
    /// as an SVG file: the --values, or every value computed for --period
    /// (the default with --plot alone).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<String>,
    /// How values are computed: auto (the sparse space where the game has
    /// one, else the naive mex), naive or sparse.
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = method)]
    method: Method,
    /// When done, print to standard error how many values were computed,
    /// how, and in how many seconds.
    #[arg(long)]
    stats: bool,
}

pub fn value_count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=MAX_VALUES).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{text}' is not a whole number from 1 to {MAX_VALUES}"
        )),
    }
}

fn method(text: &str) -> Result<Method, String> {
    Method::by_name(text).ok_or_else(|| format!("'{text}' is not auto, naive or sparse"))
}

/// A bar on a terminal, for sequences long enough to wait for.
fn progress_bar(total: usize) -> Option<indicatif::ProgressBar> {
    if !io::stderr().is_terminal() || total < 1 << 18 {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} values, eta {eta}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

pub fn grundy_command(args: GrundyArgs) -> Result<ExitCode, Error> {
    let rule = Rule::parse(&args.rule).map_err(|e| crate::rule_error(&args.rule, e))?;
    let not_svg = |path: &&str| !path.to_ascii_lowercase().ends_with(".svg");
    if let Some(path) = args.plot.as_deref().filter(not_svg) {
        return Err(Error::Usage(format!(
            "--plot writes SVG; name the file with .svg, not '{path}'"
        )));
    }
    let want_period = args.period || args.values.is_none();
    // A plot marks the period, so it is looked for even when not printed.
    let search = want_period || args.plot.is_some();
    if args.upto.is_some() && !search {
        return Err(Error::Usage("--upto goes with --period or --plot".into()));
    }
    let upto = args.upto.unwrap_or(DEFAULT_UPTO);
    let started = Instant::now();
    let mut seq = NimSequence::new(rule, args.method);
    let target = if search { upto } else { 0 }.max(args.values.unwrap_or(0));
    let bar = progress_bar(target);
    let mut tick = |n: usize| {
        if let Some(bar) = &bar {
            bar.set_position(n as u64);
        }
    };
    let searched = search.then(|| seq.find_period(upto, &mut tick));
    let period = searched.filter(|_| want_period);
    if let Some(n) = args.values {
        seq.extend_to(n, &mut tick);
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let write = |e: io::Error| Error::Io {
        path: "<stdout>".into(),
        source: e,
    };
    if let Some(n) = args.values {
        let mut buffer = itoa::Buffer::new();
        for i in 0..n {
            out.write_all(buffer.format(seq.values().get(i)).as_bytes())
                .and_then(|()| out.write_all(b"\n"))
                .map_err(write)?;
        }
    }
    let code = match period {
        Some(Some(p)) => {
            writeln!(out, "preperiod {} period {}", p.preperiod, p.period).map_err(write)?;
            ExitCode::SUCCESS
        }
        Some(None) => {
            writeln!(out, "no period proven up to {}", seq.values().len()).map_err(write)?;
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    };
    out.flush().map_err(write)?;
    if let Some(path) = &args.plot {
        let request = PlotRequest {
            title: &seq.rule().to_string(),
            values: seq.values(),
            shown: args.values.unwrap_or(usize::MAX).min(seq.values().len()),
            period: seq.period(),
        };
        let io_error = |source| Error::Io {
            path: path.clone(),
            source,
        };
        let svg = render_svg(&request).map_err(|e| io_error(io::Error::other(e)))?;
        atomic::replace(Path::new(path), svg.as_bytes()).map_err(io_error)?;
    }
    if args.stats {
        crate::messages::report(format_args!(
            "{} values of {} in {:.3} s ({})",
            seq.values().len(),
            seq.rule(),
            started.elapsed().as_secs_f64(),
            seq.method()
        ));
    }
    Ok(code)
}
