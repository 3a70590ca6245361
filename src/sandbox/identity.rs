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

use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
use std::os::unix::io::AsRawFd;
use std::path::PathBuf;

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
