//! Every winning move a game names, against brute-force searches for small
//! positions, and against the closed forms (legal, and leaving a lost
//! position) for large ones.

use super::bash::BashGame;
use super::bounded::BoundedNim;
use super::brute::{
    bounded_moves, for_each_position, lasker_moves, nim_moves, rule_moves, split_three_moves,
    subtraction_wins, take_limited_winning_takes, wythoff_wins, HeapGameSearch,
};
use super::fibonacci::FibonacciNim;
use super::kmultiple::KMultiple;
use super::lasker::LaskerSwap;
use super::misere::MisereNim;
use super::nim::NormalNim;
use super::split_three::SplitThree;
use super::wythoff::WythoffGame;
use super::*;
use crate::rng::SplitMix64;

/// The summary and the move trace of `heaps`, folded one at a time.
fn traced<G: HeapGame>(game: &G, heaps: &[u64]) -> (CaseSummary, MoveTrace) {
    let mut summary = CaseSummary::default();
    let mut trace = MoveTrace::default();
    for &heap in heaps {
        let before = summary;
        game.fold(&mut summary, heap);
        trace.note(before.xor ^ summary.xor, before.carry ^ summary.carry, heap);
    }
    (summary, trace)
}

/// The heaps after `mv`, which must name a heap of the position.
fn apply(heaps: &[u64], mv: &HeapMove) -> Vec<u64> {
    let index = (mv.heap - 1) as usize;
    assert_eq!(heaps[index], mv.from, "{mv} from {heaps:?}");
    let mut after: Vec<u64> = heaps.to_vec();
    after.remove(index);
    after.push(mv.to);
    after.extend(mv.and);
    after.extend(mv.third);
    after
}

/// Checks the move against the search in every position of up to
/// `max_heaps` heaps of at most `max_heap`.
fn check_small<G: HeapGame>(
    game: &G,
    moves: impl Fn(u64) -> Vec<Vec<u64>>,
    misere: bool,
    max_heaps: usize,
    max_heap: u64,
) {
    let mut search = HeapGameSearch::new(&moves, misere);
    let mut named = 0;
    for_each_position(max_heaps, 0, max_heap, |heaps| {
        let (summary, trace) = traced(game, heaps);
        let wins = search.first_player_wins(heaps);
        let mv = game.winning_move(&summary, &trace);
        if !wins {
            assert_eq!(mv, None, "{heaps:?} is lost");
            return;
        }
        let Some(mv) = mv else {
            // Only an empty misère position is won with no move left.
            assert!(
                misere && heaps.iter().all(|&h| h == 0),
                "no move for {heaps:?}"
            );
            return;
        };
        let mut parts: Vec<u64> = [mv.to].into_iter().chain(mv.and).chain(mv.third).collect();
        parts.sort_unstable();
        let legal = moves(mv.from).into_iter().any(|mut m| {
            m.sort_unstable();
            m == parts
        });
        assert!(legal, "{mv} is not a move of {heaps:?}");
        let after = apply(heaps, &mv);
        assert!(
            !search.first_player_wins(&after),
            "{mv} from {heaps:?} leaves a win"
        );
        named += 1;
    });
    assert!(named > 20, "only {named} moves checked");
}

#[test]
fn heap_game_moves_match_the_searches() {
    check_small(&NormalNim, nim_moves, false, 4, 6);
    check_small(&LaskerSwap, lasker_moves, false, 3, 8);
    check_small(&SplitThree, split_three_moves, false, 3, 12);
    check_small(&MisereNim, nim_moves, true, 4, 5);
    for max_take in [1, 2, 3, 5] {
        check_small(
            &BoundedNim::new(max_take),
            bounded_moves(max_take),
            false,
            3,
            9,
        );
    }
}

#[test]
fn rule_game_moves_match_the_searches_even_into_three_heaps() {
    // 0.8 only ever splits a heap, less one object, into three: its only
    // moves are those three-heap splits.
    for code in ["0.8", "0.f", "4.0c", "0.77", "0.16"] {
        let rule = crate::grundy::Rule::parse(code).unwrap();
        let game = rule::RuleGame::proven(rule.clone(), 200);
        check_small(&game, rule_moves(|i| rule.digit(i)), false, 3, 10);
    }
}

/// Random large heaps, near the top of the range or anywhere.
fn large_positions() -> Vec<Vec<u64>> {
    let mut rng = SplitMix64::new(11);
    let mut positions = vec![
        vec![u64::MAX],
        vec![u64::MAX, 3],
        vec![u64::MAX - 1, u64::MAX],
    ];
    for _ in 0..2000 {
        let count = rng.between(1, 6) as usize;
        let heaps = (0..count)
            .map(|_| match rng.between(0, 3) {
                0 => u64::MAX - rng.between(0, 8),
                1 => rng.between(0, 9),
                _ => rng.next_u64() >> rng.between(0, 63),
            })
            .collect();
        positions.push(heaps);
    }
    positions
}

/// The move is legal by the rules and leaves a position the closed form
/// calls lost.
fn check_large<G: HeapGame>(game: &G, legal: impl Fn(&HeapMove) -> bool) {
    for heaps in large_positions() {
        let (summary, trace) = traced(game, &heaps);
        match game.winning_move(&summary, &trace) {
            None => assert!(
                !game.first_player_wins(&summary) || heaps.iter().all(|&h| h == 0),
                "no move for {heaps:?}"
            ),
            Some(mv) => {
                assert!(legal(&mv), "{mv} is not legal from {heaps:?}");
                let (after, _) = traced(game, &apply(&heaps, &mv));
                assert!(
                    !game.first_player_wins(&after),
                    "{mv} from {heaps:?} leaves a win"
                );
            }
        }
    }
}

#[test]
fn heap_game_moves_on_large_heaps_leave_a_lost_position() {
    let removal = |mv: &HeapMove| mv.to < mv.from && mv.and.is_none();
    check_large(&NormalNim, removal);
    check_large(&MisereNim, removal);
    check_large(&LaskerSwap, |mv| match mv.and {
        None => mv.to < mv.from,
        Some(and) => {
            mv.to >= 1 && and >= 1 && u128::from(mv.to) + u128::from(and) == u128::from(mv.from)
        }
    });
    check_large(&SplitThree, |mv| match (mv.and, mv.third) {
        (None, None) => mv.to < mv.from,
        (Some(b), Some(c)) => mv.to >= 1 && b >= 1 && c >= 1 && mv.to + b + c == mv.from,
        _ => false,
    });
    for max_take in [1, 7, 1 << 40, u64::MAX - 1, u64::MAX] {
        let game = BoundedNim::new(max_take);
        check_large(&game, |mv| {
            mv.to < mv.from && mv.from - mv.to <= max_take && mv.and.is_none()
        });
    }
}

/// The take of a one-pile move.
fn take(mv: Option<PositionMove>, pile: u64) -> Option<u64> {
    mv.map(|mv| match mv {
        PositionMove::Pile { from, to } => {
            assert_eq!(from, pile);
            assert!(to < from);
            from - to
        }
        PositionMove::Piles { .. } | PositionMove::Cut { .. } => {
            panic!("two piles in a one-pile game")
        }
    })
}

#[test]
fn bash_moves_leave_a_multiple_of_m_plus_one() {
    for m in (0..=12).chain([u64::MAX - 1, u64::MAX]) {
        let wins = subtraction_wins(60, m);
        for n in 0..=60u64 {
            let taken = take(BashGame.winning_move(n, m), n);
            assert_eq!(taken.is_some(), wins[n as usize], "n {n} m {m}");
            if let Some(t) = taken {
                assert!(t >= 1 && t <= m, "n {n} m {m} takes {t}");
                assert!(!wins[(n - t) as usize], "n {n} m {m} takes {t}");
            }
        }
    }
}

#[test]
fn fibonacci_and_kmultiple_moves_are_the_smallest_winning_takes() {
    let brute = take_limited_winning_takes(300, 2);
    for (n, takes) in brute.iter().enumerate() {
        let smallest = takes.first().map(|&t| t as u64);
        assert_eq!(
            take(FibonacciNim.winning_move(n as u64, 0), n as u64),
            smallest,
            "n {n}"
        );
    }
    let mut game = KMultiple::new();
    for k in 0..=6 {
        let brute = take_limited_winning_takes(150, k);
        for (n, takes) in brute.iter().enumerate() {
            let smallest = takes.first().map(|&t| t as u64);
            let named = take(
                PositionGame::winning_move(&mut game, n as u64, k as u64),
                n as u64,
            );
            assert_eq!(named, smallest, "n {n} k {k}");
        }
    }
}

/// Whether `(a, b) -> (c, d)` is a Wythoff move: from one pile, or the same
/// amount from both.
fn wythoff_legal(a: u64, b: u64, c: u64, d: u64) -> bool {
    (c == a && d < b) || (d == b && c < a) || (c < a && d < b && a - c == b - d)
}

#[test]
fn wythoff_moves_reach_a_losing_pair() {
    let wins = wythoff_wins(60);
    for a in 0..=60u64 {
        for b in 0..=60u64 {
            let mv = WythoffGame.winning_move(a, b);
            assert_eq!(mv.is_some(), wins[a as usize][b as usize], "({a}, {b})");
            if let Some(PositionMove::Piles { from, to: (c, d) }) = mv {
                assert_eq!(from, (a, b));
                assert!(wythoff_legal(a, b, c, d), "({a}, {b}) -> ({c}, {d})");
                assert!(!wins[c as usize][d as usize], "({a}, {b}) -> ({c}, {d})");
            }
        }
    }
    let mut rng = SplitMix64::new(5);
    for _ in 0..5000 {
        let a = rng.next_u64() >> rng.between(0, 63);
        let b = match rng.between(0, 2) {
            0 => a.saturating_add(rng.between(0, 1000)),
            1 => u64::MAX - rng.between(0, 1000),
            _ => rng.next_u64(),
        };
        let (a, b) = if rng.chance(0.5) { (a, b) } else { (b, a) };
        match WythoffGame.winning_move(a, b) {
            None => assert!(!wythoff::first_player_wins(a, b), "no move from ({a}, {b})"),
            Some(PositionMove::Piles { to: (c, d), .. }) => {
                assert!(wythoff_legal(a, b, c, d), "({a}, {b}) -> ({c}, {d})");
                assert!(
                    !wythoff::first_player_wins(c, d),
                    "({a}, {b}) -> ({c}, {d})"
                );
            }
            Some(other) => panic!("{other} is not a two-pile move"),
        }
    }
}

/// Every winning move of a position, by the search: (heap index, parts).
fn all_winning_moves(
    search: &mut HeapGameSearch<impl Fn(u64) -> Vec<Vec<u64>>>,
    moves: &impl Fn(u64) -> Vec<Vec<u64>>,
    heaps: &[u64],
) -> Vec<(usize, Vec<u64>)> {
    let mut found = Vec::new();
    for (i, &heap) in heaps.iter().enumerate() {
        for parts in moves(heap) {
            let mut after = heaps.to_vec();
            after.remove(i);
            after.extend(&parts);
            if !search.first_player_wins(&after) {
                found.push((i, parts));
            }
        }
    }
    found
}

/// For the games with one winning move per heap at most, `move_from` names
/// exactly the winning moves of the search, heap by heap.
fn check_every_move<G: HeapGame>(
    game: &G,
    moves: impl Fn(u64) -> Vec<Vec<u64>> + Copy,
    misere: bool,
    max_heap: u64,
) {
    let mut search = HeapGameSearch::new(moves, misere);
    for_each_position(4, 0, max_heap, |heaps| {
        let (summary, _) = traced(game, heaps);
        let expected = all_winning_moves(&mut search, &moves, heaps);
        let named: Vec<(usize, Vec<u64>)> = heaps
            .iter()
            .enumerate()
            .filter_map(|(i, &h)| {
                let (to, and) = game.move_from(h, &summary)?;
                Some((i, [to].into_iter().chain(and).collect()))
            })
            .collect();
        assert_eq!(named, expected, "{heaps:?}");
    });
}

#[test]
fn every_winning_move_is_named_once() {
    check_every_move(&NormalNim, nim_moves, false, 6);
    check_every_move(&MisereNim, nim_moves, true, 5);
    for max_take in [1, 2, 4] {
        let moves = bounded_moves(max_take);
        check_every_move(&BoundedNim::new(max_take), &moves, false, 8);
    }
}

#[test]
fn lasker_moves_from_each_heap_win() {
    let mut search = HeapGameSearch::new(lasker_moves, false);
    for_each_position(3, 0, 8, |heaps| {
        let (summary, _) = traced(&LaskerSwap, heaps);
        for (i, &h) in heaps.iter().enumerate() {
            let xor = u128::from(summary.xor) | u128::from(summary.carry) << 64;
            let lowers = super::lasker::grundy(h) ^ xor < super::lasker::grundy(h);
            match LaskerSwap.move_from(h, &summary) {
                // A heap whose winning moves all raise its value is passed.
                None => assert!(!lowers, "{heaps:?} heap {i}"),
                Some((to, and)) => {
                    assert!(lowers, "{heaps:?} heap {i}");
                    let mut after = heaps.to_vec();
                    after.remove(i);
                    after.push(to);
                    after.extend(and);
                    assert!(!search.first_player_wins(&after), "{heaps:?} heap {i}");
                }
            }
        }
    });
}

/// Folds `heaps` through the visitor, four at a time where `batches` says
/// so and one at a time otherwise.
fn visited<G: HeapGame>(game: &G, heaps: &[u64], batches: &[bool]) -> (CaseSummary, MoveTrace) {
    use crate::scan::Visitor;
    let mut visitor = FoldHeaps::<G, MoveTrace>::new(game, CaseSummary::default());
    for (chunk, &batch) in heaps.chunks(4).zip(batches.iter().cycle()) {
        match <[u64; 4]>::try_from(chunk) {
            Ok(four) if batch => visitor.visit4(four),
            _ => chunk.iter().for_each(|&heap| assert!(visitor.visit(heap))),
        }
    }
    (visitor.acc, visitor.trace)
}

fn check_four_at_a_time<G: HeapGame>(game: &G, rng: &mut SplitMix64) {
    for round in 0..400 {
        let len = rng.between(0, 40) as usize;
        // Small heaps bring new bits in the middle of a step of four; the
        // widest reach Lasker's bit 64.
        let max = [3, 64, 1 << 20, u64::MAX][round % 4];
        let heaps: Vec<u64> = (0..len)
            .map(|_| match rng.between(0, 9) {
                0 => u64::MAX,
                _ => rng.between(0, max),
            })
            .collect();
        let batches: Vec<bool> = (0..3).map(|_| rng.between(0, 1) == 1).collect();
        let one_at_a_time = traced(game, &heaps);
        assert_eq!(visited(game, &heaps, &[true]), one_at_a_time, "{heaps:?}");
        assert_eq!(visited(game, &heaps, &batches), one_at_a_time, "{heaps:?}");
    }
}

#[test]
fn four_heaps_at_once_fold_and_trace_as_one_at_a_time() {
    let mut rng = SplitMix64::new(44);
    check_four_at_a_time(&NormalNim, &mut rng);
    check_four_at_a_time(&LaskerSwap, &mut rng);
    check_four_at_a_time(&SplitThree, &mut rng);
    check_four_at_a_time(&MisereNim, &mut rng);
    for max_take in [1, 2, 7, 1 << 40, u64::MAX] {
        check_four_at_a_time(&BoundedNim::new(max_take), &mut rng);
    }
}
