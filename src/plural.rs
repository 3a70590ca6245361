//! Counts in messages, in the number their count asks for: `1 case`,
//! `2 cases`, and for a count that is a verb's subject `1 differs`,
//! `2 differ`. Every message that prints a count someone reads goes
//! through here, so `1 cases` cannot come back one message at a time.

use std::fmt;

/// A count and its word, shown as `{n} {word}` with the word singular for
/// 1 and plural otherwise (`0 cases`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count<'a> {
    n: u64,
    one: &'a str,
    /// The plural, or `None` for the singular and an `s`.
    many: Option<&'a str>,
}

/// `n` and a noun whose plural takes an `s`: `count(2, "case")` shows as
/// `2 cases`, `count(1, "case")` as `1 case`.
pub fn count(n: u64, noun: &str) -> Count<'_> {
    Count {
        n,
        one: noun,
        many: None,
    }
}

/// `n` and a word with its own plural: `count_as(1, "query", "queries")`,
/// or a verb whose subject the count is, `count_as(1, "differs", "differ")`.
pub fn count_as<'a>(n: u64, one: &'a str, many: &'a str) -> Count<'a> {
    Count {
        n,
        one,
        many: Some(many),
    }
}

impl fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.n, self.many) {
            (1, _) => write!(f, "1 {}", self.one),
            (n, Some(many)) => write!(f, "{n} {many}"),
            (n, None) => write!(f, "{n} {}s", self.one),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1, "case").to_string(), "1 case");
        assert_eq!(count(0, "case").to_string(), "0 cases");
        assert_eq!(count(2, "case").to_string(), "2 cases");
        assert_eq!(count_as(1, "query", "queries").to_string(), "1 query");
        assert_eq!(count_as(3, "query", "queries").to_string(), "3 queries");
        assert_eq!(count_as(1, "differs", "differ").to_string(), "1 differs");
        assert_eq!(
            count_as(u64::MAX, "differs", "differ").to_string(),
            format!("{} differ", u64::MAX)
        );
    }
}
