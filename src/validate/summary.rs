//! What `--summary` prints for a valid file: the ranges its variables reach,
//! marked where they touch a limit, and how many cases each player wins.

use std::fmt;

use super::Vars;
use crate::plural::{count, count_as};
use crate::problem::{Bounds, Layout, Limits, Problem};

/// The smallest and largest value a variable took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stat {
    /// The smallest value.
    pub min: u64,
    /// The largest value.
    pub max: u64,
}

/// What a valid file covers, for `--summary`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The problem's name.
    pub problem: &'static str,
    /// The limits checked.
    pub limits: Limits,
    /// Whether they are the problem's own.
    pub own_limits: bool,
    /// The layout read.
    pub layout: Layout,
    /// The number of cases.
    pub cases: u64,
    /// Heaps per case (heap games).
    pub heaps: Option<Stat>,
    /// Heaps in all cases (HDU 1524: pieces in all queries).
    pub total_heaps: u64,
    /// Heap sizes, or the first number of each case.
    pub value: Option<Stat>,
    /// The second number of each case (bash, kmultiple, wythoff).
    pub second: Option<Stat>,
    /// Cases (S-Nim: positions) the first player wins.
    pub wins: u64,
    /// Cases (S-Nim: positions) with a heap past what the game decides: a
    /// rule's table with no proven period. Not counted in `wins`.
    pub undecided: u64,
    /// S-Nim: the sizes of the sets (`k`).
    pub set_size: Option<Stat>,
    /// S-Nim: positions per case (`m`).
    pub positions: Option<Stat>,
    /// S-Nim: positions in all cases.
    pub total_positions: u64,
    /// Where the problem comes from, for the first line.
    source: &'static str,
    /// The names of the variables, with the bounds checked.
    vars: Vars,
}

impl Summary {
    pub(super) fn new(problem: &Problem, limits: &Limits) -> Summary {
        Summary {
            problem: problem.name,
            limits: *limits,
            own_limits: *limits == problem.limits,
            layout: problem.layout,
            cases: 0,
            heaps: None,
            total_heaps: 0,
            value: None,
            second: None,
            wins: 0,
            undecided: 0,
            set_size: None,
            positions: None,
            total_positions: 0,
            source: problem.source,
            vars: Vars::of(problem, limits),
        }
    }
}

/// Records `value` in `stat`.
pub(super) fn note(stat: &mut Option<Stat>, value: u64) {
    *stat = Some(match *stat {
        None => Stat {
            min: value,
            max: value,
        },
        Some(Stat { min, max }) => Stat {
            min: min.min(value),
            max: max.max(value),
        },
    });
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let limits = &self.limits;
        let note = if self.own_limits { "" } else { ", as changed" };
        writeln!(
            f,
            "{}: valid under the limits of {}{}",
            self.problem, self.source, note
        )?;
        let vars = self.vars;
        if self.layout.has_case_count() {
            write!(f, "T = {}", self.cases)?;
            mark(
                f,
                self.cases == limits.cases.min || self.cases == limits.cases.max,
            )?;
            writeln!(f, ", allowed {}", limits.cases)?;
        } else {
            write!(f, "cases: {}", self.cases)?;
            if limits.cases != Bounds::ANY {
                write!(f, ", allowed {}", limits.cases)?;
            }
            writeln!(f)?;
        }
        if self.layout.has_count() {
            stat_line(f, vars.heaps.name, self.heaps, limits.heaps)?;
        }
        stat_line(f, vars.value.name, self.value, vars.value.bounds)?;
        if let Some(second) = vars.second {
            stat_line(f, second.name, self.second, second.bounds)?;
        }
        let sets = self.layout == Layout::SubtractionSetCases;
        if sets {
            stat_line(f, "k", self.set_size, limits.set_size)?;
            stat_line(f, "m", self.positions, limits.positions)?;
            writeln!(f, "positions: {} in total", self.total_positions)?;
        }
        if self.layout.has_heaps() {
            let noun = self.layout.heap_noun();
            writeln!(f, "{noun}s: {} in total", self.total_heaps)?;
        }
        if self.layout == Layout::GraphCases {
            stat_line(f, "X", self.set_size, limits.set_size)?;
        }
        let played = match self.layout {
            Layout::SubtractionSetCases => count(self.total_positions, "position"),
            Layout::GraphCases => count_as(self.total_positions, "query", "queries"),
            _ => count(self.cases, "case"),
        };
        write!(f, "first player wins: {} of {played}", self.wins)?;
        if self.undecided > 0 {
            write!(
                f,
                " ({} undecided: a heap past the values computed, with no period proven)",
                self.undecided
            )?;
        }
        writeln!(f)
    }
}

/// One line `name: min X, max Y, allowed [lo, hi]`, with the extremes that
/// reach a bound marked, since those are the cases a setter must not miss.
fn stat_line(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    stat: Option<Stat>,
    bounds: Bounds,
) -> fmt::Result {
    let Some(stat) = stat else {
        return writeln!(f, "{}: no values, allowed {}", name, bounds);
    };
    write!(f, "{}: min {}", name, stat.min)?;
    mark(f, stat.min == bounds.min)?;
    write!(f, ", max {}", stat.max)?;
    mark(f, stat.max == bounds.max)?;
    writeln!(f, ", allowed {}", bounds)
}

fn mark(f: &mut fmt::Formatter<'_>, at_limit: bool) -> fmt::Result {
    if at_limit {
        f.write_str(" (= limit)")?;
    }
    Ok(())
}
