//! A problem file's `[interactive]` protocol, through `interact`, `judge
//! --interactive` and `play`: a fixed side (no side line) and the position
//! as the interactor's answer, against `players/nim_fixed_player.c`.

use std::path::Path;

use crate::common::{nimstream, stdout};
use crate::interact::{play, player};

/// Nim laid out as `T`, then per case `N` and the heaps, played with the
/// side `side` fixed, the position after each of nimstream's moves and the
/// end words `WIN` and `LOSE`; written into `dir`, named as `--problem=`.
fn nim_file(dir: &Path, side: &str) -> String {
    let path = dir.join(format!("nim-{side}.toml"));
    let text = format!(
        "name = \"nim-{side}\"\nsource = \"tests\"\ntitle = \"Nim, {side} player fixed\"\n\
         game = \"nim\"\nlayout = \"heap-cases\"\nwin = \"Yes\"\nlose = \"No\"\n\n\
         [interactive]\nside = \"{side}\"\nreply = \"position\"\nwon = \"WIN\"\nlost = \"LOSE\"\n"
    );
    std::fs::write(&path, text).unwrap();
    format!("--problem={}", path.display())
}

/// Positions the first player wins, and ones the second player wins.
const FIRST_WINS: &str = "3\n3\n1 2 4\n2\n7 3\n4\n5 6 9 11\n";
const SECOND_WINS: &str = "3\n2\n2 2\n3\n1 2 3\n4\n4 4 7 7\n";

#[test]
fn a_fixed_side_is_played_without_a_side_line_and_answered_with_positions() {
    let dir = tempfile::tempdir().unwrap();
    let fixed = player("nim_fixed_player");
    for (side, input) in [("first", FIRST_WINS), ("second", SECOND_WINS)] {
        let problem = nim_file(dir.path(), side);
        let session = play(&problem, input, &fixed, &[side, "right"], &[], false);
        assert_eq!(
            session.code, 0,
            "{side}: {}{}",
            session.report, session.stderr
        );
        assert_eq!(session.report, "ok won 3 games\n", "{side}");
        // A side line is a move's place: no move, a presentation error.
        let session = play(&problem, input, &fixed, &[side, "says-side"], &[], false);
        assert_eq!(
            session.code, 2,
            "{side}: {}{}",
            session.report, session.stderr
        );
        assert!(
            session.report.contains("is not a move"),
            "{side}: {}",
            session.report
        );
    }
    // A position the fixed side cannot win is lost, and said to be the
    // test's.
    let problem = nim_file(dir.path(), "first");
    let session = play(
        &problem,
        SECOND_WINS,
        &fixed,
        &["first", "right"],
        &[],
        false,
    );
    assert_eq!(session.code, 1, "{}", session.report);
    assert!(
        session
            .report
            .contains("(it moves first from 2 2, a position it cannot win)"),
        "{}",
        session.report
    );
    assert!(session.report.contains("> LOSE"), "{}", session.report);
}

#[test]
fn judge_and_play_speak_the_file_s_protocol() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("tests");
    std::fs::create_dir(&tests).unwrap();
    std::fs::write(tests.join("1.in"), SECOND_WINS).unwrap();
    let problem = nim_file(dir.path(), "second");
    let fixed = player("nim_fixed_player");
    let tests = tests.to_str().unwrap();
    let judge = |behaviour: &str| {
        let fixed = fixed.to_str().unwrap();
        let args = [
            "judge",
            &problem,
            tests,
            "--interactive",
            "--",
            fixed,
            "second",
            behaviour,
        ];
        nimstream(&args, b"")
    };
    let run = judge("right");
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
    assert!(stdout(&run).contains("1 test: 1 AC"), "{}", stdout(&run));
    let run = judge("says-side");
    assert!(stdout(&run).contains("1.in: PE "), "{}", stdout(&run));
    // A person second from a heap of 1: nimstream takes it, shows the
    // position and the file's word for a game lost.
    let input = dir.path().join("one.in");
    std::fs::write(&input, "1\n1\n1\n").unwrap();
    let played = nimstream(&["play", &problem, input.to_str().unwrap()], b"");
    let shown = crate::common::stderr(&played);
    assert_eq!(played.status.code(), Some(1), "{}{shown}", stdout(&played));
    assert!(
        stdout(&played).starts_with("you lost: game 1: the program lost, after 1 move"),
        "{}",
        stdout(&played)
    );
    assert!(shown.contains("nimstream moves first"), "{shown}");
    assert!(shown.contains("1 0\n? LOSE"), "{shown}");
}

#[test]
fn problems_shows_each_entry_s_protocol_and_package_keeps_to_the_default() {
    let nim = nimstream(&["problems", "nim"], b"");
    assert!(
        stdout(&nim).contains(
            "    interact: the case as the input has it; the program writes First or Second; \
             nimstream answers a move with its move; 0 a game won, -1 lost (the default)\n"
        ),
        "{}",
        stdout(&nim)
    );
    let graphs = nimstream(&["problems", "hdu1524"], b"");
    assert!(
        stdout(&graphs).contains("    interact: not played: hdu1524 cannot be played"),
        "{}",
        stdout(&graphs)
    );
    let json = nimstream(&["problems", "bash", "--json"], b"");
    assert!(
        stdout(&json).contains("\"interactive\": \"the case as the input has it;"),
        "{}",
        stdout(&json)
    );
    // The kept players and the statement speak the default protocol only.
    let dir = tempfile::tempdir().unwrap();
    let problem = nim_file(dir.path(), "first");
    let package = dir.path().join("package");
    let package = package.to_str().unwrap();
    let refused = nimstream(&["package", &problem, package, "--interactive"], b"");
    let said = crate::common::stderr(&refused);
    assert_eq!(refused.status.code(), Some(2), "{said}");
    assert!(
        said.contains(
            "its [interactive] protocol (the case as the input has it; the program moves first;"
        ),
        "{said}"
    );
    assert!(!Path::new(package).exists());
}

/// A stress run of a problem whose side is fixed draws and shrinks to
/// cases that side can win: the right player passes every test, though
/// about half of all drawn positions are lost for either fixed side.
#[test]
fn stress_with_a_fixed_side_draws_only_positions_that_side_wins() {
    let dir = tempfile::tempdir().unwrap();
    let fixed = player("nim_fixed_player");
    for side in ["first", "second"] {
        let problem = nim_file(dir.path(), side);
        let out = dir.path().join(format!("out-{side}"));
        std::fs::create_dir(&out).unwrap();
        let run = nimstream(
            &[
                "judge",
                &problem,
                "--stress",
                "--interactive",
                "--cases",
                "60",
                "--heaps",
                "1..8",
                "--max",
                "40",
                "--out-dir",
                out.to_str().unwrap(),
                "--",
                fixed.to_str().unwrap(),
                side,
                "right",
            ],
            b"",
        );
        assert_eq!(run.status.code(), Some(0), "{side}: {}", stdout(&run));
        assert!(
            stdout(&run).contains("60 tests passed"),
            "{side}: {}",
            stdout(&run)
        );
    }
}
