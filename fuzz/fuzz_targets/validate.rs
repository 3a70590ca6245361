//! `validate` on arbitrary bytes: no panic; checking alone and checking with
//! a summary agree; and whatever the strict validator accepts, the solver
//! accepts too, with as many first-player wins as the summary counted.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimstream::games::GameParams;
use nimstream::grundy::rule::MAX_REMOVAL;
use nimstream::problem::{Bounds, Layout, Limits, CATALOGUE};
use nimstream::scan::Kernel;
use nimstream::testing::{count_wins, outcome, Mode};
use nimstream::validate::{self, Detail};

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let problem = &CATALOGUE[usize::from(selector) % CATALOGUE.len()];
    let params = GameParams {
        max_take: Some(2),
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
    // See the solve target: huge k-multiple queries are slow by design.
    let longest = bytes.split(|b| !b.is_ascii_digit()).map(<[u8]>::len).max();
    if problem.game.name == "kmultiple" && longest.unwrap_or(0) > 7 {
        return;
    }
    // Wide-open limits, so that the format rules decide; the problem's own
    // limits on odd selectors, so that range checks run too.
    // S-Nim's removals are bounded even then, as `validate::limits` keeps
    // them: 0 is no move, and the engine takes removals up to MAX_REMOVAL.
    let limits = match (selector & 16 == 0, problem.layout) {
        (true, Layout::SubtractionSetCases) => Limits {
            second: Bounds::new(1, MAX_REMOVAL as u64),
            ..Limits::ANY
        },
        (true, _) => Limits::ANY,
        (false, _) => problem.limits,
    };
    let mut game = problem.build_game(&params).unwrap();
    let check = validate::validate(problem, &mut game, bytes, &limits, "f", Detail::Check);
    let summary = validate::validate(problem, &mut game, bytes, &limits, "f", Detail::Summary);
    assert_eq!(
        check.as_ref().map(|_| ()).map_err(|e| e.to_string()),
        summary.as_ref().map(|_| ()).map_err(|e| e.to_string())
    );
    if let Ok(Some(summary)) = summary {
        let (stdout, error) = outcome(problem, &params, bytes, Mode::Slice(Kernel::detect()));
        // A heap past what a rule's table decides leaves its case undecided
        // in the summary, and is an error to solve: neither guesses.
        if summary.undecided > 0 {
            assert!(error.is_some(), "solve decided what validate could not");
            return;
        }
        if let Some(error) = error {
            panic!("validate accepted, solve said {error:?}");
        }
        // S-Nim gives, and the summary counts, a verdict per position.
        let answered = match problem.layout {
            Layout::SubtractionSetCases => summary.total_positions,
            _ => summary.cases,
        };
        assert_eq!(count_wins(problem, &stdout), (answered, summary.wins));
    }
});
