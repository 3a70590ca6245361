//! The submissions of a package: the reference solution that must be
//! accepted, and the wrong ones the secret data must reject.
//!
//! For the catalogue's problems they are C++ sources kept in
//! `src/package/solutions/` (`accepted/NAME.cpp`, `wrong_answer/NAME-WHAT.cpp`,
//! `time_limit_exceeded/NAME-WHAT.cpp`), written for the package and built
//! into the binary; the suite checks each accepted one against `solve`
//! and each wrong one against its bug. A problem whose game is a rule gets
//! solutions made from the rule's proven period ([`rule_solution`]).

use super::rule_solution;
use super::Submission;
use crate::games::Game;
use crate::problem::{Problem, CATALOGUE};

/// A kept source: its folder, file name and text.
type Kept = (&'static str, &'static str, &'static str);

macro_rules! kept {
    ($($folder:literal / $file:literal),* $(,)?) => {
        &[$(($folder, $file, include_str!(concat!("solutions/", $folder, "/", $file)))),*]
    };
}

/// Every kept source.
static KEPT: &[Kept] = kept![];

/// The submissions of `problem` played as `game`; why there are none.
pub fn submissions(problem: &Problem, game: &Game) -> Result<Vec<Submission>, String> {
    let in_catalogue = CATALOGUE.iter().any(|entry| std::ptr::eq(entry, problem));
    if let (Game::Rule(rule), false) = (game, in_catalogue) {
        return Ok(vec![
            (
                "accepted",
                format!("{}.cpp", problem.name),
                rule_solution::reference(problem, rule)?,
            ),
            (
                "wrong_answer",
                format!("{}-plain-nim.cpp", problem.name),
                rule_solution::plain_nim(problem)?,
            ),
        ]);
    }
    let accepted = format!("{}.cpp", problem.name);
    let prefix = format!("{}-", problem.name);
    let mine: Vec<Submission> = KEPT
        .iter()
        .filter(|(folder, file, _)| match *folder {
            "accepted" => *file == accepted,
            _ => file.starts_with(&prefix),
        })
        .map(|(folder, file, text)| (*folder, file.to_string(), text.to_string()))
        .collect();
    if !mine.iter().any(|(folder, _, _)| *folder == "accepted") {
        return Err(format!(
            "no reference solution is kept for {}",
            problem.name
        ));
    }
    Ok(mine)
}
