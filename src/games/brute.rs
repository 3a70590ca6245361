//! Brute-force searches that the closed forms are tested against.
//!
//! Nothing here is clever on purpose. Each search follows the rules of its
//! game literally (every move is generated and every resulting position is
//! searched), so agreement with a closed form says something about the closed
//! form rather than about a shared shortcut.

use std::collections::{HashMap, HashSet};

/// Every way one move can replace a single heap of `heap` objects in plain
/// Nim. Each entry lists the heaps that take its place.
pub fn nim_moves(heap: u64) -> Vec<Vec<u64>> {
    (0..heap).map(|left| vec![left]).collect()
}

/// Every way one move can replace a single heap in Lasker's Nim: anything
/// Nim allows, plus splitting the heap into two non-empty heaps.
pub fn lasker_moves(heap: u64) -> Vec<Vec<u64>> {
    let mut moves = nim_moves(heap);
    moves.extend((1..=heap / 2).map(|part| vec![part, heap - part]));
    moves
}

/// Every way one move can replace a single heap in HDU 5795's game:
/// anything Nim allows, plus splitting the heap into three non-empty heaps.
pub fn split_three_moves(heap: u64) -> Vec<Vec<u64>> {
    let mut moves = nim_moves(heap);
    for a in 1..=heap / 3 {
        for b in a..=(heap - a) / 2 {
            moves.push(vec![a, b, heap - a - b]);
        }
    }
    moves
}

/// Every way one move can replace a single heap in the game of an octal or
/// hexadecimal code, from its digits alone: removing `i` objects may leave
/// nothing (digit bit 1, all `i` taken: an empty heap), one heap (2), two (4) or three
/// (8) non-empty heaps. For codes, not Grundy's game (unequal parts).
pub fn rule_moves(digit: impl Fn(usize) -> u8) -> impl Fn(u64) -> Vec<Vec<u64>> {
    move |heap| {
        let mut moves = Vec::new();
        for i in 0..=heap {
            let (d, rest) = (digit(i as usize), heap - i);
            if d & 1 != 0 && rest == 0 {
                moves.push(vec![0]);
            }
            if d & 2 != 0 && rest > 0 {
                moves.push(vec![rest]);
            }
            if d & 4 != 0 {
                moves.extend((1..=rest / 2).map(|a| vec![a, rest - a]));
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    moves.extend((a..=(rest - a) / 2).map(|b| vec![a, b, rest - a - b]));
                }
            }
        }
        moves
    }
}

/// Every way one move can replace a row of `heap` objects when a move
/// takes any run of consecutive ones (HDU 2509): the parts left on either
/// side of the run, the empty ones dropped.
pub fn run_moves(heap: u64) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for take in 1..=heap {
        for left in 0..=heap - take {
            let parts = [left, heap - take - left];
            moves.push(parts.into_iter().filter(|&part| part > 0).collect());
        }
    }
    moves
}

/// Every way one move can replace a single heap when a move takes between 1
/// and `max_take` objects.
pub fn bounded_moves(max_take: u64) -> impl Fn(u64) -> Vec<Vec<u64>> {
    move |heap| {
        (1..=heap.min(max_take))
            .map(|take| vec![heap - take])
            .collect()
    }
}

/// The Sprague–Grundy values of single heaps `0..=max_heap`, each computed as
/// the mex of the values of every position one move away.
///
/// A position of several heaps is worth the xor of its heaps' values, which
/// is how split moves are valued. Every move must leave only heaps smaller
/// than the one it replaced, so the values it needs are already known.
pub fn grundy_values(max_heap: u64, moves: impl Fn(u64) -> Vec<Vec<u64>>) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for heap in 0..=max_heap {
        let reachable: HashSet<u64> = moves(heap)
            .iter()
            .map(|parts| {
                parts.iter().fold(0, |acc, &part| {
                    assert!(part < heap, "move must shrink the heap");
                    acc ^ values[part as usize]
                })
            })
            .collect();
        let mex = (0..).find(|v| !reachable.contains(v)).unwrap();
        values.push(mex);
    }
    values
}

/// A memoized win/lose search over whole positions of a heap game, with no
/// Sprague–Grundy theory involved.
///
/// A position is a multiset of heaps; a move replaces one heap according to
/// `moves`. Under the normal rule a player with no move loses; under the
/// misère rule they win, because their opponent made the last move.
pub struct HeapGameSearch<F> {
    moves: F,
    misere: bool,
    memo: HashMap<Vec<u64>, bool>,
}

impl<F: Fn(u64) -> Vec<Vec<u64>>> HeapGameSearch<F> {
    pub fn new(moves: F, misere: bool) -> HeapGameSearch<F> {
        HeapGameSearch {
            moves,
            misere,
            memo: HashMap::new(),
        }
    }

    /// Whether the player to move wins from `heaps`.
    pub fn first_player_wins(&mut self, heaps: &[u64]) -> bool {
        self.search(canonical(heaps.to_vec()))
    }

    fn search(&mut self, position: Vec<u64>) -> bool {
        if let Some(&known) = self.memo.get(&position) {
            return known;
        }
        let mut has_move = false;
        let mut wins = false;
        'heaps: for (i, &heap) in position.iter().enumerate() {
            // Equal heaps lead to the same positions.
            if i > 0 && position[i - 1] == heap {
                continue;
            }
            for replacement in (self.moves)(heap) {
                has_move = true;
                let mut next = position.clone();
                next.remove(i);
                next.extend(replacement);
                if !self.search(canonical(next)) {
                    wins = true;
                    break 'heaps;
                }
            }
        }
        let wins = if has_move { wins } else { self.misere };
        self.memo.insert(position, wins);
        wins
    }
}

/// Positions are compared as sorted lists of non-empty heaps. Dropping empty
/// heaps is sound because in every game searched here an empty heap has no
/// moves and is never part of a move.
fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&heap| heap != 0);
    heaps.sort_unstable();
    heaps
}

/// Whether the player to move wins a single pile of `0..=max_pile` objects
/// when each move takes `1..=max_take` and taking the last object wins.
pub fn subtraction_wins(max_pile: u64, max_take: u64) -> Vec<bool> {
    let mut wins: Vec<bool> = Vec::new();
    for pile in 0..=max_pile {
        let win = (1..=pile.min(max_take)).any(|take| !wins[(pile - take) as usize]);
        wins.push(win);
    }
    wins
}

/// Whether the player to move wins a single pile of `0..=max_pile` objects
/// in a take-limited game: the first move takes at least one object but not
/// all of them, every later move takes at least one and at most `multiplier`
/// times what the opponent just took, and taking the last object wins.
///
/// Fibonacci Nim is `multiplier = 2`; the k-multiple game is `multiplier = k`.
pub fn take_limited_wins(max_pile: usize, multiplier: usize) -> Vec<bool> {
    take_limited_winning_takes(max_pile, multiplier)
        .iter()
        .map(|takes| !takes.is_empty())
        .collect()
}

/// For each pile up to `max_pile`, every first take that wins the
/// take-limited game (each move takes at most `multiplier` times the last;
/// the first may not take everything), by the same search.
pub fn take_limited_winning_takes(max_pile: usize, multiplier: usize) -> Vec<Vec<usize>> {
    // wins[left][limit]: the player to move faces `left` objects and may take
    // at most `limit`. A limit above `left` is the same as `left`, so only
    // `limit <= left` is stored.
    let mut wins: Vec<Vec<bool>> = Vec::with_capacity(max_pile + 1);
    for left in 0..=max_pile {
        let mut row = Vec::with_capacity(left + 1);
        for limit in 0..=left {
            let win = (1..=limit).any(|take| {
                let rest = left - take;
                take == left || !wins[rest][take.saturating_mul(multiplier).min(rest)]
            });
            row.push(win);
        }
        wins.push(row);
    }
    // The first move is limited only by having to leave something behind;
    // it wins if the opponent then loses.
    (0..=max_pile)
        .map(|pile| {
            (1..pile)
                .filter(|&take| {
                    let rest = pile - take;
                    !wins[rest][take.saturating_mul(multiplier).min(rest)]
                })
                .collect()
        })
        .collect()
}

/// `wins[a][b]` for Wythoff's game on piles `a, b <= max_pile`: a move takes
/// any positive number from one pile, or the same positive number from both.
pub fn wythoff_wins(max_pile: usize) -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; max_pile + 1]; max_pile + 1];
    for a in 0..=max_pile {
        for b in 0..=max_pile {
            let from_a = (1..=a).any(|take| !wins[a - take][b]);
            let from_b = (1..=b).any(|take| !wins[a][b - take]);
            let from_both = (1..=a.min(b)).any(|take| !wins[a - take][b - take]);
            wins[a][b] = from_a || from_b || from_both;
        }
    }
    wins
}

/// Fold `heaps` into a fresh summary, one heap at a time.
pub fn fold_heaps<H: super::HeapFold>(game: H, heaps: &[u64]) -> super::CaseSummary {
    let mut summary = super::CaseSummary::default();
    for &heap in heaps {
        game.fold(&mut summary, heap);
    }
    summary
}

/// Call `visit` with every list of up to `max_heaps` heaps, each between
/// `min_heap` and `max_heap`, listed in non-decreasing order. Heap games
/// don't care about order, so this covers every position of that size.
pub fn for_each_position(
    max_heaps: usize,
    min_heap: u64,
    max_heap: u64,
    mut visit: impl FnMut(&[u64]),
) {
    fn extend(
        heaps: &mut Vec<u64>,
        max_heaps: usize,
        max_heap: u64,
        visit: &mut impl FnMut(&[u64]),
    ) {
        visit(heaps);
        if heaps.len() == max_heaps {
            return;
        }
        let low = *heaps.last().unwrap();
        for heap in low..=max_heap {
            heaps.push(heap);
            extend(heaps, max_heaps, max_heap, visit);
            heaps.pop();
        }
    }
    visit(&[]);
    if max_heaps == 0 {
        return;
    }
    for first in min_heap..=max_heap {
        extend(&mut vec![first], max_heaps, max_heap, &mut visit);
    }
}
