//! Whole test folders: `solve` on several inputs and folders, `--check`
//! against the `.out` files, and `validate` on several files.

use crate::common;

use std::path::Path;

use common::{nimstream, stderr, stdout};

/// Writes `count` generated lasker inputs `00.in`, `01.in`, … into `dir`,
/// with their answers beside them as `.out` files.
fn test_folder(dir: &Path, count: u64) {
    for i in 0..count {
        let input = dir.join(format!("{i:02}.in"));
        let input = input.to_str().unwrap();
        let seed = (i + 1).to_string();
        let gen = nimstream(
            &[
                "gen", "lasker", "--cases", "12", "--heaps", "5", "--seed", &seed, "-o", input,
            ],
            b"",
        );
        assert!(gen.status.success(), "{}", stderr(&gen));
        let solved = nimstream(&["solve", "lasker", input], b"");
        assert!(solved.status.success(), "{}", stderr(&solved));
        std::fs::write(dir.join(format!("{i:02}.out")), &solved.stdout).unwrap();
    }
}

#[test]
fn a_folder_of_twenty_pairs_is_checked_and_a_wrong_line_named() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 20);
    let folder = dir.path().to_str().unwrap();
    let good = nimstream(&["solve", "lasker", folder, "--check"], b"");
    assert_eq!(good.status.code(), Some(0), "{}", stderr(&good));
    assert_eq!(stdout(&good), "");
    assert_eq!(stderr(&good), "nimstream: 20 files checked: 20 match\n");

    // Line 7 of the eighth file says the other word.
    let wrong = dir.path().join("07.out");
    let text = std::fs::read_to_string(&wrong).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let was = lines[6];
    let now = if was == "Alice" { "Bob" } else { "Alice" };
    lines[6] = now;
    std::fs::write(&wrong, lines.join("\n") + "\n").unwrap();

    let bad = nimstream(&["solve", "lasker", folder, "--check"], b"");
    assert_eq!(bad.status.code(), Some(1), "{}", stderr(&bad));
    assert_eq!(
        stdout(&bad),
        format!(
            "{}:7: the file says '{now}', nimstream answers '{was}'\n",
            wrong.display()
        )
    );
    assert_eq!(
        stderr(&bad),
        "nimstream: 20 files checked: 19 match, 1 differs\n"
    );
}

/// Past the ten differing lines listed, the rest are counted, in the
/// singular for one.
#[test]
fn differing_lines_past_the_listed_ones_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 1);
    let expected = dir.path().join("00.out");
    let text = std::fs::read_to_string(&expected).unwrap();
    let other = |line: &str| if line == "Alice" { "Bob" } else { "Alice" };
    for (wrong, count) in [(11, "1 more line differs"), (12, "2 more lines differ")] {
        let lines: Vec<&str> = text
            .lines()
            .enumerate()
            .map(|(i, line)| if i < wrong { other(line) } else { line })
            .collect();
        std::fs::write(&expected, lines.join("\n") + "\n").unwrap();
        let output = nimstream(
            &["solve", "lasker", dir.path().to_str().unwrap(), "--check"],
            b"",
        );
        assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
        let printed = stdout(&output);
        assert_eq!(printed.lines().count(), 11, "{printed}");
        assert_eq!(
            printed.lines().last().unwrap(),
            format!("{}: {count}", expected.display()),
            "{printed}"
        );
    }
}

#[test]
fn several_inputs_are_answered_in_their_order() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 6);
    let mut expected = Vec::new();
    for i in [3, 0, 5] {
        expected.extend(std::fs::read(dir.path().join(format!("{i:02}.out"))).unwrap());
    }
    let path = |i: u32| dir.path().join(format!("{i:02}.in")).display().to_string();
    let (a, b, c) = (path(3), path(0), path(5));
    for threads in ["1", "2", "4"] {
        let output = nimstream(&["solve", "lasker", &a, &b, &c, "--threads", threads], b"");
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(output.stdout, expected, "--threads {threads}");
    }
    // A folder is its *.in files in name order; other files are left out.
    std::fs::write(dir.path().join("notes.txt"), "not an input").unwrap();
    let folder = nimstream(&["solve", "lasker", dir.path().to_str().unwrap()], b"");
    let mut all = Vec::new();
    for i in 0..6 {
        all.extend(std::fs::read(dir.path().join(format!("{i:02}.out"))).unwrap());
    }
    assert_eq!(folder.stdout, all);
}

#[test]
fn a_failing_input_is_named_and_the_others_still_run() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 4);
    std::fs::write(dir.path().join("01.in"), "1\n2\n3 x\n").unwrap();
    std::fs::remove_file(dir.path().join("02.out")).unwrap();
    let wrong = dir.path().join("03.out");
    std::fs::write(&wrong, "Alice\n").unwrap();
    let folder = dir.path().to_str().unwrap();
    let output = nimstream(&["solve", "lasker", folder, "--check"], b"");
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    let bad_input = dir.path().join("01.in");
    assert!(
        err.contains(&format!(
            "nimstream: {}:3:3: expected heap 2 of 2",
            bad_input.display()
        )),
        "{err}"
    );
    let missing = dir.path().join("02.out");
    assert!(
        err.contains(&format!("nimstream: {}: missing", missing.display())),
        "{err}"
    );
    assert!(
        err.contains("4 files checked: 1 matches, 1 differs, 2 could not be checked"),
        "{err}"
    );
    // The file after the failures was still checked.
    assert!(
        stdout(&output).starts_with(&format!("{}:", wrong.display())),
        "{}",
        stdout(&output)
    );
}

#[test]
fn check_reads_the_expected_answers_from_out_dir() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 2);
    let answers = tempfile::tempdir().unwrap();
    for i in 0..2 {
        let name = format!("{i:02}.out");
        std::fs::rename(dir.path().join(&name), answers.path().join(&name)).unwrap();
    }
    let folder = dir.path().to_str().unwrap();
    common::solve_lasker_into(folder, answers.path(), &["--check"]);
}

#[test]
fn check_needs_files_and_a_folder_needs_inputs() {
    let output = nimstream(&["solve", "lasker", "--check"], b"1\n1\n1\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("standard input has no name"),
        "{}",
        stderr(&output)
    );
    let empty = tempfile::tempdir().unwrap();
    let output = nimstream(&["solve", "lasker", empty.path().to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("holds no *.in file"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn validate_checks_several_files_in_turn() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 3);
    let path = |i: u32| dir.path().join(format!("{i:02}.in")).display().to_string();
    let (a, b, c) = (path(0), path(1), path(2));
    let good = nimstream(&["validate", "lasker", &a, &b, &c], b"");
    assert_eq!(good.status.code(), Some(0), "{}", stderr(&good));
    std::fs::write(&b, "1\n1\n 5\n").unwrap();
    std::fs::remove_file(&c).unwrap();
    let bad = nimstream(&["validate", "lasker", &a, &b, &c], b"");
    assert_eq!(bad.status.code(), Some(2));
    let err = stderr(&bad);
    assert!(err.contains(&format!("nimstream: {b}:3:1: ")), "{err}");
    assert!(err.contains(&format!("nimstream: {c}: ")), "{err}");
    let invalid_only = nimstream(&["validate", "lasker", &a, &b], b"");
    assert_eq!(invalid_only.status.code(), Some(1));
}

#[test]
fn out_dir_gets_each_answer_whole_or_leaves_it_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 5);
    let answers = dir.path().join("answers");
    let folder = dir.path().to_str().unwrap();
    let args = [
        "solve",
        "lasker",
        folder,
        "--out-dir",
        answers.to_str().unwrap(),
    ];
    let output = common::solve_lasker_into(folder, &answers, &[]);
    assert_eq!(stdout(&output), "");
    for i in 0..5 {
        let name = format!("{i:02}.out");
        let written = std::fs::read(answers.join(&name)).unwrap();
        assert_eq!(
            written,
            std::fs::read(dir.path().join(&name)).unwrap(),
            "{name}"
        );
    }
    // An input that fails leaves its old answers, and no temporary file.
    std::fs::write(dir.path().join("02.in"), "2\n1\n5\n1\nx\n").unwrap();
    std::fs::write(answers.join("02.out"), "old\n").unwrap();
    let output = nimstream(&args, b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("02.in:5:1:"),
        "{}",
        stderr(&output)
    );
    assert_eq!(
        std::fs::read_to_string(answers.join("02.out")).unwrap(),
        "old\n"
    );
    let names: Vec<String> = std::fs::read_dir(&answers)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 5, "{names:?}");
    // The answers written are the ones --check accepts.
    std::fs::remove_file(dir.path().join("02.in")).unwrap();
    common::solve_lasker_into(folder, &answers, &["--check"]);
}

#[test]
fn a_large_input_among_small_ones_keeps_its_place() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 3);
    // Over 4 MiB: it runs alone, on every thread, between the small ones.
    let large = dir.path().join("01.in");
    let args = [
        "gen", "lasker", "--cases", "3", "--heaps", "600000", "--seed", "9",
    ];
    let gen = nimstream(&[&args[..], &["-o", large.to_str().unwrap()]].concat(), b"");
    assert!(gen.status.success(), "{}", stderr(&gen));
    assert!(std::fs::metadata(&large).unwrap().len() > 4 << 20);
    let mut expected = Vec::new();
    for i in 0..3 {
        let path = dir.path().join(format!("{i:02}.in"));
        expected.extend(nimstream(&["solve", "lasker", path.to_str().unwrap()], b"").stdout);
    }
    let output = nimstream(&["solve", "lasker", dir.path().to_str().unwrap()], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(output.stdout, expected);
    assert_eq!(stdout(&output).lines().count(), 12 + 3 + 12);
}

#[cfg(unix)]
#[test]
fn out_dir_needs_no_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 2);
    let answers = dir.path().join("answers");
    let script = format!(
        "exec \"$N\" solve lasker '{}' --out-dir '{}' >&-",
        dir.path().display(),
        answers.display()
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .env("N", env!("CARGO_BIN_EXE_nimstream"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for name in ["00.out", "01.out"] {
        assert_eq!(
            std::fs::read(answers.join(name)).unwrap(),
            std::fs::read(dir.path().join(name)).unwrap()
        );
    }
    // --check prints its differences there, so it still needs it.
    let script = format!(
        "exec \"$N\" solve lasker '{}' --check >&-",
        dir.path().display()
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .env("N", env!("CARGO_BIN_EXE_nimstream"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("standard output is closed"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn validate_takes_folders_as_solve_does() {
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 3);
    let folder = dir.path().to_str().unwrap();
    let good = nimstream(&["validate", "lasker", folder], b"");
    assert_eq!(good.status.code(), Some(0), "{}", stderr(&good));
    assert_eq!(stderr(&good), "");
    // Every *.in is checked, in name order, and the .out files are not.
    let bad = dir.path().join("01.in");
    std::fs::write(&bad, "1\n1\n 5\n").unwrap();
    let invalid = nimstream(&["validate", "lasker", folder], b"");
    assert_eq!(invalid.status.code(), Some(1), "{}", stderr(&invalid));
    assert_eq!(
        stderr(&invalid),
        format!(
            "nimstream: {}:3:1: expected heap 1 of case 1, found ' '\n",
            bad.display()
        )
    );
    let summary = nimstream(&["validate", "lasker", folder, "--summary"], b"");
    let names: Vec<&str> = stdout(&summary)
        .lines()
        .filter(|line| line.ends_with(".in:"))
        .collect();
    let expected: Vec<String> = [0, 2]
        .iter()
        .map(|i| format!("{}:", dir.path().join(format!("{i:02}.in")).display()))
        .collect();
    assert_eq!(names, expected, "{}", stdout(&summary));
    let empty = tempfile::tempdir().unwrap();
    let output = nimstream(&["validate", "lasker", empty.path().to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("holds no *.in file"),
        "{}",
        stderr(&output)
    );
}

#[cfg(unix)]
#[test]
fn a_name_that_is_not_utf8_is_kept_as_its_bytes() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    test_folder(dir.path(), 1);
    let input = dir.path().join(OsStr::from_bytes(b"caf\xe9.in"));
    let out = dir.path().join(OsStr::from_bytes(b"caf\xe9.out"));
    std::fs::rename(dir.path().join("00.in"), &input).unwrap();
    std::fs::rename(dir.path().join("00.out"), &out).unwrap();
    let answers = std::fs::read(&out).unwrap();
    let folder = dir.path().to_str().unwrap();

    let solved = nimstream(&["solve", "lasker", folder], b"");
    assert_eq!(solved.status.code(), Some(0), "{}", stderr(&solved));
    assert_eq!(solved.stdout, answers);
    let checked = nimstream(&["solve", "lasker", folder, "--check"], b"");
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    let valid = nimstream(&["validate", "lasker", folder], b"");
    assert_eq!(valid.status.code(), Some(0), "{}", stderr(&valid));

    let written = dir.path().join("answers");
    let args = [
        "solve",
        "lasker",
        folder,
        "--out-dir",
        written.to_str().unwrap(),
    ];
    let output = nimstream(&args, b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let names: Vec<_> = std::fs::read_dir(&written)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, [OsStr::from_bytes(b"caf\xe9.out")]);
    assert_eq!(std::fs::read(written.join(&names[0])).unwrap(), answers);
}

#[test]
fn two_inputs_of_one_name_are_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for (folder, seed) in [(&a, "1"), (&b, "2")] {
        std::fs::create_dir(folder).unwrap();
        let path = folder.join("x.in");
        let args = ["gen", "lasker", "--cases", "3", "--seed", seed, "-o"];
        let gen = nimstream(&[&args[..], &[path.to_str().unwrap()]].concat(), b"");
        assert!(gen.status.success(), "{}", stderr(&gen));
    }
    let out = dir.path().join("out");
    let (first, second) = (a.join("x.in"), b.join("x.in"));
    let args = [
        "solve",
        "lasker",
        first.to_str().unwrap(),
        second.to_str().unwrap(),
        "--out-dir",
        out.to_str().unwrap(),
    ];
    let output = nimstream(&args, b"");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        format!(
            "nimstream: {} and {} would both write {}; \
             answer them into different folders\n",
            first.display(),
            second.display(),
            out.join("x.out").display()
        )
    );
    assert!(!out.join("x.out").exists(), "no work was done");
    // Folders given together clash the same way; each alone is fine.
    let folders = [a.to_str().unwrap(), b.to_str().unwrap()];
    let both = nimstream(&[&args[..2], &folders, &args[4..]].concat(), b"");
    assert_eq!(both.status.code(), Some(2), "{}", stderr(&both));
    assert!(
        stderr(&both).contains("would both write"),
        "{}",
        stderr(&both)
    );
    let alone = nimstream(&[&args[..3], &args[4..]].concat(), b"");
    assert_eq!(alone.status.code(), Some(0), "{}", stderr(&alone));
    // Checked beside their inputs, they answer to different files.
    std::fs::copy(out.join("x.out"), a.join("x.out")).unwrap();
    std::fs::copy(out.join("x.out"), b.join("x.out")).unwrap();
    let check = nimstream(&[&args[..2], &folders, &["--check"]].concat(), b"");
    assert_ne!(check.status.code(), Some(2), "{}", stderr(&check));
    assert!(
        stderr(&check).contains("2 files checked"),
        "{}",
        stderr(&check)
    );
}
