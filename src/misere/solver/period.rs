//! Periods: a period is proven as for normal play. When `Φ(k + p) = Φ(k)`
//! for every `k` from `n0` to the last heap, and the heaps reach the bound
//! of [`proof_length`], heap `k ≥ bound` has the same element and the same
//! option elements as heap `k - p` (its moves' larger parts fall in the
//! periodic range, by induction), so it acts exactly as heap `k - p` in
//! every position, and the quotient and `Φ` hold for every heap.

use super::Solver;
use crate::grundy::period::proof_length;
use crate::grundy::Period;

impl Solver {
    /// Updates the runs of equal elements and looks for a proven period.
    pub(super) fn track_period(&mut self, grew: bool) {
        let images = &self.current.images;
        let last = images.len() - 1;
        if grew {
            self.runs = vec![0; last + 1];
            for k in 1..=last {
                for p in 1..=k {
                    self.runs[p] = if images[k] == images[k - p] {
                        self.runs[p] + 1
                    } else {
                        0
                    };
                }
            }
        } else {
            self.runs.push(0);
            for p in 1..=last {
                self.runs[p] = if images[last] == images[last - p] {
                    self.runs[p] + 1
                } else {
                    0
                };
            }
        }
        if self.period.is_some() {
            return;
        }
        let splits = self.rule.max_parts() > 1;
        self.period = (1..=last).find_map(|p| {
            let run = self.runs[p];
            if run == 0 {
                return None;
            }
            // Pairs (k, k + p) agree for k from n0 to last - p.
            let n0 = last + 1 - p - run;
            let proof_from = if splits { n0.max(1) } else { n0 };
            (proof_length(&self.rule, proof_from, p) <= last + 1).then_some(Period {
                preperiod: n0 as u64,
                period: p as u64,
            })
        });
    }
}
