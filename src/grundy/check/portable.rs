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
