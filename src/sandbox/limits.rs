//! The limits of a run.

use std::io;
use std::path::Path;
use std::time::Duration;

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time, user and system, of every process of the run.
    pub cpu: Duration,
    /// Wall-clock time.
    pub wall: Duration,
    /// Memory of the whole run, in bytes: every process's, and the files
    /// it keeps in memory (its `/tmp`, shared memory).
    pub memory: u64,
    /// Bytes of its standard output, of its standard error, and of all
    /// the files it writes in its box together.
    pub output: u64,
    /// Processes and threads the run may have at once.
    pub processes: u64,
    /// The stack of each thread, in bytes.
    pub stack: u64,
}

impl Limits {
    /// Limits with the wall clock at twice the CPU time and a second more
    /// (a run shares the machine, and its start costs wall time too), and
    /// the stack as large as the memory, as most contest judges give it.
    pub fn new(cpu: Duration, memory: u64, output: u64, processes: u64) -> Limits {
        Limits {
            cpu,
            wall: cpu * 2 + Duration::from_secs(1),
            memory,
            output,
            processes,
            stack: memory,
        }
    }

    /// The address space a run may reserve where no control group counts
    /// its memory: the memory limit and as much again, at least a GiB
    /// more. Reserving is not using (a runtime maps far more than it
    /// touches), so this is only a net under the memory limit, which is
    /// then read as resident memory.
    pub fn address_space(&self) -> u64 {
        self.memory.saturating_add(self.memory.max(1 << 30))
    }
}

/// Makes `folder` the program's own: owned by `user` when there is one.
pub(super) fn give_to(folder: &Path, user: Option<u32>) -> io::Result<()> {
    if let Some(user) = user {
        std::os::unix::fs::chown(folder, Some(user), Some(user))?;
    }
    Ok(())
}

/// The type `setrlimit` names a resource by, which glibc alone spells its
/// own way.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub(super) type Resource = libc::__rlimit_resource_t;
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub(super) type Resource = libc::c_int;
