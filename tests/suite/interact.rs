//! `nimstream interact` against programs that play: the players of
//! `tests/suite/players/`, connected to the interactor by pipes (its
//! standard output is their standard input and theirs its), and the
//! verdicts both conventions give them.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::programs::program;

/// How long a session may take before the test gives up: far above what
/// these few small games need, even on a loaded machine.
const SESSION_TIMEOUT: Duration = Duration::from_secs(120);

/// What a session ended with.
pub(crate) struct Session {
    /// The interactor's exit status.
    pub(crate) code: i32,
    /// OUTPUT (testlib's tout), or judgemessage.txt for the ICPC order.
    pub(crate) report: String,
    /// The interactor's standard error.
    pub(crate) stderr: String,
}

pub(crate) fn player(name: &str) -> PathBuf {
    program(&format!("tests/suite/players/{name}"))
}

/// Plays `input` of `problem` against `player` run with `args`, the
/// interactor given `options` too; in the ICPC order when `icpc`.
pub(crate) fn play(
    problem: &str,
    input: &str,
    player: &Path,
    args: &[&str],
    options: &[&str],
    icpc: bool,
) -> Session {
    let dir = tempfile::tempdir().unwrap();
    let input_path = dir.path().join("case.in");
    std::fs::write(&input_path, input).unwrap();
    let feedback = dir.path().join("feedback");
    std::fs::create_dir(&feedback).unwrap();
    let tout = dir.path().join("tout.txt");
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimstream"));
    command.args(["interact", problem]).arg(&input_path);
    match icpc {
        true => command.arg(&input_path).arg(&feedback),
        false => command.arg(&tout),
    };
    let mut interactor = command
        .args(options)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut contestant = Command::new(player)
        .args(args)
        .stdin(Stdio::from(interactor.stdout.take().unwrap()))
        .stdout(Stdio::from(interactor.stdin.take().unwrap()))
        .spawn()
        .unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = interactor.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > SESSION_TIMEOUT {
            let _ = interactor.kill();
            let _ = contestant.kill();
            panic!("the session of {problem} against {args:?} ran over {SESSION_TIMEOUT:?}");
        }
        thread::sleep(Duration::from_millis(10));
    };
    // A silent player sleeps on; the verdict is in.
    let _ = contestant.kill();
    let _ = contestant.wait();
    let mut stderr = String::new();
    use std::io::Read;
    interactor
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let report = match icpc {
        true => feedback.join("judgemessage.txt"),
        false => tout,
    };
    Session {
        code: status.code().expect("the interactor exits, not killed"),
        report: std::fs::read_to_string(report).unwrap_or_default(),
        stderr,
    }
}

/// Cases where each wrong player below goes wrong: a first player's win,
/// a loss, a single heap of 1 (lost in misère play), heaps of 1 only, and
/// `1 2 3`, lost in Nim and won in Lasker's game.
const HEAPS: &str = "6\n3\n1 2 3\n2\n5 3\n1\n1\n4\n7 7 1 9\n3\n1 1 1\n2\n6 6\n";

#[test]
fn right_players_win_every_game_as_first_and_as_second_player() {
    for game in ["nim", "misere", "lasker"] {
        let session = play(
            game,
            HEAPS,
            &player("heap_player"),
            &[game, "right"],
            &[],
            false,
        );
        assert_eq!(
            session.code, 0,
            "{game}: {}{}",
            session.report, session.stderr
        );
        assert_eq!(session.report, "ok won 6 games\n", "{game}");
    }
    let bash = "4\n23 2\n24 2\n1 1\n10 4\n";
    let session = play("bash", bash, &player("bash_player"), &["right"], &[], false);
    assert_eq!(
        session.code, 0,
        "bash: {}{}",
        session.report, session.stderr
    );
    let wythoff = player("wythoff_player");
    let session = play("wythoff", WYTHOFF, &wythoff, &["right"], &[], false);
    assert_eq!(session.report, "ok won 6 games\n", "{}", session.stderr);
    let right = &["kayles", "right"];
    let session = play(&kayles(), KAYLES, &player("heap_player"), right, &[], false);
    assert_eq!(
        session.code, 0,
        "kayles: {}{}",
        session.report, session.stderr
    );
    assert_eq!(session.report, "ok won 5 games\n");
}

/// Pairs to the end of the input, an empty first pile (a move written
/// `0 b->0 d`), and `0 0`, a game over before it starts.
const WYTHOFF: &str = "3 5\n2 2\n0 7\n10 20\n1 2\n0 0\n";

/// Kayles from a problem file: its rule, 0.77, splits a heap.
fn kayles() -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/kayles.toml");
    format!("--problem={}", file.display())
}

const KAYLES: &str = "5\n3\n1 2 3\n2\n5 3\n1\n10\n4\n7 7 1 9\n3\n12 30 71\n";

#[test]
fn players_that_do_not_know_the_game_lose_a_game() {
    let heap_player = player("heap_player");
    for (game, fault) in [
        ("nim", "guess"),
        ("nim", "one-heap"),
        ("misere", "guess"),
        ("misere", "no-all-ones"),
        ("lasker", "guess"),
        ("lasker", "nim-xor"),
    ] {
        let session = play(game, HEAPS, &heap_player, &[game, fault], &[], false);
        assert_eq!(session.code, 1, "{game} {fault}: {}", session.report);
        assert!(
            session.report.starts_with("wrong answer game ")
                && session.report.contains("the program lost"),
            "{game} {fault}: {}",
            session.report
        );
        // The transcript ends with the interactor's -1.
        assert!(session.report.ends_with("> -1\n"), "{}", session.report);
    }
    let bash = "4\n23 2\n24 2\n1 1\n10 4\n";
    let session = play(
        "bash",
        bash,
        &player("bash_player"),
        &["greedy"],
        &[],
        false,
    );
    assert_eq!(session.code, 1, "bash greedy: {}", session.report);
    let session = play(
        "wythoff",
        WYTHOFF,
        &player("wythoff_player"),
        &["even"],
        &[],
        false,
    );
    assert_eq!(session.code, 1, "wythoff even: {}", session.report);
    let guess = &["kayles", "guess"];
    let session = play(&kayles(), KAYLES, &heap_player, guess, &[], false);
    assert_eq!(session.code, 1, "kayles guess: {}", session.report);
    assert!(
        session.report.contains("the program lost"),
        "{}",
        session.report
    );
}

#[test]
fn an_illegal_move_is_a_wrong_answer_and_junk_a_presentation_error() {
    let heap_player = player("heap_player");
    let session = play("nim", HEAPS, &heap_player, &["nim", "illegal"], &[], false);
    assert_eq!(session.code, 1, "{}", session.report);
    assert!(
        session.report.starts_with(
            "wrong answer game 1: move 1: '1:1->2' is illegal: a move takes at least one object"
        ),
        "{}",
        session.report
    );
    let session = play(
        "lasker",
        HEAPS,
        &heap_player,
        &["lasker", "junk"],
        &[],
        false,
    );
    assert_eq!(session.code, 2, "{}", session.report);
    assert!(
        session
            .report
            .starts_with("wrong output format game 1: move 1: 'hello' is not a move"),
        "{}",
        session.report
    );
}

/// A program that never answers, or never flushes its answer, is cut off
/// after --move-time: idleness, a wrong answer in testlib's statuses.
#[test]
fn a_silent_or_unflushed_program_is_idle() {
    let heap_player = player("heap_player");
    for fault in ["silent", "unflushed"] {
        let session = play(
            "nim",
            HEAPS,
            &heap_player,
            &["nim", fault],
            &["--move-time", "1"],
            false,
        );
        assert_eq!(session.code, 1, "{fault}: {}", session.report);
        assert!(
            session
                .report
                .starts_with("idleness limit exceeded game 1: the program wrote nothing"),
            "{fault}: {}",
            session.report
        );
    }
}

/// testlib's ANSWER is not read, and REPORT gets the report OUTPUT gets.
#[test]
fn a_testlib_report_file_gets_the_verdict_too() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.txt");
    let answer = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let files = [answer.to_str().unwrap(), report.to_str().unwrap()];
    let args = &["nim", "guess"];
    let session = play("nim", HEAPS, &player("heap_player"), args, &files, false);
    assert_eq!(session.code, 1, "{}{}", session.report, session.stderr);
    let reported = std::fs::read_to_string(&report).unwrap();
    assert!(reported.contains("the program lost"), "{reported}");
    assert_eq!(reported, session.report);
}

#[test]
fn as_an_icpc_validator_it_exits_42_or_43_with_a_judge_message() {
    let heap_player = player("heap_player");
    let session = play("nim", HEAPS, &heap_player, &["nim", "right"], &[], true);
    assert_eq!(session.code, 42, "{}{}", session.report, session.stderr);
    assert_eq!(session.report, "ok won 6 games\n");
    let session = play("nim", HEAPS, &heap_player, &["nim", "guess"], &[], true);
    assert_eq!(session.code, 43, "{}{}", session.report, session.stderr);
    assert!(
        session.report.contains("the program lost"),
        "{}",
        session.report
    );
}

/// A game nimstream cannot play yet, or files in neither order, are the
/// interactor's failure (3), never a verdict on the program.
#[test]
fn a_game_not_played_yet_and_a_wrong_call_fail_the_interactor() {
    let heap_player = player("heap_player");
    let session = play(
        "hdu1517",
        "5\n",
        &heap_player,
        &["nim", "right"],
        &[],
        false,
    );
    assert_eq!(session.code, 3, "{}", session.stderr);
    assert!(
        session
            .stderr
            .contains("hdu1517 cannot be played interactively yet"),
        "{}",
        session.stderr
    );
    let output = Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(["interact", "nim", "only.in"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("interact takes INPUT OUTPUT"), "{stderr}");
}

/// `judge --interactive`: the players in their box, each test's cases
/// played by the interactor on a thread of nimstream's.
#[test]
fn judge_plays_each_test_against_the_program_in_its_box() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("1.in"), HEAPS).unwrap();
    std::fs::write(dir.path().join("2.in"), "2\n2\n5 3\n3\n1 2 3\n").unwrap();
    let heap_player = player("heap_player");
    let judge = |behaviour: &str, time_limit: &str| {
        let args = [
            "judge",
            "nim",
            dir.path().to_str().unwrap(),
            "--interactive",
            "--time-limit",
            time_limit,
            "--",
            heap_player.to_str().unwrap(),
            "nim",
            behaviour,
        ];
        crate::common::nimstream(&args, b"")
    };
    let run = judge("right", "10");
    let printed = crate::common::stdout(&run);
    assert_eq!(
        run.status.code(),
        Some(0),
        "{printed}{}",
        crate::common::stderr(&run)
    );
    assert!(printed.contains("2 tests: 2 AC"), "{printed}");
    for (behaviour, verdict, says) in [
        ("guess", "WA", "the program lost"),
        ("junk", "PE", "'hello' is not a move"),
        ("illegal", "WA", "is illegal"),
    ] {
        let run = judge(behaviour, "10");
        let printed = crate::common::stdout(&run);
        assert_eq!(run.status.code(), Some(1), "{behaviour}: {printed}");
        assert!(
            printed.contains(&format!("1.in: {verdict} ")),
            "{behaviour}: {printed}"
        );
        assert!(printed.contains(says), "{behaviour}: {printed}");
    }
    // Silent: the wall clock (twice the CPU limit and a second) ends it.
    let run = judge("silent", "1");
    let printed = crate::common::stdout(&run);
    assert!(printed.contains("2 tests: 2 TLE"), "{printed}");
    let refused = crate::common::nimstream(
        &[
            "judge",
            "hdu1517",
            dir.path().to_str().unwrap(),
            "--interactive",
            "--",
            "true",
        ],
        b"",
    );
    assert_eq!(refused.status.code(), Some(2));
    let refusal = crate::common::stderr(&refused);
    assert!(
        refusal.contains("cannot be played interactively yet"),
        "{refusal}"
    );
}

/// `judge --interactive` passes `--max-moves`, `--move-time` and `--seed`
/// to the interactor as `interact` takes them; without `--interactive`
/// they are refused.
#[test]
fn judge_passes_the_interactors_options_through() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().to_str().unwrap().to_owned();
    let heap_player = player("heap_player");
    let judge = |test: &str, options: &[&str], behaviour: &str| {
        std::fs::write(dir.path().join("1.in"), test).unwrap();
        let mut args = vec!["judge", "nim", &tests, "--interactive"];
        args.extend(options);
        args.extend(["--", heap_player.to_str().unwrap(), "nim", behaviour]);
        let run = crate::common::nimstream(&args, b"");
        crate::common::stdout(&run).to_string()
    };
    // The right player needs 3 moves to win 5 3.
    let printed = judge("1\n2\n5 3\n", &["--max-moves", "2"], "right");
    assert!(printed.contains("1.in: WA "), "{printed}");
    assert!(
        printed.contains("the game reached 2 moves, the most a game may have"),
        "{printed}"
    );
    assert!(judge("1\n2\n5 3\n", &["--max-moves", "3"], "right").contains("1 test: 1 AC"));
    // Idle after the move time, before the box's wall clock (3 s) ends it.
    let printed = judge(
        "1\n2\n5 3\n",
        &["--move-time", "1", "--time-limit", "1"],
        "silent",
    );
    assert!(printed.contains("1.in: TLE "), "{printed}");
    assert!(
        printed.contains("idle: game 1: the program wrote nothing in the 1s"),
        "{printed}"
    );
    // From 6 6, lost, the interactor's first move is drawn among equals:
    // the same seed plays the same game, and some seeds play others.
    let game_of = |seed: &str| {
        let printed = judge("1\n2\n6 6\n", &["--seed", seed], "one-heap");
        assert!(printed.contains("1.in: WA "), "{printed}");
        let ends = printed.find("the game ends:").expect("a transcript");
        // The transcript's lines only: the summary after them has times.
        printed[ends..]
            .lines()
            .skip(1)
            .take_while(|line| line.starts_with("    "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let games: Vec<String> = (0..6).map(|seed| game_of(&seed.to_string())).collect();
    assert_eq!(game_of("3"), games[3]);
    assert!(games.iter().any(|game| *game != games[0]), "{games:#?}");
    for options in [
        &["--max-moves", "2"][..],
        &["--move-time", "1"],
        &["--seed", "1"],
        &["--hurry-after", "10"],
    ] {
        let mut args = vec!["judge", "nim", &tests];
        args.extend(options);
        args.extend(["--", "true"]);
        let run = crate::common::nimstream(&args, b"");
        assert_eq!(run.status.code(), Some(2), "{options:?}");
        let said = crate::common::stderr(&run);
        assert!(said.contains("--interactive"), "{options:?}: {said}");
    }
}

/// `nimstream play`: a person's side through pipes. The first game is won
/// outright; in the second, from 1 1, the person answers nimstream's move,
/// read from its standard error, with the other heap. Then a game lost.
#[test]
fn play_takes_a_persons_moves_on_standard_input() {
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("games.in");
    std::fs::write(&input, "2\n1\n3\n2\n1 1\n").unwrap();
    let mut nimstream = Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(["play", "nim"])
        .arg(&input)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut person = nimstream.stdin.take().unwrap();
    person.write_all(b"First\n1:3->0\nSecond\n").unwrap();
    person.flush().unwrap();
    let (lines, heard) = std::sync::mpsc::channel();
    let shown = BufReader::new(nimstream.stderr.take().unwrap());
    thread::spawn(move || {
        for line in shown.lines() {
            let _ = lines.send(line.unwrap());
        }
    });
    let mut seen = Vec::new();
    let reply = loop {
        let line = heard
            .recv_timeout(SESSION_TIMEOUT)
            .expect("nimstream's move");
        seen.push(line.clone());
        match line.trim_start_matches("? ") {
            "1:1->0" => break "2:1->0\n",
            "2:1->0" => break "1:1->0\n",
            _ => {}
        }
    };
    person.write_all(reply.as_bytes()).unwrap();
    drop(person);
    let output = nimstream.wait_with_output().unwrap();
    let printed = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{printed} {seen:?}");
    assert_eq!(printed, "you won 2 games\n");
    assert!(seen.iter().any(|line| line.ends_with("0")), "{seen:?}");
    let lost = crate::common::nimstream(&["play", "nim", input.to_str().unwrap()], b"Second\n");
    assert_eq!(lost.status.code(), Some(1));
    assert!(
        crate::common::stdout(&lost).starts_with("you lost: game 1: the program lost"),
        "{}",
        crate::common::stdout(&lost)
    );
}
