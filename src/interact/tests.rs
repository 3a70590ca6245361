//! Sessions against scripted programs: lines given in advance, where the
//! interactor's answers are forced (a won position leaves it no move, or
//! the program's line ends the game), so every byte it writes is known.

use std::collections::VecDeque;
use std::time::Duration;

use super::*;
use crate::games::GameParams;
use crate::stress::TestFile;

/// A program's lines in advance; then silence, or the end of its output.
struct Script {
    lines: VecDeque<Heard>,
    then: fn() -> Heard,
}

impl Lines for Script {
    fn next_line(&mut self, _wait: Duration) -> Heard {
        self.lines.pop_front().unwrap_or_else(self.then)
    }
}

fn script(lines: &[&str]) -> Script {
    Script {
        lines: lines
            .iter()
            .map(|l| Heard::Line(l.as_bytes().to_vec()))
            .collect(),
        then: || Heard::Ended,
    }
}

/// Plays `input` of `problem` against `program`: the outcome and what the
/// interactor wrote.
fn session(problem: &str, input: &str, program: &mut Script, limits: &Limits) -> (Outcome, String) {
    let problem = Problem::find(problem).unwrap();
    let game = problem.build_game(&GameParams::default()).unwrap();
    let test = TestFile::read(problem, input.as_bytes()).unwrap();
    let mut written = Vec::new();
    let outcome = play(problem, &game, &test, program, &mut written, limits).unwrap();
    (outcome, String::from_utf8(written).unwrap())
}

#[test]
fn a_game_the_program_wins_ends_with_0_and_the_next_case_follows() {
    let mut program = script(&["First", "1:3->0", "  ", "First", "1:2->0"]);
    let (outcome, written) = session("nim", "2\n1\n3\n1\n2\n", &mut program, &Limits::default());
    assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
    assert_eq!(outcome.message, "won 2 games");
    assert_eq!(written, "2\n1\n3\n0\n1\n2\n0\n");
}

#[test]
fn a_lost_game_ends_with_minus_1_and_says_where_the_win_went() {
    let mut program = script(&["First", "1:1->0"]);
    let (outcome, written) = session("nim", "1\n2\n1 1\n", &mut program, &Limits::default());
    assert_eq!(outcome.verdict, Verdict::WrongAnswer);
    assert_eq!(
        outcome.message,
        "game 1: the program lost, after 2 moves (it chose First from 1 1)"
    );
    assert_eq!(written, "1\n2\n1 1\n2:1->0\n-1\n");
    assert_eq!(outcome.transcript.last().map(String::as_str), Some("> -1"));
}

#[test]
fn misere_play_gives_the_game_to_the_player_left_without_a_move() {
    // Taking the last object loses: the program leaves it to nimstream.
    let mut program = script(&["First", "1:2->1"]);
    let (outcome, written) = session("misere", "1\n1\n2\n", &mut program, &Limits::default());
    assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
    assert_eq!(written, "1\n1\n2\n1:1->0\n0\n");
}

#[test]
fn position_games_move_in_their_own_notation() {
    let mut program = script(&["First", "2 2->0 0"]);
    let (outcome, written) = session("wythoff", "2 2\n", &mut program, &Limits::default());
    assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
    assert_eq!(written, "2 2\n0\n");
    let mut program = script(&["First", "2->0"]);
    let (outcome, _) = session("bash", "1\n2 2\n", &mut program, &Limits::default());
    assert_eq!(outcome.verdict, Verdict::Accepted, "{}", outcome.message);
    let mut program = script(&["First", "2 2->0"]);
    let (outcome, _) = session("wythoff", "2 2\n", &mut program, &Limits::default());
    assert_eq!(outcome.verdict, Verdict::PresentationError);
    assert_eq!(
        outcome.message,
        "game 1: move 1: '2 2->0' is not a move: expected a b->c d (the two numbers before and after)"
    );
}

#[test]
fn faults_of_the_program_are_named_and_answered_with_minus_1() {
    let limits = Limits::default();
    let cases: [(&[&str], Verdict, &str); 5] = [
        (
            &["first"],
            Verdict::PresentationError,
            "game 1: 'first' is not a side: expected First or Second",
        ),
        (
            &["First", "1:3->4"],
            Verdict::WrongAnswer,
            "game 1: move 1: '1:3->4' is illegal: a move takes at least one object: 3->4",
        ),
        (
            &["First", "2:3->1"],
            Verdict::WrongAnswer,
            "game 1: move 1: '2:3->1' names heap 2, but the position has 1 heap",
        ),
        (
            &["First", "1:4->1"],
            Verdict::WrongAnswer,
            "game 1: move 1: '1:4->1': heap 1 has 3 objects, not 4",
        ),
        (
            &["First"],
            Verdict::PresentationError,
            "game 1: the program's output ended before the game did",
        ),
    ];
    for (lines, verdict, message) in cases {
        let (outcome, written) = session("nim", "1\n1\n3\n", &mut script(lines), &limits);
        assert_eq!(
            (outcome.verdict, outcome.message.as_str()),
            (verdict, message)
        );
        assert!(written.ends_with("\n-1\n"), "{written}");
    }
}

#[test]
fn silence_is_idleness_and_a_long_game_is_cut_at_max_moves() {
    let mut program = script(&["First"]);
    program.then = || Heard::Silent;
    let (outcome, _) = session("nim", "1\n1\n3\n", &mut program, &Limits::default());
    assert_eq!(outcome.verdict, Verdict::Idleness, "{}", outcome.message);
    let limits = Limits {
        max_moves: 1,
        ..Limits::default()
    };
    let mut program = script(&["First", "1:3->2"]);
    let (outcome, written) = session("nim", "1\n1\n3\n", &mut program, &limits);
    assert_eq!(outcome.verdict, Verdict::WrongAnswer);
    assert_eq!(
        outcome.message,
        "game 1: the game reached 1 move, the most a game may have, without an end"
    );
    assert_eq!(written, "1\n1\n3\n-1\n");
}

#[test]
fn games_not_played_yet_are_refused_by_name() {
    for name in ["hdu1517", "poj2311", "poj1704", "hdu1536"] {
        let problem = Problem::find(name).unwrap();
        let game = problem.build_game(&GameParams::default()).unwrap();
        let why = refusal(problem, &game).unwrap();
        assert!(
            why.starts_with(&format!(
                "{} cannot be played interactively yet: ",
                problem.name
            )),
            "{why}"
        );
    }
    for name in [
        "nim",
        "misere",
        "lasker",
        "hdu5795",
        "bash",
        "hdu1847",
        "wythoff",
        "hdu2147",
        "fibonacci",
        "hdu2516",
        "kmultiple",
        "hdu2580",
        "poj3922",
    ] {
        let problem = Problem::find(name).unwrap();
        let game = problem.build_game(&GameParams::default()).unwrap();
        assert_eq!(refusal(problem, &game), None, "{name}");
    }
}

/// A program's input that closes after `left` bytes, as a pipe does when
/// the program has exited.
struct Closing {
    left: usize,
}

impl std::io::Write for Closing {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match bytes.len() <= self.left {
            true => {
                self.left -= bytes.len();
                Ok(bytes.len())
            }
            false => Err(std::io::ErrorKind::BrokenPipe.into()),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_program_gone_after_its_last_win_is_accepted_and_one_gone_before_a_case_is_not() {
    let problem = Problem::find("nim").unwrap();
    let game = problem.build_game(&GameParams::default()).unwrap();
    let limits = Limits::default();
    // "1\n1\n3\n" is read; the 0 after the win finds the program gone.
    let one = TestFile::read(problem, b"1\n1\n3\n").unwrap();
    let mut program = script(&["First", "1:3->0"]);
    let outcome = play(
        problem,
        &game,
        &one,
        &mut program,
        &mut Closing { left: 6 },
        &limits,
    );
    assert_eq!(outcome.unwrap().verdict, Verdict::Accepted);
    let two = TestFile::read(problem, b"2\n1\n3\n1\n2\n").unwrap();
    let mut program = script(&["First", "1:3->0"]);
    let outcome = play(
        problem,
        &game,
        &two,
        &mut program,
        &mut Closing { left: 6 },
        &limits,
    );
    let outcome = outcome.unwrap();
    assert_eq!(outcome.verdict, Verdict::WrongAnswer);
    assert!(
        outcome
            .message
            .starts_with("game 2: the program stopped reading its input"),
        "{}",
        outcome.message
    );
}

/// The listener hands over lines in order, a line past the longest as
/// such, then the end; a flood of lines waits for it to be read.
#[test]
fn the_listener_hands_over_lines_then_the_end() {
    let mut text = b"First\r\n1:3->0\n".to_vec();
    text.extend(vec![b'x'; listen::LONGEST + 1]);
    text.extend(b"\nlast".repeat(10_000));
    let mut listener = Listener::spawn(std::io::Cursor::new(text));
    let wait = Duration::from_secs(60);
    assert_eq!(listener.next_line(wait), Heard::Line(b"First\r".to_vec()));
    assert_eq!(listener.next_line(wait), Heard::Line(b"1:3->0".to_vec()));
    assert_eq!(listener.next_line(wait), Heard::TooLong);
    for _ in 0..10_000 {
        assert_eq!(listener.next_line(wait), Heard::Line(b"last".to_vec()));
    }
    assert_eq!(listener.next_line(wait), Heard::Ended);
    assert_eq!(listener.next_line(wait), Heard::Ended);
}

/// `hurry_after` moves the interactor's hurry, which is otherwise half the
/// move limit: hurried from the first move, it leaves the fewest objects
/// (a whole heap of 9 9 taken), where unhurried some seeds take less.
#[test]
fn hurry_after_makes_the_interactor_end_a_lost_game_from_that_move() {
    let first_move = |seed: u64, hurry_after: Option<u64>| {
        let limits = Limits {
            seed,
            hurry_after,
            ..Limits::default()
        };
        let mut program = script(&["Second"]);
        let (_, written) = session("nim", "1\n2\n9 9\n", &mut program, &limits);
        written.lines().nth(3).unwrap().to_string()
    };
    let takes_a_heap = |mv: &str| mv.ends_with(":9->0");
    for seed in 0..8 {
        let hurried = first_move(seed, Some(0));
        assert!(takes_a_heap(&hurried), "seed {seed}: {hurried}");
    }
    let unhurried: Vec<String> = (0..8).map(|seed| first_move(seed, None)).collect();
    assert!(
        !unhurried.iter().all(|mv| takes_a_heap(mv)),
        "{unhurried:?}"
    );
}
