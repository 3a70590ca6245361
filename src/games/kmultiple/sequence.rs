//! The losing piles of one `k`: the stored sequence, the constant-memory
//! walker, and the counts and window arithmetic that decide piles without
//! storing one.

/// An upper bound on the number of terms a table needs to settle `n > k+1`
/// (those below `n` and the first one at or above it), given a cached
/// prefix of `len` terms ending at `last` (`len = 0` if none).
///
/// Every term `a[i] > k` has `a[i+1] >= a[i] * (1 + 1/k)`: the `b[j]` added
/// to it is one less than `a[j+1]`, the first term with `a[j+1] * k >=
/// a[i]`. So above a term `p > k` there are at most `ln(n/p) / ln(1 + 1/k)`
/// terms up to `n` (about `(k + 1/2) ln(n/p)`), and one more reaches it. The
/// first `k+1` terms are `1..=k+1`.
pub(super) fn terms_bound(n: u64, k: u64, len: usize, last: u64) -> usize {
    let (base, from) = if last > k {
        (len, last)
    } else {
        (k as usize + 1, k + 1)
    };
    let above = (n as f64 / from as f64).ln() / (1.0 / k as f64).ln_1p();
    // A margin for rounding; `as` saturates.
    base.saturating_add((above * (1.0 + 1e-9)).ceil() as usize)
        .saturating_add(2)
}

/// Whether `n` is a losing pile, for `k+1 < n <= k(k+1)`.
///
/// From `a[k] = k+1` up to `k(k+1)`, each term is the previous one plus
/// `c = ceil(a/k)`, and `c` is the same for every term in the window
/// `(k(c-1), kc]`. So the terms in window `c` are `k(c-1) + 1 + u[c] + c*t`
/// for some offset `0 <= u[c] < c`. Window 2 starts at `k+1`, so `u[2] = 0`,
/// and the first term past window `c` lands at offset
/// `u[c+1] = (u[c] - k) mod c` in window `c+1`. That is one step per window,
/// `ceil(n/k) - 2` in all.
pub(super) fn is_losing_by_windows(n: u64, k: u64) -> bool {
    // n >= 2 and k >= 1, so none of these underflow. Windows never exceed
    // k+1, so `c <= k` in the loop and `u + c < 2c` cannot overflow.
    let window = (n - 1) / k + 1;
    let offset = (n - 1) % k;
    let mut u = 0;
    for c in 2..window {
        u += c - k % c;
        if u >= c {
            u -= c;
        }
    }
    offset >= u && (offset - u).is_multiple_of(window)
}

/// The largest losing pile at most `n`, for `k+1 < n <= k(k+1)`, by the same
/// windows: the last term at or before `n`'s offset in its window, or, when
/// the window's first term is past `n`, the last term of the window before.
pub(super) fn largest_losing_by_windows(n: u64, k: u64) -> u64 {
    let window = (n - 1) / k + 1;
    let offset = (n - 1) % k;
    let (mut u, mut before) = (0, 0);
    for c in 2..window {
        before = u;
        u += c - k % c;
        if u >= c {
            u -= c;
        }
    }
    let term = |c: u64, u: u64, at: u64| k * (c - 1) + 1 + u + c * ((at - u) / c);
    if offset >= u {
        term(window, u, offset)
    } else {
        // Window 2 starts at offset 0, so here the window is at least 3.
        term(window - 1, before, k - 1)
    }
}

/// The largest losing pile at most `n`, for `n > k+1` and `k >= 1`, walking
/// the sequence without a table: in time proportional to its terms up to
/// `n`, as [`Walker`] costs.
pub(super) fn largest_losing_by_walking(n: u64, k: u64) -> u64 {
    let mut walker = Walker::new(k);
    while walker.next.is_some_and(|next| next <= n) {
        walker.advance();
    }
    walker.pile
}

/// [`is_losing_by_windows`], also counting the terms a table needs to
/// settle `n` (those below it and the first one at or above it) and the
/// windows stepped, for `k+1 < n <= k(k+1)` and `k < 2^32`.
///
/// Window 1 holds the `k` terms `1..=k`; a full window `c >= 2` holds the
/// `floor((k-1-u[c]) / c) + 1` terms at offsets `u[c], u[c] + c, …` below
/// `k`. The term after `n` exists in `u64`: it is at most `n + k + 1`.
pub(super) fn windows_count(n: u64, k: u64) -> (bool, u64, u64) {
    let window = (n - 1) / k + 1;
    let offset = (n - 1) % k;
    let mut u = 0;
    let mut below = k;
    for c in 2..window {
        // u < c <= k, so k-1-u does not underflow.
        below += (k - 1 - u) / c + 1;
        u += c - k % c;
        if u >= c {
            u -= c;
        }
    }
    let (losing, in_window) = if offset >= u {
        let gap = offset - u;
        (gap.is_multiple_of(window), gap / window + 1)
    } else {
        (false, 0)
    };
    // Terms up to n, then the next one unless n is itself a term.
    let terms = below + in_window + u64::from(!losing);
    (losing, terms, window)
}

/// A prefix of the losing piles `a[0] < a[1] < …` for one `k`, and what it
/// takes to extend it.
///
/// Only the `a`'s are stored: `b[i] = a[i+1] - 1`, so the `b` a new term
/// needs is always one less than a stored term or than `next`.
#[derive(Clone, Debug)]
pub(super) struct LosingPiles {
    pub(super) k: u64,
    /// Never empty: it starts as `[1]`.
    pub(super) terms: Vec<u64>,
    /// The next term, `b[last] + 1`, or `None` once that exceeds `u64::MAX`.
    /// In that case `terms` holds every losing pile there is.
    pub(super) next: Option<u64>,
    /// The `j` of the most recent term. Terms grow, so the `j` of later terms
    /// is never smaller, and the search for it resumes here.
    pub(super) follower: usize,
    /// When the cache last used this sequence, for eviction.
    pub(super) used: u64,
}

impl LosingPiles {
    pub(super) fn new(k: u64) -> LosingPiles {
        LosingPiles {
            k,
            terms: vec![1],
            next: Some(2),
            follower: 0,
            used: 0,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.terms.len()
    }

    pub(super) fn last(&self) -> u64 {
        self.terms[self.terms.len() - 1]
    }

    /// Whether the stored terms settle whether `n` is a losing pile.
    pub(super) fn reaches(&self, n: u64) -> bool {
        self.last() >= n || self.next.is_none()
    }

    pub(super) fn contains(&self, n: u64) -> bool {
        self.terms.binary_search(&n).is_ok()
    }

    /// Keeps the first `len` terms (at least one) and gives back the memory
    /// of the others.
    pub(super) fn truncate(&mut self, len: usize) {
        let len = len.max(1);
        if len >= self.len() {
            return;
        }
        let next = self.terms[len];
        self.terms.truncate(len);
        self.terms.shrink_to_fit();
        self.next = Some(next);
        // The j of `next`: the last term t with t * k < next, or 0.
        let k = u128::from(self.k);
        self.follower = self
            .terms
            .partition_point(|&t| u128::from(t) * k < u128::from(next))
            .saturating_sub(1);
    }

    /// Generate terms until one is at least `n`, the sequence leaves the
    /// `u64` range, or `max_terms` are stored.
    pub(super) fn extend_to(&mut self, n: u64, max_terms: usize) {
        // Products a[j] * k are compared in u128: both factors are below
        // 2^64, so the product is below 2^128.
        let k = u128::from(self.k);
        while self.terms.len() < max_terms && self.last() < n {
            let Some(pile) = self.next else { break };
            let len = self.terms.len();
            while self.follower + 1 < len
                && u128::from(self.terms[self.follower + 1]) * k < u128::from(pile)
            {
                self.follower += 1;
            }
            let j = self.follower;
            let b = if u128::from(self.terms[j]) * k < u128::from(pile) {
                // b[j] = a[j+1] - 1, where a[j+1] may be the pile being
                // added now. Terms are at least 1, so this can't underflow.
                let b_j = self.terms.get(j + 1).copied().unwrap_or(pile) - 1;
                pile.checked_add(b_j)
            } else {
                Some(pile)
            };
            if len == self.terms.capacity() {
                // Grow by doubling, but never reserve past the limit, so the
                // memory bound covers capacity and not just length.
                self.terms.reserve_exact(len.min(max_terms - len).max(1));
            }
            self.terms.push(pile);
            self.next = b.and_then(|b| b.checked_add(1));
        }
    }
}

/// A forward-only cursor over the losing piles for one `k` that stores no
/// table.
///
/// Generating `a[i+1]` needs `a[j]` and `b[j]` for a `j` that only moves
/// forward, so a second cursor (the follower) can walk behind this one and
/// supply them, with its own follower behind it, and so on. The follower's
/// terms satisfy `a[j] * k < a[i]`, so each cursor down the chain sits at a
/// smaller pile, roughly divided by `k` (by 2 per index when `k = 1`, where
/// the piles are powers of two). The chain is therefore at most about 65
/// cursors long, and walking to `n` costs a small multiple of the number of
/// terms below `n`.
pub(super) struct Walker {
    pub(super) k: u64,
    /// The current term `a[i]`.
    pub(super) pile: u64,
    /// `a[i+1] = b[i] + 1`, or `None` if that exceeds `u64::MAX`.
    pub(super) next: Option<u64>,
    /// Created on the first step, since the first term needs none.
    pub(super) follower: Option<Box<Walker>>,
}

impl Walker {
    pub(super) fn new(k: u64) -> Walker {
        Walker {
            k,
            pile: 1,
            next: Some(2),
            follower: None,
        }
    }

    /// A walker standing on term `i` of a cached prefix, in the state a walk
    /// from the start would have there: each follower stands on the `j` of
    /// the term above it, the last term `t` with `t * k` below it (or on
    /// term 0, whose follower is not created yet).
    pub(super) fn at(piles: &LosingPiles, i: usize) -> Walker {
        let terms = &piles.terms;
        let k = u128::from(piles.k);
        let pile = terms[i];
        let follower = (i > 0).then(|| {
            let j = terms[..i]
                .partition_point(|&t| u128::from(t) * k < u128::from(pile))
                .saturating_sub(1);
            Box::new(Walker::at(piles, j))
        });
        Walker {
            k: piles.k,
            pile,
            next: terms
                .get(i + 1)
                .copied()
                .or(piles.next.filter(|_| i + 1 == terms.len())),
            follower,
        }
    }

    /// Walk up to `n` and report whether it is one of the terms.
    #[cfg(test)]
    pub(super) fn lands_on(mut self, n: u64) -> bool {
        self.walk_to(n);
        self.pile == n
    }

    /// Walk until the current term is at least `n` or the last one in
    /// range; returns the number of steps.
    pub(super) fn walk_to(&mut self, n: u64) -> u64 {
        let mut steps = 0;
        while self.pile < n && self.advance() {
            steps += 1;
        }
        steps
    }

    /// Move to the next term, or return false if there is none in range.
    pub(super) fn advance(&mut self) -> bool {
        let Some(pile) = self.next else { return false };
        let k = u128::from(self.k);
        let follower = self
            .follower
            .get_or_insert_with(|| Box::new(Walker::new(self.k)));
        while follower
            .next
            .is_some_and(|after| u128::from(after) * k < u128::from(pile))
        {
            follower.advance();
        }
        let b = if u128::from(follower.pile) * k < u128::from(pile) {
            // The follower's b is one less than its next term. If that term
            // is out of range, so is the follower's b, and so is this b.
            follower.next.and_then(|after| pile.checked_add(after - 1))
        } else {
            Some(pile)
        };
        self.pile = pile;
        self.next = b.and_then(|b| b.checked_add(1));
        true
    }
}
