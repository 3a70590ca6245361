//! The k-multiple game against brute force, the table against the walker
//! and the windows.

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

use super::cache_tests::check_accounts;
use super::sequence::largest_losing_by_windows;
use super::*;
use crate::games::brute::take_limited_wins;
use crate::games::fibonacci;

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
    // Just past TABLE_MAX_K, without a cache, windows answer up to
    // k(k+1) and the walker above it; with one, the cached prefix does.
    // Both must agree with a table built here.
    let k = TABLE_MAX_K + 1;
    let top = k * (k + 1);
    let mut table = LosingPiles::new(k);
    table.extend_to(top + 1, usize::MAX);
    let first_above = table.last();
    let last_below = table.terms[table.len() - 2];
    assert!(last_below <= top && first_above > top);
    let mut uncached = KMultiple::with_term_limit(k as usize);
    let mut cached = KMultiple::new();
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
        let expected = !table.contains(n);
        assert_eq!(uncached.first_player_wins(n, k), expected, "n {n}");
        assert_eq!(cached.first_player_wins(n, k), expected, "n {n}");
    }
    assert_eq!(uncached.stored_terms, 0);
    assert!(uncached.fallback_steps > 0);
    assert!(cached.sequences[&k].reaches(first_above + 1));
    check_accounts(&cached);
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

#[test]
fn the_largest_losing_pile_by_windows_matches_the_table() {
    for k in (1..=60).chain([99, 100, 1000]) {
        let top = k * (k + 1);
        let mut table = LosingPiles::new(k);
        table.extend_to(top, usize::MAX);
        for n in (k + 2..=top).step_by(if k > 100 { 7 } else { 1 }) {
            let below = table.terms.partition_point(|&t| t <= n);
            let expected = table.terms[below - 1];
            assert_eq!(largest_losing_by_windows(n, k), expected, "n {n} k {k}");
        }
    }
}

/// The winning take's pile: `n` less what the move leaves.
fn take(game: &mut KMultiple, n: u64, k: u64) -> Option<u64> {
    match PositionGame::winning_move(game, n, k) {
        Some(PositionMove::Pile { from, to }) => {
            assert_eq!(from, n);
            Some(n - to)
        }
        Some(other) => panic!("{other} is not a one-pile move"),
        None => None,
    }
}

#[test]
fn winning_takes_are_found_where_no_table_fits() {
    // A cache too small for any sequence walks for every term of the sum;
    // it must name the take the full table names.
    let mut small = KMultiple::with_term_limit(0);
    let mut full = KMultiple::new();
    let mut rng = SplitMix64::new(11);
    for k in [1, 2, 3, 10, 1000] {
        for _ in 0..300 {
            let n = rng.next_u64() >> rng.between(0, 63);
            assert_eq!(take(&mut small, n, k), take(&mut full, n, k), "n {n} k {k}");
        }
    }
    // Found by the position-game property test: the sequence of k = 10^6
    // up to 4 * 10^13 takes more terms than the cache holds.
    let (n, k) = (40_967_971_000_000, 1_000_000);
    assert!(full.first_player_wins(n, k));
    let t = take(&mut full, n, k).expect("a won pile has a winning take");
    assert!(t >= 1 && t < n);
    assert!(
        !full.first_player_wins(t, k),
        "the take {t} is a losing pile"
    );
    // The rest is a sum of losing piles each more than k times the next,
    // so what is left after taking its smallest term cannot be cleared.
    assert!(n - t > k * t, "n {n} take {t}");
}
