//! The box's root, built by the keeper: a tmpfs with the machine's
//! folders bound into a folder of it, made the root (see [`build_root`]).
//! The module's contract is [`child`](super)'s: system calls only, on
//! memory the plan prepared before the clone.

#![allow(unsafe_op_in_unsafe_fn)]

use std::ffi::CStr;
use std::ptr;

use super::{check, errno, Failure, Step};
use crate::sandbox::plan::{MountStep, Plan, MAX_SOURCES};

/// Makes the box's root at `plan.root` and turns it into `/`.
pub(super) unsafe fn build_root(plan: &Plan) -> Result<(), Failure> {
    let none: *const libc::c_char = ptr::null();
    // Nothing mounted in the box shows outside it, nor the reverse.
    check(
        Step::PrivateMounts,
        libc::mount(
            none,
            c"/".as_ptr(),
            none,
            libc::MS_REC | libc::MS_PRIVATE,
            ptr::null(),
        ),
    )?;
    // The sources are opened before the tmpfs covers the mount point, so
    // that a source under it stays reachable.
    let mut fds = [-1; MAX_SOURCES];
    for (fd, source) in fds.iter_mut().zip(&plan.sources) {
        *fd = libc::open(source.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
        if *fd < 0 {
            return Err((Step::OpenSource, errno()));
        }
    }
    check(
        Step::RootTmpfs,
        libc::mount(
            c"tmpfs".as_ptr(),
            plan.root.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            plan.tmpfs_options.as_ptr().cast(),
        ),
    )?;
    check(Step::WorkFolder, libc::chdir(plan.root.as_ptr()))?;
    // The box's tree is built in a folder of the tmpfs, bound onto itself
    // so that it is a mount, which the box's /proc/self/mountinfo shows
    // as its `/`; the tmpfs's top holds it and the machine's covered tree.
    check(Step::MakeFolder, libc::mkdir(BOX_ROOT.as_ptr(), 0o755))?;
    // mkdir's mode passes the umask, which may be 077.
    check(Step::MakeFolder, libc::chmod(BOX_ROOT.as_ptr(), 0o755))?;
    check(
        Step::Bind,
        libc::mount(
            BOX_ROOT.as_ptr(),
            BOX_ROOT.as_ptr(),
            none,
            libc::MS_BIND,
            ptr::null(),
        ),
    )?;
    check(Step::WorkFolder, libc::chdir(BOX_ROOT.as_ptr()))?;
    for step in &plan.mounts {
        mount_step(&fds, step)?;
    }
    check(Step::WorkFolder, libc::chdir(c"..".as_ptr()))?;
    check(
        Step::Hostname,
        libc::sethostname(c"box".as_ptr(), c"box".to_bytes().len()),
    )?;
    // The tmpfs becomes the namespace's root and the machine's tree goes
    // to /.old, where it is covered by an empty read-only tmpfs rather
    // than unmounted: an unmount waits for an RCU grace period
    // (milliseconds, on every run), and so would the namespace's end,
    // which nimstream instead lets a thread of its own pay (`teardown`).
    // Covered is out of reach: no path leads under a mount, only root in
    // the namespace's user namespace may unmount the cover, and a copy
    // of the namespace made in a user namespace of the program's own has
    // its covers locked (mount_namespaces(7)). The box's root is the
    // folder within, so that neither /.old nor the machine's mount points
    // are in its /proc/self/mountinfo; a program that leaves that chroot
    // (in a user namespace of its own, where it may chroot) finds the
    // tmpfs's top, the box's tree and the empty cover.
    check(Step::MakeFolder, libc::mkdir(OLD_ROOT.as_ptr(), 0))?;
    check(
        Step::PivotRoot,
        libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), OLD_ROOT.as_ptr()) as libc::c_int,
    )?;
    check(Step::WorkFolder, libc::chdir(c"/".as_ptr()))?;
    check(
        Step::CoverOldRoot,
        libc::mount(
            c"tmpfs".as_ptr(),
            OLD_ROOT.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
            c"size=4k,nr_inodes=1,mode=000".as_ptr().cast(),
        ),
    )?;
    check(Step::ChangeRoot, libc::chroot(BOX_ROOT.as_ptr()))?;
    check(Step::WorkFolder, libc::chdir(c"/".as_ptr()))
}

/// The box's root, a folder at the top of its tmpfs.
const BOX_ROOT: &CStr = c"root";
/// Where the machine's tree goes, covered, at the top of the tmpfs.
const OLD_ROOT: &CStr = c".old";

/// One step of building the root, with paths relative to it.
unsafe fn mount_step(fds: &[libc::c_int], step: &MountStep) -> Result<(), Failure> {
    match step {
        MountStep::Folder { path, mode, owner } => {
            check(Step::MakeFolder, libc::mkdir(path.as_ptr(), *mode))?;
            // mkdir's mode passes the umask; the mode is set again whole.
            check(Step::MakeFolder, libc::chmod(path.as_ptr(), *mode))?;
            if let Some(owner) = owner {
                check(Step::MakeFolder, libc::chown(path.as_ptr(), *owner, *owner))?;
            }
        }
        MountStep::Symlink { path, target } => check(
            Step::MakeSymlink,
            libc::symlink(target.as_ptr(), path.as_ptr()),
        )?,
        MountStep::Bind {
            source,
            path,
            folder,
            read_only,
        } => bind(fds, *source, path, *folder, *read_only)?,
        MountStep::Proc { path, options } => check(
            Step::Proc,
            libc::mount(
                c"proc".as_ptr(),
                path.as_ptr(),
                c"proc".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                options.as_ptr().cast(),
            ),
        )?,
    }
    Ok(())
}

/// Binds source number `source` of `fds` (opened in [`build_root`]) at `path`,
/// remounted with `read_only`'s flags where given (not the devices).
unsafe fn bind(
    fds: &[libc::c_int],
    source: usize,
    path: &CStr,
    folder: bool,
    read_only: Option<libc::c_ulong>,
) -> Result<(), Failure> {
    if folder {
        check(Step::MakeMountPoint, libc::mkdir(path.as_ptr(), 0o755))?;
    } else {
        let fd = libc::open(
            path.as_ptr(),
            libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
            0o644,
        );
        if fd < 0 {
            return Err((Step::MakeMountPoint, errno()));
        }
        libc::close(fd);
    }
    let Some(&fd) = fds.get(source) else {
        return Err((Step::Bind, libc::EBADF));
    };
    let mut name = [0u8; 32];
    let through = fd_path(fd, &mut name);
    let none: *const libc::c_char = ptr::null();
    check(
        Step::Bind,
        libc::mount(
            through,
            path.as_ptr(),
            none,
            libc::MS_BIND | libc::MS_REC,
            ptr::null(),
        ),
    )?;
    libc::close(fd);
    match read_only {
        Some(flags) => check(
            Step::ReadOnly,
            libc::mount(none, path.as_ptr(), none, flags, ptr::null()),
        ),
        None => Ok(()),
    }
}

/// `/proc/self/fd/N` written into `buffer`, NUL-ended, without
/// allocating.
fn fd_path(fd: libc::c_int, buffer: &mut [u8; 32]) -> *const libc::c_char {
    const PREFIX: &[u8] = b"/proc/self/fd/";
    buffer[..PREFIX.len()].copy_from_slice(PREFIX);
    let mut digits = [0u8; 12];
    let mut count = 0;
    let mut n = fd.max(0) as u32;
    loop {
        digits[count] = b'0' + (n % 10) as u8;
        count += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for at in 0..count {
        buffer[PREFIX.len() + at] = digits[count - 1 - at];
    }
    buffer[PREFIX.len() + count] = 0;
    buffer.as_ptr().cast()
}
