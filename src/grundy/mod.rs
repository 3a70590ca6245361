//! The Sprague–Grundy engine: nim-sequences of take-and-break heap games
//! given by their rules, and proofs of their periods.
//!
//! Every impartial heap game is decided by its nim-sequence `G(0), G(1), …`:
//! `G(n)` is the mex (the smallest natural number not among) of the values
//! of the positions one move leaves, a position of several heaps is worth
//! the xor of their values, and the player to move wins iff that is
//! nonzero. The built-in games of [`crate::games`] have closed forms; the
//! games here are given by a [`Rule`] (an octal code or a subtraction set)
//! and their values are computed:
//!
//! ```text
//!  "0.16" ──▶ Rule ──▶ Engine (naive mex or sparse space) ──▶ Values (u16/u32)
//!                            ▲                                   │
//!                            └──── NimSequence ◀── period::prove ┘
//! ```
//!
//! * [`rule`] reads and checks rules.
//! * [`engine`] computes one value from those below it, naively or by the
//!   sparse-space method, which is near-linear where a game has a sparse
//!   space.
//! * [`values`] stores the values compactly, 16 bits each while they fit.
//! * [`period`] proves a period from finitely many values (the Guy–Smith
//!   theorem, or the window of the largest subtraction).
//! * [`sequence`] ties them together: [`NimSequence`] computes on demand and
//!   gives `G(n)` for any `n` once its period is proven.
//!
//! `crate::games::rule` turns a sequence into a heap game that the solver
//! folds like Nim.

pub mod engine;
mod mex;
pub mod period;
pub mod plot;
pub mod rule;
pub mod sequence;
pub mod values;

#[cfg(test)]
mod tests;

pub use engine::Method;
pub use period::Period;
pub use rule::{Rule, RuleError};
pub use sequence::{NimSequence, MAX_VALUES};
pub use values::Values;
