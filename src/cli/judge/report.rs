//! What `nimstream judge` prints: a line a test as each is judged, then the
//! count of each verdict; or all of it as one JSON object.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use nimstream::judge::Verdict;
use nimstream::sandbox::{Limits, Outcome};
use nimstream::Error;
use serde_json::json;

use crate::stdout_error;

/// One test judged.
pub struct TestResult {
    /// The test's path, as given.
    pub name: String,
    pub verdict: Verdict,
    /// What is wrong, unless accepted.
    pub message: String,
    /// What the run did and used.
    pub outcome: Outcome,
    /// The input's size.
    pub input_bytes: u64,
    /// The seconds nimstream took to answer the input itself.
    pub own_seconds: f64,
}

impl TestResult {
    /// The program's and nimstream's rates through the input, in MB/s (the
    /// program's by its CPU time, nimstream's by the wall clock of one
    /// thread): how much of a time limit reading the input may take.
    fn rates(&self) -> (f64, f64) {
        let mb = self.input_bytes as f64 / 1e6;
        let rate = |seconds: f64| mb / seconds.max(1e-6);
        (rate(self.outcome.cpu.as_secs_f64()), rate(self.own_seconds))
    }

    fn line(&self) -> String {
        let mut line = format!(
            "{}: {} {:.2} s {}",
            self.name,
            self.verdict,
            self.outcome.cpu.as_secs_f64(),
            megabytes(self.outcome.peak_memory),
        );
        // A rate through a small input says nothing but start-up time.
        if self.input_bytes >= 1 << 20 {
            let (program, own) = self.rates();
            line.push_str(&format!(
                ", input {} at {} MB/s (nimstream {} MB/s)",
                megabytes(self.input_bytes),
                rate(program),
                rate(own)
            ));
        }
        if !self.message.is_empty() {
            line.push_str("\n  ");
            line.push_str(&self.message);
        }
        line
    }

    fn json(&self) -> serde_json::Value {
        let (program, own) = self.rates();
        json!({
            "test": self.name,
            "verdict": self.verdict.code(),
            "message": self.message,
            "cpu_seconds": self.outcome.cpu.as_secs_f64(),
            "wall_seconds": self.outcome.wall.as_secs_f64(),
            "peak_memory_bytes": self.outcome.peak_memory,
            "output_bytes": self.outcome.output_bytes,
            "ending": self.outcome.describe_ending(),
            "input_bytes": self.input_bytes,
            "program_mb_per_s": program,
            "nimstream_mb_per_s": own,
        })
    }
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// A rate with as many digits as say something.
fn rate(mb_per_s: f64) -> String {
    match mb_per_s {
        r if r >= 100.0 => format!("{r:.0}"),
        r if r >= 1.0 => format!("{r:.1}"),
        r => format!("{r:.3}"),
    }
}

/// The results so far.
pub struct Report {
    json: bool,
    tests: Vec<serde_json::Value>,
    counts: BTreeMap<Verdict, u64>,
    /// The slowest test: its CPU seconds and name.
    slowest: Option<(f64, String)>,
    peak_memory: u64,
}

impl Report {
    pub fn new(json: bool) -> Report {
        Report {
            json,
            tests: Vec::new(),
            counts: BTreeMap::new(),
            slowest: None,
            peak_memory: 0,
        }
    }

    /// Counts a result and, unless the report is JSON, prints its line.
    pub fn add(&mut self, result: TestResult, out: &mut impl Write) -> Result<(), Error> {
        *self.counts.entry(result.verdict).or_default() += 1;
        let cpu = result.outcome.cpu.as_secs_f64();
        if self.slowest.as_ref().is_none_or(|(most, _)| cpu > *most) {
            self.slowest = Some((cpu, result.name.clone()));
        }
        self.peak_memory = self.peak_memory.max(result.outcome.peak_memory);
        match self.json {
            true => self.tests.push(result.json()),
            false => writeln!(out, "{}", result.line()).map_err(stdout_error)?,
        }
        Ok(())
    }

    /// Prints the count of each verdict, or the JSON object.
    pub fn finish(&self, limits: &Limits, out: &mut impl Write) -> Result<(), Error> {
        let total: u64 = self.counts.values().sum();
        if self.json {
            let counts: serde_json::Map<String, serde_json::Value> = self
                .counts
                .iter()
                .map(|(verdict, n)| (verdict.code().to_string(), json!(n)))
                .collect();
            let object = json!({
                "tests": self.tests,
                "verdicts": counts,
                "accepted": self.all_accepted(),
                "limits": {
                    "cpu_seconds": limits.cpu.as_secs_f64(),
                    "wall_seconds": limits.wall.as_secs_f64(),
                    "memory_bytes": limits.memory,
                    "output_bytes": limits.output,
                    "processes": limits.processes,
                },
            });
            return writeln!(out, "{object}").map_err(stdout_error);
        }
        let counts: Vec<String> = self
            .counts
            .iter()
            .map(|(verdict, n)| format!("{n} {verdict}"))
            .collect();
        let tests = if total == 1 { "test" } else { "tests" };
        let mut line = format!("{total} {tests}: {}", counts.join(", "));
        if let Some((cpu, name)) = &self.slowest {
            line.push_str(&format!(
                "; slowest {cpu:.2} s ({name}), peak memory {}",
                megabytes(self.peak_memory)
            ));
        }
        writeln!(out, "{line}").map_err(stdout_error)
    }

    fn all_accepted(&self) -> bool {
        self.counts
            .keys()
            .all(|&verdict| verdict == Verdict::Accepted)
    }

    /// 0 when every test is accepted, else 1.
    pub fn exit_code(&self) -> ExitCode {
        match self.all_accepted() {
            true => ExitCode::SUCCESS,
            false => ExitCode::from(1),
        }
    }
}

/// Standard output that goes quiet once its reader has gone (`judge … |
/// head -1`): writes after a broken pipe succeed and go nowhere, so the
/// judging goes on to its end and its exit status still says whether a
/// test failed. Other errors are errors.
pub struct UntilReaderGone<W> {
    inner: W,
    gone: bool,
}

impl<W: Write> UntilReaderGone<W> {
    pub fn new(inner: W) -> UntilReaderGone<W> {
        UntilReaderGone { inner, gone: false }
    }

    fn quiet<T>(&mut self, result: std::io::Result<T>, empty: T) -> std::io::Result<T> {
        match result {
            Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {
                self.gone = true;
                Ok(empty)
            }
            other => other,
        }
    }
}

impl<W: Write> Write for UntilReaderGone<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.gone {
            return Ok(bytes.len());
        }
        let written = self.inner.write(bytes);
        self.quiet(written, bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.gone {
            return Ok(());
        }
        let flushed = self.inner.flush();
        self.quiet(flushed, ())
    }
}
