//! What the engine looked at, for `--stats` and for choosing its method.

/// Pairs looked at, counted since the split was last reconsidered or
/// over a whole sequence.
#[derive(Clone, Copy, Debug, Default)]
pub struct Work {
    /// Pairs with a rare heap looked up.
    pub rare_pairs: u64,
    /// Pairs looked at while checking candidates.
    pub checked_pairs: u64,
    /// Pairs the naive mex would have looked at.
    pub naive_pairs: u64,
    /// Of `rare_pairs`, those a second thread marked ahead.
    pub ahead_pairs: u64,
    /// Pairs a second thread marked ahead in the sweep, so that the
    /// search for candidates skips them.
    pub swept_pairs: u64,
    /// Times the split was rebuilt.
    pub rebuilds: u64,
}
