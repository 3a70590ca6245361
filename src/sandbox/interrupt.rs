//! nimstream interrupted (`SIGINT`, `SIGTERM`, `SIGHUP`) while boxes run:
//! every box is killed at once, in the handler, and then a thread of its
//! own removes what the runs had on disk (their scratch folders, their
//! control groups) and ends nimstream as the signal would have.
//!
//! The handlers are installed even where the signal was ignored (a
//! script's background job ignores `SIGINT`): a judge that cannot be
//! interrupted would run on to its wall limit. Killing needs only
//! `kill`, which a handler may call; removing needs memory and locks,
//! which it may not, hence the thread, woken through a pipe.

use std::fs;
use std::io::Read;
use std::os::unix::io::FromRawFd;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, Once};
use std::time::Duration;

/// The keepers of the boxes under way (0 where free), for the handler.
static KEEPERS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];

/// How many boxes at once the handler can kill by their keepers; more
/// runs at once still die with nimstream, by their keepers' parent-death
/// signal.
const SLOTS: usize = 64;

/// The pipe's writing end, for the handler (-1 until installed).
static WAKE: AtomicI32 = AtomicI32::new(-1);

/// Set once nimstream is interrupted: no new box starts.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What to remove when interrupted: scratch folders, control groups.
static LEFT: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether nimstream has been interrupted.
pub(super) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Installs the handlers and the cleaning thread, once.
pub(super) fn guard() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let mut ends = [0; 2];
        // SAFETY: `ends` has room for the two descriptors.
        if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return;
        }
        WAKE.store(ends[1], Ordering::SeqCst);
        // SAFETY: the reading end is this thread's alone from here.
        let reading = unsafe { fs::File::from_raw_fd(ends[0]) };
        let spawned = std::thread::Builder::new()
            .name("nimstream-interrupt".into())
            .spawn(move || clean_on_wake(reading));
        if spawned.is_err() {
            return;
        }
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: the handler only makes async-signal-safe calls and
            // touches atomics; `action` is fully initialised.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    });
}

extern "C" fn on_signal(signal: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
    for slot in &KEEPERS {
        let keeper = slot.load(Ordering::SeqCst);
        if keeper > 0 {
            // SAFETY: kill is async-signal-safe. A keeper in a session of
            // its own (no namespaces) leads its group; both are killed.
            unsafe {
                libc::kill(-keeper, libc::SIGKILL);
                libc::kill(keeper, libc::SIGKILL);
            }
        }
    }
    let byte = signal as u8;
    // SAFETY: write is async-signal-safe; the pipe outlives the process.
    unsafe {
        libc::write(WAKE.load(Ordering::SeqCst), (&byte as *const u8).cast(), 1);
    }
}

fn clean_on_wake(mut reading: fs::File) {
    let mut byte = [0u8];
    if reading.read_exact(&mut byte).is_err() {
        return;
    }
    let signal = libc::c_int::from(byte[0]);
    let left = LEFT.lock().map(|left| left.clone()).unwrap_or_default();
    for path in left.iter().rev() {
        // A control group's folder holds its `cgroup.procs`; a scratch
        // folder never does.
        if path.join("cgroup.procs").exists() {
            super::control_group::remove(path);
        } else {
            let _ = fs::remove_dir_all(path);
        }
    }
    // SAFETY: plain calls on this process: the signal's own action ends
    // it, as it would have without nimstream's handler.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(signal);
    }
    std::thread::sleep(Duration::from_millis(100));
    std::process::exit(128 + signal);
}

/// A path to remove if nimstream is interrupted, until dropped.
pub(super) struct Left {
    paths: Vec<PathBuf>,
}

impl Left {
    pub(super) fn new(paths: &[PathBuf]) -> Left {
        if let Ok(mut left) = LEFT.lock() {
            left.extend(paths.iter().cloned());
        }
        Left {
            paths: paths.to_vec(),
        }
    }
}

impl Drop for Left {
    fn drop(&mut self) {
        if let Ok(mut left) = LEFT.lock() {
            left.retain(|path| !self.paths.contains(path));
        }
    }
}

/// A box's keeper, known to the handler until dropped.
pub(super) struct Keeper {
    slot: Option<usize>,
}

impl Keeper {
    pub(super) fn new(pid: libc::pid_t) -> Keeper {
        let slot = KEEPERS.iter().position(|slot| {
            slot.compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        // A signal that came between the clone and here found no keeper:
        // this one is killed now.
        if interrupted() {
            // SAFETY: a plain system call on our own child.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        Keeper { slot }
    }
}

impl Drop for Keeper {
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            KEEPERS[slot].store(0, Ordering::SeqCst);
        }
    }
}
