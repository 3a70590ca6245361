//! The quotients against an exhaustive misère search that knows nothing of
//! quotients: every position of a few heaps, each up to a bound.

use super::*;
use crate::games::brute::{for_each_position, rule_moves, HeapGameSearch};
use crate::grundy::Rule;
use crate::rng::SplitMix64;

/// Every move of a heap under `rule`, for the brute-force search (Grundy's
/// game, which is no code, splits into two unequal parts).
pub(super) fn brute_moves(rule: &Rule) -> Box<dyn Fn(u64) -> Vec<Vec<u64>>> {
    if rule.unequal_parts() {
        return Box::new(|heap| (1..heap.div_ceil(2)).map(|a| vec![a, heap - a]).collect());
    }
    let digits: Vec<u8> = (0..=rule.max_removal()).map(|i| rule.digit(i)).collect();
    Box::new(rule_moves(move |i| digits.get(i).copied().unwrap_or(0)))
}

fn solved(rule: &Rule, heaps: usize) -> Quotient {
    let mut solver = Solver::new(rule.clone());
    while solver.heaps() <= heaps {
        solver.add_heap().unwrap_or_else(|e| panic!("{rule}: {e}"));
    }
    solver.quotient()
}

/// Every position of up to `count` heaps of at most `max_heap` is lost
/// exactly when the quotient says so, the quotient found within a memory
/// budget of 64 MiB.
fn agrees_with_search(code: &str, max_heap: u64, count: usize) {
    let rule = Rule::parse(code).unwrap();
    let mut solver = Solver::new(rule.clone()).with_memory(64 << 20);
    while solver.heaps() <= max_heap as usize {
        solver.add_heap().unwrap_or_else(|e| panic!("{rule}: {e}"));
    }
    let quotient = solver.quotient();
    quotient.check_monoid().unwrap();
    let moves = brute_moves(&rule);
    let mut search = HeapGameSearch::new(moves, true);
    for_each_position(count, 1, max_heap, |heaps| {
        let element = quotient.position(heaps).unwrap();
        assert_eq!(
            quotient.is_losing(element),
            !search.first_player_wins(heaps),
            "{code}: heaps {heaps:?}"
        );
    });
}

#[test]
fn kayles_agrees_with_a_search() {
    agrees_with_search("kayles", 14, 4);
}

#[test]
fn dawsons_kayles_agrees_with_a_search() {
    agrees_with_search("0.07", 14, 4);
}

#[test]
fn grundys_game_agrees_with_a_search() {
    agrees_with_search("grundy", 14, 4);
}

#[test]
fn a_subtraction_game_agrees_with_a_search() {
    agrees_with_search("sub:2,3,7", 20, 4);
}

#[test]
fn misere_nim_heaps_up_to_three_make_t2() {
    // Nim's heaps 0..=3: the quotient T2 = <a, b | a² = 1, b³ = b>, six
    // elements, P = {a, b²}.
    let quotient = solved(&Rule::parse("0.333").unwrap(), 3);
    assert_eq!(quotient.order(), 6);
    assert_eq!(quotient.losing_count(), 2);
    let quotient = solved(&Rule::parse("0.3333333").unwrap(), 7);
    assert_eq!(quotient.order(), 10);
}

#[test]
fn random_rules_agree_with_a_search() {
    let mut rng = SplitMix64::new(38);
    for _ in 0..12 {
        let len = rng.between(1, 4) as usize;
        let digits: String = (0..len)
            .map(|_| char::from_digit(rng.between(0, 7) as u32, 8).unwrap())
            .collect();
        let code = format!("0.{digits}");
        if Rule::parse(&code).is_err() {
            continue;
        }
        agrees_with_search(&code, 10, 4);
    }
}

#[test]
fn a_search_past_its_budget_stops_and_leaves_the_solver_as_it_was() {
    let mut solver = Solver::new(Rule::parse("0.6").unwrap()).with_state_budget(200);
    let stuck = loop {
        let before = (solver.heaps(), solver.order());
        match solver.add_heap() {
            Ok(()) => assert!(solver.heaps() < 40, "no search passed 200 states"),
            Err(stuck) => {
                assert_eq!((solver.heaps(), solver.order()), before);
                break stuck;
            }
        }
    };
    assert!(
        matches!(stuck, Stuck::Search { budget: 200, .. }),
        "{stuck}"
    );
    assert!(stuck.to_string().contains("passed 200 states"), "{stuck}");
    // The quotient of the heaps before is still whole and right.
    solver.quotient().check_monoid().unwrap();
}

/// Nim with heaps 0 to `last`, as the solver takes it: a code that removes
/// 1 to `last` objects, leaving nothing or one heap.
fn nim_rule(last: usize) -> Rule {
    Rule::parse(&format!("0.{}", "3".repeat(last))).unwrap()
}

#[test]
fn misere_nim_is_the_tame_quotient_the_solver_finds() {
    // Heaps 0 to 3: T_2 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2}, as
    // Plambeck and Siegel give it; to 7 and 15, T_3 and T_4. The numbering
    // is the solver's too, so the quotients are equal, not only alike.
    for (last, k) in [(3, 2), (7, 3), (15, 4), (12, 4)] {
        let built = tame::nim(last as u64);
        assert_eq!(built, solved(&nim_rule(last), last), "heaps 0 to {last}");
        assert_eq!(built.order(), (1 << k) + 2, "heaps 0 to {last}");
        assert_eq!(tame::tame(&built), Some(k), "heaps 0 to {last}");
    }
    let t2 = presentation::Presentation::of(&tame::nim(3));
    assert_eq!(t2.text(), "<a, b | a^2 = 1, b^3 = b>");
}

#[test]
fn the_smallest_nims_are_t0_and_t1() {
    for (last, k) in [(0, 0), (1, 1)] {
        let built = tame::nim(last);
        assert_eq!(
            built,
            solved(&nim_rule(last.max(1) as usize), last as usize)
        );
        assert_eq!(tame::tame(&built), Some(k));
    }
    assert_eq!(tame::nim_growth(9), [(1, 2), (2, 6), (4, 10), (8, 18)]);
}

#[test]
fn quotients_that_are_not_tame_are_not_named() {
    // Kayles' 40 elements, and Dawson's Kayles' 24 elements with 5
    // P-positions at heap 20 (to heap 9 it is tame, 6 elements).
    for (code, heaps) in [("kayles", 80), ("0.07", 20)] {
        let quotient = solved(&Rule::parse(code).unwrap(), heaps);
        assert_eq!(tame::tame(&quotient), None, "{code}");
    }
}

#[test]
fn a_memory_budget_too_small_stops_at_a_heap_and_keeps_the_heaps_before() {
    // 0.6's quotient grows fast: 256 KiB holds its first heaps' tables,
    // not its later ones.
    let rule = Rule::parse("0.6").unwrap();
    let budget = 256 << 10;
    let mut solver = Solver::new(rule.clone()).with_memory(budget);
    let stuck = loop {
        let before = (solver.heaps(), solver.order());
        match solver.add_heap() {
            Ok(()) => assert!(solver.heaps() < 60, "no heap passed {budget} bytes"),
            Err(stuck) => {
                assert_eq!((solver.heaps(), solver.order()), before);
                break stuck;
            }
        }
    };
    assert_eq!(
        stuck,
        Stuck::Memory {
            heap: solver.heaps(),
            budget
        },
        "{stuck}"
    );
    assert!(
        stuck.to_string().contains("memory budget of 256 KiB"),
        "{stuck}"
    );
    assert!(solver.heaps() > 5, "stopped at heap {}", solver.heaps());
    assert!(solver.memory().peak() <= budget);
    // What was proven is what an unbounded solver proves of those heaps.
    let partial = solver.quotient();
    assert_eq!(partial, solved(&rule, solver.heaps() - 1));
    partial.check_monoid().unwrap();
}

#[test]
fn a_sufficient_memory_budget_changes_no_quotient() {
    for (code, heaps) in [("kayles", 80), ("0.07", 20), ("grundy", 14), ("0.6", 10)] {
        let rule = Rule::parse(code).unwrap();
        let mut solver = Solver::new(rule.clone()).with_memory(64 << 20);
        while solver.heaps() <= heaps {
            solver.add_heap().unwrap_or_else(|e| panic!("{code}: {e}"));
        }
        assert_eq!(solver.quotient(), solved(&rule, heaps), "{code}");
        assert!(solver.memory().peak() > 0, "{code}: nothing accounted");
    }
}

#[test]
fn an_interrupted_solver_gives_up_the_heap_and_keeps_the_heaps_before() {
    // Asked to stop from the start: the first search long enough to ask
    // (0.6's quotient passes 16,384 states before heap 17) gives up.
    let rule = Rule::parse("0.6").unwrap();
    let mut solver = Solver::new(rule.clone()).with_interrupt(|| true);
    let stuck = loop {
        let before = (solver.heaps(), solver.order());
        match solver.add_heap() {
            Ok(()) => assert!(solver.heaps() <= 17, "never interrupted"),
            Err(stuck) => {
                assert_eq!((solver.heaps(), solver.order()), before);
                break stuck;
            }
        }
    };
    assert_eq!(
        stuck,
        Stuck::Interrupted {
            heap: solver.heaps()
        }
    );
    assert_eq!(solver.quotient(), solved(&rule, solver.heaps() - 1));
}

/// A state met at several depths is one record: Dawson's Kayles' searches
/// keep far fewer records than the states they meet, each in the bytes of
/// one record and its share of the table.
#[test]
fn a_search_keeps_an_element_and_targets_once_however_deep_they_are_met() {
    let mut solver = Solver::new(Rule::parse("0.07").unwrap());
    let mut halved = 0;
    while solver.heaps() <= 27 {
        solver.add_heap().unwrap();
        let tally = solver.largest_search();
        assert!(tally.kept <= tally.states, "{tally:?}");
        assert!(tally.bytes >= tally.kept * 16, "{tally:?}");
        if tally.kept > 0 && tally.kept * 2 <= tally.states {
            halved += 1;
        }
    }
    assert!(
        halved > 5,
        "{halved} heaps' searches kept half their states or fewer"
    );
}

/// A search's bytes stay within the search memory it is given, and one
/// that would pass them stops its heap as one past the state budget does.
#[test]
fn a_search_stops_at_the_bytes_it_may_take() {
    let cap = 256 << 10;
    let mut solver = Solver::new(Rule::parse("0.6").unwrap()).with_search_memory(cap);
    let stuck = loop {
        if let Err(stuck) = solver.add_heap() {
            break stuck;
        }
        assert!(solver.heaps() < 40, "0.6 settles no period this early");
    };
    assert!(matches!(stuck, Stuck::Search { .. }), "{stuck:?}");
    let tally = solver.largest_search();
    assert!(tally.bytes <= cap, "{tally:?}");
    assert!(tally.kept > 0, "{tally:?}");
}
