//! `judge --stress`'s options that aim the draw (`--min`, `--max`,
//! `--heaps`, `--cases-per-test`): the problem's limits narrowed, each
//! option checked against them.

use clap::Args;
use nimstream::problem::{Bounds, Layout, Limits, Problem};
use nimstream::Error;

#[derive(Args, Clone, Default)]
pub struct AimArgs {
    /// The smallest heap size (or a case's first number) drawn; at least
    /// the problem's least.
    #[arg(long, value_name = "N", requires = "stress")]
    min: Option<u64>,
    /// The largest heap size (or a case's first number) drawn; at most the
    /// problem's largest.
    #[arg(long, value_name = "N", requires = "stress")]
    max: Option<u64>,
    /// Heaps a case holds: N, or MIN..MAX, within the problem's limits
    /// (for problems whose cases count their heaps or a row's numbers).
    #[arg(long, value_name = "MIN..MAX", requires = "stress", value_parser = parse_span)]
    heaps: Option<Bounds>,
    /// Cases a test holds: N, or MIN..MAX, within the problem's limits.
    #[arg(long, value_name = "MIN..MAX", requires = "stress", value_parser = parse_span)]
    cases_per_test: Option<Bounds>,
}

impl AimArgs {
    /// `problem`'s limits narrowed to the options; an error names an
    /// option outside them, or one the problem has no use for.
    pub fn limits(&self, problem: &Problem) -> Result<Limits, Error> {
        let mut limits = problem.limits;
        let value = problem.vars.value.label;
        let min = self.min.unwrap_or(limits.value.min);
        let max = self.max.unwrap_or(limits.value.max);
        let asked = Bounds::new(min, max);
        let options = ["--min", "--max"];
        limits.value = narrowed(problem, options, value, asked, limits.value)?;
        if let Some(heaps) = self.heaps {
            if !problem.layout.has_count() || problem.layout == Layout::HeapTriplesToZero {
                return Err(Error::Usage(format!(
                    "--heaps: the cases of {} hold no count of heaps to choose",
                    problem.name
                )));
            }
            let name = problem.vars.heaps.name;
            limits.heaps = narrowed(problem, ["--heaps"; 2], name, heaps, limits.heaps)?;
        }
        if let Some(cases) = self.cases_per_test {
            let options = ["--cases-per-test"; 2];
            limits.cases = narrowed(problem, options, "T", cases, limits.cases)?;
        }
        Ok(limits)
    }

    /// The options as given, as words of a command line.
    pub fn words(&self) -> Vec<String> {
        let span = |b: Bounds| match b.min == b.max {
            true => b.min.to_string(),
            false => format!("{}..{}", b.min, b.max),
        };
        let mut words = Vec::new();
        let options = [
            ("--min", self.min.map(|n| n.to_string())),
            ("--max", self.max.map(|n| n.to_string())),
            ("--heaps", self.heaps.map(span)),
            ("--cases-per-test", self.cases_per_test.map(span)),
        ];
        for (name, value) in options {
            if let Some(value) = value {
                words.extend([name.to_string(), value]);
            }
        }
        words
    }
}

/// `asked`, checked to be a range within `allowed`, the problem's bounds of
/// the variable `name`; `options` give its least and its largest.
fn narrowed(
    problem: &Problem,
    [lo_option, hi_option]: [&str; 2],
    name: &str,
    asked: Bounds,
    allowed: Bounds,
) -> Result<Bounds, Error> {
    let outside = |option: &str, value: u64| {
        Error::Usage(format!(
            "{option} {value}: {name} = {value} is outside {}'s limits {allowed}, \
             so a test holding it is no test of the problem",
            problem.source
        ))
    };
    if asked.min < allowed.min {
        return Err(outside(lo_option, asked.min));
    }
    if asked.max > allowed.max {
        return Err(outside(hi_option, asked.max));
    }
    if asked.min > asked.max {
        return Err(Error::Usage(format!(
            "{lo_option} {} is above {hi_option} {}: no {name} is both",
            asked.min, asked.max
        )));
    }
    Ok(asked)
}

/// `N`, or `MIN..MAX` (`gen --heaps` too).
pub(crate) fn parse_span(text: &str) -> Result<Bounds, String> {
    let number = |t: &str| t.parse::<u64>().ok();
    let span = match text.split_once("..") {
        Some((lo, hi)) => number(lo).zip(number(hi)),
        None => number(text).map(|n| (n, n)),
    };
    match span {
        Some((lo, hi)) => Ok(Bounds::new(lo, hi)),
        None => Err(format!(
            "'{text}' is not a count or a range: give N or MIN..MAX, e.g. 1001 or 1..3"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_are_a_count_or_a_range() {
        assert_eq!(parse_span("7"), Ok(Bounds::new(7, 7)));
        assert_eq!(parse_span("2..30"), Ok(Bounds::new(2, 30)));
        for bad in ["", "..", "1..", "..4", "a..b", "-1", "1...3"] {
            assert!(parse_span(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn aims_outside_the_limits_are_refused_and_inside_them_narrow() {
        let misere = Problem::find("misere").unwrap();
        let aim = |min, max, heaps| AimArgs {
            min,
            max,
            heaps,
            cases_per_test: None,
        };
        let limits = aim(Some(2), None, Some(Bounds::new(3, 5)))
            .limits(misere)
            .unwrap();
        assert_eq!(limits.value, Bounds::new(2, 4747));
        assert_eq!(limits.heaps, Bounds::new(3, 5));
        let error = |a: AimArgs| a.limits(misere).unwrap_err().to_string();
        assert_eq!(
            error(aim(Some(0), None, None)),
            "--min 0: heap size A = 0 is outside HDU 1907's limits [1, 4747], \
             so a test holding it is no test of the problem"
        );
        assert!(error(aim(None, Some(4748), None)).starts_with("--max 4748: "));
        assert!(error(aim(Some(9), Some(3), None)).contains("--min 9 is above --max 3"));
        assert!(error(aim(None, None, Some(Bounds::new(1, 48)))).starts_with("--heaps 48: "));
        let wythoff = Problem::find("wythoff").unwrap();
        let heaps = aim(None, None, Some(Bounds::new(1, 1)));
        assert!(heaps
            .limits(wythoff)
            .unwrap_err()
            .to_string()
            .contains("no count"));
    }
}
