//! Proving that a nim-sequence is periodic, from finitely many values.
//!
//! # The criteria
//!
//! Let `t` be the most objects a move removes (the code's last nonzero
//! digit). The values prove `G(n + p) = G(n)` for every `n >= n0` when they
//! show it for
//!
//! * games that never split a heap (subtraction games): `n0 <= n <= n0 + t`.
//!   For `n > t` a heap's value is the same function of the `t` values below
//!   it, so once `t + 1` values repeat, every later one does;
//! * games that may leave two heaps: `n0 <= n < 2·n0 + p + t + 2`. This is
//!   the Guy–Smith periodicity theorem (Winning Ways, chapter 4), which asks
//!   for `n < 2·n0 + p + t`; the two extra values cover `n0 = 0`, where the
//!   larger part of a split of `n + p` can otherwise be a heap of `p`.
//!
//! # Finding the period
//!
//! For every start `n0` the smallest period of the values from `n0` on is
//! the smallest period of a prefix of the reversed sequence, which one
//! prefix-function (Knuth–Morris–Pratt) pass gives for all `n0` at once. The
//! first `n0` whose period the computed values prove gives a periodic tail;
//! the reported period is then the smallest one (it divides every other),
//! and the preperiod the smallest start for it.

use super::rule::Rule;
use super::values::{Cell, Values};

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
/// they show it.
pub fn proof_length(rule: &Rule, n0: usize, p: usize) -> usize {
    let t = rule.max_removal();
    if rule.splits() {
        2 * n0 + 2 * p + t + 2
    } else {
        n0 + p + t + 1
    }
}

/// The period `values` prove, or, when they prove none, how many values
/// the most promising candidate would need.
pub fn prove(rule: &Rule, values: &Values) -> Result<Period, usize> {
    match values {
        Values::Narrow(g) => prove_in(rule, g),
        Values::Wide(g) => prove_in(rule, g),
    }
}

fn prove_in<T: Cell>(rule: &Rule, g: &[T]) -> Result<Period, usize> {
    let len = g.len();
    if len == 0 {
        return Err(proof_length(rule, 0, 1));
    }
    let back = |j: usize| g[len - 1 - j].get();
    // border[j]: the longest proper border of the reversed prefix of length
    // j + 1, that is of the values from len - 1 - j to the end.
    let mut border = vec![0u32; len];
    for j in 1..len {
        let mut k = border[j - 1] as usize;
        while k > 0 && back(j) != back(k) {
            k = border[k - 1] as usize;
        }
        if back(j) == back(k) {
            k += 1;
        }
        border[j] = k as u32;
    }
    let mut fewest = usize::MAX;
    for n0 in 0..len {
        let tail = len - n0;
        let p = tail - border[tail - 1] as usize;
        let needed = proof_length(rule, n0, p);
        if needed <= len {
            return Ok(smallest(g, n0, p));
        }
        fewest = fewest.min(needed);
    }
    Err(fewest)
}

/// The smallest period and preperiod of a sequence known to repeat with
/// period `p` from `n0` on.
fn smallest<T: Cell>(g: &[T], n0: usize, p: usize) -> Period {
    let known = Period {
        preperiod: n0 as u64,
        period: p as u64,
    };
    let at = |n: usize| g[known.reduce(n as u64) as usize].get();
    let period = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (n0..n0 + p).all(|n| at(n + d) == at(n)))
        .unwrap_or(p);
    let preperiod = (0..n0)
        .rev()
        .find(|&n| at(n + period) != at(n))
        .map_or(0, |n| n + 1);
    Period {
        preperiod: preperiod as u64,
        period: period as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(list: &[u32]) -> Values {
        let mut v = Values::default();
        for &x in list {
            v.push(x);
        }
        v
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
    }
}
