//! Token sources: the input as a sequence of `u64` tokens with byte offsets.
//!
//! Four sources serve one [`TokenSource`] API:
//!
//! * [`SliceSource`]: the whole input in one slice (a mapped file, or bytes
//!   in memory), scanned without a copy.
//! * [`StreamSource`]: a reader (standard input, a pipe) through a bounded
//!   buffer, so memory stays flat whatever the input size.
//! * [`BlockedSource`]: a slice read in blocks whose heap folds were computed
//!   ahead on several threads (see [`crate::parallel`]); a run of heaps that
//!   covers a whole block takes the block's fold instead of reading it.
//! * [`AheadSource`]: a slice whose blocks are converted to values ahead of
//!   the reader by whichever thread is free, for cases whose heaps are kept
//!   (see [`crate::solve`]). It gives values, not offsets, so a run on it
//!   that meets an error is run again on a [`SliceSource`].
//!
//! The first three only say what their current chunk of bytes is and how to
//! move to the next one (the `Chunks` trait); one driver loop, in this file,
//! asks the kernel for tokens chunk by chunk for all three. Faults come out at
//! absolute byte offsets, and an offset can be turned into a line and column
//! after the fact ([`TokenSource::locate`]).

mod ahead;
mod blocked;
mod slice;
mod stream;

use std::cell::Cell;
use std::io;

pub use ahead::{Ahead, AheadSource, NudgeOnDrop, REACH};
pub use blocked::{Block, BlockedSource};
pub use slice::SliceSource;
pub use stream::{StreamSource, STREAM_BUFFER};

use crate::error::Position;
use crate::games::{CaseSummary, FoldHeaps, HeapFold, MoveTrace, Trace};
use crate::scan::{accept, is_digit, Kernel, Stop, Visitor};

/// The UTF-8 byte order mark, skipped at the start of the input.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The end of the block of `bytes` that begins at `start`, as
/// [`crate::parallel::split`] cuts them: `block` bytes on, moved past the digits of a token it would
/// cut.
pub fn block_end(bytes: &[u8], start: usize, block: usize) -> usize {
    let mut end = start.saturating_add(block.max(1)).min(bytes.len());
    while end < bytes.len() && is_digit(bytes[end]) {
        end += 1;
    }
    end
}

/// What stopped a source from producing the next token, at which offset.
#[derive(Debug)]
pub struct Fault {
    /// The absolute byte offset of the fault.
    pub offset: u64,
    /// What it is.
    pub kind: FaultKind,
}

/// The kinds of [`Fault`].
#[derive(Debug)]
pub enum FaultKind {
    /// The input ended (only whitespace was left).
    End,
    /// A byte that is neither a digit nor whitespace.
    Invalid(u8),
    /// A digit run beginning here whose value exceeds `u64::MAX`.
    Overflow,
    /// A token the visitor refused, with its value.
    Refused(u64),
    /// Reading failed.
    Io(io::Error),
}

impl Fault {
    /// The fault of memory that could not be had for `what`, at `offset`.
    pub fn out_of_memory(offset: u64, what: &str) -> Fault {
        Fault {
            offset,
            kind: FaultKind::Io(io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!("out of memory {what}"),
            )),
        }
    }

    /// The fault of a kernel's `stop` in a chunk starting at absolute offset
    /// `base`, in an input that ends at `end`.
    pub(crate) fn from_stop(stop: Stop, base: u64, end: u64) -> Fault {
        let (offset, kind) = match stop {
            Stop::End => (end, FaultKind::End),
            Stop::Invalid { at, byte } => (base + at as u64, FaultKind::Invalid(byte)),
            Stop::Overflow { at } => (base + at as u64, FaultKind::Overflow),
            Stop::Refused { at, value } => (base + at as u64, FaultKind::Refused(value)),
        };
        Fault { offset, kind }
    }
}

/// A sequence of `u64` tokens read from some input.
pub trait TokenSource {
    /// The next token's value and its offset.
    fn next_token(&mut self) -> Result<(u64, u64), Fault>;

    /// Hands the next `count` tokens to `visitor`. On a fault (or a refused
    /// token), also says how many tokens were visited before it.
    fn visit<V: Visitor>(&mut self, count: u64, visitor: &mut V) -> Result<(), (u64, Fault)>;

    /// Folds the next `count` tokens as heaps into `heaps` (a source that
    /// has whole blocks folded ahead may take their folds instead).
    fn fold_heaps<F: HeapFold, T: Trace>(
        &mut self,
        count: u64,
        heaps: &mut FoldHeaps<F, T>,
    ) -> Result<(), (u64, Fault)> {
        self.visit(count, heaps)
    }

    /// Replaces what `out` holds with the next `count` tokens (for a case
    /// whose heaps are needed again, as to list every winning move); on a
    /// fault it holds those read before it.
    fn collect(&mut self, count: u64, out: &mut Vec<u64>) -> Result<(), (u64, Fault)> {
        collect_with::<Self, false, false>(self, count, out)
    }

    /// [`TokenSource::collect`], folding each heap into `summary` too. A
    /// source that copies its values from elsewhere folds them while they
    /// are in cache, rather than in a second pass over `out`.
    fn collect_folding<F: HeapFold>(
        &mut self,
        count: u64,
        out: &mut Vec<u64>,
        fold: &F,
        summary: &mut CaseSummary,
    ) -> Result<(), (u64, Fault)> {
        self.collect(count, out)?;
        for &heap in out.iter() {
            fold.fold(summary, heap);
        }
        Ok(())
    }

    /// [`TokenSource::collect`] for the numbers of position games, which
    /// may span the whole `u64` range ([`Visitor::LONG_TOKENS`]).
    fn collect_numbers(&mut self, count: u64, out: &mut Vec<u64>) -> Result<(), (u64, Fault)> {
        collect_with::<Self, false, true>(self, count, out)
    }

    /// [`TokenSource::collect_numbers`] up to the first token of value 0, which is
    /// left unread and reported as a [`FaultKind::Refused`] fault: the
    /// one-number-per-case layouts that a 0 ends read their cases in bulk.
    fn collect_to_zero(&mut self, count: u64, out: &mut Vec<u64>) -> Result<(), (u64, Fault)> {
        collect_with::<Self, true, true>(self, count, out)
    }

    /// [`TokenSource::collect_numbers`] (or [`TokenSource::collect_to_zero`]
    /// if `zero_ends`) that also refuses, as a [`FaultKind::Refused`] fault,
    /// the first number outside `within`, for a game that decides no
    /// other ([`crate::games::PositionGame::decided`]).
    fn collect_within(
        &mut self,
        count: u64,
        out: &mut Vec<u64>,
        within: std::ops::RangeInclusive<u64>,
        zero_ends: bool,
    ) -> Result<(), (u64, Fault)> {
        let range = (*within.start(), *within.end());
        match zero_ends {
            true => collect_range::<Self, true, true, true>(self, count, out, range),
            false => collect_range::<Self, false, true, true>(self, count, out, range),
        }
    }

    /// Line and column of an offset at or after the last token returned
    /// (where every fault lies).
    fn locate(&self, offset: u64) -> Position;

    /// How many bytes have been consumed, for progress reports.
    fn consumed(&self) -> u64;
}

/// The body of [`TokenSource::collect`] and [`TokenSource::collect_to_zero`].
fn collect_with<S: TokenSource + ?Sized, const ZERO_ENDS: bool, const LONG: bool>(
    source: &mut S,
    count: u64,
    out: &mut Vec<u64>,
) -> Result<(), (u64, Fault)> {
    collect_range::<S, ZERO_ENDS, LONG, false>(source, count, out, (0, u64::MAX))
}

/// The body of every collect: with `WITHIN`, a value outside `range` is
/// refused.
fn collect_range<
    S: TokenSource + ?Sized,
    const ZERO_ENDS: bool,
    const LONG: bool,
    const WITHIN: bool,
>(
    source: &mut S,
    count: u64,
    out: &mut Vec<u64>,
    range: (u64, u64),
) -> Result<(), (u64, Fault)> {
    let mut done = 0;
    while done < count {
        // In steps, so that a count in a damaged file claims no more memory
        // than its tokens fill; and over what `out` held, which is zeroed
        // only where it grows.
        let step = (count - done).min(COLLECT_STEP as u64) as usize;
        let from = done as usize;
        if out.len() < from + step {
            // Fallibly: a case's worth of tokens may not fit in memory, and
            // that is an error to report, not a reason to abort.
            if out.try_reserve(from + step - out.len()).is_err() {
                let what = format!("keeping the {count} numbers of one case");
                return Err((done, Fault::out_of_memory(source.consumed(), &what)));
            }
            out.resize(from + step, 0);
        }
        let mut fill = Fill::<ZERO_ENDS, LONG, WITHIN>::within(&mut out[from..from + step], range);
        let result = source.visit(step as u64, &mut fill);
        let filled = fill.len;
        if let Err((read, fault)) = result {
            out.truncate(from + filled);
            return Err((done + read, fault));
        }
        done += step as u64;
    }
    out.truncate(done as usize);
    Ok(())
}

/// Tokens per [`TokenSource::collect`] step (512 KiB of them).
const COLLECT_STEP: usize = 1 << 16;

/// A visitor that writes each value into the next of `cells`: the kernels
/// want a `Copy` visitor, which a `&mut Vec` is not, and cells are written
/// through a shared reference. It is asked for at most `cells.len()` values.
/// With `ZERO_ENDS` it refuses a 0, which ends the tokens it takes; `LONG`
/// is its [`Visitor::LONG_TOKENS`]; with `WITHIN` it refuses a value below
/// `low` or more than `span` above it.
#[derive(Clone, Copy)]
pub(crate) struct Fill<'a, const ZERO_ENDS: bool, const LONG: bool, const WITHIN: bool = false> {
    cells: &'a [Cell<u64>],
    len: usize,
    low: u64,
    span: u64,
}

impl<'a, const ZERO_ENDS: bool, const LONG: bool, const WITHIN: bool>
    Fill<'a, ZERO_ENDS, LONG, WITHIN>
{
    /// A visitor that fills `cells` from the first.
    pub(crate) fn new(cells: &'a mut [u64]) -> Self {
        Fill::within(cells, (0, u64::MAX))
    }

    /// A visitor that fills `cells` with values from `low` to `high`.
    pub(crate) fn within(cells: &'a mut [u64], (low, high): (u64, u64)) -> Self {
        Fill {
            cells: Cell::from_mut(cells).as_slice_of_cells(),
            len: 0,
            low,
            span: high.wrapping_sub(low),
        }
    }
}

impl<const ZERO_ENDS: bool, const LONG: bool, const WITHIN: bool> Visitor
    for Fill<'_, ZERO_ENDS, LONG, WITHIN>
{
    const MAY_REFUSE: bool = ZERO_ENDS || WITHIN;
    const LONG_TOKENS: bool = LONG;

    #[inline(always)]
    fn visit(&mut self, value: u64) -> bool {
        if ZERO_ENDS && value == 0 {
            return false;
        }
        if WITHIN && value.wrapping_sub(self.low) > self.span {
            return false;
        }
        if let Some(cell) = self.cells.get(self.len) {
            cell.set(value);
        }
        self.len += 1;
        true
    }
}

/// What a source tells the driver loop: the bytes it can hand to a kernel
/// now, and how to get more.
trait Chunks {
    /// The kernel that reads the chunks.
    fn kernel(&self) -> Kernel;

    /// The current chunk, which ends at a token boundary, and the position in
    /// it where reading resumes.
    fn chunk(&self) -> (&[u8], usize);

    /// Moves the position in the current chunk.
    fn set_pos(&mut self, pos: usize);

    /// The absolute offset of the chunk's first byte.
    fn base(&self) -> u64;

    /// The absolute offset of the end of the input, once it is known.
    fn end(&self) -> u64;

    /// Moves to the next chunk; false when the input is exhausted.
    fn advance(&mut self) -> Result<bool, Fault>;

    /// A token read outside the chunks (a run longer than a stream's buffer).
    fn take_pending(&mut self) -> Option<Result<(u64, u64), Fault>> {
        None
    }

    /// Folds a whole block computed ahead into `acc` (and its trace into
    /// `trace`, when one is kept), if the next `remaining` heaps cover it;
    /// how many heaps that accounted for.
    /// The block's summary is merged into `acc` by `fold`'s own
    /// [`HeapFold::merge`].
    fn skip_whole<F: HeapFold>(
        &mut self,
        remaining: u64,
        fold: &F,
        acc: &mut CaseSummary,
        trace: Option<&mut MoveTrace>,
    ) -> u64 {
        let _ = (remaining, fold, acc, trace);
        0
    }

    /// The fault for a kernel's stop in the current chunk.
    fn fault(&self, stop: Stop) -> Fault {
        Fault::from_stop(stop, self.base(), self.end())
    }
}

/// [`TokenSource::next_token`] over chunks.
fn next_token<C: Chunks>(source: &mut C) -> Result<(u64, u64), Fault> {
    loop {
        if let Some(pending) = source.take_pending() {
            return pending;
        }
        let (bytes, pos) = source.chunk();
        match source.kernel().next_token(bytes, pos) {
            Ok(token) => {
                let offset = source.base() + token.start as u64;
                source.set_pos(token.end);
                return Ok((token.value, offset));
            }
            Err(Stop::End) if source.advance()? => {}
            Err(stop) => return Err(source.fault(stop)),
        }
    }
}

/// [`TokenSource::visit`] over chunks. Before each chunk, `skip` may account
/// for tokens without reading them (whole blocks folded ahead).
fn visit<C: Chunks, V: Visitor>(
    source: &mut C,
    count: u64,
    visitor: &mut V,
    mut skip: impl FnMut(&mut C, u64, &mut V) -> u64,
) -> Result<(), (u64, Fault)> {
    let mut done = 0;
    while done < count {
        if let Some(pending) = source.take_pending() {
            let (value, offset) = pending.map_err(|fault| (done, fault))?;
            if !accept(visitor, value) {
                let kind = FaultKind::Refused(value);
                return Err((done, Fault { offset, kind }));
            }
            done += 1;
            continue;
        }
        done += skip(source, count - done, visitor);
        if done == count {
            break;
        }
        let (bytes, pos) = source.chunk();
        let folded = source.kernel().visit(bytes, pos, count - done, visitor);
        source.set_pos(folded.pos);
        done += folded.read;
        let more = match folded.stop {
            None => true,
            Some(Stop::End) => source.advance().map_err(|fault| (done, fault))?,
            Some(stop) => return Err((done, source.fault(stop))),
        };
        if !more {
            return Err((done, source.fault(Stop::End)));
        }
    }
    Ok(())
}

/// Implements [`TokenSource`] for a [`Chunks`] type through the driver loop.
macro_rules! token_source_over_chunks {
    ([$($generics:tt)*] $source:ty) => {
        impl<$($generics)*> crate::source::TokenSource for $source {
            #[inline]
            fn next_token(&mut self) -> Result<(u64, u64), crate::source::Fault> {
                crate::source::next_token(self)
            }

            #[inline]
            fn visit<V: crate::scan::Visitor>(
                &mut self,
                count: u64,
                visitor: &mut V,
            ) -> Result<(), (u64, crate::source::Fault)> {
                crate::source::visit(self, count, visitor, |_, _, _| 0)
            }

            #[inline]
            fn fold_heaps<F: crate::games::HeapFold, T: crate::games::Trace>(
                &mut self,
                count: u64,
                heaps: &mut crate::games::FoldHeaps<F, T>,
            ) -> Result<(), (u64, crate::source::Fault)> {
                crate::source::visit(self, count, heaps, |source, left, v| {
                    let trace = crate::games::Trace::moves_mut(&mut v.trace);
                    crate::source::Chunks::skip_whole(source, left, v.fold, &mut v.acc, trace)
                })
            }

            fn locate(&self, offset: u64) -> crate::error::Position {
                self.position(offset)
            }

            fn consumed(&self) -> u64 {
                self.consumed_bytes()
            }
        }
    };
}
use token_source_over_chunks;
