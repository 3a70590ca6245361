//! Position-game files (bash, kmultiple, fibonacci, wythoff) split across
//! threads.
//!
//! A case is one or two numbers, so a token's role follows from its index
//! alone: after `T` in counted pairs, from the start in pairs to the end,
//! and before the first `0` in zero-terminated files. Two passes find it:
//!
//! 1. **Counting, in parallel.** Every block (cut as for heaps, never inside
//!    a number) is counted from its window masks alone, without converting
//!    its numbers ([`Kernel::census`]): its token count, its first token and
//!    its first zero, and whether it holds a fault.
//! 2. **Answering, in parallel, in rounds.** The counts give each block the
//!    index of its first token, so a thread answers the cases that begin in
//!    a block on its own, taking the second number of a case cut by the
//!    block's end from the first token of the next. Each block's lines go to
//!    a buffer of its own, numbered from its first case (`Case i:`), and a
//!    round's buffers are written in order before the next round begins,
//!    which bounds memory to a few blocks' output per thread.
//!
//! Only a file that reads without a fault and whose count fits its layout
//! (`T` pairs after `T`, whole pairs, nothing after the `0`) is answered
//! here. Any other is left to the one-thread reader, so its verdicts and
//! its error, at the same place, are the one-thread run's by construction.

use std::io::Write;

use super::split;
use crate::error::Error;
use crate::games::PositionGame;
use crate::output::VerdictWriter;
use crate::problem::{Answer, Layout};
use crate::scan::Kernel;
use crate::solve::{write_position, Report};
use crate::source::Fill;

/// Blocks per thread in one round of pass 2.
const BLOCKS_PER_THREAD: usize = 8;

/// How the cases of a layout sit among its tokens.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// `T`, then `T` pairs.
    Counted,
    /// Pairs until the end.
    ToEnd,
    /// Single numbers until a `0`, which is the last token.
    ToZero,
}

impl Shape {
    fn of(layout: Layout) -> Option<Shape> {
        match layout {
            Layout::CountedPairs => Some(Shape::Counted),
            Layout::PairsToEnd => Some(Shape::ToEnd),
            Layout::ZeroTerminated => Some(Shape::ToZero),
            _ => None,
        }
    }

    /// Numbers per case.
    fn width(self) -> u64 {
        match self {
            Shape::ToZero => 1,
            _ => 2,
        }
    }

    /// Cases that begin before token `index`, of `total` tokens.
    fn cases_before(self, index: u64, total: u64) -> u64 {
        match self {
            Shape::Counted => index / 2,
            Shape::ToEnd => index.div_ceil(2),
            Shape::ToZero => index.min(total.saturating_sub(1)),
        }
    }

    /// Whether token `index`, of `total`, begins a case.
    fn begins_case(self, index: u64, total: u64) -> bool {
        match self {
            Shape::Counted => index % 2 == 1,
            Shape::ToEnd => index.is_multiple_of(2),
            Shape::ToZero => index + 1 < total,
        }
    }
}

/// What pass 1 found in one block.
#[derive(Clone, Copy, Debug)]
struct Counted {
    start: usize,
    end: usize,
    tokens: u64,
    first: Option<u64>,
    /// The index in the block of its first 0.
    first_zero: Option<u64>,
}

/// The block's count, or `None` if it holds a fault.
fn count(bytes: &[u8], (start, end): (usize, usize), kernel: Kernel) -> Option<Counted> {
    let census = kernel.census(&bytes[..end], start)?;
    Some(Counted {
        start,
        end,
        tokens: census.tokens,
        first: census.first,
        first_zero: census.first_zero,
    })
}

/// Counts every block on up to `threads` threads; `None` if one holds a
/// fault.
fn count_all(
    bytes: &[u8],
    bounds: &[(usize, usize)],
    kernel: Kernel,
    threads: usize,
) -> Option<Vec<Counted>> {
    let per = bounds.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<Option<Vec<Counted>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = bounds
            .chunks(per)
            .skip(1)
            .map(|part| {
                std::thread::Builder::new().spawn_scoped(scope, move || {
                    part.iter().map(|&b| count(bytes, b, kernel)).collect()
                })
            })
            .collect();
        let first = bounds.chunks(per).next().unwrap_or(&[]);
        let mut parts = vec![first.iter().map(|&b| count(bytes, b, kernel)).collect()];
        for (handle, part) in handles.into_iter().zip(bounds.chunks(per).skip(1)) {
            // A thread the system would not start: its part is counted here.
            parts.push(match handle {
                Ok(handle) => handle.join().unwrap_or(None),
                Err(_) => part.iter().map(|&b| count(bytes, b, kernel)).collect(),
            });
        }
        parts
    });
    let parts: Option<Vec<Vec<Counted>>> = parts.into_iter().collect();
    parts.map(|parts| parts.concat())
}

/// Whether the counts fit the layout: then the one-thread reader would read
/// every case and meet no error.
fn fits(shape: Shape, blocks: &[Counted], total: u64) -> bool {
    match shape {
        Shape::Counted => {
            let cases = blocks.iter().find_map(|b| b.first);
            cases.and_then(|t| t.checked_mul(2)?.checked_add(1)) == Some(total)
        }
        Shape::ToEnd => total.is_multiple_of(2),
        Shape::ToZero => {
            let mut before = 0;
            for block in blocks {
                if let Some(zero) = block.first_zero {
                    return before + zero + 1 == total;
                }
                before += block.tokens;
            }
            false
        }
    }
}

/// One block's job in pass 2.
struct Job {
    block: Counted,
    /// The global index of its first token.
    index: u64,
    /// The first token after the block, for a case it cuts.
    next: u64,
}

/// How pass 2 answers, besides the game.
#[derive(Clone, Copy)]
pub struct Settings {
    /// The tokenizer.
    pub kernel: Kernel,
    /// The most threads to use.
    pub threads: usize,
    /// The block size.
    pub block: usize,
    /// Whether a winning move follows each winning verdict.
    pub moves: bool,
    /// What each case's line says.
    pub answer: Answer,
}

/// Answers every case of `bytes`, a position-game input of `layout`,
/// split across threads; `Ok(None)` when the input has a fault or a count
/// that does not fit its layout, which the one-thread reader must then
/// read to report it. `progress` is told the bytes done.
pub fn solve<G: PositionGame + Clone + Send, W: Write>(
    bytes: &[u8],
    layout: Layout,
    game: &G,
    out: &mut VerdictWriter<W>,
    settings: Settings,
    progress: &mut dyn FnMut(u64),
) -> Result<Option<Report>, Error> {
    let Some(shape) = Shape::of(layout) else {
        return Ok(None);
    };
    let bounds = split(bytes, settings.block);
    let threads = settings.threads.clamp(1, bounds.len().max(1));
    let Some(blocks) = count_all(bytes, &bounds, settings.kernel, threads) else {
        return Ok(None);
    };
    let total: u64 = blocks.iter().map(|b| b.tokens).sum();
    if !fits(shape, &blocks, total) {
        return Ok(None);
    }
    let jobs = jobs(&blocks);
    let mut games = vec![game.clone(); threads];
    // The words and the prefix, shared with the threads.
    let words = out.sibling(std::io::sink(), 0);
    let mut cases = 0;
    for round in jobs.chunks(threads * BLOCKS_PER_THREAD) {
        let lines = answer_round(bytes, round, shape, total, &mut games, &words, settings);
        for (text, answered) in lines {
            out.lines(&text).map_err(crate::solve::stdout_error)?;
            out.count_lines(answered);
            cases += answered;
        }
        if let Some(last) = round.last() {
            progress(last.block.end as u64);
        }
    }
    Ok(Some(Report {
        cases,
        values: cases * shape.width(),
        bytes: bytes.len() as u64,
        threads,
        threads_wanted: threads,
    }))
}

/// Each block's job: its first token's index, and the token after it.
fn jobs(blocks: &[Counted]) -> Vec<Job> {
    let mut next = 0;
    let mut jobs: Vec<Job> = blocks
        .iter()
        .rev()
        .map(|&block| {
            let job = Job {
                block,
                index: 0,
                next,
            };
            if let Some(first) = block.first {
                next = first;
            }
            job
        })
        .collect();
    jobs.reverse();
    let mut index = 0;
    for job in &mut jobs {
        job.index = index;
        index += job.block.tokens;
    }
    jobs
}

/// Answers one round's blocks on up to `games.len()` threads (one game
/// each); each block's lines and how many cases they answer, in order.
fn answer_round<G: PositionGame + Clone + Send>(
    bytes: &[u8],
    round: &[Job],
    shape: Shape,
    total: u64,
    games: &mut [G],
    words: &VerdictWriter<std::io::Sink>,
    settings: Settings,
) -> Vec<(Vec<u8>, u64)> {
    let per = round.len().div_ceil(games.len()).max(1);
    let answer = |jobs: &[Job], game: &mut G| -> Vec<(Vec<u8>, u64)> {
        jobs.iter()
            .map(|job| answer_block(bytes, job, shape, total, game, words, settings))
            .collect()
    };
    std::thread::scope(|scope| {
        let mut parts = round.chunks(per).zip(games.iter_mut());
        let (first, first_game) = parts.next().expect("a round has a block");
        let handles: Vec<_> = parts
            .map(|(jobs, game)| {
                let spawned = std::thread::Builder::new().spawn_scoped(scope, {
                    let answer = &answer;
                    move || answer(jobs, game)
                });
                (jobs, spawned)
            })
            .collect();
        let mut lines = answer(first, &mut *first_game);
        for (jobs, handle) in handles {
            match handle {
                Ok(handle) => lines.extend(handle.join().expect("answering does not panic")),
                // The system would not start a thread: this one answers.
                Err(_) => lines.extend(answer(jobs, &mut first_game.clone())),
            }
        }
        lines
    })
}

/// The lines of the cases that begin in one block.
fn answer_block<G: PositionGame>(
    bytes: &[u8],
    job: &Job,
    shape: Shape,
    total: u64,
    game: &mut G,
    words: &VerdictWriter<std::io::Sink>,
    settings: Settings,
) -> (Vec<u8>, u64) {
    let block = job.block;
    let mut values = vec![0u64; block.tokens as usize];
    let mut visitor = Fill::<false, true>::new(&mut values);
    settings
        .kernel
        .visit(&bytes[..block.end], block.start, u64::MAX, &mut visitor);
    let before = shape.cases_before(job.index, total);
    let mut writer = words.sibling(Vec::with_capacity(values.len() * 8), before);
    let mut answered = 0;
    for (j, &a) in values.iter().enumerate() {
        if !shape.begins_case(job.index + j as u64, total) {
            continue;
        }
        let b = match shape.width() {
            1 => 0,
            _ => values.get(j + 1).copied().unwrap_or(job.next),
        };
        // Writing to a vector does not fail.
        let _ = write_position(&mut writer, game, settings.answer, settings.moves, a, b);
        answered += 1;
    }
    (writer.into_inner().unwrap_or_default(), answered)
}
