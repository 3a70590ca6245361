//! A checkpoint file of a long run (`grundy --checkpoint`, `misere
//! --checkpoint`): written whole or not at all every few minutes, when a
//! signal asks the run to stop, and at the end; read back only when it is
//! sound and of the same rule. What the file holds is the library's
//! (`grundy::checkpoint`, `misere::checkpoint`); when and how it is written
//! is this module's.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nimstream::grundy::checkpoint::CheckpointError;
use nimstream::grundy::Rule;
use nimstream::output::atomic::AtomicFile;
use nimstream::Error;

use crate::signals::catch_stop_signals;

/// What a run saves: how much it holds (values, heaps), and its bytes.
pub trait Checkpointed {
    /// How much the run holds: a file that already holds as much is not
    /// written again.
    fn amount(&self) -> usize;

    /// Writes the checkpoint's bytes.
    fn write_to(&self, out: &mut dyn Write) -> io::Result<()>;
}

/// A checkpoint file and when it is next due.
pub struct CheckpointFile {
    path: PathBuf,
    every: Duration,
    last: Instant,
    /// How much the file held as last written or read.
    saved: usize,
}

impl CheckpointFile {
    /// Saves to `path` every `every`, and when a signal asks the run to
    /// stop.
    pub fn new(path: &Path, every: Duration) -> CheckpointFile {
        catch_stop_signals();
        CheckpointFile {
            path: path.to_path_buf(),
            every,
            last: Instant::now(),
            saved: 0,
        }
    }

    /// Reads the file with `read`, if there is one, and checks that it is
    /// a checkpoint of `rule` (named by the `rule_of` what was read). A
    /// damaged file, or one of another rule, is an error: nothing in it is
    /// taken on trust.
    pub fn read<T>(
        &mut self,
        rule: &Rule,
        read: impl FnOnce(&mut BufReader<File>) -> Result<T, CheckpointError>,
        rule_of: impl FnOnce(&T) -> &str,
        amount: impl FnOnce(&T) -> usize,
    ) -> Result<Option<T>, Error> {
        let file = match File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(self.io_error(source)),
        };
        let saved = read(&mut BufReader::with_capacity(1 << 20, file)).map_err(|e| {
            let path = self.path.display();
            Error::Usage(match e {
                // The file may well be sound: it is kept, to resume where
                // there is more memory.
                CheckpointError::OutOfMemory { .. } => {
                    format!("{path}: cannot resume from this checkpoint: {e}")
                }
                _ => format!("{path}: not a checkpoint nimstream can resume from: {e}"),
            })
        })?;
        let of = rule_of(&saved);
        if of != rule.to_string() {
            return Err(Error::Usage(format!(
                "{}: a checkpoint of {of}, not of {rule}; name another file to start anew",
                self.path.display()
            )));
        }
        self.saved = amount(&saved);
        Ok(Some(saved))
    }

    /// Whether a save is due by the clock.
    pub fn due(&self) -> bool {
        self.last.elapsed() >= self.every
    }

    /// Saves `run`, whole or not at all, unless the file already holds as
    /// much.
    pub fn save(&mut self, run: &impl Checkpointed) -> Result<(), Error> {
        self.last = Instant::now();
        if run.amount() == self.saved {
            return Ok(());
        }
        let file = AtomicFile::create(&self.path).map_err(|e| self.io_error(e))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        run.write_to(&mut out).map_err(|e| self.io_error(e))?;
        let file = out
            .into_inner()
            .map_err(|e| self.io_error(e.into_error()))?;
        file.commit().map_err(|e| self.io_error(e))?;
        self.saved = run.amount();
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
