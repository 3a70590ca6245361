//! Computing `G(n)` from `G(0) … G(n-1)`: the naive mex over every option,
//! and the sparse-space method.
//!
//! # The naive mex
//!
//! Every option of a heap of `n` is marked and the smallest unmarked value
//! is `G(n)`. Removals that leave one heap cost one lookup each, but the
//! moves that leave two heaps `a + b = n - i` cost `(n - i) / 2` lookups
//! each, so a sequence of `N` values costs about `N²/4` per splitting digit.
//!
//! # The sparse space
//!
//! Berlekamp noticed (Winning Ways, chapter 4, "Sparse space spells speed";
//! Gangolli and Plambeck, and Flammenkamp, made it into programs) that for
//! many octal games there is a *mask* under which almost every value is
//! *common*, with an odd number of 1 bits under the mask, and the *rare*
//! values, with an even number, occur at a few heaps only. Parity under a
//! mask is linear over xor, so a common value is the xor of a common and a
//! rare value and never of two common ones. Hence every common value among
//! the options of a split is found by pairing each *rare heap* `r` with
//! `n - i - r`: a few lookups instead of `n/2`. The rare options found that
//! way are marked too, and the mex is then settled:
//!
//! * the smallest unmarked common value is exactly the smallest common value
//!   that no option has;
//! * a smaller unmarked *rare* value might still be the xor of two common
//!   values; such values are looked for among all the splits at once,
//!   stopping as soon as the last one is found. That search is the only
//!   long one: it reads every split only when a rare value is the mex,
//!   which is rare in a sparse space.
//!
//! The result is the same as the naive mex for every mask; the mask only
//! decides the speed. It is chosen from the values computed so far (the one
//! with the fewest rare heaps), again each time the sequence doubles. When
//! no mask makes fewer than half the heaps rare, or when the sparse space
//! looked at more than 70% of the pairs the naive mex would have since the
//! last choice (rare values were often the mex's candidates), [`Method::Auto`]
//! computes naively until the next choice.

use super::mex::Mex;
use super::rule::Rule;
use super::values::{Cell, Values};

/// How values are computed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The sparse space where the game has one, else the naive mex.
    #[default]
    Auto,
    /// The naive mex, always.
    Naive,
    /// The sparse space, even where it is no faster (for benchmarks).
    Sparse,
}

impl Method {
    /// The method called `name` (`auto`, `naive`, `sparse`).
    pub fn by_name(name: &str) -> Option<Method> {
        match name {
            "auto" => Some(Method::Auto),
            "naive" => Some(Method::Naive),
            "sparse" => Some(Method::Sparse),
            _ => None,
        }
    }
}

/// The heaps computed naively before a mask is first chosen: enough for
/// the choice to mean something. [`Method::Sparse`] chooses much earlier,
/// so that small sequences (the tests') run through the sparse path too.
const CHOOSE_FROM: usize = 1024;
const CHOOSE_FROM_WHEN_FORCED: usize = 16;

/// Masks are tried over at most this many low bits of the values.
const MASK_BITS: u32 = 12;

/// A mask and the heaps (from 1) whose values are rare under it.
#[derive(Clone, Debug)]
struct SparseSpace {
    mask: u32,
    rare: Vec<usize>,
}

impl SparseSpace {
    #[inline(always)]
    fn is_common(&self, value: u32) -> bool {
        (value & self.mask).count_ones() & 1 == 1
    }
}

/// Computes a nim-sequence one value at a time.
#[derive(Clone, Debug, Default)]
pub struct Engine {
    method: Method,
    mex: Mex,
    /// Bits of the largest value so far: every option value is below
    /// `2^bits`, since xor never sets a bit neither side has.
    bits: u32,
    sparse: Option<SparseSpace>,
    /// Pairs of heaps the sparse space looked at since the mask was chosen,
    /// and pairs the naive mex would have: [`Method::Auto`] goes naive for a
    /// while when the first is not well below the second.
    sparse_work: u64,
    naive_work: u64,
}

impl Engine {
    /// An engine that computes with `method`.
    pub fn new(method: Method) -> Engine {
        Engine {
            method,
            ..Engine::default()
        }
    }

    /// `G(n)` for `n = values.len()`.
    pub fn next(&mut self, rule: &Rule, values: &Values) -> u32 {
        let n = values.len();
        let first = match self.method {
            Method::Sparse => CHOOSE_FROM_WHEN_FORCED,
            _ => CHOOSE_FROM,
        };
        if rule.splits() && n >= first && n.is_power_of_two() {
            self.choose_mask(values);
        }
        let value = match values {
            Values::Narrow(g) => self.value(rule, g),
            Values::Wide(g) => self.value(rule, g),
        };
        self.bits = self.bits.max(32 - value.leading_zeros());
        if let Some(space) = &mut self.sparse {
            if n >= 1 && !space.is_common(value) {
                space.rare.push(n);
            }
        }
        value
    }

    /// What the engine is doing, in a few words, for `--stats`.
    pub fn describe(&self) -> String {
        match &self.sparse {
            None => "naive mex".to_string(),
            Some(space) => format!(
                "sparse space, mask {:b} (and every higher bit), {} rare heaps",
                space.mask & ((1 << MASK_BITS) - 1),
                space.rare.len()
            ),
        }
    }

    fn value<T: Cell>(&mut self, rule: &Rule, g: &[T]) -> u32 {
        let n = g.len();
        let Engine {
            mex,
            bits,
            sparse,
            sparse_work,
            naive_work,
            ..
        } = self;
        mex.begin(*bits);
        if rule.takes_all(n) {
            mex.mark(0);
        }
        for &i in rule.leave_one() {
            if i >= n {
                break;
            }
            mex.mark(g[n - i].get());
        }
        let Some(space) = sparse else {
            for_each_split(rule, n, |m| {
                for (a, b) in split_pairs(g, m) {
                    mex.mark(a.get() ^ b.get());
                }
            });
            return mex.first_absent_from(0);
        };
        for_each_split(rule, n, |m| {
            *naive_work += (m / 2) as u64;
            for &r in space.rare.iter().take_while(|&&r| r < m) {
                mex.mark(g[r].get() ^ g[m - r].get());
                *sparse_work += 1;
            }
        });
        // Every common value below `common` is marked, so an unmarked value
        // below it is rare; look for those among all the splits at once,
        // stopping as soon as the last of them is found.
        let mut common = 0;
        let mut missing = 0usize;
        loop {
            let v = mex.first_absent_from(common);
            if space.is_common(v) {
                common = v;
                break;
            }
            missing += 1;
            common = v + 1;
        }
        if missing > 0 {
            for_each_split_while(rule, n, |m| {
                for (a, b) in split_pairs(g, m) {
                    *sparse_work += 1;
                    let x = a.get() ^ b.get();
                    if x < common && !mex.contains(x) {
                        mex.mark(x);
                        missing -= 1;
                        if missing == 0 {
                            return false;
                        }
                    }
                }
                true
            });
        }
        mex.first_absent_from(0)
    }

    /// Picks the mask with the fewest rare heaps among `values[1..]`, and
    /// lists those heaps; or goes naive when no mask is sparse enough.
    fn choose_mask(&mut self, values: &Values) {
        if self.method == Method::Naive || self.bits > 16 {
            return;
        }
        let (looked, naive) = (self.sparse_work, self.naive_work);
        (self.sparse_work, self.naive_work) = (0, 0);
        if self.method == Method::Auto && self.sparse.is_some() && looked * 10 > naive * 7 {
            // Not sparse enough to pay this time; naive until the next
            // choice, which tries the sparse space again.
            self.sparse = None;
            return;
        }
        let mut counts = vec![0usize; 1 << self.bits];
        for n in 1..values.len() {
            counts[values.get(n) as usize] += 1;
        }
        let present: Vec<(u32, usize)> = (0..counts.len() as u32)
            .zip(counts)
            .filter(|&(_, c)| c > 0)
            .collect();
        let low = self.bits.clamp(1, MASK_BITS);
        let high = !((1u32 << low) - 1);
        let rare_under = |mask: u32| -> usize {
            present
                .iter()
                .filter(|&&(v, _)| (v & mask).count_ones() & 1 == 0)
                .map(|&(_, c)| c)
                .sum()
        };
        let (mask, rare) = (1..1u32 << low)
            .map(|bits| (bits | high, rare_under(bits | high)))
            .min_by_key(|&(_, rare)| rare)
            .unwrap_or((u32::MAX, usize::MAX));
        if self.method == Method::Auto && rare > values.len() / 2 {
            self.sparse = None;
            return;
        }
        let space = SparseSpace { mask, rare: vec![] };
        let rare = (1..values.len())
            .filter(|&n| !space.is_common(values.get(n)))
            .collect();
        self.sparse = Some(SparseSpace { rare, ..space });
    }
}

/// Calls `f(m)` for each heap size `m >= 2` left by a removal that may split
/// a heap of `n` in two.
#[inline(always)]
fn for_each_split(rule: &Rule, n: usize, mut f: impl FnMut(usize)) {
    for &i in rule.leave_two() {
        if i + 2 > n {
            break;
        }
        f(n - i);
    }
}

/// The values of the two parts of every split of a heap of `m`: `(G(a),
/// G(m - a))` for `a` in `1..=m/2`.
#[inline(always)]
fn split_pairs<T: Cell>(g: &[T], m: usize) -> impl Iterator<Item = (&T, &T)> {
    let half = m / 2;
    g[1..=half].iter().zip(g[m - half..m].iter().rev())
}

/// Like [`for_each_split`], until `f` returns false.
#[inline(always)]
fn for_each_split_while(rule: &Rule, n: usize, mut f: impl FnMut(usize) -> bool) {
    for &i in rule.leave_two() {
        if i + 2 > n || !f(n - i) {
            break;
        }
    }
}
