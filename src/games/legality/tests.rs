//! Each game's legality against a brute-force enumeration of its moves:
//! every claimed change of a small heap (or position) is legal exactly when
//! the enumeration lists it, and a legal position move says what a search
//! says of the position it leaves.

use super::super::bash::BashGame;
use super::super::bounded::BoundedNim;
use super::super::brute::{
    bounded_moves, lasker_moves, nim_moves, rule_moves, split_three_moves, subtraction_wins,
    take_limited_winning_takes, wythoff_wins,
};
use super::super::corner::CornerWalk;
use super::super::fibonacci::FibonacciNim;
use super::super::lasker::LaskerSwap;
use super::super::misere::MisereNim;
use super::super::multiplication::MultiplicationGame;
use super::super::nim::NormalNim;
use super::super::powers::PowersOfTwo;
use super::super::rule::RuleGame;
use super::super::split_three::SplitThree;
use super::super::wythoff::WythoffGame;
use super::super::{Game, HeapGame, PositionGame, PositionMove};
use super::*;
use crate::grundy::Rule;
use crate::problem::CATALOGUE;

const TOP: u64 = 11;

/// Every list of one to three parts of at most `TOP + 1` objects.
fn every_parts() -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for a in 0..=TOP + 1 {
        all.push(vec![a]);
        for b in 0..=TOP + 1 {
            all.push(vec![a, b]);
            for c in 0..=TOP + 1 {
                all.push(vec![a, b, c]);
            }
        }
    }
    all
}

fn sorted(parts: &[u64]) -> Vec<u64> {
    let mut parts = parts.to_vec();
    parts.sort_unstable();
    parts
}

/// `game` calls legal exactly the changes `moves` lists, for heaps up to
/// `TOP`, and names why the others are not.
fn agrees(game: &impl HeapGame, moves: impl Fn(u64) -> Vec<Vec<u64>>, what: &str) {
    let candidates = every_parts();
    for from in 0..=TOP {
        let listed: Vec<Vec<u64>> = moves(from).iter().map(|m| sorted(m)).collect();
        for parts in &candidates {
            let legal = listed.contains(&sorted(parts));
            match game.legality(from, parts) {
                Legality::Legal => assert!(legal, "{what}: {from} -> {parts:?} is no move"),
                Legality::Illegal(why) => {
                    assert!(!legal, "{what}: {from} -> {parts:?} is a move ({why})");
                    assert!(!why.is_empty());
                }
                Legality::Unchecked => panic!("{what} checks its moves"),
            }
        }
    }
}

#[test]
fn heap_games_allow_exactly_their_moves() {
    agrees(&NormalNim, nim_moves, "nim");
    agrees(&MisereNim, nim_moves, "misere");
    agrees(&LaskerSwap, lasker_moves, "lasker");
    agrees(&SplitThree, split_three_moves, "split-three");
    for k in 1..=4 {
        agrees(
            &BoundedNim::new(k),
            bounded_moves(k),
            &format!("bounded {k}"),
        );
    }
    for code in [
        "0.77",
        "0.07",
        "0.137",
        "4.07",
        "0.6",
        "0.8",
        "0.f",
        "sub:1,3,4",
    ] {
        let rule = Rule::parse(code).unwrap();
        let game = RuleGame::proven(rule.clone(), 1 << 10);
        agrees(&game, rule_moves(|i| rule.digit(i)), code);
    }
}

/// Grundy's game, whose parts must differ, which `rule_moves` does not
/// follow: its moves are the splits into two unequal heaps.
#[test]
fn grundys_game_splits_into_unequal_heaps() {
    let game = RuleGame::proven(Rule::grundys_game(), 1 << 10);
    let splits =
        |heap: u64| -> Vec<Vec<u64>> { (1..heap.div_ceil(2)).map(|a| vec![a, heap - a]).collect() };
    agrees(&game, splits, "grundy");
}

#[test]
fn parts_past_the_largest_heap_are_illegal_not_a_panic() {
    let kayles = RuleGame::proven(Rule::parse("0.77").unwrap(), 1 << 10);
    for parts in [
        vec![u64::MAX, 2],
        vec![u64::MAX, u64::MAX, 1],
        vec![u64::MAX],
    ] {
        assert!(matches!(kayles.legality(5, &parts), Legality::Illegal(_)));
        assert!(matches!(
            LaskerSwap.legality(5, &parts),
            Legality::Illegal(_)
        ));
        assert!(matches!(
            SplitThree.legality(u64::MAX, &parts),
            Legality::Illegal(_)
        ));
    }
    assert_eq!(
        BoundedNim::new(u64::MAX).legality(u64::MAX, &[0]),
        Legality::Legal
    );
}

/// Every pile move from `n` to `0..=TOP + 1`, and one written from a
/// wrong pile.
fn pile_moves(n: u64) -> Vec<PositionMove> {
    let mut moves: Vec<PositionMove> = (0..=TOP + 1)
        .map(|to| PositionMove::Pile { from: n, to })
        .collect();
    moves.push(PositionMove::Pile { from: n + 1, to: 0 });
    moves.push(PositionMove::Piles {
        from: (n, 0),
        to: (0, 0),
    });
    moves
}

/// `game` calls a move from `(n, b)` legal iff `opponent_wins` (the
/// search's verdict on what it leaves) says it is, with that verdict.
fn position_agrees(
    game: &mut impl PositionGame,
    (n, b): (u64, u64),
    mv: &PositionMove,
    search: Option<bool>,
    what: &str,
) {
    match (game.check_move(n, b, mv), search) {
        (Played::Legal { opponent_wins }, Some(want)) => {
            assert_eq!(opponent_wins, want, "{what}: {n} {b}: {mv}")
        }
        (Played::Illegal(why), None) => assert!(!why.is_empty()),
        (found, want) => panic!("{what}: {n} {b}: {mv}: {found:?}, the search says {want:?}"),
    }
}

#[test]
fn bash_takes_one_to_m() {
    for m in 0..=5 {
        let wins = subtraction_wins(TOP + 1, m);
        for n in 0..=TOP {
            for mv in pile_moves(n) {
                let search = match mv {
                    PositionMove::Pile { from, to } if from == n && to < n && n - to <= m => {
                        Some(wins[to as usize])
                    }
                    _ => None,
                };
                position_agrees(&mut BashGame, (n, m), &mv, search, "bash");
            }
        }
    }
}

#[test]
fn powers_of_two_take_powers_of_two() {
    let mut wins = vec![false; TOP as usize + 2];
    for n in 1..wins.len() {
        wins[n] = (0..n).any(|to| (n - to).is_power_of_two() && !wins[to]);
    }
    for n in 0..=TOP {
        for mv in pile_moves(n) {
            let search = match mv {
                PositionMove::Pile { from, to } if from == n && to < n => {
                    (n - to).is_power_of_two().then(|| wins[to as usize])
                }
                _ => None,
            };
            position_agrees(&mut PowersOfTwo, (n, 0), &mv, search, "powers");
        }
    }
}

#[test]
fn fibonacci_first_takes_and_what_they_leave() {
    let winning = take_limited_winning_takes(TOP as usize + 1, 2);
    for n in 0..=TOP {
        for mv in pile_moves(n) {
            let search = match mv {
                PositionMove::Pile { from, to } if from == n && to < n && to > 0 => {
                    Some(!winning[n as usize].contains(&((n - to) as usize)))
                }
                _ => None,
            };
            position_agrees(&mut FibonacciNim, (n, 0), &mv, search, "fibonacci");
        }
    }
}

#[test]
fn multiplication_multiplies_by_two_to_nine() {
    // wins(p, n): the player to move from `p` reaches `n` first.
    fn wins(p: u64, n: u64) -> bool {
        (2..=9).any(|x| p * x >= n || !wins(p * x, n))
    }
    for n in 0..=200 {
        for to in 0..=11 {
            for from in [1, 2] {
                let mv = PositionMove::Pile { from, to };
                let legal = from == 1 && (2..=9).contains(&to);
                let search = legal.then(|| to < n && wins(to, n));
                position_agrees(
                    &mut MultiplicationGame,
                    (n, 0),
                    &mv,
                    search,
                    "multiplication",
                );
            }
        }
    }
}

/// Every two-pile move from `(a, b)` to piles up to `TOP + 1`, and one
/// written from a wrong position.
fn two_pile_moves(a: u64, b: u64) -> Vec<PositionMove> {
    let mut moves = vec![PositionMove::Piles {
        from: (b + 1, a),
        to: (0, 0),
    }];
    for c in 0..=TOP + 1 {
        for d in 0..=TOP + 1 {
            moves.push(PositionMove::Piles {
                from: (a, b),
                to: (c, d),
            });
        }
    }
    moves.push(PositionMove::Pile { from: a, to: 0 });
    moves
}

#[test]
fn wythoff_takes_from_one_pile_or_equally_from_both() {
    let wins = wythoff_wins(TOP as usize + 1);
    for a in 0..=TOP {
        for b in 0..=TOP {
            for mv in two_pile_moves(a, b) {
                let search = match mv {
                    PositionMove::Piles { from, to: (c, d) } if from == (a, b) => {
                        let one = (c < a && d == b) || (c == a && d < b);
                        let both = c < a && d < b && a - c == b - d;
                        (one || both).then(|| wins[c as usize][d as usize])
                    }
                    _ => None,
                };
                position_agrees(&mut WythoffGame, (a, b), &mv, search, "wythoff");
            }
        }
    }
}

#[test]
fn the_corner_walk_steps_left_down_or_both() {
    // wins[n][m]: the coin on an n × m board, by a search of its steps.
    let size = TOP as usize + 2;
    let mut wins = vec![vec![false; size]; size];
    for n in 1..size {
        for m in 1..size {
            let steps = [(n - 1, m), (n, m - 1), (n - 1, m - 1)];
            wins[n][m] = steps.iter().any(|&(x, y)| x >= 1 && y >= 1 && !wins[x][y]);
        }
    }
    for n in 0..=TOP {
        for m in 0..=TOP {
            for mv in two_pile_moves(n, m) {
                let search = match mv {
                    PositionMove::Piles { from, to: (c, d) } if from == (n, m) => {
                        let steps = [(n.wrapping_sub(1), m), (n, m.wrapping_sub(1))];
                        let diagonal = (n.wrapping_sub(1), m.wrapping_sub(1));
                        let step = steps.contains(&(c, d)) || diagonal == (c, d);
                        (step && c >= 1 && d >= 1).then(|| wins[c as usize][d as usize])
                    }
                    _ => None,
                };
                position_agrees(&mut CornerWalk, (n, m), &mv, search, "corner");
            }
        }
    }
}

/// The games that check moves are those above; every other game says it
/// cannot, so that a checker refuses rather than guesses. S-Nim's and
/// HDU 1524's games are built per case (the game built here allows no
/// move): the checker refuses their layouts.
#[test]
fn games_say_whether_they_check_moves() {
    let checked = [
        "nim",
        "lasker",
        "misere",
        "split-three",
        "bounded",
        "rule",
        "fibonacci subtraction",
        "S-Nim",
        "graph",
        "bash",
        "powers-of-two",
        "multiplication",
        "fibonacci",
        "wythoff",
        "corner-walk",
    ];
    let params = crate::games::GameParams {
        max_take: Some(3),
        rule: Some(Rule::parse("0.77").unwrap()),
        upto: Some(1 << 10),
        largest_heap: None,
    };
    for problem in &CATALOGUE {
        let game: Game = problem.build_game(&params).unwrap();
        assert_eq!(
            game.checks_moves(),
            checked.contains(&problem.game.name),
            "{} ({})",
            problem.name,
            problem.game.name
        );
    }
}
