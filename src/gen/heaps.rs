//! Heap cases (`T`, then per case `N` and `N` heaps): how a case is drawn,
//! whole or in runs of heaps.

use super::decimal::push_decimal;
use super::{impossible, CaseName, GenError, GenOptions, TRIES};
use crate::games::{CaseSummary, HeapGame};
use crate::plural::count;
use crate::rng::SplitMix64;

/// Writes case `case` of a heap game (its `N` line and its heap line) into
/// `buf`, calling `spill` every few thousand heaps so that a caller can write
/// a huge case out as it goes.
///
/// All heaps but the last two are drawn and written as they come; the last
/// two are drawn until the case is `losing` (the last one planted by the
/// game's construction) or winning, as asked, which the game's own fold
/// confirms. `after_count` is the byte after the count `N`, or `None` for
/// a bare line of heaps (HDU 1848's triples), never all 0 as that line
/// ends the input.
pub(super) fn write_heap_case<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    name: CaseName,
    losing: bool,
    after_count: Option<u8>,
    buf: &mut Vec<u8>,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> std::io::Result<()>,
) -> Result<(), GenError> {
    let mut rng = SplitMix64::for_case(o.seed, name.index);
    push_count(buf, o.heaps, after_count);
    let mut rest = CaseSummary::default();
    // A bare line of heaps (HDU 1848's triples) ends the input if all are
    // 0, so the last heaps keep it from being all 0 while the others are.
    let mut all_zero = after_count.is_none();
    let free = 0..free_heaps(o);
    draw_heaps(
        game,
        o,
        &mut rng,
        free,
        &mut rest,
        &mut all_zero,
        buf,
        spill,
    )?;
    finish_case(game, o, name, losing, &rest, all_zero, &mut rng, buf)?;
    spill(buf)?;
    Ok(())
}

/// How many heaps of a case are drawn freely: all but the last two, which
/// make its verdict.
pub(super) fn free_heaps(o: &GenOptions) -> u64 {
    o.heaps.saturating_sub(2)
}

/// The count `N` that opens a case, and the byte after it (`None`: no
/// count, for layouts whose cases have a fixed number of heaps).
pub(super) fn push_count(buf: &mut Vec<u8>, heaps: u64, after_count: Option<u8>) {
    if let Some(after) = after_count {
        push_decimal(buf, heaps);
        // No heaps: a count sharing its line ends it; one on its own line
        // is followed by an empty heap line.
        if heaps > 0 || after == b'\n' {
            buf.push(after);
        }
    }
}

/// Draws the free heaps numbered `range` of a case from `rng`, folds them
/// into `rest`, clears `all_zero` if one is not 0, and writes them into
/// `buf`, each after a space but the case's first; `spill` is called every
/// 4096 heaps.
#[allow(clippy::too_many_arguments)]
pub(super) fn draw_heaps<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    rng: &mut SplitMix64,
    range: std::ops::Range<u64>,
    rest: &mut CaseSummary,
    all_zero: &mut bool,
    buf: &mut Vec<u8>,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    for i in range {
        let heap = rng.between(o.min, o.max);
        *all_zero &= heap == 0;
        game.fold(rest, heap);
        if i > 0 {
            buf.push(b' ');
        }
        push_decimal(buf, heap);
        if i % 4096 == 4095 {
            spill(buf)?;
        }
    }
    Ok(())
}

/// Ends case `name`, whose free heaps fold to `rest`: draws its last heaps
/// with `rng` (see [`write_heap_case`]) and writes them and the newline.
#[allow(clippy::too_many_arguments)]
pub(super) fn finish_case<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    name: CaseName,
    losing: bool,
    rest: &CaseSummary,
    all_zero: bool,
    rng: &mut SplitMix64,
    buf: &mut Vec<u8>,
) -> Result<(), GenError> {
    let free = free_heaps(o);
    let last = last_heaps(game, o, rest, losing, o.heaps - free, all_zero, rng);
    let last = last.ok_or_else(|| {
        let what = format!("N = {} in [{}, {}]", count(o.heaps, "heap"), o.min, o.max);
        impossible(name, losing, &what)
    })?;
    for (i, heap) in last.into_iter().flatten().enumerate() {
        if free > 0 || i > 0 {
            buf.push(b' ');
        }
        push_decimal(buf, heap);
    }
    buf.push(b'\n');
    Ok(())
}

/// The last `count` (0 to 2) heaps of a case whose other heaps fold to
/// `rest`, making it `losing` or winning, and not all 0 if `not_all_zero`;
/// `None` if [`TRIES`] draws fail.
fn last_heaps<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    rest: &CaseSummary,
    losing: bool,
    count: u64,
    not_all_zero: bool,
    rng: &mut SplitMix64,
) -> Option<[Option<u64>; 2]> {
    if count == 0 {
        return (game.first_player_wins(rest) != losing).then_some([None, None]);
    }
    for _ in 0..TRIES {
        let mut acc = *rest;
        let first = (count == 2).then(|| rng.between(o.min, o.max));
        if let Some(heap) = first {
            game.fold(&mut acc, heap);
        }
        let last = if losing {
            game.losing_last_heap(&acc, o.min..=o.max, rng)
        } else {
            Some(rng.between(o.min, o.max))
        };
        let zeros = |last: u64| not_all_zero && last == 0 && first.unwrap_or(0) == 0;
        if let Some(last) = last.filter(|&h| (o.min..=o.max).contains(&h) && !zeros(h)) {
            let mut all = acc;
            game.fold(&mut all, last);
            if game.first_player_wins(&all) != losing {
                return Some([first, Some(last)]);
            }
        }
    }
    None
}
