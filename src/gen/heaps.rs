//! Heap cases (`T`, then per case `N` and `N` heaps), written on several
//! threads in order, or as they are drawn for cases too large to hold.

use std::io::Write;

use super::decimal::{push_decimal, Lines};
use super::plan::LosingPlan;
use super::{impossible, CaseName, GenError, GenOptions, Threads, TRIES};
use crate::games::{CaseSummary, HeapGame};
use crate::plural::count;
use crate::rng::SplitMix64;

/// Cases larger than this many heaps are written by one thread as they are
/// generated, so that memory stays bounded whatever `--heaps` is.
const PARALLEL_MAX_HEAPS: u64 = 1 << 22;

/// Writes every case, on up to `threads` threads when the cases are small
/// enough to hold.
///
/// `after_count` is the byte between a case's heap count and its heaps: a
/// newline, or a space where they share a line; `None` writes no count, for
/// layouts whose cases have a fixed number of heaps.
pub(super) fn heap_cases<G: HeapGame, W: Write>(
    game: &G,
    o: &GenOptions,
    plan: &LosingPlan,
    lines: &mut Lines<W>,
    threads: usize,
    after_count: Option<u8>,
    progress: &mut dyn FnMut(u64),
) -> Result<Threads, GenError> {
    let parallel = o.cases > 1 && o.heaps <= PARALLEL_MAX_HEAPS;
    let wanted = if parallel {
        threads.clamp(1, usize::try_from(o.cases).unwrap_or(usize::MAX))
    } else {
        1
    };
    if wanted > 1 {
        if let Some(used) =
            heap_cases_parallel(game, o, plan, lines, wanted, after_count, progress)?
        {
            return Ok(Threads { used, wanted });
        }
    }
    for case in 0..o.cases {
        let out = &mut lines.out;
        write_heap_case(
            game,
            o,
            CaseName::of(case),
            plan.is_losing(case),
            after_count,
            &mut lines.buf,
            &mut |buf| {
                if buf.len() >= Lines::<W>::BLOCK {
                    out.write_all(buf)?;
                    buf.clear();
                }
                Ok(())
            },
        )?;
        progress(case + 1);
    }
    Ok(Threads { used: 1, wanted })
}

/// Generates cases on up to `threads` threads and writes them in order; how
/// many threads ran, or `None` if the system would start none, leaving the
/// work to the caller. At most `2 * threads` cases are handed out ahead of
/// the writer, which bounds memory.
fn heap_cases_parallel<G: HeapGame, W: Write>(
    game: &G,
    o: &GenOptions,
    plan: &LosingPlan,
    lines: &mut Lines<W>,
    threads: usize,
    after_count: Option<u8>,
    progress: &mut dyn FnMut(u64),
) -> Result<Option<usize>, GenError> {
    use std::collections::BTreeMap;
    use std::sync::{Condvar, Mutex};

    struct Shared {
        next: u64,
        written: u64,
        done: BTreeMap<u64, Result<Vec<u8>, GenError>>,
        failed: bool,
        /// Buffers written out, for the next cases: a fresh one per case
        /// cost its pages' faults and zeroing again, a third more CPU
        /// than one thread at 10^6 heaps a case.
        spare: Vec<Vec<u8>>,
    }
    let window = 2 * threads as u64;
    let shared = Mutex::new(Shared {
        next: 0,
        written: 0,
        done: BTreeMap::new(),
        failed: false,
        spare: Vec::new(),
    });
    let changed = Condvar::new();
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    let worker = || loop {
        let case = {
            let mut s = lock();
            while s.next >= s.written + window && !s.failed {
                s = changed.wait(s).unwrap_or_else(|e| e.into_inner());
            }
            if s.next >= o.cases || s.failed {
                return;
            }
            s.next += 1;
            s.next - 1
        };
        // `spill` does nothing here: the case is held whole, in room taken
        // first, so that a case too large for memory is an error.
        let losing = plan.is_losing(case);
        // Every case needs the same room, so a spare buffer has it.
        let spare = lock().spare.pop().map(|mut buf| {
            buf.clear();
            buf
        });
        let room = spare.map_or_else(|| whole_case_room(o, threads), Ok);
        let made = room.and_then(|mut buf| {
            let name = CaseName::of(case);
            write_heap_case(
                game,
                o,
                name,
                losing,
                after_count,
                &mut buf,
                &mut |_| Ok(()),
            )?;
            Ok(buf)
        });
        lock().done.insert(case, made);
        changed.notify_all();
    };
    let mut result = Ok(());
    let mut started = 0;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            if std::thread::Builder::new()
                .spawn_scoped(scope, worker)
                .is_err()
            {
                break;
            }
            started += 1;
        }
        if started == 0 {
            return;
        }
        for case in 0..o.cases {
            let made = {
                let mut s = lock();
                loop {
                    if let Some(made) = s.done.remove(&case) {
                        break made;
                    }
                    s = changed.wait(s).unwrap_or_else(|e| e.into_inner());
                }
            };
            let mut spare = None;
            let written = made.and_then(|buf| {
                let out = &mut lines.out;
                let written = out.write_all(&lines.buf).and_then(|()| out.write_all(&buf));
                spare = Some(buf);
                Ok(written?)
            });
            lines.buf.clear();
            let mut s = lock();
            s.written = case + 1;
            s.spare.extend(spare);
            if let Err(e) = written {
                s.failed = true;
                result = Err(e);
            }
            drop(s);
            changed.notify_all();
            if result.is_err() {
                break;
            }
            progress(case + 1);
        }
    });
    result.map(|()| (started > 0).then_some(started))
}

/// An empty buffer with room for the whole text of a heap case of `o`: its
/// count line and `o.heaps` numbers of at most `o.max`, each with the byte
/// after it, and the 24 bytes [`push_decimal`] stores into; writing the
/// case never grows it. An error when memory is short, which fewer than
/// `threads` threads, holding fewer cases, may avoid.
fn whole_case_room(o: &GenOptions, threads: usize) -> Result<Vec<u8>, GenError> {
    let digits = |n: u64| u64::from(n.checked_ilog10().unwrap_or(0)) + 1;
    let bytes = o
        .heaps
        .checked_mul(digits(o.max) + 1)
        .and_then(|heaps| heaps.checked_add(digits(o.heaps) + 1 + 24))
        .and_then(|bytes| usize::try_from(bytes).ok());
    let mut buf = Vec::new();
    match bytes.map(|bytes| buf.try_reserve_exact(bytes)) {
        Some(Ok(())) => Ok(buf),
        _ => Err(GenError::OutOfMemory(format!(
            "--heaps {}: not enough memory to hold a case whole on each of {threads} threads \
             (--threads 1 writes cases as they are drawn)",
            o.heaps
        ))),
    }
}

/// Writes case `case` of a heap game (its `N` line and its heap line) into
/// `buf`, calling `spill` every few thousand heaps so that a caller can write
/// a huge case out as it goes.
///
/// All heaps but the last two are drawn and written as they come; the last
/// two are drawn until the case is `losing` (the last one planted by the
/// game's construction) or winning, as asked, which the game's own fold
/// confirms. `after_count` is the byte after the count `N`, or `None` for
/// a bare line of heaps (HDU 1848's triples), never all 0 as that line
/// ends the input.
pub(super) fn write_heap_case<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    name: CaseName,
    losing: bool,
    after_count: Option<u8>,
    buf: &mut Vec<u8>,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> std::io::Result<()>,
) -> Result<(), GenError> {
    let mut rng = SplitMix64::for_case(o.seed, name.index);
    if let Some(after) = after_count {
        push_decimal(buf, o.heaps);
        // No heaps: a count sharing its line ends it; one on its own line
        // is followed by an empty heap line.
        if o.heaps > 0 || after == b'\n' {
            buf.push(after);
        }
    }
    let mut rest = CaseSummary::default();
    // A bare line of heaps (HDU 1848's triples) ends the input if all are
    // 0, so the last heaps keep it from being all 0 while the others are.
    let mut all_zero = after_count.is_none();
    let free = o.heaps.saturating_sub(2);
    for i in 0..free {
        let heap = rng.between(o.min, o.max);
        all_zero &= heap == 0;
        game.fold(&mut rest, heap);
        if i > 0 {
            buf.push(b' ');
        }
        push_decimal(buf, heap);
        if i % 4096 == 4095 {
            spill(buf)?;
        }
    }
    let last = last_heaps(game, o, &rest, losing, o.heaps - free, all_zero, &mut rng);
    let last = last.ok_or_else(|| {
        let what = format!("N = {} in [{}, {}]", count(o.heaps, "heap"), o.min, o.max);
        impossible(name, losing, &what)
    })?;
    for (i, heap) in last.into_iter().flatten().enumerate() {
        if free > 0 || i > 0 {
            buf.push(b' ');
        }
        push_decimal(buf, heap);
    }
    buf.push(b'\n');
    spill(buf)?;
    Ok(())
}

/// The last `count` (0 to 2) heaps of a case whose other heaps fold to
/// `rest`, making it `losing` or winning, and not all 0 if `not_all_zero`;
/// `None` if [`TRIES`] draws fail.
fn last_heaps<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    rest: &CaseSummary,
    losing: bool,
    count: u64,
    not_all_zero: bool,
    rng: &mut SplitMix64,
) -> Option<[Option<u64>; 2]> {
    if count == 0 {
        return (game.first_player_wins(rest) != losing).then_some([None, None]);
    }
    for _ in 0..TRIES {
        let mut acc = *rest;
        let first = (count == 2).then(|| rng.between(o.min, o.max));
        if let Some(heap) = first {
            game.fold(&mut acc, heap);
        }
        let last = if losing {
            game.losing_last_heap(&acc, o.min..=o.max, rng)
        } else {
            Some(rng.between(o.min, o.max))
        };
        let zeros = |last: u64| not_all_zero && last == 0 && first.unwrap_or(0) == 0;
        if let Some(last) = last.filter(|&h| (o.min..=o.max).contains(&h) && !zeros(h)) {
            let mut all = acc;
            game.fold(&mut all, last);
            if game.first_player_wins(&all) != losing {
                return Some([first, Some(last)]);
            }
        }
    }
    None
}
