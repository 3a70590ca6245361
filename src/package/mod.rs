//! A judge-ready problem package: everything a judge system that reads the
//! ICPC problem package format (DOMjudge, Kattis, problemtools'
//! `verifyproblem`) needs to run a problem nimstream knows.
//!
//! The package is written in the format's *legacy* version, the one
//! DOMjudge and Kattis both import today (problemtools still calls the
//! 2023-07 version a draft):
//!
//! ```text
//! DIR/problem.yaml                      name, source, limits, validation
//! DIR/.timelimit                        the time limit DOMjudge reads
//! DIR/problem.pdf (or problem.html)     the statement a judge shows (render)
//! DIR/problem_statement/problem.en.tex  the statement (statement)
//! DIR/data/sample/*.in, *.ans           the catalogue's samples (samples)
//! DIR/data/secret/*.in, *.ans           the test plan (plan)
//! DIR/data/*/*.desc                     what each test is (reproduce)
//! DIR/data/generate.sh                  gen's command for each test (reproduce)
//! DIR/input_validators/nimstream/       build, run, nimstream, problem.toml
//! DIR/submissions/accepted/*.cpp        the reference solution
//! DIR/submissions/wrong_answer/*.cpp    typical mistakes the data kills
//! DIR/submissions/time_limit_exceeded/*.cpp
//! ```
//!
//! The input validator is nimstream itself: a copy of a nimstream binary
//! (`Options::validator`) beside a `run` script that calls `validate
//! --icpc` on the problem's file, so a judge host needs no Rust toolchain;
//! a static build runs on any Linux host of its architecture, one linked
//! dynamically only where the C library is as new ([`elf`] tells them
//! apart). Answers compare word for word, case and spaces
//! included, which the format's default output validator does when
//! `problem.yaml` asks for it (`validator_flags`), so no output validator
//! is needed. Every input is validated before it is written, and every
//! answer is `solve`'s. A planned test that cannot be made refuses the
//! package unless `allow_missing` is set.
//!
//! The reference solutions are C++ (every judge has a C++ compiler): one
//! written for each catalogue problem and kept in `solutions/`, or for a
//! problem whose game is a rule, one made of its proven period
//! ([`rule_solution`]), or in misère play, of its misère quotient
//! ([`misere_solution`]).

pub mod elf;
pub mod explain;
pub mod interactive;
mod making;
pub mod misere_solution;
pub mod plan;
pub mod render;
pub mod reproduce;
pub mod rule_solution;
pub mod rules;
pub mod samples;
pub mod statement;
pub mod submissions;
pub mod timing;
pub mod traps;
pub mod zip;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::games::Game;
use crate::gen;
use crate::output::VerdictWriter;
use crate::pipeline::Job;
use crate::problem::Problem;
use crate::validate::{self, Detail, Overrides};

pub use plan::Planned;

/// How a package is written.
#[derive(Clone, Debug)]
pub struct Options {
    /// About how many bytes the secret tests may take together.
    pub max_bytes: u64,
    /// The seed of the test plan.
    pub seed: u64,
    /// The nimstream binary copied in as the validators (input, and the
    /// interactive package's output validator).
    pub validator: PathBuf,
    /// The problem as a file (`Problem::to_toml`), for the validator.
    pub problem_toml: String,
    /// Whether a planned test that cannot be made is left out (and
    /// reported) rather than refusing the package.
    pub allow_missing: bool,
    /// The time limit in seconds, written where DOMjudge reads it; `None`
    /// computes it from the accepted submissions' runs ([`timing`]).
    pub time_limit: Option<u32>,
    /// `--upto`, as given: the game's values computed, which `gen` needs
    /// again to write the tests anew (`data/generate.sh`).
    pub upto: Option<usize>,
}

/// What a package holds, for the report.
#[derive(Debug, Default)]
pub struct Written {
    /// The secret tests: their names, the options that made them, and
    /// their sizes in bytes.
    pub tests: Vec<(Planned, u64)>,
    /// Tests written case by case (Wythoff's floating-point traps): names
    /// and sizes.
    pub crafted: Vec<(String, u64)>,
    /// Planned tests `gen` could not make, and why.
    pub dropped: Vec<(String, String)>,
    /// The sample tests' names.
    pub samples: Vec<String>,
    /// The submissions, as paths in the package.
    pub submissions: Vec<String>,
    /// The time limit written, in seconds.
    pub time_limit: u32,
    /// How it was computed from the submissions' runs, or why it was not
    /// (`None` when `Options::time_limit` gave it).
    pub timing: Option<Result<timing::Timing, String>>,
    /// The statement at the package's root: `problem.pdf`, or
    /// `problem.html` and why there is no PDF.
    pub rendered: Option<render::Rendered>,
}

/// The time limit written when none is given and none can be measured (no
/// g++): DOMjudge's own default would be 10 s or more.
pub const FALLBACK_TIME_LIMIT: u32 = 2;

/// The submissions of a package: folder (`accepted`, `wrong_answer`, …),
/// file name and source.
pub type Submission = (&'static str, String, String);

/// Writes the package of `problem`, played as `game` (built from `params`),
/// into `dir`, which must not exist or be empty. `rule` is the game's rule
/// as written, when it is given by one.
pub fn write(
    problem: &Problem,
    game: &Game,
    rule: Option<&str>,
    dir: &Path,
    options: &Options,
) -> Result<Written, Error> {
    // What cannot be written is said before anything is.
    let submissions = submissions::submissions(problem, game)
        .map_err(|why| Error::Usage(format!("no package for {}: {why}", problem.name)))?;
    check_empty(dir)?;
    let mut written = Written::default();
    let mut largest = 0u64;
    let planned = plan::plan(problem, options.max_bytes, options.seed);
    let made = making::make_or_refuse(
        problem,
        game,
        planned,
        (options.max_bytes, options.allow_missing),
        &mut written.dropped,
        |why| Error::Usage(format!("no package for {}: {why}", problem.name)),
    )?;
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| Error::Io { path, source }
    };
    let folders = [
        "problem_statement",
        "data/sample",
        "data/secret",
        "input_validators/nimstream",
        "submissions",
    ];
    for folder in folders {
        crate::output::create_folder(&dir.join(folder)).map_err(io(&dir.join(folder)))?;
    }
    let samples = sample_inputs(problem, game)?;
    let words = rules::game(problem, rule);
    let explained = samples
        .first()
        .map(|(_, input, _)| explain::explain(problem, game, &words, input))
        .unwrap_or_default();
    let statement = statement::latex(problem, rule, &explained);
    write_file(
        &dir.join("problem_statement/problem.en.tex"),
        statement.as_bytes(),
    )?;
    // Every test's path in the package and how it was made, for its
    // `.desc` and data/generate.sh.
    let mut recorded: Vec<(String, String, Option<gen::GenOptions>)> = Vec::new();
    for (name, input, options) in samples {
        let path = dir.join("data/sample").join(format!("{name}.in"));
        largest = largest.max(write_test(problem, game, &path, &input)?);
        recorded.push((format!("data/sample/{name}"), name.clone(), options));
        written.samples.push(name);
    }
    for (planned, input) in made {
        let path = dir.join("data/secret").join(format!("{}.in", planned.name));
        largest = largest.max(write_test(problem, game, &path, &input)?);
        let test = format!("data/secret/{}", planned.name);
        recorded.push((test, planned.name.clone(), Some(planned.options.clone())));
        written.tests.push((planned, input.len() as u64));
    }
    let pairs = plan::crafted(problem).into_iter().map(|(name, pairs)| {
        let cases = pairs.iter().map(|&(a, b)| crate::stress::Case::Pair(a, b));
        (name, cases.collect())
    });
    for (name, cases) in pairs.chain(traps::traps(problem)) {
        let name = format!(
            "{:02}-{name}",
            written.tests.len() + written.crafted.len() + written.dropped.len() + 1
        );
        let test = crate::stress::TestFile { cases };
        let input = test.to_bytes(problem);
        let path = dir.join("data/secret").join(format!("{name}.in"));
        largest = largest.max(write_test(problem, game, &path, &input)?);
        recorded.push((format!("data/secret/{name}"), name.clone(), None));
        written.crafted.push((name, input.len() as u64));
    }
    written.rendered = Some(render::write(dir, &statement, &written.samples)?);
    write_records(problem, dir, options, &recorded, false)?;
    write_validator(&dir.join("input_validators/nimstream"), options)?;
    for (folder, name, source) in submissions {
        let folder_path = dir.join("submissions").join(folder);
        crate::output::create_folder(&folder_path).map_err(io(&folder_path))?;
        write_file(&folder_path.join(&name), source.as_bytes())?;
        written.submissions.push(format!("{folder}/{name}"));
    }
    written.time_limit = match options.time_limit {
        Some(seconds) => seconds,
        None => {
            let measured = timing::measure(dir, &written.submissions);
            let limit = measured.as_ref().map_or(FALLBACK_TIME_LIMIT, |t| t.limit);
            written.timing = Some(measured);
            limit
        }
    };
    let note = match &written.timing {
        Some(Ok(t)) => format!(
            "the slowest accepted run, {:.3} s ({}), times {}, rounded up",
            t.slowest.0,
            t.slowest.1,
            timing::TIME_MULTIPLIER
        ),
        Some(Err(_)) => "not measured (the submissions could not be run)".to_string(),
        None => "given with --time-limit".to_string(),
    };
    let note = format!("{} s: {note}", written.time_limit);
    let yaml = problem_yaml(problem, options, largest, &note);
    write_file(&dir.join("problem.yaml"), yaml.as_bytes())?;
    // DOMjudge reads a legacy package's time limit from here (seconds);
    // without it, it imports its own default. Kattis and verifyproblem
    // compute the same limit from the accepted submissions.
    let limit = format!("{}\n", written.time_limit);
    write_file(&dir.join(".timelimit"), limit.as_bytes())?;
    Ok(written)
}

/// Each test's `.desc`, and `data/generate.sh`, which writes again every
/// test `gen` made ([`reproduce`]). `recorded` holds each test's path from
/// the package's folder (no `.in`), its name and `gen`'s options.
fn write_records(
    problem: &Problem,
    dir: &Path,
    options: &Options,
    recorded: &[(String, String, Option<gen::GenOptions>)],
    interactive: bool,
) -> Result<(), Error> {
    let mut tests = Vec::new();
    for (path, name, made) in recorded {
        let desc = reproduce::desc(problem, name, made.as_ref());
        write_file(&dir.join(format!("{path}.desc")), desc.as_bytes())?;
        tests.push(reproduce::Recorded {
            path: path.clone(),
            options: made.as_ref(),
        });
    }
    let mut command = package_command(problem, options);
    if interactive {
        command = command.replacen("nimstream package ", "nimstream package --interactive ", 1);
    }
    let script = reproduce::script(problem, &command, &tests, options.upto, interactive);
    write_executable(&dir.join("data/generate.sh"), &script)
}

/// The command that writes the package again, as `problem.yaml` and
/// `data/generate.sh` record it: by the problem's name where that names
/// this very problem, else by the validator's copy of its file.
fn package_command(problem: &Problem, options: &Options) -> String {
    let named = Problem::find_or_rule(problem.name).ok();
    let by_name =
        named.is_some_and(|(p, _)| p.to_toml().ok() == Some(options.problem_toml.clone()));
    let what = match by_name {
        true => problem.name.to_string(),
        false => format!("--problem {}", reproduce::PROBLEM_FILE),
    };
    let mut command = format!(
        "nimstream package {what} DIR --seed {} --max-bytes {}",
        options.seed, options.max_bytes
    );
    if let Some(upto) = options.upto {
        command += &format!(" --upto {upto}");
    }
    command
}

/// A folder to write a package into: new, or empty.
fn check_empty(dir: &Path) -> Result<(), Error> {
    match fs::read_dir(dir) {
        Ok(mut entries) => match entries.next() {
            Some(_) => Err(Error::Usage(format!(
                "{} is not empty: a package is written into a new or empty folder",
                dir.display()
            ))),
            None => Ok(()),
        },
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(source) => Err(Error::Io {
            path: dir.display().to_string(),
            source,
        }),
    }
}

/// `problem.yaml`: the legacy version's keys. Answers compare word for
/// word, case and spaces included, as `check` compares them (the default
/// output validator would take `alice` for `Alice`); the output limit
/// holds the largest answer file, `largest_answer` bytes, with room to
/// spare (the format's default is 8 MiB).
/// `time_note` says what the time limit in `.timelimit` is and whence.
fn problem_yaml(
    problem: &Problem,
    options: &Options,
    largest_answer: u64,
    time_note: &str,
) -> String {
    let output_mib = (largest_answer.saturating_mul(2) >> 20).max(7) + 1;
    format!(
        "# Written by nimstream {} ({}).\n\
         # The seed and size above write the same tests again; data/generate.sh\n\
         # has the nimstream gen command of each test gen made.\n\
         # Time limit (.timelimit, for DOMjudge; Kattis computes its own the\n\
         # same way): {time_note}.\n\
         name: {}\n\
         source: {}\n\
         uuid: {}\n\
         license: unknown\n\
         validation: default\n\
         validator_flags: case_sensitive space_change_sensitive\n\
         limits:\n  memory: 1024\n  output: {output_mib}\n  \
         time_multiplier: {}\n  time_safety_margin: {}\n",
        env!("CARGO_PKG_VERSION"),
        package_command(problem, options),
        yaml_string(&statement::title(problem)),
        yaml_string(problem.source),
        uuid(&options.problem_toml),
        timing::TIME_MULTIPLIER,
        timing::SAFETY_MARGIN,
    )
}

/// A UUID (version 4's form) that stays the same each time the problem's
/// package is written, from the problem's file (its name, source, limits,
/// words and parameters such as bounded Nim's K): a judge tells a problem
/// it imported before by it, and a problem changed in any of these is a
/// new one.
fn uuid(problem_toml: &str) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for byte in problem_toml.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
    }
    let mut rng = crate::rng::SplitMix64::new(hash);
    let bits = u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
    // Version 4, variant 10xx.
    let bits = bits & !(0xf << 76) | 0x4 << 76;
    let bits = bits & !(0x3 << 62) | 0x2 << 62;
    let hex = format!("{bits:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// A YAML string in double quotes.
fn yaml_string(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A sample: its name, its input, and for one `gen` drew, `gen`'s options.
type Sample = (String, Vec<u8>, Option<gen::GenOptions>);

/// The samples: the catalogue's, or for a problem file three small cases
/// drawn by `gen`.
fn sample_inputs(problem: &Problem, game: &Game) -> Result<Vec<Sample>, Error> {
    let samples = samples::samples(problem.name);
    if !samples.is_empty() {
        let named = samples
            .iter()
            .map(|(name, bytes)| (name.to_string(), bytes.to_vec(), None));
        return Ok(named.collect());
    }
    let limits = problem.limits;
    let options = gen::GenOptions {
        cases: limits.cases.max.min(3).max(limits.cases.min),
        heaps: limits.heaps.max.min(3).max(limits.heaps.min),
        max: limits.value.max.min(limits.value.min.saturating_add(10)),
        ..gen::GenOptions::within_limits(problem)
    };
    let mut why = None;
    for options in making::fallbacks(problem, &options) {
        let mut input = Vec::new();
        let mut game = game.clone();
        match gen::generate(problem, &mut game, &options, &mut input, 1, &mut |_| {}) {
            Ok(_) => return Ok(vec![("1".to_string(), input, Some(options))]),
            Err(error) => why = Some(error),
        }
    }
    let why = why.map(|e| e.to_string()).unwrap_or_default();
    Err(Error::Usage(format!("no sample could be drawn: {why}")))
}

/// Writes a test's input, after validating it, and `solve`'s answers; the
/// answers' size in bytes.
fn write_test(problem: &Problem, game: &Game, path: &Path, input: &[u8]) -> Result<u64, Error> {
    let limits = validate::limits(problem, &Overrides::default())?;
    let name = path.display().to_string();
    let mut checked = game.clone();
    validate::validate(problem, &mut checked, input, &limits, &name, Detail::Check)?;
    write_file(path, input)?;
    let mut answers = Vec::new();
    let mut out = VerdictWriter::for_problem(&mut answers, &problem.verdicts);
    let mut solver = game.clone();
    Job::new(problem).solve_bytes(input, &name, &mut solver, &mut out, &mut ())?;
    out.flush().map_err(|source| Error::Io {
        path: name.clone(),
        source,
    })?;
    drop(out);
    write_file(&path.with_extension("ans"), &answers)?;
    Ok(answers.len() as u64)
}

/// The input validator: nimstream's binary, the problem's file, and the
/// `build` and `run` scripts problemtools and DOMjudge call.
fn write_validator(folder: &Path, options: &Options) -> Result<(), Error> {
    let binary = folder.join("nimstream");
    fs::copy(&options.validator, &binary).map_err(|source| Error::Io {
        path: options.validator.display().to_string(),
        source,
    })?;
    write_file(
        &folder.join("problem.toml"),
        options.problem_toml.as_bytes(),
    )?;
    let build = "#!/bin/sh\n\
                 # Nothing to compile: run calls the nimstream binary beside it.\n\
                 chmod +x run nimstream\n";
    let run = "#!/bin/sh\n\
               # An input validator of the ICPC package format: the input on standard\n\
               # input; exit 42 when it is valid, 43 when it is not.\n\
               here=$(dirname \"$0\")\n\
               exec \"$here/nimstream\" --quiet validate --problem \"$here/problem.toml\" --icpc -\n";
    write_executable(&folder.join("build"), build)?;
    write_executable(&folder.join("run"), run)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    fs::write(path, bytes).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })
}

fn write_executable(path: &Path, text: &str) -> Result<(), Error> {
    write_file(path, text.as_bytes())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o755)).map_err(|source| {
            Error::Io {
                path: path.display().to_string(),
                source,
            }
        })?;
    }
    Ok(())
}
