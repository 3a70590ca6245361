//! A nim-sequence's values, stored in 16 bits each while they fit and in 32
//! once one does not, so that 2^26 values of a typical game take 128 MiB.

/// One stored value: `u16` or `u32`.
pub trait Cell: Copy + Default + Send + Sync + 'static {
    /// The value, widened.
    fn get(self) -> u32;
}

impl Cell for u16 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Cell for u32 {
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

/// The values `G(0), G(1), …` computed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value fits in 16 bits.
    Narrow(Vec<u16>),
    /// Some value does not.
    Wide(Vec<u32>),
}

impl Default for Values {
    fn default() -> Values {
        Values::Narrow(Vec::new())
    }
}

impl Values {
    /// How many values are stored.
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
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
        match self {
            Values::Narrow(v) => u32::from(v[n]),
            Values::Wide(v) => v[n],
        }
    }

    /// Appends `G(len)`, widening the storage the first time a value needs
    /// more than 16 bits.
    pub fn push(&mut self, value: u32) {
        match self {
            Values::Narrow(v) => match u16::try_from(value) {
                Ok(narrow) => v.push(narrow),
                Err(_) => {
                    let mut wide: Vec<u32> = v.iter().map(|&x| u32::from(x)).collect();
                    wide.push(value);
                    *self = Values::Wide(wide);
                }
            },
            Values::Wide(v) => v.push(value),
        }
    }

    /// Reserves room for `more` values.
    pub fn reserve(&mut self, more: usize) {
        match self {
            Values::Narrow(v) => v.reserve(more),
            Values::Wide(v) => v.reserve(more),
        }
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::Narrow(v) => v.truncate(len),
            Values::Wide(v) => v.truncate(len),
        }
    }

    /// Bytes per value as stored now.
    pub fn width(&self) -> usize {
        match self {
            Values::Narrow(_) => 2,
            Values::Wide(_) => 4,
        }
    }

    /// The values, widened, for callers that want a plain vector.
    pub fn to_vec(&self) -> Vec<u32> {
        match self {
            Values::Narrow(v) => v.iter().map(|&x| u32::from(x)).collect(),
            Values::Wide(v) => v.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_once_and_keeps_every_value() {
        let mut values = Values::default();
        for v in [0, 7, 65_535] {
            values.push(v);
        }
        assert_eq!(values.width(), 2);
        values.push(65_536);
        values.push(3);
        assert_eq!(values.width(), 4);
        assert_eq!(values.to_vec(), vec![0, 7, 65_535, 65_536, 3]);
        assert_eq!(values.get(3), 65_536);
        values.truncate(2);
        assert_eq!(values.len(), 2);
    }
}
