//! What a heap fold keeps besides the summary, so that a winning move can be
//! named in the same single pass that decides the case.
//!
//! A normal-play heap game is won by moving one heap whose Grundy value has
//! the xor's highest bit set (and, for misère Nim, by the endgame rules,
//! which need the first heap above 1 or the first heap of 1). So a
//! [`MoveTrace`] records, for each of the 65 bits a Grundy value can have,
//! the first heap whose value has that bit: its index in the case and its
//! size. Like the xor it merges (the earlier part's heaps come first), so a
//! case cut into blocks on several threads, or read through a stream, finds
//! its move without being read again, in a fixed 1 KiB per case.
//!
//! The value noted is what the fold xored into the summary, so the trace
//! costs two xors and a rarely taken branch per heap. The walk hands heaps
//! over four at a time ([`Trace::note4`]): the four values are folded on
//! their own, as for a fold without a trace, and one test of the four
//! against the bits seen replaces four branches. [`NoTrace`] keeps nothing
//! and compiles to nothing: folds without `--move` pay no cost.

/// What a fold keeps besides its summary.
pub trait Trace: Copy + Default + Send {
    /// Notes the next heap of the case: its size and its Grundy value, as
    /// its low 64 bits and bit 64.
    fn note(&mut self, low: u64, high: u64, heap: u64);

    /// Whether this keeps anything: a fold that traces nothing folds its
    /// heaps one at a time, which the compiler vectorizes across them.
    const KEEPS: bool;

    /// Notes four heaps in order, as four calls of [`Trace::note`] would;
    /// `lows[i]` and `highs[i]` are the value of `heaps[i]`.
    #[inline(always)]
    fn note4(&mut self, lows: [u64; 4], highs: [u64; 4], heaps: [u64; 4]) {
        for i in 0..4 {
            self.note(lows[i], highs[i], heaps[i]);
        }
    }

    /// The move trace, if this is one.
    fn moves(&self) -> Option<&MoveTrace>;

    /// The move trace, if this is one, to merge blocks into.
    fn moves_mut(&mut self) -> Option<&mut MoveTrace>;
}

/// Keeps nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoTrace;

impl Trace for NoTrace {
    const KEEPS: bool = false;

    #[inline(always)]
    fn note(&mut self, _low: u64, _high: u64, _heap: u64) {}

    fn moves(&self) -> Option<&MoveTrace> {
        None
    }

    fn moves_mut(&mut self) -> Option<&mut MoveTrace> {
        None
    }
}

/// A heap of the case: where it stands (from 0) and its size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FirstHeap {
    /// Its index in the case, counted from 0.
    pub index: u64,
    /// Its size.
    pub heap: u64,
}

/// For each bit of a Grundy value (bit 64 for Lasker's `g(2^64-1) = 2^64`),
/// the first heap of the case whose value has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTrace {
    /// Heaps noted so far.
    pub heaps: u64,
    /// The bits some noted value has, below bit 64 (in two halves, so that
    /// the hot loop works on 64-bit words).
    seen_low: u64,
    /// Bit 64 of `seen`.
    seen_high: u64,
    /// `first[b]`: the first heap whose value has bit `b`, once `seen` has it.
    pub first: [FirstHeap; 65],
}

impl Default for MoveTrace {
    fn default() -> MoveTrace {
        MoveTrace {
            heaps: 0,
            seen_low: 0,
            seen_high: 0,
            first: [FirstHeap::default(); 65],
        }
    }
}

impl Trace for MoveTrace {
    const KEEPS: bool = true;

    /// One test for the four: after a case's first heaps, none of them
    /// brings a bit not yet seen, and the four only move the count.
    #[inline(always)]
    fn note4(&mut self, lows: [u64; 4], highs: [u64; 4], heaps: [u64; 4]) {
        let low = lows[0] | lows[1] | lows[2] | lows[3];
        let high = highs[0] | highs[1] | highs[2] | highs[3];
        if (low & !self.seen_low) | (high & !self.seen_high) == 0 {
            self.heaps += 4;
            return;
        }
        for i in 0..4 {
            self.note(lows[i], highs[i], heaps[i]);
        }
    }

    #[inline(always)]
    fn note(&mut self, low: u64, high: u64, heap: u64) {
        let (new_low, new_high) = (low & !self.seen_low, high & !self.seen_high);
        if (new_low | new_high) != 0 {
            self.record(u128::from(new_low) | u128::from(new_high) << 64, heap);
        }
        self.heaps += 1;
    }

    fn moves(&self) -> Option<&MoveTrace> {
        Some(self)
    }

    fn moves_mut(&mut self) -> Option<&mut MoveTrace> {
        Some(self)
    }
}

impl MoveTrace {
    /// Records the current heap as the first with each bit of `new`. Rare:
    /// after a few heaps every bit a case uses has been seen.
    #[cold]
    #[inline(never)]
    fn record(&mut self, new: u128, heap: u64) {
        let index = self.heaps;
        for_each_bit(new, |bit| self.first[bit] = FirstHeap { index, heap });
        self.add_seen(new);
    }

    /// The bits some noted value has.
    pub fn seen(&self) -> u128 {
        u128::from(self.seen_low) | u128::from(self.seen_high) << 64
    }

    fn add_seen(&mut self, bits: u128) {
        let all = self.seen() | bits;
        (self.seen_low, self.seen_high) = (all as u64, (all >> 64) as u64);
    }

    /// Appends the heaps `later` traced, which come after this trace's.
    pub fn merge(&mut self, later: &MoveTrace) {
        let offset = self.heaps;
        for_each_bit(later.seen() & !self.seen(), |bit| {
            let first = later.first[bit];
            self.first[bit] = FirstHeap {
                index: first.index + offset,
                heap: first.heap,
            };
        });
        self.add_seen(later.seen());
        self.heaps += later.heaps;
    }

    /// Records `holder` as the heap with `bit`, as a trace built from
    /// something other than a walk over the heaps (an interactor's per-bit
    /// lists) names one: any heap whose value has the bit will do for a
    /// winning move.
    pub fn hold(&mut self, bit: u32, holder: FirstHeap) {
        self.first[bit as usize] = holder;
        self.add_seen(1u128 << bit);
    }

    /// The first heap whose value has `bit`, if any has.
    pub fn first_with(&self, bit: u32) -> Option<FirstHeap> {
        (self.seen() >> bit & 1 == 1).then(|| self.first[bit as usize])
    }
}

fn for_each_bit(mut bits: u128, mut each: impl FnMut(usize)) {
    while bits != 0 {
        each(bits.trailing_zeros() as usize);
        bits &= bits - 1;
    }
}

/// A move in a heap game: heap `heap` (counted from 1) goes from `from`
/// objects to `to`, or is split into `to` and `and`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// The heap moved, counted from 1 in its case.
    pub heap: u64,
    /// Its size before.
    pub from: u64,
    /// Its size after, or the first part of a split.
    pub to: u64,
    /// The second part of a split.
    pub and: Option<u64>,
    /// The third part of a split into three (HDU 5795's game).
    pub third: Option<u64>,
}

impl std::fmt::Display for HeapMove {
    /// `i:a->b`, or `i:a->b+c` for a split (`i:a->b+c+d` into three).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}->{}", self.heap, self.from, self.to)?;
        for part in self.and.iter().chain(&self.third) {
            write!(f, "+{part}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn traced(values: &[u64]) -> MoveTrace {
        let mut trace = MoveTrace::default();
        for &v in values {
            trace.note(v, 0, v);
        }
        trace
    }

    #[test]
    fn merging_parts_equals_tracing_the_whole() {
        let heaps = [0, 4, 6, 1, 9, 0, 16, 5, 3, u64::MAX, 2, 8];
        let whole = traced(&heaps);
        for cut in 0..=heaps.len() {
            let mut left = traced(&heaps[..cut]);
            left.merge(&traced(&heaps[cut..]));
            assert_eq!(left.heaps, whole.heaps);
            assert_eq!(left.seen(), whole.seen());
            for bit in 0..65 {
                assert_eq!(
                    left.first_with(bit),
                    whole.first_with(bit),
                    "cut {cut} bit {bit}"
                );
            }
        }
        assert_eq!(whole.first_with(2), Some(FirstHeap { index: 1, heap: 4 }));
        assert_eq!(whole.first_with(0), Some(FirstHeap { index: 3, heap: 1 }));
        assert_eq!(whole.first_with(64), None);
    }

    #[test]
    fn moves_are_written_in_the_grammar() {
        let removal = HeapMove {
            heap: 2,
            from: 7,
            to: 3,
            and: None,
            third: None,
        };
        assert_eq!(removal.to_string(), "2:7->3");
        let split = HeapMove {
            heap: 1,
            from: 7,
            to: 1,
            and: Some(6),
            third: None,
        };
        assert_eq!(split.to_string(), "1:7->1+6");
        let three = HeapMove {
            third: Some(4),
            and: Some(2),
            ..split
        };
        assert_eq!(three.to_string(), "1:7->1+2+4");
    }
}
