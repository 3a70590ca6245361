//! The parts of `nimstream judge --stress` that know the problems' files:
//! a test file as editable cases.
//!
//! `test_file` reads a validated input of any layout into a [`TestFile`]
//! and writes it back in the strict format `gen` writes. Running programs
//! and judging their output are the caller's: this module does neither,
//! and depends only on `problem`, `games`, `gen`, `validate`, `error` and
//! `rng` (a test keeps it so).

pub mod test_file;

pub use test_file::{Case, TestFile};
