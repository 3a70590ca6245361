//! The interactor's moves against brute force: on every small position a
//! move exactly when the game has one, always a move the search lists,
//! and from a won position one that leaves a lost position.

use std::collections::HashMap;

use super::*;
use crate::games::brute::{
    bounded_moves, for_each_position, lasker_moves, nim_moves, rule_moves, split_three_moves,
    HeapGameSearch,
};
use crate::games::GameParams;
use crate::problem::Problem;

fn game(name: &str, max_take: Option<u64>) -> Game {
    let (problem, rule) = Problem::find_or_rule(name).unwrap();
    let params = GameParams {
        rule,
        max_take,
        largest_heap: Some(16),
        ..GameParams::default()
    };
    problem.build_game(&params).unwrap()
}

fn sorted(mut parts: Vec<u64>) -> Vec<u64> {
    parts.sort_unstable();
    parts
}

/// Plays `game` on every position of up to `heaps` heaps of up to `most`
/// objects against the search over `moves`.
fn heaps_against_search(
    mut game: Game,
    moves: impl Fn(u64) -> Vec<Vec<u64>> + Copy,
    misere: bool,
    heaps: usize,
    most: u64,
) {
    let mut search = HeapGameSearch::new(moves, misere);
    let mut positions = 0;
    for seed in [1, 2] {
        let mut player = Player::new(seed);
        for_each_position(heaps, 0, most, |heaps| {
            positions += 1;
            let board = Board::Heaps(heaps.to_vec());
            let wins = search.first_player_wins(heaps);
            let moving = heaps.iter().any(|&heap| !moves(heap).is_empty());
            assert_eq!(player.has_move(&mut game, &board), moving, "{heaps:?}");
            let chosen = player.choose(&mut game, &board).unwrap();
            let Some(Move::Heap(mv)) = chosen else {
                assert!(!moving, "{heaps:?}: no move chosen, but there is one");
                return;
            };
            let at = (mv.heap - 1) as usize;
            assert_eq!(heaps[at], mv.from, "{heaps:?}: {mv}");
            let parts: Vec<u64> = [Some(mv.to), mv.and, mv.third]
                .into_iter()
                .flatten()
                .collect();
            let listed = moves(mv.from).into_iter().map(sorted);
            assert!(
                listed.clone().any(|option| option == sorted(parts.clone())),
                "{heaps:?}: {mv} is no move"
            );
            let mut after = heaps.to_vec();
            after.splice(at..=at, parts);
            if wins {
                assert!(
                    !search.first_player_wins(&after),
                    "{heaps:?}: {mv} leaves a won position"
                );
            }
        });
    }
    assert!(positions > 100, "only {positions} positions were played");
}

#[test]
fn nim_moves_are_legal_and_winning() {
    heaps_against_search(game("nim", None), nim_moves, false, 3, 7);
}

#[test]
fn misere_nim_moves_are_legal_and_winning() {
    heaps_against_search(game("misere", None), nim_moves, true, 3, 6);
}

#[test]
fn lasker_moves_are_legal_and_winning() {
    heaps_against_search(game("lasker", None), lasker_moves, false, 3, 7);
}

#[test]
fn split_three_moves_are_legal_and_winning() {
    heaps_against_search(game("hdu5795", None), split_three_moves, false, 2, 9);
}

#[test]
fn bounded_moves_are_legal_and_winning() {
    let moves = bounded_moves(2);
    heaps_against_search(game("bounded", Some(2)), &moves, false, 3, 7);
}

/// Rules that take all, leave one, split in two, and a set whose smallest
/// removal leaves small heaps without a move.
#[test]
fn rule_moves_are_legal_and_winning() {
    for (name, misere) in [
        ("0.77", false),
        ("0.137", false),
        ("sub:2,5", false),
        ("misere:0.77", true),
        ("misere:sub:2,3", true),
    ] {
        let game = game(name, None);
        let rule = rule_of(&game).unwrap().clone();
        let moves = rule_moves(|i| rule.digit(i));
        heaps_against_search(game, &moves, misere, 3, 6);
    }
}

/// Among the moves that take one object, each a candidate when the heaps
/// are few, none leaves fewer heaps with a winning reply than the move
/// chosen from a lost position.
#[test]
fn from_a_lost_position_the_move_leaves_the_fewest_winning_replies() {
    let mut search = HeapGameSearch::new(nim_moves, false);
    let mut game = game("nim", None);
    let mut player = Player::new(5);
    let mut lost = 0;
    let replies = |search: &mut HeapGameSearch<_>, heaps: &[u64]| {
        (0..heaps.len())
            .filter(|&i| {
                nim_moves(heaps[i]).into_iter().any(|parts| {
                    let mut after = heaps.to_vec();
                    after.splice(i..=i, parts);
                    !search.first_player_wins(&after)
                })
            })
            .count()
    };
    for_each_position(4, 1, 9, |heaps| {
        if heaps.is_empty() || search.first_player_wins(heaps) {
            return;
        }
        lost += 1;
        let board = Board::Heaps(heaps.to_vec());
        let Some(Move::Heap(mv)) = player.choose(&mut game, &board).unwrap() else {
            panic!("{heaps:?}: no move");
        };
        let mut after = heaps.to_vec();
        after[(mv.heap - 1) as usize] = mv.to;
        let chosen = replies(&mut search, &after);
        for i in 0..heaps.len() {
            let mut one_taken = heaps.to_vec();
            one_taken[i] -= 1;
            let other = replies(&mut search, &one_taken);
            assert!(
                chosen <= other,
                "{heaps:?}: {mv} leaves {chosen}, 1 from heap {} leaves {other}",
                i + 1
            );
        }
    });
    assert!(lost > 50, "only {lost} lost positions");
}

/// Every position game played: a move from `(a, b)` to each position in
/// `moves(a, b)`.
fn positions_against_search(
    mut game: Game,
    moves: impl Fn(u64, u64) -> Vec<(u64, u64)>,
    seconds: impl IntoIterator<Item = u64> + Clone,
    most: u64,
) {
    let mut memo: HashMap<(u64, u64), bool> = HashMap::new();
    fn wins(
        at: (u64, u64),
        moves: &dyn Fn(u64, u64) -> Vec<(u64, u64)>,
        memo: &mut HashMap<(u64, u64), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&at) {
            return known;
        }
        let won = moves(at.0, at.1)
            .into_iter()
            .any(|next| !wins(next, moves, memo));
        memo.insert(at, won);
        won
    }
    let mut player = Player::new(3);
    for a in 0..=most {
        for b in seconds.clone() {
            let board = Board::Position(a, b);
            let options = moves(a, b);
            assert_eq!(
                player.has_move(&mut game, &board),
                !options.is_empty(),
                "{a} {b}"
            );
            let Some(mv) = player.choose(&mut game, &board).unwrap() else {
                assert!(
                    options.is_empty(),
                    "{a} {b}: no move chosen, but there is one"
                );
                continue;
            };
            let mut after = board.clone();
            after.apply(&mv);
            let Board::Position(c, d) = after else {
                unreachable!()
            };
            assert!(options.contains(&(c, d)), "{a} {b}: {mv} is no move");
            if wins((a, b), &moves, &mut memo) {
                assert!(
                    !wins((c, d), &moves, &mut memo),
                    "{a} {b}: {mv} leaves a won position"
                );
            }
        }
    }
}

#[test]
fn position_moves_are_legal_and_winning() {
    let bash = |n: u64, m: u64| (1..=n.min(m)).map(|k| (n - k, m)).collect();
    positions_against_search(game("bash", None), bash, 1..=4, 30);
    let powers = |n: u64, _| {
        let takes = (0..6).map(|j| 1 << j).filter(|&k| k <= n);
        takes.map(|k| (n - k, 0)).collect()
    };
    positions_against_search(game("hdu1847", None), powers, [0], 40);
    let wythoff = |a: u64, b: u64| {
        let mut next: Vec<(u64, u64)> = (1..=a).map(|k| (a - k, b)).collect();
        next.extend((1..=b).map(|k| (a, b - k)));
        next.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
        next
    };
    positions_against_search(game("wythoff", None), wythoff, 0..=12, 12);
    let corner = |n: u64, m: u64| {
        let (left, down) = (n.saturating_sub(1), m.saturating_sub(1));
        let steps = [(left, m), (n, down), (left, down)];
        steps
            .into_iter()
            .filter(|&(x, y)| x >= 1 && y >= 1 && (x, y) != (n, m))
            .collect()
    };
    positions_against_search(game("hdu2147", None), corner, 1..=9, 9);
}

/// Past the sample's 24 heaps: the move is still on a heap that has one,
/// when the heaps with a move are few among many empty or stuck ones.
#[test]
fn among_many_heaps_the_few_that_move_are_found() {
    let mut nim = game("nim", None);
    let mut heaps = vec![0; 40];
    heaps[17] = 5;
    heaps[33] = 5;
    for seed in 0..20 {
        let chosen = Player::new(seed).choose(&mut nim, &Board::Heaps(heaps.clone()));
        let Some(Move::Heap(mv)) = chosen.unwrap() else {
            panic!("no move among {heaps:?}");
        };
        assert!(
            [18, 34].contains(&mv.heap) && mv.from == 5 && mv.to < 5,
            "{mv}"
        );
    }
    // In sub:2,5 a heap of 1 has no move: only the last heap moves.
    let mut stuck = game("sub:2,5", None);
    let mut heaps = vec![1; 40];
    heaps.push(4);
    let board = Board::Heaps(heaps.clone());
    for seed in 0..20 {
        let mut player = Player::new(seed);
        assert!(player.has_move(&mut stuck, &board));
        let Some(Move::Heap(mv)) = player.choose(&mut stuck, &board).unwrap() else {
            panic!("no move among {heaps:?}");
        };
        assert_eq!((mv.heap, mv.from, mv.to), (41, 4, 2), "{mv}");
    }
    let board = Board::Heaps(vec![1; 40]);
    assert!(!Player::new(1).has_move(&mut stuck, &board));
    assert_eq!(Player::new(1).choose(&mut stuck, &board).unwrap(), None);
}

/// Hurried, a lost position is left with as few objects as a move can.
#[test]
fn a_hurried_player_takes_the_most_it_can() {
    let mut nim = game("nim", None);
    let mut bash = game("bash", None);
    for seed in 0..10 {
        let mut player = Player::new(seed);
        player.hurry(true);
        let chosen = player.choose(&mut nim, &Board::Heaps(vec![5, 5])).unwrap();
        let Some(Move::Heap(mv)) = chosen else {
            panic!("no move from 5 5")
        };
        assert_eq!((mv.from, mv.to), (5, 0), "{mv}");
        let chosen = player.choose(&mut bash, &Board::Position(9, 2)).unwrap();
        assert_eq!(
            chosen,
            Some(Move::Position(PositionMove::Pile { from: 9, to: 7 }))
        );
    }
}

/// The candidates' check, which writes no message, says of every small
/// move what the game's own check says: no game makes a move of more
/// parts than its `MOST_PARTS`, and a rule's game checks by its rule
/// alone.
#[test]
fn candidates_are_checked_as_the_game_checks_a_move() {
    let names = [
        "nim",
        "misere",
        "lasker",
        "hdu5795",
        "bounded",
        "0.77",
        "0.137",
        "0.8",
        "0.f",
        "4.0c",
        "sub:2,5",
        "misere:0.77",
        "misere:0.f",
    ];
    let mut legal = 0;
    for name in names {
        let game = game(name, (name == "bounded").then_some(2));
        let rule = rule_of(&game).cloned();
        crate::with_game!(&game,
            heap g => {
                for from in 0..=9u64 {
                    let mut parts_of = vec![Vec::new()];
                    for _ in 0..3 {
                        parts_of = parts_of
                            .iter()
                            .flat_map(|parts: &Vec<u64>| {
                                (0..=9).map(move |part| [parts.clone(), vec![part]].concat())
                            })
                            .collect();
                        for parts in &parts_of {
                            let said = g.legality(from, parts) == Legality::Legal;
                            legal += u64::from(said);
                            assert_eq!(
                                allows(g, rule.as_ref(), from, parts),
                                said,
                                "{name}: {from} to {parts:?}"
                            );
                        }
                    }
                }
            },
            position _g => unreachable!("{name} is a heap game"),
            row _g => unreachable!("{name} is a heap game")
        );
    }
    assert!(legal > 500, "only {legal} legal moves were compared");
}
