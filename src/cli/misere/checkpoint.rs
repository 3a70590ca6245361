//! `misere --checkpoint FILE`: what the solver knows saved every few
//! minutes, when a signal asks the run to stop, and at the end, so that a
//! quotient of hours carries on from its last heap. As `grundy`'s
//! checkpoints ([`crate::checkpoint`]): a damaged file, or one of another
//! rule, is an error, never taken on trust.

use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use nimstream::grundy::Rule;
use nimstream::misere::checkpoint;
use nimstream::misere::Solver;
use nimstream::Error;

use crate::checkpoint::{CheckpointFile, Checkpointed};

/// The solver's heaps, as a checkpoint holds them.
struct Heaps<'a>(&'a Solver);

impl Checkpointed for Heaps<'_> {
    fn amount(&self) -> usize {
        self.0.heaps()
    }

    fn write_to(&self, mut out: &mut dyn Write) -> io::Result<()> {
        checkpoint::write(self.0, &mut out)
    }
}

/// A checkpoint file of a misère quotient's run.
pub struct Checkpoint(CheckpointFile);

impl Checkpoint {
    /// Saves to `path` every `every`, and when a signal asks the run to
    /// stop.
    pub fn new(path: &Path, every: Duration) -> Checkpoint {
        Checkpoint(CheckpointFile::new(path, every))
    }

    /// The solver the file saved, if it exists and is one of `rule`;
    /// `None` when there is no file.
    pub fn load(&mut self, rule: &Rule) -> Result<Option<Solver>, Error> {
        let saved = self.0.read(
            rule,
            checkpoint::read,
            |saved| &saved.rule,
            |saved| saved.heaps(),
        )?;
        Ok(saved.map(|saved| saved.resume(rule.clone())))
    }

    /// Saves `solver` when it is due.
    pub fn tick(&mut self, solver: &Solver) -> Result<(), Error> {
        match self.0.due() {
            true => self.save(solver),
            false => Ok(()),
        }
    }

    /// Saves `solver`, whole or not at all, unless the file already holds
    /// as many heaps.
    pub fn save(&mut self, solver: &Solver) -> Result<(), Error> {
        self.0.save(&Heaps(solver))
    }

    /// The file.
    pub fn path(&self) -> &Path {
        self.0.path()
    }
}
