//! Reproducible test files: `nimstream gen`.
//!
//! The same arguments give the same bytes, on every machine and in every
//! version that keeps this module's generator: the random numbers come from
//! [`SplitMix64`], defined here rather than taken from a crate whose stream
//! might change. Each case draws from its own generator, seeded from the
//! file's seed and the case number, so that a case's contents do not depend
//! on how the file is split for writing.
//!
//! Every file is in the strict format that `nimstream validate` accepts:
//! single spaces, one case's numbers per line, `\n` line ends and one final
//! newline. A chosen share of the cases is made losing for the first player
//! (`--losing`), so that a test set exercises both verdicts.

use std::io::{self, Write};

use crate::games::{fibonacci, kmultiple::KMultiple, lasker, wythoff, CaseSummary, HeapFold};
use crate::solve::Game;

/// What to generate. Values are drawn uniformly from `min..=max`.
#[derive(Clone, Debug)]
pub struct GenOptions {
    pub cases: u64,
    /// Heaps per case (heap games).
    pub heaps: u64,
    pub min: u64,
    pub max: u64,
    /// For the pair games: the range of the second number (m, k).
    pub second_min: u64,
    pub second_max: u64,
    pub seed: u64,
    /// Share of cases, from 0 to 1, made losing for the first player.
    pub losing: f64,
}

/// SplitMix64 (Steele, Lea and Flood): small, fast, and fully specified.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The generator of case `case` of a file seeded with `seed`.
    pub fn for_case(seed: u64, case: u64) -> SplitMix64 {
        let mut mix = SplitMix64(seed ^ case.wrapping_mul(0xD1B5_4A32_D192_ED03));
        SplitMix64(mix.next_u64())
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..=hi`, without bias (Lemire's multiply-and-reject).
    #[inline]
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        let span = (hi - lo).wrapping_add(1);
        if span == 0 {
            return self.next_u64();
        }
        let mut wide = u128::from(self.next_u64()) * u128::from(span);
        // The rejection threshold needs a division; it can only matter when
        // the low half is below `span`, which is rare for small spans.
        if (wide as u64) < span {
            let threshold = span.wrapping_neg() % span;
            while (wide as u64) < threshold {
                wide = u128::from(self.next_u64()) * u128::from(span);
            }
        }
        lo + (wide >> 64) as u64
    }

    /// True with probability `p`.
    #[inline]
    pub fn chance(&mut self, p: f64) -> bool {
        // 53 random bits as a fraction in [0, 1).
        ((self.next_u64() >> 11) as f64) * (1.0 / (1u64 << 53) as f64) < p
    }
}

/// A buffer of text that is written out in large blocks.
struct Lines<W: Write> {
    out: W,
    buf: Vec<u8>,
}

impl<W: Write> Lines<W> {
    const BLOCK: usize = 1 << 20;

    #[inline]
    fn number(&mut self, value: u64) {
        push_decimal(&mut self.buf, value);
    }

    fn byte(&mut self, byte: u8) {
        self.buf.push(byte);
    }

    /// Writes the buffer out once it holds a block.
    fn spill(&mut self) -> io::Result<()> {
        if self.buf.len() >= Self::BLOCK {
            self.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    fn finish(mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.out.flush()
    }
}

/// Eight ASCII digits of `value` (below 10^8, with leading zeros), the first
/// in the lowest byte: the reverse of parsing's SWAR step. Two multiplies
/// split the value into 4-digit, then 2-digit, then 1-digit lanes of one
/// `u64`, with constants that divide exactly in these ranges: `x * 10486 >>
/// 20` is `x / 100` for `x < 10^4`, and `y * 103 >> 10` is `y / 10` for
/// `y < 100`. No lane can carry into the next.
#[inline(always)]
fn eight_ascii(value: u64) -> u64 {
    let quads = (value / 10_000) | ((value % 10_000) << 32);
    let hundreds = ((quads * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let pairs = hundreds | ((quads - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    let digits = tens | ((pairs - tens * 10) << 8);
    digits | 0x3030_3030_3030_3030
}

/// Number of decimal digits of `value`.
#[inline(always)]
fn digit_count(value: u64) -> usize {
    value.checked_ilog10().unwrap_or(0) as usize + 1
}

/// Appends `value` in decimal: eight digits per step as one `u64` store into
/// the vector's spare capacity. This is the generator's hot path, where a
/// general formatter took over half the time.
#[inline(always)]
pub fn push_decimal(buf: &mut Vec<u8>, value: u64) {
    const E8: u64 = 100_000_000;
    // Up to three 8-byte stores, the last starting at most 12 bytes in.
    buf.reserve(24);
    let old = buf.len();
    let out = buf.spare_capacity_mut().as_mut_ptr() as *mut u8;
    // The leading group is stored with its leading zeros shifted out; the
    // bytes past its digits are overwritten by the next group or left
    // beyond the new length.
    let lead = |group: u64| eight_ascii(group) >> (8 * (8 - digit_count(group)));
    let (groups, len): ([u64; 3], usize) = if value < E8 {
        ([lead(value), 0, 0], digit_count(value))
    } else if value < E8 * E8 {
        let high = value / E8;
        let len = digit_count(high);
        ([lead(high), eight_ascii(value % E8), 0], len + 8)
    } else {
        let top = value / (E8 * E8);
        let len = digit_count(top);
        let middle = eight_ascii(value / E8 % E8);
        ([lead(top), middle, eight_ascii(value % E8)], len + 16)
    };
    let lead_len = len - 8 * (len.saturating_sub(1) / 8);
    // SAFETY: 24 bytes are reserved after `old`; the stores below end at
    // most at `lead_len + 16 <= 20` bytes, and `len` bytes are written.
    unsafe {
        for (i, &group) in groups.iter().enumerate().take(1 + (len - 1) / 8) {
            let at = if i == 0 { 0 } else { lead_len + 8 * (i - 1) };
            std::ptr::write_unaligned(out.add(at) as *mut u64, group.to_le());
        }
        buf.set_len(old + len);
    }
}

/// Writes a test file for `game` to `out` on one thread.
pub fn generate<W: Write>(game: Game, options: &GenOptions, out: W) -> io::Result<()> {
    generate_with_threads(game, options, out, 1)
}

/// Writes a test file for `game` to `out`, using up to `threads` threads.
///
/// The bytes do not depend on `threads`: each case comes from its own
/// generator, and cases are written in order.
pub fn generate_with_threads<W: Write>(
    game: Game,
    options: &GenOptions,
    out: W,
    threads: usize,
) -> io::Result<()> {
    let mut lines = Lines {
        out,
        buf: Vec::with_capacity(Lines::<W>::BLOCK + 4096),
    };
    if !matches!(game, Game::Fibonacci | Game::Wythoff) {
        lines.number(options.cases);
        lines.byte(b'\n');
    }
    crate::with_heap_fold!(game, fold => heap_cases(&fold, game, options, &mut lines, threads)?,
        else pair_cases(game, options, &mut lines)?);
    if game == Game::Fibonacci {
        lines.number(0);
        lines.byte(b'\n');
    }
    lines.finish()
}

/// Cases larger than this many heaps are written by one thread as they are
/// generated, so that memory stays bounded whatever `--heaps` is.
const PARALLEL_MAX_HEAPS: u64 = 1 << 22;

fn heap_cases<F: HeapFold, W: Write>(
    fold: &F,
    game: Game,
    o: &GenOptions,
    lines: &mut Lines<W>,
    threads: usize,
) -> io::Result<()> {
    if threads > 1 && o.cases > 1 && o.heaps <= PARALLEL_MAX_HEAPS {
        return heap_cases_parallel(fold, game, o, lines, threads);
    }
    for case in 0..o.cases {
        let out = &mut lines.out;
        write_heap_case(fold, game, o, case, &mut lines.buf, &mut |buf| {
            if buf.len() >= Lines::<W>::BLOCK {
                out.write_all(buf)?;
                buf.clear();
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// Generates cases on `threads` threads and writes them in order. At most
/// `2 * threads` cases are handed out ahead of the writer, which bounds
/// memory.
fn heap_cases_parallel<F: HeapFold, W: Write>(
    fold: &F,
    game: Game,
    o: &GenOptions,
    lines: &mut Lines<W>,
    threads: usize,
) -> io::Result<()> {
    use std::collections::BTreeMap;
    use std::sync::{Condvar, Mutex};

    struct Shared {
        next: u64,
        written: u64,
        done: BTreeMap<u64, Vec<u8>>,
        failed: bool,
    }
    let window = 2 * threads as u64;
    let shared = Mutex::new(Shared {
        next: 0,
        written: 0,
        done: BTreeMap::new(),
        failed: false,
    });
    let changed = Condvar::new();
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    let worker = || loop {
        let case = {
            let mut s = lock();
            while s.next >= s.written + window && !s.failed {
                s = changed.wait(s).unwrap_or_else(|e| e.into_inner());
            }
            if s.next >= o.cases || s.failed {
                return;
            }
            s.next += 1;
            s.next - 1
        };
        let mut buf = Vec::new();
        // Writing into a Vec cannot fail, and `spill` does nothing here.
        let _ = write_heap_case(fold, game, o, case, &mut buf, &mut |_| Ok(()));
        lock().done.insert(case, buf);
        changed.notify_all();
    };
    let mut result = Ok(());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(worker);
        }
        for case in 0..o.cases {
            let buf = {
                let mut s = lock();
                loop {
                    if let Some(buf) = s.done.remove(&case) {
                        break buf;
                    }
                    s = changed.wait(s).unwrap_or_else(|e| e.into_inner());
                }
            };
            let written = lines
                .out
                .write_all(&lines.buf)
                .and_then(|()| lines.out.write_all(&buf));
            lines.buf.clear();
            let mut s = lock();
            s.written = case + 1;
            if let Err(e) = written {
                s.failed = true;
                result = Err(e);
            }
            drop(s);
            changed.notify_all();
            if result.is_err() {
                break;
            }
        }
    });
    result
}

/// Writes case `case` of a heap game (its `N` line and its heap line) into
/// `buf`, calling `spill` every few thousand heaps so that a caller can write
/// a huge case out as it goes.
///
/// A losing case is made by choosing the last heap so that the case's value
/// is zero, when the range allows it; otherwise the case stays random (and
/// may be winning). The heaps before it are folded with the game's own
/// [`HeapFold`] to know what the last one must be.
fn write_heap_case<F: HeapFold>(
    fold: &F,
    game: Game,
    o: &GenOptions,
    case: u64,
    buf: &mut Vec<u8>,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> io::Result<()>,
) -> io::Result<()> {
    let mut rng = SplitMix64::for_case(o.seed, case);
    let losing = rng.chance(o.losing);
    push_decimal(buf, o.heaps);
    buf.push(b'\n');
    let mut rest = CaseSummary::default();
    for i in 0..o.heaps {
        let mut heap = rng.between(o.min, o.max);
        if i + 1 < o.heaps {
            fold.fold(&mut rest, heap);
        } else if losing {
            let fixed = losing_last_heap(game, o, &mut rng, &rest);
            if let Some(fixed) = fixed.filter(|h| (o.min..=o.max).contains(h)) {
                heap = fixed;
            }
        }
        if i > 0 {
            buf.push(b' ');
        }
        push_decimal(buf, heap);
        if i % 4096 == 4095 {
            spill(buf)?;
        }
    }
    buf.push(b'\n');
    spill(buf)
}

/// The heap that makes a case whose other heaps fold to `rest` a loss.
fn losing_last_heap(
    game: Game,
    o: &GenOptions,
    rng: &mut SplitMix64,
    rest: &CaseSummary,
) -> Option<u64> {
    match game {
        Game::Nim => Some(rest.xor),
        Game::Lasker => {
            // The swap is its own inverse, so the heap worth x is g(x).
            if rest.carry != 0 {
                return None;
            }
            u64::try_from(lasker::grundy(rest.xor)).ok()
        }
        Game::Bounded { max_take } => {
            let x = rest.xor;
            // Keep the heap's size random above the required residue.
            let lift = max_take
                .checked_add(1)
                .map_or(0, |m| rng.between(0, o.max.saturating_sub(x) / m) * m);
            Some(x + lift)
        }
        // With a heap above 1 elsewhere, the misère rule is the normal one;
        // with only 0s and 1s, the first player loses on an odd count of 1s.
        Game::Misere if rest.big > 0 => Some(rest.xor),
        Game::Misere => Some(if rest.ones.is_multiple_of(2) { 1 } else { 0 }),
        _ => None,
    }
}

fn pair_cases<W: Write>(game: Game, o: &GenOptions, lines: &mut Lines<W>) -> io::Result<()> {
    let mut kmultiple = KMultiple::new();
    for case in 0..o.cases {
        let mut rng = SplitMix64::for_case(o.seed, case);
        let losing = rng.chance(o.losing);
        let (a, b) = pair_case(game, o, &mut rng, losing, &mut kmultiple);
        lines.number(a);
        if let Some(b) = b {
            lines.byte(b' ');
            lines.number(b);
        }
        lines.byte(b'\n');
        lines.spill()?;
    }
    Ok(())
}

/// One case of a pair game: `(first, second)`, or `(n, None)` for Fibonacci.
fn pair_case(
    game: Game,
    o: &GenOptions,
    rng: &mut SplitMix64,
    losing: bool,
    kmultiple: &mut KMultiple,
) -> (u64, Option<u64>) {
    let n = rng.between(o.min, o.max);
    let m = rng.between(o.second_min, o.second_max);
    match game {
        Game::Bash => {
            let n = match m.checked_add(1) {
                Some(d) if losing && o.max / d >= 1 => {
                    let lo = o.min.div_ceil(d).max(1);
                    let hi = o.max / d;
                    if lo <= hi {
                        rng.between(lo, hi) * d
                    } else {
                        n
                    }
                }
                _ => n,
            };
            (n, Some(m))
        }
        Game::Fibonacci => {
            let mut losing_n = || {
                let lo = o.min.max(2);
                let first = fibonacci::FIBONACCI.iter().position(|&f| f >= lo)?;
                let last = fibonacci::FIBONACCI.iter().rposition(|&f| f <= o.max)?;
                (first <= last)
                    .then(|| fibonacci::FIBONACCI[rng.between(first as u64, last as u64) as usize])
            };
            let n = if losing { losing_n().unwrap_or(n) } else { n };
            // 0 would end the input early.
            (n.max(1), None)
        }
        Game::KMultiple => {
            let n = if losing {
                kmultiple
                    .losing_at_most(n, m)
                    .filter(|&l| l >= o.min)
                    .unwrap_or(n)
            } else {
                n
            };
            (n, Some(m))
        }
        Game::Wythoff => {
            if losing {
                let k = rng.between(0, o.max / 3);
                if let Some((a, b)) = wythoff::losing_pair(k) {
                    if a >= o.min && b <= o.max {
                        return if rng.chance(0.5) {
                            (a, Some(b))
                        } else {
                            (b, Some(a))
                        };
                    }
                }
            }
            (n, Some(rng.between(o.min, o.max)))
        }
        _ => (n, Some(m)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_matches_the_standard_formatter() {
        let mut buf = Vec::new();
        let mut expected = String::new();
        let mut rng = SplitMix64::new(7);
        let mut values = vec![
            0,
            1,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
        ];
        values.extend((0..20).map(|i| 10u64.pow(i)));
        values.extend((1..20).map(|i| 10u64.pow(i) - 1));
        values.extend((0..1000).map(|_| rng.next_u64() >> (rng.next_u64() % 64)));
        for v in values {
            push_decimal(&mut buf, v);
            buf.push(b' ');
            expected += &format!("{v} ");
        }
        assert_eq!(String::from_utf8(buf).unwrap(), expected);
    }

    #[test]
    fn between_stays_in_range_and_covers_it() {
        let mut rng = SplitMix64::new(3);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = rng.between(10, 16);
            assert!((10..=16).contains(&v));
            seen[(v - 10) as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(
            SplitMix64::new(1).between(0, u64::MAX),
            SplitMix64::new(1).next_u64()
        );
    }
}
