//! Proving that a nim-sequence is periodic, from finitely many values.
//!
//! # The criteria
//!
//! Let `t` be the most objects a move removes (the code's last nonzero
//! digit) and `k` the most heaps a move leaves. The values prove
//! `G(n + p) = G(n)` for every `n >= n0` when they show it for
//!
//! * games that never split a heap (subtraction games, `k = 1`):
//!   `n0 <= n <= n0 + t`. For `n > t` a heap's value is the same function of
//!   the `t` values below it, so once `t + 1` values repeat, every later one
//!   does;
//! * games that may leave `k = 2` or `3` heaps: `n < k·n0 + k·p + t + k`
//!   values. This is the Guy–Smith periodicity theorem (Winning Ways,
//!   chapter 4), which asks for `n < 2·n0 + p + t` when `k = 2`: among `k`
//!   parts of `n + p - i`, the largest is at least `n0 + p` once `n >=
//!   k·n0 + (k - 1)·p + t`, and taking `p` from it gives a move of `n` worth
//!   the same, and conversely. The extra `k` values cover `n0 = 0`, where
//!   the part less `p` could otherwise be an empty heap.
//!
//! Grundy's game is left out: taking `p` from one part may make the two
//! parts equal, which is no move there, so the theorem's argument fails.
//!
//! # Finding the period
//!
//! For each candidate period `p`, from 1 up, the smallest start `n0` from
//! which the computed values repeat with period `p` is found by walking back
//! from the last value while `G(n0 - 1) = G(n0 - 1 + p)`. The first `p` whose
//! start the values prove is the smallest period (any period is a multiple
//! of the smallest, which has the same start and a shorter proof), and that
//! start is the smallest preperiod. For a wrong `p` the walk stops after a
//! step or two, so a search costs about one comparison per candidate and
//! needs no memory beyond the values: the preperiods of the record games
//! (0.454: 160,949,019, period 60,620,715) are found within the values' own
//! memory.

use super::rule::Rule;
use super::values::{with_cells, Cell, Values};

/// A proven period: `G(n + period) = G(n)` for every `n >= preperiod`, with
/// both as small as they can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// The first heap from which the values repeat.
    pub preperiod: u64,
    /// The length of the repeating block.
    pub period: u64,
}

impl Period {
    /// The heap below `preperiod + period` whose value is `G(heap)`.
    #[inline]
    pub fn reduce(&self, heap: u64) -> u64 {
        if heap < self.preperiod + self.period {
            heap
        } else {
            self.preperiod + (heap - self.preperiod) % self.period
        }
    }
}

/// How many values prove that `G(n + p) = G(n)` for every `n >= n0`, once
/// they show it; `usize::MAX` for a game no count of values proves periodic.
pub fn proof_length(rule: &Rule, n0: usize, p: usize) -> usize {
    let t = rule.max_removal();
    match rule.max_parts() {
        _ if rule.unequal_parts() => usize::MAX,
        1 => n0.saturating_add(p).saturating_add(t).saturating_add(1),
        k => k
            .saturating_mul(n0.saturating_add(p))
            .saturating_add(t)
            .saturating_add(k),
    }
}

/// The period `values` prove, or, when they prove none, how many values
/// the most promising candidate would need (`usize::MAX` when none can be).
pub fn prove(rule: &Rule, values: &Values) -> Result<Period, usize> {
    prove_first(rule, values, values.len())
}

/// As [`prove`], from the first `len` values only (all of them when there
/// are fewer): a search bounded by `--upto` answers the same whatever a
/// checkpoint holds beyond the bound.
pub fn prove_first(rule: &Rule, values: &Values, len: usize) -> Result<Period, usize> {
    with_cells!(values, g => prove_in(rule, &g[..len.min(g.len())]))
}

fn prove_in<T: Cell>(rule: &Rule, g: &[T]) -> Result<Period, usize> {
    let len = g.len();
    let mut fewest = usize::MAX;
    for p in 1..len {
        // Longer periods need more values even from 0.
        let shortest = proof_length(rule, 0, p);
        fewest = fewest.min(shortest);
        if shortest > len {
            break;
        }
        let mut n0 = len - p;
        while n0 > 0 && g[n0 - 1].get() == g[n0 - 1 + p].get() {
            n0 -= 1;
        }
        let needed = proof_length(rule, n0, p);
        if needed <= len {
            return Ok(Period {
                preperiod: n0 as u64,
                period: p as u64,
            });
        }
        fewest = fewest.min(needed);
    }
    if fewest == usize::MAX {
        fewest = proof_length(rule, 0, 1);
    }
    Err(fewest.max(len + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(list: &[u32]) -> Values {
        list.iter().copied().collect()
    }

    #[test]
    fn a_subtraction_game_proves_its_period_after_one_window() {
        // sub:1,2: 0 1 2 0 1 2 …, t = 2: n0 = 0, p = 3 needs 0 + 3 + 3 = 6.
        let rule = Rule::parse("sub:1,2").unwrap();
        let seq: Vec<u32> = (0..6).map(|n| n % 3).collect();
        assert_eq!(
            prove(&rule, &values(&seq)),
            Ok(Period {
                preperiod: 0,
                period: 3
            })
        );
        assert_eq!(prove(&rule, &values(&seq[..5])), Err(6));
    }

    #[test]
    fn the_reported_period_and_preperiod_are_the_smallest() {
        let rule = Rule::parse("sub:1").unwrap();
        // 5 9 then 1 2 1 2 …: proven with p = 2 from n0 = 2.
        let mut seq = vec![5, 9];
        seq.extend((0..20).map(|n| 1 + n % 2));
        let period = prove(&rule, &values(&seq)).unwrap();
        assert_eq!((period.preperiod, period.period), (2, 2));
        assert_eq!(period.reduce(2), 2);
        assert_eq!(period.reduce(1001), 3);
        // A preperiod value that happens to fit the period is not counted.
        let mut seq = vec![7, 2];
        seq.extend((0..20).map(|n| 1 + n % 2));
        let period = prove(&rule, &values(&seq)).unwrap();
        assert_eq!((period.preperiod, period.period), (1, 2));
    }

    #[test]
    fn splitting_games_need_the_longer_window() {
        let rule = Rule::parse("0.07").unwrap();
        let seq: Vec<u32> = (0..20).map(|n| n % 2).collect();
        // t = 2, p = 2, n0 = 0: 0 + 4 + 2 + 2 = 8 values.
        assert!(prove(&rule, &values(&seq[..8])).is_ok());
        assert_eq!(prove(&rule, &values(&seq[..7])), Err(8));
        assert_eq!(prove_first(&rule, &values(&seq), 7), Err(8));
        assert!(prove_first(&rule, &values(&seq), 8).is_ok());
    }
}
