//! Heap cases (`T`, then per case `N` and `N` heaps): how a case is drawn,
//! whole or in runs of heaps.

use super::decimal::push_decimal;
use super::{impossible, CaseName, GenError, GenOptions, TRIES};
use crate::games::{CaseSummary, HeapGame};
use crate::plural::count;
use crate::rng::SplitMix64;

/// Writes case `name` of a heap game (its `N` line and its heap line) into
/// `buf`, calling `spill` every few thousand heaps so that a caller can write
/// a huge case out as it goes. With a range of counts, `N` is the case's
/// own ([`GenOptions::counts_of`]), drawn again while the case cannot be
/// what the plan asks and none of it is written out yet.
pub(super) fn write_heap_case<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    name: CaseName,
    losing: bool,
    after_count: Option<u8>,
    buf: &mut Vec<u8>,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> std::io::Result<()>,
) -> Result<(), GenError> {
    let start = buf.len();
    let mut counts = o.counts_of(name.index).peekable();
    while let Some(count) = counts.next() {
        let mut spilled = false;
        let mut watched = |buf: &mut Vec<u8>| {
            let before = buf.len();
            spill(buf)?;
            spilled |= buf.len() < before;
            Ok(())
        };
        let o = &o.with_count(count);
        match write_counted_case(game, o, name, losing, after_count, buf, &mut watched) {
            Err(GenError::Impossible(_)) if !spilled && counts.peek().is_some() => {
                buf.truncate(start);
            }
            written => return written,
        }
    }
    unreachable!("a case tries one count at least")
}

/// [`write_heap_case`] with `o.heaps` heaps.
///
/// All heaps but the last two are drawn and written as they come; the last
/// two are drawn until the case is `losing` (the last one planted by the
/// game's construction) or winning, as asked, which the game's own fold
/// confirms. `after_count` is the byte after the count `N`, or `None` for
/// a bare line of heaps (HDU 1848's triples), never all 0 as that line
/// ends the input.
fn write_counted_case<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    name: CaseName,
    losing: bool,
    after_count: Option<u8>,
    buf: &mut Vec<u8>,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> std::io::Result<()>,
) -> Result<(), GenError> {
    let mut rng = SplitMix64::for_case(o.seed, name.index);
    let start = buf.len();
    push_count(buf, o.heaps, after_count);
    let mut rest = CaseSummary::default();
    // A bare line of heaps (HDU 1848's triples) ends the input if all are
    // 0, so the last heaps keep it from being all 0 while the others are.
    let mut all_zero = after_count.is_none();
    let free = 0..free_heaps(o);
    let mut spilled = false;
    let mut watched = |buf: &mut Vec<u8>| {
        let before = buf.len();
        spill(buf)?;
        spilled |= buf.len() < before;
        Ok(())
    };
    draw_heaps(
        game,
        o,
        &mut rng,
        free,
        &mut rest,
        &mut all_zero,
        buf,
        &mut watched,
    )?;
    match finish_case(game, o, name, losing, &rest, all_zero, &mut rng, buf) {
        Ok(()) => {}
        // Two heaps cannot always cancel the others (Kayles: values 1 to
        // 8 make no pair worth 8): a case still held whole is drawn again
        // with three heaps to set.
        Err(error) if losing && !spilled && o.heaps >= 3 => {
            buf.truncate(start);
            push_count(buf, o.heaps, after_count);
            let (mut rest, mut all_zero) = (CaseSummary::default(), after_count.is_none());
            let free = 0..o.heaps - 3;
            draw_heaps(
                game,
                o,
                &mut rng,
                free,
                &mut rest,
                &mut all_zero,
                buf,
                &mut |_| Ok(()),
            )?;
            let three = last_three(game, o, &rest, all_zero, &mut rng).ok_or(error)?;
            for (i, heap) in three.into_iter().enumerate() {
                if o.heaps > 3 || i > 0 {
                    buf.push(b' ');
                }
                push_decimal(buf, heap);
            }
            buf.push(b'\n');
        }
        Err(error) => return Err(error),
    }
    spill(buf)?;
    Ok(())
}

/// The last three heaps of a losing case whose other heaps fold to
/// `rest`: a third-last heap from the range's start, then from a random
/// place, each followed by the two that [`last_heaps`] finds for it.
fn last_three<G: HeapGame>(
    game: &G,
    o: &GenOptions,
    rest: &CaseSummary,
    not_all_zero: bool,
    rng: &mut SplitMix64,
) -> Option<[u64; 3]> {
    let start = rng.between(o.min, o.max);
    let from_start = o.min..=o.max.min(o.min.saturating_add(THIRD_HEAPS));
    let from_random = start..=o.max.min(start.saturating_add(THIRD_HEAPS));
    from_start.chain(from_random).find_map(|third| {
        let mut acc = *rest;
        game.fold(&mut acc, third);
        let all_zero = not_all_zero && third == 0;
        match last_heaps(game, o, &acc, true, 2, all_zero, rng)? {
            [Some(first), Some(last)] => Some([third, first, last]),
            _ => None,
        }
    })
}

/// How many third-last heaps a losing case tries when two heaps cannot
/// cancel the others: enough to meet every value of a rule's preperiod
/// that the catalogue's rules have below it.
const THIRD_HEAPS: u64 = 64;

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
    let attempt = |first: Option<u64>, rng: &mut SplitMix64| {
        let mut acc = *rest;
        if let Some(heap) = first {
            game.fold(&mut acc, heap);
        }
        let last = if losing {
            game.losing_last_heap(&acc, o.min..=o.max, rng)
        } else {
            Some(rng.between(o.min, o.max))
        };
        let zeros = |last: u64| not_all_zero && last == 0 && first.unwrap_or(0) == 0;
        let last = last.filter(|&h| (o.min..=o.max).contains(&h) && !zeros(h))?;
        let mut all = acc;
        game.fold(&mut all, last);
        (game.first_player_wins(&all) != losing).then_some([first, Some(last)])
    };
    for _ in 0..TRIES {
        let first = (count == 2).then(|| rng.between(o.min, o.max));
        if let Some(found) = attempt(first, rng) {
            return Some(found);
        }
    }
    if count < 2 || !losing {
        return None;
    }
    // Random first heaps rarely reach a value that only a few heaps have
    // (a value of Kayles' preperiod, which no three periodic values
    // cancel): the heaps from the range's start, then after a random
    // start, give the first heap every value the range holds, early.
    let start = rng.between(o.min, o.max);
    let from_start = o.min..=o.max.min(o.min.saturating_add(FIRST_HEAPS));
    let from_random = start..=o.max.min(start.saturating_add(FIRST_HEAPS));
    from_random
        .chain(from_start)
        .find_map(|first| attempt(Some(first), rng))
}

/// How many first heaps a losing case tries, in order, once its random
/// draws failed: more than a rule's preperiod and period together for the
/// rules the catalogue names.
const FIRST_HEAPS: u64 = 4096;
