//! Heap cases (`T`, then per case `N` and `N` heaps), written on several
//! threads in order, or as they are drawn for cases too large to hold.

use std::io::{self, Write};

use super::decimal::{push_decimal, Lines};
use super::{GenOptions, Threads};
use crate::games::{CaseSummary, HeapGame};
use crate::rng::SplitMix64;

/// Cases larger than this many heaps are written by one thread as they are
/// generated, so that memory stays bounded whatever `--heaps` is.
const PARALLEL_MAX_HEAPS: u64 = 1 << 22;

pub(super) fn heap_cases<G: HeapGame, W: Write>(
    game: &G,
    o: &GenOptions,
    lines: &mut Lines<W>,
    threads: usize,
) -> io::Result<Threads> {
    let wanted = if o.cases > 1 && o.heaps <= PARALLEL_MAX_HEAPS {
        threads.clamp(1, usize::try_from(o.cases).unwrap_or(usize::MAX))
    } else {
        1
    };
    if threads > 1 && o.cases > 1 && o.heaps <= PARALLEL_MAX_HEAPS {
        if let Some(used) = heap_cases_parallel(game, o, lines, wanted)? {
            return Ok(Threads { used, wanted });
        }
    }
    for case in 0..o.cases {
        let out = &mut lines.out;
        write_heap_case(game, o, case, &mut lines.buf, &mut |buf| {
            if buf.len() >= Lines::<W>::BLOCK {
                out.write_all(buf)?;
                buf.clear();
            }
            Ok(())
        })?;
    }
    Ok(Threads { used: 1, wanted })
}

/// Generates cases on up to `threads` threads (never more than there are
/// cases) and writes them in order; how many threads ran, or `None` if the
/// system would start none, leaving the work to the caller. At most
/// `2 * threads` cases are handed out ahead of the writer, which bounds
/// memory.
fn heap_cases_parallel<G: HeapGame, W: Write>(
    game: &G,
    o: &GenOptions,
    lines: &mut Lines<W>,
    threads: usize,
) -> io::Result<Option<usize>> {
    use std::collections::BTreeMap;
    use std::sync::{Condvar, Mutex};

    struct Shared {
        next: u64,
        written: u64,
        done: BTreeMap<u64, Vec<u8>>,
        failed: bool,
    }
    let window = 2 * threads as u64;
    let shared = Mutex::new(Shared {
        next: 0,
        written: 0,
        done: BTreeMap::new(),
        failed: false,
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
        let mut buf = Vec::new();
        // Writing into a Vec cannot fail, and `spill` does nothing here.
        let _ = write_heap_case(game, o, case, &mut buf, &mut |_| Ok(()));
        lock().done.insert(case, buf);
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
            let buf = {
                let mut s = lock();
                loop {
                    if let Some(buf) = s.done.remove(&case) {
                        break buf;
                    }
                    s = changed.wait(s).unwrap_or_else(|e| e.into_inner());
                }
            };
            let written = lines
                .out
                .write_all(&lines.buf)
                .and_then(|()| lines.out.write_all(&buf));
            lines.buf.clear();
            let mut s = lock();
            s.written = case + 1;
            if let Err(e) = written {
                s.failed = true;
                result = Err(e);
            }
            drop(s);
            changed.notify_all();
            if result.is_err() {
                break;
            }
        }
    });
    result.map(|()| (started > 0).then_some(started))
}

/// Writes case `case` of a heap game (its `N` line and its heap line) into
/// `buf`, calling `spill` every few thousand heaps so that a caller can write
/// a huge case out as it goes.
///
/// A losing case is made by choosing the last heap so that the case's value
/// is zero, when the range allows it; otherwise the case stays random (and
/// may be winning). The heaps before it are folded with the game's own
/// fold to know what the last one must be.
fn write_heap_case<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    case: u64,
    buf: &mut Vec<u8>,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> io::Result<()>,
) -> io::Result<()> {
    let mut rng = SplitMix64::for_case(o.seed, case);
    let losing = rng.chance(o.losing);
    push_decimal(buf, o.heaps);
    buf.push(b'\n');
    let mut rest = CaseSummary::default();
    for i in 0..o.heaps {
        let mut heap = rng.between(o.min, o.max);
        if i + 1 < o.heaps {
            game.fold(&mut rest, heap);
        } else if losing {
            let fixed = game.losing_last_heap(&rest, o.min..=o.max, &mut rng);
            if let Some(fixed) = fixed.filter(|h| (o.min..=o.max).contains(h)) {
                heap = fixed;
            }
        }
        if i > 0 {
            buf.push(b' ');
        }
        push_decimal(buf, heap);
        if i % 4096 == 4095 {
            spill(buf)?;
        }
    }
    buf.push(b'\n');
    spill(buf)
}
