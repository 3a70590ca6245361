//! Rules of take-and-break heap games, as they are written: octal codes
//! (`0.77`, `4.07`) and subtraction sets (`sub:1,3,4`).
//!
//! An octal code `d0.d1d2d3…` gives, for each `i`, a digit `d_i` whose bits
//! say what may be left after removing `i` objects from one heap: bit 1, no
//! heap (only when the heap had exactly `i`); bit 2, one non-empty heap;
//! bit 4, two non-empty heaps. `d0` may only be `0` or `4` (`4.` allows
//! splitting a heap in two without removing anything). A subtraction set
//! `sub:s1,s2,…` is the octal code with digit 3 at each `s_i`: remove `s_i`
//! objects, whatever is left.
//!
//! The classic games are also known by name ([`NAMED_RULES`]): `kayles` is
//! `0.77`, `officers` is `0.6`, and so on; a name is read in any case.

use std::fmt;

/// A classic game known by its name, and the code it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedRule {
    /// The name, in lower case (`kayles`).
    pub name: &'static str,
    /// The rule it stands for (`0.77`).
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
];

/// The names of [`NAMED_RULES`], comma-separated, for help texts.
pub fn rule_names() -> String {
    NAMED_RULES
        .iter()
        .map(|r| r.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The longest code accepted: removals up to a million objects, which keeps
/// a rule's own tables small next to its values.
pub const MAX_REMOVAL: usize = 1_000_000;

/// A take-and-break rule, parsed and checked. Two rules are equal when
/// they allow the same moves, however they were written.
#[derive(Clone, Debug)]
pub struct Rule {
    /// `digits[i]` is the digit for removing `i`; the last one is nonzero
    /// unless the rule allows no move at all.
    digits: Vec<u8>,
    /// Whether the rule was written as a subtraction set, for display.
    written_as_set: bool,
    /// Each `i` whose digit has bit 2 (leave one heap), ascending.
    leave_one: Vec<usize>,
    /// Each `i` whose digit has bit 4 (leave two heaps), ascending.
    leave_two: Vec<usize>,
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
            "rule `{}`, column {}: {} (a rule is an octal code such as `0.77` or \
             `4.07`, a subtraction set such as `sub:1,3,4`, or a name: {})",
            self.rule,
            self.column,
            self.message,
            rule_names()
        )
    }
}

impl std::error::Error for RuleError {}

impl Rule {
    /// Reads a rule: a name of [`NAMED_RULES`] (in any case), an octal
    /// code, or `sub:` and a set.
    pub fn parse(text: &str) -> Result<Rule, RuleError> {
        if let Some(named) = NAMED_RULES
            .iter()
            .find(|r| r.name.eq_ignore_ascii_case(text))
        {
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
        Rule::parse_octal(text).map_err(|(column, message)| fail(column, message))
    }

    fn parse_octal(text: &str) -> Result<Rule, (usize, String)> {
        let Some(point) = text.find('.') else {
            return Err((1, "an octal code needs a point, as in `0.77`".into()));
        };
        let (whole, fraction) = (&text[..point], &text[point + 1..]);
        let d0 = match whole {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err((1, format!("`{whole}` before the point must be `0` or `4`"))),
        };
        if fraction.is_empty() {
            return Err((point + 2, "no digits after the point".into()));
        }
        let mut digits = vec![d0];
        for (i, c) in fraction.chars().enumerate() {
            let column = point + 2 + i;
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => return Err((column, format!("`{c}` is not an octal digit (0 to 7)"))),
            }
            if digits.len() > MAX_REMOVAL + 1 {
                return Err((column, format!("codes longer than {MAX_REMOVAL} digits")));
            }
        }
        Ok(Rule::from_digits(digits, false))
    }

    /// `set` starts at `column` of the whole rule.
    fn parse_set(set: &str, column: usize) -> Result<Rule, (usize, String)> {
        let mut digits = vec![0u8];
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
            if digits.len() <= removal {
                digits.resize(removal + 1, 0);
            }
            digits[removal] = 3;
            at += part.chars().count() + 1;
        }
        Ok(Rule::from_digits(digits, true))
    }

    /// A subtraction game on `set` (duplicates are ignored).
    ///
    /// # Panics
    ///
    /// If an element is 0 or above [`MAX_REMOVAL`].
    pub fn subtraction(set: &[usize]) -> Rule {
        let mut digits = vec![0u8; set.iter().max().map_or(1, |&m| m + 1)];
        for &s in set {
            assert!((1..=MAX_REMOVAL).contains(&s), "removal {s} out of range");
            digits[s] = 3;
        }
        Rule::from_digits(digits, true)
    }

    /// The rule with these digits (`digits[0]` is `d0`).
    ///
    /// # Panics
    ///
    /// If a digit is above 7, `d0` is not 0 or 4, or there is no digit.
    pub fn from_digits(mut digits: Vec<u8>, written_as_set: bool) -> Rule {
        assert!(!digits.is_empty() && digits[0] & 3 == 0 && digits.iter().all(|&d| d < 8));
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        let with = |bit: u8| -> Vec<usize> {
            let from = usize::from(bit != 4);
            (from..digits.len())
                .filter(|&i| digits[i] & bit != 0)
                .collect()
        };
        let (leave_one, leave_two) = (with(2), with(4));
        Rule {
            digits,
            written_as_set,
            leave_one,
            leave_two,
        }
    }

    /// The digit for removing `i` (0 beyond the code).
    #[inline]
    pub fn digit(&self, i: usize) -> u8 {
        self.digits.get(i).copied().unwrap_or(0)
    }

    /// `t`: the most objects one move removes (0 for a rule of no removal).
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether removing exactly `n` objects, leaving nothing, is a move from
    /// a heap of `n`.
    #[inline]
    pub fn takes_all(&self, n: usize) -> bool {
        self.digit(n) & 1 != 0
    }

    /// Each removal that may leave one heap, ascending.
    pub fn leave_one(&self) -> &[usize] {
        &self.leave_one
    }

    /// Each removal that may leave two heaps, ascending (0 for `4.`).
    pub fn leave_two(&self) -> &[usize] {
        &self.leave_two
    }

    /// Whether some move leaves two heaps.
    pub fn splits(&self) -> bool {
        !self.leave_two.is_empty()
    }
}

impl PartialEq for Rule {
    fn eq(&self, other: &Rule) -> bool {
        self.digits == other.digits
    }
}

impl Eq for Rule {}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.written_as_set && self.digits.iter().all(|&d| d == 0 || d == 3) {
            let set: Vec<String> = (1..self.digits.len())
                .filter(|&i| self.digits[i] == 3)
                .map(|i| i.to_string())
                .collect();
            return write!(f, "sub:{}", set.join(","));
        }
        write!(f, "{}.", self.digits[0])?;
        if self.digits.len() == 1 {
            return f.write_str("0");
        }
        for &d in &self.digits[1..] {
            write!(f, "{d}")?;
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
    fn named_rules_are_their_codes_in_any_case() {
        for named in NAMED_RULES {
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
            ("1.77", 1, "must be `0` or `4`"),
            ("0.", 3, "no digits"),
            ("0.78", 4, "not an octal digit"),
            ("0.7é", 4, "not an octal digit"),
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
