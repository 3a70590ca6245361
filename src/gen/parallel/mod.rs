//! Heap cases written on several threads, in jobs of about 2^16 heaps, or
//! on one thread as they are drawn where they cannot be cut.
//!
//! Threads draw jobs' text into buffers; the calling thread writes the
//! buffers out in order. A job is small on purpose: a buffer written out
//! while it is still in the cache costs the kernel a third of what a cold
//! one of 10 MB (a case of 10^6 heaps) did, and the threads' cases, held
//! whole, no longer fit in the cache beside the file's pages. So small
//! cases go several to a job, and large ones are cut into runs of heaps.
//!
//! A run in the middle of a case needs the random numbers from where the
//! runs before it left off, which depends on how many draws they took.
//! [`SplitMix64::between`] takes one draw a heap but for a rare redraw, so
//! a run starts where it would if no heap before it had redrawn; the writer
//! follows the case's true draws and, where a run started elsewhere, draws
//! it again itself. Runs are cut only for ranges that redraw at most once
//! in `2^24` draws ([`SplitMix64::rarely_redraws`]); the bytes are those of
//! one thread, whatever the threads and the redraws.

use std::collections::BTreeMap;
use std::io::Write;
use std::ops::Range;
use std::sync::{Condvar, Mutex};

use super::decimal::Lines;
use super::heaps::{draw_heaps, finish_case, free_heaps, push_count, write_heap_case};
use super::plan::LosingPlan;
use super::{CaseName, GenError, GenOptions, Threads};
use crate::games::{CaseSummary, HeapGame};
use crate::rng::SplitMix64;

/// The heaps a job holds, about: its buffer, at 11 bytes a heap below
/// 2^32, stays well inside a core's cache.
const JOB_HEAPS: u64 = 1 << 16;

/// Cases whose runs cannot be cut are held whole up to this many heaps;
/// larger ones are written by one thread as they are drawn, so that memory
/// stays bounded whatever `--heaps` is.
const WHOLE_MAX_HEAPS: u64 = 1 << 22;

/// Writes every case, on up to `threads` threads where the cases can be
/// cut into jobs, else on one thread as they are drawn.
///
/// `after_count` is the byte between a case's heap count and its heaps: a
/// newline, or a space where they share a line; `None` writes no count, for
/// layouts whose cases have a fixed number of heaps.
pub(super) fn heap_cases<G: HeapGame, W: Write>(
    game: &G,
    o: &GenOptions,
    plan: &LosingPlan,
    lines: &mut Lines<W>,
    threads: usize,
    after_count: Option<u8>,
    progress: &mut dyn FnMut(u64),
) -> Result<Threads, GenError> {
    let jobs = Jobs::plan(o, after_count, JOB_HEAPS);
    let count = jobs.map_or(1, |jobs| jobs.count(o.cases));
    // No cases (a test of none) is no jobs, and still one thread's work.
    let jobs_at_most = usize::try_from(count.max(1)).unwrap_or(usize::MAX);
    let wanted = threads.clamp(1, jobs_at_most);
    if let (Some(jobs), true) = (jobs, wanted > 1) {
        let context = Context {
            game,
            o,
            plan,
            after_count,
            jobs,
            threads: wanted,
        };
        let used = several_threads(&context, lines, progress)?;
        if let Some(used) = used {
            return Ok(Threads { used, wanted });
        }
    }
    for case in 0..o.cases {
        let out = &mut lines.out;
        write_heap_case(
            game,
            o,
            CaseName::of(case),
            plan.is_losing(case),
            after_count,
            &mut lines.buf,
            &mut |buf| {
                if buf.len() >= Lines::<W>::BLOCK {
                    out.write_all(buf)?;
                    buf.clear();
                }
                Ok(())
            },
        )?;
        progress(case + 1);
    }
    Ok(Threads { used: 1, wanted })
}

/// How a file's cases are cut into jobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Jobs {
    /// Each job is `per` whole cases (the last may hold fewer).
    Cases { per: u64 },
    /// Each case is `runs` jobs of `heaps` free heaps (the last may hold
    /// fewer), and the writer ends it.
    Runs { runs: u64, heaps: u64 },
}

impl Jobs {
    /// How to cut `o`'s cases, with runs of `run_heaps`; `None` if they
    /// cannot be cut into more than one job and are too large to hold.
    pub(super) fn plan(o: &GenOptions, after_count: Option<u8>, run_heaps: u64) -> Option<Jobs> {
        // A case's runs are cut by its count, known to every thread only
        // when all the cases share it.
        let most = o.heaps_at_most();
        let cuttable =
            after_count.is_some() && most == o.heaps && SplitMix64::rarely_redraws(o.min, o.max);
        if most <= run_heaps {
            Some(Jobs::Cases {
                per: (run_heaps / most.max(1)).max(1),
            })
        } else if cuttable {
            Some(Jobs::Runs {
                runs: free_heaps(o).div_ceil(run_heaps).max(1),
                heaps: run_heaps,
            })
        } else {
            (o.cases > 1 && most <= WHOLE_MAX_HEAPS).then_some(Jobs::Cases { per: 1 })
        }
    }

    /// How many jobs the file's `cases` make.
    pub(super) fn count(self, cases: u64) -> u64 {
        match self {
            Jobs::Cases { per } => cases.div_ceil(per),
            Jobs::Runs { runs, .. } => cases.saturating_mul(runs),
        }
    }
}

/// A job's text, and for a run where its draws ended and what its heaps
/// fold to.
struct Done {
    text: Vec<u8>,
    run: Option<(SplitMix64, CaseSummary)>,
}

/// What a job is, from its number.
enum Job {
    Cases(Range<u64>),
    Run {
        case: u64,
        run: u64,
        heaps: Range<u64>,
    },
}

impl Job {
    fn of(jobs: Jobs, o: &GenOptions, index: u64) -> Job {
        match jobs {
            Jobs::Cases { per } => {
                let first = index.saturating_mul(per);
                Job::Cases(first..first.saturating_add(per).min(o.cases))
            }
            Jobs::Runs { runs, heaps } => {
                let run = index % runs;
                let start = run.saturating_mul(heaps);
                Job::Run {
                    case: index / runs,
                    run,
                    heaps: start..start.saturating_add(heaps).min(free_heaps(o)),
                }
            }
        }
    }
}

/// Where a run's draws start if no heap before it in its case redrew.
fn run_start(o: &GenOptions, case: u64, heaps: &Range<u64>) -> SplitMix64 {
    SplitMix64::for_case(o.seed, case).skip(heaps.start)
}

/// What a writing on several threads needs: the game, the options, which
/// cases lose, the byte after a case's count (see
/// [`heap_cases`]), the cut, and the threads.
pub(super) struct Context<'a, G> {
    pub(super) game: &'a G,
    pub(super) o: &'a GenOptions,
    pub(super) plan: &'a LosingPlan,
    pub(super) after_count: Option<u8>,
    pub(super) jobs: Jobs,
    pub(super) threads: usize,
}

impl<G: HeapGame> Context<'_, G> {
    /// Draws job `index` into `text`.
    fn draw(&self, index: u64, mut text: Vec<u8>) -> Result<Done, GenError> {
        let o = self.o;
        match Job::of(self.jobs, o, index) {
            Job::Cases(cases) => {
                for case in cases {
                    let (name, losing) = (CaseName::of(case), self.plan.is_losing(case));
                    write_heap_case(
                        self.game,
                        o,
                        name,
                        losing,
                        self.after_count,
                        &mut text,
                        &mut |_| Ok(()),
                    )?;
                }
                Ok(Done { text, run: None })
            }
            Job::Run { case, run, heaps } => {
                if run == 0 {
                    push_count(&mut text, o.heaps, self.after_count);
                }
                let mut rng = run_start(o, case, &heaps);
                let mut folded = CaseSummary::default();
                let mut all_zero = false;
                draw_heaps(
                    self.game,
                    o,
                    &mut rng,
                    heaps,
                    &mut folded,
                    &mut all_zero,
                    &mut text,
                    &mut |_| Ok(()),
                )?;
                Ok(Done {
                    text,
                    run: Some((rng, folded)),
                })
            }
        }
    }

    /// An empty buffer with room for the text of any job: its heaps of at
    /// most `o.max`, each with the byte after it, its cases' count lines,
    /// and the 24 bytes [`push_decimal`](super::push_decimal) stores into;
    /// drawing a job never grows it. An error when memory is short, which
    /// fewer threads, holding fewer jobs, may avoid.
    fn room(&self) -> Result<Vec<u8>, GenError> {
        let o = self.o;
        let digits = |n: u64| u64::from(n.checked_ilog10().unwrap_or(0)) + 1;
        let (cases, heaps) = match self.jobs {
            Jobs::Cases { per } => (per.min(o.cases), o.heaps_at_most()),
            Jobs::Runs { heaps, .. } => (1, heaps),
        };
        let bytes = heaps
            .checked_mul(digits(o.max) + 1)
            .and_then(|bytes| bytes.checked_add(digits(o.heaps_at_most()) + 1))
            .and_then(|bytes| bytes.checked_mul(cases))
            .and_then(|bytes| bytes.checked_add(24))
            .and_then(|bytes| usize::try_from(bytes).ok());
        let mut buf = Vec::new();
        match bytes.map(|bytes| buf.try_reserve_exact(bytes)) {
            Some(Ok(())) => Ok(buf),
            _ => {
                let held = match self.jobs {
                    Jobs::Cases { per: 1 } => "a case whole".to_string(),
                    Jobs::Cases { per } => format!("{per} cases"),
                    Jobs::Runs { heaps, .. } => format!("a run of {heaps} heaps"),
                };
                let heaps = match o.heaps_at_most() {
                    most if most > o.heaps => format!("{}..{most}", o.heaps),
                    _ => o.heaps.to_string(),
                };
                Err(GenError::OutOfMemory(format!(
                    "--heaps {heaps}: not enough memory to hold {held} on each of {} threads \
                     (--threads 1 writes cases as they are drawn)",
                    self.threads
                )))
            }
        }
    }
}

/// What the threads share: which job is next, how far the writer is, and
/// the jobs drawn but not yet written.
struct Shared {
    next: u64,
    written: u64,
    done: BTreeMap<u64, Result<Done, GenError>>,
    failed: bool,
    /// Buffers written out, for the next jobs: a fresh one per job cost
    /// its pages' faults and zeroing again.
    spare: Vec<Vec<u8>>,
}

/// Writes every case of `context.o` cut as `context.jobs`, drawn on up to
/// `context.threads` threads; how many threads ran, or `None` if the
/// system would start none, leaving the work to the caller. At most two
/// jobs a thread are handed out ahead of the writer, which bounds memory.
fn several_threads<G: HeapGame, W: Write>(
    context: &Context<G>,
    lines: &mut Lines<W>,
    progress: &mut dyn FnMut(u64),
) -> Result<Option<usize>, GenError> {
    let (o, threads) = (context.o, context.threads);
    let total = context.jobs.count(o.cases);
    let window = 2 * threads as u64;
    let shared = Mutex::new(Shared {
        next: 0,
        written: 0,
        done: BTreeMap::new(),
        failed: false,
        spare: Vec::new(),
    });
    let changed = Condvar::new();
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    let worker = || loop {
        let (index, spare) = {
            let mut s = lock();
            while s.next >= s.written + window && !s.failed {
                s = changed.wait(s).unwrap_or_else(|e| e.into_inner());
            }
            if s.next >= total || s.failed {
                return;
            }
            s.next += 1;
            (
                s.next - 1,
                s.spare.pop().map(|mut text| {
                    text.clear();
                    text
                }),
            )
        };
        // Every job fits the same room, so a spare buffer has it.
        let room = spare.map_or_else(|| context.room(), Ok);
        let done = room.and_then(|text| context.draw(index, text));
        lock().done.insert(index, done);
        changed.notify_all();
    };
    let mut result = Ok(());
    let mut started = 0;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            if std::thread::Builder::new()
                .spawn_scoped(scope, worker)
                .is_err()
            {
                break;
            }
            started += 1;
        }
        if started == 0 {
            return;
        }
        let mut writer = Writer::new(context);
        for index in 0..total {
            let done = {
                let mut s = lock();
                loop {
                    if let Some(done) = s.done.remove(&index) {
                        break done;
                    }
                    s = changed.wait(s).unwrap_or_else(|e| e.into_inner());
                }
            };
            let (written, spare) = match done {
                Ok(done) => {
                    let (written, text) = writer.write(index, done, lines, progress);
                    (written, Some(text))
                }
                Err(e) => (Err(e), None),
            };
            let mut s = lock();
            s.written = index + 1;
            s.spare.extend(spare);
            if let Err(e) = written {
                s.failed = true;
                result = Err(e);
            }
            drop(s);
            changed.notify_all();
            if result.is_err() {
                break;
            }
        }
    });
    result.map(|()| (started > 0).then_some(started))
}

/// The writer's side: the jobs' text in order, and for a case cut into
/// runs, its true draws and fold so far.
struct Writer<'c, 'a, G> {
    context: &'c Context<'a, G>,
    rng: SplitMix64,
    folded: CaseSummary,
}

impl<'c, 'a, G: HeapGame> Writer<'c, 'a, G> {
    fn new(context: &'c Context<'a, G>) -> Self {
        Writer {
            context,
            rng: SplitMix64::new(0),
            folded: CaseSummary::default(),
        }
    }

    /// Writes job `index`, drawn as `done`, after what `lines` holds; its
    /// buffer comes back for the next jobs.
    fn write<W: Write>(
        &mut self,
        index: u64,
        done: Done,
        lines: &mut Lines<W>,
        progress: &mut dyn FnMut(u64),
    ) -> (Result<(), GenError>, Vec<u8>) {
        let Done { mut text, run } = done;
        let result = self.check(index, run, &mut text).and_then(|ended| {
            lines.out.write_all(&lines.buf)?;
            lines.out.write_all(&text)?;
            lines.buf.clear();
            if let Some(case) = ended {
                self.end_case(case, &mut lines.buf)?;
            }
            Ok(ended)
        });
        let result = result.map(
            |ended| match Job::of(self.context.jobs, self.context.o, index) {
                Job::Cases(cases) => cases.for_each(|case| progress(case + 1)),
                Job::Run { case, .. } => {
                    if ended.is_some() {
                        progress(case + 1);
                    }
                }
            },
        );
        (result, text)
    }

    /// Follows a run's case: takes the run's fold if it started where the
    /// case's draws are, or draws it again into `text` from there. Which
    /// case the job ends, if it is its last run.
    fn check(
        &mut self,
        index: u64,
        run: Option<(SplitMix64, CaseSummary)>,
        text: &mut Vec<u8>,
    ) -> Result<Option<u64>, GenError> {
        let context = self.context;
        let Job::Run {
            case,
            run: number,
            heaps,
        } = Job::of(context.jobs, context.o, index)
        else {
            return Ok(None);
        };
        let Some((end, folded)) = run else {
            unreachable!("a run's job is drawn as a run")
        };
        if number == 0 {
            self.rng = SplitMix64::for_case(context.o.seed, case);
            self.folded = CaseSummary::default();
        }
        let last = heaps.end == free_heaps(context.o);
        if self.rng == run_start(context.o, case, &heaps) {
            self.rng = end;
            self.folded = context.game.merge(self.folded, folded);
        } else {
            // A heap before the run redrew: its heaps are not the case's.
            text.clear();
            let mut refolded = CaseSummary::default();
            let mut all_zero = false;
            let (o, game) = (context.o, context.game);
            draw_heaps(
                game,
                o,
                &mut self.rng,
                heaps,
                &mut refolded,
                &mut all_zero,
                text,
                &mut |_| Ok(()),
            )?;
            self.folded = game.merge(self.folded, refolded);
        }
        Ok(last.then_some(case))
    }

    /// Draws case `case`'s last heaps into `buf`.
    fn end_case(&mut self, case: u64, buf: &mut Vec<u8>) -> Result<(), GenError> {
        let context = self.context;
        let losing = context.plan.is_losing(case);
        let name = CaseName::of(case);
        finish_case(
            context.game,
            context.o,
            name,
            losing,
            &self.folded,
            false,
            &mut self.rng,
            buf,
        )
    }
}

#[cfg(test)]
mod tests;
