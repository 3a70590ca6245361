//! The Sprague–Grundy engine: nim-sequences of take-and-break heap games
//! given by their rules, and proofs of their periods.
//!
//! Every impartial heap game is decided by its nim-sequence `G(0), G(1), …`:
//! `G(n)` is the mex (the smallest natural number not among) of the values
//! of the positions one move leaves, a position of several heaps is worth
//! the xor of their values, and the player to move wins iff that is
//! nonzero. The built-in games of [`crate::games`] have closed forms; the
//! games here are given by a [`Rule`] (an octal or hexadecimal code, a
//! subtraction set, or a classic by name) and their values are computed:
//!
//! ```text
//!  "0.6" ──▶ Rule ──▶ Engine ──────────────────────────────▶ Values (u8/u16/u32)
//!                      │ naive mex, or                          │
//!                      │ sparse space: split ─▶ rare pairs      │
//!                      │   (a block of heaps at a time)         │
//!                      │   ─▶ ceiling ─▶ check (Scanner)        │
//!                      │ pair sets, for three-heap moves        ▼
//!                      └──────────── NimSequence ◀── period::prove
//!                                     (copies values past a proven period)
//! ```
//!
//! * [`rule`] reads and checks rules.
//! * [`engine`] computes one value from those below it: naively, or by the
//!   sparse space, near-linear where a game has one. `split` divides the
//!   values into common and rare ones (by heap parity too, where that helps);
//!   `sparse` gives a heap's value from the pairs with rare heaps, with
//!   `block` marking those pairs for 32 heaps at once when rare heaps are
//!   many, and `ahead` marking the next block's on a second thread, with
//!   the early pairs its heaps' searches would visit first;
//!   `check` looks for the few candidate values left among all
//!   pairs, 32 or 16 pairs a step with AVX2 ([`Scanner`]); `three` handles
//!   moves that leave three heaps; `mex` holds a heap's option set, a
//!   register while values stay below 64.
//! * [`values`] stores the values compactly: a byte each while every value
//!   is below 256, two bytes while below 65,536.
//! * [`period`] proves a period from finitely many values (the Guy–Smith
//!   theorem and its three-heap form, or the window of the largest
//!   subtraction), walking back from the last value, with no memory beyond
//!   the values.
//! * [`checkpoint`] saves a sequence's values and reads them back, checked,
//!   for runs of hours that must survive being stopped.
//! * [`sequence`] ties them together: [`NimSequence`] computes on demand,
//!   looks for a period as the values double and copies every value past a
//!   proven one, and gives `G(n)` for any `n` once its period is proven.
//!
//! Every computed value is tested against brute-force searches that
//! enumerate every move from the rule's digits alone, and every fast path
//! against its plain twin: each [`Scanner`] against the portable one on the
//! same pairs, the sparse space with every scanner against the naive mex on
//! sequences long enough for blocks, rebuilds and two-byte values.
//!
//! `crate::games::rule` turns a sequence into a heap game that the solver
//! folds like Nim.

mod ahead;
mod block;
mod check;
pub mod checkpoint;
pub mod engine;
mod mex;
mod pacing;
pub mod period;
pub mod plot;
pub mod rule;
pub mod sequence;
mod sparse;
mod split;
mod three;
pub mod values;
mod work;

#[cfg(test)]
mod tests;

pub use check::Scanner;
pub use engine::Method;
pub use period::Period;
pub use rule::{Rule, RuleError};
pub use sequence::{NimSequence, MAX_VALUES};
pub use values::Values;
