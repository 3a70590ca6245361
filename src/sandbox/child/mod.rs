//! The two processes of a run, from `clone` to `exec`: the keeper, the
//! box's first process, which makes the box and waits, and the program.
//!
//! Both are made with `clone`, not `fork` (the keeper with the raw system
//! call, the program as `posix_spawn` makes its child: sharing the
//! keeper's memory until `execve`, so that no copy of it is made): nimstream
//! may have other threads, one of which may hold a lock of the C library
//! (its allocator's, say) at that moment, and a copy of a held lock is held
//! forever. So nothing here allocates, takes a lock, or calls into Rust's
//! standard library: every step is a plain system call on memory that
//! [`Plan`] prepared before the clone, and a failure is a [`Report`] on
//! the report pipe, never a panic.
//!
//! The keeper ([`keeper`]) is process 1 of the box's PID namespace. It
//! builds the box's root (a tmpfs with the system folders bound
//! read-only, its own `/proc`, `/dev`, `/tmp`) and turns it into `/`,
//! meanwhile nimstream moves it into the run's control groups; told that
//! it is in them, it starts the program ([`program`]) and reaps every process
//! of the box until the program ends. Then it reports how the program
//! ended and exits, and the kernel kills whatever the program left: a PID
//! namespace dies with its first process.

// Every function here runs in a cloned child under one contract, the
// module's: system calls only, on memory prepared before the clone. Each
// is an `unsafe fn` for that, and its body one unsafe whole.
#![allow(unsafe_op_in_unsafe_fn)]

use std::ffi::CStr;
use std::ptr;

mod root;

use super::plan::Plan;

/// What the keeper or the program tells nimstream through the report
/// pipe: four numbers, `[kind, a, b, c]`.
pub(super) type Report = [i64; 4];

/// A step of making the box failed: `[SETUP_FAILED, step, errno, 0]`.
pub(super) const SETUP_FAILED: i64 = 1;
/// `exec` failed: `[EXEC_FAILED, 0, errno, 0]`.
pub(super) const EXEC_FAILED: i64 = 2;
/// The program ended: `[ENDED, wait status, CPU µs of the reaped, peak
/// resident KiB]`.
pub(super) const ENDED: i64 = 3;
/// A probe's box was made: `[MADE, 0, 0, 0]`.
pub(super) const MADE: i64 = 4;

/// The steps of making a box, named in [`step_name`].
#[derive(Clone, Copy)]
#[repr(i64)]
pub(super) enum Step {
    Signals = 1,
    UserMap,
    ControlGroup,
    PrivateMounts,
    OpenSource,
    RootTmpfs,
    MakeFolder,
    MakeSymlink,
    MakeMountPoint,
    Bind,
    ReadOnly,
    Proc,
    Hostname,
    PivotRoot,
    CoverOldRoot,
    ChangeRoot,
    Session,
    StartProgram,
    Descriptors,
    Limit,
    Identity,
    NoNewPrivileges,
    SyscallFilter,
    WorkFolder,
    Network,
}

/// What a step does, for the message of a box that could not be made.
pub(super) fn step_name(step: i64) -> &'static str {
    const NAMES: [&str; 25] = [
        "resetting signal handlers",
        "mapping the user namespace's user",
        "waiting to be moved into the control groups",
        "making mounts private",
        "opening a folder to show in the box",
        "mounting the box's tmpfs",
        "making a folder in the box",
        "making a symbolic link in the box",
        "making a mount point in the box",
        "binding a folder into the box",
        "making a bound folder read-only",
        "mounting the box's /proc",
        "naming the box's host",
        "making the box's tmpfs the root (pivot_root)",
        "covering the machine's tree (a read-only tmpfs on it)",
        "entering the box's root (chroot)",
        "starting a session",
        "starting the program",
        "setting the program's standard streams",
        "setting a resource limit",
        "becoming the box's user",
        "forbidding new privileges",
        "filtering the program's system calls (seccomp)",
        "entering the working folder",
        "entering the box's network namespace",
    ];
    usize::try_from(step - 1)
        .ok()
        .and_then(|at| NAMES.get(at))
        .copied()
        .unwrap_or("an unknown step")
}

/// `clone` with `flags` and no new stack: a copy of the caller, as `fork`
/// makes, but without the C library's bookkeeping (see the module doc).
/// Returns the child's PID in the parent, 0 in the child, -1 on failure.
///
/// # Safety
/// The child may only make system calls on memory prepared before the
/// call, and must end with `_exit` or `execve`.
pub(super) unsafe fn raw_clone(flags: libc::c_long) -> libc::pid_t {
    let flags = flags | libc::SIGCHLD as libc::c_long;
    // The stack, parent and child TID and TLS arguments are all 0, so
    // their order, which differs between architectures, does not matter.
    libc::syscall(libc::SYS_clone, flags, 0usize, 0usize, 0usize, 0usize) as libc::pid_t
}

/// The keeper: makes the box, starts the program, reaps until it ends and
/// reports how. Never returns.
///
/// # Safety
/// Runs in a child made by [`raw_clone`]; see its contract.
pub(super) unsafe fn keeper(plan: &Plan) -> ! {
    close_inherited(plan);
    match make_box(plan) {
        Ok(()) => {}
        Err((step, errno)) => fail(plan.report, step, errno),
    }
    if plan.probe {
        send(plan.report, [MADE, 0, 0, 0]);
        libc::_exit(0);
    }
    let pid = start_program(plan);
    if pid < 0 {
        fail(plan.report, Step::StartProgram, errno());
    }
    let status = reap_until(pid);
    let mut usage: libc::rusage = std::mem::zeroed();
    libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage);
    let cpu = micros(usage.ru_utime) + micros(usage.ru_stime);
    send(plan.report, [ENDED, status as i64, cpu, usage.ru_maxrss]);
    if !plan.namespaces {
        // Without a PID namespace the box is the keeper's session: end
        // what the program left in it, the keeper last.
        libc::kill(0, libc::SIGKILL);
    }
    libc::_exit(0)
}

/// The program's stack until its `execve`: [`prepare_program`] and the
/// C library's wrappers need a few KiB.
const PROGRAM_STACK: usize = 64 << 10;

/// Starts [`program`] as `posix_spawn` does: a child that shares the
/// keeper's memory until its `execve` (`CLONE_VM | CLONE_VFORK`), on a
/// stack of its own in the keeper's frame, while the keeper waits. A copy
/// of the keeper's address space (nimstream's) made and torn down for
/// every run was a tenth of what a box cost. The child's PID, or -1.
unsafe fn start_program(plan: &Plan) -> libc::pid_t {
    // Never written here: the child's frames fault in only what they use.
    let mut stack = std::mem::MaybeUninit::<[u8; PROGRAM_STACK]>::uninit();
    let top = stack.as_mut_ptr().cast::<u8>().add(PROGRAM_STACK);
    // The stacks of Linux's architectures grow down, from a 16-byte
    // aligned top.
    let top = top.sub(top as usize % 16);
    let plan: *const Plan = plan;
    libc::clone(
        program_entry,
        top.cast(),
        libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
        plan.cast_mut().cast(),
    )
}

/// [`program`] as `clone` calls it.
extern "C" fn program_entry(plan: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `start_program` passes its plan, alive in the keeper, which
    // waits until the child has called `execve` or `_exit`; `program`
    // keeps `raw_clone`'s contract, and writes no memory but its stack
    // (the keeper's errno aside, which the keeper does not read since).
    unsafe { program(&*plan.cast::<Plan>()) }
}

/// Closes every descriptor the keeper has from nimstream but the plan's.
/// Besides what the box has no business with, nimstream holds the mount
/// namespaces of ended boxes for a moment (`teardown`): a copy here would
/// make this keeper's exit, not nimstream's thread, pay for their end.
unsafe fn close_inherited(plan: &Plan) {
    let mut kept = [0 as libc::c_int; 16];
    let mut count = 0;
    let fixed = [plan.stdin, plan.stdout, plan.stderr, plan.report];
    let named = fixed
        .iter()
        .chain(plan.network.iter())
        .chain(plan.joined.iter());
    for &fd in named {
        if count == kept.len() {
            // More than a plan ever has: keep everything rather than guess.
            return;
        }
        // Insertion, in order: no allocation in a cloned child.
        let mut at = count;
        while at > 0 && kept[at - 1] > fd {
            kept[at] = kept[at - 1];
            at -= 1;
        }
        kept[at] = fd;
        count += 1;
    }
    let mut next: libc::c_uint = 3;
    for &fd in &kept[..count] {
        let fd = fd as libc::c_uint;
        if fd > next {
            libc::syscall(libc::SYS_close_range, next, fd - 1, 0u32);
        }
        next = next.max(fd + 1);
    }
    // An old kernel without close_range keeps them: slower, not wrong.
    libc::syscall(libc::SYS_close_range, next, libc::c_uint::MAX, 0u32);
}

/// Reaps every child (the program, and the orphans of the box, which are
/// the keeper's) until `program` ends; its wait status.
unsafe fn reap_until(program: libc::pid_t) -> libc::c_int {
    loop {
        let mut status = 0;
        let reaped = libc::waitpid(-1, &mut status, 0);
        if reaped == program {
            return status;
        }
        if reaped < 0 && errno() != libc::EINTR {
            // No child left: the program was reaped already, which cannot
            // be; report a kill rather than spin.
            return libc::SIGKILL;
        }
    }
}

fn micros(time: libc::timeval) -> i64 {
    time.tv_sec * 1_000_000 + time.tv_usec
}

type Failure = (Step, libc::c_int);

fn check(step: Step, result: libc::c_int) -> Result<(), Failure> {
    match result {
        -1 => Err((step, errno())),
        _ => Ok(()),
    }
}

unsafe fn make_box(plan: &Plan) -> Result<(), Failure> {
    reset_signals()?;
    if !plan.namespaces {
        // The keeper leads a session of its own; orphans come back to it.
        check(Step::Session, libc::setsid())?;
        check(
            Step::Session,
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0),
        )?;
    }
    // Whatever happens to nimstream, the box dies with it.
    check(
        Step::Signals,
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0),
    )?;
    for (path, text) in &plan.user_maps {
        write_file(path, text).map_err(|errno| (Step::UserMap, errno))?;
    }
    if let Some(network) = plan.network {
        check(Step::Network, libc::setns(network, libc::CLONE_NEWNET))?;
    }
    if plan.namespaces {
        root::build_root(plan)?;
    }
    if let Some(joined) = plan.joined {
        // No byte: nimstream could not move the keeper, and the program
        // must not run outside the limits.
        let mut byte = 0u8;
        if libc::read(joined, (&mut byte as *mut u8).cast(), 1) != 1 {
            return Err((Step::ControlGroup, libc::EIO));
        }
        libc::close(joined);
    }
    Ok(())
}

unsafe fn reset_signals() -> Result<(), Failure> {
    // nimstream's handlers must not run in the box, and process 1 of a
    // PID namespace ignores every signal it has no handler for, so the
    // program cannot end the keeper.
    for signal in 1..32 {
        if signal != libc::SIGKILL && signal != libc::SIGSTOP {
            libc::signal(signal, libc::SIG_DFL);
        }
    }
    let mut none: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut none);
    check(
        Step::Signals,
        libc::sigprocmask(libc::SIG_SETMASK, &none, ptr::null_mut()),
    )
}

/// Writes `text` to the file `path` (a `/proc` file: one write).
unsafe fn write_file(path: &CStr, text: &CStr) -> Result<(), libc::c_int> {
    let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return Err(errno());
    }
    let bytes = text.to_bytes();
    let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
    let error = errno();
    libc::close(fd);
    match written == bytes.len() as isize {
        true => Ok(()),
        false => Err(error),
    }
}

/// A process that makes a network namespace and waits, for nimstream to
/// open it, until nimstream closes the other end of `hold`'s pipe,
/// `release`, which the clone copied and so closes first. Never returns.
///
/// # Safety
/// Runs in a child made by [`raw_clone`] with `CLONE_NEWNET`.
pub(super) unsafe fn hold_network(hold: libc::c_int, release: libc::c_int) -> ! {
    libc::close(release);
    let mut byte = 0u8;
    libc::read(hold, (&mut byte as *mut u8).cast(), 1);
    libc::_exit(0)
}

/// The program: takes its streams, limits and identity, and becomes the
/// command. Never returns.
unsafe fn program(plan: &Plan) -> ! {
    if let Err((step, errno)) = prepare_program(plan) {
        fail(plan.report, step, errno);
    }
    libc::execve(
        plan.program.as_ptr(),
        plan.argv.as_ptr(),
        plan.envp.as_ptr(),
    );
    send(plan.report, [EXEC_FAILED, 0, errno() as i64, 0]);
    libc::_exit(127)
}

unsafe fn prepare_program(plan: &Plan) -> Result<(), Failure> {
    for (from, to) in [(plan.stdin, 0), (plan.stdout, 1), (plan.stderr, 2)] {
        check(Step::Descriptors, libc::dup2(from, to))?;
    }
    // Every other descriptor closes at exec; the kernel may be too old for
    // close_range, and nimstream opens its own files close-on-exec anyway.
    libc::syscall(
        libc::SYS_close_range,
        3u32,
        u32::MAX,
        libc::CLOSE_RANGE_CLOEXEC,
    );
    for &(resource, soft, hard) in &plan.rlimits_before_identity {
        set_limit(resource, soft, hard)?;
    }
    if let Some(uid) = plan.become_user {
        // The raw system calls: the C library's setuid would first make
        // every thread it knows of change too, and wait for threads that
        // are nimstream's, not this process's, forever.
        let (uid, none) = (uid as libc::c_long, ptr::null::<libc::gid_t>());
        check(
            Step::Identity,
            syscall(libc::SYS_setgroups, 0, none as libc::c_long, 0),
        )?;
        check(Step::Identity, syscall(libc::SYS_setresgid, uid, uid, uid))?;
        check(Step::Identity, syscall(libc::SYS_setresuid, uid, uid, uid))?;
    }
    // The process count is the user's: set once the user is the box's.
    for &(resource, soft, hard) in &plan.rlimits_after_identity {
        set_limit(resource, soft, hard)?;
    }
    check(
        Step::NoNewPrivileges,
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0),
    )?;
    if !plan.syscall_filter.is_empty() {
        let program = libc::sock_fprog {
            len: plan.syscall_filter.len() as libc::c_ushort,
            filter: plan.syscall_filter.as_ptr().cast_mut(),
        };
        let program: *const libc::sock_fprog = &program;
        check(
            Step::SyscallFilter,
            libc::prctl(
                libc::PR_SET_SECCOMP,
                libc::SECCOMP_MODE_FILTER,
                program as libc::c_ulong,
                0,
                0,
            ),
        )?;
    }
    check(Step::WorkFolder, libc::chdir(plan.work_folder.as_ptr()))
}

unsafe fn set_limit(
    resource: super::limits::Resource,
    soft: u64,
    hard: u64,
) -> Result<(), Failure> {
    let wanted = libc::rlimit {
        rlim_cur: soft as libc::rlim_t,
        rlim_max: hard as libc::rlim_t,
    };
    if libc::setrlimit(resource, &wanted) == 0 {
        return Ok(());
    }
    // Raising a hard limit takes a privilege nimstream may lack even as
    // root (a container's CAP_SYS_RESOURCE): then the limit is what the
    // hard one allows.
    let mut current: libc::rlimit = std::mem::zeroed();
    check(Step::Limit, libc::getrlimit(resource, &mut current))?;
    let clamped = libc::rlimit {
        rlim_cur: wanted.rlim_cur.min(current.rlim_max),
        rlim_max: wanted.rlim_max.min(current.rlim_max),
    };
    check(Step::Limit, libc::setrlimit(resource, &clamped))
}

unsafe fn fail(report: libc::c_int, step: Step, errno: libc::c_int) -> ! {
    send(report, [SETUP_FAILED, step as i64, errno as i64, 0]);
    libc::_exit(126)
}

unsafe fn send(report: libc::c_int, record: Report) {
    let bytes = std::mem::size_of::<Report>();
    libc::write(report, record.as_ptr().cast(), bytes);
}

/// A system call of three arguments, its result as `check` takes it.
unsafe fn syscall(
    number: libc::c_long,
    a: libc::c_long,
    b: libc::c_long,
    c: libc::c_long,
) -> libc::c_int {
    libc::syscall(number, a, b, c) as libc::c_int
}

fn errno() -> libc::c_int {
    // SAFETY: the C library's errno location is valid for the calling
    // thread, which the clone copied.
    unsafe { *libc::__errno_location() }
}
