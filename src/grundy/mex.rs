//! The set of option values of one heap, and its mex.
//!
//! A set of small integers that is emptied once per heap: each slot holds the
//! number of the heap that last marked it, so emptying is one increment
//! instead of a clear.

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

    /// Adds `value`.
    #[inline(always)]
    pub fn mark(&mut self, value: u32) {
        let i = value as usize;
        if i >= self.stamp.len() {
            self.stamp.resize((i + 1).next_power_of_two(), 0);
        }
        self.stamp[i] = self.now;
    }

    /// Whether `value` is in the set.
    #[inline(always)]
    pub fn contains(&self, value: u32) -> bool {
        self.stamp.get(value as usize) == Some(&self.now)
    }

    /// The smallest value at least `from` that is not in the set.
    #[inline]
    pub fn first_absent_from(&self, from: u32) -> u32 {
        let mut v = from;
        while self.contains(v) {
            v += 1;
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_heap_starts_from_an_empty_set() {
        let mut mex = Mex::default();
        mex.begin(2);
        for v in [0, 1, 3, 1000] {
            mex.mark(v);
        }
        assert_eq!(mex.first_absent_from(0), 2);
        assert_eq!(mex.first_absent_from(3), 4);
        assert!(mex.contains(1000));
        mex.begin(2);
        assert_eq!(mex.first_absent_from(0), 0);
        assert!(!mex.contains(1000));
    }
}
