//! Who a box's program is: a user of its own for every box under way on
//! the machine, whichever nimstream started it.
//!
//! A run started by root takes the first free user from [`FIRST_UID`]
//! on: free means that no process holds the lock file of that user in
//! [`LOCKS`]. The lock is an `flock`, which the kernel drops when its
//! holder ends however it ends, so a killed nimstream frees its users; and
//! since every process of a box dies with its PID namespace, a user whose
//! lock is free has no process left. (isolate gives each box a user the
//! same way, from a box number its caller picks.)
//!
//! A run started by a user makes a user namespace, where the program is
//! [`USER_NAMESPACE_UID`], mapped to that user outside: runs of one user
//! are then told apart by their PID namespaces, which none can see out of.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::os::unix::io::{AsRawFd, FromRawFd, OwnedFd};
use std::path::PathBuf;
use std::sync::Mutex;

/// The first of the users that runs started by root become.
pub const FIRST_UID: u32 = 60000;

/// How many users runs started by root may take at once.
const USERS: u32 = 1000;

/// The program's user inside a user namespace.
pub const USER_NAMESPACE_UID: u32 = 60000;

/// Where the lock files of the users are: root's, outside every box.
const LOCKS: &str = "/run/nimstream";

/// A user taken for one run, until dropped.
pub(super) struct Identity {
    pub uid: u32,
    _lock: File,
}

impl Identity {
    /// Takes the first free user.
    pub(super) fn take() -> io::Result<Identity> {
        let folder = lock_folder()?;
        for uid in FIRST_UID..FIRST_UID + USERS {
            let lock = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .mode(0o600)
                .open(folder.join(format!("box-{uid}.lock")))?;
            // SAFETY: a valid descriptor for the call's duration.
            if unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
                return Ok(Identity { uid, _lock: lock });
            }
        }
        Err(io::Error::other(format!(
            "all {USERS} users of boxes ({FIRST_UID} and on) are taken by runs under way"
        )))
    }
}

/// The network namespace of the boxes of `uid` in this process: made on
/// the first call, then kept. A new one per box costs more than the rest
/// of the box (about a millisecond to make, and the kernel's work to tear
/// down); one per user is as private, since a user is one box's at a time
/// (its lock), and a box's sockets die with its processes. The box's
/// program cannot change it: the namespace is root's, and its loopback
/// stays down.
pub(super) fn network(uid: u32) -> io::Result<libc::c_int> {
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

fn lock_folder() -> io::Result<PathBuf> {
    let folder = PathBuf::from(LOCKS);
    match fs::DirBuilder::new().mode(0o700).create(&folder) {
        Ok(()) => Ok(folder),
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Ok(folder),
        Err(error) => Err(io::Error::new(
            error.kind(),
            format!("{LOCKS}: {}", crate::error::describe_io(&error)),
        )),
    }
}
