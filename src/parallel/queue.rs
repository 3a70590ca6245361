//! The jobs of a parallel pass whose output is written in order: which job
//! a thread takes next, and how far the writer has got.
//!
//! Threads answer jobs out of order but the writer writes them in order, so
//! a fast thread could run arbitrarily far ahead and hold its output in
//! memory. The queue hands out a job only while it is fewer than `ahead`
//! jobs past the writer, and recycles the writer's emptied buffers, so the
//! memory held is bounded and a job costs no allocation once warm.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// The jobs of pass 2 on their way through the threads: which is next, and
/// how far the writer has got, which bounds how far ahead they may run and
/// so the output held in memory.
pub(super) struct Queue {
    ahead: usize,
    state: Mutex<QueueState>,
    moved: Condvar,
}

struct QueueState {
    next: usize,
    written: usize,
    /// Buffers the writer has emptied, for the next jobs' lines.
    spare: Vec<Vec<u8>>,
    stopped: bool,
}

impl Queue {
    pub(super) fn new(ahead: usize) -> Queue {
        Queue {
            ahead,
            state: Mutex::new(QueueState {
                next: 0,
                written: 0,
                spare: Vec::new(),
                stopped: false,
            }),
            moved: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The next of `jobs` jobs and a buffer for its lines, once it is fewer
    /// than `ahead` jobs past the writer; `None` when every job is taken or
    /// the writer stopped.
    pub(super) fn take(&self, jobs: usize) -> Option<(usize, Vec<u8>)> {
        let mut state = self.lock();
        loop {
            if state.stopped || state.next >= jobs {
                return None;
            }
            if state.next < state.written + self.ahead {
                let job = state.next;
                state.next += 1;
                return Some((job, state.spare.pop().unwrap_or_default()));
            }
            state = self
                .moved
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// The next job and a buffer, as [`Queue::take`], for the writer's own
    /// thread, which must not wait for itself: `None` when every job is
    /// taken, the writer stopped, or the next job would be too far ahead.
    pub(super) fn try_take(&self, jobs: usize) -> Option<(usize, Vec<u8>)> {
        let mut state = self.lock();
        if state.stopped || state.next >= jobs || state.next >= state.written + self.ahead {
            return None;
        }
        let job = state.next;
        state.next += 1;
        Some((job, state.spare.pop().unwrap_or_default()))
    }

    /// The writer has written `written` jobs; `text`, emptied, serves again.
    pub(super) fn written(&self, written: usize, mut text: Vec<u8>) {
        text.clear();
        let mut state = self.lock();
        state.written = written;
        state.spare.push(text);
        self.moved.notify_all();
    }

    /// The writer will write no more: the threads stop.
    pub(super) fn stop(&self) {
        self.lock().stopped = true;
        self.moved.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::Queue;

    #[test]
    fn the_writers_own_take_never_waits_and_never_runs_ahead() {
        let queue = Queue::new(2);
        let job = |taken: Option<(usize, Vec<u8>)>| taken.map(|(job, _)| job);
        assert_eq!(job(queue.try_take(5)), Some(0));
        assert_eq!(job(queue.try_take(5)), Some(1));
        // Two past the writer, which has written nothing: job 2 waits.
        assert_eq!(job(queue.try_take(5)), None);
        queue.written(1, b"lines".to_vec());
        let (next, text) = queue.try_take(5).expect("one job fewer ahead");
        assert_eq!(next, 2);
        assert!(text.is_empty(), "the written buffer comes back emptied");
        queue.written(3, Vec::new());
        assert_eq!(job(queue.try_take(5)), Some(3));
        assert_eq!(job(queue.try_take(5)), Some(4));
        // Every job taken.
        queue.written(5, Vec::new());
        assert_eq!(job(queue.try_take(5)), None);
        let stopped = Queue::new(2);
        stopped.stop();
        assert_eq!(job(stopped.try_take(5)), None);
    }
}
