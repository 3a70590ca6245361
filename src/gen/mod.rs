//! Reproducible test files: `nimstream gen`.
//!
//! The same arguments give the same bytes, on every machine and in every
//! version that keeps this module's generator: the random numbers come from
//! [`SplitMix64`](crate::rng::SplitMix64). Each case draws from its own
//! generator, seeded from the file's seed and the case number, so that a
//! case's contents do not depend on how the file is split for writing.
//!
//! Every file is in the strict format that `nimstream validate` accepts:
//! single spaces, one case's numbers per line, `\n` line ends and one final
//! newline. A chosen share of the cases is made losing for the first player
//! (`--losing`), by the game's own construction
//! ([`HeapGame::losing_last_heap`](crate::games::HeapGame::losing_last_heap),
//! [`PositionGame::losing_position`](crate::games::PositionGame::losing_position)),
//! so that a test set exercises both verdicts.
//!
//! `heaps` writes heap cases (on several threads), `positions` the other
//! layouts, and `decimal` the numbers.

mod decimal;
mod heaps;
mod positions;

use std::io::{self, Write};

pub use decimal::push_decimal;

use crate::games::Game;
use crate::problem::{Layout, Problem};

/// What to generate. Values are drawn uniformly from their ranges.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// The number of cases.
    pub cases: u64,
    /// Heaps per case (heap cases).
    pub heaps: u64,
    /// The smallest heap size or first number.
    pub min: u64,
    /// The largest heap size or first number.
    pub max: u64,
    /// The smallest second number of a case (m, k, b).
    pub second_min: u64,
    /// The largest second number of a case.
    pub second_max: u64,
    /// The seed of the random numbers.
    pub seed: u64,
    /// Share of cases, from 0 to 1, made losing for the first player.
    pub losing: f64,
}

impl GenOptions {
    /// Options drawing from `problem`'s own limits, with at most 10 cases
    /// of at most 10 heaps.
    pub fn within_limits(problem: &Problem) -> GenOptions {
        let limits = problem.limits;
        GenOptions {
            cases: limits.cases.max.min(10),
            heaps: limits.heaps.max.min(10),
            min: limits.value.min,
            max: limits.value.max,
            second_min: limits.second.min,
            second_max: limits.second.max,
            seed: 1,
            losing: 0.5,
        }
    }
}

/// How many threads generated a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threads {
    /// Threads that ran.
    pub used: usize,
    /// Threads there was work for; more than `used` when the system would
    /// not start them all.
    pub wanted: usize,
}

/// Writes a test file for `problem`, played as `game`, to `out`, using up to
/// `threads` threads.
///
/// The bytes do not depend on `threads`: each case comes from its own
/// generator, and cases are written in order.
pub fn generate<W: Write>(
    problem: &Problem,
    game: &mut Game,
    options: &GenOptions,
    out: W,
    threads: usize,
) -> io::Result<Threads> {
    let mut lines = decimal::Lines {
        out,
        buf: Vec::with_capacity(decimal::Lines::<W>::BLOCK + 4096),
    };
    if problem.layout.has_case_count() {
        lines.number(options.cases);
        lines.byte(b'\n');
    }
    let used = crate::with_game!(game,
        heap game => heaps::heap_cases(&*game, options, &mut lines, threads)?,
        position game => {
            positions::position_cases(game, problem.layout, options, &mut lines)?;
            Threads { used: 1, wanted: 1 }
        }
    );
    if problem.layout == Layout::ZeroTerminated {
        lines.number(0);
        lines.byte(b'\n');
    }
    lines.finish()?;
    Ok(used)
}
