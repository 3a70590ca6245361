//! `--move` for `nimstream judge` and `nimstream check`: any winning move
//! is accepted, whatever move nimstream's own answers name, and an
//! illegal or non-winning move is a wrong answer that says what is wrong.

use std::path::Path;
use std::process::Output;

use crate::common::{nimstream, stderr, stdout};
use crate::programs::{program, run};

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A folder with P2197's sample, small random cases and cases at the
/// limits, each a `NAME.in` for `nim`.
fn nim_tests() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let sample = std::fs::read(Path::new("testdata").join("nim-p2197.in")).unwrap();
    std::fs::write(dir.path().join("0-sample.in"), sample).unwrap();
    for (name, args) in [
        (
            "1-small",
            &["--cases", "30", "--max", "1000", "--seed", "1"][..],
        ),
        ("2-limits", &["--seed", "2"][..]),
    ] {
        let out = dir.path().join(format!("{name}.in"));
        let mut all = vec!["gen", "nim", "-o", p(&out)];
        all.extend_from_slice(args);
        let made = nimstream(&all, b"");
        assert!(made.status.success(), "{}", stderr(&made));
    }
    dir
}

fn judge(problem: &str, tests: &Path, options: &[&str], program: &Path) -> Output {
    let mut args = vec!["judge", problem, p(tests)];
    args.extend_from_slice(options);
    args.extend(["--", p(program)]);
    nimstream(&args, b"")
}

#[test]
fn judge_move_accepts_a_winning_move_other_than_nimstreams() {
    let tests = nim_tests();
    let any_move = program("nim_any_move");
    // The program's moves are not nimstream's: compared as text, they fail.
    let small = tests.path().join("1-small.in");
    let own = nimstream(&["solve", "nim", "--move", p(&small)], b"");
    assert!(own.status.success(), "{}", stderr(&own));
    assert_ne!(run(&any_move, &small).stdout, own.stdout);
    let as_text = judge("nim", tests.path(), &[], &any_move);
    assert_eq!(as_text.status.code(), Some(1), "{}", stdout(&as_text));
    let judged = judge("nim", tests.path(), &["--move"], &any_move);
    assert_eq!(
        judged.status.code(),
        Some(0),
        "{}{}",
        stdout(&judged),
        stderr(&judged)
    );
    assert!(
        stdout(&judged).contains("3 tests: 3 AC;"),
        "{}",
        stdout(&judged)
    );
}

#[test]
fn judge_move_gives_a_non_winning_move_wa_with_what_it_leaves() {
    let tests = nim_tests();
    let judged = judge("nim", tests.path(), &["--move"], &program("nim_bad_move"));
    let out = stdout(&judged);
    assert_eq!(judged.status.code(), Some(1), "{out}{}", stderr(&judged));
    assert!(out.contains("WA"), "{out}");
    assert!(out.contains("a winning position for the opponent"), "{out}");
}

#[test]
fn judge_move_names_an_illegal_move() {
    let tests = tempfile::tempdir().unwrap();
    std::fs::write(tests.path().join("1.in"), "2\n3\n3 5 7\n2\n3 3\n").unwrap();
    let script = tests.path().join("illegal.sh");
    std::fs::write(&script, "#!/bin/sh\nprintf 'Yes 2:5->6\\nNo\\n'\n").unwrap();
    make_executable(&script);
    let judged = judge("nim", &tests.path().join("1.in"), &["--move"], &script);
    assert_eq!(judged.status.code(), Some(1), "{}", stderr(&judged));
    assert!(
        stdout(&judged).contains(
            "case 1 (output line 1): '2:5->6' is illegal: a move takes at least one object: 5->6"
        ),
        "{}",
        stdout(&judged)
    );
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn judge_move_refuses_a_game_whose_moves_it_cannot_check() {
    let tests = tempfile::tempdir().unwrap();
    std::fs::write(tests.path().join("1.in"), "10 2\n0 0\n").unwrap();
    let judged = judge("kmultiple", tests.path(), &["--move"], Path::new("true"));
    assert_eq!(judged.status.code(), Some(2));
    assert!(
        stderr(&judged).contains("cannot be checked"),
        "{}",
        stderr(&judged)
    );
}

/// `check nim --move` in testlib's order on heaps 3 5 7 and 3 3, whose
/// expected answer names the first heap's move: exit status and message.
fn testlib(problem: &str, output: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let (input, out, answer) = (
        dir.path().join("1.in"),
        dir.path().join("1.out"),
        dir.path().join("1.ans"),
    );
    std::fs::write(&input, "2\n3\n3 5 7\n2\n3 3\n").unwrap();
    std::fs::write(&answer, "Yes 1:3->2\nNo\n").unwrap();
    std::fs::write(&out, output).unwrap();
    let checked = nimstream(
        &["check", problem, "--move", p(&input), p(&out), p(&answer)],
        b"",
    );
    (checked.status.code(), stderr(&checked).to_string())
}

#[test]
fn check_move_speaks_testlib() {
    assert_eq!(
        testlib("nim", "Yes 3:7->6\nNo\n"),
        (Some(0), "ok 2 cases\n".into())
    );
    assert_eq!(
        testlib("nim", "Yes 2:5->1\nNo\n"),
        (
            Some(1),
            "wrong answer case 1 (output line 1): '2:5->1' leaves heaps 3 1 7, a winning \
             position for the opponent\n"
                .into()
        )
    );
    let (code, message) = testlib("nim", "Yes 3:7-6\nNo\n");
    assert_eq!(code, Some(2), "{message}");
    assert!(
        message.contains("'3:7-6' is not a move: expected i:a->b"),
        "{message}"
    );
    let (code, message) = testlib("kmultiple", "Yes\n");
    assert_eq!(code, Some(3), "{message}");
    let (code, message) = testlib("nim", "Yes 3:7->6\nNo\n\u{0}\u{80}");
    assert_eq!(code, Some(1), "{message}");
}

#[test]
fn check_move_speaks_icpc() {
    let dir = tempfile::tempdir().unwrap();
    let (input, answer) = (dir.path().join("1.in"), dir.path().join("1.ans"));
    std::fs::write(&input, "2\n3\n3 5 7\n2\n3 3\n").unwrap();
    std::fs::write(&answer, "Yes 1:3->2\nNo\n").unwrap();
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let args = [
        "check",
        "nim",
        "--move",
        p(&input),
        p(&answer),
        p(&feedback),
    ];
    let accepted = nimstream(&args, b"Yes 2:5->4\nNo\n");
    assert_eq!(accepted.status.code(), Some(42), "{}", stderr(&accepted));
    let wrong = nimstream(&args, b"Yes 2:5->4\nNo 1:3->2\n");
    assert_eq!(wrong.status.code(), Some(43), "{}", stderr(&wrong));
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(
        message.contains("no move follows a losing verdict"),
        "{message}"
    );
}
