//! Running the built binary, shared by the integration tests.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `nimstream` with `args`, feeding `stdin` to it.
pub fn nimstream(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nimstream"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // A separate writer, so that a child that stops reading cannot block us.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// A file named `name` in a folder of its own, removed with the returned
/// guard: a test that writes checkpoints leaves nothing in the temporary
/// folder, also when it fails.
pub fn scratch_file(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    (dir, path)
}

pub fn stdout(output: &Output) -> &str {
    std::str::from_utf8(&output.stdout).unwrap()
}

pub fn stderr(output: &Output) -> &str {
    std::str::from_utf8(&output.stderr).unwrap()
}

/// Runs `solve lasker FOLDER --out-dir ANSWERS` with `more` options, which
/// must succeed; its output.
pub fn solve_lasker_into(folder: &str, answers: &Path, more: &[&str]) -> Output {
    let answers = answers.to_str().unwrap();
    let args = [&["solve", "lasker", folder, "--out-dir", answers][..], more].concat();
    let output = nimstream(&args, b"");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        stderr(&output)
    );
    output
}
