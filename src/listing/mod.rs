//! The answer of a case whose heaps were kept: every winning move, one line
//! `a b` each (`hdu2176`), or their number (`hdu1850`).
//!
//! A case at HDU 2176's limits lists about 10^5 moves, and formatting them
//! costs as much as reading the case: so the lines are written here without
//! `fmt`, into a buffer that goes to the output in a single write, and
//! [`crate::solve`] shares a large case with a second thread in pieces while
//! it reads the next case. Nothing here touches anything but its arguments,
//! which is what lets either thread list any piece.
//!
//! The moves of a chunk of heaps are gathered first, then written by a
//! [`LineWriter`], one of three:
//! - the portable one, 8 digits at a time from a table;
//! - where the CPU runs AVX2 (`avx2`), one that turns four numbers at a
//!   time into records of their digits, then places each record with a
//!   load and a store;
//! - where it runs AVX-512 with VBMI2 (`avx512`), one that turns eight
//!   numbers at a time into records and packs two lines' records at once
//!   with a byte compress.
//!
//! Where the moves are Nim's (to `heap xor x`, when smaller), the vector
//! writers also gather them with vector compares. They take the chunks
//! whose lines are all `a b` with numbers below 2^32 (every line of a
//! judge's file); the others go to the portable one, and so do chunks of
//! fewer than 8 heaps or 8 lines, whose vector constants cost more than
//! they save. Each writer is tested against `format!`, each vector gather
//! against the one-heap-at-a-time gather at every chunk length, and the
//! divisions they do by multiplying against plain division
//! (`reciprocals`).

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod portable;
#[cfg(target_arch = "x86_64")]
mod reciprocals;

use crate::games::{CaseSummary, EveryMove, HeapGame};
use crate::scan::Kernel;

/// Heaps whose moves are gathered before their lines are written.
const CHUNK: usize = 256;

/// The fewest lines a vector writer is called for, and the fewest heaps
/// Nim's moves are gathered from with vectors: below, setting up their
/// constants costs more than they save (a file of 2 million cases of 3
/// heaps took 141 ms against 122 ms with every line written by vectors).
const FEWEST_FOR_VECTORS: usize = 8;

/// The most bytes the line of a move `a b` below 2^32 takes: two 10-digit
/// numbers and their separators.
#[cfg(target_arch = "x86_64")]
const MOST_PER_MOVE: usize = 22;

/// How much the buffer grows at a time, so that growing it is rare and
/// zeroes little more than is written.
const GROWTH: usize = 64 << 10;

/// The lines of a case's winning moves did not fit in memory: the buffer
/// they are written into could not grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoRoom;

/// Grows `buf` to `len` bytes and [`GROWTH`] more (doubling its capacity
/// as a `Vec` does, so that a long listing is copied a few times only),
/// or says there is no room: the lines of a case are as many as its
/// heaps, so their buffer is sized by the input.
fn grow(buf: &mut Vec<u8>, len: usize) -> Result<(), NoRoom> {
    let wanted = len.saturating_add(GROWTH);
    buf.try_reserve(wanted.saturating_sub(buf.len()))
        .map_err(|_| NoRoom)?;
    buf.resize(wanted, 0);
    Ok(())
}

/// Move lines in a buffer that only grows: the bytes past the lines are
/// scratch, so that a buffer used again for the next case or piece is not
/// zeroed again where the lines before were longer.
#[derive(Debug, Default)]
pub struct Lines {
    buf: Vec<u8>,
    len: usize,
    /// The columns moves are gathered in, kept with the buffer: made
    /// afresh for each case, their 8 KB of zeros cost more than listing a
    /// case of a few heaps.
    /// (At most one; in a `Vec` so that it is allocated fallibly.)
    moves: Vec<Moves>,
}

impl Lines {
    /// The lines, each ending in a newline.
    pub fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }
}

/// Which code formats move lines; like a [`Kernel`], a capability: the
/// vector writer can only be obtained once the CPU has been asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineWriter(Writer);

/// Slowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
enum Writer {
    Portable,
    Avx2,
    Avx512,
}

impl LineWriter {
    /// The table-driven writer every CPU runs.
    pub const PORTABLE: LineWriter = LineWriter(Writer::Portable);

    /// The fastest writer this CPU runs.
    pub fn detect() -> LineWriter {
        *LineWriter::available()
            .last()
            .unwrap_or(&LineWriter::PORTABLE)
    }

    /// Every writer this CPU runs, slowest first; the only place that
    /// asks the CPU.
    pub fn available() -> Vec<LineWriter> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut writers = vec![LineWriter::PORTABLE];
        #[cfg(target_arch = "x86_64")]
        if avx2::is_available() {
            writers.push(LineWriter(Writer::Avx2));
        }
        #[cfg(target_arch = "x86_64")]
        if avx512::is_available() {
            writers.push(LineWriter(Writer::Avx512));
        }
        writers
    }

    /// The writer for a run that reads with `kernel`: the fastest that
    /// uses no wider vectors than the kernel, so that `--kernel swar` and
    /// `--kernel avx2` run the paths of CPUs without AVX2 and without
    /// AVX-512 end to end.
    pub fn for_kernel(kernel: Kernel) -> LineWriter {
        let widest = match kernel.name() {
            "avx512" => Writer::Avx512,
            "avx2" => Writer::Avx2,
            _ => Writer::Portable,
        };
        let writers = LineWriter::available().into_iter().rev();
        let mut fitting = writers.filter(|writer| writer.0 <= widest);
        fitting.next().unwrap_or(LineWriter::PORTABLE)
    }

    /// `portable`, `avx2` or `avx512`.
    pub fn name(self) -> &'static str {
        match self.0 {
            Writer::Portable => "portable",
            Writer::Avx2 => "avx2",
            Writer::Avx512 => "avx512",
        }
    }

    /// Writes the lines of the first `n` moves of `moves` at `at` in
    /// `buf`, whose bytes from `at` on are scratch; returns where they end.
    fn write(self, moves: &Moves, n: usize, buf: &mut Vec<u8>, at: usize) -> Result<usize, NoRoom> {
        if moves.plain() && n >= FEWEST_FOR_VECTORS {
            if let Some(end) = self.write_plain(moves, n, buf, at) {
                return end;
            }
        }
        let found = moves.from.iter().zip(&moves.to).zip(&moves.and);
        found.take(n).try_fold(at, |at, ((&a, &b), &c)| {
            let c = if moves.splits { c } else { None };
            portable::push_line(buf, at, a, b, c)
        })
    }

    /// [`LineWriter::write`] with the vector writer, for moves whose lines
    /// are all `a b` with numbers below 2^32; `None` for the portable one.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn write_plain(
        self,
        moves: &Moves,
        n: usize,
        buf: &mut Vec<u8>,
        at: usize,
    ) -> Option<Result<usize, NoRoom>> {
        #[cfg(target_arch = "x86_64")]
        if self.0 != Writer::Portable {
            let room = at + n * MOST_PER_MOVE + avx512::OVERHANG.max(avx2::OVERHANG);
            if buf.len() < room {
                if let Err(no_room) = grow(buf, room) {
                    return Some(Err(no_room));
                }
            }
            let (from, to) = (&moves.from, &moves.to);
            // SAFETY: a writer of either kind is only built once its
            // `is_available` said yes.
            return Some(Ok(unsafe {
                match self.0 {
                    Writer::Avx512 => avx512::write_plain(from, to, n, buf, at),
                    _ => avx2::write_plain(from, to, n, buf, at),
                }
            }));
        }
        None
    }

    /// Gathers the moves from the heaps of `chunk` (at most [`CHUNK`])
    /// into `moves`, in place of those before, and returns how many there
    /// are: with the vector unit when they are Nim's.
    fn gather<F: HeapGame>(
        self,
        fold: &F,
        chunk: &[u64],
        summary: &CaseSummary,
        moves: &mut Moves,
    ) -> usize {
        let vector = match fold.xor_moves(summary) {
            Some(x) if chunk.len() >= FEWEST_FOR_VECTORS => self.gather_xor(chunk, x, moves),
            _ => None,
        };
        vector.unwrap_or_else(|| moves.gather(fold, chunk, summary))
    }

    /// [`LineWriter::gather`] of the moves "to `heap xor x`, when smaller"
    /// with the vector writer's compares; `None` for the portable writer.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn gather_xor(self, chunk: &[u64], x: u64, moves: &mut Moves) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if self.0 != Writer::Portable {
            let (from, to) = (&mut moves.from, &mut moves.to);
            // SAFETY: a writer of either kind is only built once its
            // `is_available` said yes.
            let (n, bits) = unsafe {
                match self.0 {
                    Writer::Avx512 => avx512::gather_xor(chunk, x, from, to),
                    _ => avx2::gather_xor(chunk, x, from, to),
                }
            };
            (moves.bits, moves.splits) = (bits, false);
            return Some(n);
        }
        None
    }
}

/// The moves of a chunk of heaps, a column per part of a line.
#[derive(Debug)]
struct Moves {
    from: [u64; CHUNK],
    to: [u64; CHUNK],
    /// Read only when `splits` is set.
    and: [Option<u64>; CHUNK],
    /// Every `from` and `to` or'ed together, or more bits: what
    /// [`Moves::plain`] reads.
    bits: u64,
    /// Whether any move is a split (`and` is set).
    splits: bool,
}

impl Moves {
    fn new() -> Moves {
        Moves {
            from: [0; CHUNK],
            to: [0; CHUNK],
            and: [None; CHUNK],
            bits: 0,
            splits: false,
        }
    }

    /// Gathers the moves from the heaps of `chunk` (at most [`CHUNK`]),
    /// in place of those before, and returns how many there are.
    ///
    /// About half the heaps of a won case have a move, at random: gathering
    /// them without a branch spares the writer a mispredicted branch per
    /// heap.
    #[inline(always)]
    fn gather<F: HeapGame>(&mut self, fold: &F, chunk: &[u64], summary: &CaseSummary) -> usize {
        let (mut n, mut bits, mut splits) = (0, 0, false);
        for (&heap, slot) in chunk.iter().zip(0..CHUNK) {
            let mv = fold.move_from(heap, summary);
            let (to, and) = mv.unwrap_or((0, None));
            // `n <= slot`: the bound only spares the index its check.
            let at = n.min(slot);
            self.from[at] = heap;
            self.to[at] = to;
            self.and[at] = and;
            bits |= heap | to;
            splits |= and.is_some();
            n += usize::from(mv.is_some());
        }
        (self.bits, self.splits) = (bits, splits);
        n
    }

    /// Whether every line is `a b` with both below 2^32, as the vector
    /// writer needs.
    fn plain(&self) -> bool {
        self.bits >> 32 == 0 && !self.splits
    }
}

/// Folds the heaps of a case: its summary, and whether the player to move
/// wins.
pub fn decide<F: HeapGame>(fold: &F, heaps: &[u64]) -> (CaseSummary, bool) {
    let mut summary = CaseSummary::default();
    for &heap in heaps {
        fold.fold(&mut summary, heap);
    }
    let wins = fold.first_player_wins(&summary);
    (summary, wins)
}

/// Lists the winning moves from `heaps`, some or all of a won case's heaps
/// whose summary is `summary`, in heap order into `lines` (in place of
/// what it held), or only counts them when `count_only`. Returns how many
/// there are, or [`NoRoom`] when their lines did not fit in memory; then
/// `lines` holds none, and lets go of its buffer, so that what follows
/// (the error's message) has room.
pub fn list_moves<F: EveryMove>(
    fold: &F,
    heaps: &[u64],
    summary: &CaseSummary,
    lines: &mut Lines,
    count_only: bool,
    writer: LineWriter,
) -> Result<u64, NoRoom> {
    let listed = match F::ONE_PER_HEAP {
        true => list_one_per_heap(fold, heaps, summary, lines, count_only, writer),
        false => list_every_move(fold, heaps, summary, lines, count_only),
    };
    if listed.is_err() {
        (lines.buf, lines.len) = (Vec::new(), 0);
    }
    listed
}

/// [`list_moves`] for a game whose heaps have at most one winning move
/// each, [`HeapGame::move_from`]'s: gathered a chunk at a time, by vector
/// compares where the moves are Nim's, and written by `writer`.
fn list_one_per_heap<F: HeapGame>(
    fold: &F,
    heaps: &[u64],
    summary: &CaseSummary,
    lines: &mut Lines,
    count_only: bool,
    writer: LineWriter,
) -> Result<u64, NoRoom> {
    if count_only {
        lines.len = 0;
        let moves = heaps
            .iter()
            .filter(|&&heap| fold.move_from(heap, summary).is_some());
        return Ok(moves.count() as u64);
    }
    if lines.moves.is_empty() {
        lines.moves.try_reserve_exact(1).map_err(|_| NoRoom)?;
        lines.moves.push(Moves::new());
    }
    let moves = &mut lines.moves[0];
    let (mut at, mut count) = (0, 0);
    let mut written = Ok(());
    for chunk in heaps.chunks(CHUNK) {
        let n = writer.gather(fold, chunk, summary, moves);
        match writer.write(moves, n, &mut lines.buf, at) {
            Ok(end) => at = end,
            Err(no_room) => {
                written = Err(no_room);
                break;
            }
        }
        count += n as u64;
    }
    lines.len = at;
    written.map(|()| count)
}

/// [`list_moves`] for a game whose heaps may have several winning moves
/// each, a line at a time with the portable writer.
fn list_every_move<F: EveryMove>(
    fold: &F,
    heaps: &[u64],
    summary: &CaseSummary,
    lines: &mut Lines,
    count_only: bool,
) -> Result<u64, NoRoom> {
    let (mut at, mut count) = (0, 0);
    let mut written = Ok(());
    for &heap in heaps {
        fold.each_move_from(heap, summary, &mut |to, and| {
            count += 1;
            if !count_only && written.is_ok() {
                match portable::push_line(&mut lines.buf, at, heap, to, and) {
                    Ok(end) => at = end,
                    Err(no_room) => written = Err(no_room),
                }
            }
        });
        written?;
    }
    lines.len = at;
    Ok(count)
}

#[cfg(test)]
mod tests;
