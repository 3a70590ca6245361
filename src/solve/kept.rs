//! Cases whose heaps are read twice, to list or count every winning move.
//!
//! At HDU 2176's limits, listing a won case's moves costs more than reading
//! it. So a large won case is shared with a second thread in pieces: that
//! thread starts on its pieces while this one reads the next case, and then
//! this one takes what pieces are left. Whichever thread is free works, so
//! on two cores the run takes about half the time of the work; the pieces'
//! lines go out in order, and the answers before an error are written.

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use super::{input_error, stdout_error, Expected, Run, MAX_KEPT_HEAPS};
use crate::error::Error;
use crate::games::{CaseSummary, HeapGame};
use crate::listing::{decide, list_moves};
use crate::problem::Answer;
use crate::source::TokenSource;

/// The fewest heaps of a won case shared with the second thread: below it,
/// handing the case over costs more than listing it here.
pub(crate) const SHARE_FROM: usize = 1 << 12;

/// Heaps per piece of a shared case: small enough that the thread that
/// runs out of pieces first waits little for the other, large enough that
/// taking a piece costs nothing next to listing it.
pub(crate) const PIECE: usize = 1 << 13;

/// A won case whose pieces go to whichever thread asks first.
struct Shared {
    heaps: Vec<u64>,
    summary: CaseSummary,
    count_only: bool,
    /// The next piece not yet taken.
    next: AtomicUsize,
    pieces: Vec<Mutex<Piece>>,
}

/// The moves of one piece of a case.
#[derive(Default)]
struct Piece {
    count: u64,
    lines: Vec<u8>,
}

impl Shared {
    /// Lists pieces until none is left.
    fn work<F: HeapGame>(&self, fold: &F) {
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = self.pieces.get(index) else {
                return;
            };
            let from = index * PIECE;
            let to = (from + PIECE).min(self.heaps.len());
            let heaps = self.heaps.get(from..to).unwrap_or_default();
            let mut piece = slot.lock().unwrap_or_else(|e| e.into_inner());
            let Piece { count, lines } = &mut *piece;
            *count = list_moves(fold, heaps, &self.summary, lines, self.count_only);
        }
    }
}

/// The second thread, started at the first case worth sharing, and the
/// buffers that go back and forth.
#[derive(Default)]
struct Lister {
    /// Cases for the thread; `None` before it starts, or when it could not.
    jobs: Option<mpsc::SyncSender<Arc<Shared>>>,
    /// A message each time the thread is done with a case.
    done: Option<mpsc::Receiver<()>>,
    /// The case shared and not yet answered.
    pending: Option<Arc<Shared>>,
    /// Whether starting the thread failed; the cases are listed here.
    refused: bool,
    /// The lines of a case listed here alone.
    lines: Vec<u8>,
    spare_heaps: Vec<Vec<u64>>,
    spare_pieces: Vec<Piece>,
}

impl Lister {
    /// Starts the thread if it has not been; whether there is one.
    fn start<'scope, F: HeapGame>(
        &mut self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        fold: &'scope F,
    ) -> bool {
        if self.jobs.is_none() && !self.refused {
            let (jobs, inbox) = mpsc::sync_channel::<Arc<Shared>>(1);
            let (done, done_here) = mpsc::sync_channel(1);
            let spawned = std::thread::Builder::new()
                .name("list-moves".into())
                .spawn_scoped(scope, move || {
                    for shared in inbox {
                        shared.work(fold);
                        // Let go of the case before saying so, so that its
                        // buffers can be taken back.
                        drop(shared);
                        if done.send(()).is_err() {
                            break;
                        }
                    }
                });
            match spawned {
                Ok(_) => (self.jobs, self.done) = (Some(jobs), Some(done_here)),
                Err(_) => self.refused = true,
            }
        }
        self.jobs.is_some()
    }

    /// Shares a won case with the thread; returns it when the thread is
    /// gone (it panicked, which the scope passes on when it ends).
    fn share(&mut self, shared: Shared) -> Option<Arc<Shared>> {
        let shared = Arc::new(shared);
        match self
            .jobs
            .as_ref()
            .map(|jobs| jobs.send(Arc::clone(&shared)))
        {
            Some(Ok(())) => {
                self.pending = Some(shared);
                None
            }
            _ => Some(shared),
        }
    }

    /// A case to share, in buffers left by the cases before.
    fn new_shared(&mut self, heaps: Vec<u64>, summary: CaseSummary, count_only: bool) -> Shared {
        let count = heaps.len().div_ceil(PIECE);
        let spare = self.spare_pieces.len();
        let mut pieces: Vec<_> = self
            .spare_pieces
            .drain(spare.saturating_sub(count)..)
            .collect();
        pieces.resize_with(count, Piece::default);
        Shared {
            heaps,
            summary,
            count_only,
            next: AtomicUsize::new(0),
            pieces: pieces.into_iter().map(Mutex::new).collect(),
        }
    }

    /// Takes back the buffers of a case that has been answered.
    fn recycle(&mut self, shared: Arc<Shared>) {
        if let Ok(shared) = Arc::try_unwrap(shared) {
            self.spare_heaps.push(shared.heaps);
            let pieces = shared.pieces.into_iter();
            self.spare_pieces
                .extend(pieces.map(|piece| piece.into_inner().unwrap_or_else(|e| e.into_inner())));
        }
    }
}

impl<S: TokenSource, W: Write> Run<'_, S, W> {
    /// [`Run::heap_cases_to_zero`] for an answer that needs a case's heaps
    /// twice (see the module's documentation).
    pub(super) fn kept_cases_to_zero<F: HeapGame>(
        &mut self,
        fold: &F,
        count: &'static str,
    ) -> Result<(), Error> {
        let count_only = self.answer == Answer::MoveCount;
        std::thread::scope(|scope| {
            let mut lister = Lister::default();
            let result = self.kept_cases(scope, fold, count, count_only, &mut lister);
            // The case before an error is answered too.
            let finished = self.finish_pending(fold, &mut lister);
            // Ends the thread's loop, so that the scope can join it.
            lister.jobs = None;
            finished.and(result)?;
            self.expect_end()
        })
    }

    fn kept_cases<'scope, F: HeapGame>(
        &mut self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        fold: &'scope F,
        count: &'static str,
        count_only: bool,
        lister: &mut Lister,
    ) -> Result<(), Error> {
        let mut heaps = Vec::new();
        for case in 1.. {
            let read = self.read_kept_case(case, count, &mut heaps);
            // The case before is answered first, also before an error.
            self.finish_pending(fold, lister)?;
            if !read? {
                break;
            }
            let (summary, wins) = decide(fold, &heaps);
            let worth_sharing = wins && heaps.len() >= SHARE_FROM && self.threads > 1;
            if worth_sharing && lister.start(scope, fold) {
                let taken =
                    std::mem::replace(&mut heaps, lister.spare_heaps.pop().unwrap_or_default());
                let shared = lister.new_shared(taken, summary, count_only);
                if let Some(shared) = lister.share(shared) {
                    shared.work(fold);
                    self.write_shared(&shared)?;
                    lister.recycle(shared);
                }
                continue;
            }
            let count = if wins {
                list_moves(fold, &heaps, &summary, &mut lister.lines, count_only)
            } else {
                0
            };
            self.write_head(wins, count)?;
            if wins && !count_only {
                self.out.lines(&lister.lines).map_err(stdout_error)?;
            }
            (self.progress)(self.source.consumed());
        }
        Ok(())
    }

    /// Reads the next case's `m` and its heaps into `heaps`; `false` at the
    /// `0` that ends the input.
    fn read_kept_case(
        &mut self,
        case: u64,
        count: &'static str,
        heaps: &mut Vec<u64>,
    ) -> Result<bool, Error> {
        let (m, at) = match self.source.next_token() {
            Ok(token) => token,
            Err(fault) => {
                let expected = Expected::NextOrZero { name: count, case };
                return Err(input_error(self.source, self.path, fault, expected));
            }
        };
        if m == 0 {
            return Ok(false);
        }
        if m > MAX_KEPT_HEAPS {
            let message = format!(
                "{count} = {m} heaps in case {case}: listing moves keeps a case's heaps, \
                 at most {MAX_KEPT_HEAPS} of them"
            );
            return Err(Error::Input {
                path: self.path.to_string(),
                offset: at,
                position: self.source.locate(at),
                message,
            });
        }
        if let Err((read, fault)) = self.source.collect(m, heaps) {
            let expected = Expected::Heap {
                case,
                heap: read + 1,
                of: m,
            };
            return Err(input_error(self.source, self.path, fault, expected));
        }
        self.report.values += m;
        Ok(true)
    }

    /// Lists what is left of the shared case, then writes its answer once
    /// the thread is done with it.
    fn finish_pending<F: HeapGame>(&mut self, fold: &F, lister: &mut Lister) -> Result<(), Error> {
        let Some(shared) = lister.pending.take() else {
            return Ok(());
        };
        shared.work(fold);
        if let Some(done) = &lister.done {
            // An error means the thread panicked, which the scope passes on.
            let _ = done.recv();
        }
        let written = self.write_shared(&shared);
        lister.recycle(shared);
        written
    }

    /// Writes the answer of a won case listed in pieces.
    fn write_shared(&mut self, shared: &Shared) -> Result<(), Error> {
        let lock = |piece: &Mutex<Piece>| piece.lock().unwrap_or_else(|e| e.into_inner()).count;
        let count = shared.pieces.iter().map(lock).sum();
        self.write_head(true, count)?;
        if !shared.count_only {
            for piece in &shared.pieces {
                let piece = piece.lock().unwrap_or_else(|e| e.into_inner());
                self.out.lines(&piece.lines).map_err(stdout_error)?;
            }
        }
        (self.progress)(self.source.consumed());
        Ok(())
    }

    /// Writes a case's verdict, or for [`Answer::MoveCount`] its number of
    /// winning moves.
    fn write_head(&mut self, wins: bool, count: u64) -> Result<(), Error> {
        self.report.cases += 1;
        let written = if self.answer == Answer::MoveCount {
            self.out.answer(&count)
        } else {
            self.out.verdict(wins)
        };
        written.map_err(stdout_error)
    }
}
