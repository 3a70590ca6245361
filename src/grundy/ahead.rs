//! The next block's far pairs and early pairs, marked on a second thread.
//!
//! The values of a sequence come one after another, each from all the
//! values before it, so the heaps themselves cannot be shared out. But with
//! a split of many rare heaps (Officers, 0.14) a [`Block`]'s time goes half
//! to marking the pairs with the old rare heaps and half to the heaps' own
//! steps (perf on 0.6 at 2^21: 43% and 42%), and most of the marking does
//! not need the block before it: in the rows of the block after this one,
//! heap `n` pairs a rare heap `r` with heap `n - b - r` (`b` a removal),
//! which lies below this block, and so is known, once `r >= 2 * HEAPS`.
//! So while this thread finishes the heaps of one block, a second thread
//! marks those far pairs in the rows of the next: a pipeline of two stages.
//!
//! The two stages rarely cost the same, and what they cost moves as the
//! rare heaps grow in number, so the far pairs are shared: the second
//! thread takes a share of them, and this thread marks the rest when the
//! rows come back. The share grows while the rows come back ready and
//! shrinks while this thread waits for them.
//!
//! That alone leaves this thread the heaps' own steps, whose searches for
//! candidates (`check`) are about two thirds of Officers' work, and caps
//! the pipeline near 1.5x. But a search visits the pairs `(a, m - a)` from
//! `a = 1` up, and from `a = 2 * HEAPS` or so the partners of every heap of
//! the next block are known. So once the second thread has all the far
//! pairs, it also *sweeps* a span of those heaps `a`: it marks the value of
//! every pair they make, for every splitting removal, in every row of the
//! block ([`Block::sweep`]). A marked value is an option, so never a
//! candidate, and the heap's search skips the span. The span grows while
//! the rows come back ready and shrinks while this thread waits. On
//! Officers it settles near 340 heaps, an eighth of the pairs a search
//! visits, yet it takes a third of the time off this thread: the early
//! pairs are where the searches find most of their candidates (at 2^20, `a`
//! below 448 gave 73% of the finds from 18% of the pairs visited), and each
//! find costs far more than a pair that finds nothing.
//!
//! On a busy machine the second thread may get no core of its own, and
//! every block would wait a scheduling slice for its rows. So this thread
//! never waits on a second thread that is not running: the second thread
//! counts its progress as it marks ([`Handoff`]), and when the rows are not
//! back and the count stands still (or the job was never started), this
//! thread cancels the job and marks the block itself, as one thread does.
//! The second thread stops at its next step, and the rows it sends back
//! are dropped. `pacing` weighs what the pipeline gives against what the
//! waiting and the cancelled jobs cost, and has this thread work alone for
//! spells while the pipeline does not pay.
//!
//! The values never depend on the second thread: rows that come back for
//! another block than the one this thread is at (a value needed another
//! bit and ended a block early, or the split was rebuilt) are dropped and
//! the block is marked here, as with one thread.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::Arc;
use std::thread::Scope;
use std::time::{Duration, Instant};

use super::block::{self, Block, HEAPS};
use super::pacing::{thread_cpu_time, Pacing, Poll};
use super::split::Split;
use super::values::Cell;

/// The second thread's side of the pipeline, driven by the engine's.
pub(super) struct Ahead<T> {
    jobs: SyncSender<Job<T>>,
    done: Receiver<Marked>,
    /// The block the job in flight marks, if one is.
    pending: Option<Pending>,
    /// Whether a cancelled job's rows are still to come back: no job is
    /// sent until they have.
    cancelled: bool,
    /// The job in flight's state and the second thread's progress on it,
    /// and that progress when the job was sent.
    handoff: Arc<Handoff>,
    progress_at_send: u64,
    /// The split the second thread's copy of the rare heaps is of, and how
    /// much of each class's rare list it has.
    epoch: Option<u64>,
    sent: Vec<usize>,
    /// How much to send ahead, and whether to.
    tuning: Tuning,
    /// Blocks whose rows were not back when this thread needed them and
    /// were waited for; blocks whose job was cancelled because the second
    /// thread was not running, and which this thread marked; and blocks
    /// this thread marked alone while the pipeline did not pay.
    pub waits: u64,
    pub taken_over: u64,
    pub alone: u64,
}

/// What the pipeline has learned of the machine, kept by the engine from
/// one stretch of values to the next (a sequence is computed 4096 values a
/// call): a second thread starts for each, and a busy machine would
/// otherwise be learned again every time.
#[derive(Clone, Debug)]
pub(super) struct Tuning {
    /// The second thread's share of the far pairs, in 64ths.
    share: usize,
    /// Once it has them all, the heaps `a` whose pairs it sweeps in each
    /// row, as many as it can while the rows still come back in time.
    span: usize,
    /// Whether the pipeline pays now.
    pacing: Pacing,
    /// Every block sent ahead and waited for, however late its rows: for
    /// tests that must see the second thread's rows used on a machine too
    /// busy to give it a core in time, where the engine would rightly work
    /// alone. Never set outside tests.
    pub(super) patient: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            share: 64,
            span: FIRST_SPAN,
            pacing: Pacing::new(),
            patient: false,
        }
    }
}

/// What the two threads know of the job in flight: its state, which
/// either may change (the engine's thread cancels, the second thread
/// starts and finishes), and how far the second thread has got.
#[derive(Debug, Default)]
struct Handoff {
    state: AtomicU8,
    progress: AtomicU64,
}

/// The states of a job: sent, being marked, marked (its rows are on their
/// way back and will be used), given up by the engine's thread.
const QUEUED: u8 = 0;
const STARTED: u8 = 1;
const FINISHED: u8 = 2;
const CANCELLED: u8 = 3;

impl Handoff {
    /// Moves the job from `from` to `to`; false if it was not in `from`.
    fn shift(&self, from: u8, to: u8) -> bool {
        self.state
            .compare_exchange(from, to, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
    }

    fn is_cancelled(&self) -> bool {
        self.state.load(Ordering::Acquire) == CANCELLED
    }
}

/// How long the second thread's progress may stand still before this
/// thread takes its block over: far longer than one step of its marking
/// (a few microseconds), far shorter than a scheduling slice. Emptying
/// the rows, before the first step, may take longer (wide rows are
/// megabytes): that is allowed for up to [`LONGEST_WAIT`].
const STALL: Duration = Duration::from_micros(50);

/// The longest this thread waits for rows that are being marked: a second
/// thread that runs but is this far behind is treated as one that does not.
const LONGEST_WAIT: Duration = Duration::from_millis(1);

/// What a take-over costs besides its wait, for `pacing`: sending the job,
/// waking the second thread, and what it marked before it stopped.
const TAKE_OVER_COST: Duration = Duration::from_micros(20);

/// Rare heaps, or heaps `a` of the sweep, the second thread marks between
/// two looks at its job's state.
const STEP: usize = 64;

/// What a job was asked to mark, to check its rows against the block
/// they come back for.
#[derive(Clone, Copy, Debug)]
struct Pending {
    n0: usize,
    len: usize,
    bits: u32,
    epoch: u64,
    ranges: [(usize, usize); 2],
    swept: (usize, usize),
}

/// Rows marked ahead, and the part of each class's rare list they cover.
pub(super) struct Prepared {
    pub rows: Block,
    pub done: [(usize, usize); 2],
    /// Pairs with rare heaps marked.
    pub marked: u64,
    /// Other pairs marked, in the sweep.
    pub swept: u64,
}

struct Job<T> {
    known: Known<T>,
    n0: usize,
    len: usize,
    bits: u32,
    /// Each class's removals, when the split is not the one the second
    /// thread has.
    reset: Option<Vec<Vec<usize>>>,
    /// Each class's rare heaps and their values, from where the last job
    /// left off.
    rare: Vec<(Vec<u32>, Vec<u32>)>,
    ranges: [(usize, usize); 2],
    swept: (usize, usize),
    rows: Block,
}

struct Marked {
    rows: Block,
    marked: u64,
    swept: u64,
    /// The second thread's time on these rows: this thread's, saved (or,
    /// for a cancelled job, spent for nothing).
    given: Duration,
}

/// The values known when a job was sent: `len` cells from `ptr`.
struct Known<T> {
    ptr: *const T,
    len: usize,
}

// SAFETY: a `Known` is read-only access to cells that the engine's thread
// does not write while the job is in flight (see `Ahead::send`); cells
// are plain integers.
unsafe impl<T: Sync> Send for Known<T> {}

/// The second thread's copy of one class of the split.
#[derive(Default)]
struct ClassCopy {
    moves: Vec<usize>,
    rare: Vec<u32>,
    values: Vec<u32>,
}

impl<T: Cell + Sync> Ahead<T> {
    /// Starts the second thread in `scope`, tuned as `tuning` says; `None`
    /// when the system will not start it. It sleeps `delay` in each job, as
    /// a thread that gets no core would stop (zero but in tests).
    pub fn start<'scope>(
        scope: &'scope Scope<'scope, '_>,
        delay: Duration,
        tuning: Tuning,
    ) -> Option<Ahead<T>>
    where
        T: 'scope,
    {
        let (jobs, job_queue) = sync_channel::<Job<T>>(1);
        let (marked, done) = sync_channel(1);
        let handoff = Arc::new(Handoff::default());
        let theirs = Arc::clone(&handoff);
        std::thread::Builder::new()
            .spawn_scoped(scope, move || {
                mark_ahead(&job_queue, &marked, &theirs, delay)
            })
            .ok()?;
        Some(Ahead {
            jobs,
            done,
            pending: None,
            cancelled: false,
            handoff,
            progress_at_send: 0,
            epoch: None,
            sent: vec![],
            tuning,
            waits: 0,
            taken_over: 0,
            alone: 0,
        })
    }

    /// What the pipeline learned, for the next stretch of values.
    pub fn tuning(&self) -> Tuning {
        self.tuning.clone()
    }

    /// Whether to send the next block ahead: false while this thread works
    /// alone (see `pacing`) or the rows of a cancelled job are not back,
    /// and the block is then counted as alone.
    pub fn pipelines(&mut self) -> bool {
        let paced = self.tuning.patient || self.tuning.pacing.pipelines(Instant::now());
        let pipelines = paced && self.collect_cancelled();
        if !pipelines {
            self.alone += 1;
        }
        pipelines
    }

    /// Whether the rows of a cancelled job, if there is one, are back (and
    /// dropped: a take-back is charged when it is made, [`TAKE_OVER_COST`]).
    fn collect_cancelled(&mut self) -> bool {
        if self.cancelled {
            match self.done.try_recv() {
                Err(TryRecvError::Empty) => return false,
                Ok(_) | Err(TryRecvError::Disconnected) => self.cancelled = false,
            }
        }
        true
    }

    /// The rows marked ahead for the block of `len` heaps from `n0`, rows
    /// `2^bits` wide, under the split of `epoch`; `None` when no job was
    /// sent for exactly that block.
    pub fn take(&mut self, n0: usize, len: usize, bits: u32, epoch: u64) -> Option<Prepared> {
        let pending = self.pending.take()?;
        let took_at = Instant::now();
        let marked = match self.done.try_recv() {
            Ok(marked) => {
                self.tuning
                    .pacing
                    .record(marked.given, Duration::ZERO, took_at);
                if self.tuning.share < 64 {
                    self.tuning.share += 1;
                } else {
                    self.tuning.span = (self.tuning.span + SPAN_STEP).min(MAX_SPAN);
                }
                marked
            }
            Err(TryRecvError::Empty) => {
                if self.tuning.span > 0 {
                    self.tuning.span = self.tuning.span.saturating_sub(SPAN_STEP);
                } else {
                    self.tuning.share = self.tuning.share.saturating_sub(1);
                }
                let Some(marked) = self.wait_while_marking() else {
                    self.taken_over += 1;
                    let now = Instant::now();
                    let cost = now - took_at + TAKE_OVER_COST;
                    self.tuning.pacing.record(Duration::ZERO, cost, now);
                    return None;
                };
                self.waits += 1;
                let now = Instant::now();
                self.tuning.pacing.record(marked.given, now - took_at, now);
                marked
            }
            Err(TryRecvError::Disconnected) => return None,
        };
        let marked_for = (pending.n0, pending.len, pending.bits, pending.epoch);
        (marked_for == (n0, len, bits, epoch)).then(|| {
            let mut rows = marked.rows;
            rows.swept = pending.swept;
            Prepared {
                rows,
                done: pending.ranges,
                marked: marked.marked,
                swept: marked.swept,
            }
        })
    }

    /// The rows of the job in flight, waited for while the second thread
    /// makes progress on them; `None` when it does not (it was never
    /// started, or stands still: the thread has no core) or is far behind,
    /// and the job is then cancelled.
    fn wait_while_marking(&mut self) -> Option<Marked> {
        let start = Instant::now();
        let mut seen = self.handoff.progress.load(Ordering::Relaxed);
        let mut moved_at = start;
        loop {
            match self.done.try_recv() {
                Ok(marked) => return Some(marked),
                Err(TryRecvError::Disconnected) => return None,
                Err(TryRecvError::Empty) => {}
            }
            let now = Instant::now();
            let progress = self.handoff.progress.load(Ordering::Relaxed);
            if progress != seen {
                (seen, moved_at) = (progress, now);
            }
            let emptying_rows = progress == self.progress_at_send;
            let stalled = self.handoff.state.load(Ordering::Acquire) == QUEUED
                || (now - moved_at > STALL && !emptying_rows)
                || now - start > LONGEST_WAIT;
            if stalled && self.tuning.patient {
                // Leave the core to the second thread, which may share it.
                std::thread::yield_now();
            } else if stalled && self.cancel() {
                return None;
            }
            std::hint::spin_loop();
        }
    }

    /// Cancels the job in flight; false when it was already marked, and
    /// its rows are then to be taken (they are on their way).
    fn cancel(&mut self) -> bool {
        if self.handoff.shift(QUEUED, CANCELLED) || self.handoff.shift(STARTED, CANCELLED) {
            self.cancelled = true;
            return true;
        }
        false
    }

    /// Sends the block of `len` heaps from `n0` ahead, to be marked with
    /// rows `2^bits` wide while this thread works out the heaps from
    /// `g.len()` (`n0 - g.len() <= HEAPS`), in `rows`.
    ///
    /// `g` must not be moved, nor any of its cells written, until the job
    /// comes back through [`Ahead::take`] or the scope ends: the engine only
    /// pushes onto `g`, within capacity it reserved first.
    #[allow(clippy::too_many_arguments)]
    pub fn send(
        &mut self,
        g: &[T],
        n0: usize,
        len: usize,
        bits: u32,
        split: &Split,
        epoch: u64,
        rows: Block,
    ) {
        debug_assert!(self.pending.is_none() && !self.cancelled && n0 - g.len() <= HEAPS);
        let reset = (self.epoch != Some(epoch)).then(|| {
            self.epoch = Some(epoch);
            self.sent = vec![0; split.classes.len()];
            split.classes.iter().map(|c| c.moves.clone()).collect()
        });
        let mut ranges = [(0, 0); 2];
        let mut rare = Vec::with_capacity(split.classes.len());
        for (d, class) in split.classes.iter().enumerate() {
            let (lo, hi) = block::covered(class, n0);
            // Partners of rare heaps from 2 * HEAPS on are all below the
            // block before this one.
            let far = class.rare.partition_point(|&r| (r as usize) < 2 * HEAPS);
            let far = far.clamp(lo, hi);
            ranges[d] = (far, far + (hi - far) * self.tuning.share / 64);
            let from = self.sent[d];
            rare.push((
                class.rare[from..].to_vec(),
                class.rare_values[from..].to_vec(),
            ));
            self.sent[d] = class.rare.len();
        }
        let swept = block::sweepable(split.removal_range(), n0, len, g.len(), self.tuning.span);
        let job = Job {
            known: Known {
                ptr: g.as_ptr(),
                len: g.len(),
            },
            n0,
            len,
            bits,
            reset,
            rare,
            ranges,
            swept,
            rows,
        };
        // The second thread is between jobs: it wrote the state last
        // before sending the previous job's rows back.
        self.handoff.state.store(QUEUED, Ordering::Release);
        self.progress_at_send = self.handoff.progress.load(Ordering::Relaxed);
        if self.jobs.send(job).is_ok() {
            self.pending = Some(Pending {
                n0,
                len,
                bits,
                epoch,
                ranges,
                swept,
            });
        } else {
            // The second thread is gone (it cannot be, short of a panic
            // there); this thread marks everything.
            self.epoch = None;
        }
    }
}

/// The sweep's span at first, how it grows and shrinks, and its most, in
/// heaps `a`.
const FIRST_SPAN: usize = 256;
const SPAN_STEP: usize = 32;
const MAX_SPAN: usize = 1 << 14;

/// Does `work` on `from..to` in pieces of [`STEP`], and stops after the
/// piece at which `step` says the job is cancelled; what `work` counted.
fn in_steps(
    (from, to): (usize, usize),
    step: &impl Fn() -> bool,
    mut work: impl FnMut(usize, usize) -> u64,
) -> u64 {
    let mut counted = 0;
    for at in (from..to).step_by(STEP) {
        counted += work(at, (at + STEP).min(to));
        if !step() {
            break;
        }
    }
    counted
}

/// The second thread: marks each job's ranges in its rows and sends them
/// back, until the engine's side is dropped. A cancelled job is left at
/// the next step, and its rows go back for nothing.
fn mark_ahead<T: Cell>(
    jobs: &Receiver<Job<T>>,
    done: &SyncSender<Marked>,
    handoff: &Handoff,
    delay: Duration,
) {
    let mut classes: Vec<ClassCopy> = vec![];
    let mut poll = Poll::new();
    while let Some(job) = poll.receive(jobs) {
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        // The copy of the split is kept whole even for a cancelled job:
        // the next job brings only what is new.
        if let Some(moves) = job.reset {
            classes = moves
                .into_iter()
                .map(|moves| ClassCopy {
                    moves,
                    ..ClassCopy::default()
                })
                .collect();
        }
        for (copy, (rare, values)) in classes.iter_mut().zip(job.rare) {
            copy.rare.extend(rare);
            copy.values.extend(values);
        }
        let mut rows = job.rows;
        let (mut marked, mut swept) = (0, 0);
        if handoff.shift(QUEUED, STARTED) {
            // SAFETY: the engine's thread neither moves nor writes these
            // cells while the scope lasts (`Ahead::send`).
            let g = unsafe { std::slice::from_raw_parts(job.known.ptr, job.known.len) };
            rows.begin(job.len, job.bits);
            let step = || {
                handoff.progress.fetch_add(1, Ordering::Relaxed);
                !handoff.is_cancelled()
            };
            // The rows are empty: the first step, after which the engine's
            // thread allows only short stalls.
            step();
            for (copy, &range) in classes.iter().zip(&job.ranges) {
                let moves = &copy.moves;
                marked += in_steps(range, &step, |at, to| {
                    rows.mark_range(g, job.n0, moves, &copy.rare[at..to], &copy.values[at..to])
                });
                swept += in_steps(job.swept, &step, |at, to| {
                    rows.sweep(g, job.n0, moves, (at, to))
                });
            }
            if !delay.is_zero() {
                std::thread::sleep(delay);
            }
            // Cancelled or not, the rows go back: the engine's thread
            // drops those of a cancelled job.
            handoff.shift(STARTED, FINISHED);
        }
        let given = match (cpu, thread_cpu_time()) {
            (Some(before), Some(after)) => after.saturating_sub(before),
            _ => wall.elapsed(),
        };
        let marked = Marked {
            rows,
            marked,
            swept,
            given,
        };
        if done.send(marked).is_err() {
            break;
        }
    }
}
