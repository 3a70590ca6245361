//! Problems given as files (`--problem FILE.toml`): every catalogue entry
//! written with `problems NAME --toml` and read back solves its sample as
//! the entry does; games given by a rule in the layouts of other problems;
//! and a bad file's errors.

use crate::common;

use std::path::{Path, PathBuf};

use common::{nimstream, stderr, stdout};
use nimstream::problem::CATALOGUE;

/// The sample of a problem: `testdata/NAME.in`, or `testdata/NAME-ID.in`
/// after a judge's id, with the statement's output beside it.
fn sample(name: &str) -> Option<(PathBuf, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let file = path.file_name().unwrap().to_str().unwrap();
            file == format!("{name}.in")
                || (file.starts_with(&format!("{name}-")) && file.ends_with(".in"))
        })
        .collect();
    inputs.sort();
    let input = inputs.into_iter().next()?;
    let output = std::fs::read_to_string(input.with_extension("out")).unwrap();
    Some((input, output))
}

/// Writes `text` to a file in `dir` and returns its path.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn every_entry_solves_its_sample_through_its_file() {
    let dir = tempfile::tempdir().unwrap();
    for problem in CATALOGUE.iter() {
        let (input, expected) = sample(problem.name)
            .unwrap_or_else(|| panic!("{} has no sample in testdata/", problem.name));
        // Bounded Nim's sample is K = 3 (testdata/bounded-k3.in).
        let k: &[&str] = match problem.game.parameters.is_empty() {
            true => &[],
            false => &["--max-take", "3"],
        };
        let printed = nimstream(&["problems", problem.name, "--toml"], b"");
        assert!(printed.status.success(), "{}", stderr(&printed));
        let file = write(dir.path(), "p.toml", stdout(&printed));
        let input = input.to_str().unwrap();
        let solved = nimstream(&[&["solve", "--problem", &file, input], k].concat(), b"");
        assert!(
            solved.status.success(),
            "{}: {}",
            problem.name,
            stderr(&solved)
        );
        assert_eq!(stdout(&solved), expected, "{}", problem.name);
        let by_name = nimstream(&[&["solve", problem.name, input], k].concat(), b"");
        assert_eq!(by_name.stdout, solved.stdout, "{}", problem.name);
        let generated = nimstream(
            &[&["gen", "--problem", &file, "--seed", "7"], k].concat(),
            b"",
        );
        assert!(generated.status.success(), "{}", stderr(&generated));
        let same = nimstream(&[&["gen", problem.name, "--seed", "7"], k].concat(), b"");
        assert_eq!(generated.stdout, same.stdout, "{}", problem.name);
        let validate = [&["validate", "--problem", &file], k].concat();
        let valid = nimstream(&validate, &generated.stdout);
        assert!(
            valid.status.success(),
            "{}: {}",
            problem.name,
            stderr(&valid)
        );
    }
}

/// The README's example: Kayles, as a judge problem of its own, which the
/// README's session reads from `testdata/`.
fn kayles() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/kayles.toml"))
        .unwrap()
}

#[test]
fn kayles_as_a_problem_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "kayles.toml", &kayles());
    // Kayles' values: G(1) = 1, G(2) = 2, G(3) = 3, G(4) = 1, G(5) = 4.
    let solved = nimstream(&["solve", "--problem", &file], b"3\n1\n4\n2\n1 1\n2\n4 1\n");
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert_eq!(stdout(&solved), "W\nL\nL\n");
    let moved = nimstream(&["solve", "--problem", &file, "--move"], b"1\n2\n5 1\n");
    assert_eq!(stdout(&moved), "W 1:5->4\n");
    let generated = nimstream(&["gen", "--problem", &file, "--cases", "50"], b"");
    assert!(generated.status.success(), "{}", stderr(&generated));
    let summary = nimstream(
        &["validate", "--problem", &file, "-", "--summary"],
        &generated.stdout,
    );
    assert!(summary.status.success(), "{}", stderr(&summary));
    assert!(
        stdout(&summary).contains("25 of 50"),
        "{}",
        stdout(&summary)
    );
    let out_of_limits = nimstream(&["validate", "--problem", &file], b"1\n1\n1001\n");
    assert_eq!(out_of_limits.status.code(), Some(1));
    assert!(stderr(&out_of_limits).contains("heap size a"));
}

#[test]
fn a_bad_file_is_an_error_naming_file_line_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let bad = kayles().replace("[1, 100]", "[1, -3]");
    let file = write(dir.path(), "bad.toml", &bad);
    for command in ["solve", "gen", "validate"] {
        let output = nimstream(&[command, "--problem", &file], b"1\n1\n1\n");
        assert_eq!(output.status.code(), Some(2), "{command}");
        let expected = format!("nimstream: {file}:10:13: key `limits.cases`: ");
        assert!(
            stderr(&output).starts_with(&expected),
            "{}",
            stderr(&output)
        );
    }
    // A missing file in the words every command uses for one.
    let missing = nimstream(&["solve", "--problem", "no-such.toml"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        stderr(&missing),
        "nimstream: no-such.toml: no such file or directory\n"
    );
    let missing_input = nimstream(&["solve", "lasker", "no-such.in"], b"");
    assert_eq!(
        stderr(&missing_input),
        "nimstream: no-such.in: no such file or directory\n"
    );
    let both = nimstream(&["solve", "nim", "--problem", &file, "x.in"], b"");
    assert_eq!(both.status.code(), Some(2));
    assert!(stderr(&both).contains("--problem"), "{}", stderr(&both));
}

/// `problems NAME --toml`, with `edit` applied, written to a file in `dir`.
fn edited(dir: &Path, name: &str, edit: impl Fn(String) -> String) -> String {
    let printed = nimstream(&["problems", name, "--toml"], b"");
    assert!(printed.status.success(), "{}", stderr(&printed));
    let text = edit(stdout(&printed).to_string());
    write(dir, &format!("{name}-edited.toml"), &text)
}

#[test]
fn any_heap_layout_plays_any_rule() {
    let dir = tempfile::tempdir().unwrap();
    // Kayles in HDU 3032's layout and words.
    let kayles = edited(dir.path(), "lasker", |t| {
        t.replace("game = \"lasker\"", "rule = \"kayles\"")
    });
    let (input, _) = sample("lasker").unwrap();
    let input = input.to_str().unwrap();
    let by_file = nimstream(&["solve", "--problem", &kayles, input], b"");
    let by_rule = nimstream(&["solve", "kayles", input, "--words", "Alice,Bob"], b"");
    assert!(by_file.status.success(), "{}", stderr(&by_file));
    assert_eq!(by_file.stdout, by_rule.stdout);
    // A subtraction game in HDU 2176's layout, its moves listed: from a
    // heap of 4, taking 1 or 3 both leave a heap worth 1 (G = 0 1 0 1 2 3 2
    // repeating).
    let sub = edited(dir.path(), "hdu2176", |t| {
        t.replace("game = \"nim\"", "rule = \"sub:1,3,4\"")
    });
    let cases = b"2 4 1\n2 5 6\n1 7\n0\n";
    let listed = nimstream(&["solve", "--problem", &sub], cases);
    assert!(listed.status.success(), "{}", stderr(&listed));
    assert_eq!(stdout(&listed), "Yes\n4 3\n4 1\nYes\n5 4\n6 5\nNo\n");
    // And counted, in HDU 1850's.
    let count = edited(dir.path(), "hdu1850", |t| {
        t.replace("game = \"nim\"", "rule = \"sub:1,3,4\"")
    });
    let counted = nimstream(&["solve", "--problem", &count], b"2\n4 1\n2\n5 6\n0\n");
    assert_eq!(stdout(&counted), "2\n2\n", "{}", stderr(&counted));
    // Kayles in HDU 2509's layout, cases to the end of the input, with its
    // words (G(1) = 1, G(2) = 2, G(3) = 3, G(4) = 1).
    let rows = edited(dir.path(), "hdu2509", |t| {
        t.replace("game = \"misere\"", "rule = \"kayles\"")
    });
    let solved = nimstream(&["solve", "--problem", &rows], b"2\n1 1\n2\n3 2\n1\n4\n");
    assert_eq!(stdout(&solved), "No\nYes\nYes\n", "{}", stderr(&solved));
    // And the first winning move, in Luogu P1247's: from the heap of 4,
    // taking 1 or 3 both win, and the fewest objects are taken.
    let first = edited(dir.path(), "p1247", |t| {
        t.replace("game = \"nim\"", "rule = \"sub:1,3,4\"")
    });
    let moved = nimstream(&["solve", "--problem", &first], b"2\n4 1\n");
    assert_eq!(stdout(&moved), "1 1\n3 1\n", "{}", stderr(&moved));
    let generated = nimstream(&["gen", "--problem", &first, "--heaps", "1000"], b"");
    assert!(generated.status.success(), "{}", stderr(&generated));
    let valid = nimstream(&["validate", "--problem", &first], &generated.stdout);
    assert!(valid.status.success(), "{}", stderr(&valid));
    let solved = nimstream(&["solve", "--problem", &first], &generated.stdout);
    assert!(solved.status.success(), "{}", stderr(&solved));
    for file in [&kayles, &sub, &count, &rows] {
        let generated = nimstream(&["gen", "--problem", file, "--cases", "20"], b"");
        assert!(generated.status.success(), "{}", stderr(&generated));
        let valid = nimstream(&["validate", "--problem", file], &generated.stdout);
        assert!(valid.status.success(), "{}", stderr(&valid));
        let solved = nimstream(&["solve", "--problem", file], &generated.stdout);
        assert!(solved.status.success(), "{}", stderr(&solved));
    }
    // A verdict takes --move in any layout; Kayles splits heaps.
    let moved = nimstream(&["solve", "--problem", &kayles, "--move"], b"1\n1\n5\n");
    assert_eq!(stdout(&moved), "Alice 1:5->2+2\n", "{}", stderr(&moved));
}

#[test]
fn a_bad_file_names_the_key_left_out_or_given_twice_and_a_byte_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let left_out = write(dir.path(), "a.toml", &kayles().replace("win = \"W\"\n", ""));
    let twice = write(
        dir.path(),
        "b.toml",
        &format!("{}value = [1, 9]\n", kayles()),
    );
    let mut bytes = kayles().into_bytes();
    bytes[2] = 0xC3;
    let not_utf8 = dir.path().join("c.toml");
    std::fs::write(&not_utf8, bytes).unwrap();
    let not_utf8 = not_utf8.to_str().unwrap();
    let expected = [
        (&left_out, "1:1: missing key `win`"),
        (&twice, "12:1: duplicate key `limits.value`"),
        (
            &not_utf8.to_string(),
            "1:3: the non-ASCII byte 0xC3 is not UTF-8; a problem file is UTF-8 text",
        ),
    ];
    for (file, error) in expected {
        let output = nimstream(&["validate", "--problem", file], b"1\n1\n1\n");
        assert_eq!(output.status.code(), Some(2));
        assert_eq!(stderr(&output), format!("nimstream: {file}:{error}\n"));
    }
}

/// POJ 2975's count of winning moves with Kayles' rule: refused as the file
/// is read, at the key `answer`, before the rule's values are computed.
#[test]
fn an_answer_the_game_cannot_give_is_an_error_at_the_key() {
    let dir = tempfile::tempdir().unwrap();
    for (game, name) in [
        ("rule = \"kayles\"", "the rule kayles"),
        ("rule = \"0.137\"", "the rule 0.137"),
        ("game = \"lasker\"", "lasker"),
        ("game = \"split-three\"", "split-three"),
    ] {
        let file = edited(dir.path(), "poj2975", |t| t.replace("game = \"nim\"", game));
        for command in ["solve", "gen", "validate"] {
            let output = nimstream(&[command, "--problem", &file], b"1\n3\n0\n");
            assert_eq!(output.status.code(), Some(2), "{command}");
            assert_eq!(
                stderr(&output),
                format!(
                    "nimstream: {file}:6:10: key `answer`: {name} splits heaps, so its winning \
                     moves cannot be listed or counted (a heap of n objects splits about n/2 \
                     ways)\n"
                ),
            );
        }
    }
}

#[test]
fn listing_the_moves_of_a_game_that_splits_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for rule in ["game = \"lasker\"", "rule = \"0.77\""] {
        let file = edited(dir.path(), "hdu2176", |t| t.replace("game = \"nim\"", rule));
        let output = nimstream(&["solve", "--problem", &file], b"1 3\n0\n");
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr(&output).contains("splits"), "{}", stderr(&output));
    }
}

/// The README shows `testdata/kayles.toml`, and tests/readme.rs runs its
/// session, which solves the cases of `kayles_as_a_problem_file` with it.
#[test]
fn the_readme_shows_the_kayles_file() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    assert!(readme.contains(&format!("```toml\n{}```\n", kayles())));
    assert!(readme.contains("nimstream solve --problem testdata/kayles.toml\nW\nL\nL\n"));
}

/// Options of zeros, under which a case could read as its layout's end
/// marker: a `0`, `0 0`, `0 0 0`, a case of 0 heaps, a query of 0 pieces.
const ZEROS: [&[&str]; 6] = [
    &["--heaps", "0"],
    &["--min", "0", "--second-min", "0"],
    &[
        "--min",
        "0",
        "--max",
        "0",
        "--second-min",
        "0",
        "--second-max",
        "0",
    ],
    &["--set-size", "0"],
    &["--positions", "0"],
    &["--heaps", "0", "--positions", "1"],
];

/// The flags gen's warnings say validate needs: `--heaps-min 0`, …
fn flags_named(warnings: &str) -> Vec<&str> {
    warnings
        .split("validate accepts the file with ")
        .skip(1)
        .flat_map(|rest| rest.split_whitespace().take(2))
        .collect()
}

/// Only a line `0 0 0` ends HDU 1848's input: `--min 0` draws heaps of 0
/// but never that line, over several seeds; `--max 0` would be nothing else.
#[test]
fn hdu1848_draws_heaps_of_zero_but_never_the_end_line() {
    for seed in 1..=10 {
        let seed = seed.to_string();
        let args = [
            "gen", "hdu1848", "--min", "0", "--max", "2", "--cases", "30", "--seed", &seed,
        ];
        let generated = nimstream(&args, b"");
        assert_eq!(generated.status.code(), Some(0), "{}", stderr(&generated));
        let text = stdout(&generated);
        assert!(
            text.lines().any(|l| l.split(' ').any(|h| h == "0")),
            "{text}"
        );
        assert_eq!(text.matches("0 0 0\n").count(), 1, "seed {seed}: {text}");
        let args = ["validate", "hdu1848", "-", "--value-min", "0"];
        let valid = nimstream(&args, &generated.stdout);
        assert!(valid.status.success(), "seed {seed}: {}", stderr(&valid));
    }
    let refused = nimstream(&["gen", "hdu1848", "--min", "0", "--max", "0"], b"");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("--max must be at least 1"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn gen_writes_no_file_its_own_validate_rejects_even_of_zeros() {
    for problem in CATALOGUE.iter() {
        let k: &[&str] = match problem.name {
            "bounded" => &["--max-take", "3"],
            _ => &[],
        };
        for zeros in ZEROS {
            let head = ["gen", problem.name, "--cases", "3", "--losing", "1"];
            let generated = nimstream(&[&head[..], zeros, k].concat(), b"");
            let what = format!("{} {zeros:?}: {}", problem.name, stderr(&generated));
            match generated.status.code() {
                // Refused, for a reason it names: nothing to check.
                Some(2) => continue,
                code => assert_eq!(code, Some(0), "{what}"),
            }
            let flags = flags_named(stderr(&generated));
            let args = [&["validate", problem.name, "-"][..], &flags, k].concat();
            let valid = nimstream(&args, &generated.stdout);
            assert!(valid.status.success(), "{what}{}", stderr(&valid));
        }
    }
    // The issue's case, a case of 0 heaps in HDU 1850's layout, refused
    // before a file is written, and so through a file allowing 0 heaps.
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("g.in");
    let target = target.to_str().unwrap();
    let zero_heaps = edited(dir.path(), "hdu1850", |t| {
        t.replace("heaps = [2, 100]", "heaps = [0, 100]")
    });
    for problem in [&["hdu1850"][..], &["--problem", &zero_heaps], &["hdu2176"]] {
        let args = [
            "--cases", "3", "--heaps", "0", "--losing", "1", "-o", target,
        ];
        let refused = nimstream(&[&["gen"], problem, &args].concat(), b"");
        assert_eq!(refused.status.code(), Some(2), "{problem:?}");
        assert!(
            stderr(&refused).contains("a case of 0 heaps ends")
                && stderr(&refused).contains("--heaps must be at least 1")
                && !stderr(&refused).contains("warning"),
            "{problem:?}: {}",
            stderr(&refused)
        );
        assert!(!Path::new(target).exists(), "{problem:?}");
    }
}

/// The row of docs/usage.md's key table that starts with `key`.
fn key_row(key: &str) -> String {
    let usage =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/usage.md")).unwrap();
    let start = format!("| `{key}`");
    usage
        .lines()
        .find(|line| line.starts_with(&start))
        .unwrap_or_else(|| panic!("no row for `{key}`"))
        .to_string()
}

#[test]
fn the_key_table_names_every_game_and_every_required_key() {
    let games = key_row("game");
    for game in nimstream::games::known::GAMES {
        assert!(
            games.contains(&format!("`{}`", game.id)),
            "{} is missing",
            game.id
        );
    }
    // Each key whose absence is an error is marked required in its row.
    let dir = tempfile::tempdir().unwrap();
    let output = nimstream(&["problems", "nim", "--toml"], b"");
    let full = stdout(&output);
    let input = write(dir.path(), "case.in", "1\n2\n1 2\n");
    let mut required = 0;
    for line in full.lines().take_while(|line| !line.starts_with('[')) {
        let Some((key, _)) = line.split_once(" = ") else {
            continue;
        };
        let without: String = full
            .lines()
            .filter(|other| *other != line)
            .map(|other| format!("{other}\n"))
            .collect();
        let file = write(dir.path(), "p.toml", &without);
        let run = nimstream(&["solve", "--problem", &file, &input], b"");
        if stderr(&run).contains(&format!("missing key `{key}`")) {
            required += 1;
            let row =
                std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/usage.md"))
                    .unwrap()
                    .lines()
                    .find(|row| {
                        let first = row.split('|').nth(1).unwrap_or_default();
                        row.starts_with("| `") && first.contains(&format!("`{key}`"))
                    })
                    .map(str::to_string)
                    .unwrap_or_default();
            assert!(row.contains("required"), "`{key}` is required: {row}");
        }
    }
    assert!(required >= 3, "name, source and title are required");
}
