//! What a judge host reads of a package beyond the format's folders: the
//! statement at its root, `problem.pdf` where pdflatex is on the `PATH`
//! and `problem.html` (with a warning) where it is not, in the folder and
//! in its zip.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{stderr, stdout};

/// Runs `nimstream package PROBLEM DIR/problem` with `more`, with the
/// `PATH` set to `path` when given; the package's folder and the run.
fn package(problem: &str, dir: &Path, path: Option<&Path>, more: &[&str]) -> (PathBuf, Output) {
    let root = dir.join("problem");
    let mut command = Command::new(env!("CARGO_BIN_EXE_nimstream"));
    command
        .args(["package", problem])
        .arg(&root)
        .args(["--max-bytes", "64K", "--time-limit", "1"])
        .args(more);
    if let Some(path) = path {
        command.env("PATH", path);
    }
    let run = command.output().unwrap();
    assert!(run.status.success(), "{}{}", stdout(&run), stderr(&run));
    (root, run)
}

/// Whether the zip beside the package holds a file named `name` (a zip
/// keeps every name uncompressed in its central directory).
fn zipped(root: &Path, name: &str) -> bool {
    let zip = std::fs::read(root.with_file_name("problem.zip")).unwrap();
    zip.windows(name.len())
        .any(|window| window == name.as_bytes())
}

/// The package's first sample file ending in `.extension`, by name.
fn first_sample(root: &Path, extension: &str) -> PathBuf {
    let mut found: Vec<PathBuf> = std::fs::read_dir(root.join("data/sample"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .collect();
    found.sort();
    found.into_iter().next().expect("a sample")
}

fn has_pdflatex() -> bool {
    Command::new("pdflatex")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn with_pdflatex_a_package_holds_problem_pdf_at_its_root_and_in_its_zip() {
    if !has_pdflatex() {
        eprintln!("SKIPPED: pdflatex is not on the PATH (the fallback is tested below)");
        return;
    }
    for more in [&["--zip"][..], &["--zip", "--interactive"][..]] {
        let dir = tempfile::tempdir().unwrap();
        let (root, run) = package("lasker", dir.path(), None, more);
        let pdf = std::fs::read(root.join("problem.pdf")).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "{more:?}: not a PDF");
        assert!(!root.join("problem.html").exists(), "{more:?}");
        assert!(
            stdout(&run).contains("statement: problem.pdf"),
            "{}",
            stdout(&run)
        );
        assert!(!stderr(&run).contains("no problem.pdf"), "{}", stderr(&run));
        assert!(zipped(&root, "problem.pdf"), "{more:?}: the zip has no PDF");
    }
}

#[test]
fn without_pdflatex_a_package_holds_problem_html_with_its_sample_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    // A PATH with nothing on it: no pdflatex (nor g++, which --time-limit
    // spares).
    let empty = tempfile::tempdir().unwrap();
    let (root, run) = package("lasker", dir.path(), Some(empty.path()), &["--zip"]);
    assert!(!root.join("problem.pdf").exists());
    let html = std::fs::read_to_string(root.join("problem.html")).unwrap();
    assert!(
        html.contains("<title>Lasker's Nim (a move may split a heap in two)</title>"),
        "{html}"
    );
    assert!(html.contains("<h2>Input</h2>"), "{html}");
    let sample = first_sample(&root, "in");
    let input = std::fs::read_to_string(&sample).unwrap();
    let answer = std::fs::read_to_string(sample.with_extension("ans")).unwrap();
    assert!(
        html.contains(&format!("<pre>{input}</pre>"))
            && html.contains(&format!("<pre>{answer}</pre>")),
        "the sample is not in the page: {html}"
    );
    assert!(!html.contains('\\'), "LaTeX left in the page: {html}");
    assert!(
        stderr(&run).contains("warning: no problem.pdf (pdflatex is not on the PATH)"),
        "{}",
        stderr(&run)
    );
    assert!(stdout(&run).contains("statement: problem.html"));
    assert!(zipped(&root, "problem.html"), "the zip has no HTML");
}

#[test]
fn without_pdflatex_an_interactive_package_shows_its_sample_dialogue() {
    let dir = tempfile::tempdir().unwrap();
    let empty = tempfile::tempdir().unwrap();
    let (root, _) = package("nim", dir.path(), Some(empty.path()), &["--interactive"]);
    let html = std::fs::read_to_string(root.join("problem.html")).unwrap();
    let dialogue = std::fs::read_to_string(first_sample(&root, "interaction")).unwrap();
    assert!(html.contains("<h2>Interaction</h2>"), "{html}");
    // The program's first word, and the judge's first line, as written.
    let said = dialogue.lines().find_map(|l| l.strip_prefix('>')).unwrap();
    let judge = dialogue.lines().find_map(|l| l.strip_prefix('<')).unwrap();
    assert!(
        html.contains(&format!("<td></td><td><pre>{said}</pre></td>")),
        "{html}"
    );
    assert!(
        html.contains(&format!("<td><pre>{judge}</pre></td><td></td>")),
        "{html}"
    );
}

/// A program built with `cc -static` into `dir`, or `None` (saying so)
/// where there is no C compiler or static C library.
fn static_program(dir: &Path) -> Option<PathBuf> {
    let source = dir.join("tiny.c");
    std::fs::write(&source, "int main(void) { return 42; }\n").unwrap();
    let binary = dir.join("tiny");
    let built = Command::new("cc")
        .arg("-static")
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .output();
    match built {
        Ok(built) if built.status.success() => Some(binary),
        _ => {
            eprintln!("SKIPPED: cc -static cannot link here (no libc.a)");
            None
        }
    }
}

/// The ELF check reads the program headers: the suite's nimstream (a
/// debug build) names its loader; a `cc -static` program names none.
#[test]
fn the_elf_check_tells_a_dynamic_binary_from_a_static_one() {
    use nimstream::package::elf::{linking, Linking};
    let debug = std::fs::read(env!("CARGO_BIN_EXE_nimstream")).unwrap();
    match linking(&debug) {
        Ok(Linking::Dynamic(loader)) => assert!(loader.contains("ld-"), "{loader}"),
        other => panic!("the debug nimstream: {other:?}"),
    }
    let dir = tempfile::tempdir().unwrap();
    if let Some(binary) = static_program(dir.path()) {
        assert_eq!(
            linking(&std::fs::read(binary).unwrap()),
            Ok(Linking::Static)
        );
    }
}

/// `package` warns that its own (dynamic) binary needs the host's C
/// library; `--validator PATH` copies the given binary into both
/// validator folders instead, without the warning when it is static.
#[test]
fn validator_puts_the_given_binary_in_both_validator_folders() {
    let dir = tempfile::tempdir().unwrap();
    let (root, run) = package("nim", &dir.path().join("own"), None, &["--interactive"]);
    assert!(
        stderr(&run).contains("is linked dynamically"),
        "{}",
        stderr(&run)
    );
    let own = std::fs::read(env!("CARGO_BIN_EXE_nimstream")).unwrap();
    assert_eq!(
        std::fs::read(root.join("input_validators/nimstream/nimstream")).unwrap(),
        own
    );
    let Some(binary) = static_program(dir.path()) else {
        return;
    };
    let given = binary.to_str().unwrap();
    let (root, run) = package(
        "nim",
        &dir.path().join("given"),
        None,
        &["--interactive", "--validator", given],
    );
    assert!(
        !stderr(&run).contains("linked dynamically"),
        "{}",
        stderr(&run)
    );
    let bytes = std::fs::read(&binary).unwrap();
    for folder in ["input_validators", "output_validators"] {
        let copy = root.join(folder).join("nimstream/nimstream");
        assert_eq!(std::fs::read(&copy).unwrap(), bytes, "{folder}");
    }
}

#[test]
fn a_validator_that_cannot_be_read_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("problem");
    let run = Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(["package", "nim"])
        .arg(&root)
        .args(["--validator", "/nonexistent/nimstream"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("/nonexistent/nimstream"),
        "{}",
        stderr(&run)
    );
    assert!(!root.exists());
}
