//! How many threads the machine gives now: [`threads_now`].
//!
//! A second thread pays only while it has a core of its own. On a 2-core
//! machine with one other busy process, a second thread shares a core with
//! it, runs in scheduling slices, and whatever waits on it waits a slice:
//! `grundy 0.6 --values 1000000` took longer on two threads than on one
//! from one CPU hog up (docs/speed.md). So the default is the cores this
//! process may use less those the rest of the machine keeps busy, never
//! below one. [`threads_for`] decides, from figures [`Load::now`] reads:
//!
//! - the tasks runnable right now, system-wide (`/proc/loadavg`'s fourth
//!   field), less the one reading it. It sees a steady load at once, where
//!   the load average takes a minute to rise and longer to fall. Spread
//!   over the system's online CPUs, it gives the share of this process's
//!   cores taken, which matters when the affinity mask holds only some of
//!   them;
//! - the CPU pressure (`/proc/pressure/cpu`'s `some avg10`): the share of
//!   the last ten seconds in which some task waited for a CPU. A load that
//!   comes and goes (builds, test suites) may be between bursts at the
//!   instant the count is read; the pressure remembers it, so a busy
//!   machine with a quiet instant still counts as busy.
//!
//! Where neither can be read (not Linux, no `/proc`), all the cores are
//! used, as before; where only one can, it decides alone. An explicit
//! thread count is never second-guessed: this is only the default.

/// CPU pressure (percent of the last ten seconds with a task waiting for
/// a CPU) from which the machine counts as having no core to spare. A
/// quiet machine shows a few percent (timers, daemons); a CPU hog per
/// core, or a burst of builds, shows tens.
pub const PRESSURED: f64 = 20.0;

/// What the machine is doing, as far as the system says.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Load {
    /// Tasks running or ready to run on the whole system, the reader
    /// included.
    pub runnable: Option<u64>,
    /// The CPUs the system has online (the runnable count is over them
    /// all, not only those this process may use).
    pub online: usize,
    /// The CPU pressure, `some avg10`, in percent.
    pub pressure: Option<f64>,
}

impl Load {
    /// The figures as the system gives them now; what it does not give is
    /// `None`.
    pub fn now() -> Load {
        let read = |path| std::fs::read_to_string(path).ok();
        Load {
            runnable: read("/proc/loadavg").as_deref().and_then(runnable),
            online: online_cpus(),
            pressure: read("/proc/pressure/cpu").as_deref().and_then(pressure),
        }
    }
}

/// The threads worth running on `cores` (those this process may use) under
/// `load`: the cores the rest of the machine leaves free, at least one.
pub fn threads_for(cores: usize, load: Load) -> usize {
    let cores = cores.max(1);
    let mut free = cores;
    if let Some(runnable) = load.runnable {
        // The reader is runnable, and is this process.
        let others = runnable.saturating_sub(1);
        let online = load.online.max(cores) as u64;
        // The others spread over every online CPU: this process's cores
        // hold their share, rounded up, since one busy task takes a whole
        // core from a thread that would share it.
        let busy = (others * cores as u64).div_ceil(online);
        free = cores.saturating_sub(busy as usize);
    }
    if load.pressure.is_some_and(|p| p >= PRESSURED) {
        free = free.min(cores - 1);
    }
    free.max(1)
}

/// The threads worth running now on the cores this process may use
/// ([`super::cores`]), by [`threads_for`]. Two small reads of `/proc`
/// (microseconds), so a long computation may ask again before each stretch
/// of work and follow the load as it changes.
pub fn threads_now() -> usize {
    match super::cores() {
        1 => 1,
        cores => threads_for(cores, Load::now()),
    }
}

/// The runnable tasks in `/proc/loadavg`'s text: the number before the
/// slash of its fourth field (`0.52 0.58 0.59 3/467 12345`).
fn runnable(loadavg: &str) -> Option<u64> {
    let field = loadavg.split_ascii_whitespace().nth(3)?;
    field.split_once('/')?.0.parse().ok()
}

/// `some avg10` in `/proc/pressure/cpu`'s text.
fn pressure(psi: &str) -> Option<f64> {
    let some = psi.lines().find_map(|line| line.strip_prefix("some "))?;
    let avg10 = some
        .split_ascii_whitespace()
        .find_map(|field| field.strip_prefix("avg10="))?;
    avg10.parse().ok().filter(|p: &f64| p.is_finite())
}

/// The CPUs online in the system, or 1 where it does not say.
fn online_cpus() -> usize {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads a system setting.
        let online = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
        if online > 0 {
            return online as usize;
        }
    }
    1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(runnable: Option<u64>, online: usize, pressure: Option<f64>) -> Load {
        Load {
            runnable,
            online,
            pressure,
        }
    }

    #[test]
    fn threads_are_the_cores_the_rest_of_the_machine_leaves_free() {
        // (cores, runnable with the reader, online CPUs, pressure) -> threads
        let table = [
            // 2 cores, quiet: both.
            (2, Some(1), 2, Some(0.0), 2),
            (2, Some(1), 2, None, 2),
            // One hog (load 2): it takes a core.
            (2, Some(2), 2, Some(0.0), 1),
            // 4 and 9 hogs (load 5, 10): one thread.
            (2, Some(5), 2, Some(90.0), 1),
            (2, Some(10), 2, Some(100.0), 1),
            // A quiet instant of a busy machine: the pressure remembers.
            (2, Some(1), 2, Some(PRESSURED), 1),
            (2, Some(1), 2, Some(PRESSURED - 0.5), 2),
            // Eight cores, three others busy: five free.
            (8, Some(4), 8, Some(30.0), 5),
            (8, Some(4), 8, Some(1.0), 5),
            // Pressure alone leaves one core to the others.
            (8, None, 8, Some(50.0), 7),
            // 2 cores of a 64-CPU host with 32 others busy: half of each
            // of ours, rounded up to a whole core.
            (2, Some(33), 64, None, 1),
            (2, Some(17), 64, None, 1),
            (2, Some(1), 64, None, 2),
            // Nothing known: every core, as before.
            (2, None, 1, None, 2),
            (16, None, 16, None, 16),
            // One core, or none said: one thread.
            (1, Some(1), 1, None, 1),
            (0, None, 1, None, 1),
            // Never fewer than one, however busy.
            (4, Some(1000), 4, Some(100.0), 1),
            // No reader counted (a count of 0): nothing else runs.
            (2, Some(0), 2, None, 2),
        ];
        for (cores, runnable, online, pressure, threads) in table {
            let given = load(runnable, online, pressure);
            assert_eq!(
                threads_for(cores, given),
                threads,
                "{cores} cores, {given:?}"
            );
        }
    }

    #[test]
    fn the_runnable_count_and_the_pressure_are_read_from_the_systems_text() {
        assert_eq!(runnable("0.52 0.58 0.59 3/467 12345\n"), Some(3));
        assert_eq!(runnable("10.00 9.50 4.10 11/90 777"), Some(11));
        for bad in ["", "0.52 0.58 0.59", "0.52 0.58 0.59 3 12", "a b c x/1 2"] {
            assert_eq!(runnable(bad), None, "{bad:?}");
        }
        let psi = "some avg10=3.91 avg60=1.56 avg300=1.55 total=6092128551\n\
                   full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
        assert_eq!(pressure(psi), Some(3.91));
        assert_eq!(pressure("full avg10=5.00 avg60=0 avg300=0 total=0\n"), None);
        assert_eq!(pressure("some avg10=NaN avg60=0\n"), None);
        assert_eq!(pressure(""), None);
    }

    #[test]
    fn the_figures_of_this_machine_give_a_count_within_its_cores() {
        let threads = threads_now();
        assert!((1..=crate::parallel::cores()).contains(&threads));
        assert!(Load::now().online >= 1);
    }
}
