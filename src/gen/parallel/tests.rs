//! Every cut of the cases against one thread's bytes.

use super::*;
use crate::games::{lasker::LaskerSwap, misere::MisereNim, nim::NormalNim};

/// The file `heap_cases` writes, cut as `jobs` on `threads` threads, or
/// on one thread as they are drawn.
fn written<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    after_count: Option<u8>,
    cut: Option<(Jobs, usize)>,
) -> Result<Vec<u8>, GenError> {
    let plan = LosingPlan::new(o.cases, o.losing, o.seed);
    let mut lines = Lines {
        out: Vec::new(),
        buf: Vec::new(),
    };
    match cut {
        Some((jobs, threads)) => {
            let context = Context {
                game,
                o,
                plan: &plan,
                after_count,
                jobs,
                threads,
            };
            let used = several_threads(&context, &mut lines, &mut |_| {})?;
            assert!(used.is_some());
        }
        None => {
            heap_cases(game, o, &plan, &mut lines, 1, after_count, &mut |_| {})?;
        }
    }
    lines.out.extend_from_slice(&lines.buf);
    Ok(lines.out)
}

/// Every cut, on two and three threads, writes one thread's bytes: with
/// values that redraw about once in four draws (so most runs start in
/// the wrong place and are drawn again), and with values that never do.
fn cuts_agree<G: HeapGame>(game: &G) {
    for (min, max) in [(0, (3 << 62) - 1), (1, 1000)] {
        for heaps in [1, 2, 3, 9, 40] {
            let o = GenOptions {
                cases: 7,
                heaps,
                min,
                max,
                seed: heaps,
                losing: 0.5,
                ..GenOptions::default()
            };
            for after_count in [Some(b'\n'), Some(b' ')] {
                // Errors too: a lone losing heap in [1, 1000] cannot be.
                let text = |written: Result<Vec<u8>, GenError>| {
                    written
                        .map(|bytes| String::from_utf8(bytes).unwrap())
                        .map_err(|e| e.to_string())
                };
                let alone = text(written(game, &o, after_count, None));
                let mut cuts = vec![Jobs::Cases { per: 1 }, Jobs::Cases { per: 3 }];
                for run in [2, 3, 7, 64] {
                    let runs = free_heaps(&o).div_ceil(run).max(1);
                    cuts.push(Jobs::Runs { runs, heaps: run });
                }
                for jobs in cuts {
                    for threads in [2, 3] {
                        let cut = text(written(game, &o, after_count, Some((jobs, threads))));
                        let what =
                            format!("{heaps} heaps in [{min}, {max}], {jobs:?}, {threads} threads");
                        assert_eq!(cut, alone, "{what}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_cut_writes_one_threads_bytes() {
    cuts_agree(&NormalNim);
    cuts_agree(&LaskerSwap);
    cuts_agree(&MisereNim);
}

/// A case that cannot be made what it must be is the same error on
/// every cut: here a losing case of Nim with one heap in [1, 1000].
#[test]
fn an_impossible_case_is_an_error_on_every_cut() {
    let o = GenOptions {
        cases: 4,
        heaps: 1,
        min: 1,
        max: 1000,
        seed: 1,
        losing: 1.0,
        ..GenOptions::default()
    };
    for jobs in [Jobs::Cases { per: 1 }, Jobs::Runs { runs: 1, heaps: 1 }] {
        let error = written(&NormalNim, &o, Some(b'\n'), Some((jobs, 2))).unwrap_err();
        assert!(
            matches!(error, GenError::Impossible(_)),
            "{jobs:?}: {error}"
        );
    }
}

/// A buffer too large for memory is an error that says what it was to
/// hold, for each cut.
#[test]
fn room_that_cannot_be_had_says_what_it_was_for() {
    let o = GenOptions {
        cases: 10,
        heaps: 1 << 50,
        max: u64::MAX,
        ..GenOptions::default()
    };
    let plan = LosingPlan::new(o.cases, o.losing, o.seed);
    let cuts = [
        (
            Jobs::Cases { per: 1 },
            "to hold a case whole on each of 2 threads",
        ),
        (
            Jobs::Cases { per: 3 },
            "to hold 3 cases on each of 2 threads",
        ),
        (
            Jobs::Runs {
                runs: 1,
                heaps: 1 << 50,
            },
            "to hold a run of 1125899906842624 heaps",
        ),
    ];
    for (jobs, words) in cuts {
        let context = Context {
            game: &NormalNim,
            o: &o,
            plan: &plan,
            after_count: Some(b'\n'),
            jobs,
            threads: 2,
        };
        let error = context.room().unwrap_err();
        assert!(matches!(error, GenError::OutOfMemory(_)), "{error}");
        assert!(error.to_string().contains(words), "{error}");
    }
}

/// Small cases go several to a job; large ones are cut where the values
/// rarely redraw, and held whole (up to a bound) where they often do.
#[test]
fn the_plan_cuts_large_cases_only_where_draws_rarely_redraw() {
    let o = |heaps, max| GenOptions {
        cases: 10,
        heaps,
        min: 0,
        max,
        ..GenOptions::default()
    };
    let line = Some(b'\n');
    assert_eq!(
        Jobs::plan(&o(10, 9), line, 64),
        Some(Jobs::Cases { per: 6 })
    );
    assert_eq!(
        Jobs::plan(&o(0, 9), line, 64),
        Some(Jobs::Cases { per: 64 })
    );
    let runs = Jobs::plan(&o(1000, (1 << 31) - 1), line, 64);
    assert_eq!(
        runs,
        Some(Jobs::Runs {
            runs: 16,
            heaps: 64
        })
    );
    assert_eq!(runs.unwrap().count(10), 160);
    let often = (3 << 62) - 1;
    assert_eq!(
        Jobs::plan(&o(1000, often), line, 64),
        Some(Jobs::Cases { per: 1 })
    );
    assert_eq!(
        Jobs::plan(&o(1000, 9), None, 64),
        Some(Jobs::Cases { per: 1 })
    );
    assert_eq!(Jobs::plan(&o(WHOLE_MAX_HEAPS + 1, often), line, 64), None);
}

#[test]
fn no_cases_on_many_threads_write_nothing() {
    let o = GenOptions {
        cases: 0,
        heaps: 3,
        min: 0,
        max: 100,
        losing: 0.5,
        ..GenOptions::default()
    };
    let plan = LosingPlan::new(o.cases, o.losing, o.seed);
    let mut lines = Lines {
        out: Vec::new(),
        buf: Vec::new(),
    };
    let used = heap_cases(
        &NormalNim,
        &o,
        &plan,
        &mut lines,
        4,
        Some(b'\n'),
        &mut |_| {},
    );
    assert_eq!(used.unwrap().used, 1);
    assert!(lines.out.is_empty() && lines.buf.is_empty());
}
