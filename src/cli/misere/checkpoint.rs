//! `misere --checkpoint FILE`: what the solver knows saved every few
//! minutes, when a signal asks the run to stop, and at the end, so that a
//! quotient of hours carries on from its last heap. As `grundy`'s
//! checkpoints: a damaged file, or one of another rule, is an error, never
//! taken on trust.

use std::fs::File;
use std::io::{self, BufReader, BufWriter};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use nimstream::grundy::Rule;
use nimstream::misere::checkpoint::{self, CheckpointError};
use nimstream::misere::Solver;
use nimstream::output::atomic::AtomicFile;
use nimstream::Error;

use crate::signals::catch_stop_signals;

/// A checkpoint file and when it is next due.
pub struct Checkpoint {
    path: PathBuf,
    every: Duration,
    last: Instant,
    /// Heaps in the file as last written.
    saved: usize,
}

impl Checkpoint {
    /// Saves to `path` every `every`, and when a signal asks the run to
    /// stop.
    pub fn new(path: &Path, every: Duration) -> Checkpoint {
        catch_stop_signals();
        Checkpoint {
            path: path.to_path_buf(),
            every,
            last: Instant::now(),
            saved: 0,
        }
    }

    /// The solver the file saved, if it exists and is one of `rule`;
    /// `None` when there is no file.
    pub fn load(&mut self, rule: &Rule) -> Result<Option<Solver>, Error> {
        let file = match File::open(&self.path) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(self.io_error(source)),
        };
        let saved =
            checkpoint::read(&mut BufReader::with_capacity(1 << 20, file)).map_err(|e| {
                let path = self.path.display();
                Error::Usage(match e {
                    CheckpointError::OutOfMemory { .. } => {
                        format!("{path}: cannot resume from this checkpoint: {e}")
                    }
                    _ => format!("{path}: not a checkpoint nimstream can resume from: {e}"),
                })
            })?;
        if saved.rule != rule.to_string() {
            return Err(Error::Usage(format!(
                "{}: a checkpoint of {}, not of {rule}; name another file to start anew",
                self.path.display(),
                saved.rule
            )));
        }
        self.saved = saved.heaps();
        Ok(Some(saved.resume(rule.clone())))
    }

    /// Saves `solver` when it is due.
    pub fn tick(&mut self, solver: &Solver) -> Result<(), Error> {
        match self.last.elapsed() >= self.every {
            true => self.save(solver),
            false => Ok(()),
        }
    }

    /// Saves `solver`, whole or not at all, unless the file already holds
    /// as many heaps.
    pub fn save(&mut self, solver: &Solver) -> Result<(), Error> {
        self.last = Instant::now();
        if solver.heaps() == self.saved {
            return Ok(());
        }
        let file = AtomicFile::create(&self.path).map_err(|e| self.io_error(e))?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        checkpoint::write(solver, &mut out).map_err(|e| self.io_error(e))?;
        let file = out
            .into_inner()
            .map_err(|e| self.io_error(e.into_error()))?;
        file.commit().map_err(|e| self.io_error(e))?;
        self.saved = solver.heaps();
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
