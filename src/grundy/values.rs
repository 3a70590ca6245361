//! A nim-sequence's values, stored as narrowly as they allow: one byte each
//! while every value is below 256, two while below 65,536, four after. The
//! values of most octal games stay below 256 for billions of heaps, so
//! 2^32 values of such a game take 4 GiB.
//!
//! Storage is reserved up front for the values a computation will reach
//! (the pages are only touched as values are written), and every
//! reservation is fallible: a sequence too long for the machine's memory is
//! an error, not an abort.

use std::collections::TryReserveError;

/// One stored value: `u8`, `u16` or `u32`.
pub trait Cell: Copy + Default + Send + Sync + 'static {
    /// The value, widened.
    fn get(self) -> u32;
    /// `value`, which must fit.
    fn narrow(value: u32) -> Self;
    /// The largest value this cell holds.
    const MAX: u32;
}

impl Cell for u8 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn narrow(value: u32) -> u8 {
        value as u8
    }
    const MAX: u32 = u8::MAX as u32;
}

impl Cell for u16 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn narrow(value: u32) -> u16 {
        value as u16
    }
    const MAX: u32 = u16::MAX as u32;
}

impl Cell for u32 {
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
    #[inline(always)]
    fn narrow(value: u32) -> u32 {
        value
    }
    const MAX: u32 = u32::MAX;
}

/// The values `G(0), G(1), …` computed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value is below 256.
    Byte(Vec<u8>),
    /// Every value is below 65,536.
    Short(Vec<u16>),
    /// Some value is not.
    Wide(Vec<u32>),
}

impl Default for Values {
    fn default() -> Values {
        Values::Byte(Vec::new())
    }
}

/// Calls `$body` with `$slice` bound to the values as a slice of their
/// cell type, whichever it is.
macro_rules! with_cells {
    ($values:expr, $slice:ident => $body:expr) => {
        match $values {
            $crate::grundy::values::Values::Byte($slice) => $body,
            $crate::grundy::values::Values::Short($slice) => $body,
            $crate::grundy::values::Values::Wide($slice) => $body,
        }
    };
}
pub(crate) use with_cells;

impl Values {
    /// How many values are stored.
    #[inline]
    pub fn len(&self) -> usize {
        with_cells!(self, v => v.len())
    }

    /// Whether no value is stored.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`.
    ///
    /// # Panics
    ///
    /// If `n` is not below [`Values::len`].
    #[inline]
    pub fn get(&self, n: usize) -> u32 {
        with_cells!(self, v => v[n].get())
    }

    /// Appends `G(len)`, widening the storage the first time a value does
    /// not fit. Widening keeps the capacity reserved so far.
    ///
    /// # Panics
    ///
    /// If memory for the wider copy cannot be had; [`Values::try_push`]
    /// reports that instead.
    pub fn push(&mut self, value: u32) {
        self.try_push(value)
            .expect("memory for a wider copy of the values");
    }

    /// Appends `G(len)`, widening the storage the first time a value does
    /// not fit; an error if the wider copy's memory cannot be had.
    pub fn try_push(&mut self, value: u32) -> Result<(), TryReserveError> {
        if value > self.cell_max() {
            self.widen_for(value)?;
        }
        match self {
            Values::Byte(v) => v.push(value as u8),
            Values::Short(v) => v.push(value as u16),
            Values::Wide(v) => v.push(value),
        }
        Ok(())
    }

    /// The largest value the current storage holds.
    fn cell_max(&self) -> u32 {
        match self {
            Values::Byte(_) => u8::MAX.into(),
            Values::Short(_) => u16::MAX.into(),
            Values::Wide(_) => u32::MAX,
        }
    }

    /// Copies the values into cells wide enough for `value`, keeping the
    /// capacity.
    fn widen_for(&mut self, value: u32) -> Result<(), TryReserveError> {
        let capacity = with_cells!(&*self, v => v.capacity());
        *self = if value <= u16::MAX.into() {
            // Straight into the reserved room: a copy on the way would be
            // as large again, and infallible.
            let mut wide = Vec::new();
            wide.try_reserve_exact(capacity)?;
            with_cells!(&*self, v => wide.extend(v.iter().map(|x| x.get() as u16)));
            Values::Short(wide)
        } else {
            let mut wide = Vec::new();
            wide.try_reserve_exact(capacity)?;
            with_cells!(&*self, v => wide.extend(v.iter().map(|x| x.get())));
            Values::Wide(wide)
        };
        Ok(())
    }

    /// Reserves room for `more` values beyond those stored.
    pub fn try_reserve(&mut self, more: usize) -> Result<(), TryReserveError> {
        with_cells!(self, v => v.try_reserve_exact(more))
    }

    /// Reserves room for `more` values, as [`Values::try_reserve`].
    ///
    /// # Panics
    ///
    /// If the memory cannot be had.
    pub fn reserve(&mut self, more: usize) {
        self.try_reserve(more).expect("memory for the values");
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        with_cells!(self, v => v.truncate(len))
    }

    /// Bytes per value as stored now.
    pub fn width(&self) -> usize {
        match self {
            Values::Byte(_) => 1,
            Values::Short(_) => 2,
            Values::Wide(_) => 4,
        }
    }

    /// Bytes the storage holds reserved, used or not.
    pub fn reserved_bytes(&self) -> usize {
        with_cells!(self, v => v.capacity()) * self.width()
    }

    /// The values, widened, for callers that want a plain vector.
    pub fn to_vec(&self) -> Vec<u32> {
        with_cells!(self, v => v.iter().map(|x| x.get()).collect())
    }
}

impl FromIterator<u32> for Values {
    fn from_iter<I: IntoIterator<Item = u32>>(values: I) -> Values {
        let mut stored = Values::default();
        for value in values {
            stored.push(value);
        }
        stored
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_only_when_a_value_does_not_fit_and_keeps_every_value() {
        let mut values = Values::default();
        values.reserve(10);
        for v in [0, 7, 255] {
            values.push(v);
        }
        assert_eq!(values.width(), 1);
        values.push(256);
        assert_eq!(values.width(), 2);
        assert!(values.reserved_bytes() >= 20, "the reservation is kept");
        values.push(65_535);
        assert_eq!(values.width(), 2);
        values.push(65_536);
        values.push(3);
        assert_eq!(values.width(), 4);
        assert_eq!(values.to_vec(), vec![0, 7, 255, 256, 65_535, 65_536, 3]);
        assert_eq!(values.get(5), 65_536);
        values.truncate(2);
        assert_eq!(values.len(), 2);
    }

    #[test]
    fn a_reservation_too_large_for_memory_is_an_error() {
        let mut values = Values::default();
        assert!(values.try_reserve(usize::MAX / 2).is_err());
        assert!(values.try_reserve(1000).is_ok());
    }
}
