//! Waiting for a box: its keeper reaped at the end, its CPU time, memory
//! and wall clock read meanwhile, and the box killed as soon as one
//! passes its limit.
//!
//! With control groups the kernel counts CPU time and memory for the whole
//! box ([`Meter::Group`]); without, they are read from `/proc` for every
//! process under the keeper, live or not yet reaped ([`Meter::Processes`]).

use std::time::{Duration, Instant};

use super::control_group::ControlGroup;
use super::Limits;

/// How the box's use is read.
pub(super) enum Meter<'a> {
    Group(&'a mut ControlGroup),
    Processes,
}

/// Why the judge stopped a box, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stopped {
    WallClock,
    CpuTime,
    Memory,
}

/// What waiting found.
pub(super) struct Watched {
    pub stopped: Option<Stopped>,
    pub cpu: Duration,
    pub wall: Duration,
    pub peak_memory: u64,
    pub peak_address_space: u64,
}

/// Waits for `keeper`, stopping the box at a limit; `namespaces` says
/// whether killing the keeper ends the box (its PID namespace) or its
/// session must be killed too.
pub(super) fn watch(
    keeper: libc::pid_t,
    namespaces: bool,
    meter: &mut Meter,
    limits: &Limits,
    started: Instant,
) -> Watched {
    let mut pause = Duration::from_micros(200);
    let mut stopped = None;
    let mut used = Used::default();
    let ended = KeeperEnd::open(keeper);
    loop {
        let mut status = 0;
        let flags = if stopped.is_some() { 0 } else { libc::WNOHANG };
        // SAFETY: a valid pointer for the call's duration.
        let waited = unsafe { libc::waitpid(keeper, &mut status, flags) };
        if waited == keeper {
            break;
        }
        if waited < 0 {
            if std::io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                continue;
            }
            // Reaped elsewhere: nothing more to wait for.
            break;
        }
        used.read(keeper, meter);
        stopped = if started.elapsed() > limits.wall {
            Some(Stopped::WallClock)
        } else if used.cpu > limits.cpu {
            Some(Stopped::CpuTime)
        } else if matches!(meter, Meter::Processes) && used.resident > limits.memory {
            // A control group limits memory itself; here it is read.
            Some(Stopped::Memory)
        } else {
            None
        };
        if stopped.is_some() {
            kill_box(keeper, namespaces);
            continue;
        }
        ended.wait(pause);
        pause = (pause * 2).min(Duration::from_millis(10));
    }
    let wall = started.elapsed();
    if !namespaces {
        kill_box(keeper, false);
    }
    Watched {
        stopped,
        cpu: match meter {
            Meter::Group(group) => group.cpu().unwrap_or(used.cpu),
            Meter::Processes => used.cpu,
        },
        wall,
        peak_memory: match meter {
            Meter::Group(group) => group.peak_memory(),
            Meter::Processes => used.peak_resident,
        },
        peak_address_space: used.peak_address_space,
    }
}

/// The keeper's end as something to wait for: a pidfd, which wakes the
/// wait the moment the keeper ends, where the kernel has them (5.3 on).
struct KeeperEnd(Option<std::os::unix::io::OwnedFd>);

impl KeeperEnd {
    fn open(keeper: libc::pid_t) -> KeeperEnd {
        use std::os::unix::io::FromRawFd;
        // SAFETY: a plain system call; the keeper is our unreaped child.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, keeper, 0) };
        // SAFETY: a new descriptor, owned here alone.
        KeeperEnd((fd >= 0).then(|| unsafe { std::os::unix::io::OwnedFd::from_raw_fd(fd as i32) }))
    }

    /// Waits `pause`, or less if the keeper ends first.
    fn wait(&self, pause: Duration) {
        use std::os::unix::io::AsRawFd;
        let Some(fd) = &self.0 else {
            std::thread::sleep(pause);
            return;
        };
        let mut poll = libc::pollfd {
            fd: fd.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let timeout = libc::timespec {
            tv_sec: pause.as_secs() as libc::time_t,
            tv_nsec: pause.subsec_nanos() as libc::c_long,
        };
        // SAFETY: valid pointers for the call's duration.
        unsafe { libc::ppoll(&mut poll, 1, &timeout, std::ptr::null()) };
    }
}

fn kill_box(keeper: libc::pid_t, namespaces: bool) {
    // SAFETY: plain system calls; the keeper is our unreaped child, so its
    // PID (and its session's group) is not anybody else's.
    unsafe {
        if !namespaces {
            libc::kill(-keeper, libc::SIGKILL);
        }
        libc::kill(keeper, libc::SIGKILL);
    }
}

/// What the box used, as read so far.
#[derive(Default)]
struct Used {
    cpu: Duration,
    resident: u64,
    peak_resident: u64,
    peak_address_space: u64,
}

impl Used {
    fn read(&mut self, keeper: libc::pid_t, meter: &mut Meter) {
        match meter {
            Meter::Group(group) => {
                group.sample_memory();
                if let Some(cpu) = group.cpu() {
                    self.cpu = cpu;
                }
            }
            Meter::Processes => {
                let mut total = Totals::default();
                for pid in descendants(keeper) {
                    total.add(pid);
                }
                // Processes that ended take their time with them until
                // reaped; what was read before is kept.
                self.cpu = self.cpu.max(total.cpu);
                self.resident = total.resident;
                self.peak_resident = self.peak_resident.max(total.resident);
                self.peak_address_space = self.peak_address_space.max(total.address_space);
            }
        }
    }
}

#[derive(Default)]
struct Totals {
    cpu: Duration,
    resident: u64,
    address_space: u64,
}

impl Totals {
    fn add(&mut self, pid: libc::pid_t) {
        if let Some(cpu) = cpu_time(pid) {
            self.cpu += cpu;
        }
        let (address_space, resident) = memory(pid);
        self.resident += resident;
        self.address_space = self.address_space.max(address_space);
    }
}

/// The most processes read per look: a fork bomb is stopped by its
/// process limit, not read whole.
const MOST_READ: usize = 512;

/// Every process under `keeper`, not the keeper itself (a copy of
/// nimstream, whose memory is nimstream's).
fn descendants(keeper: libc::pid_t) -> Vec<libc::pid_t> {
    let mut found = Vec::new();
    let mut next = vec![keeper];
    while let Some(pid) = next.pop() {
        let path = format!("/proc/{pid}/task/{pid}/children");
        let children = std::fs::read_to_string(path).unwrap_or_default();
        for child in children.split_whitespace().filter_map(|c| c.parse().ok()) {
            if found.len() == MOST_READ {
                return found;
            }
            found.push(child);
            next.push(child);
        }
    }
    found
}

/// The CPU time of a process and of the children it waited for.
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

/// A process's peak address space and its resident memory now, in bytes.
fn memory(pid: libc::pid_t) -> (u64, u64) {
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
    (field("VmPeak:"), field("VmRSS:"))
}
