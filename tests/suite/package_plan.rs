//! `nimstream package`'s test plan made whole: every planned test is in
//! the package, or the package is refused naming it; the tests reach the
//! limits each layout has (E&D's pairs, a row's largest count of items,
//! HDU 2177's ordered pairs, HDU 1524's graph positions, Kayles' losing
//! cases); and `problem.yaml` holds what a judge reads.

use std::path::{Path, PathBuf};

use crate::common::{nimstream, stderr, stdout};

const KAYLES: &str = "testdata/kayles.toml";

/// Runs `package` on `problem` into `dir/name` with `options`.
fn package_into(problem: &str, dir: &Path, name: &str, options: &[&str]) -> std::process::Output {
    let out = dir.join(name);
    let mut args = vec!["package"];
    if problem.ends_with(".toml") {
        args.extend(["--problem", problem]);
    } else {
        args.push(problem);
    }
    args.push(out.to_str().unwrap());
    args.extend_from_slice(options);
    nimstream(&args, b"")
}

/// Packages `problem` into `dir/package`, which must succeed.
fn packaged(problem: &str, dir: &Path, options: &[&str]) -> PathBuf {
    let run = package_into(problem, dir, "package", options);
    assert!(
        run.status.success(),
        "{problem}: {}{}",
        stdout(&run),
        stderr(&run)
    );
    dir.join("package")
}

/// The secret tests' names, sorted, without `.in`.
fn secret_names(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("data/secret"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter_map(|n| n.strip_suffix(".in").map(str::to_string))
        .collect();
    names.sort();
    names
}

/// The counts `N` of a row problem's cases (`T`, then per case `N` and its
/// row on one line).
fn row_counts(input: &str) -> Vec<u64> {
    let mut lines = input.lines().skip(1);
    let mut counts = Vec::new();
    while let Some(line) = lines.next() {
        counts.push(line.split(' ').next().unwrap().parse().unwrap());
        lines.next();
    }
    counts
}

#[test]
fn every_planned_test_of_the_row_and_position_problems_is_made() {
    for problem in [
        "p2148", "poj1704", "hdu4315", "hdu1730", "hdu2177", "hdu1524", "hdu3595",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let root = packaged(problem, dir.path(), &["--max-bytes", "1M"]);
        let names = secret_names(&root);
        let printed = stdout(&package_into(
            problem,
            dir.path(),
            "again",
            &["--max-bytes", "1M"],
        ))
        .to_string();
        assert!(!printed.contains("left out"), "{problem}: {printed}");
        for wanted in ["min-values", "max-values", "all-losing", "all-winning"] {
            assert!(
                names.iter().any(|n| n.ends_with(wanted)),
                "{problem}: no {wanted} in {names:?}"
            );
        }
    }
}

#[test]
fn e_and_d_gets_pairs_and_rows_reach_their_largest_count() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("p2148", dir.path(), &["--max-bytes", "1M"]);
    let names = secret_names(&root);
    assert!(names.len() >= 12, "{names:?}");
    let mut largest = 0;
    for name in &names {
        let input = std::fs::read_to_string(root.join(format!("data/secret/{name}.in"))).unwrap();
        for n in row_counts(&input) {
            assert!(n % 2 == 0, "{name}: {n} piles make no pairs");
            largest = largest.max(n);
        }
    }
    // P2148 allows N up to 20,000.
    assert_eq!(largest, 20_000, "{names:?}");
    let poj1704 = packaged("poj1704", &dir.path().join("b"), &["--max-bytes", "1M"]);
    let max = std::fs::read_to_string(
        poj1704
            .join("data/secret")
            .join(
                secret_names(&poj1704)
                    .into_iter()
                    .find(|n| n.ends_with("max-items"))
                    .expect("a max-items test"),
            )
            .with_extension("in"),
    )
    .unwrap();
    assert!(row_counts(&max).contains(&1000), "{max:.200}");
}

#[test]
fn kayles_losing_tests_are_losing() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged(KAYLES, dir.path(), &["--max-bytes", "256K"]);
    for name in secret_names(&root) {
        let answers =
            std::fs::read_to_string(root.join(format!("data/secret/{name}.ans"))).unwrap();
        if name.ends_with("all-losing") || name.ends_with("maximal-losing") {
            assert!(answers.lines().all(|l| l == "L"), "{name}: {answers}");
        }
        if name.ends_with("-random") {
            assert!(answers.lines().any(|l| l == "L"), "{name}: {answers}");
        }
    }
    // Three heaps whose two last ones cannot cancel the first (Kayles'
    // values 1 to 8 make no pair worth 8) are drawn again.
    let made = nimstream(
        &[
            "gen",
            "--problem",
            KAYLES,
            "--heaps",
            "3",
            "--cases",
            "20",
            "--losing",
            "1",
        ],
        b"",
    );
    assert!(made.status.success(), "{}", stderr(&made));
    let solved = nimstream(&["solve", "--problem", KAYLES, "-"], &made.stdout);
    assert_eq!(stdout(&solved), "L\n".repeat(20));
}

#[test]
fn a_test_that_cannot_be_made_refuses_the_package_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    // Kayles with every pin count 1: nine heaps of 1 always win, so no
    // all-losing test exists.
    let file = dir.path().join("ones.toml");
    let text = std::fs::read_to_string(KAYLES)
        .unwrap()
        .replace("value = [1, 1000]", "value = [1, 1]")
        .replace("name = \"kayles\"", "name = \"ones\"");
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let refused = package_into(file, dir.path(), "refused", &["--max-bytes", "64K"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stdout(&refused));
    assert!(
        stderr(&refused).contains("all-losing"),
        "{}",
        stderr(&refused)
    );
    assert!(
        stderr(&refused).contains("--allow-missing"),
        "{}",
        stderr(&refused)
    );
    assert!(
        !dir.path().join("refused").exists(),
        "a refused package writes nothing"
    );
    let allowed = package_into(
        file,
        dir.path(),
        "allowed",
        &["--max-bytes", "64K", "--allow-missing"],
    );
    assert!(allowed.status.success(), "{}", stderr(&allowed));
    assert!(
        stderr(&allowed).contains("all-losing is not in the package"),
        "{}",
        stderr(&allowed)
    );
    assert!(
        stdout(&allowed).contains("left out"),
        "{}",
        stdout(&allowed)
    );
}

#[test]
fn problem_yaml_compares_exact_words_and_holds_the_limits_a_judge_reads() {
    let dir = tempfile::tempdir().unwrap();
    let run = package_into("hdu2176", dir.path(), "package", &["--max-bytes", "16M"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let root = dir.path().join("package");
    let yaml = std::fs::read_to_string(root.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("validator_flags: case_sensitive space_change_sensitive"),
        "{yaml}"
    );
    assert!(yaml.contains("name: \"Nim"), "{yaml}");
    let output: u64 = yaml
        .lines()
        .find_map(|l| l.trim().strip_prefix("output: "))
        .expect("an output limit")
        .parse()
        .unwrap();
    let largest = std::fs::read_dir(root.join("data/secret"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ans"))
        .map(|p| std::fs::metadata(p).unwrap().len())
        .max()
        .unwrap();
    assert!(
        output << 20 > largest,
        "output {output} MiB, an answer of {largest} bytes"
    );
    // The time limit, computed from the accepted submission's runs, is the
    // one the report names, problem.yaml's comment too, with problemtools'
    // legacy multipliers written out; the slow submission is killed past
    // the limit's margin.
    let limit = std::fs::read_to_string(root.join(".timelimit")).unwrap();
    let seconds: u32 = limit.trim().parse().expect("whole seconds");
    let printed = stdout(&run);
    let said = format!("time limit: {seconds} s (slowest accepted run ");
    assert!(
        seconds >= 1 && printed.contains(&said),
        "{limit}\n{printed}"
    );
    let margin = format!("quadratic.cpp: past {} s (the limit times 2)", seconds * 2);
    assert!(printed.contains(&margin), "{printed}");
    let noted = format!("same way): {seconds} s: the slowest accepted run, ");
    assert!(yaml.contains(&noted), "{yaml}");
    assert!(
        yaml.contains("  time_multiplier: 5\n  time_safety_margin: 2\n"),
        "{yaml}"
    );
}

#[test]
fn a_time_limit_given_is_written_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let options = ["--max-bytes", "64K", "--time-limit", "3"];
    let run = package_into("nim", dir.path(), "package", &options);
    assert!(run.status.success(), "{}", stderr(&run));
    let limit = std::fs::read_to_string(dir.path().join("package/.timelimit")).unwrap();
    assert_eq!(limit, "3\n");
    assert!(stdout(&run).contains("time limit: 3 s (--time-limit)"));
}

#[test]
fn the_uuid_changes_with_the_problems_parameters() {
    let dir = tempfile::tempdir().unwrap();
    let uuid = |k: &str| {
        let root = dir.path().join(format!("k{k}"));
        let run = nimstream(
            &[
                "package",
                "bounded",
                root.to_str().unwrap(),
                "--max-take",
                k,
                "--max-bytes",
                "64K",
            ],
            b"",
        );
        assert!(run.status.success(), "{}", stderr(&run));
        let yaml = std::fs::read_to_string(root.join("problem.yaml")).unwrap();
        yaml.lines()
            .find(|l| l.starts_with("uuid: "))
            .unwrap()
            .to_string()
    };
    assert_ne!(uuid("3"), uuid("5"));
}

/// The package format's rule for a file's name (problemtools'
/// `_NAME_REGEX`): a letter, digit or `_`, then those, `.` and `-`.
fn valid_file_name(name: &str) -> bool {
    let mut chars = name.chars();
    let ok = |c: char, more: bool| {
        c.is_ascii_alphanumeric() || c == '_' || (more && (c == '.' || c == '-'))
    };
    chars.next().is_some_and(|c| ok(c, false)) && chars.all(|c| ok(c, true)) && name.len() <= 255
}

#[test]
fn file_names_keep_to_the_format_whatever_the_problem_is_called() {
    let dir = tempfile::tempdir().unwrap();
    for (problem, folder) in [("hdu1517", "a"), ("sub:1,3,4", "b"), ("lasker", "c")] {
        let root = packaged(problem, &dir.path().join(folder), &["--max-bytes", "64K"]);
        for entry in walk(&root) {
            let name = entry.file_name().unwrap().to_str().unwrap().to_string();
            assert!(
                valid_file_name(&name) || name == ".timelimit",
                "{problem}: {}",
                entry.display()
            );
        }
    }
    let run = package_into(
        "lasker",
        dir.path(),
        "lasker-package",
        &["--max-bytes", "64K"],
    );
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("call it laskerpackage"),
        "{}",
        stderr(&run)
    );
    // With --problem, a folder named like a problem is still the folder.
    let inside = dir.path().join("d");
    std::fs::create_dir(&inside).unwrap();
    let kayles = std::process::Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(["package", "--problem"])
        .arg(std::fs::canonicalize(KAYLES).unwrap())
        .args(["kayles", "--max-bytes", "64K"])
        .current_dir(&inside)
        .output()
        .unwrap();
    assert!(
        kayles.status.success(),
        "{}",
        String::from_utf8_lossy(&kayles.stderr)
    );
    assert!(inside.join("kayles/problem.yaml").exists());
}

/// Every file and folder under `root`.
fn walk(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(walk(&path));
        }
        found.push(path);
    }
    found
}

#[test]
fn s_nim_and_fibonacci_again_package_with_their_kept_references() {
    for problem in ["hdu1536", "hdu1848"] {
        let dir = tempfile::tempdir().unwrap();
        let root = packaged(problem, dir.path(), &["--max-bytes", "256K"]);
        let reference = root.join(format!("submissions/accepted/{problem}.cpp"));
        let kept = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("src/package/solutions/accepted/{problem}.cpp"));
        assert_eq!(
            std::fs::read_to_string(reference).unwrap(),
            std::fs::read_to_string(kept).unwrap(),
            "{problem}"
        );
    }
}

#[test]
fn an_edited_catalogue_problem_gets_no_reference_that_prints_the_old_words() {
    let dir = tempfile::tempdir().unwrap();
    let toml = nimstream(&["problems", "nim", "--toml"], b"");
    let edited = stdout(&toml).replace("win = \"Yes\"", "win = \"First\"");
    assert_ne!(edited, stdout(&toml));
    let file = dir.path().join("nim.toml");
    std::fs::write(&file, edited).unwrap();
    let run = package_into(
        file.to_str().unwrap(),
        dir.path(),
        "edited",
        &["--max-bytes", "64K"],
    );
    assert_eq!(run.status.code(), Some(2), "{}", stdout(&run));
    assert!(
        stderr(&run).contains("no reference solution"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn no_two_secret_tests_are_the_same() {
    for problem in ["hdu1536", "hdu1524"] {
        let dir = tempfile::tempdir().unwrap();
        let root = packaged(problem, dir.path(), &["--max-bytes", "1M"]);
        let mut seen = std::collections::HashMap::new();
        for name in secret_names(&root) {
            let input = std::fs::read(root.join(format!("data/secret/{name}.in"))).unwrap();
            if let Some(other) = seen.insert(input, name.clone()) {
                panic!("{problem}: {name} is {other} again");
            }
        }
    }
}

#[test]
fn s_nim_gets_sets_that_repeat_a_removal_answered_as_their_distinct_removals() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("hdu1536", dir.path(), &["--max-bytes", "256K"]);
    let name = secret_names(&root)
        .into_iter()
        .find(|n| n.ends_with("-repeated-removals"))
        .expect("a repeated-removals test");
    let input = root.join("data/secret").join(format!("{name}.in"));
    let text = std::fs::read_to_string(&input).unwrap();
    assert!(text.starts_with("3 2 2 5\n"), "{text}");
    let answers = std::fs::read_to_string(input.with_extension("ans")).unwrap();
    assert!(answers.contains('W') && answers.contains('L'), "{answers}");
    // The same sets with each removal once: the same answers.
    let mut distinct = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let numbers: Vec<u64> = line.split(' ').map(|n| n.parse().unwrap()).collect();
        if numbers == [0] {
            distinct += "0\n";
            break;
        }
        let mut set = numbers[1..].to_vec();
        set.sort_unstable();
        set.dedup();
        let set: Vec<String> = set.iter().map(u64::to_string).collect();
        distinct += &format!("{} {}\n", set.len(), set.join(" "));
        let m: usize = lines.next().unwrap().parse().unwrap();
        distinct += &format!("{m}\n");
        for _ in 0..m {
            distinct += lines.next().unwrap();
            distinct += "\n";
        }
    }
    assert_ne!(distinct, text);
    let solved = nimstream(&["solve", "hdu1536", "-"], distinct.as_bytes());
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert_eq!(stdout(&solved), answers);
}
