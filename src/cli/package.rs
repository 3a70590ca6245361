//! `nimstream package PROBLEM DIR`: a judge-ready problem package in the
//! ICPC format ([`nimstream::package`]), and what went into it.

use std::io::Write;
use std::path::PathBuf;
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
  nimstream package lasker lasker-package && verifyproblem lasker-package
  nimstream package --problem testdata/kayles.toml kayles-package --max-bytes 8M

Exit status 0 when the package is written, 2 on a usage or I/O error, or
when no reference solution can be written (a rule with no period proven
within --upto).")]
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
}

pub fn package_command(mut args: PackageArgs) -> Result<ExitCode, Error> {
    args.problem.shift_inputs(&mut args.dir)?;
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
    };
    let problem: &'static Problem = Box::leak(Box::new(Problem { fixed, ..*problem }));
    let game = problem.build_game(&params)?;
    let options = Options {
        max_bytes: args.max_bytes,
        seed: args.seed,
        validator: std::env::current_exe().map_err(|source| Error::Io {
            path: "the running nimstream".into(),
            source,
        })?,
        problem_toml: problem.to_toml()?,
    };
    let dir = PathBuf::from(dir);
    let written = package::write(problem, &game, problem.fixed.rule, &dir, &options)?;
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
        line(format!("  {name:<22} dropped: {why}"))?;
    }
    line(format!("submissions: {}", written.submissions.join(", ")))?;
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
