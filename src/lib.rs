//! nimstream reads judge input files for Nim-family games and says who wins
//! each case, at close to the speed at which the bytes can be read.
//!
//! TODO overview
pub mod error;
pub mod games;
pub mod gen;
pub mod input;
pub mod limits;
pub mod output;
pub mod parallel;
pub mod scan;
pub mod solve;

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
