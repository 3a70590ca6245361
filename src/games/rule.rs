//! Heap games given by their rules (octal codes, subtraction sets), played
//! from a computed nim-sequence ([`crate::grundy`]).
//!
//! A heap is worth its value in the table when the table reaches it, and,
//! when a period is proven, the value of the heap with the same residue in
//! the periodic part: `G(n) = G(A + (n - A) mod B)` for `n >= A + B`. A heap
//! beyond the table of a sequence with no proven period is refused: its
//! value is unknown, and a guess would be a wrong verdict.
//!
//! The residue is taken by [`Residues`], with a multiplication by a
//! precomputed reciprocal instead of a division.

use std::ops::RangeInclusive;
use std::sync::Arc;

use super::legality::{self, Legality};
pub use super::residues::Residues;
use super::{
    CaseSummary, Game, GameParams, GameSpec, HeapFold, HeapGame, HeapMove, MoveTrace, Parameter,
};
use crate::grundy::sequence::{no_progress, Stop};
use crate::grundy::{Method, NimSequence, Period, Rule};
use crate::rng::SplitMix64;

/// Values computed while looking for a period when `--upto` is not given:
/// 2 MiB of `u16`, and a few seconds at most for games with a sparse space.
pub const DEFAULT_UPTO: usize = 1 << 20;

/// The rule, for help texts.
pub const RULE: Parameter = Parameter {
    name: "RULE",
    meaning: "an octal code such as 0.77 or a subtraction set such as sub:1,3,4",
};

/// A game given by its rule, as the command line builds it.
pub const SPEC: GameSpec = GameSpec {
    name: "rule",
    parameters: &[RULE],
    build: |params| match &params.rule {
        Some(rule) => RuleGame::try_proven(rule.clone(), values_wanted(params))
            .map(Game::Rule)
            .map_err(|stop| format!("{rule}: {stop}")),
        None => Err(format!("a game by its rule needs {}", RULE.meaning)),
    },
};

/// How many values a rule's game looks for its period in.
fn values_wanted(params: &GameParams) -> usize {
    heaps_wanted(params, DEFAULT_UPTO)
}

/// How many heaps a game given by its rule tables at most: `--upto`, or by
/// default `default`, or fewer when every heap of the input is below that
/// (the table then decides each one, proven period or not).
pub(super) fn heaps_wanted(params: &GameParams, default: usize) -> usize {
    let needed = params
        .largest_heap
        .and_then(|heap| usize::try_from(heap).ok()?.checked_add(1));
    match (params.upto, needed) {
        (Some(upto), _) => upto,
        (None, Some(needed)) => needed.min(default),
        (None, None) => default,
    }
}

/// The game of HDU 1848: a move removes a Fibonacci number of objects.
pub const FIBONACCI_SUBTRACTION: GameSpec = GameSpec {
    name: "fibonacci subtraction",
    parameters: &[],
    build: |params| fibonacci_subtraction(params).map(Game::Rule),
};

/// Values an S-Nim case computes on demand for its heaps (2 MiB as `u16`);
/// past them the case's period must give a heap's value, or the heap is
/// not decided.
pub const SET_CASE_VALUES: usize = 1 << 20;

/// S-Nim (HDU 1536), whose subtraction set comes with each case: the game
/// built here allows no move, and the solver builds each case's own.
pub const PER_CASE_SET: GameSpec = GameSpec {
    name: "S-Nim",
    parameters: &[],
    build: |_| Ok(Game::Rule(RuleGame::table(Rule::subtraction(&[]), 1))),
};

/// The Fibonacci subtraction game, tabled up to `params.upto` heaps. Its
/// set is infinite, so no period of a finite rule proves anything about
/// it; the table covers the heaps below its length exactly, because every
/// Fibonacci number up to them is in the set.
fn fibonacci_subtraction(params: &GameParams) -> Result<RuleGame, String> {
    let len = params.upto.unwrap_or(DEFAULT_UPTO).max(2);
    let mut set = vec![];
    let (mut a, mut b) = (1usize, 2usize);
    while a < len {
        set.push(a);
        (a, b) = (b, a + b);
    }
    let name = "the Fibonacci subtraction game";
    let table = RuleGame::try_table(Rule::subtraction(&set), len)
        .map_err(|stop| format!("{name}: {stop}"))?;
    Ok(RuleGame {
        name: name.into(),
        ..table
    })
}

/// A rule's game: its table, and how a heap finds its value in it.
#[derive(Clone, Debug)]
pub struct RuleGame {
    rule: Arc<Rule>,
    /// What messages call the game: its rule, or a name where the rule is
    /// long (the Fibonacci subtraction game's set).
    name: Arc<str>,
    /// `G(0) … G(direct - 1)`, widened: one load per heap in the fold, with
    /// no dispatch on the storage's width. Shared as the vector it was
    /// reserved in (fallibly): an `Arc<[u32]>` would be a second, infallible
    /// allocation of its size.
    table: Arc<Vec<u32>>,
    /// Which heap of the table each heap is worth as much as.
    residues: Residues,
}

impl RuleGame {
    /// The game of `rule`, with its period proven within `upto` values if
    /// it can be; the values computed stay as the table either way.
    ///
    /// # Panics
    ///
    /// If the memory for the values cannot be had; [`RuleGame::try_proven`]
    /// says so instead.
    pub fn proven(rule: Rule, upto: usize) -> RuleGame {
        RuleGame::try_proven(rule, upto).expect("memory for the values")
    }

    /// As [`RuleGame::proven`], but an error when the memory for `upto`
    /// values cannot be had (`upto` comes from the command line).
    pub fn try_proven(rule: Rule, upto: usize) -> Result<RuleGame, Stop> {
        let mut seq = NimSequence::new(rule, Method::Auto);
        seq.find_period(upto, &mut no_progress)?;
        RuleGame::try_from_sequence(seq)
    }

    /// The game of `rule` from a table of `len` values, without looking for
    /// a period.
    ///
    /// # Panics
    ///
    /// As [`RuleGame::proven`].
    pub fn table(rule: Rule, len: usize) -> RuleGame {
        RuleGame::try_table(rule, len).expect("memory for the values")
    }

    /// As [`RuleGame::table`], but an error when the memory for `len`
    /// values cannot be had.
    pub fn try_table(rule: Rule, len: usize) -> Result<RuleGame, Stop> {
        let mut seq = NimSequence::new(rule, Method::Auto);
        seq.extend_to(len, &mut no_progress)?;
        RuleGame::try_from_sequence(seq)
    }

    /// The game of a sequence as far as it is computed.
    ///
    /// # Panics
    ///
    /// As [`RuleGame::proven`].
    pub fn from_sequence(seq: NimSequence) -> RuleGame {
        RuleGame::try_from_sequence(seq).expect("memory for the table")
    }

    /// The game of a sequence as far as it is computed; an error when the
    /// memory for its table cannot be had.
    pub fn try_from_sequence(seq: NimSequence) -> Result<RuleGame, Stop> {
        let residues = Residues::new(seq.values().len() as u64, seq.period());
        let direct = residues.direct();
        let mut table = Vec::new();
        table
            .try_reserve_exact(direct as usize)
            .map_err(|source| Stop::OutOfMemory {
                values: direct as usize,
                source,
            })?;
        table.extend((0..direct as usize).map(|n| seq.values().get(n)));
        Ok(RuleGame {
            name: seq.rule().to_string().into(),
            rule: Arc::new(seq.rule().clone()),
            table: Arc::new(table),
            residues,
        })
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<Period> {
        self.residues.period()
    }

    /// How many heaps the table holds.
    pub fn table_len(&self) -> u64 {
        self.residues.direct()
    }

    /// `G(heap)`, or `None` for a heap the game refuses.
    #[inline]
    pub fn value(&self, heap: u64) -> Option<u32> {
        self.decides(heap)
            .then(|| self.table[self.residues.index(heap) as usize])
    }

    /// An option of a heap of `heap` worth `target`: what the heap becomes.
    fn option_worth(&self, heap: u64, target: u32) -> Option<(u64, Option<u64>)> {
        let rule = &self.rule;
        let value = |h: u64| self.value(h);
        if usize::try_from(heap).is_ok_and(|h| rule.takes_all(h)) && target == 0 {
            return Some((0, None));
        }
        for &i in rule.leave_one() {
            let Some(rest) = heap.checked_sub(i as u64).filter(|&r| r > 0) else {
                break;
            };
            if value(rest) == Some(target) {
                return Some((rest, None));
            }
        }
        for &i in rule.leave_two() {
            let Some(rest) = heap.checked_sub(i as u64).filter(|&r| r >= 2) else {
                break;
            };
            // Beyond `direct` both parts are in the periodic part and the
            // pair's worth repeats with the smaller part's residue, so the
            // parts below `direct` cover every worth there is.
            let last = (rest / 2).min(self.residues.direct().max(1));
            if let Some(a) = (1..=last).find(
                |&a| matches!((value(a), value(rest - a)), (Some(x), Some(y)) if x ^ y == target),
            ) {
                return Some((a, Some(rest - a)));
            }
        }
        None
    }

    /// A split of a heap of `heap` into three non-empty heaps worth
    /// `target` (hexadecimal digits 8 to f), smallest first.
    fn three_parts_worth(&self, heap: u64, target: u32) -> Option<(u64, u64, u64)> {
        // As for two parts: a part past `direct` can give a period to the
        // largest part without changing the worth, so the two smaller
        // parts below `direct` cover every worth there is.
        let cap = self.residues.direct().max(1);
        for &i in self.rule.leave_three() {
            let Some(rest) = heap.checked_sub(i as u64).filter(|&r| r >= 3) else {
                break;
            };
            for a in 1..=(rest / 3).min(cap) {
                let Some(x) = self.value(a) else { continue };
                let found = (a..=((rest - a) / 2).min(cap)).find(|&b| {
                    matches!((self.value(b), self.value(rest - a - b)),
                        (Some(y), Some(z)) if x ^ y ^ z == target)
                });
                if let Some(b) = found {
                    return Some((a, b, rest - a - b));
                }
            }
        }
        None
    }
}

impl HeapFold for RuleGame {
    const MAY_REFUSE: bool = true;

    #[inline(always)]
    fn fold(&self, acc: &mut CaseSummary, heap: u64) {
        acc.xor ^= u64::from(self.table[self.residues.index(heap) as usize]);
    }

    #[inline]
    fn first_player_wins(&self, summary: &CaseSummary) -> bool {
        summary.xor != 0
    }

    #[inline(always)]
    fn decides(&self, heap: u64) -> bool {
        self.residues.decides(heap)
    }

    fn refusal(&self, heap: u64) -> String {
        format!(
            "a heap of {heap} is beyond the {} values of {} computed, and no period \
             is proven within them",
            self.residues.direct(),
            self.name
        )
    }
}

impl HeapGame for RuleGame {
    const MOST_PARTS: usize = 3;

    /// As for every game, the first heap whose value has the xor's highest
    /// bit is lowered to `value xor x`; here that may take a split into
    /// three heaps, which [`HeapGame::move_from`]'s two parts cannot name.
    fn winning_move(&self, summary: &CaseSummary, trace: &MoveTrace) -> Option<HeapMove> {
        let first = trace.first_with(summary.xor.checked_ilog2()?)?;
        let heap = first.heap;
        let target = u32::try_from(summary.xor ^ u64::from(self.value(heap)?)).ok()?;
        let (to, and, third) = match self.option_worth(heap, target) {
            Some((to, and)) => (to, and, None),
            None => {
                let (a, b, c) = self.three_parts_worth(heap, target)?;
                (a, Some(b), Some(c))
            }
        };
        Some(HeapMove {
            heap: first.index + 1,
            from: heap,
            to,
            and,
            third,
        })
    }

    /// To an option worth `G(heap) xor x`, when that is smaller than
    /// `G(heap)`: by the mex rule such an option exists, and it is looked
    /// for among the removals, then the splits.
    fn move_from(&self, heap: u64, summary: &CaseSummary) -> Option<(u64, Option<u64>)> {
        let worth = self.value(heap)?;
        let target = u32::try_from(summary.xor ^ u64::from(worth)).ok()?;
        if target >= worth {
            return None;
        }
        self.option_worth(heap, target)
    }

    /// The rule's own moves, as the engine enumerates them: taking a whole
    /// heap of `i` (digit bit 1), or removing `i` and leaving one heap (bit
    /// 2), two (bit 4, unequal in Grundy's game) or three (bit 8), none
    /// empty.
    fn legality(&self, from: u64, parts: &[u64]) -> Legality {
        legality::by_rule(&self.rule, &self.name, from, parts)
    }

    /// A heap worth the xor of the others: the first one in the range from
    /// a random start, looking two tables' length ahead; failing that, any
    /// heap of the table worth it, or one of its periodic copies, in the
    /// range.
    fn losing_last_heap(
        &self,
        rest: &CaseSummary,
        range: RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<u64> {
        let target = u32::try_from(rest.xor).ok()?;
        let index = |h: u64| self.residues.index(h) as usize;
        self.residues
            .heap_where(&range, rng, |h| self.table[index(h)] == target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::brute::fold_heaps;

    fn game(code: &str) -> RuleGame {
        RuleGame::proven(Rule::parse(code).unwrap(), 1 << 16)
    }

    #[test]
    fn heaps_past_the_table_take_the_value_of_their_residue() {
        for code in ["0.77", "0.07", "sub:1,3,4", "4.07", "0.16"] {
            let g = RuleGame::proven(Rule::parse(code).unwrap(), 1 << 20);
            let p = g.period().unwrap();
            let mut seq = NimSequence::new(Rule::parse(code).unwrap(), Method::Auto);
            seq.extend_to((p.preperiod + p.period) as usize, &mut no_progress)
                .unwrap();
            let naive = |h: u64| {
                let at = if h < p.preperiod + p.period {
                    h
                } else {
                    p.preperiod + (h - p.preperiod) % p.period
                };
                seq.values().get(at as usize)
            };
            let mut rng = SplitMix64::new(3);
            let edges = [
                0,
                1,
                p.preperiod,
                p.preperiod + p.period,
                u64::MAX,
                u64::MAX - 1,
            ];
            for heap in edges
                .into_iter()
                .chain((0..2000).map(|_| rng.next_u64() >> rng.between(0, 63)))
            {
                assert_eq!(g.value(heap), Some(naive(heap)), "{code} at {heap}");
            }
        }
    }

    #[test]
    fn without_a_period_heaps_past_the_table_are_refused() {
        let g = RuleGame::table(Rule::parse("0.77").unwrap(), 50);
        assert!(g.value(49).is_some());
        assert!(!g.decides(50) && g.value(50).is_none());
        assert!(g.refusal(50).contains("beyond the 50 values of 0.77"));
    }

    #[test]
    fn every_move_named_reaches_a_losing_position() {
        let mut rng = SplitMix64::new(11);
        for code in ["0.77", "0.07", "0.137", "sub:2,5,7", "4.07", "0.16", "0.6"] {
            let g = game(code);
            for _ in 0..300 {
                let heaps: Vec<u64> = (0..rng.between(1, 4))
                    .map(|_| rng.between(0, 400))
                    .collect();
                let summary = fold_heaps(g.clone(), &heaps);
                let Some(k) = heaps
                    .iter()
                    .position(|&h| g.move_from(h, &summary).is_some())
                else {
                    assert!(
                        !g.first_player_wins(&summary)
                            || heaps.iter().all(|&h| g.value(h).is_none()),
                        "{code} {heaps:?}"
                    );
                    continue;
                };
                let (to, and) = g.move_from(heaps[k], &summary).unwrap();
                let mut after = heaps.clone();
                after[k] = to;
                after.extend(and);
                let removed = heaps[k] - to - and.unwrap_or(0);
                let digit = g.rule().digit(removed as usize);
                let leaves = usize::from(to > 0) + usize::from(and.is_some_and(|c| c > 0));
                assert!(
                    digit & (1 << leaves) != 0,
                    "{code}: {heaps:?} -> {after:?} is not a move"
                );
                assert!(
                    !g.first_player_wins(&fold_heaps(g.clone(), &after)),
                    "{code}: {heaps:?} -> {after:?}"
                );
            }
        }
    }

    #[test]
    fn planted_heaps_make_losing_positions() {
        let mut rng = SplitMix64::new(5);
        for code in ["0.77", "sub:1,3,4", "0.16"] {
            let g = game(code);
            for _ in 0..100 {
                let rest = fold_heaps(g.clone(), &[rng.between(1, 1000), rng.between(1, 1000)]);
                let Some(heap) = g.losing_last_heap(&rest, 1..=1 << 40, &mut rng) else {
                    // Only when no heap is worth the xor of the others.
                    let worth = |h| g.value(h) == Some(rest.xor as u32);
                    assert!(!(1..g.table_len()).any(worth), "{code}: {rest:?}");
                    continue;
                };
                let mut all = rest;
                g.fold(&mut all, heap);
                assert!(!g.first_player_wins(&all), "{code}");
                assert!((1..=1 << 40).contains(&heap));
            }
        }
    }

    #[test]
    fn a_known_largest_heap_bounds_the_values_computed() {
        let build = |largest_heap, upto| {
            let params = GameParams {
                rule: Some(Rule::parse("0.007").unwrap()),
                largest_heap,
                upto,
                ..GameParams::default()
            };
            match (SPEC.build)(&params).unwrap() {
                Game::Rule(game) => game,
                _ => unreachable!("a rule builds a rule game"),
            }
        };
        let small = build(Some(5), None);
        assert_eq!(small.table_len(), 6);
        let full = build(None, Some(3000));
        for heap in 0..=5 {
            assert_eq!(small.value(heap), full.value(heap));
        }
        assert_eq!(small.value(6), None, "past the input's heaps");
        assert_eq!(build(Some(5), Some(3000)).table_len(), 3000, "--upto rules");
        assert_eq!(build(Some(u64::MAX), Some(100)).table_len(), 100);
    }

    #[test]
    fn fibonacci_subtraction_matches_its_definition() {
        let g = fibonacci_subtraction(&GameParams {
            upto: Some(3000),
            ..GameParams::default()
        })
        .unwrap();
        let fib: Vec<u64> = std::iter::successors(Some((1u64, 2u64)), |&(a, b)| Some((b, a + b)))
            .map(|(a, _)| a)
            .take_while(|&a| a < 5000)
            .collect();
        let mut g_naive = vec![0u32];
        for n in 1..3000u64 {
            let options: Vec<u32> = fib
                .iter()
                .filter(|&&f| f <= n)
                .map(|&f| g_naive[(n - f) as usize])
                .collect();
            g_naive.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        for n in 0..3000 {
            assert_eq!(g.value(n), Some(g_naive[n as usize]), "heap {n}");
        }
        assert_eq!(g.value(3000), None);
    }
}
