//! The network namespaces of root's boxes: a new one for every box,
//! made ahead on a thread of their own.
//!
//! One namespace per box user would be cheaper, but not private: a socket
//! can outlive every process of its box (an abstract Unix socket whose
//! only descriptor is in flight in its own queue lives until the kernel's
//! collector finds it), and the next box of that user would list it in
//! its `/proc/net/unix`, or receive what it holds. Making a namespace
//! costs about a millisecond of the kernel's work, so a thread makes the
//! next ones while the boxes run; the kernel tears one down on its own
//! time once its last descriptor is closed.

use std::fs::File;
use std::io;
use std::os::unix::io::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::{Condvar, Mutex, OnceLock};

/// Namespaces made ahead, at most.
const AHEAD: usize = 2;

struct Pool {
    ready: Mutex<Vec<OwnedFd>>,
    /// Signalled when one is taken.
    taken: Condvar,
}

/// A new network namespace for a box, held by the returned descriptor:
/// one made ahead if there is one, else one made now.
pub(super) fn fresh() -> io::Result<OwnedFd> {
    let Some(pool) = pool() else {
        return new_network();
    };
    let made = lock(pool).pop();
    pool.taken.notify_one();
    match made {
        Some(fd) => Ok(fd),
        None => new_network(),
    }
}

/// The pool, its thread started on the first call; `None` if no thread
/// can be started.
fn pool() -> Option<&'static Pool> {
    static POOL: OnceLock<Option<&'static Pool>> = OnceLock::new();
    *POOL.get_or_init(|| {
        let pool: &'static Pool = Box::leak(Box::new(Pool {
            ready: Mutex::new(Vec::new()),
            taken: Condvar::new(),
        }));
        std::thread::Builder::new()
            .name("nimstream-box-networks".into())
            .spawn(move || make_ahead(pool))
            .ok()
            .map(|_| pool)
    })
}

fn lock(pool: &Pool) -> std::sync::MutexGuard<'_, Vec<OwnedFd>> {
    pool.ready
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Keeps `AHEAD` namespaces ready; ends if one cannot be made (the runs
/// then make their own, and say why).
fn make_ahead(pool: &Pool) {
    loop {
        let mut ready = lock(pool);
        while ready.len() >= AHEAD {
            ready = pool
                .taken
                .wait(ready)
                .unwrap_or_else(|poisoned| poisoned.into_inner());
        }
        drop(ready);
        match new_network() {
            Ok(fd) => lock(pool).push(fd),
            Err(_) => return,
        }
    }
}

/// A new network namespace, held by a descriptor: a child is cloned into
/// it, which waits until the namespace is open, then ends.
fn new_network() -> io::Result<OwnedFd> {
    let mut ends = [0; 2];
    // SAFETY: `ends` has room for the two descriptors.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both are new and owned here alone.
    let (hold, release) = unsafe { (OwnedFd::from_raw_fd(ends[0]), OwnedFd::from_raw_fd(ends[1])) };
    // SAFETY: the child only reads a pipe and exits (raw_clone's contract).
    let pid = unsafe { super::child::raw_clone(libc::CLONE_NEWNET as libc::c_long) };
    if pid == 0 {
        // SAFETY: as above.
        unsafe { super::child::hold_network(hold.as_raw_fd(), release.as_raw_fd()) }
    }
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    let opened = File::open(format!("/proc/{pid}/ns/net"));
    drop(release);
    let mut status = 0;
    // SAFETY: a valid pointer; the child is ours.
    unsafe { libc::waitpid(pid, &mut status, 0) };
    Ok(OwnedFd::from(opened?))
}
