//! The limits of a run, and how the child sets them on itself before it
//! becomes the program.

use std::io;
use std::path::Path;
use std::time::Duration;

/// The user and group a run started by root becomes when it has no user
/// of its own: `nobody`, whose process count the kernel does limit.
const NOBODY: u32 = 65534;

/// The first of the users that runs started by root become, one per run
/// under way (as isolate gives each sandbox its own), so that a fork bomb
/// fills only its own run's count of processes.
const FIRST_RUNNER: u32 = 60000;

/// The user (and group) a run started by root becomes, from its slot.
pub(super) fn runner(slot: Option<usize>) -> u32 {
    slot.map_or(NOBODY, |slot| FIRST_RUNNER + slot as u32)
}

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time, user and system.
    pub cpu: Duration,
    /// Wall-clock time.
    pub wall: Duration,
    /// Resident memory, in bytes.
    pub memory: u64,
    /// Bytes of any file the program writes, its standard output first.
    pub output: u64,
    /// Processes and threads of the user the program runs as.
    pub processes: u64,
}

impl Limits {
    /// Limits with the wall clock at twice the CPU time and a second more
    /// (a run shares the machine, and its start costs wall time too).
    pub fn new(cpu: Duration, memory: u64, output: u64, processes: u64) -> Limits {
        Limits {
            cpu,
            wall: cpu * 2 + Duration::from_secs(1),
            memory,
            output,
            processes,
        }
    }

    /// The address space a run may reserve: the memory limit and as much
    /// again, at least a GiB more. Reserving is not using (a runtime maps
    /// far more than it touches), so this is only the net under the
    /// memory limit, which is on resident memory.
    pub fn address_space(&self) -> u64 {
        self.memory.saturating_add(self.memory.max(1 << 30))
    }

    /// Sets the limits on the calling process: run in the child, between
    /// `fork` and `exec`, so only async-signal-safe calls.
    pub(super) fn apply_in_child(&self, runner: u32) -> io::Result<()> {
        // SIGXCPU a second past the limit (its counting is in whole
        // seconds), SIGKILL a second after that.
        let cpu = self.cpu.as_secs() + 1 + u64::from(self.cpu.subsec_nanos() > 0);
        set(libc::RLIMIT_CPU, cpu, cpu + 1)?;
        let address_space = self.address_space();
        set(libc::RLIMIT_AS, address_space, address_space)?;
        // One byte more than allowed, so that going over is seen in the
        // file's size as well as by the signal.
        set(libc::RLIMIT_FSIZE, self.output + 1, self.output + 1)?;
        set(libc::RLIMIT_CORE, 0, 0)?;
        // SAFETY: plain system calls on the calling process.
        unsafe {
            if libc::geteuid() == 0 {
                check(libc::setgroups(0, std::ptr::null()))?;
                check(libc::setgid(runner))?;
                check(libc::setuid(runner))?;
            }
            #[cfg(target_os = "linux")]
            check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL))?;
        }
        // After the user changed: the count is the new user's.
        set(libc::RLIMIT_NPROC, self.processes, self.processes)?;
        Ok(())
    }
}

/// Makes `folder` the program's own: owned by its `runner` when runs start
/// as root (who then become that user).
pub(super) fn give_to_runner(folder: &Path, runner: u32) -> io::Result<()> {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        std::os::unix::fs::chown(folder, Some(runner), Some(runner))?;
    }
    Ok(())
}

/// The type `setrlimit` names a resource by, which glibc alone spells its
/// own way.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
type Resource = libc::__rlimit_resource_t;
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
type Resource = libc::c_int;

fn set(resource: Resource, soft: u64, hard: u64) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: soft as libc::rlim_t,
        rlim_max: hard as libc::rlim_t,
    };
    // SAFETY: `limit` is a valid rlimit for the call's duration.
    check(unsafe { libc::setrlimit(resource, &limit) })
}

fn check(result: libc::c_int) -> io::Result<()> {
    if result == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}
