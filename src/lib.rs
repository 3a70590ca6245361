//! nimstream reads judge input files for Nim-family games and says who wins
//! each case, at close to the speed at which the bytes can be read. It also
//! writes reproducible test files and validates them strictly.
//!
//! # The pipeline
//!
//! ```text
//!  input ──▶ scan ──▶ solve (layout) ──▶ games (fold + verdict) ──▶ output
//!  mmap or    digit runs   T, N, heaps,       CaseSummary per case     one line
//!  stream     → u64        pairs, 0-ended      Lasker swap, mod K+1,    per case
//!                                              misère counts
//! ```
//!
//! * [`input`] opens a file and memory-maps it, or reads standard input and
//!   pipes through a bounded buffer. Both give a [`input::TokenSource`]: a
//!   sequence of `u64` tokens with byte offsets, and nothing else. No token
//!   is copied.
//! * [`scan`] is the tokenizer. Several kernels (a byte-at-a-time reference,
//!   SWAR, AVX2, AVX-512BW) serve one API and are tested against each other;
//!   [`scan::Kernel::detect`] picks one at run time, in one place. The hot
//!   call is [`scan::Kernel::fold`], which reads a run of heaps and folds
//!   them without leaving the kernel.
//! * [`solve`] knows each problem's layout (`T` cases of `N` heaps, counted
//!   pairs, a `0`-terminated list, pairs to the end), asks the source for
//!   tokens, and turns a fault into an error that says what was expected,
//!   where, by line and column.
//! * [`games`] holds the closed forms. A heap game is a value transform
//!   folded into a [`games::CaseSummary`] (xor, and counts for misère), which
//!   is a monoid: a case can be cut anywhere and its parts folded apart.
//! * [`parallel`] uses that to split a large heap-game file across threads:
//!   blocks are folded in parallel as if all their tokens were heaps, and a
//!   sequential walk over the headers merges whole blocks' summaries, reading
//!   again only the blocks where cases begin and end. Verdicts and errors are
//!   exactly those of the sequential run.
//! * [`output`] writes the verdicts in the judge's words through one buffer.
//!
//! Around the solver: [`gen`] writes reproducible test files, [`validate`]
//! checks them as strictly as a testlib validator, and [`limits`] holds the
//! original problems' limits that both use by default.
//!
//! # Example
//!
//! ```
//! use nimstream::output::VerdictWriter;
//! use nimstream::scan::Kernel;
//! use nimstream::solve::{solve_bytes, Game};
//!
//! // HDU 3032's sample: two cases of Lasker's Nim.
//! let input = b"2\n3\n2 2 3\n2\n3 3\n";
//! let mut stdout = Vec::new();
//! let mut out = VerdictWriter::new(&mut stdout, "Alice", "Bob", Game::Lasker.line_prefix());
//! let report = solve_bytes(Game::Lasker, input, Kernel::detect(), 1, &mut out, "sample", &mut |_| {})?;
//! out.flush()?;
//! drop(out);
//! assert_eq!(report.cases, 2);
//! assert_eq!(stdout, b"Alice\nBob\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Errors
//!
//! Every error about the input carries a byte offset, a line and a column,
//! and says what was expected and what was found ([`Error`]). Positions are
//! computed only after an error, by counting newlines up to the offset, so
//! they cost nothing while scanning.
pub mod error;
pub mod games;
pub mod gen;
pub mod input;
pub mod limits;
pub mod output;
pub mod parallel;
pub mod scan;
pub mod solve;
pub mod validate;

pub use error::{Error, Position};

#[cfg(test)]
pub(crate) mod test_support {
    /// Property-test case count: `PROPTEST_CASES` when set (CI sets it to
    /// 10,000 or more), else `default`.
    pub fn proptest_cases(default: u32) -> u32 {
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }
}
