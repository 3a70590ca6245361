//! What this machine lets nimstream make of a box, found once by making
//! one: root's box with control groups, root's without, a user's inside a
//! user namespace, or, where none can be made, a session of processes.

use std::sync::OnceLock;

use super::control_group::Hierarchy;
use super::identity::FIRST_UID;
use super::plan::{self, Kind};
use super::Limits;

/// How runs are isolated here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    /// Started by root: namespaces, a user of its own for every box, and
    /// control groups for the whole box's CPU time, memory and processes.
    Full(&'static Hierarchy),
    /// Started by root where no control group can be made: namespaces and
    /// a user of its own, limits per process.
    NoControlGroups,
    /// Started by a user, in a user namespace: namespaces, limits per
    /// process.
    UserNamespace,
    /// No namespace can be made: a session of processes with limits per
    /// process, run as nimstream's user (or a user of its own for root).
    Session,
}

impl Isolation {
    /// The isolation this machine gives, found on the first call.
    pub fn detect() -> Isolation {
        static FOUND: OnceLock<Isolation> = OnceLock::new();
        *FOUND.get_or_init(find)
    }

    /// Whether runs take a user of their own (started by root).
    pub(super) fn box_user(self) -> Option<u32> {
        // SAFETY: geteuid has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        root.then_some(FIRST_UID)
    }

    /// The control groups runs are put in, if any.
    pub(super) fn control_groups(self) -> Option<&'static Hierarchy> {
        match self {
            Isolation::Full(hierarchy) => Some(hierarchy),
            _ => None,
        }
    }

    /// How a box is made, for a run whose user (if root started it) is
    /// `user`.
    pub(super) fn kind(self, user: Option<u32>) -> Kind {
        match (self, user) {
            (Isolation::Full(_) | Isolation::NoControlGroups, Some(uid)) => Kind::Root { uid },
            (Isolation::UserNamespace, _) => {
                // SAFETY: getuid and getgid have no preconditions.
                let (outer_uid, outer_gid) = unsafe { (libc::getuid(), libc::getgid()) };
                Kind::User {
                    outer_uid,
                    outer_gid,
                }
            }
            _ => Kind::Session { uid: user },
        }
    }

    /// Whether this is the whole box that judges such as isolate give.
    pub fn is_full(self) -> bool {
        matches!(self, Isolation::Full(_))
    }

    /// What is and is not isolated, for the warning `judge` gives before
    /// its first test where the box is not whole.
    pub fn describe(self) -> String {
        match self {
            Isolation::Full(hierarchy) => format!(
                "each run in a box of its own (PID, mount, network, IPC and UTS namespaces, \
                 a user of its own) with {} counting the CPU time, memory and processes of \
                 the whole box",
                hierarchy.name()
            ),
            Isolation::NoControlGroups => "each run in a box of its own (namespaces, a user of \
                its own), but no control groups can be made here: CPU time and memory are read \
                from /proc for each process of the box and added up, between readings a \
                process may pass them, and memory the box keeps in files (its /tmp, shared \
                memory) is bounded only by the output limit"
                .into(),
            Isolation::UserNamespace => "each run in a box of its own inside a user namespace \
                (PID, mount, network, IPC and UTS namespaces), but not root: no control groups, \
                so CPU time and memory are read from /proc for each process of the box and \
                added up, and the program runs as your user, mapped, so it may write what \
                the box shows of your files if their modes let your user write them"
                .into(),
            Isolation::Session => "no box: this machine lets nimstream make no namespace \
                (not root, and no unprivileged user namespaces). The program runs as your \
                user in a session of its own: it can read every file your user can (the \
                tests and their answers too), signal your processes, and leave processes \
                that leave its session; its network is open; limits are per process"
                .into(),
        }
    }
}

fn find() -> Isolation {
    // SAFETY: geteuid, getuid and getgid have no preconditions.
    let (root, uid, gid) = unsafe { (libc::geteuid() == 0, libc::getuid(), libc::getgid()) };
    if root {
        if !probe(Kind::Root { uid: FIRST_UID }) {
            return Isolation::Session;
        }
        return match Hierarchy::usable() {
            Some(hierarchy) => Isolation::Full(hierarchy),
            None => Isolation::NoControlGroups,
        };
    }
    let user = Kind::User {
        outer_uid: uid,
        outer_gid: gid,
    };
    match probe(user) {
        true => Isolation::UserNamespace,
        false => Isolation::Session,
    }
}

/// Whether a box of `kind` can be made: one is made, without a program,
/// and its keeper says so.
fn probe(kind: Kind) -> bool {
    let limits = Limits::new(std::time::Duration::from_secs(1), 1 << 30, 1 << 20, 8);
    let Ok(null) = std::fs::File::open("/dev/null") else {
        return false;
    };
    let Ok((reading, writing)) = super::report_pipe() else {
        return false;
    };
    use std::os::unix::io::AsRawFd;
    let request = plan::Request {
        kind,
        program: std::path::Path::new("/bin/true"),
        command: &[],
        env: &[],
        limits: &limits,
        address_space: false,
        work_folder: std::path::Path::new(plan::BOX_HOME),
    };
    let streams = plan::Streams {
        stdin: null.as_raw_fd(),
        stdout: null.as_raw_fd(),
        stderr: null.as_raw_fd(),
        report: writing.as_raw_fd(),
        network: None,
        joined: None,
    };
    let Ok(mut plan) = plan::Plan::new(&request, streams) else {
        return false;
    };
    plan.probe = true;
    let Ok(keeper) = super::start(&plan, kind, true) else {
        return false;
    };
    drop(writing);
    let mut status = 0;
    // SAFETY: a valid pointer; the keeper is our child.
    unsafe { libc::waitpid(keeper, &mut status, 0) };
    super::read_reports(reading).is_ok_and(|reports| reports.made)
}
