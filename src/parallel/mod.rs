//! Heap-game files split across threads: the first of two passes.
//!
//! Where a case begins depends on every header before it, so the file cannot
//! simply be cut into per-thread pieces and solved. It does not need to be:
//! a case's value is a fold over its heaps into a
//! [`crate::games::CaseSummary`], and summaries merge (they form a monoid). So the work is done in two passes:
//!
//! 1. **Blocks, in parallel** (here). The input is cut into blocks of about
//!    [`BLOCK`] bytes, each ending just before a byte that is not a digit,
//!    so that no token straddles two blocks. Every thread folds whole blocks, *as if*
//!    every token in them were a heap, recording for each block its token
//!    count, its summary, and whether it holds a fault.
//! 2. **The walk, in order.** One thread reads the headers, as the sequential
//!    solver does, through a [`BlockedSource`](crate::source::BlockedSource).
//!    When the rest of a case covers a whole block, the block's summary is
//!    merged in place of its tokens; only the blocks where a case begins or
//!    ends are read again.
//!
//! A block with a fault is never skipped: the walk reads it token by token,
//! so the error it reports, and where, is the one a single-threaded run
//! reports. The tests check that for every split of many inputs.
//!
//! The walk re-reads about one block per case, so this pays only when cases
//! are large; [`worth_splitting`] decides, from the case count and the size.
//!
//! How many threads to run by default is [`cores`] on an idle machine but
//! fewer on a busy one: [`load`] reads what the machine gives now.

pub mod load;
pub mod positions;
mod queue;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::games::{CaseSummary, FoldHeaps, HeapFold, Trace};
use crate::scan::{Kernel, Stop};
use crate::source::{block_end, Block, BOM};

pub use load::threads_now;

/// Target block size in bytes.
pub const BLOCK: usize = 256 << 10;

/// The cores this process may use (its affinity and control group quota),
/// found once: the standard library reads `/proc` and the control group's
/// files on every call, a dozen system calls that `judge` would otherwise
/// pay for each test's own answers.
pub fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Whether splitting pays: enough threads, and cases large enough that the
/// walk skips most blocks.
pub fn worth_splitting(len: usize, cases: u64, threads: usize) -> bool {
    threads > 1 && len >= 8 * BLOCK && (len as u64) / cases.max(1) >= 4 * BLOCK as u64
}

/// Block boundaries: every `block` bytes, moved forward past the digits of
/// a token it would cut (any other byte ends a token, whitespace or not, so
/// a long run without whitespace is not scanned to its end). The first block
/// starts after a byte order mark. Never empty.
pub fn split(bytes: &[u8], block: usize) -> Vec<(usize, usize)> {
    let mut bounds = Vec::with_capacity(bytes.len() / block.max(1) + 1);
    let mut start = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    while start < bytes.len() {
        let end = block_end(bytes, start, block);
        bounds.push((start, end));
        start = end;
    }
    if bounds.is_empty() {
        bounds.push((start, start));
    }
    bounds
}

/// What pass 1 produced, and how many threads it ran on.
pub struct Summarized<T> {
    /// Every block, in input order.
    pub blocks: Vec<Block>,
    /// What was traced of each block, in the same order.
    pub traces: Vec<T>,
    /// Threads that took part, the caller's included.
    pub threads: usize,
    /// Threads there was work for: fewer than asked when there were fewer
    /// blocks. More than `threads` when the system would not start them all.
    pub wanted: usize,
}

/// Pass 1: folds every block, on up to `threads` threads (the caller's
/// included), never more than there are blocks. A thread the system refuses
/// to start is simply not used.
pub fn summarize<F: HeapFold, T: Trace>(
    bytes: &[u8],
    bounds: &[(usize, usize)],
    fold: &F,
    kernel: Kernel,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Summarized<T> {
    let next = AtomicUsize::new(0);
    let done_bytes = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(bounds.len()));
    // Hands out blocks in file order until none are left.
    let work = |after_each: &mut dyn FnMut(u64)| {
        let mut mine = Vec::new();
        while let Some(&(start, end)) = bounds.get(next.fetch_add(1, Ordering::Relaxed)) {
            mine.push(fold_block::<F, T>(bytes, start, end, fold, kernel));
            let done = done_bytes.fetch_add(end - start, Ordering::Relaxed) + end - start;
            after_each(done as u64);
        }
        results
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(mine);
    };
    let wanted = threads.clamp(1, bounds.len().max(1));
    let mut started = 1;
    std::thread::scope(|scope| {
        for _ in 1..wanted {
            let spawned = std::thread::Builder::new().spawn_scoped(scope, || work(&mut |_| {}));
            if spawned.is_err() {
                break;
            }
            started += 1;
        }
        work(progress);
    });
    let mut folded = results.into_inner().unwrap_or_else(|e| e.into_inner());
    folded.sort_unstable_by_key(|(block, _): &(Block, T)| block.start);
    let (blocks, traces) = folded.into_iter().unzip();
    Summarized {
        blocks,
        traces,
        threads: started,
        wanted,
    }
}

/// Folds the tokens of one block as heaps, tracing what `T` keeps.
fn fold_block<F: HeapFold, T: Trace>(
    bytes: &[u8],
    start: usize,
    end: usize,
    fold: &F,
    kernel: Kernel,
) -> (Block, T) {
    let mut visitor = FoldHeaps::<F, T>::new(fold, CaseSummary::default());
    let folded = kernel.visit(&bytes[..end], start, u64::MAX, &mut visitor);
    let block = Block {
        start,
        end,
        tokens: folded.read,
        summary: visitor.acc,
        faulty: !matches!(folded.stop, Some(Stop::End) | None),
    };
    (block, visitor.trace)
}
