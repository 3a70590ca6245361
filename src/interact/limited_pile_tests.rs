//! Fibonacci Nim and the k-multiple game in play, every claim of
//! [`limited_pile`](super::limited_pile) held to a memoized search over
//! (pile, limit).

use super::board::{Board, Fault, Move};
use super::limited_pile::{smallest_term, winning_replies, LimitedPile};
use super::player::Player;
use crate::games::fibonacci::FibonacciNim;
use crate::games::kmultiple::KMultiple;
use crate::games::{Game, PositionGame, PositionMove};
use crate::rng::SplitMix64;

/// The largest pile searched.
const MOST: u64 = 150;

/// Who wins each (pile, limit) when a take `t` lets the next move take at
/// most `multiple * t`: by minimax over every take, not by the theory.
struct Search {
    multiple: u64,
    /// `wins[n][l]` for `l <= n`: a limit above the pile is the pile.
    wins: Vec<Vec<bool>>,
    /// `counts[n][l]`: how many takes win from `(n, l)`, for `l <= n`.
    counts: Vec<Vec<u64>>,
}

impl Search {
    fn new(multiple: u64) -> Search {
        let mut search = Search {
            multiple,
            wins: Vec::new(),
            counts: Vec::new(),
        };
        for n in 0..=MOST {
            let mut counts = vec![0];
            for take in 1..=n {
                let wins = take == n || !search.wins(n - take, multiple * take);
                counts.push(counts[take as usize - 1] + u64::from(wins));
            }
            search.wins.push(counts.iter().map(|&c| c > 0).collect());
            search.counts.push(counts);
        }
        search
    }

    /// How many takes win from `(n, limit)`.
    fn count(&self, n: u64, limit: u64) -> u64 {
        self.counts[n as usize][limit.min(n) as usize]
    }

    fn wins(&self, n: u64, limit: u64) -> bool {
        self.wins[n as usize][limit.min(n) as usize]
    }

    /// The takes that win from `(n, limit)`, smallest first.
    fn winning_takes(&self, n: u64, limit: u64) -> impl Iterator<Item = u64> + '_ {
        (1..=limit.min(n)).filter(move |&t| t == n || !self.wins(n - t, self.multiple * t))
    }
}

/// Each game with its `k` as the pile carries it, and the multiple.
fn games() -> Vec<(Game, Option<u64>, u64)> {
    let mut games = vec![(Game::Fibonacci(FibonacciNim), None, 2)];
    for k in 0..=5 {
        games.push((Game::KMultiple(KMultiple::new()), Some(k), k));
    }
    games
}

/// Runs `check` on each game's position game with its search.
fn for_each_game(mut check: impl FnMut(&mut dyn Checked, Option<u64>, &Search)) {
    for (mut game, k, multiple) in games() {
        let search = Search::new(multiple);
        match &mut game {
            Game::Fibonacci(game) => check(game, k, &search),
            Game::KMultiple(game) => check(game, k, &search),
            _ => unreachable!(),
        }
    }
}

/// The module's functions on one game, object-safe for the loop above.
trait Checked {
    fn smallest(&mut self, n: u64, parameter: u64) -> u64;
    fn replies(&mut self, m: u64, reach: u64, parameter: u64, multiple: u64) -> u64;
    fn winning_take(&mut self, pile: &LimitedPile) -> Option<u64>;
    fn choose(&mut self, pile: &LimitedPile, hurry: bool, rng: &mut SplitMix64) -> Option<u64>;
}

impl<G: PositionGame> Checked for G {
    fn smallest(&mut self, n: u64, parameter: u64) -> u64 {
        smallest_term(self, n, parameter)
    }
    fn replies(&mut self, m: u64, reach: u64, parameter: u64, multiple: u64) -> u64 {
        winning_replies(self, m, reach, parameter, multiple)
    }
    fn winning_take(&mut self, pile: &LimitedPile) -> Option<u64> {
        pile.winning_take(self)
    }
    fn choose(&mut self, pile: &LimitedPile, hurry: bool, rng: &mut SplitMix64) -> Option<u64> {
        pile.choose(self, hurry, rng)
    }
}

/// Every position a game reaches: before the first move, and after a take
/// of `last` (1 to 150) leaving `n`.
fn positions(k: Option<u64>) -> impl Iterator<Item = LimitedPile> {
    (0..=MOST).flat_map(move |n| {
        let first = LimitedPile::new(n, k);
        let later = (1..=MOST).map(move |last| LimitedPile {
            last_take: Some(last),
            ..first
        });
        std::iter::once(first).chain(later)
    })
}

#[test]
fn the_mover_wins_exactly_when_the_smallest_term_is_within_the_limit() {
    for_each_game(|game, k, search| {
        let parameter = k.unwrap_or(0);
        for n in 1..=MOST {
            let smallest = game.smallest(n, parameter);
            for limit in 0..=n + 2 {
                assert_eq!(
                    smallest <= limit,
                    search.wins(n, limit),
                    "k {k:?}: pile {n}, limit {limit}, smallest term {smallest}"
                );
                // And it is the smallest take that wins, at every limit.
                assert_eq!(
                    search.winning_takes(n, limit).next(),
                    (smallest <= limit).then_some(smallest),
                    "k {k:?}: pile {n}, limit {limit}"
                );
            }
        }
    });
}

#[test]
fn the_winning_take_is_the_smallest_that_wins_from_every_position() {
    let mut won = 0;
    for_each_game(|game, k, search| {
        for pile in positions(k) {
            let smallest = search.winning_takes(pile.pile, pile.limit()).next();
            assert_eq!(game.winning_take(&pile), smallest, "k {k:?}: {pile:?}");
            won += u64::from(smallest.is_some());
        }
    });
    assert!(won > 10_000, "only {won} won positions");
}

#[test]
fn the_winning_replies_are_counted_as_the_search_counts_them() {
    for_each_game(|game, k, search| {
        let parameter = k.unwrap_or(0);
        for m in 0..=MOST {
            for reach in 0..=m + 2 {
                let counted = search.winning_takes(m, reach).count() as u64;
                assert_eq!(counted, search.count(m, reach));
                let replies = game.replies(m, reach, parameter, search.multiple);
                assert_eq!(replies, counted, "k {k:?}: pile {m}, limit {reach}");
            }
        }
    });
}

/// The interactor's take from every position: legal; winning when it can
/// win; else, when every take is weighed, one leaving the fewest winning
/// replies; hurried, one whose smallest winning reply is largest.
#[test]
fn the_interactors_take_wins_or_leaves_the_fewest_winning_replies() {
    let mut rng = SplitMix64::new(5);
    for_each_game(|game, k, search| {
        let multiple = search.multiple;
        for pile in positions(k) {
            let most = pile.limit().min(pile.pile);
            let Some(take) = game.choose(&pile, false, &mut rng) else {
                assert_eq!(most, 0, "k {k:?}: {pile:?}: no take chosen");
                continue;
            };
            assert!((1..=most).contains(&take), "k {k:?}: {pile:?}: took {take}");
            let left = pile.pile - take;
            let replies = |t: u64| search.count(pile.pile - t, multiple * t);
            if search.wins(pile.pile, pile.limit()) {
                assert!(
                    take == pile.pile || !search.wins(left, multiple * take),
                    "k {k:?}: {pile:?}: {take} leaves a won position"
                );
            } else if most <= 64 {
                let fewest = (1..=most).map(replies).min().unwrap();
                assert_eq!(replies(take), fewest, "k {k:?}: {pile:?}: took {take}");
            }
            let hurried = game.choose(&pile, true, &mut rng).unwrap();
            assert!((1..=most).contains(&hurried), "k {k:?}: {pile:?}");
            if !search.wins(pile.pile, pile.limit()) {
                // The reply that lets the limits grow most.
                let parameter = k.unwrap_or(0);
                let mut reply = |t: u64| game.smallest(pile.pile - t, parameter);
                let largest = (1..=most).map(&mut reply).max().unwrap();
                assert_eq!(reply(hurried), largest, "k {k:?}: {pile:?}: took {hurried}");
            }
        }
    });
}

/// Above 64 objects a lost position's takes are sampled, and still legal,
/// and among equals the seed draws.
#[test]
fn a_lost_position_with_a_wide_limit_draws_among_its_candidates() {
    let mut game = FibonacciNim;
    // 10946 is a Fibonacci number: lost before the first move.
    let pile = LimitedPile::new(10946, None);
    let takes: Vec<u64> = (0..20)
        .map(|seed| pile.choose(&mut game, false, &mut SplitMix64::new(seed)))
        .map(Option::unwrap)
        .collect();
    let mut replies = |t: u64| winning_replies(&mut game, 10946 - t, 2 * t, 0, 2);
    let always = [1, 2, 3, 10945].into_iter().chain((0..14).map(|i| 1 << i));
    let fewest = always.map(&mut replies).min().unwrap();
    for &take in &takes {
        assert!((1..10946).contains(&take), "{take}");
        assert!(replies(take) <= fewest, "take {take}");
    }
    assert!(takes.iter().any(|&t| t != takes[0]), "{takes:?}");
}

/// Hurried from a lost position, nimstream ends a game against the
/// smallest winning take in a few dozen moves, where small takes would go
/// on for about a third of the pile.
#[test]
fn a_hurried_game_ends_soon() {
    for (mut game, k, _) in games().into_iter().filter(|(_, k, _)| *k != Some(1)) {
        let moves = |game: &mut dyn Checked| {
            // 10^6 + 7 is won: the program moves first.
            let mut pile = LimitedPile::new(1_000_007, k);
            let mut rng = SplitMix64::new(1);
            let mut moves = 0;
            while pile.has_move() {
                let take = match moves % 2 {
                    0 => game
                        .winning_take(&pile)
                        .expect("the program's won position"),
                    _ => game.choose(&pile, true, &mut rng).unwrap(),
                };
                pile.take(take);
                moves += 1;
            }
            moves
        };
        let moves = match &mut game {
            Game::Fibonacci(game) => moves(game),
            Game::KMultiple(game) => moves(game),
            _ => unreachable!(),
        };
        assert!(moves <= 60, "k {k:?}: {moves} moves");
    }
}

#[test]
fn a_take_past_the_limit_is_refused_with_the_limit_spelt_out() {
    // The game is not asked: the pile knows its limit.
    let read = |pile: LimitedPile, line: &str| {
        let mut game = Game::Fibonacci(FibonacciNim);
        match Board::Limited(pile).read_move(&mut game, line.as_bytes(), false)? {
            Move::Position(PositionMove::Pile { from, to }) => Ok(from - to),
            mv => panic!("{mv} is no take"),
        }
    };
    let after = |n, k, last| LimitedPile {
        last_take: Some(last),
        ..LimitedPile::new(n, k)
    };
    assert_eq!(read(after(23, None, 2), "23->19"), Ok(4));
    assert_eq!(
        read(after(23, None, 2), "23->10"),
        Err(Fault::Wrong(
            "'23->10' is illegal: a move may take at most 2×2 = 4 (2 times the 2 taken \
             before), not 13"
                .into()
        ))
    );
    assert_eq!(
        read(after(40, Some(3), 5), "40->24"),
        Err(Fault::Wrong(
            "'40->24' is illegal: a move may take at most 3×5 = 15 (3 times the 5 taken \
             before), not 16"
                .into()
        ))
    );
    assert_eq!(read(after(40, Some(3), 5), "40->25"), Ok(15));
    assert_eq!(
        read(LimitedPile::new(7, None), "7->0"),
        Err(Fault::Wrong(
            "'7->0' is illegal: the first move may not take all: at most 6 of 7, not 7".into()
        ))
    );
    assert_eq!(
        read(after(7, None, 1), "8->7"),
        Err(Fault::Wrong(
            "'8->7' is illegal: the pile has 7, not 8".into()
        ))
    );
    assert_eq!(
        read(after(7, None, 1), "7->7"),
        Err(Fault::Wrong(
            "'7->7' is illegal: a move takes at least one object: 7->7".into()
        ))
    );
    assert!(matches!(
        read(after(7, None, 1), "1:7->6"),
        Err(Fault::Unreadable(_))
    ));
}

/// The board keeps the take before: a pile's limit follows each move.
#[test]
fn the_board_carries_the_limit_from_move_to_move() {
    let mut game = Game::Fibonacci(FibonacciNim);
    let case = crate::stress::Case::Number(10);
    let mut board = Board::of_case(&case, &game).unwrap();
    assert_eq!(board.to_string(), "10");
    assert!(board.mover_wins(&mut game).unwrap());
    let mv = board.read_move(&mut game, b"10->9", false).unwrap();
    board.apply(&mv);
    assert_eq!(board.to_string(), "9, taking at most 2");
    // 9 = 8 + 1: the interactor takes 1, and 8 is past the next limit.
    let mut player = Player::new(0);
    let mv = player.choose(&mut game, &board).unwrap().unwrap();
    assert_eq!(mv.to_string(), "9->8");
    board.apply(&mv);
    assert!(!board.mover_wins(&mut game).unwrap());
    let pair = crate::stress::Case::Pair(5, 3);
    let board = Board::of_case(&pair, &Game::KMultiple(KMultiple::new())).unwrap();
    assert_eq!(board.to_string(), "5 3");
}
