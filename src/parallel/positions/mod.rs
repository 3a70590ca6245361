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
//!    its first zero, and whether it holds a byte that is not part of a
//!    number or whitespace.
//! 2. **Answering, in parallel, in order.** The counts give each block the
//!    index of its first token, so a thread answers the cases that begin in
//!    a block on its own, taking the second number of a case cut by the
//!    block's end from the first token of the next. Threads take blocks in
//!    turn, each with its own game and buffers kept from block to block, and
//!    write a block's lines into a buffer of its own, numbered from its
//!    first case (`Case i:`). The calling thread answers blocks too, and
//!    between them writes the buffers out in order as they arrive; the
//!    others run at most a few blocks per thread ahead of it, which bounds
//!    the memory held.
//!
//! Only a file whose bytes are numbers and whitespace and whose count fits
//! its layout (`T` pairs after `T`, whole pairs, nothing after the `0`) is
//! answered here; any other is left to the one-thread reader before a line
//! is written. A number too large for a `u64`, or one the game does not
//! decide (the cutting game's table ends), is found only when pass 2
//! converts its block. The blocks before it are written by then, and they
//! are the one-thread run's first lines, so the one-thread reader reads the
//! file again with those bytes dropped from its output
//! ([`Outcome::Reread`]): the verdicts and the error, at the same place,
//! are the one-thread run's by construction, and the file is read twice
//! only when it holds such a number.

use std::io::Write;
use std::sync::mpsc;

use super::queue::Queue;
use super::split;
use crate::error::Error;
use crate::games::PositionGame;
use crate::output::VerdictWriter;
use crate::problem::{Answer, Layout};
use crate::scan::{Kernel, Stop};
use crate::solve::{write_position, Report};
use crate::source::Fill;

/// Blocks per thread that pass 2 may answer ahead of the one being
/// written: what bounds the output held in memory.
const BLOCKS_AHEAD_PER_THREAD: usize = 8;

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

    /// The first token of a block that begins a case, counted in the block
    /// from `index`, its global index.
    fn first_case(self, index: u64, total: u64) -> usize {
        let begins = match self {
            Shape::Counted => index % 2 == 1,
            Shape::ToEnd => index.is_multiple_of(2),
            Shape::ToZero => index + 1 < total,
        };
        usize::from(!begins && self.width() == 2)
    }

    /// Where the cases that begin in a block of `tokens` tokens from global
    /// index `index` end, counted in the block: its end, but before the
    /// final `0` of a zero-terminated file.
    fn cases_end(self, index: u64, tokens: u64, total: u64) -> usize {
        match self {
            Shape::ToZero => tokens.min(total.saturating_sub(1).saturating_sub(index)) as usize,
            _ => tokens as usize,
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

/// The block's count, or `None` if it holds a byte fault or its first
/// token overflows.
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
/// fault its census finds.
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

/// How far the split got.
#[derive(Debug)]
pub enum Outcome {
    /// Every case is answered.
    Answered(Report),
    /// The one-thread reader must read the file to its error; the first
    /// `skip` bytes of its output, the lines of its first `cases` cases,
    /// are written already.
    Reread {
        /// Bytes of output written.
        skip: u64,
        /// Cases they answer.
        cases: u64,
    },
}

impl Outcome {
    /// Nothing written: the one-thread reader reads the file from the start.
    pub(crate) const DECLINED: Outcome = Outcome::Reread { skip: 0, cases: 0 };
}

/// Answers every case of `bytes`, a position-game input of `layout`,
/// split across threads, or as many as come before a fault
/// ([`Outcome::Reread`]): the one-thread reader must then read the file to
/// report it. `progress` is told the bytes done.
pub fn solve<G: PositionGame + Clone + Send, W: Write>(
    bytes: &[u8],
    layout: Layout,
    game: &G,
    out: &mut VerdictWriter<W>,
    settings: Settings,
    progress: &mut dyn FnMut(u64),
) -> Result<Outcome, Error> {
    let Some(shape) = Shape::of(layout) else {
        return Ok(Outcome::DECLINED);
    };
    let bounds = split(bytes, settings.block);
    let threads = settings.threads.clamp(1, bounds.len().max(1));
    let Some(blocks) = count_all(bytes, &bounds, settings.kernel, threads) else {
        return Ok(Outcome::DECLINED);
    };
    let total: u64 = blocks.iter().map(|b| b.tokens).sum();
    if !fits(shape, &blocks, total) {
        return Ok(Outcome::DECLINED);
    }
    let plan = Plan {
        bytes,
        jobs: jobs(&blocks),
        shape,
        total,
        // The words and the prefix, shared with the threads.
        words: out.sibling(Vec::new(), 0),
        settings,
    };
    let (written, threads) = plan.answer_in_order(game, threads, out, progress)?;
    let cases = match written {
        Written::All { cases } => cases,
        Written::UpToFault { skip, cases } => return Ok(Outcome::Reread { skip, cases }),
    };
    Ok(Outcome::Answered(Report {
        cases,
        values: cases * shape.width(),
        bytes: bytes.len() as u64,
        threads,
        threads_wanted: settings.threads.clamp(1, bounds.len().max(1)),
    }))
}

/// What pass 2 wrote.
enum Written {
    /// Every block, with this many cases.
    All { cases: u64 },
    /// The blocks before the first with a number too large, in `skip`
    /// bytes that answer `cases` cases.
    UpToFault { skip: u64, cases: u64 },
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

/// Everything pass 2 reads, shared by its threads.
struct Plan<'a> {
    bytes: &'a [u8],
    jobs: Vec<Job>,
    shape: Shape,
    total: u64,
    words: VerdictWriter<Vec<u8>>,
    settings: Settings,
}

/// One answered block: its job's number, its lines, and how many cases
/// they answer; or, if it holds a number too large or one the game
/// refuses, no lines.
struct Answered {
    job: usize,
    text: Vec<u8>,
    cases: u64,
    overflows: bool,
}

/// A thread's own state in pass 2, kept from block to block so that a
/// block costs no allocation.
struct Worker<G> {
    game: G,
    values: Vec<u64>,
}

/// The writer's side of pass 2: answered blocks held until their turn, and
/// what has been written.
struct InOrder {
    /// Job `j` waits in slot `j % ahead`: no more than `ahead` jobs are
    /// taken past the last one written.
    waiting: Vec<Option<Answered>>,
    written: usize,
    cases: u64,
    skip: u64,
}

impl InOrder {
    fn new(ahead: usize) -> InOrder {
        InOrder {
            waiting: (0..ahead).map(|_| None).collect(),
            written: 0,
            cases: 0,
            skip: 0,
        }
    }

    fn hold(&mut self, answered: Answered) {
        let slot = answered.job % self.waiting.len();
        self.waiting[slot] = Some(answered);
    }

    /// Writes the held blocks that are next in order; where it stopped, if
    /// at a block with a number too large.
    fn write_ready<W: Write>(
        &mut self,
        plan: &Plan,
        queue: &Queue,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Option<Written>, Error> {
        let ahead = self.waiting.len();
        while let Some(done) = self.waiting[self.written % ahead].take() {
            if done.overflows {
                return Ok(Some(Written::UpToFault {
                    skip: self.skip,
                    cases: self.cases,
                }));
            }
            out.lines(&done.text).map_err(crate::solve::stdout_error)?;
            out.count_lines(done.cases);
            self.cases += done.cases;
            self.skip += done.text.len() as u64;
            self.written += 1;
            queue.written(self.written, done.text);
            progress(plan.jobs[done.job].block.end as u64);
        }
        Ok(None)
    }
}

impl Plan<'_> {
    /// Answers every job on `threads` threads, this one included, which
    /// also writes their lines in order between its own jobs; what was
    /// written and the threads that answered it.
    ///
    /// The writer answers rather than waits: as a third thread on two
    /// cores it woke for every block and took the core from a thread that
    /// was answering one.
    fn answer_in_order<G: PositionGame + Clone + Send, W: Write>(
        &self,
        game: &G,
        threads: usize,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<(Written, usize), Error> {
        let ahead = threads * BLOCKS_AHEAD_PER_THREAD;
        let queue = Queue::new(ahead);
        let (send, receive) = mpsc::channel::<Answered>();
        let worker = || Worker {
            game: game.clone(),
            values: Vec::new(),
        };
        std::thread::scope(|scope| {
            let started = (1..threads)
                .filter(|_| {
                    let (send, queue, mut worker) = (send.clone(), &queue, worker());
                    let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                        self.work(&mut worker, queue, &send);
                    });
                    spawned.is_ok()
                })
                .count();
            drop(send);
            let mut writer = InOrder::new(ahead);
            let written =
                self.write_in_order(&mut writer, &mut worker(), &receive, &queue, out, progress);
            // On an error the threads stop at their next job.
            queue.stop();
            written.map(|written| (written, started + 1))
        })
    }

    /// A thread's loop: take a job, answer it, hand its lines over.
    fn work<G: PositionGame>(
        &self,
        worker: &mut Worker<G>,
        queue: &Queue,
        send: &mpsc::Sender<Answered>,
    ) {
        while let Some((job, text)) = queue.take(self.jobs.len()) {
            let answered = self.answer_block(job, worker, text);
            if send.send(answered).is_err() {
                return;
            }
        }
    }

    /// Writes the answered blocks in job order, up to the first that holds
    /// a number too large, answering jobs itself while none is ready to
    /// write.
    fn write_in_order<G: PositionGame, W: Write>(
        &self,
        writer: &mut InOrder,
        worker: &mut Worker<G>,
        receive: &mpsc::Receiver<Answered>,
        queue: &Queue,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Written, Error> {
        while writer.written < self.jobs.len() {
            while let Ok(answered) = receive.try_recv() {
                writer.hold(answered);
            }
            if let Some(done) = writer.write_ready(self, queue, out, progress)? {
                return Ok(done);
            }
            if writer.written == self.jobs.len() {
                break;
            }
            let answered = match queue.try_take(self.jobs.len()) {
                Some((job, text)) => self.answer_block(job, worker, text),
                // Too far ahead, or every job taken: the next to write is
                // another thread's.
                None => receive.recv().expect("every job is answered"),
            };
            writer.hold(answered);
        }
        Ok(Written::All {
            cases: writer.cases,
        })
    }
    /// The lines of the cases that begin in block `job`, written into
    /// `text`.
    fn answer_block<G: PositionGame>(
        &self,
        job: usize,
        worker: &mut Worker<G>,
        text: Vec<u8>,
    ) -> Answered {
        // The block's last case may end with the next block's first
        // number, which must be decided too.
        let next = &[self.jobs[job].next][..usize::from(self.shape.width() == 2)];
        let overflows = !self.convert(&self.jobs[job], &mut worker.values)
            || !decides_all(&worker.game, &worker.values)
            || !decides_all(&worker.game, next);
        let (text, cases) = match overflows {
            false => self.lines(&self.jobs[job], worker, text),
            true => (text, 0),
        };
        Answered {
            job,
            text,
            cases,
            overflows,
        }
    }

    /// Converts the block's numbers into `values`; `false` if one is too
    /// large, the only fault the census leaves.
    fn convert(&self, job: &Job, values: &mut Vec<u64>) -> bool {
        values.clear();
        values.resize(job.block.tokens as usize, 0);
        let mut visitor = Fill::<false, true>::new(values);
        let folded = self.settings.kernel.visit(
            &self.bytes[..job.block.end],
            job.block.start,
            u64::MAX,
            &mut visitor,
        );
        matches!(folded.stop, None | Some(Stop::End))
    }

    /// The lines of the cases that begin in a block whose numbers are
    /// `worker.values`, and how many there are.
    fn lines<G: PositionGame>(
        &self,
        job: &Job,
        worker: &mut Worker<G>,
        text: Vec<u8>,
    ) -> (Vec<u8>, u64) {
        let (block, settings) = (job.block, self.settings);
        let values = &worker.values;
        let before = self.shape.cases_before(job.index, self.total);
        let mut writer = self.words.sibling(text, before);
        let width = self.shape.width() as usize;
        let starts = self.shape.first_case(job.index, self.total);
        let ends = self.shape.cases_end(job.index, block.tokens, self.total);
        // A case's second number; for the block's last case, the first
        // token of the next block.
        let second = |j: usize| match width {
            1 => 0,
            _ => values.get(j + 1).copied().unwrap_or(job.next),
        };
        let short = self.words.short_lines();
        if let Some(short) = short.filter(|_| !settings.moves && settings.answer == Answer::Verdict)
        {
            let cases = (ends.saturating_sub(starts)).div_ceil(width);
            let mut text = writer.into_inner();
            let game = &mut worker.game;
            short.append(&mut text, cases, |i| {
                let j = starts + i * width;
                game.first_player_wins(values[j], second(j))
            });
            return (text, cases as u64);
        }
        let mut answered = 0;
        for j in (starts..ends).step_by(width) {
            let (a, b) = (values[j], second(j));
            // Writing to a vector does not fail.
            let _ = write_position(
                &mut writer,
                &mut worker.game,
                settings.answer,
                settings.moves,
                a,
                b,
            );
            answered += 1;
        }
        (writer.into_inner(), answered)
    }
}

/// Whether `game` decides every number of a block: one it refuses is
/// reported by the one-thread reader, at its place, as a number too large
/// is.
fn decides_all<G: PositionGame>(game: &G, values: &[u64]) -> bool {
    game.decided()
        .is_none_or(|range| values.iter().all(|v| range.contains(v)))
}

#[cfg(test)]
mod tests;
