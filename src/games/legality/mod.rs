//! Whether a claimed move is a move of its game: what a checker asks when a
//! program may answer with any winning move (`judge --move`).
//!
//! A heap game says whether one move may turn a heap of `from` objects into
//! the heaps `parts` ([`HeapGame::legality`]); what the whole case is worth
//! afterwards is the checker's to fold. A position game says whether a move
//! is legal from its position and, if so, whether the player to move after
//! it wins ([`PositionGame::check_move`]): for most games that is the
//! position the move names, but Fibonacci Nim's next player is bound by the
//! take, and the multiplication game ends when `p` reaches `n`.
//!
//! A game that cannot say answers [`Legality::Unchecked`] (or
//! [`Played::Unchecked`]) for every move, which is the traits' default, so
//! a checker refuses its moves rather than guessing;
//! [`Game::checks_moves`] asks once.
//!
//! [`HeapGame::legality`]: super::HeapGame::legality
//! [`PositionGame::check_move`]: super::PositionGame::check_move
//! [`Game::checks_moves`]: super::Game::checks_moves

use super::PositionMove;
use crate::grundy::Rule;
use crate::plural::count;

/// What a heap game says of a claimed change to one heap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Legality {
    /// The game cannot tell its moves: it answers this for every move.
    Unchecked,
    /// Not a move of the game: why, as "a move takes 1 to 3 objects, not 5".
    Illegal(String),
    /// A move of the game.
    Legal,
}

/// What a position game says of a claimed move from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// The game cannot tell its moves: it answers this for every move.
    Unchecked,
    /// Not a move of the game from the position: why.
    Illegal(String),
    /// A move of the game; whether the player to move after it (the
    /// opponent) wins.
    Legal {
        /// Whether the opponent, now to move, wins.
        opponent_wins: bool,
    },
}

/// A removal from one heap: `parts` is the one heap left, smaller than
/// `from`.
pub(crate) fn removal(from: u64, parts: &[u64]) -> Legality {
    match parts {
        [to] if *to < from => Legality::Legal,
        [to] => Legality::Illegal(format!("a move takes at least one object: {from}->{to}")),
        _ => Legality::Illegal(format!(
            "a move leaves one heap in place of the heap of {from}, not {}",
            parts.len()
        )),
    }
}

/// A removal, or a split of the heap into `pieces` non-empty heaps that
/// hold all of its objects (Lasker's Nim: two; HDU 5795: three).
pub(crate) fn removal_or_split(from: u64, parts: &[u64], pieces: usize) -> Legality {
    if parts.len() == 1 {
        return removal(from, parts);
    }
    if parts.len() != pieces {
        return Legality::Illegal(format!(
            "a heap is split into {pieces} heaps, not {}",
            parts.len()
        ));
    }
    if parts.contains(&0) {
        return Legality::Illegal("the heaps a split leaves are not empty".into());
    }
    match sum(parts) {
        Some(total) if total == from => Legality::Legal,
        _ => Legality::Illegal(format!(
            "a split keeps every object: {} is not {from}",
            join(parts)
        )),
    }
}

/// A take of `1..=most` objects from a pile of `n`, claimed as `mv`: the
/// pile left, or why the move is no such take. `most` of `None` is no
/// bound but the pile.
pub(crate) fn take_from_pile(n: u64, mv: &PositionMove, most: Option<u64>) -> Result<u64, String> {
    let PositionMove::Pile { from, to } = *mv else {
        return Err(format!("a move changes one pile, as {n}->k, not {mv}"));
    };
    if from != n {
        return Err(format!("the pile has {}, not {from}", count(n, "object")));
    }
    if to >= from {
        return Err(format!("a move takes at least one object: {from}->{to}"));
    }
    match most {
        Some(most) if from - to > most => Err(format!(
            "a move takes 1 to {most} objects, not {}",
            from - to
        )),
        _ => Ok(to),
    }
}

/// Two piles changed by `mv` from `(a, b)`: the piles after, or why the
/// move is not written from them.
pub(crate) fn two_piles(a: u64, b: u64, mv: &PositionMove) -> Result<(u64, u64), String> {
    match *mv {
        PositionMove::Piles { from, to } if from == (a, b) => Ok(to),
        PositionMove::Piles { from, .. } => Err(format!(
            "the position is {a} {b}, not {} {}",
            from.0, from.1
        )),
        _ => Err(format!(
            "a move changes the two piles, as {a} {b}->c d, not {mv}"
        )),
    }
}

/// What a legal move or a reason gives.
pub(crate) fn played(after: Result<bool, String>) -> Played {
    match after {
        Ok(opponent_wins) => Played::Legal { opponent_wins },
        Err(why) => Played::Illegal(why),
    }
}

/// Whether `rule` allows a heap of `from` to become `parts` in one move,
/// as the engine enumerates its options: taking a whole heap (digit bit
/// 1), or removing some and leaving one heap (bit 2), two (bit 4, unequal
/// in Grundy's game) or three (bit 8), none empty. `name` is the game's,
/// for the message.
pub(crate) fn by_rule(rule: &Rule, name: &str, from: u64, parts: &[u64]) -> Legality {
    if sum(parts).and_then(|left| from.checked_sub(left)).is_none() {
        return Legality::Illegal(format!(
            "the heaps left, {}, hold more than the {from} there were",
            join(parts)
        ));
    }
    match rule_allows(rule, from, parts) {
        true => Legality::Legal,
        false => Legality::Illegal(format!("{name} has no move from {from} to {}", join(parts))),
    }
}

/// Whether `rule` turns a heap of `from` into `parts`: [`by_rule`]'s
/// answer without its message, for a caller that asks of many moves.
pub(crate) fn rule_allows(rule: &Rule, from: u64, parts: &[u64]) -> bool {
    let Some(removed) = sum(parts).and_then(|left| from.checked_sub(left)) else {
        return false;
    };
    let removed = usize::try_from(removed).unwrap_or(usize::MAX);
    match parts {
        [0] => rule.takes_all(removed),
        [_] => rule.leave_one().binary_search(&removed).is_ok(),
        [a, b] => {
            let (small, large) = ((*a).min(*b), (*a).max(*b));
            rule.leave_two().binary_search(&removed).is_ok()
                && small >= 1
                && !(rule.unequal_parts() && small == large)
        }
        [_, _, _] => rule.leave_three().binary_search(&removed).is_ok() && !parts.contains(&0),
        _ => false,
    }
}

/// The sum of `parts`, if it fits.
pub(crate) fn sum(parts: &[u64]) -> Option<u64> {
    parts
        .iter()
        .try_fold(0u64, |total, &part| total.checked_add(part))
}

/// `a+b+c`.
pub(crate) fn join(parts: &[u64]) -> String {
    let shown: Vec<String> = parts.iter().map(u64::to_string).collect();
    shown.join("+")
}

#[cfg(test)]
mod tests;
