//! `solve` for each game on arbitrary bytes: no panic, and the slice, the
//! streaming reader and the two-pass split (any block size, any thread
//! count) print the same verdicts and the same error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nimstream::input::{SliceSource, StreamSource};
use nimstream::output::VerdictWriter;
use nimstream::parallel;
use nimstream::scan::Kernel;
use nimstream::solve::{self, Game};
use nimstream::Error;

fn game(selector: u8) -> Game {
    match selector % 9 {
        0 => Game::Nim,
        1 => Game::Lasker,
        2 => Game::Misere,
        3 => Game::Bounded { max_take: 3 },
        4 => Game::Bounded { max_take: u64::MAX },
        5 => Game::Bash,
        6 => Game::Fibonacci,
        7 => Game::KMultiple,
        _ => Game::Wythoff,
    }
}

fn outcome(
    game: Game,
    run: impl FnOnce(&mut VerdictWriter<&mut Vec<u8>>) -> Result<solve::Report, Error>,
) -> (Vec<u8>, String) {
    let (win, lose) = game.words();
    let mut stdout = Vec::new();
    let error = {
        let mut out = VerdictWriter::new(&mut stdout, win, lose, game.line_prefix());
        let result = run(&mut out);
        out.flush().unwrap();
        match result {
            Ok(_) => String::new(),
            Err(e) => e.to_string(),
        }
    };
    (stdout, error)
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some((&shape, bytes)) = rest.split_first() else {
        return;
    };
    let game = game(selector);
    // A k-multiple query with n near 2^64 and k between about 2^25 and 2^38
    // takes minutes by design (see games::kmultiple); keep the fuzzer on
    // numbers of at most 7 digits there, which still covers every code path.
    if game == Game::KMultiple && longest_digit_run(bytes) > 7 {
        return;
    }
    let mut progress = |_| {};
    let kernel = Kernel::detect();
    let expected = outcome(game, |out| {
        solve::solve(
            game,
            &mut SliceSource::new(bytes, Kernel::Reference),
            out,
            "f",
            &mut progress,
        )
    });
    let fast = outcome(game, |out| {
        solve::solve(
            game,
            &mut SliceSource::new(bytes, kernel),
            out,
            "f",
            &mut progress,
        )
    });
    assert_eq!(fast, expected);
    let capacity = 64 + usize::from(shape);
    let streamed = outcome(game, |out| {
        let mut source = StreamSource::with_capacity(bytes, kernel, capacity);
        solve::solve(game, &mut source, out, "f", &mut progress)
    });
    assert_eq!(streamed, expected);
    if game.has_heap_cases() {
        let threads = 1 + usize::from(shape % 3);
        let block = 1 + usize::from(shape / 3);
        let split = outcome(game, |out| {
            parallel::solve_split(game, bytes, kernel, parallel::Split { threads, block }, out, "f", &mut progress)
        });
        assert_eq!(split, expected, "threads {threads} block {block}");
    }
});

fn longest_digit_run(bytes: &[u8]) -> usize {
    bytes
        .split(|b| !b.is_ascii_digit())
        .map(<[u8]>::len)
        .max()
        .unwrap_or(0)
}
