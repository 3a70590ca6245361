//! The tests of a `judge --stress` run as bytes, each different from those
//! run before it: `stress::draw`'s draws written, redrawn where `gen`
//! cannot write one or it repeats an earlier test.

use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use nimstream::gen::{self, GenError};
use nimstream::interact::winnable;
use nimstream::problem::{Limits, SideRule};
use nimstream::stress::{self, Drawn, TestFile};
use nimstream::Error;

use super::Context;

/// Draws in a row that may give no new test (one `gen` cannot write, or
/// one drawn before) before the run says there are no more.
pub const REDRAWS: u64 = 1000;

/// The tests of a run, each new: a draw `gen` cannot write, or one that
/// repeats an earlier test, is drawn again.
pub struct Drawer<'a> {
    context: &'a Context<'a>,
    /// The problem's limits, narrowed where the command line aims.
    limits: Limits,
    seed: u64,
    /// A hash of each test run.
    seen: HashSet<u64>,
}

impl<'a> Drawer<'a> {
    /// The draws of the run seeded `seed`, within `limits`.
    pub fn new(context: &'a Context<'a>, limits: Limits, seed: u64) -> Drawer<'a> {
        Drawer {
            context,
            limits,
            seed,
            seen: HashSet::new(),
        }
    }

    /// Test `test` of the run, as bytes; `None` when [`REDRAWS`] draws in
    /// a row give no new one.
    pub fn next(&mut self, test: u64) -> Result<Option<Vec<u8>>, Error> {
        for attempt in 0..REDRAWS {
            let drawn = stress::draw(self.context.problem, &self.limits, self.seed, test, attempt);
            let Some(bytes) = written(self.context, drawn)? else {
                continue;
            };
            let Some(bytes) = winnable_only(self.context, bytes)? else {
                continue;
            };
            let mut hasher = std::hash::DefaultHasher::new();
            bytes.hash(&mut hasher);
            if self.seen.insert(hasher.finish()) {
                return Ok(Some(bytes));
            }
        }
        Ok(None)
    }
}

/// A drawn test as bytes; `None` when `gen` finds no file with the options
/// drawn (a losing case impossible within the ranges, an end marker).
fn written(context: &Context, drawn: Drawn) -> Result<Option<Vec<u8>>, Error> {
    let options = match drawn {
        Drawn::Test(test) => return Ok(Some(test.to_bytes(context.problem))),
        // gen's writer of heap cases panics when asked for none; a file of
        // no cases is the same whatever wrote it.
        Drawn::Gen(options) if options.cases == 0 => {
            let empty = TestFile { cases: Vec::new() };
            return Ok(Some(empty.to_bytes(context.problem)));
        }
        Drawn::Gen(options) => options,
    };
    let mut game = context.game.clone();
    let mut bytes = Vec::new();
    match gen::generate(
        context.problem,
        &mut game,
        &options,
        &mut bytes,
        1,
        &mut |_| {},
    ) {
        Ok(_) => Ok(Some(bytes)),
        Err(GenError::Impossible(_)) => Ok(None),
        Err(GenError::OutOfMemory(why)) => Err(Error::Usage(why)),
        Err(GenError::Io(source)) => Err(Error::Io {
            path: "a drawn test".into(),
            source,
        }),
    }
}

/// With `--interactive` and a side the problem fixes, the test's cases that
/// side can win (a case it cannot is the test's fault, not the program's);
/// `None` when none is left. Any other test as it is.
fn winnable_only(context: &Context, bytes: Vec<u8>) -> Result<Option<Vec<u8>>, Error> {
    if !context.interactive || context.problem.fixed.protocol.side == SideRule::Chosen {
        return Ok(Some(bytes));
    }
    let test = TestFile::read(context.problem, &bytes).map_err(|e| Error::Usage(e.to_string()))?;
    let mut cases = Vec::with_capacity(test.cases.len());
    for case in test.cases {
        if winnable(context.problem, context.game, &case).map_err(Error::Usage)? {
            cases.push(case);
        }
    }
    Ok((!cases.is_empty()).then(|| TestFile { cases }.to_bytes(context.problem)))
}
