//! `nimstream interact` and `judge --interactive` in Fibonacci Nim and the
//! k-multiple game, where the most a move may take depends on the take
//! before: `tests/suite/players/fibonacci_player.c` against the
//! interactor, through testlib's convention, the ICPC one and the judge.

use crate::interact::{play, player};

/// Fibonacci Nim's cases, `0` ending them: lost piles (2, 3, 13 and 144
/// are Fibonacci numbers: the program is Second) and won ones.
const FIBONACCI: &str = "2\n3\n4\n10\n13\n20\n33\n50\n100\n144\n0\n";

/// The k-multiple game with k = 2, which is Fibonacci Nim, and k = 3
/// (the losing piles 1, 2, 3, 4, 6, 8, 11, …): 4 and 11 are lost.
const K2: &str = "4\n10 2\n13 2\n20 2\n33 2\n";
const K3: &str = "5\n5 3\n17 3\n30 3\n11 3\n4 3\n";

/// Other k's too: 1 (the losing piles are the powers of two), 4 and 10.
const MIXED: &str = "6\n6 1\n8 1\n25 4\n100 10\n13 2\n17 3\n";

/// The right player wins every game, First or Second, whatever the
/// interactor draws among its moves.
#[test]
fn the_right_player_wins_every_game_of_fibonacci_nim_and_the_k_multiple_game() {
    let fibonacci_player = player("fibonacci_player");
    for seed in ["0", "1", "2", "3"] {
        let seeded = &["--seed", seed][..];
        for (problem, input, games) in [
            ("fibonacci", FIBONACCI, 10),
            ("kmultiple", K2, 4),
            ("kmultiple", K3, 5),
            ("kmultiple", MIXED, 6),
        ] {
            let args = &[problem, "right"];
            let session = play(problem, input, &fibonacci_player, args, seeded, false);
            assert_eq!(
                (session.code, session.report.as_str()),
                (0, format!("ok won {games} games\n").as_str()),
                "{problem} seed {seed}: {}",
                session.stderr
            );
        }
    }
    // The ICPC convention, and poj3922, the same game with another answer.
    let args = &["kmultiple", "right"];
    let session = play("poj3922", K3, &fibonacci_player, args, &[], true);
    assert_eq!(session.code, 42, "{}{}", session.report, session.stderr);
    assert_eq!(session.report, "ok won 5 games\n");
    let args = &["fibonacci", "right"];
    let session = play("hdu2516", FIBONACCI, &fibonacci_player, args, &[], true);
    assert_eq!(session.code, 42, "{}{}", session.report, session.stderr);
}

/// Each wrong player chooses the right side and then goes wrong in play:
/// it loses a game, or takes past the limit, which the message spells out.
#[test]
fn wrong_players_lose_a_game_or_take_past_the_limit() {
    let fibonacci_player = player("fibonacci_player");
    for seed in ["0", "1"] {
        let seeded = &["--seed", seed][..];
        for (problem, input, game, fault) in [
            ("fibonacci", FIBONACCI, "fibonacci", "ones"),
            ("fibonacci", FIBONACCI, "fibonacci", "leave-term"),
            ("fibonacci", FIBONACCI, "fibonacci", "all-or-one"),
            ("kmultiple", K2, "kmultiple", "ones"),
            ("kmultiple", K3, "kmultiple", "ones"),
            ("kmultiple", K3, "kmultiple", "all-or-one"),
            ("kmultiple", K3, "kmultiple", "leave-term"),
            // Fibonacci Nim's play, right for k = 2, in the game of 3.
            ("kmultiple", K3, "kmultiple", "k2"),
        ] {
            let args = &[game, fault];
            let session = play(problem, input, &fibonacci_player, args, seeded, false);
            assert_eq!(session.code, 1, "{problem} {fault}: {}", session.report);
            assert!(
                session.report.starts_with("wrong answer game ")
                    && session.report.contains("the program lost"),
                "{problem} {fault} seed {seed}: {}",
                session.report
            );
            assert!(session.report.ends_with("> -1\n"), "{}", session.report);
        }
    }
    // Right for k = 2, where the k-multiple game is Fibonacci Nim.
    let args = &["kmultiple", "k2"];
    let session = play("kmultiple", K2, &fibonacci_player, args, &[], false);
    assert_eq!(session.code, 0, "{}", session.report);
    for (problem, input, game, multiple) in [
        ("fibonacci", FIBONACCI, "fibonacci", "2×"),
        ("kmultiple", K3, "kmultiple", "3×"),
    ] {
        let args = &[game, "unlimited"];
        let session = play(problem, input, &fibonacci_player, args, &[], false);
        assert_eq!(session.code, 1, "{problem}: {}", session.report);
        let said = format!("is illegal: a move may take at most {multiple}");
        assert!(
            session.report.starts_with("wrong answer game ") && session.report.contains(&said),
            "{problem}: {}",
            session.report
        );
    }
}

/// `judge --interactive` plays them too: the right player is accepted on
/// every test, the wrong ones each get a WA that names what went wrong.
#[test]
fn judge_plays_fibonacci_nim_and_the_k_multiple_game() {
    let fibonacci_player = player("fibonacci_player");
    let judge = |problem: &str, tests: &[&str], args: &[&str]| {
        let dir = tempfile::tempdir().unwrap();
        for (at, test) in tests.iter().enumerate() {
            std::fs::write(dir.path().join(format!("{}.in", at + 1)), test).unwrap();
        }
        let mut command = vec![
            "judge",
            problem,
            dir.path().to_str().unwrap(),
            "--interactive",
            "--",
            fibonacci_player.to_str().unwrap(),
        ];
        command.extend(args);
        let run = crate::common::nimstream(&command, b"");
        let printed = crate::common::stdout(&run).to_string();
        (run.status.code(), printed)
    };
    let (code, printed) = judge(
        "fibonacci",
        &[FIBONACCI, "7\n8\n0\n"],
        &["fibonacci", "right"],
    );
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("2 tests: 2 AC"), "{printed}");
    let (code, printed) = judge("kmultiple", &[K2, K3, MIXED], &["kmultiple", "right"]);
    assert_eq!(code, Some(0), "{printed}");
    assert!(printed.contains("3 tests: 3 AC"), "{printed}");
    for (problem, tests, game, fault, says) in [
        (
            "fibonacci",
            [FIBONACCI],
            "fibonacci",
            "ones",
            "the program lost",
        ),
        (
            "fibonacci",
            [FIBONACCI],
            "fibonacci",
            "unlimited",
            "at most 2×",
        ),
        ("kmultiple", [K3], "kmultiple", "ones", "the program lost"),
        ("kmultiple", [K3], "kmultiple", "unlimited", "at most 3×"),
    ] {
        let (code, printed) = judge(problem, &tests, &[game, fault]);
        assert_eq!(code, Some(1), "{problem} {fault}: {printed}");
        assert!(
            printed.contains("1.in: WA "),
            "{problem} {fault}: {printed}"
        );
        assert!(printed.contains(says), "{problem} {fault}: {printed}");
    }
}
