//! Every computed value against a brute-force mex that enumerates every
//! move from the digits alone, on known sequences and random rules.

use super::sequence::no_progress;
use super::*;
use crate::rng::SplitMix64;
use crate::testing::{brute_force_grundy, brute_force_splits};

/// Every move of `rule` enumerated, from its digits alone.
fn brute_force(rule: &Rule, len: usize) -> Vec<u32> {
    brute_force_grundy(|i| rule.digit(i), len)
}

fn computed(rule: &Rule, method: Method, len: usize) -> Vec<u32> {
    let mut seq = NimSequence::new(rule.clone(), method);
    seq.extend_to(len, &mut no_progress).unwrap();
    seq.values().to_vec()
}

fn random_rule(rng: &mut SplitMix64) -> Rule {
    let len = 2 + rng.between(0, 5) as usize;
    let mut digits: Vec<u8> = (0..len).map(|_| rng.between(0, 7) as u8).collect();
    digits[0] = if rng.between(0, 3) == 0 { 4 } else { 0 };
    Rule::from_digits(digits, false)
}

#[test]
fn kayles_and_dawsons_kayles_match_the_published_values() {
    // Winning Ways, chapter 4; OEIS A002186 (Kayles) and A002187, Dawson's
    // chess, which is Dawson's Kayles shifted by one heap.
    let kayles = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
    ];
    let dawson_chess = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3,
    ];
    for method in [Method::Naive, Method::Sparse, Method::Auto] {
        let rule = Rule::parse("0.77").unwrap();
        assert_eq!(computed(&rule, method, kayles.len()), kayles);
        let rule = Rule::parse("0.137").unwrap();
        assert_eq!(computed(&rule, method, dawson_chess.len()), dawson_chess);
        let rule = Rule::parse("0.07").unwrap();
        assert_eq!(computed(&rule, method, 25)[1..], dawson_chess);
    }
}

#[test]
fn kayles_and_dawsons_kayles_have_the_published_periods() {
    for (code, preperiod, period) in [("0.77", 71, 12), ("0.137", 52, 34), ("0.07", 53, 34)] {
        let mut seq = NimSequence::new(Rule::parse(code).unwrap(), Method::Auto);
        let found = seq.find_period(1 << 16, &mut no_progress).unwrap().unwrap();
        assert_eq!(
            (found.preperiod, found.period),
            (preperiod, period),
            "{code}"
        );
    }
}

#[test]
fn every_method_agrees_with_brute_force_on_random_rules() {
    let mut rng = SplitMix64::new(0x5eed_0c7a1);
    for _ in 0..60 {
        let rule = random_rule(&mut rng);
        let expected = brute_force(&rule, 400);
        for method in [Method::Naive, Method::Sparse, Method::Auto] {
            assert_eq!(computed(&rule, method, 400), expected, "{rule} {method:?}");
        }
    }
}

#[test]
fn the_sparse_space_agrees_with_brute_force_past_its_first_masks() {
    // Long enough that Auto chooses masks (from 1024 values) and changes
    // them as the sequence doubles.
    for code in ["0.77", "0.16", "0.137", "4.07", "0.356", "0.6"] {
        let rule = Rule::parse(code).unwrap();
        let expected = brute_force(&rule, 2100);
        for method in [Method::Sparse, Method::Auto] {
            assert_eq!(computed(&rule, method, 2100), expected, "{code} {method:?}");
        }
    }
}

#[test]
fn subtraction_sets_agree_with_brute_force() {
    let mut rng = SplitMix64::new(77);
    for _ in 0..40 {
        let set: Vec<usize> = (0..1 + rng.between(0, 7))
            .map(|_| 1 + rng.between(0, 39) as usize)
            .collect();
        let rule = Rule::subtraction(&set);
        assert_eq!(
            computed(&rule, Method::Auto, 600),
            brute_force(&rule, 600),
            "{rule}"
        );
    }
}

#[test]
fn proven_periods_hold_far_beyond_the_proof() {
    let mut rng = SplitMix64::new(0xfeed);
    let mut proven = 0;
    for round in 0..80 {
        let rule = if round % 2 == 0 {
            random_rule(&mut rng)
        } else {
            let set: Vec<usize> = (0..1 + rng.between(0, 4))
                .map(|_| 1 + rng.between(0, 11) as usize)
                .collect();
            Rule::subtraction(&set)
        };
        let mut seq = NimSequence::new(rule.clone(), Method::Auto);
        let Some(period) = seq.find_period(1500, &mut no_progress).unwrap() else {
            continue;
        };
        proven += 1;
        let (pre, per) = (period.preperiod as usize, period.period as usize);
        let len = (pre + 4 * per + 300).min(6000);
        let truth = brute_force(&rule, len);
        for (n, &value) in truth.iter().enumerate() {
            assert_eq!(seq.value(n as u64), Some(value), "{rule} at {n}");
        }
        // Smallest: no smaller period from the same start, no earlier start.
        for d in 1..per {
            assert!(
                (pre..len - d).any(|n| truth[n + d] != truth[n]),
                "{rule}: period {d}"
            );
        }
        if pre > 0 {
            assert_ne!(truth[pre - 1], truth[pre - 1 + per], "{rule}: preperiod");
        }
    }
    assert!(proven >= 30, "only {proven} periods proven");
}

fn computed_by(rule: &Rule, engine: engine::Engine, len: usize) -> Vec<u32> {
    let mut seq = NimSequence::with_engine(rule.clone(), engine);
    seq.extend_to(len, &mut no_progress).unwrap();
    seq.values().to_vec()
}

#[test]
fn every_scanner_and_method_agrees_with_the_naive_mex_on_long_sequences() {
    // Long enough for splits to be rebuilt, for heaps to be computed in
    // blocks (the first four have hundreds of rare heaps), and, for the last
    // two, for values past 256 and 512 (two-byte cells, the gathering scan).
    for (code, len) in [
        ("0.6", 12_000),
        ("0.14", 12_000),
        ("0.454", 12_000),
        ("0.106", 12_000),
        ("0.77", 4_000),
        ("0.07", 4_000),
        ("4.07", 6_000),
        ("0.356", 6_000),
        ("0.1777777777777", 5_000),
        ("0.66666666", 5_000),
    ] {
        let rule = Rule::parse(code).unwrap();
        let naive = computed_by(&rule, engine::Engine::new(Method::Naive), len);
        for scanner in Scanner::available() {
            for method in [Method::Sparse, Method::Auto] {
                let values = computed_by(&rule, engine::Engine::with_scanner(method, scanner), len);
                let first_wrong = values.iter().zip(&naive).position(|(a, b)| a != b);
                assert_eq!(first_wrong, None, "{code} {method:?} {}", scanner.name());
                assert_eq!(values.len(), len);
            }
        }
    }
}

#[test]
fn two_threads_compute_what_one_does() {
    // Long enough for blocks of many rare heaps, whose far pairs the second
    // thread marks ahead and whose early pairs it sweeps; 0.6 and 0.14 pass
    // 256 (two-byte cells, wider rows) and rebuild their splits on the way.
    for (code, len) in [("0.6", 40_000), ("0.14", 40_000), ("0.106", 20_000)] {
        let rule = Rule::parse(code).unwrap();
        let one = computed_by(&rule, engine::Engine::new(Method::Auto), len);
        for scanner in Scanner::available() {
            // Patient, so that the second thread's rows are used even
            // where the machine gives it no core in time.
            let engine = engine::Engine::with_scanner(Method::Auto, scanner)
                .with_threads(2)
                .with_patient_second_thread();
            let mut seq = NimSequence::with_engine(rule.clone(), engine);
            seq.extend_to(len, &mut no_progress).unwrap();
            let two = seq.values().to_vec();
            let first_wrong = two.iter().zip(&one).position(|(a, b)| a != b);
            assert_eq!(first_wrong, None, "{code} {}", scanner.name());
            assert_eq!(two.len(), len);
            if code != "0.106" {
                let work = seq.work();
                assert!(work.ahead_pairs > 0, "{code}: nothing was marked ahead");
                assert!(work.ahead_pairs < work.rare_pairs);
                assert!(work.swept_pairs > 0, "{code}: nothing was swept ahead");
            }
        }
    }
}

#[test]
fn an_engine_asking_for_its_threads_uses_what_each_stretch_is_told() {
    // As `grundy` without --threads, asking the machine's load before each
    // stretch: told one thread, nothing is marked ahead; told one and two
    // by turns, some stretches are, and the values never change.
    use std::sync::atomic::{AtomicUsize, Ordering};
    static ASKED: AtomicUsize = AtomicUsize::new(0);
    fn by_turns() -> usize {
        1 + ASKED.fetch_add(1, Ordering::Relaxed) % 2
    }
    let rule = Rule::parse("0.6").unwrap();
    let len = 20_000;
    let run = |engine: engine::Engine| {
        let mut seq = NimSequence::with_engine(rule.clone(), engine);
        seq.extend_to(len, &mut no_progress).unwrap();
        (seq.values().to_vec(), seq.work().ahead_pairs)
    };
    // Patient, so that a stretch told two threads uses the second one's
    // rows however busy the machine (which would rightly make it work
    // alone otherwise).
    let asking = |threads| {
        engine::Engine::new(Method::Auto)
            .with_patient_second_thread()
            .with_threads_by(threads)
    };
    let (one, ahead) = run(asking(|| 1));
    assert_eq!(ahead, 0);
    let (by_turns_values, ahead) = run(asking(by_turns));
    assert_eq!(by_turns_values, one);
    assert!(ASKED.load(Ordering::Relaxed) >= 2, "asked once at most");
    assert!(ahead > 0, "no stretch was marked ahead");
    // An explicit count replaces the asking.
    assert_eq!(run(asking(|| 2).with_threads(1)), (one, 0));
}

#[test]
fn a_second_thread_that_gets_no_core_is_left_alone() {
    // The second thread stops for 10 ms in each job, as on a machine whose
    // other core is busy: its progress stands still, and the engine's
    // thread must take the block back and mark it itself rather than wait
    // (which made two threads 4-7x slower than one at load 8), then stop
    // sending blocks for a while.
    let rule = Rule::parse("0.6").unwrap();
    let len = 40_000;
    let one = computed_by(&rule, engine::Engine::new(Method::Auto), len);
    let engine = engine::Engine::new(Method::Auto)
        .with_threads(2)
        .with_slow_second_thread(std::time::Duration::from_millis(10));
    let mut seq = NimSequence::with_engine(rule, engine);
    seq.extend_to(len, &mut no_progress).unwrap();
    assert_eq!(seq.values().to_vec(), one);
    let work = seq.work();
    assert!(work.taken_blocks > 0, "no block was taken back");
    // A wait is counted only when the rows came back while the engine
    // waited: never, but for an engine thread itself descheduled for the
    // 10 ms.
    assert!(
        work.waited_blocks * 10 <= work.taken_blocks,
        "{} blocks waited, {} taken back",
        work.waited_blocks,
        work.taken_blocks
    );
    // Each block taken back starts a spell alone. How many blocks a spell
    // holds is the machine's speed and load (829 alone to 102 taken back
    // at load 11 failed a tenfold margin, and a debug build beside eight
    // hogs a twofold one), so only that spells were taken is asserted.
    assert!(
        work.alone_blocks > 0,
        "{} blocks taken back, {} alone",
        work.taken_blocks,
        work.alone_blocks
    );
}

#[test]
fn two_byte_cells_compute_what_one_byte_cells_do() {
    // The engine on u16 cells though every value fits a byte: the same
    // values through the two-byte scanners and blocks.
    for code in ["0.6", "0.14", "0.106"] {
        let rule = Rule::parse(code).unwrap();
        let bytes = computed_by(&rule, engine::Engine::new(Method::Sparse), 6_000);
        for scanner in Scanner::available() {
            let mut engine = engine::Engine::with_scanner(Method::Sparse, scanner);
            let mut shorts: Vec<u16> = Vec::new();
            assert_eq!(engine.extend(&rule, &mut shorts, 6_000), None);
            let widened: Vec<u32> = shorts.iter().map(|&v| u32::from(v)).collect();
            assert_eq!(widened, bytes, "{code} {}", scanner.name());
        }
    }
}

fn random_hex_rule(rng: &mut SplitMix64) -> Rule {
    let len = 2 + rng.between(0, 3) as usize;
    let mut digits: Vec<u8> = (0..len).map(|_| rng.between(0, 15) as u8).collect();
    digits[0] = [0, 4, 8, 12][rng.between(0, 3) as usize];
    Rule::from_digits(digits, false)
}

#[test]
fn hexadecimal_rules_agree_with_brute_force() {
    let mut rng = SplitMix64::new(0x8e8);
    for _ in 0..40 {
        let rule = random_hex_rule(&mut rng);
        let expected = brute_force(&rule, 90);
        for method in [Method::Naive, Method::Sparse, Method::Auto] {
            assert_eq!(computed(&rule, method, 90), expected, "{rule} {method:?}");
        }
    }
    // 0.8: remove one, leave exactly three heaps.
    let rule = Rule::parse("0.8").unwrap();
    assert_eq!(computed(&rule, Method::Auto, 200), brute_force(&rule, 200));
}

#[test]
fn grundys_game_agrees_with_brute_force() {
    // Grundy's game, OEIS A002188: split a heap into two different heaps.
    let known = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0,
    ];
    let rule = Rule::grundys_game();
    let expected = brute_force_splits(|i| rule.digit(i), 3000, |a, b| a != b);
    assert_eq!(expected[..known.len()], known);
    for method in [Method::Naive, Method::Sparse, Method::Auto] {
        assert_eq!(computed(&rule, method, 3000), expected, "{method:?}");
    }
    let mut seq = NimSequence::new(rule, Method::Auto);
    assert_eq!(
        seq.find_period(5000, &mut no_progress).unwrap(),
        None,
        "no period is proven"
    );
}
