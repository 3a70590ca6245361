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
mod tests {
    use super::*;
    use crate::games::lasker::LaskerSwap;
    use crate::games::nim::NormalNim;

    /// The lines of every heap's move, with `format!`.
    fn naive<F: HeapGame>(fold: &F, heaps: &[u64], summary: &CaseSummary) -> String {
        let mut text = String::new();
        for &h in heaps {
            match fold.move_from(h, summary) {
                Some((to, None)) => text += &format!("{h} {to}\n"),
                Some((to, Some(and))) => text += &format!("{h} {to}+{and}\n"),
                None => {}
            }
        }
        text
    }

    /// Lists the moves of `heaps` with every writer this CPU runs, and
    /// checks the lines and the count against [`naive`]'s.
    fn check<F: HeapGame>(fold: &F, heaps: &[u64], lines: &mut Lines, what: &str) {
        let (summary, _) = decide(fold, heaps);
        let expected = naive(fold, heaps, &summary);
        for writer in LineWriter::available() {
            let count = list_one_per_heap(fold, heaps, &summary, lines, false, writer).unwrap();
            let listed = String::from_utf8_lossy(lines.as_bytes());
            assert_eq!(listed, expected, "{what}, {}", writer.name());
            assert_eq!(count, expected.lines().count() as u64);
            let counted = list_one_per_heap(fold, heaps, &summary, lines, true, writer).unwrap();
            assert_eq!((counted, lines.as_bytes()), (count, &b""[..]));
        }
    }

    #[test]
    fn each_kernel_gets_the_widest_writer_it_allows() {
        for kernel in Kernel::available() {
            let writer = LineWriter::for_kernel(kernel);
            match kernel.name() {
                "reference" | "swar" => assert_eq!(writer, LineWriter::PORTABLE),
                "avx2" => assert_eq!(writer.name(), "avx2"),
                _ => assert_eq!(writer, LineWriter::detect()),
            }
        }
    }

    #[test]
    fn chunks_of_moves_list_what_each_heap_gives_alone() {
        // Across chunk borders, with splits (Lasker's `a b+c`) and without.
        let mut rng = crate::rng::SplitMix64::new(3);
        for len in [CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 17] {
            let heaps: Vec<u64> = (0..len).map(|_| rng.between(0, 1 << 20)).collect();
            check(&NormalNim, &heaps, &mut Lines::default(), "nim");
            // Heaps in equal pairs and then 3 and 4, whose values xor to 7:
            // the 3 must be split (into values 1 and 2) to leave 0.
            let mut heaps: Vec<u64> = heaps.iter().flat_map(|&h| [h, h]).collect();
            heaps.splice(CHUNK - 1..CHUNK - 1, [3, 4]);
            let (summary, _) = decide(&LaskerSwap, &heaps);
            assert!(naive(&LaskerSwap, &heaps, &summary).contains('+'));
            check(&LaskerSwap, &heaps, &mut Lines::default(), "lasker");
        }
    }

    /// The lines of `pairs` (each number below 2^32) from each vector
    /// writer this CPU runs, a chunk at a time, however few the lines.
    fn vector_lines(pairs: &[(u64, u64)]) -> Vec<(LineWriter, String)> {
        let vector = LineWriter::available().into_iter().skip(1);
        let lines = vector.map(|writer| {
            let mut text = Vec::new();
            for chunk in pairs.chunks(CHUNK) {
                let mut moves = Moves::new();
                (moves.from, moves.to) = ([u64::MAX; CHUNK], [u64::MAX; CHUNK]);
                for (i, &(a, b)) in chunk.iter().enumerate() {
                    (moves.from[i], moves.to[i]) = (a, b);
                }
                let mut buf = b"###".to_vec();
                let end = writer.write_plain(&moves, chunk.len(), &mut buf, 3);
                assert_eq!(&buf[..3], b"###", "nothing before `at` is written");
                text.extend_from_slice(&buf[3..end.unwrap().unwrap()]);
            }
            (writer, String::from_utf8(text).unwrap())
        });
        lines.collect()
    }

    fn fmt_lines(pairs: &[(u64, u64)]) -> String {
        pairs.iter().map(|(a, b)| format!("{a} {b}\n")).collect()
    }

    #[test]
    fn vector_writers_match_fmt_at_every_digit_count_and_its_edges() {
        let mut values = vec![0, 1, 9, u64::from(u32::MAX), u64::from(u32::MAX) - 1];
        for digits in 1..10 {
            let power = 10u64.pow(digits);
            values.extend([power - 1, power, power + 1, power * 7 / 3]);
        }
        values.extend((1..=42).flat_map(|high| [high * 100_000_000 - 1, high * 100_000_000]));
        let pairs: Vec<(u64, u64)> = values
            .iter()
            .flat_map(|&a| values.iter().map(move |&b| (a, b)))
            .collect();
        // Every length of a chunk's last step, too.
        for len in [
            pairs.len(),
            1,
            2,
            3,
            4,
            5,
            9,
            10,
            11,
            CHUNK - 1,
            CHUNK,
            CHUNK + 1,
        ] {
            for (writer, lines) in vector_lines(&pairs[..len]) {
                assert_eq!(lines, fmt_lines(&pairs[..len]), "{len}, {}", writer.name());
            }
        }
    }

    #[test]
    fn vector_writers_match_fmt_on_random_numbers_of_every_size() {
        let mut rng = crate::rng::SplitMix64::new(232);
        // Below 2^32, with as many digits at the low end as at the top.
        let mut value = || rng.between(0, u64::from(u32::MAX)) >> rng.between(0, 31);
        let pairs: Vec<(u64, u64)> = (0..200_000).map(|_| (value(), value())).collect();
        for (writer, lines) in vector_lines(&pairs) {
            assert_eq!(lines, fmt_lines(&pairs), "{}", writer.name());
        }
    }

    /// Chunks of every length whose heaps have a move from `x` in runs and
    /// at random, and chunks full of moves or of none.
    fn gather_patterns(x: u64, rng: &mut crate::rng::SplitMix64) -> Vec<Vec<u64>> {
        // A heap has a move exactly when it has x's highest bit.
        let top = 1 << x.ilog2();
        let (with, without) = (|h: u64| h | top, |h: u64| h & !top);
        let mut patterns = vec![vec![], vec![with(0); CHUNK], vec![without(u64::MAX); CHUNK]];
        for len in 0..=CHUNK {
            let moves = rng.between(0, len as u64) as usize;
            let mut heaps = vec![with(rng.next_u64()); moves];
            heaps.resize(len, without(rng.next_u64()));
            patterns.push(heaps);
            let random = (0..len).map(|_| rng.between(0, u64::MAX) >> rng.between(0, 63));
            patterns.push(random.collect());
        }
        patterns
    }

    #[test]
    fn vector_gathers_find_the_moves_one_heap_at_a_time_does() {
        let mut rng = crate::rng::SplitMix64::new(16);
        // x with its top bit anywhere, high bits alone, and low bits that
        // the moves' `to` has and their heap lacks.
        let mut xs = vec![16, 9, 1 << 63 | 5, 1 << 32, (1 << 32) - 1];
        xs.extend((0..6).map(|_| (rng.next_u64() >> rng.between(0, 63)) | 1));
        for x in xs {
            let summary = CaseSummary {
                xor: x,
                ..CaseSummary::default()
            };
            for heaps in &gather_patterns(x, &mut rng) {
                let mut expected = Moves::new();
                let n = expected.gather(&NormalNim, heaps, &summary);
                for writer in LineWriter::available() {
                    let what = format!("{} heaps, x {x}, {}", heaps.len(), writer.name());
                    // Through the dispatch, and straight to the vector
                    // gather however few the heaps.
                    let mut moves = Moves::new();
                    let got = writer.gather(&NormalNim, heaps, &summary, &mut moves);
                    let mut direct = Moves::new();
                    let vector = writer.gather_xor(heaps, x, &mut direct);
                    let mut found = vec![(got, moves)];
                    found.extend(vector.map(|got| (got, direct)));
                    for (got, moves) in found {
                        assert_eq!(got, n, "{what}");
                        assert_eq!(moves.from[..n], expected.from[..n], "{what}");
                        assert_eq!(moves.to[..n], expected.to[..n], "{what}");
                        assert_eq!(moves.bits | expected.bits, moves.bits, "{what}");
                    }
                }
            }
        }
    }

    #[test]
    fn chunks_with_a_number_of_2_to_the_32_or_more_are_listed_whole() {
        // The vector writer takes the chunks below 2^32 and leaves the
        // others. Heaps in equal pairs, then 2^32 + 5 and 2^32 + 2, whose
        // xor is 7: the heaps with a 4 in them have a move, among them
        // 2^32 + 5 (in the second chunk) and 2^32 - 1 (in the fourth).
        let mut rng = crate::rng::SplitMix64::new(32);
        let mut heaps: Vec<u64> = (0..2 * CHUNK)
            .map(|_| rng.between(1, 1 << 32))
            .flat_map(|h| [h, h])
            .collect();
        heaps.splice(CHUNK + 9..CHUNK + 9, [(1 << 32) + 5, (1 << 32) + 2]);
        heaps.splice(3 * CHUNK..3 * CHUNK, [(1 << 32) - 1; 2]);
        let (summary, _) = decide(&NormalNim, &heaps);
        let expected = naive(&NormalNim, &heaps, &summary);
        assert!(expected.contains("4294967301 4294967298\n"));
        assert!(expected.contains("4294967295 4294967288\n"));
        check(&NormalNim, &heaps, &mut Lines::default(), "nim");
    }

    #[test]
    fn a_buffer_used_again_holds_only_the_new_lines() {
        let mut rng = crate::rng::SplitMix64::new(7);
        let mut lines = Lines::default();
        // Long, short, and long again, in one buffer, with long numbers
        // and short.
        for (len, most) in [(5000, u64::MAX), (40, 1 << 31), (3000, 1 << 31), (900, 999)] {
            let heaps: Vec<u64> = (0..len).map(|_| rng.between(0, most)).collect();
            check(&NormalNim, &heaps, &mut lines, "nim");
        }
    }
}
