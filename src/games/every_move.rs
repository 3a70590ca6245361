//! Every winning move from a heap, for the answers that list or count them
//! (HDU 2176, HDU 1850) in any game that can name them all.
//!
//! In Nim, bounded Nim and misère Nim a heap has at most one winning move,
//! the one [`HeapGame::move_from`] names, and the listing gathers those
//! with vector compares. A game given by a rule without splits may have
//! several from one heap (two removals that leave heaps of the same value),
//! each found by trying every removal its rule allows. A game whose moves
//! split heaps cannot list them: a heap of `n` splits about `n/2` ways, too
//! many to try at the sizes judges use, so such a problem is refused when
//! its game is built.

use super::bounded::BoundedNim;
use super::lasker::LaskerSwap;
use super::misere::MisereNim;
use super::nim::NormalNim;
use super::rule::RuleGame;
use super::split_three::SplitThree;
use super::{CaseSummary, HeapGame};

/// A heap game as the answers that list or count every winning move need it.
pub trait EveryMove: HeapGame {
    /// Whether [`HeapGame::move_from`] is the only winning move from any
    /// heap, so that listing takes it alone.
    const ONE_PER_HEAP: bool;

    /// Whether the game can name every winning move from a heap.
    fn lists_every_move(&self) -> bool;

    /// Calls `found` with what a heap of `heap` becomes by each winning
    /// move in the position folded to `summary`, fewest objects removed
    /// first.
    fn each_move_from(
        &self,
        heap: u64,
        summary: &CaseSummary,
        found: &mut dyn FnMut(u64, Option<u64>),
    ) {
        if let Some((to, and)) = self.move_from(heap, summary) {
            found(to, and);
        }
    }
}

impl EveryMove for NormalNim {
    const ONE_PER_HEAP: bool = true;

    fn lists_every_move(&self) -> bool {
        true
    }
}

impl EveryMove for BoundedNim {
    const ONE_PER_HEAP: bool = true;

    fn lists_every_move(&self) -> bool {
        true
    }
}

impl EveryMove for MisereNim {
    const ONE_PER_HEAP: bool = true;

    fn lists_every_move(&self) -> bool {
        true
    }
}

/// Lasker's Nim splits heaps (and wins by raising a value, too).
impl EveryMove for LaskerSwap {
    const ONE_PER_HEAP: bool = false;

    fn lists_every_move(&self) -> bool {
        false
    }
}

/// HDU 5795's game splits heaps in three.
impl EveryMove for SplitThree {
    const ONE_PER_HEAP: bool = false;

    fn lists_every_move(&self) -> bool {
        false
    }
}

impl EveryMove for RuleGame {
    const ONE_PER_HEAP: bool = false;

    fn lists_every_move(&self) -> bool {
        !self.rule().splits()
    }

    /// Each removal the rule allows that leaves a heap worth the xor of
    /// the others (a winning move may raise the heap's value: only the
    /// value reached matters).
    fn each_move_from(
        &self,
        heap: u64,
        summary: &CaseSummary,
        found: &mut dyn FnMut(u64, Option<u64>),
    ) {
        let Some(worth) = self.value(heap) else {
            return;
        };
        let target = summary.xor ^ u64::from(worth);
        let rule = self.rule();
        for &i in rule.leave_one() {
            let Some(rest) = heap.checked_sub(i as u64).filter(|&rest| rest > 0) else {
                break;
            };
            if self.value(rest).map(u64::from) == Some(target) {
                found(rest, None);
            }
        }
        if target == 0 && usize::try_from(heap).is_ok_and(|h| rule.takes_all(h)) {
            found(0, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::brute::fold_heaps;
    use crate::games::HeapFold;
    use crate::grundy::Rule;
    use crate::rng::SplitMix64;

    /// Every option of `heap` under `rule` that leaves the position lost,
    /// found by folding each position after a move.
    fn winning_options(game: &RuleGame, heaps: &[u64], k: usize) -> Vec<u64> {
        let rule = game.rule();
        let heap = heaps[k];
        let mut found = Vec::new();
        for i in 1..=heap.min(rule.max_removal() as u64) {
            let rest = heap - i;
            let digit = rule.digit(i as usize);
            let allowed = if rest == 0 { digit & 1 } else { digit & 2 };
            let mut after = heaps.to_vec();
            after[k] = rest;
            if allowed != 0 && !game.first_player_wins(&fold_heaps(game.clone(), &after)) {
                found.push(rest);
            }
        }
        found
    }

    #[test]
    fn a_rule_lists_every_move_that_leaves_a_lost_position() {
        let mut rng = SplitMix64::new(29);
        for code in ["sub:1,3,4", "sub:2,5,6,7", "0.33", "0.3", "sub:1,2,4,8"] {
            let game = RuleGame::proven(Rule::parse(code).unwrap(), 1 << 12);
            assert!(game.lists_every_move(), "{code}");
            for _ in 0..300 {
                let heaps: Vec<u64> = (0..rng.between(1, 4)).map(|_| rng.between(0, 40)).collect();
                let summary = fold_heaps(game.clone(), &heaps);
                for k in 0..heaps.len() {
                    let mut listed = Vec::new();
                    game.each_move_from(heaps[k], &summary, &mut |to, and| {
                        assert_eq!(and, None);
                        listed.push(to);
                    });
                    assert_eq!(
                        listed,
                        winning_options(&game, &heaps, k),
                        "{code} {heaps:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn games_that_split_cannot_list_their_moves() {
        assert!(!LaskerSwap.lists_every_move());
        let kayles = RuleGame::proven(Rule::parse("0.77").unwrap(), 1 << 10);
        assert!(!kayles.lists_every_move());
        assert!(NormalNim.lists_every_move() && MisereNim.lists_every_move());
    }
}
