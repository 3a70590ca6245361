//! A slice whose blocks are converted to tokens ahead of the reader, by
//! whichever thread is free.
//!
//! Listing every winning move (`hdu2176`) keeps each case's heaps, so its
//! cases must be read in order, and at HDU 2176's limits reading them was
//! the longest job of the run, alone on one thread while the other listed
//! moves. Here the input is cut into blocks, as for the heap split
//! ([`crate::parallel::split`]), and converting a block's tokens into
//! values is a job any thread may take: the reader takes the values of the
//! next block when it needs them, converting it itself if no one has, and
//! the thread that lists moves converts the blocks after it when it has
//! nothing to list. At most [`Ahead::new`]'s `reach` blocks are converted
//! past the one being read, which bounds the memory.
//!
//! Only clean input is read this way. The values of a block carry no byte
//! offsets, so the offsets this source gives are those of the blocks, and
//! a run on it that meets any error in the input must be run again on a
//! [`SliceSource`](super::SliceSource), which reports the error exactly
//! (the pipeline does that, dropping the lines already written). A block
//! is converted by the same kernel walk as a `SliceSource`'s, so the values
//! it gives are the ones a `SliceSource` gives, and it stops at the same
//! faults.

use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use super::{block_end, Fault, FaultKind, Fill, TokenSource, BOM};
use crate::error::Position;
use crate::games::{CaseSummary, HeapFold};
use crate::scan::{Kernel, Stop, Visitor};

/// How many blocks may be converted past the one being read: 4 MiB of
/// input in blocks of [`crate::parallel::BLOCK`], more than a case at HDU
/// 2176's limits, so that the second thread has blocks to convert while
/// the reader copies a case's values and decides it.
pub const REACH: usize = 16;

/// The blocks of an input, converted ahead of the reader.
pub struct Ahead<'a> {
    bytes: &'a [u8],
    block: usize,
    kernel: Kernel,
    reach: usize,
    state: Mutex<State>,
    moved: Condvar,
}

struct State {
    /// The first block no thread has taken to convert, and where it
    /// begins. Blocks are cut as they are taken, so that the first touch
    /// of each page of a mapped file (a page fault) falls to the thread
    /// about to read it, not to one pass over the file before any work.
    claimed: usize,
    start: usize,
    /// The block being read; those before it are done with.
    reading: usize,
    /// Block `i`, once converted and until read, in slot `i % reach`.
    ready: Vec<Option<Converted>>,
    /// Value buffers of blocks read, for the next ones.
    spare: Vec<Vec<u64>>,
    /// Counts every change a waiting thread may be waiting for.
    generation: u64,
    /// Threads waiting on the condition variable: without any, a change
    /// wakes no one, and costs no system call.
    sleepers: usize,
}

/// One block's values.
struct Converted {
    /// Where the block begins in the input.
    start: usize,
    /// Room for the most tokens the block can hold; the first `tokens` are
    /// its values. Never shrunk, so that a reused buffer is not zeroed.
    values: Vec<u64>,
    tokens: usize,
    /// What stopped the conversion short of the block's end: a fault.
    stop: Option<Stop>,
    /// Whether the room for the values could not be had: nothing is
    /// converted, and reading the block is an error.
    out_of_memory: bool,
}

impl std::fmt::Debug for Ahead<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ahead")
            .field("block", &self.block)
            .field("reach", &self.reach)
            .finish_non_exhaustive()
    }
}

impl<'a> Ahead<'a> {
    /// The blocks of `bytes`, cut every `block` bytes as
    /// [`crate::parallel::split`] cuts them, converted with `kernel` at
    /// most `reach` blocks ahead.
    pub fn new(bytes: &'a [u8], block: usize, kernel: Kernel, reach: usize) -> Self {
        let reach = reach.max(1);
        Ahead {
            bytes,
            block,
            kernel,
            reach,
            state: Mutex::new(State {
                claimed: 0,
                start: if bytes.starts_with(BOM) { BOM.len() } else { 0 },
                reading: 0,
                ready: (0..reach).map(|_| None).collect(),
                spare: Vec::new(),
                generation: 0,
                sleepers: 0,
            }),
            moved: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes the next block to convert, if there is one and it is within
    /// reach of the block being read: its number, its bounds, and a buffer.
    fn claim(&self, state: &mut State) -> Option<(usize, Bounds, Vec<u64>)> {
        let index = state.claimed;
        if state.start >= self.bytes.len() || index >= state.reading + self.reach {
            return None;
        }
        let end = block_end(self.bytes, state.start, self.block);
        let bounds = (state.start, end);
        state.claimed += 1;
        state.start = end;
        Some((index, bounds, state.spare.pop().unwrap_or_default()))
    }

    /// Whether block `index` lies past the end of the input.
    fn past_end(&self, state: &State, index: usize) -> bool {
        index >= state.claimed && state.start >= self.bytes.len()
    }

    /// Converts the next block no thread has taken, if one is within
    /// reach; whether there was one.
    pub fn convert_one(&self) -> bool {
        let claimed = self.claim(&mut self.lock());
        let Some((index, bounds, values)) = claimed else {
            return false;
        };
        let converted = self.convert(bounds, values);
        self.store(index, converted);
        true
    }

    /// A count of the changes a waiting thread may wait for, to wait past
    /// with [`Ahead::wait_past`]. Taken before looking for work, so that
    /// work that comes after the look also ends the wait.
    pub fn generation(&self) -> u64 {
        self.lock().generation
    }

    fn store(&self, index: usize, converted: Converted) {
        let mut state = self.lock();
        state.ready[index % self.reach] = Some(converted);
        self.changed(&mut state);
    }

    /// Says that something a waiting thread may wait for has changed.
    pub fn nudge(&self) {
        self.changed(&mut self.lock());
    }

    /// Counts a change, and wakes the threads waiting, if any.
    fn changed(&self, state: &mut State) {
        state.generation += 1;
        if state.sleepers > 0 {
            self.moved.notify_all();
        }
    }

    /// Waits on the condition variable once.
    fn sleep<'s>(&self, mut state: MutexGuard<'s, State>) -> MutexGuard<'s, State> {
        state.sleepers += 1;
        state = self
            .moved
            .wait(state)
            .unwrap_or_else(PoisonError::into_inner);
        state.sleepers -= 1;
        state
    }

    /// A guard that nudges when dropped: a thread that would nudge before
    /// it ends still does when it unwinds, so that none waits forever.
    pub fn nudge_on_drop(&self) -> NudgeOnDrop<'_> {
        NudgeOnDrop(self)
    }

    /// Waits until the generation is past `seen`.
    pub fn wait_past(&self, seen: u64) {
        let mut state = self.lock();
        while state.generation == seen {
            state = self.sleep(state);
        }
    }

    /// Converts the block `start..end` into `values`.
    fn convert(&self, (start, end): Bounds, mut values: Vec<u64>) -> Converted {
        // A token and the byte after it take at least two bytes.
        let room = (end - start) / 2 + 1;
        if values.len() < room {
            if values.try_reserve_exact(room - values.len()).is_err() {
                return Converted {
                    start,
                    values,
                    tokens: 0,
                    stop: None,
                    out_of_memory: true,
                };
            }
            values.resize(room, 0);
        }
        let mut fill = Fill::<false, false>::new(&mut values);
        let folded = self
            .kernel
            .visit(&self.bytes[..end], start, u64::MAX, &mut fill);
        Converted {
            start,
            tokens: fill.len.min(room),
            values,
            stop: folded.stop.filter(|stop| *stop != Stop::End),
            out_of_memory: false,
        }
    }

    /// Block `index`'s values, for the reader, which is done with the
    /// blocks before it and hands back `done`'s buffer: converted by
    /// another thread, or here; `None` past the end of the input.
    fn read(&self, index: usize, done: Option<Converted>) -> Option<Converted> {
        let mut state = self.lock();
        if let Some(done) = done {
            state.spare.push(done.values);
        }
        state.reading = index;
        // A thread that found every block in reach taken waits until half
        // of them are free again, and then converts them in a row, rather
        // than wake for each block read (which, with blocks of a few bytes,
        // made a switch of threads per token).
        if state.reading + self.reach - state.claimed >= self.reach.div_ceil(2) {
            self.changed(&mut state);
        }
        loop {
            if let Some(converted) = state.ready[index % self.reach].take() {
                return Some(converted);
            }
            if self.past_end(&state, index) {
                return None;
            }
            let claimed = self.claim(&mut state);
            drop(state);
            match claimed {
                Some((next, bounds, values)) if next == index => {
                    return Some(self.convert(bounds, values));
                }
                // Another thread converts it: convert one after it
                // meanwhile.
                Some((next, bounds, values)) => {
                    let converted = self.convert(bounds, values);
                    self.store(next, converted);
                    state = self.lock();
                }
                // Or wait for it.
                None => {
                    state = self.lock();
                    if state.ready[index % self.reach].is_none() {
                        state = self.sleep(state);
                    }
                }
            }
        }
    }
}

/// Nudges its [`Ahead`] when dropped ([`Ahead::nudge_on_drop`]).
pub struct NudgeOnDrop<'a>(&'a Ahead<'a>);

impl Drop for NudgeOnDrop<'_> {
    fn drop(&mut self) {
        self.0.nudge();
    }
}

/// Where a block begins and ends in the input.
type Bounds = (usize, usize);

/// Tokens from an [`Ahead`]'s blocks, in order.
pub struct AheadSource<'a> {
    ahead: &'a Ahead<'a>,
    /// The number of the block being read, and its values once taken.
    block: usize,
    current: Option<Converted>,
    /// The next of its values.
    at: usize,
    /// Whether every block has been read.
    ended: bool,
}

impl<'a> AheadSource<'a> {
    /// A source of `ahead`'s tokens from the first.
    pub fn new(ahead: &'a Ahead<'a>) -> Self {
        AheadSource {
            ahead,
            block: 0,
            current: None,
            at: 0,
            ended: false,
        }
    }

    /// The values of the block being read from the next one on, taking
    /// blocks until one has some; or the fault that ends them.
    fn values(&mut self) -> Result<&[u64], Fault> {
        let end = self.ahead.bytes.len() as u64;
        loop {
            if let Some(current) = &self.current {
                if self.at < current.tokens {
                    break;
                }
                if current.out_of_memory {
                    return Err(Fault::out_of_memory(
                        current.start as u64,
                        "converting a block of the input",
                    ));
                }
                if let Some(stop) = current.stop {
                    return Err(Fault::from_stop(stop, 0, end));
                }
                self.block += 1;
            }
            let taken = match self.ended {
                false => self.ahead.read(self.block, self.current.take()),
                true => None,
            };
            if taken.is_none() {
                self.ended = true;
                return Err(Fault {
                    offset: end,
                    kind: FaultKind::End,
                });
            }
            self.current = taken;
            self.at = 0;
        }
        let current = self.current.as_ref().expect("a block is being read");
        Ok(&current.values[self.at..current.tokens])
    }

    /// Hands the next `count` values to `take` a run at a time, each run
    /// while it is in cache; `take` says how many of a run it accepted,
    /// and fewer than all ends the walk there. Returns how many values
    /// were accepted, or the fault that came first and how many before it.
    fn runs(
        &mut self,
        count: u64,
        mut take: impl FnMut(&[u64]) -> usize,
    ) -> Result<u64, (u64, Fault)> {
        let mut read = 0;
        while read < count {
            let values = self.values().map_err(|fault| (read, fault))?;
            let run = &values[..values.len().min((count - read) as usize)];
            let accepted = take(run);
            let whole = accepted == run.len();
            self.at += accepted;
            read += accepted as u64;
            if !whole {
                break;
            }
        }
        Ok(read)
    }

    /// [`TokenSource::collect`], handing each run of values copied to
    /// `copied` while it is in cache.
    fn collect_each(
        &mut self,
        count: u64,
        out: &mut Vec<u64>,
        mut copied: impl FnMut(&[u64]),
    ) -> Result<(), (u64, Fault)> {
        out.clear();
        // Grown fallibly, as `collect_range` grows a slice source's: a
        // case's worth of numbers may not fit in memory.
        let mut short = false;
        let read = self.runs(count, |values| {
            short = out.try_reserve(values.len()).is_err();
            if short {
                return 0;
            }
            out.extend_from_slice(values);
            copied(values);
            values.len()
        })?;
        if short {
            let what = format!("keeping the {count} numbers of one case");
            return Err((read, Fault::out_of_memory(self.offset(), &what)));
        }
        Ok(())
    }

    /// Where the block being read begins: the offset of each of its tokens,
    /// as far as this source knows.
    fn offset(&self) -> u64 {
        match (&self.current, self.ended) {
            (Some(current), false) => current.start as u64,
            (None, false) => 0,
            (_, true) => self.ahead.bytes.len() as u64,
        }
    }
}

impl TokenSource for AheadSource<'_> {
    fn next_token(&mut self) -> Result<(u64, u64), Fault> {
        let value = self.values()?[0];
        self.at += 1;
        Ok((value, self.offset()))
    }

    fn visit<V: Visitor>(&mut self, count: u64, visitor: &mut V) -> Result<(), (u64, Fault)> {
        let mut refused = None;
        let read = self.runs(count, |values| {
            let at = values
                .iter()
                .position(|&value| !crate::scan::accept(visitor, value));
            refused = at.map(|i| values[i]);
            at.unwrap_or(values.len())
        })?;
        match refused {
            None => Ok(()),
            Some(value) => {
                let kind = FaultKind::Refused(value);
                Err((
                    read,
                    Fault {
                        offset: self.offset(),
                        kind,
                    },
                ))
            }
        }
    }

    fn collect(&mut self, count: u64, out: &mut Vec<u64>) -> Result<(), (u64, Fault)> {
        self.collect_each(count, out, |_| {})
    }

    fn collect_folding<F: HeapFold>(
        &mut self,
        count: u64,
        out: &mut Vec<u64>,
        fold: &F,
        summary: &mut CaseSummary,
    ) -> Result<(), (u64, Fault)> {
        self.collect_each(count, out, |values| {
            for &heap in values {
                fold.fold(summary, heap);
            }
        })
    }

    fn locate(&self, offset: u64) -> Position {
        Position::in_bytes(self.ahead.bytes, offset as usize)
    }

    fn consumed(&self) -> u64 {
        self.offset()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SliceSource;
    use std::sync::atomic::{AtomicBool, Ordering::SeqCst};

    /// Every token through `AheadSource` with `reach` and a helper thread
    /// converting, against a `SliceSource`: the same values, then the same
    /// kind of end.
    /// Sets `stop` and nudges when dropped, so that a failed assertion
    /// ends the helper too rather than leave the scope waiting for it.
    struct Stop<'a>(&'a AtomicBool, &'a Ahead<'a>);

    impl Drop for Stop<'_> {
        fn drop(&mut self) {
            self.0.store(true, SeqCst);
            self.1.nudge();
        }
    }

    /// Returns how many reads stopped at a 0.
    fn agrees(bytes: &[u8], block: usize, reach: usize, helper: bool) -> usize {
        let kernel = Kernel::detect();
        let ahead = Ahead::new(bytes, block, kernel, reach);
        let mut expected = SliceSource::new(bytes, kernel);
        let stop = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let _stop = Stop(&stop, &ahead);
            if helper {
                scope.spawn(|| loop {
                    let seen = ahead.generation();
                    if stop.load(SeqCst) {
                        break;
                    }
                    if !ahead.convert_one() {
                        ahead.wait_past(seen);
                    }
                });
            }
            let mut source = AheadSource::new(&ahead);
            let mut heaps = Vec::new();
            let mut step = 1;
            let fold = crate::games::nim::NormalNim;
            let mut refusals = 0;
            loop {
                // Every other case folded as it is copied; some read up
                // to a 0, which a visitor refuses and leaves unread.
                let mut summary = CaseSummary::default();
                let to_zero = step % 7 == 3;
                let got = match step % 2 {
                    _ if to_zero => source.collect_to_zero(step, &mut heaps),
                    0 => source.collect(step, &mut heaps),
                    _ => source.collect_folding(step, &mut heaps, &fold, &mut summary),
                };
                let mut want = Vec::new();
                let wanted = match to_zero {
                    true => expected.collect_to_zero(step, &mut want),
                    false => expected.collect(step, &mut want),
                };
                assert_eq!(heaps, want, "block {block}, reach {reach}");
                if step % 2 == 1 && !to_zero && got.is_ok() {
                    let mut folded = CaseSummary::default();
                    want.iter().for_each(|&heap| fold.fold(&mut folded, heap));
                    assert_eq!(summary, folded, "the fold of the values copied");
                }
                let refused = |f: &Fault| matches!(f.kind, FaultKind::Refused(0));
                match (got, wanted) {
                    (Ok(()), Ok(())) => {}
                    (Err((i, a)), Err((j, b))) if refused(&a) || refused(&b) => {
                        assert!(refused(&a) && refused(&b), "{a:?} against {b:?}");
                        assert_eq!(i, j, "values before the 0");
                        refusals += 1;
                        // The 0 is left unread: the next step takes it.
                    }
                    (Err((_, a)), Err((_, b))) => {
                        let end = |f: &Fault| matches!(f.kind, FaultKind::End);
                        assert_eq!(end(&a), end(&b), "{a:?} against {b:?}");
                        break;
                    }
                    (got, wanted) => panic!("{got:?} against {wanted:?}"),
                }
                step = step * 3 % 1000 + 1;
            }
            refusals
        })
    }

    fn text(seed: u64, tokens: usize) -> Vec<u8> {
        let mut rng = crate::rng::SplitMix64::new(seed);
        let mut text = Vec::new();
        for _ in 0..tokens {
            let digits = rng.between(1, 19);
            let value = rng.between(0, 10u64.pow(digits as u32) - 1);
            text.extend_from_slice(value.to_string().as_bytes());
            text.push(if rng.chance(0.1) { b'\n' } else { b' ' });
        }
        text
    }

    #[test]
    fn tokens_are_the_slice_sources_with_or_without_a_helper() {
        let mut refusals = 0;
        for seed in 0..6 {
            let bytes = text(seed, 5000);
            for (block, reach) in [(64, 1), (100, 3), (4096, 2), (1 << 20, 4)] {
                refusals += agrees(&bytes, block, reach, seed % 2 == 0);
            }
        }
        assert!(refusals > 0, "a visitor refused a 0 somewhere");
    }

    #[test]
    fn a_fault_ends_the_tokens_where_the_slice_source_ends_them() {
        for (seed, bad) in [(1, &b"x"[..]), (2, b"99999999999999999999"), (3, b"-")] {
            let mut bytes = text(seed, 3000);
            let at = bytes.len() / 3
                + bytes[bytes.len() / 3..]
                    .iter()
                    .position(|&b| b == b' ')
                    .expect("a space");
            bytes.splice(at..at, bad.iter().copied());
            for (block, reach) in [(64, 1), (512, 5)] {
                agrees(&bytes, block, reach, true);
            }
        }
    }
}
