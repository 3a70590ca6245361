//! The words the shells complete for the PROBLEM and RULE arguments: the
//! catalogue's names and judge ids, and the rules known by name.
//!
//! clap's completion scripts offer an argument's possible values, which
//! come from its value parser. The parsers here accept any text, as a plain
//! `String` argument does, so that a name in any case (`HDU3032`), an
//! octal code (`0.77`) or a subtraction set (`sub:1,3,4`) stays valid and
//! the commands' own messages still judge it; they only name the words to
//! offer. The arguments hide the list from their help, whose text already
//! names them.

use std::ffi::{OsStr, OsString};

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use nimstream::grundy::rule::NAMED_RULES;
use nimstream::problem::{CATALOGUE, MISERE_PREFIX};

/// Any text, offering `words` to the shells.
#[derive(Clone, Copy)]
pub(crate) struct Offering {
    words: fn() -> Vec<PossibleValue>,
}

impl TypedValueParser for Offering {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.words)().into_iter()))
    }
}

/// Any word, UTF-8 or not, offering `words` to the shells: for PROBLEM,
/// which is the first input when `--problem FILE` names the problem, and
/// an input's name may be any bytes.
#[derive(Clone, Copy)]
pub(crate) struct OfferingAnyWord {
    words: fn() -> Vec<PossibleValue>,
}

impl TypedValueParser for OfferingAnyWord {
    type Value = OsString;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<OsString, clap::Error> {
        Ok(value.to_os_string())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.words)().into_iter()))
    }
}

/// For `problems NAME`: the catalogue's names and judge ids.
pub(crate) fn problems() -> Offering {
    Offering {
        words: problem_words,
    }
}

/// For `grundy RULE`: the rules known by name.
pub(crate) fn rules() -> Offering {
    Offering { words: rule_words }
}

/// For the PROBLEM of `solve`, `gen` and `validate`: problems and rules,
/// in normal and in misère play.
pub(crate) fn problems_and_rules() -> OfferingAnyWord {
    OfferingAnyWord {
        words: || [problem_words(), rule_words(), misere_rule_words()].concat(),
    }
}

/// Each problem's name and judge ids, described by its title (zsh and
/// fish show it beside the word).
fn problem_words() -> Vec<PossibleValue> {
    CATALOGUE
        .iter()
        .flat_map(|p| {
            std::iter::once(p.name)
                .chain(p.aliases.iter().copied())
                .map(|name| PossibleValue::new(name).help(p.title))
        })
        .collect()
}

fn rule_words() -> Vec<PossibleValue> {
    NAMED_RULES
        .iter()
        .map(|rule| PossibleValue::new(rule.name).help(rule.title))
        .collect()
}

/// The rules known by name, played misère: `misere:kayles`.
fn misere_rule_words() -> Vec<PossibleValue> {
    NAMED_RULES
        .iter()
        .map(|rule| {
            // Completion runs once per process: the few names are leaked
            // into the `&'static str` clap's values are.
            let name: &'static str = format!("{MISERE_PREFIX}{}", rule.name).leak();
            PossibleValue::new(name).help(format!("{}, misère", rule.title))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(offering: impl TypedValueParser) -> Vec<String> {
        let values = offering.possible_values().unwrap();
        values.map(|v| v.get_name().to_string()).collect()
    }

    #[test]
    fn names_ids_and_rules_are_offered_and_any_text_is_taken() {
        let all = words(problems_and_rules());
        let names = [
            "lasker",
            "hdu3032",
            "snim",
            "poj2960",
            "kayles",
            "guiles",
            "misere:kayles",
        ];
        for name in names {
            assert!(all.contains(&name.to_string()), "{name}: {all:?}");
        }
        assert!(!words(problems()).contains(&"kayles".to_string()));
        assert!(!words(rules()).contains(&"lasker".to_string()));
        assert!(!words(rules()).contains(&"misere:kayles".to_string()));
        let cmd = clap::Command::new("nimstream");
        for text in ["HDU3032", "0.77", "sub:1,3,4", "misere:0.07", "chess"] {
            let taken = problems_and_rules().parse_ref(&cmd, None, OsStr::new(text));
            assert_eq!(taken.unwrap(), OsStr::new(text));
        }
    }
}
