//! The typical wrong programs issue 47 names, each rejected by a package's
//! secret data, and by the test written for it: misère Nim wrong only for
//! an even count of heaps of 1 beside one larger heap, Fibonacci Nim with a
//! table of `int` that wraps, Kayles exact only up to 21 pins, E&D read by
//! its first pair, and Lasker's words in lowercase.

use std::path::{Path, PathBuf};

use crate::common::{nimstream, stderr, stdout};
use crate::programs::{cpp_program, program, run};

/// Packages `problem` into `dir/package` in at most 1 MiB of tests.
fn packaged(problem: &str, dir: &Path) -> PathBuf {
    let root = dir.join("package");
    let mut args = vec!["package"];
    if problem.ends_with(".toml") {
        args.extend(["--problem", problem]);
    } else {
        args.push(problem);
    }
    args.extend([root.to_str().unwrap(), "--max-bytes", "1M"]);
    let run = nimstream(&args, b"");
    assert!(run.status.success(), "{}{}", stdout(&run), stderr(&run));
    root
}

/// The secret tests on which `program`'s output is not the answer file,
/// by name without their number.
fn failed_tests(root: &Path, program: &Path) -> Vec<String> {
    let mut failed = Vec::new();
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(root.join("data/secret"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    for input in inputs {
        let output = run(program, &input);
        assert!(output.status.success(), "{}", input.display());
        let answers = std::fs::read(input.with_extension("ans")).unwrap();
        if output.stdout != answers {
            let name = input.file_stem().unwrap().to_string_lossy();
            failed.push(name[3..].to_string());
        }
    }
    failed
}

#[test]
fn misere_wrong_for_an_even_count_of_ones_beside_a_larger_heap_is_caught_by_its_trap() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("misere", dir.path());
    let wrong = cpp_program("wrong_answer/misere-one-larger-parity", &[]);
    assert_eq!(failed_tests(&root, &wrong), ["ones-and-one-larger"]);
    let kept = root.join("submissions/wrong_answer/misere-one-larger-parity.cpp");
    assert!(kept.exists(), "verifyproblem checks it too");
}

#[test]
fn fibonacci_with_a_wrapping_int_table_is_caught_at_the_top_of_the_range() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("fibonacci", dir.path());
    let wrong = cpp_program("wrong_answer/fibonacci-int-table", &[]);
    assert_eq!(failed_tests(&root, &wrong), ["fibonacci-top"]);
}

#[test]
fn e_and_d_read_by_its_first_pair_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("p2148", dir.path());
    let wrong = cpp_program("wrong_answer/p2148-first-pair", &[]);
    let failed = failed_tests(&root, &wrong);
    assert!(failed.len() >= 5, "{failed:?}");
    assert!(failed.iter().any(|n| n == "max-items"), "{failed:?}");
}

#[test]
fn kayles_exact_only_up_to_21_pins_is_caught() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("testdata/kayles.toml", dir.path());
    let failed = failed_tests(&root, &program("kayles_upto_21"));
    assert!(failed.iter().any(|n| n == "all-losing"), "{failed:?}");
    assert!(failed.iter().any(|n| n == "maximal-losing"), "{failed:?}");
    // Heaps up to 21 are where it is right.
    assert!(!failed.iter().any(|n| n == "small-random"), "{failed:?}");
}

#[test]
fn lasker_in_lowercase_differs_only_in_case_and_the_package_compares_case() {
    let dir = tempfile::tempdir().unwrap();
    let root = packaged("lasker", dir.path());
    let wrong = cpp_program("wrong_answer/lasker-lowercase", &[]);
    let failed = failed_tests(&root, &wrong);
    let secret = std::fs::read_dir(root.join("data/secret"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|e| e == "in")
        })
        .count();
    assert_eq!(failed.len(), secret, "{failed:?}");
    let input = root.join("data/sample/lasker-hdu3032.in");
    let answers = std::fs::read_to_string(input.with_extension("ans")).unwrap();
    let printed = String::from_utf8(run(&wrong, &input).stdout).unwrap();
    assert_ne!(printed, answers);
    assert!(printed.eq_ignore_ascii_case(&answers), "{printed}");
    let yaml = std::fs::read_to_string(root.join("problem.yaml")).unwrap();
    assert!(yaml.contains("validator_flags: case_sensitive"), "{yaml}");
    // nimstream's own checker says so too.
    let output = root.join("lower.out");
    std::fs::write(&output, &printed).unwrap();
    let checked = nimstream(
        &[
            "check",
            "lasker",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
            input.with_extension("ans").to_str().unwrap(),
        ],
        b"",
    );
    assert!(!checked.status.success(), "{}", stdout(&checked));
}

/// Compiles the C++ source at `source` into `dir`.
fn compiled(source: &Path, dir: &Path) -> PathBuf {
    let binary = dir.join(source.file_stem().unwrap());
    let built = std::process::Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&binary)
        .arg(source)
        .output()
        .unwrap();
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    binary
}

#[test]
fn misere_rules_package_with_a_reference_made_of_their_quotient() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("misere-kayles.toml");
    let kayles = std::fs::read_to_string("testdata/kayles.toml").unwrap();
    std::fs::write(
        &file,
        kayles.replace("layout =", "play = \"misere\"\nlayout ="),
    )
    .unwrap();
    for (problem, stem) in [
        ("misere:kayles", "misere-0.77"),
        (file.to_str().unwrap(), "kayles"),
    ] {
        let root = packaged(problem, &dir.path().join(format!("{stem}-package")));
        let submissions = root.join("submissions");
        let reference = compiled(
            &submissions.join(format!("accepted/{stem}.cpp")),
            dir.path(),
        );
        assert_eq!(
            failed_tests(&root, &reference),
            Vec::<String>::new(),
            "{problem}"
        );
        let wrong = compiled(
            &submissions.join(format!("wrong_answer/{stem}-plain-nim.cpp")),
            dir.path(),
        );
        assert!(failed_tests(&root, &wrong).len() >= 3, "{problem}");
    }
}
