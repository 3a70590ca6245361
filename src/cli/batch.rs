//! `solve` on several inputs: a judge's test folder answered, or checked
//! against its `.out` files, in one command.
//!
//! Each input is one job with its own outcome: an input that cannot be read
//! or solved is reported with its path, and the others still run. Small
//! inputs run side by side, one thread each; a large one gets every thread
//! to itself, as a single input does. Whatever ran first, outcomes are
//! reported in the order of the inputs. Paths are kept as the bytes they
//! are, a name that is not UTF-8 included; only messages show them lossily.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use std::time::{Duration, Instant};

use nimstream::games::Game;
use nimstream::output::atomic::AtomicFile;
use nimstream::output::VerdictWriter;
use nimstream::pipeline::{Job, Solved};
use nimstream::Error;

use crate::check::{AnswerCheck, Verdict};
use crate::inputs::{input_stem, Source};

/// Inputs smaller than this run side by side, one thread each; larger
/// ones one at a time on every thread, where a split pays.
const SMALL: u64 = 4 << 20;

/// Where each input's answers go.
#[derive(Clone, Debug)]
pub enum Target {
    /// Standard output, input after input.
    Stdout,
    /// `DIR/NAME.out`, replaced whole or not at all.
    OutDir(PathBuf),
    /// Compared with `NAME.out` in this directory, or beside the input.
    Check(Option<PathBuf>),
}

/// The `.out` file of `input` (`tests/1.in` or `tests/1.in.gz` → `1.out`,
/// `a.txt` → `a.txt.out`), in `dir` or beside the input.
pub fn out_path(input: &Path, dir: Option<&Path>) -> PathBuf {
    let name = input.file_name().unwrap_or_default();
    let mut out = OsString::from(input_stem(name).unwrap_or(name));
    out.push(".out");
    match dir {
        Some(dir) => dir.join(out),
        None => input.with_file_name(out),
    }
}

/// Refuses two inputs whose answers would go to one file in `dir`
/// (`a/x.in` and `b/x.in`): the answers of one would be lost. Before any
/// work, so that none is half done.
pub fn refuse_clashes(inputs: &[PathBuf], dir: &Path) -> Result<(), Error> {
    let mut writers = BTreeMap::new();
    for input in inputs {
        let out = out_path(input, Some(dir));
        if let Some(first) = writers.insert(out.clone(), input) {
            return Err(Error::Usage(format!(
                "{} and {} would both write {}; answer them into different folders",
                first.display(),
                input.display(),
                out.display()
            )));
        }
    }
    Ok(())
}

/// How one input went.
pub struct Outcome<'a> {
    /// The input.
    pub input: &'a Source,
    /// The answers, for [`Target::Stdout`].
    pub answers: Vec<u8>,
    /// The comparison, for [`Target::Check`]: the `.out` file and what it
    /// showed.
    pub checked: Option<(PathBuf, Verdict)>,
    /// Why the input could not be answered.
    pub error: Option<Error>,
    /// What solving it read, and how long it took, when it was solved.
    pub solved: Option<(Solved, Duration)>,
}

/// Runs `job` on every input, calling `report` on each outcome in the
/// inputs' order.
pub fn run<'a>(
    job: &Job,
    game: &Game,
    inputs: &'a [Source],
    target: &Target,
    mut report: impl FnMut(Outcome<'a>) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut start = 0;
    while start < inputs.len() {
        if !is_small(&inputs[start]) {
            report(answer_alone(job, &mut game.clone(), &inputs[start], target))?;
            start += 1;
            continue;
        }
        let end = (start..inputs.len())
            .find(|&i| !is_small(&inputs[i]))
            .unwrap_or(inputs.len());
        side_by_side(job, game, &inputs[start..end], target, &mut report)?;
        start = end;
    }
    Ok(())
}

/// Whether `input` is a file small enough to share the cores with others.
fn is_small(input: &Source) -> bool {
    input.is_file_below(SMALL)
}

/// Answers `inputs` on `job.threads` threads of one input each.
fn side_by_side<'a>(
    job: &Job,
    game: &Game,
    inputs: &'a [Source],
    target: &Target,
    report: &mut impl FnMut(Outcome<'a>) -> Result<(), Error>,
) -> Result<(), Error> {
    let next = AtomicUsize::new(0);
    let mut one_thread = *job;
    one_thread.threads = 1;
    let workers = job.threads.min(inputs.len()).max(1);
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        let work = |sender: mpsc::Sender<_>, mut game: Game| loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(input) = inputs.get(i) else { break };
            let outcome = answer(&one_thread, &mut game, input, target);
            if sender.send((i, outcome)).is_err() {
                break;
            }
        };
        let mut started = 0;
        for _ in 0..workers {
            let (sender, game) = (sender.clone(), game.clone());
            let spawned =
                std::thread::Builder::new().spawn_scoped(scope, move || work(sender, game));
            if spawned.is_err() {
                break;
            }
            started += 1;
        }
        // When the system starts no thread, this one answers every input
        // first (the channel holds them all), then reports them.
        if started == 0 {
            work(sender.clone(), game.clone());
        }
        drop(sender);
        // Outcomes arrive in any order and are reported in the inputs'.
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, outcome) in receiver {
            waiting.insert(i, outcome);
            while let Some(outcome) = waiting.remove(&due) {
                due += 1;
                if let Err(error) = report(outcome) {
                    // The workers stop at their next input.
                    next.store(inputs.len(), Ordering::Relaxed);
                    return Err(error);
                }
            }
        }
        Ok(())
    })
}

/// Answers a large input, which runs alone, into its target: answers for
/// standard output go straight there, as they come (a large input's can be
/// hundreds of megabytes), since every input before it is reported.
fn answer_alone<'a>(job: &Job, game: &mut Game, input: &'a Source, target: &Target) -> Outcome<'a> {
    match target {
        Target::Stdout => {
            let started = Instant::now();
            let solved = solve_into(job, game, input, io::stdout().lock());
            outcome(input, Vec::new(), None, solved, started)
        }
        _ => answer(job, game, input, target),
    }
}

/// Answers one input into its target.
fn answer<'a>(job: &Job, game: &mut Game, input: &'a Source, target: &Target) -> Outcome<'a> {
    let (mut answers, mut checked) = (Vec::new(), None);
    let started = Instant::now();
    let path = input.path();
    let solved = match target {
        Target::Stdout => solve_into(job, game, input, &mut answers),
        Target::OutDir(dir) => write_out_file(job, game, input, &out_path(path, Some(dir))),
        Target::Check(dir) => {
            let expected = out_path(path, dir.as_deref());
            check_answers(job, game, input, &expected).map(|(verdict, solved)| {
                checked = Some((expected, verdict));
                solved
            })
        }
    };
    outcome(input, answers, checked, solved, started)
}

/// The outcome of solving `input`, which began at `started`.
fn outcome(
    input: &Source,
    answers: Vec<u8>,
    checked: Option<(PathBuf, Verdict)>,
    solved: Result<Solved, Error>,
    started: Instant,
) -> Outcome<'_> {
    let (solved, error) = match solved {
        Ok(solved) => (Some((solved, started.elapsed())), None),
        Err(error) => (None, Some(error)),
    };
    Outcome {
        input,
        answers,
        checked,
        error,
        solved,
    }
}

/// Solves `input` into `out`, flushed. A failure to write is reported as
/// the library reports it, as about `<stdout>`: the caller names `out`
/// ([`rename_output`]).
fn solve_into<W: Write>(
    job: &Job,
    game: &mut Game,
    input: &Source,
    out: W,
) -> Result<Solved, Error> {
    let verdicts = &job.problem.verdicts;
    let mut writer = VerdictWriter::new(out, verdicts.win, verdicts.lose, verdicts.prefix);
    let mut opened = input.open(job.mmap)?;
    let solved = job.solve_opened(&mut opened, input.path(), game, &mut writer, &mut ())?;
    writer.flush().map_err(|source| Error::Io {
        path: STDOUT.into(),
        source,
    })?;
    Ok(solved)
}

/// What the library calls the writer it writes answers to.
const STDOUT: &str = "<stdout>";

/// `error`, with a failure to write the answers said to be about `path`.
fn rename_output(error: Error, path: &Path) -> Error {
    match error {
        Error::Io { path: name, source } if name == STDOUT => Error::Io {
            path: path.display().to_string(),
            source,
        },
        other => other,
    }
}

/// Writes the answers to `path` through an [`AtomicFile`]: an input error
/// leaves `path` as it was, never half written.
fn write_out_file(
    job: &Job,
    game: &mut Game,
    input: &Source,
    path: &Path,
) -> Result<Solved, Error> {
    let io_error = |source| Error::Io {
        path: path.display().to_string(),
        source,
    };
    let mut file = AtomicFile::create(path).map_err(io_error)?;
    let solved =
        solve_into(job, game, input, &mut file).map_err(|error| rename_output(error, path))?;
    file.commit().map_err(io_error)?;
    Ok(solved)
}

/// Compares the answers with the file at `expected`.
fn check_answers(
    job: &Job,
    game: &mut Game,
    input: &Source,
    expected: &Path,
) -> Result<(Verdict, Solved), Error> {
    let io_error = |source: io::Error| Error::Io {
        path: expected.display().to_string(),
        source,
    };
    let mut check = AnswerCheck::open(expected).map_err(|source| match source.kind() {
        io::ErrorKind::NotFound => io_error(io::Error::new(
            source.kind(),
            format!(
                "missing: no expected answers for {}",
                input.path().display()
            ),
        )),
        _ => io_error(source),
    })?;
    let solved =
        solve_into(job, game, input, &mut check).map_err(|error| rename_output(error, expected))?;
    Ok((check.finish().map_err(io_error)?, solved))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_out_file_is_named_after_its_input() {
        let out = |input: &str, dir| out_path(Path::new(input), dir);
        assert_eq!(out("t/1.in", None), PathBuf::from("t/1.out"));
        assert_eq!(out("1.in", None), PathBuf::from("1.out"));
        assert_eq!(out("t/a.txt", None), PathBuf::from("t/a.txt.out"));
        assert_eq!(out("t/1.in.gz", None), PathBuf::from("t/1.out"));
        assert_eq!(out("t/1.in.ZST", None), PathBuf::from("t/1.out"));
        assert_eq!(out("t/1.gz", None), PathBuf::from("t/1.gz.out"));
        let dir = Path::new("answers");
        assert_eq!(out("t/1.in.xz", Some(dir)), dir.join("1.out"));
    }

    #[cfg(unix)]
    #[test]
    fn a_name_that_is_not_utf8_keeps_its_bytes() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let input = Path::new(OsStr::from_bytes(b"t/caf\xe9.in"));
        let out = out_path(input, None);
        assert_eq!(out.as_os_str().as_bytes(), b"t/caf\xe9.out");
    }

    #[test]
    fn two_inputs_of_one_out_file_are_refused() {
        let dir = Path::new("out");
        let inputs = |names: &[&str]| names.iter().map(PathBuf::from).collect::<Vec<_>>();
        assert!(refuse_clashes(&inputs(&["a/x.in", "a/y.in", "b/z.in"]), dir).is_ok());
        let error = refuse_clashes(&inputs(&["a/x.in", "b/y.in", "b/x.in.gz"]), dir);
        assert_eq!(
            error.unwrap_err().to_string(),
            "a/x.in and b/x.in.gz would both write out/x.out; \
             answer them into different folders"
        );
    }
}
