//! Heap-game files split across threads.
//!
//! Where a case begins depends on every header before it, so the file cannot
//! simply be cut into per-thread pieces and solved. It does not need to be:
//! a case's value is a fold over its heaps into a [`CaseSummary`], and
//! summaries merge (they form a monoid). So the work is done in two passes:
//!
//! 1. **Blocks, in parallel.** The input is cut into blocks of about
//!    [`BLOCK`] bytes, each ending just before a whitespace byte, so that no
//!    token straddles two blocks. Every thread folds whole blocks, *as if*
//!    every token in them were a heap, recording for each block its token
//!    count, its summary, and whether it holds a fault.
//! 2. **The walk, in order.** One thread reads the headers, as the sequential
//!    solver does, through `BlockedSource`. When the rest of a case covers a
//!    whole block, the block's summary is merged in place of its tokens; only
//!    the blocks where a case begins or ends are read again.
//!
//! A block with a fault is never skipped: the walk reads it token by token,
//! so the error it reports, and where, is the one a single-threaded run
//! reports. The tests check that for every split of many inputs.
//!
//! The walk re-reads about one block per case, so this pays only when cases
//! are large; [`worth_splitting`] decides, from the case count and the size.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::error::Position;
use crate::games::{CaseSummary, HeapFold};
use crate::input::{Fault, TokenSource, BOM};
use crate::scan::{is_space, Kernel, Stop};

/// Target block size in bytes.
pub const BLOCK: usize = 256 << 10;

/// One block's pass-1 result.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub start: usize,
    pub end: usize,
    /// Tokens read before the block ended or faulted.
    pub tokens: u64,
    /// Their fold, as heaps.
    pub summary: CaseSummary,
    /// Whether the block holds a fault (an invalid byte or an overflow).
    pub faulty: bool,
}

/// Whether splitting pays: enough threads, and cases large enough that the
/// walk skips most blocks.
pub fn worth_splitting(len: usize, cases: u64, threads: usize) -> bool {
    threads > 1 && len >= 8 * BLOCK && (len as u64) / cases.max(1) >= 4 * BLOCK as u64
}

/// Block boundaries: every `block` bytes, moved forward to the next
/// whitespace byte. The first block starts after a byte order mark.
pub fn split(bytes: &[u8], block: usize) -> Vec<(usize, usize)> {
    let mut bounds = Vec::with_capacity(bytes.len() / block.max(1) + 1);
    let mut start = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    while start < bytes.len() {
        let mut end = (start + block.max(1)).min(bytes.len());
        while end < bytes.len() && !is_space(bytes[end]) {
            end += 1;
        }
        bounds.push((start, end));
        start = end;
    }
    if bounds.is_empty() {
        bounds.push((start, start));
    }
    bounds
}

/// Pass 1: folds every block, on `threads` threads (the caller's included).
pub fn summarize<F: HeapFold>(
    bytes: &[u8],
    bounds: &[(usize, usize)],
    fold: &F,
    kernel: Kernel,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Vec<Block> {
    let next = AtomicUsize::new(0);
    let done_bytes = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(bounds.len()));
    // Hands out blocks in file order until none are left.
    let work = |after_each: &mut dyn FnMut(u64)| {
        let mut mine = Vec::new();
        while let Some(&(start, end)) = bounds.get(next.fetch_add(1, Ordering::Relaxed)) {
            mine.push(fold_block(bytes, start, end, fold, kernel));
            let done = done_bytes.fetch_add(end - start, Ordering::Relaxed) + end - start;
            after_each(done as u64);
        }
        results
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(mine);
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| work(&mut |_| {}));
        }
        work(progress);
    });
    let mut blocks = results.into_inner().unwrap_or_else(|e| e.into_inner());
    blocks.sort_unstable_by_key(|block: &Block| block.start);
    blocks
}

/// Folds the tokens of one block as heaps.
fn fold_block<F: HeapFold>(
    bytes: &[u8],
    start: usize,
    end: usize,
    fold: &F,
    kernel: Kernel,
) -> Block {
    let mut summary = CaseSummary::default();
    let folded = kernel.fold(&bytes[..end], start, u64::MAX, fold, &mut summary);
    Block {
        start,
        end,
        tokens: folded.read,
        summary,
        faulty: !matches!(folded.stop, Some(Stop::End) | None),
    }
}

/// Pass 2's token source: the whole input, read token by token like a
/// [`SliceSource`], except that a fold skips the blocks it covers whole.
///
/// Its folds must use the same [`HeapFold`] (type and value) that
/// [`summarize`] used for the blocks, since a skipped block contributes its
/// pass-1 summary; [`solve_split`] guarantees that, which is why this type is
/// not public.
pub(crate) struct BlockedSource<'a> {
    bytes: &'a [u8],
    blocks: Vec<Block>,
    /// The block holding `pos` (or ending at it).
    current: usize,
    pos: usize,
    kernel: Kernel,
}

impl<'a> BlockedSource<'a> {
    /// A source over `bytes` whose blocks were summarized.
    pub(crate) fn new(bytes: &'a [u8], blocks: Vec<Block>, kernel: Kernel) -> Self {
        let pos = blocks.first().map_or(0, |b| b.start);
        BlockedSource {
            bytes,
            blocks,
            current: 0,
            pos,
            kernel,
        }
    }

    /// The current block's end: kernels read up to it, never past.
    fn limit(&self) -> usize {
        self.blocks[self.current].end
    }

    /// Moves to the next block; false at the last one.
    fn advance(&mut self) -> bool {
        if self.current + 1 < self.blocks.len() {
            self.current += 1;
            self.pos = self.blocks[self.current].start;
            true
        } else {
            false
        }
    }

    fn fault(&self, stop: Stop) -> Fault {
        // Offsets are absolute: each block's slice starts at the input's start.
        Fault::from_stop(stop, 0, self.bytes.len() as u64)
    }
}

impl TokenSource for BlockedSource<'_> {
    fn next_token(&mut self) -> Result<(u64, u64), Fault> {
        loop {
            let slice = &self.bytes[..self.limit()];
            match self.kernel.next_token(slice, self.pos) {
                Ok(token) => {
                    self.pos = token.end;
                    return Ok((token.value, token.start as u64));
                }
                Err(Stop::End) if self.advance() => {}
                Err(stop) => return Err(self.fault(stop)),
            }
        }
    }

    fn fold<F: HeapFold>(
        &mut self,
        count: u64,
        fold: &F,
        acc: &mut CaseSummary,
    ) -> Result<(), (u64, Fault)> {
        let mut done = 0;
        while done < count {
            let block = self.blocks[self.current];
            // A whole block: its pass-1 summary stands for its tokens.
            let whole = self.pos == block.start && count - done >= block.tokens;
            if whole && !block.faulty {
                *acc = acc.merge(block.summary);
                done += block.tokens;
                self.pos = block.end;
                continue;
            }
            let slice = &self.bytes[..block.end];
            let folded = self.kernel.fold(slice, self.pos, count - done, fold, acc);
            self.pos = folded.pos;
            done += folded.read;
            match folded.stop {
                None => {}
                Some(Stop::End) if self.advance() => {}
                Some(stop) => return Err((done, self.fault(stop))),
            }
        }
        Ok(())
    }

    fn locate(&self, offset: u64) -> Position {
        Position::in_bytes(self.bytes, offset as usize)
    }

    fn consumed(&self) -> u64 {
        self.pos as u64
    }
}

/// How to split: threads, and the target block size in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    pub threads: usize,
    pub block: usize,
}

/// Solves a heap game's input held in `bytes` with the two passes, writing
/// the same verdicts and errors as [`crate::solve::solve`] on a
/// [`SliceSource`](crate::input::SliceSource).
pub fn solve_split<W: std::io::Write>(
    game: crate::solve::Game,
    bytes: &[u8],
    kernel: Kernel,
    split: Split,
    out: &mut crate::output::VerdictWriter<W>,
    path: &str,
    progress: &mut dyn FnMut(u64),
) -> Result<crate::solve::Report, crate::Error> {
    let bounds = self::split(bytes, split.block);
    let threads = split.threads;
    let blocks = crate::with_heap_fold!(game, fold => summarize(bytes, &bounds, &fold, kernel, threads, progress),
        else return Err(crate::Error::Usage(format!("{} has no heap cases to split", game.name()))));
    let mut source = BlockedSource::new(bytes, blocks, kernel);
    crate::solve::solve(game, &mut source, out, path, progress)
}
