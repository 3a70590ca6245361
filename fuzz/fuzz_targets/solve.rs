//! `solve` for each catalogue problem on arbitrary bytes: no panic, and the
//! slice, the streaming reader and the two-pass split (any block size, any
//! thread count) print the same verdicts and the same error, with and
//! without winning moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimstream::games::GameParams;
use nimstream::problem::CATALOGUE;
use nimstream::scan::Kernel;
use nimstream::testing::{outcome, outcome_with_moves, Mode};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some((&shape, bytes)) = rest.split_first() else {
        return;
    };
    let problem = &CATALOGUE[usize::from(selector) % CATALOGUE.len()];
    // K = 3, or K = u64::MAX (plain Nim's moves) on odd selectors past the
    // catalogue's length, for the games that take it.
    let max_take = if usize::from(selector) / CATALOGUE.len() % 2 == 0 {
        3
    } else {
        u64::MAX
    };
    let params = GameParams {
        max_take: Some(max_take),
        ..GameParams::default()
    };
    // HDU 1848's table is 4096 values rather than 2^20: building it for
    // every input would take most of the fuzzer's time, and heaps past it
    // reach the refusals.
    let params = if problem.game.parameters.is_empty() {
        GameParams {
            upto: Some(1 << 12),
            ..GameParams::default()
        }
    } else {
        params
    };
    // A k-multiple query with n near 2^64 and k between about 2^25 and 2^38
    // takes minutes by design (see games::kmultiple); keep the fuzzer on
    // numbers of at most 7 digits there, which still covers every code path.
    if problem.game.name == "kmultiple" && longest_digit_run(bytes) > 7 {
        return;
    }
    let kernel = Kernel::detect();
    let expected = outcome(problem, &params, bytes, Mode::Slice(Kernel::REFERENCE));
    assert_eq!(
        outcome(problem, &params, bytes, Mode::Slice(kernel)),
        expected
    );
    let capacity = 64 + usize::from(shape);
    let streamed = outcome(problem, &params, bytes, Mode::Stream(kernel, capacity));
    assert_eq!(streamed, expected, "stream of {capacity}");
    let threads = 1 + usize::from(shape % 3);
    let block = 1 + usize::from(shape / 3);
    let split = outcome(problem, &params, bytes, Mode::Split(kernel, threads, block));
    assert_eq!(split, expected, "threads {threads} block {block}");
    let with_moves = outcome_with_moves(problem, &params, bytes, Mode::Slice(kernel));
    assert_eq!(with_moves.1, expected.1, "moves change the error");
    let streamed = outcome_with_moves(problem, &params, bytes, Mode::Stream(kernel, capacity));
    assert_eq!(streamed, with_moves, "moves through a stream of {capacity}");
    let split = outcome_with_moves(problem, &params, bytes, Mode::Split(kernel, threads, block));
    assert_eq!(split, with_moves, "moves, threads {threads} block {block}");
});

fn longest_digit_run(bytes: &[u8]) -> usize {
    bytes
        .split(|b| !b.is_ascii_digit())
        .map(<[u8]>::len)
        .max()
        .unwrap_or(0)
}
