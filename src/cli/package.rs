//! `nimstream package PROBLEM DIR`: a judge-ready problem package in the
//! ICPC format ([`nimstream::package`]), and what went into it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use nimstream::package::{self, Options};
use nimstream::plural::count;
use nimstream::problem::{Fixed, Problem};
use nimstream::Error;

use crate::judge::parse_size;
use crate::{pick_params, stdout_error, ProblemArgs};

#[derive(Args)]
#[command(after_help = "EXAMPLES:
  nimstream package lasker packages/lasker && verifyproblem packages/lasker
  nimstream package --problem testdata/kayles.toml packages/kayles --max-bytes 8M
  nimstream package lasker packages/laskerinteractive --interactive

A judge takes the folder's name as the problem's short name, which must be
lowercase letters and digits (lasker, not lasker-package).

Exit status 0 when the package is written, 2 on a usage or I/O error,
when no reference solution can be written (a rule with no period proven
within --upto), or when a planned test cannot be made (unless
--allow-missing, which leaves it out with a warning).")]
pub struct PackageArgs {
    #[command(flatten)]
    pub problem: ProblemArgs,
    /// The folder to write, new or empty.
    #[arg(value_name = "DIR")]
    dir: Vec<std::path::PathBuf>,
    /// About how many bytes the secret tests take together (MiB when a bare
    /// number, or 512K, 64M, 2G; default 64M).
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "64M")]
    max_bytes: u64,
    /// The seed of the test plan: the same seed writes the same tests.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Write the package even when planned tests cannot be made, leaving
    /// them out with a warning (without it, such a package is refused).
    #[arg(long)]
    allow_missing: bool,
    /// The time limit in seconds, written to the package's `.timelimit`,
    /// which DOMjudge reads (default: computed as verifyproblem and Kattis
    /// compute it: the accepted submissions are compiled with g++ and run on
    /// every test, and the slowest run times 5, rounded up to whole
    /// seconds, is the limit; 2 s when they cannot be run).
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..))]
    time_limit: Option<u32>,
    /// Write the interactive version: the program plays the game against
    /// nimstream's interactor, the package's output validator.
    #[arg(long)]
    interactive: bool,
    /// The binary copied into the package as its validators (default: the
    /// running nimstream). A statically linked nimstream runs on any x86-64
    /// Linux judge host; one linked dynamically needs the host's C library
    /// to be as new as the one it was built against (`package` warns).
    #[arg(long, value_name = "PATH")]
    validator: Option<PathBuf>,
    /// Also write DIR.zip beside the folder: its contents at the zip's
    /// root (problem.yaml, .timelimit, data/...), as DOMjudge and Kattis
    /// import a problem.
    #[arg(long)]
    zip: bool,
}

pub fn package_command(mut args: PackageArgs) -> Result<ExitCode, Error> {
    // With --problem FILE, the positional clap took for PROBLEM is the
    // folder, even one named like a problem (kayles): it is written, not
    // read, so it is never mistaken for one.
    if args.problem.problem_file.is_some() {
        if let Some(first) = args.problem.problem.take() {
            args.dir.insert(0, first.into());
        }
    }
    let [dir] = args.dir.as_slice() else {
        return Err(Error::Usage(
            "name one folder to write the package into: nimstream package PROBLEM DIR".into(),
        ));
    };
    let (problem, params, _) = pick_params(&args.problem, &[], "nimstream package PROBLEM DIR")?;
    // The validator reads the problem from a file: the parameters given on
    // the command line go into it.
    let rule = params.rule.as_ref().map(|rule| rule.to_string());
    let fixed = Fixed {
        rule: problem
            .fixed
            .rule
            .or(rule.map(|r| &*Box::leak(r.into_boxed_str()))),
        max_take: problem.fixed.max_take.or(params.max_take),
        protocol: problem.fixed.protocol,
    };
    let problem: &'static Problem = Box::leak(Box::new(Problem { fixed, ..*problem }));
    let game = problem.build_game(&params)?;
    let options = Options {
        max_bytes: args.max_bytes,
        seed: args.seed,
        validator: match args.validator.take() {
            Some(path) => path,
            None => std::env::current_exe().map_err(|source| Error::Io {
                path: "the running nimstream".into(),
                source,
            })?,
        },
        problem_toml: problem.to_toml()?,
        allow_missing: args.allow_missing,
        time_limit: args.time_limit,
        upto: args.problem.upto,
    };
    let dir = PathBuf::from(dir);
    if let Some(short) = bad_short_name(&dir) {
        crate::messages::warning(format_args!(
            "verifyproblem and judges take the folder's name as the problem's short name, \
             which must be lowercase letters and digits: call it {short}"
        ));
    }
    // Refused before anything is written.
    let zip = args.zip.then(|| zip_path(&dir)).transpose()?;
    warn_of_linking(&options.validator)?;
    let written = match args.interactive {
        true => package::interactive::write(problem, &game, problem.fixed.rule, &dir, &options)?,
        false => package::write(problem, &game, problem.fixed.rule, &dir, &options)?,
    };
    let mut out = std::io::stdout().lock();
    let mut line = |text: String| writeln!(out, "{text}").map_err(stdout_error);
    line(format!(
        "{}: the ICPC problem package (legacy format) of {}",
        dir.display(),
        problem.name
    ))?;
    line(format!("samples: {}", written.samples.join(", ")))?;
    line(format!(
        "secret tests (seed {}, at most about {} bytes):",
        args.seed, args.max_bytes
    ))?;
    for (planned, bytes) in &written.tests {
        let o = &planned.options;
        let mut what = count(o.cases, "case").to_string();
        if problem.layout.has_count() {
            what += &format!(" of {}", count(o.heaps, "heap"));
        }
        line(format!(
            "  {:<22} {what}, values {}..{}, losing {}, seed {}: {}",
            planned.name,
            o.min,
            o.max,
            o.losing,
            o.seed,
            count(*bytes, "byte")
        ))?;
    }
    for (name, bytes) in &written.crafted {
        line(format!(
            "  {name:<22} written case by case: {}",
            count(*bytes, "byte")
        ))?;
    }
    for (name, why) in &written.dropped {
        line(format!("  {name:<22} left out: {why}"))?;
        crate::messages::warning(format_args!("{name} is not in the package: {why}"));
    }
    line(format!("submissions: {}", written.submissions.join(", ")))?;
    match &written.rendered {
        Some(package::render::Rendered::Pdf) => {
            line("statement: problem.pdf (pdflatex)".to_string())?
        }
        Some(package::render::Rendered::Html { why }) => {
            crate::messages::warning(format_args!(
                "no problem.pdf ({why}): the statement is problem.html; with pdflatex \
                 on the PATH the package holds problem.pdf"
            ));
            line("statement: problem.html".to_string())?
        }
        None => {}
    }
    report_timing(&written, &mut line)?;
    if let Some(zip) = zip {
        let mut bytes = Vec::new();
        package::zip::write_zip(&dir, &mut bytes)
            .and_then(|()| nimstream::output::atomic::replace(&zip, &bytes))
            .map_err(|source| Error::Io {
                path: zip.display().to_string(),
                source,
            })?;
        line(format!(
            "zip: {} ({})",
            zip.display(),
            count(bytes.len() as u64, "byte")
        ))?;
    }
    line(format!("check it: verifyproblem {}", dir.display()))?;
    let total: u64 = written.tests.iter().map(|(_, bytes)| bytes).sum::<u64>()
        + written.crafted.iter().map(|(_, bytes)| bytes).sum::<u64>();
    line(format!(
        "{}, {}",
        count(written.tests.len() as u64, "secret test"),
        count(total, "byte")
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// `DIR.zip` beside the folder `dir`.
fn zip_path(dir: &Path) -> Result<PathBuf, Error> {
    let name = dir.file_name().ok_or_else(|| {
        Error::Usage(format!(
            "--zip: {} names no folder to call the zip after",
            dir.display()
        ))
    })?;
    let mut zip = name.to_os_string();
    zip.push(".zip");
    Ok(dir.with_file_name(zip))
}

/// The time limit and how it was computed; a warning for a slow submission
/// the limit does not kill with margin, or a limit that was not measured.
fn report_timing(
    written: &package::Written,
    line: &mut dyn FnMut(String) -> Result<(), Error>,
) -> Result<(), Error> {
    use package::timing::{Slow, SAFETY_MARGIN, TIME_MULTIPLIER};
    let limit = written.time_limit;
    match &written.timing {
        None => line(format!("time limit: {limit} s (--time-limit)")),
        Some(Err(why)) => {
            crate::messages::warning(format_args!(
                "the time limit is not measured ({why}): .timelimit says {limit} s; \
                 --time-limit sets it"
            ));
            line(format!("time limit: {limit} s (not measured)"))
        }
        Some(Ok(timing)) => {
            line(format!(
                "time limit: {limit} s (slowest accepted run {:.3} s, {}, times {TIME_MULTIPLIER}, \
                 rounded up; .timelimit)",
                timing.slowest.0, timing.slowest.1
            ))?;
            let margin = f64::from(limit) * SAFETY_MARGIN;
            for (submission, slow) in &timing.slow {
                match slow {
                    Slow::Killed { test, seconds } => line(format!(
                        "  {submission}: past {margin} s (the limit times {SAFETY_MARGIN}) \
                         on {test} ({seconds:.2} s)"
                    ))?,
                    Slow::InTime { seconds } => {
                        line(format!(
                            "  {submission}: every test within {margin} s (slowest {seconds:.2} s)"
                        ))?;
                        crate::messages::warning(format_args!(
                            "{submission} runs every test within {margin} s, the time limit \
                             times {SAFETY_MARGIN}: verifyproblem will not call it too slow \
                             with margin (a larger --max-bytes makes larger tests)"
                        ));
                    }
                }
            }
            Ok(())
        }
    }
}

/// A short name to suggest when the folder's name is not one (the format
/// wants `[a-z0-9]+`): its letters and digits, lowercased.
fn bad_short_name(dir: &std::path::Path) -> Option<String> {
    let name = dir.file_name()?.to_string_lossy();
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
    if valid {
        return None;
    }
    let short: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    Some(match short.is_empty() {
        true => "problem".to_string(),
        false => short,
    })
}

/// Warns when the validator binary will not run on every Linux judge host:
/// linked dynamically (it needs a C library as new as this machine's), or
/// not an ELF executable at all. A validator that cannot be read is an
/// error, before anything is written.
fn warn_of_linking(validator: &Path) -> Result<(), Error> {
    use package::elf::{linking, Linking};
    let bytes = std::fs::read(validator).map_err(|source| Error::Io {
        path: validator.display().to_string(),
        source,
    })?;
    match linking(&bytes) {
        Ok(Linking::Static) => {}
        Ok(Linking::Dynamic(interpreter)) => crate::messages::warning(format_args!(
            "the validator {} is linked dynamically (by {interpreter}): a judge host needs a \
             C library as new as this machine's to run it; a static build runs on any \
             x86-64 Linux host (docs/usage.md, Problem packages: a validator for any host) \
             and --validator PATH puts it in the package",
            validator.display()
        )),
        Err(why) => crate::messages::warning(format_args!(
            "the validator {}: {why}; a judge host runs it as the package's validator",
            validator.display()
        )),
    }
    Ok(())
}
