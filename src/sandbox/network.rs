//! The network namespaces of root's boxes: one per box user, made once
//! per process and kept.

use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::os::unix::io::{AsRawFd, FromRawFd, OwnedFd};
use std::sync::Mutex;

/// The network namespace of the boxes of `uid` in this process: made on
/// the first call, then kept. A new one per box costs more than the rest
/// of the box (about a millisecond to make, and the kernel's work to tear
/// down); one per user is as private, since a user is one box's at a time
/// (its lock), and a box's sockets die with its processes. The box's
/// program cannot change it: the namespace is root's, and its loopback
/// stays down.
pub(super) fn of_user(uid: u32) -> io::Result<libc::c_int> {
    static MADE: Mutex<BTreeMap<u32, OwnedFd>> = Mutex::new(BTreeMap::new());
    let mut made = MADE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(fd) = made.get(&uid) {
        return Ok(fd.as_raw_fd());
    }
    let fd = new_network()?;
    let raw = fd.as_raw_fd();
    made.insert(uid, fd);
    Ok(raw)
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
