//! Where a heap is looked up in a table of a rule's heaps: as it is below
//! the table's end, and past it by the proven period's residue. Shared by
//! normal play ([`super::rule`]) and misère play ([`super::misere_rule`]).

use std::ops::RangeInclusive;

use crate::grundy::Period;
use crate::rng::SplitMix64;

/// Which heap of a table each heap is worth as much as: itself below the
/// table's end, and past it, when a period is proven, the heap with the
/// same residue in the periodic part (`A + (n - A) mod B`). Shared by the
/// games that look a heap up in a table of a rule's heaps.
///
/// The residue is taken with a multiplication by a precomputed reciprocal
/// instead of a division, which would cost more than the rest of a fold.
#[derive(Clone, Copy, Debug)]
pub struct Residues {
    /// Heaps below this are looked up as they are.
    direct: u64,
    /// Whether heaps at or above `direct` are reduced by the period (else
    /// they are refused).
    periodic: bool,
    preperiod: u64,
    period: u64,
    /// `floor(2^64 / period)` (all ones for a period of 1): the quotient it
    /// gives is at most one below the true one.
    reciprocal: u64,
    /// `floor((2^64 - 1) / period) + 1`, Lemire's constant for residues of
    /// 32-bit numbers; exact because periods are below 2^32 (a sequence
    /// holds at most 2^32 values, and a proof needs more than a period).
    reciprocal32: u64,
}

impl Residues {
    /// The residues of a table of `len` heaps, periodic from `period` on
    /// when one is proven (the table then needs only its first `preperiod
    /// + period` heaps: [`Residues::direct`]).
    pub fn new(len: u64, period: Option<Period>) -> Residues {
        let (direct, periodic, preperiod, period) = match period {
            Some(p) => (p.preperiod + p.period, true, p.preperiod, p.period),
            None => (len, false, 0, 1),
        };
        let reciprocal = match period {
            1 => u64::MAX,
            p => ((1u128 << 64) / u128::from(p)) as u64,
        };
        Residues {
            direct,
            periodic,
            preperiod,
            period,
            reciprocal,
            reciprocal32: (u64::MAX / period).wrapping_add(1),
        }
    }

    /// How many heaps of the table are looked up as they are.
    pub fn direct(&self) -> u64 {
        self.direct
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<Period> {
        self.periodic.then_some(Period {
            preperiod: self.preperiod,
            period: self.period,
        })
    }

    /// Whether a heap of this size is decided: in the table, or reduced by
    /// a period.
    #[inline(always)]
    pub fn decides(&self, heap: u64) -> bool {
        self.periodic | (heap < self.direct)
    }

    /// The heap below `direct` worth as much as `heap` (meaningless, but
    /// still below `direct`, for a refused heap: without a period the
    /// residue is taken by 1).
    #[inline(always)]
    pub fn index(&self, heap: u64) -> u64 {
        if heap < self.direct {
            return heap;
        }
        let d = heap - self.preperiod;
        let r = if d >> 32 == 0 {
            // Lemire's fastmod for 32-bit numerators: two multiplications
            // and no correction, the common case of judge files.
            let low = self.reciprocal32.wrapping_mul(d);
            ((u128::from(low) * u128::from(self.period)) >> 64) as u64
        } else {
            let q = ((u128::from(d) * u128::from(self.reciprocal)) >> 64) as u64;
            let r = d.wrapping_sub(q.wrapping_mul(self.period));
            if r >= self.period {
                r - self.period
            } else {
                r
            }
        };
        self.preperiod + r
    }

    /// A heap in `range` for which `fits` holds (asked only of heaps this
    /// decides, by their size): the first from a random start, looking
    /// two tables' length ahead; failing that, a heap of the table that
    /// fits, or a periodic copy of it, in the range. How `gen` plants the
    /// last heap of a lost case in a game looked up in a table.
    pub fn heap_where(
        &self,
        range: &RangeInclusive<u64>,
        rng: &mut SplitMix64,
        fits: impl Fn(u64) -> bool,
    ) -> Option<u64> {
        let start = rng.within(range);
        let ahead = (*range.end() - start).min(self.direct.saturating_mul(2));
        let fits = |h: u64| self.decides(h) && fits(h);
        if let Some(heap) = (start..=start + ahead).find(|&h| fits(h)) {
            return Some(heap);
        }
        (0..self.direct)
            .filter(|&h| fits(h))
            .find_map(|h| self.copy_within(h, range))
    }

    /// The least heap in `range` worth as much as heap `h` of the table
    /// (`h` itself, or a periodic copy of it), if any.
    pub fn copy_within(&self, h: u64, range: &RangeInclusive<u64>) -> Option<u64> {
        if range.contains(&h) {
            return Some(h);
        }
        if !self.periodic || h < self.preperiod || h > *range.end() {
            return None;
        }
        let copies = range.start().saturating_sub(h).div_ceil(self.period);
        let copy = copies.checked_mul(self.period)?.checked_add(h)?;
        range.contains(&copy).then_some(copy)
    }
}
