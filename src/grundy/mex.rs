//! The set of option values of one heap, and its mex.
//!
//! Two representations behind one trait, [`Marks`]: while every value is
//! below 64, the set is one `u64` in a register, marking is an `or` and the
//! mex a count of trailing ones; beyond that, a table emptied once per heap
//! where each slot holds the number of the heap that last marked it, so
//! emptying is one increment instead of a clear, and marking is one store
//! with no read.

/// A set of option values.
pub(super) trait Marks {
    /// Adds `value`, which is below the set's room.
    fn mark(&mut self, value: u32);
    /// The smallest value at least `from` that is not in the set.
    fn first_absent_from(&self, from: u32) -> u32;
    /// The set as one word, when every value is below 64.
    fn as_word(&self) -> Option<u64> {
        None
    }
}

/// The option values of a heap while every value is below 64.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct SmallMarks(pub u64);

impl Marks for SmallMarks {
    #[inline(always)]
    fn mark(&mut self, value: u32) {
        self.0 |= 1u64 << (value & 63);
    }

    #[inline(always)]
    fn first_absent_from(&self, from: u32) -> u32 {
        if from >= 64 {
            return from;
        }
        (!self.0 & (u64::MAX << from)).trailing_zeros()
    }

    #[inline(always)]
    fn as_word(&self) -> Option<u64> {
        Some(self.0)
    }
}

impl Marks for Mex {
    #[inline(always)]
    fn mark(&mut self, value: u32) {
        Mex::mark(self, value)
    }

    #[inline(always)]
    fn first_absent_from(&self, from: u32) -> u32 {
        Mex::first_absent_from(self, from)
    }
}

/// The option values of the heap being computed.
#[derive(Clone, Debug, Default)]
pub struct Mex {
    stamp: Vec<u32>,
    now: u32,
}

impl Mex {
    /// Empties the set, and makes room for every value below `2^bits`
    /// (enough for any xor of two values below it), so that marking such a
    /// value never grows the table.
    #[inline]
    pub fn begin(&mut self, bits: u32) {
        let room = 1usize << bits.min(31);
        if self.stamp.len() < room {
            self.stamp.resize(room, 0);
        }
        if self.now == u32::MAX {
            self.stamp.fill(0);
            self.now = 0;
        }
        self.now += 1;
    }

    /// Adds `value`, which must be below `2^bits` of the last
    /// [`Mex::begin`], or [`Mex::mark_any`] it.
    #[inline(always)]
    pub fn mark(&mut self, value: u32) {
        debug_assert!((value as usize) < self.stamp.len());
        // SAFETY: `begin` made room for every value below `2^bits`, and
        // callers mark only xors of values below it.
        unsafe { *self.stamp.get_unchecked_mut(value as usize) = self.now };
    }

    /// Adds `value`, growing the table if it is beyond it.
    #[inline]
    pub fn mark_any(&mut self, value: u32) {
        let i = value as usize;
        if i >= self.stamp.len() {
            self.stamp.resize((i + 1).next_power_of_two(), 0);
        }
        self.stamp[i] = self.now;
    }

    /// Whether `value` is in the set.
    #[cfg(test)]
    pub fn contains(&self, value: u32) -> bool {
        self.stamp.get(value as usize) == Some(&self.now)
    }

    /// The smallest value at least `from` that is not in the set.
    #[inline]
    pub fn first_absent_from(&self, from: u32) -> u32 {
        let now = self.now;
        match self
            .stamp
            .iter()
            .skip(from as usize)
            .position(|&s| s != now)
        {
            Some(at) => from + at as u32,
            None => (self.stamp.len() as u32).max(from),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_small_set_is_the_table_below_64() {
        let mut small = SmallMarks::default();
        let mut table = Mex::default();
        table.begin(6);
        for v in [0, 1, 2, 5, 6, 7, 63] {
            small.mark(v);
            table.mark(v);
        }
        for from in 0..70 {
            assert_eq!(
                Marks::first_absent_from(&small, from),
                Marks::first_absent_from(&table, from),
                "from {from}"
            );
        }
        let full = SmallMarks(u64::MAX);
        assert_eq!(full.first_absent_from(0), 64);
    }

    #[test]
    fn each_heap_starts_from_an_empty_set() {
        let mut mex = Mex::default();
        mex.begin(2);
        for v in [0, 1, 3] {
            mex.mark(v);
        }
        mex.mark_any(1000);
        assert_eq!(mex.first_absent_from(0), 2);
        assert_eq!(mex.first_absent_from(3), 4);
        assert!(mex.contains(1000));
        mex.begin(2);
        assert_eq!(mex.first_absent_from(0), 0);
        assert!(!mex.contains(1000));
        for v in 0..4 {
            mex.mark(v);
        }
        assert_eq!(mex.first_absent_from(0), 4, "past a full table");
        assert_eq!(mex.first_absent_from(5000), 5000);
    }
}
