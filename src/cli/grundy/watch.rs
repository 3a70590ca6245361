//! What a long `grundy` run does besides computing: a progress line on a
//! terminal, and a checkpoint saved every few minutes and when the run is
//! told to stop (SIGINT, SIGTERM), so that hours of values survive.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{Duration, Instant};

use nimstream::grundy::checkpoint::{self, Saved};
use nimstream::grundy::{Method, NimSequence, Rule};
use nimstream::output::atomic::AtomicFile;
use nimstream::Error;

/// The signal that asked the run to stop, or 0.
static STOP_SIGNAL: AtomicI32 = AtomicI32::new(0);

extern "C" fn note_signal(signal: libc::c_int) {
    STOP_SIGNAL.store(signal, Ordering::SeqCst);
}

/// From here on, SIGINT and SIGTERM ask the run to save and stop instead
/// of ending it on the spot.
fn catch_stop_signals() {
    for signal in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only stores to an atomic, which is
        // async-signal-safe; the sigaction is zeroed and then filled in.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = note_signal as extern "C" fn(libc::c_int) as usize;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The signal that stopped the run, if one did.
pub fn stopped_by() -> Option<i32> {
    match STOP_SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// A checkpoint file and when it is next due.
pub struct Checkpoint {
    path: PathBuf,
    every: Duration,
    last: Instant,
    /// Values in the file as last written.
    saved: usize,
}

impl Checkpoint {
    /// Saves to `path` every `every`, and when a signal asks the run to
    /// stop.
    pub fn new(path: &str, every: Duration) -> Checkpoint {
        catch_stop_signals();
        Checkpoint {
            path: PathBuf::from(path),
            every,
            last: Instant::now(),
            saved: 0,
        }
    }

    /// The sequence to carry on: the checkpoint's, if the file exists and
    /// is one of `rule`, else a new one. A damaged file, or one of another
    /// rule, is an error: its values are never taken on trust.
    pub fn load(&mut self, rule: Rule, method: Method) -> Result<NimSequence, Error> {
        let file = match File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(NimSequence::new(rule, method));
            }
            Err(source) => return Err(self.io_error(source)),
        };
        let Saved {
            rule: saved,
            values,
        } = checkpoint::read(&mut BufReader::with_capacity(1 << 20, file)).map_err(|e| {
            Error::Usage(format!(
                "{}: not a checkpoint nimstream can resume from: {e}",
                self.path.display()
            ))
        })?;
        if saved != rule.to_string() {
            return Err(Error::Usage(format!(
                "{}: a checkpoint of {saved}, not of {rule}; name another file to start anew",
                self.path.display()
            )));
        }
        self.saved = values.len();
        Ok(NimSequence::resume(rule, method, values))
    }

    /// Saves `seq` when it is due, or when a signal asked the run to stop
    /// (and then stops it).
    pub fn tick(&mut self, seq: &NimSequence) -> Result<ControlFlow<()>, Error> {
        let stop = stopped_by().is_some();
        if stop || self.last.elapsed() >= self.every {
            self.save(seq)?;
        }
        Ok(match stop {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        })
    }

    /// Saves `seq`, whole or not at all, unless the file already holds as
    /// many values.
    pub fn save(&mut self, seq: &NimSequence) -> Result<(), Error> {
        self.last = Instant::now();
        if seq.values().len() == self.saved {
            return Ok(());
        }
        let file = AtomicFile::create(&self.path).map_err(|e| self.io_error(e))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        checkpoint::write(seq, &mut out).map_err(|e| self.io_error(e))?;
        let file = out
            .into_inner()
            .map_err(|e| self.io_error(e.into_error()))?;
        file.commit().map_err(|e| self.io_error(e))?;
        self.saved = seq.values().len();
        Ok(())
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn io_error(&self, source: io::Error) -> Error {
        Error::Io {
            path: self.path.display().to_string(),
            source,
        }
    }
}

/// A progress line on a terminal: values done and their rate, what the
/// engine is doing, and the time left to the target.
pub struct ProgressLine {
    bar: Option<indicatif::ProgressBar>,
}

impl ProgressLine {
    /// A line for a run to `total` values, drawn only on a terminal and
    /// only for runs long enough to wait for.
    pub fn new(total: usize) -> ProgressLine {
        if !io::stderr().is_terminal() || total < 1 << 18 {
            return ProgressLine { bar: None };
        }
        let bar = indicatif::ProgressBar::new(total as u64);
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        let template = "{bar:30} {human_pos}/{human_len} values, {per_sec}, eta {eta} | {msg}";
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        ProgressLine { bar: Some(bar) }
    }

    /// Redraws the line for `seq`.
    pub fn show(&self, seq: &NimSequence) {
        if let Some(bar) = &self.bar {
            bar.set_position(seq.values().len() as u64);
            bar.set_message(seq.brief());
        }
    }

    /// Clears the line.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Keeps `file` writable until the run's end, so that a path that cannot be
/// written is an error before the work rather than after it.
pub fn open_output(path: &str) -> Result<AtomicFile, Error> {
    AtomicFile::create(path).map_err(|source| Error::Io {
        path: path.to_string(),
        source,
    })
}

/// Writes `bytes` to `file` and puts it in place.
pub fn finish_output(mut file: AtomicFile, path: &str, bytes: &[u8]) -> Result<(), Error> {
    let io_error = |source| Error::Io {
        path: path.to_string(),
        source,
    };
    file.write_all(bytes).map_err(io_error)?;
    file.commit().map_err(io_error)
}
