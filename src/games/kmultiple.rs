//! The k-multiple game (POJ 3922, HDU 2580): one pile of `n` objects. The
//! first move takes at least one object but not all of them; every later move
//! takes at least one and at most `k` times what the opponent just took.
//! Whoever takes the last object wins. Fibonacci Nim is `k = 2`.
//!
//! Closed form: the first player loses iff `n` is one of the piles `a[i]`
//! built by
//!
//! ```text
//! a[0] = b[0] = 1
//! a[i] = b[i-1] + 1
//! b[i] = a[i] + b[j]   where j is the largest index with a[j] * k < a[i],
//!      = a[i]          when there is no such j.
//! ```
//!
//! Why: this generalizes Zeckendorf's theorem. `b[i]` is the largest pile
//! that can be written as a sum of distinct `a`'s with largest term `a[i]`
//! and each term more than `k` times the next smaller one, and `a[i+1]` is
//! the first pile that cannot, so every pile has exactly one such sum. If
//! `n` is not a single term, the first player takes its smallest term; the
//! next term up is more than `k` times that, so the opponent cannot clear it,
//! and the same reply (take the smallest remaining term, which is always
//! within the limit) wins. If `n` is a single term, every first move leaves a
//! pile whose smallest term the opponent can take.
//!
//! Three cases are decided without the sequence. Piles of 0 and 1 have no
//! legal first move, so they are losses. With `k = 0` the second move is
//! never possible, so every pile of at least 2 is a win. And every pile up to
//! `k+1` is a loss, since whatever the first player takes, `t`, leaves at
//! most `(k+1) - t <= k*t`, which the opponent clears (these piles are
//! `a[0..=k]`, so the sequence agrees).
//!
//! The sequence has one more stretch with a simple shape. While
//! `a[i] <= k(k+1)`, the `j` above has `a[j] = b[j] = j+1`, which is
//! `floor((a[i]-1)/k)`, so `a[i+1] = a[i] + ceil(a[i]/k)`: past `k+1` the
//! terms step by a constant `c` through each window `(k(c-1), kc]`, and a
//! whole window is one step of arithmetic. For `k >= 2^32` that stretch
//! covers every `u64`.
//!
//! # Cost
//!
//! For `k <= 250_000`, the sequence for `k` is generated once, up to the
//! largest pile asked about, and kept; every other query for that `k` is a
//! binary search. Generating is linear in the number of terms below `n`,
//! roughly `k * (1 + ln(n / k))`: about 3.3 million for `k = 10^5` and `n`
//! near `2^64`, and 8.1 million (some 80 ms) for `k = 250_000`.
//!
//! For larger `k` nothing is cached. Piles up to `k(k+1)` take one step (one
//! division) per window, `n / k` in all. Piles above `k(k+1)`, which exist
//! only for `k < 2^32`, are decided by walking the sequence in constant
//! memory, in time proportional to its roughly `k * (1 + ln(n / k))` terms.
//! Both are cheap for `k` near either end of the range, but with `n` near
//! `2^64` and `k` in the middle, around `2^32`, a single query takes billions
//! of steps (a minute or more). The judges this game comes from bound `k`
//! by `10^5`.

use std::collections::HashMap;

/// How many sequence terms a [`KMultiple`] keeps across all values of `k`:
/// `2^23` terms of 8 bytes, 64 MiB.
const TERM_LIMIT: usize = 1 << 23;

/// The largest `k` whose whole sequence, up to `u64::MAX`, fits in
/// [`TERM_LIMIT`] terms (it takes 8,127,360; `k = 262_144` would take
/// 8,509,721). Sequences grow with `k`, so every smaller `k` fits too.
const TABLE_MAX_K: u64 = 250_000;

/// Decides the k-multiple game, caching the losing piles of each `k` seen.
///
/// See the [module documentation](self) for the cost of a query.
///
/// Memory is bounded: the cached sequences hold at most `2^23` terms
/// (64 MiB) in total. When a sequence has to grow past that, every other
/// cached `k` is forgotten; a single `k <= 250_000` always fits by itself.
#[derive(Clone, Debug)]
pub struct KMultiple {
    sequences: HashMap<u64, LosingPiles>,
    /// Sum of the lengths of every sequence in `sequences`.
    stored_terms: usize,
    term_limit: usize,
}

impl Default for KMultiple {
    fn default() -> KMultiple {
        KMultiple::new()
    }
}

impl KMultiple {
    /// A solver with an empty cache.
    pub fn new() -> KMultiple {
        KMultiple::with_term_limit(TERM_LIMIT)
    }

    /// A solver whose cache holds at most `term_limit` terms, so tests can
    /// reach the eviction and walking paths cheaply.
    fn with_term_limit(term_limit: usize) -> KMultiple {
        KMultiple {
            sequences: HashMap::new(),
            stored_terms: 0,
            term_limit,
        }
    }

    /// Whether the player to move wins the k-multiple game from a pile of
    /// `n`, when each move after the first may take at most `k` times the
    /// previous one.
    ///
    /// `n = 0` and `n = 1` are losses (no legal first move). `k = 0` makes
    /// every pile of at least 2 a win, since the opponent can never move.
    pub fn first_player_wins(&mut self, n: u64, k: u64) -> bool {
        if n < 2 {
            return false;
        }
        if k == 0 {
            return true;
        }
        // All piles up to k+1 are losses, written so that k+1 cannot
        // overflow.
        if n - 1 <= k {
            return false;
        }
        let losing = if k <= TABLE_MAX_K {
            self.is_losing(n, k)
        } else if u128::from(n) <= u128::from(k) * (u128::from(k) + 1) {
            is_losing_by_windows(n, k)
        } else {
            Walker::new(k).lands_on(n)
        };
        !losing
    }

    /// A losing pile of at most `n` for this `k` (the largest one whenever
    /// the sequence is cached, which it is for `k <= 250_000` and `n` within
    /// the cache's bound), for `nimstream gen` to plant losing cases. `None`
    /// for `n < 2`, for `k = 0` (no pile loses) and for larger `k`.
    pub fn losing_at_most(&mut self, n: u64, k: u64) -> Option<u64> {
        if n < 2 || k == 0 || k > TABLE_MAX_K {
            return None;
        }
        if n - 1 <= k {
            return Some(n);
        }
        // Extends the cached sequence up to `n`.
        self.first_player_wins(n, k);
        let terms = &self.sequences.get(&k)?.terms;
        let below = terms.partition_point(|&t| t <= n);
        terms[..below].last().copied().filter(|&t| t >= 2)
    }

    fn is_losing(&mut self, n: u64, k: u64) -> bool {
        if let Some(piles) = self.sequences.get(&k) {
            if piles.reaches(n) {
                return piles.contains(n);
            }
        }
        // Take the sequence out of the map so that making room (clearing the
        // map) and extending it don't fight over borrows.
        let cached = self.sequences.remove(&k);
        let mut others = self.stored_terms - cached.as_ref().map_or(0, LosingPiles::len);
        let mut piles = cached.unwrap_or_else(|| LosingPiles::new(k));
        let budget = self.term_limit.saturating_sub(others);
        piles.extend_to(n, budget);
        if (!piles.reaches(n) || piles.len() > budget) && others > 0 {
            self.sequences.clear();
            others = 0;
            piles.extend_to(n, self.term_limit);
        }
        let losing = if piles.reaches(n) {
            piles.contains(n)
        } else {
            Walker::new(k).lands_on(n)
        };
        self.stored_terms = others + piles.len();
        self.sequences.insert(k, piles);
        losing
    }
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
fn is_losing_by_windows(n: u64, k: u64) -> bool {
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

/// A prefix of the losing piles `a[0] < a[1] < …` for one `k`, and what it
/// takes to extend it.
///
/// Only the `a`'s are stored: `b[i] = a[i+1] - 1`, so the `b` a new term
/// needs is always one less than a stored term or than `next`.
#[derive(Clone, Debug)]
struct LosingPiles {
    k: u64,
    /// Never empty: it starts as `[1]`.
    terms: Vec<u64>,
    /// The next term, `b[last] + 1`, or `None` once that exceeds `u64::MAX`.
    /// In that case `terms` holds every losing pile there is.
    next: Option<u64>,
    /// The `j` of the most recent term. Terms grow, so the `j` of later terms
    /// is never smaller, and the search for it resumes here.
    follower: usize,
}

impl LosingPiles {
    fn new(k: u64) -> LosingPiles {
        LosingPiles {
            k,
            terms: vec![1],
            next: Some(2),
            follower: 0,
        }
    }

    fn len(&self) -> usize {
        self.terms.len()
    }

    fn last(&self) -> u64 {
        self.terms[self.terms.len() - 1]
    }

    /// Whether the stored terms settle whether `n` is a losing pile.
    fn reaches(&self, n: u64) -> bool {
        self.last() >= n || self.next.is_none()
    }

    fn contains(&self, n: u64) -> bool {
        self.terms.binary_search(&n).is_ok()
    }

    /// Generate terms until one is at least `n`, the sequence leaves the
    /// `u64` range, or `max_terms` are stored.
    fn extend_to(&mut self, n: u64, max_terms: usize) {
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
struct Walker {
    k: u64,
    /// The current term `a[i]`.
    pile: u64,
    /// `a[i+1] = b[i] + 1`, or `None` if that exceeds `u64::MAX`.
    next: Option<u64>,
    /// Created on the first step, since the first term needs none.
    follower: Option<Box<Walker>>,
}

impl Walker {
    fn new(k: u64) -> Walker {
        Walker {
            k,
            pile: 1,
            next: Some(2),
            follower: None,
        }
    }

    /// Walk up to `n` and report whether it is one of the terms.
    fn lands_on(mut self, n: u64) -> bool {
        while self.pile < n && self.advance() {}
        self.pile == n
    }

    /// Move to the next term, or return false if there is none in range.
    fn advance(&mut self) -> bool {
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

#[cfg(test)]
mod tests {

    #[test]
    fn losing_at_most_finds_the_largest_losing_pile() {
        let mut game = KMultiple::new();
        for k in [1, 2, 3, 7, 100] {
            for n in 2..400 {
                let expected = (2..=n).rev().find(|&m| !game.first_player_wins(m, k));
                assert_eq!(game.losing_at_most(n, k), expected, "n {n} k {k}");
            }
        }
        assert_eq!(game.losing_at_most(1, 3), None);
        assert_eq!(game.losing_at_most(10, 0), None);
        let big = game.losing_at_most(u64::MAX, 100_000).unwrap();
        assert!(!game.first_player_wins(big, 100_000));
    }

    use super::super::brute::take_limited_wins;
    use super::super::fibonacci;
    use super::*;

    #[test]
    fn matches_game_search() {
        let mut solver = KMultiple::new();
        let ks = (0..=6).chain([10, 100, 149, 150, 1 << 40, u64::MAX]);
        for k in ks {
            let brute = take_limited_wins(150, k as usize);
            for (n, &wins) in brute.iter().enumerate() {
                assert_eq!(solver.first_player_wins(n as u64, k), wins, "n {n}, k {k}");
            }
        }
    }

    #[test]
    fn matches_game_search_in_any_query_order() {
        // Descending queries hit the cache; interleaved k's share it.
        let mut solver = KMultiple::new();
        let brutes: Vec<Vec<bool>> = (1..=4).map(|k| take_limited_wins(120, k)).collect();
        for n in (0..=120).rev() {
            for k in 1..=4 {
                let wins = brutes[k - 1][n];
                assert_eq!(
                    solver.first_player_wins(n as u64, k as u64),
                    wins,
                    "n {n}, k {k}"
                );
            }
        }
    }

    #[test]
    fn k_two_is_fibonacci_nim() {
        let mut solver = KMultiple::new();
        for n in 0..100_000 {
            assert_eq!(
                solver.first_player_wins(n, 2),
                fibonacci::first_player_wins(n),
                "n {n}"
            );
        }
        for shift in 0..64 {
            for n in [
                1u64 << shift,
                (1 << shift) - 1,
                (1 << shift) + 1,
                u64::MAX >> shift,
            ] {
                assert_eq!(
                    solver.first_player_wins(n, 2),
                    fibonacci::first_player_wins(n)
                );
            }
        }
    }

    #[test]
    fn k_one_losses_are_powers_of_two() {
        // With k = 1 the losing piles are the powers of two: the sequence
        // doubles, b[i] = 2 a[i] - 1.
        let mut solver = KMultiple::new();
        for n in (0..=4096).chain((0..64).flat_map(|i| {
            let low = u64::MAX >> i;
            [low, low.wrapping_add(1), low.wrapping_sub(1)]
        })) {
            let expected = n >= 2 && !n.is_power_of_two();
            assert_eq!(solver.first_player_wins(n, 1), expected, "n {n}");
        }
    }

    #[test]
    fn extreme_piles_finish_and_are_cached() {
        let mut solver = KMultiple::new();
        for k in [1, 2, 3, 100_000] {
            solver.first_player_wins(u64::MAX, k);
        }
        let stored = solver.stored_terms;
        let lengths: Vec<usize> = [1, 2, 3, 100_000]
            .iter()
            .map(|k| solver.sequences[k].len())
            .collect();
        assert!(stored < TERM_LIMIT, "stored {stored}");
        assert_eq!(stored, lengths.iter().sum::<usize>());
        // Every sequence is complete: its next term is beyond u64::MAX.
        for k in [1, 2, 3, 100_000] {
            assert_eq!(solver.sequences[&k].next, None, "k {k}");
        }
        // Repeat queries below u64::MAX are answered from the cache without
        // generating anything.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..100_000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            solver.first_player_wins(x, 100_000);
            solver.first_player_wins(x >> (x % 64), 2);
        }
        assert_eq!(solver.stored_terms, stored);
        // The largest term for k = 100_000 is a loss; its neighbours win.
        let largest = solver.sequences[&100_000].last();
        assert!(!solver.first_player_wins(largest, 100_000));
        assert!(solver.first_player_wins(largest - 1, 100_000));
        assert!(largest == u64::MAX || solver.first_player_wins(largest + 1, 100_000));
    }

    #[test]
    fn windows_match_table() {
        for k in 1..=100 {
            let mut table = LosingPiles::new(k);
            let top = k * (k + 1);
            table.extend_to(top, usize::MAX);
            for n in k + 2..=top {
                assert_eq!(
                    is_losing_by_windows(n, k),
                    table.contains(n),
                    "n {n}, k {k}"
                );
            }
        }
        // Larger k, at every term and its neighbours.
        for k in [1000, 4321] {
            let mut table = LosingPiles::new(k);
            let top = k * (k + 1);
            table.extend_to(top, usize::MAX);
            for &term in table
                .terms
                .iter()
                .filter(|&&term| term > k + 1 && term <= top)
            {
                for n in [term - 1, term, term + 1].into_iter().filter(|&n| n <= top) {
                    assert_eq!(
                        is_losing_by_windows(n, k),
                        table.contains(n),
                        "n {n}, k {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn whole_table_fits_up_to_table_max_k() {
        let mut table = LosingPiles::new(TABLE_MAX_K);
        table.extend_to(u64::MAX, usize::MAX);
        assert!(table.next.is_none());
        assert!(table.len() <= TERM_LIMIT, "{} terms", table.len());
    }

    #[test]
    fn huge_k_is_quick_and_builds_no_table() {
        let mut solver = KMultiple::new();
        let ks = [
            u64::MAX,
            u64::MAX - 1,
            u64::MAX - 2,
            1 << 63,
            1 << 48,
            1 << 44,
        ];
        for k in ks {
            // The terms just past k+1 are k+3, k+5, … (step 2 up to 2k).
            for n in (0..12).map(|i| k.wrapping_add(i)).filter(|&n| n >= k) {
                let expected = n - k > 1 && (n - k) % 2 == 0;
                assert_eq!(solver.first_player_wins(n, k), expected, "n {n}, k {k}");
            }
            for n in [0, 1, 2, 3, u64::MAX - 1, u64::MAX] {
                // Only checks that it finishes; the windows themselves are
                // checked against the table in `windows_match_table`.
                let wins = solver.first_player_wins(n, k);
                assert!(u128::from(n) > u128::from(k) + 1 || !wins, "n {n}, k {k}");
            }
        }
        assert_eq!(solver.stored_terms, 0);
        assert!(solver.sequences.is_empty());
    }

    #[test]
    fn dispatch_above_table_max_k_matches_table() {
        // Just past TABLE_MAX_K, windows answer up to k(k+1) and the walker
        // above it; both must agree with a table built here.
        let k = TABLE_MAX_K + 1;
        let top = k * (k + 1);
        let mut table = LosingPiles::new(k);
        table.extend_to(top + 1, usize::MAX);
        let first_above = table.last();
        let last_below = table.terms[table.len() - 2];
        assert!(last_below <= top && first_above > top);
        let mut solver = KMultiple::new();
        for n in [
            last_below - 1,
            last_below,
            last_below + 1,
            top,
            top + 1,
            first_above - 1,
        ]
        .into_iter()
        .chain([first_above, first_above + 1])
        {
            assert_eq!(solver.first_player_wins(n, k), !table.contains(n), "n {n}");
        }
        assert_eq!(solver.stored_terms, 0);
    }

    #[test]
    fn walker_matches_table() {
        for k in [1, 2, 3, 7, 100] {
            let mut table = LosingPiles::new(k);
            table.extend_to(u64::MAX, usize::MAX);
            let mut walker = Walker::new(k);
            let mut walked = vec![walker.pile];
            while walker.advance() {
                walked.push(walker.pile);
            }
            assert_eq!(walked, table.terms, "k {k}");
        }
    }

    #[test]
    fn walker_matches_table_for_large_k_at_the_top() {
        let k = 100_000;
        let mut table = LosingPiles::new(k);
        table.extend_to(u64::MAX, usize::MAX);
        assert!(table.next.is_none());
        let largest = table.last();
        assert!(Walker::new(k).lands_on(largest));
        assert!(!Walker::new(k).lands_on(largest - 1));
        assert!(!Walker::new(k).lands_on(u64::MAX) || largest == u64::MAX);
    }

    #[test]
    fn small_cache_evicts_and_walks_but_agrees() {
        let brutes: Vec<Vec<bool>> = (1..=6).map(|k| take_limited_wins(150, k)).collect();
        for limit in [0, 1, 5, 20, 40] {
            let mut solver = KMultiple::with_term_limit(limit);
            for n in 0..=150u64 {
                for (k, brute) in (1..).zip(&brutes) {
                    let wins = brute[n as usize];
                    assert_eq!(
                        solver.first_player_wins(n, k),
                        wins,
                        "limit {limit}, n {n}, k {k}",
                    );
                    assert!(solver.stored_terms <= limit.max(1), "limit {limit}");
                    let actual: usize = solver.sequences.values().map(|p| p.len()).sum();
                    assert_eq!(solver.stored_terms, actual);
                }
            }
        }
        // Past the limit at the top of the range, too.
        let mut small = KMultiple::with_term_limit(50);
        let mut full = KMultiple::new();
        for k in [1, 2, 5, 100] {
            for n in [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 62) + 1] {
                assert_eq!(small.first_player_wins(n, k), full.first_player_wins(n, k));
            }
        }
    }
}
