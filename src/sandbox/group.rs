//! A run's process group: waited for with its limits watched, killed whole
//! at the end, and killed too when nimstream is interrupted.

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Once;
use std::time::{Duration, Instant};

use super::{Ending, Limits};

/// The groups of the runs under way, for the interrupt handler: a slot is
/// 0 when free, -1 while its run starts. More runs than slots at once only
/// go unguarded.
static RUNNING: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];

/// How many runs at once are guarded, and given users of their own.
pub(super) const SLOTS: usize = 64;

/// A run's place in [`RUNNING`] while it lives.
pub(super) struct Registered {
    slot: Option<usize>,
}

impl Registered {
    /// Takes a free slot for a run about to start.
    pub(super) fn reserve() -> Registered {
        let slot = RUNNING.iter().position(|slot| {
            slot.compare_exchange(0, -1, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        Registered { slot }
    }

    /// The slot, which names the user a run started by root becomes.
    pub(super) fn slot(&self) -> Option<usize> {
        self.slot
    }

    /// Records the started run's group, for the interrupt handler.
    pub(super) fn started(&self, group: libc::pid_t) {
        if let Some(slot) = self.slot {
            RUNNING[slot].store(group, Ordering::SeqCst);
        }
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            RUNNING[slot].store(0, Ordering::SeqCst);
        }
    }
}

/// Installs, once, the handler that kills every running group when
/// nimstream is interrupted, and makes nimstream the reaper of the
/// processes its runs leave orphaned, so that they can be waited for.
pub(super) fn guard_interrupts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only makes async-signal-safe calls and
            // reads atomics; `action` is fully initialised.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                libc::sigaction(signal, std::ptr::null(), &mut old);
                // An ignored signal (under nohup) stays ignored.
                if old.sa_sigaction == libc::SIG_IGN {
                    continue;
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_interrupt as extern "C" fn(libc::c_int) as usize;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
        #[cfg(target_os = "linux")]
        // SAFETY: a plain system call on this process.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
        }
    });
}

extern "C" fn on_interrupt(signal: libc::c_int) {
    for slot in &RUNNING {
        let group = slot.load(Ordering::SeqCst);
        if group > 0 {
            // SAFETY: kill is async-signal-safe.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
    }
    // SAFETY: signal and raise are async-signal-safe; the default action
    // then ends nimstream as the signal would have.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// What waiting for a run found.
pub(super) struct Waited {
    pub(super) ending: Ending,
    pub(super) cpu: Duration,
    pub(super) wall: Duration,
    pub(super) peak_memory: u64,
    pub(super) peak_address_space: u64,
}

/// Waits for the child `pid`, the leader of its own group, killing the
/// group at the wall-clock limit after `started`, once its CPU time passes
/// the limit (the kernel's own limit counts whole seconds, and only kills
/// a second later), or once its resident memory passes the limit; then
/// kills what is left of the group and reaps it.
pub(super) fn wait(pid: libc::pid_t, limits: &Limits, started: Instant) -> Waited {
    let mut peak_address_space = 0;
    let mut pause = Duration::from_micros(200);
    let mut killed = None;
    let (status, usage) = loop {
        let mut status = 0;
        // SAFETY: all-zero is a valid rusage.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if killed.is_some() { 0 } else { libc::WNOHANG };
        // SAFETY: valid pointers for the call's duration.
        let waited = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if waited == pid {
            break (Some(status), usage);
        }
        if waited < 0 && std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            // Not our child any more: nothing to learn of it.
            break (None, usage);
        }
        if waited == 0 {
            let (address_space, resident) = memory_peaks(pid);
            peak_address_space = peak_address_space.max(address_space);
            if resident > limits.memory {
                kill_group(pid);
                killed = Some(Ending::Memory);
                continue;
            }
            if started.elapsed() > limits.wall {
                kill_group(pid);
                killed = Some(Ending::WallClock);
                continue;
            }
            if cpu_time(pid).is_some_and(|cpu| cpu > limits.cpu) {
                kill_group(pid);
                killed = Some(Ending::CpuTime);
                continue;
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(10));
        }
    };
    let wall = started.elapsed();
    end_group(pid);
    let ending = match status {
        _ if killed.is_some() => killed.unwrap_or(Ending::WallClock),
        Some(status) if libc::WIFEXITED(status) => Ending::Exited(libc::WEXITSTATUS(status)),
        Some(status) if libc::WIFSIGNALED(status) => Ending::Signalled(libc::WTERMSIG(status)),
        _ => Ending::NotStarted("it could not be waited for".into()),
    };
    Waited {
        ending,
        cpu: duration(usage.ru_utime) + duration(usage.ru_stime),
        wall,
        // Linux counts ru_maxrss in KiB.
        peak_memory: (usage.ru_maxrss.max(0) as u64) * 1024,
        peak_address_space,
    }
}

fn duration(time: libc::timeval) -> Duration {
    Duration::new(
        time.tv_sec.max(0) as u64,
        (time.tv_usec.max(0) as u32) * 1000,
    )
}

fn kill_group(group: libc::pid_t) {
    // SAFETY: a plain system call.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// Kills every process left in the group and reaps those that became
/// nimstream's, until the group is empty or a second has passed (a
/// process that left the group is beyond reach).
fn end_group(group: libc::pid_t) {
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        // SAFETY: plain system calls.
        let alive = unsafe { libc::kill(-group, libc::SIGKILL) } == 0;
        loop {
            // SAFETY: a null status pointer is allowed.
            let reaped = unsafe { libc::waitpid(-group, std::ptr::null_mut(), libc::WNOHANG) };
            if reaped <= 0 {
                break;
            }
        }
        if !alive || Instant::now() > deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// The CPU time of a running process and of the children it waited for,
/// from `/proc`; `None` where it cannot be read.
fn cpu_time(pid: libc::pid_t) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name, which ends at the last ')':
    // the state is the first, utime the twelfth.
    let fields: Vec<&str> = stat
        .get(stat.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let ticks: u64 = fields
        .get(11..15)?
        .iter()
        .map(|f| f.parse::<u64>().unwrap_or(0))
        .sum();
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(Duration::from_nanos(
        ticks.saturating_mul(1_000_000_000 / per_second),
    ))
}

/// The peak address space and peak resident memory of a running process,
/// from `/proc`, in bytes; 0 where they cannot be read.
fn memory_peaks(pid: libc::pid_t) -> (u64, u64) {
    let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) else {
        return (0, 0);
    };
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| {
                rest.trim()
                    .trim_end_matches("kB")
                    .trim()
                    .parse::<u64>()
                    .ok()
            })
            .map_or(0, |kib| kib * 1024)
    };
    (field("VmPeak:"), field("VmHWM:"))
}
