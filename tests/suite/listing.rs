//! The lists of winning moves (`hdu2176`) and their counts (`hdu1850`):
//! on one thread and shared in pieces with a second one, from a slice and
//! through a stream buffer, the output is the one a naive oracle written
//! here prints, and an input that breaks off after a large case still gets
//! every answer before the error, the same on every path.

use nimstream::games::GameParams;
use nimstream::problem::Problem;
use nimstream::scan::Kernel;
use nimstream::testing::{outcome, proptest_cases as cases, Mode, Outcome};
use proptest::prelude::*;

/// One thread; two and three, which read blocks converted ahead, small
/// enough that a large case spans dozens of them and small cases begin
/// inside them; and a stream, whose small buffer refills inside every case.
/// (Blocks of a few bytes, a token or two each, make every token a
/// hand-over between the threads: the source's own tests use them on
/// smaller inputs.)
fn paths() -> Vec<Mode> {
    let fast = Kernel::detect();
    vec![
        Mode::Split(fast, 1, 1),
        Mode::Split(fast, 2, 4096),
        Mode::Split(fast, 3, 1000),
        Mode::Stream(fast, 97),
        Mode::Split(Kernel::SWAR, 2, 512),
    ]
}

/// What the judge expects for `cases`, from their heaps alone.
fn oracle(name: &str, cases: &[Vec<u64>]) -> String {
    let mut out = String::new();
    for heaps in cases {
        let x = heaps.iter().fold(0, |x, h| x ^ h);
        let moves: Vec<_> = heaps.iter().filter(|&&h| h ^ x < h).collect();
        if name == "hdu1850" {
            out += &format!("{}\n", moves.len());
            continue;
        }
        out += if x == 0 { "No\n" } else { "Yes\n" };
        for h in moves {
            out += &format!("{h} {}\n", h ^ x);
        }
    }
    out
}

fn file(cases: &[Vec<u64>], end: &str) -> Vec<u8> {
    let mut text = String::new();
    for heaps in cases {
        text += &heaps.len().to_string();
        for h in heaps {
            text += &format!(" {h}");
        }
        text += "\n";
    }
    text += end;
    text.into_bytes()
}

fn solve(name: &str, bytes: &[u8], mode: Mode) -> Outcome {
    let problem = Problem::find(name).expect("in the catalogue");
    outcome(problem, &GameParams::default(), bytes, mode)
}

/// Sizes around the thresholds of sharing a case (4096 heaps) and of its
/// pieces (8192), small ones, and a few pieces' worth.
fn case_size() -> impl Strategy<Value = usize> {
    prop_oneof![
        1usize..40,
        4090usize..4100,
        8185usize..8200,
        16380usize..16400,
        20000usize..30000,
    ]
}

/// Heaps of every width, from 1 digit to 20, so that each way of writing
/// a number is met; a last heap makes the case lost now and then.
fn case() -> impl Strategy<Value = Vec<u64>> {
    (case_size(), any::<u64>(), 0u32..64, any::<bool>()).prop_map(|(n, seed, width, lose)| {
        let mut state = seed | 1;
        let mut heaps: Vec<u64> = (0..n)
            .map(|i| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                // Digits of every count in every case.
                state >> ((width + i as u32) % 64)
            })
            .map(|h| h.max(1))
            .collect();
        if lose && !heaps.is_empty() {
            let rest = heaps[1..].iter().fold(0, |x, h| x ^ h);
            if rest > 0 {
                heaps[0] = rest;
            }
        }
        heaps
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    #[test]
    fn every_path_lists_the_oracles_moves(
        cases in prop::collection::vec(case(), 1..6),
        count in any::<bool>(),
    ) {
        let name = if count { "hdu1850" } else { "hdu2176" };
        let bytes = file(&cases, "0\n");
        let expected = oracle(name, &cases);
        for mode in paths() {
            let (out, error) = solve(name, &bytes, mode);
            prop_assert_eq!(error, None, "{:?}", mode);
            prop_assert!(out == expected, "{} {:?}: the output differs", name, mode);
        }
    }

    #[test]
    fn an_input_that_breaks_off_is_answered_up_to_the_break(
        cases in prop::collection::vec(case(), 1..6),
        cut in 0.0f64..1.0,
    ) {
        let whole_file = file(&cases, "0\n");
        let mut len = (whole_file.len() as f64 * cut) as usize;
        // Not inside a number, which would read as a shorter one.
        while len > 0 && whole_file[len - 1].is_ascii_digit() && whole_file[len].is_ascii_digit() {
            len -= 1;
        }
        let mut bytes = whole_file[..len].to_vec();
        bytes.extend_from_slice(b" x");
        // The cases whose last heap is in the bytes kept.
        let mut end = 0;
        let mut whole = 0;
        for heaps in &cases {
            end += file(std::slice::from_ref(heaps), "").len();
            if end - 1 > len {
                break;
            }
            whole += 1;
        }
        let reference = solve("hdu2176", &bytes, paths()[0]);
        prop_assert!(reference.1.is_some(), "a cut input is an error");
        prop_assert!(
            reference.0 == oracle("hdu2176", &cases[..whole]),
            "the answers before the error"
        );
        for mode in paths() {
            let other = solve("hdu2176", &bytes, mode);
            prop_assert!(other == reference, "{:?}: differs from one thread", mode);
        }
    }
}

#[test]
fn a_case_too_large_to_keep_is_an_error_at_its_count() {
    let bytes = b"2 5 7\n134217729 1 2 3\n0\n";
    for mode in paths() {
        let (out, error) = solve("hdu2176", bytes, mode);
        assert_eq!(out, "Yes\n7 5\n", "{mode:?}");
        let error = error.expect("an error");
        assert_eq!((error.line, error.column), (2, 1), "{mode:?}");
        assert!(
            error.message.contains("at most 134217728"),
            "{}",
            error.message
        );
    }
}
