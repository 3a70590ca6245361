//! `nimstream validate`: a file checked as strictly as a testlib validator.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use nimstream::input::MmapChoice;
use nimstream::pipeline::{Job, Validated};
use nimstream::validate::{self, Detail, Overrides, Range};
use nimstream::Error;

use crate::inputs::{write_name, Inputs};
use crate::{
    check_stdout, look_and_build, messages, pick_params, report_error, stdout_error, whole,
    ProblemArgs,
};

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream validate lasker big.in
  nimstream validate lasker tests/*.in --summary
  nimstream validate nim cases.in --heaps-max 100000")]
pub struct ValidateArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// The files to check, in turn, and folders whose inputs (`*.in`,
    /// `*.in.gz`, `*.in.zst`, `*.in.xz`) are checked in name order; `-` or
    /// nothing reads standard input.
    #[arg(value_name = "FILE")]
    paths: Vec<PathBuf>,
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
    /// Exit as an input validator of the ICPC problem package format does:
    /// 42 when every file is valid, 43 when one is not (2 still on a usage
    /// or I/O error).
    #[arg(long)]
    icpc: bool,
}

pub fn validate_command(mut args: ValidateArgs) -> Result<ExitCode, Error> {
    args.problem.shift_inputs(&mut args.paths)?;
    if args.paths.is_empty() {
        args.paths.push("-".into());
    }
    // SAFETY: as in `solve_command`.
    let mmap = unsafe { MmapChoice::auto() };
    let usage = "nimstream validate PROBLEM FILE";
    let (problem, params, sized_by_input) = pick_params(&args.problem, &args.paths, usage)?;
    let range = |min, max| Range { min, max };
    let overrides = Overrides {
        cases: range(args.cases_min, args.cases_max),
        heaps: range(args.heaps_min, args.heaps_max),
        value: range(args.value_min, args.value_max),
        second: range(args.second_min, args.second_max),
        set_size: range(args.set_size_min, args.set_size_max),
        positions: range(args.positions_min, args.positions_max),
    };
    // Checked before the inputs are read ahead: a wrong option is said at
    // once, not after standard input ends.
    let limits = validate::limits(problem, &overrides)?;
    let (mut game, inputs) =
        look_and_build(problem, params, sized_by_input, &args.paths, mmap, usage)?;
    let detail = if args.summary {
        Detail::Summary
    } else {
        Detail::Check
    };
    let mut job = Job::new(problem);
    job.mmap = mmap;
    let several = Inputs::several(&args.paths);
    let (mut invalid, mut failed) = (false, false);
    for source in inputs.sources() {
        let path = source.path();
        let validated = source.open(mmap).and_then(|mut input| {
            job.validate_opened(&mut input, path, &mut game, &limits, detail)
        });
        if let Ok(Validated {
            refused: Some(refused),
            ..
        }) = &validated
        {
            messages::warning(refused);
        }
        match validated.map(|validated| validated.summary) {
            Ok(Some(summary)) => {
                check_stdout()?;
                let mut out = io::stdout().lock();
                if several {
                    write_name(&mut out, path).map_err(stdout_error)?;
                    writeln!(out, ":").map_err(stdout_error)?;
                }
                write!(out, "{summary}").map_err(stdout_error)?;
            }
            Ok(None) => {}
            // An invalid file is the answer, not a failure of the command.
            Err(error @ Error::Input { .. }) => {
                invalid = true;
                report_error(&error);
            }
            // The next file may still be read.
            Err(error) if several && !error.is_broken_pipe() => {
                failed = true;
                report_error(&error);
            }
            Err(error) => return Err(error),
        }
    }
    Ok(match (failed, invalid, args.icpc) {
        (true, _, _) => ExitCode::from(2),
        (false, true, false) => ExitCode::from(1),
        (false, false, false) => ExitCode::SUCCESS,
        (false, true, true) => ExitCode::from(43),
        (false, false, true) => ExitCode::from(42),
    })
}
