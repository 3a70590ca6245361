//! A misère quotient as the rest of nimstream uses it: a finite commutative
//! monoid given by its multiplication table, its P-portion, and the
//! pretending function `Φ` that maps each heap to an element.
//!
//! A position is a sum of heaps; it is lost for the player to move (a
//! P-position) iff the product of its heaps' elements lies in the P-portion.
//! Elements are numbered from 0, the identity (the empty position), in the
//! order of the least word of heaps that reaches each.

use crate::grundy::Period;

/// An element of a quotient: its number in the multiplication table.
pub type Element = u16;

/// The most elements a quotient may have, so that an [`Element`] holds
/// every one.
pub const MAX_ORDER: usize = 1 << 16;

/// A misère quotient with its pretending function, proven for every heap
/// in its table, and for every heap at all when it has a period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    order: usize,
    /// `order * order` products, row by row.
    table: Vec<Element>,
    /// Whether each element is a P-position (the player to move loses).
    losing: Vec<bool>,
    /// `Φ(n)` for the heaps of the table.
    pretending: Vec<Element>,
    period: Option<Period>,
}

/// Why parts do not make a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartsError(pub String);

impl Quotient {
    /// A quotient from its parts, checked for shape: a square table over
    /// `losing.len()` elements with 0 as identity, every heap's element in
    /// range, and a period that fits in the heaps given. The algebra (that
    /// the table is associative and commutative) is the caller's to ensure;
    /// [`Quotient::check_monoid`] tests it.
    pub fn from_parts(
        table: Vec<Element>,
        losing: Vec<bool>,
        pretending: Vec<Element>,
        period: Option<Period>,
    ) -> Result<Quotient, PartsError> {
        let order = losing.len();
        if order == 0 || order > MAX_ORDER {
            return Err(PartsError(format!("a quotient of {order} elements")));
        }
        if table.len() != order * order {
            return Err(PartsError(format!(
                "{} products for {order} elements",
                table.len()
            )));
        }
        if let Some(&bad) = table
            .iter()
            .chain(&pretending)
            .find(|&&x| x as usize >= order)
        {
            return Err(PartsError(format!(
                "element {bad} of a quotient of {order}"
            )));
        }
        if (0..order).any(|x| table[x] as usize != x || table[x * order] as usize != x) {
            return Err(PartsError("element 0 is not the identity".into()));
        }
        if let Some(period) = period {
            let needed = period.preperiod.saturating_add(period.period);
            if period.period == 0 || needed > pretending.len() as u64 {
                return Err(PartsError(format!(
                    "a period of {} from heap {} over {} heaps",
                    period.period,
                    period.preperiod,
                    pretending.len()
                )));
            }
        }
        Ok(Quotient {
            order,
            table,
            losing,
            pretending,
            period,
        })
    }

    /// How many elements the quotient has, `|Q|`.
    pub fn order(&self) -> usize {
        self.order
    }

    /// How many elements are P-positions, `|P|`.
    pub fn losing_count(&self) -> usize {
        self.losing.iter().filter(|&&p| p).count()
    }

    /// The product of two elements: the element of the sum of positions.
    #[inline(always)]
    pub fn product(&self, a: Element, b: Element) -> Element {
        self.table[a as usize * self.order + b as usize]
    }

    /// The row of products by `a`.
    #[inline]
    pub fn row(&self, a: Element) -> &[Element] {
        let start = a as usize * self.order;
        &self.table[start..start + self.order]
    }

    /// Whether the player to move loses a position of element `x`.
    #[inline(always)]
    pub fn is_losing(&self, x: Element) -> bool {
        self.losing[x as usize]
    }

    /// How many heaps the table of `Φ` holds: heaps `0..heaps_known()`.
    pub fn heaps_known(&self) -> u64 {
        self.pretending.len() as u64
    }

    /// `Φ(n)` for the heaps of the table.
    pub fn pretending(&self) -> &[Element] {
        &self.pretending
    }

    /// The proven period of `Φ`, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// `Φ(heap)`: from the table, or past it from the period; `None` for a
    /// heap past the table of a quotient with no proven period.
    #[inline]
    pub fn element(&self, heap: u64) -> Option<Element> {
        let index = match self.period {
            Some(period) => period.reduce(heap),
            None => heap,
        };
        usize::try_from(index)
            .ok()
            .and_then(|i| self.pretending.get(i).copied())
    }

    /// The element of a position: the product of its heaps' elements;
    /// `None` when a heap is past what the quotient decides.
    pub fn position(&self, heaps: &[u64]) -> Option<Element> {
        heaps
            .iter()
            .try_fold(0, |acc, &heap| Some(self.product(acc, self.element(heap)?)))
    }

    /// Whether the multiplication table is associative and commutative;
    /// the first triple (or pair) that is not, otherwise.
    pub fn check_monoid(&self) -> Result<(), String> {
        let n = self.order as Element;
        for a in 0..n {
            for b in 0..n {
                if self.product(a, b) != self.product(b, a) {
                    return Err(format!("{a}·{b} != {b}·{a}"));
                }
                let ab = self.product(a, b);
                for c in 0..n {
                    if self.product(ab, c) != self.product(a, self.product(b, c)) {
                        return Err(format!("({a}·{b})·{c} != {a}·({b}·{c})"));
                    }
                }
            }
        }
        Ok(())
    }
}
