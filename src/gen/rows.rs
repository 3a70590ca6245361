//! Cases of row games: a line `N` (or `N k`), then a line of `N` numbers
//! or `N` lines of two.

use std::io::Write;

use super::decimal::Lines;
use super::plan::LosingPlan;
use super::{impossible, CaseName, GenError, GenOptions, TRIES};
use crate::games::row::RowGame;
use crate::plural::count;
use crate::problem::Rows;
use crate::rng::SplitMix64;

/// Writes `o.cases` cases of `o.heaps` items (each its own count with a
/// range, [`GenOptions::counts_of`]), with the parameter (when the
/// layout has one) from `[o.second_min, o.second_max]`; the cases the plan
/// names are losing, the others winning. A row is drawn at random, and
/// made losing by the game's construction; each is checked by the game
/// before it is written.
pub(super) fn row_cases<G: RowGame, W: Write>(
    game: &mut G,
    layout: Rows,
    o: &GenOptions,
    plan: &LosingPlan,
    lines: &mut Lines<W>,
    progress: &mut dyn FnMut(u64),
) -> Result<(), GenError> {
    let values = o.min..=o.max;
    let parameters = o.second_min..=o.second_max;
    for case in 0..o.cases {
        let mut rng = SplitMix64::for_case(o.seed, case);
        let losing = plan.is_losing(case);
        let mut found = None;
        let mut items = o.heaps;
        // With a range of counts, a count whose rows cannot be what the
        // plan asks gives way to the next (GenOptions::counts_of).
        for tried in o.counts_of(case) {
            items = tried;
            // A second round, for a losing case whose construction cannot work
            // in the ranges (HDU 3595's (3c, 2c) near the top), keeps a drawn
            // row that is already losing.
            for attempt in 0..2 * TRIES {
                let construct = attempt < TRIES;
                if !construct && !losing {
                    break;
                }
                let parameter = match layout.parameter {
                    true => match game.random_parameter(items, &parameters, &mut rng) {
                        Some(parameter) => parameter,
                        None => continue,
                    },
                    false => 0,
                };
                let Some(mut row) = game.random_row(items, parameter, &values, &mut rng) else {
                    continue;
                };
                if losing && construct && !game.make_losing(parameter, &mut row, &values, &mut rng)
                {
                    continue;
                }
                let fits = row.iter().all(|v| values.contains(v));
                if fits
                    && game.check(parameter, &row).is_ok()
                    && game.first_player_wins(parameter, &row) != losing
                {
                    found = Some((parameter, row));
                    break;
                }
            }
            if found.is_some() {
                break;
            }
        }
        let what = match layout.parameter {
            true => format!(
                "{} in [{}, {}] and a parameter in [{}, {}]",
                count(items, "item"),
                o.min,
                o.max,
                o.second_min,
                o.second_max
            ),
            false => format!("{} in [{}, {}]", count(items, "number"), o.min, o.max),
        };
        let (parameter, row) =
            found.ok_or_else(|| impossible(CaseName::of(case), losing, &what))?;
        lines.number(items);
        if layout.parameter {
            lines.byte(b' ');
            lines.number(parameter);
        }
        lines.byte(b'\n');
        if layout.pairs {
            for pair in row.chunks(2) {
                lines.number(pair[0]);
                lines.byte(b' ');
                lines.number(pair[1]);
                lines.byte(b'\n');
                lines.spill()?;
            }
        } else {
            for (i, &value) in row.iter().enumerate() {
                if i > 0 {
                    lines.byte(b' ');
                }
                lines.number(value);
            }
            lines.byte(b'\n');
        }
        lines.spill()?;
        progress(case + 1);
    }
    Ok(())
}
