//! Sessions under a problem file's `[interactive]` protocol, against
//! scripted programs whose games leave the interactor one move at most, so
//! every byte it writes is known.

use std::collections::VecDeque;
use std::time::Duration;

use super::*;
use crate::games::GameParams;
use crate::stress::TestFile;

/// A program's lines in advance, then the end of its output.
struct Script(VecDeque<Heard>);

impl Lines for Script {
    fn next_line(&mut self, _wait: Duration) -> Heard {
        self.0.pop_front().unwrap_or(Heard::Ended)
    }
}

fn script(lines: &[&str]) -> Script {
    Script(
        lines
            .iter()
            .map(|l| Heard::Line(l.as_bytes().to_vec()))
            .collect(),
    )
}

/// A problem file of `game` laid out as `T`, then per case `N` and the
/// heaps, with `interactive` as its `[interactive]` section's keys.
fn problem_with(game: &str, interactive: &str) -> Problem {
    let text = format!(
        "name = \"mine\"\nsource = \"tests\"\ntitle = \"t\"\ngame = \"{game}\"\n\
         layout = \"heap-cases\"\nwin = \"W\"\nlose = \"L\"\n\n[interactive]\n{interactive}"
    );
    Problem::from_toml(&text, "mine.toml").unwrap()
}

/// Plays `input` of `problem` against `program`: the outcome and what the
/// interactor wrote.
fn session(problem: &Problem, input: &str, program: &mut Script) -> (Outcome, String) {
    let game = problem.build_game(&GameParams::default()).unwrap();
    let test = TestFile::read(problem, input.as_bytes()).unwrap();
    let mut written = Vec::new();
    let outcome = play(
        problem,
        &game,
        &test,
        program,
        &mut written,
        &Limits::default(),
    )
    .unwrap();
    (outcome, String::from_utf8(written).unwrap())
}

#[test]
fn a_fixed_first_side_has_the_program_move_at_once() {
    let problem = problem_with("nim", "side = \"first\"\n");
    let mut program = script(&["1:3->0", "2:2->0"]);
    let (outcome, written) = session(&problem, "2\n1\n3\n2\n0 2\n", &mut program);
    assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
    assert_eq!(written, "2\n1\n3\n0\n2\n0 2\n0\n");
}

#[test]
fn a_fixed_side_refuses_a_side_line_as_no_move() {
    let problem = problem_with("nim", "side = \"first\"\n");
    let mut program = script(&["First", "1:3->0"]);
    let (outcome, written) = session(&problem, "1\n1\n3\n", &mut program);
    assert_eq!(outcome.verdict, Verdict::PresentationError);
    assert!(
        outcome
            .message
            .starts_with("game 1: move 1: 'First' is not a move"),
        "{}",
        outcome.message
    );
    assert_eq!(written, "1\n1\n3\n-1\n");
}

#[test]
fn a_fixed_second_side_has_the_interactor_move_first() {
    // From a heap of 1 nimstream's one move is to take it: the program,
    // second, is left without a move and has lost, which a fixed side
    // blames on the test's position.
    let problem = problem_with("nim", "side = \"second\"\n");
    let (outcome, written) = session(&problem, "1\n1\n1\n", &mut script(&[]));
    assert_eq!(outcome.verdict, Verdict::WrongAnswer);
    assert_eq!(
        outcome.message,
        "game 1: the program lost, after 1 move (it moves second from 1, a position it \
         cannot win)"
    );
    assert_eq!(written, "1\n1\n1\n1:1->0\n-1\n");
}

#[test]
fn a_position_reply_writes_the_heaps_after_the_interactor_s_move() {
    // Misère Nim: the program takes one of 2, nimstream must take the last
    // one and loses; its answer is the position, the heap of 0 kept, and
    // the game ends with the file's own word.
    let problem = problem_with(
        "misere",
        "reply = \"position\"\nwon = \"WIN\"\nlost = \"LOSE\"\n",
    );
    let mut program = script(&["First", "2:2->1"]);
    let (outcome, written) = session(&problem, "1\n2\n0 2\n", &mut program);
    assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
    assert_eq!(written, "1\n2\n0 2\n2 0 0\nWIN\n");
}

#[test]
fn a_lost_game_ends_with_the_file_s_lost_word() {
    let problem = problem_with("nim", "reply = \"position\"\nlost = \"LOSE\"\n");
    let mut program = script(&["First", "1:3->1"]);
    let (outcome, written) = session(&problem, "1\n1\n3\n", &mut program);
    assert_eq!(outcome.verdict, Verdict::WrongAnswer);
    assert_eq!(written, "1\n1\n3\n1 0\nLOSE\n");
}

#[test]
fn a_default_section_plays_as_before() {
    let problem = problem_with("nim", "");
    assert_eq!(problem.fixed.protocol, crate::problem::Protocol::DEFAULT);
    let mut program = script(&["First", "1:3->1"]);
    let (outcome, written) = session(&problem, "1\n1\n3\n", &mut program);
    assert_eq!(outcome.verdict, Verdict::WrongAnswer);
    assert_eq!(written, "1\n1\n3\n1:1->0\n-1\n");
}

#[test]
fn a_line_opening_sends_the_count_then_each_case_on_a_line() {
    let problem = problem_with("nim", "send = \"line\"\n");
    let mut program = script(&["First", "2:2->0", "First", "1:3->0"]);
    let (outcome, written) = session(&problem, "2\n2\n0 2\n1\n3\n", &mut program);
    assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
    assert_eq!(written, "2\n2 0 2\n0\n1 3\n0\n");
    // A layout with an end marker: none is sent, and a pair's two numbers
    // make the line.
    let text = "name = \"b\"\nsource = \"s\"\ntitle = \"t\"\ngame = \"bash\"\n\
                layout = \"pairs-to-zero\"\nwin = \"W\"\nlose = \"L\"\n\n\
                [interactive]\nsend = \"line\"\nside = \"first\"\n";
    let bash = Problem::from_toml(text, "b.toml").unwrap();
    let (outcome, written) = session(&bash, "2 2\n0 0\n", &mut script(&["2->0"]));
    assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
    assert_eq!(written, "1\n2 2\n0\n");
}
