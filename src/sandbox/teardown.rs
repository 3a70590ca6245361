//! A box's mount namespace, let go of off the run's path.
//!
//! When the last reference to a mount namespace goes, the kernel unmounts
//! its tree and waits for an RCU grace period: a millisecond or more, as
//! long as the rest of a trivial program's run. If the keeper held the
//! last reference, its exit would wait for it, and nimstream, waiting
//! for the keeper, with it. So nimstream takes a reference of its own
//! (the namespace's file in `/proc`) as soon as the keeper is cloned, and
//! once the box has ended hands it to a thread that closes it while the
//! next run goes on. Nothing of the box can run by then: its PID
//! namespace ended with the keeper; what the reference keeps for that
//! moment is the tmpfs (at most the output limit) and the binds.

use std::fs::File;
use std::sync::mpsc::{self, SyncSender};
use std::sync::{Mutex, OnceLock};

/// How many released namespaces may wait for the closing thread before a
/// run closes its own: a bound on what they keep meanwhile.
const WAITING: usize = 8;

/// A reference to a box's mount namespace.
pub(super) struct HeldMounts(File);

impl HeldMounts {
    /// Takes a reference to the keeper's mount namespace; `None` if the
    /// keeper is already gone, and then its exit paid for the namespace.
    pub(super) fn of(keeper: libc::pid_t) -> Option<HeldMounts> {
        File::open(format!("/proc/{keeper}/ns/mnt"))
            .ok()
            .map(HeldMounts)
    }

    /// Lets go of the namespace on the closing thread, or here if that
    /// thread cannot be started or is behind.
    pub(super) fn release(self) {
        static CLOSER: OnceLock<Option<Mutex<SyncSender<File>>>> = OnceLock::new();
        let closer = CLOSER.get_or_init(|| {
            let (sender, receiver) = mpsc::sync_channel::<File>(WAITING);
            std::thread::Builder::new()
                .name("nimstream-box-teardown".into())
                .spawn(move || receiver.into_iter().for_each(drop))
                .ok()
                .map(|_| Mutex::new(sender))
        });
        let Some(sender) = closer else {
            return;
        };
        let sender = sender
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A full queue or a gone thread: the file comes back and drops
        // here, which only costs this run the wait.
        let _ = sender.try_send(self.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// The descriptors of this process that refer to its own mount
    /// namespace (no box's run refers to that one).
    fn held_own() -> usize {
        let own = std::fs::read_link("/proc/self/ns/mnt").unwrap();
        std::fs::read_dir("/proc/self/fd")
            .unwrap()
            .filter_map(|entry| std::fs::read_link(entry.ok()?.path()).ok())
            .filter(|target| *target == own)
            .count()
    }

    #[test]
    fn released_namespaces_are_all_let_go_of_even_past_the_queue() {
        let own = std::process::id() as libc::pid_t;
        for _ in 0..3 * WAITING {
            HeldMounts::of(own).unwrap().release();
        }
        let deadline = Instant::now() + Duration::from_secs(30);
        while held_own() > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(held_own(), 0);
    }
}
