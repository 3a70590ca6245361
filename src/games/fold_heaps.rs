//! The tokenizer's visitor for a heap game: each heap folded into the
//! case's summary as the scan meets it.

use super::{CaseSummary, HeapFold, NoTrace, Trace};
use crate::scan::Visitor;

/// The tokenizer's [`Visitor`] for a heap fold: folds every heap it is given
/// into `acc`, keeps what `T` traces (nothing by default), and refuses the
/// heaps the fold does not decide.
pub struct FoldHeaps<'a, F, T = NoTrace> {
    /// The game's fold, borrowed for the length of a scan.
    pub fold: &'a F,
    /// The heaps folded so far.
    pub acc: CaseSummary,
    /// What is traced of them.
    pub trace: T,
}

impl<'a, F, T: Trace> FoldHeaps<'a, F, T> {
    /// A visitor that folds into a copy of `acc`, tracing from scratch.
    #[inline(always)]
    pub fn new(fold: &'a F, acc: CaseSummary) -> FoldHeaps<'a, F, T> {
        FoldHeaps {
            fold,
            acc,
            trace: T::default(),
        }
    }
}

// Manual impls: the derives would require `F: Copy`, but only the reference
// is copied.
impl<F, T: Copy> Clone for FoldHeaps<'_, F, T> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<F, T: Copy> Copy for FoldHeaps<'_, F, T> {}

impl<F: HeapFold, T: Trace> Visitor for FoldHeaps<'_, F, T> {
    const MAY_REFUSE: bool = F::MAY_REFUSE;

    #[inline(always)]
    fn visit(&mut self, heap: u64) -> bool {
        if F::MAY_REFUSE && !self.fold.decides(heap) {
            return false;
        }
        let before = self.acc;
        self.fold.fold(&mut self.acc, heap);
        let low = before.xor ^ self.acc.xor;
        let high = before.carry ^ self.acc.carry;
        self.trace.note(low, high, heap);
        true
    }

    /// With a trace, each heap's value is folded on its own and the four
    /// merged: the trace then tests the four values once (the values are
    /// what folding from an empty summary gives, since every fold is a
    /// monoid's).
    #[inline(always)]
    fn visit4(&mut self, heaps: [u64; 4]) {
        if !T::KEEPS || F::MAY_REFUSE {
            for heap in heaps {
                self.visit(heap);
            }
            return;
        }
        let mut values = [CaseSummary::default(); 4];
        for (value, &heap) in values.iter_mut().zip(&heaps) {
            self.fold.fold(value, heap);
        }
        for value in values {
            self.acc = self.fold.merge(self.acc, value);
        }
        let lows = values.map(|value| value.xor);
        let highs = values.map(|value| value.carry);
        self.trace.note4(lows, highs, heaps);
    }
}
