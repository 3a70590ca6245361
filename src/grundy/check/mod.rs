//! The search for a heap's candidate values among all its pairs.
//!
//! After the rare heaps' pairs, a heap's value is the smallest unmarked
//! value common in every class — unless some smaller unmarked value, not
//! common everywhere, is missing from the options too. Those candidates
//! can only come from two common heaps, so every pair `a + b = m` of the
//! classes where they are not common is visited, `a = 1, 2, …` across all
//! of a class's removals at once (a block of `BLOCK` pairs from each in
//! turn), until each candidate is found or the pairs run out. The smallest
//! candidate left is then the heap's value.
//!
//! Visiting a block is a filter: the value of each pair is tested against
//! a bit map of the candidates not found yet, and only the pairs that hit
//! one go further. `portable` tests one pair at a time; with AVX2,
//! `avx2` tests 32 pairs of one-byte values or 16 of two-byte values at
//! once (a byte shuffle reverses the far heaps, a table lookup or a gather
//! tests the bits). The [`Scanner`] is chosen once, from what the CPU runs;
//! both are tested against each other on the same pairs.
//!
//! While every value is below 64 (0.454, 0.106 and most games early on),
//! the candidates are one word: [`search_small`] keeps it in a register,
//! with no table to fill and clear per heap, and when a block of pairs hits,
//! each candidate is compared with the whole block rather than each hit
//! lane read back.

#[cfg(target_arch = "x86_64")]
mod avx2;
mod portable;

use super::split::Class;
use super::values::Cell;

/// How blocks of pairs are visited: built only by asking the CPU, so the
/// vector path never runs where it cannot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scanner(Kind);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Default for Scanner {
    fn default() -> Scanner {
        Scanner::detect()
    }
}

impl Scanner {
    /// The widest scanner this CPU runs.
    pub fn detect() -> Scanner {
        Scanner::available()
            .pop()
            .unwrap_or(Scanner(Kind::Portable))
    }

    /// Every scanner this CPU runs, narrowest first.
    pub fn available() -> Vec<Scanner> {
        let mut all = vec![Scanner(Kind::Portable)];
        #[cfg(target_arch = "x86_64")]
        if avx2::is_available() {
            all.push(Scanner(Kind::Avx2));
        }
        all
    }

    /// The portable scanner, which runs everywhere.
    pub fn portable() -> Scanner {
        Scanner(Kind::Portable)
    }

    /// The scanner's name: `portable` or `avx2`.
    pub fn name(self) -> &'static str {
        match self.0 {
            Kind::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => "avx2",
        }
    }
}

/// A cell type whose pairs a [`Scanner`] visits.
pub(super) trait Scan: Cell {
    /// Visits the pairs `(a, m - a)` for `a` in `from..to` in order, telling
    /// `candidates` of each value in its bit map; true once every candidate
    /// is found (the visit stops there).
    fn scan(
        scanner: Scanner,
        g: &[Self],
        m: usize,
        from: usize,
        to: usize,
        candidates: &mut Candidates,
    ) -> bool;

    /// [`Scan::scan`] for candidates below 64, held in a word: returns
    /// `wanted` less the values of the pairs `(a, m - a)`, `a` in
    /// `from..to`, visited until none is left.
    fn scan_small(
        scanner: Scanner,
        g: &[Self],
        m: usize,
        from: usize,
        to: usize,
        wanted: u64,
    ) -> u64 {
        let _ = scanner;
        portable::scan_small(g, m, from, to, wanted)
    }
}

impl Scan for u8 {
    #[inline]
    fn scan(
        scanner: Scanner,
        g: &[u8],
        m: usize,
        from: usize,
        to: usize,
        candidates: &mut Candidates,
    ) -> bool {
        match scanner.0 {
            Kind::Portable => portable::scan(g, m, from, to, candidates),
            // SAFETY: an AVX2 scanner is only built where the CPU runs it.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { avx2::scan_bytes(g, m, from, to, candidates) },
        }
    }

    #[inline]
    fn scan_small(
        scanner: Scanner,
        g: &[u8],
        m: usize,
        from: usize,
        to: usize,
        wanted: u64,
    ) -> u64 {
        match scanner.0 {
            Kind::Portable => portable::scan_small(g, m, from, to, wanted),
            // SAFETY: as for `scan`.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { avx2::scan_small_bytes(g, m, from, to, wanted) },
        }
    }
}

impl Scan for u16 {
    #[inline]
    fn scan(
        scanner: Scanner,
        g: &[u16],
        m: usize,
        from: usize,
        to: usize,
        candidates: &mut Candidates,
    ) -> bool {
        match scanner.0 {
            Kind::Portable => portable::scan(g, m, from, to, candidates),
            // SAFETY: as for bytes.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { avx2::scan_shorts(g, m, from, to, candidates) },
        }
    }
}

impl Scan for u32 {
    #[inline]
    fn scan(
        _: Scanner,
        g: &[u32],
        m: usize,
        from: usize,
        to: usize,
        candidates: &mut Candidates,
    ) -> bool {
        portable::scan(g, m, from, to, candidates)
    }
}

/// The candidates of one heap, as bit sets: all of them, and those each
/// class's pairs may give.
#[derive(Clone, Debug)]
pub(super) struct Candidates {
    /// Bit `v` is set while `v` is a candidate not found yet. Always
    /// [`Candidates::WORDS`] words, every two-byte value, so that the vector
    /// scanners may look up any value of their cells.
    wanted: Vec<u64>,
    /// For each class, the wanted values its pairs may give.
    by_class: [Vec<u64>; 2],
    /// The words that may be nonzero: `0..used`.
    used: usize,
    /// Candidates not found yet, per class and in all.
    left_in: [u32; 2],
    left: u32,
    /// The search's list of removals, kept for its allocation.
    moves: Vec<(usize, usize, usize)>,
}

impl Default for Candidates {
    fn default() -> Candidates {
        Candidates {
            wanted: vec![0; Candidates::WORDS],
            by_class: [vec![0; Candidates::WORDS], vec![0; Candidates::WORDS]],
            used: 0,
            left_in: [0; 2],
            left: 0,
            moves: vec![],
        }
    }
}

impl Candidates {
    /// Words of each bit set: every value below 65,536.
    pub const WORDS: usize = 1 << 10;

    /// Forgets the last heap's candidates.
    #[inline]
    pub fn begin(&mut self) {
        let [first, second] = &mut self.by_class;
        for words in [&mut self.wanted, first, second] {
            words[..self.used].fill(0);
        }
        (self.used, self.left_in, self.left) = (0, [0; 2], 0);
    }

    /// The bit map of candidates not found yet, as 32-bit words (bit `v` of
    /// word `v / 32`).
    #[inline(always)]
    pub fn map(&self) -> &[u32] {
        bytemuck::cast_slice(&self.wanted)
    }

    /// Adds `v`, below 65,536, which pairs of the classes in `classes` may
    /// give.
    pub fn add(&mut self, v: u32, classes: u8) {
        let (w, bit) = (v as usize / 64, 1u64 << (v % 64));
        self.wanted[w] |= bit;
        for d in 0..2 {
            if classes >> d & 1 != 0 {
                self.by_class[d][w] |= bit;
                self.left_in[d] += 1;
            }
        }
        self.used = self.used.max(w + 1);
        self.left += 1;
    }

    /// Whether every candidate is below `limit`, a multiple of 64.
    #[inline(always)]
    pub fn all_below(&self, limit: usize) -> bool {
        self.used * 64 <= limit
    }

    /// Whether there is no candidate.
    pub fn is_empty(&self) -> bool {
        self.left == 0
    }

    /// The smallest candidate not found, which is then the heap's value.
    pub fn smallest_left(&self) -> Option<u32> {
        let (w, &word) = self.wanted[..self.used]
            .iter()
            .enumerate()
            .find(|(_, &word)| word != 0)?;
        Some(w as u32 * 64 + word.trailing_zeros())
    }

    /// Whether `x` is a candidate not found yet.
    #[inline(always)]
    pub fn wanted(&self, x: u32) -> bool {
        self.wanted
            .get(x as usize / 64)
            .is_some_and(|w| w >> (x % 64) & 1 != 0)
    }

    /// Records that some pair gives `x`; true once every candidate is found.
    #[inline(always)]
    pub fn found(&mut self, x: u32) -> bool {
        let (w, bit) = (x as usize / 64, 1u64 << (x % 64));
        if self.wanted.get(w).is_some_and(|&word| word & bit != 0) {
            self.wanted[w] &= !bit;
            for d in 0..2 {
                if self.by_class[d][w] & bit != 0 {
                    self.by_class[d][w] &= !bit;
                    self.left_in[d] -= 1;
                }
            }
            self.left -= 1;
        }
        self.left == 0
    }
}

/// Pairs visited from each removal before moving to the next one: short
/// enough that a candidate only one removal gives is found about as early
/// as if they were visited `a` by `a`.
const BLOCK: usize = 64;

/// The block of pairs to visit after `a = next - 1`: up to [`BLOCK`] of
/// them, from `next` or, inside `skip`, from the end of it, and stopping
/// where `skip` begins.
#[inline]
fn pairs_from(next: usize, skip: (usize, usize)) -> (usize, usize) {
    if next < skip.0 {
        (next, (next + BLOCK).min(skip.0))
    } else {
        let from = if next < skip.1 { skip.1 } else { next };
        (from, from + BLOCK)
    }
}

/// The pairs of heap `n = g.len()` visited in order, but for those of the
/// heaps `a` in `skip`, whose values are marked already, until every
/// candidate is found or the pairs run out; returns the pairs looked at.
pub(super) fn search<T: Scan>(
    scanner: Scanner,
    g: &[T],
    classes: &[Class],
    unequal: bool,
    skip: (usize, usize),
    candidates: &mut Candidates,
) -> u64 {
    let n = g.len();
    // (m, the last a, the class) for every removal that splits.
    let mut moves = std::mem::take(&mut candidates.moves);
    moves.clear();
    for (d, class) in classes.iter().enumerate() {
        for &b in &class.moves {
            if b + 2 > n {
                break;
            }
            let m = n - b;
            let last = if unequal { (m - 1) / 2 } else { m / 2 };
            moves.push((m, last, d));
        }
    }
    let mut looked = 0u64;
    let mut next = 1;
    'blocks: loop {
        let (from, to) = pairs_from(next, skip);
        let mut visited = false;
        for &(m, last, d) in &moves {
            if candidates.left_in[d] == 0 || from > last {
                continue;
            }
            visited = true;
            let end = to.min(last + 1);
            looked += (end - from) as u64;
            if T::scan(scanner, g, m, from, end, candidates) {
                break 'blocks;
            }
        }
        if !visited {
            break;
        }
        next = to;
    }
    candidates.moves = moves;
    looked
}

/// [`search`] for candidates below 64, the usual case while every value
/// is, skipping the pairs of the heaps in `skip` too: `wanted` has a bit
/// per candidate and `by_class[d]` a bit per candidate class `d`'s pairs
/// may give, all in registers, with no table to fill or clear. Returns the
/// candidates left and the pairs looked at.
pub(super) fn search_small<T: Scan>(
    scanner: Scanner,
    g: &[T],
    classes: &[Class],
    unequal: bool,
    skip: (usize, usize),
    wanted: u64,
    by_class: [u64; 2],
) -> (u64, u64) {
    let n = g.len();
    let mut wanted = wanted;
    let mut looked = 0u64;
    let mut next = 1;
    loop {
        let (from, to) = pairs_from(next, skip);
        let mut visited = false;
        for (class, only) in classes.iter().zip(by_class) {
            for &b in &class.moves {
                if b + 2 > n || wanted & only == 0 {
                    break;
                }
                let m = n - b;
                let last = if unequal { (m - 1) / 2 } else { m / 2 };
                if from > last {
                    continue;
                }
                visited = true;
                let end = to.min(last + 1);
                looked += (end - from) as u64;
                wanted = T::scan_small(scanner, g, m, from, end, wanted);
                if wanted == 0 {
                    return (0, looked);
                }
            }
        }
        if !visited {
            return (wanted, looked);
        }
        next = to;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// Candidates as the sparse path sets them: some values below
    /// `limit`, each for one class or both.
    fn random_candidates(rng: &mut SplitMix64, limit: u32, count: usize) -> Candidates {
        let mut c = Candidates::default();
        c.begin();
        let mut added = std::collections::BTreeSet::new();
        for _ in 0..count {
            let v = rng.between(0, u64::from(limit) - 1) as u32;
            if added.insert(v) {
                c.add(v, 1 + rng.between(0, 2) as u8);
            }
        }
        c
    }

    /// Values below `max + 1` for up to 302 heaps, a heap `m` among them and
    /// a range `from..to` of its pairs.
    fn random_pairs<T: Scan>(rng: &mut SplitMix64, max: u32) -> (Vec<T>, usize, usize, usize) {
        let n = 2 + rng.between(0, 300) as usize;
        let g: Vec<T> = (0..n)
            .map(|_| T::narrow(rng.between(0, u64::from(max)) as u32))
            .collect();
        let m = 2 + rng.between(0, n as u64 - 2) as usize;
        let to = 1 + rng.between(0, (m / 2) as u64) as usize;
        let from = 1 + rng.between(0, to as u64 - 1) as usize;
        (g, m, from, to)
    }

    /// Each scanner's state after a scan equals the portable one's.
    fn same_scans<T: Scan>(rng: &mut SplitMix64, max: u32, limit: u32) {
        for _ in 0..300 {
            let (g, m, from, to) = random_pairs::<T>(rng, max);
            let count = 1 + rng.between(0, 12) as usize;
            let seed = rng.next_u64();
            let mut reference = random_candidates(&mut SplitMix64::new(seed), limit, count);
            let done = T::scan(Scanner::portable(), &g, m, from, to, &mut reference);
            for scanner in Scanner::available() {
                let mut c = random_candidates(&mut SplitMix64::new(seed), limit, count);
                assert_eq!(
                    T::scan(scanner, &g, m, from, to, &mut c),
                    done,
                    "{}",
                    scanner.name()
                );
                assert_eq!(
                    c.wanted,
                    reference.wanted,
                    "{} m {m} {from}..{to}",
                    scanner.name()
                );
                assert_eq!(c.left_in, reference.left_in);
            }
        }
    }

    #[test]
    fn every_scanner_finds_what_the_portable_one_finds() {
        let mut rng = SplitMix64::new(0x5ca7);
        for (max, limit) in [(3, 4), (15, 16), (63, 64), (255, 256)] {
            same_scans::<u8>(&mut rng, max, limit);
        }
        for (max, limit) in [(15, 16), (511, 512), (1023, 1024), (65_535, 65_536)] {
            same_scans::<u16>(&mut rng, max, limit);
        }
        same_scans::<u32>(&mut rng, 1000, 1024);
    }

    /// Each scanner's small scan leaves the candidates the table scan
    /// leaves, on values below 64 and on wider ones, which it skips.
    fn same_small_scans<T: Scan>(rng: &mut SplitMix64, max: u32) {
        for _ in 0..2000 {
            let (g, m, from, to) = random_pairs::<T>(rng, max);
            let count = rng.between(0, 6) as usize;
            let mut table = random_candidates(rng, 64, count);
            let wanted = table.wanted[0];
            T::scan(Scanner::portable(), &g, m, from, to, &mut table);
            for scanner in Scanner::available() {
                assert_eq!(
                    T::scan_small(scanner, &g, m, from, to, wanted),
                    table.wanted[0],
                    "{} m {m} {from}..{to} wanted {wanted:#x}",
                    scanner.name()
                );
            }
        }
    }

    #[test]
    fn every_small_scan_finds_what_the_table_scan_finds() {
        let mut rng = SplitMix64::new(0x5a11);
        for max in [1, 3, 15, 63, 255] {
            same_small_scans::<u8>(&mut rng, max);
        }
        same_small_scans::<u16>(&mut rng, 100);
        same_small_scans::<u32>(&mut rng, 100);
    }

    #[test]
    fn a_search_that_skips_marked_pairs_leaves_what_a_full_one_leaves() {
        // The engine skips the pairs of heaps a second thread swept, whose
        // values are marked, so never candidates: found by the full search
        // or not, they leave the same candidates behind.
        let mut rng = SplitMix64::new(0x5e1f);
        for round in 0..600 {
            let n = 8 + rng.between(0, 400) as usize;
            let limit: u32 = if round % 2 == 0 { 64 } else { 512 };
            let g: Vec<u16> = (0..n)
                .map(|_| rng.between(0, u64::from(limit) - 1) as u16)
                .collect();
            let mut moves: Vec<usize> = (1..=5).filter(|_| rng.between(0, 1) == 1).collect();
            if moves.is_empty() {
                moves.push(1);
            }
            moves.retain(|&b| b + 2 <= n);
            let classes = [Class::of_moves(moves.clone())];
            let last = (n - moves.last().copied().unwrap_or(0)) / 2;
            let from = 1 + rng.between(0, last as u64) as usize;
            let skip = (
                from,
                from + rng.between(0, (last + 2 - from) as u64) as usize,
            );
            // One class, so every candidate is its: a candidate of another
            // class only is found or not by chance, as the search goes.
            let mut skipping = Candidates::default();
            skipping.begin();
            for _ in 0..1 + rng.between(0, 20) {
                let v = rng.between(0, u64::from(limit) - 1) as u32;
                if !skipping.wanted(v) {
                    skipping.add(v, 1);
                }
            }
            for &b in &moves {
                for a in skip.0..skip.1.min((n - b) / 2 + 1) {
                    skipping.found(u32::from(g[a] ^ g[n - b - a]));
                }
            }
            let small = skipping.wanted[0];
            for scanner in Scanner::available() {
                let (mut a, mut b) = (skipping.clone(), skipping.clone());
                search(scanner, &g, &classes, false, skip, &mut a);
                search(scanner, &g, &classes, false, (0, 0), &mut b);
                assert_eq!(a.wanted, b.wanted, "{} n {n} {skip:?}", scanner.name());
                if limit == 64 {
                    let by_class = [small, 0];
                    let (left, _) =
                        search_small(scanner, &g, &classes, false, skip, small, by_class);
                    let (all, _) =
                        search_small(scanner, &g, &classes, false, (0, 0), small, by_class);
                    assert_eq!(left, all, "{} n {n} {skip:?}", scanner.name());
                    assert_eq!(left, a.wanted[0]);
                }
            }
        }
    }

    #[test]
    fn a_candidate_is_found_once_and_only_its_classes_count() {
        let mut c = Candidates::default();
        c.begin();
        c.add(2, 0b01);
        c.add(5, 0b11);
        assert_eq!(c.left_in, [2, 1]);
        assert!(!c.found(7), "7 is no candidate");
        assert!(!c.found(5));
        assert!(!c.found(5), "found twice counts once");
        assert_eq!(c.left_in, [1, 0]);
        assert_eq!(c.smallest_left(), Some(2));
        assert!(c.found(2));
        assert_eq!(c.smallest_left(), None);
        c.begin();
        assert!(c.is_empty() && c.wanted.iter().all(|&k| k == 0));
        assert!(c.by_class.iter().flatten().all(|&k| k == 0));
    }
}
