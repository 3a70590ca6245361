//! Visiting pairs one at a time: every CPU's scanner, and the one the
//! vector scanner is tested against.

use super::Candidates;
use crate::grundy::values::Cell;

/// See [`Scan::scan`](super::Scan::scan).
#[inline]
pub(super) fn scan<T: Cell>(
    g: &[T],
    m: usize,
    from: usize,
    to: usize,
    candidates: &mut Candidates,
) -> bool {
    for a in from..to {
        let x = g[a].get() ^ g[m - a].get();
        if candidates.wanted(x) && candidates.found(x) {
            return true;
        }
    }
    false
}

/// See [`Scan::scan_small`](super::Scan::scan_small).
#[inline]
pub(super) fn scan_small<T: Cell>(g: &[T], m: usize, from: usize, to: usize, wanted: u64) -> u64 {
    let mut wanted = wanted;
    for a in from..to {
        let x = g[a].get() ^ g[m - a].get();
        if x < 64 {
            wanted &= !(1u64 << x);
            if wanted == 0 {
                break;
            }
        }
    }
    wanted
}
