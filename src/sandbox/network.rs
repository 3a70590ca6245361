//! The network namespaces of root's boxes: each box user's own, kept for
//! that user's next box while nothing of the last box is left in it.
//!
//! A socket can outlive every process of its box: an abstract Unix socket
//! whose only descriptor is in flight in its own queue lives until the
//! kernel's collector finds it, and the next box in that namespace would
//! list it in `/proc/net/unix` (its name can carry a test's data), or
//! reach it. So once a box has ended, nimstream looks into its namespace
//! (a thread enters it and reads its `/proc/net/sockstat`, whose count
//! takes in every socket a process made there, of any kind): none left,
//! and the namespace is kept for the user's next box; any, and it is let
//! go of and the next box gets a new one. A new one for every box would
//! do too, but making one costs about a millisecond of the kernel's work
//! and its end more: on a machine of two cores, as much as the rest of a
//! trivial program's run. The program cannot change the namespace (it is
//! root's), and its loopback stays down.

use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::os::unix::io::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::Mutex;

/// The namespaces kept, by box user, each found empty when its last box
/// ended.
static KEPT: Mutex<BTreeMap<u32, OwnedFd>> = Mutex::new(BTreeMap::new());

/// The network namespace for a box of `uid`: the one its last box left
/// empty, or a new one.
pub(super) fn take(uid: u32) -> io::Result<OwnedFd> {
    let kept = KEPT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .remove(&uid);
    match kept {
        Some(fd) => Ok(fd),
        None => new_network(),
    }
}

/// Gives back the namespace of an ended box of `uid`: kept if no socket
/// is left in it, else let go of.
pub(super) fn give_back(uid: u32, namespace: OwnedFd) {
    if holds_no_socket(&namespace) {
        KEPT.lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .insert(uid, namespace);
    }
}

/// Whether no socket is open in `namespace`. A thread of its own enters
/// it and ends there, so that no thread of nimstream's stays in a box's
/// network; any failure counts as a socket left.
fn holds_no_socket(namespace: &OwnedFd) -> bool {
    let fd = namespace.as_raw_fd();
    std::thread::scope(|scope| {
        scope
            .spawn(move || {
                // SAFETY: a plain system call; it moves this thread alone.
                if unsafe { libc::setns(fd, libc::CLONE_NEWNET) } != 0 {
                    return false;
                }
                let counts = std::fs::read_to_string("/proc/thread-self/net/sockstat");
                counts.is_ok_and(|text| text.lines().next() == Some("sockets: used 0"))
            })
            .join()
            .unwrap_or(false)
    })
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
