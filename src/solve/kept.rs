//! Cases whose heaps are read twice, to list or count every winning move.
//!
//! At HDU 2176's limits, listing a won case's moves costs more than reading
//! it. So a large won case is shared with a second thread in pieces: that
//! thread starts on its pieces while this one reads the cases after it, up
//! to [`AHEAD_CASES`] cases or [`AHEAD_HEAPS`] heaps ahead of the one
//! written next; then this one takes what pieces are left of the oldest.
//! Reading ahead keeps the second thread busy through the lost cases
//! (half of a random file's), which this thread answers alone. Whichever
//! thread is free works, so on two cores the run takes about half the time
//! of the work; the answers go out in case order, and those before an
//! error are written.
//!
//! Counting a case's moves (`hdu1850`) is a comparison a heap, far cheaper
//! than reading the case, so those cases are counted here and nothing is
//! shared.
//!
//! Reading the cases in order then bounds the run, unless converting the
//! input's numbers is shared too: on a mapped file the source is an
//! [`AheadSource`](crate::source::AheadSource), and the second thread,
//! started at the first case, converts the blocks ahead of this one
//! whenever it has no piece to list. This thread then mostly copies a
//! case's values, decides it and writes the answers.

use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use super::{input_error, stdout_error, Expected, Run, MAX_KEPT_HEAPS};
use crate::error::Error;
use crate::games::{CaseSummary, EveryMove};
use crate::listing::{list_moves, LineWriter, Lines, NoRoom};
use crate::problem::Answer;
use crate::source::{Ahead, TokenSource};

/// The fewest heaps of a won case shared with the second thread: below it,
/// handing the case over costs more than listing it here.
pub(crate) const SHARE_FROM: usize = 1 << 12;

/// Heaps per piece of a shared case: small enough that the thread that
/// runs out of pieces first waits little for the other, large enough that
/// taking a piece costs nothing next to listing it.
pub(crate) const PIECE: usize = 1 << 13;

/// The most cases read ahead of the one written next. Cases answered here
/// wait with their lines, so this bounds that memory: a case answered here
/// has fewer than [`SHARE_FROM`] heaps, under 200 KB of lines. (Small in
/// unit tests, so that they reach both limits.)
#[cfg(not(test))]
const AHEAD_CASES: usize = 64;
#[cfg(test)]
const AHEAD_CASES: usize = 5;

/// The most heaps of shared cases read ahead of the one written next (4
/// MiB of them, two and a half cases at HDU 2176's limits), which bounds
/// the memory of their heaps and lines. Enough to keep the second thread
/// busy, and no more: the buffers of every case that may wait are kept for
/// reuse, and each is faulted in once and falls out of cache while it
/// waits. With 64 MiB, `hdu2176` at its limits took 30% longer.
#[cfg(not(test))]
const AHEAD_HEAPS: usize = 1 << 19;
#[cfg(test)]
const AHEAD_HEAPS: usize = 3 * SHARE_FROM;

/// A won case whose pieces go to whichever thread asks first.
struct Shared {
    heaps: Vec<u64>,
    summary: CaseSummary,
    /// The next piece not yet taken.
    next: AtomicUsize,
    /// Each piece's move lines.
    pieces: Vec<Mutex<Lines>>,
    /// What writes them.
    writer: LineWriter,
    /// Whether a piece's lines did not fit in memory; the pieces left are
    /// not listed then.
    no_room: AtomicBool,
}

impl Shared {
    /// Lists pieces until none is left.
    fn work<F: EveryMove>(&self, fold: &F) {
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = self.pieces.get(index) else {
                return;
            };
            let from = index * PIECE;
            let to = (from + PIECE).min(self.heaps.len());
            let heaps = self.heaps.get(from..to).unwrap_or_default();
            let mut lines = slot.lock().unwrap_or_else(|e| e.into_inner());
            if self.no_room.load(Ordering::Relaxed) {
                return;
            }
            if list_moves(fold, heaps, &self.summary, &mut lines, false, self.writer).is_err() {
                self.no_room.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// A case read and not yet written.
enum Waiting {
    /// Shared with the second thread, in order of sharing.
    Shared(Arc<Shared>),
    /// Answered here.
    Here {
        wins: bool,
        count: u64,
        lines: Lines,
    },
}

/// The second thread's loop: list the pieces of the cases shared with it,
/// and when there are none, convert the blocks of `ahead`, until the cases
/// end.
fn help<F: EveryMove>(
    fold: &F,
    inbox: &mpsc::Receiver<Arc<Shared>>,
    done: &mpsc::SyncSender<()>,
    ahead: Option<&Ahead>,
) {
    loop {
        // Taken before looking for work: what comes after the look ends
        // the wait (the reader nudges when it shares a case or stops).
        let seen = ahead.map(Ahead::generation);
        let shared = match (inbox.try_recv(), ahead.zip(seen)) {
            (Ok(shared), _) => shared,
            (Err(mpsc::TryRecvError::Disconnected), _) => return,
            (Err(mpsc::TryRecvError::Empty), Some((ahead, seen))) => {
                if !ahead.convert_one() {
                    ahead.wait_past(seen);
                }
                continue;
            }
            (Err(mpsc::TryRecvError::Empty), None) => match inbox.recv() {
                Ok(shared) => shared,
                Err(_) => return,
            },
        };
        shared.work(fold);
        // Let go of the case before saying so, so that its buffers can be
        // taken back.
        drop(shared);
        if done.send(()).is_err() {
            return;
        }
    }
}

/// The second thread, started at the first case worth sharing, the cases
/// waiting to be written, and the buffers that go back and forth.
#[derive(Default)]
struct Lister {
    /// Cases for the thread; `None` before it starts, or when it could not.
    jobs: Option<mpsc::SyncSender<Arc<Shared>>>,
    /// A message each time the thread is done with a case, in the order
    /// they were shared.
    done: Option<mpsc::Receiver<()>>,
    /// The cases read and not yet written, oldest first.
    waiting: VecDeque<Waiting>,
    /// The heaps of the shared cases among them.
    waiting_heaps: usize,
    /// Whether starting the thread failed; the cases are listed here.
    refused: bool,
    spare_heaps: Vec<Vec<u64>>,
    spare_pieces: Vec<Lines>,
    spare_lines: Vec<Lines>,
}

impl Lister {
    /// Starts the thread if it has not been; whether there is one. With
    /// `ahead`, it also converts the input's blocks when it has nothing to
    /// list.
    fn start<'scope, F: EveryMove>(
        &mut self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        fold: &'scope F,
        ahead: Option<&'scope Ahead<'scope>>,
    ) -> bool {
        if self.jobs.is_none() && !self.refused {
            // Room for every case that may wait, so that neither thread
            // blocks on the other's channel.
            let (jobs, inbox) = mpsc::sync_channel::<Arc<Shared>>(AHEAD_CASES);
            let (done, done_here) = mpsc::sync_channel(AHEAD_CASES);
            let spawned = std::thread::Builder::new()
                .name("list-moves".into())
                .spawn_scoped(scope, move || help(fold, &inbox, &done, ahead));
            match spawned {
                Ok(_) => (self.jobs, self.done) = (Some(jobs), Some(done_here)),
                Err(_) => self.refused = true,
            }
        }
        self.jobs.is_some()
    }

    /// Shares a won case with the thread and puts it in line to be
    /// written. When the thread is gone (it panicked, which the scope passes
    /// on when it ends), the case is listed here.
    fn share<F: EveryMove>(&mut self, shared: Shared, fold: &F, ahead: Option<&Ahead>) {
        let shared = Arc::new(shared);
        let sent = self
            .jobs
            .as_ref()
            .is_some_and(|jobs| jobs.send(Arc::clone(&shared)).is_ok());
        if let Some(ahead) = ahead {
            ahead.nudge();
        }
        if !sent {
            shared.work(fold);
        }
        self.waiting_heaps += shared.heaps.len();
        self.waiting.push_back(Waiting::Shared(shared));
    }

    /// Whether the cases waiting are as many as may be read ahead.
    fn full(&self) -> bool {
        self.waiting.len() >= AHEAD_CASES || self.waiting_heaps >= AHEAD_HEAPS
    }

    /// A case to share, in buffers left by the cases before.
    fn new_shared(&mut self, heaps: Vec<u64>, summary: CaseSummary, writer: LineWriter) -> Shared {
        let count = heaps.len().div_ceil(PIECE);
        let spare = self.spare_pieces.len();
        let mut pieces: Vec<_> = self
            .spare_pieces
            .drain(spare.saturating_sub(count)..)
            .collect();
        pieces.resize_with(count, Lines::default);
        Shared {
            heaps,
            summary,
            next: AtomicUsize::new(0),
            pieces: pieces.into_iter().map(Mutex::new).collect(),
            writer,
            no_room: AtomicBool::new(false),
        }
    }

    /// Takes back the buffers of a case that has been answered.
    fn recycle(&mut self, shared: Arc<Shared>) {
        self.waiting_heaps -= shared.heaps.len();
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
    pub(super) fn kept_cases_to_zero<F: EveryMove>(
        &mut self,
        fold: &F,
        count: &'static str,
    ) -> Result<(), Error> {
        let count_only = self.answer == Answer::MoveCount;
        let ahead = self.ahead;
        std::thread::scope(|scope| {
            // Dropped after the lister, whose channel's end, with this
            // nudge, ends the thread's loop; also when this one unwinds.
            let _nudge = ahead.map(Ahead::nudge_on_drop);
            let mut lister = Lister::default();
            if ahead.is_some() {
                // It converts blocks from the first.
                lister.start(scope, fold, ahead);
            }
            let result = self.kept_cases(scope, fold, ahead, count, count_only, &mut lister);
            // The cases before an error are answered too.
            let mut finished = Ok(());
            while finished.is_ok() && !lister.waiting.is_empty() {
                finished = self.write_oldest(fold, &mut lister);
            }
            let started = lister.jobs.is_some();
            self.report.threads = 1 + usize::from(started);
            self.report.threads_wanted = 1 + usize::from(started || lister.refused);
            // Closing its channel ends the thread's loop, so that the
            // scope can join it.
            drop(lister);
            finished.and(result)?;
            self.expect_end()
        })
    }

    fn kept_cases<'scope, F: EveryMove>(
        &mut self,
        scope: &'scope std::thread::Scope<'scope, '_>,
        fold: &'scope F,
        ahead: Option<&'scope Ahead<'scope>>,
        count: &'static str,
        count_only: bool,
        lister: &mut Lister,
    ) -> Result<(), Error> {
        let mut heaps = Vec::new();
        for case in 1.. {
            let Some(summary) = self.read_kept_case(case, count, fold, &mut heaps)? else {
                break;
            };
            let wins = fold.first_player_wins(&summary);
            // Handing a case over costs more than counting its moves.
            let worth_sharing =
                wins && !count_only && heaps.len() >= SHARE_FROM && self.threads > 1;
            if worth_sharing && lister.start(scope, fold, ahead) {
                let taken =
                    std::mem::replace(&mut heaps, lister.spare_heaps.pop().unwrap_or_default());
                let shared = lister.new_shared(taken, summary, self.writer);
                lister.share(shared, fold, ahead);
            } else {
                let mut lines = lister.spare_lines.pop().unwrap_or_default();
                let count = if wins {
                    list_moves(fold, &heaps, &summary, &mut lines, count_only, self.writer)
                        .map_err(|NoRoom| self.no_room_for_moves(heaps.len()))?
                } else {
                    0
                };
                lister
                    .waiting
                    .push_back(Waiting::Here { wins, count, lines });
            }
            // Cases answered here are written as soon as nothing shared is
            // before them; a shared one once reading ahead has to stop.
            while matches!(lister.waiting.front(), Some(Waiting::Here { .. })) || lister.full() {
                self.write_oldest(fold, lister)?;
            }
        }
        Ok(())
    }

    /// Writes the oldest case waiting. A shared one is first finished:
    /// this thread lists what pieces are left, then waits for the other to
    /// be done with it.
    fn write_oldest<F: EveryMove>(&mut self, fold: &F, lister: &mut Lister) -> Result<(), Error> {
        let written = match lister.waiting.pop_front() {
            None => return Ok(()),
            Some(Waiting::Here { wins, count, lines }) => {
                let mut written = self.write_head(wins, count);
                if written.is_ok() && wins && self.answer != Answer::MoveCount {
                    written = self.out.lines(lines.as_bytes()).map_err(stdout_error);
                }
                lister.spare_lines.push(lines);
                written
            }
            Some(Waiting::Shared(shared)) => {
                shared.work(fold);
                if let Some(done) = &lister.done {
                    // An error means the thread panicked, which the scope
                    // passes on.
                    let _ = done.recv();
                }
                let written = self.write_shared(&shared);
                lister.recycle(shared);
                written
            }
        };
        (self.progress)(self.source.consumed());
        written
    }

    /// Reads the next case's `m` and its heaps into `heaps`, and returns
    /// their summary; `None` at the `0` that ends the input.
    fn read_kept_case<F: EveryMove>(
        &mut self,
        case: u64,
        count: &'static str,
        fold: &F,
        heaps: &mut Vec<u64>,
    ) -> Result<Option<CaseSummary>, Error> {
        let (m, at) = match self.source.next_token() {
            Ok(token) => token,
            Err(fault) => {
                let expected = Expected::NextOrZero { name: count, case };
                return Err(input_error(self.source, self.path, fault, expected));
            }
        };
        if m == 0 {
            return Ok(None);
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
        let mut summary = CaseSummary::default();
        if let Err((read, fault)) = self.source.collect_folding(m, heaps, fold, &mut summary) {
            let expected = Expected::Heap {
                case,
                heap: read + 1,
                of: m,
            };
            return Err(input_error(self.source, self.path, fault, expected));
        }
        self.report.values += m;
        Ok(Some(summary))
    }

    /// Writes the answer of a won case listed in pieces. Only cases whose
    /// moves are listed are shared, so the head is the verdict and no count
    /// is needed.
    fn write_shared(&mut self, shared: &Shared) -> Result<(), Error> {
        debug_assert_ne!(
            self.answer,
            Answer::MoveCount,
            "counted cases are never shared"
        );
        if shared.no_room.load(Ordering::Relaxed) {
            // The other pieces' lines go first, so that the message has room.
            for piece in &shared.pieces {
                *piece.lock().unwrap_or_else(|e| e.into_inner()) = Lines::default();
            }
            return Err(self.no_room_for_moves(shared.heaps.len()));
        }
        self.write_head(true, 0)?;
        for piece in &shared.pieces {
            let lines = piece.lock().unwrap_or_else(|e| e.into_inner());
            self.out.lines(lines.as_bytes()).map_err(stdout_error)?;
        }
        Ok(())
    }

    /// The error of a won case of `heaps` heaps whose move lines did not
    /// fit in memory.
    fn no_room_for_moves(&self, heaps: usize) -> Error {
        let message = format!("out of memory listing the winning moves of a case of {heaps} heaps");
        Error::Io {
            path: self.path.to_string(),
            source: std::io::Error::new(std::io::ErrorKind::OutOfMemory, message),
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameParams;
    use crate::problem::Problem;
    use crate::rng::SplitMix64;
    use crate::scan::Kernel;
    use crate::testing::{outcome, Mode};

    /// Many cases, large and small, won and lost, so that reading ahead
    /// stops at both limits, with the answers an oracle gives them.
    fn cases(seed: u64) -> (Vec<u8>, String, String) {
        let mut rng = SplitMix64::new(seed);
        let (mut text, mut listed, mut counted) = (String::new(), String::new(), String::new());
        for _ in 0..40 {
            let m = if rng.chance(0.4) {
                rng.between(SHARE_FROM as u64, 3 * PIECE as u64)
            } else {
                rng.between(1, 30)
            };
            let mut heaps: Vec<u64> = (0..m).map(|_| rng.between(1, 1 << 40)).collect();
            if rng.chance(0.3) && m > 1 {
                heaps[0] = heaps[1..].iter().fold(0, |x, h| x ^ h).max(1);
            }
            text += &format!(
                "{m} {}\n",
                heaps
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            let x = heaps.iter().fold(0, |x, h| x ^ h);
            let moves: Vec<_> = heaps.iter().filter(|&&h| h ^ x < h).collect();
            counted += &format!("{}\n", moves.len());
            listed += if x == 0 { "No\n" } else { "Yes\n" };
            for h in moves {
                listed += &format!("{h} {}\n", h ^ x);
            }
        }
        (text.into_bytes(), listed, counted)
    }

    #[test]
    fn cases_read_ahead_are_written_in_order() {
        let modes = [
            Mode::Split(Kernel::detect(), 2, 1),
            Mode::Split(Kernel::detect(), 3, 1),
            Mode::Stream(Kernel::detect(), 4096),
        ];
        for seed in 0..4 {
            let (mut bytes, listed, counted) = cases(seed);
            bytes.extend_from_slice(b"0\n");
            for mode in modes {
                for (name, expected) in [("hdu2176", &listed), ("hdu1850", &counted)] {
                    let problem = Problem::find(name).expect("in the catalogue");
                    let (out, error) = outcome(problem, &GameParams::default(), &bytes, mode);
                    assert_eq!(error, None, "{name} {mode:?} seed {seed}");
                    assert!(
                        &out == expected,
                        "{name} {mode:?} seed {seed}: the output differs"
                    );
                }
            }
        }
    }

    #[test]
    fn cases_read_ahead_are_written_before_an_error() {
        let problem = Problem::find("hdu2176").expect("in the catalogue");
        let (mut bytes, listed, _) = cases(9);
        bytes.extend_from_slice(b"3 1 x\n");
        let mode = Mode::Split(Kernel::detect(), 2, 1);
        let (out, error) = outcome(problem, &GameParams::default(), &bytes, mode);
        assert!(error.is_some(), "the bad byte is an error");
        assert!(out == listed, "every case before the error is answered");
    }
}
