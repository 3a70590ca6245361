//! Fibonacci Nim and the k-multiple game in play: one pile, where the most
//! a move may take depends on the move before.
//!
//! The first move takes 1 to `n - 1` objects (not all); every later move
//! takes at least one and at most `k` times the take before (`k = 2` in
//! Fibonacci Nim); whoever takes the last object wins. So the position is
//! the pile and the limit of the next take, which the case alone does not
//! hold: a [`LimitedPile`] keeps the take before.
//!
//! The theory behind every choice here, held to a search in the tests:
//! the solvers write each pile uniquely as a sum of terms of their
//! sequence (Fibonacci numbers; for `k`, the losing piles `a[i]`), each
//! term more than `k` times the next smaller one, and name the smallest
//! term as the winning move ([`PositionGame::winning_move`]). Write `s(n)`
//! for it (`n` itself when the pile is one term).
//!
//! - The player to move with a pile of `n` and a limit `L` wins iff
//!   `s(n) <= L`, and `s(n)` is then the smallest winning take. Taking
//!   `s(n)` leaves terms all above `k s(n)`, beyond the opponent's reach;
//!   a take `t < s(n)` leaves a pile whose smallest term is at most `k t`.
//! - The winning takes from `(m, R)` are the sums of the `j` smallest
//!   terms of `m`, `p[j] = s(m) + s(m - s(m)) + …`, that are within `R`
//!   and either take all or leave a pile whose smallest term is above
//!   `k p[j]`: a take strictly between two such sums leaves a pile whose
//!   smallest term is at most `k` times the excess over the lower sum, so
//!   it loses. So the winning replies are counted in a walk over the terms
//!   of `m` (about `log(m)` of them), not over every take.
//!
//! From a won position the interactor takes `s(n)`, as `solve --move`
//! does. From a lost one, among candidate takes (every take when at most
//! 64 are allowed; else 1 to 3, the powers of two, the most allowed, and
//! drawn ones) it plays one that leaves the program the fewest winning
//! replies, so that a program that guesses is likely to miss them,
//! drawing among equals with the seed. Hurried, it plays the take whose
//! smallest winning reply is largest, which ends the game within a few
//! dozen moves for `k >= 2` (and Fibonacci Nim).

use std::fmt;

use crate::games::{PositionGame, PositionMove};
use crate::rng::SplitMix64;

/// The largest limit up to which a lost position weighs every take.
const EVERY_TAKE: u64 = 64;

/// How many drawn takes a lost position weighs above [`EVERY_TAKE`].
const DRAWN_TAKES: usize = 8;

/// A pile between moves of Fibonacci Nim or the k-multiple game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitedPile {
    /// The objects left.
    pub pile: u64,
    /// The `k` the case gave, which the game is asked with; `None` for
    /// Fibonacci Nim, whose case is the pile alone.
    pub k: Option<u64>,
    /// What the move before took; `None` before the first move.
    pub last_take: Option<u64>,
}

impl LimitedPile {
    /// The pile a case starts from.
    pub fn new(pile: u64, k: Option<u64>) -> LimitedPile {
        LimitedPile {
            pile,
            k,
            last_take: None,
        }
    }

    /// How many times the take before a move may take: `k`, or 2 in
    /// Fibonacci Nim.
    pub fn multiple(&self) -> u64 {
        self.k.unwrap_or(2)
    }

    /// The most the next move may take: all but one before the first
    /// move, then `k` times the take before (which may exceed the pile).
    pub fn limit(&self) -> u64 {
        match self.last_take {
            None => self.pile.saturating_sub(1),
            Some(take) => self.multiple().saturating_mul(take),
        }
    }

    /// The second number the game is asked with (Fibonacci Nim ignores it).
    fn parameter(&self) -> u64 {
        self.k.unwrap_or(0)
    }

    /// Whether the player to move has a move.
    pub fn has_move(&self) -> bool {
        self.pile > 0 && self.limit() > 0
    }

    /// Plays a take already checked to be legal.
    pub fn take(&mut self, take: u64) {
        self.pile -= take;
        self.last_take = Some(take);
    }

    /// The smallest winning take of the player to move; `None` when the
    /// position is lost (or has no move).
    pub fn winning_take(&self, game: &mut impl PositionGame) -> Option<u64> {
        if !self.has_move() {
            return None;
        }
        let smallest = smallest_term(game, self.pile, self.parameter());
        (smallest <= self.limit()).then_some(smallest)
    }

    /// Whether the player to move wins.
    pub fn mover_wins(&self, game: &mut impl PositionGame) -> bool {
        self.winning_take(game).is_some()
    }

    /// The take of a move from `from` objects to `to`, or why it is no
    /// legal move here.
    pub fn check_take(&self, from: u64, to: u64) -> Result<u64, String> {
        if from != self.pile {
            return Err(format!("the pile has {}, not {from}", self.pile));
        }
        if to >= from {
            return Err(format!("a move takes at least one object: {from}->{to}"));
        }
        let take = from - to;
        if take <= self.limit() {
            return Ok(take);
        }
        Err(match self.last_take {
            None => format!(
                "the first move may not take all: at most {} of {from}, not {take}",
                self.limit()
            ),
            Some(last) => format!(
                "a move may take at most {m}×{last} = {limit} ({m} times the {last} taken \
                 before), not {take}",
                m = self.multiple(),
                limit = self.limit()
            ),
        })
    }

    /// The interactor's take: `None` when it has no move. From a won
    /// position the smallest winning take; from a lost one, the candidate
    /// that leaves the fewest winning replies, drawn among equals
    /// (hurried: the one that ends the game soonest).
    pub fn choose(
        &self,
        game: &mut impl PositionGame,
        hurry: bool,
        rng: &mut SplitMix64,
    ) -> Option<u64> {
        if !self.has_move() {
            return None;
        }
        if let Some(take) = self.winning_take(game) {
            return Some(take);
        }
        let most = self.limit().min(self.pile);
        if hurry {
            return Some(self.hastening_take(game, most));
        }
        let mut takes: Vec<u64> = match most <= EVERY_TAKE {
            true => (1..=most).collect(),
            false => {
                let mut takes = vec![1, 2, 3, most];
                takes.extend((0..64).map(|i| 1u64 << i).filter(|&t| t <= most));
                takes.extend((0..DRAWN_TAKES).map(|_| rng.between(1, most)));
                takes.sort_unstable();
                takes.dedup();
                takes
            }
        };
        let scores: Vec<u64> = takes
            .iter()
            .map(|&t| {
                let reach = self.multiple().saturating_mul(t);
                winning_replies(
                    game,
                    self.pile - t,
                    reach,
                    self.parameter(),
                    self.multiple(),
                )
            })
            .collect();
        let fewest = *scores.iter().min()?;
        let mut at = 0;
        takes.retain(|_| {
            at += 1;
            scores[at - 1] == fewest
        });
        Some(takes[rng.between(0, takes.len() as u64 - 1) as usize])
    }

    /// From a lost position, the take of at most `most` after which the
    /// program's smallest winning reply is largest (the larger take among
    /// equals): the limits then grow, and the game ends within a few dozen
    /// moves, where small takes answered by small takes would go on for
    /// about 0.4 moves an object (for `k >= 2`; with `k = 1` no take after
    /// the first grows, and the game lasts at least the pile over the
    /// first take).
    ///
    /// With `F` the pile's smallest term, a take `t < F` leaves `F - t`
    /// below the other terms, so the reply is the smallest term of
    /// `F - t`; the largest is found among the takes `1 + p`, `p` a sum of
    /// the smallest terms of the pile less one (0 among them): each leaves
    /// the largest number up to `F - 1` whose terms are those of `F - 1`
    /// from some term up (the tests hold this to every take).
    fn hastening_take(&self, game: &mut impl PositionGame, most: u64) -> u64 {
        let parameter = self.parameter();
        let less_one = self.pile - 1;
        let mut best = (0, 0);
        let mut sum = 0;
        while sum < most {
            let take = sum + 1;
            let reply = smallest_term(game, self.pile - take, parameter);
            best = best.max((reply, take));
            if sum == less_one {
                break;
            }
            sum += smallest_term(game, less_one - sum, parameter);
        }
        best.1
    }
}

impl fmt::Display for LimitedPile {
    /// The case as its input has it (`n`, or `n k`), and past the first
    /// move the limit.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.pile)?;
        if let Some(k) = self.k {
            write!(f, " {k}")?;
        }
        if self.last_take.is_some() {
            write!(f, ", taking at most {}", self.limit())?;
        }
        Ok(())
    }
}

/// The smallest term of `n`'s sum (`n` itself when it is one term), from
/// the game's smallest winning first take, for `n >= 1`.
pub(crate) fn smallest_term(game: &mut impl PositionGame, n: u64, parameter: u64) -> u64 {
    match game.winning_move(n, parameter) {
        Some(PositionMove::Pile { to, .. }) => n - to,
        _ => n,
    }
}

/// How many takes win for the player to move with a pile of `m`, a limit
/// of `reach`, and `multiple` times each take for the next limit (the
/// module documentation says why these).
pub(crate) fn winning_replies(
    game: &mut impl PositionGame,
    m: u64,
    reach: u64,
    parameter: u64,
    multiple: u64,
) -> u64 {
    if m == 0 {
        return 0;
    }
    let mut replies = 0;
    // The sum of the smallest terms so far, and the term after them.
    let mut taken: u64 = 0;
    let mut next = smallest_term(game, m, parameter);
    loop {
        taken += next;
        if taken > reach {
            return replies;
        }
        if taken == m {
            return replies + 1;
        }
        next = smallest_term(game, m - taken, parameter);
        replies += u64::from(next > multiple.saturating_mul(taken));
    }
}
