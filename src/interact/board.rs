//! A game as it stands between moves, and the program's moves read and
//! checked against it as `judge --move` checks a claimed move.

use std::fmt;

use crate::games::{Game, HeapGame, HeapMove, Legality, Played, PositionGame, PositionMove};
use crate::judge::{parse_heap_move, parse_position_move};
use crate::plural::count;
use crate::stress::Case;

use super::limited_pile::LimitedPile;

/// A position between moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// The heaps, numbered from 1 in moves. A heap taken to nothing stays,
    /// as a heap of 0, so that the others keep their numbers; a split's
    /// parts take the heap's place, in the order the move writes them.
    Heaps(Vec<u64>),
    /// A position game's numbers: a pile and the game's parameter (Bash's
    /// `m`; 0 when there is none), or two piles.
    Position(u64, u64),
    /// A pile whose next take is bounded by the take before (Fibonacci
    /// Nim, the k-multiple game).
    Limited(LimitedPile),
}

/// One move, on either kind of board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// A heap turned into its parts.
    Heap(HeapMove),
    /// A position game's move.
    Position(PositionMove),
}

impl fmt::Display for Move {
    /// The `--move` notation, as the program writes it too.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Heap(mv) => mv.fmt(f),
            Move::Position(mv) => mv.fmt(f),
        }
    }
}

/// What is wrong with a line the program wrote for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move, but not one the game allows from the position: why.
    Wrong(String),
    /// Not written as a move: why.
    Unreadable(String),
}

impl Board {
    /// The board a case of `game` starts from; `None` for a case that is
    /// no heaps and no position (rows, S-Nim's sets, graphs).
    pub fn of_case(case: &Case, game: &Game) -> Option<Board> {
        let limited = matches!(game, Game::Fibonacci(_) | Game::KMultiple(_));
        match case {
            Case::Heaps(heaps) => Some(Board::Heaps(heaps.clone())),
            Case::Number(n) if limited => Some(Board::Limited(LimitedPile::new(*n, None))),
            Case::Pair(n, k) if limited => Some(Board::Limited(LimitedPile::new(*n, Some(*k)))),
            Case::Number(n) => Some(Board::Position(*n, 0)),
            Case::Pair(a, b) => Some(Board::Position(*a, *b)),
            _ => None,
        }
    }

    /// Plays `mv`, a move already checked to be legal here.
    pub fn apply(&mut self, mv: &Move) {
        match (self, mv) {
            (Board::Heaps(heaps), Move::Heap(mv)) => {
                let at = (mv.heap - 1) as usize;
                let parts = [Some(mv.to), mv.and, mv.third].into_iter().flatten();
                heaps.splice(at..=at, parts);
            }
            (Board::Position(a, _), Move::Position(PositionMove::Pile { to, .. })) => *a = *to,
            (Board::Position(a, b), Move::Position(PositionMove::Piles { to, .. })) => {
                (*a, *b) = *to
            }
            (Board::Limited(pile), Move::Position(PositionMove::Pile { from, to })) => {
                pile.take(from - to)
            }
            (board, mv) => unreachable!("{mv} was checked on {board:?}"),
        }
    }

    /// Whether the player to move wins here; an error when the game cannot
    /// decide a heap.
    pub fn mover_wins(&self, game: &mut Game) -> Result<bool, String> {
        crate::with_game!(game,
            heap game => match self {
                Board::Heaps(heaps) => heaps_win(&*game, heaps),
                Board::Position(..) | Board::Limited(_) => Err(mismatch()),
            },
            position game => match self {
                Board::Position(a, b) => Ok(game.first_player_wins(*a, *b)),
                Board::Limited(pile) => Ok(pile.mover_wins(game)),
                Board::Heaps(_) => Err(mismatch()),
            },
            row _game => Err(mismatch())
        )
    }

    /// The move the program wrote on `line`, checked to be a move of `game`
    /// from here. `two_piles` says which notation a position game's moves
    /// take: `a b->c d` rather than `a->b`.
    pub fn read_move(&self, game: &mut Game, line: &[u8], two_piles: bool) -> Result<Move, Fault> {
        let tokens: Vec<&[u8]> = line
            .split(|b| b.is_ascii_whitespace())
            .filter(|token| !token.is_empty())
            .collect();
        // Quoted only for a message: a right move costs no quote.
        let shown = Shown(line);
        crate::with_game!(game,
            heap game => match self {
                Board::Heaps(heaps) => heap_move(&*game, heaps, &tokens, &shown).map(Move::Heap),
                Board::Position(..) | Board::Limited(_) => Err(Fault::Wrong(mismatch())),
            },
            position game => match *self {
                Board::Position(a, b) => {
                    position_move(game, (a, b), &tokens, &shown, two_piles).map(Move::Position)
                }
                Board::Limited(pile) => limited_move(&pile, &tokens, &shown).map(Move::Position),
                Board::Heaps(_) => Err(Fault::Wrong(mismatch())),
            },
            row _game => Err(Fault::Wrong(mismatch()))
        )
    }
}

impl fmt::Display for Board {
    /// The heaps or the numbers, space-separated, for messages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Heaps(heaps) => {
                const SHOWN: usize = 12;
                for (i, heap) in heaps.iter().take(SHOWN).enumerate() {
                    let gap = if i > 0 { " " } else { "" };
                    write!(f, "{gap}{heap}")?;
                }
                if heaps.len() > SHOWN {
                    write!(f, " … ({})", count(heaps.len() as u64, "heap"))?;
                }
                Ok(())
            }
            Board::Position(a, b) => write!(f, "{a} {b}"),
            Board::Limited(pile) => pile.fmt(f),
        }
    }
}

fn mismatch() -> String {
    "the board is not of the game's kind".into()
}

/// Whether the player to move wins the position of `heaps`.
pub(crate) fn heaps_win<G: HeapGame>(game: &G, heaps: &[u64]) -> Result<bool, String> {
    Ok(game.first_player_wins(&summary(game, heaps)?))
}

/// The fold of `heaps`, or why the game refuses one of them.
pub(crate) fn summary<G: HeapGame>(
    game: &G,
    heaps: &[u64],
) -> Result<crate::games::CaseSummary, String> {
    let mut summary = crate::games::CaseSummary::default();
    for &heap in heaps {
        if G::MAY_REFUSE && !game.decides(heap) {
            return Err(game.refusal(heap));
        }
        game.fold(&mut summary, heap);
    }
    Ok(summary)
}

/// The program's line, shown in a message as [`quote`] writes it.
struct Shown<'a>(&'a [u8]);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&quote(self.0))
    }
}

/// A line as messages quote it: lossy UTF-8, trimmed, cut at 60 bytes.
pub(crate) fn quote(line: &[u8]) -> String {
    const LONGEST: usize = 60;
    let text = String::from_utf8_lossy(&line[..line.len().min(LONGEST)]);
    let more = if line.len() > LONGEST { "…" } else { "" };
    format!("'{}{more}'", text.trim())
}

/// The program's heap move in `tokens`, checked on `heaps`.
fn heap_move<G: HeapGame>(
    game: &G,
    heaps: &[u64],
    tokens: &[&[u8]],
    shown: &Shown,
) -> Result<HeapMove, Fault> {
    let Some(mv) = parse_heap_move(tokens) else {
        return Err(Fault::Unreadable(format!(
            "{shown} is not a move: expected i:a->b (heap i from a objects to b), or \
             i:a->b+c for a split"
        )));
    };
    let index = mv.heap.checked_sub(1).and_then(|i| usize::try_from(i).ok());
    let Some(&size) = index.and_then(|i| heaps.get(i)) else {
        return Err(Fault::Wrong(format!(
            "{shown} names heap {}, but the position has {}",
            mv.heap,
            count(heaps.len() as u64, "heap")
        )));
    };
    if size != mv.from {
        return Err(Fault::Wrong(format!(
            "{shown}: heap {} has {}, not {}",
            mv.heap,
            count(size, "object"),
            mv.from
        )));
    }
    let parts: Vec<u64> = [Some(mv.to), mv.and, mv.third]
        .into_iter()
        .flatten()
        .collect();
    match game.legality(mv.from, &parts) {
        Legality::Legal => Ok(mv),
        Legality::Illegal(why) => Err(Fault::Wrong(format!("{shown} is illegal: {why}"))),
        Legality::Unchecked => Err(Fault::Wrong(format!("{shown} cannot be checked"))),
    }
}

/// The program's move in `tokens` on a pile whose take is limited,
/// checked against the pile and the limit.
fn limited_move(
    pile: &LimitedPile,
    tokens: &[&[u8]],
    shown: &Shown,
) -> Result<PositionMove, Fault> {
    let Some(PositionMove::Pile { from, to }) = parse_position_move(tokens) else {
        return Err(Fault::Unreadable(format!(
            "{shown} is not a move: expected a->b (the pile before and after)"
        )));
    };
    match pile.check_take(from, to) {
        Ok(_) => Ok(PositionMove::Pile { from, to }),
        Err(why) => Err(Fault::Wrong(format!("{shown} is illegal: {why}"))),
    }
}

/// The program's position move in `tokens`, checked from `(a, b)`.
fn position_move(
    game: &mut impl PositionGame,
    (a, b): (u64, u64),
    tokens: &[&[u8]],
    shown: &Shown,
    two_piles: bool,
) -> Result<PositionMove, Fault> {
    let parsed = parse_position_move(tokens)
        .filter(|mv| two_piles == matches!(mv, PositionMove::Piles { .. }));
    let Some(mv) = parsed else {
        let form = match two_piles {
            true => "a b->c d (the two numbers before and after)",
            false => "a->b (the pile before and after)",
        };
        return Err(Fault::Unreadable(format!(
            "{shown} is not a move: expected {form}"
        )));
    };
    match game.check_move(a, b, &mv) {
        Played::Legal { .. } => Ok(mv),
        Played::Illegal(why) => Err(Fault::Wrong(format!("{shown} is illegal: {why}"))),
        Played::Unchecked => Err(Fault::Wrong(format!("{shown} cannot be checked"))),
    }
}
