//! Cases of one position each: one or two numbers per line.

use std::io::{self, Write};

use super::decimal::Lines;
use super::GenOptions;
use crate::games::{PositionGame, PositionRanges};
use crate::problem::Layout;
use crate::rng::SplitMix64;

/// Writes `o.cases` lines of one position each, the second number only if
/// the layout has one.
pub(super) fn position_cases<G: PositionGame, W: Write>(
    game: &mut G,
    layout: Layout,
    o: &GenOptions,
    lines: &mut Lines<W>,
) -> io::Result<()> {
    let ranges = PositionRanges {
        first: o.min..=o.max,
        second: o.second_min..=o.second_max,
    };
    for case in 0..o.cases {
        let mut rng = SplitMix64::for_case(o.seed, case);
        let losing = rng.chance(o.losing);
        let drawn = (rng.within(&ranges.first), rng.within(&ranges.second));
        let (a, b) = if losing {
            game.losing_position(drawn, &ranges, &mut rng)
                .unwrap_or(drawn)
        } else {
            drawn
        };
        lines.number(a);
        if layout.has_second() {
            lines.byte(b' ');
            lines.number(b);
        }
        lines.byte(b'\n');
        lines.spill()?;
    }
    Ok(())
}
