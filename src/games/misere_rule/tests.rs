//! The misère game of a rule against an exhaustive misère search that
//! knows nothing of quotients, and its summaries through every way a case
//! is read (blocks on other threads merge by the product).

use super::*;
use crate::games::brute::{fold_heaps, for_each_position, rule_moves, HeapGameSearch};
use crate::games::{GameParams, HeapFold};
use crate::problem::Problem;
use crate::testing::{outcome, outcome_with_moves, Mode};

/// Every move of a heap under `rule`, for the search (Grundy's game, which
/// is no code, splits into two unequal parts).
fn brute_moves(rule: &Rule) -> Box<dyn Fn(u64) -> Vec<Vec<u64>>> {
    if rule.unequal_parts() {
        return Box::new(|heap| (1..heap.div_ceil(2)).map(|a| vec![a, heap - a]).collect());
    }
    let digits: Vec<u8> = (0..=rule.max_removal()).map(|i| rule.digit(i)).collect();
    Box::new(rule_moves(move |i| digits.get(i).copied().unwrap_or(0)))
}

/// The game of `code`, its quotient computed to heap `last` at most.
fn game(code: &str, last: usize) -> MisereRuleGame {
    let extent = Extent {
        last,
        work: None,
        memory: None,
    };
    MisereRuleGame::solved(Rule::parse(code).unwrap(), extent, None).unwrap()
}

/// Codes the tests play: the brief's, and a few drawn at random.
fn codes() -> Vec<String> {
    let mut codes: Vec<String> = ["kayles", "0.07", "sub:2,3,7", "grundy", "0.137", "4.07"]
        .map(String::from)
        .to_vec();
    let mut rng = SplitMix64::new(4038);
    while codes.len() < 10 {
        let digits: String = (0..rng.between(1, 3))
            .map(|_| char::from_digit(rng.between(0, 7) as u32, 8).unwrap())
            .collect();
        let code = format!("0.{digits}");
        if Rule::parse(&code).is_ok() && !codes.contains(&code) {
            codes.push(code);
        }
    }
    codes
}

#[test]
fn verdicts_moves_and_planted_heaps_agree_with_a_search() {
    const MAX_HEAP: u64 = 12;
    let mut rng = SplitMix64::new(38);
    for code in codes() {
        let g = game(&code, MAX_HEAP as usize);
        let moves = brute_moves(g.rule());
        let mut search = HeapGameSearch::new(&moves, true);
        for_each_position(4, 0, MAX_HEAP, |heaps| {
            let wins = search.first_player_wins(heaps);
            let summary = fold_heaps(g.clone(), heaps);
            assert_eq!(g.first_player_wins(&summary), wins, "{code}: {heaps:?}");
            let Some(mv) = g.winning_move_in(heaps, &summary) else {
                // Won with no move only when no heap has one.
                assert!(!wins || heaps.iter().all(|&h| moves(h).is_empty()));
                return;
            };
            assert!(wins, "{code}: a move from the lost {heaps:?}");
            let mut after = heaps.to_vec();
            let parts: Vec<u64> = [Some(mv.to), mv.and, mv.third]
                .into_iter()
                .flatten()
                .collect();
            assert_eq!(g.legality(mv.from, &parts), Legality::Legal, "{code}: {mv}");
            after.splice(mv.heap as usize - 1..mv.heap as usize, parts);
            after.retain(|&h| h > 0);
            assert!(!search.first_player_wins(&after), "{code}: {heaps:?} {mv}");
        });
        for _ in 0..40 {
            let rest: Vec<u64> = (0..rng.between(0, 3))
                .map(|_| rng.between(1, MAX_HEAP))
                .collect();
            let summary = fold_heaps(g.clone(), &rest);
            let Some(heap) = g.losing_last_heap(&summary, 1..=MAX_HEAP, &mut rng) else {
                continue;
            };
            let mut all = rest.clone();
            all.push(heap);
            assert!(!search.first_player_wins(&all), "{code}: planted {all:?}");
        }
    }
}

#[test]
fn kayles_is_periodic_and_decides_every_heap() {
    let g = game("kayles", DEFAULT_UPTO);
    let period = g.quotient().period().expect("misère kayles' period");
    for heap in [0, 1, 1000, 1 << 31, u64::MAX] {
        let reduced = period.reduce(heap);
        assert_eq!(g.element(heap), g.element(reduced), "heap {heap}");
        assert!(g.element(heap).is_some());
    }
    // A heap far out has a move that wins beside another: the split's
    // smaller parts stay below the table, and still one lands.
    let heaps = [1u64 << 40, 5];
    let summary = fold_heaps(g.clone(), &heaps);
    if g.first_player_wins(&summary) {
        let mv = g.winning_move_in(&heaps, &summary).expect("a winning move");
        let mut after = heaps.to_vec();
        let parts: Vec<u64> = [Some(mv.to), mv.and, mv.third]
            .into_iter()
            .flatten()
            .collect();
        after.splice(mv.heap as usize - 1..mv.heap as usize, parts);
        assert!(!g.first_player_wins(&fold_heaps(g.clone(), &after)), "{mv}");
    }
}

#[test]
fn without_a_period_heaps_past_the_table_are_refused() {
    let params = GameParams {
        rule: Some(Rule::parse("grundy").unwrap()),
        upto: Some(10),
        ..GameParams::default()
    };
    let Game::MisereRule(g) = (SPEC.build)(&params).unwrap() else {
        panic!("misère grundy is a misère rule's game");
    };
    assert!(g.quotient().period().is_none());
    // --upto 10 is heaps 0 to 10, as in `nimstream misere`.
    assert!(g.decides(10) && !g.decides(11));
    assert_eq!(g.decided_heaps(), 0..=10);
    let why = g.refusal(11);
    assert!(
        why.contains("beyond heap 10, the last of misère grundy's quotient"),
        "{why}"
    );
    assert!(why.contains("a larger --upto"), "{why}");
}

#[test]
fn the_quotient_goes_to_the_largest_heap_or_to_upto() {
    let sized = |largest_heap, upto| {
        Extent::of(&GameParams {
            largest_heap,
            upto,
            ..GameParams::default()
        })
    };
    let bounded = |last| Extent {
        last,
        work: Some(FILE_WORK),
        memory: Some(FILE_MEMORY),
    };
    assert_eq!(sized(Some(9), None), bounded(9));
    assert_eq!(sized(Some(5000), None), bounded(DEFAULT_UPTO));
    assert_eq!(sized(None, None), bounded(DEFAULT_UPTO));
    let asked = Extent {
        last: 30,
        work: None,
        memory: None,
    };
    assert_eq!(sized(Some(9), Some(30)), asked);
}

#[test]
fn a_quotient_past_the_bounds_of_a_file_names_its_heap_and_upto() {
    // Dawson's Kayles' quotient keeps growing (144 elements by heap 25):
    // a small budget is spent well before heap 100. (A file's own budget,
    // FILE_WORK, stops it near heap 30, in seconds.)
    let bounded = Extent {
        last: 100,
        work: Some(2_000),
        memory: None,
    };
    let why = MisereRuleGame::solved(Rule::parse("dawson").unwrap(), bounded, None).unwrap_err();
    assert!(why.contains("cannot be computed up to heap 100"), "{why}");
    assert!(why.contains("work budget of 2000 steps"), "{why}");
    assert!(why.contains("--upto N computes heaps 0 to N"), "{why}");
    let heap = why.split("at heap ").nth(1).unwrap();
    let heap: usize = heap.split(',').next().unwrap().parse().unwrap();
    assert!((2..100).contains(&heap), "{why}");
}

#[test]
fn a_quotient_past_its_memory_budget_names_its_heap_and_the_budget() {
    let tight = Extent {
        last: 100,
        work: None,
        memory: Some(256 << 10),
    };
    let why = MisereRuleGame::solved(Rule::parse("0.6").unwrap(), tight, Some(100)).unwrap_err();
    assert!(why.contains("cannot be computed up to heap 100"), "{why}");
    assert!(why.contains("memory budget of 256 KiB"), "{why}");
    let roomy = Extent {
        memory: Some(64 << 20),
        last: 10,
        ..tight
    };
    let game = MisereRuleGame::solved(Rule::parse("0.6").unwrap(), roomy, Some(10)).unwrap();
    assert_eq!(game.quotient().heaps_known(), 11);
}

/// The product, not the xor, merges parts of a case: summaries of every cut
/// of a case merge to the whole's.
#[test]
fn summaries_of_parts_merge_by_the_product() {
    let g = game("kayles", DEFAULT_UPTO);
    let heaps = [3u64, 7, 2, 2, 9, 1, 4, 12, 5];
    let whole = fold_heaps(g.clone(), &heaps);
    for cut in 0..=heaps.len() {
        let (left, right) = (
            fold_heaps(g.clone(), &heaps[..cut]),
            fold_heaps(g.clone(), &heaps[cut..]),
        );
        assert_eq!(g.merge(left, right), whole, "cut at {cut}");
    }
    let xored = fold_heaps(g.clone(), &heaps[..4]).merge(fold_heaps(g.clone(), &heaps[4..]));
    assert_ne!(xored, whole, "a case where the xor of elements is wrong");
}

/// Read whole, or split in blocks of a few bytes over two threads (whose
/// summaries the second pass merges), with and without moves: the same
/// answers.
#[test]
fn blocks_read_on_other_threads_merge_by_the_product() {
    let (problem, rule) = Problem::find_or_rule("misere:kayles").unwrap();
    let params = GameParams {
        rule,
        ..GameParams::default()
    };
    let g = game("kayles", DEFAULT_UPTO);
    let mut rng = SplitMix64::new(7);
    let mut input = String::from("60\n");
    let mut expected = String::new();
    for _ in 0..60 {
        let heaps: Vec<u64> = (0..rng.between(1, 40))
            .map(|_| rng.between(1, 200))
            .collect();
        let wins = g.first_player_wins(&fold_heaps(g.clone(), &heaps));
        expected.push_str(if wins { "Yes\n" } else { "No\n" });
        let line: Vec<String> = heaps.iter().map(u64::to_string).collect();
        input.push_str(&format!("{} {}\n", heaps.len(), line.join(" ")));
    }
    let whole = outcome(
        problem,
        &params,
        input.as_bytes(),
        Mode::Slice(crate::scan::Kernel::SWAR),
    );
    assert_eq!(whole, (expected.clone(), None));
    let split = Mode::Split(crate::scan::Kernel::SWAR, 2, 16);
    assert_eq!(
        outcome(problem, &params, input.as_bytes(), split),
        (expected, None)
    );
    let with_moves = outcome_with_moves(problem, &params, input.as_bytes(), split);
    let whole_moves = outcome_with_moves(
        problem,
        &params,
        input.as_bytes(),
        Mode::Slice(crate::scan::Kernel::SWAR),
    );
    assert_eq!(with_moves, whole_moves);
    assert!(
        with_moves
            .0
            .lines()
            .all(|l| l == "No" || l.starts_with("Yes ")),
        "{}",
        with_moves.0
    );
}

/// A file's quotient that outgrows its own memory budget is refused at
/// that budget, not at the default gigabyte: 0.6's candidates pass it at
/// heap 17.
#[test]
fn a_files_quotient_is_refused_at_the_files_memory_budget() {
    let extent = Extent::of(&GameParams {
        largest_heap: Some(40),
        ..GameParams::default()
    });
    let why = MisereRuleGame::solved(Rule::parse("0.6").unwrap(), extent, None).unwrap_err();
    assert!(why.contains("memory budget of 256 MiB"), "{why}");
    assert!(why.contains("--upto N computes heaps 0 to N"), "{why}");
}
