//! Cases of one position each: one or two numbers per line.

use std::io::Write;

use super::decimal::Lines;
use super::plan::LosingPlan;
use super::{impossible, CaseName, GenError, GenOptions, TRIES};
use crate::games::{decides_position, PositionGame, PositionRanges};
use crate::problem::Layout;
use crate::rng::SplitMix64;

/// Writes `o.cases` lines of one position each, the second number only if
/// the layout has one; the cases the plan names are losing, the others
/// winning.
pub(super) fn position_cases<G: PositionGame, W: Write>(
    game: &mut G,
    layout: Layout,
    o: &GenOptions,
    plan: &LosingPlan,
    lines: &mut Lines<W>,
    progress: &mut dyn FnMut(u64),
) -> Result<(), GenError> {
    let ranges = PositionRanges {
        first: o.min..=o.max,
        second: o.second_min..=o.second_max,
    };
    let has_second = layout.has_second();
    // A case `0 0` would end a zero-terminated file of pairs early.
    let ends = matches!(layout, Layout::PairsToZero { .. });
    let ordered = layout == Layout::PairsToZero { ordered: true };
    let fits = |(a, b): (u64, u64)| {
        ranges.first.contains(&a)
            && (!has_second || ranges.second.contains(&b))
            && !(ends && (a, b) == (0, 0))
    };
    for case in 0..o.cases {
        let mut rng = SplitMix64::for_case(o.seed, case);
        let losing = plan.is_losing(case);
        let mut found = None;
        for _ in 0..TRIES {
            let drawn = (rng.within(&ranges.first), rng.within(&ranges.second));
            let position = if losing {
                game.losing_position(drawn, &ranges, &mut rng)
            } else {
                Some(drawn)
            };
            // Its verdict is checked after the swap, so a game that is
            // not symmetric only loses the draw.
            let position = position.map(|(a, b)| match ordered {
                true => (a.min(b), a.max(b)),
                false => (a, b),
            });
            // A number the game does not decide is never written: solve
            // would refuse it.
            found = position.filter(|&(a, b)| {
                fits((a, b))
                    && decides_position(game, a, b, has_second)
                    && game.first_player_wins(a, b) != losing
            });
            if found.is_some() {
                break;
            }
        }
        // Drawn apart, an ordered pair near the top of the first range
        // rarely has a second number above it: drawn above the first.
        for _ in 0..TRIES * u32::from(ordered && found.is_none()) {
            let a = rng.between(o.min, o.max.min(o.second_max).max(o.min));
            let least = a.max(o.second_min);
            if least > o.second_max {
                continue;
            }
            let b = rng.between(least, o.second_max);
            let position = match losing {
                true => game.losing_position((a, b), &ranges, &mut rng),
                false => Some((a, b)),
            };
            found = position.filter(|&(a, b)| {
                a <= b
                    && fits((a, b))
                    && decides_position(game, a, b, has_second)
                    && game.first_player_wins(a, b) != losing
            });
            if found.is_some() {
                break;
            }
        }
        let what = if has_second {
            format!(
                "numbers in [{}, {}] and [{}, {}]",
                o.min, o.max, o.second_min, o.second_max
            )
        } else {
            format!("a number in [{}, {}]", o.min, o.max)
        };
        let (a, b) = found.ok_or_else(|| impossible(CaseName::of(case), losing, &what))?;
        lines.number(a);
        if layout.has_second() {
            lines.byte(b' ');
            lines.number(b);
        }
        lines.byte(b'\n');
        lines.spill()?;
        progress(case + 1);
    }
    Ok(())
}
