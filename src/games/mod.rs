//! The games: what a position is worth and who wins it, and nothing of
//! judge formats (those are [`crate::problem`]'s).
//!
//! Every game here is decided without searching, in `O(1)` per heap or per
//! case (the k-multiple game amortizes a per-`k` table, the cutting game
//! one table computed once):
//!
//! * [`nim`]: normal Nim. The first player wins iff the xor of the heaps is
//!   nonzero.
//! * [`lasker`]: Lasker's Nim (remove, or split a heap in two). Grundy value
//!   `g(4k+1) = 4k+1`, `g(4k+2) = 4k+2`, `g(4k+3) = 4k+4`, `g(4k+4) = 4k+3`;
//!   the first player wins iff the xor of those is nonzero.
//! * [`misere`]: misère Nim. If every heap is at most 1, the first player wins
//!   iff the number of 1-heaps is even; otherwise iff the xor is nonzero.
//! * [`split_three`]: Nim where a move may split a heap into three instead
//!   (HDU 5795). Grundy value `g(8k+7) = 8k+8`, `g(8k+8) = 8k+7`, else
//!   `g(h) = h`; the first player wins iff the xor of those is nonzero.
//! * [`bounded`]: Nim where a move takes at most `K`. Grundy value
//!   `heap mod (K+1)`; the first player wins iff the xor of those is nonzero.
//! * [`bash`]: one pile of `n`, take `1..=m`. The first player loses iff
//!   `n mod (m+1) == 0`.
//! * [`powers`]: one pile, take a power of two. The first player loses iff
//!   `n mod 3 == 0`.
//! * [`multiplication`]: multiply `p` by 2 to 9 until `p ≥ n`. The first
//!   player wins iff `n ≤ 9` or `18^k < n ≤ 9·18^k`.
//! * [`fibonacci`]: Fibonacci Nim. The first player loses iff `n` is a
//!   Fibonacci number.
//! * [`kmultiple`]: the k-multiple game, Fibonacci Nim's generalization. The
//!   first player loses iff `n` is in a sequence built greedily from `k`.
//! * [`rule`]: any octal game or subtraction game, given by its rule and
//!   played from its computed nim-sequence ([`crate::grundy`]); `O(1)` per
//!   heap once the period is proven.
//! * [`misere_rule`]: the same games in misère play, from their misère
//!   quotient ([`crate::misere`]): a table lookup per heap.
//! * [`wythoff`]: Wythoff's game. With `a <= b`, the first player loses iff
//!   `a == floor((b - a) * φ)`.
//! * [`corner`]: a coin on an `n × m` board steps left, down or
//!   diagonally towards a corner (HDU 2147). The first player loses iff `n`
//!   and `m` are both odd.
//! * [`every_euclid`]: games of Euclid, every one moved each turn (HDU
//!   3595). Each game's Every-SG step count follows Euclid's algorithm;
//!   the first player wins iff the largest is odd.
//! * [`cutting`]: cut a sheet of paper in two; whoever first cuts out a
//!   `1 × 1` wins. No closed form: a Grundy table over the sides 2 to 200,
//!   computed once, and a side outside it refused.
//! * [`staircase`]: chessmen on a strip (POJ 1704). Sorted, the first
//!   player wins iff the xor of every other gap, from the right, is nonzero.
//! * [`northcott`]: a black and a white piece on each row of a board (HDU
//!   1730). Black wins iff the xor of the gaps between them is nonzero.
//! * [`hill`]: people climbing to a hilltop, the king `k`-th (HDU 4315):
//!   staircase Nim towards the top, won at once when `k = 1`.
//! * [`boxes`]: cards moved between numbered boxes (HDU 3389). The first
//!   player wins iff the xor of the boxes `i mod 6` in {0, 2, 5} is nonzero.
//! * [`pair_split`]: E&D's pairs of piles (Luogu P2148). A pair's Grundy
//!   value is the place of the lowest zero bit of `(a − 1) | (b − 1)`.
//! * [`graph`]: pieces on an acyclic graph each case brings, valued once.
//!
//! Heap games are played on many heaps at once, so they are [`HeapFold`]s
//! that reduce heaps into a [`CaseSummary`], and [`FoldHeaps`] turns one into
//! the tokenizer's [`Visitor`](crate::scan::Visitor). A fold may carry data built at run time (a
//! table, a set), which the hot loop borrows, and may refuse a heap it cannot
//! decide. The other games are one position per case: [`PositionGame`]s,
//! which may keep state across cases (a cache), or one row of numbers per
//! case, read whole: [`row::RowGame`]s.
//!
//! Each game also knows how to make a losing position for `nimstream gen`
//! ([`HeapGame::losing_last_heap`], [`PositionGame::losing_position`]).
//!
//! [`Game`] is a game with its parameters, built from a [`GameSpec`] by the
//! problem catalogue, and [`with_game!`](crate::with_game) is the one place
//! that turns it into the concrete type the hot loops are compiled for.

use std::ops::RangeInclusive;

use crate::rng::SplitMix64;

pub mod bash;
pub mod bounded;
pub mod boxes;
pub mod corner;
pub mod cutting;
pub mod every_euclid;
pub mod every_move;
pub mod fibonacci;
mod fold_heaps;
pub mod graph;
pub mod hill;
pub mod kmultiple;
pub mod known;
pub mod lasker;
pub mod legality;
pub mod misere;
pub mod misere_rule;
pub mod multiplication;
pub mod nim;
pub mod northcott;
pub mod pair_split;
pub mod powers;
pub mod residues;
pub mod row;
pub mod rule;
pub mod split_three;
pub mod staircase;
pub mod trace;
pub mod wythoff;

pub use every_move::EveryMove;
pub use fold_heaps::FoldHeaps;
pub use legality::{Legality, Played};
pub use trace::{HeapMove, MoveTrace, NoTrace, Trace};

#[cfg(test)]
pub(crate) mod brute;
#[cfg(test)]
mod move_tests;

/// What a case's heaps reduce to.
///
/// A monoid: `merge` is associative with `CaseSummary::default()` as
/// identity, so a case can be split anywhere and its parts reduced
/// separately.
///
/// Which fields mean something depends on the [`HeapFold`] that produced the
/// summary; fields a fold does not use stay zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CaseSummary {
    /// The xor of the heaps' Grundy values (their low 64 bits).
    pub xor: u64,
    /// The xor of bit 64 of the heaps' Grundy values, for folds whose Grundy
    /// values can reach `2^64`.
    pub carry: u64,
    /// How many heaps hold exactly one object (wrapping).
    pub ones: u64,
    /// How many heaps hold more than one object (wrapping).
    pub big: u64,
}

impl CaseSummary {
    /// Combine the summaries of two adjacent runs of heaps into the summary
    /// of both.
    ///
    /// Every field is combined by a commutative, associative operation whose
    /// identity is zero, so the order and grouping of merges never matters.
    #[inline]
    pub fn merge(self, other: CaseSummary) -> CaseSummary {
        CaseSummary {
            xor: self.xor ^ other.xor,
            carry: self.carry ^ other.carry,
            ones: self.ones.wrapping_add(other.ones),
            big: self.big.wrapping_add(other.big),
        }
    }
}

/// A per-variant value transform folded into a [`CaseSummary`].
///
/// `fold` sits in the innermost loop of the scanner, so implementations must
/// be branch-free in the heap value: comparisons are turned into integers
/// instead of being branched on. Branching on the implementation's own fixed
/// parameters is fine, since those never change within a loop.
pub trait HeapFold: Sync {
    /// Whether some heaps are beyond what the fold can decide (a computed
    /// table that ends somewhere). When false, [`HeapFold::decides`] is
    /// never called and costs nothing.
    const MAY_REFUSE: bool = false;

    /// Add one heap to the summary: xor its Grundy value into `xor` (bit 64
    /// into `carry`), which is also what a [`MoveTrace`] records of it (for
    /// misère Nim, the heap itself, whose bits its moves follow).
    fn fold(&self, acc: &mut CaseSummary, heap: u64);

    /// Whether the player to move wins the position whose heaps were folded
    /// into `summary`.
    fn first_player_wins(&self, summary: &CaseSummary) -> bool;

    /// Whether [`HeapFold::merge`] is a group's (xor and counts), so that a
    /// heap's value can be taken back out of a summary: an interactor keeps
    /// a position's summary up to date move by move by taking the moved
    /// heap out and its parts in. A misère quotient's product has no
    /// inverse.
    const TAKES_OUT: bool = true;

    /// Whether the fold can decide a heap of this size.
    #[inline(always)]
    fn decides(&self, heap: u64) -> bool {
        let _ = heap;
        true
    }

    /// Why a heap the fold does not decide is refused, for the error message.
    fn refusal(&self, heap: u64) -> String {
        format!("a heap of {heap} cannot be decided")
    }

    /// The summary of two adjacent runs of heaps, `a`'s first, from theirs:
    /// [`CaseSummary::merge`] for the folds that xor and count, the
    /// monoid's product for a fold that multiplies (misère quotients). Every
    /// place that combines summaries of parts of one case goes through it.
    #[inline(always)]
    fn merge(&self, a: CaseSummary, b: CaseSummary) -> CaseSummary {
        a.merge(b)
    }
}

/// A heap game as `nimstream gen` and `--move` need it: its fold, a way to
/// plant a losing case, and a winning move.
pub trait HeapGame: HeapFold {
    /// Whether a winning move needs the case's heaps themselves, not a
    /// [`MoveTrace`] (a misère quotient's product tells no heap's part in
    /// it): `solve --move` then keeps each case's heaps and asks
    /// [`HeapGame::winning_move_in`].
    const MOVES_NEED_HEAPS: bool = false;

    /// The most heaps one move leaves in place of one: 1 for a game that
    /// only removes, more for one that splits. No move of more parts is
    /// [`Legality::Legal`], so the interactor builds no such candidate.
    const MOST_PARTS: usize = 1;

    /// A winning move from the position of `heaps`, folded to `summary`
    /// (every heap decided); `None` as for [`HeapGame::winning_move`]. By
    /// default the heaps are traced and that method asked.
    fn winning_move_in(&self, heaps: &[u64], summary: &CaseSummary) -> Option<HeapMove> {
        let mut trace = MoveTrace::default();
        let mut folded = CaseSummary::default();
        for &heap in heaps {
            let before = folded;
            self.fold(&mut folded, heap);
            trace.note(before.xor ^ folded.xor, before.carry ^ folded.carry, heap);
        }
        self.winning_move(summary, &trace)
    }

    /// Whether a heap of `heap` has a move; by default every heap with an
    /// object does. A misère game wins a position with no move at all,
    /// and names no move in it.
    fn can_move(&self, heap: u64) -> bool {
        heap > 0
    }

    /// The heaps the game decides, for a game whose heaps are kept
    /// ([`HeapGame::MOVES_NEED_HEAPS`]): the first heap outside is refused
    /// where it stands. Every heap, by default.
    fn decided_heaps(&self) -> RangeInclusive<u64> {
        0..=u64::MAX
    }

    /// A winning move from the position whose heaps folded to `summary` and
    /// were traced in `trace`; `None` when the player to move loses (or has
    /// won with no move left, as in an empty misère position).
    ///
    /// In normal play: the first heap whose Grundy value has the xor's
    /// highest bit can lower its value to `value xor x` (every smaller value
    /// is an option, by the mex rule), which makes the xor zero.
    fn winning_move(&self, summary: &CaseSummary, trace: &MoveTrace) -> Option<HeapMove> {
        let xor = u128::from(summary.xor) | u128::from(summary.carry) << 64;
        let first = trace.first_with(xor.checked_ilog2()?)?;
        let (to, and) = self.move_from(first.heap, summary)?;
        Some(HeapMove {
            heap: first.index + 1,
            from: first.heap,
            to,
            and,
            third: None,
        })
    }

    /// A winning move that changes a heap of `heap` objects, in a position
    /// folded to `summary`: what the heap becomes (a second part for a
    /// split). For Nim, bounded Nim and misère Nim this is the only winning
    /// move from that heap, so counting them counts every winning move.
    fn move_from(&self, heap: u64, summary: &CaseSummary) -> Option<(u64, Option<u64>)>;

    /// Whether one move may turn a heap of `from` objects into the heaps
    /// `parts` (one for a removal, `[0]` when the heap is taken whole; two
    /// or three for a split), whatever the other heaps are. The default,
    /// [`Legality::Unchecked`] for every move, is for a game that cannot
    /// tell: a game that can never answers it.
    fn legality(&self, from: u64, parts: &[u64]) -> Legality {
        let _ = (from, parts);
        Legality::Unchecked
    }

    /// `Some(x)` when [`move_from`](HeapGame::move_from) in the position
    /// folded to `summary` is exactly "to `heap xor x`, when that is
    /// smaller" (Normal Nim's moves), so that vector code may find the
    /// moves of many heaps at once; `None`, the default, otherwise.
    fn xor_moves(&self, _summary: &CaseSummary) -> Option<u64> {
        None
    }

    /// A heap in `range` that, added to heaps whose fold is `rest`, makes a
    /// position the player to move loses; `None` when this construction
    /// finds none in the range.
    fn losing_last_heap(
        &self,
        rest: &CaseSummary,
        range: RangeInclusive<u64>,
        rng: &mut SplitMix64,
    ) -> Option<u64>;
}

/// A game of one position per case, given by one or two numbers (`b` is 0
/// for games of one number).
pub trait PositionGame {
    /// Whether the player to move wins from position `(a, b)`.
    fn first_player_wins(&mut self, a: u64, b: u64) -> bool;

    /// A winning move from `(a, b)`; `None` when the player to move loses.
    fn winning_move(&mut self, a: u64, b: u64) -> Option<PositionMove>;

    /// Whether `mv` is a move from `(a, b)` and, if so, whether the player
    /// to move after it wins. The default, [`Played::Unchecked`] for every
    /// move, is for a game that cannot tell: a game that can never answers
    /// it.
    fn check_move(&mut self, a: u64, b: u64, mv: &PositionMove) -> Played {
        let _ = (a, b, mv);
        Played::Unchecked
    }

    /// A losing position for `nimstream gen`, near the drawn `(a, b)` and
    /// within the ranges; `None` when this construction finds none.
    fn losing_position(
        &mut self,
        drawn: (u64, u64),
        ranges: &PositionRanges,
        rng: &mut SplitMix64,
    ) -> Option<(u64, u64)>;

    /// The positions, smaller number first, that the winning moves from
    /// `(a, b)` leave, each once, in the order a problem lists them;
    /// `None` for a game that does not list them.
    fn winning_leaves(&mut self, a: u64, b: u64) -> Option<Vec<(u64, u64)>> {
        let _ = (a, b);
        None
    }

    /// The numbers the game decides, when it cannot decide them all (a
    /// table computed once): a case with a number outside is refused, by
    /// `solve` and `validate` alike, before the game is asked about it.
    /// `None`, the default, decides every number.
    fn decided(&self) -> Option<RangeInclusive<u64>> {
        None
    }

    /// Why a number outside [`PositionGame::decided`] is refused.
    fn refusal(&self, n: u64) -> String {
        format!("{n} cannot be decided")
    }
}

/// Whether `game` decides every number of the position `(a, b)` (`b` is
/// not looked at unless `both`).
pub fn decides_position(game: &impl PositionGame, a: u64, b: u64, both: bool) -> bool {
    game.decided()
        .is_none_or(|range| range.contains(&a) && (!both || range.contains(&b)))
}

/// A move in a game of one position per case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionMove {
    /// One pile goes from `from` objects to `to`: written `a->b`.
    Pile {
        /// The pile before.
        from: u64,
        /// The pile after.
        to: u64,
    },
    /// Two piles go from `from` to `to`: written `a b->c d`.
    Piles {
        /// The piles before, in the input's order.
        from: (u64, u64),
        /// The piles after, in the same order.
        to: (u64, u64),
    },
    /// A `w × h` sheet is cut in two: written `WxH->axb+cxd`.
    Cut {
        /// The sheet, width and height.
        from: (u64, u64),
        /// The first piece.
        first: (u64, u64),
        /// The second piece.
        second: (u64, u64),
    },
}

impl std::fmt::Display for PositionMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            PositionMove::Pile { from, to } => write!(f, "{from}->{to}"),
            PositionMove::Piles { from, to } => {
                write!(f, "{} {}->{} {}", from.0, from.1, to.0, to.1)
            }
            PositionMove::Cut {
                from,
                first,
                second,
            } => write!(
                f,
                "{}x{}->{}x{}+{}x{}",
                from.0, from.1, first.0, first.1, second.0, second.1
            ),
        }
    }
}

/// The ranges of a position's two numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRanges {
    /// The first number (`n`, `a`).
    pub first: RangeInclusive<u64>,
    /// The second number (`m`, `k`, `b`).
    pub second: RangeInclusive<u64>,
}

/// Parameters a game may need, as given by the user.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameParams {
    /// `K`, the most objects one move may take (bounded Nim).
    pub max_take: Option<u64>,
    /// The rule of a game given by its rule.
    pub rule: Option<crate::grundy::Rule>,
    /// How many values a game given by its rule computes while looking for
    /// its period (or tables, when it has none to look for).
    pub upto: Option<usize>,
    /// The largest heap the input holds, when it is known before solving:
    /// a game given by its rule then computes no more values than that
    /// needs (unless `upto` says otherwise).
    pub largest_heap: Option<u64>,
}

/// A parameter of a game, for help texts and messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parameter {
    /// Its name in the game's statement.
    pub name: &'static str,
    /// What it means.
    pub meaning: &'static str,
}

/// What the catalogue knows of a game before its parameters are given.
#[derive(Clone, Copy, Debug)]
pub struct GameSpec {
    /// The game's name.
    pub name: &'static str,
    /// The parameters [`GameSpec::build`] requires.
    pub parameters: &'static [Parameter],
    /// Builds the game from its parameters; the error says which is missing
    /// or out of range.
    pub build: fn(&GameParams) -> Result<Game, String>,
}

/// Two specs are the same game when their names are: each game has a name
/// of its own ([`known`]'s test checks that they differ).
impl PartialEq for GameSpec {
    fn eq(&self, other: &GameSpec) -> bool {
        self.name == other.name
    }
}

impl Eq for GameSpec {}

/// A game ready to be played: its kind and its parameters, with whatever it
/// built from them.
#[derive(Clone, Debug)]
pub enum Game {
    /// Normal Nim.
    Nim(nim::NormalNim),
    /// Lasker's Nim.
    Lasker(lasker::LaskerSwap),
    /// Misère Nim.
    Misere(misere::MisereNim),
    /// Nim with three-way splits.
    SplitThree(split_three::SplitThree),
    /// Nim taking at most `K`.
    Bounded(bounded::BoundedNim),
    /// Bash's game.
    Bash(bash::BashGame),
    /// Taking powers of two.
    PowersOfTwo(powers::PowersOfTwo),
    /// The multiplication game.
    Multiplication(multiplication::MultiplicationGame),
    /// Fibonacci Nim.
    Fibonacci(fibonacci::FibonacciNim),
    /// The k-multiple game.
    KMultiple(kmultiple::KMultiple),
    /// Wythoff's game.
    Wythoff(wythoff::WythoffGame),
    /// The cutting game.
    Cutting(cutting::CuttingGame),
    /// A coin walking to a board's corner.
    CornerWalk(corner::CornerWalk),
    /// A game given by its rule.
    Rule(rule::RuleGame),
    /// A game given by its rule, in misère play.
    MisereRule(misere_rule::MisereRuleGame),
    /// Staircase Nim on chessmen's cells.
    Staircase(staircase::Staircase),
    /// The Northcott game.
    Northcott(northcott::Northcott),
    /// Climbing the Hill.
    Hill(hill::Hill),
    /// Cards in boxes.
    Boxes(boxes::Boxes),
    /// E&D's pairs of piles.
    PairSplit(pair_split::PairSplit),
    /// Games of Euclid, every one moved each turn.
    EveryEuclid(every_euclid::EveryEuclid),
}

/// Runs `$heap` with `$h` bound to a heap game's concrete type, `$pos`
/// with `$p` bound to a position game's, or `$row` with `$r` bound to a row
/// game's: the one place where a [`Game`] is turned into the type a hot
/// loop is compiled for. `$game` is a `&Game` or a `&mut Game`.
#[macro_export]
macro_rules! with_game {
    ($game:expr, heap $h:ident => $heap:expr, position $p:ident => $pos:expr, row $r:ident => $row:expr) => {
        match $game {
            $crate::games::Game::Nim($h) => $heap,
            $crate::games::Game::Lasker($h) => $heap,
            $crate::games::Game::Misere($h) => $heap,
            $crate::games::Game::SplitThree($h) => $heap,
            $crate::games::Game::Bounded($h) => $heap,
            $crate::games::Game::Rule($h) => $heap,
            $crate::games::Game::MisereRule($h) => $heap,
            $crate::games::Game::Bash($p) => $pos,
            $crate::games::Game::PowersOfTwo($p) => $pos,
            $crate::games::Game::Multiplication($p) => $pos,
            $crate::games::Game::Fibonacci($p) => $pos,
            $crate::games::Game::KMultiple($p) => $pos,
            $crate::games::Game::Wythoff($p) => $pos,
            $crate::games::Game::Cutting($p) => $pos,
            $crate::games::Game::CornerWalk($p) => $pos,
            $crate::games::Game::Staircase($r) => $row,
            $crate::games::Game::Northcott($r) => $row,
            $crate::games::Game::Hill($r) => $row,
            $crate::games::Game::Boxes($r) => $row,
            $crate::games::Game::PairSplit($r) => $row,
            $crate::games::Game::EveryEuclid($r) => $row,
        }
    };
}

impl Game {
    /// Whether the game is played on heaps (and folded), rather than on one
    /// position per case.
    pub fn is_heap_game(&self) -> bool {
        with_game!(self, heap _h => true, position _p => false, row _r => false)
    }

    /// Whether the game can name every winning move from a heap, as the
    /// answers that list or count them need ([`EveryMove`]).
    pub fn lists_every_move(&self) -> bool {
        with_game!(self, heap h => h.lists_every_move(), position _p => false, row _r => false)
    }

    /// Whether the game can tell whether a claimed move is legal (and what
    /// it leaves), as checking any winning move needs: asked of one move,
    /// since a game that cannot tell says so of every move.
    pub fn checks_moves(&self) -> bool {
        let probe = PositionMove::Pile { from: 1, to: 0 };
        let mut game = self.clone();
        with_game!(&mut game,
            heap h => h.legality(1, &[0]) != Legality::Unchecked,
            position p => p.check_move(1, 1, &probe) != Played::Unchecked,
            row _r => false)
    }

    /// Whether `solve --move` keeps each case's heaps to name its move
    /// ([`HeapGame::MOVES_NEED_HEAPS`]).
    pub fn moves_need_heaps(&self) -> bool {
        fn needs<H: HeapGame>(_: &H) -> bool {
            H::MOVES_NEED_HEAPS
        }
        with_game!(self, heap h => needs(h), position _p => false, row _r => false)
    }

    /// Whether a case is a row of numbers read whole ([`row::RowGame`]).
    pub fn is_row_game(&self) -> bool {
        with_game!(self, heap _h => false, position _p => false, row _r => true)
    }
}

#[cfg(test)]
mod tests;
