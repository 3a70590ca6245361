//! Folders on disk for runs: nimstream's own of a test ([`Scratch`]),
//! out of every box's sight, and a program's working folder where no box
//! can be made; and the removal of those a killed nimstream left.

use std::fs;
use std::io;
use std::os::unix::fs::DirBuilderExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Once;

use super::{interrupt, limits};

/// A fresh empty folder on disk for a run without a box, removed with
/// everything in it when dropped; the program's own.
pub(super) struct WorkFolder {
    pub(super) path: PathBuf,
}

impl WorkFolder {
    pub(super) fn new(user: Option<u32>) -> io::Result<WorkFolder> {
        // Made the folder's own first, so that it is removed however the
        // handing over ends.
        let folder = WorkFolder {
            path: fresh_folder("run")?,
        };
        limits::give_to(&folder.path, user)?;
        Ok(folder)
    }
}

impl Drop for WorkFolder {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// A new empty folder `nimstream-KIND-PID-N` in the system's temporary
/// folder, N the first number free, readable by nimstream's user alone.
/// The first call removes such folders of nimstreams that are gone.
fn fresh_folder(kind: &str) -> io::Result<PathBuf> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    static STALE: Once = Once::new();
    STALE.call_once(remove_stale_folders);
    if interrupt::interrupted() {
        return Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted"));
    }
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!("nimstream-{kind}-{}-{n}", std::process::id());
        let path = std::env::temp_dir().join(name);
        match fs::DirBuilder::new().mode(0o700).create(&path) {
            Ok(()) => return Ok(path),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
}

/// Removes the folders that a nimstream killed without a chance to clean
/// (`SIGKILL`) left in the temporary folder: those whose process is gone.
fn remove_stale_folders() {
    let Ok(entries) = fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = stale_owner(&name.to_string_lossy()) else {
            continue;
        };
        // SAFETY: signal 0 only asks whether the process exists.
        let gone = unsafe { libc::kill(pid, 0) } != 0
            && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH);
        if gone {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// The PID in a name `nimstream-judge-PID-N` or `nimstream-run-PID-N`.
pub(super) fn stale_owner(name: &str) -> Option<libc::pid_t> {
    let rest = name
        .strip_prefix("nimstream-judge-")
        .or_else(|| name.strip_prefix("nimstream-run-"))?;
    let (pid, n) = rest.split_once('-')?;
    n.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// A private folder for nimstream's own files of a run (the program's
/// output, its standard error, nimstream's answers), out of every box's
/// sight, removed when dropped or when nimstream is interrupted.
pub struct Scratch {
    /// The folder.
    pub path: PathBuf,
    _left: interrupt::Left,
}

impl Scratch {
    /// A new empty folder in the system's temporary folder.
    pub fn new() -> io::Result<Scratch> {
        interrupt::guard();
        let path = fresh_folder("judge")?;
        Ok(Scratch {
            _left: interrupt::Left::new(std::slice::from_ref(&path)),
            path,
        })
    }

    /// A path in the folder.
    pub fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}
