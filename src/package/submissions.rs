//! The submissions of a package: the reference solution that must be
//! accepted, and the wrong ones the secret data must reject.
//!
//! For the catalogue's problems they are C++ sources kept in
//! `src/package/solutions/` (`accepted/NAME.cpp`, `wrong_answer/NAME-WHAT.cpp`,
//! `time_limit_exceeded/NAME-WHAT.cpp`), written for the package and built
//! into the binary; the suite checks each accepted one against `solve`
//! and each wrong one against its bug. A problem whose game is a rule gets
//! solutions made from the rule's proven period ([`rule_solution`]).

use super::Submission;
use super::{misere_solution, rule_solution};
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
static KEPT: &[Kept] = kept![
    "accepted" / "bash.cpp",
    "accepted" / "bounded.cpp",
    "accepted" / "fibonacci.cpp",
    "accepted" / "hdu1517.cpp",
    "accepted" / "hdu1524.cpp",
    "accepted" / "hdu1536.cpp",
    "accepted" / "hdu1730.cpp",
    "accepted" / "hdu1847.cpp",
    "accepted" / "hdu1848.cpp",
    "accepted" / "hdu1850.cpp",
    "accepted" / "hdu2147.cpp",
    "accepted" / "hdu2176.cpp",
    "accepted" / "hdu2177.cpp",
    "accepted" / "hdu2509.cpp",
    "accepted" / "hdu3389.cpp",
    "accepted" / "hdu3595.cpp",
    "accepted" / "hdu4315.cpp",
    "accepted" / "hdu5795.cpp",
    "accepted" / "kmultiple.cpp",
    "accepted" / "lasker.cpp",
    "accepted" / "misere.cpp",
    "accepted" / "nim.cpp",
    "accepted" / "p1247.cpp",
    "accepted" / "p2148.cpp",
    "accepted" / "poj1704.cpp",
    "accepted" / "poj2311.cpp",
    "accepted" / "poj2975.cpp",
    "accepted" / "poj3922.cpp",
    "accepted" / "wythoff.cpp",
    "wrong_answer" / "fibonacci-int-table.cpp",
    "wrong_answer" / "hdu1524-or-not-xor.cpp",
    "wrong_answer" / "hdu1524-stale-memo.cpp",
    "wrong_answer" / "hdu2176-moves-unordered.cpp",
    "wrong_answer" / "lasker-int-overflow.cpp",
    "wrong_answer" / "lasker-lowercase.cpp",
    "wrong_answer" / "lasker-swapped-residues.cpp",
    "wrong_answer" / "misere-no-all-ones.cpp",
    "wrong_answer" / "misere-one-larger-parity.cpp",
    "wrong_answer" / "nim-no-reset.cpp",
    "wrong_answer" / "p2148-first-pair.cpp",
    "wrong_answer" / "wythoff-float-phi.cpp",
    "time_limit_exceeded" / "hdu1524-no-memo.cpp",
    "time_limit_exceeded" / "hdu2176-quadratic.cpp",
    "time_limit_exceeded" / "lasker-quadratic.cpp",
    "time_limit_exceeded" / "misere-brute-force.cpp",
    "time_limit_exceeded" / "wythoff-linear-search.cpp",
];

/// The submissions of `problem` played as `game`; why there are none.
pub fn submissions(problem: &Problem, game: &Game) -> Result<Vec<Submission>, String> {
    let in_catalogue = catalogue_entry(problem).is_some();
    if let (Game::Rule(rule), false) = (game, in_catalogue) {
        let stem = file_stem(problem.name);
        return Ok(vec![
            (
                "accepted",
                format!("{stem}.cpp"),
                rule_solution::reference(problem, rule)?,
            ),
            (
                "wrong_answer",
                format!("{stem}-plain-nim.cpp"),
                rule_solution::plain_nim(problem)?,
            ),
        ]);
    }
    if let (Game::MisereRule(misere), false) = (game, in_catalogue) {
        let stem = file_stem(problem.name);
        return Ok(vec![
            (
                "accepted",
                format!("{stem}.cpp"),
                misere_solution::reference(problem, misere)?,
            ),
            (
                "wrong_answer",
                format!("{stem}-plain-nim.cpp"),
                rule_solution::plain_nim(problem)?,
            ),
        ]);
    }
    if !in_catalogue {
        return Err(format!(
            "no reference solution is kept for {}: the kept ones answer the catalogue's \
             problems as they are (their words, format and limits), and a game given by \
             its rule gets one made from it",
            problem.name
        ));
    }
    // A constant of the problem that is not in its input (bounded Nim's
    // K) is a line at the top of each source, which judges compile with
    // flags of their own.
    let defines = match problem.fixed.max_take {
        Some(k) => format!("#define MAX_TAKE {k}\n"),
        None => String::new(),
    };
    let accepted = format!("{}.cpp", problem.name);
    let prefix = format!("{}-", problem.name);
    let mine: Vec<Submission> = KEPT
        .iter()
        .filter(|(folder, file, _)| match *folder {
            "accepted" => *file == accepted,
            _ => file.starts_with(&prefix),
        })
        .map(|(folder, file, text)| (*folder, file.to_string(), format!("{defines}{text}")))
        .collect();
    if !mine.iter().any(|(folder, _, _)| *folder == "accepted") {
        return Err(format!(
            "no reference solution is kept for {}",
            problem.name
        ));
    }
    Ok(mine)
}

/// The catalogue's entry `problem` is, whatever its given parameters (a
/// rule or bounded Nim's K, which the command line fills in on a copy):
/// the same name and, parameters aside, the same file. A problem file that
/// edits a catalogue problem (its words, its limits) is not the entry, and
/// the entry's reference would answer it wrong.
pub fn catalogue_entry(problem: &Problem) -> Option<&'static Problem> {
    let entry = CATALOGUE.iter().find(|entry| entry.name == problem.name)?;
    let unfixed = Problem {
        fixed: entry.fixed,
        ..*problem
    };
    (unfixed.to_toml().ok()? == entry.to_toml().ok()?).then_some(entry)
}

/// A problem's name as the start of a file name the package format
/// allows (letters, digits, `_`, `.` and `-`): a rule's `:` and `,`
/// (`sub:1,3,4`) become `-`.
pub fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(
            |c| match c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '-' {
                true => c,
                false => '-',
            },
        )
        .collect();
    match stem.starts_with(['.', '-']) {
        true => format!("_{stem}"),
        false => stem,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems_keep_to_the_formats_characters() {
        assert_eq!(file_stem("sub:1,3,4"), "sub-1-3-4");
        assert_eq!(file_stem("misere:0.77"), "misere-0.77");
        assert_eq!(file_stem("kayles"), "kayles");
        assert_eq!(file_stem(".x"), "_.x");
    }

    #[test]
    fn every_kept_source_is_built_in_and_every_catalogue_problem_has_a_reference() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/package/solutions");
        for folder in ["accepted", "wrong_answer", "time_limit_exceeded"] {
            for entry in std::fs::read_dir(root.join(folder)).unwrap() {
                let name = entry.unwrap().file_name().into_string().unwrap();
                let listed = KEPT
                    .iter()
                    .any(|(f, file, _)| *f == folder && *file == name);
                assert!(listed, "{folder}/{name} is not in KEPT");
            }
        }
        for problem in &CATALOGUE {
            let accepted = format!("{}.cpp", problem.name);
            assert!(
                KEPT.iter()
                    .any(|(f, file, _)| *f == "accepted" && *file == accepted),
                "no reference for {}",
                problem.name
            );
        }
    }
}
