//! Misère play of heap games given by their rules: misère quotients.
//!
//! In misère play the player who makes the last move loses, and a sum of
//! games is no longer decided by the xor of Grundy values. What decides it
//! is the *misère quotient* (Plambeck and Siegel): the positions made of a
//! rule's heaps, with two positions identified when no third one added to
//! both tells them apart. That is a commutative monoid `Q` (the product is
//! the sum of positions), a set `P` of its elements (the positions lost for
//! the player to move), and the pretending function `Φ` that maps each heap
//! to its element; a position is lost iff the product of its heaps'
//! elements lies in `P`.
//!
//! ```text
//!  rule ──▶ options ──▶ Solver (one heap at a time) ──▶ Quotient
//!                        │ conservative extension, or    (table, P, Φ,
//!                        │ grow: Product ─▶ mark ─▶ reduce  period)
//!                        └── search: least wrong claim ◀──┘
//! ```
//!
//! * [`options`] lists what a move leaves of a heap.
//! * [`monoid`] holds multiplication tables and the candidate products.
//! * [`pretension`] turns a candidate into a claim about every position.
//! * [`search`] finds the least position a claim gets wrong, or proves
//!   there is none.
//! * [`solver`] adds heaps and proves periods; [`stuck`] says why it
//!   could not add one.
//! * [`checkpoint`] saves what a solver knows, to carry on from later.
//! * [`memory`] is the budget the search's states, the candidates and the
//!   quotient take their memory from.
//! * [`quotient`] is the result the rest of nimstream uses, and
//!   [`presentation`] writes it as generators and relations.
//! * [`genus`] gives Conway's genus of single heaps, apart from quotients.
//! * [`tame`] builds misère Nim's quotients `T_k` (Bouton's rule needs no
//!   search) and names a quotient that is one.

pub mod checkpoint;
pub mod genus;
pub mod memory;
pub mod monoid;
pub mod options;
pub mod presentation;
pub mod pretension;
pub mod quotient;
pub mod search;
pub mod solver;
pub mod stuck;
pub mod tame;

#[cfg(test)]
mod tests;

pub use quotient::{Element, Quotient};
pub use solver::Solver;
pub use stuck::Stuck;
