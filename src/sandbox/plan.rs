//! Everything the box's processes need, made before the clone: paths as C
//! strings, the mounts in order, the program's words and environment, its
//! limits. The child ([`child`](super::child)) may not allocate, so it only
//! walks this.

use std::collections::BTreeSet;
use std::ffi::{CString, OsStr, OsString};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

use super::limits::{Limits, Resource};

/// The most sources a box binds (system folders, files of `/etc`,
/// devices, the command's files).
pub(super) const MAX_SOURCES: usize = 96;

/// The folders of the machine every box shows, read-only, where they
/// exist: what programs and their loaders need. A symbolic link among them
/// (`/bin` on a merged-`/usr` system) is made again as a link.
const SYSTEM: [&str; 7] = ["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"];

/// The files of `/etc` that loaders and runtimes read; every `/etc/java*`
/// too (Java's configuration).
const ETC: [&str; 9] = [
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "alternatives",
    "localtime",
    "passwd",
    "group",
    "nsswitch.conf",
    "mime.types",
];

/// The devices a box has, bound from the machine's.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// The program's working folder and home, in the box.
pub const BOX_HOME: &str = "/box";

/// The program's `PATH` in the box.
pub const BOX_PATH: &str = "/usr/bin:/bin";

/// One step of building the box's root, paths relative to it.
#[derive(Clone)]
pub(super) enum MountStep {
    Folder {
        path: CString,
        mode: libc::mode_t,
        owner: Option<u32>,
    },
    Symlink {
        path: CString,
        target: CString,
    },
    Bind {
        /// The index of its source in [`Plan::sources`].
        source: usize,
        path: CString,
        folder: bool,
        /// The flags to remount it read-only with: the source's own that
        /// the kernel locks (nosuid, noexec, the atime flags), which a
        /// remount in a user namespace must keep; `None` to leave it
        /// writable (the devices).
        read_only: Option<libc::c_ulong>,
    },
    Proc {
        path: CString,
        options: CString,
    },
}

/// How a box is made: with namespaces (and then with which user), or as a
/// session of processes only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Namespaces made by root; the program becomes `uid`.
    Root { uid: u32 },
    /// Namespaces inside a user namespace, made by a user: the user is
    /// `uid` in it, and the program stays the user.
    User { outer_uid: u32, outer_gid: u32 },
    /// No namespaces: a session, limits per process.
    Session { uid: Option<u32> },
}

impl Kind {
    pub(super) fn namespaces(self) -> bool {
        !matches!(self, Kind::Session { .. })
    }
}

/// What the keeper and the program walk (see the module doc).
pub(super) struct Plan {
    /// Make the box and report, without a program.
    pub probe: bool,
    pub namespaces: bool,
    /// The report pipe's writing end.
    pub report: libc::c_int,
    /// `/proc/self/{setgroups,uid_map,gid_map}` and what to write there.
    pub user_maps: Vec<(CString, CString)>,
    /// A network namespace to enter (root's boxes: their user's, empty);
    /// `None` where the clone makes a new one.
    pub network: Option<libc::c_int>,
    /// Where nimstream says, with a byte, that it has moved the keeper
    /// into the run's control groups: the keeper starts the program only
    /// then, and meanwhile builds the box (the move waits for an RCU grace
    /// period). `None` without control groups.
    pub joined: Option<libc::c_int>,
    /// Where the box's tmpfs is mounted before it becomes `/`.
    pub root: CString,
    pub tmpfs_options: CString,
    pub sources: Vec<CString>,
    pub mounts: Vec<MountStep>,
    pub program: CString,
    pub argv: Vec<*const libc::c_char>,
    pub envp: Vec<*const libc::c_char>,
    /// Owns what `argv` and `envp` point into.
    _words: Vec<CString>,
    pub stdin: libc::c_int,
    pub stdout: libc::c_int,
    pub stderr: libc::c_int,
    pub rlimits_before_identity: Vec<(Resource, u64, u64)>,
    pub rlimits_after_identity: Vec<(Resource, u64, u64)>,
    pub become_user: Option<u32>,
    pub work_folder: CString,
    /// The seccomp filter the program installs (`syscall_filter`).
    pub syscall_filter: &'static [libc::sock_filter],
}

/// The descriptors a run hands to its box.
pub(super) struct Streams {
    pub stdin: libc::c_int,
    pub stdout: libc::c_int,
    pub stderr: libc::c_int,
    pub report: libc::c_int,
    pub network: Option<libc::c_int>,
    pub joined: Option<libc::c_int>,
}

/// What a plan is made from, besides the streams.
pub(super) struct Request<'a> {
    pub kind: Kind,
    /// The program's path, found already ([`find_program`]), and its
    /// words as given.
    pub program: &'a Path,
    pub command: &'a [OsString],
    pub env: &'a [OsString],
    pub limits: &'a Limits,
    /// Limits also the address space (no control group measures memory).
    pub address_space: bool,
    /// The working folder: [`BOX_HOME`] in a box, a folder of the disk in
    /// a session.
    pub work_folder: &'a Path,
}

impl Plan {
    pub(super) fn new(request: &Request, streams: Streams) -> io::Result<Plan> {
        let kind = request.kind;
        let mut words: Vec<CString> = Vec::new();
        let mut argv_at = Vec::new();
        for word in request.command {
            argv_at.push(words.len());
            words.push(c_string(word.as_bytes())?);
        }
        let home = match kind.namespaces() {
            true => BOX_HOME.as_bytes(),
            false => request.work_folder.as_os_str().as_bytes(),
        };
        let mut environment = vec![
            [b"PATH=", BOX_PATH.as_bytes()].concat(),
            [b"HOME=", home].concat(),
        ];
        environment.extend(request.env.iter().map(|pair| pair.as_bytes().to_vec()));
        let mut envp_at = Vec::new();
        for pair in environment {
            envp_at.push(words.len());
            words.push(c_string(&pair)?);
        }
        let pointers = |at: &[usize]| {
            let mut list: Vec<*const libc::c_char> =
                at.iter().map(|&at| words[at].as_ptr()).collect();
            list.push(std::ptr::null());
            list
        };
        let (argv, envp) = (pointers(&argv_at), pointers(&envp_at));
        let mut tree = Tree::default();
        if kind.namespaces() {
            tree = system_tree()?;
            tree.home(kind)?;
            tree.command_files(request.command, request.program)?;
        }
        let (before, after) = rlimits(request.limits, request.address_space);
        Ok(Plan {
            probe: false,
            namespaces: kind.namespaces(),
            report: streams.report,
            user_maps: user_maps(kind)?,
            network: streams.network,
            joined: streams.joined,
            root: c_string(mount_point().as_os_str().as_bytes())?,
            tmpfs_options: c_string(
                format!("size={},mode=755", request.limits.output.max(1 << 20)).as_bytes(),
            )?,
            sources: tree.sources,
            mounts: tree.steps,
            program: c_string(request.program.as_os_str().as_bytes())?,
            argv,
            envp,
            _words: words,
            stdin: streams.stdin,
            stdout: streams.stdout,
            stderr: streams.stderr,
            rlimits_before_identity: before,
            rlimits_after_identity: after,
            become_user: match kind {
                Kind::Root { uid } | Kind::Session { uid: Some(uid) } => Some(uid),
                _ => None,
            },
            work_folder: c_string(match kind.namespaces() {
                true => BOX_HOME.as_bytes(),
                false => request.work_folder.as_os_str().as_bytes(),
            })?,
            syscall_filter: super::syscall_filter::filter(),
        })
    }
}

/// Where the box's tmpfs goes before it becomes the root: a folder every
/// system has, covered only in the box's own mount namespace.
fn mount_point() -> PathBuf {
    ["/tmp", "/mnt", "/var/tmp"]
        .into_iter()
        .map(PathBuf::from)
        .find(|path| path.is_dir() && !path.is_symlink())
        .unwrap_or_else(|| PathBuf::from("/tmp"))
}

fn c_string(bytes: &[u8]) -> io::Result<CString> {
    CString::new(bytes).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "'{}' holds a NUL byte, which no program can be given",
                String::from_utf8_lossy(bytes)
            ),
        )
    })
}

fn user_maps(kind: Kind) -> io::Result<Vec<(CString, CString)>> {
    let Kind::User {
        outer_uid,
        outer_gid,
    } = kind
    else {
        return Ok(Vec::new());
    };
    let inner = super::identity::USER_NAMESPACE_UID;
    Ok(vec![
        (c"/proc/self/setgroups".into(), c"deny".into()),
        (
            c"/proc/self/uid_map".into(),
            c_string(format!("{inner} {outer_uid} 1\n").as_bytes())?,
        ),
        (
            c"/proc/self/gid_map".into(),
            c_string(format!("{inner} {outer_gid} 1\n").as_bytes())?,
        ),
    ])
}

/// The resource limits set before and after the program becomes its user.
type Rlimits = Vec<(Resource, u64, u64)>;

fn rlimits(limits: &Limits, address_space: bool) -> (Rlimits, Rlimits) {
    // A backstop only: the judge reads CPU time itself and stops the run
    // at the limit; the kernel's signal comes a second later at the
    // earliest, and its kill a second after that.
    let cpu = limits.cpu.as_secs() + 1 + u64::from(limits.cpu.subsec_nanos() > 0);
    let mut before = vec![
        (libc::RLIMIT_CPU, cpu, cpu + 1),
        (libc::RLIMIT_STACK, limits.stack, limits.stack),
        // One byte over the limit, so that going over shows in the file's
        // size, which is what the judge counts.
        (libc::RLIMIT_FSIZE, limits.output + 1, limits.output + 1),
        (libc::RLIMIT_CORE, 0, 0),
    ];
    if address_space {
        let space = limits.address_space();
        before.push((libc::RLIMIT_AS, space, space));
    }
    let after = vec![(libc::RLIMIT_NPROC, limits.processes, limits.processes)];
    (before, after)
}

/// The part of every box's root that is the machine's, planned once.
fn system_tree() -> io::Result<Tree> {
    static PLANNED: OnceLock<Result<Tree, String>> = OnceLock::new();
    let planned = PLANNED.get_or_init(|| {
        let mut tree = Tree::default();
        tree.system().map_err(|error| error.to_string())?;
        Ok(tree)
    });
    planned.clone().map_err(io::Error::other)
}

/// The box's root being planned.
#[derive(Clone, Default)]
struct Tree {
    sources: Vec<CString>,
    steps: Vec<MountStep>,
    /// Paths (relative to the root) already made.
    made: BTreeSet<PathBuf>,
}

impl Tree {
    fn folder(&mut self, path: &Path, mode: libc::mode_t, owner: Option<u32>) -> io::Result<()> {
        if self.made.insert(path.to_owned()) {
            self.steps.push(MountStep::Folder {
                path: c_path(path)?,
                mode,
                owner,
            });
        }
        Ok(())
    }

    fn bind(&mut self, source: &Path, path: &Path, read_only: bool) -> io::Result<()> {
        if self.made.contains(path) {
            return Ok(());
        }
        if self.sources.len() == MAX_SOURCES {
            return Err(io::Error::other(format!(
                "the box can show at most {MAX_SOURCES} files and folders"
            )));
        }
        self.made.insert(path.to_owned());
        let read_only = match read_only {
            true => Some(remount_flags(source)?),
            false => None,
        };
        self.steps.push(MountStep::Bind {
            source: self.sources.len(),
            path: c_path(path)?,
            folder: source.is_dir(),
            read_only,
        });
        self.sources.push(c_path(source)?);
        Ok(())
    }

    /// Binds `/NAME` at `NAME`, or makes the link again where it is one;
    /// nothing where it does not exist.
    fn show(&mut self, name: &Path) -> io::Result<()> {
        let source = Path::new("/").join(name);
        match std::fs::symlink_metadata(&source) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&source)?;
                if self.made.insert(name.to_owned()) {
                    self.steps.push(MountStep::Symlink {
                        path: c_path(name)?,
                        target: c_path(&target)?,
                    });
                }
                Ok(())
            }
            Ok(_) => self.bind(&source, name, true),
            Err(_) => Ok(()),
        }
    }

    fn link(&mut self, path: &str, target: &str) -> io::Result<()> {
        self.made.insert(PathBuf::from(path));
        self.steps.push(MountStep::Symlink {
            path: c_path(Path::new(path))?,
            target: c_path(Path::new(target))?,
        });
        Ok(())
    }

    /// The folders and files every box has.
    fn system(&mut self) -> io::Result<()> {
        for name in SYSTEM {
            self.show(Path::new(name))?;
        }
        self.folder(Path::new("etc"), 0o755, None)?;
        let mut etc: Vec<String> = ETC.iter().map(|name| name.to_string()).collect();
        if let Ok(entries) = std::fs::read_dir("/etc") {
            etc.extend(
                entries
                    .flatten()
                    .map(|entry| entry.file_name().to_string_lossy().into_owned())
                    .filter(|name| name.starts_with("java")),
            );
        }
        for name in etc {
            self.show(&Path::new("etc").join(name))?;
        }
        self.folder(Path::new("dev"), 0o755, None)?;
        for device in DEVICES {
            let path = Path::new("dev").join(device);
            let source = Path::new("/").join(&path);
            if source.exists() {
                self.bind(&source, &path, false)?;
            }
        }
        self.link("dev/fd", "/proc/self/fd")?;
        for (at, stream) in ["stdin", "stdout", "stderr"].into_iter().enumerate() {
            self.link(&format!("dev/{stream}"), &format!("/proc/self/fd/{at}"))?;
        }
        self.folder(Path::new("dev/shm"), 0o1777, None)?;
        self.folder(Path::new("tmp"), 0o1777, None)?;
        self.folder(Path::new("proc"), 0o555, None)?;
        // Processes of other users (the keeper, root's) are hidden.
        self.steps.push(MountStep::Proc {
            path: c"proc".into(),
            options: c"hidepid=2".into(),
        });
        Ok(())
    }

    /// The program's home, its own when it is a user of its own.
    fn home(&mut self, kind: Kind) -> io::Result<()> {
        let owner = match kind {
            Kind::Root { uid } => Some(uid),
            _ => None,
        };
        self.folder(Path::new(BOX_HOME.trim_start_matches('/')), 0o755, owner)
    }

    /// Binds, read-only and at the same path, the program and every word
    /// of the command that names an existing file or folder outside the
    /// system's folders: `./sol` in a private folder runs, `sol.py` is read.
    fn command_files(&mut self, command: &[OsString], program: &Path) -> io::Result<()> {
        let words = command.iter().skip(1).map(Path::new);
        for path in std::iter::once(program).chain(words) {
            if !path.is_absolute() || !path.exists() {
                continue;
            }
            let Some(relative) = box_relative(path) else {
                continue;
            };
            if let Some(parent) = relative.parent() {
                self.ancestors(parent)?;
            }
            self.bind(path, &relative, true)?;
        }
        Ok(())
    }

    /// Makes every folder from the root down to `folder`.
    fn ancestors(&mut self, folder: &Path) -> io::Result<()> {
        let mut path = PathBuf::new();
        for component in folder.components() {
            path.push(component);
            self.folder(&path, 0o755, None)?;
        }
        Ok(())
    }
}

/// `path` relative to the root, unless the box shows it already (under a
/// system folder) or it lies where the box has its own (`/proc`, `/dev`,
/// the box's home), or it is the root itself.
fn box_relative(path: &Path) -> Option<PathBuf> {
    let mut components = path.components();
    if components.next() != Some(Component::RootDir) {
        return None;
    }
    let relative: PathBuf = components.as_path().to_owned();
    let first = relative.components().next()?;
    let first = first.as_os_str();
    let own = ["proc", "dev", BOX_HOME.trim_start_matches('/')];
    let shown = SYSTEM
        .iter()
        .chain(own.iter())
        .any(|name| first == OsStr::new(name));
    (!shown && !relative.as_os_str().is_empty()).then_some(relative)
}

/// The flags that remount a bind of `source` read-only, keeping those of
/// its mount (see [`MountStep::Bind`]).
fn remount_flags(source: &Path) -> io::Result<libc::c_ulong> {
    let name = c_path(source)?;
    // SAFETY: all-zero is a valid statvfs, and the pointers are valid for
    // the call's duration.
    let fs = unsafe {
        let mut fs: libc::statvfs = std::mem::zeroed();
        if libc::statvfs(name.as_ptr(), &mut fs) != 0 {
            return Err(io::Error::last_os_error());
        }
        fs
    };
    let mut flags =
        libc::MS_BIND | libc::MS_REMOUNT | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV;
    for (kept, flag) in [
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (libc::ST_RELATIME, libc::MS_RELATIME),
    ] {
        if fs.f_flag & kept != 0 {
            flags |= flag;
        }
    }
    Ok(flags)
}

fn c_path(path: &Path) -> io::Result<CString> {
    c_string(path.as_os_str().as_bytes())
}

/// The program a command names: its first word when that is a path, or
/// the first `NAME` in the box's `PATH`. The setter's mistakes (no such
/// file, not a file, not executable by the box's user) are errors that
/// say what to do.
pub fn find_program(word: &OsStr, box_user: Option<u32>) -> Result<PathBuf, String> {
    let shown = word.to_string_lossy();
    if word.is_empty() {
        return Err("no command was given".into());
    }
    if !word.as_bytes().contains(&b'/') {
        return BOX_PATH
            .split(':')
            .map(|folder| Path::new(folder).join(word))
            .find(|path| path.is_file())
            .ok_or_else(|| {
                format!("'{shown}' is not in the box's PATH ({BOX_PATH}): give the program's path")
            });
    }
    let path = Path::new(word);
    let meta = std::fs::metadata(path)
        .map_err(|error| format!("{shown}: {}", crate::error::describe_io(&error)))?;
    if !meta.is_file() {
        return Err(format!("{shown}: not a file, so not a program"));
    }
    check_runnable(path, &meta, box_user).map_err(|why| format!("{shown}: {why}"))?;
    Ok(path.to_owned())
}

/// Whether the box's user may run `path`: by the mode's bits for others
/// when the box's user is a user of its own (a run started by root), by
/// `access` otherwise.
fn check_runnable(
    path: &Path,
    meta: &std::fs::Metadata,
    box_user: Option<u32>,
) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = meta.permissions().mode();
    if box_user.is_some() {
        if mode & 0o001 == 0 {
            return Err(format!(
                "the box's user may not run it (mode {:o}): `chmod o+rx` it",
                mode & 0o7777
            ));
        }
        return Ok(());
    }
    let name = CString::new(path.as_os_str().as_bytes()).map_err(|_| "a NUL byte".to_string())?;
    // SAFETY: a valid C string for the call's duration.
    if unsafe { libc::access(name.as_ptr(), libc::X_OK) } != 0 {
        return Err("not executable (`chmod +x` it)".into());
    }
    Ok(())
}

/// Every word of `command` after the first that names a file the box's
/// user cannot read, as the setter's error.
pub fn check_readable(command: &[OsString], box_user: Option<u32>) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    if box_user.is_none() {
        return Ok(());
    }
    for word in command.iter().skip(1) {
        let path = Path::new(word);
        let Ok(meta) = std::fs::metadata(path) else {
            continue;
        };
        let mode = meta.permissions().mode();
        let needed = if meta.is_dir() { 0o005 } else { 0o004 };
        if path.is_absolute() && mode & needed != needed {
            return Err(format!(
                "{}: the box's user may not read it (mode {:o}): `chmod o+r{}` it",
                path.display(),
                mode & 0o7777,
                if meta.is_dir() { "x" } else { "" }
            ));
        }
    }
    Ok(())
}
