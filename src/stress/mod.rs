//! The parts of `nimstream judge --stress` that know the problems' files:
//! a test file as editable cases, and the shrinker that makes a failing
//! one small.
//!
//! `draw` picks `gen`'s options for each test of a seeded run, edges of
//! the limits first among them (`edges`), and one test in four from the
//! game's traps (`traps`); `test_file` reads a validated input of any
//! layout into a [`TestFile`] and writes it back in the strict format `gen` writes; `parts` says what
//! can be dropped from each kind of case and which numbers can be lowered;
//! `shrink` drops cases, then items within cases, then lowers numbers,
//! keeping each candidate only if the caller's predicate says it still
//! fails. Running programs and judging their output are the caller's:
//! this module does neither, and depends only on `problem`, `games`, `gen`,
//! `validate`, `error` and `rng` (a test keeps it so).

pub mod draw;
mod edges;
mod parts;
pub mod shrink;
pub mod test_file;
mod traps;

pub use draw::{draw, Drawn};
pub use parts::{smallest_allowed, NumberKind};
pub use shrink::{shrink, Shrunk};
pub use test_file::{Case, TestFile};

#[cfg(test)]
mod tests;
