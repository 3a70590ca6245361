//! The interactor's own move.
//!
//! From a won position it plays the move `solve --move` names
//! ([`HeapGame::winning_move_in`], [`PositionGame::winning_move`]), so a
//! program that cannot defend loses. From a lost position there is no
//! right move, only a hard one: the interactor draws a few candidate moves
//! (small and large takes, takes the rule allows, splits near the ends and
//! the middle) from a sample of heaps, keeps those the game calls legal
//! ([`HeapGame::legality`], [`PositionGame::check_move`]), and plays one
//! that leaves the program the fewest heaps to answer from, so that a
//! program that guesses is likely to miss the one reply that wins. The
//! count is exact in normal play, where a heap has a winning reply iff its
//! Grundy value holds the xor's highest bit; in a misère rule's game it is
//! not counted. A position game's candidates (takes of one, of a power of
//! two, of the bound, of all, drawn ones) all count the same, except in
//! Fibonacci Nim and the k-multiple game, whose winning replies are
//! counted exactly ([`limited_pile`](super::limited_pile)). Equals are
//! drawn among with the seed. Told to hurry
//! ([`Player::hurry`]), it plays instead the candidate that leaves the
//! fewest objects, so that a game ends.
//!
//! The candidates are not every move, but they always include a move when
//! there is one: taking one object, or the rule's smallest removal, or the
//! smallest split it allows, from every heap in turn if the sample has
//! none. So a position with no candidate is one with no move, and the game
//! is over.

use crate::games::{
    legality, Game, HeapFold, HeapGame, HeapMove, Legality, Played, PositionGame, PositionMove,
};
use crate::grundy::Rule;
use crate::rng::SplitMix64;

use super::board::{Board, Move};
use super::tally::{value_of, Tally};

/// How many heaps a lost position's candidates are drawn from.
const SAMPLED_HEAPS: usize = 24;

/// The interactor's choice of moves, reproducible from its seed.
#[derive(Clone, Debug)]
pub struct Player {
    rng: SplitMix64,
    /// Whether a lost position is played to end the game soon rather
    /// than to leave few winning replies.
    hurry: bool,
}

impl Player {
    /// A player whose draws follow `seed`.
    pub fn new(seed: u64) -> Player {
        Player {
            rng: SplitMix64::new(seed),
            hurry: false,
        }
    }

    /// From now on, whether to play a lost position to end the game soon:
    /// the candidate that leaves the fewest objects. A game near its move
    /// limit is hurried so that the limit stays the program's to reach.
    pub fn hurry(&mut self, hurry: bool) {
        self.hurry = hurry;
    }

    /// The interactor's move on `board`, to move there; `None` when it has
    /// no move (the game is over). An error when the game cannot decide a
    /// heap. Tallies the heaps first: [`Player::choose_in`] is for a
    /// session that keeps its tally.
    pub fn choose(&mut self, game: &mut Game, board: &Board) -> Result<Option<Move>, String> {
        let mut tally = tally(game, board)?;
        self.choose_in(game, board, tally.as_mut())
    }

    /// The interactor's move on `board`, whose heaps `tally` keeps up
    /// with (`None` for a position game's board).
    pub fn choose_in(
        &mut self,
        game: &mut Game,
        board: &Board,
        tally: Option<&mut Tally>,
    ) -> Result<Option<Move>, String> {
        let rule = rule_of(game).cloned();
        let score = match (self.hurry, &*game) {
            (true, _) => Score::ObjectsLeft,
            (false, Game::MisereRule(_)) => Score::Nothing,
            (false, _) => Score::WinningReplies,
        };
        let (rng, hurry) = (&mut self.rng, self.hurry);
        crate::with_game!(game,
            heap game => match (board, tally) {
                (Board::Heaps(heaps), Some(tally)) => {
                    let chosen = heap_choice(&*game, heaps, tally, rule.as_ref(), score, rng)?;
                    Ok(chosen.map(Move::Heap))
                }
                _ => Err("a heap game on a position, or its heaps untallied".into()),
            },
            position game => match *board {
                Board::Position(a, b) => {
                    Ok(position_choice(game, (a, b), hurry, rng).map(Move::Position))
                }
                Board::Limited(pile) => Ok(pile.choose(game, hurry, rng).map(|take| {
                    Move::Position(PositionMove::Pile {
                        from: pile.pile,
                        to: pile.pile - take,
                    })
                })),
                Board::Heaps(_) => Err("a position game on heaps".into()),
            },
            row _game => Err("a row's game is not played".into())
        )
    }

    /// Whether the player to move on `board` has any move at all.
    pub fn has_move(&mut self, game: &mut Game, board: &Board) -> bool {
        match tally(game, board) {
            Ok(tally) => has_move_in(game, board, tally.as_ref()),
            Err(_) => false,
        }
    }
}

/// The tally of `board`'s heaps, kept up to date by [`keep_up`]; `None`
/// for a position game's board. An error when the game refuses a heap.
pub fn tally(game: &Game, board: &Board) -> Result<Option<Tally>, String> {
    let rule = rule_of(game).cloned();
    crate::with_game!(game,
        heap game => match board {
            Board::Heaps(heaps) => {
                let moves = |heap| heap_moves(game, heap, rule.as_ref());
                Tally::new(game, heaps, moves).map(Some)
            }
            Board::Position(..) | Board::Limited(_) => Ok(None),
        },
        position _game => Ok(None),
        row _game => Ok(None)
    )
}

/// Keeps `tally` up with `mv`, just played on `board`.
pub fn keep_up(game: &Game, tally: &mut Tally, board: &Board, mv: &Move) -> Result<(), String> {
    let rule = rule_of(game).cloned();
    crate::with_game!(game,
        heap game => match (board, mv) {
            (Board::Heaps(heaps), Move::Heap(mv)) => {
                let moves = |heap| heap_moves(game, heap, rule.as_ref());
                tally.apply(game, heaps, mv, moves)
            }
            _ => Err("a heap game's move on a position".into()),
        },
        position _game => Ok(()),
        row _game => Ok(())
    )
}

/// Whether the player to move on `board` wins: for heaps, from `tally`.
pub fn mover_wins(game: &mut Game, board: &Board, tally: Option<&Tally>) -> Result<bool, String> {
    match tally {
        Some(tally) => Ok(crate::with_game!(&*game,
            heap game => game.first_player_wins(tally.summary()),
            position _game => false,
            row _game => false
        )),
        None => board.mover_wins(game),
    }
}

/// Whether the player to move on `board` has any move: for heaps, whether
/// `tally` has a heap that moves.
pub fn has_move_in(game: &mut Game, board: &Board, tally: Option<&Tally>) -> bool {
    match (board, tally) {
        (Board::Heaps(_), Some(tally)) => !tally.movable().is_empty(),
        (Board::Position(a, b), _) => crate::with_game!(game,
            heap _game => false,
            position game => !position_options(game, (*a, *b), None).is_empty(),
            row _game => false
        ),
        (Board::Limited(pile), _) => pile.has_move(),
        _ => false,
    }
}

/// Whether a heap of `heap` has a move in `game`: the candidates that show
/// it are the ones [`heap_options`] always includes.
fn heap_moves<G: HeapGame>(game: &G, heap: u64, rule: Option<&Rule>) -> bool {
    // Taking one, a candidate of every heap, settles most heaps without
    // building the candidates: a position of 10^6 heaps is tallied so.
    heap > 0
        && (allows(game, rule, heap, &[heap - 1]) || {
            let mut options = Vec::new();
            heap_options(game, heap, rule, None, &mut options);
            !options.is_empty()
        })
}

/// What a lost position's candidates are ranked by, fewest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Score {
    /// The heaps left with a winning reply.
    WinningReplies,
    /// The objects left: to end the game soon.
    ObjectsLeft,
    /// Nothing: every candidate is as good.
    Nothing,
}

/// The rule of a game given by one, whose removals the candidates follow.
fn rule_of(game: &Game) -> Option<&Rule> {
    match game {
        Game::Rule(game) => Some(game.rule()),
        Game::MisereRule(game) => Some(game.rule()),
        _ => None,
    }
}

/// A heap's Grundy value as its fold xors it, all 65 bits.
fn value<G: HeapGame>(game: &G, heap: u64) -> u128 {
    let alone = value_of(game, heap);
    u128::from(alone.xor) | u128::from(alone.carry) << 64
}

/// The interactor's move on `heaps`, which `tally` keeps up with.
fn heap_choice<G: HeapGame>(
    game: &G,
    heaps: &[u64],
    tally: &mut Tally,
    rule: Option<&Rule>,
    score: Score,
    rng: &mut SplitMix64,
) -> Result<Option<HeapMove>, String> {
    let folded = *tally.summary();
    if game.first_player_wins(&folded) {
        // A misère quotient's move needs the heaps themselves: a walk over
        // them, the one reply not kept up to date.
        let won = match G::MOVES_NEED_HEAPS {
            true => game.winning_move_in(heaps, &folded),
            false => game.winning_move(&folded, &tally.trace(game, heaps)),
        };
        if let Some(mv) = won {
            return Ok(Some(mv));
        }
    }
    let mut candidates: Vec<(usize, Parts)> = Vec::new();
    let movable = tally.movable();
    let sampled: Vec<usize> = match movable.len() <= SAMPLED_HEAPS {
        true => movable.iter().map(|&at| at as usize).collect(),
        false => (0..SAMPLED_HEAPS)
            .map(|_| movable[rng.between(0, movable.len() as u64 - 1) as usize] as usize)
            .collect(),
    };
    // The sampled heaps' sizes read at once, so that their cache misses
    // (a position of 10^6 heaps is megabytes) overlap.
    let sizes: Vec<u64> = sampled.iter().map(|&at| heaps[at]).collect();
    let mut options = Vec::new();
    for (&at, &size) in sampled.iter().zip(&sizes) {
        heap_options(game, size, rule, Some(rng), &mut options);
        candidates.extend(options.iter().map(|&parts| (at, parts)));
    }
    let scores: Vec<u64> = match score {
        Score::WinningReplies => {
            let replies = Replies {
                xor: u128::from(folded.xor) | u128::from(folded.carry) << 64,
                holding: *tally.holding(),
            };
            candidates
                .iter()
                .map(|(at, parts)| {
                    let mut after = [0u128; 3];
                    for (value_after, &part) in after.iter_mut().zip(parts.as_slice()) {
                        *value_after = value(game, part);
                    }
                    replies.after(value(game, heaps[*at]), &after[..parts.len()])
                })
                .collect()
        }
        Score::ObjectsLeft => {
            let left = |parts: &[u64]| parts.iter().fold(0u64, |sum, &p| sum.saturating_add(p));
            candidates
                .iter()
                .map(|(_, parts)| left(parts.as_slice()))
                .collect()
        }
        Score::Nothing => vec![0; candidates.len()],
    };
    let Some(&fewest) = scores.iter().min() else {
        return Ok(None);
    };
    let best: Vec<usize> = (0..candidates.len())
        .filter(|&i| scores[i] == fewest)
        .collect();
    let (at, parts) = &candidates[best[rng.between(0, best.len() as u64 - 1) as usize]];
    let parts = parts.as_slice();
    Ok(Some(HeapMove {
        heap: *at as u64 + 1,
        from: heaps[*at],
        to: parts[0],
        and: parts.get(1).copied(),
        third: parts.get(2).copied(),
    }))
}

/// The xor of a position's Grundy values and, per bit, how many heaps
/// hold it: enough to count the winning replies after any one move.
struct Replies {
    xor: u128,
    holding: [u64; 65],
}

impl Replies {
    /// How many heaps have a winning reply once the heap worth `from` is
    /// replaced by parts worth `parts`: those whose value holds the new
    /// xor's highest bit (none when the xor is 0).
    fn after(&self, from: u128, parts: &[u128]) -> u64 {
        let xor = parts.iter().fold(self.xor ^ from, |x, &part| x ^ part);
        let Some(top) = xor.checked_ilog2() else {
            return 0;
        };
        let bit = |value: u128| (value >> top & 1) as u64;
        let others = self.holding[top as usize] - bit(from);
        others + parts.iter().map(|&part| bit(part)).sum::<u64>()
    }
}

/// The heaps a move leaves in place of one: one, two or three, kept in
/// place (a lost position's move weighs over a hundred of them). The
/// places past `len` hold 0, the least a part may be, so that the derived
/// order (the parts, then how many) is the order of the parts' slices:
/// candidates sort as vectors of parts would.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Parts {
    parts: [u64; 3],
    len: u8,
}

impl Parts {
    fn of(parts: &[u64]) -> Parts {
        let mut kept = [0; 3];
        kept[..parts.len()].copy_from_slice(parts);
        Parts {
            parts: kept,
            len: parts.len() as u8,
        }
    }

    fn as_slice(&self) -> &[u64] {
        &self.parts[..self.len as usize]
    }

    fn len(&self) -> usize {
        self.len as usize
    }
}

/// A few numbers, kept in place: the removals a heap's candidates make.
struct Few {
    len: usize,
    items: [u64; 8],
}

impl Few {
    fn of(items: &[u64]) -> Few {
        let mut few = Few {
            len: 0,
            items: [0; 8],
        };
        few.extend(items.iter().copied());
        few
    }

    fn extend(&mut self, items: impl IntoIterator<Item = u64>) {
        for item in items {
            self.items[self.len] = item;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u64] {
        &self.items[..self.len]
    }
}

/// Whether one move of `game`, whose rule is `rule` if it has one, turns
/// a heap of `from` into `parts`: [`HeapGame::legality`] without the
/// message it writes for a move that is not, since most candidates of a
/// game that does not split are splits.
fn allows<G: HeapGame>(game: &G, rule: Option<&Rule>, from: u64, parts: &[u64]) -> bool {
    if parts.len() > G::MOST_PARTS {
        return false;
    }
    match rule {
        // A rule's game checks its moves by the rule alone.
        Some(rule) => legality::rule_allows(rule, from, parts),
        None => game.legality(from, parts) == Legality::Legal,
    }
}

/// Candidate moves from a heap of `heap`, each the parts it leaves, all
/// legal in `game`, in order, into `options` (emptied first). Without
/// `rng`, only the few that show whether the heap moves at all.
fn heap_options<G: HeapGame>(
    game: &G,
    heap: u64,
    rule: Option<&Rule>,
    mut rng: Option<&mut SplitMix64>,
    options: &mut Vec<Parts>,
) {
    options.clear();
    if heap == 0 {
        return;
    }
    let full = rng.is_some();
    let mut draw = |lo: u64, hi: u64| rng.as_mut().map(|rng| rng.between(lo, hi.max(lo)));
    // At most 2 + 3 removals, and 3 of each of the rule's three lists.
    let mut removals = Few::of(&[1, heap]);
    let mut split_removals = Few::of(&[0]);
    if full {
        removals.extend([2, 3]);
        removals.extend(draw(1, heap));
    }
    if let Some(rule) = rule {
        let lists = [
            (rule.leave_one(), true),
            (rule.leave_two(), false),
            (rule.leave_three(), false),
        ];
        for (list, leaves_one) in lists {
            let into = match leaves_one {
                true => &mut removals,
                false => &mut split_removals,
            };
            // The smallest shows whether the heap moves; a drawn one and
            // the largest that fits vary the game.
            let fitting = list.iter().take_while(|&&k| k as u64 <= heap).count();
            let Some(last) = fitting.checked_sub(1) else {
                continue;
            };
            into.extend([list[0] as u64]);
            if full {
                let drawn = draw(0, last as u64).unwrap_or(0) as usize;
                into.extend([list[drawn] as u64, list[last] as u64]);
            }
        }
    }
    for &k in removals
        .as_slice()
        .iter()
        .filter(|&&k| (1..=heap).contains(&k))
    {
        options.push(Parts::of(&[heap - k]));
    }
    for &k in split_removals.as_slice().iter().filter(|&&k| k <= heap) {
        let rest = heap - k;
        if rest >= 2 {
            options.push(Parts::of(&[1, rest - 1]));
            options.push(Parts::of(&[rest / 2, rest - rest / 2]));
            if let Some(a) = draw(1, rest - 1) {
                options.push(Parts::of(&[a, rest - a]));
            }
        }
        if rest >= 3 {
            options.push(Parts::of(&[1, 1, rest - 2]));
            let third = rest / 3;
            options.push(Parts::of(&[third, third, rest - 2 * third]));
            if let Some(a) = draw(1, rest - 2) {
                let b = draw(1, rest - a - 1).unwrap_or(1);
                options.push(Parts::of(&[a, b, rest - a - b]));
            }
        }
    }
    // Legality is the parts' alone, so the illegal go before the sort:
    // fewer to sort, the same list.
    options.retain(|parts| allows(game, rule, heap, parts.as_slice()));
    options.sort_unstable();
    options.dedup();
}

/// The interactor's move from `(a, b)`.
fn position_choice(
    game: &mut impl PositionGame,
    (a, b): (u64, u64),
    hurry: bool,
    rng: &mut SplitMix64,
) -> Option<PositionMove> {
    if game.first_player_wins(a, b) {
        if let Some(mv) = game.winning_move(a, b) {
            return Some(mv);
        }
    }
    let mut options = position_options(game, (a, b), Some(rng));
    if hurry {
        let left = |mv: &PositionMove| match *mv {
            PositionMove::Pile { to, .. } => to,
            PositionMove::Piles { to, .. } => to.0.saturating_add(to.1),
            PositionMove::Cut { .. } => u64::MAX,
        };
        let least = options.iter().map(left).min()?;
        options.retain(|mv| left(mv) == least);
    }
    let last = options.len().checked_sub(1)?;
    Some(options[rng.between(0, last as u64) as usize])
}

/// Candidate moves from `(a, b)`, all legal in `game`: takes from one pile
/// (of 1 to 3, `b` when it is a bound, a power of two, all) and, for a
/// game of two piles, from either or both. Without `rng`, only the few
/// that show whether the position moves at all.
fn position_options(
    game: &mut impl PositionGame,
    (a, b): (u64, u64),
    mut rng: Option<&mut SplitMix64>,
) -> Vec<PositionMove> {
    let mut takes = vec![1];
    if let Some(rng) = rng.as_mut() {
        takes.extend([2, 3, b, a, b.min(a)]);
        takes.extend((0..64).map(|i| 1u64 << i));
        takes.push(rng.between(1, a.max(1)));
        takes.push(rng.between(1, b.max(1)));
    }
    let mut options = Vec::new();
    for &k in takes.iter().filter(|&&k| k >= 1) {
        if let Some(to) = a.checked_sub(k) {
            options.push(PositionMove::Pile { from: a, to });
            options.push(PositionMove::Piles {
                from: (a, b),
                to: (to, b),
            });
        }
        if let Some(to) = b.checked_sub(k) {
            options.push(PositionMove::Piles {
                from: (a, b),
                to: (a, to),
            });
        }
        if let (Some(x), Some(y)) = (a.checked_sub(k), b.checked_sub(k)) {
            options.push(PositionMove::Piles {
                from: (a, b),
                to: (x, y),
            });
        }
    }
    let mut seen = Vec::new();
    options.retain(|mv| {
        let new = !seen.contains(mv);
        seen.push(*mv);
        new && matches!(game.check_move(a, b, mv), Played::Legal { .. })
    });
    options
}

#[cfg(test)]
mod tests;
