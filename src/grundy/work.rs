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
    /// Blocks whose rows the second thread had not marked when they were
    /// needed, so that this thread waited for them.
    pub waited_blocks: u64,
    /// Blocks whose rows the second thread had not marked when they were
    /// needed, and was not marking (it had no core): this thread marked
    /// them instead.
    pub taken_blocks: u64,
    /// Blocks marked on one thread though two were asked for, because the
    /// second kept this one waiting (the machine was busy).
    pub alone_blocks: u64,
}
