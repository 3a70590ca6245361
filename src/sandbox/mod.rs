//! Running a program nobody vouches for (a contestant's solution) in a
//! box of its own, under limits, so that whatever it does ends in an
//! [`Outcome`] measured by nimstream, and never in a hang, a crash of
//! nimstream, a full disk, a process left behind, or a look at what it
//! should not see.
//!
//! # The box
//!
//! A run ([`run`], or [`run_connected`] on pipes an interactor talks to
//! the program over) clones a *keeper* into new PID, mount, network, IPC and
//! UTS namespaces; the keeper is process 1 there, makes the box and starts
//! the program (`child` holds both). The program sees:
//!
//! * a root of its own, a tmpfs: the system's folders (`/usr`, `/bin`,
//!   `/lib*`) and the few files of `/etc` that loaders and runtimes read,
//!   read-only; `/dev/null`, `/dev/zero`, `/dev/full`, `/dev/random`,
//!   `/dev/urandom`; its own `/proc`, `/tmp` and `/dev/shm`; its working
//!   folder and home [`BOX_HOME`]; and, read-only at their own paths, the
//!   program and the files its command names (`plan`). No test folder,
//!   no answer file, no scratch of nimstream's, no home;
//! * its standard input from the test, and its standard output and error
//!   into files it cannot name (they are outside its root, and only
//!   nimstream's user may open them again);
//! * `PATH=/usr/bin:/bin` and that `HOME`, and what `--env` adds: nothing
//!   of nimstream's environment;
//! * no network but its own loopback, which nothing listens on;
//! * a user of its own when root starts it, unique across every
//!   nimstream on the machine (`identity`); in a user namespace, the
//!   user that started it.
//!
//! The box ends with the keeper: when the program ends, at a limit, or
//! when nimstream dies (the keeper's parent-death signal), the kernel
//! kills every process of the PID namespace, and its tmpfs, with every
//! file the program wrote, is gone with the mount namespace, which a
//! thread of nimstream's lets go of (`teardown`). SIGINT,
//! SIGTERM and SIGHUP of nimstream kill the boxes and remove the runs'
//! folders (`interrupt`).
//!
//! # Limits and measurements
//!
//! Root's runs are in control groups (`control_group`): the kernel
//! limits the memory (tmpfs and shared memory included) and the process
//! count of the whole box, and counts the CPU time of every process, waited
//! for or not. nimstream reads the CPU time and the wall clock while the
//! box runs and kills it past either (`watch`). Where no control group
//! can be made, CPU time and resident memory are read from `/proc` for
//! every process of the box. Every verdict comes from these measurements:
//! a program that raises `SIGXCPU` itself, or prints "out of memory", is
//! a run-time error, not a limit.
//!
//! Resource limits back these up in the program: CPU time a second past
//! the limit, the size of each file it writes (the output limit), the
//! stack, no core files, the process count of its user; and the box's
//! tmpfs holds at most the output limit.
//!
//! # Without privileges
//!
//! A user who is not root gets the same namespaces inside a user
//! namespace where the kernel allows it, with limits per process; where
//! it does not, a session of processes only. [`Isolation`] says which
//! this machine gives, and what each leaves open.
//!
//! Only Linux runs programs this way; the module is absent elsewhere.

mod child;
mod control_group;
mod identity;
mod interrupt;
mod isolation;
mod limits;
mod network;
mod outcome;
mod plan;
mod scratch;
mod syscall_filter;
mod teardown;
mod watch;

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::os::unix::io::{AsRawFd, FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use control_group::Hierarchy;
pub use isolation::Isolation;
pub use limits::Limits;
pub use outcome::{signal_name, Ending, Outcome, STDERR_TAIL};
pub use plan::{BOX_HOME, BOX_PATH};
pub use scratch::Scratch;
use scratch::WorkFolder;

/// What a program is run with.
#[derive(Clone, Debug)]
pub struct Program {
    /// The program and its arguments, as given on the command line.
    pub command: Vec<OsString>,
    /// `NAME=VALUE` pairs added to the box's environment.
    pub env: Vec<OsString>,
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
        Program {
            command,
            env: Vec::new(),
        }
    }

    /// Whether the program can be started in a box, before any test: the
    /// setter's mistakes (no such program, not in the box's `PATH`, not
    /// executable or readable by the box's user) say what to do.
    pub fn check(&self) -> Result<(), String> {
        let user = Isolation::detect().box_user();
        let Some(first) = self.command.first() else {
            return Err("no command was given".into());
        };
        plan::find_program(first, user)?;
        plan::check_readable(&self.command, user)?;
        for pair in &self.env {
            let text = pair.to_string_lossy();
            if !text.contains('=') || text.starts_with('=') {
                return Err(format!("--env '{text}': give NAME=VALUE"));
            }
        }
        Ok(())
    }
}

/// Makes SIGINT, SIGTERM and SIGHUP kill every box and remove the runs'
/// folders before they end nimstream, even where they were ignored; call
/// it before the first run, so that a signal that comes early is handled
/// too ([`run`] calls it anyway).
pub fn guard_interrupts() {
    interrupt::guard();
}

/// Runs `program` in a box with `stdin` as its standard input, its
/// standard output into `stdout` (created or emptied) and its standard
/// error into `stderr`, under `limits`, and waits until the box has ended.
///
/// Errors are nimstream's own: a file it cannot create, a box it cannot
/// make, an interruption. A program that cannot be started is an
/// [`Ending::NotStarted`].
pub fn run(
    program: &Program,
    stdin: &Path,
    stdout: &Path,
    stderr: &Path,
    limits: &Limits,
) -> io::Result<Outcome> {
    let input = File::open(stdin)?;
    let output = private_file(stdout)?;
    let mut outcome = run_connected(program, input, output, stderr, limits)?;
    outcome.output_bytes = size(stdout);
    Ok(outcome)
}

/// Runs `program` as [`run`] does, with `stdin` and `stdout` open already:
/// files, or the ends of pipes another thread talks to the program over
/// (an interactor). They are closed here as soon as the box holds them,
/// so the other ends see the program's end when it comes. What went into
/// `stdout` is not counted: the outcome's `output_bytes` is 0, and a pipe's
/// bytes are its reader's to bound.
pub fn run_connected(
    program: &Program,
    stdin: File,
    stdout: File,
    stderr: &Path,
    limits: &Limits,
) -> io::Result<Outcome> {
    interrupt::guard();
    if interrupt::interrupted() {
        return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
    }
    let isolation = Isolation::detect();
    let identity = match isolation.box_user() {
        Some(_) => Some(identity::Identity::take()?),
        None => None,
    };
    let user = identity.as_ref().map(|identity| identity.uid);
    let kind = isolation.kind(user);
    let started = Instant::now();
    let Some(first) = program.command.first() else {
        return Ok(not_started("no command was given".into(), started));
    };
    let found = match plan::find_program(first, user) {
        Ok(found) => found,
        Err(why) => return Ok(not_started(why, started)),
    };
    let mut group = match (isolation.control_groups(), user) {
        (Some(hierarchy), Some(uid)) => {
            Some(control_group::ControlGroup::new(hierarchy, uid, limits)?)
        }
        _ => None,
    };
    let work = match kind.namespaces() {
        true => None,
        false => Some(WorkFolder::new(user)?),
    };
    let mut left: Vec<PathBuf> = group.iter().flat_map(|g| g.folders().to_vec()).collect();
    left.extend(work.iter().map(|work| work.path.clone()));
    let _left = interrupt::Left::new(&left);
    let (input, output) = (stdin, stdout);
    let errors = private_file(stderr)?;
    let (reading, writing) = report_pipe()?;
    let joined = match &group {
        Some(_) => Some(joined_pipe()?),
        None => None,
    };
    let network = match (&identity, kind) {
        (Some(identity), plan::Kind::Root { .. }) => Some(network::take(identity.uid)?),
        _ => None,
    };
    let request = plan::Request {
        kind,
        program: &found,
        command: &program.command,
        env: &program.env,
        limits,
        address_space: group.is_none(),
        work_folder: work.as_ref().map_or(Path::new(BOX_HOME), |work| &work.path),
    };
    let streams = plan::Streams {
        stdin: input.as_raw_fd(),
        stdout: output.as_raw_fd(),
        stderr: errors.as_raw_fd(),
        report: writing.as_raw_fd(),
        network: network.as_ref().map(|fd| fd.as_raw_fd()),
        joined: joined.as_ref().map(|(reading, _)| reading.as_raw_fd()),
    };
    let plan = plan::Plan::new(&request, streams)?;
    let keeper = start(&plan, kind, network.is_none())?;
    let held_mounts = match kind.namespaces() {
        true => teardown::HeldMounts::of(keeper),
        false => None,
    };
    if let (Some(group), Some((_, tell))) = (&group, joined) {
        // While the keeper builds the box. Without the byte (the move
        // failed) the keeper ends, reporting that it could not join.
        if group.add(keeper).is_ok() {
            let _ = (&tell).write_all(&[1]);
        }
    }
    drop(writing);
    drop((input, output));
    let _keeper = interrupt::Keeper::new(keeper);
    let mut meter = match group.as_mut() {
        Some(group) => watch::Meter::Group(group),
        None => watch::Meter::Processes,
    };
    let watched = watch::watch(keeper, kind.namespaces(), &mut meter, limits, started);
    let reported = read_reports(reading)?;
    if let Some(held) = held_mounts {
        held.release();
    }
    if let (Some(identity), Some(network)) = (&identity, network) {
        network::give_back(identity.uid, network);
    }
    let out_of_memory = group.as_ref().is_some_and(|group| group.out_of_memory());
    drop(group);
    let ending = ending(&watched, &reported, out_of_memory);
    let failed = ending != Ending::Exited(0);
    let space = limits.address_space();
    let (cpu, peak_memory) = match (&reported.ended, request.address_space) {
        // Without a control group, what the keeper reaped (the program,
        // and the orphans it waited for) counts too.
        (Some(ended), true) => (
            watched.cpu.max(ended.cpu),
            watched.peak_memory.max(ended.peak_memory),
        ),
        _ => (watched.cpu, watched.peak_memory),
    };
    Ok(Outcome {
        ending,
        cpu,
        wall: watched.wall,
        peak_memory,
        address_space_exhausted: request.address_space
            && failed
            && watched.peak_address_space >= space - space / 8,
        output_bytes: 0,
        error_bytes: size(stderr),
        stderr_tail: outcome::tail(stderr)?,
    })
}

/// Clones the keeper, which makes the box and never returns; its PID.
/// `new_network`: the clone makes the box's network namespace (else the
/// keeper enters the plan's).
fn start(plan: &plan::Plan, kind: plan::Kind, new_network: bool) -> io::Result<libc::pid_t> {
    let mut flags = 0;
    if kind.namespaces() {
        flags |= libc::CLONE_NEWPID | libc::CLONE_NEWNS | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
        if new_network {
            flags |= libc::CLONE_NEWNET;
        }
    }
    if let plan::Kind::User { .. } = kind {
        flags |= libc::CLONE_NEWUSER;
    }
    // SAFETY: the child runs only `keeper`, which keeps raw_clone's
    // contract: system calls on the plan, made before the clone.
    let pid = unsafe { child::raw_clone(flags as libc::c_long) };
    if pid == 0 {
        // SAFETY: as above.
        unsafe { child::keeper(plan) }
    }
    if pid < 0 {
        let error = io::Error::last_os_error();
        return Err(io::Error::new(
            error.kind(),
            format!(
                "the box could not be made (clone): {}",
                crate::error::describe_io(&error)
            ),
        ));
    }
    Ok(pid)
}

/// The report pipe: nimstream's reading end, and the box's writing end.
fn report_pipe() -> io::Result<(File, OwnedFd)> {
    let mut ends = [0; 2];
    // SAFETY: `ends` has room for the two descriptors.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors are new and owned here alone.
    unsafe { Ok((File::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1]))) }
}

/// The pipe on which nimstream tells the keeper it is in the run's
/// control groups: the keeper's reading end, and nimstream's writing end.
fn joined_pipe() -> io::Result<(OwnedFd, File)> {
    let mut ends = [0; 2];
    // SAFETY: `ends` has room for the two descriptors.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors are new and owned here alone.
    unsafe { Ok((OwnedFd::from_raw_fd(ends[0]), File::from_raw_fd(ends[1]))) }
}

/// How the program ended, by the keeper's report.
struct Ended {
    status: libc::c_int,
    cpu: Duration,
    peak_memory: u64,
}

/// What the box reported.
#[derive(Default)]
struct Reports {
    ended: Option<Ended>,
    /// A probe's box was made.
    made: bool,
    /// `exec` failed: its error.
    not_started: Option<io::Error>,
}

/// Reads the box's reports once the keeper has ended; a box that could not
/// be made is an error.
fn read_reports(mut reading: File) -> io::Result<Reports> {
    let mut bytes = Vec::new();
    // Non-blocking: what the ended keeper and program wrote is there.
    let _ = reading.read_to_end(&mut bytes);
    let mut reports = Reports::default();
    let size = std::mem::size_of::<child::Report>();
    for chunk in bytes.chunks_exact(size) {
        let record: child::Report = bytemuck::pod_read_unaligned(chunk);
        match record[0] {
            child::SETUP_FAILED => {
                let error = io::Error::from_raw_os_error(record[2] as i32);
                return Err(io::Error::new(
                    error.kind(),
                    format!(
                        "the box could not be made ({}): {}",
                        child::step_name(record[1]),
                        crate::error::describe_io(&error)
                    ),
                ));
            }
            child::EXEC_FAILED => {
                reports.not_started = Some(io::Error::from_raw_os_error(record[2] as i32));
            }
            child::MADE => reports.made = true,
            child::ENDED => {
                reports.ended = Some(Ended {
                    status: record[1] as libc::c_int,
                    cpu: Duration::from_micros(record[2].max(0) as u64),
                    peak_memory: record[3].max(0) as u64 * 1024,
                });
            }
            _ => {}
        }
    }
    Ok(reports)
}

/// The run's ending: the judge's own stop first, then the kernel's at the
/// memory limit, then how the program ended.
fn ending(watched: &watch::Watched, reports: &Reports, out_of_memory: bool) -> Ending {
    if let Some(error) = &reports.not_started {
        return Ending::NotStarted(crate::error::describe_io(error));
    }
    match watched.stopped {
        Some(watch::Stopped::WallClock) => return Ending::WallClock,
        Some(watch::Stopped::CpuTime) => return Ending::CpuTime,
        Some(watch::Stopped::Memory) => return Ending::Memory,
        None if out_of_memory => return Ending::Memory,
        None => {}
    }
    match &reports.ended {
        Some(ended) if libc::WIFEXITED(ended.status) => {
            Ending::Exited(libc::WEXITSTATUS(ended.status))
        }
        Some(ended) if libc::WIFSIGNALED(ended.status) => {
            Ending::Signalled(libc::WTERMSIG(ended.status))
        }
        // The keeper was killed before it could report.
        _ => Ending::Signalled(libc::SIGKILL),
    }
}

/// Creates or empties a file for the program's output that only
/// nimstream's user may open: the program writes it through the
/// descriptor it is given, and cannot open it again to read.
fn private_file(path: &Path) -> io::Result<File> {
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    Ok(file)
}

fn size(path: &Path) -> u64 {
    fs::metadata(path).map(|meta| meta.len()).unwrap_or(0)
}

fn not_started(why: String, started: Instant) -> Outcome {
    Outcome {
        ending: Ending::NotStarted(why),
        cpu: Duration::ZERO,
        wall: started.elapsed(),
        peak_memory: 0,
        address_space_exhausted: false,
        output_bytes: 0,
        error_bytes: 0,
        stderr_tail: String::new(),
    }
}

#[cfg(test)]
mod tests;
