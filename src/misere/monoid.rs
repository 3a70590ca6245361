//! Finite commutative monoids as the quotient search builds them: an
//! explicit multiplication table ([`Table`]), and the candidates it tries,
//! direct products of a table with cyclic monoids ([`Product`]), whose
//! elements are numbered in mixed radix and multiplied part by part.

use std::sync::Arc;

use super::quotient::MAX_ORDER;

/// A finite commutative monoid given by its multiplication table; element
/// 0 is the identity. A quotient has at most [`MAX_ORDER`] elements, so a
/// product is kept in 16 bits: the table of a candidate of tens of
/// thousands of elements is gigabytes, and half of it is room enough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    order: usize,
    products: Vec<u16>,
}

impl Table {
    /// The monoid of one element.
    pub fn trivial() -> Table {
        Table {
            order: 1,
            products: vec![0],
        }
    }

    /// A table of `order * order` products, row by row; `order` is at
    /// most [`MAX_ORDER`].
    pub fn new(order: usize, products: Vec<u16>) -> Table {
        debug_assert!(order <= MAX_ORDER);
        debug_assert_eq!(products.len(), order * order);
        Table { order, products }
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// `a · b`.
    #[inline(always)]
    pub fn product(&self, a: u32, b: u32) -> u32 {
        u32::from(self.products[a as usize * self.order + b as usize])
    }

    /// The products, row by row.
    pub fn products(&self) -> &[u16] {
        &self.products
    }

    /// The index and period of the powers of `x`: the least `i` and `p`
    /// with `x^(i+p) = x^i`.
    pub fn index_and_period(&self, x: u32) -> (u32, u32) {
        let mut seen = vec![u32::MAX; self.order];
        let (mut power, mut k) = (0u32, 0u32);
        loop {
            if seen[power as usize] != u32::MAX {
                let i = seen[power as usize];
                return (i, k - i);
            }
            seen[power as usize] = k;
            power = self.product(power, x);
            k += 1;
        }
    }

    /// The elements `generators` generate, renumbered from 0 in the order
    /// a breadth-first search meets them, and where each old element went
    /// (`u32::MAX` outside them); found without their table
    /// ([`Table::restricted_to`]), so that a caller can size it first.
    pub fn reached_by(&self, generators: &[u32]) -> Reached {
        let mut new_of = vec![u32::MAX; self.order];
        let mut old_of = vec![0u32];
        new_of[0] = 0;
        let mut next = 0;
        while next < old_of.len() {
            let x = old_of[next];
            next += 1;
            for &g in generators {
                let y = self.product(x, g);
                if new_of[y as usize] == u32::MAX {
                    new_of[y as usize] = old_of.len() as u32;
                    old_of.push(y);
                }
            }
        }
        Reached { old_of, new_of }
    }

    /// The table of the submonoid `reached`, renumbered as it is (a
    /// submonoid is no larger than the table, so its numbers fit).
    pub fn restricted_to(&self, reached: &Reached) -> Table {
        let order = reached.old_of.len();
        let mut products = Vec::with_capacity(order * order);
        for &a in &reached.old_of {
            products.extend(
                reached
                    .old_of
                    .iter()
                    .map(|&b| reached.new_of[self.product(a, b) as usize] as u16),
            );
        }
        Table::new(order, products)
    }
}

/// A submonoid's elements, renumbered from 0: each new number's old
/// element, and each old element's new number (`u32::MAX` outside it).
#[derive(Clone, Debug)]
pub struct Reached {
    /// Each new number's element.
    pub old_of: Vec<u32>,
    /// Each element's new number.
    pub new_of: Vec<u32>,
}

impl Reached {
    /// How many elements.
    pub fn order(&self) -> usize {
        self.old_of.len()
    }
}

/// One factor of a [`Product`].
#[derive(Clone, Debug)]
pub enum Factor {
    /// A monoid given by its table.
    Table(Arc<Table>),
    /// The cyclic monoid `1, x, …, x^(index+period-1)` with
    /// `x^(index+period) = x^index`.
    Cyclic {
        /// The first power that repeats.
        index: u32,
        /// How often the powers repeat from there.
        period: u32,
    },
}

impl Factor {
    fn order(&self) -> usize {
        match self {
            Factor::Table(table) => table.order(),
            Factor::Cyclic { index, period } => (index + period) as usize,
        }
    }

    #[inline]
    fn product(&self, a: u32, b: u32) -> u32 {
        match *self {
            Factor::Table(ref table) => table.product(a, b),
            Factor::Cyclic { index, period } => {
                let sum = a + b;
                if sum < index + period {
                    sum
                } else {
                    index + (sum - index) % period
                }
            }
        }
    }
}

/// A direct product of monoids, its elements numbered in mixed radix with
/// the first factor's digit lowest.
#[derive(Clone, Debug)]
pub struct Product {
    factors: Vec<Factor>,
    strides: Vec<usize>,
    order: usize,
}

impl Product {
    /// The product of `factors`; `None` when it would have more than
    /// `limit` elements.
    pub fn new(factors: Vec<Factor>, limit: usize) -> Option<Product> {
        let mut strides = Vec::with_capacity(factors.len());
        let mut order = 1usize;
        for factor in &factors {
            strides.push(order);
            order = order.checked_mul(factor.order()).filter(|&o| o <= limit)?;
        }
        Some(Product {
            factors,
            strides,
            order,
        })
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The element whose digit in factor `f` is `digit` and 0 elsewhere.
    pub fn embed(&self, f: usize, digit: u32) -> u32 {
        (digit as usize * self.strides[f]) as u32
    }

    /// `a · b`, factor by factor. The digits are taken in 32 bits (every
    /// order fits), and the last factor's digit is what is left, with no
    /// division: marking a candidate spends much of its time here.
    pub fn product(&self, a: u32, b: u32) -> u32 {
        let (mut a, mut b) = (a, b);
        let mut result = 0;
        let last = self.factors.len().saturating_sub(1);
        for (f, (factor, &stride)) in self.factors.iter().zip(&self.strides).enumerate() {
            let (da, db) = match f == last {
                true => (a, b),
                false => {
                    let radix = factor.order() as u32;
                    let digits = (a % radix, b % radix);
                    a /= radix;
                    b /= radix;
                    digits
                }
            };
            result += factor.product(da, db) * stride as u32;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cyclic_table(index: u32, period: u32) -> Table {
        let factor = Factor::Cyclic { index, period };
        let n = index + period;
        let products = (0..n)
            .flat_map(|a| (0..n).map(move |b| (a, b)))
            .map(|(a, b)| factor.product(a, b) as u16)
            .collect();
        Table::new(n as usize, products)
    }

    #[test]
    fn powers_of_a_cyclic_generator_repeat_from_its_index() {
        let table = cyclic_table(2, 2);
        assert_eq!(table.index_and_period(1), (2, 2));
        assert_eq!(table.index_and_period(2), (1, 1));
        assert_eq!(table.index_and_period(0), (0, 1));
        assert_eq!(cyclic_table(0, 3).index_and_period(1), (0, 3));
    }

    #[test]
    fn product_multiplies_factor_by_factor() {
        let left = Arc::new(cyclic_table(0, 2));
        let product = Product::new(
            vec![
                Factor::Table(left),
                Factor::Cyclic {
                    index: 2,
                    period: 2,
                },
            ],
            100,
        )
        .unwrap();
        assert_eq!(product.order(), 8);
        let a = product.embed(0, 1);
        let x = product.embed(1, 1);
        assert_eq!(product.product(a, a), 0);
        let x3 = product.product(x, product.product(x, x));
        assert_eq!(product.product(x3, x), product.product(x, x));
        assert_eq!(product.product(a, x), a + x);
        assert!(Product::new(
            vec![Factor::Cyclic {
                index: 3,
                period: 3
            }],
            5
        )
        .is_none());
    }

    #[test]
    fn generated_submonoid_is_closed_and_renumbered() {
        let table = cyclic_table(2, 2);
        let reached = table.reached_by(&[2]);
        let (sub, new_of) = (table.restricted_to(&reached), reached.new_of);
        assert_eq!(sub.order(), 2);
        assert_eq!(new_of[2], 1);
        assert_eq!(new_of[1], u32::MAX);
        assert_eq!(sub.product(1, 1), 1);
    }
}
