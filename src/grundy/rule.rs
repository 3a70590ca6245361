//! Rules of take-and-break heap games, as they are written: octal codes
//! (`0.77`, `4.07`), hexadecimal codes (`0.8`, `4.0f`), subtraction sets
//! (`sub:1,3,4`), and the classics by name (`kayles`, `grundy`).
//!
//! A code `d0.d1d2d3…` gives, for each `i`, a digit `d_i` whose bits say
//! what may be left after removing `i` objects from one heap: bit 1, no heap
//! (only when the heap had exactly `i`); bit 2, one non-empty heap; bit 4,
//! two non-empty heaps; bit 8, three non-empty heaps. A code whose digits
//! stay below 8 is an octal game; digits `8` to `f` make it hexadecimal. `d0`
//! may only be `0`, `4`, `8` or `c` (splitting without removing anything).
//! A subtraction set `sub:s1,s2,…` is the code with digit 3 at each `s_i`:
//! remove `s_i` objects, whatever is left.
//!
//! Grundy's game (split a heap into two heaps of different sizes) is no
//! code: it is `4.` with the two parts required to differ, and is read by
//! its name, `grundy`. The other classics ([`NAMED_RULES`]) are codes known
//! by name: `kayles` is `0.77`, `officers` is `0.6`, and so on; a name is
//! read in any case.

use std::fmt;

/// A classic game known by its name, and the code it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedRule {
    /// The name, in lower case (`kayles`).
    pub name: &'static str,
    /// The rule it stands for (`0.77`), or the name itself for a game that
    /// has no code (`grundy`).
    pub code: &'static str,
    /// What the game is called in the literature.
    pub title: &'static str,
}

/// The rules known by name, for `Rule::parse` and help texts.
pub const NAMED_RULES: &[NamedRule] = &[
    NamedRule {
        name: "kayles",
        code: "0.77",
        title: "Kayles (knock down one pin or two adjacent ones)",
    },
    NamedRule {
        name: "dawson",
        code: "0.07",
        title: "Dawson's Kayles (knock down two adjacent pins)",
    },
    NamedRule {
        name: "dawson-chess",
        code: "0.137",
        title: "Dawson's Chess",
    },
    NamedRule {
        name: "officers",
        code: "0.6",
        title: "Officers (take one bean, leave one or two heaps)",
    },
    NamedRule {
        name: "treblecross",
        code: "0.007",
        title: "Treblecross (one-dimensional tic-tac-toe, three in a row wins)",
    },
    NamedRule {
        name: "guiles",
        code: "0.15",
        title: "Guiles",
    },
    NamedRule {
        name: "grundy",
        code: "grundy",
        title: "Grundy's game (split a heap into two heaps of different sizes)",
    },
];

/// The names of [`NAMED_RULES`], comma-separated, for help texts.
pub fn rule_names() -> String {
    NAMED_RULES
        .iter()
        .map(|r| r.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The longest code accepted, and the largest element of a subtraction set
/// as written: removals up to a million objects, which keeps a rule's own
/// tables small next to its values. Sets built by programs
/// ([`Rule::subtraction`]) may hold larger removals.
pub const MAX_REMOVAL: usize = 1_000_000;

/// How a rule was written, for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Notation {
    Code,
    Set,
    Grundy,
}

/// A take-and-break rule, parsed and checked. Two rules are equal when
/// they allow the same moves, however they were written.
#[derive(Clone, Debug)]
pub struct Rule {
    /// `(i, d_i)` for every nonzero digit, by ascending `i`: sets built by
    /// programs may reach removals far beyond any code's length.
    digits: Vec<(usize, u8)>,
    notation: Notation,
    /// Whether the two parts of a split must differ (Grundy's game).
    unequal: bool,
    /// Each `i` whose digit has bit 1 (take a whole heap of `i`), ascending.
    take_all: Vec<usize>,
    /// Each `i` whose digit has bit 2 (leave one heap), ascending.
    leave_one: Vec<usize>,
    /// Each `i` whose digit has bit 4 (leave two heaps), ascending.
    leave_two: Vec<usize>,
    /// Each `i` whose digit has bit 8 (leave three heaps), ascending.
    leave_three: Vec<usize>,
}

/// A rule that could not be read: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    /// The rule as given.
    pub rule: String,
    /// The column of the offending character, counted from 1 in characters.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rule `{}`, column {}: {} (a rule is an octal or hexadecimal code such as \
             `0.77`, `4.07` or `0.8`, a subtraction set such as `sub:1,3,4`, or a name: {})",
            self.rule,
            self.column,
            self.message,
            rule_names()
        )
    }
}

impl std::error::Error for RuleError {}

impl Rule {
    /// Reads a rule: a name of [`NAMED_RULES`] (in any case), an octal or
    /// hexadecimal code, or `sub:` and a set.
    pub fn parse(text: &str) -> Result<Rule, RuleError> {
        if let Some(named) = NAMED_RULES
            .iter()
            .find(|r| r.name.eq_ignore_ascii_case(text))
        {
            if named.code == "grundy" {
                return Ok(Rule::grundys_game());
            }
            return Rule::parse(named.code);
        }
        let fail = |column: usize, message: String| RuleError {
            rule: text.to_string(),
            column,
            message,
        };
        if let Some(set) = text.strip_prefix("sub:") {
            return Rule::parse_set(set, 5).map_err(|(column, message)| fail(column, message));
        }
        Rule::parse_code(text).map_err(|(column, message)| fail(column, message))
    }

    fn parse_code(text: &str) -> Result<Rule, (usize, String)> {
        let Some(point) = text.find('.') else {
            return Err((1, "a code needs a point, as in `0.77`".into()));
        };
        let (whole, fraction) = (&text[..point], &text[point + 1..]);
        let d0 = match whole.to_ascii_lowercase().as_str() {
            "" | "0" => 0,
            "4" => 4,
            "8" => 8,
            "c" => 12,
            _ => {
                return Err((
                    1,
                    format!("`{whole}` before the point must be `0`, `4`, `8` or `c`"),
                ))
            }
        };
        if fraction.is_empty() {
            return Err((point + 2, "no digits after the point".into()));
        }
        let mut digits = vec![d0];
        for (i, c) in fraction.chars().enumerate() {
            let column = point + 2 + i;
            match c.to_digit(16) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err((
                        column,
                        format!("`{c}` is not a digit of a code (0 to 7, or 0 to f)"),
                    ))
                }
            }
            if digits.len() > MAX_REMOVAL + 1 {
                return Err((column, format!("codes longer than {MAX_REMOVAL} digits")));
            }
        }
        Ok(Rule::from_digits(digits, false))
    }

    /// `set` starts at `column` of the whole rule.
    fn parse_set(set: &str, column: usize) -> Result<Rule, (usize, String)> {
        let mut removals = vec![];
        let mut at = column;
        for part in set.split(',') {
            let removal: usize = match part.parse() {
                Ok(n) if (1..=MAX_REMOVAL).contains(&n) => n,
                Ok(_) => return Err((at, format!("`{part}` is outside 1 to {MAX_REMOVAL}"))),
                Err(_) if part.is_empty() => {
                    return Err((
                        at,
                        "a subtraction set lists numbers separated by commas".into(),
                    ))
                }
                Err(_) if part.bytes().all(|b| b.is_ascii_digit()) => {
                    return Err((at, format!("`{part}` is outside 1 to {MAX_REMOVAL}")))
                }
                Err(_) => return Err((at, format!("`{part}` is not a positive number"))),
            };
            removals.push(removal);
            at += part.chars().count() + 1;
        }
        Ok(Rule::subtraction(&removals))
    }

    /// A subtraction game on `set`: remove any element's number of objects.
    /// Duplicates and zeros are ignored; elements may be as large as the
    /// machine's numbers.
    pub fn subtraction(set: &[usize]) -> Rule {
        let mut removals: Vec<usize> = set.iter().copied().filter(|&s| s > 0).collect();
        removals.sort_unstable();
        removals.dedup();
        Rule::from_sparse(
            removals.into_iter().map(|s| (s, 3)).collect(),
            Notation::Set,
            false,
        )
    }

    /// Grundy's game: split one heap into two heaps of different sizes.
    pub fn grundys_game() -> Rule {
        Rule::from_sparse(vec![(0, 4)], Notation::Grundy, true)
    }

    /// The rule with these digits (`digits[0]` is `d0`).
    ///
    /// # Panics
    ///
    /// If a digit is above 15, `d0` has bit 1 or 2, or there is no digit.
    pub fn from_digits(digits: Vec<u8>, written_as_set: bool) -> Rule {
        assert!(!digits.is_empty() && digits[0] & 3 == 0 && digits.iter().all(|&d| d < 16));
        let sparse = digits
            .into_iter()
            .enumerate()
            .filter(|&(_, d)| d != 0)
            .collect();
        let notation = if written_as_set {
            Notation::Set
        } else {
            Notation::Code
        };
        Rule::from_sparse(sparse, notation, false)
    }

    fn from_sparse(digits: Vec<(usize, u8)>, notation: Notation, unequal: bool) -> Rule {
        let with = |bit: u8| -> Vec<usize> {
            digits
                .iter()
                .filter(|&&(i, d)| d & bit != 0 && (i > 0 || bit >= 4))
                .map(|&(i, _)| i)
                .collect()
        };
        Rule {
            take_all: with(1),
            leave_one: with(2),
            leave_two: with(4),
            leave_three: with(8),
            digits,
            notation,
            unequal,
        }
    }

    /// The digit for removing `i` (0 beyond the code).
    #[inline]
    pub fn digit(&self, i: usize) -> u8 {
        match self.digits.binary_search_by_key(&i, |&(j, _)| j) {
            Ok(at) => self.digits[at].1,
            Err(_) => 0,
        }
    }

    /// `t`: the most objects one move removes (0 for a rule of no removal).
    pub fn max_removal(&self) -> usize {
        self.digits.last().map_or(0, |&(i, _)| i)
    }

    /// The sizes of heap that a move may take whole, ascending.
    pub fn take_all(&self) -> &[usize] {
        &self.take_all
    }

    /// Whether removing exactly `n` objects, leaving nothing, is a move from
    /// a heap of `n`.
    #[inline]
    pub fn takes_all(&self, n: usize) -> bool {
        self.take_all.binary_search(&n).is_ok()
    }

    /// Each removal that may leave one heap, ascending.
    pub fn leave_one(&self) -> &[usize] {
        &self.leave_one
    }

    /// Each removal that may leave two heaps, ascending (0 for `4.`).
    pub fn leave_two(&self) -> &[usize] {
        &self.leave_two
    }

    /// Each removal that may leave three heaps, ascending (0 for `8.`).
    pub fn leave_three(&self) -> &[usize] {
        &self.leave_three
    }

    /// Whether some move leaves two heaps.
    pub fn splits(&self) -> bool {
        !self.leave_two.is_empty()
    }

    /// Whether the two heaps a split leaves must differ in size (Grundy's
    /// game).
    pub fn unequal_parts(&self) -> bool {
        self.unequal
    }

    /// The most heaps one move leaves: 1 for subtraction games, 2 for
    /// octal games that split, 3 for hexadecimal ones that split in three.
    pub fn max_parts(&self) -> usize {
        if !self.leave_three.is_empty() {
            3
        } else if self.splits() {
            2
        } else {
            1
        }
    }

    /// Whether a split leaves `a` and `b`, given `a <= b` and that some
    /// removal leaves two heaps of `a + b` in all.
    #[inline(always)]
    pub fn split_allowed(&self, a: usize, b: usize) -> bool {
        a >= 1 && !(self.unequal && a == b)
    }
}

impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.digits == other.digits && self.unequal == other.unequal
    }
}

impl Eq for Rule {}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.notation {
            Notation::Grundy if self.unequal => return f.write_str("grundy"),
            Notation::Set if self.digits.iter().all(|&(_, d)| d == 3) => {
                let set: Vec<String> = self.digits.iter().map(|(i, _)| i.to_string()).collect();
                return write!(f, "sub:{}", set.join(","));
            }
            _ => {}
        }
        write!(f, "{:x}.", self.digit(0))?;
        if self.max_removal() == 0 {
            return f.write_str("0");
        }
        for i in 1..=self.max_removal() {
            write!(f, "{:x}", self.digit(i))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octal_codes_read_digit_by_digit() {
        let kayles = Rule::parse("0.77").unwrap();
        assert_eq!(kayles.max_removal(), 2);
        assert_eq!(kayles.leave_one(), &[1, 2]);
        assert_eq!(kayles.leave_two(), &[1, 2]);
        assert!(kayles.takes_all(1) && kayles.takes_all(2) && !kayles.takes_all(3));
        let split = Rule::parse("4.07").unwrap();
        assert_eq!(split.leave_two(), &[0, 2]);
        assert_eq!(split.leave_one(), &[2]);
        assert_eq!(Rule::parse(".16").unwrap(), Rule::parse("0.16").unwrap());
        assert_eq!(Rule::parse("0.160").unwrap().to_string(), "0.16");
        assert_eq!(Rule::parse("0.0").unwrap().max_removal(), 0);
    }

    #[test]
    fn hexadecimal_digits_leave_three_heaps() {
        let rule = Rule::parse("0.8").unwrap();
        assert_eq!(rule.leave_three(), &[1]);
        assert!(rule.leave_two().is_empty() && !rule.splits());
        assert_eq!(rule.max_parts(), 3);
        let rule = Rule::parse("4.0F").unwrap();
        assert_eq!(rule.leave_two(), &[0, 2]);
        assert_eq!(rule.leave_three(), &[2]);
        assert_eq!(rule.leave_one(), &[2]);
        assert!(rule.takes_all(2) && !rule.takes_all(1));
        assert_eq!(rule.to_string(), "4.0f");
        assert_eq!(Rule::parse("c.1").unwrap().leave_three(), &[0]);
        assert_eq!(Rule::parse("0.78").unwrap().to_string(), "0.78");
        assert_eq!(Rule::parse("0.77").unwrap().max_parts(), 2);
        assert_eq!(Rule::parse("sub:3").unwrap().max_parts(), 1);
    }

    #[test]
    fn grundys_game_is_a_split_into_different_sizes() {
        let grundy = Rule::parse("Grundy").unwrap();
        assert!(grundy.unequal_parts() && grundy.splits());
        assert_eq!(grundy.leave_two(), &[0]);
        assert_eq!(grundy.to_string(), "grundy");
        assert_ne!(grundy, Rule::parse("4.0").unwrap());
        assert!(grundy.split_allowed(1, 2) && !grundy.split_allowed(2, 2));
        assert!(Rule::parse("4.0").unwrap().split_allowed(2, 2));
    }

    #[test]
    fn programs_may_build_sets_beyond_the_longest_code() {
        let set = Rule::subtraction(&[2_000_000, 1, 0, 1]);
        assert_eq!(set.max_removal(), 2_000_000);
        assert_eq!(set.digit(2_000_000), 3);
        assert_eq!(set.digit(1_999_999), 0);
        assert_eq!(set.leave_one(), &[1, 2_000_000]);
        assert_eq!(set.to_string(), "sub:1,2000000");
    }

    #[test]
    fn named_rules_are_their_codes_in_any_case() {
        for named in NAMED_RULES.iter().filter(|r| r.code != r.name) {
            let by_code = Rule::parse(named.code).unwrap();
            assert_eq!(Rule::parse(named.name).unwrap(), by_code, "{}", named.name);
            let upper = named.name.to_ascii_uppercase();
            assert_eq!(Rule::parse(&upper).unwrap(), by_code, "{upper}");
        }
        assert_eq!(Rule::parse("Kayles").unwrap(), Rule::parse("0.77").unwrap());
        assert_eq!(Rule::parse("officers").unwrap().to_string(), "0.6");
        let error = Rule::parse("kayle").unwrap_err();
        assert!(error.to_string().contains("kayles, dawson"), "{error}");
    }

    #[test]
    fn a_subtraction_set_is_digit_three_at_each_element() {
        let set = Rule::parse("sub:4,1,3,3").unwrap();
        assert_eq!(set, Rule::parse("0.3033").unwrap());
        assert_eq!(set.to_string(), "sub:1,3,4");
        assert_eq!(Rule::subtraction(&[1, 3, 4]), set);
        assert!(!set.splits());
    }

    #[test]
    fn malformed_rules_say_where() {
        for (text, column, words) in [
            ("077", 1, "needs a point"),
            ("1.77", 1, "must be `0`, `4`, `8` or `c`"),
            ("0.", 3, "no digits"),
            ("0.7g", 4, "not a digit of a code"),
            ("0.7é", 4, "not a digit of a code"),
            ("sub:", 5, "separated by commas"),
            ("sub:1,,2", 7, "separated by commas"),
            ("sub:1,0", 7, "outside 1 to"),
            ("sub:1,x", 7, "not a positive number"),
            ("sub:99999999999999999999999", 5, "outside 1 to"),
            ("sub:-1", 5, "not a positive number"),
            ("kayle", 1, "needs a point"),
        ] {
            let error = Rule::parse(text).unwrap_err();
            assert_eq!(error.column, column, "{text}: {error}");
            assert!(error.message.contains(words), "{text}: {error}");
        }
        let long = format!("0.{}", "7".repeat(MAX_REMOVAL + 1));
        assert!(Rule::parse(&long).is_err());
    }
}
