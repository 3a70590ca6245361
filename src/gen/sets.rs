//! S-Nim's cases (HDU 1536): per case a subtraction set drawn at random,
//! then `m` positions of `l` heaps each, every position losing or winning as
//! the plan says.
//!
//! The plan runs over the positions of the whole file, not over its cases,
//! since a position is what a verdict is given for. A position is written
//! by the heap cases' writer, whose line `l h1 … hl` is S-Nim's line, with
//! the case's own game: the set's values tabled up to `--max`, or beyond
//! [`SET_CASE_VALUES`] its proven period.

use std::collections::BTreeSet;
use std::io::Write;

use super::decimal::Lines;
use super::heaps::write_heap_case;
use super::plan::LosingPlan;
use super::{decides_up_to, CaseName, GenError, GenOptions};
use crate::games::rule::{RuleGame, SET_CASE_VALUES};
use crate::grundy::Rule;
use crate::rng::SplitMix64;

/// Keeps the sets' random numbers apart from the positions'.
const SET_SALT: u64 = 0x5345_542D_4E49_4D21;

/// Writes `o.cases` S-Nim cases, without the `0` that ends the input.
pub(super) fn subtraction_set_cases<W: Write>(
    o: &GenOptions,
    lines: &mut Lines<W>,
    progress: &mut dyn FnMut(u64),
) -> Result<(), GenError> {
    let total = o.cases.checked_mul(o.positions).ok_or_else(|| {
        GenError::Impossible("--cases times --positions does not fit in 64 bits".into())
    })?;
    let plan = LosingPlan::new(total, o.losing, o.seed);
    for case in 0..o.cases {
        let set = draw_set(o, case)?;
        let game = set_game(&set, o.max);
        decides_up_to(&game, o.max)?;
        lines.number(set.len() as u64);
        for &s in &set {
            lines.byte(b' ');
            lines.number(s);
        }
        lines.byte(b'\n');
        lines.number(o.positions);
        lines.byte(b'\n');
        for position in 0..o.positions {
            let index = case * o.positions + position;
            let name = CaseName {
                case,
                position: Some(position),
                index,
            };
            let losing = plan.is_losing(index);
            write_heap_case(
                &game,
                o,
                name,
                losing,
                Some(b' '),
                &mut lines.buf,
                &mut |_| Ok(()),
            )?;
            lines.spill()?;
        }
        progress(case + 1);
    }
    Ok(())
}

/// `k` distinct removals from `[second_min, second_max]`, in increasing
/// order: Floyd's sampling, which draws exactly `k` numbers.
fn draw_set(o: &GenOptions, case: u64) -> Result<Vec<u64>, GenError> {
    let (lo, hi, k) = (o.second_min, o.second_max, o.set_size);
    if hi - lo < k.saturating_sub(1) {
        return Err(GenError::Impossible(format!(
            "case {}: a set of k = {k} distinct removals cannot be drawn from [{lo}, {hi}]",
            case + 1
        )));
    }
    let mut rng = SplitMix64::for_case(o.seed ^ SET_SALT, case);
    let span = hi - lo + 1;
    let mut chosen = BTreeSet::new();
    for j in span - k..span {
        let t = rng.between(0, j);
        chosen.insert(if chosen.contains(&t) { j } else { t });
    }
    Ok(chosen.into_iter().map(|offset| lo + offset).collect())
}

/// The game of one case's set, deciding every heap up to `max` if it can:
/// a table to `max`, or past [`SET_CASE_VALUES`] a proven period.
fn set_game(set: &[u64], max: u64) -> RuleGame {
    let set: Vec<usize> = set.iter().map(|&s| s as usize).collect();
    let rule = Rule::subtraction(&set);
    match usize::try_from(max) {
        Ok(max) if max < SET_CASE_VALUES => RuleGame::table(rule, max + 1),
        _ => RuleGame::proven(rule, SET_CASE_VALUES),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(k: u64, lo: u64, hi: u64) -> GenOptions {
        GenOptions {
            set_size: k,
            second_min: lo,
            second_max: hi,
            ..GenOptions::default()
        }
    }

    #[test]
    fn sets_are_distinct_sorted_within_range_and_reproducible() {
        for (k, lo, hi) in [
            (1, 1, 1),
            (5, 1, 5),
            (3, 7, 9),
            (10, 1, 10_000),
            (100, 50, 160),
        ] {
            for case in 0..20 {
                let set = draw_set(&options(k, lo, hi), case).unwrap();
                assert_eq!(set.len() as u64, k);
                assert!(set.windows(2).all(|w| w[0] < w[1]), "{set:?}");
                assert!(set.iter().all(|s| (lo..=hi).contains(s)), "{set:?}");
                assert_eq!(set, draw_set(&options(k, lo, hi), case).unwrap());
            }
        }
        let error = draw_set(&options(4, 1, 3), 0).unwrap_err().to_string();
        assert!(
            error.contains("k = 4") && error.contains("[1, 3]"),
            "{error}"
        );
    }
}
