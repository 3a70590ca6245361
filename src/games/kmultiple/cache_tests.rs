//! The cache: its counts and bounds, its eviction, and its budget.

use super::sequence::{terms_bound, windows_count, LosingPiles, Walker};
use super::*;
use crate::games::brute::take_limited_wins;

/// A small deterministic generator for the tests below.
fn lcg(x: &mut u64) -> u64 {
    *x = x
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *x ^ (*x >> 29)
}

/// The whole sequence of `k`, up to `u64::MAX`.
fn whole_table(k: u64) -> LosingPiles {
    let mut table = LosingPiles::new(k);
    table.extend_to(u64::MAX, usize::MAX);
    assert!(table.next.is_none());
    table
}

/// How many terms a table needs to settle `n`: those below it and the
/// first one at or above it.
fn terms_needed(table: &LosingPiles, n: u64) -> usize {
    (table.terms.partition_point(|&t| t < n) + 1).min(table.len())
}

/// The cache's own bookkeeping agrees with its contents and stays in
/// its budget.
pub(super) fn check_accounts(solver: &KMultiple) {
    let lengths: usize = solver.sequences.values().map(LosingPiles::len).sum();
    let capacities: usize = solver.sequences.values().map(|p| p.terms.capacity()).sum();
    assert_eq!(solver.stored_terms, lengths);
    assert_eq!(solver.reserved_terms, capacities);
    assert!(
        capacities <= solver.term_limit,
        "{capacities} > {}",
        solver.term_limit
    );
}

#[test]
fn windows_count_matches_table() {
    for k in 1..=60 {
        let table = whole_table(k);
        for n in k + 2..=k * (k + 1) {
            let (losing, terms, steps) = windows_count(n, k);
            assert_eq!(losing, table.contains(n), "n {n}, k {k}");
            assert_eq!(terms as usize, terms_needed(&table, n), "n {n}, k {k}");
            assert_eq!(steps, (n - 1) / k + 1);
        }
    }
    for k in [999, 4321, 100_000] {
        let table = whole_table(k);
        let top = k * (k + 1);
        let mut x = k;
        for i in 0..3000 {
            let n = if i < 1000 {
                top - i
            } else {
                k + 2 + lcg(&mut x) % (top - k - 1)
            };
            let (losing, terms, _) = windows_count(n, k);
            assert_eq!(losing, table.contains(n), "n {n}, k {k}");
            assert_eq!(terms as usize, terms_needed(&table, n), "n {n}, k {k}");
        }
    }
}

#[test]
fn terms_bound_is_an_upper_bound_and_close() {
    for k in [1, 2, 3, 7, 100, 1000, 99_989] {
        let table = whole_table(k);
        let mut x = k;
        for _ in 0..400 {
            let n = (lcg(&mut x) >> (lcg(&mut x) % 64)).max(k + 2);
            let exact = terms_needed(&table, n);
            // From nothing, and from every kind of cached prefix.
            let mut prefixes = vec![0, 1, (k as usize).min(exact), exact - 1];
            prefixes.push(1 + lcg(&mut x) as usize % exact);
            for len in prefixes {
                let last = if len == 0 { 0 } else { table.terms[len - 1] };
                if last >= n {
                    continue;
                }
                let bound = terms_bound(n, k, len, last);
                assert!(bound >= exact, "n {n} k {k} len {len}: {bound} < {exact}");
                if len == 0 {
                    // Close enough that the fast path usually decides.
                    // (Loosest at n near 2k: k ln 2 against k/2 terms.)
                    assert!(
                        bound * 100 <= exact * 115 + 1000,
                        "n {n} k {k}: {bound} vs {exact}"
                    );
                }
            }
        }
    }
}

#[test]
fn walker_resumes_from_any_cached_term() {
    for k in [1, 2, 3, 7, 100] {
        let table = whole_table(k);
        for i in [
            0,
            1,
            2,
            k as usize,
            table.len() / 2,
            table.len() - 2,
            table.len() - 1,
        ] {
            let mut walker = Walker::at(&table, i);
            let mut walked = vec![walker.pile];
            while walker.advance() {
                walked.push(walker.pile);
            }
            assert_eq!(walked, table.terms[i..], "k {k}, i {i}");
        }
    }
}

/// Queries `ks` in turn, `rounds` times, with piles drawn from
/// `2..=max_n`; checks every answer with the windows and returns the
/// solver and the total length of the sequences the queries need.
fn cycle(ks: &[u64], rounds: usize, max_n: u64) -> (KMultiple, usize) {
    let mut solver = KMultiple::new();
    let mut largest = vec![0; ks.len()];
    let mut x = 12345;
    for _ in 0..rounds {
        for (i, &k) in ks.iter().enumerate() {
            let n = 2 + lcg(&mut x) % (max_n - 1);
            assert!(u128::from(n) <= u128::from(k) * u128::from(k + 1));
            let expected = n > k + 1 && !is_losing_by_windows(n, k);
            assert_eq!(solver.first_player_wins(n, k), expected, "n {n}, k {k}");
            largest[i] = largest[i].max(n);
        }
        check_accounts(&solver);
    }
    let total = ks
        .iter()
        .zip(&largest)
        .map(|(&k, &n)| windows_count(n, k).1 as usize)
        .sum();
    (solver, total)
}

#[test]
fn a_cycle_of_k_that_fits_generates_each_term_once() {
    // Twelve k near 10^5 with piles up to 2 * 10^7: 6.9 million terms,
    // within the 8.4 million of the cache.
    let ks: Vec<u64> = (99_989..=100_000).collect();
    let (solver, total) = cycle(&ks, 200, 20_000_000);
    assert!(total <= TERM_LIMIT, "{total}");
    assert_eq!(solver.sequences.len(), ks.len());
    assert!(
        solver.generated_terms <= total as u64,
        "generated {} for {total}",
        solver.generated_terms
    );
}

#[test]
fn a_cycle_of_k_larger_than_the_cache_does_not_regenerate_each_query() {
    // The file: twelve k near 10^5 with piles up to 10^8 need
    // about 9 million terms, more than the cache holds. Evicting on
    // every miss would generate about 750,000 terms per query; rent
    // bounds the regeneration by the windows work, some 1,000 steps
    // per query here. The same with 24 k.
    for count in [12, 24] {
        let ks: Vec<u64> = (100_001 - count..=100_000).collect();
        let rounds = 200;
        let (solver, total) = cycle(&ks, rounds, 100_000_000);
        assert!(total > TERM_LIMIT, "{total}");
        let queries = (rounds as u64) * count;
        let generated = solver.generated_terms;
        assert!(
            generated <= TERM_LIMIT as u64 + 1_000 * queries,
            "{count} k: generated {generated} for {total} in {queries} queries"
        );
        assert!(generated <= 2 * total as u64, "{generated} vs {total}");
    }
}

#[test]
fn k_just_above_250_000_is_answered_from_its_cached_prefix() {
    let k = TABLE_MAX_K + 1;
    let mut solver = KMultiple::new();
    let mut x = 7;
    let mut queries: Vec<u64> = (0..2000)
        .map(|_| 2 + lcg(&mut x) % 1_000_000_000_000)
        .collect();
    let top = *queries.iter().max().unwrap();
    solver.first_player_wins(top, k);
    let generated = solver.generated_terms;
    let fallback = solver.fallback_steps;
    // About 3.9 million terms, generated once.
    assert!(generated < 4_100_000, "{generated}");
    assert!(solver.sequences[&k].reaches(top));
    queries.push(top);
    for (i, &n) in queries.iter().enumerate() {
        let wins = solver.first_player_wins(n, k);
        if i % 100 == 0 {
            assert_eq!(wins, n > k + 1 && !Walker::new(k).lands_on(n), "n {n}");
        }
    }
    assert_eq!(solver.generated_terms, generated);
    assert_eq!(solver.fallback_steps, fallback);
    check_accounts(&solver);
}

#[test]
fn a_small_budget_is_never_exceeded_and_answers_agree() {
    let tables: Vec<LosingPiles> = (0..=80).map(whole_table).collect();
    let brutes: Vec<Vec<bool>> = (1..=8).map(|k| take_limited_wins(150, k)).collect();
    for limit in [0, 3, 100, 700, 3000, 20_000] {
        let mut solver = KMultiple::with_term_limit(limit);
        let mut x = limit as u64;
        for _ in 0..3000 {
            let k = 1 + lcg(&mut x) % if lcg(&mut x).is_multiple_of(2) { 8 } else { 80 };
            let n = match lcg(&mut x) % 3 {
                0 => lcg(&mut x) % 151,
                1 => lcg(&mut x) >> (lcg(&mut x) % 64),
                _ => lcg(&mut x) % (k * (k + 1) + 2),
            };
            let table = &tables[k as usize];
            let expected = n > k + 1 && !table.contains(n);
            if n <= 150 && k <= 8 {
                assert_eq!(expected, brutes[k as usize - 1][n as usize]);
            }
            assert_eq!(
                solver.first_player_wins(n, k),
                expected,
                "limit {limit}, n {n}, k {k}"
            );
            check_accounts(&solver);
            // The same whatever the cache holds: the largest losing pile
            // whenever the sequence fits by itself.
            // Below k(k+1) the windows answer without a table.
            let fits = n <= k + 1 || n <= k * (k + 1) || terms_needed(table, n) <= limit;
            let largest = table.terms[..table.terms.partition_point(|&t| t <= n)]
                .last()
                .copied()
                .filter(|&t| t >= 2);
            let expected = if n < 2 {
                None
            } else if fits {
                largest.or(Some(n))
            } else {
                None
            };
            assert_eq!(
                solver.losing_at_most(n, k),
                expected,
                "limit {limit}, n {n}, k {k}"
            );
            check_accounts(&solver);
        }
    }
}

#[test]
fn eviction_takes_the_least_recently_used_and_only_what_is_needed() {
    let limit = 1500;
    let mut solver = KMultiple::with_term_limit(limit);
    let n = 1 << 40;
    // 259, 282 and 310 terms: all fit.
    for k in [10, 11, 12] {
        solver.first_player_wins(n, k);
    }
    let lengths: Vec<usize> = (10..=12).map(|k| solver.sequences[&k].len()).collect();
    assert_eq!(
        lengths,
        [10, 11, 12].map(|k| terms_needed(&whole_table(k), n))
    );
    // k = 11 becomes the least recently used.
    solver.first_player_wins(n - 1, 10);
    solver.first_player_wins(n - 1, 12);
    // k = 30 needs 747 terms, more than the free room: k = 11
    // loses just its top end.
    let needed = terms_needed(&whole_table(30), n);
    assert!(needed > limit - lengths.iter().sum::<usize>());
    assert!(needed < limit - lengths[0] - lengths[2]);
    // Past k(k+1) it evicts for the bound on its length, a little more.
    let bound = terms_bound(n, 30, 0, 0);
    assert!(
        bound >= needed && bound * 100 <= needed * 105,
        "{bound} vs {needed}"
    );
    solver.first_player_wins(n, 30);
    check_accounts(&solver);
    assert_eq!(solver.sequences[&10].len(), lengths[0]);
    assert_eq!(solver.sequences[&12].len(), lengths[2]);
    assert_eq!(solver.sequences[&30].len(), needed);
    assert_eq!(
        solver.sequences[&11].len(),
        limit - lengths[0] - lengths[2] - bound
    );
    // The shortened prefix still answers below its top, and grows back.
    let before = solver.generated_terms;
    assert_eq!(
        solver.first_player_wins(n, 11),
        !whole_table(11).contains(n)
    );
    assert_eq!(solver.sequences[&11].len(), lengths[1]);
    assert!(solver.generated_terms > before);
    check_accounts(&solver);
    // Up to k(k+1) the count is exact, and eviction waits for rent:
    // a query that would evict is answered by the windows until the
    // windows work adds up to the terms to generate. `losing_at_most`
    // needs the table, so it evicts at once, exactly the deficit.
    let mut solver = KMultiple::with_term_limit(1000);
    for k in [10, 11, 12] {
        solver.first_player_wins(n, k);
    }
    solver.first_player_wins(n - 1, 10);
    solver.first_player_wins(n - 1, 12);
    let (k, small) = (60, 2000);
    let needed = terms_needed(&whole_table(k), small);
    let free = 1000 - lengths.iter().sum::<usize>();
    assert!(needed > free && needed - free < lengths[1] - 13);
    let before = solver.generated_terms;
    for _ in 0..3 {
        assert_eq!(
            solver.first_player_wins(small, k),
            !whole_table(k).contains(small)
        );
    }
    assert_eq!(solver.generated_terms, before);
    assert!(!solver.sequences.contains_key(&k));
    let largest = whole_table(k)
        .terms
        .iter()
        .copied()
        .filter(|&t| t <= small)
        .max();
    // Answered by the windows, which store nothing; then the sequence is
    // admitted as a query that must store it would.
    assert_eq!(solver.losing_at_most(small, k), largest);
    assert!(!solver.sequences.contains_key(&k));
    solver.is_losing(small, k, Admit::Always);
    check_accounts(&solver);
    assert_eq!(solver.stored_terms, 1000);
    assert_eq!(solver.sequences[&k].len(), needed);
    assert_eq!(solver.sequences[&10].len(), lengths[0]);
    assert_eq!(solver.sequences[&12].len(), lengths[2]);
    assert_eq!(solver.sequences[&11].len(), lengths[1] - (needed - free));
    check_accounts(&solver);
}
