//! The numbers bugs live at, which draws and traps both aim at: counts
//! at their edges and just past a power of ten, and where 32-bit integers
//! wrap.

use crate::problem::Bounds;
use crate::rng::SplitMix64;

/// A count within `bounds` and at most `cap` (unless the bounds' least is
/// more): the least, 1, the cap, one past a power of ten, or any.
pub(super) fn count(bounds: Bounds, cap: u64, rng: &mut SplitMix64) -> u64 {
    let top = bounds.max.min(cap.max(bounds.min));
    let pick = match rng.between(0, 9) {
        0 => bounds.min,
        1 => 1,
        2 => top,
        3 => past_a_power_of_ten(top, rng),
        _ => rng.between(bounds.min, top),
    };
    pick.clamp(bounds.min, top)
}

/// 10^j + 1 for some `j` with 10^j + 1 at most `top` (arrays sized for a
/// round number), or `top` when none is.
fn past_a_power_of_ten(top: u64, rng: &mut SplitMix64) -> u64 {
    let powers = (1..=18).map(|j| 10u64.pow(j) + 1).take_while(|&n| n <= top);
    let powers: Vec<u64> = powers.collect();
    match powers.len() {
        0 => top,
        n => powers[rng.between(0, n as u64 - 1) as usize],
    }
}

/// Where 32-bit integers end: a number just past one wraps in a program
/// that keeps it in an `int` or an `unsigned`.
pub(super) const WRAPS: [u64; 2] = [1 << 31, 1 << 32];
