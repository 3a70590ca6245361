//! `validate` on arbitrary bytes: no panic; checking alone and checking with
//! a summary agree; and whatever the strict validator accepts, the solver
//! accepts too, with as many first-player wins as the summary counted.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimstream::input::SliceSource;
use nimstream::limits::{Bounds, Limits};
use nimstream::output::VerdictWriter;
use nimstream::scan::Kernel;
use nimstream::solve::{self, Game};
use nimstream::validate::{self, Detail};

fn game(selector: u8) -> Game {
    match selector % 8 {
        0 => Game::Nim,
        1 => Game::Lasker,
        2 => Game::Misere,
        3 => Game::Bounded { max_take: 2 },
        4 => Game::Bash,
        5 => Game::Fibonacci,
        6 => Game::KMultiple,
        _ => Game::Wythoff,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let game = game(selector);
    // See the solve target: huge k-multiple queries are slow by design.
    let longest = bytes.split(|b| !b.is_ascii_digit()).map(<[u8]>::len).max();
    if game == Game::KMultiple && longest.unwrap_or(0) > 7 {
        return;
    }
    // Wide-open limits, so that the format rules decide; the problem's own
    // limits on odd selectors, so that range checks run too.
    let any = Bounds::new(0, u64::MAX);
    let limits = if selector & 8 == 0 {
        Limits {
            cases: any,
            heaps: any,
            value: any,
            second: any,
            ..Limits::of(game)
        }
    } else {
        Limits::of(game)
    };
    let check = validate::validate(game, bytes, &limits, "f", Detail::Check);
    let summary = validate::validate(game, bytes, &limits, "f", Detail::Summary);
    assert_eq!(
        check.as_ref().map(|_| ()).map_err(|e| e.to_string()),
        summary.as_ref().map(|_| ()).map_err(|e| e.to_string())
    );
    if let Ok(Some(summary)) = summary {
        let mut out = Vec::new();
        let mut writer = VerdictWriter::new(&mut out, "W", "L", solve::Game::line_prefix(game));
        let mut source = SliceSource::new(bytes, Kernel::detect());
        let report = solve::solve(game, &mut source, &mut writer, "f", &mut |_| {});
        let report = report.unwrap_or_else(|e| panic!("validate accepted, solve said {e}"));
        writer.flush().unwrap();
        drop(writer);
        assert_eq!(report.cases, summary.cases);
        let wins = out
            .split(|&b| b == b'\n')
            .filter(|line| line.ends_with(b"W"))
            .count() as u64;
        assert_eq!(wins, summary.wins);
    }
});
