//! A run's control groups: the kernel's count of the CPU time and memory
//! of every process of a box, waited for or not, with the memory (tmpfs
//! and shared memory too) and the process count limited for the box
//! whole.
//!
//! Version 2 where its hierarchy has the memory and pids controllers;
//! version 1 otherwise, with the memory and cpuacct hierarchies (as on
//! machines that mount both, where the controllers sit in version 1);
//! there the process count is the box's user's, which is its own. A run's groups are `nimstream/box-UID` at the top of each
//! hierarchy: only root makes them, and a box's user is its own while its
//! lock is held ([`identity`](super::identity)), so a group of that name
//! found at the start is a dead run's, and is removed.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use super::Limits;

/// Which version of control groups the machine gives, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hierarchy {
    /// Version 2, mounted here.
    V2(PathBuf),
    /// Version 1: the memory and cpuacct hierarchies' mount points. (The
    /// process count needs no group there: a box's user is its own, and
    /// the kernel counts a user's processes.)
    V1 {
        /// The memory controller's.
        memory: PathBuf,
        /// The cpuacct controller's.
        cpuacct: PathBuf,
    },
}

impl Hierarchy {
    /// The hierarchy this machine gives root, found once: `None` where
    /// control groups are absent or cannot be made (not root, or a
    /// container that does not delegate them).
    pub fn usable() -> Option<&'static Hierarchy> {
        static FOUND: OnceLock<Option<Hierarchy>> = OnceLock::new();
        FOUND.get_or_init(find).as_ref()
    }

    /// Its name, as docs and messages give it.
    pub fn name(&self) -> &'static str {
        match self {
            Hierarchy::V2(_) => "control groups v2",
            Hierarchy::V1 { .. } => "control groups v1",
        }
    }
}

fn find() -> Option<Hierarchy> {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return None;
    }
    let mounts = fs::read_to_string("/proc/self/mounts").ok()?;
    let mut v1 = (None, None);
    let mut v2 = None;
    for line in mounts.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let (Some(point), Some(kind), Some(options)) =
            (fields.get(1), fields.get(2), fields.get(3))
        else {
            continue;
        };
        let point = PathBuf::from(point);
        let has = |name: &str| options.split(',').any(|option| option == name);
        match *kind {
            "cgroup2" => v2 = Some(point),
            "cgroup" if has("memory") => v1.0 = Some(point),
            "cgroup" if has("cpuacct") => v1.1 = Some(point),
            _ => {}
        }
    }
    let v2 = v2.filter(|root| {
        let controllers = fs::read_to_string(root.join("cgroup.controllers")).unwrap_or_default();
        ["memory", "pids"]
            .iter()
            .all(|name| controllers.split_whitespace().any(|c| c == *name))
    });
    let hierarchy = match (v2, v1) {
        (Some(root), _) => Hierarchy::V2(root),
        (None, (Some(memory), Some(cpuacct))) => Hierarchy::V1 { memory, cpuacct },
        _ => return None,
    };
    // Usable only if a group can be made there.
    prepare(&hierarchy).ok()?;
    Some(hierarchy)
}

/// Makes `nimstream` at the top of each hierarchy, with version 2's
/// controllers handed down to the boxes under it.
fn prepare(hierarchy: &Hierarchy) -> io::Result<()> {
    match hierarchy {
        Hierarchy::V2(root) => {
            append(&root.join("cgroup.subtree_control"), "+memory +pids")?;
            make_folder(&root.join("nimstream"))?;
            append(
                &root.join("nimstream/cgroup.subtree_control"),
                "+memory +pids",
            )
        }
        Hierarchy::V1 { memory, cpuacct } => {
            for root in [memory, cpuacct] {
                make_folder(&root.join("nimstream"))?;
            }
            Ok(())
        }
    }
}

fn make_folder(path: &Path) -> io::Result<()> {
    match fs::create_dir(path) {
        Err(error) if error.kind() != io::ErrorKind::AlreadyExists => Err(error),
        _ => Ok(()),
    }
}

/// Writes `text` to a control file, as one write.
fn append(path: &Path, text: &str) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).open(path)?;
    file.write_all(text.as_bytes())
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))
}

/// The control groups of one run, removed when dropped.
pub(super) struct ControlGroup {
    hierarchy: &'static Hierarchy,
    /// Its folder in each hierarchy.
    folders: Vec<PathBuf>,
    /// Its `cgroup.procs` in each, open for the keeper to join.
    procs: Vec<File>,
    /// The highest memory seen, where the kernel keeps no peak.
    peak_seen: u64,
}

impl ControlGroup {
    /// Makes the groups `nimstream/box-UID` with the run's limits.
    pub(super) fn new(
        hierarchy: &'static Hierarchy,
        uid: u32,
        limits: &Limits,
    ) -> io::Result<ControlGroup> {
        let name = format!("nimstream/box-{uid}");
        let folders: Vec<PathBuf> = match hierarchy {
            Hierarchy::V2(root) => vec![root.join(&name)],
            Hierarchy::V1 { memory, cpuacct } => [memory, cpuacct]
                .iter()
                .map(|root| root.join(&name))
                .collect(),
        };
        for folder in &folders {
            if folder.exists() {
                remove(folder);
            }
            fs::create_dir(folder)?;
        }
        let mut group = ControlGroup {
            hierarchy,
            procs: Vec::new(),
            folders,
            peak_seen: 0,
        };
        group.limit(limits)?;
        for folder in &group.folders {
            group.procs.push(
                OpenOptions::new()
                    .write(true)
                    .open(folder.join("cgroup.procs"))?,
            );
        }
        Ok(group)
    }

    fn limit(&self, limits: &Limits) -> io::Result<()> {
        // The keeper is one process more than the program may have.
        let processes = (limits.processes + 1).to_string();
        let memory = limits.memory.to_string();
        let folder = &self.folders[0];
        match self.hierarchy {
            Hierarchy::V2(_) => {
                append(&folder.join("memory.max"), &memory)?;
                optional(&folder.join("memory.swap.max"), "0")?;
                append(&folder.join("pids.max"), &processes)
            }
            Hierarchy::V1 { .. } => {
                append(&folder.join("memory.limit_in_bytes"), &memory)?;
                // Memory and swap together: a box cannot swap its way past.
                optional(&folder.join("memory.memsw.limit_in_bytes"), &memory)
            }
        }
    }

    /// Moves the process `pid` (the keeper, whose children follow) into
    /// the groups.
    pub(super) fn add(&self, pid: libc::pid_t) -> io::Result<()> {
        let line = format!("{pid}\n");
        for mut file in &self.procs {
            file.write_all(line.as_bytes())?;
        }
        Ok(())
    }

    /// The CPU time of every process the box has had.
    pub(super) fn cpu(&self) -> Option<Duration> {
        match self.hierarchy {
            Hierarchy::V2(_) => {
                let stat = fs::read_to_string(self.folders[0].join("cpu.stat")).ok()?;
                let micros = field(&stat, "usage_usec")?;
                Some(Duration::from_micros(micros))
            }
            Hierarchy::V1 { .. } => {
                let text = fs::read_to_string(self.folders[1].join("cpuacct.usage")).ok()?;
                Some(Duration::from_nanos(text.trim().parse().ok()?))
            }
        }
    }

    /// Notes the box's memory now, where the kernel keeps no peak.
    pub(super) fn sample_memory(&mut self) {
        if let Hierarchy::V2(_) = self.hierarchy {
            let current = read_number(&self.folders[0].join("memory.current"));
            self.peak_seen = self.peak_seen.max(current.unwrap_or(0));
        }
    }

    /// The most memory the box had.
    pub(super) fn peak_memory(&self) -> u64 {
        let folder = &self.folders[0];
        let kept = match self.hierarchy {
            Hierarchy::V2(_) => read_number(&folder.join("memory.peak")),
            Hierarchy::V1 { .. } => read_number(&folder.join("memory.max_usage_in_bytes")),
        };
        kept.unwrap_or(0).max(self.peak_seen)
    }

    /// Whether the kernel killed a process of the box for want of memory
    /// under the limit.
    pub(super) fn out_of_memory(&self) -> bool {
        let folder = &self.folders[0];
        let (file, name) = match self.hierarchy {
            Hierarchy::V2(_) => ("memory.events", "oom_kill"),
            Hierarchy::V1 { .. } => ("memory.oom_control", "oom_kill"),
        };
        let text = fs::read_to_string(folder.join(file)).unwrap_or_default();
        field(&text, name).is_some_and(|kills| kills > 0)
    }

    /// Its folders, for the interrupt handler to remove.
    pub(super) fn folders(&self) -> &[PathBuf] {
        &self.folders
    }
}

impl Drop for ControlGroup {
    fn drop(&mut self) {
        for folder in &self.folders {
            remove(folder);
        }
    }
}

/// Removes a run's group: kills what is left in it and waits, a second at
/// most, until it is empty and can go.
pub(super) fn remove(folder: &Path) {
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        if fs::remove_dir(folder).is_ok() || !folder.exists() {
            return;
        }
        for pid in fs::read_to_string(folder.join("cgroup.procs"))
            .unwrap_or_default()
            .lines()
            .filter_map(|line| line.trim().parse::<libc::pid_t>().ok())
        {
            // SAFETY: a plain system call.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        if Instant::now() > deadline {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Writes a control file that older kernels or machines without swap do
/// not have.
fn optional(path: &Path, text: &str) -> io::Result<()> {
    match path.exists() {
        true => append(path, text),
        false => Ok(()),
    }
}

fn read_number(path: &Path) -> Option<u64> {
    fs::read_to_string(path).ok()?.trim().parse().ok()
}

/// The number after `name` on its line of a `name value` file.
fn field(text: &str, name: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        (words.next() == Some(name)).then(|| words.next()?.parse().ok())?
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_by_name() {
        let text = "oom_kill_disable 0\nunder_oom 0\noom_kill 3\n";
        assert_eq!(field(text, "oom_kill"), Some(3));
        assert_eq!(field(text, "under_oom"), Some(0));
        assert_eq!(field(text, "usage_usec"), None);
    }
}
