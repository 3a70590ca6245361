//! Running a program nobody vouches for: a contestant's solution, under
//! limits, so that whatever it does ends in an [`Outcome`] and never in a
//! hang, a crash of nimstream, a full disk or a process left behind.
//!
//! A run ([`run`]) gives the program:
//!
//! * its standard input from a file (so a program that never reads it, or
//!   closes it early, blocks nobody), its standard output and error into
//!   files the caller names;
//! * a fresh, empty working folder of its own, removed afterwards;
//! * its own process group, which is killed whole when the program ends,
//!   when a limit is reached, and when nimstream itself is interrupted
//!   (`SIGINT`, `SIGTERM`, `SIGHUP`): nothing it started keeps running;
//! * resource limits set in the child before `exec`: CPU seconds
//!   (`RLIMIT_CPU`), address space (`RLIMIT_AS`, a safety net above the
//!   memory limit: [`Limits::address_space`]), the
//!   size of any file it writes (`RLIMIT_FSIZE`, the output limit; a
//!   program that writes gigabytes is stopped by `SIGXFSZ`), no core
//!   files, and the number of processes (`RLIMIT_NPROC`, which is what
//!   stops a fork bomb). The kernel ignores the process limit for root, so
//!   a run started by root first becomes a user of its own (60000 and up,
//!   one per run under way, as isolate does), who can read what any user
//!   can and write only its folder.
//!
//! While it runs, its CPU time and resident memory are read from `/proc`
//! every few milliseconds, and it is killed as soon as either passes its
//! limit (the kernel counts CPU in whole seconds). The wall clock is
//! bounded too: a program that sleeps or waits uses no CPU.
//!
//! Memory is limited as resident memory, as a judge's control group
//! would, because no such limit can be set without privileges: the run is
//! killed when it passes the limit, so it may go a few milliseconds' worth
//! of allocation beyond it first. Its address space is limited too, well
//! above, so that a program cannot take the machine's memory between two
//! readings; a program whose allocation fails there usually crashes, and
//! [`Outcome::memory_limited`] tells that from an ordinary crash by the
//! peak address space it reached and by the words runtimes print.
//!
//! Only Unix runs programs this way (the limits are POSIX, the group kill
//! and the parent-death signal Linux's); the module is absent elsewhere.

mod group;
mod limits;

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, Read, Seek, SeekFrom};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub use limits::Limits;

/// What a program is run with.
#[derive(Clone, Debug)]
pub struct Program {
    /// The program and its arguments, as given on the command line.
    pub command: Vec<OsString>,
}

impl Program {
    /// The command with every word that names an existing file, relative
    /// to the current folder, made absolute: the program runs in a folder
    /// of its own, where `./a.out` or `sol.py` would name nothing.
    pub fn resolved(command: &[OsString]) -> Program {
        let command = command
            .iter()
            .map(|word| {
                let path = Path::new(word);
                if path.is_relative() && !word.is_empty() && path.exists() {
                    match std::path::absolute(path) {
                        Ok(absolute) => absolute.into_os_string(),
                        Err(_) => word.clone(),
                    }
                } else {
                    word.clone()
                }
            })
            .collect();
        Program { command }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited with this status.
    Exited(i32),
    /// A signal ended it (`SIGKILL` at the CPU limit's hard end, `SIGXCPU`
    /// at its soft end, `SIGXFSZ` at the output limit, or its own crash).
    Signalled(i32),
    /// It ran past the wall-clock limit and was killed.
    WallClock,
    /// Its CPU time, read while it ran, passed the limit, and it was
    /// killed.
    CpuTime,
    /// Its resident memory, read while it ran, passed the limit, and it
    /// was killed.
    Memory,
    /// It could not be started: the reason.
    NotStarted(String),
}

/// What a run did and used.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it ended.
    pub ending: Ending,
    /// CPU time, user and system, of the program and the children it
    /// waited for.
    pub cpu: Duration,
    /// Wall-clock time from start to end.
    pub wall: Duration,
    /// Peak resident memory, in bytes.
    pub peak_memory: u64,
    /// Peak address space seen while it ran, in bytes (sampled, so a
    /// lower bound; 0 where `/proc` does not tell).
    pub peak_address_space: u64,
    /// Bytes written to standard output.
    pub output_bytes: u64,
    /// The last lines of its standard error, at most [`STDERR_TAIL`]
    /// bytes, lossily decoded.
    pub stderr_tail: String,
}

/// The most bytes of a program's standard error kept for messages.
pub const STDERR_TAIL: usize = 2048;

impl Outcome {
    /// Whether the run went over its CPU limit or its wall clock.
    pub fn time_limited(&self, limits: &Limits) -> bool {
        matches!(self.ending, Ending::WallClock | Ending::CpuTime)
            || self.cpu > limits.cpu
            || matches!(self.ending, Ending::Signalled(libc::SIGXCPU))
            // The hard CPU limit kills with SIGKILL, a second past the
            // soft one; nothing else here sends SIGKILL before the end.
            || (matches!(self.ending, Ending::Signalled(libc::SIGKILL))
                && self.cpu + Duration::from_millis(500) >= limits.cpu)
    }

    /// Whether the run wrote more than its output limit.
    pub fn output_limited(&self, limits: &Limits) -> bool {
        self.output_bytes > limits.output || self.ending == Ending::Signalled(libc::SIGXFSZ)
    }

    /// Whether the run went over its memory limit: it was killed there, or
    /// its peak resident memory passed it, or it failed for want of memory
    /// (its address space came within an eighth of the kernel's limit, or
    /// its standard error says an allocation failed).
    pub fn memory_limited(&self, limits: &Limits) -> bool {
        let failed = !matches!(self.ending, Ending::Exited(0));
        let address_space = limits.address_space();
        self.ending == Ending::Memory
            || self.peak_memory > limits.memory
            || failed
                && (self.peak_address_space >= address_space - address_space / 8
                    || says_allocation_failed(&self.stderr_tail))
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

/// Whether a standard error's tail holds what C, C++, Rust, Java or Python
/// print when memory runs out (or what a program says of it).
fn says_allocation_failed(stderr: &str) -> bool {
    const WORDS: [&str; 6] = [
        "memory allocation of",
        "bad_alloc",
        "cannot allocate",
        "out of memory",
        "outofmemoryerror",
        "memoryerror",
    ];
    let stderr = stderr.to_lowercase();
    WORDS.iter().any(|words| stderr.contains(words))
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

/// Runs `program` with `stdin` as its standard input, its standard output
/// into `stdout` (created or emptied) and its standard error into
/// `stderr`, under `limits`, and waits until it and every process of its
/// group have ended.
///
/// Errors are nimstream's own (a folder or file it cannot create); a
/// program that cannot be started is an [`Ending::NotStarted`].
pub fn run(
    program: &Program,
    stdin: &Path,
    stdout: &Path,
    stderr: &Path,
    limits: &Limits,
) -> io::Result<Outcome> {
    let registered = group::Registered::reserve();
    let runner = limits::runner(registered.slot());
    let folder = WorkFolder::new(runner)?;
    let input = File::open(stdin)?;
    let output = File::create(stdout)?;
    let errors = File::create(stderr)?;
    let started = Instant::now();
    let Some((name, args)) = program.command.split_first() else {
        return Ok(not_started("no command was given".into(), started));
    };
    let mut command = Command::new(name);
    command
        .args(args)
        .current_dir(&folder.path)
        .stdin(Stdio::from(input))
        .stdout(Stdio::from(output))
        .stderr(Stdio::from(errors))
        .process_group(0);
    let child_limits = *limits;
    // SAFETY: the closure runs in the child between fork and exec and
    // makes only async-signal-safe system calls (setrlimit, prctl,
    // setgroups, setgid, setuid), allocating nothing.
    unsafe {
        command.pre_exec(move || child_limits.apply_in_child(runner));
    }
    group::guard_interrupts();
    let child = match command.spawn() {
        Ok(child) => child,
        Err(error) => return Ok(not_started(crate::error::describe_io(&error), started)),
    };
    let pid = child.id() as libc::pid_t;
    registered.started(pid);
    let waited = group::wait(pid, limits, started);
    drop(registered);
    let output_bytes = fs::metadata(stdout).map(|meta| meta.len()).unwrap_or(0);
    Ok(Outcome {
        ending: waited.ending,
        cpu: waited.cpu,
        wall: waited.wall,
        peak_memory: waited.peak_memory,
        peak_address_space: waited.peak_address_space,
        output_bytes,
        stderr_tail: tail(stderr)?,
    })
}

fn not_started(why: String, started: Instant) -> Outcome {
    Outcome {
        ending: Ending::NotStarted(why),
        cpu: Duration::ZERO,
        wall: started.elapsed(),
        peak_memory: 0,
        peak_address_space: 0,
        output_bytes: 0,
        stderr_tail: String::new(),
    }
}

/// The last [`STDERR_TAIL`] bytes of a file, from a line's start where
/// one is near.
fn tail(path: &Path) -> io::Result<String> {
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

/// A fresh empty folder for one run, removed with everything in it when
/// dropped. Readable and writable by the program even when it runs as
/// `nobody`.
struct WorkFolder {
    path: PathBuf,
}

impl WorkFolder {
    fn new(runner: u32) -> io::Result<WorkFolder> {
        // Made the folder's own first, so that it is removed however the
        // handing over ends.
        let folder = WorkFolder {
            path: fresh_folder("run")?,
        };
        limits::give_to_runner(&folder.path, runner)?;
        Ok(folder)
    }
}

/// A new empty folder `nimstream-KIND-PID-N` in the system's temporary
/// folder, N the first number free.
fn fresh_folder(kind: &str) -> io::Result<PathBuf> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("nimstream-{kind}-{}-{n}", std::process::id());
        let path = std::env::temp_dir().join(name);
        match fs::create_dir(&path) {
            Ok(()) => return Ok(path),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
}

impl Drop for WorkFolder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// A private folder for nimstream's own files of a run (the program's
/// output, its standard error), removed when dropped.
pub struct Scratch {
    /// The folder.
    pub path: PathBuf,
}

impl Scratch {
    /// A new empty folder in the system's temporary folder.
    pub fn new() -> io::Result<Scratch> {
        Ok(Scratch {
            path: fresh_folder("judge")?,
        })
    }

    /// A path in the folder.
    pub fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests;
