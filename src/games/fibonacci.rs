//! Fibonacci Nim (HDU 2516): one pile of `n` objects. The first move takes at
//! least one object but not all of them; every later move takes at least one
//! and at most twice what the opponent just took. Whoever takes the last
//! object wins.
//!
//! Closed form: the first player loses iff `n` is a Fibonacci number.
//!
//! Why (Zeckendorf): every `n` is uniquely a sum of non-consecutive Fibonacci
//! numbers. If `n` is not itself a Fibonacci number, the first player takes
//! the smallest term `F` of that sum. The next term up is at least two
//! Fibonacci steps above `F`, so it is more than `2F`, and the opponent cannot
//! clear it in one move; the same reply (take the smallest term of what is
//! left, which is always within the limit) then wins the whole game. If `n`
//! is a Fibonacci number, any first move leaves a pile whose smallest
//! Zeckendorf term the opponent can take, handing the first player the losing
//! side of that same argument.
//!
//! Piles of 0 and 1 leave the first player no legal move (the first move may
//! not take everything), so they are losses. That agrees with the closed form
//! when 0 and 1 are counted as Fibonacci numbers, which the table does.

use super::legality::{played, take_from_pile, Played};
use super::{Game, GameSpec, PositionGame, PositionMove, PositionRanges};
use crate::rng::SplitMix64;

/// How many distinct Fibonacci numbers fit in a `u64`, counting 0 and 1 once:
/// `F(0) = 0` and `F(2) = 1` through `F(93)`, the last below `2^64`.
pub const COUNT: usize = 93;

/// The distinct Fibonacci numbers `0, 1, 2, 3, 5, …` that fit in a `u64`, in
/// increasing order.
///
/// Built at compile time; an entry past `u64::MAX` would be a compile error,
/// and the tests check that the next one would not fit.
pub const FIBONACCI: [u64; COUNT] = distinct_fibonacci();

const fn distinct_fibonacci() -> [u64; COUNT] {
    let mut table = [0; COUNT];
    // Starting from 1, 2 skips the repeated 1 of 1, 1, 2.
    table[1] = 1;
    table[2] = 2;
    let mut i = 3;
    while i < COUNT {
        table[i] = table[i - 1] + table[i - 2];
        i += 1;
    }
    table
}

/// The Fibonacci numbers of each bit length (`0` has length 0), repeated
/// when a length has one. No length has three: each Fibonacci number from
/// 2 on is more than half the one two places above it, which the build
/// checks.
const BY_LENGTH: [[u64; 2]; 65] = by_length();

const fn by_length() -> [[u64; 2]; 65] {
    let mut table = [[u64::MAX; 2]; 65];
    let mut i = 0;
    while i < COUNT {
        let length = (u64::BITS - FIBONACCI[i].leading_zeros()) as usize;
        if table[length][0] == u64::MAX {
            table[length] = [FIBONACCI[i], FIBONACCI[i]];
        } else if table[length][0] == table[length][1] {
            table[length][1] = FIBONACCI[i];
        } else {
            panic!("three Fibonacci numbers of one bit length");
        }
        i += 1;
    }
    table
}

/// Whether the player to move wins Fibonacci Nim from a pile of `n`.
///
/// `n = 0` and `n = 1` have no legal first move and so are losses. One
/// lookup by bit length, instead of a search of the table: a file of 10^7
/// piles spent most of its answering time searching.
#[inline]
pub fn first_player_wins(n: u64) -> bool {
    let [low, high] = BY_LENGTH[(u64::BITS - n.leading_zeros()) as usize];
    (n != low) & (n != high)
}

/// The smallest term of `n`'s Zeckendorf sum (`n` itself for 0).
fn smallest_zeckendorf_term(n: u64) -> u64 {
    let mut rest = n;
    let mut smallest = n;
    while rest > 0 {
        // The largest Fibonacci number at most `rest`.
        let below = FIBONACCI.partition_point(|&f| f <= rest);
        smallest = FIBONACCI[below - 1];
        rest -= smallest;
    }
    smallest
}

/// Fibonacci Nim as a [`PositionGame`] of one number (`b` is ignored).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FibonacciNim;

/// Fibonacci Nim as the catalogue builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "fibonacci",
    parameters: &[],
    build: |_| Ok(Game::Fibonacci(FibonacciNim)),
};

impl PositionGame for FibonacciNim {
    fn first_player_wins(&mut self, n: u64, _: u64) -> bool {
        first_player_wins(n)
    }

    /// Take the smallest term of `n`'s Zeckendorf sum (see the module
    /// documentation), which is also the smallest winning take.
    fn winning_move(&mut self, n: u64, _: u64) -> Option<PositionMove> {
        if !first_player_wins(n) {
            return None;
        }
        let smallest = smallest_zeckendorf_term(n);
        Some(PositionMove::Pile {
            from: n,
            to: n - smallest,
        })
    }

    /// A first take of 1 to `n - 1`. The opponent, then allowed twice the
    /// take, wins iff the smallest term of the pile's Zeckendorf sum is
    /// within that (the theorem behind the closed form; the test holds it
    /// to a search).
    fn check_move(&mut self, n: u64, _: u64, mv: &PositionMove) -> Played {
        played(
            take_from_pile(n, mv, Some(n.saturating_sub(1))).map(|left| {
                let take = n - left;
                smallest_zeckendorf_term(left) <= take.saturating_mul(2)
            }),
        )
    }

    /// A random Fibonacci number of at least 2 in the range.
    fn losing_position(
        &mut self,
        _drawn: (u64, u64),
        ranges: &PositionRanges,
        rng: &mut SplitMix64,
    ) -> Option<(u64, u64)> {
        let lo = (*ranges.first.start()).max(2);
        let first = FIBONACCI.iter().position(|&f| f >= lo)?;
        let last = FIBONACCI.iter().rposition(|&f| f <= *ranges.first.end())?;
        (first <= last).then(|| {
            (
                FIBONACCI[rng.between(first as u64, last as u64) as usize],
                0,
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::brute::take_limited_wins;
    use super::*;

    #[test]
    fn matches_game_search() {
        for (n, &wins) in take_limited_wins(300, 2).iter().enumerate() {
            assert_eq!(first_player_wins(n as u64), wins, "n {n}");
        }
    }

    #[test]
    fn table_holds_every_fibonacci_number_in_range() {
        // Independently: walk the sequence in u128 until it leaves u64.
        let mut expected: Vec<u64> = Vec::new();
        let (mut current, mut next) = (0u128, 1u128);
        while let Ok(value) = u64::try_from(current) {
            if expected.last() != Some(&value) {
                expected.push(value);
            }
            (current, next) = (next, current + next);
        }
        assert_eq!(FIBONACCI.to_vec(), expected);
        let last = FIBONACCI[COUNT - 1];
        assert_eq!(last.checked_add(FIBONACCI[COUNT - 2]), None);
    }

    #[test]
    fn lookup_by_length_agrees_with_searching_the_table() {
        let search = |n: u64| FIBONACCI.binary_search(&n).is_err();
        let mut rng = SplitMix64::new(7);
        let near = FIBONACCI
            .iter()
            .flat_map(|&f| (0..5).map(move |d| [f.wrapping_add(d), f.wrapping_sub(d)]));
        let powers =
            (0..64).flat_map(|k| [1u64 << k, (1u64 << k) - 1, (1u64 << k) + 1].map(|p| [p, p]));
        let random = (0..100_000).map(|_| {
            let n = rng.next_u64() >> (rng.next_u64() % 64);
            [n, u64::MAX - n]
        });
        for n in near.chain(powers).chain(random).flatten() {
            assert_eq!(first_player_wins(n), search(n), "n {n}");
        }
    }

    #[test]
    fn losses_are_exactly_the_table_near_each_entry() {
        for &fib in FIBONACCI.iter() {
            assert!(!first_player_wins(fib), "n {fib}");
            if fib > 3 {
                assert!(first_player_wins(fib - 1), "n {}", fib - 1);
                assert!(first_player_wins(fib + 1), "n {}", fib + 1);
            }
        }
        assert!(first_player_wins(u64::MAX));
        assert!(first_player_wins(u64::MAX - 1));
    }
}
