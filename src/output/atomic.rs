//! Files that are replaced whole or not at all.
//!
//! Writing a file in place destroys it first: [`File::create`] truncates the
//! old content, so a run that fails half way (a full disk, an option found
//! impossible late, a kill) leaves neither the old file nor a whole new one,
//! and a truncated compressed file may even look complete. An [`AtomicFile`]
//! writes into a temporary file in the target's own directory and renames it
//! over the target only when the caller [commits](AtomicFile::commit) it,
//! after its bytes are synced to disk, the way `cargo` and editors save. A
//! rename within one file system is atomic, so whoever opens the target, at
//! any moment and also after the process is killed, finds either the old
//! content or all of the new.
//!
//! ```no_run
//! use std::io::{BufWriter, Write};
//! use nimstream::output::atomic::AtomicFile;
//!
//! let mut out = BufWriter::new(AtomicFile::create("cases.in")?);
//! writeln!(out, "1\n3\n1 2 3")?;
//! // into_inner flushes the buffer; commit syncs and renames. Returning
//! // early with `?` before this line drops the writer, which removes the
//! // temporary file and leaves `cases.in` as it was.
//! out.into_inner()?.commit()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A writer wrapped in an encoder is committed the same way, once the
//! encoder has finished: `encoder.finish()?.into_inner()?.commit()?`. For
//! bytes already in memory (an SVG, a checkpoint), [`replace`] does it all.
//!
//! What the rename implies:
//! * The temporary file is named `.NAME.nimstream-XXXXXX.tmp` after the
//!   target `NAME`. It is removed when writing fails or the [`AtomicFile`]
//!   is dropped uncommitted; after a `SIGKILL` (or a power cut) one may be
//!   left behind, and the target is intact.
//! * A new file gets the permissions [`File::create`] would give it; a
//!   replaced file keeps its permissions, but not its owner (the new file is
//!   the writer's) nor its hard links (the other names keep the old
//!   content). A target that exists and cannot be opened for writing is
//!   refused, as [`File::create`] would refuse it.
//! * A symbolic link is followed: the file it names is replaced, and the
//!   link stays.
//! * A target that exists and is not a regular file (`/dev/null`,
//!   `/dev/stdout`, a named pipe) cannot be renamed over: it is written
//!   directly, as [`File::create`] would, and [`AtomicFile::commit`] only
//!   ends the writing. A directory is an error.

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes a file that replaces `target` when committed: see the
/// [module](self) for what is guaranteed.
///
/// Buffer it ([`io::BufWriter`]) when writing a few bytes at a time: each
/// write goes straight to the file.
#[derive(Debug)]
pub struct AtomicFile {
    /// `None` only after [`AtomicFile::commit`] has taken it.
    file: Option<File>,
    /// The file the temporary one replaces, symbolic links resolved.
    target: PathBuf,
    /// The temporary file, while it exists; `None` when the target is written
    /// directly.
    temp: Option<PathBuf>,
}

impl AtomicFile {
    /// Creates a temporary file beside `target` (following a symbolic
    /// link), to replace `target` when [committed](AtomicFile::commit).
    /// Nothing happens to `target` until then.
    ///
    /// Errors: `target` is a directory ([`io::ErrorKind::IsADirectory`]),
    /// exists and cannot be opened for writing, or its directory does not
    /// exist or cannot be written to.
    pub fn create(target: impl AsRef<Path>) -> io::Result<AtomicFile> {
        let target = resolve_links(target.as_ref());
        let existing = match fs::metadata(&target) {
            Ok(metadata) => Some(metadata),
            Err(error) if error.kind() == io::ErrorKind::NotFound => None,
            Err(error) => return Err(error),
        };
        if let Some(metadata) = &existing {
            if metadata.is_dir() {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    "is a directory",
                ));
            }
            if !metadata.is_file() {
                let file = OpenOptions::new()
                    .write(true)
                    .truncate(true)
                    .open(&target)?;
                return Ok(AtomicFile {
                    file: Some(file),
                    target,
                    temp: None,
                });
            }
            // Refuses what `File::create` would refuse, without touching
            // the content.
            OpenOptions::new().write(true).open(&target)?;
        }
        let (file, temp) = create_temp(&target)?;
        let atomic = AtomicFile {
            file: Some(file),
            target,
            temp: Some(temp),
        };
        if let (Some(metadata), Some(temp)) = (existing, &atomic.temp) {
            // On an error the writer is dropped, which removes the file.
            fs::set_permissions(temp, metadata.permissions())?;
        }
        Ok(atomic)
    }

    /// The file this one replaces when committed, symbolic links resolved.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The temporary file being written, or `None` when the target is
    /// written directly (it is not a regular file).
    pub fn temp_path(&self) -> Option<&Path> {
        self.temp.as_deref()
    }

    /// Syncs the written bytes to disk, renames the temporary file over the
    /// target and syncs the directory, so that the new content is the
    /// target's from now on, also after a crash. The caller flushes its own
    /// buffers first (`BufWriter::into_inner`, an encoder's `finish`).
    ///
    /// On an error the temporary file is removed and the target is left as
    /// it was, unless the error came from syncing the directory after the
    /// rename: then the target has its new content, which a power cut might
    /// still undo.
    pub fn commit(mut self) -> io::Result<()> {
        let mut file = self.file.take().expect("an AtomicFile is committed once");
        let Some(temp) = &self.temp else {
            return file.flush();
        };
        file.sync_all()?;
        // Closed before the rename, which some systems refuse for an open file.
        drop(file);
        fs::rename(temp, &self.target)?;
        self.temp = None;
        sync_directory(directory_of(&self.target))
    }
}

/// Replaces `target` with `contents` through an [`AtomicFile`]: afterwards
/// the target holds either its old content (on an error) or `contents`.
pub fn replace(target: impl AsRef<Path>, contents: &[u8]) -> io::Result<()> {
    let mut file = AtomicFile::create(target)?;
    file.write_all(contents)?;
    file.commit()
}

impl Write for AtomicFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.file_mut().write(bytes)
    }

    fn write_vectored(&mut self, bytes: &[io::IoSlice<'_>]) -> io::Result<usize> {
        self.file_mut().write_vectored(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file_mut().flush()
    }
}

impl AtomicFile {
    fn file_mut(&mut self) -> &mut File {
        self.file
            .as_mut()
            .expect("the file is open until commit, which consumes the writer")
    }
}

impl Drop for AtomicFile {
    /// Removes the temporary file of a writer that was not committed.
    fn drop(&mut self) {
        drop(self.file.take());
        if let Some(temp) = self.temp.take() {
            let _ = fs::remove_file(temp);
        }
    }
}

/// `path` with symbolic links followed to the file they name, or to the
/// name a dangling one points at (which `File::create` would create).
fn resolve_links(path: &Path) -> PathBuf {
    let mut path = path.to_path_buf();
    // As many links as Linux follows before ELOOP; the open then reports it.
    for _ in 0..40 {
        match fs::read_link(&path) {
            // A relative link is relative to its own directory; joining an
            // absolute one replaces the directory.
            Ok(link) => path = directory_of(&path).join(link),
            Err(_) => break,
        }
    }
    path
}

/// The directory `path` is in: `.` for a bare name.
fn directory_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// The longest part of the target's name kept in the temporary file's, so
/// that the temporary name fits where the target's does (255 bytes).
const NAME_KEPT: usize = 200;

/// A new file `.NAME.nimstream-XXXXXX.tmp` beside `target`, created by this
/// call (never one that existed).
fn create_temp(target: &Path) -> io::Result<(File, PathBuf)> {
    let name = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    let mut kept = name.len().min(NAME_KEPT);
    while !name.is_char_boundary(kept) {
        kept -= 1;
    }
    let directory = directory_of(target);
    let mut last_error = None;
    for _ in 0..100 {
        let mut temp_name = OsString::from(".");
        temp_name.push(&name[..kept]);
        temp_name.push(format!(".nimstream-{}.tmp", random_suffix()));
        let temp = directory.join(temp_name);
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((file, temp)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last_error = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last_error.expect("every try failed"))
}

/// Six letters and digits, different in each call and each process.
fn random_suffix() -> String {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    // RandomState's keys are random per process (and per thread).
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
    hasher.write_u32(std::process::id());
    let mut bits = hasher.finish();
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    (0..6)
        .map(|_| {
            let c = ALPHABET[(bits % ALPHABET.len() as u64) as usize];
            bits /= ALPHABET.len() as u64;
            char::from(c)
        })
        .collect()
}

/// Makes a rename in `directory` durable. Some file systems cannot sync a
/// directory (`EINVAL`); their renames are as durable as they get.
fn sync_directory(directory: &Path) -> io::Result<()> {
    if !cfg!(unix) {
        return Ok(()); // elsewhere a directory cannot be opened to sync it
    }
    match File::open(directory).and_then(|d| d.sync_all()) {
        Err(error) if error.kind() == io::ErrorKind::InvalidInput => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_files(dir: &Path) -> Vec<String> {
        fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".tmp"))
            .collect()
    }

    #[test]
    fn the_target_changes_only_when_committed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("cases.in");
        fs::write(&target, "old\n").unwrap();
        let mut file = AtomicFile::create(&target).unwrap();
        file.write_all(b"new\n").unwrap();
        let temp = file.temp_path().unwrap().to_path_buf();
        let temp_name = temp.file_name().unwrap().to_str().unwrap();
        assert!(
            temp_name.starts_with(".cases.in.nimstream-") && temp_name.ends_with(".tmp"),
            "{temp_name}"
        );
        assert_eq!(temp.parent(), Some(dir.path()));
        assert_eq!(fs::read(&target).unwrap(), b"old\n");
        file.commit().unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"new\n");
        assert!(temp_files(dir.path()).is_empty());
    }

    #[test]
    fn a_writer_dropped_uncommitted_leaves_the_target_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("cases.in");
        fs::write(&target, "precious\n").unwrap();
        let mut file = AtomicFile::create(&target).unwrap();
        file.write_all(b"half a fi").unwrap();
        assert_eq!(temp_files(dir.path()).len(), 1);
        drop(file);
        assert_eq!(fs::read(&target).unwrap(), b"precious\n");
        assert!(temp_files(dir.path()).is_empty());
        // Nor is a file created where there was none.
        let absent = dir.path().join("absent.in");
        drop(AtomicFile::create(&absent).unwrap());
        assert!(!absent.exists());
    }

    #[test]
    fn a_new_file_is_created_and_names_without_a_directory_work() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("fresh.in");
        replace(&target, b"1\n").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"1\n");
        assert_eq!(directory_of(Path::new("x.in")), Path::new("."));
        assert_eq!(directory_of(Path::new("a/x.in")), Path::new("a"));
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("script");
        fs::write(&target, "old").unwrap();
        fs::set_permissions(&target, fs::Permissions::from_mode(0o751)).unwrap();
        replace(&target, b"new").unwrap();
        let mode = fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o751);
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_followed_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.in");
        let link = dir.path().join("link.in");
        fs::write(&real, "old").unwrap();
        std::os::unix::fs::symlink("real.in", &link).unwrap();
        replace(&link, b"new").unwrap();
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"new");
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_directly() {
        let mut file = AtomicFile::create("/dev/null").unwrap();
        assert!(file.temp_path().is_none());
        file.write_all(b"gone").unwrap();
        file.commit().unwrap();
        assert!(!fs::metadata("/dev/null").unwrap().is_file());
    }

    #[test]
    fn a_directory_or_a_missing_directory_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let error = AtomicFile::create(dir.path()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::IsADirectory);
        let error = AtomicFile::create(dir.path().join("no/such.in")).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }

    #[test]
    fn a_long_name_is_shortened_in_the_temporary_name() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("é".repeat(120));
        replace(&target, b"x").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"x");
    }

    #[test]
    fn suffixes_differ() {
        let suffixes: std::collections::BTreeSet<String> =
            (0..1000).map(|_| random_suffix()).collect();
        assert!(suffixes.len() > 990);
    }
}
