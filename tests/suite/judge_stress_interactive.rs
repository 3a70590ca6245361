//! `nimstream judge PROBLEM --stress --interactive -- CMD`: drawn tests
//! played against the players of `tests/suite/players/` in their box; a
//! right player passes the run, a wrong one is found, its test shrunk to a
//! small one that `judge --interactive` still fails with the command
//! printed, and the game replays the same from the same test and seed.

use std::path::Path;
use std::process::Output;

use nimstream::problem::Problem;
use nimstream::stress::{Case, TestFile};

use crate::common::{nimstream, stderr, stdout};
use crate::interact::player;

/// Small heaps and few of them: `heap_player` searches a heap's values one
/// by one and holds at most 2048 heaps, and a wrong strategy shows on
/// small games as well as on large ones.
const AIM: [&str; 4] = ["--max", "40", "--heaps", "1..8"];

/// `judge PROBLEM --stress --interactive --out-dir DIR OPTIONS -- heap_player
/// PROBLEM BEHAVIOUR`.
fn stress(problem: &str, dir: &Path, options: &[&str], behaviour: &str) -> Output {
    let heap_player = player("heap_player");
    let mut args = vec![
        "judge",
        problem,
        "--stress",
        "--interactive",
        "--out-dir",
        dir.to_str().unwrap(),
    ];
    args.extend_from_slice(options);
    args.extend(["--", heap_player.to_str().unwrap(), problem, behaviour]);
    nimstream(&args, b"")
}

/// The words of the printed line that starts with `label`, after
/// `nimstream`.
fn command_after(out: &str, label: &str) -> Vec<String> {
    let line = out
        .lines()
        .find_map(|line| line.strip_prefix(label))
        .unwrap_or_else(|| panic!("no '{label}' line: {out}"));
    let words: Vec<String> = line.split_whitespace().map(String::from).collect();
    assert_eq!(words[0], "nimstream", "{line}");
    words[1..].to_vec()
}

/// The transcript's lines after the first "the game ends:" of `out`.
fn game_tail(out: &str) -> Vec<&str> {
    let ends = out.find("the game ends:").expect("a transcript");
    out[ends..]
        .lines()
        .skip(1)
        .take_while(|line| line.starts_with("    "))
        .collect()
}

#[test]
fn right_players_pass_every_drawn_game() {
    for problem in ["nim", "misere", "lasker"] {
        let dir = tempfile::tempdir().unwrap();
        let mut options = vec!["--cases", "120"];
        options.extend(AIM);
        let run = stress(problem, dir.path(), &options, "right");
        let out = stdout(&run);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{problem}: {out}{}",
            stderr(&run)
        );
        assert!(
            out.starts_with("120 tests passed (seed 1, "),
            "{problem}: {out}"
        );
        assert!(!dir.path().join("failing.in").exists());
    }
}

#[test]
fn wrong_players_are_found_and_shrunk_to_a_game_that_still_fails() {
    // (problem, behaviour, most heaps the shrunk case may keep).
    let wrong = [
        ("nim", "one-heap", 2),
        ("misere", "no-all-ones", 3),
        ("lasker", "nim-xor", 2),
    ];
    for (problem, behaviour, most_heaps) in wrong {
        let dir = tempfile::tempdir().unwrap();
        let mut options = vec!["--cases", "300", "--seed", "3"];
        options.extend(AIM);
        let run = stress(problem, dir.path(), &options, behaviour);
        let out = stdout(&run);
        assert_eq!(
            run.status.code(),
            Some(1),
            "{behaviour}: {out}{}",
            stderr(&run)
        );
        let shrunk = &out[out.find("shrunk in ").expect("a shrunk test")..];
        assert!(shrunk.contains(": WA: game 1: "), "{behaviour}: {out}");
        assert!(shrunk.contains("the game ends:"), "{behaviour}: {out}");
        let failing = std::fs::read(dir.path().join("failing.in")).unwrap();
        let test = TestFile::read(Problem::find(problem).unwrap(), &failing).unwrap();
        assert_eq!(test.cases.len(), 1, "{behaviour}: {test:?}");
        let Case::Heaps(heaps) = &test.cases[0] else {
            panic!("{behaviour}: {test:?}")
        };
        assert!(heaps.len() <= most_heaps, "{behaviour}: {heaps:?}");
        // Its game is written beside it, as the report shows it.
        let game = std::fs::read_to_string(dir.path().join("failing.game")).unwrap();
        let shown = game_tail(shrunk);
        assert!(!shown.is_empty());
        for line in &shown {
            assert!(game.lines().any(|l| l == line.trim()), "{line}: {game}");
        }
        // The command printed judges the written file with
        // `judge --interactive` and plays the same game to the same loss.
        let again = nimstream(
            &command_after(out, "reproduce: ")
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
            b"",
        );
        let replayed = stdout(&again);
        assert_eq!(again.status.code(), Some(1), "{behaviour}: {replayed}");
        assert!(replayed.contains("failing.in: WA "), "{replayed}");
        assert_eq!(game_tail(replayed), shown, "{behaviour}");
        // And the same run finds and shrinks the same test again.
        let mut same = command_after(out, "the same run: ");
        assert!(same.contains(&"--interactive".to_string()), "{same:?}");
        let program_at = same.iter().position(|word| word == "--").unwrap();
        let out_dir = ["--out-dir".to_string(), dir.path().display().to_string()];
        same.splice(program_at..program_at, out_dir);
        let rerun = nimstream(&same.iter().map(String::as_str).collect::<Vec<_>>(), b"");
        assert_eq!(stdout(&rerun), out, "{behaviour}");
    }
}

#[test]
fn options_without_meaning_in_a_game_are_refused() {
    let heap_player = player("heap_player");
    let program = heap_player.to_str().unwrap();
    for (extra, says) in [
        (&["--move"][..], "--move"),
        (&["--strict"], "--strict"),
        (&["--reference", "/bin/true"], "give no --reference"),
        (&["--json"], "--json"),
    ] {
        let mut args = vec!["judge", "nim", "--stress", "--interactive"];
        args.extend_from_slice(extra);
        args.extend(["--", program, "nim", "right"]);
        let run = nimstream(&args, b"");
        assert_eq!(run.status.code(), Some(2), "{extra:?}: {}", stdout(&run));
        let said = stderr(&run);
        assert!(said.contains(says), "{extra:?}: {said}");
    }
    // A game nimstream cannot play is refused before any test is drawn.
    let run = nimstream(
        &[
            "judge",
            "hdu1517",
            "--stress",
            "--interactive",
            "--",
            "true",
        ],
        b"",
    );
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("cannot be played interactively yet"),
        "{}",
        stderr(&run)
    );
}
