//! Misère play of heap games given by their rules (`misere:0.77`), played
//! from the rule's misère quotient ([`crate::misere`]).
//!
//! A heap is worth its element `Φ(heap)` of the quotient, looked up as a
//! rule's Grundy value is ([`Residues`]): in the table, or past it by the
//! proven period. A case folds to the product of its heaps' elements, kept
//! in [`CaseSummary::xor`], and is lost for the player to move iff that
//! product lies in the quotient's P-portion. The product is a lookup in the
//! multiplication table, so [`HeapFold::merge`] multiplies too: summaries
//! of parts of a case (blocks read on other threads) combine by the table,
//! not by xor.
//!
//! A heap past the table of a quotient with no proven period is refused,
//! as a rule's game refuses one. A winning move cannot be told from the
//! product alone (a monoid has no inverses to take a heap back out), so the
//! game keeps a case's heaps when moves are asked for
//! ([`HeapGame::MOVES_NEED_HEAPS`]) and finds the first heap with an option
//! that makes the product, with the other heaps', a P-position.

use std::ops::RangeInclusive;
use std::sync::Arc;

use super::legality::{self, Legality};
use super::rule::{Residues, RULE};
use super::{CaseSummary, Game, GameParams, GameSpec, HeapFold, HeapGame, HeapMove, MoveTrace};
use crate::grundy::Rule;
use crate::misere::{memory, Element, Quotient, Solver};
use crate::rng::SplitMix64;

/// The last heap added to a quotient while looking for its period when
/// `--upto` is not given (and the input's heaps do not say fewer): heaps
/// 0 to 400, as `nimstream misere`.
pub const DEFAULT_UPTO: usize = crate::misere::solver::DEFAULT_HEAPS;

/// What a quotient sized by its input may take, as steps of the solver's
/// work ([`Solver::with_work_budget`]): a few seconds (0.07 reaches heap
/// 30 in about 4 s on a 2-core EPYC; 0.8, 0.14 and 0.35 stop in 4 to 5 s).
/// Some quotients grow without bound, and an input of large heaps would
/// otherwise run for minutes and take gigabytes before being refused.
pub const FILE_WORK: usize = 10_000_000;

/// The memory one search of a quotient sized by its input may take for
/// its states.
pub const FILE_SEARCH_MEMORY: usize = 128 << 20;

/// The memory budget of the tables of a quotient sized by its input (or
/// the default budget, if less): a file's quotient that needs more is
/// refused, with `--upto` named, rather than take a gigabyte. Candidates'
/// tables, not searches, are what grow past it (0.6 at heap 17).
pub const FILE_MEMORY: usize = 256 << 20;

/// How far a game's quotient is computed: to heap `last` (heaps 0 to
/// `last`, as `nimstream misere --upto`), and within what work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    /// The last heap wanted.
    pub last: usize,
    /// The solver's work budget ([`FILE_WORK`] for a quotient sized by its
    /// input, with [`FILE_SEARCH_MEMORY`]); `None` when `--upto` asks for
    /// the heaps, as `nimstream misere` is not bounded either.
    pub work: Option<usize>,
    /// The memory budget of the quotient's tables, in bytes; `None` for
    /// the default ([`memory::default_budget`]), as `nimstream misere`'s.
    pub memory: Option<usize>,
}

impl Extent {
    /// The extent `params` ask for: to `--upto`'s heap, unbounded; else to
    /// the input's largest heap (never its number of cases or of heaps,
    /// which [`crate::problem::Layout::largest_heap`] skips) or by
    /// default to [`DEFAULT_UPTO`], whichever is smaller, bounded.
    pub fn of(params: &GameParams) -> Extent {
        let largest = params
            .largest_heap
            .map(|heap| usize::try_from(heap).unwrap_or(usize::MAX));
        match (params.upto, largest) {
            (Some(upto), _) => Extent {
                last: upto,
                work: None,
                memory: None,
            },
            (None, largest) => Extent {
                last: largest.unwrap_or(DEFAULT_UPTO).min(DEFAULT_UPTO),
                work: Some(FILE_WORK),
                memory: Some(FILE_MEMORY),
            },
        }
    }
}

/// Misère play of a game given by its rule, as the command line builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "misere rule",
    parameters: &[RULE],
    build: |params| match &params.rule {
        Some(rule) => MisereRuleGame::solved(rule.clone(), Extent::of(params), params.upto)
            .map(Game::MisereRule),
        None => Err(format!("misère play of a rule needs {}", RULE.meaning)),
    },
};

/// A rule's game in misère play: its quotient, and how a heap finds its
/// element.
#[derive(Clone, Debug)]
pub struct MisereRuleGame {
    rule: Arc<Rule>,
    quotient: Arc<Quotient>,
    residues: Residues,
    /// Whether `--upto` set the table's length, for the refusal.
    upto_given: bool,
}

impl MisereRuleGame {
    /// The game of `rule`, its quotient computed one heap at a time until
    /// a period is proven or heap `extent.last` is known, its tables
    /// within `extent`'s memory budget; the
    /// solver's reason when it is stuck before that, naming the heap and
    /// what computes more.
    pub fn solved(rule: Rule, extent: Extent, upto: Option<usize>) -> Result<Self, String> {
        let mut solver = Solver::new(rule.clone()).with_memory(
            extent
                .memory
                .map_or_else(memory::default_budget, |m| m.min(memory::default_budget())),
        );
        if let Some(work) = extent.work {
            solver = solver
                .with_work_budget(work)
                .with_search_memory(FILE_SEARCH_MEMORY);
        }
        while solver.period().is_none() && solver.heaps() <= extent.last {
            solver.add_heap().map_err(|stuck| {
                let more = match extent.work.is_some() {
                    true => {
                        "; --upto N computes heaps 0 to N without the bounds on time and \
                             memory a file's quotient has (it may take minutes and gigabytes)"
                    }
                    false => "",
                };
                format!(
                    "misère {rule}: its quotient cannot be computed up to heap {}: {stuck}{more}",
                    extent.last
                )
            })?;
        }
        Ok(MisereRuleGame::from_quotient(
            rule,
            solver.quotient(),
            upto.is_some(),
        ))
    }

    /// The game of `rule` played from `quotient`.
    pub fn from_quotient(rule: Rule, quotient: Quotient, upto_given: bool) -> Self {
        MisereRuleGame {
            residues: Residues::new(quotient.heaps_known(), quotient.period()),
            rule: Arc::new(rule),
            quotient: Arc::new(quotient),
            upto_given,
        }
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The quotient.
    pub fn quotient(&self) -> &Quotient {
        &self.quotient
    }

    /// `Φ(heap)`, or `None` for a heap the game refuses.
    #[inline]
    pub fn element(&self, heap: u64) -> Option<Element> {
        self.decides(heap).then(|| self.looked_up(heap))
    }

    /// `Φ(heap)` for a heap the game decides.
    #[inline(always)]
    fn looked_up(&self, heap: u64) -> Element {
        self.quotient.pretending()[self.residues.index(heap) as usize]
    }

    /// The element of a position, `None` when a heap is refused.
    fn position(&self, heaps: &[u64]) -> Option<Element> {
        self.quotient.position(heaps)
    }

    /// Calls `found` with each option of a heap of `heap` (what one move
    /// leaves: no heap, or one, two or three non-empty heaps) until it
    /// returns true; whether it did. A split's smaller parts stay below
    /// the table's end: past it, moving a period from a smaller part to
    /// the largest changes no element, so those options add no product.
    fn each_option(&self, heap: u64, found: &mut dyn FnMut(&[u64]) -> bool) -> bool {
        let rule = &self.rule;
        let cap = self.residues.direct().max(1);
        if usize::try_from(heap).is_ok_and(|h| rule.takes_all(h)) && found(&[]) {
            return true;
        }
        for &i in rule.leave_one() {
            match heap.checked_sub(i as u64) {
                Some(rest) if rest > 0 => {
                    if found(&[rest]) {
                        return true;
                    }
                }
                _ => break,
            }
        }
        for &i in rule.leave_two() {
            let Some(rest) = heap.checked_sub(i as u64).filter(|&r| r >= 2) else {
                break;
            };
            for a in 1..=(rest / 2).min(cap) {
                let allowed =
                    usize::try_from(rest - a).is_ok_and(|b| rule.split_allowed(a as usize, b));
                if allowed && found(&[a, rest - a]) {
                    return true;
                }
            }
        }
        for &i in rule.leave_three() {
            let Some(rest) = heap.checked_sub(i as u64).filter(|&r| r >= 3) else {
                break;
            };
            for a in 1..=(rest / 3).min(cap) {
                for b in a..=((rest - a) / 2).min(cap) {
                    if found(&[a, b, rest - a - b]) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// A winning move in the position of `heaps` (every one decided): the
    /// first heap, and its first option, that leaves a P-position; `None`
    /// when the player to move loses or has no move.
    pub fn winning_move_of(&self, heaps: &[u64]) -> Option<HeapMove> {
        let q = &*self.quotient;
        // after[i]: the product of the heaps after heap i.
        let mut after = vec![0; heaps.len() + 1];
        for i in (0..heaps.len()).rev() {
            after[i] = q.product(after[i + 1], self.element(heaps[i])?);
        }
        if q.is_losing(after[0]) {
            return None;
        }
        let mut before: Element = 0;
        for (i, &heap) in heaps.iter().enumerate() {
            let rest = q.product(before, after[i + 1]);
            let mut parts = None;
            self.each_option(heap, &mut |option| {
                let lands = self
                    .position(option)
                    .is_some_and(|x| q.is_losing(q.product(rest, x)));
                if lands {
                    parts = Some(option.to_vec());
                }
                lands
            });
            if let Some(parts) = parts {
                let part = |k: usize| parts.get(k).copied();
                return Some(HeapMove {
                    heap: i as u64 + 1,
                    from: heap,
                    to: part(0).unwrap_or(0),
                    and: part(1),
                    third: part(2),
                });
            }
            before = q.product(before, self.looked_up(heap));
        }
        None
    }
}

impl HeapFold for MisereRuleGame {
    const MAY_REFUSE: bool = true;
    const TAKES_OUT: bool = false;

    /// The accumulator's row of the table, at the heap's element.
    #[inline(always)]
    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        let element = self.looked_up(heap);
        acc.xor = u64::from(self.quotient.product(acc.xor as Element, element));
    }

    #[inline]
    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        !self.quotient.is_losing(summary.xor as Element)
    }

    #[inline(always)]
    fn decides(&self, heap: u64) -> bool {
        self.residues.decides(heap)
    }

    fn refusal(&self, heap: u64) -> String {
        let more = match self.upto_given {
            true => "a larger --upto computes more",
            false => "--upto N computes heaps 0 to N",
        };
        format!(
            "a heap of {heap} is beyond heap {}, the last of misère {}'s quotient computed, \
             and no period is proven within them ({more})",
            self.residues.direct() - 1,
            self.rule
        )
    }

    /// The product of the two parts' elements.
    #[inline(always)]
    fn merge(&self, a: CaseSummary, b: CaseSummary) -> CaseSummary {
        CaseSummary {
            xor: u64::from(self.quotient.product(a.xor as Element, b.xor as Element)),
            ..CaseSummary::default()
        }
    }
}

impl HeapGame for MisereRuleGame {
    const MOST_PARTS: usize = 3;

    const MOVES_NEED_HEAPS: bool = true;

    /// Never asked: the heaps are kept, and
    /// [`HeapGame::winning_move_in`] names the move.
    fn winning_move(&self, _summary: &CaseSummary, _trace: &MoveTrace) -> Option<HeapMove> {
        None
    }

    fn winning_move_in(&self, heaps: &[u64], _summary: &CaseSummary) -> Option<HeapMove> {
        self.winning_move_of(heaps)
    }

    fn can_move(&self, heap: u64) -> bool {
        self.each_option(heap, &mut |_| true)
    }

    /// Every heap with a period; the table's heaps without.
    fn decided_heaps(&self) -> RangeInclusive<u64> {
        match self.residues.period() {
            Some(_) => 0..=u64::MAX,
            None => 0..=self.residues.direct() - 1,
        }
    }

    /// None: which option of a heap wins depends on the other heaps, not
    /// on their product alone.
    fn move_from(&self, _heap: u64, _summary: &CaseSummary) -> Option<(u64, Option<u64>)> {
        None
    }

    /// The rule's own moves, as in normal play.
    fn legality(&self, from: u64, parts: &[u64]) -> Legality {
        legality::by_rule(&self.rule, &self.rule.to_string(), from, parts)
    }

    /// A heap whose element, times the others' product, is a P-position:
    /// the first one in the range from a random start, looking two tables'
    /// length ahead; failing that, any heap of the table that does, or one
    /// of its periodic copies, in the range.
    fn losing_last_heap(
        &self,
        rest: &CaseSummary,
        range: RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<u64> {
        let q = &*self.quotient;
        let rest = rest.xor as Element;
        self.residues.heap_where(&range, rng, |h| {
            q.is_losing(q.product(rest, self.looked_up(h)))
        })
    }
}

impl super::EveryMove for MisereRuleGame {
    const ONE_PER_HEAP: bool = false;

    fn lists_every_move(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests;
