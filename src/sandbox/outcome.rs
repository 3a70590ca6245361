//! What a run did and used, as nimstream measured it, and the verdicts of
//! limits it reads off that.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::time::Duration;

use super::Limits;

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited with this status.
    Exited(i32),
    /// A signal ended it: its own crash, a signal it raised, or the
    /// kernel's at a limit of its own (`SIGXFSZ` past the output limit).
    Signalled(i32),
    /// It ran past the wall-clock limit and was killed.
    WallClock,
    /// Its CPU time, read while it ran, passed the limit, and it was
    /// killed.
    CpuTime,
    /// Its memory passed the limit: read while it ran and killed, or
    /// killed by the kernel at its control group's limit.
    Memory,
    /// It could not be started: the reason.
    NotStarted(String),
}

/// What a run did and used, as nimstream measured it.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it ended.
    pub ending: Ending,
    /// CPU time, user and system, of every process of the box (of the
    /// processes read, without control groups).
    pub cpu: Duration,
    /// Wall-clock time from start to end.
    pub wall: Duration,
    /// Peak memory of the box, in bytes (resident memory without control
    /// groups).
    pub peak_memory: u64,
    /// Whether an allocation failed near the address-space limit that
    /// stands in for the memory limit where no control group counts it.
    pub address_space_exhausted: bool,
    /// Bytes written to standard output.
    pub output_bytes: u64,
    /// Bytes written to standard error.
    pub error_bytes: u64,
    /// The last lines of its standard error, at most [`STDERR_TAIL`]
    /// bytes, lossily decoded.
    pub stderr_tail: String,
}

/// The most bytes of a program's standard error kept for messages.
pub const STDERR_TAIL: usize = 2048;

impl Outcome {
    /// Whether the run went over its CPU limit or its wall clock, by
    /// nimstream's measurements.
    pub fn time_limited(&self, limits: &Limits) -> bool {
        matches!(self.ending, Ending::WallClock | Ending::CpuTime)
            || self.cpu > limits.cpu
            || self.wall > limits.wall
    }

    /// Whether the run wrote more than its output limit, to its standard
    /// output or its standard error.
    pub fn output_limited(&self, limits: &Limits) -> bool {
        self.output_bytes > limits.output || self.error_bytes > limits.output
    }

    /// Whether the run's memory reached its limit.
    pub fn memory_limited(&self) -> bool {
        self.ending == Ending::Memory || self.address_space_exhausted
    }

    /// The exit status or signal, in words: "exit status 3", "signal 11
    /// (SIGSEGV)".
    pub fn describe_ending(&self) -> String {
        match &self.ending {
            Ending::Exited(code) => format!("exit status {code}"),
            Ending::Signalled(signal) => format!("signal {signal} ({})", signal_name(*signal)),
            Ending::WallClock => "killed at the wall-clock limit".to_string(),
            Ending::CpuTime => "killed at the CPU limit".to_string(),
            Ending::Memory => "killed at the memory limit".to_string(),
            Ending::NotStarted(why) => format!("not started: {why}"),
        }
    }
}

/// A signal's name, as `kill -l` spells it.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => "a signal",
    }
}

/// The last [`STDERR_TAIL`] bytes of a file, from a line's start where
/// one is near.
pub(super) fn tail(path: &Path) -> io::Result<String> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    let from = len.saturating_sub(STDERR_TAIL as u64);
    file.seek(SeekFrom::Start(from))?;
    let mut bytes = Vec::with_capacity(STDERR_TAIL);
    file.take(STDERR_TAIL as u64).read_to_end(&mut bytes)?;
    if from > 0 {
        if let Some(newline) = bytes.iter().position(|&b| b == b'\n') {
            bytes.drain(..=newline);
        }
    }
    Ok(String::from_utf8_lossy(&bytes).trim_end().to_string())
}
