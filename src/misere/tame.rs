//! Tame quotients: misère Nim's, built from Bouton's rule rather than
//! searched, and the test that names a quotient `T_k`.
//!
//! Misère Nim is no rule with a code (a move may take any number), so the
//! solver cannot be asked for it; and it needs no search: a position with
//! a heap of 2 or more is lost iff the xor of its heaps is 0, one of heaps
//! of 1 only iff their number is odd. With heaps below `2^k` (`k ≥ 2`) the
//! quotient is Plambeck and Siegel's tame `T_k`: the identity `1` (the empty
//! position), `a` (a heap of 1, `a² = 1`), and the group `G` of the `2^k`
//! xors, each reached with a heap of 2 or more, whose identity is `b²`
//! (two heaps of 2); `P = {a, b²}`, and `|T_k| = 2^k + 2`. `T_1 = {1, a}`
//! (heaps of 1: `P = {a}`) and `T_0 = {1}` (no move: `P` is empty).

use super::quotient::{Element, Quotient};

/// The last heap [`nim`] takes: its table, `(2^k + 2)²` products, stays
/// near 33 MB.
pub const NIM_LAST: u64 = (1 << 12) - 1;

/// Misère Nim's quotient for heaps 0 to `last` (at most [`NIM_LAST`]):
/// `T_k` for the least `k` with `last < 2^k`. Its elements are numbered as
/// the solver numbers them, in the order of their least words (a word's
/// largest heap most significant): `1`, `a`, then the xors 2, 3, 0, 1,
/// 4, 5, … of `G` (the least words are a heap of each bit, and `b²`,
/// `ab²` for 0 and 1).
pub fn nim(last: u64) -> Quotient {
    assert!(last <= NIM_LAST, "misère Nim is built to heap {NIM_LAST}");
    let k = u64::BITS - last.leading_zeros();
    let group = match k {
        0 | 1 => 0,
        _ => 1usize << k,
    };
    let order = 1 + usize::from(k > 0) + group;
    let kinds: Vec<Kind> = (0..order).map(|x| Kind::of(x, k)).collect();
    let table = kinds
        .iter()
        .flat_map(|&x| kinds.iter().map(move |&y| x.times(y).element()))
        .collect();
    let losing = kinds
        .iter()
        .map(|&x| x == Kind::A || x == Kind::Xor(0))
        .collect();
    let pretending = (0..=last)
        .map(|heap| match heap {
            0 => Kind::One,
            1 => Kind::A,
            _ => Kind::Xor(heap as usize),
        })
        .map(Kind::element)
        .collect();
    Quotient::from_parts(table, losing, pretending, None).expect("T_k has the shape of a quotient")
}

/// The heaps at which misère Nim's quotient grows, to heap `last`, and its
/// order after each: 1 (to 2), and each power of 2 (to `2^k + 2`).
pub fn nim_growth(last: u64) -> Vec<(usize, usize)> {
    let powers = (1..).map(|k| 1usize << k).take_while(|&h| h as u64 <= last);
    let first = (last >= 1).then_some((1, 2));
    first
        .into_iter()
        .chain(powers.map(|h| (h, 2 * h + 2)))
        .collect()
}

/// An element of `T_k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The identity: no heap, or heaps of 1 of even number.
    One,
    /// Heaps of 1 of odd number.
    A,
    /// Some heap of 2 or more, the heaps' xor this.
    Xor(usize),
}

impl Kind {
    /// Element `x` of `T_k`, as [`nim`] numbers them.
    fn of(x: usize, k: u32) -> Kind {
        match x {
            0 => Kind::One,
            1 if k > 0 => Kind::A,
            _ => Kind::Xor(swap_low(x - 2)),
        }
    }

    /// Its number: the inverse of [`Kind::of`].
    fn element(self) -> Element {
        let x = match self {
            Kind::One => 0,
            Kind::A => 1,
            Kind::Xor(v) => 2 + swap_low(v),
        };
        x as Element
    }

    fn times(self, other: Kind) -> Kind {
        match (self, other) {
            (Kind::One, x) | (x, Kind::One) => x,
            (Kind::A, Kind::A) => Kind::One,
            (Kind::A, Kind::Xor(v)) | (Kind::Xor(v), Kind::A) => Kind::Xor(v ^ 1),
            (Kind::Xor(v), Kind::Xor(w)) => Kind::Xor(v ^ w),
        }
    }
}

/// The place of xor `v` in `G`'s order 2, 3, 0, 1, 4, 5, …: `b` (2) and
/// `ab` (3) have smaller least words than `b²` (0) and `ab²` (1). Its own
/// inverse.
fn swap_low(v: usize) -> usize {
    match v {
        0..=3 => v ^ 2,
        _ => v,
    }
}

/// `k` when `quotient` is the tame `T_k`, up to the numbering of its
/// elements; `None` otherwise. `T_0` is one element, not in P; `T_1` two,
/// `P = {a}`, `a² = 1`; from `k = 2` on, `P = {a, z}` with `a² = 1` and `z`
/// the identity of the ideal `G = zQ`, every element of which squares to
/// `z`, `|G| = 2^k`, and `az ≠ z`. Those say it all: `G` is then a group of
/// exponent 2, its product is `Q`'s, and `a` acts on it as the element
/// `az`, so two such quotients of the same order are the same.
pub fn tame(quotient: &Quotient) -> Option<u32> {
    let q = quotient;
    let losing: Vec<Element> = (0..q.order() as Element)
        .filter(|&x| q.is_losing(x))
        .collect();
    let involution = |a: Element| a != 0 && q.product(a, a) == 0;
    match (q.order(), losing.as_slice()) {
        (1, []) => Some(0),
        (2, &[a]) if involution(a) => Some(1),
        (_, &[x, y]) => {
            let (a, z) = if involution(x) { (x, y) } else { (y, x) };
            tame_group(q, a, z)
        }
        _ => None,
    }
}

/// `k` when `Q = {1, a} ∪ zQ` with `zQ` a group of exponent 2 of `2^k ≥ 4`
/// elements and `az ≠ z` ([`tame`]).
fn tame_group(q: &Quotient, a: Element, z: Element) -> Option<u32> {
    if !(a != 0 && q.product(a, a) == 0 && q.product(z, z) == z && q.product(a, z) != z) {
        return None;
    }
    let mut group: Vec<Element> = q.row(z).to_vec();
    group.sort_unstable();
    group.dedup();
    let size = group.len();
    let fits = size + 2 == q.order()
        && size >= 4
        && size.is_power_of_two()
        && !group.contains(&0)
        && !group.contains(&a)
        && group.iter().all(|&g| q.product(g, g) == z);
    fits.then(|| size.trailing_zeros())
}
