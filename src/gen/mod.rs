//! Reproducible test files: `nimstream gen`.
//!
//! The same arguments give the same bytes, on every machine and in every
//! version that keeps this module's generator: the random numbers come from
//! [`SplitMix64`](crate::rng::SplitMix64). Each case draws from its own
//! generator, seeded from the file's seed and the case number, so that a
//! case's contents do not depend on how the file is split for writing. A
//! range of counts (`--heaps MIN..MAX`) gives each case its own count,
//! drawn from numbers of its own ([`GenOptions::counts_of`]).
//!
//! Every file is in the strict format that `nimstream validate` accepts:
//! single spaces, one case's numbers per line, `\n` line ends and one final
//! newline. Exactly `round(P·T)` of the `T` cases are losing for the first
//! player (`--losing P`), chosen by the seed (`plan`), and all the others are
//! winning, so that a test set exercises both verdicts in a known measure. A
//! losing case is planted by the game's own construction
//! ([`HeapGame::losing_last_heap`],
//! [`PositionGame::losing_position`](crate::games::PositionGame::losing_position)),
//! and every case's verdict is checked with the game itself before it is
//! written. Where the ranges leave no way to make a case what it must be
//! (after [`TRIES`] draws), generation fails with [`GenError::Impossible`]
//! rather than write something else.
//!
//! `heaps` draws heap cases and `parallel` writes them (on several threads), `sets` S-Nim's cases
//! (whose plan counts positions), `graphs` HDU 1524's (whose plan counts
//! queries), `rows` the rows of row games, `positions` the other layouts,
//! `plan` chooses the losing cases, `decimal` writes numbers, and
//! `meanings` says what the options stand for in each problem.

mod decimal;
mod graphs;
mod heaps;
mod meanings;
mod parallel;
mod plan;
mod positions;
mod rows;
mod sets;

use std::fmt;
use std::io::{self, Write};

pub use decimal::push_decimal;
pub use meanings::option_meanings;

use crate::games::{Game, HeapGame};
use crate::problem::{Layout, Problem};

/// What to generate. Values are drawn uniformly from their ranges.
#[derive(Clone, Debug, Default)]
pub struct GenOptions {
    /// The number of cases.
    pub cases: u64,
    /// Heaps per case (heap cases), or items per row, pieces per query of
    /// a graph, heaps per position of S-Nim; with [`most_heaps`](Self::most_heaps),
    /// the fewest.
    pub heaps: u64,
    /// With `Some`, each case (position, query) draws its own count from
    /// `heaps..=most_heaps` ([`GenOptions::counts_of`]), as a testlib
    /// generator varies `N`; `None` is `heaps` for every case.
    pub most_heaps: Option<u64>,
    /// The smallest heap size or first number.
    pub min: u64,
    /// The largest heap size or first number.
    pub max: u64,
    /// The smallest second number of a case (m, k, b).
    pub second_min: u64,
    /// The largest second number of a case.
    pub second_max: u64,
    /// The size `k` of each case's subtraction set (S-Nim).
    pub set_size: u64,
    /// Positions per case (S-Nim).
    pub positions: u64,
    /// The seed of the random numbers.
    pub seed: u64,
    /// Share of cases, from 0 to 1, made losing for the first player.
    pub losing: f64,
}

impl GenOptions {
    /// Options drawing from `problem`'s own limits, with at most 10 cases
    /// of at most 10 heaps (and S-Nim's sets of at most 10 removals, with at
    /// most 10 positions).
    pub fn within_limits(problem: &Problem) -> GenOptions {
        let limits = problem.limits;
        GenOptions {
            cases: limits.cases.max.min(10),
            heaps: limits.heaps.max.min(10),
            most_heaps: None,
            min: limits.value.min,
            max: limits.value.max,
            second_min: limits.second.min,
            second_max: limits.second.max,
            set_size: limits.set_size.max.min(10),
            positions: limits.positions.max.min(10),
            seed: 1,
            losing: 0.5,
        }
    }

    /// The counts case (or position, or query) number `index` tries, in
    /// order: `heaps`, or with a range up to [`COUNT_TRIES`] drawn from it,
    /// the next taken only where the case cannot be what the plan asks
    /// with the one before (one heap of Nim from 1 up is never losing).
    /// They have their own random numbers, apart from the case's, so that
    /// a file of one count is the same with or without a range of one.
    pub fn counts_of(&self, index: u64) -> impl Iterator<Item = u64> {
        let (fewest, most) = (self.heaps, self.heaps_at_most());
        let mut rng = crate::rng::SplitMix64::for_case(self.seed ^ HEAP_COUNT_SEED, index);
        let tries = if most > fewest { COUNT_TRIES } else { 1 };
        (0..tries).map(move |_| rng.between(fewest, most))
    }

    /// The most heaps a case may hold.
    pub fn heaps_at_most(&self) -> u64 {
        self.most_heaps
            .map_or(self.heaps, |most| most.max(self.heaps))
    }

    /// These options with `heaps` as the one count.
    pub(super) fn with_count(&self, heaps: u64) -> GenOptions {
        GenOptions {
            heaps,
            most_heaps: None,
            ..self.clone()
        }
    }
}

/// Mixed into the seed for the counts of a range (`--heaps MIN..MAX`).
const HEAP_COUNT_SEED: u64 = 0x6865_6170_2063_6f75;

/// The counts a case of a range tries ([`GenOptions::counts_of`]): enough
/// that a count no case can take (1 in `1..9`) is all but never the last.
pub const COUNT_TRIES: u32 = 16;

/// How many times a case is drawn again before its verdict is called
/// impossible to reach within the ranges.
pub const TRIES: u32 = 64;

/// Why a file could not be written.
#[derive(Debug)]
pub enum GenError {
    /// Writing failed.
    Io(io::Error),
    /// The options leave no way to write the file: a case could not be
    /// made losing (or winning) within the ranges, or would read as the
    /// layout's end marker.
    Impossible(String),
    /// A case to be held whole does not fit in memory; the message says
    /// which option asked for it.
    OutOfMemory(String),
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::Io(error) => f.write_str(&crate::error::describe_io(error)),
            GenError::Impossible(message) | GenError::OutOfMemory(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for GenError {}

impl From<io::Error> for GenError {
    fn from(error: io::Error) -> GenError {
        GenError::Io(error)
    }
}

/// Which case a message is about, and the index its random numbers are
/// drawn by.
#[derive(Clone, Copy, Debug)]
pub(super) struct CaseName {
    /// The case, counted from 0.
    case: u64,
    /// The position within an S-Nim case, counted from 0.
    position: Option<u64>,
    /// The index of the case's (or position's) own generator.
    index: u64,
}

impl CaseName {
    /// Case `case` (from 0) of a file of single cases.
    pub(super) fn of(case: u64) -> CaseName {
        CaseName {
            case,
            position: None,
            index: case,
        }
    }
}

impl fmt::Display for CaseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(position) = self.position {
            write!(f, "position {} of ", position + 1)?;
        }
        write!(f, "case {}", self.case + 1)
    }
}

/// The error for `name`, which could not be made `losing` (or winning).
fn impossible(name: CaseName, losing: bool, what: &str) -> GenError {
    let verdict = if losing { "losing" } else { "winning" };
    GenError::Impossible(format!(
        "could not make {name} {verdict} for the first player with {what} in {TRIES} tries; \
         widen the ranges or change the losing share"
    ))
}

/// Refuses a `--max` past what `game` decides (a rule's table with no
/// proven period): such heaps could be neither planted nor checked.
/// Deciding is monotone in the heap, so checking the largest is enough.
fn decides_up_to<G: HeapGame>(game: &G, max: u64) -> Result<(), GenError> {
    if !G::MAY_REFUSE || game.decides(max) {
        return Ok(());
    }
    Err(GenError::Impossible(format!(
        "{}; lower --max or raise --upto",
        game.refusal(max)
    )))
}

/// Refuses options under which a case could be the layout's end marker
/// (a `0`, a case of 0 heaps, a query of 0 pieces): the file would end
/// there, and its own `validate` would reject what follows. A pair `0 0`
/// and a triple `0 0 0` a draw can avoid (`positions` and `heaps` do); a
/// triple only if its heaps may be more than 0.
pub fn check_end_marker(problem: &Problem, o: &GenOptions) -> Result<(), GenError> {
    let name = problem.name;
    let refusal = match problem.layout {
        Layout::ZeroTerminated if o.min == 0 => {
            format!("{name} inputs end at the first 0, so --min must be at least 1")
        }
        Layout::HeapTriplesToZero if o.max == 0 => {
            format!("a line 0 0 0 ends {name} input, so --max must be at least 1")
        }
        Layout::HeapCasesToZero { .. } if o.heaps == 0 => {
            format!("a case of 0 heaps ends {name} input, so --heaps must be at least 1")
        }
        Layout::SubtractionSetCases if o.set_size == 0 => {
            format!("a 0 ends {name} input, so --set-size must be at least 1")
        }
        Layout::GraphCases if o.heaps == 0 => {
            format!("a query of 0 pieces ends a graph of {name}, so --heaps must be at least 1")
        }
        _ => return Ok(()),
    };
    Err(GenError::Impossible(refusal))
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
/// `threads` threads, calling `progress` with the number of cases written
/// after each case (for a progress bar, which decides how often to draw).
///
/// The bytes do not depend on `threads`: each case comes from its own
/// generator, and cases are written in order. Options that would write the
/// layout's end marker as a case are refused before anything is written
/// ([`check_end_marker`]).
pub fn generate<W: Write>(
    problem: &Problem,
    game: &mut Game,
    options: &GenOptions,
    out: W,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<Threads, GenError> {
    check_end_marker(problem, options)?;
    // S-Nim's games are built per case, from each case's set.
    if !matches!(
        problem.layout,
        Layout::SubtractionSetCases | Layout::GraphCases
    ) {
        crate::with_game!(&*game,
            heap game => decides_up_to(game, options.max)?,
            position _game => (),
            row _game => ()
        );
    }
    let plan = plan::LosingPlan::new(options.cases, options.losing, options.seed);
    // A block and what a writer adds before it next spills: at most 4096
    // heaps of 20 digits and a separator each (`heaps::write_heap_case`).
    let mut buf = Vec::new();
    buf.try_reserve_exact(decimal::Lines::<W>::BLOCK + (128 << 10))
        .map_err(|_| GenError::OutOfMemory("not enough memory for the output's buffer".into()))?;
    let mut lines = decimal::Lines { out, buf };
    if problem.layout.has_case_count() {
        lines.number(options.cases);
        lines.byte(b'\n');
    }
    if problem.layout == Layout::GraphCases {
        graphs::graph_cases(options, &mut lines, progress)?;
        lines.finish()?;
        return Ok(Threads { used: 1, wanted: 1 });
    }
    if problem.layout == Layout::SubtractionSetCases {
        sets::subtraction_set_cases(options, &mut lines, progress)?;
        lines.number(0);
        lines.byte(b'\n');
        lines.finish()?;
        return Ok(Threads { used: 1, wanted: 1 });
    }
    let used = crate::with_game!(game,
        heap game => {
            let after_count = match problem.layout {
                Layout::HeapCasesToZero { same_line: true } => Some(b' '),
                Layout::HeapTriplesToZero => None,
                _ => Some(b'\n'),
            };
            parallel::heap_cases(&*game, options, &plan, &mut lines, threads, after_count, progress)?
        },
        position game => {
            positions::position_cases(game, problem.layout, options, &plan, &mut lines, progress)?;
            Threads { used: 1, wanted: 1 }
        },
        row game => {
            let Layout::Rows(layout) = problem.layout else {
                unreachable!("the catalogue pairs rows with row games")
            };
            rows::row_cases(game, layout, options, &plan, &mut lines, progress)?;
            Threads { used: 1, wanted: 1 }
        }
    );
    if matches!(
        problem.layout,
        Layout::ZeroTerminated | Layout::HeapCasesToZero { .. }
    ) {
        lines.number(0);
        lines.byte(b'\n');
    }
    if problem.layout == Layout::HeapTriplesToZero {
        lines.buf.extend_from_slice(b"0 0 0\n");
    }
    if matches!(problem.layout, Layout::PairsToZero { .. }) {
        lines.buf.extend_from_slice(b"0 0\n");
    }
    lines.finish()?;
    Ok(used)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameParams;
    use crate::problem::CATALOGUE;

    #[test]
    fn a_range_draws_each_cases_counts_from_it_and_one_count_is_kept() {
        let problem = crate::problem::Problem::find("lasker").unwrap();
        let mut options = GenOptions::within_limits(problem);
        options.heaps = 7;
        assert_eq!(options.counts_of(3).collect::<Vec<_>>(), [7]);
        options.most_heaps = Some(7);
        assert_eq!(options.counts_of(3).collect::<Vec<_>>(), [7]);
        options.heaps = 2;
        options.most_heaps = Some(5);
        let counts: Vec<Vec<u64>> = (0..50)
            .map(|case| options.counts_of(case).collect())
            .collect();
        for tried in &counts {
            assert_eq!(tried.len(), COUNT_TRIES as usize);
            assert!(tried.iter().all(|n| (2..=5).contains(n)), "{tried:?}");
        }
        let firsts: std::collections::BTreeSet<u64> = counts.iter().map(|c| c[0]).collect();
        assert_eq!(firsts.into_iter().collect::<Vec<_>>(), [2, 3, 4, 5]);
        assert_eq!(options.counts_of(9).collect::<Vec<_>>(), counts[9]);
        assert_eq!(options.heaps_at_most(), 5);
    }

    /// Every layout reports each case once it is written, in order, on one
    /// thread and on several, and the bytes do not change with the threads.
    #[test]
    fn progress_counts_every_case_in_order() {
        let params = GameParams {
            max_take: Some(3),
            upto: Some(1 << 12),
            ..GameParams::default()
        };
        for problem in &CATALOGUE {
            let mut options = GenOptions::within_limits(problem);
            options.cases = options.cases.min(7);
            let mut files = Vec::new();
            for threads in [1, 3] {
                let mut game = problem.build_game(&params).unwrap();
                let mut seen = Vec::new();
                let mut bytes = Vec::new();
                generate(
                    problem,
                    &mut game,
                    &options,
                    &mut bytes,
                    threads,
                    &mut |n| seen.push(n),
                )
                .unwrap();
                let all: Vec<u64> = (1..=options.cases).collect();
                assert_eq!(seen, all, "{} on {threads} threads", problem.name);
                files.push(bytes);
            }
            assert_eq!(files[0], files[1], "{}", problem.name);
        }
    }
}
