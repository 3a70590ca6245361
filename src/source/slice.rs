//! The whole input in one slice: a mapped file or bytes in memory.

use super::{token_source_over_chunks, Chunks, Fault, BOM};
use crate::error::Position;
use crate::scan::Kernel;

/// Tokens from one slice holding the whole input.
pub struct SliceSource<'a> {
    bytes: &'a [u8],
    pos: usize,
    kernel: Kernel,
}

impl<'a> SliceSource<'a> {
    /// A source over `bytes`, past a byte order mark if there is one.
    pub fn new(bytes: &'a [u8], kernel: Kernel) -> SliceSource<'a> {
        let pos = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
        SliceSource { bytes, pos, kernel }
    }

    fn position(&self, offset: u64) -> Position {
        Position::in_bytes(self.bytes, offset as usize)
    }

    fn consumed_bytes(&self) -> u64 {
        self.pos as u64
    }
}

impl Chunks for SliceSource<'_> {
    fn kernel(&self) -> Kernel {
        self.kernel
    }

    fn chunk(&self) -> (&[u8], usize) {
        (self.bytes, self.pos)
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
        Ok(false)
    }
}

token_source_over_chunks!(['a] SliceSource<'a>);
