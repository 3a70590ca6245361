//! A statement's sample explanation, computed from the game: for each of
//! the first cases of a sample, who wins and, where `solve --move` names
//! one, a winning first move (`heap:from->to`); a lost case says that every
//! move leaves the other player a win.

use super::rules::Game as Words;
use crate::games::Game;
use crate::output::VerdictWriter;
use crate::pipeline::Job;
use crate::problem::{Answer, Layout, LinePrefix, Problem};

/// How many cases of a sample are explained.
const CASES: usize = 6;

/// The explanation of `input`, a sample of `problem` played as `game`, in
/// sentences; none for answers other than a verdict per case.
pub fn explain(problem: &Problem, game: &Game, words: &Words, input: &[u8]) -> Vec<String> {
    let per_case = problem.answer == Answer::Verdict
        && !matches!(
            problem.layout,
            Layout::SubtractionSetCases | Layout::GraphCases
        );
    if !per_case {
        return Vec::new();
    }
    let lines = solved(problem, game, input, true).or_else(|| solved(problem, game, input, false));
    let Some(lines) = lines else {
        return Vec::new();
    };
    let (first, second) = (words.first, words.second);
    let mut said = Vec::new();
    for (i, line) in lines.lines().take(CASES).enumerate() {
        let line = match problem.verdicts.prefix {
            LinePrefix::None => line,
            LinePrefix::CaseNumber => line.split_once(": ").map_or(line, |(_, rest)| rest),
        };
        let case = i + 1;
        let sentence = match line.strip_prefix(problem.verdicts.win) {
            Some(rest) => match rest.trim().split_once(':') {
                Some((heap, change)) => format!(
                    "Case {case}: {first} wins, for example by the move {}: heap {heap} \
                     goes from {}.",
                    rest.trim(),
                    change.replace("->", " to ").replace('+', " and ")
                ),
                None => format!("Case {case}: {first} wins: some first move leaves {second} lost."),
            },
            None => format!(
                "Case {case}: {second} wins: every first move leaves a position that \
                 {second}, moving next, wins."
            ),
        };
        said.push(sentence);
    }
    said
}

/// `solve`'s answers to `input`, with winning moves when `moves`; `None`
/// when it cannot give them.
fn solved(problem: &Problem, game: &Game, input: &[u8], moves: bool) -> Option<String> {
    let mut job = Job::new(problem);
    job.moves = moves;
    job.threads = 1;
    let mut bytes = Vec::new();
    let mut out = VerdictWriter::for_problem(&mut bytes, &problem.verdicts);
    let mut game = game.clone();
    job.solve_bytes(input, "sample", &mut game, &mut out, &mut ())
        .ok()?;
    out.flush().ok()?;
    drop(out);
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameParams;

    #[test]
    fn a_sample_is_explained_by_its_winner_and_a_winning_move() {
        let lasker = Problem::find("lasker").unwrap();
        let game = lasker.build_game(&GameParams::default()).unwrap();
        let words = super::super::rules::game(lasker, None);
        let said = explain(lasker, &game, &words, b"2\n3\n2 2 3\n2\n3 3\n");
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(
            said[0].starts_with("Case 1: Alice wins, for example by the move 3:3->0"),
            "{said:?}"
        );
        assert!(said[1].starts_with("Case 2: Bob wins"), "{said:?}");
        // A count per case is not explained case by case.
        let hdu1850 = Problem::find("hdu1850").unwrap();
        let game = hdu1850.build_game(&GameParams::default()).unwrap();
        let words = super::super::rules::game(hdu1850, None);
        assert!(explain(hdu1850, &game, &words, b"3\n5 7 9\n0\n").is_empty());
    }
}
