//! The problems made at run time for games given by their rules: one per
//! rule and way of playing it, named after the rule (`0.77`,
//! `misere:0.77`).

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use super::{Problem, MISERE_RULE_PROBLEM, RULE_PROBLEM};
use crate::grundy::Rule;

/// [`RULE_PROBLEM`] named after `rule`, so that every message, summary and
/// report names the game played (`0.77`) rather than `rule`. Each rule's is
/// made once and kept for the life of the process: a few dozen bytes a rule.
pub(super) fn rule_problem(rule: &Rule, play: Play) -> &'static Problem {
    static MADE: Mutex<BTreeMap<String, &'static Problem>> = Mutex::new(BTreeMap::new());
    let (name, problem) = match play {
        Play::Normal => (rule.to_string(), &RULE_PROBLEM),
        Play::Misere => (format!("{MISERE_PREFIX}{rule}"), &MISERE_RULE_PROBLEM),
    };
    let mut made = MADE.lock().unwrap_or_else(PoisonError::into_inner);
    made.entry(name).or_insert_with_key(|name| {
        let name: &'static str = Box::leak(name.clone().into_boxed_str());
        Box::leak(Box::new(Problem { name, ..*problem }))
    })
}

/// What, in front of a rule, asks for its misère play: `misere:0.77`.
pub const MISERE_PREFIX: &str = "misere:";

/// Who wins when no move is left: the player who made the last move
/// (normal play) or the other (misère play).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The last move wins.
    Normal,
    /// The last move loses.
    Misere,
}
