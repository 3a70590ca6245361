//! The split of a game's values into common and rare ones, which makes the
//! sparse space fast.
//!
//! # Why a split helps
//!
//! The options of a heap that a split leaves are the values `G(a) ^ G(b)`
//! over every pair `a + b = m`: `m / 2` of them for each splitting removal,
//! which makes the naive mex quadratic. Suppose the values that occur are
//! divided into a *common* set `C` and a *rare* set `R` such that no xor of
//! two common values is common. Then a common option value always comes
//! from a pair with a rare member, and the heaps whose values are rare — a
//! few, in games with a sparse space — give every common option with one
//! lookup each. The smallest common value that no such pair gives is then
//! the heap's value, unless a smaller rare value is missing too; those few
//! candidates are looked for among all the pairs, where two common values
//! usually give them early (`sparse`).
//!
//! Berlekamp's sparse space takes for `C` the values with an odd number of
//! bits under a mask, a linear condition. Any set free of the relation
//! `x ^ y = z` serves, and one chosen from the values' frequencies, most
//! frequent first, keeps fewer heaps rare (Beling and Rogalski's
//! rare/common split, and `ogs`).
//!
//! # Heap parity
//!
//! In some games (0.106, for one) whether a value is rare depends on the
//! parity of its heap too. A *symbol* is then `2·G(a) + (a mod 2)`, and
//! since a pair `a + b = m` has `s(a) ^ s(b) = 2·(G(a) ^ G(b)) + (m mod 2)`,
//! the same argument runs on symbols. The splitting removals fall into two
//! classes by their parity `d`, each with a split of its own: in class `d`,
//! `m mod 2 = (n mod 2) ^ d` for a heap `n`, so a value `v` cannot come from
//! two common symbols of the class when `2v + (n mod 2)` is common there,
//! provided the class's common set has no `x ^ y ^ d` in it for `x`, `y` in
//! it ([`Class::may_be_common`]). Without parity, symbols are values, there
//! is one class, and `d = 0`.
//!
//! # Choosing and rebuilding
//!
//! Both kinds of split are built greedily from the symbols' counts so far,
//! and the one with fewer rare pairs per heap is kept. As the sequence
//! grows, the counts shift; the split is rebuilt when a new one would save
//! enough lookups to pay for listing the rare heaps again.

use super::values::Cell;

/// What a split makes of a symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Kind {
    /// Not classified yet: no heap had it when the split was built.
    Unseen = 0,
    Common = 1,
    Rare = 2,
}

/// The split of one class of splitting removals.
#[derive(Clone, Debug)]
pub(super) struct Class {
    /// The removals whose splits this class covers, ascending.
    pub moves: Vec<usize>,
    /// `d`: 1 for the odd removals of a split by parity, else 0.
    twist: u32,
    /// Whether symbols carry the heap's parity.
    parity: bool,
    /// Each symbol's kind.
    kinds: Vec<Kind>,
    /// The common symbols, for the check a new one must pass.
    common: Vec<u32>,
    /// The heaps (from 1) whose symbols are rare, ascending.
    pub rare: Vec<u32>,
    /// `G` of each of `rare`, in the same order.
    pub rare_values: Vec<u32>,
    /// For values below 64, at even and at odd heaps: bit `v` is set when
    /// `v`'s symbol is common, and in `unseen` when it is not classified
    /// yet. The small-value path reads these instead of `kinds`.
    common_bits: [u64; 2],
    unseen_bits: [u64; 2],
}

impl Class {
    fn new(moves: Vec<usize>, twist: u32, parity: bool, symbols: usize) -> Class {
        Class {
            moves,
            twist,
            parity,
            kinds: vec![Kind::Unseen; symbols],
            common: vec![],
            rare: vec![],
            rare_values: vec![],
            common_bits: [0; 2],
            unseen_bits: [u64::MAX; 2],
        }
    }

    /// A class of `moves` with no symbol classified, for tests of what
    /// only reads the removals.
    #[cfg(test)]
    pub fn of_moves(moves: Vec<usize>) -> Class {
        Class::new(moves, 0, false, 0)
    }

    /// Whether `x` may join the common symbols: no two common symbols (or
    /// `x` itself) would then give a third with the class's twist.
    fn may_be_common(&self, x: u32) -> bool {
        let y = x ^ self.twist;
        x != self.twist
            && self.common.iter().all(|&c| {
                self.kinds
                    .get((y ^ c) as usize)
                    .is_none_or(|&k| k != Kind::Common)
            })
    }

    /// Classifies an unseen symbol: common if it may be, else rare.
    fn classify(&mut self, x: u32) -> Kind {
        let kind = if self.may_be_common(x) {
            self.common.push(x);
            Kind::Common
        } else {
            Kind::Rare
        };
        self.kinds[x as usize] = kind;
        let (v, first, last) = if self.parity {
            (x >> 1, (x & 1) as usize, (x & 1) as usize)
        } else {
            (x, 0, 1)
        };
        if v < 64 {
            for odd in first..=last {
                self.unseen_bits[odd] &= !(1 << v);
                if kind == Kind::Common {
                    self.common_bits[odd] |= 1 << v;
                }
            }
        }
        kind
    }

    /// The kind of symbol `x`, classifying it if it is new.
    #[inline]
    fn kind(&mut self, x: u32) -> Kind {
        match self.kinds[x as usize] {
            Kind::Unseen => self.classify(x),
            kind => kind,
        }
    }

    /// Rare heaps times removals: the lookups this class costs a heap.
    pub fn cost(&self) -> usize {
        self.rare.len() * self.moves.len()
    }
}

/// A split of the symbols into common and rare ones, for each class of
/// splitting removals.
#[derive(Clone, Debug)]
pub(super) struct Split {
    /// Whether symbols carry the heap's parity.
    parity: bool,
    /// One class without parity; with it, one per parity of removal that
    /// has removals.
    pub classes: Vec<Class>,
}

impl Split {
    /// The symbol of a value `v` at a heap of parity `odd`.
    #[inline(always)]
    pub fn symbol(&self, v: u32, odd: bool) -> u32 {
        if self.parity {
            (v << 1) | u32::from(odd)
        } else {
            v
        }
    }

    /// Whether value `v` is common, at a heap of parity `odd`, in every
    /// class: then no pair of common heaps gives it, so a heap's options
    /// lack it exactly when no pair with a rare heap gave it.
    #[cfg(test)]
    pub fn common_everywhere(&mut self, v: u32, odd: bool) -> bool {
        let x = self.symbol(v, odd);
        self.classes.iter_mut().all(|c| c.kind(x) == Kind::Common)
    }

    /// The classes in which value `v` is not common at a heap of parity
    /// `odd`, as a bit mask: where two common heaps might give it.
    #[inline]
    pub fn unsure_classes(&mut self, v: u32, odd: bool) -> u8 {
        let x = self.symbol(v, odd);
        let mut mask = 0;
        for (d, class) in self.classes.iter_mut().enumerate() {
            if class.kind(x) != Kind::Common {
                mask |= 1 << d;
            }
        }
        mask
    }

    /// For values below 64 at a heap of parity `odd`: the values common in
    /// every class, and for each class those that are not common there.
    /// Classifies first the unseen values below the first unmarked value
    /// common everywhere (`free` has a bit per unmarked value), as the
    /// table path would on its way up.
    #[inline]
    pub fn small_masks(&mut self, free: u64, odd: bool) -> (u64, [u64; 2]) {
        let p = usize::from(odd);
        loop {
            let sure = self
                .classes
                .iter()
                .fold(u64::MAX, |acc, c| acc & c.common_bits[p]);
            let unseen = self.classes.iter().fold(0, |acc, c| acc | c.unseen_bits[p]);
            let first_sure = (free & sure).trailing_zeros();
            let below = free & low_bits(first_sure);
            let new = below & unseen;
            if new == 0 {
                let mut unsure = [0u64; 2];
                for (d, class) in self.classes.iter().enumerate() {
                    unsure[d] = !class.common_bits[p];
                }
                return (sure, unsure);
            }
            let v = new.trailing_zeros();
            let x = self.symbol(v, odd);
            for class in &mut self.classes {
                class.kind(x);
            }
        }
    }

    /// Records `G(n) = v`: a heap whose symbol is rare in a class joins that
    /// class's rare heaps.
    pub fn record(&mut self, n: usize, v: u32) {
        let x = self.symbol(v, n % 2 == 1);
        for class in &mut self.classes {
            if n >= 1 && class.kind(x) == Kind::Rare {
                class.rare.push(n as u32);
                class.rare_values.push(v);
            }
        }
    }

    /// Rare lookups per heap, over every class.
    pub fn cost(&self) -> usize {
        self.classes.iter().map(Class::cost).sum()
    }

    /// The smallest and the largest splitting removal, over every class.
    pub fn removal_range(&self) -> (usize, usize) {
        let moves = self.classes.iter().flat_map(|c| &c.moves);
        let first = moves.clone().min().copied().unwrap_or(0);
        (first, moves.max().copied().unwrap_or(0))
    }

    /// The rare heaps of every class, for `--stats`.
    pub fn rare_heaps(&self) -> usize {
        self.classes.iter().map(|c| c.rare.len()).max().unwrap_or(0)
    }

    /// Whether symbols carry heap parity.
    pub fn by_parity(&self) -> bool {
        self.parity
    }
}

/// The bits below `count` (all 64 from 64 on).
#[inline(always)]
pub(super) fn low_bits(count: u32) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

/// How often each symbol `2·G(a) + (a mod 2)` occurred, over heaps `a >= 1`.
#[derive(Clone, Debug, Default)]
pub(super) struct SymbolCounts {
    counts: Vec<u64>,
}

impl SymbolCounts {
    /// Counts `G(n) = v`.
    #[inline]
    pub fn add(&mut self, n: usize, v: u32) {
        if n == 0 {
            return;
        }
        let x = ((v as usize) << 1) | (n & 1);
        if x >= self.counts.len() {
            self.counts.resize((x + 1).next_power_of_two().max(64), 0);
        }
        self.counts[x] += 1;
    }

    /// Symbols by falling count, ties by symbol; only those that occurred.
    /// Without parity, a value's two symbols count together.
    fn by_frequency(&self, parity: bool) -> Vec<(u32, u64)> {
        let mut list: Vec<(u32, u64)> = if parity {
            (0..self.counts.len() as u32)
                .map(|x| (x, self.counts[x as usize]))
                .collect()
        } else {
            (0..self.counts.len() as u32 / 2)
                .map(|v| {
                    let at = 2 * v as usize;
                    (v, self.counts[at] + self.counts[at + 1])
                })
                .collect()
        };
        list.retain(|&(_, c)| c > 0);
        list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        list
    }

    /// The symbols a split over `bits`-bit values may see.
    fn symbols(bits: u32, parity: bool) -> usize {
        1usize << (bits + u32::from(parity))
    }
}

/// The best split the counts suggest, built greedily, with the rare
/// lookups it will cost a heap; its rare heaps are left to [`fill_rare`].
/// `None` for a rule that never splits.
pub(super) fn choose(
    splitting: &[usize],
    counts: &SymbolCounts,
    bits: u32,
) -> Option<(Split, usize)> {
    if splitting.is_empty() {
        return None;
    }
    let plain = build(splitting, counts, bits, false);
    let by_parity = build(splitting, counts, bits, true);
    let (plain_cost, parity_cost) = (
        predicted_cost(&plain, counts),
        predicted_cost(&by_parity, counts),
    );
    Some(if parity_cost < plain_cost {
        (by_parity, parity_cost)
    } else {
        (plain, plain_cost)
    })
}

/// Rare heaps times removals, over every class, from the counts.
fn predicted_cost(split: &Split, counts: &SymbolCounts) -> usize {
    let symbols = counts.by_frequency(split.parity);
    split
        .classes
        .iter()
        .map(|class| {
            let rare: u64 = symbols
                .iter()
                .filter(|&&(x, _)| class.kinds[x as usize] != Kind::Common)
                .map(|&(_, c)| c)
                .sum();
            rare as usize * class.moves.len()
        })
        .sum()
}

/// A split of `splitting`'s removals, by parity or not.
fn build(splitting: &[usize], counts: &SymbolCounts, bits: u32, parity: bool) -> Split {
    let symbols = SymbolCounts::symbols(bits.max(1) + 1, parity);
    let mut classes: Vec<Class> = if parity {
        (0..2u32)
            .map(|d| {
                let moves = splitting
                    .iter()
                    .copied()
                    .filter(|&b| b % 2 == d as usize)
                    .collect();
                Class::new(moves, d, true, symbols)
            })
            .filter(|c| !c.moves.is_empty())
            .collect()
    } else {
        vec![Class::new(splitting.to_vec(), 0, false, symbols)]
    };
    let order = counts.by_frequency(parity);
    for class in &mut classes {
        for &(x, _) in &order {
            class.classify(x);
        }
    }
    Split { parity, classes }
}

/// Lists each class's rare heaps among `g[1..]`.
pub(super) fn fill_rare<T: Cell>(split: &mut Split, g: &[T]) {
    let parity = split.parity;
    for class in &mut split.classes {
        class.rare.clear();
        class.rare_values.clear();
        for (n, value) in g.iter().enumerate().skip(1) {
            let v = value.get();
            let x = if parity { (v << 1) | (n as u32 & 1) } else { v };
            if class.kind(x) == Kind::Rare {
                class.rare.push(n as u32);
                class.rare_values.push(v);
            }
        }
    }
}

/// Grows every class's table of kinds to cover values of `bits` bits.
pub(super) fn widen(split: &mut Split, bits: u32) {
    let symbols = SymbolCounts::symbols(bits + 1, split.parity);
    for class in &mut split.classes {
        if class.kinds.len() < symbols {
            class.kinds.resize(symbols, Kind::Unseen);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts_of(values: &[u32]) -> SymbolCounts {
        let mut counts = SymbolCounts::default();
        for (n, &v) in values.iter().enumerate() {
            counts.add(n, v);
        }
        counts
    }

    /// No three common symbols of a class are related by `x ^ y ^ d = z`.
    fn check_free(split: &Split) {
        for class in &split.classes {
            for &x in &class.common {
                for &y in &class.common {
                    let z = x ^ y ^ class.twist;
                    assert!(
                        !class.common.contains(&z),
                        "{x} ^ {y} ^ {} = {z} is common",
                        class.twist
                    );
                }
            }
        }
    }

    #[test]
    fn common_sets_hold_no_xor_of_two_of_their_own() {
        // Kayles' tail: 4 1 2 8 1 4 7 2 1 8 2 7 repeated.
        let tail = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        let values: Vec<u32> = (0..600).map(|n| tail[n % 12]).collect();
        let counts = counts_of(&values);
        for parity in [false, true] {
            let mut split = build(&[1, 2], &counts, 4, parity);
            check_free(&split);
            fill_rare(&mut split, &values);
            assert!(split.classes.iter().all(|c| c.rare.is_empty()), "{split:?}");
            for v in 0..16 {
                split.common_everywhere(v, v % 2 == 1);
            }
            check_free(&split);
        }
    }

    #[test]
    fn parity_wins_where_rare_values_follow_the_heaps_parity() {
        // Values whose low bit is the heap's parity: without parity half the
        // values xor into the other half, with it no symbol need be rare.
        let values: Vec<u32> = (0..512u32).map(|n| ((n * 7) % 16) << 1 | (n & 1)).collect();
        let counts = counts_of(&values);
        let (mut split, cost) = choose(&[3], &counts, 5).unwrap();
        fill_rare(&mut split, &values);
        assert_eq!(split.cost(), cost, "the predicted cost is the listed one");
        assert!(split.by_parity());
        let mut plain = build(&[3], &counts, 5, false);
        fill_rare(&mut plain, &values);
        assert!(
            split.cost() < plain.cost(),
            "{} {}",
            split.cost(),
            plain.cost()
        );
    }

    #[test]
    fn the_twist_is_never_common() {
        // Two equal heaps xor to 0: without parity, 0 is always rare. With
        // it, a pair of an odd removal's class always has one odd and one
        // even heap, so only (0, odd) is forced rare there.
        let values = vec![0u32; 40];
        let counts = counts_of(&values);
        let mut plain = build(&[1], &counts, 1, false);
        assert!(!plain.common_everywhere(0, false));
        fill_rare(&mut plain, &values);
        assert_eq!(plain.classes[0].rare.len(), 39);
        let mut by_parity = build(&[1], &counts, 1, true);
        assert!(!by_parity.common_everywhere(0, true));
        assert!(by_parity.common_everywhere(0, false));
        fill_rare(&mut by_parity, &values);
        assert_eq!(by_parity.classes[0].rare.len(), 20);
    }
}
