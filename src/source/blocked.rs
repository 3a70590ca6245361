//! A slice read block by block, for the second pass of the parallel split
//! ([`crate::parallel`]): where a run of heaps covers a whole block, the
//! block's fold from the first pass stands for its tokens.

use super::{token_source_over_chunks, Chunks, Fault};
use crate::error::Position;
use crate::games::{CaseSummary, HeapFold, MoveTrace};
use crate::scan::Kernel;

/// One block's first-pass result.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    /// Where the block begins: at a byte that is not a digit, or at the
    /// input's start.
    pub start: usize,
    /// Where it ends, just before a byte that is not a digit, or at the
    /// input's end.
    pub end: usize,
    /// Tokens read before the block ended or faulted.
    pub tokens: u64,
    /// Their fold, as heaps.
    pub summary: CaseSummary,
    /// Whether the block holds a fault (an invalid byte, an overflow, or a
    /// heap the fold refused), so that it must be read token by token.
    pub faulty: bool,
}

/// The whole input, read token by token like a
/// [`SliceSource`](super::SliceSource), except that folding heaps skips the
/// blocks it covers whole.
///
/// Its heap folds must use the fold (type and value) that computed the
/// blocks' summaries, since a skipped block contributes its summary; the
/// pipeline, which builds both, guarantees that.
pub struct BlockedSource<'a> {
    bytes: &'a [u8],
    blocks: Vec<Block>,
    /// Each block's move trace, when the first pass kept them.
    traces: Option<Vec<MoveTrace>>,
    /// The block holding `pos` (or ending at it).
    current: usize,
    pos: usize,
    kernel: Kernel,
}

impl<'a> BlockedSource<'a> {
    /// A source over `bytes` cut into `blocks` (in order, covering the input
    /// after any byte order mark, and never empty).
    pub fn new(bytes: &'a [u8], blocks: Vec<Block>, kernel: Kernel) -> Self {
        let pos = blocks.first().map_or(0, |b| b.start);
        BlockedSource {
            bytes,
            blocks,
            traces: None,
            current: 0,
            pos,
            kernel,
        }
    }

    /// The same source, whose blocks also bring their move traces (one per
    /// block, in order), so that a fold that traces moves can still skip
    /// them.
    pub fn with_traces(mut self, traces: Vec<MoveTrace>) -> Self {
        debug_assert_eq!(traces.len(), self.blocks.len());
        self.traces = Some(traces);
        self
    }

    fn position(&self, offset: u64) -> Position {
        Position::in_bytes(self.bytes, offset as usize)
    }

    fn consumed_bytes(&self) -> u64 {
        self.pos as u64
    }
}

impl Chunks for BlockedSource<'_> {
    fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Kernels read up to the current block's end, never past, so that the
    /// next block can still be skipped whole. Offsets stay absolute: every
    /// chunk starts at the input's start.
    fn chunk(&self) -> (&[u8], usize) {
        (&self.bytes[..self.blocks[self.current].end], self.pos)
    }

    fn set_pos(&mut self, pos: usize) {
        self.pos = pos;
    }

    fn base(&self) -> u64 {
        0
    }

    fn end(&self) -> u64 {
        self.bytes.len() as u64
    }

    fn advance(&mut self) -> Result<bool, Fault> {
        if self.current + 1 < self.blocks.len() {
            self.current += 1;
            self.pos = self.blocks[self.current].start;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn skip_whole<F: HeapFold>(
        &mut self,
        remaining: u64,
        fold: &F,
        acc: &mut CaseSummary,
        trace: Option<&mut MoveTrace>,
    ) -> u64 {
        let block = self.blocks[self.current];
        let whole = self.pos == block.start && remaining >= block.tokens && !block.faulty;
        // A fold that traces moves can take only blocks that were traced.
        let block_trace = self.traces.as_ref().map(|t| &t[self.current]);
        if !whole || (trace.is_some() && block_trace.is_none()) {
            return 0;
        }
        if let (Some(trace), Some(block_trace)) = (trace, block_trace) {
            trace.merge(block_trace);
        }
        *acc = fold.merge(*acc, block.summary);
        self.pos = block.end;
        block.tokens
    }
}

token_source_over_chunks!(['a] BlockedSource<'a>);
