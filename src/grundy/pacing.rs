//! Whether the two-thread pipeline pays right now, and how long a thread
//! polls before it sleeps.
//!
//! The pipeline of `grundy::ahead` pays only while the second thread has a
//! core of its own. On a busy machine (a browser, a build, a CI runner's
//! neighbours) it often has none: it runs in slices between other
//! processes, and a block's rows come back a scheduling slice late.
//! Measured on a 2-core machine at load 8, waiting for them made two
//! threads 4-7x slower than one. The engine's thread no longer waits on a
//! second thread that is not running (it takes the block back), but each
//! block sent to one still costs a wake-up and the marking it did before it
//! stopped. So the engine's thread weighs what the pipeline gives against
//! what it costs: the CPU time the second thread spent marking rows (work
//! this thread would otherwise do) against the time this thread waited
//! and the blocks it took back. When the cost passes half of what was
//! given, it works alone for a spell, marking every pair itself as one
//! thread does, then tries the pipeline again. The spells double while the
//! pipeline keeps failing, up to [`LONGEST_SPELL`], and halve for each
//! window of work in which it paid. A trial after a spell allows for no
//! cost: a lasting load costs one block taken back a second, a tried
//! pipeline that passes by chance once does not bring the short spells
//! back, and the second core is used again within a few seconds of coming
//! free.
//!
//! The second thread, waiting for its next job, sleeps at no cost, but
//! waking a sleeper takes microseconds on the path of every block, so it
//! polls first, for as long as polling has lately paid ([`Poll`]): on a
//! quiet machine the job comes within the poll, and under load polling
//! would only take the core from the thread that is to send it. (The
//! engine's thread waits for rows only while the second thread is seen to
//! mark them, `ahead`'s stall rule, and so never sleeps on them.)

use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::{Duration, Instant};

/// The first spell alone, and the longest.
const FIRST_SPELL: Duration = Duration::from_millis(20);
const LONGEST_SPELL: Duration = Duration::from_secs(1);

/// Waiting below this is never held against the pipeline: some wake-ups'
/// worth, which a quiet machine also has, or a few blocks taken back from
/// a second thread that had no core.
const WAIT_ALLOWANCE: Duration = Duration::from_micros(500);

/// Work given over which a pipeline that did not wait too much is judged
/// good.
const WINDOW: Duration = Duration::from_millis(50);

/// The engine's view of the pipeline: on, or off until an instant.
#[derive(Clone, Debug)]
pub(super) struct Pacing {
    /// Until when this thread works alone, if it does.
    alone_until: Option<Instant>,
    /// How long the next spell alone lasts.
    spell: Duration,
    /// The second thread's marking and this thread's waiting since the
    /// pipeline was last judged.
    given: Duration,
    waited: Duration,
    /// Whether the pipeline is on trial after a spell alone, until a
    /// window of work in which it paid: then no waiting is allowed for, so
    /// that a second thread still without a core costs one block a trial.
    trying: bool,
}

impl Pacing {
    pub fn new() -> Pacing {
        Pacing {
            alone_until: None,
            spell: FIRST_SPELL,
            given: Duration::ZERO,
            waited: Duration::ZERO,
            trying: false,
        }
    }

    /// Whether to send the next block ahead at `now`.
    pub fn pipelines(&self, now: Instant) -> bool {
        self.alone_until.is_none_or(|until| now >= until)
    }

    /// Takes in one block's rows: the second thread spent `given` of CPU
    /// time marking them, and this thread waited `waited` for them.
    pub fn record(&mut self, given: Duration, waited: Duration, now: Instant) {
        self.alone_until = None;
        self.given += given;
        self.waited += waited;
        let allowance = if self.trying {
            Duration::ZERO
        } else {
            WAIT_ALLOWANCE
        };
        if self.waited > allowance && self.waited * 2 > self.given {
            self.alone_until = Some(now + self.spell);
            self.spell = (self.spell * 2).min(LONGEST_SPELL);
            self.trying = true;
            self.forget();
        } else if self.given >= WINDOW {
            self.spell = (self.spell / 2).max(FIRST_SPELL);
            self.trying = false;
            self.forget();
        }
    }

    fn forget(&mut self) {
        self.given = Duration::ZERO;
        self.waited = Duration::ZERO;
    }
}

/// The longest a thread polls for a message before it sleeps.
///
/// A block takes tens of microseconds to a few milliseconds, so a message
/// that comes at all on a quiet machine mostly comes within this.
const LONGEST_POLL: Duration = Duration::from_micros(200);

/// A receiving thread's polling budget: the longest poll while polling
/// catches the messages, halved each time a message came later than the
/// poll would have lasted.
#[derive(Debug)]
pub(super) struct Poll {
    budget: Duration,
}

impl Poll {
    pub fn new() -> Poll {
        Poll {
            budget: LONGEST_POLL,
        }
    }

    /// The next message on `channel`, polled for up to the budget before
    /// sleeping; `None` once the other side is gone.
    pub fn receive<M>(&mut self, channel: &Receiver<M>) -> Option<M> {
        let start = Instant::now();
        loop {
            match channel.try_recv() {
                Ok(message) => return Some(message),
                Err(TryRecvError::Disconnected) => return None,
                Err(TryRecvError::Empty) if start.elapsed() < self.budget => std::hint::spin_loop(),
                Err(TryRecvError::Empty) => break,
            }
        }
        let message = channel.recv().ok();
        self.learn(start.elapsed());
        message
    }

    /// Adjusts the budget to a message that came `after` the wait began,
    /// past the poll.
    fn learn(&mut self, after: Duration) {
        self.budget = if after <= LONGEST_POLL {
            LONGEST_POLL
        } else {
            self.budget / 2
        };
    }
}

/// The CPU time the calling thread has run, where the system says;
/// `None` elsewhere.
pub(super) fn thread_cpu_time() -> Option<Duration> {
    #[cfg(unix)]
    {
        let mut time = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `time` is a valid timespec for the call to fill.
        let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut time) };
        (status == 0).then(|| Duration::new(time.tv_sec as u64, time.tv_nsec as u32))
    }
    #[cfg(not(unix))]
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    const MS: Duration = Duration::from_millis(1);
    const US: Duration = Duration::from_micros(1);

    #[test]
    fn a_pipeline_that_keeps_this_thread_waiting_is_left_for_a_spell() {
        let start = Instant::now();
        let mut pacing = Pacing::new();
        // Rows a scheduling slice late: 100 us of marking, 3 ms of waiting.
        pacing.record(100 * US, 3 * MS, start);
        assert!(!pacing.pipelines(start));
        assert!(!pacing.pipelines(start + FIRST_SPELL - US));
        assert!(pacing.pipelines(start + FIRST_SPELL));
    }

    #[test]
    fn spells_double_while_the_pipeline_fails_and_halve_while_it_pays() {
        let mut now = Instant::now();
        let mut pacing = Pacing::new();
        let mut spells = vec![];
        for _ in 0..10 {
            pacing.record(100 * US, 3 * MS, now);
            let until = pacing.alone_until.expect("alone after a bad block");
            spells.push(until - now);
            now = until;
        }
        assert_eq!(spells[0], FIRST_SPELL);
        assert_eq!(spells[1], 2 * FIRST_SPELL);
        assert_eq!(spells[2], 4 * FIRST_SPELL);
        assert_eq!(*spells.last().unwrap(), LONGEST_SPELL);
        // A window of blocks whose rows come back in time halves the next
        // spell; a run of them brings it back to the first.
        for _ in 0..50 {
            pacing.record(MS, 10 * US, now);
        }
        assert!(pacing.pipelines(now));
        pacing.record(100 * US, 3 * MS, now);
        assert_eq!(pacing.alone_until, Some(now + LONGEST_SPELL / 2));
        now += LONGEST_SPELL / 2;
        for _ in 0..50 * 20 {
            pacing.record(MS, 10 * US, now);
        }
        pacing.record(100 * US, 3 * MS, now);
        assert_eq!(pacing.alone_until, Some(now + FIRST_SPELL));
    }

    #[test]
    fn a_trial_after_a_spell_that_fails_at_once_starts_the_next_spell() {
        let mut now = Instant::now();
        let mut pacing = Pacing::new();
        pacing.record(100 * US, 3 * MS, now);
        now = pacing.alone_until.unwrap();
        // One block taken back, 70 us of cost: far below the allowance,
        // yet the trial is over.
        pacing.record(Duration::ZERO, 70 * US, now);
        assert_eq!(pacing.alone_until, Some(now + 2 * FIRST_SPELL));
        // A trial whose blocks come back in time, over a window, ends the
        // trial: a single take-back is then allowed for again.
        now = pacing.alone_until.unwrap();
        for _ in 0..50 {
            pacing.record(MS, 10 * US, now);
        }
        pacing.record(Duration::ZERO, 70 * US, now);
        assert!(pacing.pipelines(now));
    }

    #[test]
    fn short_waits_on_a_quiet_machine_never_stop_the_pipeline() {
        let now = Instant::now();
        let mut pacing = Pacing::new();
        // Tiny blocks, each waiting a wake-up.
        for _ in 0..100_000 {
            pacing.record(20 * US, 4 * US, now);
            assert!(pacing.pipelines(now));
        }
        // Long blocks waiting a fifth of what the second thread gave.
        for _ in 0..1_000 {
            pacing.record(5 * MS, MS, now);
            assert!(pacing.pipelines(now));
        }
    }

    #[test]
    fn polling_stops_paying_when_messages_come_late_and_pays_again() {
        let mut poll = Poll::new();
        poll.learn(5 * MS);
        assert_eq!(poll.budget, LONGEST_POLL / 2);
        for _ in 0..20 {
            poll.learn(5 * MS);
        }
        assert!(poll.budget < US);
        poll.learn(50 * US);
        assert_eq!(poll.budget, LONGEST_POLL);
    }

    #[test]
    fn a_thread_waiting_long_for_a_message_sleeps_instead_of_spinning() {
        let (send, receive) = sync_channel(1);
        let sender = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            send.send(7).unwrap();
        });
        let before = thread_cpu_time().unwrap();
        let mut poll = Poll::new();
        assert_eq!(poll.receive(&receive), Some(7));
        let spent = thread_cpu_time().unwrap() - before;
        sender.join().unwrap();
        // Polling is at most LONGEST_POLL; a spinning wait would spend
        // most of the 300 ms.
        assert!(
            spent < Duration::from_millis(50),
            "{spent:?} of CPU waiting"
        );
    }
}
