//! Bounds on a problem's variables: the original problems' limits, which
//! `validate` checks by default and `gen` draws from by default.

/// An inclusive range of allowed values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The smallest allowed value.
    pub min: u64,
    /// The largest allowed value.
    pub max: u64,
}

impl Bounds {
    /// Every value from `min` to `max`.
    pub const fn new(min: u64, max: u64) -> Bounds {
        Bounds { min, max }
    }

    /// Every `u64`: a variable the format has no bound on.
    pub const ANY: Bounds = Bounds::new(0, u64::MAX);

    /// Whether `value` is allowed.
    pub fn contains(self, value: u64) -> bool {
        (self.min..=self.max).contains(&value)
    }

    /// The same range as a `RangeInclusive`.
    pub fn range(self) -> std::ops::RangeInclusive<u64> {
        self.min..=self.max
    }
}

/// The limits of one problem. Variables a layout does not have are
/// [`Bounds::ANY`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The number of cases `T` (or of lines, for formats without `T`).
    pub cases: Bounds,
    /// The number of heaps `N` in a case.
    pub heaps: Bounds,
    /// Heap sizes, or the first number of a case (n, a).
    pub value: Bounds,
    /// The second number of a case (m, k, b), or an element of S-Nim's
    /// subtraction set (s).
    pub second: Bounds,
    /// The size `k` of each case's subtraction set (S-Nim).
    pub set_size: Bounds,
    /// The number `m` of positions in a case (S-Nim).
    pub positions: Bounds,
}

impl Limits {
    /// No bound on anything: the base the catalogue's entries narrow.
    pub const ANY: Limits = Limits {
        cases: Bounds::ANY,
        heaps: Bounds::ANY,
        value: Bounds::ANY,
        second: Bounds::ANY,
        set_size: Bounds::ANY,
        positions: Bounds::ANY,
    };
}

/// A bound as a person would write it in a statement: `2^31-1` rather than
/// `2147483647`, but `1000` rather than `2^10-2^4-2^3`.
pub fn bound(value: u64) -> String {
    const LARGE: u64 = 1 << 16;
    if value == u64::MAX {
        "2^64-1".to_string()
    } else if value >= LARGE && (value + 1).is_power_of_two() {
        format!("2^{}-1", (value + 1).trailing_zeros())
    } else if value >= LARGE && value.is_power_of_two() {
        format!("2^{}", value.trailing_zeros())
    } else {
        value.to_string()
    }
}

impl std::fmt::Display for Bounds {
    /// `[lo, hi]`, each bound written as in a statement ([`bound`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}, {}]", bound(self.min), bound(self.max))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_written_as_in_statements() {
        assert_eq!(bound((1 << 31) - 1), "2^31-1");
        assert_eq!(bound(u64::MAX), "2^64-1");
        assert_eq!(bound(1 << 32), "2^32");
        assert_eq!(bound(1000), "1000");
        assert_eq!(bound(1023), "1023");
        assert_eq!(bound(100_000), "100000");
        assert_eq!(bound(100_000_000), "100000000");
        assert_eq!(Bounds::new(1, 1 << 20).to_string(), "[1, 2^20]");
    }
}
