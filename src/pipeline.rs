//! The one way from an input to its verdicts, or to its validation.
//!
//! A [`Job`] says which problem is read, with which kernel, on how many
//! threads, and whether files may be memory-mapped. From a path it makes
//! every choice a caller should not have to: standard input or a pipe is
//! streamed through a bounded buffer; compressed data (recognized by its
//! magic) is decoded on a thread of its own into that same stream
//! ([`crate::input::background`]); a regular file is mapped (when the caller
//! opted in) and, for heap cases large enough, split across threads in two
//! passes ([`crate::parallel`]); and a mapped file is checked afterwards for
//! changes made while it was read. `solve` and `validate` on the command
//! line, the benchmarks and the tests all come through here.

use std::io::{Read, Write};
use std::path::Path;

use crate::error::Error;
use crate::games::{Game, MoveTrace, NoTrace};
use crate::input::{display_name, Background, Input, InputKind, MmapChoice};
use crate::listing::LineWriter;
use crate::output::VerdictWriter;
use crate::parallel::{self, positions::Outcome};
use crate::problem::{Answer, Layout, Limits, Problem};
use crate::scan::Kernel;
use crate::solve::{self, Report};
use crate::source::{
    Ahead, AheadSource, BlockedSource, SliceSource, StreamSource, TokenSource, REACH, STREAM_BUFFER,
};
use crate::validate::{self, Detail, Summary};

/// When an input in memory is split across threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// When it pays ([`parallel::worth_splitting`]), in blocks of
    /// [`parallel::BLOCK`] bytes.
    Auto,
    /// Never: one thread reads everything.
    Never,
    /// Always, in blocks of about `block` bytes, even on one thread (tests
    /// use this to reach every split).
    Always {
        /// The target block size in bytes.
        block: usize,
    },
}

/// What [`Job::solve_path`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The counts.
    pub report: Report,
    /// What kind of input was read.
    pub input: InputKind,
}

/// What to read and how.
#[derive(Clone, Copy, Debug)]
pub struct Job<'a> {
    /// The problem whose input is read.
    pub problem: &'a Problem,
    /// The tokenizer.
    pub kernel: Kernel,
    /// The most threads to use; at least 1.
    pub threads: usize,
    /// When to split across threads.
    pub split: Split,
    /// Whether regular files may be memory-mapped.
    pub mmap: MmapChoice,
    /// Whether a winning move follows each win.
    pub moves: bool,
}

impl<'a> Job<'a> {
    /// A job for `problem` with the widest kernel, one thread per core, the
    /// automatic split, and no memory-mapping.
    pub fn new(problem: &'a Problem) -> Job<'a> {
        Job {
            problem,
            kernel: Kernel::detect(),
            threads: crate::parallel::cores(),
            split: Split::Auto,
            mmap: MmapChoice::never(),
            moves: false,
        }
    }

    /// Solves the input at `path` (`-` is standard input), plain or
    /// compressed, writing one verdict per case to `out` (not flushed: the
    /// caller flushes, also after an error, so that the verdicts before it
    /// are kept).
    pub fn solve_path<W: Write>(
        &self,
        path: impl AsRef<Path>,
        game: &mut Game,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn Progress,
    ) -> Result<Solved, Error> {
        let mut input = Input::open(path.as_ref(), self.mmap)?;
        self.solve_opened(&mut input, path, game, out, progress)
    }

    /// As [`Job::solve_path`], for the input already opened from `path`
    /// (and perhaps read ahead: [`Input::read_ahead`]).
    pub fn solve_opened<W: Write>(
        &self,
        input: &mut Input,
        path: impl AsRef<Path>,
        game: &mut Game,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn Progress,
    ) -> Result<Solved, Error> {
        let kind = input.kind();
        let name = display_name(path.as_ref());
        let report = self.solve_input(input, &name, game, out, progress)?;
        input.check_unchanged(&name)?;
        Ok(Solved {
            report,
            input: kind,
        })
    }

    /// Solves an opened input; `name` is what messages call it. A stream or
    /// compressed data is read to its end (or to the error), leaving
    /// `input` empty.
    pub fn solve_input<W: Write>(
        &self,
        input: &mut Input,
        name: &str,
        game: &mut Game,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn Progress,
    ) -> Result<Report, Error> {
        if let Input::Stream(reader) = input {
            progress.total(None);
            return self.solve_reader(reader, STREAM_BUFFER, name, game, out, progress);
        }
        if let Input::StreamAhead { ahead, rest } = input {
            progress.total(None);
            let text = std::io::Cursor::new(std::mem::take(ahead)).chain(rest);
            return self.solve_reader(text, STREAM_BUFFER, name, game, out, progress);
        }
        if let Some((ahead, mut text)) = input.decode_in_background() {
            progress.total(None);
            let whole = std::io::Cursor::new(ahead).chain(&mut text);
            let result = self.solve_reader(whole, STREAM_BUFFER, name, game, out, progress);
            return check_decoding(result, text, name);
        }
        let bytes = input.as_slice().unwrap_or_default();
        self.solve_bytes(bytes, name, game, out, progress)
    }

    /// Solves an input held in memory, split across threads when the game,
    /// the case sizes and [`Job::split`] call for it.
    pub fn solve_bytes<W: Write>(
        &self,
        bytes: &[u8],
        name: &str,
        game: &mut Game,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn Progress,
    ) -> Result<Report, Error> {
        progress.total(Some(bytes.len() as u64));
        let mut done = |b| progress.done(b);
        if let Some(block) = self.split_positions(bytes, game) {
            let settings = parallel::positions::Settings {
                kernel: self.kernel,
                threads: self.threads,
                block,
                moves: self.moves,
                answer: self.problem.answer,
            };
            let layout = self.problem.layout;
            let outcome = crate::with_game!(&*game,
                heap _h => Outcome::DECLINED,
                position p => parallel::positions::solve(bytes, layout, p, out, settings, &mut done)?,
                row _r => Outcome::DECLINED
            );
            match outcome {
                Outcome::Answered(report) => return Ok(report),
                // The first lines are written: the one-thread run's, which
                // must not be written twice. It ends at the fault.
                Outcome::Reread { skip, cases } if skip > 0 => {
                    let mut source = SliceSource::new(bytes, self.kernel);
                    return out
                        .skipping(skip, cases, |out| {
                            self.solve_source(&mut source, name, game, out, &mut done, None)
                        })
                        .0;
                }
                Outcome::Reread { .. } => {}
            }
        }
        if let Some(block) = self.split_kept(bytes, game) {
            return self.solve_kept_ahead(bytes, block, name, game, out, &mut done);
        }
        let report = match self.split_blocks(bytes, game) {
            Some(block) => {
                let bounds = parallel::split(bytes, block);
                let (kernel, threads) = (self.kernel, self.threads);
                let (mut source, used, wanted) = crate::with_game!(&*game,
                    heap fold => if self.moves {
                        let pass = parallel::summarize::<_, MoveTrace>(bytes, &bounds, fold, kernel, threads, &mut done);
                        let source = BlockedSource::new(bytes, pass.blocks, kernel).with_traces(pass.traces);
                        (source, pass.threads, pass.wanted)
                    } else {
                        let pass = parallel::summarize::<_, NoTrace>(bytes, &bounds, fold, kernel, threads, &mut done);
                        (BlockedSource::new(bytes, pass.blocks, kernel), pass.threads, pass.wanted)
                    },
                    position _p => unreachable!("split_blocks splits heap games only"),
                    row _r => unreachable!("split_blocks splits heap games only")
                );
                let report = self.solve_source(&mut source, name, game, out, &mut done, None)?;
                Report {
                    threads: used,
                    threads_wanted: wanted,
                    ..report
                }
            }
            None => {
                let mut source = SliceSource::new(bytes, self.kernel);
                self.solve_source(&mut source, name, game, out, &mut done, None)?
            }
        };
        // A complete run read every byte, the whitespace after the last
        // token included.
        Ok(Report {
            bytes: bytes.len() as u64,
            ..report
        })
    }

    /// Solves `bytes`, a problem whose cases are kept to list their moves,
    /// with its blocks of `block` bytes converted ahead of the reader
    /// ([`AheadSource`]).
    fn solve_kept_ahead<W: Write>(
        &self,
        bytes: &[u8],
        block: usize,
        name: &str,
        game: &mut Game,
        out: &mut VerdictWriter<W>,
        done: &mut dyn FnMut(u64),
    ) -> Result<Report, Error> {
        let ahead = Ahead::new(bytes, block, self.kernel, REACH);
        let before = out.cases_written();
        let (solved, passed) = out.skipping(0, 0, |out| {
            let mut source = AheadSource::new(&ahead);
            self.solve_source(&mut source, name, game, out, done, Some(&ahead))
        });
        let report = match solved {
            Ok(report) => report,
            // The source knows no offsets: the file is read again from the
            // start, to its error at its place, and the lines already
            // written are dropped.
            Err(Error::Input { .. }) => {
                let cases = out.cases_written() - before;
                let mut source = SliceSource::new(bytes, self.kernel);
                out.skipping(passed, cases, |out| {
                    self.solve_source(&mut source, name, game, out, done, None)
                })
                .0?
            }
            Err(error) => return Err(error),
        };
        Ok(Report {
            bytes: bytes.len() as u64,
            ..report
        })
    }

    /// Solves what `reader` gives through a buffer of `capacity` bytes.
    pub fn solve_reader<R: Read, W: Write>(
        &self,
        reader: R,
        capacity: usize,
        name: &str,
        game: &mut Game,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn Progress,
    ) -> Result<Report, Error> {
        let mut source =
            StreamSource::with_capacity(reader, self.kernel, capacity).map_err(|source| {
                Error::Io {
                    path: name.to_string(),
                    source,
                }
            })?;
        self.solve_source(
            &mut source,
            name,
            game,
            out,
            &mut |b| progress.done(b),
            None,
        )
    }

    /// Solves what `source` gives. With `ahead`, the blocks `source` reads,
    /// the second thread that lists moves converts them too.
    fn solve_source<S: TokenSource, W: Write>(
        &self,
        source: &mut S,
        name: &str,
        game: &mut Game,
        out: &mut VerdictWriter<W>,
        progress: &mut dyn FnMut(u64),
        ahead: Option<&Ahead>,
    ) -> Result<Report, Error> {
        let settings = solve::Settings {
            moves: self.moves,
            threads: self.threads,
            ahead,
            writer: LineWriter::for_kernel(self.kernel),
        };
        solve::solve(self.problem, game, source, out, name, progress, settings)
    }

    /// The block size to split a position game's `bytes` with, or `None` to
    /// read it on one thread.
    fn split_positions(&self, bytes: &[u8], game: &Game) -> Option<usize> {
        // A row is read whole, on one thread.
        if game.is_heap_game() || game.is_row_game() || self.problem.layout.has_count() {
            return None;
        }
        match self.split {
            Split::Never => None,
            Split::Always { block } => Some(block.max(1)),
            // Blocks of at least 64 KiB, at least eight per thread where the
            // file allows: a case can cost milliseconds (kmultiple), so
            // files far smaller than a heap game's are worth splitting.
            Split::Auto => {
                let block =
                    (bytes.len() / (8 * self.threads.max(1))).clamp(64 << 10, parallel::BLOCK);
                (self.threads > 1 && bytes.len() >= 2 * block).then_some(block)
            }
        }
    }

    /// The block size to convert `bytes` in ahead of the reader
    /// ([`AheadSource`]), or `None` to read it on one thread: for cases
    /// whose heaps are kept to list or count their moves, which must be
    /// read in order.
    fn split_kept(&self, bytes: &[u8], game: &Game) -> Option<usize> {
        let kept = matches!(self.problem.layout, Layout::HeapCasesToZero { .. })
            && self.problem.answer != Answer::Verdict;
        if !game.is_heap_game() || !kept || self.threads < 2 {
            return None;
        }
        match self.split {
            Split::Never => None,
            Split::Always { block } => Some(block.max(1)),
            Split::Auto => (bytes.len() >= 8 * parallel::BLOCK).then_some(parallel::BLOCK),
        }
    }

    /// The block size to split `bytes` with, or `None` to read it whole.
    fn split_blocks(&self, bytes: &[u8], game: &Game) -> Option<usize> {
        // The walk of the second pass reads cases of `N` heaps, `T` of them
        // or to the end; a case whose heaps are kept (to list what a move
        // leaves, or to find a move a trace cannot) reads its heaps one by
        // one, so folding blocks ahead is lost work.
        let to_end = self.problem.layout == Layout::HeapCasesToEnd
            && self.problem.answer != Answer::MoveAndHeaps;
        let kept = self.moves && game.moves_need_heaps();
        if !game.is_heap_game() || kept || !(self.problem.layout == Layout::HeapCases || to_end) {
            return None;
        }
        match self.split {
            Split::Never => None,
            Split::Always { block } => Some(block.max(1)),
            Split::Auto => {
                let first = SliceSource::new(bytes, self.kernel)
                    .next_token()
                    .map_or(0, |(first, _)| first);
                // To the end, the first number is the first case's heaps:
                // at two bytes a heap at least, as many cases of that size
                // is the most the input can hold.
                let cases = if to_end {
                    bytes.len() as u64 / first.saturating_mul(2).max(1)
                } else {
                    first
                };
                parallel::worth_splitting(bytes.len(), cases, self.threads)
                    .then_some(parallel::BLOCK)
            }
        }
    }

    /// Validates the input at `path` against `limits`. Standard input and
    /// compressed data are read (and decompressed) into memory first, no
    /// further than decides the verdict (`validate::reading`). An
    /// invalid input is an [`Error::Input`]; any other error is about the
    /// file system or the compressed data.
    pub fn validate_path(
        &self,
        path: impl AsRef<Path>,
        game: &mut Game,
        limits: &Limits,
        detail: Detail,
    ) -> Result<Validated, Error> {
        let mut input = Input::open(path.as_ref(), self.mmap)?;
        self.validate_opened(&mut input, path, game, limits, detail)
    }

    /// As [`Job::validate_path`], for the input already opened from `path`
    /// (and perhaps read ahead: [`Input::read_ahead`]).
    pub fn validate_opened(
        &self,
        input: &mut Input,
        path: impl AsRef<Path>,
        game: &mut Game,
        limits: &Limits,
        detail: Detail,
    ) -> Result<Validated, Error> {
        let name = display_name(path.as_ref());
        let name = name.as_ref();
        let mut buffer = Vec::new();
        let text = validate::reading::read(input, &mut buffer, self.problem, limits).map_err(
            |source| Error::Io {
                path: name.to_string(),
                source,
            },
        )?;
        let checked = validate::validate(self.problem, game, text.bytes, limits, name, detail);
        let summary = text.verdict(checked, name)?;
        let refused = validate::first_refused_heap(self.problem, game, text.bytes, limits, name);
        input.check_unchanged(name)?;
        Ok(Validated { summary, refused })
    }
}

/// What [`Job::validate_path`] found out about a valid input.
#[derive(Debug)]
pub struct Validated {
    /// The summary, if one was asked for.
    pub summary: Option<Summary>,
    /// The first heap `solve` will refuse, though the limits allow it
    /// ([`validate::first_refused_heap`]): for a warning.
    pub refused: Option<Error>,
}

/// The result of solving the text of compressed data, once the decoder has
/// had its say.
///
/// Damage to the data ends the text early ([`Background`]): the cases
/// before it are answered, and then the damage is the error, whatever the
/// solver made of the text's sudden end. Damage also often shows first as
/// garbage in the text, since gzip, xz and zstd check their data only at
/// the end of a member, block or frame; so after an error in the text the
/// rest is decoded too (which costs time only then), and damage found there
/// is reported along with the error it explains. Which of the two is named
/// depends only on where the text error is, never on which thread got
/// there first: the reader may have buffered the end of the text, damage
/// and all, before the solver met the error in it.
fn check_decoding(
    result: Result<Report, Error>,
    mut text: Background,
    name: &str,
) -> Result<Report, Error> {
    let damaged = |source: std::io::Error| Error::Io {
        path: name.to_string(),
        source,
    };
    let error = match result {
        Err(error @ Error::Input { .. }) => error,
        other => {
            return match text.failure() {
                Some(damage) => Err(damaged(damage)),
                None => other,
            }
        }
    };
    let _ = std::io::copy(&mut text, &mut std::io::sink());
    let Some(damage) = text.failure() else {
        return Err(error);
    };
    let Error::Input { offset, .. } = &error else {
        unreachable!("matched above")
    };
    // An error at the end of the text is the damage's cut, and says
    // nothing more; one inside it is garbage the damage explains, unless
    // the failure was in reading the compressed bytes, which says nothing
    // about the text before it.
    if *offset >= text.text_read() {
        return Err(damaged(damage));
    }
    if damage.kind() != std::io::ErrorKind::InvalidData {
        return Err(error);
    }
    Err(damaged(std::io::Error::new(
        damage.kind(),
        format!("{damage}; this damage explains the error found before it in the text: {error}"),
    )))
}

/// Where a long job reports how far it got.
pub trait Progress {
    /// The input's size, once known (`None` for a stream).
    fn total(&mut self, bytes: Option<u64>) {
        let _ = bytes;
    }

    /// Bytes read so far.
    fn done(&mut self, bytes: u64) {
        let _ = bytes;
    }
}

/// No progress reports.
impl Progress for () {}
